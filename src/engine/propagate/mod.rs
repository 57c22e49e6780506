//! The propagating engine: Algorithm X that settles forced moves and subsets at every node
//! before it branches, with the state kept as bitsets copied on branching.
//!
//! # What it does
//! At each node of the search it repeats two rules of exact cover to a fixpoint (see
//! [`flat`] and [`rep::fixpoint`]): *singles* (an uncovered primary item with no live option fails the node, one
//! with exactly one forces it) and *subsets* (if every live option of a primary item `i`
//! covers item `j`, the options of `j` that do not cover `i` are dead). In Sudoku the first
//! gives naked and hidden singles, the second pointing and claiming; nothing here knows of
//! Sudoku. Only then does it branch: on the uncovered primary item with the fewest live
//! options (the first such in item order), trying its live options in increasing order,
//! each in a copy of the node's frame. Backing up is moving down the stack of frames;
//! nothing is undone.
//!
//! # The tree and the order of solutions
//! A node is the state after a choice and its propagation (the root: after the givens). Its
//! children are the live options of its branching item, in increasing index order, so the
//! search is depth first and finds solutions in lexicographic order of the branch choices.
//! That order is not DLX1's (which branches on every forced item too, and may pick another
//! item among equally short ones after a subset removal), but the set of solutions, and so
//! every count, is the same: the rules remove only options that no solution below the node
//! contains, and the children of a node partition its solutions by the option that covers
//! its branching item.
//!
//! # Statistics
//! - `nodes`: nodes of this tree entered (the root, and one for each option tried at a
//!   branch point), solutions and failed nodes included; the node budget and the pauses
//!   count these. A solved Sudoku often takes one node.
//! - `updates`: options removed from a live set (by choices, givens and rules), the engine's
//!   measure of work (not Knuth's `updates`).
//! - `forced`, `pruned`: options chosen by the singles rule, options removed by the subsets
//!   rule.
//!
//! # Two representations
//! The frames are kept in one of two ways ([`rep`]), chosen when the engine is built:
//! - [`planes`], where the matrix has a class of primary items that partitions the options
//!   (every option names exactly one of them: Sudoku's cells, the rows of N queens), with
//!   at most 64 options an item: the options grouped by it, one bitset over the groups for
//!   each rank within a group, so that choosing an option clears its group in a word a rank
//!   and each of its other items in the few words its options lie in. Taken where the
//!   options are too many for the table to keep their conflicts ([`Propagate::grouped`]
//!   gives the measurements: twice as fast on 25x25 Sudoku, a fifth slower on 9x9);
//! - [`flat`] otherwise: bitsets over the options, an option's conflicts in one bitset (kept
//!   by the table, or formed as the option is chosen).
//!
//! Both keep the same counts and run the same rules to the same fixpoint, so they search
//! the same tree ([`tree`], the loop over either), with the same statistics.
//!
//! # Subtrees
//! [`Search::descend`] opens the node where the search stands (propagating it without
//! counting its work, which the search that cut the tree there counted) and takes the given
//! option as the choice of its branch point, under a floor that backing up never passes. So
//! [`crate::count_parallel`] and the parts of a count work on this engine as on the others.
//!
//! # Not here: probing
//! Failed-literal probing (choosing each option of every item with two live options in a
//! scratch frame before branching, and removing those whose propagation fails) was tried
//! and measured, and left out: on the generated 25x25 puzzles (`puzzles/generated/`) it
//! took 1.8 s against 0.95 s without, and on the first published 25x25 puzzle it reached
//! 2,048 nodes in 15 s against 307,200 without, neither finishing (see `docs/engines.md`).
//!
//! # Limits
//! The engine uses the bit engine's table ([`super::bits::table`]), so it takes the problems
//! the bits take, without colors or multiplicities; [`Propagate::fits`] says which.

mod check;
mod flat;
mod planes;
mod rep;
#[cfg(test)]
pub(crate) mod tests;
pub(crate) mod tree;

use std::sync::Arc;

use self::flat::Flat;
use self::planes::Planes;
use self::tree::Tree;
use super::bits::table::{self, Table};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// The propagating engine (see the module docs), in the representation that takes its
/// problem.
#[derive(Clone, Debug)]
pub(crate) enum Propagate {
    /// Options grouped by a class of items that partitions them.
    Planes(Tree<Planes>),
    /// Bitsets over the options.
    Flat(Tree<Flat>),
}

/// `$body` with `$t` bound to the tree of either representation.
macro_rules! each {
    ($e:expr, $t:ident => $body:expr) => {
        match $e {
            Propagate::Planes($t) => $body,
            Propagate::Flat($t) => $body,
        }
    };
}

impl Propagate {
    /// Whether the engine can take `problem`: no colors, no multiplicities, and either within
    /// the limits of the bit engine's table (the flat frames take any such problem) or taken
    /// by the grouped frames, whose table keeps no bitsets ([`Propagate::grouped`]; 36x36
    /// Sudoku, whose 46,656 options are beyond the bit engine's table).
    pub(crate) fn fits(problem: &Problem) -> bool {
        !problem.has_colors()
            && (table::fits(problem, |_| 0) || Propagate::grouped(problem).is_some())
    }

    /// The engine for `problem`: the grouped frames where [`Propagate::grouped`] takes it,
    /// else the flat ones; `None` where it does not [`Propagate::fits`].
    pub(crate) fn try_new(problem: &Problem) -> Option<Propagate> {
        if problem.has_colors() {
            return None;
        }
        if !table::fits(problem, |_| 0) {
            return Propagate::grouped(problem);
        }
        // One table for both: the grouped frames' detection, then the flat frames.
        let table = Arc::new(Table::new(problem));
        Propagate::grouped_on(&table).or_else(|| {
            Some(Propagate::Flat(
                Tree::new(table).expect("the flat frames take every problem"),
            ))
        })
    }

    /// The engine in the grouped representation where it takes `problem` and pays: the
    /// matrix has a class that partitions the options ([`planes`]), and the options are too
    /// many for the table to keep their conflicts (more than some 1,450), so that the flat
    /// frames would form each one's as they choose it. Measured (CPU time, grouped / flat,
    /// `dancing sudoku --engine propagate`): 0.71 on `puzzles/generated/16x16-seed16.txt`,
    /// 0.46 on the 25x25 set; 1.19 to 1.28 on the 9x9 sets, whose 729 options' conflicts are
    /// kept. `None` otherwise (and for a problem the engine does not take). The grouped
    /// frames need no item's bitset (the subsets rule tests an item's bit where the table
    /// has them, and looks through the option's items where not), so beyond the bit
    /// engine's size their table keeps none ([`Table::without_bitsets`]).
    pub(crate) fn grouped(problem: &Problem) -> Option<Propagate> {
        if problem.has_colors() || table::keeps_conflicts(table::searched(problem).count()) {
            return None;
        }
        let table = if table::fits(problem, |_| 0) {
            Table::new(problem)
        } else if table::fits_without_bitsets(problem) {
            Table::without_bitsets(problem)
        } else {
            return None;
        };
        Propagate::grouped_on(&Arc::new(table))
    }

    /// Whether [`Propagate::grouped_on`] takes the table of `problem` (without colors, within
    /// a table's limits), found without building the table nor the frames: for
    /// `Engine::Auto`'s choice, which builds the engine it picks only when a search needs it.
    pub(crate) fn groups(problem: &Problem) -> bool {
        planes::class_options(problem).is_some_and(|n| !table::keeps_conflicts(n))
    }

    /// What [`Propagate::groups`] answers, without a pass over the matrix, for a problem of
    /// `options` options whose first primary items form a class: each option names exactly
    /// one of them (the first primary item it names), `groups` items with at most
    /// `largest` options each. Sudoku's matrix is such a problem, its cells the class.
    pub(crate) fn groups_by_class(options: usize, groups: usize, largest: usize) -> bool {
        planes::takes(options, groups, largest) && !table::keeps_conflicts(options)
    }

    /// [`Propagate::grouped`] on a table already built (of a problem without colors).
    pub(crate) fn grouped_on(table: &Arc<Table>) -> Option<Propagate> {
        if table::keeps_conflicts(table.options()) {
            return None;
        }
        Tree::new(Arc::clone(table)).map(Propagate::Planes)
    }

    /// The engine on bitsets over the options, whatever the problem (for tests that compare
    /// the representations).
    #[cfg(test)]
    pub(crate) fn flat(problem: &Problem) -> Propagate {
        let table = Arc::new(Table::new(problem));
        Propagate::Flat(Tree::new(table).expect("the flat frames take every problem"))
    }

    /// The engine in the grouped representation whenever the matrix has the class, whatever
    /// its size (for tests that compare the representations).
    #[cfg(test)]
    pub(crate) fn planes(problem: &Problem) -> Option<Propagate> {
        Tree::new(Arc::new(Table::without_bitsets(problem))).map(Propagate::Planes)
    }

    /// Whether the engine groups the options (see the module docs).
    #[cfg(test)]
    pub(crate) fn is_grouped(&self) -> bool {
        matches!(self, Propagate::Planes(_))
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Propagate) -> bool {
        match (self, other) {
            (Propagate::Planes(a), Propagate::Planes(b)) => a.same_state(b),
            (Propagate::Flat(a), Propagate::Flat(b)) => a.same_state(b),
            _ => false,
        }
    }
}

impl Search for Propagate {
    /// [`Propagate::try_new`], for a problem the engine [`Propagate::fits`].
    fn new(problem: &Problem) -> Propagate {
        Propagate::try_new(problem).expect("the propagating engine takes the problem")
    }

    fn counters_mut(&mut self) -> &mut Counters {
        each!(self, t => &mut t.counters)
    }

    fn stats(&self) -> Stats {
        each!(self, t => t.stats())
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        each!(self, t => t.force(option))
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        each!(self, t => t.exclude(option))
    }

    fn reset(&mut self) {
        each!(self, t => t.reset());
    }

    /// The root is kept in the shared table: this is [`Search::reset`].
    fn reset_from(&mut self, pristine: &Propagate) {
        debug_assert!(std::mem::discriminant(self) == std::mem::discriminant(pristine));
        self.reset();
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        each!(self, t => t.search(cut))
    }

    fn solution(&self, out: &mut Vec<usize>) {
        each!(self, t => t.solution(out));
    }

    fn choices(&self, out: &mut Vec<usize>) {
        each!(self, t => t.choices(out));
    }

    fn descend(&mut self, option: usize) {
        each!(self, t => t.descend(option));
    }

    fn level(&self) -> usize {
        each!(self, t => t.levels.len())
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        each!(self, t => t.degrees(from, out));
    }

    fn progress(&self) -> f64 {
        each!(self, t => t.progress())
    }

    fn check(&self) -> Result<(), String> {
        each!(self, t => t.invariants())
    }
}
