//! The cut of the search tree at one level ([`Cut`]), which [`crate::parts`] hands to other
//! processes and machines: the subtrees at that level, each counted by
//! [`super::count_subtree`], and the work above it.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(doc)]
use super::count_subtree;
use super::{Stopped, Total};
use crate::solver::Pace;
use crate::{PAUSE_TIME, Solver};

/// A cut of the search tree at one level: the subtrees at that level, and the work of the
/// search above it. Searching every subtree (with [`count_subtree`]) and adding `above`
/// gives exactly the count and the statistics of the whole search. [`crate::parts`] hands
/// such subtrees to other processes and machines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    /// The level of the cut: every subtree is named by this many choices.
    pub(crate) depth: usize,
    /// The subtrees, each as the options chosen from the root, in the order of the search.
    pub(crate) subtrees: Vec<Vec<usize>>,
    /// Nodes above the cut, their updates and the solutions among them.
    pub(crate) above: Total,
}

impl Cut {
    /// The cut at `depth` of the tree of `pristine` (a solver that has not searched).
    pub(crate) fn at(pristine: &Solver, depth: usize, stop: &AtomicBool) -> Result<Cut, Stopped> {
        let mut top = pristine.clone();
        top.set_pause_time(Some(PAUSE_TIME));
        let pause = |_: &Solver| {
            if stop.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        match top.split(depth, pause) {
            Some(subtrees) => Ok(Cut {
                depth,
                subtrees,
                above: top.stats().into(),
            }),
            None => Err(Stopped {
                stats: top.stats().into(),
            }),
        }
    }

    /// The cut at the shallowest level with at least `min_subtrees` subtrees, or, if no
    /// level has that many, the cut below the deepest leaf, with no subtree at all (the whole
    /// tree lies above it and was searched to find that out).
    ///
    /// Each try searches the tree above a cut once, counting the nodes of each level, and
    /// gives up as soon as a level above the cut has `min_subtrees` nodes, which becomes the
    /// cut of the next try; the first try has no cut. So a try searches fewer than
    /// `min_subtrees` nodes a level, and a deep tree with few nodes a level (one option a
    /// level, say) is searched once, not once a level.
    pub(crate) fn first_with(
        pristine: &Solver,
        min_subtrees: usize,
        stop: &AtomicBool,
    ) -> Result<Cut, Stopped> {
        let mut depth = usize::MAX;
        loop {
            match Cut::try_at(pristine, depth, min_subtrees.max(1), stop)? {
                Ok(cut) => return Ok(cut),
                Err(shallower) => depth = shallower,
            }
        }
    }

    /// The cut at `depth` as [`Cut::at`] makes it, or `Err` with the first level above
    /// `depth` found to have `min` nodes; with `depth` `usize::MAX`, the cut below the deepest
    /// leaf.
    fn try_at(
        pristine: &Solver,
        depth: usize,
        min: usize,
        stop: &AtomicBool,
    ) -> Result<Result<Cut, usize>, Stopped> {
        if min <= 1 && depth > 0 {
            return Ok(Err(0));
        }
        // The nodes of each level: the root is entered without a pause, every other node is
        // paused before.
        let mut nodes = vec![1];
        let mut shallower = None;
        let mut top = pristine.clone();
        top.set_pause_every(Some(1));
        let mut pace = Pace::new(PAUSE_TIME, 0);
        let mut next_look = pace.every();
        let subtrees = top.split(depth, |top| {
            let level = top.level();
            if nodes.len() <= level {
                nodes.resize(level + 1, 0);
            }
            nodes[level] += 1;
            if nodes[level] >= min {
                shallower = Some(level);
                return ControlFlow::Break(());
            }
            let searched = top.stats().nodes;
            if searched >= next_look {
                next_look = searched + pace.lap(searched);
                if stop.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        if let Some(level) = shallower {
            return Ok(Err(level));
        }
        let Some(subtrees) = subtrees else {
            return Err(Stopped {
                stats: top.stats().into(),
            });
        };
        Ok(Ok(Cut {
            depth: if depth == usize::MAX {
                nodes.len()
            } else {
                depth
            },
            subtrees,
            above: top.stats().into(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looking_for_the_cut_stops_when_the_flag_is_raised() {
        let mut solver = Solver::new(&crate::problems::queens(8));
        solver.set_pause_every(Some(1));
        assert_eq!(solver.split(3, |_| ControlFlow::Break(())), None);
        solver.reset();
        let subtrees = solver.split(3, |_| ControlFlow::Continue(())).unwrap();
        assert!(!subtrees.is_empty() && subtrees.iter().all(|s| s.len() == 3));
    }
}
