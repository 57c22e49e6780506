//! The K best solutions found so far, shared by every thread of a search, and the cutoff
//! they imply (DLX5's `bestcost` heap and `cutoffcost`).
//!
//! Invariant: `cutoff` is the largest net cost in `kept` once `kept` holds `k` solutions,
//! and [`INFINITE`] before; it only ever decreases. A search needs only solutions cheaper
//! than the cutoff (one that costs as much as the K-th best cannot displace it), so the
//! engines read it without the lock at every node ([`Best::cutoff`]) and take the lock only
//! to offer a solution.

use std::collections::BinaryHeap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The cutoff while fewer than K solutions are known: no net cost reaches it (costs add up
/// saturating below it, see [`super::links`]).
pub(crate) const INFINITE: u64 = u64::MAX;

/// The K best solutions known (net costs, options of the problem as the engines number
/// them) and their cutoff.
#[derive(Debug)]
pub(crate) struct Best {
    k: usize,
    /// A max-heap on net cost (ties broken by the options, so the heap's order is total).
    kept: Mutex<BinaryHeap<(u64, Vec<usize>)>>,
    cutoff: AtomicU64,
}

impl Best {
    /// Keeps the `k` best (`k >= 1`).
    pub(crate) fn new(k: usize) -> Best {
        Best {
            k: k.max(1),
            kept: Mutex::new(BinaryHeap::with_capacity(k.saturating_add(1).min(1 << 16))),
            cutoff: AtomicU64::new(INFINITE),
        }
    }

    /// The net cost a solution must be below to be kept.
    pub(crate) fn cutoff(&self) -> u64 {
        self.cutoff.load(Ordering::Relaxed)
    }

    /// Offers a solution of net cost `cost`; keeps it if it is below the cutoff (dropping the
    /// most expensive one kept if there are then more than K), and lowers the cutoff.
    pub(crate) fn offer(&self, cost: u64, options: impl FnOnce() -> Vec<usize>) {
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
            self.cutoff.store(top, Ordering::Relaxed);
        }
    }

    /// The solutions kept, cheapest first (ties in the order of their options).
    pub(crate) fn into_sorted(self) -> Vec<(u64, Vec<usize>)> {
        self.kept
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_sorted_vec()
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
}
