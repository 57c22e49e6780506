//! The sums of a count: [`Total`], the work of several searches in 128 bits, and [`Stopped`],
//! the work of a count stopped before the end.

#[cfg(doc)]
use crate::Solver;
use crate::{Count, Stats};

/// The work of several searches added up, in 128 bits: the count of a whole tree searched
/// in parts (by threads, by [`crate::parts`] on many machines) and its statistics.
///
/// One [`Solver`] counts in 64 bits ([`Stats`]), and cannot overflow them: it finds one
/// solution, enters one node, per step, and 2^64 steps at a billion a second take 584
/// years. A sum of many searches can: a thousand machines for a year pass 2^64 nodes, and a
/// `u64` total of such a count wraps around silently. So sums of parts are made here, in
/// `u128`, which no search can exhaust. The count itself is a [`Count`], which has no bound:
/// a part counted by memoization rather than by visiting each solution can pass 2^128.
///
/// In JSON (the files of [`crate::parts`]) it is `{"count":…,"nodes":…,"updates":…}`, with
/// `"cleansings":…` after them when there are any (problems with colors); the count is a
/// number, or a string of digits past 2^128.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Total {
    /// Solutions found: the count (exact: a total is of whole searches).
    #[serde(rename = "count")]
    pub solutions: Count,
    /// Nodes of the search tree entered, solutions included (Knuth's `nodes`).
    pub nodes: u128,
    /// Items covered plus option nodes hidden (Knuth's `updates`).
    pub updates: u128,
    /// Purifications plus option nodes cleansed (Knuth's `cleansings`): 0 without colors.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cleansings: u128,
}

/// Whether a total's field is 0, so that JSON leaves it out.
pub(crate) fn is_zero(n: &u128) -> bool {
    *n == 0
}

impl From<Stats> for Total {
    fn from(stats: Stats) -> Total {
        Total {
            solutions: Count::exact(stats.solutions),
            nodes: stats.nodes.into(),
            updates: stats.updates.into(),
            cleansings: stats.cleansings.into(),
        }
    }
}

impl std::ops::Add for Total {
    type Output = Total;

    /// # Panics
    /// If a sum of nodes, updates or cleansings passes 2^128 (it cannot, for searches; see
    /// [`Total`]).
    fn add(self, other: Total) -> Total {
        let sum = |a: u128, b: u128| a.checked_add(b).expect("a total below 2^128");
        Total {
            solutions: self.solutions + other.solutions,
            nodes: sum(self.nodes, other.nodes),
            updates: sum(self.updates, other.updates),
            cleansings: sum(self.cleansings, other.cleansings),
        }
    }
}

impl std::ops::AddAssign for Total {
    fn add_assign(&mut self, other: Total) {
        *self = std::mem::take(self) + other;
    }
}

impl std::iter::Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total::default(), |a, b| a + b)
    }
}

/// A count stopped by its flag before the end.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error("stopped after {} nodes with {} solutions found", .stats.nodes, .stats.solutions)]
pub struct Stopped {
    /// The work done until then; `stats.solutions` is a lower bound on the count.
    pub stats: Total,
}

/// The sum of two parts of a count, stopped if either part was.
pub(super) fn combine(
    a: Result<Total, Stopped>,
    b: Result<Total, Stopped>,
) -> Result<Total, Stopped> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok(a + b),
        (Ok(a) | Err(Stopped { stats: a }), Ok(b) | Err(Stopped { stats: b })) => {
            Err(Stopped { stats: a + b })
        }
    }
}
