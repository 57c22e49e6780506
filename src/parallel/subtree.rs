//! The count below one node: a subtree named by its choices, replayed on a worker's solver
//! ([`count_subtree`]), or the whole tree on a lone thread, with what it explored reported to
//! the [`Watch`].

use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(doc)]
use super::Cut;
use super::watch::SHARE_ONE;
use super::{Stopped, Watch};
use crate::{PAUSE_TIME, Solver, Stats, Step};

/// Counts the subtree named by `choices` (a subtree of a [`Cut`] of the same problem) on
/// `solver`, which is reset first, and returns the work done below the cut, reporting it to
/// `watch` as it goes, with the subtree's share of the tree.
pub(crate) fn count_subtree(
    solver: &mut Solver,
    choices: &[usize],
    stop: &AtomicBool,
    watch: Option<(&Watch, u64)>,
) -> Result<Stats, Stopped> {
    solver.reset();
    for &x in choices {
        solver.descend(x);
    }
    count_until(solver, stop, watch)
}

/// Counts the solutions below the solver's current place, looking at `stop` about every
/// [`PAUSE_TIME`], and reporting the work to `watch` then and at the end, with what it
/// explored of `share`, the share of the tree below the solver's place.
pub(super) fn count_until(
    solver: &mut Solver,
    stop: &AtomicBool,
    watch: Option<(&Watch, u64)>,
) -> Result<Stats, Stopped> {
    solver.set_pause_every(None);
    solver.set_pause_time(Some(PAUSE_TIME));
    // The work and the share already reported to the watch, and Knuth's estimate at the
    // start, which counts the tree left of this place as explored.
    let mut reported = Stats::default();
    let mut explored = 0;
    let start = solver.progress();
    let mut report = |solver: &Solver, done: bool| {
        if let Some((watch, share)) = watch {
            let now_explored = if done {
                share
            } else {
                let fraction = (solver.progress() - start).max(0.0) * SHARE_ONE as f64;
                (fraction as u64).clamp(explored, share)
            };
            watch
                .explored
                .fetch_add(now_explored - explored, Ordering::Relaxed);
            explored = now_explored;
            let now = solver.stats();
            watch.add_below(Stats {
                nodes: now.nodes - reported.nodes,
                updates: now.updates - reported.updates,
                solutions: now.solutions - reported.solutions,
                cleansings: now.cleansings - reported.cleansings,
                ..Stats::default()
            });
            reported = now;
        }
    };
    loop {
        match solver.step() {
            Step::Solution => {}
            Step::Exhausted => {
                report(solver, true);
                return Ok(solver.stats());
            }
            Step::Paused => {
                report(solver, false);
                if stop.load(Ordering::Relaxed) {
                    return Err(Stopped {
                        stats: solver.stats().into(),
                    });
                }
            }
            Step::GaveUp => unreachable!("no node budget is set"),
        }
    }
}
