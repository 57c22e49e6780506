//! The engines: each keeps the state of Algorithm X in its own representation and runs the
//! search loop over it. [`crate::Solver`] is the one public surface and runs one of them at a
//! time: under [`crate::Engine::Auto`] a search may start on [`bits`] and move to the links
//! midway, which [`dlx::Dlx::take_over`] does (see the docs of `solver`, "Which engine").
//!
//! Every engine implements [`Search`], the contract the solver relies on:
//! - the search is iterative and resumable: [`Search::search`] runs until a solution, the end
//!   of the tree, the node budget or a pause, and continues from there when called again;
//! - it counts nodes and solutions in its [`Counters`] exactly as Knuth's programs count them
//!   (a node is one entry to the "choose an item" step, one of which is each solution), and
//!   its own `updates` and `cleansings` ([`propagate`] counts the nodes of its own tree, and
//!   its own work);
//! - the tree can be cut at a level: [`Search::search`] with `cut` does not enter the nodes at
//!   that level, and [`Search::choices`] names the node it stopped at by the options chosen
//!   from the root; [`Search::descend`] replays such choices on a fresh engine and confines
//!   it to the subtree below them. This is how [`crate::count_parallel`] shares a tree
//!   between threads, whatever the engine.
//!
//! The engines, and the problems [`crate::Solver::with_engine`] gives each:
//! - [`dlx`]: Knuth's DLX1 on the dancing links of [`links`] (TAOCP 7.2.2.1, Algorithm X),
//!   for plain exact cover;
//! - [`bits`]: DLX1's search tree (DLX2's with colors) with the state kept as bitsets over
//!   the options, saved and restored by copying; for problems without multiplicities of up
//!   to some thousands of options;
//! - [`dlx2`]: Knuth's DLX2 (Algorithm C), the same loop on the colored links of [`colored`],
//!   for problems with colors;
//! - [`dlx3`]: Knuth's DLX3 (Algorithm M) on the colored links, for problems with
//!   multiplicities (with or without colors) under [`crate::Engine::Links`];
//! - [`mcc`]: another tree, Knuth and Stappers' SSMCC: binary branching on sparse sets,
//!   without DLX3's null moves; for problems with multiplicities under
//!   [`crate::Engine::Auto`], and any problem by name (its solutions are DLX3's as a set,
//!   with its own statistics);
//! - [`mccbits`]: the same tree as [`mcc`] with a node's state as a frame of bits (the
//!   live options as a bitset, each primary item's remaining bound and count of live
//!   options), copied on the way down; for problems with multiplicities of at most 512
//!   options under [`crate::Engine::Auto`], and any such problem by name;
//! - [`propagate`]: another tree, not Knuth's: the singles and subsets rules of exact cover
//!   run to a fixpoint at every node before it branches, on the bit engine's table; for
//!   plain exact cover within the bits' limits, and only when asked for by name (its
//!   solutions are the others' as a set, in another order, with its own statistics);
//! - [`band`]: Sudoku's layout found in the matrix (options that are (cell, digit) pairs):
//!   nine 81-bit boards, singles and locked candidates in bulk, a branch on a cell with two
//!   candidates; its own tree, taken under [`crate::Engine::Auto`] wherever it recognizes
//!   the matrix (9x9 Sudoku, with or without its givens, and variants with extra houses);
//! - [`learn`]: the singles at every node, with nogoods learned from each failure by
//!   conflict analysis (as CDCL SAT solvers learn); for plain exact cover, and under
//!   [`crate::Engine::Auto`] on large problems whose options a class of items partitions
//!   (Sudoku of 16x16 to 36x36).
//!
//! Each but [`band`], [`propagate`], [`learn`], [`mcc`] and [`mccbits`] keeps Knuth's tree for its class, so its counters equal his
//! program's. DLX3 on a
//! plain problem would find the same solutions in the same tree, but would count fewer
//! updates than DLX1 (it leaves a dead end before covering the empty item); DLX2 on a plain
//! problem equals DLX1 in every counter but runs on larger nodes. Hence one engine per class.
//!
//! # What an engine may use
//! An engine imports only from `crate::search` (the [`Stats`], [`Step`] and [`ForceError`] it
//! reports, and the limits of the representations that [`crate::ProblemBuilder`] checks),
//! from [`crate::problem`], and from this module ([`Search`], [`Counters`]); never from the
//! API above it ([`crate::Solver`]). An arena whose size bounds the problems it takes states
//! its limit in `crate::search` and checks it with a const assertion (as `links` and
//! `colored` do with their node size).
//!
//! # Adding an engine
//! 1. Its own module here (a folder when it has parts, as `bits/`), declared in the list
//!    below, with a type that implements [`Search`] and keeps [`Counters`].
//! 2. The registry in `solver/inner.rs`: a variant of `Inner` and its arm in the `each!`
//!    macro beside it; the problems that get it in `Solver::with_rule` (`solver/auto.rs`).
//!    The few matches on pairs of engines in `solver/mod.rs` (`Solver::engine`,
//!    `Solver::reset_from`, and `Solver::same_state` for tests) name it too; the compiler
//!    lists them.
//! 3. Its row in the conformance tests, `tests/integration/engines.rs`, which run every
//!    engine against the links on every instance and on random problems, counters included
//!    (a variant of [`crate::Engine`], if callers choose it by name).

pub(crate) mod band;
pub(crate) mod bits;
pub(crate) mod colored;
pub(crate) mod dlx;
pub(crate) mod dlx2;
pub(crate) mod dlx3;
pub(crate) mod learn;
pub(crate) mod links;
pub(crate) mod mcc;
pub(crate) mod mccbits;
pub(crate) mod propagate;

use crate::problem::Problem;
use crate::search::{Choice, ForceError, Stats, Step};

/// The counters every engine keeps the same way: nodes and solutions, the node budget, the
/// pauses and the probe of [`crate::Engine::Auto`]. [`Counters::enter`] is called at each
/// entry to a node of the tree.
#[derive(Clone, Debug)]
pub(crate) struct Counters {
    /// Nodes entered since the last restart (solutions included).
    pub(crate) nodes: u64,
    /// Solutions found since the last restart.
    pub(crate) solutions: u64,
    /// The node budget (`u64::MAX`: none).
    max_nodes: u64,
    /// Nodes between two pauses (`u64::MAX`: never).
    pause_every: u64,
    /// The node count at which the next pause falls.
    next_pause: u64,
    /// The node count at which each search from a restart is probed (`u64::MAX`: never).
    probe: u64,
    /// The node count at which the probe of this search falls: `probe` after a restart,
    /// `u64::MAX` once it has fallen.
    probe_at: u64,
    /// Whether the last pause was the probe (see [`Counters::take_probe`]).
    probed: bool,
    /// `min(max_nodes, next_pause, probe_at)`: the one comparison made at every node.
    stop_at: u64,
}

impl Default for Counters {
    fn default() -> Self {
        Counters {
            nodes: 0,
            solutions: 0,
            max_nodes: u64::MAX,
            pause_every: u64::MAX,
            next_pause: u64::MAX,
            probe: u64::MAX,
            probe_at: u64::MAX,
            probed: false,
            stop_at: u64::MAX,
        }
    }
}

impl Counters {
    /// Sets the node budget (`None`: no limit).
    pub(crate) fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        self.max_nodes = max_nodes.unwrap_or(u64::MAX);
        self.fold();
    }

    /// Pauses every `nodes` nodes from now (`None`: never).
    pub(crate) fn set_pause_every(&mut self, nodes: Option<u64>) {
        self.pause_every = nodes.unwrap_or(u64::MAX).max(1);
        self.next_pause = self.nodes.saturating_add(self.pause_every);
        self.fold();
    }

    /// Probes the search once when `nodes` nodes have been entered since the last restart,
    /// in this search (unless it is past that already) and in every search after a restart:
    /// the search stops with [`Step::Paused`] before entering the next node, and
    /// [`Counters::take_probe`] tells that pause from the others. `None`: never.
    pub(crate) fn set_probe(&mut self, nodes: Option<u64>) {
        self.probe = nodes.unwrap_or(u64::MAX);
        self.probe_at = if self.nodes <= self.probe {
            self.probe
        } else {
            u64::MAX
        };
        self.fold();
    }

    /// Whether the pause just returned was the probe (and not one of
    /// [`Counters::set_pause_every`]); clears the answer.
    pub(crate) fn take_probe(&mut self) -> bool {
        std::mem::take(&mut self.probed)
    }

    /// Zeroes the counts, keeping the budget and the pause interval, and arms the probe
    /// again.
    pub(crate) fn restart(&mut self) {
        self.nodes = 0;
        self.solutions = 0;
        self.next_pause = self.pause_every;
        self.probe_at = self.probe;
        self.probed = false;
        self.fold();
    }

    /// Pauses before the next node entered, then every `nodes` nodes as before.
    pub(crate) fn pause_next(&mut self) {
        self.next_pause = self.nodes;
        self.fold();
    }

    /// Sets `stop_at` from the three stops.
    fn fold(&mut self) {
        self.stop_at = self.max_nodes.min(self.next_pause).min(self.probe_at);
    }

    /// Enters a node: counts it and returns `None`, or returns the step that stops the search
    /// before it (the budget is spent, the probe or a pause is due). Stepping again after a
    /// pause enters the node, or stops at the next stop due there.
    #[inline(always)]
    pub(crate) fn enter(&mut self) -> Option<Step> {
        if self.nodes >= self.stop_at {
            return Some(self.stop());
        }
        self.nodes += 1;
        None
    }

    /// The stop due now, in this order: the budget, the probe, a pause.
    #[cold]
    fn stop(&mut self) -> Step {
        if self.nodes >= self.max_nodes {
            return Step::GaveUp;
        }
        if self.nodes >= self.probe_at {
            self.probe_at = u64::MAX;
            self.probed = true;
        } else {
            self.next_pause = self.next_pause.saturating_add(self.pause_every);
        }
        self.fold();
        Step::Paused
    }
}

/// A change that a links engine made at the root before the search, by the node it was made
/// from, kept to be undone last in, first out: an option forced or excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    /// Forced ([`Search::force`]).
    Forced(u32),
    /// Excluded ([`Search::exclude`]).
    Excluded(u32),
}

impl Root {
    /// The nodes of the forced options among `changes`, in order.
    pub(crate) fn forced(changes: &[Root]) -> impl Iterator<Item = u32> + '_ {
        changes.iter().filter_map(|&r| match r {
            Root::Forced(x) => Some(x),
            Root::Excluded(_) => None,
        })
    }
}

/// What [`crate::Solver`] needs of an engine; see the module docs for the contract.
pub(crate) trait Search: Clone + std::fmt::Debug + Send + Sync {
    /// An engine for `problem`, ready to search.
    fn new(problem: &Problem) -> Self;

    /// The counters, to set the budget and the pauses.
    fn counters_mut(&mut self) -> &mut Counters;

    /// The work done since the last reset.
    fn stats(&self) -> Stats;

    /// Chooses `option` before the search, as a given; see [`crate::Solver::force`].
    fn force(&mut self, option: usize) -> Result<(), ForceError>;

    /// [`Search::force`] on each of `options` in turn, stopping at the first error; see
    /// [`crate::Solver::force_all`].
    fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        options.iter().try_for_each(|&option| self.force(option))
    }

    /// Removes `option` from the search before it starts; see [`crate::Solver::exclude`].
    fn exclude(&mut self, option: usize) -> Result<(), ForceError>;

    /// Undoes every choice, forced and excluded option, and zeroes the counters (and the
    /// weights of [`Choice::Wdeg`]).
    fn reset(&mut self);

    /// Sets the rule that chooses the branching item, effective from the next node, with
    /// every weight 1; returns false, changing nothing, on an engine whose tree has a rule of
    /// its own (the links and the bits take it).
    fn set_choice(&mut self, _choice: Choice) -> bool {
        false
    }

    /// The rule that chooses the branching item, or `None` on an engine whose tree has a
    /// rule of its own.
    fn choice(&self) -> Option<Choice> {
        None
    }

    /// [`Search::reset`] by copying `pristine`, an engine of the same problem that has neither
    /// searched nor forced anything.
    fn reset_from(&mut self, pristine: &Self);

    /// Searches until a solution, the end of the tree, the budget or a pause; returns `None`
    /// instead of entering a node at level `cut` (with the choices leading to it in
    /// [`Search::choices`]), and resumes with its next sibling when called again.
    fn search(&mut self, cut: usize) -> Option<Step>;

    /// The options of the solution just found: forced options first, then one per level
    /// (the band engine on a grid: every option in increasing order, the forced ones among
    /// them).
    fn solution(&self, out: &mut Vec<usize>);

    /// Calls `f` on each option of the solution just found, in no set order: the options
    /// of [`Search::solution`], written into `out` first by an engine that has no quicker
    /// way (the band engine on a grid reads them straight out of its bands).
    fn each_solution_option(&self, out: &mut Vec<usize>, f: impl FnMut(usize))
    where
        Self: Sized,
    {
        self.solution(out);
        out.iter().copied().for_each(f);
    }

    /// Writes the solution just found into `out` as its 81 options in increasing order, if
    /// the engine has them so at hand (the band engine on a grid whose 729 options are
    /// numbered place by place, digit by digit, as the Sudoku front end's are: read out of
    /// its bands without a branch a place); else false.
    fn solution_in_order(&self, _out: &mut [u16; 81]) -> bool {
        false
    }

    /// The options chosen at each level of the tree, from the root (forced options not
    /// included).
    fn choices(&self, out: &mut Vec<usize>);

    /// Chooses `option` at the next level and confines the search to the subtree below:
    /// `option` must be the choice [`Search::choices`] reported at this level, on an engine
    /// of the same problem that had made the same choices above. Counts no updates (the
    /// search that found the subtree counted them).
    fn descend(&mut self, option: usize);

    /// The number of levels of the tree on the stack.
    fn level(&self) -> usize;

    /// Appends to `out` the branching degree of each level of the stack from `from` up (how
    /// many options its item had at its node), in the order of the levels; for planning
    /// where to cut the tree. Called at a pause, with an option chosen at every level.
    fn degrees(&self, from: usize, out: &mut Vec<u32>);

    /// Knuth's estimate of the fraction of the tree explored; see [`crate::Solver::progress`].
    fn progress(&self) -> f64;

    /// Checks the representation's invariants.
    fn check(&self) -> Result<(), String>;
}

/// Every solution of a whole search of `engine`, from where it stands, in the order found
/// (each as [`Search::solution`] gives it), with the invariants checked after each; for the
/// engines' tests.
#[cfg(test)]
pub(crate) fn all_solutions<S: Search>(engine: &mut S) -> Vec<Vec<usize>> {
    let mut solutions = Vec::new();
    loop {
        match engine.search(usize::MAX) {
            Some(Step::Solution) => {
                let mut s = Vec::new();
                engine.solution(&mut s);
                solutions.push(s);
                engine.check().unwrap();
            }
            Some(Step::Exhausted) => return solutions,
            other => panic!("{other:?}"),
        }
    }
}

/// DLX3's example (dlx3.w): items A, B, `2:3|C`, secondary X, Y; its one solution is
/// `A C X:1 Y:1`, `B X:1`, `C Y:1`. For the tests of the engines that take multiplicities.
#[cfg(test)]
pub(crate) fn dlx3_example() -> Problem {
    let (a, b, c, x, y) = (0, 1, 2, 3, 4);
    let mut builder = crate::problem::ProblemBuilder::new(3, 2);
    builder.bounds(c, 2, 3).unwrap();
    for option in [
        vec![(a, None), (b, None), (x, Some(0)), (y, Some(0))],
        vec![(a, None), (c, None), (x, Some(1)), (y, Some(1))],
        vec![(c, None), (x, Some(0))],
        vec![(b, None), (x, Some(1))],
        vec![(c, None), (y, Some(1))],
    ] {
        builder.colored_option(option).unwrap();
    }
    builder.build().unwrap()
}
