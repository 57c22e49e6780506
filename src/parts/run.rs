//! Running parts: solving the chosen parts of a split on a pool of threads, each result
//! handed over as soon as its part is finished.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use thiserror::Error;

use super::PartResult;
use super::plan::{CheckError, Split};
use crate::Problem;
use crate::Solver;
use crate::parallel::count_subtree;

/// Why [`solve_parts`] stopped before solving every part it was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The split is not one of the problem (see [`Split::check`]).
    #[error(transparent)]
    Check(#[from] CheckError),
    /// The stop flag was raised, or `done` asked to stop; the parts then in progress were
    /// abandoned, and no result of theirs was given to `done`.
    #[error("stopped before every part was solved")]
    Stopped,
}

/// Solves the parts `ids` of `split` on `jobs` threads (at least one), and gives each result
/// to `done` as soon as its part is finished, from the thread that solved it. The split is
/// first checked against `problem` ([`Split::check`]).
///
/// Each thread looks at `stop` every [`crate::parallel::PAUSE_NODES`] nodes; when it is raised,
/// or when `done` breaks, the parts in progress are abandoned and no other is started.
///
/// # Errors
/// [`SolveError`].
///
/// # Panics
/// If an id is not a part of `split`, or the thread pool cannot be created.
pub fn solve_parts(
    problem: &Problem,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
) -> Result<(), SolveError> {
    split.check(problem, stop)?;
    let pristine = Solver::new(problem);
    let halt = AtomicBool::new(false);
    let halted = || stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .expect("a thread pool");
    pool.install(|| {
        ids.par_iter().try_for_each_init(
            || pristine.clone(),
            |solver, &id| {
                if halted() {
                    return Err(SolveError::Stopped);
                }
                let start = Instant::now();
                let stats = count_subtree(solver, &split.prefixes[id], stop, None)
                    .map_err(|_| SolveError::Stopped)?;
                let result = PartResult {
                    id,
                    fingerprint: split.header.fingerprint,
                    count: stats.solutions.into(),
                    nodes: stats.nodes.into(),
                    updates: stats.updates.into(),
                    cleansings: stats.cleansings.into(),
                    seconds: start.elapsed().as_secs_f64(),
                };
                if done(result).is_break() {
                    halt.store(true, Ordering::Relaxed);
                    return Err(SolveError::Stopped);
                }
                Ok(())
            },
        )
    })
}
