//! The one public surface of the search: [`Solver`], whatever the engine below it.
//!
//! A [`Solver`] runs Algorithm X (TAOCP 7.2.2.1) on one [`Problem`]: the next solution,
//! counting up to a limit, every solution through a callback or an iterator, a node budget,
//! pauses for progress reports, and Knuth's counters ([`Stats`]). The search itself belongs
//! to an engine (see `engine`), chosen with [`Engine`]: Knuth's DLX1 on dancing links, or
//! the same search on bitsets over the options. Both search DLX1's tree, node for node, with
//! DLX1's `nodes` and `updates`, so whichever runs, the solutions, their order and the
//! statistics are the same. Problems with colors run Knuth's DLX2 (Algorithm C) on either
//! engine, again with DLX2's tree and counters (`cleansings` included) on both; problems with
//! multiplicities run his DLX3 (Algorithm M) on dancing links, whichever [`Engine`] is asked
//! for. The solver only dispatches and keeps the conveniences built on [`Solver::step`].
//!
//! # Which engine
//! [`Engine::Auto`] (what [`Solver::new`] uses) starts on the bit engine when the problem fits
//! it (at most [`AUTO_MAX_OPTIONS`] options, and the bit engine's memory bound), and runs the
//! links otherwise. The bit engine's memory grows as items times options (a bitset of the
//! options for each item, and a saved state of the options for each level of the search), and
//! its work at each node as the number of options over 64 (the *words* of those bitsets),
//! where the links' work grows with the options actually removed (Knuth's `updates`). Which
//! is less depends on the search, not on the problem's size or its density at the root (N
//! queens of 3,600 options runs faster on the links, pentominoes of 10,232 four times faster
//! on the bits), so `Auto` measures it on the search itself:
//!
//! - after [`AUTO_PROBE_NODES`] nodes (the *probe*), it computes
//!   `r = words × nodes / updates`, the bitsets' words per node over the links' updates per
//!   node (the updates are DLX1's, equal on both engines, and include the forced options');
//! - if `r` is at least [`AUTO_SWITCH_RATIO`], it moves the search to the links at the node
//!   where it stands: the links force the same options, replay the choices made from the root
//!   (keeping the floor of a solver that descended into a subtree), and take over the
//!   counters, so the search goes on with the rest of the same tree. Solutions, their order,
//!   [`Stats`], budgets and pauses are those of either engine alone: only the time changes.
//!
//! The probe is one more stop folded into the one comparison that the node budget and the
//! pauses already make at every node, so a search that never reaches it pays nothing; nor is
//! it reported ([`Solver::step`] answers it and goes on). [`Solver::reset`] brings the solver
//! back to the bits (the links stay built for the next move), so that one long search does
//! not send the next ones to the links; [`Solver::engine`] tells which engine runs now.
//! [`Engine::Links`] and [`Engine::Bits`] never move.
//!
//! Measured (CPU time, bits / links, with `r` at the probe; N queens in Knuth's organ-pipe
//! order, first 2,000,000 nodes): N queens 0.70 at N = 20 (`r` = 0.41), 0.92 at 40 (1.03),
//! 1.05 at 60 (1.83), 1.33 at 70 (2.28), 1.39 at 80 (2.40), 1.71 at 100 (3.23); Langford
//! pairs 0.73 at n = 32 (1.38), 0.91 at 48 (2.27); pentominoes 0.23 to 0.31 (0.05 to 0.09),
//! nqueens-14 0.56 (0.24), 9x9 Sudoku 0.55 (about 0.5), 16x16 Sudoku 0.97 (2.8 to 3.1),
//! 25x25 Sudoku 1.9 (8 to 10). No threshold separates every case (Langford 48 and queens 70
//! have the same `r`); 2 moves every search measured at 1.3 or more and keeps every one at
//! 0.9 or less, and costs at most 9% on those between. See `docs/engines.md`, section
//! "Two engines".
//!
//! # Counters
//! `nodes` counts entries to the step that chooses an item, one of which is each solution
//! (DLX1 counts a solution as a node of the tree); `updates` counts items unlinked by cover
//! and nodes removed while hiding options. Both equal DLX1's on the same input.
//!
//! # Subtrees
//! For counting on several threads ([`crate::count_parallel`]), a solver paused before every
//! node (`Solver::set_pause_every(Some(1))`) can leave a node unentered (`Solver::pass`), named
//! by the options chosen from the root (`Solver::choices`), and weigh it by the branching
//! degrees above it (`Solver::degrees`); `Solver::split` searches only the levels above a cut
//! at one level and lists the subtrees below it (for [`crate::parts`]). `Solver::descend`
//! replays those choices on another solver, which then searches that subtree only.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::Problem;
use crate::engine::bits::Bits;
use crate::engine::dlx::Dlx;
use crate::engine::dlx2::Dlx2;
use crate::engine::dlx3::Dlx3;
use crate::engine::{Counters, Search};

/// The engine a [`Solver`] runs on a problem without multiplicities. Both search the same tree
/// (DLX1's on plain exact cover, DLX2's with colors), so the choice changes only the time and
/// the memory a search takes, never its results or its [`Stats`]. A problem with
/// multiplicities always runs on the links (DLX3): the bit engine does plain exact cover and
/// colors only, and asking for it falls back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The bit engine when the problem has at most [`AUTO_MAX_OPTIONS`] options (those with
    /// a primary item) and fits its memory bound, else the links; a search that starts on
    /// the bits moves to the links at the probe if its work so far says that the links
    /// would do its nodes faster (see the module docs, "Which engine"), and comes back to
    /// the bits at a reset.
    #[default]
    Auto,
    /// Dancing links (Knuth's DLX1, or DLX2 with colors): any problem, memory proportional to
    /// its size.
    Links,
    /// Bitsets over the options, copied on backtracking instead of uncovered: at most 16,383
    /// options and 64 MiB of bitsets and saved states (with colors, two more bitsets for each
    /// (item, color) named), no multiplicities. A problem beyond that runs on the links
    /// instead: asking for this engine never fails.
    Bits,
}

/// The most options (those that name a primary item) for which [`Engine::Auto`] starts on the
/// bit engine: the bit engine's own limit (its counts are 16-bit). No smaller limit by size
/// is right: dense problems near it run four times faster on the bits (`polyomino 10x12
/// --copies 2`, 10,232 options: 0.23 of the links' CPU time), sparse ones of the same size
/// slower (`queens 100`, 10,000 options: 1.71). The probe sends the sparse ones to the links
/// instead (see the module docs, "Which engine").
pub const AUTO_MAX_OPTIONS: usize = 16_383;

/// The nodes after which [`Engine::Auto`] probes a search that runs on the bits, to decide
/// whether to move it to the links (see the module docs). `r` at 10,000 nodes is within about
/// 10% of its value at 200,000 (N queens, Langford pairs, pentominoes, Sudoku of 16x16 and
/// 25x25), and a later probe leaves more of a search on the slower engine (the
/// 25x25 Sudoku of `puzzles/generated/` take 10,000 to 90,000 nodes each). Few 9x9 Sudoku
/// puzzles reach it (2 of the 49,158 17-clue puzzles, 18 of the 375 of forum-hardest-1106,
/// none of top1465), and those stay on the bits (`r` about 0.5): a probe that moves nothing
/// costs one pause.
pub const AUTO_PROBE_NODES: u64 = 10_000;

/// The least `r` (see the module docs) at which [`Engine::Auto`] moves a search from the bits
/// to the links at the probe: above every search measured where the bits were faster by 10%
/// or more, below every one where the links were faster by 30% or more.
pub const AUTO_SWITCH_RATIO: f64 = 2.0;

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
/// A solver owns its engine's copy of the problem (see the `engine` module for the engines).
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
    /// The engine running now.
    engine: Inner,
    /// [`Engine::Auto`]'s move to the links, on a solver that started on the bits under
    /// `Auto`; `None` on any other, which never changes engines.
    switch: Option<Box<Switch>>,
    /// The levels placed by [`Solver::descend`] since the last reset: the engine's floor,
    /// which a move to the links keeps.
    floor: usize,
    /// The option indices of the current solution, filled on demand.
    buffer: Vec<usize>,
}

/// When [`Engine::Auto`] moves a search from the bits to the links: at the probe, after
/// `probe` nodes, if `r`, the words of the bit engine's bitsets times the nodes over the
/// updates, is at least `ratio` (see the module docs).
#[derive(Clone, Copy, Debug)]
struct Rule {
    probe: u64,
    ratio: f64,
}

impl Rule {
    /// The rule of [`Engine::Auto`].
    const AUTO: Rule = Rule {
        probe: AUTO_PROBE_NODES,
        ratio: AUTO_SWITCH_RATIO,
    };
}

/// What a solver under [`Engine::Auto`] that started on the bits needs to move its search to
/// the links, and back to the bits at a reset.
#[derive(Clone, Debug)]
struct Switch {
    rule: Rule,
    /// The words of the bit engine's bitsets: its options over 64, rounded up.
    words: u64,
    /// The problem, to build the links at the first move.
    problem: Arc<Problem>,
    /// The engine not running now: the bits while the links run; the links, once built,
    /// while the bits run (reset at the next move, so a solver builds them once).
    parked: Option<Inner>,
}

/// The engine a solver runs.
#[derive(Clone, Debug)]
enum Inner {
    Dlx(Dlx),
    Bits(Bits),
    Dlx2(Dlx2),
    Dlx3(Dlx3),
}

/// The links engine for a problem without multiplicities: DLX2 with colors, else DLX1.
fn links_engine(problem: &Problem) -> Inner {
    if problem.has_colors() {
        Inner::Dlx2(Dlx2::new(problem))
    } else {
        Inner::Dlx(Dlx::new(problem))
    }
}

/// Runs `$body` with `$e` bound to the solver's engine, whichever it is.
macro_rules! each {
    ($inner:expr, $e:ident => $body:expr) => {
        match $inner {
            Inner::Dlx($e) => $body,
            Inner::Bits($e) => $body,
            Inner::Dlx2($e) => $body,
            Inner::Dlx3($e) => $body,
        }
    };
}

impl Solver {
    /// A solver for `problem`, ready to search, on the engine that [`Engine::Auto`] picks.
    pub fn new(problem: &Problem) -> Solver {
        Solver::with_engine(problem, Engine::Auto)
    }

    /// A solver for `problem` on the given engine; [`Engine::Bits`] for a problem the bit
    /// engine cannot take gives the links (see [`Engine`]), so this never fails.
    ///
    /// The algorithm follows the problem's class: Algorithm M (DLX3) if it has
    /// multiplicities, on dancing links whatever `engine` asks; else Algorithm C (DLX2) if it
    /// has colors, else DLX1, each on the links or the bits as `engine` asks.
    ///
    /// ```
    /// use dancing::{Engine, Solver};
    /// let problem = dancing::problems::queens(8);
    /// let mut links = Solver::with_engine(&problem, Engine::Links);
    /// let mut bits = Solver::with_engine(&problem, Engine::Bits);
    /// assert_eq!(bits.engine(), Engine::Bits);
    /// assert_eq!(links.count(None), bits.count(None));
    /// assert_eq!(links.stats(), bits.stats()); // the same tree: same nodes and updates
    /// ```
    pub fn with_engine(problem: &Problem, engine: Engine) -> Solver {
        Solver::with_rule(problem, engine, Rule::AUTO)
    }

    /// A solver under [`Engine::Auto`] that probes its search after `nodes` nodes and moves
    /// it to the links if `r` (see the module docs) is at least `ratio`: with `ratio` 0, it
    /// always moves. For tests of the move, which must change nothing but the time.
    #[doc(hidden)]
    pub fn with_probe(problem: &Problem, nodes: u64, ratio: f64) -> Solver {
        Solver::with_rule(
            problem,
            Engine::Auto,
            Rule {
                probe: nodes,
                ratio,
            },
        )
    }

    /// [`Solver::with_engine`], with `rule` for [`Engine::Auto`].
    fn with_rule(problem: &Problem, engine: Engine, rule: Rule) -> Solver {
        let fits = engine != Engine::Links && !problem.has_multiplicities() && Bits::fits(problem);
        let options = if fits { Bits::options(problem) } else { 0 };
        let bits = fits && (engine == Engine::Bits || options <= AUTO_MAX_OPTIONS);
        let mut switch = None;
        let engine = if problem.has_multiplicities() {
            Inner::Dlx3(Dlx3::new(problem))
        } else if bits {
            let mut bits = Bits::new(problem);
            if engine == Engine::Auto {
                bits.counters_mut().set_probe(Some(rule.probe));
                switch = Some(Box::new(Switch {
                    rule,
                    words: options.div_ceil(64) as u64,
                    problem: Arc::new(problem.clone()),
                    parked: None,
                }));
            }
            Inner::Bits(bits)
        } else {
            links_engine(problem)
        };
        Solver {
            engine,
            switch,
            floor: 0,
            buffer: Vec::new(),
        }
    }

    /// The engine running now: [`Engine::Links`] or [`Engine::Bits`], never
    /// [`Engine::Auto`]. Under [`Engine::Auto`], a solver that starts on the bits may move
    /// its search to the links at the probe (see the module docs), and a reset brings it back
    /// to the bits; under the other two it never changes.
    pub fn engine(&self) -> Engine {
        match self.engine {
            Inner::Dlx(_) | Inner::Dlx2(_) | Inner::Dlx3(_) => Engine::Links,
            Inner::Bits(_) => Engine::Bits,
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

    /// [`Solver::force`] on each of `options` in turn: the same state, statistics and errors,
    /// the options before the first one refused staying forced. The bit engine removes what
    /// they all conflict with in one pass over its bitsets instead of one a option (a Sudoku
    /// puzzle's givens).
    ///
    /// # Errors
    /// The first [`ForceError`] that [`Solver::force`] would return.
    pub fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        each!(&mut self.engine, e => e.force_all(options))
    }

    /// Undoes every choice and forced option and clears the statistics: the solver is as
    /// new (on the engine it started on, if [`Engine::Auto`] had moved it to the links), and
    /// no memory is allocated or freed.
    pub fn reset(&mut self) {
        self.back_to_start();
        each!(&mut self.engine, e => e.reset());
    }

    /// [`Solver::reset`] by copying the state of `pristine`, a solver of the same problem that
    /// has neither searched nor forced anything, instead of undoing step by step.
    pub(crate) fn reset_from(&mut self, pristine: &Solver) {
        self.back_to_start();
        match (&mut self.engine, &pristine.engine) {
            (Inner::Dlx(e), Inner::Dlx(p)) => e.reset_from(p),
            (Inner::Bits(e), Inner::Bits(p)) => e.reset_from(p),
            (Inner::Dlx2(e), Inner::Dlx2(p)) => e.reset_from(p),
            (Inner::Dlx3(e), Inner::Dlx3(p)) => e.reset_from(p),
            (engine, _) => each!(engine, e => e.reset()),
        }
    }

    /// The work done since the last reset.
    pub fn stats(&self) -> Stats {
        each!(&self.engine, e => e.stats())
    }

    /// Runs the search until the next solution, the end of the tree, the node budget or a
    /// pause, whichever comes first.
    pub fn step(&mut self) -> Step {
        match self.search(usize::MAX) {
            Some(step) => step,
            None => unreachable!("no level is cut off"),
        }
    }

    /// The engine's [`Search::search`], with the probe of [`Engine::Auto`] taken here: it is
    /// a pause of the engine's, which the solver answers (by moving the search to the links,
    /// or not) and does not report.
    fn search(&mut self, cut: usize) -> Option<Step> {
        loop {
            let step = each!(&mut self.engine, e => e.search(cut));
            if step != Some(Step::Paused)
                || !each!(&mut self.engine, e => e.counters_mut().take_probe())
            {
                return step;
            }
            self.probe();
        }
    }

    /// The probe of [`Engine::Auto`] (see the module docs): moves the search to the links if
    /// `r` is at least the rule's ratio.
    #[cold]
    fn probe(&mut self) {
        let Some(switch) = &self.switch else {
            return;
        };
        let stats = self.stats();
        let r = switch.words as f64 * stats.nodes as f64 / stats.updates.max(1) as f64;
        if r >= switch.rule.ratio {
            self.move_to_links();
        }
    }

    /// Moves the search from the bits to the links, at the node where it stands (the bits
    /// stopped before entering it): the links force the same options, replay the same
    /// choices with the same floor, and take over the counters and the work, so that the
    /// search goes on with the rest of the same tree.
    fn move_to_links(&mut self) {
        let (Some(switch), Inner::Bits(bits)) = (&mut self.switch, &mut self.engine) else {
            return;
        };
        let (mut forced, mut choices) = (Vec::new(), Vec::new());
        bits.solution(&mut forced);
        bits.choices(&mut choices);
        forced.truncate(forced.len() - choices.len());
        let counters: Counters = bits.counters_mut().clone();
        let stats = bits.stats();
        let work = (stats.updates, stats.cleansings);
        let mut links = switch
            .parked
            .take()
            .unwrap_or_else(|| links_engine(&switch.problem));
        match &mut links {
            Inner::Dlx(e) => e.take_over(&forced, &choices, self.floor, counters, work),
            Inner::Dlx2(e) => e.take_over(&forced, &choices, self.floor, counters, work),
            Inner::Bits(_) | Inner::Dlx3(_) => unreachable!("the links of a problem for the bits"),
        }
        switch.parked = Some(std::mem::replace(&mut self.engine, links));
    }

    /// Puts back the bits if [`Engine::Auto`] moved the search to the links, with the links'
    /// counters (the budget and the pauses set since), for a reset to follow; parks the links
    /// for the next move.
    fn back_to_start(&mut self) {
        self.floor = 0;
        let Some(switch) = &mut self.switch else {
            return;
        };
        if matches!(self.engine, Inner::Bits(_)) {
            return;
        }
        let mut bits = switch
            .parked
            .take()
            .expect("the bits are parked while the links run");
        let counters = each!(&mut self.engine, e => e.counters_mut().clone());
        *each!(&mut bits, e => e.counters_mut()) = counters;
        switch.parked = Some(std::mem::replace(&mut self.engine, bits));
    }

    /// Searches the levels of the tree above `depth` only, and returns the subtrees at level
    /// `depth`, each as the options chosen on the way down to it (see [`Solver::descend`]).
    /// Nodes above `depth`, their updates and the solutions among them are counted in
    /// [`Solver::stats`]; the roots of the subtrees are not, so searching every subtree
    /// completes the statistics exactly.
    ///
    /// At every pause ([`Solver::set_pause_every`]) it calls `pause` with itself (to report
    /// progress), and returns `None` if `pause` says to stop.
    pub(crate) fn split(
        &mut self,
        depth: usize,
        mut pause: impl FnMut(&Solver) -> ControlFlow<()>,
    ) -> Option<Vec<Vec<usize>>> {
        let mut subtrees = Vec::new();
        loop {
            match self.search(depth) {
                None => {
                    let mut choices = Vec::with_capacity(depth);
                    each!(&self.engine, e => e.choices(&mut choices));
                    subtrees.push(choices);
                }
                Some(Step::Exhausted | Step::GaveUp) => return Some(subtrees),
                Some(Step::Paused) => {
                    if pause(self).is_break() {
                        return None;
                    }
                }
                Some(Step::Solution) => {}
            }
        }
    }

    /// Moves a fresh (or reset) solver down one level of the tree, choosing `option`, and
    /// confines the search to the subtree below: `option` must be the choice that
    /// [`Solver::split`] returned at this level, on a solver of the same problem. The updates
    /// of the descent are not counted, since the splitting search counted them.
    pub(crate) fn descend(&mut self, option: usize) {
        self.floor += 1;
        each!(&mut self.engine, e => e.descend(option));
    }

    /// Runs the search as [`Solver::step`] does, but returns `None` instead of entering a
    /// node at level `depth` (named by [`Solver::choices`]), and goes on with the next one
    /// when called again.
    pub(crate) fn search_above(&mut self, depth: usize) -> Option<Step> {
        self.search(depth)
    }

    /// Leaves unentered the node that the search paused before (a subtree for another
    /// solver to search: see [`Solver::choices`]), and pauses again before the next node, so
    /// that the caller decides about each node in turn.
    pub(crate) fn pass(&mut self) {
        let level = self.level();
        let step = self.search(level);
        debug_assert_eq!(step, None, "a pause leaves the search before a node");
        each!(&mut self.engine, e => e.counters_mut().pause_next());
    }

    /// The options chosen at each level from the root (forced options not included): at a
    /// pause, the name of the node the search paused before, for [`Solver::descend`].
    pub(crate) fn choices(&self, out: &mut Vec<usize>) {
        each!(&self.engine, e => e.choices(out));
    }

    /// Appends to `out` the branching degree of each level from `from` up to the node the
    /// search paused before (how many options the level's item had), in the order of the
    /// levels.
    pub(crate) fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        each!(&self.engine, e => e.degrees(from, out));
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
    /// the solution unique?"; `Some(0)` answers 0: [limits](crate#limits)). Allocates nothing.
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
            (Inner::Bits(a), Inner::Bits(b)) => a.same_state(b),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;
    use proptest::prelude::*;

    /// What a split at `depth` and the search of each subtree find: the subtrees, the
    /// statistics above the cut, and each subtree's count and statistics.
    type Cut = (Vec<Vec<usize>>, Stats, Vec<(u64, Stats)>);

    fn split_and_descend(pristine: &Solver, depth: usize) -> Cut {
        let mut above = pristine.clone();
        let subtrees = above
            .split(depth, |_| ControlFlow::Continue(()))
            .expect("never stopped");
        let below = subtrees
            .iter()
            .map(|choices| {
                let mut solver = pristine.clone();
                for &option in choices {
                    solver.descend(option);
                }
                let count = solver.count(None).unwrap();
                solver.check_invariants().unwrap();
                (count, solver.stats())
            })
            .collect();
        (subtrees, above.stats(), below)
    }

    fn random_problem() -> impl Strategy<Value = Problem> {
        (1usize..9, 0usize..3).prop_flat_map(|(primary, secondary)| {
            let items = primary + secondary;
            proptest::collection::vec(proptest::collection::btree_set(0..items, 1..=3), 0..60)
                .prop_map(move |options| {
                    let mut b = ProblemBuilder::new(primary, secondary);
                    for option in options {
                        b.option(option).unwrap();
                    }
                    b.build().unwrap()
                })
        })
    }

    /// Random problems whose secondary items take one of two colors, or none.
    fn random_colored_problem() -> impl Strategy<Value = Problem> {
        (1usize..7, 1usize..4).prop_flat_map(|(primary, secondary)| {
            let items = primary + secondary;
            let option = proptest::collection::btree_map(0..items, 0u32..3, 1..=4);
            proptest::collection::vec(option, 0..60).prop_map(move |options| {
                let mut b = ProblemBuilder::new(primary, secondary);
                for option in options {
                    let mentions = option
                        .into_iter()
                        .map(|(i, c)| (i, Some(c).filter(|&c| c < 2 && i >= primary)));
                    b.colored_option(mentions).unwrap();
                }
                b.build().unwrap()
            })
        })
    }

    /// A solver on `engine`, which must be the one that runs.
    fn on(problem: &Problem, engine: Engine) -> Solver {
        let solver = Solver::with_engine(problem, engine);
        assert_eq!(solver.engine(), engine);
        solver
    }

    /// Both engines split `problem` at `depth` into the same subtrees with the same
    /// statistics, which add up to a whole search's; and so does a solver that moves each
    /// search (above the cut and below it) from the bits to the links after `at` nodes.
    fn assert_split_alike(problem: &Problem, depth: usize, at: u64) -> Result<(), TestCaseError> {
        let links = split_and_descend(&on(problem, Engine::Links), depth);
        let bits = split_and_descend(&on(problem, Engine::Bits), depth);
        prop_assert_eq!(&links, &bits);
        let switched = split_and_descend(&Solver::with_probe(problem, at, 0.0), depth);
        prop_assert_eq!(&links, &switched, "switch at {}", at);
        let mut whole = Solver::with_engine(problem, Engine::Links);
        whole.count(None).unwrap();
        let parts = links.1 + links.2.iter().map(|(_, s)| *s).sum::<Stats>();
        prop_assert_eq!(parts, whole.stats());
        Ok(())
    }

    proptest! {
        #[test]
        fn both_engines_split_and_descend_alike_with_colors(
            problem in random_colored_problem(),
            depth in 1usize..4,
            at in 0u64..40,
        ) {
            assert_split_alike(&problem, depth, at)?;
        }

        #[test]
        fn both_engines_split_and_descend_alike(
            problem in random_problem(),
            depth in 1usize..4,
            at in 0u64..40,
        ) {
            assert_split_alike(&problem, depth, at)?;
        }
    }

    /// A split moved to the links and the subtrees of a real problem, each moved after a
    /// few nodes (those below the cut are deeper than the levels descended), count what the
    /// links count.
    #[test]
    fn descended_searches_moved_to_the_links_keep_their_floor() {
        let problem = crate::problems::queens(9);
        let links = split_and_descend(&on(&problem, Engine::Links), 2);
        assert!(links.0.len() > 10 && links.2.iter().any(|(_, s)| s.nodes > 20));
        for at in [0, 1, 2, 5, 20] {
            let switched = split_and_descend(&Solver::with_probe(&problem, at, 0.0), 2);
            assert_eq!(switched, links, "switch at {at}");
        }
    }

    /// The count of `count_parallel`, cut by [`crate::parallel::Cut`] and searched subtree
    /// by subtree on one solver reset before each (as each of its threads does), with every
    /// search moved to the links after `at` nodes: the links' count and statistics.
    #[test]
    fn a_count_in_subtrees_moved_to_the_links_is_the_count_on_the_links() {
        use crate::parallel::{Cut, SUBTREES_PER_JOB, Total, count_subtree};
        use std::sync::atomic::AtomicBool;
        let stop = AtomicBool::new(false);
        let problem = crate::problems::queens(10);
        let whole = {
            let mut links = on(&problem, Engine::Links);
            links.count(None).unwrap();
            Total::from(links.stats())
        };
        assert_eq!(whole.solutions, 724);
        for at in [0, 1, 3, 50] {
            let pristine = Solver::with_probe(&problem, at, 0.0);
            let cut = Cut::first_with(&pristine, 2 * SUBTREES_PER_JOB, &stop).unwrap();
            assert!(!cut.subtrees.is_empty());
            let mut solver = pristine.clone();
            let mut total = cut.above;
            for choices in &cut.subtrees {
                total += count_subtree(&mut solver, choices, &stop, None)
                    .unwrap()
                    .into();
                solver.check_invariants().unwrap();
            }
            assert_eq!(total, whole, "switch at {at}");
        }
    }

    /// After a search moved to the links, `reset_from` (as the Sudoku layer resets between
    /// puzzles) brings back the bits in the state of the pristine solver, and the next
    /// search moves again.
    #[test]
    fn resetting_from_a_pristine_solver_brings_back_the_bits() {
        let problem = crate::problems::queens(8);
        let pristine = Solver::with_probe(&problem, 10, 0.0);
        let mut solver = pristine.clone();
        let mut links = on(&problem, Engine::Links);
        assert_eq!(links.count(None), Ok(92));
        for _ in 0..3 {
            assert_eq!(solver.count(None), Ok(92));
            assert_eq!(solver.stats(), links.stats());
            assert_eq!(solver.engine(), Engine::Links);
            solver.reset_from(&pristine);
            assert_eq!(solver.engine(), Engine::Bits);
            assert!(solver.same_state(&pristine));
            assert_eq!(solver.stats(), Stats::default());
        }
    }
}
