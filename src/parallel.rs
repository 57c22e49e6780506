//! Counting the solutions of one problem on several threads.
//!
//! One room, though over 700 lines: the top's sharing, the workers' subtrees, the stop flag
//! and the level cut that [`crate::parts`] uses are one protocol over the engines' `Search`
//! contract (pause, name the node by its choices, replay them), with one `Total` and one
//! `Stopped` threading through every function; split, each file would need the others to
//! be read.
//!
//! One thread (the *top*) runs the search and shares its tree as it goes: it searches the
//! first [`ALONE_NODES`] nodes alone, so that a small tree is counted on one thread with no
//! other cost; then it pauses before every node and either enters it or hands it out as a
//! subtree, named by the options chosen from the root, to a pool of `jobs` threads (rayon's
//! work stealing takes each subtree as soon as it is handed out). Each thread searches its
//! subtrees on its own copy of the dancing links, replaying a subtree's choices
//! (`Solver::descend`) before counting below it, and the counts are summed.
//!
//! Which nodes are handed out: a node's *weight* is the product of the branching degrees above
//! it (Knuth's estimate of the tree's size is its inverse share: the root weighs 1, and the
//! nodes of a level weigh 1/n each in a tree with n of them at every level). The top hands out
//! every node of weight at least [`SUBTREES_PER_JOB`] times `jobs`, and enters the others; so
//! it never copies or replays anything on a level with one option (a chain of forced moves
//! weighs what its first node weighs), and hands out some subtrees per job on a balanced
//! tree. A replay costs about what searching a node costs, so the top searches at least
//! four nodes (`REPLAY_SHARE`) for each level that its subtrees replay: when a node of full
//! weight would pass that, the top searches it whole instead. So sharing costs at most a
//! quarter of the top's own work, on any tree, however deep.
//!
//! Because the tree is cut exactly at its nodes, the sum of the subtrees' and the top's
//! [`Stats`] equals the sequential search's: every node and every update is counted once,
//! either by the top or in the one subtree it belongs to. Sums are [`Total`]s, in 128 bits.
//! [`crate::parts`] cuts the tree at one level instead (its files name a depth), with
//! `Cut`.
//!
//! [`count_parallel_until`] also watches a flag (raised by a Ctrl-C handler, say): every
//! thread looks at it about every [`PAUSE_TIME`] (by the clock, whatever a node costs: see
//! [`Solver::set_pause_time`]) and stops when it is up. [`count_parallel_watched`] does the
//! same with a [`Watch`], through which another thread also sees the work done so far, and
//! Knuth's estimate of the share of the tree explored, to show progress.
//!
//! The threads are at most [`MAX_JOBS`]: beyond the cores more threads only add work (each
//! clones the links, and the subtrees handed out grow with them: 4,000 threads took 35 s of
//! a count that takes 0.02 s on two). A pool that the system cannot start (too little
//! memory, too many threads) is started with half as many threads, down to the calling
//! thread alone: the count is the same on any number of threads.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::solver::Pace;
use crate::{Count, Engine, PAUSE_TIME, Problem, Solver, Stats, Step};

/// The most threads a count runs on (see the module docs): more are taken as this many.
pub const MAX_JOBS: usize = 256;

/// The weight (see the module docs) of a subtree handed out, per job: enough subtrees for
/// the busy threads to even out.
///
/// Measured with the former cut at one level, by the nodes of each subtree handed out in
/// order to whichever of two threads is free first: with 64 per job the largest subtree of
/// pentomino-6x10 holds 3.2% of the nodes, and two threads can do no better than 1.952x
/// (nqueens-15: 0.9%, 1.989x); with 256, the bound is 2.000x and 1.998x.
pub const SUBTREES_PER_JOB: usize = 256;

/// How many nodes the first thread of a count searches alone before it hands out subtrees
/// to the others: a tree this small is counted on one thread.
pub const ALONE_NODES: u64 = 1 << 12;

/// The thread that hands out subtrees searches at least this many nodes itself for each
/// level that the threads replay to reach them (see the module docs).
const REPLAY_SHARE: u64 = 4;

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

/// Counts every solution of `problem` with `jobs` threads (at most [`MAX_JOBS`], and fewer
/// if the system cannot start them: see the module docs), or one a core when `jobs` is 0
/// (as many as [`std::thread::available_parallelism`] says, 1 if it cannot tell; the
/// command line's default), and returns the work done: `solutions` is the count, and `nodes` and `updates` are those of the
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
pub fn count_parallel(problem: &Problem, jobs: usize) -> Total {
    count_parallel_until(problem, jobs, &AtomicBool::new(false))
        .expect("the stop flag is never raised")
}

/// [`count_parallel`], stopping early when `stop` is raised (from another thread: a signal
/// handler, a timer, a user interface). A tree with no node heavy enough to hand out is
/// searched whole by the first thread, which still looks at `stop` about every
/// [`PAUSE_TIME`].
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// let problem = dancing::problems::queens(11);
/// let stop = AtomicBool::new(true);
/// let stopped = dancing::parallel::count_parallel_until(&problem, 2, &stop).unwrap_err();
/// assert!(stopped.stats.solutions.to_u64() < Some(2680));
/// let running = AtomicBool::new(false);
/// let total = dancing::parallel::count_parallel_until(&problem, 2, &running).unwrap();
/// assert_eq!(total.solutions, 2680);
/// ```
///
/// # Errors
/// [`Stopped`], with the work done so far, if `stop` was raised before the count was
/// complete.
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
pub fn count_parallel_watched_on(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    watch: &Watch,
) -> Result<Total, Stopped> {
    let result = count(problem, engine, jobs, &watch.stop, Some(watch));
    if let Ok(total) = &result {
        watch.finish(total);
    }
    result
}

/// The work of a running count, shared between its threads and a thread that watches: the
/// flag that stops it, the work done so far, and how far it got. The counting threads update
/// it at every pause (about every [`PAUSE_TIME`]) and at the end of each subtree, so what it
/// shows lags behind the threads by at most a pause each.
#[derive(Debug, Default)]
pub struct Watch {
    stop: AtomicBool,
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
    handed: AtomicU64,
    explored: AtomicU64,
    /// The threads the count runs on (0 until it starts).
    threads: AtomicUsize,
}

/// The whole tree, as a share in [`Watch`]'s fixed point: shares add up exactly, and no sum
/// of shares of one tree passes it.
const SHARE_ONE: u64 = 1 << 62;

/// The share of the tree of a node of `weight` (the product of the degrees above it).
fn share_of(weight: u64) -> u64 {
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
    /// most [`MAX_JOBS`], or fewer when the system could not start them (see the module
    /// docs), for a caller to warn.
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

    /// Adds work done in a subtree handed out.
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
    fn finish(&self, total: &Total) {
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

/// How a count shares its tree between threads (see the module docs); [`Plan::DEFAULT`] is
/// what [`count_parallel`] and its kin use. Other plans are for tests, which must reach the
/// sharing on small trees.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Nodes the first thread searches alone before it hands out any subtree.
    pub alone: u64,
    /// The weight of a subtree handed out, in subtrees per job (see the module docs).
    pub subtrees_per_job: u64,
}

impl Plan {
    /// The plan of [`count_parallel`]: [`ALONE_NODES`] and [`SUBTREES_PER_JOB`].
    pub const DEFAULT: Plan = Plan {
        alone: ALONE_NODES,
        subtrees_per_job: SUBTREES_PER_JOB as u64,
    };
}

/// What a count did to share its tree (for tests that bound it): the subtrees it handed
/// out, and the levels replayed to reach them, which is the work the sharing adds.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// Subtrees handed out to the threads.
    pub subtrees: u64,
    /// The levels of those subtrees added up: the choices the threads replay.
    pub replayed: u64,
    /// Nodes searched by the thread that hands out the subtrees.
    pub top_nodes: u64,
}

/// [`count_parallel_until_on`] with the given plan, also telling how the tree was shared.
///
/// # Errors
/// As [`count_parallel_until`].
#[doc(hidden)]
pub fn count_parallel_planned(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    plan: Plan,
    stop: &AtomicBool,
) -> Result<(Total, Shared), Stopped> {
    count_planned(problem, engine, jobs, plan, stop, None)
}

/// The count, stopped by `stop`, reporting to `watch` if there is one.
fn count(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<Total, Stopped> {
    count_planned(problem, engine, jobs, Plan::DEFAULT, stop, watch).map(|(total, _)| total)
}

/// The threads `jobs` asks for: itself, or one a core for 0 (see [`count_parallel`]), at
/// most [`MAX_JOBS`].
fn threads(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        jobs => jobs,
    }
    .min(MAX_JOBS)
}

/// A pool of `jobs` threads, or of half as many, and so on, if the system cannot start them
/// (see the module docs); `None` if it cannot start two, for the caller to work alone.
pub(crate) fn pool(jobs: usize) -> Option<rayon::ThreadPool> {
    let mut jobs = jobs.min(MAX_JOBS);
    while jobs > 1 {
        if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            return Some(pool);
        }
        jobs /= 2;
    }
    None
}

/// [`count`] on the given plan, with what it did to share the tree.
fn count_planned(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    plan: Plan,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<(Total, Shared), Stopped> {
    let pristine = Solver::with_engine(problem, engine);
    let pool = match threads(jobs) {
        1 => None,
        jobs => pool(jobs),
    };
    let started = pool
        .as_ref()
        .map_or(1, rayon::ThreadPool::current_num_threads);
    if let Some(watch) = watch {
        watch.threads.store(started, Ordering::Relaxed);
    }
    let Some(pool) = pool else {
        let stats = count_until(&mut pristine.clone(), stop, watch.map(|w| (w, SHARE_ONE)))?;
        let shared = Shared {
            top_nodes: stats.nodes,
            ..Shared::default()
        };
        return Ok((stats.into(), shared));
    };
    let jobs = started;
    // One solver for each thread of the pool, cloned when the thread takes its first subtree.
    let solvers: Vec<Mutex<Option<Solver>>> = (0..jobs).map(|_| Mutex::new(None)).collect();
    let below = Mutex::new(Ok(Total::default()));
    let target = plan.subtrees_per_job.saturating_mul(jobs as u64);
    let top = pool.install(|| {
        rayon::scope(|scope| {
            let (pristine, solvers, below) = (&pristine, &solvers, &below);
            share(
                pristine,
                plan.alone,
                target,
                stop,
                watch,
                |choices, share| {
                    scope.spawn(move |_| {
                        let thread = rayon::current_thread_index().unwrap_or(0) % solvers.len();
                        let mut solver = solvers[thread].lock().expect("no thread panicked");
                        let solver = solver.get_or_insert_with(|| pristine.clone());
                        let counted = if stop.load(Ordering::Relaxed) {
                            Err(Stopped::default())
                        } else {
                            let watch = watch.map(|w| (w, share));
                            count_subtree(solver, &choices, stop, watch).map(Total::from)
                        };
                        let mut below = below.lock().expect("no thread panicked");
                        *below = combine(
                            std::mem::replace(&mut *below, Ok(Total::default())),
                            counted,
                        );
                    });
                },
            )
        })
    });
    let below = below.into_inner().expect("no thread panicked");
    match top {
        Ok((above, shared)) => combine(Ok(above), below).map(|total| (total, shared)),
        Err(stopped) => Err(combine(Err(stopped), below).expect_err("stopped")),
    }
}

/// The search of the thread that shares the tree: it searches the first `alone` nodes alone
/// (a tree that ends there is counted on this thread only), then pauses before every node and
/// hands it to `hand_out` (as the choices that lead to it) instead of entering it when its
/// weight is at least `target` and the levels replayed so far stay within a quarter of its
/// own nodes; it enters every other node. Returns the work of its own search and what it
/// handed out, or [`Stopped`] with its work when `stop` is raised. It looks at `stop` and
/// reports to `watch` about every [`PAUSE_TIME`]; `hand_out` also gets the subtree's share
/// of the tree (for the watch's estimate).
fn share(
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
        shared.top_nodes = top.stats().nodes;
        if let Some(watch) = watch {
            watch.set_above(top);
        }
        if stop.load(Ordering::Relaxed) {
            Err(Stopped {
                stats: top.stats().into(),
            })
        } else {
            Ok(())
        }
    };
    // Runs the search to the next pause; `true` at the end of the tree.
    let run = |top: &mut Solver| loop {
        match top.step() {
            Step::Solution => {}
            Step::Exhausted => return true,
            Step::Paused => return false,
            Step::GaveUp => unreachable!("no node budget is set"),
        }
    };
    // Alone, looking at the flag at every pause.
    top.set_pause_every(Some(alone.max(1)));
    top.set_pause_time(Some(PAUSE_TIME));
    let done = loop {
        if run(&mut top) {
            break true;
        }
        look(&top, &mut shared)?;
        if top.stats().nodes >= alone {
            break false;
        }
    };
    if !done {
        // The weight of the node at each level of the path, the product of the degrees above
        // it, for the levels up to the node the search paused before.
        let mut weights = vec![1u64];
        let mut degrees = Vec::new();
        top.degrees(0, &mut degrees);
        for &d in &degrees {
            let w = weights[weights.len() - 1].saturating_mul(u64::from(d));
            weights.push(w);
        }
        let mut choices = Vec::new();
        // Paused before every node now, the search looks at the flag by its own pace.
        let nodes = top.stats().nodes;
        let mut pace = top.pace().unwrap_or_else(|| Pace::new(PAUSE_TIME, nodes));
        let mut next_look = top.stats().nodes + pace.every();
        top.set_pause_time(None);
        top.set_pause_every(Some(1));
        // The level of the node of full weight that this thread searches whole, if it is in
        // one.
        let mut whole = None;
        loop {
            // Paused before a node at `level`, whose parent is the top of the path.
            let level = top.level();
            match whole {
                Some(w) if level > w => {}
                _ => {
                    whole = None;
                    weights.truncate(level + 1);
                    if weights.len() == level {
                        degrees.clear();
                        top.degrees(level - 1, &mut degrees);
                        let w = weights[level - 1].saturating_mul(u64::from(degrees[0]));
                        weights.push(w);
                    }
                    if weights[level] >= target {
                        let replayed = shared.replayed + level as u64;
                        if REPLAY_SHARE * replayed <= top.stats().nodes {
                            top.choices(&mut choices);
                            top.pass();
                            shared.subtrees += 1;
                            shared.replayed = replayed;
                            let share = share_of(weights[level]);
                            if let Some(watch) = watch {
                                watch.handed.fetch_add(share, Ordering::Relaxed);
                            }
                            hand_out(choices.clone(), share);
                        } else {
                            whole = Some(level);
                        }
                    }
                }
            }
            if run(&mut top) {
                break;
            }
            let nodes = top.stats().nodes;
            if nodes >= next_look {
                next_look = nodes + pace.lap(nodes);
                look(&top, &mut shared)?;
            }
        }
    }
    look(&top, &mut shared)?;
    Ok((top.stats().into(), shared))
}

/// A cut of the search tree at one level: the subtrees at that level, and the work of the
/// search above it. Searching every subtree (with [`count_subtree`]) and adding `above`
/// gives exactly the count and the statistics of the whole search. [`crate::parts`] hands
/// such subtrees to other processes and machines.
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
        top.set_pause_time(Some(PAUSE_TIME));
        let pause = |_: &Solver| {
            if stop.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        match top.split(depth, pause) {
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
    ///
    /// Each try searches the tree above a cut once, counting the nodes of each level, and
    /// gives up as soon as a level above the cut has `min_subtrees` nodes, which becomes the
    /// cut of the next try; the first try has no cut. So a try searches fewer than
    /// `min_subtrees` nodes a level, and a deep tree with few nodes a level (one option a
    /// level, say) is searched once, not once a level.
    pub(crate) fn first_with(
        pristine: &Solver,
        min_subtrees: usize,
        stop: &AtomicBool,
    ) -> Result<Cut, Stopped> {
        let mut depth = usize::MAX;
        loop {
            match Cut::try_at(pristine, depth, min_subtrees.max(1), stop)? {
                Ok(cut) => return Ok(cut),
                Err(shallower) => depth = shallower,
            }
        }
    }

    /// The cut at `depth` as [`Cut::at`] makes it, or `Err` with the first level above
    /// `depth` found to have `min` nodes; with `depth` `usize::MAX`, the cut below the deepest
    /// leaf.
    fn try_at(
        pristine: &Solver,
        depth: usize,
        min: usize,
        stop: &AtomicBool,
    ) -> Result<Result<Cut, usize>, Stopped> {
        if min <= 1 && depth > 0 {
            return Ok(Err(0));
        }
        // The nodes of each level: the root is entered without a pause, every other node is
        // paused before.
        let mut nodes = vec![1];
        let mut shallower = None;
        let mut top = pristine.clone();
        top.set_pause_every(Some(1));
        let mut pace = Pace::new(PAUSE_TIME, 0);
        let mut next_look = pace.every();
        let subtrees = top.split(depth, |top| {
            let level = top.level();
            if nodes.len() <= level {
                nodes.resize(level + 1, 0);
            }
            nodes[level] += 1;
            if nodes[level] >= min {
                shallower = Some(level);
                return ControlFlow::Break(());
            }
            let searched = top.stats().nodes;
            if searched >= next_look {
                next_look = searched + pace.lap(searched);
                if stop.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        if let Some(level) = shallower {
            return Ok(Err(level));
        }
        let Some(subtrees) = subtrees else {
            return Err(Stopped {
                stats: top.stats().into(),
            });
        };
        Ok(Ok(Cut {
            depth: if depth == usize::MAX {
                nodes.len()
            } else {
                depth
            },
            subtrees,
            above: top.stats().into(),
        }))
    }
}

/// Counts the subtree named by `choices` (a subtree of a [`Cut`] of the same problem) on
/// `solver`, which is reset first, and returns the work done below the cut, reporting it to
/// `watch` as it goes, with the subtree's share of the tree.
pub(crate) fn count_subtree(
    solver: &mut Solver,
    choices: &[usize],
    stop: &AtomicBool,
    watch: Option<(&Watch, u64)>,
) -> Result<Stats, Stopped> {
    solver.reset();
    for &x in choices {
        solver.descend(x);
    }
    count_until(solver, stop, watch)
}

/// Counts the solutions below the solver's current place, looking at `stop` about every
/// [`PAUSE_TIME`], and reporting the work to `watch` then and at the end, with what it
/// explored of `share`, the share of the tree below the solver's place.
fn count_until(
    solver: &mut Solver,
    stop: &AtomicBool,
    watch: Option<(&Watch, u64)>,
) -> Result<Stats, Stopped> {
    solver.set_pause_every(None);
    solver.set_pause_time(Some(PAUSE_TIME));
    // The work and the share already reported to the watch, and Knuth's estimate at the
    // start, which counts the tree left of this place as explored.
    let mut reported = Stats::default();
    let mut explored = 0;
    let start = solver.progress();
    let mut report = |solver: &Solver, done: bool| {
        if let Some((watch, share)) = watch {
            let now_explored = if done {
                share
            } else {
                let fraction = (solver.progress() - start).max(0.0) * SHARE_ONE as f64;
                (fraction as u64).clamp(explored, share)
            };
            watch
                .explored
                .fetch_add(now_explored - explored, Ordering::Relaxed);
            explored = now_explored;
            let now = solver.stats();
            watch.add_below(Stats {
                nodes: now.nodes - reported.nodes,
                updates: now.updates - reported.updates,
                solutions: now.solutions - reported.solutions,
                cleansings: now.cleansings - reported.cleansings,
                ..Stats::default()
            });
            reported = now;
        }
    };
    loop {
        match solver.step() {
            Step::Solution => {}
            Step::Exhausted => {
                report(solver, true);
                return Ok(solver.stats());
            }
            Step::Paused => {
                report(solver, false);
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
