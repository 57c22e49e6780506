//! An ordered, bounded-memory parallel map over a stream: items are read from an iterator,
//! mapped on a pool of threads that each keep a state of their own (a solver, say), and
//! handed to a consumer in input order, whatever the number of threads. `dancing sudoku`
//! solves its batches with it; anything that maps a long stream of independent items
//! (generating puzzles, another front end's batches) can reuse it.
//!
//! # How it works
//! With one job, [`Pipeline::run`] reads, maps and consumes one item after the other.
//! Otherwise it reads the input a chunk at a time ([`Pipeline::with_chunk`]; 4096 items
//! by default). While the workers map chunk `k`, one of them hands the results of chunk
//! `k - 1` to the consumer and reads chunk `k + 1`, then joins in the mapping: `jobs` threads
//! in all, none of them idle while the input is read or the output written, and no extra
//! thread competing with them for the cores (with 2 threads on 2 cores, this took the
//! 17-clue Sudoku set from 1.74x to 1.86x the speed of one thread, against a third thread
//! doing the I/O).
//!
//! # Guarantees
//! - **Order.** The consumer receives the results in input order, exactly once each, and
//!   from one thread at a time.
//! - **Bounded memory.** At most three chunks are alive at once (being read, mapped and
//!   consumed), whatever the length of the input.
//! - **State.** Each worker builds its state once, with the `init` function given to
//!   [`Pipeline::new`], when it first maps an item, and keeps it for every later chunk and
//!   every later run of the same pipeline; `map` receives it mutably and may leave anything
//!   in it. Which worker maps which item is not fixed, so results must not depend on what an
//!   earlier item left in the state.
//! - **No threads for nothing.** With one job, or for a chunk of a single item (one puzzle
//!   from standard input), items are mapped on the calling thread, with a state of its own,
//!   and no thread is started. The pool is started for the first chunk of more than one
//!   item, and reused. It has at most [`crate::parallel::MAX_JOBS`] threads; if the system
//!   cannot start them, it is started with as many as it could start
//!   ([`crate::parallel::pool`]), and if it cannot start two, the calling thread maps
//!   everything.
//! - **Stopping.** `stop` is asked before each chunk, and before each item mapped on the
//!   calling thread: when it says yes, the results already mapped are still consumed, in
//!   order, and the run ends with [`End::Stopped`]. So the consumer always sees a prefix of
//!   the input, and with several threads a stop waits for the chunk being mapped.
//! - **Errors.** An error returned by the consumer ends the run at once and is returned;
//!   results not yet consumed are dropped.
//!
//! ```
//! use dancing::batch::{End, Pipeline};
//! // Squares of 0..10_000 on two threads, each counting the items it mapped in its state.
//! let mut pipeline = Pipeline::new(2, || 0u64).with_chunk(100);
//! let mut squares = Vec::new();
//! let end = pipeline.run(
//!     0..10_000u64,
//!     |mapped: &mut u64, x| {
//!         *mapped += 1;
//!         x * x
//!     },
//!     |square| {
//!         squares.push(square);
//!         Ok::<(), std::io::Error>(())
//!     },
//!     || false,
//! )?;
//! assert_eq!(end, End::Exhausted);
//! assert!(squares.iter().enumerate().all(|(x, &s)| s == (x * x) as u64));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::cell::OnceCell;
use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, MutexGuard};

use rayon::prelude::*;

/// The default number of items read, mapped and consumed together.
pub const CHUNK: usize = 4096;

/// How a [`Pipeline::run`] ended (an error of the consumer is returned instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every item of the input was mapped and consumed.
    Exhausted,
    /// `stop` said yes: the items consumed are a prefix of the input.
    Stopped,
}

/// Maps a stream on `jobs` threads, each with a state built by `init`, and consumes the
/// results in input order; see the [module documentation](self).
pub struct Pipeline<S, F> {
    jobs: usize,
    chunk: usize,
    init: F,
    /// Started on the first chunk of more than one item.
    pool: OnceCell<Option<rayon::ThreadPool>>,
    /// The state of each worker, by its index in the pool.
    states: Vec<Mutex<Option<S>>>,
    /// The state of the calling thread, for items mapped there.
    local: Option<S>,
}

impl<S, F> std::fmt::Debug for Pipeline<S, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("jobs", &self.jobs)
            .field("chunk", &self.chunk)
            .finish_non_exhaustive()
    }
}

impl<S: Send, F: Fn() -> S + Sync> Pipeline<S, F> {
    /// A pipeline of `jobs` threads (at least one) whose workers build their state with
    /// `init`. No thread is started until a chunk needs them.
    pub fn new(jobs: usize, init: F) -> Self {
        let jobs = jobs.max(1);
        Pipeline {
            jobs,
            chunk: CHUNK,
            init,
            pool: OnceCell::new(),
            states: (0..jobs).map(|_| Mutex::new(None)).collect(),
            local: None,
        }
    }

    /// Reads, maps and consumes `chunk` items at a time (at least one; default [`CHUNK`]):
    /// larger chunks even out the threads' work better, smaller ones bound memory tighter
    /// and stop sooner.
    pub fn with_chunk(mut self, chunk: usize) -> Self {
        self.chunk = chunk.max(1);
        self
    }

    /// The number of threads that map.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// The threads that mapped: `None` until a chunk of more than one item needed the pool;
    /// then the pool's, fewer than [`jobs`](Self::jobs) if the system could not start them
    /// all, or 1 if it could not start two (the calling thread mapped alone).
    pub fn threads(&self) -> Option<usize> {
        self.pool.get().map(|pool| {
            pool.as_ref()
                .map_or(1, rayon::ThreadPool::current_num_threads)
        })
    }

    /// Maps every item of `input` with `map` and hands each result to `output`, in input
    /// order, until the input ends or `stop` says yes.
    ///
    /// # Errors
    /// The first error returned by `output`, which ends the run.
    pub fn run<T, U, E>(
        &mut self,
        input: impl Iterator<Item = T> + Send,
        map: impl Fn(&mut S, T) -> U + Sync,
        mut output: impl FnMut(U) -> Result<(), E> + Send,
        stop: impl Fn() -> bool,
    ) -> Result<End, E>
    where
        T: Send,
        U: Send,
        E: Send,
    {
        if self.jobs == 1 {
            // One job: each item read, mapped and consumed in turn, with no chunk between
            // them, so that an item is dropped before the next is read (a 9x9 puzzle's grid
            // then takes the block its predecessor freed: 300 instructions a puzzle less
            // than through a chunk of 4096, fat LTO).
            let state = self.local.get_or_insert_with(&self.init);
            for item in input {
                if stop() {
                    return Ok(End::Stopped);
                }
                output(map(state, item))?;
            }
            return Ok(End::Exhausted);
        }
        let mut input = input;
        let size = self.chunk;
        let mut chunk: Vec<T> = input.by_ref().take(size).collect();
        // Results mapped by the workers and not consumed yet.
        let mut mapped: Vec<U> = Vec::new();
        let mut end = End::Exhausted;
        while !chunk.is_empty() {
            if stop() {
                end = End::Stopped;
                break;
            }
            let pool = match chunk.len() {
                1 => None,
                _ => self.pool(),
            };
            let Some(pool) = pool else {
                mapped.drain(..).try_for_each(&mut output)?;
                let state = self.local.get_or_insert_with(&self.init);
                for item in chunk {
                    if stop() {
                        return Ok(End::Stopped);
                    }
                    output(map(state, item))?;
                }
                chunk = input.by_ref().take(size).collect();
                continue;
            };
            let (states, init) = (&self.states, &self.init);
            let mut solved = Vec::new();
            let mut next = Vec::new();
            let mut written = Ok(());
            pool.install(|| {
                rayon::scope(|scope| {
                    scope.spawn(|_| {
                        solved = chunk
                            .into_par_iter()
                            .map_init(
                                || WorkerState::take(states, init),
                                |state, item| map(state, item),
                            )
                            .collect();
                    });
                    written = mapped.drain(..).try_for_each(&mut output);
                    next = input.by_ref().take(size).collect();
                })
            });
            written?;
            mapped = solved;
            chunk = next;
        }
        mapped.into_iter().try_for_each(output)?;
        Ok(end)
    }

    /// The pool, started on first use; `None` if it cannot be started.
    fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool
            .get_or_init(|| crate::parallel::pool(self.jobs))
            .as_ref()
    }
}

/// A worker's state while it maps a group of items: its own kept state, or, should that be
/// taken already (rayon never maps two groups on one thread at once, but a poisoned lock is
/// possible), a fresh one for this group.
enum WorkerState<'a, S> {
    Kept(MutexGuard<'a, Option<S>>),
    Fresh(S),
}

impl<'a, S> WorkerState<'a, S> {
    fn take(states: &'a [Mutex<Option<S>>], init: &impl Fn() -> S) -> Self {
        let slot = rayon::current_thread_index().and_then(|i| states.get(i));
        match slot.map(Mutex::try_lock) {
            Some(Ok(mut guard)) => {
                if guard.is_none() {
                    *guard = Some(init());
                }
                WorkerState::Kept(guard)
            }
            _ => WorkerState::Fresh(init()),
        }
    }
}

impl<S> Deref for WorkerState<'_, S> {
    type Target = S;

    fn deref(&self) -> &S {
        match self {
            WorkerState::Kept(guard) => guard.as_ref().expect("a kept state is built"),
            WorkerState::Fresh(state) => state,
        }
    }
}

impl<S> DerefMut for WorkerState<'_, S> {
    fn deref_mut(&mut self) -> &mut S {
        match self {
            WorkerState::Kept(guard) => guard.as_mut().expect("a kept state is built"),
            WorkerState::Fresh(state) => state,
        }
    }
}
