//! The solver's side of sharing one search tree between solvers: cutting the tree at a
//! depth into subtrees ([`Solver::split`]), naming the node a search paused before
//! ([`Solver::choices`], [`Solver::degrees`]), passing it by ([`Solver::pass`]) and going down
//! into a subtree on another solver ([`Solver::descend`]), for [`crate::count_parallel`] and
//! [`crate::parts`].

use std::ops::ControlFlow;

use super::inner::Inner;
use super::{Solver, Step};
use crate::engine::Search;

impl Solver {
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
        self.settle_before_descent();
        self.floor += 1;
        each!(&mut self.engine, e => e.descend(option));
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
}
