//! What a thread watching a count reads: [`Watch`], the stop flag, the work done so far and
//! Knuth's estimate of the share of the tree explored, which the counting threads update at
//! every pause.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

#[cfg(doc)]
use super::MAX_JOBS;
use super::Total;
#[cfg(doc)]
use crate::PAUSE_TIME;
use crate::{Solver, Stats};

/// The work of a running count, shared between its threads and a thread that watches: the
/// flag that stops it, the work done so far, and how far it got. The counting threads update
/// it at every pause (about every [`PAUSE_TIME`]) and at the end of each subtree, so what it
/// shows lags behind the threads by at most a pause each.
#[derive(Debug, Default)]
pub struct Watch {
    pub(super) stop: AtomicBool,
    /// The work of the thread that hands out the subtrees, replaced as it goes, as nodes,
    /// updates, solutions, cleansings.
    above: [AtomicU64; 4],
    /// The work done in the subtrees handed out, added as it is done.
    below: [AtomicU64; 4],
    /// Knuth's estimate of the fraction explored by the thread that hands out the subtrees
    /// (`f64` bits), which counts a subtree handed out as explored.
    above_progress: AtomicU64,
    /// The shares of the tree (in units of [`SHARE_ONE`]) of the subtrees handed out, as
    /// Knuth's estimate weighs them, and of what the threads explored in them: the estimate
    /// of the whole is `above_progress - handed + explored`.
    pub(super) handed: AtomicU64,
    pub(super) explored: AtomicU64,
    /// The threads the count runs on (0 until it starts).
    pub(super) threads: AtomicUsize,
}

/// The whole tree, as a share in [`Watch`]'s fixed point: shares add up exactly, and no sum
/// of shares of one tree passes it.
pub(super) const SHARE_ONE: u64 = 1 << 62;

/// The share of the tree of a node of `weight` (the product of the degrees above it).
pub(super) fn share_of(weight: u64) -> u64 {
    SHARE_ONE / weight.max(1)
}

impl Watch {
    /// A watch for a count that has not started.
    pub fn new() -> Watch {
        Watch::default()
    }

    /// Asks the count to stop: every thread stops at its next pause.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Watch::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The threads the count runs on, once it has started (0 before): those asked for, at
    /// most [`MAX_JOBS`], or fewer when the system could not start them (see the docs of
    /// [`crate::parallel`]), for a caller to warn.
    pub fn threads(&self) -> usize {
        self.threads.load(Ordering::Relaxed)
    }

    /// The work done so far; once the count is complete, its exact statistics.
    pub fn stats(&self) -> Stats {
        let read = |a: &[AtomicU64; 4], k: usize| a[k].load(Ordering::Relaxed);
        let of = |a| Stats {
            nodes: read(a, 0),
            updates: read(a, 1),
            solutions: read(a, 2),
            cleansings: read(a, 3),
            ..Stats::default()
        };
        of(&self.above) + of(&self.below)
    }

    /// An estimate of the fraction of the tree explored, from 0 to 1: Knuth's estimate
    /// ([`Solver::progress`]) of the search of the thread that hands out the subtrees, less
    /// the subtrees it handed out, plus Knuth's estimate of what the threads explored in
    /// each (so it moves at every pause of every thread, not only when a subtree ends); 1
    /// once the count is complete.
    pub fn progress(&self) -> f64 {
        let above = f64::from_bits(self.above_progress.load(Ordering::Relaxed));
        let share = |a: &AtomicU64| a.load(Ordering::Relaxed) as f64 / SHARE_ONE as f64;
        (above - share(&self.handed) + share(&self.explored)).clamp(0.0, 1.0)
    }

    /// Records the work of the thread that hands out the subtrees, as it is now.
    pub(super) fn set_above(&self, solver: &Solver) {
        let stats = solver.stats();
        for (slot, value) in self.above.iter().zip([
            stats.nodes,
            stats.updates,
            stats.solutions,
            stats.cleansings,
        ]) {
            slot.store(value, Ordering::Relaxed);
        }
        let progress = solver.progress().to_bits();
        self.above_progress.store(progress, Ordering::Relaxed);
    }

    /// Adds work done in a subtree handed out.
    pub(super) fn add_below(&self, stats: Stats) {
        for (slot, value) in self.below.iter().zip([
            stats.nodes,
            stats.updates,
            stats.solutions,
            stats.cleansings,
        ]) {
            slot.fetch_add(value, Ordering::Relaxed);
        }
    }

    /// Records the exact statistics of a complete count (a watch shows them in 64 bits,
    /// which one machine's count cannot pass: see [`Total`]).
    pub(super) fn finish(&self, total: &Total) {
        for (k, value) in [
            total.nodes,
            total.updates,
            total.solutions.to_u128().unwrap_or(u128::MAX),
            total.cleansings,
        ]
        .into_iter()
        .enumerate()
        {
            let value = u64::try_from(value).unwrap_or(u64::MAX);
            self.above[k].store(value, Ordering::Relaxed);
            self.below[k].store(0, Ordering::Relaxed);
        }
        self.above_progress.store(1f64.to_bits(), Ordering::Relaxed);
        self.handed.store(0, Ordering::Relaxed);
        self.explored.store(0, Ordering::Relaxed);
    }
}
