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
    /// The paths walked (fewer than asked for if the deadline fell first, or the time cap
    /// of [`estimate_capped`]; at least one).
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
    sample(problem, paths, seed, |_, _| go_on())
}

/// The share of the search's own work that the paths of [`estimate_capped`] may take: an
/// estimate is worth its time only while it is well short of the search's (a tenth of the
/// links' search is about a third of the default engine's on pentomino-6x10-xq, which runs
/// on bitsets).
pub const PATHS_SHARE: f64 = 0.1;

/// The fewest paths that [`estimate_capped`] walks (if asked for as many) before its cap may
/// stop it: enough for a standard deviation to say something.
pub const MIN_PATHS: u64 = 100;

/// What a step of a path costs beyond the nodes it enters, in the links' nodes: choosing the
/// branching item and listing the children of a node through the splitting search. Measured
/// (release build, CPU time of 2,000 more paths against the links' time per node of the
/// whole search): a step costs 43 nodes on pentomino-3x20 and pentomino-6x10-xq, of which
/// it enters 10, 33 on nqueens-12 (enters 9), 22 on sudoku-hard (enters 29).
pub const STEP_NODES: u64 = 20;

/// [`estimate_watched`], capped by the size of the search it estimates: after [`MIN_PATHS`]
/// paths, it stops once the paths have cost [`PATHS_SHARE`] of the nodes that the search
/// would enter, by the high end of the interval of the paths so far
/// ([`Estimate::interval`]). Returns the estimate and whether the cap stopped it.
///
/// A path's cost is counted in the search's own unit, the node: at each level, the nodes it
/// enters (the levels from the root down to the node it stands on, and that node's children,
/// to list them) and [`STEP_NODES`] for the rest of the step. So the cap does not read a
/// clock, and the same seed still gives the same estimate, on any machine and under any load.
/// It reads the interval's high end rather than the mean, so that a run of shallow paths,
/// whose mean stays low until a rare deep path comes, does not stop the sampling on its own
/// low estimate (stopping when the mean is low would bias the estimates low); and a search
/// whose paths have cost a tenth of it, by the estimate's own high end, is better run than
/// estimated.
pub fn estimate_capped(
    problem: &Problem,
    paths: u64,
    seed: u64,
    mut go_on: impl FnMut() -> bool,
) -> (Estimate, bool) {
    let mut capped = false;
    let e = sample(problem, paths, seed, |so_far, cost| {
        capped = so_far.paths >= MIN_PATHS && cost as f64 >= PATHS_SHARE * so_far.interval().1;
        !capped && go_on()
    });
    (e, capped)
}

/// Walks up to `paths` paths (at least one), asking `go_on` with the estimate so far and the
/// paths' cost (see [`estimate_capped`]) before each path after the first, and stopping when
/// it says no.
fn sample(
    problem: &Problem,
    paths: u64,
    seed: u64,
    mut go_on: impl FnMut(&Estimate, u64) -> bool,
) -> Estimate {
    let mut solver = Solver::with_engine(problem, Engine::Links);
    let mut rng = Rng::new(seed);
    let (mut squares, mut cost) = (0.0f64, 0u64);
    let mut e = Estimate {
        paths: 0,
        mean: 0.0,
        std_dev: 0.0,
        max: 0.0,
    };
    while e.paths < paths.max(1) {
        if e.paths > 0 && !go_on(&e, cost) {
            break;
        }
        let (x, nodes) = walk(&mut solver, &mut rng);
        cost = cost.saturating_add(nodes);
        // Welford's running mean and sum of squared deviations.
        e.paths += 1;
        let delta = x - e.mean;
        e.mean += delta / e.paths as f64;
        squares += delta * (x - e.mean);
        e.max = e.max.max(x);
        if e.paths > 1 {
            e.std_dev = (squares / (e.paths - 1) as f64).sqrt();
        }
    }
    e
}

/// One random path from the root of `solver`'s tree: its estimate `1 + d_1 + d_1 d_2 + ...`,
/// and its cost in nodes (see [`estimate_capped`]). Leaves `solver` reset.
fn walk(solver: &mut Solver, rng: &mut Rng) -> (f64, u64) {
    let (mut total, mut weight, mut cost) = (1.0f64, 1.0f64, 0u64);
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
        cost += (path.len() + children.len()) as u64 + STEP_NODES;
        if children.is_empty() {
            solver.reset();
            return (total, cost);
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
    fn the_cap_stops_the_paths_of_a_small_search_after_min_paths_and_spares_a_large_one() {
        // The eight queens' links search has 1,049 nodes; 100 paths cost far more than a
        // tenth of that.
        let queens = crate::problems::queens(8);
        let (e, capped) = estimate_capped(&queens, 2000, 1, || true);
        assert!(capped);
        assert_eq!(e, estimate(&queens, MIN_PATHS, 1, None));
        // Asked for fewer than MIN_PATHS: all of them, not capped.
        let (e, capped) = estimate_capped(&queens, 50, 1, || true);
        assert!(!capped);
        assert_eq!(e, estimate(&queens, 50, 1, None));
        // 16 queens: some 10^9 nodes; 300 paths cost a few hundred thousand.
        let sixteen = crate::problems::queens(16);
        let (e, capped) = estimate_capped(&sixteen, 300, 1, || true);
        assert!(!capped);
        assert_eq!(e.paths, 300);
    }

    #[test]
    fn the_cap_stops_where_the_paths_cost_reaches_a_tenth_of_the_interval_high_end() {
        // Langford pairs of 9: the cap falls well before 100,000 paths.
        let problem = crate::problems::langford(9, false);
        let (e, capped) = estimate_capped(&problem, 100_000, 2, || true);
        assert!(capped && e.paths >= MIN_PATHS && e.paths < 100_000);
        // The same paths one at a time: the cost first reaches the share at the last one.
        let mut solver = Solver::with_engine(&problem, Engine::Links);
        let mut rng = Rng::new(2);
        let mut cost = 0;
        for k in 1..=e.paths {
            cost += walk(&mut solver, &mut rng).1;
            let so_far = estimate(&problem, k, 2, None);
            let over = k >= MIN_PATHS && cost as f64 >= PATHS_SHARE * so_far.interval().1;
            assert_eq!(over, k == e.paths, "path {k} of {}", e.paths);
        }
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
