//! Running parts: solving the chosen parts of a split on a pool of threads, each result
//! handed over as soon as its part is finished.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use thiserror::Error;

use super::PartResult;
use super::plan::{CheckError, Split, tree_solver};
use crate::Count;
use crate::Problem;
use crate::Solver;
use crate::memo::{Memo, MemoConfig, MemoError};
use crate::parallel::{Total, count_subtree};
#[cfg(feature = "symmetry")]
use crate::symmetry::{Pieces, count_piece};

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
    /// The memo does not count this problem ([`solve_parts_by_memo`]).
    #[error(transparent)]
    Memo(#[from] MemoError),
}

/// Solves the parts `ids` of `split` on `jobs` threads (at least one), and gives each result
/// to `done` as soon as its part is finished, from the thread that solved it. The split is
/// first checked against `problem` ([`Split::check`]).
///
/// Each thread looks at `stop` about every [`crate::PAUSE_TIME`]; when it is raised, or when
/// `done` breaks, the parts in progress are abandoned and no other is started. The threads
/// are at most [`crate::parallel::MAX_JOBS`], and fewer if the system cannot start them (on
/// the calling thread alone if it cannot start two).
///
/// # Errors
/// [`SolveError`].
///
/// # Panics
/// If an id is not a part of `split`.
pub fn solve_parts(
    problem: &Problem,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
) -> Result<(), SolveError> {
    split.check(problem, stop)?;
    // Without the feature `symmetry`, the check refuses a split made with the group.
    #[cfg(feature = "symmetry")]
    if split.header.has_symmetry() {
        return solve_weighted(problem, split, ids, jobs, stop, done);
    }
    let pristine = tree_solver(problem);
    let count = |solver: &mut Solver, id: usize| {
        let stats = count_subtree(solver, &split.prefixes[id], stop, None)
            .map_err(|_| SolveError::Stopped)?;
        Ok(Total::from(stats))
    };
    run(split, ids, jobs, stop, done, || pristine.clone(), count)
}

/// [`solve_parts`] on a split made with the group (checked): each part's options forced on
/// the engine [`crate::Engine::Auto`] takes, on the problem narrowed to the options some
/// part's search can take (as [`crate::symmetry::count_with`] counts), its count multiplied
/// by its weight.
#[cfg(feature = "symmetry")]
fn solve_weighted(
    problem: &Problem,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
) -> Result<(), SolveError> {
    let pieces = Pieces {
        order: split.header.symmetry.unwrap_or(1),
        rounds: split.header.depth,
        pieces: split
            .prefixes
            .iter()
            .cloned()
            .zip(split.weights.iter().copied())
            .collect(),
        solutions: 0u32.into(),
    };
    let (narrow, renumbered) = pieces.narrowed(problem);
    let pristine = Solver::with_engine(&narrow, crate::Engine::Auto);
    let stopped = || stop.load(Ordering::Relaxed);
    let count = |solver: &mut Solver, id: usize| {
        let (forced, weight) = &renumbered[id];
        let (found, stats) = count_piece(solver, forced, &stopped).ok_or(SolveError::Stopped)?;
        let mut total = Total::from(stats);
        total.solutions = Count::exact(u128::from(found) * u128::from(*weight));
        Ok(total)
    };
    run(split, ids, jobs, stop, done, || pristine.clone(), count)
}

/// [`solve_parts`], each part counted by memo ([`crate::memo`], with `config` for each
/// thread's table): the solutions of a part are the completions of its prefix, which the memo
/// forces before counting. A part counted so reports 0 nodes and 0 updates, since the memo
/// does not walk Knuth's tree. `stop` is looked at every few thousand subproblems.
///
/// # Errors
/// [`SolveError`]; [`SolveError::Memo`] before any part is solved if the memo refuses the
/// problem.
///
/// # Panics
/// As [`solve_parts`].
pub fn solve_parts_by_memo(
    problem: &Problem,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    config: MemoConfig,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
) -> Result<(), SolveError> {
    if problem.has_multiplicities() {
        return Err(MemoError::Multiplicities.into());
    }
    Memo::new(problem, config)?;
    split.check(problem, stop)?;
    let count = |_: &mut (), id: usize| {
        let mut memo = Memo::new(problem, config)?;
        for &k in &split.prefixes[id] {
            memo.force(k)
                .expect("a checked split names options that go together");
        }
        let solutions = memo
            .count_until(|| stop.load(Ordering::Relaxed))
            .ok_or(SolveError::Stopped)?;
        Ok(Total {
            solutions: Count::exact(solutions.value() * split.weights[id]),
            ..Total::default()
        })
    };
    run(split, ids, jobs, stop, done, || (), count)
}

/// Counts the parts `ids` of `split` (checked) on `jobs` threads, each thread with a counter
/// made by `init`, and hands each result to `done`.
fn run<C>(
    split: &Split,
    ids: &[usize],
    jobs: usize,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
    init: impl Fn() -> C + Sync + Send,
    count: impl Fn(&mut C, usize) -> Result<Total, SolveError> + Sync + Send,
) -> Result<(), SolveError> {
    let halt = AtomicBool::new(false);
    let halted = || stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed);
    let part = |counter: &mut C, &id: &usize| {
        if halted() {
            return Err(SolveError::Stopped);
        }
        let start = Instant::now();
        let total = count(counter, id)?;
        let result = PartResult {
            id,
            fingerprint: split.header.fingerprint,
            count: total.solutions,
            nodes: total.nodes,
            updates: total.updates,
            cleansings: total.cleansings,
            seconds: start.elapsed().as_secs_f64(),
        };
        if done(result).is_break() {
            halt.store(true, Ordering::Relaxed);
            return Err(SolveError::Stopped);
        }
        Ok(())
    };
    match crate::parallel::pool(jobs) {
        Some(pool) => pool.install(|| ids.par_iter().try_for_each_init(&init, part)),
        None => {
            let mut counter = init();
            ids.iter().try_for_each(|id| part(&mut counter, id))
        }
    }
}
