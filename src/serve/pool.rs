//! The threads of the searches: at most `jobs` searches at once, each on a blocking thread of
//! tokio's, behind a queue with a bound; a search stopped when its request is dropped; a panic
//! answered as an error.
//!
//! Invariants: `waiting` counts the requests that found no free permit, until they get one
//! (or are dropped), and is never above `queue` after a request is let in (a request that would pass it leaves
//! at once with [`Refused::Busy`]); a search holds its permit until its thread returns, so
//! that a search stopped by its client still counts against `jobs` until it has really
//! stopped.

use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::Semaphore;

/// The searches that run and wait.
#[derive(Debug)]
pub struct Pool {
    /// One permit a search that may run.
    permits: Arc<Semaphore>,
    /// Requests waiting for a permit.
    waiting: AtomicUsize,
    /// The most requests that may wait.
    queue: usize,
}

/// Why a search did not give an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue is full: try again later.
    Busy,
    /// The search panicked (a bug): the server lives on.
    Failed,
}

/// The flag a search reads at its pauses: raised when its request is dropped.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// Whether the search must stop.
    pub fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// A watch for a search's pauses (`solve_watched` and its kin): stop once the flag is
    /// up, whatever the pause reports.
    pub fn watch<T>(&self, _: T) -> ControlFlow<()> {
        if self.stopped() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Raises the flag.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// The flag itself, for a search that reads a flag of its own ([`crate::mincost::MinCost`]).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// Raises the flag when dropped while armed: with the handler's future, when its client went
/// away before the search ended.
struct StopOnDrop {
    stop: Stop,
    armed: bool,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.stop.raise();
        }
    }
}

/// Takes one place of the queue back when dropped: at the permit, or when the request is
/// dropped while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Pool {
    /// A pool of `jobs` threads (at least 1) and a queue of `queue` places.
    pub fn new(jobs: usize, queue: usize) -> Pool {
        Pool {
            permits: Arc::new(Semaphore::new(jobs.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
        }
    }

    /// Runs `work` on a thread of the pool when one is free, and answers what it returns.
    /// `work` reads its [`Stop`] at its pauses: the flag is raised when the future this
    /// returns is dropped before the end (the request's client went away).
    ///
    /// # Errors
    /// [`Refused::Busy`] at once when the queue is full; [`Refused::Failed`] when `work`
    /// panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let permit = match Arc::clone(&self.permits).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::Relaxed) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::Relaxed);
                    return Err(Refused::Busy);
                }
                let _waiting = Waiting(&self.waiting);
                Arc::clone(&self.permits)
                    .acquire_owned()
                    .await
                    .map_err(|_| Refused::Failed)?
            }
        };
        let stop = Stop::default();
        let mut guard = StopOnDrop {
            stop: stop.clone(),
            armed: true,
        };
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            catch_unwind(AssertUnwindSafe(|| work(&stop)))
        });
        let result = match task.await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(_)) | Err(_) => Err(Refused::Failed),
        };
        // The search ended on its own: nothing to stop.
        guard.armed = false;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    #[test]
    fn a_panicking_search_fails_and_the_pool_answers_the_next() {
        let pool = Pool::new(1, 4);
        let rt = runtime();
        let failed = rt.block_on(pool.run(|_| -> u32 { panic!("a bug") }));
        assert_eq!(failed, Err(Refused::Failed));
        assert_eq!(rt.block_on(pool.run(|_| 6 * 7)), Ok(42));
    }

    #[test]
    fn a_dropped_request_raises_the_stop_flag_of_its_search() {
        let pool = Pool::new(1, 4);
        let rt = runtime();
        let (tx, rx) = std::sync::mpsc::channel();
        rt.block_on(async {
            let search = pool.run(move |stop| {
                while !stop.stopped() {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                tx.send("stopped").unwrap();
            });
            // Dropped after a short while, as when the client closes the connection.
            let _ = tokio::time::timeout(std::time::Duration::from_millis(50), search).await;
        });
        let answer = rx.recv_timeout(std::time::Duration::from_secs(10));
        assert_eq!(answer, Ok("stopped"));
    }

    #[test]
    fn a_full_queue_answers_busy_at_once_and_a_free_pool_runs_without_queueing() {
        let pool = Pool::new(1, 0);
        let rt = runtime();
        assert_eq!(rt.block_on(pool.run(|_| 1)), Ok(1));
        let (started, wait) = std::sync::mpsc::channel();
        let (release, until) = std::sync::mpsc::channel::<()>();
        rt.block_on(async {
            let running = pool.run(move |_| {
                started.send(()).unwrap();
                until.recv().unwrap();
                2
            });
            let second = async {
                wait.recv().unwrap();
                let busy = pool.run(|_| 3).await;
                release.send(()).unwrap();
                busy
            };
            let (first, second) = tokio::join!(running, second);
            assert_eq!((first, second), (Ok(2), Err(Refused::Busy)));
        });
    }
}
