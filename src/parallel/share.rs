//! The search of the top, the thread that shares the tree: it searches alone at first, then
//! hands out every node heavy enough as a subtree, named by its choices, and enters the
//! others (the rule is in the docs of [`crate::parallel`]).

use std::sync::atomic::{AtomicBool, Ordering};

use super::watch::share_of;
use super::{Shared, Stopped, Total, Watch};
use crate::solver::Pace;
use crate::{PAUSE_TIME, Solver, Step};

/// The thread that hands out subtrees searches at least this many nodes itself for each
/// level that the threads replay to reach them (see the docs of [`crate::parallel`]).
const REPLAY_SHARE: u64 = 4;

/// The search of the thread that shares the tree: it searches the first `alone` nodes alone
/// (a tree that ends there is counted on this thread only), then pauses before every node and
/// hands it to `hand_out` (as the choices that lead to it) instead of entering it when its
/// weight is at least `target` and the levels replayed so far stay within a quarter of its
/// own nodes; it enters every other node. Returns the work of its own search and what it
/// handed out, or [`Stopped`] with its work when `stop` is raised. It looks at `stop` and
/// reports to `watch` about every [`PAUSE_TIME`]; `hand_out` also gets the subtree's share
/// of the tree (for the watch's estimate).
pub(super) fn share(
    pristine: &Solver,
    alone: u64,
    target: u64,
    stop: &AtomicBool,
    watch: Option<&Watch>,
    mut hand_out: impl FnMut(Vec<usize>, u64),
) -> Result<(Total, Shared), Stopped> {
    let mut top = pristine.clone();
    let mut shared = Shared::default();
    let look = |top: &Solver, shared: &mut Shared| {
        shared.top_nodes = top.stats().nodes;
        if let Some(watch) = watch {
            watch.set_above(top);
        }
        if stop.load(Ordering::Relaxed) {
            Err(Stopped {
                stats: top.stats().into(),
            })
        } else {
            Ok(())
        }
    };
    // Runs the search to the next pause; `true` at the end of the tree.
    let run = |top: &mut Solver| loop {
        match top.step() {
            Step::Solution => {}
            Step::Exhausted => return true,
            Step::Paused => return false,
            Step::GaveUp => unreachable!("no node budget is set"),
        }
    };
    // Alone, looking at the flag at every pause.
    top.set_pause_every(Some(alone.max(1)));
    top.set_pause_time(Some(PAUSE_TIME));
    let done = loop {
        if run(&mut top) {
            break true;
        }
        look(&top, &mut shared)?;
        if top.stats().nodes >= alone {
            break false;
        }
    };
    if !done {
        // The weight of the node at each level of the path, the product of the degrees above
        // it, for the levels up to the node the search paused before.
        let mut weights = vec![1u64];
        let mut degrees = Vec::new();
        top.degrees(0, &mut degrees);
        for &d in &degrees {
            let w = weights[weights.len() - 1].saturating_mul(u64::from(d));
            weights.push(w);
        }
        let mut choices = Vec::new();
        // Paused before every node now, the search looks at the flag by its own pace.
        let nodes = top.stats().nodes;
        let mut pace = top.pace().unwrap_or_else(|| Pace::new(PAUSE_TIME, nodes));
        let mut next_look = top.stats().nodes + pace.every();
        top.set_pause_time(None);
        top.set_pause_every(Some(1));
        // The level of the node of full weight that this thread searches whole, if it is in
        // one.
        let mut whole = None;
        loop {
            // Paused before a node at `level`, whose parent is the top of the path.
            let level = top.level();
            match whole {
                Some(w) if level > w => {}
                _ => {
                    whole = None;
                    weights.truncate(level + 1);
                    if weights.len() == level {
                        degrees.clear();
                        top.degrees(level - 1, &mut degrees);
                        let w = weights[level - 1].saturating_mul(u64::from(degrees[0]));
                        weights.push(w);
                    }
                    if weights[level] >= target {
                        let replayed = shared.replayed + level as u64;
                        if REPLAY_SHARE * replayed <= top.stats().nodes {
                            top.choices(&mut choices);
                            top.pass();
                            shared.subtrees += 1;
                            shared.replayed = replayed;
                            let share = share_of(weights[level]);
                            if let Some(watch) = watch {
                                watch.handed.fetch_add(share, Ordering::Relaxed);
                            }
                            hand_out(choices.clone(), share);
                        } else {
                            whole = Some(level);
                        }
                    }
                }
            }
            if run(&mut top) {
                break;
            }
            let nodes = top.stats().nodes;
            if nodes >= next_look {
                next_look = nodes + pace.lap(nodes);
                look(&top, &mut shared)?;
            }
        }
    }
    look(&top, &mut shared)?;
    Ok((top.stats().into(), shared))
}
