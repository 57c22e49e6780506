//! Estimates of a search before it runs: Knuth's estimator of the size of a backtrack tree
//! (TAOCP 7.2.2, "Estimating the running time"), walked on the links' tree, and the rate at
//! which the links enter nodes on this machine, which turns the estimate into a time.
//!
//! A *path* starts at the root and, at each node, takes one of its children uniformly at
//! random, until a node without children (a solution, or a dead end whose item has no
//! options). If `d_1, d_2, ...` are the branching degrees met on the way down, the path's
//! estimate of the tree's nodes is `1 + d_1 + d_1 d_2 + ...`; its expected value is exactly
//! the number of nodes of the tree, so the mean over independent paths is an unbiased
//! estimate, whose spread the standard deviation of the paths measures.
//!
//! The tree is the one the links search (DLX1, DLX2 or DLX3 by the problem's class, as
//! [`Engine::Links`] gives them), whose nodes [`Solver::stats`] counts: each path walks it
//! with the solver's own steps (`Solver::split` lists a node's children, and
//! `Solver::descend` enters one), so the degrees are those of the search that would run.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::rng::Rng;
use crate::{Engine, Problem, Solver};

/// What [`estimate`] found: the mean of the paths' estimates of the tree's nodes, and how
/// far apart they were.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The paths walked (fewer than asked for if the deadline fell first; at least one).
    pub paths: u64,
    /// The mean of the paths' estimates: the estimated nodes of the whole search.
    pub mean: f64,
    /// The standard deviation of the paths' estimates (0 for a single path).
    pub std_dev: f64,
    /// The largest estimate of a single path.
    pub max: f64,
}

impl Estimate {
    /// The standard error of the mean: the standard deviation over the square root of the
    /// number of paths.
    pub fn std_error(&self) -> f64 {
        self.std_dev / (self.paths as f64).sqrt()
    }

    /// The interval of two standard errors either side of the mean (about 95% confidence if
    /// the mean of the paths is nearly normal, which a heavy tail of rare deep paths can
    /// belie), its low end no less than one node (the root).
    pub fn interval(&self) -> (f64, f64) {
        let e = 2.0 * self.std_error();
        ((self.mean - e).max(1.0), self.mean + e)
    }

    /// How uneven the paths were: the standard deviation over the mean.
    pub fn spread(&self) -> f64 {
        self.std_dev / self.mean
    }

    /// The estimated time of the whole search at `rate` nodes per second (as
    /// [`nodes_per_second`] measures it), capped at [`Duration::MAX`] (some 584 billion
    /// years; [`Estimate::seconds`] is not capped).
    pub fn time(&self, rate: f64) -> Duration {
        Duration::try_from_secs_f64(self.seconds(rate)).unwrap_or(Duration::MAX)
    }

    /// [`Estimate::time`] in seconds, however large: a tree of 10^30 nodes takes some
    /// 10^23 s, which no [`Duration`] holds.
    pub fn seconds(&self, rate: f64) -> f64 {
        self.mean / rate.max(f64::MIN_POSITIVE)
    }

    /// How many parts to cut the search into so that each takes about `part` at `rate` nodes
    /// per second, on average: the estimated time over `part`, rounded up, at least 1 and at
    /// most [`MAX_PARTS`]. The parts of a split are whole subtrees, which differ in size, so a
    /// part can take much more or much less than the mean.
    pub fn parts_for(&self, rate: f64, part: Duration) -> usize {
        let parts = (self.seconds(rate) / part.as_secs_f64().max(1e-9)).ceil();
        // (`as` saturates; NaN, from a zero rate and part, goes to 0 and then to 1.)
        (parts as usize).clamp(1, MAX_PARTS)
    }
}

/// The most parts [`Estimate::parts_for`] asks for: a million parts is a parts file of some
/// 150 MB, and a search that needs more than a million machine-sized parts is better cut
/// into bigger ones.
pub const MAX_PARTS: usize = 1_000_000;

/// Walks `paths` random paths (at least one) down the links' search tree of `problem`,
/// drawing the children from `seed`, and returns the mean of their estimates; stops early,
/// after at least one path, once `deadline` has passed. The same seed gives the same
/// paths.
pub fn estimate(problem: &Problem, paths: u64, seed: u64, deadline: Option<Instant>) -> Estimate {
    estimate_watched(problem, paths, seed, || {
        deadline.is_none_or(|d| Instant::now() < d)
    })
}

/// [`estimate`], asking `go_on` before each path after the first and stopping early when it
/// says no (a deadline, a Ctrl-C handler's flag).
pub fn estimate_watched(
    problem: &Problem,
    paths: u64,
    seed: u64,
    mut go_on: impl FnMut() -> bool,
) -> Estimate {
    let mut solver = Solver::with_engine(problem, Engine::Links);
    let mut rng = Rng::new(seed);
    let (mut walked, mut mean, mut squares, mut max) = (0u64, 0.0f64, 0.0f64, 0.0f64);
    while walked < paths.max(1) {
        if walked > 0 && !go_on() {
            break;
        }
        let x = walk(&mut solver, &mut rng);
        // Welford's running mean and sum of squared deviations.
        walked += 1;
        let delta = x - mean;
        mean += delta / walked as f64;
        squares += delta * (x - mean);
        max = max.max(x);
    }
    let std_dev = if walked > 1 {
        (squares / (walked - 1) as f64).sqrt()
    } else {
        0.0
    };
    Estimate {
        paths: walked,
        mean,
        std_dev,
        max,
    }
}

/// One random path from the root of `solver`'s tree: its estimate `1 + d_1 + d_1 d_2 + ...`.
/// Leaves `solver` reset.
fn walk(solver: &mut Solver, rng: &mut Rng) -> f64 {
    let (mut total, mut weight) = (1.0f64, 1.0f64);
    let mut path: Vec<usize> = Vec::new();
    loop {
        solver.reset();
        for &option in &path {
            solver.descend(option);
        }
        // The node at the end of `path` is entered, and each of its children listed by the
        // options chosen from the root down to it.
        let children = solver
            .split(path.len() + 1, |_| ControlFlow::Continue(()))
            .expect("a split that never stops at a pause lists every child");
        if children.is_empty() {
            solver.reset();
            return total;
        }
        weight *= children.len() as f64;
        total += weight;
        path.clone_from(&children[rng.below(children.len())]);
    }
}

/// How long [`nodes_per_second`] runs the search when asked by the command line and the
/// Python package: long enough for a steady rate, short beside any search worth estimating.
pub const SPEED_RUN: Duration = Duration::from_millis(100);

/// The links' speed on `problem`, measured on the start of its real search: the nodes entered
/// per second by a search of at least `run` (or the whole search, if shorter).
pub fn nodes_per_second(problem: &Problem, run: Duration) -> f64 {
    let mut solver = Solver::with_engine(problem, Engine::Links);
    let mut budget = 1024u64;
    loop {
        solver.reset();
        solver.set_max_nodes(Some(budget));
        let start = Instant::now();
        let finished = solver.count(None).is_ok();
        let seconds = start.elapsed().as_secs_f64();
        if finished || seconds >= run.as_secs_f64() {
            return solver.stats().nodes as f64 / seconds.max(1e-9);
        }
        budget = budget.saturating_mul(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    /// The nodes of the links' whole search of `problem`.
    fn true_nodes(problem: &Problem) -> f64 {
        let mut solver = Solver::with_engine(problem, Engine::Links);
        solver.count(None).unwrap();
        solver.stats().nodes as f64
    }

    #[test]
    fn the_mean_of_many_paths_lands_near_the_true_count() {
        for problem in [
            crate::problems::queens(8),
            crate::problems::langford(7, false),
        ] {
            let truth = true_nodes(&problem);
            let e = estimate(&problem, 3000, 1, None);
            assert_eq!(e.paths, 3000);
            assert!(
                e.mean > truth / 2.0 && e.mean < truth * 2.0,
                "{} vs {truth}",
                e.mean
            );
            assert!(e.max >= e.mean && e.std_dev > 0.0);
        }
    }

    #[test]
    fn a_seed_gives_the_same_estimate() {
        let problem = crate::problems::queens(6);
        assert_eq!(
            estimate(&problem, 50, 7, None),
            estimate(&problem, 50, 7, None)
        );
    }

    #[test]
    fn a_tree_of_one_path_is_estimated_exactly() {
        // Each item has one option, or its options are forced by those above: a chain.
        let mut b = ProblemBuilder::new(4, 0);
        for option in [[0, 1].as_slice(), &[2], &[3]] {
            b.option(option.iter().copied()).unwrap();
        }
        let problem = b.build().unwrap();
        let e = estimate(&problem, 20, 3, None);
        assert_eq!(e.mean, true_nodes(&problem));
        assert_eq!((e.std_dev, e.max), (0.0, e.mean));
    }

    #[test]
    fn a_passed_deadline_walks_one_path() {
        let problem = crate::problems::queens(8);
        let e = estimate(&problem, 1000, 1, Some(Instant::now()));
        assert_eq!((e.paths, e.std_dev), (1, 0.0));
    }

    #[test]
    fn parts_for_a_part_time_divide_the_estimated_time_rounding_up_within_bounds() {
        let e = Estimate {
            paths: 10,
            mean: 1000.0,
            std_dev: 0.0,
            max: 1000.0,
        };
        // 1,000 nodes at 100 nodes/s: 10 s.
        assert_eq!(e.time(100.0), Duration::from_secs(10));
        assert_eq!(e.parts_for(100.0, Duration::from_secs(1)), 10);
        assert_eq!(e.parts_for(100.0, Duration::from_secs(3)), 4);
        assert_eq!(e.parts_for(100.0, Duration::from_secs(60)), 1);
        assert_eq!(e.parts_for(100.0, Duration::from_nanos(1)), MAX_PARTS);
        assert_eq!(e.parts_for(0.0, Duration::ZERO), MAX_PARTS);
        assert_eq!(e.time(0.0), Duration::MAX);
    }
}
