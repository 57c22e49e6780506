//! The pool of threads a count runs on, and the count run on it: the top shares its tree
//! ([`share`](super::share)) and the pool's threads count the subtrees it hands out, each on
//! its own solver; on one thread, the count is the top's alone.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::share::share;
use super::subtree::{count_subtree, count_until};
use super::total::combine;
use super::watch::SHARE_ONE;
use super::{MAX_JOBS, Plan, Shared, Stopped, Total, Watch};
#[cfg(doc)]
use super::{count, count_parallel};
use crate::{Engine, Problem, Solver};

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
/// (see the docs of [`crate::parallel`]); `None` if it cannot start two, for the caller to
/// work alone.
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
pub(super) fn count_planned(
    problem: &Problem,
    engine: Engine,
    jobs: usize,
    plan: Plan,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<(Total, Shared), Stopped> {
    let mut pristine = Solver::with_engine(problem, engine);
    pristine.hand_out_subtrees();
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
