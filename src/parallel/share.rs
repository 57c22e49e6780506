//! The search of the top, the thread that shares the tree: it searches alone at first, then
//! hands out every node heavy enough as a subtree, named by its choices, and enters the
//! others, as long as the replays of the subtrees stay within a share of its own work (the
//! rule is in the docs of [`crate::parallel`]).

use std::sync::atomic::{AtomicBool, Ordering};

use super::watch::share_of;
use super::{Shared, Stopped, Total, Watch};
use crate::solver::{Pace, links_mems};
use crate::{PAUSE_TIME, Solver, Step};

/// The thread that hands out subtrees does at least this many times the work of the
/// replays that reach them itself (see the docs of [`crate::parallel`]).
const REPLAY_SHARE: u64 = 4;

/// What the top knows of a level of the path it stands on, from the node of the level above
/// it entered (the parent of every node at this level it meets until it backs up past it).
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The weight of a node at this level: the product of the degrees above it.
    weight: u64,
    /// The work of replaying the choices down to a node at this level, in mems: for each
    /// level above, a node, the updates of its node down to its first child (the branching
    /// item covered, the choice's other items covered), and a step over each option of the
    /// branching item's list, which its cover walks (an option of one item hides no node,
    /// so the updates leave that walk out).
    replay: u64,
}

/// The search of the thread that shares the tree: it pauses before every node, searches the
/// first `alone` nodes alone (a tree that ends there is counted on this thread only), then
/// hands a node to `hand_out` (as the choices that lead to it) instead of entering it when
/// its weight is at least `target` and the work of the replays, this one's included, stays
/// within a [`REPLAY_SHARE`]th of its own; it enters every other node. Returns the work of
/// its own search and what it handed out, or [`Stopped`] with its work when `stop` is
/// raised. It looks at `stop` and reports to `watch` about every [`PAUSE_TIME`]; `hand_out`
/// also gets the subtree's share of the tree (for the watch's estimate).
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
        let stats = top.stats();
        shared.top_nodes = stats.nodes;
        shared.top_work = links_mems(stats.nodes, stats.updates);
        if let Some(watch) = watch {
            watch.set_above(top);
        }
        if stop.load(Ordering::Relaxed) {
            Err(Stopped {
                stats: stats.into(),
            })
        } else {
            Ok(())
        }
    };
    top.set_pause_every(Some(1));
    // Paused before every node, the search looks at the flag by its own pace.
    let mut pace = Pace::new(PAUSE_TIME, 0);
    let mut next_look = pace.every();
    // The levels of the path, from the root's; `path[l]` is known at every pause at level
    // `l` and above.
    let mut path = vec![Level {
        weight: 1,
        replay: 0,
    }];
    // The level of the last pause and the updates then (the root's: level 0, none).
    let (mut last_level, mut last_updates) = (0, 0);
    let (mut degrees, mut choices) = (Vec::new(), Vec::new());
    // The level of the node that this thread searches whole, if it is in one.
    let mut whole = None;
    loop {
        match top.step() {
            Step::Solution => continue,
            Step::Exhausted => break,
            Step::Paused => {}
            Step::GaveUp => unreachable!("no node budget is set"),
        }
        // Paused before a node at `level`, whose parent is the top of the path.
        let level = top.level();
        let stats = top.stats();
        if level == last_level + 1 {
            // The node at the last pause was entered, and this is its first child: the work
            // since that pause is the level's step down.
            degrees.clear();
            top.degrees(last_level, &mut degrees);
            let degree = u64::from(degrees[0]);
            let above = path[last_level];
            path.truncate(level);
            path.push(Level {
                weight: above.weight.saturating_mul(degree),
                replay: above
                    .replay
                    .saturating_add(links_mems(1, stats.updates - last_updates + degree)),
            });
        }
        (last_level, last_updates) = (level, stats.updates);
        if stats.nodes >= next_look {
            next_look = stats.nodes + pace.lap(stats.nodes);
            look(&top, &mut shared)?;
        }
        if stats.nodes < alone {
            continue;
        }
        match whole {
            Some(w) if level > w => continue,
            _ => whole = None,
        }
        let Level { weight, replay } = path[level];
        if weight < target {
            continue;
        }
        let replays = shared.replay_work.saturating_add(replay);
        if REPLAY_SHARE.saturating_mul(replays) <= links_mems(stats.nodes, stats.updates) {
            top.choices(&mut choices);
            top.pass();
            shared.subtrees += 1;
            shared.replayed += level as u64;
            shared.replay_work = replays;
            let share = share_of(weight);
            if let Some(watch) = watch {
                watch.handed.fetch_add(share, Ordering::Relaxed);
            }
            hand_out(choices.clone(), share);
        } else {
            whole = Some(level);
        }
    }
    look(&top, &mut shared)?;
    Ok((top.stats().into(), shared))
}
