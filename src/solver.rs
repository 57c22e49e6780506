//! The one public surface of the search: [`Solver`], whatever the engine below it.
//!
//! A [`Solver`] runs Algorithm X (TAOCP 7.2.2.1) on one [`Problem`]: the next solution,
//! counting up to a limit, every solution through a callback or an iterator, a node budget,
//! pauses for progress reports, and Knuth's counters ([`Stats`]). The search itself belongs
//! to an engine (see `engine`): today Knuth's DLX1 on dancing links, whose search tree, and
//! whose `nodes` and `updates`, equal DLX1's node for node. The solver only dispatches and
//! keeps the conveniences built on [`Solver::step`].
//!
//! # Counters
//! `nodes` counts entries to the step that chooses an item, one of which is each solution
//! (DLX1 counts a solution as a node of the tree); `updates` counts items unlinked by cover
//! and nodes removed while hiding options. Both equal DLX1's on the same input.
//!
//! # Subtrees
//! For counting on several threads ([`crate::count_parallel`]), `Solver::split` searches only
//! the levels above a cut and lists the subtrees below it, each named by the options chosen
//! from the root, and `Solver::descend` replays those choices on another solver, which then
//! searches that subtree only.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Problem;
use crate::engine::Search;
use crate::engine::dlx::Dlx;
use crate::engine::dlx2::Dlx2;
use crate::engine::dlx3::Dlx3;

/// Work done by a search so far. Parts of one search add up with `+` (or [`Iterator::sum`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered, solutions included (Knuth's `nodes`).
    pub nodes: u64,
    /// Items covered plus option nodes hidden (Knuth's `updates`).
    pub updates: u64,
    /// Purifications plus option nodes cleansed, on problems with colors (Knuth's
    /// `cleansings`, which DLX2 and DLX3 count apart from the updates); 0 otherwise.
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl std::ops::Add for Stats {
    type Output = Stats;

    fn add(self, other: Stats) -> Stats {
        Stats {
            nodes: self.nodes + other.nodes,
            updates: self.updates + other.updates,
            cleansings: self.cleansings + other.cleansings,
            solutions: self.solutions + other.solutions,
        }
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Stats {
    fn sum<I: Iterator<Item = Stats>>(iter: I) -> Stats {
        iter.fold(Stats::default(), |a, b| a + b)
    }
}

/// What one call of [`Solver::step`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution is on the stack: read it with [`Solver::solution`].
    Solution,
    /// The whole tree has been searched.
    Exhausted,
    /// The node budget set by [`Solver::set_max_nodes`] is spent. Raising the budget and
    /// stepping again resumes the search where it stopped.
    GaveUp,
    /// [`Solver::set_pause_every`] nodes went by: a chance to report progress. Stepping
    /// again resumes.
    Paused,
}

/// The search stopped because its node budget ran out: the answer is unknown, which is not
/// the same as "no solution".
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("gave up after {nodes} nodes with {solutions} solutions found")]
pub struct GaveUp {
    /// Nodes entered when the budget ran out.
    pub nodes: u64,
    /// Solutions found before that.
    pub solutions: u64,
}

/// How an enumeration by [`Solver::for_each_solution`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was visited.
    Exhausted,
    /// The callback asked to stop.
    Stopped,
}

/// A forced option could not be chosen: one of its items is already covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ForceError {
    /// The option conflicts with an option forced earlier.
    #[error("option {option} conflicts with an option chosen before it")]
    Conflict {
        /// The rejected option.
        option: usize,
    },
    /// The option has no primary item, so the engine ignores it, or does not exist.
    #[error("option {option} cannot be chosen: it does not exist or has no primary item")]
    NotInSearch {
        /// The rejected option.
        option: usize,
    },
    /// Options can be forced only before the search starts (or after a reset).
    #[error("options can be forced only before the search starts")]
    SearchStarted,
}

/// Solves one exact-cover [`Problem`]: first solution, counting, enumeration, statistics.
///
/// A solver owns its engine's copy of the problem (see [`crate::engine`] for the engines).
/// Every search method continues from where the previous call stopped (so
/// [`Solver::next_solution`] twice gives the first two solutions); [`Solver::reset`] starts
/// over without reallocating.
///
/// ```
/// use dancing::{ProblemBuilder, Solver};
/// // Knuth's example: items A..E primary, F G secondary.
/// let mut b = ProblemBuilder::new(5, 2);
/// for option in [[2, 4, 5].as_slice(), &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
///     b.option(option.iter().copied())?;
/// }
/// let mut solver = Solver::new(&b.build()?);
/// assert_eq!(solver.next_solution(), Ok(Some(vec![3, 0, 4])));
/// solver.reset();
/// assert_eq!(solver.count(None), Ok(1));
/// # Ok::<(), dancing::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    engine: Inner,
    /// The option indices of the current solution, filled on demand.
    buffer: Vec<usize>,
}

/// The engine a solver runs.
#[derive(Clone, Debug)]
enum Inner {
    Dlx(Dlx),
    Dlx2(Dlx2),
    Dlx3(Dlx3),
}

/// Runs `$body` with `$e` bound to the solver's engine, whichever it is.
macro_rules! each {
    ($inner:expr, $e:ident => $body:expr) => {
        match $inner {
            Inner::Dlx($e) => $body,
            Inner::Dlx2($e) => $body,
            Inner::Dlx3($e) => $body,
        }
    };
}

impl Solver {
    /// A solver for `problem`, ready to search, with the engine of its class: Algorithm M
    /// (DLX3) if it has multiplicities, else Algorithm C (DLX2) if it has colors, else DLX1.
    pub fn new(problem: &Problem) -> Solver {
        let engine = if problem.has_multiplicities() {
            Inner::Dlx3(Dlx3::new(problem))
        } else if problem.has_colors() {
            Inner::Dlx2(Dlx2::new(problem))
        } else {
            Inner::Dlx(Dlx::new(problem))
        };
        Solver {
            engine,
            buffer: Vec::new(),
        }
    }

    /// Sets a budget of search-tree nodes (counted since the last reset); `None` for no
    /// limit. When it runs out, the search reports [`Step::GaveUp`] or [`GaveUp`].
    pub fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        each!(&mut self.engine, e => e.counters_mut().set_max_nodes(max_nodes));
    }

    /// Makes [`Solver::step`] return [`Step::Paused`] every `nodes` nodes (`None`: never),
    /// so that a caller can report progress or stop.
    pub fn set_pause_every(&mut self, nodes: Option<u64>) {
        each!(&mut self.engine, e => e.counters_mut().set_pause_every(nodes));
    }

    /// Chooses `option` before the search starts, as if it had been given: its items are
    /// covered and every option that conflicts with it disappears. Forced options are part of
    /// every solution reported afterwards, and [`Solver::reset`] releases them.
    ///
    /// # Errors
    /// [`ForceError`] if the option conflicts with one forced earlier, is not in the search,
    /// or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        each!(&mut self.engine, e => e.force(option))
    }

    /// Undoes every choice and forced option and clears the statistics: the solver is as
    /// new, and no memory is allocated or freed.
    pub fn reset(&mut self) {
        each!(&mut self.engine, e => e.reset());
    }

    /// [`Solver::reset`] by copying the state of `pristine`, a solver of the same problem that
    /// has neither searched nor forced anything, instead of undoing step by step.
    pub(crate) fn reset_from(&mut self, pristine: &Solver) {
        match (&mut self.engine, &pristine.engine) {
            (Inner::Dlx(e), Inner::Dlx(p)) => e.reset_from(p),
            (Inner::Dlx2(e), Inner::Dlx2(p)) => e.reset_from(p),
            (Inner::Dlx3(e), Inner::Dlx3(p)) => e.reset_from(p),
            _ => panic!("reset_from takes a solver of the same problem"),
        }
    }

    /// The work done since the last reset.
    pub fn stats(&self) -> Stats {
        each!(&self.engine, e => e.stats())
    }

    /// Runs the search until the next solution, the end of the tree, the node budget or a
    /// pause, whichever comes first.
    pub fn step(&mut self) -> Step {
        match each!(&mut self.engine, e => e.search(usize::MAX)) {
            Some(step) => step,
            None => unreachable!("no level is cut off"),
        }
    }

    /// Searches the levels of the tree above `depth` only, and returns the subtrees at level
    /// `depth`, each as the options chosen on the way down to it (see [`Solver::descend`]).
    /// Nodes above `depth`, their updates and the solutions among them are counted in
    /// [`Solver::stats`]; the roots of the subtrees are not, so searching every subtree
    /// completes the statistics exactly.
    ///
    /// At every pause ([`Solver::set_pause_every`]) it looks at `stop`, and returns `None` if
    /// it is raised.
    pub(crate) fn split(&mut self, depth: usize, stop: &AtomicBool) -> Option<Vec<Vec<usize>>> {
        let mut subtrees = Vec::new();
        loop {
            match each!(&mut self.engine, e => e.search(depth)) {
                None => {
                    let mut choices = Vec::with_capacity(depth);
                    each!(&self.engine, e => e.choices(&mut choices));
                    subtrees.push(choices);
                }
                Some(Step::Exhausted | Step::GaveUp) => return Some(subtrees),
                Some(Step::Paused) if stop.load(Ordering::Relaxed) => return None,
                Some(Step::Solution | Step::Paused) => {}
            }
        }
    }

    /// Moves a fresh (or reset) solver down one level of the tree, choosing `option`, and
    /// confines the search to the subtree below: `option` must be the choice that
    /// [`Solver::split`] returned at this level, on a solver of the same problem. The updates
    /// of the descent are not counted, since the splitting search counted them.
    pub(crate) fn descend(&mut self, option: usize) {
        each!(&mut self.engine, e => e.descend(option));
    }

    /// The options of the solution just found (after [`Step::Solution`]): forced options
    /// first, then one option per level, as indices into the [`Problem`].
    pub fn solution(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.solution_into(&mut out);
        out
    }

    /// [`Solver::solution`] into a buffer of the caller's, replacing its contents.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        each!(&self.engine, e => e.solution(out));
    }

    /// Runs [`Solver::step`] until a solution or the end, ignoring pauses.
    fn next(&mut self) -> Result<bool, GaveUp> {
        loop {
            match self.step() {
                Step::Solution => return Ok(true),
                Step::Exhausted => return Ok(false),
                Step::Paused => {}
                Step::GaveUp => {
                    let stats = self.stats();
                    return Err(GaveUp {
                        nodes: stats.nodes,
                        solutions: stats.solutions,
                    });
                }
            }
        }
    }

    /// The next solution, as option indices (see [`Solver::solution`]), or `None` when there
    /// is none left.
    ///
    /// # Errors
    /// [`GaveUp`] when the node budget runs out first.
    pub fn next_solution(&mut self) -> Result<Option<Vec<usize>>, GaveUp> {
        Ok(self.next()?.then(|| self.solution()))
    }

    /// Counts the solutions, stopping at `limit` if one is given (a limit of 2 answers "is
    /// the solution unique?"). Allocates nothing.
    ///
    /// # Errors
    /// [`GaveUp`] when the node budget runs out first; it holds the count so far.
    pub fn count(&mut self, limit: Option<u64>) -> Result<u64, GaveUp> {
        let limit = limit.unwrap_or(u64::MAX);
        let mut n = 0;
        while n < limit && self.next()? {
            n += 1;
        }
        Ok(n)
    }

    /// Calls `visit` with each solution (option indices, as [`Solver::solution`]) until the
    /// tree is exhausted or `visit` breaks.
    ///
    /// # Errors
    /// [`GaveUp`] when the node budget runs out first.
    pub fn for_each_solution(
        &mut self,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Result<Outcome, GaveUp> {
        while self.next()? {
            let mut buffer = std::mem::take(&mut self.buffer);
            each!(&self.engine, e => e.solution(&mut buffer));
            let flow = visit(&buffer);
            self.buffer = buffer;
            if flow.is_break() {
                return Ok(Outcome::Stopped);
            }
        }
        Ok(Outcome::Exhausted)
    }

    /// An iterator over the remaining solutions; it yields one `Err` and ends if the node
    /// budget runs out.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions {
            solver: self,
            finished: false,
        }
    }

    /// The number of options chosen so far (the depth of the search).
    pub fn level(&self) -> usize {
        each!(&self.engine, e => e.level())
    }

    /// Knuth's estimate of the fraction of the search tree explored so far: if the choice at
    /// level `l` is the `k_l`-th of `d_l`, the estimate is the sum over the levels of
    /// `(k_l - 1) / (d_0 d_1 ... d_l)`, as if the tree were balanced. It never decreases.
    pub fn progress(&self) -> f64 {
        each!(&self.engine, e => e.progress())
    }

    /// Checks every invariant of the engine's representation (for the dancing links, those
    /// listed in the docs of `engine::links`); meant for tests.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        each!(&self.engine, e => e.check())
    }

    /// Whether two solvers' engines hold equal state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Solver) -> bool {
        match (&self.engine, &other.engine) {
            (Inner::Dlx(a), Inner::Dlx(b)) => a.same_links(b),
            (Inner::Dlx2(a), Inner::Dlx2(b)) => a.same_links(b),
            (Inner::Dlx3(a), Inner::Dlx3(b)) => a.same_links(b),
            _ => false,
        }
    }
}

/// The iterator of [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
    finished: bool,
}

impl Iterator for Solutions<'_> {
    type Item = Result<Vec<usize>, GaveUp>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let result = self.solver.next_solution().transpose();
        self.finished = !matches!(result, Some(Ok(_)));
        result
    }
}
