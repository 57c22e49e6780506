//! The K best solutions found so far, shared by every thread of a search, and the cutoff
//! they imply (DLX5's `bestcost` heap and `cutoffcost`).
//!
//! Costs here are net costs summed exactly in `u128`: a solution has at most one option a
//! primary item, each of net cost below 2^64, so no sum of the crate reaches [`INFINITE`].
//!
//! Invariant: `cutoff` is the largest net cost in `kept` once `kept` holds `k` solutions,
//! and [`INFINITE`] before; it only ever decreases, and every thread sees it decrease. A
//! search needs only solutions cheaper than the cutoff (one that costs as much as the K-th
//! best cannot displace it), so the engines read it without the lock at every node
//! ([`Best::cutoff`]) and take the lock only to offer a solution.

use std::collections::BinaryHeap;
use std::hint::spin_loop;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering, fence};

/// The cutoff while fewer than K solutions are known: above every net cost (a sum of fewer
/// than 2^64 costs each below 2^64), so that it cuts nothing.
pub(crate) const INFINITE: u128 = u128::MAX;

/// The K best solutions known (net costs, options of the problem as the engines number
/// them) and their cutoff.
#[derive(Debug)]
pub(crate) struct Best {
    k: usize,
    /// A max-heap on net cost (ties broken by the options, so the heap's order is total).
    kept: Mutex<BinaryHeap<(u128, Vec<usize>)>>,
    cutoff: Cutoff,
}

impl Best {
    /// Keeps the `k` best (`k >= 1`).
    pub(crate) fn new(k: usize) -> Best {
        Best {
            k: k.max(1),
            kept: Mutex::new(BinaryHeap::with_capacity(k.saturating_add(1).min(1 << 16))),
            cutoff: Cutoff::new(INFINITE),
        }
    }

    /// The net cost a solution must be below to be kept. A thread that reads it twice never
    /// reads a larger value the second time (the links' thresholds rely on it).
    #[inline]
    pub(crate) fn cutoff(&self) -> u128 {
        self.cutoff.load()
    }

    /// Offers a solution of net cost `cost`; keeps it if it is below the cutoff (dropping the
    /// most expensive one kept if there are then more than K), and lowers the cutoff.
    pub(crate) fn offer(&self, cost: u128, options: impl FnOnce() -> Vec<usize>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if cost >= self.cutoff() {
            return;
        }
        kept.push((cost, options()));
        if kept.len() > self.k {
            kept.pop();
        }
        if kept.len() == self.k {
            let top = kept.peek().map_or(INFINITE, |&(c, _)| c);
            // Written under the lock of `kept`: one writer at a time, as `Cutoff` needs.
            self.cutoff.store(top);
        }
    }

    /// The solutions kept, cheapest first (ties in the order of their options).
    pub(crate) fn into_sorted(self) -> Vec<(u128, Vec<usize>)> {
        self.kept
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_sorted_vec()
    }
}

/// A `u128` that one thread at a time writes and any thread reads without a lock: a
/// sequence lock over its two halves (the standard has no 128-bit atomic, and a
/// compare-exchange of 16 bytes would make every read a write).
///
/// Invariant: `seq` is odd exactly while a [`Cutoff::store`] is writing the halves; a
/// [`Cutoff::load`] that saw the same even `seq` before and after reading them read the
/// halves of one store. Reads of one thread thus see the stores in their order: they
/// never go back to an earlier value.
#[derive(Debug)]
struct Cutoff {
    seq: AtomicU64,
    high: AtomicU64,
    low: AtomicU64,
}

impl Cutoff {
    /// The value `value`.
    fn new(value: u128) -> Cutoff {
        Cutoff {
            seq: AtomicU64::new(0),
            high: AtomicU64::new((value >> 64) as u64),
            low: AtomicU64::new(value as u64),
        }
    }

    /// The value of the last store (or the first value), read whole.
    #[inline]
    fn load(&self) -> u128 {
        loop {
            let before = self.seq.load(Ordering::Acquire);
            let high = self.high.load(Ordering::Relaxed);
            let low = self.low.load(Ordering::Relaxed);
            fence(Ordering::Acquire);
            if before.is_multiple_of(2) && self.seq.load(Ordering::Relaxed) == before {
                return u128::from(high) << 64 | u128::from(low);
            }
            spin_loop();
        }
    }

    /// Sets the value; the caller must be the only thread storing (it holds a lock).
    fn store(&self, value: u128) {
        let seq = self.seq.load(Ordering::Relaxed);
        self.seq.store(seq + 1, Ordering::Relaxed);
        fence(Ordering::Release);
        self.high.store((value >> 64) as u64, Ordering::Relaxed);
        self.low.store(value as u64, Ordering::Relaxed);
        self.seq.store(seq + 2, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_k_cheapest_and_cuts_at_the_kth() {
        let best = Best::new(3);
        for (cost, k) in [(5, 0), (2, 1), (9, 2)] {
            best.offer(cost, || vec![k]);
        }
        assert_eq!(best.cutoff(), 9);
        best.offer(9, || vec![3]);
        best.offer(1, || vec![4]);
        assert_eq!(best.cutoff(), 5);
        best.offer(2, || vec![5]);
        assert_eq!(best.cutoff(), 2);
        assert_eq!(
            best.into_sorted(),
            vec![(1, vec![4]), (2, vec![1]), (2, vec![5])]
        );
    }

    #[test]
    fn costs_of_64_bits_and_more_are_kept_and_cut_exactly() {
        let max = u128::from(u64::MAX);
        let best = Best::new(2);
        best.offer(max, || vec![0]);
        assert_eq!(best.cutoff(), INFINITE);
        best.offer(max + 1, || vec![1]);
        assert_eq!(best.cutoff(), max + 1);
        best.offer(max + 1, || vec![2]);
        best.offer(max, || vec![3]);
        assert_eq!(best.cutoff(), max);
        assert_eq!(best.into_sorted(), vec![(max, vec![0]), (max, vec![3])]);
    }

    #[test]
    fn threads_reading_the_cutoff_while_it_falls_see_only_values_stored_in_order() {
        // Values whose halves both change at every store, so that a torn read would be
        // neither of two values in a row.
        let values: Vec<u128> = (0..20_000u128)
            .rev()
            .map(|v| (v << 64) | ((v * 0x9e37_79b9) % (1 << 63)) | (1 << 63))
            .collect();
        let cutoff = Cutoff::new(INFINITE);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let mut last = INFINITE;
                    for _ in 0..200_000 {
                        let v = cutoff.load();
                        assert!(v <= last, "{v:#x} after {last:#x}");
                        assert!(v == INFINITE || values.binary_search_by(|x| v.cmp(x)).is_ok());
                        last = v;
                    }
                });
            }
            for &v in &values {
                cutoff.store(v);
            }
        });
    }
}
