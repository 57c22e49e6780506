//! The symmetry of an `ExactCover` ([`dancing::symmetry`]): `dancing.Group`, what
//! `ExactCover.group()` returns, and the counts with the group and up to it behind
//! `count(symmetry=True)` and `count(up_to_symmetry=True)`.
//!
//! The group is found by nauty and the counts run on a thread of their own, without the GIL,
//! while the calling thread looks at Python's signals and at the time budget
//! ([`run::watched`]), as a count on several threads does, and raises a stop flag that ends
//! nauty ([`symmetry::group_until`]) or the count: nauty's time grows as the cube of the
//! number of interchangeable parts (4,000 one-item options: 85 s).

use std::sync::atomic::{AtomicBool, Ordering};

use dancing::symmetry::{self, Group as Symmetries};
use dancing::{Count, Problem};
use pyo3::prelude::*;

use crate::run::{self, Budget};
use crate::value_error;

/// Registers the class of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Group>()
}

/// The symmetry group of an exact-cover problem: the permutations of its items and options
/// that map it onto itself (primary items to primary items with the same bounds, secondary to
/// secondary, colors and costs kept), found by nauty in its matrix.
#[pyclass(module = "dancing", frozen, get_all)]
pub struct Group {
    /// The number of its elements (a Python int, exact).
    order: Py<PyAny>,
    /// Generators of the group, each the cycles of the items it moves (as `dancing cover
    /// --group` prints them), each cycle a list of item names from its first item (in the
    /// order of `ExactCover.items`); empty for a generator that moves only options.
    generators: Vec<Vec<Vec<String>>>,
    /// For each generator (in the same order), the cycles of the options it moves, each a
    /// list of option indices from the least.
    option_cycles: Vec<Vec<Vec<usize>>>,
}

#[pymethods]
impl Group {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<dancing.Group: order {}, {} generators>",
            self.order.bind(py),
            self.generators.len()
        )
    }
}

/// The group of `problem`, its items named by `item_name`: nauty on a thread of its own,
/// stopped by a signal ([`run::watched`]).
///
/// # Errors
/// `ValueError` with the library's message when the problem is too large for nauty; what a
/// signal handler raises (`KeyboardInterrupt`).
pub(crate) fn group(
    py: Python<'_>,
    problem: &Problem,
    item_name: impl Fn(usize) -> String,
) -> PyResult<Group> {
    let found = watched_group(py, problem, None)?;
    let generators = found
        .generators()
        .iter()
        .map(|g| {
            g.item_cycles()
                .iter()
                .map(|cycle| cycle.iter().map(|&i| item_name(i)).collect())
                .collect()
        })
        .collect();
    let option_cycles = found
        .generators()
        .iter()
        .map(|g| cycles(problem.option_count(), |k| g.option(k)))
        .collect();
    Ok(Group {
        order: found.order().clone().into_pyobject(py)?.into_any().unbind(),
        generators,
        option_cycles,
    })
}

/// The cycles of length at least 2 of the permutation `image` of `0..n`, each from its least
/// point.
fn cycles(n: usize, image: impl Fn(usize) -> usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut found = Vec::new();
    for start in 0..n {
        if seen[start] || image(start) == start {
            continue;
        }
        let mut cycle = Vec::new();
        let mut k = start;
        while !seen[k] {
            seen[k] = true;
            cycle.push(k);
            k = image(k);
        }
        found.push(cycle);
    }
    found
}

/// The group of `problem`, computed by nauty on a thread of its own while this one looks at
/// Python's signals and, with a `budget`, at its clock, either of which stops nauty.
///
/// # Errors
/// What a signal handler raises; `GaveUp` when the budget's time runs out; `ValueError` with
/// the library's message (the problem too large for nauty).
pub(crate) fn watched_group(
    py: Python<'_>,
    problem: &Problem,
    budget: Option<&Budget>,
) -> PyResult<Symmetries> {
    let stop = &AtomicBool::new(false);
    let (found, interrupted) = run::watched(
        py,
        stop,
        || budget.is_some_and(Budget::expired),
        || {
            Ok(symmetry::group_until(problem, &|| {
                stop.load(Ordering::Relaxed)
            }))
        },
    );
    if let Some(signals) = interrupted {
        signals?;
        if let Some(budget) = budget {
            budget.check_time(0, Count::at_least(0u32))?;
        }
    }
    found?.map_err(value_error)
}

/// How a count with the group ended.
enum Counted {
    /// The answer.
    Done(Count),
    /// Stopped by the flag: the nodes searched and the solutions counted until then (a lower
    /// bound of the total; 0 for a count up to symmetry, whose parts bound nothing).
    Stopped { nodes: u128, solutions: Count },
}

/// Counts the solutions of `problem` with its group on `jobs` threads (at least 1): every
/// solution ([`symmetry::count_until`]), or with `up_to` the orbits of solutions, the
/// essentially different ones ([`symmetry::count_up_to_symmetry_until`]). On a thread of its
/// own, while this one looks at the signals and the clock.
///
/// # Errors
/// `ValueError` with the library's message (the problem too large for nauty; for `up_to`, a
/// group too large to list or bounds); what a signal handler raises; `GaveUp` when the time
/// runs out.
pub(crate) fn count(
    py: Python<'_>,
    problem: &Problem,
    up_to: bool,
    jobs: usize,
    budget: &Budget,
) -> PyResult<Count> {
    let stop = &AtomicBool::new(false);
    let (result, interrupted) = run::watched(
        py,
        stop,
        || budget.expired(),
        || {
            let stopped = || stop.load(Ordering::Relaxed);
            match symmetry::group_until(problem, &stopped) {
                Ok(group) => counted(problem, &group, up_to, jobs, &stopped),
                Err(symmetry::SymmetryError::Stopped) => Ok(Counted::Stopped {
                    nodes: 0,
                    solutions: Count::at_least(0u32),
                }),
                Err(e) => Err(value_error(e)),
            }
        },
    );
    match (result?, interrupted) {
        (Counted::Done(count), _) => Ok(count),
        (Counted::Stopped { nodes, solutions }, Some(signals)) => {
            signals?;
            budget.check_time(nodes, solutions)?;
            unreachable!("a count is stopped by a signal or the clock only")
        }
        (Counted::Stopped { .. }, None) => unreachable!("only this thread raises the stop flag"),
    }
}

/// The count of [`count`], on the calling thread, until `stop` says so.
fn counted(
    problem: &Problem,
    group: &Symmetries,
    up_to: bool,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> PyResult<Counted> {
    if up_to {
        let classes = symmetry::count_up_to_symmetry_until(problem, group, jobs, stop)
            .map_err(value_error)?;
        return Ok(classes.map_or(
            Counted::Stopped {
                nodes: 0,
                solutions: Count::at_least(0u32),
            },
            Counted::Done,
        ));
    }
    let counted = symmetry::count_until(problem, group, jobs, stop);
    Ok(if counted.total.is_exact() {
        Counted::Done(counted.total)
    } else {
        Counted::Stopped {
            nodes: counted.stats.nodes.into(),
            solutions: counted.total,
        }
    })
}
