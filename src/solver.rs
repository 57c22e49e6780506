//! The search: Knuth's Algorithm X over the dancing links, iterative, resumable.
//!
//! [`Solver`] walks the search tree of Algorithm X (TAOCP 7.2.2.1, Algorithm X; DLX1) with an
//! explicit stack of choices instead of recursion, so the depth of a solution is limited only
//! by memory. At each node of the tree it branches on the leftmost active primary item of
//! minimum length (the "minimum remaining values" heuristic), exactly as DLX1 does, so the
//! search tree, and the [`Stats`] counters, equal Knuth's.
//!
//! # The loop
//! The search is a state machine with three states, DLX1's labels:
//! - *forward*: a new node of the tree. If no primary item is active, the choices on the
//!   stack are a solution. Otherwise choose the branching item `i`, cover it, and push its
//!   first option.
//! - *advance*: the top of the stack is a node `x` in the list of the branching item of this
//!   level. If `x` is that item's header, the list is exhausted: uncover the item, pop, and
//!   back up. Otherwise cover the other items of `x`'s option and go forward.
//! - *backup*: uncover the other items of the option on top of the stack, move it one step
//!   down its item's list, and advance.
//!
//! Invariant at every return from [`Solver::step`]: for each level `l` of the stack, the
//! branching item of level `l` and the other items of the option chosen at level `l` are
//! covered, in that order, and nothing else is (apart from forced options, which lie beneath
//! level 0). So the stack alone says how to undo everything, which is what
//! [`Solver::reset`] does.
//!
//! # Subtrees
//! For counting on several threads ([`crate::count_parallel`]), `Solver::split` searches
//! only the levels above a cut and lists the subtrees below it, and `Solver::descend`
//! replays the choices leading to one subtree on another solver; the levels so placed on the
//! stack form a *floor* that *backup* never goes below, so that solver searches that subtree
//! only.
//!
//! # Counters
//! `nodes` counts entries to *forward*, one of which is each solution (DLX1 counts a solution
//! as a node of the tree); `updates` counts items unlinked by cover and nodes removed while
//! hiding options. Both equal DLX1's on the same input.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::Problem;
use crate::links::Links;

/// Work done by a search so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered, solutions included (Knuth's `nodes`).
    pub nodes: u64,
    /// Items covered plus option nodes hidden (Knuth's `updates`).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Forward,
    Advance,
    Backup,
    Done,
}

/// Solves one exact-cover [`Problem`]: first solution, counting, enumeration, statistics.
///
/// A solver owns a copy of the dancing-links arena. Every search method continues from where
/// the previous call stopped (so [`Solver::first_solution`] twice gives the first two
/// solutions); [`Solver::reset`] starts over without reallocating.
///
/// ```
/// use dancing::{ProblemBuilder, Solver};
/// // Knuth's example: items A..E primary, F G secondary.
/// let mut b = ProblemBuilder::new(5, 2);
/// for option in [[2, 4, 5].as_slice(), &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
///     b.option(option.iter().copied())?;
/// }
/// let mut solver = Solver::new(&b.build()?);
/// assert_eq!(solver.first_solution(), Ok(Some(vec![3, 0, 4])));
/// solver.reset();
/// assert_eq!(solver.count(None), Ok(1));
/// # Ok::<(), dancing::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    pub(crate) links: Links,
    /// The address of the option node chosen at each level; the stack of Algorithm X.
    choice: Vec<u32>,
    /// First nodes of the options forced before the search, in the order they were covered.
    forced: Vec<u32>,
    /// The number of levels at the bottom of `choice` that were placed there by
    /// [`Solver::descend`]: the search is confined to the subtree below them and never backs
    /// up through them.
    floor: usize,
    state: State,
    nodes: u64,
    solutions: u64,
    max_nodes: u64,
    pause_every: u64,
    next_pause: u64,
    /// The option indices of the current solution, filled on demand.
    buffer: Vec<usize>,
}

impl Solver {
    /// A solver for `problem`, ready to search.
    pub fn new(problem: &Problem) -> Solver {
        Solver {
            links: Links::new(problem),
            choice: Vec::new(),
            forced: Vec::new(),
            floor: 0,
            state: State::Forward,
            nodes: 0,
            solutions: 0,
            max_nodes: u64::MAX,
            pause_every: u64::MAX,
            next_pause: u64::MAX,
            buffer: Vec::new(),
        }
    }

    /// Sets a budget of search-tree nodes (counted since the last reset); `None` for no
    /// limit. When it runs out, the search reports [`Step::GaveUp`] or [`GaveUp`].
    pub fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        self.max_nodes = max_nodes.unwrap_or(u64::MAX);
    }

    /// Makes [`Solver::step`] return [`Step::Paused`] every `nodes` nodes (`None`: never),
    /// so that a caller can report progress or stop.
    pub fn set_pause_every(&mut self, nodes: Option<u64>) {
        self.pause_every = nodes.unwrap_or(u64::MAX).max(1);
        self.next_pause = self.nodes.saturating_add(self.pause_every);
    }

    /// Chooses `option` before the search starts, as if it had been given: its items are
    /// covered and every option that conflicts with it disappears. Forced options are part of
    /// every solution reported afterwards, and [`Solver::reset`] releases them.
    ///
    /// # Errors
    /// [`ForceError`] if the option conflicts with one forced earlier, is not in the search,
    /// or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.state != State::Forward || !self.choice.is_empty() || self.nodes != 0 {
            return Err(ForceError::SearchStarted);
        }
        let first = self
            .links
            .first_node_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        let links = &mut self.links;
        if !links
            .option_nodes(first)
            .all(|x| links.is_active(links.node(x).item))
        {
            return Err(ForceError::Conflict { option });
        }
        links.cover_option(first);
        self.forced.push(first);
        Ok(())
    }

    /// Undoes every choice and forced option and clears the statistics: the solver is as
    /// new, and no memory is allocated or freed.
    pub fn reset(&mut self) {
        // By the invariant of `step`, the option at each level of the stack and its branching
        // item are covered, as are the forced options beneath level 0, latest on top.
        while let Some(x) = self.choice.pop().or_else(|| self.forced.pop()) {
            self.links.uncover_option(x);
        }
        self.links.updates = 0;
        self.restart();
    }

    /// Clears the search's state and counters, for a solver whose links are pristine.
    fn restart(&mut self) {
        self.floor = 0;
        self.state = State::Forward;
        self.nodes = 0;
        self.solutions = 0;
        self.next_pause = self.pause_every;
    }

    /// [`Solver::reset`] by copying the arena of `pristine`, a solver of the same problem
    /// that has not searched nor forced anything, instead of uncovering step by step.
    pub(crate) fn reset_from(&mut self, pristine: &Solver) {
        debug_assert!(pristine.choice.is_empty() && pristine.forced.is_empty());
        self.links.copy_from(&pristine.links);
        self.choice.clear();
        self.forced.clear();
        self.restart();
    }

    /// The work done since the last reset.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self.links.updates,
            solutions: self.solutions,
        }
    }

    /// Runs the search until the next solution, the end of the tree, the node budget or a
    /// pause, whichever comes first.
    pub fn step(&mut self) -> Step {
        match self.search(usize::MAX) {
            Some(step) => step,
            None => unreachable!("no level is cut off"),
        }
    }

    /// [`Solver::step`], except that a node of the tree at level `cut` is not entered: the
    /// search returns `None` there, with the choices leading to it on the stack, and resumes
    /// with its next sibling when called again.
    #[inline(always)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        let links = &mut self.links;
        loop {
            match self.state {
                State::Forward => {
                    if self.choice.len() == cut {
                        self.state = State::Backup;
                        return None;
                    }
                    if self.nodes >= self.max_nodes.min(self.next_pause) {
                        if self.nodes >= self.max_nodes {
                            return Some(Step::GaveUp);
                        }
                        self.next_pause = self.next_pause.saturating_add(self.pause_every);
                        return Some(Step::Paused);
                    }
                    self.nodes += 1;
                    match links.choose() {
                        None => {
                            self.solutions += 1;
                            self.state = State::Backup;
                            return Some(Step::Solution);
                        }
                        Some(best) => {
                            links.cover(best);
                            self.choice.push(links.first_in(best));
                            self.state = State::Advance;
                        }
                    }
                }
                State::Advance => {
                    let x = *self.choice.last().expect("advance has a level");
                    if links.is_header(x) {
                        links.uncover(links.header_item(x));
                        self.choice.pop();
                        self.state = State::Backup;
                    } else {
                        links.cover_others(x);
                        self.state = State::Forward;
                    }
                }
                State::Backup => {
                    if self.choice.len() == self.floor {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                    let x = self.choice.last_mut().expect("a level above the floor");
                    links.uncover_others(*x);
                    *x = links.down(*x);
                    self.state = State::Advance;
                }
                State::Done => return Some(Step::Exhausted),
            }
        }
    }

    /// Searches the levels of the tree above `depth` only, and returns the subtrees at level
    /// `depth`, each as the option nodes chosen on the way down to it (see
    /// [`Solver::descend`]). Nodes above `depth`, their updates and the solutions among them
    /// are counted in [`Solver::stats`]; the roots of the subtrees are not, so searching every
    /// subtree completes the statistics exactly.
    ///
    /// At every pause ([`Solver::set_pause_every`]) it looks at `stop`, and returns `None` if
    /// it is raised.
    pub(crate) fn split(&mut self, depth: usize, stop: &AtomicBool) -> Option<Vec<Vec<u32>>> {
        let mut subtrees = Vec::new();
        loop {
            match self.search(depth) {
                None => subtrees.push(self.choice.clone()),
                Some(Step::Exhausted | Step::GaveUp) => return Some(subtrees),
                Some(Step::Paused) if stop.load(Ordering::Relaxed) => return None,
                Some(Step::Solution | Step::Paused) => {}
            }
        }
    }

    /// Moves a fresh (or reset) solver down one level of the tree, choosing the option of
    /// node `x`, and confines the search to the subtree below: `x` must be a node that
    /// [`Solver::split`] returned at this level, on a solver of the same problem. The updates
    /// of the descent are not counted, since the splitting search counted them.
    pub(crate) fn descend(&mut self, x: u32) {
        debug_assert!(self.state == State::Forward && self.choice.len() == self.floor);
        let links = &mut self.links;
        debug_assert_eq!(links.choose(), Some(links.node(x).item));
        let updates = links.updates;
        links.cover_option(x);
        links.updates = updates;
        self.choice.push(x);
        self.floor = self.choice.len();
    }

    /// The options of the solution just found (after [`Step::Solution`]): forced options
    /// first, then one option per level, as indices into the [`Problem`].
    pub fn solution(&self) -> impl Iterator<Item = usize> + '_ {
        self.forced
            .iter()
            .chain(&self.choice)
            .map(|&x| self.links.option_of(x))
    }

    /// Runs [`Solver::step`] until a solution or the end, ignoring pauses.
    fn next(&mut self) -> Result<bool, GaveUp> {
        loop {
            match self.step() {
                Step::Solution => return Ok(true),
                Step::Exhausted => return Ok(false),
                Step::Paused => {}
                Step::GaveUp => {
                    return Err(GaveUp {
                        nodes: self.nodes,
                        solutions: self.solutions,
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
    pub fn first_solution(&mut self) -> Result<Option<Vec<usize>>, GaveUp> {
        Ok(self.next()?.then(|| self.solution().collect()))
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
            buffer.clear();
            buffer.extend(self.solution());
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
        self.choice.len()
    }

    /// Knuth's estimate of the fraction of the search tree explored so far: if the choice at
    /// level `l` is the `k_l`-th of `d_l`, the estimate is the sum over the levels of
    /// `(k_l - 1) / (d_0 d_1 ... d_l)`, as if the tree were balanced. It never decreases.
    pub fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for &x in &self.choice {
            if self.links.is_header(x) {
                break;
            }
            let item = self.links.node(x).item;
            let d = f64::from(self.links.length(item).max(1));
            let mut k = 0u32;
            let mut y = x;
            while !self.links.is_header(y) {
                y = self.links.node(y).up;
                k += 1;
            }
            weight /= d;
            done += f64::from(k - 1) * weight;
        }
        done
    }

    /// Checks every invariant of the dancing links (listed in the docs of the `links` module);
    /// meant for tests.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.links.check()
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
        let result = self.solver.first_solution().transpose();
        self.finished = !matches!(result, Some(Ok(_)));
        result
    }
}
