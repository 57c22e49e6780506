//! Counting the solutions of one problem on several threads.
//!
//! The top's sharing, the workers' subtrees, the stop flag and the level cut that
//! [`crate::parts`] uses are one protocol over the engines' `Search` contract (pause, name the
//! node by its choices, replay them), with one [`Total`] and one [`Stopped`] threading through
//! every function; each file owns one part of it. This file owns the entry points and the
//! constants of the sharing; `total.rs` the sums of a count ([`Total`], [`Stopped`]);
//! `watch.rs` what a watching thread reads ([`Watch`]); `subtree.rs` the count below one
//! node, as a worker (or a lone thread) runs it; `share.rs` the search of the top, which
//! hands the subtrees out; `pool.rs` the pool of threads and the count run on it; `cut.rs`
//! the cut at one level. `total.rs` imports from no sibling; `watch.rs` and `cut.rs` from
//! `total.rs`; `subtree.rs` and `share.rs` from those two; `pool.rs` from all of them but
//! `cut.rs`, and from this file's `Plan` and `Shared`.
//!
//! One thread (the *top*) runs the search and shares its tree as it goes, pausing before
//! every node: it searches the first [`ALONE_NODES`] nodes alone, so that a small tree is
//! counted on one thread with no other cost than the pauses; then it either enters each node
//! or hands it out as a subtree, named by the options chosen from the root, to a pool of
//! `jobs` threads (rayon's work stealing takes each subtree as soon as it is handed out).
//! Each thread searches its subtrees on its own copy of the dancing links, replaying a
//! subtree's choices (`Solver::descend`) before counting below it, and the counts are summed.
//!
//! Which nodes are handed out: a node's *weight* is the product of the branching degrees above
//! it (Knuth's estimate of the tree's size is its inverse share: the root weighs 1, and the
//! nodes of a level weigh 1/n each in a tree with n of them at every level). The top hands out
//! every node of weight at least [`SUBTREES_PER_JOB`] times `jobs`, and enters the others; so
//! it never copies or replays anything on a level with one option (a chain of forced moves
//! weighs what its first node weighs), and hands out some subtrees per job on a balanced
//! tree. A replay is not free: it covers the items of the choices again, and a level whose
//! item has many options costs as many steps (covering the item of a root with 100,000
//! options `a b` walks them all, where each node below it costs the top one step). So the
//! top weighs the replays against its own search in one unit, the links' mems (a node
//! [`AUTO_LINKS_NODE_MEMS`], an update [`AUTO_LINKS_UPDATE_MEMS`]): a node at level `l`
//! costs, for each level above it, a node, the updates of the top's own step down that
//! level (which it measures as it first descends it) and a step over each option of the
//! level's item; and the top hands out a subtree only while all the replays, this one's
//! included, stay within a quarter (`REPLAY_SHARE`) of its own work so far. When a node of
//! full weight would pass that, the top searches it whole instead. So sharing costs at most
//! about a quarter of the top's own work, on any tree, however deep or wide: on a root of
//! 100,000 options `a b` the top hands out 6 children and searches the others itself (it
//! handed out 19,000 when it counted a replayed level as a node, and took 38 s on two
//! threads where one takes 0.1 s), while on balanced trees it hands out about as many
//! subtrees as then (nqueens-13: 913 against 928, pentomino-6x10: 1,357 against 1,395),
//! searching some 2% of the nodes itself instead of 1%.
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
//! memory, too many threads) is started with as many threads as it could start, or not at
//! all if that is one, and the count runs on the calling thread alone ([`pool`] says how):
//! the count is the same on any number of threads.

mod cut;
mod pool;
mod share;
mod subtree;
mod total;
mod watch;

use std::sync::atomic::AtomicBool;

#[cfg(doc)]
use crate::{AUTO_LINKS_NODE_MEMS, AUTO_LINKS_UPDATE_MEMS, PAUSE_TIME, Solver, Stats};
use crate::{Choice, Engine, Problem};

pub(crate) use cut::Cut;
pub use pool::pool;
pub(crate) use subtree::count_subtree;
pub(crate) use total::is_zero;
pub use total::{Stopped, Total};
pub use watch::Watch;

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
    count(problem, (Engine::Auto, Choice::Mrv), jobs, stop, None)
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
    count(problem, (engine, Choice::Mrv), jobs, stop, None)
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
    count_parallel_watched_on(problem, Engine::Auto, Choice::Mrv, jobs, watch)
}

/// [`count_parallel_watched`] on the given engine (see [`Engine`]: the count and the
/// statistics are the same on both), with `choice` as the rule of each thread's solver
/// ([`Solver::set_choice`]). Under [`Choice::Wdeg`] the weights are each thread's own, and
/// start at 1 in each subtree it takes (as [`Solver::reset`] sets them), so a subtree's tree
/// does not depend on what another subtree taught: the count is the same, the statistics
/// those of the subtrees' trees.
///
/// # Errors
/// As [`count_parallel_watched`].
pub fn count_parallel_watched_on(
    problem: &Problem,
    engine: Engine,
    choice: Choice,
    jobs: usize,
    watch: &Watch,
) -> Result<Total, Stopped> {
    let result = count(problem, (engine, choice), jobs, &watch.stop, Some(watch));
    if let Ok(total) = &result {
        watch.finish(total);
    }
    result
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
/// out, the levels replayed to reach them and their work, which is what the sharing adds,
/// and the work of the thread that handed them out. Work is in the links' mems (see the
/// module docs).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// Subtrees handed out to the threads.
    pub subtrees: u64,
    /// The levels of those subtrees added up: the choices the threads replay.
    pub replayed: u64,
    /// The work of replaying those choices, as the sharing thread weighs it.
    pub replay_work: u64,
    /// Nodes searched by the thread that hands out the subtrees.
    pub top_nodes: u64,
    /// The work of that thread's own search: its nodes and updates.
    pub top_work: u64,
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
    pool::count_planned(problem, (engine, Choice::Mrv), jobs, plan, stop, None)
}

/// The count on `engine` by `choice`, stopped by `stop`, reporting to `watch` if there is
/// one.
fn count(
    problem: &Problem,
    engine: (Engine, Choice),
    jobs: usize,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<Total, Stopped> {
    pool::count_planned(problem, engine, jobs, Plan::DEFAULT, stop, watch).map(|(total, _)| total)
}
