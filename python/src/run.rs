//! Searches run from Python: without the GIL, pausing by the clock, looking at Python's
//! signals and at the time budget at each pause; and the one conversion of a count into a
//! Python `int` ([`count_to_py`]).
//!
//! A [`Solver`] pauses about every [`dancing::PAUSE_TIME`] (`Solver::set_pause_time`),
//! whatever a node of its engine costs; at each pause the search takes the GIL back, runs `PyErr_CheckSignals` (which
//! raises `KeyboardInterrupt` after a Ctrl-C, or whatever a signal handler raises) and reads
//! the clock, then lets the GIL go again. A count on several threads runs on a thread of its
//! own while the calling thread looks at the signals and the clock as often, and raises the
//! count's stop flag ([`dancing::parallel::count_parallel_until`]) to end it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dancing::{Count, Problem, Solver, Step};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{GaveUp, guard};

/// The budgets of a search: nodes (kept by the solver) and time (kept here).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// The time allowed (as given and as a `Duration`) and when it runs out; `None` for no
    /// limit, or for one so far off that the clock cannot say when (some 2^63 seconds on
    /// Linux).
    deadline: Option<(f64, Duration, Instant)>,
    /// The node budget, for the solver.
    max_nodes: Option<u64>,
}

impl Budget {
    /// A budget of `max_nodes` nodes and `max_time` seconds from now (`None`: no limit).
    pub(crate) fn new(max_nodes: Option<u64>, max_time: Option<f64>) -> PyResult<Budget> {
        let deadline = match max_time {
            None => None,
            Some(t) => {
                let d = Duration::try_from_secs_f64(t).map_err(|_| {
                    PyValueError::new_err(format!(
                        "max_time={t}: expected a number of seconds, at least 0 and finite"
                    ))
                })?;
                Instant::now().checked_add(d).map(|at| (t, d, at))
            }
        };
        Ok(Budget {
            deadline,
            max_nodes,
        })
    }

    /// The time allowed, if any (and if the clock can say when it runs out).
    pub(crate) fn max_time(&self) -> Option<Duration> {
        self.deadline.map(|(_, d, _)| d)
    }

    /// When the time runs out, if it does.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline.map(|(_, _, at)| at)
    }

    /// Whether a node budget is set.
    pub(crate) fn has_nodes(&self) -> bool {
        self.max_nodes.is_some()
    }

    /// A solver of `problem` that keeps this budget's nodes and pauses by the clock.
    pub(crate) fn solver(&self, problem: &Problem) -> Solver {
        let mut solver = Solver::new(problem);
        solver.set_max_nodes(self.max_nodes);
        solver.set_pause_time(Some(dancing::PAUSE_TIME));
        solver
    }

    /// `GaveUp` if the time has run out, with the work done so far.
    pub(crate) fn check_time(&self, nodes: u128, solutions: Count) -> PyResult<()> {
        match self.deadline {
            Some((t, _, at)) if Instant::now() >= at => Err(gave_up(
                format!("gave up after max_time={t} s"),
                nodes,
                solutions,
            )),
            _ => Ok(()),
        }
    }

    /// Whether the time has run out.
    pub(crate) fn expired(&self) -> bool {
        self.deadline.is_some_and(|(_, _, at)| Instant::now() >= at)
    }
}

/// A `dancing.GaveUp` saying `why`, with the work done: `nodes` and `solutions` attributes.
pub(crate) fn gave_up(why: String, nodes: u128, solutions: Count) -> PyErr {
    Python::attach(|py| {
        let err = GaveUp::new_err(format!(
            "{why}: {nodes} nodes searched, {solutions} solutions found"
        ));
        let value = err.value(py);
        let set = count_to_py(py, &solutions)
            .and_then(|solutions| value.setattr("solutions", solutions))
            .and_then(|()| value.setattr("nodes", nodes));
        set.err().unwrap_or(err)
    })
}

/// A count as a Python `int` (of any size: through num-bigint), exact or the lower bound of
/// a search stopped at its limit: every count crosses the boundary here.
pub(crate) fn count_to_py(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    Ok(count.value().into_pyobject(py)?.into_any().unbind())
}

/// Searches on from where `solver` stands, calling `found` at each solution until it returns
/// `false` (then `Ok(true)`) or the tree is exhausted (`Ok(false)`): without the GIL, looking
/// at the signals and the clock at every pause (by the clock).
///
/// # Errors
/// What a signal handler raises (`KeyboardInterrupt`), or `GaveUp` when a budget runs out.
pub(crate) fn search(
    py: Python<'_>,
    solver: &mut Solver,
    budget: &Budget,
    mut found: impl FnMut() -> bool + Send,
) -> PyResult<bool> {
    loop {
        let step = py.detach(|| {
            loop {
                match solver.step() {
                    Step::Solution if found() => {}
                    step => return step,
                }
            }
        });
        let stats = solver.stats();
        match step {
            Step::Solution => return Ok(true),
            Step::Exhausted => return Ok(false),
            Step::GaveUp => {
                let why = format!("gave up after max_nodes={}", stats.nodes);
                return Err(gave_up(why, stats.nodes.into(), stats.solutions.into()));
            }
            Step::Paused => {
                py.check_signals()?;
                budget.check_time(stats.nodes.into(), stats.solutions.into())?;
            }
        }
    }
}

/// Counts the solutions of `problem` up to `limit` (`None`: all) on one thread.
///
/// # Errors
/// As [`search`].
pub(crate) fn count(
    py: Python<'_>,
    problem: &Problem,
    limit: Option<u64>,
    budget: &Budget,
) -> PyResult<Count> {
    let most = limit.unwrap_or(u64::MAX);
    let mut n = 0u64;
    if most > 0 {
        let mut solver = budget.solver(problem);
        search(py, &mut solver, budget, || {
            n += 1;
            n < most
        })?;
    }
    Ok(Count::from_search(n, limit))
}

/// Counts every solution of `problem` on `jobs` threads (0: one a core) with
/// [`dancing::parallel::count_parallel_until`], while this thread looks at the signals and
/// the clock and stops the count when either says so.
///
/// # Errors
/// As [`search`]; a panic of the count's threads is a `RuntimeError` ([`guard`]).
pub(crate) fn count_parallel(
    py: Python<'_>,
    problem: &Problem,
    jobs: usize,
    budget: &Budget,
) -> PyResult<Count> {
    let stop = &AtomicBool::new(false);
    let (result, interrupted) = watched(
        py,
        stop,
        || budget.expired(),
        || Ok(dancing::parallel::count_parallel_until(problem, jobs, stop)),
    );
    match (result?, interrupted) {
        (Ok(total), _) => Ok(total.solutions),
        (Err(stopped), Some(signals)) => {
            signals?;
            budget.check_time(stopped.stats.nodes, stopped.stats.solutions)?;
            unreachable!("a count is stopped by a signal or the clock only")
        }
        (Err(_), None) => unreachable!("only this thread raises the stop flag"),
    }
}

/// Runs `work` on a thread of its own, without the GIL, while this thread looks every few
/// milliseconds at Python's signals and at `expired`, and raises `stop` at the first signal
/// or expiry: the work's result, and `Some` of the signals' check if it raised `stop` (an
/// `Err` if a signal handler raised, `Ok` if `expired` said so). `work` runs under [`guard`].
pub(crate) fn watched<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    expired: impl Fn() -> bool + Sync,
    work: impl FnOnce() -> PyResult<T> + Send,
) -> (PyResult<T>, Option<PyResult<()>>) {
    py.detach(|| {
        std::thread::scope(|scope| {
            let main = std::thread::current();
            let worker = scope.spawn(move || {
                let result = guard(work);
                main.unpark();
                result
            });
            let mut interrupted = None;
            while !worker.is_finished() {
                std::thread::park_timeout(Duration::from_millis(5));
                if interrupted.is_none() {
                    let signals = Python::attach(|py| py.check_signals());
                    if signals.is_err() || expired() {
                        interrupted = Some(signals);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            let result = worker
                .join()
                .unwrap_or_else(|_| unreachable!("the worker catches its panics (guard)"));
            (result, interrupted)
        })
    })
}

/// The `k` cheapest solutions of `problem` ([`dancing::mincost::MinCost`]) on `jobs`
/// threads, as (cost, options) pairs, cheapest first: run on a thread of its own while this
/// one looks at the signals every few milliseconds and raises the search's stop flag.
///
/// # Errors
/// `ValueError` for multiplicities or `k = 0`; what a signal handler raises; `GaveUp` when a
/// budget runs out.
pub(crate) fn min_cost(
    py: Python<'_>,
    problem: &Problem,
    k: usize,
    jobs: usize,
    budget: &Budget,
) -> PyResult<Vec<(u128, Vec<usize>)>> {
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let search = dancing::mincost::MinCost::new(problem)
        .best(k)
        .jobs(jobs)
        .max_nodes(budget.max_nodes)
        .deadline(budget.deadline())
        .stop_flag(stop.clone());
    let (result, interrupted) = watched(
        py,
        &stop,
        || false,
        || search.run().map_err(crate::value_error),
    );
    if let Some(signals) = interrupted {
        signals?;
    }
    let found = result?;
    if !found.complete {
        let why = match budget.max_nodes {
            Some(n) if found.stats.nodes > n => format!("gave up after max_nodes={n}"),
            _ => match budget.deadline {
                Some((t, _, _)) => format!("gave up after max_time={t} s"),
                None => "gave up".to_string(),
            },
        };
        return Err(gave_up(
            why,
            found.stats.nodes.into(),
            found.stats.solutions.into(),
        ));
    }
    Ok(found
        .solutions
        .into_iter()
        .map(|s| (s.cost, s.options))
        .collect())
}

/// Counts every solution of `problem` by memo ([`dancing::memo::Memo`], Knuth's Algorithm Z):
/// without the GIL, looking at the signals and the clock every few thousand subproblems.
///
/// # Errors
/// `ValueError` if the memo refuses the problem, what a signal handler raises, or `GaveUp` when the time runs out (the memo's work is then lost).
pub(crate) fn count_memo(py: Python<'_>, problem: &Problem, budget: &Budget) -> PyResult<Count> {
    let config = dancing::memo::MemoConfig::default();
    let mut memo = dancing::memo::Memo::new(problem, config)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut signals = Ok(());
    let count = py.detach(|| {
        memo.count_until(|| {
            if let Err(err) = Python::attach(|py| py.check_signals()) {
                signals = Err(err);
                return true;
            }
            budget.expired()
        })
    });
    signals?;
    match count {
        Some(count) => Ok(count),
        None => {
            budget.check_time(0, Count::at_least(0u32))?;
            unreachable!("a count by memo is stopped by a signal or the clock only")
        }
    }
}
