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
//! multiplicities run his DLX3 (Algorithm M) on dancing links under [`Engine::Links`] and
//! [`Engine::Bits`] (and [`Engine::Auto`] where two options are copies), and SSMCC's binary
//! tree on sparse sets under [`Engine::Auto`] and [`Engine::Mcc`] (the same solutions, with
//! that tree's statistics). The solver only
//! dispatches and keeps the conveniences built on [`Solver::step`]; [`Engine`] and what each
//! engine refuses are in `engine.rs` beside it.
//!
//! # Which engine
//! [`Engine::Auto`] (what [`Solver::new`] uses) runs the band engine wherever it recognizes
//! the matrix as Sudoku's (options that are (cell, digit) pairs, every item a cell or a
//! (house, digit): 9x9 Sudoku, its givens forced or taken out; see `engine::band`). Else it
//! runs the learning engine where the
//! propagating engine's grouped frames take the problem: plain exact cover whose matrix has
//! a class of primary items that partitions the options, each of at most 64 options, with
//! too many options (more than 1,424) for the bit engine's table to keep their conflicts;
//! within the bit engine's limits, or past them where the options are at least four times
//! the primary items (a search with choices to learn from). Sudoku of 16x16, 25x25 and 36x36
//! are such problems. Instructions against `auto` before it (which ran the propagating
//! engine, and the links on 36x36), `dancing sudoku` on `puzzles/generated/`: 0.18 on the
//! 16x16 set, 0.31 on the 25x25 set, 1.20 on the 36x36 set, whose easy puzzles the links
//! solve at once; but it alone solves the published 25x25 and 36x36 puzzles
//! (`puzzles/shapes/`), in under a second each, where the others run for minutes. On 9x9
//! Sudoku (729 options) it is slower than the bits (and `auto` takes the band engine there). Its tree is its own
//! (the same solutions, in another order, with its own [`Stats`]), so a caller who wants
//! Knuth's asks for [`Engine::Links`] or [`Engine::Bits`]. But such a solver starts on the
//! links, and at the start of each search (its first step, after the options forced and
//! excluded) runs the search as a portfolio of the links and the learning engine if the
//! problem left is nearly full, else moves it to the learning engine: nearly full is its
//! open primary items having on average at least [`AUTO_FULL`] (past [`AUTO_MAX_OPTIONS`];
//! within, [`AUTO_NEAR`]) of the options of the largest, as an empty or near-empty grid (1
//! empty; 0.93 with a thirty-sixth of the cells given; the published and generated puzzles
//! 0.28 to 0.50). There neither engine is safe: the links find a solution at almost every
//! turn on most such grids, while the learning engine's tree on the empty 36x36 ran for
//! minutes (the links: 2,415 nodes, 0.02 s), but on some the links run for seconds where
//! the learning engine takes 0.2 s; below, the learning engine wins (on 36x36 with 100 or
//! 260 cells given, 0.81 and 0.57 to 0.61: 0.05 to 0.28 s, the links 0.31 s to more than
//! 10 s). The portfolio ([`AUTO_TRY_MEMS`]) runs the links for [`AUTO_TRY_MEMS`] mems an
//! open primary item ([`AUTO_TRY_MEMS_SMALL`] within [`AUTO_MAX_OPTIONS`]), then the
//! learning engine for as many ([`AUTO_LEARN_SHARE_SMALL`] times as many within), then
//! each in turn for twice its last slice, each resuming its own search, until one of them
//! finds a solution, and that one keeps the search (the other found none, so a count
//! counts each solution once). The slices are counted in
//! Knuth's mems, a unit both engines' time follows (the learning engine's count of the
//! entries its loops read; the links' updates and nodes weighted, [`AUTO_LINKS_UPDATE_MEMS`]
//! and [`AUTO_LINKS_NODE_MEMS`]), never timed, so the turns and the first solution do not
//! depend on the machine's load. [`Stats::nodes`] and the
//! budget count both engines' nodes, the other statistics the engine's that the search
//! ended on, which [`Solver::engine`] names. The fullness is read from the links' item lengths after the
//! options forced and excluded. Whether the grouped frames would take the problem is told
//! without building them (`planes::class_options`, two passes over the matrix; the Sudoku
//! layer tells it from the shape, and shares its matrix with the solver instead of a
//! copy), past the bits' limits only when the learning engine would be built, and the
//! learning engine is built only for a search that runs on it, so an empty grid costs
//! little more than the links' setup (see `docs/performance.md`, "`auto` on colors and
//! empty grids"). A solver whose
//! tree is handed out as subtrees (a count on several threads, a split) runs them all on
//! the learning engine, whatever the fullness. The Sudoku layer forces
//! each puzzle's givens on one solver of the empty grid, so the choice is made for each
//! puzzle, and a reset brings the solver back to the learning engine once it is built (a
//! subtree of a count on several threads runs on it too: `Solver::descend` moves there
//! first). Otherwise `Auto` starts on the
//! bit engine when the problem fits it (at most [`AUTO_MAX_OPTIONS`] options, and the bit engine's memory bound), and runs the
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
//!   with colors, the words are [`AUTO_COLOR_WORDS`] more, for the colored loop's work at
//!   each node, which the updates of a problem with few options do not outweigh (the empty
//!   grids of Knuth's masyu and slitherlink generators: `r` 0.35 to 0.71 without them, 4.5 to
//!   5.0 with, the links 1.5 to 1.9 times as fast; his de Bruijn and word rectangles stay on
//!   the bits, `r` 0.11 to 1.16 with them, the bits 1.0 to 2.0 times as fast);
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
//! On the bits under `Auto`, a problem given as a matrix whose options have the shape of a
//! Latin square (each names one primary item of each of at least three classes, as a
//! Sudoku exported with `--to-dlx` does) is searched by SSXCC2's weighted choice
//! ([`Choice::Wdeg`], see `auto.rs`, `latin`) instead of DLX1's: on the hard 16x16 exports
//! that the bits take, a tree of thousands of nodes where MRV's has millions. With more
//! than [`AUTO_LATIN_OPTIONS`] options (the exports of 25x25 and 36x36 Sudoku) such a
//! problem runs as those of the learning engine's above, which takes a quarter to a tenth
//! of the bits' time on some of them. A solver whose
//! tree is handed out as subtrees goes back to MRV, and so do the parts and the searches
//! whose statistics are reported ([`Engine::for_stats`]), which are Knuth's tree.
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

use self::auto::{Rule, Switch};
use self::inner::Inner;
use crate::count::Count;
use crate::engine::{Root, Search};
use crate::problem::Problem;
pub use crate::search::{Choice, ForceError, Stats, Step};

#[macro_use]
mod inner;
mod auto;
mod choice;
mod engine;
mod pace;
mod portfolio;
mod share;

pub use self::auto::{
    AUTO_COLOR_WORDS, AUTO_FULL, AUTO_MAX_OPTIONS, AUTO_NEAR, AUTO_PROBE_NODES, AUTO_SWITCH_RATIO,
};
pub use self::choice::AUTO_LATIN_OPTIONS;
pub use self::engine::Engine;
pub use self::pace::PAUSE_TIME;
pub(crate) use self::pace::Pace;
pub(crate) use self::portfolio::links_mems;
pub use self::portfolio::{
    AUTO_LEARN_SHARE_SMALL, AUTO_LINKS_NODE_MEMS, AUTO_LINKS_UPDATE_MEMS, AUTO_TRY_MEMS,
    AUTO_TRY_MEMS_SMALL,
};

/// The search stopped because its node budget ran out: the answer is unknown, which is not
/// the same as "no solution".
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "gave up after {} with {} found",
    crate::units::counted(.nodes, "node"),
    crate::units::counted(.solutions, "solution")
)]
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
/// assert_eq!(solver.count(None).unwrap(), 1);
/// # Ok::<(), dancing::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    /// The engine running now.
    engine: Inner,
    /// [`Engine::Auto`]'s moves, on a solver that started on the bits under `Auto` or whose
    /// problem is the learning engine's; `None` on any other, which never changes engines.
    switch: Option<Box<Switch>>,
    /// The levels placed by [`Solver::descend`] since the last reset: the engine's floor,
    /// which a move to the links keeps.
    floor: usize,
    /// The option indices of the current solution, filled on demand.
    buffer: Vec<usize>,
    /// The pauses asked for by nodes ([`Solver::set_pause_every`]; `u64::MAX`: none).
    pause_nodes: u64,
    /// The pauses asked for by the clock ([`Solver::set_pause_time`]). The engine pauses
    /// after the fewer of `pause_nodes` and the pace's nodes.
    pace: Option<Pace>,
    /// The rule of [`Solver::set_choice`], which every engine the solver runs is given
    /// (those with a rule of their own ignore it).
    choice: Choice,
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
        Solver::on_band(problem, engine)
            .unwrap_or_else(|| Solver::with_rule(problem, None, None, engine, Rule::AUTO))
    }

    /// [`Solver::with_engine`] on a problem already shared, which a solver under
    /// [`Engine::Auto`] that may move its search keeps instead of a copy, and whose grouping
    /// (whether the learning engine's grouped frames take it) the caller knows: the Sudoku
    /// layer's, which spares `Auto` two passes over the matrix.
    pub(crate) fn with_engine_shared(
        problem: &Arc<Problem>,
        engine: Engine,
        grouped: bool,
    ) -> Solver {
        Solver::on_band(problem, engine).unwrap_or_else(|| {
            Solver::with_rule(problem, Some(problem), Some(grouped), engine, Rule::AUTO)
        })
    }

    /// A solver under [`Engine::Auto`] that probes its search after `nodes` nodes and moves
    /// it to the links if `r` (see the module docs) is at least `ratio`: with `ratio` 0, it
    /// always moves. For tests of the move, which must change nothing but the time: it
    /// branches by [`Choice::Mrv`] (DLX1's tree) whatever `Auto` would choose.
    #[doc(hidden)]
    pub fn with_probe(problem: &Problem, nodes: u64, ratio: f64) -> Solver {
        let mut solver = Solver::with_rule(
            problem,
            None,
            None,
            Engine::Auto,
            Rule {
                probe: nodes,
                ratio,
            },
        );
        // DLX1's tree, which the tests of the move compare with the links' and the bits'.
        solver.set_choice(Choice::Mrv);
        solver
    }

    /// The engine running now, never [`Engine::Auto`] ([`Engine::Links`] for DLX1, DLX2 and
    /// DLX3). Under [`Engine::Auto`], a solver that starts on the bits may move its search to
    /// the links at the probe; one for a problem of the learning engine's starts on the links
    /// and moves to the learning engine at the start of a search unless the problem is nearly
    /// full (see the module docs); a reset brings it back to the engine it started on (the
    /// learning engine, once built); under the others it never changes.
    pub fn engine(&self) -> Engine {
        match self.engine {
            Inner::Dlx(_) | Inner::Dlx2(_) | Inner::Dlx3(_) => Engine::Links,
            Inner::Bits(_) => Engine::Bits,
            Inner::Mcc(_) => Engine::Mcc,
            Inner::MccBits(_) => Engine::MccBits,
            Inner::Propagate(_) => Engine::Propagate,
            Inner::Learn(_) => Engine::Learn,
            Inner::Band(_) => Engine::Band,
        }
    }

    /// Sets a budget of search-tree nodes (counted since the last reset); `None` for no
    /// limit. When it runs out, the search reports [`Step::GaveUp`] or [`GaveUp`].
    pub fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        each!(&mut self.engine, e => e.counters_mut().set_max_nodes(max_nodes));
    }

    /// Makes [`Solver::step`] return [`Step::Paused`] every `nodes` nodes (`None`: never),
    /// so that a caller can report progress or stop. With [`Solver::set_pause_time`] too, it
    /// pauses at whichever comes first.
    pub fn set_pause_every(&mut self, nodes: Option<u64>) {
        self.pause_nodes = nodes.unwrap_or(u64::MAX);
        self.set_pauses();
    }

    /// Chooses `option` before the search starts, as if it had been given: its items are
    /// covered and every option that conflicts with it disappears. Forced options are part of
    /// every solution reported afterwards, and [`Solver::reset`] releases them.
    ///
    /// # Errors
    /// [`ForceError`] if the option conflicts with one forced earlier, is not in the search,
    /// or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        let forced = each!(&mut self.engine, e => e.force(option));
        self.note_root(forced.map(|()| Root::Forced(option as u32)));
        forced
    }

    /// [`Solver::force`] on each of `options` in turn: the same state, statistics and errors,
    /// the options before the first one refused staying forced. The bit engine removes what
    /// they all conflict with in one pass over its bitsets instead of one a option (a Sudoku
    /// puzzle's givens).
    ///
    /// # Errors
    /// The first [`ForceError`] that [`Solver::force`] would return.
    pub fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        let forced = each!(&mut self.engine, e => e.force_all(options));
        // (Only `Auto`'s moves keep the root's changes: the band engine's solver has none.)
        if self.switch.is_some() {
            for &option in options {
                self.note_root(forced.map(|()| Root::Forced(option as u32)));
            }
        }
        forced
    }

    /// Removes `option` from the search before it starts, as if the problem did not have it:
    /// no solution reported afterwards contains it, and [`Solver::reset`] brings it back.
    /// An option already out of the search (sharing an item with a forced option, or excluded
    /// before) stays out, and nothing is done. Each node of the option taken out of an item's
    /// list counts as an update, on every engine.
    ///
    /// Excluding the one known solution's option at a cell asks whether a puzzle has another
    /// solution with a search for one solution instead of a count to two: how the Sudoku
    /// generator checks that a puzzle stays unique.
    ///
    /// ```
    /// use dancing::{ProblemBuilder, Solver};
    /// // Items 0 and 1; options {0, 1}, {0}, {1}: two solutions.
    /// let mut b = ProblemBuilder::new(2, 0);
    /// b.option([0, 1]).unwrap();
    /// b.option([0]).unwrap();
    /// b.option([1]).unwrap();
    /// let mut solver = Solver::new(&b.build().unwrap());
    /// solver.exclude(0).unwrap();
    /// assert_eq!(solver.next_solution().unwrap(), Some(vec![1, 2]));
    /// assert_eq!(solver.next_solution().unwrap(), None);
    /// ```
    ///
    /// # Errors
    /// [`ForceError::Forced`] if the option is forced, [`ForceError::NotInSearch`] if it does
    /// not exist or has no primary item, [`ForceError::SearchStarted`] once the search has
    /// started.
    pub fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        let excluded = each!(&mut self.engine, e => e.exclude(option));
        self.note_root(excluded.map(|()| Root::Excluded(option as u32)));
        excluded
    }

    /// Undoes every choice, forced and excluded option and clears the statistics: the solver is as
    /// new (on the engine it started on, if [`Engine::Auto`] had moved it to the links), and
    /// no memory is allocated or freed.
    pub fn reset(&mut self) {
        self.back_to_start();
        each!(&mut self.engine, e => e.reset());
    }

    /// On the links engine without colors (DLX1): [`Solver::reset`], then has the search try
    /// the options of every item in the order of `order`, a permutation of the problem's
    /// options, as it would on a copy of the problem with its options in that order (its
    /// solutions still named by the options of this problem), without building the copy:
    /// how the Sudoku generator draws its random full grids. `false`, and nothing done, on
    /// any other engine.
    pub(crate) fn thread_in_order(&mut self, order: &[usize]) -> bool {
        // (Under `Auto` the links may be a stand-in for the bits: no.)
        let Inner::Dlx(e) = &mut self.engine else {
            return false;
        };
        if self.switch.is_some() {
            return false;
        }
        self.floor = 0;
        e.thread_in_order(order);
        true
    }

    /// The state and statistics of [`Solver::reset`] followed by [`Solver::force_all`] of
    /// `forced` and [`Solver::exclude`] of each of `excluded`, reached from the root the
    /// solver holds by changing only the options that differ, where the engine can (the bits
    /// without colors, their table keeping the conflicts: Sudoku's): `false` where it cannot
    /// or the slow way would fail, leaving a state that only a reset clears. The Sudoku
    /// generator's checks differ by a given or two.
    pub(crate) fn reroot(&mut self, forced: &[usize], excluded: &[usize]) -> bool {
        // Elsewhere nothing to do: the caller's reset clears the state.
        if !matches!(self.engine, Inner::Bits(_)) {
            return false;
        }
        self.back_to_start();
        match &mut self.engine {
            Inner::Bits(e) => e.reroot(forced, excluded).is_some(),
            _ => false,
        }
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
            (Inner::Mcc(e), Inner::Mcc(p)) => e.reset_from(p),
            (Inner::MccBits(e), Inner::MccBits(p)) => e.reset_from(p),
            (Inner::Propagate(e), Inner::Propagate(p)) => e.reset_from(p),
            (Inner::Learn(e), Inner::Learn(p)) => e.reset_from(p),
            (Inner::Band(e), Inner::Band(p)) => e.reset_from(p),
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
    ///
    /// A pause of the pace ([`Solver::set_pause_time`]) sets the nodes to the next one.
    fn search(&mut self, cut: usize) -> Option<Step> {
        if cut == usize::MAX {
            self.settle_at_root();
        } else {
            // A split names subtrees, which run on the learning engine.
            self.settle_before_descent();
        }
        loop {
            let step = each!(&mut self.engine, e => e.search(cut));
            if step != Some(Step::Paused) {
                return step;
            }
            if !each!(&mut self.engine, e => e.counters_mut().take_probe()) {
                if let Some(pace) = &mut self.pace {
                    let nodes = each!(&self.engine, e => e.stats()).nodes;
                    let every = pace.lap(nodes).min(self.pause_nodes);
                    each!(&mut self.engine, e => e.counters_mut().set_pause_every(Some(every)));
                }
                return step;
            }
            self.probe(cut == usize::MAX);
        }
    }

    /// The options of the solution just found (after [`Step::Solution`]): forced options
    /// first, then one option per level, as indices into the [`Problem`] (the band engine
    /// on the whole classic 9x9 matrix gives them all in increasing order instead: take a
    /// solution as a set).
    pub fn solution(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.solution_into(&mut out);
        out
    }

    /// [`Solver::solution`] into a buffer of the caller's, replacing its contents.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        each!(&self.engine, e => e.solution(out));
    }

    /// Calls `f` on each option of the solution just found (those of [`Solver::solution`],
    /// in no set order), with `out` as scratch space for an engine that needs a buffer.
    pub(crate) fn each_solution_option(&self, out: &mut Vec<usize>, mut f: impl FnMut(usize)) {
        each!(&self.engine, e => e.each_solution_option(out, &mut f));
    }

    /// Writes the solution just found into `out` as its 81 options in increasing order, if
    /// the engine has them so at hand ([`Search::solution_in_order`]); else false.
    pub(crate) fn solution_in_order(&self, out: &mut [u16; 81]) -> bool {
        each!(&self.engine, e => e.solution_in_order(out))
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
    /// the solution unique?": [limits](crate#limits)); the [`Count`] is exact when the search
    /// found fewer than the limit. Allocates nothing.
    ///
    /// # Errors
    /// [`GaveUp`] when the node budget runs out first; it holds the count so far.
    pub fn count(&mut self, limit: Option<u64>) -> Result<Count, GaveUp> {
        let most = limit.unwrap_or(u64::MAX);
        let mut n = 0;
        while n < most && self.next()? {
            n += 1;
        }
        Ok(Count::from_search(n, limit))
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
            (Inner::Mcc(a), Inner::Mcc(b)) => a.same_state(b),
            (Inner::MccBits(a), Inner::MccBits(b)) => a.same_state(b),
            (Inner::Propagate(a), Inner::Propagate(b)) => a.same_state(b),
            (Inner::Band(a), Inner::Band(b)) => a.same_state(b),
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
mod tests;
