//! The pool of threads a count runs on, and the count run on it: the top shares its tree
//! ([`share`](super::share)) and the pool's threads count the subtrees it hands out, each on
//! its own solver; on one thread, the count is the top's alone.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;

use super::share::share;
use super::subtree::{count_subtree, count_until};
use super::total::combine;
use super::watch::SHARE_ONE;
use super::{MAX_JOBS, Plan, Shared, Stopped, Total, Watch};
#[cfg(doc)]
use super::{count, count_parallel};
use crate::solver::links_mems;
use crate::{Choice, Engine, Problem, Solver};

/// The threads `jobs` asks for: itself, or one a core for 0 (see [`count_parallel`]), at
/// most [`MAX_JOBS`].
fn threads(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        jobs => jobs,
    }
    .min(MAX_JOBS)
}

/// The address space a pool's thread must find free before it is started where memory is
/// capped: its stack (2 MiB), the 128 MiB that glibc's allocator maps to carve out the
/// 64 MiB arena of a thread's own, and room for what the thread then allocates.
const ROOM: usize = 192 << 20;

/// Whether the address space or the data segment is capped (`ulimit -v`, `ulimit -d`).
#[cfg(unix)]
fn memory_capped() -> bool {
    [libc::RLIMIT_AS, libc::RLIMIT_DATA]
        .into_iter()
        .any(|resource| {
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `getrlimit` writes one `rlimit` through the pointer, which points to one
            // that lives through the call.
            let read = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
            read && limit.rlim_cur != libc::RLIM_INFINITY
        })
}

/// Whether the address space or the data segment is capped: not looked at here.
#[cfg(not(unix))]
fn memory_capped() -> bool {
    false
}

/// Whether [`ROOM`] is free: reserved, never touched, and given back at once.
fn room_for_a_thread() -> bool {
    let mut room = Vec::<u8>::new();
    let free = room.try_reserve_exact(ROOM).is_ok();
    // Keeps the reservation from being optimized away with its result.
    std::hint::black_box(&room);
    free
}

/// Starts a pool's thread and waits until it has made its first allocation, and so has its
/// own arena of the allocator.
fn start_settled(thread: rayon::ThreadBuilder) -> io::Result<JoinHandle<()>> {
    let (running, has_run) = mpsc::sync_channel(1);
    let handle = std::thread::Builder::new().spawn(move || {
        drop(std::hint::black_box(Box::new(0_u8)));
        // The receiver waits for this: it is there.
        let _ = running.send(());
        thread.run();
    })?;
    has_run.recv().map_err(io::Error::other)?;
    Ok(handle)
}

/// A pool of `jobs` threads, or, if the system cannot start them all, of as many as it could
/// start (see the docs of [`crate::parallel`]); `None` if it cannot start two, for the caller
/// to work alone. The failed pool's threads are joined before the next try.
///
/// Where memory is capped (`ulimit -v`), starting threads until the system refuses one fills
/// the address space to the last page, and then any thread's allocation aborts the process
/// (a failed `malloc`, or glibc's own when a thread registers a thread-local's destructor).
/// So there the threads are started one at a time, each after the one before has made its
/// first allocation (and so has its arena), and only while 192 MiB are free; the next try
/// starts as many as fitted without asking for that room again: they take the stacks and
/// arenas that the first ones left. That care costs some 0.07 ms a thread (`perf stat -r
/// 200` on `queens 8 --count --jobs 16` under `ulimit -v 8000000`: 3.3 ms against 2.2), so
/// it is taken only where memory is capped.
pub fn pool(jobs: usize) -> Option<rayon::ThreadPool> {
    let capped = memory_capped();
    let mut jobs = jobs.min(MAX_JOBS);
    // Threads that fitted in an earlier try, started without looking for room.
    let mut fitted = 0;
    while jobs > 1 {
        let started = Mutex::new(Vec::new());
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .spawn_handler(|thread| {
                let mut started = started.lock().unwrap_or_else(PoisonError::into_inner);
                let handle = if capped && started.len() >= fitted {
                    if !room_for_a_thread() {
                        return Err(io::Error::other("no room for another thread"));
                    }
                    start_settled(thread)?
                } else {
                    std::thread::Builder::new().spawn(|| thread.run())?
                };
                started.push(handle);
                Ok(())
            })
            .build();
        if let Ok(pool) = built {
            return Some(pool);
        }
        // The pool that failed told the threads it started to end: wait until they have.
        let started = started.into_inner().unwrap_or_else(PoisonError::into_inner);
        // Fewer than `jobs`, since one could not be started.
        jobs = started.len();
        fitted = jobs;
        for thread in started {
            // A thread of the pool runs no job before the pool is built: it cannot panic.
            let _ = thread.join();
        }
    }
    None
}

/// [`count`] on the given engine, by the given choice and plan, with what it did to share
/// the tree.
pub(super) fn count_planned(
    problem: &Problem,
    (engine, choice): (Engine, Choice),
    jobs: usize,
    plan: Plan,
    stop: &AtomicBool,
    watch: Option<&Watch>,
) -> Result<(Total, Shared), Stopped> {
    let mut pristine = Solver::with_engine(problem, engine);
    pristine.set_choice(choice);
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
            top_work: links_mems(stats.nodes, stats.updates),
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
