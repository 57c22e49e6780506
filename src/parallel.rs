//! Counting the solutions of one problem on several threads.
//!
//! The search tree is cut at a shallow level: one solver searches the levels above the cut
//! (`Solver::split`) and collects the subtrees below it, each named by the options chosen
//! on the way down. Then a pool of `jobs` threads (rayon's work stealing) searches the
//! subtrees, each thread on its own copy of the dancing links, replaying a subtree's choices
//! (`Solver::descend`) before counting below them, and the counts are summed.
//!
//! The cut is placed at the first level with at least [`SUBTREES_PER_JOB`] subtrees per job,
//! so that a thread that draws small subtrees can steal others while one thread is still in
//! a large one. Because the tree is cut exactly at its nodes, the sum of the subtrees' and
//! the top's [`Stats`] equals the sequential search's: every node and every update is counted
//! once, either above the cut or in the one subtree it belongs to. Sums are [`Total`]s, in
//! 128 bits. [`crate::parts`] cuts the tree the same way to hand the subtrees to other
//! processes and machines.
//!
//! [`count_parallel_until`] also watches a flag (raised by a Ctrl-C handler, say): every
//! thread looks at it every [`PAUSE_NODES`] nodes and stops when it is up.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::{Problem, Solver, Stats, Step};

/// How many subtrees per job the cut aims at: enough for the busy threads to even out.
///
/// Measured by the nodes of each subtree, handed out in order to whichever of two threads is
/// free first: with 64 per job the cut falls at depth 2, where the largest subtree of
/// pentomino-6x10 holds 3.2% of the nodes, and two threads can do no better than 1.952x
/// (nqueens-15: 0.9%, 1.989x); with 256 it falls at depth 3 (2,192 and 1,636 subtrees), and
/// the bound is 2.000x and 1.998x.
pub const SUBTREES_PER_JOB: usize = 256;

/// How many nodes a thread searches between two looks at the stop flag (a few milliseconds).
pub const PAUSE_NODES: u64 = 1 << 16;

/// The work of several searches added up, in 128 bits: the count of a whole tree searched
/// in parts (by threads, by [`crate::parts`] on many machines) and its statistics.
///
/// One [`Solver`] counts in 64 bits ([`Stats`]), and cannot overflow them: it finds one
/// solution, enters one node, per step, and 2^64 steps at a billion a second take 584
/// years. A sum of many searches can: a thousand machines for a year pass 2^64 nodes, and a
/// `u64` total of such a count wraps around silently. So sums of parts are made here, in
/// `u128`, which no search can exhaust.
///
/// In JSON (the files of [`crate::parts`]) it is `{"count":…,"nodes":…,"updates":…}`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Total {
    /// Solutions found: the count.
    #[serde(rename = "count")]
    pub solutions: u128,
    /// Nodes of the search tree entered, solutions included (Knuth's `nodes`).
    pub nodes: u128,
    /// Items covered plus option nodes hidden (Knuth's `updates`).
    pub updates: u128,
}

impl From<Stats> for Total {
    fn from(stats: Stats) -> Total {
        Total {
            solutions: stats.solutions.into(),
            nodes: stats.nodes.into(),
            updates: stats.updates.into(),
        }
    }
}

impl std::ops::Add for Total {
    type Output = Total;

    /// # Panics
    /// If a sum passes 2^128 (it cannot, for counts of searches; see [`Total`]).
    fn add(self, other: Total) -> Total {
        let sum = |a: u128, b: u128| a.checked_add(b).expect("a total below 2^128");
        Total {
            solutions: sum(self.solutions, other.solutions),
            nodes: sum(self.nodes, other.nodes),
            updates: sum(self.updates, other.updates),
        }
    }
}

impl std::ops::AddAssign for Total {
    fn add_assign(&mut self, other: Total) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total::default(), |a, b| a + b)
    }
}

/// A count stopped by its flag before the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error("stopped after {} nodes with {} solutions found", .stats.nodes, .stats.solutions)]
pub struct Stopped {
    /// The work done until then; `stats.solutions` is a lower bound on the count.
    pub stats: Total,
}

/// Counts every solution of `problem` with `jobs` threads (at least one), and returns the
/// work done: `solutions` is the count, and `nodes` and `updates` are those of the
/// sequential search, as [`Solver::count`] reports them, in 128 bits (see [`Total`]).
///
/// ```
/// use dancing::{ProblemBuilder, Solver, Total};
/// // The 4 queens: rows and columns primary, diagonals secondary.
/// let mut b = ProblemBuilder::new(8, 14);
/// for r in 0..4 {
///     for c in 0..4 {
///         b.option([r, 4 + c, 8 + r + c, 15 + r + 3 - c])?;
///     }
/// }
/// let problem = b.build()?;
/// let total = dancing::count_parallel(&problem, 2);
/// assert_eq!(total.solutions, 2);
/// let mut solver = Solver::new(&problem);
/// solver.count(None).unwrap();
/// assert_eq!(total, Total::from(solver.stats()));
/// # Ok::<(), dancing::BuildError>(())
/// ```
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel(problem: &Problem, jobs: usize) -> Total {
    count_parallel_until(problem, jobs, &AtomicBool::new(false))
        .expect("the stop flag is never raised")
}

/// [`count_parallel`], stopping early when `stop` is raised (from another thread: a signal
/// handler, a timer, a user interface). A tree that never yields [`SUBTREES_PER_JOB`]
/// subtrees per job is searched whole while looking for the cut, on one thread, but still
/// looks at `stop` every [`PAUSE_NODES`] nodes.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// let problem = dancing::problems::queens(11);
/// let stop = AtomicBool::new(true);
/// let stopped = dancing::parallel::count_parallel_until(&problem, 2, &stop).unwrap_err();
/// assert!(stopped.stats.solutions < 2680);
/// let running = AtomicBool::new(false);
/// let total = dancing::parallel::count_parallel_until(&problem, 2, &running).unwrap();
/// assert_eq!(total.solutions, 2680);
/// ```
///
/// # Errors
/// [`Stopped`], with the work done so far, if `stop` was raised before the count was
/// complete.
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel_until(
    problem: &Problem,
    jobs: usize,
    stop: &AtomicBool,
) -> Result<Total, Stopped> {
    let jobs = jobs.max(1);
    let pristine = Solver::new(problem);
    if jobs == 1 {
        return count_until(&mut pristine.clone(), stop).map(Total::from);
    }
    let cut = Cut::first_with(&pristine, SUBTREES_PER_JOB * jobs, stop)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("a thread pool");
    let below = pool.install(|| {
        cut.subtrees
            .par_iter()
            .map_init(
                || pristine.clone(),
                |solver, choices| {
                    if stop.load(Ordering::Relaxed) {
                        return Err(Stopped::default());
                    }
                    count_subtree(solver, choices, stop).map(Total::from)
                },
            )
            .reduce(|| Ok(Total::default()), combine)
    });
    combine(Ok(cut.above), below)
}

/// A cut of the search tree at one level: the subtrees at that level, and the work of the
/// search above it. Searching every subtree (with [`count_subtree`]) and adding `above`
/// gives exactly the count and the statistics of the whole search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    /// The level of the cut: every subtree is named by this many choices.
    pub(crate) depth: usize,
    /// The subtrees, each as the options chosen from the root, in the order of the search.
    pub(crate) subtrees: Vec<Vec<usize>>,
    /// Nodes above the cut, their updates and the solutions among them.
    pub(crate) above: Total,
}

impl Cut {
    /// The cut at `depth` of the tree of `pristine` (a solver that has not searched).
    pub(crate) fn at(pristine: &Solver, depth: usize, stop: &AtomicBool) -> Result<Cut, Stopped> {
        let mut top = pristine.clone();
        top.set_pause_every(Some(PAUSE_NODES));
        match top.split(depth, stop) {
            Some(subtrees) => Ok(Cut {
                depth,
                subtrees,
                above: top.stats().into(),
            }),
            None => Err(Stopped {
                stats: top.stats().into(),
            }),
        }
    }

    /// The cut at the shallowest level with at least `min_subtrees` subtrees, or, if no
    /// level has that many, the cut below the deepest leaf, with no subtree at all (the whole
    /// tree lies above it and was searched to find that out).
    pub(crate) fn first_with(
        pristine: &Solver,
        min_subtrees: usize,
        stop: &AtomicBool,
    ) -> Result<Cut, Stopped> {
        let mut depth = 0;
        loop {
            let cut = Cut::at(pristine, depth, stop)?;
            if cut.subtrees.is_empty() || cut.subtrees.len() >= min_subtrees {
                return Ok(cut);
            }
            depth += 1;
        }
    }
}

/// Counts the subtree named by `choices` (a subtree of a [`Cut`] of the same problem) on
/// `solver`, which is reset first, and returns the work done below the cut.
pub(crate) fn count_subtree(
    solver: &mut Solver,
    choices: &[usize],
    stop: &AtomicBool,
) -> Result<Stats, Stopped> {
    solver.reset();
    for &x in choices {
        solver.descend(x);
    }
    count_until(solver, stop)
}

/// Counts the solutions below the solver's current place, looking at `stop` every
/// [`PAUSE_NODES`] nodes.
fn count_until(solver: &mut Solver, stop: &AtomicBool) -> Result<Stats, Stopped> {
    solver.set_pause_every(Some(PAUSE_NODES));
    loop {
        match solver.step() {
            Step::Solution => {}
            Step::Exhausted => return Ok(solver.stats()),
            Step::Paused if stop.load(Ordering::Relaxed) => {
                return Err(Stopped {
                    stats: solver.stats().into(),
                });
            }
            Step::Paused => {}
            Step::GaveUp => unreachable!("no node budget is set"),
        }
    }
}

/// The sum of two parts of a count, stopped if either part was.
fn combine(a: Result<Total, Stopped>, b: Result<Total, Stopped>) -> Result<Total, Stopped> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok(a + b),
        (Ok(a) | Err(Stopped { stats: a }), Ok(b) | Err(Stopped { stats: b })) => {
            Err(Stopped { stats: a + b })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looking_for_the_cut_stops_when_the_flag_is_raised() {
        let mut solver = Solver::new(&crate::problems::queens(8));
        solver.set_pause_every(Some(1));
        assert_eq!(solver.split(3, &AtomicBool::new(true)), None);
        solver.reset();
        let subtrees = solver.split(3, &AtomicBool::new(false)).unwrap();
        assert!(!subtrees.is_empty() && subtrees.iter().all(|s| s.len() == 3));
    }
}
