//! The functions of `dancing.sudoku`: solve, count, uniqueness, generation, rating and hints,
//! each a call of [`dancing::sudoku`] on a puzzle read by [`crate::grid`], under the rules
//! of its shape and the variants asked for.
//!
//! Building a solver builds the exact-cover matrix of the rules (some 15 µs for 9x9), so
//! the last solver used is kept ([`SOLVER`]) and taken again while the rules are the same: a
//! loop of `solve` calls pays only the search and the conversions.
//!
//! The searches run without the GIL and pause by the clock, where [`Signals`]
//! takes the GIL back to look at Python's signals, as `ExactCover`'s searches do
//! ([`crate::run`]): Ctrl-C stops a long count, or a generation between two of its counts,
//! with `KeyboardInterrupt`.

use std::ops::ControlFlow;
use std::sync::Mutex;

use dancing::Count;
use dancing::sudoku::generate::{Generator, Rng, Symmetry};
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::hint::{self, Stuck};
use dancing::sudoku::rules::{PartNames, Rules, Switch, Variant};
use dancing::sudoku::solve::{Progress, SolveError, SudokuSolver};
use pyo3::prelude::*;

use crate::args::{self, Symmetric, Variants, Whole};
use crate::grid::{PyGrid, read_puzzle};
use crate::guard;
use crate::run::{Budget, gave_up};
use crate::value_error;

/// The solver of the last call, kept for the next one under the same rules.
static SOLVER: Mutex<Option<SudokuSolver>> = Mutex::new(None);

/// Registers the functions of this module (with a `sudoku_` prefix, which
/// `dancing/sudoku.py` takes off).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_rate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_hint, m)?)?;
    Ok(())
}

/// The rules of grids of `shape` with these variants and jigsaw regions.
fn rules(shape: Shape, variant: Option<Variants>, jigsaw: Option<&str>) -> PyResult<Rules> {
    const NAMES: PartNames<'static> = PartNames {
        jigsaw: "jigsaw",
        hyper: "variant hyper",
        extra_regions: "extra regions",
    };
    let mut wanted = Variant::default();
    for name in variant.map(|v| v.0).unwrap_or_default() {
        wanted.switch(name.parse::<Switch>().map_err(value_error)?);
    }
    wanted
        .read_regions(jigsaw, None, NAMES)
        .and_then(|()| wanted.named_rules(shape, NAMES))
        .map_err(value_error)
}

/// The watch of a search run from Python: at each pause, looks at Python's signals, and
/// stops the search when a handler raised an exception (`KeyboardInterrupt` after Ctrl-C),
/// which it keeps to raise once the search has stopped.
#[derive(Default)]
struct Signals(Option<PyErr>);

impl Signals {
    /// The watch of `SudokuSolver::solve_watched` and the other `_watched` searches.
    fn watch(&mut self, _: Progress) -> ControlFlow<()> {
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(raised) => {
                self.0 = Some(raised);
                ControlFlow::Break(())
            }
        }
    }
}

/// Runs `f` on a solver of `rules` with these budgets, without the GIL, with a [`Signals`]
/// for its search's watch: the kept solver when its rules are these, else a new one, which
/// is kept afterwards. What a signal handler raised during the search is raised here.
fn with_solver<T: Send>(
    py: Python<'_>,
    rules: Rules,
    budget: (Option<u64>, Option<f64>),
    f: impl FnOnce(&mut SudokuSolver, &mut Signals) -> T + Send,
) -> PyResult<T> {
    let (max_nodes, max_time) = budget;
    let budget = Budget::new(max_nodes, max_time)?;
    let kept = SOLVER.lock().map(|mut s| s.take()).unwrap_or_default();
    let mut solver = match kept {
        Some(solver) if *solver.rules() == rules => solver,
        _ => SudokuSolver::with_rules(rules),
    };
    solver.set_max_nodes(max_nodes);
    solver.set_max_time(budget.max_time());
    solver.set_watch_time(Some(dancing::PAUSE_TIME));
    let mut signals = Signals::default();
    let result = py.detach(|| f(&mut solver, &mut signals));
    if let Ok(mut slot) = SOLVER.lock() {
        *slot = Some(solver);
    }
    match signals.0 {
        Some(raised) => Err(raised),
        None => Ok(result),
    }
}

/// A solver's error as a Python exception: `GaveUp` for a spent budget, else `ValueError`.
fn solve_error(e: SolveError) -> PyErr {
    match e {
        SolveError::GaveUp { nodes, solutions }
        | SolveError::OutOfTime {
            nodes, solutions, ..
        } => gave_up(e.to_string(), nodes.into(), Count::from(solutions)),
        e => value_error(e),
    }
}

/// The puzzle and its rules.
fn puzzle_and_rules(
    puzzle: &Bound<'_, PyAny>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
) -> PyResult<(Grid, Rules)> {
    let grid = read_puzzle(puzzle)?;
    let rules = rules(grid.shape(), variant, jigsaw)?;
    Ok((grid, rules))
}

/// `dancing.sudoku.solve` (documented in `dancing/sudoku.py`).
#[pyfunction]
#[pyo3(signature = (puzzle, variant = None, jigsaw = None, max_nodes = None, max_time = None))]
fn sudoku_solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
    max_nodes: Option<Whole>,
    max_time: Option<f64>,
) -> PyResult<Option<PyGrid>> {
    guard(|| {
        let max_nodes = max_nodes.map(|m| m.get("max_nodes")).transpose()?;
        let (grid, rules) = puzzle_and_rules(puzzle, variant, jigsaw)?;
        let solved = with_solver(py, rules, (max_nodes, max_time), |s, signals| {
            s.solve_watched(&grid, 1, |p| signals.watch(p))
        })?;
        match solved {
            Ok(solution) => Ok(Some(PyGrid {
                grid: solution.grid,
                puzzle: Some(grid),
            })),
            Err(SolveError::Unsolvable) => Ok(None),
            Err(e) => Err(solve_error(e)),
        }
    })
}

/// `dancing.sudoku.count` (documented in `dancing/sudoku.py`).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = Some(Whole::from(2)), variant = None, jigsaw = None, max_nodes = None, max_time = None))]
fn sudoku_count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: Option<Whole>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
    max_nodes: Option<Whole>,
    max_time: Option<f64>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let limit = args::limit(limit)?;
        let max_nodes = max_nodes.map(|m| m.get("max_nodes")).transpose()?;
        let (grid, rules) = puzzle_and_rules(puzzle, variant, jigsaw)?;
        let limit = limit.unwrap_or(u64::MAX);
        let count = with_solver(py, rules, (max_nodes, max_time), |s, signals| {
            s.count_watched(&grid, limit, |p| signals.watch(p))
        })?
        .map_err(solve_error)?;
        crate::run::count_to_py(py, &count)
    })
}

/// `dancing.sudoku.is_unique` (documented in `dancing/sudoku.py`).
#[pyfunction]
#[pyo3(signature = (puzzle, variant = None, jigsaw = None))]
fn sudoku_is_unique(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
) -> PyResult<bool> {
    guard(|| {
        let (grid, rules) = puzzle_and_rules(puzzle, variant, jigsaw)?;
        let count = with_solver(py, rules, (None, None), |s, signals| {
            s.count_watched(&grid, 2, |p| signals.watch(p))
        })?;
        Ok(count.map_err(solve_error)? == 1)
    })
}

/// `dancing.sudoku.generate` (documented in `dancing/sudoku.py`).
#[pyfunction]
#[pyo3(signature = (seed = None, symmetric = Symmetric::Flag(false), size = Whole::from(9), variant = None, jigsaw = None, min_givens = None))]
fn sudoku_generate(
    py: Python<'_>,
    seed: Option<Whole>,
    symmetric: Symmetric,
    size: Whole,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
    min_givens: Option<Whole>,
) -> PyResult<PyGrid> {
    guard(|| {
        let seed: Option<u64> = seed.map(|s| s.get("seed")).transpose()?;
        let size: usize = size.get("size")?;
        let min_givens: Option<usize> = min_givens.map(|m| m.get("min_givens")).transpose()?;
        let shape = Shape::from_side(size)
            .filter(|s| s.side() == size)
            .ok_or_else(|| {
                value_error(format!(
                    "size={size}: expected 4, 6, 8, 9, 10, 12, 16, 25 or 36"
                ))
            })?;
        let symmetry = match symmetric {
            Symmetric::Flag(false) => Symmetry::None,
            Symmetric::Flag(true) => Symmetry::Rotate180,
            Symmetric::Name(name) => name.parse().map_err(value_error)?,
        };
        let rules = rules(shape, variant, jigsaw)?;
        let seed = seed.unwrap_or_else(random_seed);
        // As `dancing sudoku generate` does, on a generator of its own: some variants leave
        // a small grid no solution, where the generator would find no full grid to start.
        let possible = py.detach(|| {
            Generator::with_rules(rules.clone(), symmetry)
                .try_full_grid(&mut Rng::new(seed))
                .is_some()
        });
        if !possible {
            return Err(value_error(format!(
                "no puzzle can be made: these rules leave the empty {size}x{size} grid \
                 without a solution"
            )));
        }
        let mut signals = Signals::default();
        let made = py.detach(|| {
            Generator::with_rules(rules, symmetry)
                .with_min_givens(min_givens.unwrap_or(0))
                .with_watch_time(Some(dancing::PAUSE_TIME))
                .generate_watched(seed, |p| signals.watch(p))
        });
        match (made, signals.0) {
            (_, Some(raised)) => Err(raised),
            (Some(made), None) => Ok(PyGrid::new(made.puzzle)),
            (None, None) => unreachable!("only a signal stops a generation"),
        }
    })
}

/// A seed from the clock and the address space's randomness, for `generate(seed=None)`.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    RandomState::new().hash_one(nanos)
}

/// `dancing.sudoku.rate` (documented in `dancing/sudoku.py`).
#[pyfunction]
#[pyo3(signature = (puzzle, variant = None, jigsaw = None))]
fn sudoku_rate(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
) -> PyResult<&'static str> {
    guard(|| {
        let (grid, rules) = puzzle_and_rules(puzzle, variant, jigsaw)?;
        let rating = with_solver(py, rules, (None, None), |s, signals| {
            dancing::sudoku::rate::rate_watched(s, &grid, |p| signals.watch(p))
        })?;
        Ok(rating.map_err(value_error)?.band.name())
    })
}

/// `dancing.sudoku.hint` (documented in `dancing/sudoku.py`): the row and column 1-based, as
/// the hint's words (`r5c5`), the JSON API and `sudoku hint --format jsonl` count them; the
/// library's [`hint::Hint`] counts from 0.
#[pyfunction]
#[pyo3(signature = (puzzle, variant = None, jigsaw = None))]
fn sudoku_hint(
    puzzle: &Bound<'_, PyAny>,
    variant: Option<Variants>,
    jigsaw: Option<&str>,
) -> PyResult<Option<(usize, usize, u8, String)>> {
    guard(|| {
        let (grid, rules) = puzzle_and_rules(puzzle, variant, jigsaw)?;
        match hint::next_under(&rules, &grid) {
            Ok(h) => Ok(Some((h.row + 1, h.col + 1, h.digit, h.to_string()))),
            Err(Stuck::Solved | Stuck::Full | Stuck::NoSingle { .. }) => Ok(None),
            Err(stuck) => Err(value_error(stuck)),
        }
    })
}
