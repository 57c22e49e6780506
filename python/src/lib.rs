//! The Python extension module `dancing._dancing`: the `dancing` crate's exact cover, Sudoku
//! and puzzle front ends as Python classes and functions. The Python package `dancing`
//! (`python/dancing/`) re-exports them; its stubs (`_dancing.pyi`) type them.
//!
//! The binding converts and nothing more: problems are built by [`dancing::named`],
//! [`dancing::knuth`] and [`dancing::problems`], searched by [`dancing::Solver`] and
//! [`dancing::count_parallel`], their symmetry found and used by [`dancing::symmetry`], Sudoku
//! puzzles read, solved, made, rated and hinted by [`dancing::sudoku`]. What it adds is what
//! crossing into Python takes:
//!
//! - every search runs without the GIL, pausing by the clock (`dancing::PAUSE_TIME`), and
//!   at each pause looks at Python's signals (so Ctrl-C raises `KeyboardInterrupt` within
//!   milliseconds) and at its time budget (`run`);
//! - bad input raises `ValueError` with the library's message (file, line and column where
//!   there is one), sizes included: the library's constructors check them before they
//!   allocate; a whole number out of range is a `ValueError` naming the argument
//!   (`args`); a spent budget raises `dancing.GaveUp`;
//! - one object may be searched from several Python threads at once (`cover`);
//! - every entry point runs under `guard`, which turns a panic into a `RuntimeError`
//!   instead of letting it cross into Python as PyO3's `PanicException`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

mod args;
mod cover;
mod grid;
mod picture;
mod problems;
mod run;
mod sudoku;
mod symmetry;

create_exception!(
    dancing,
    GaveUp,
    PyException,
    "A search ran out of its budget (`max_nodes` or `max_time`) before it had an answer.\n\n\
     The answer is unknown, which is not the same as \"no solution\". The attributes `nodes`\n\
     and `solutions` hold the work done and the solutions found until then."
);

/// Runs `f`, turning a panic inside it into a `RuntimeError` that says it is a bug: no panic
/// crosses into Python. Every function and method of the module runs its body under it.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        Err(PyRuntimeError::new_err(format!(
            "internal error in dancing (a bug: please report it): {message}"
        )))
    })
}

/// A `ValueError` with the library's message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Panics with `message` under `guard`: the tests' way to check that a panic reaches
/// Python as a `RuntimeError` (no input of the library panics on purpose).
#[pyfunction]
fn _panic_for_test(message: &str) -> PyResult<()> {
    guard(|| panic!("{message}"))
}

/// The module `dancing._dancing`.
#[pymodule]
fn _dancing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GaveUp", m.py().get_type::<GaveUp>())?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    cover::register(m)?;
    grid::register(m)?;
    sudoku::register(m)?;
    problems::register(m)?;
    picture::register(m)?;
    symmetry::register(m)?;
    Ok(())
}
