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
//! [`count_parallel_watched`] does the same with a [`Watch`], through which another thread
//! also sees the work done so far, to show progress.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::{Engine, Problem, Solver, Stats, Step};

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
/// In JSON (the files of [`crate::parts`]) it is `{"count":…,"nodes":…,"updates":…}`, with
/// `"cleansings":…` after them when there are any (problems with colors).
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
            solutions: stats.solutions.into(),
            nodes: stats.nodes.into(),
            updates: stats.updates.into(),
            cleansings: stats.cleansings.into(),
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
            cleansings: sum(self.cleansings, other.cleansings),
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
    count(problem, Engine::Auto, jobs, stop, None)
}

/// [`count_parallel_until`] on the given engine (see [`Engine`]: the count and the
/// statistics are the same on both).
///
/// # Errors
/// As [`count_parallel_until`].
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel_until_on(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    stop: &AtomicBool,
) -> Result<Total, Stopped> {
    count(problem, engine, jobs, stop, None)
}

/// [`count_parallel_until`] with a [`Watch`]: the count stops when [`Watch::stop`] is called
/// (from another thread), and its threads report their work to the watch at every pause, so
/// that another thread can show progress.
///
/// ```
/// use dancing::parallel::{Watch, count_parallel_watched};
/// let problem = dancing::problems::queens(10);
/// let watch = Watch::new();
/// let total = std::thread::scope(|scope| {
///     let count = scope.spawn(|| count_parallel_watched(&problem, 2, &watch));
///     // Here a progress display would read `watch.stats()` and `watch.progress()`.
///     count.join().unwrap()
/// })
/// .unwrap();
/// assert_eq!(total.solutions, 724);
/// assert_eq!((dancing::Total::from(watch.stats()), watch.progress()), (total, 1.0));
/// ```
///
/// # Errors
/// [`Stopped`], with the work done so far, if the watch was stopped before the count was
/// complete.
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel_watched(
    problem: &Problem,
    jobs: usize,
    watch: &Watch,
) -> Result<Total, Stopped> {
    count_parallel_watched_on(problem, Engine::Auto, jobs, watch)
}

/// [`count_parallel_watched`] on the given engine (see [`Engine`]: the count and the
/// statistics are the same on both).
///
/// # Errors
/// As [`count_parallel_watched`].
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel_watched_on(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    watch: &Watch,
) -> Result<Total, Stopped> {
    let result = count(problem, engine, jobs, &watch.stop, Some(watch));
    if let Ok(total) = result {
        watch.finish(total);
    }
    result
}

/// The work of a running count, shared between its threads and a thread that watches: the
/// flag that stops it, the work done so far, and how far it got. The counting threads update
/// it at every pause ([`PAUSE_NODES`]) and at the end of each subtree, so what it shows lags
/// behind the threads by at most a pause each.
#[derive(Debug, Default)]
pub struct Watch {
    stop: AtomicBool,
    /// The work of the search above the cut, replaced as it goes (it restarts at each depth
    /// tried), as nodes, updates, solutions, cleansings.
    above: [AtomicU64; 4],
    /// The work done below the cut, added as it is done.
    below: [AtomicU64; 4],
    /// Knuth's estimate of the fraction explored by the search above the cut (`f64` bits).
    above_progress: AtomicU64,
    /// The subtrees below the cut (0 while the cut is looked for), and those searched.
    subtrees: AtomicU64,
    searched: AtomicU64,
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

    /// The work done so far; once the count is complete, its exact statistics.
    pub fn stats(&self) -> Stats {
        let read = |a: &[AtomicU64; 4], k: usize| a[k].load(Ordering::Relaxed);
        let of = |a| Stats {
            nodes: read(a, 0),
            updates: read(a, 1),
            solutions: read(a, 2),
            cleansings: read(a, 3),
        };
        of(&self.above) + of(&self.below)
    }

    /// An estimate of the fraction of the tree explored, from 0 to 1: Knuth's estimate
    /// ([`Solver::progress`]) while the cut is looked for, then the fraction of the subtrees
    /// searched; 1 once the count is complete.
    pub fn progress(&self) -> f64 {
        let above = f64::from_bits(self.above_progress.load(Ordering::Relaxed));
        match self.subtrees.load(Ordering::Relaxed) {
            0 => above,
            n => self.searched.load(Ordering::Relaxed) as f64 / n as f64,
        }
    }

    /// Records the work of the search above the cut, as it is now.
    fn set_above(&self, solver: &Solver) {
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

    /// Adds work done below the cut.
    fn add_below(&self, stats: Stats) {
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
    fn finish(&self, total: Total) {
        for (k, value) in [
            total.nodes,
            total.updates,
            total.solutions,
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
        self.subtrees.store(0, Ordering::Relaxed);
    }
}

/// The count, stopped by `stop`, reporting to `watch` if there is one.
fn count(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<Total, Stopped> {
    let jobs = jobs.max(1);
    let pristine = Solver::with_engine(problem, engine);
    if jobs == 1 {
        return count_until(&mut pristine.clone(), stop, watch).map(Total::from);
    }
    let cut = Cut::first_with(&pristine, SUBTREES_PER_JOB * jobs, stop, watch)?;
    if let Some(watch) = watch {
        watch
            .subtrees
            .store(cut.subtrees.len() as u64, Ordering::Relaxed);
    }
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
                    let counted = count_subtree(solver, choices, stop, watch);
                    if let (Some(watch), Ok(_)) = (watch, &counted) {
                        watch.searched.fetch_add(1, Ordering::Relaxed);
                    }
                    counted.map(Total::from)
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
    /// The cut at `depth` of the tree of `pristine` (a solver that has not searched),
    /// reporting the search above it to `watch` at every pause.
    pub(crate) fn at(
        pristine: &Solver,
        depth: usize,
        stop: &AtomicBool,
        watch: Option<&Watch>,
    ) -> Result<Cut, Stopped> {
        let mut top = pristine.clone();
        top.set_pause_every(Some(PAUSE_NODES));
        let pause = |solver: &Solver| {
            if let Some(watch) = watch {
                watch.set_above(solver);
            }
            if stop.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let split = top.split(depth, pause);
        if let Some(watch) = watch {
            watch.set_above(&top);
        }
        match split {
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
        watch: Option<&Watch>,
    ) -> Result<Cut, Stopped> {
        let mut depth = 0;
        loop {
            let cut = Cut::at(pristine, depth, stop, watch)?;
            if cut.subtrees.is_empty() || cut.subtrees.len() >= min_subtrees {
                return Ok(cut);
            }
            depth += 1;
        }
    }
}

/// Counts the subtree named by `choices` (a subtree of a [`Cut`] of the same problem) on
/// `solver`, which is reset first, and returns the work done below the cut, reporting it to
/// `watch` as it goes.
pub(crate) fn count_subtree(
    solver: &mut Solver,
    choices: &[usize],
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<Stats, Stopped> {
    solver.reset();
    for &x in choices {
        solver.descend(x);
    }
    count_until(solver, stop, watch)
}

/// Counts the solutions below the solver's current place, looking at `stop` every
/// [`PAUSE_NODES`] nodes, and reporting the work to `watch` then and at the end.
fn count_until(
    solver: &mut Solver,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<Stats, Stopped> {
    solver.set_pause_every(Some(PAUSE_NODES));
    // The work already reported to the watch.
    let mut reported = Stats::default();
    let mut report = |solver: &Solver| {
        if let Some(watch) = watch {
            let now = solver.stats();
            watch.add_below(Stats {
                nodes: now.nodes - reported.nodes,
                updates: now.updates - reported.updates,
                solutions: now.solutions - reported.solutions,
                cleansings: now.cleansings - reported.cleansings,
            });
            reported = now;
        }
    };
    loop {
        match solver.step() {
            Step::Solution => {}
            Step::Exhausted => {
                report(solver);
                return Ok(solver.stats());
            }
            Step::Paused => {
                report(solver);
                if stop.load(Ordering::Relaxed) {
                    return Err(Stopped {
                        stats: solver.stats().into(),
                    });
                }
            }
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
        assert_eq!(solver.split(3, |_| ControlFlow::Break(())), None);
        solver.reset();
        let subtrees = solver.split(3, |_| ControlFlow::Continue(())).unwrap();
        assert!(!subtrees.is_empty() && subtrees.iter().all(|s| s.len() == 3));
    }
}
