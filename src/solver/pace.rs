//! Pauses by the clock: how many nodes a search goes between two pauses so that it pauses
//! about every [`PAUSE_TIME`], whatever a node costs ([`Pace`]), and the [`Solver`]'s
//! methods that pause by it ([`Solver::set_pause_time`]), the one place where the pauses of
//! every engine are set, so that the parallel counter, the restarts and the Sudoku solver
//! get them too.
//!
//! A node of the links on N queens takes some 20 ns, one of the learning engine on 60
//! queens some 130 µs: a fixed count of nodes between two looks at the clock and at Ctrl-C
//! (65,536 nodes, a few milliseconds on the links) made the learning engine look every 8.9
//! seconds. A [`Pace`] measures the time the nodes since the last pause took and sets the
//! nodes to the next pause from that rate, so every engine looks about as often. It is read
//! at the pauses only, never at a node: the search's one comparison per node is unchanged.
//!
//! The count of nodes grows or shrinks by at most 8 times from one pause to the next, so a
//! search whose nodes slow down (a deeper, harder part of the tree) is caught up with within
//! a few pauses, and one stalled by the scheduler does not swing the count; it starts at
//! [`FIRST_NODES`], so the first pauses come within a fraction of a second on any engine.

use std::time::{Duration, Instant};

use super::Solver;
use super::inner::Inner;
use crate::engine::Search;

/// The time between two pauses that a search paced by the clock aims at: far below the half
/// second within which a budget or Ctrl-C must act, and far above the 25 ns of a look at
/// the clock.
pub const PAUSE_TIME: Duration = Duration::from_millis(10);

/// Nodes between the first pauses of a [`Pace`], until it has measured a rate: few enough
/// for the slowest engine's nodes (the learning engine's on 36x36 Sudoku) to stay within a
/// fraction of a second, many enough for a 9x9 puzzle (some 60 nodes) to be solved before
/// any pause, so that a batch of small puzzles reads no clock.
pub(crate) const FIRST_NODES: u64 = 256;

/// The most nodes between two paced pauses (about a second at 60 million nodes a second).
const MOST_NODES: u64 = 1 << 26;

/// How many nodes a search goes between two pauses to pause about every `interval` (see the
/// module docs).
///
/// Invariant: `1 <= every <= MOST_NODES`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pace {
    /// The time aimed at between two pauses.
    interval: Duration,
    /// The nodes from a pause to the next, as last measured.
    every: u64,
    /// When the last pause was.
    last: Instant,
    /// The search's node count at the last pause.
    at: u64,
    /// Whether the search was reset since the last pause ([`Pace::restart`]): the time since
    /// then is not that of the nodes counted since, so the next pause does not measure.
    fresh: bool,
}

impl Pace {
    /// A pace aiming at `interval` between two pauses, starting from a search at `nodes`
    /// nodes now.
    pub(crate) fn new(interval: Duration, nodes: u64) -> Pace {
        Pace {
            interval,
            every: FIRST_NODES,
            last: Instant::now(),
            at: nodes,
            // The time until the first pause holds the caller's work before the search.
            fresh: true,
        }
    }

    /// The search restarts from its root with its counts at zero (a reset, the next puzzle of
    /// a batch, the next run of restarts): the next pause keeps the nodes between pauses as
    /// they are and measures from there, since the time since the last pause holds work
    /// that is not the search's (reading the next puzzle, building the next run).
    pub(crate) fn restart(&mut self) {
        self.at = 0;
        self.fresh = true;
    }

    /// The nodes from a pause to the next.
    pub(crate) fn every(&self) -> u64 {
        self.every
    }

    /// At a pause of a search at `nodes` nodes: measures the rate of the nodes since the last
    /// pause (unless the search restarted since), and returns the nodes to search before the
    /// next one.
    pub(crate) fn lap(&mut self, nodes: u64) -> u64 {
        let now = Instant::now();
        let took = now.duration_since(self.last).as_nanos().max(1);
        let done = nodes.saturating_sub(self.at);
        self.last = now;
        self.at = nodes;
        if std::mem::take(&mut self.fresh) {
            return self.every;
        }
        let aim = u128::from(done.max(1)) * self.interval.as_nanos() / took;
        let aim = u64::try_from(aim).unwrap_or(u64::MAX);
        self.every = aim
            .clamp(self.every / 8, self.every.saturating_mul(8))
            .clamp(1, MOST_NODES);
        self.every
    }
}

/// The pauses of a [`Solver`] by the clock.
impl Solver {
    /// Makes [`Solver::step`] return [`crate::Step::Paused`] about every `time` of search (`None`:
    /// never), whatever a node costs on this engine and problem: at each pause the solver
    /// measures the time its nodes took since the last and sets the nodes to the next pause
    /// from that rate (by at most 8 times as many or as few as before; the first pauses come
    /// every 256 nodes, and after a reset the first pause measures nothing). How a caller checks a budget of time or Ctrl-C on every engine
    /// within a fraction of a second ([`PAUSE_TIME`] is what the crate's own callers use).
    /// The clock is read at the pauses only, never at a node.
    ///
    /// ```
    /// use dancing::{Solver, Step};
    /// use std::time::{Duration, Instant};
    /// let mut solver = Solver::new(&dancing::problems::queens(14));
    /// solver.set_pause_time(Some(Duration::from_millis(5)));
    /// let (start, mut pauses) = (Instant::now(), 0);
    /// while start.elapsed() < Duration::from_millis(100) {
    ///     match solver.step() {
    ///         Step::Paused => pauses += 1,
    ///         Step::Solution => {}
    ///         other => unreachable!("{other:?}"),
    ///     }
    /// }
    /// assert!(pauses >= 5);
    /// ```
    pub fn set_pause_time(&mut self, time: Option<Duration>) {
        self.pace = time.map(|t| Pace::new(t, self.stats().nodes));
        self.set_pauses();
    }

    /// The pace of the pauses by the clock, if they are set.
    pub(crate) fn pace(&self) -> Option<Pace> {
        self.pace
    }

    /// Pauses by the clock at `pace` (`None`: not by the clock), as a solver paused by it
    /// did: how a search in several solvers one after another ([`crate::restart`]) keeps
    /// one pace.
    pub(crate) fn set_pace(&mut self, pace: Option<Pace>) {
        self.pace = pace;
        if let Some(pace) = &mut self.pace {
            pace.restart();
        }
        self.set_pauses();
    }

    /// Sets the engine's pauses from [`Solver::set_pause_every`] and the pace.
    pub(super) fn set_pauses(&mut self) {
        let paced = self.pace.as_ref().map_or(u64::MAX, Pace::every);
        let every = self.pause_nodes.min(paced);
        let every = (every != u64::MAX).then_some(every);
        each!(&mut self.engine, e => e.counters_mut().set_pause_every(every));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nodes_between_pauses_follow_the_rate_by_at_most_eight_times_a_pause() {
        let mut pace = Pace::new(Duration::from_secs(3600), 0);
        // The first pause measures nothing.
        assert_eq!(pace.lap(FIRST_NODES), FIRST_NODES);
        // An hour between pauses: the count grows as fast as it may, up to its bound.
        let mut nodes = FIRST_NODES;
        let mut every = pace.every();
        for _ in 0..20 {
            nodes += every;
            let next = pace.lap(nodes);
            assert!(next == (every * 8).min(MOST_NODES), "{every} -> {next}");
            every = next;
        }
        assert_eq!(every, MOST_NODES);
        // No time at all between pauses: it shrinks by 8 a pause, down to one node.
        let mut pace = Pace::new(Duration::ZERO, 0);
        pace.fresh = false;
        pace.every = 4096;
        let shrunk: Vec<u64> = (1..=5).map(|k| pace.lap(k * 10)).collect();
        assert_eq!(shrunk, [512, 64, 8, 1, 1]);
    }

    #[test]
    fn the_first_pause_after_a_restart_measures_nothing_and_the_next_measures_from_it() {
        let mut pace = Pace::new(Duration::ZERO, 1000);
        pace.restart();
        assert_eq!(pace.lap(10), FIRST_NODES);
        assert_eq!(pace.at, 10);
        assert_eq!(pace.lap(10 + FIRST_NODES), FIRST_NODES / 8);
    }
}
