//! `dancing.sudoku.Grid`, a Sudoku grid, and the conversion of what Python passes as a
//! puzzle: a `Grid`, text in any layout the `sudoku` command reads ([`PuzzleReader`]: a
//! line of 81 cells, a grid of rows, ...), a list of rows of digits (0 for a blank), a flat
//! list of N*N digits, or anything with `tolist()` giving one of those (a numpy array).
//! `bytes` are read as text when they are UTF-8. A digit outside `0..=N`, negative or of any
//! size, is a `ValueError` naming its cell.

use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::PuzzleReader;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::args::Whole;
use crate::guard;
use crate::value_error;

/// Registers the class of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGrid>()
}

/// A Sudoku grid (9x9, or any size the library reads): the answer of `dancing.sudoku`'s
/// functions. `str()` writes it as rows of digits (0 for a blank), `line` on one line (`.`
/// for a blank); a grid solved from a puzzle remembers its givens, which its picture
/// (`_repr_svg_`, shown by Jupyter) draws black.
#[pyclass(name = "Grid", module = "dancing.sudoku", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyGrid {
    pub(crate) grid: Grid,
    /// The puzzle this grid solves, if it is a solution.
    pub(crate) puzzle: Option<Grid>,
}

impl PyGrid {
    /// A grid that is not a solution of anything known.
    pub(crate) fn new(grid: Grid) -> PyGrid {
        PyGrid { grid, puzzle: None }
    }
}

#[pymethods]
impl PyGrid {
    /// A grid read from a puzzle: text, a list of rows, a flat list, or a numpy array.
    #[new]
    fn py_new(puzzle: &Bound<'_, PyAny>) -> PyResult<PyGrid> {
        guard(|| Ok(PyGrid::new(read_puzzle(puzzle)?)))
    }

    /// The side of the grid (9 for the classic puzzle).
    #[getter]
    fn size(&self) -> usize {
        self.grid.shape().side()
    }

    /// The grid on one line, row-major, `.` for a blank.
    #[getter]
    fn line(&self) -> String {
        self.grid.to_line()
    }

    /// The number of filled cells.
    #[getter]
    fn givens(&self) -> usize {
        self.grid.givens()
    }

    /// The rows, each a list of digits (0 for a blank).
    fn to_list(&self) -> Vec<Vec<u32>> {
        let n = self.grid.shape().side();
        let row = |cells: &[u8]| cells.iter().map(|&d| u32::from(d)).collect();
        self.grid.cells().chunks(n).map(row).collect()
    }

    /// The rows as a numpy array of shape (N, N) (needs numpy).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("numpy")?.call_method1("array", (self.to_list(),))
    }

    /// The digit at (`row`, `col`), 0-based (0 for a blank).
    fn __getitem__(&self, at: (Whole, Whole)) -> PyResult<u8> {
        let n = self.grid.shape().side();
        match (at.0.value(), at.1.value()) {
            (Ok(row), Ok(col)) if row < n as u64 && col < n as u64 => {
                Ok(self.grid.get(row as usize, col as usize))
            }
            (row, col) => {
                let text = |v: Result<u64, String>| v.map_or_else(|t| t, |v| v.to_string());
                Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "cell ({}, {}) is outside a {n}x{n} grid: rows and columns are 0 to {}",
                    text(row),
                    text(col),
                    n - 1
                )))
            }
        }
    }

    fn __str__(&self) -> String {
        self.grid.to_grid_string()
    }

    fn __repr__(&self) -> String {
        format!("Grid({:?})", self.grid.to_line())
    }

    /// The grid as an SVG picture (for Jupyter): givens black, found digits blue.
    fn _repr_svg_(&self) -> String {
        dancing::sudoku::svg::grid(&self.grid, self.puzzle.as_ref())
    }
}

/// Reads a puzzle as Python gives it (see the module docs).
///
/// # Errors
/// `ValueError` with the reader's message (line and column) or the grid's (which cell).
pub(crate) fn read_puzzle(puzzle: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Ok(grid) = puzzle.cast::<PyGrid>() {
        return Ok(grid.get().grid.clone());
    }
    if let Ok(text) = puzzle.cast::<PyString>() {
        return read_text(&text.to_cow()?);
    }
    if puzzle.is_instance_of::<PyBytes>() || puzzle.is_instance_of::<PyByteArray>() {
        let bytes: Vec<u8> = puzzle.extract()?;
        let text = String::from_utf8(bytes).map_err(|e| {
            value_error(format!(
                "the bytes are not UTF-8 text (byte {} is not): give the puzzle as a str",
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        return read_text(&text);
    }
    let list = if puzzle.hasattr("tolist")? {
        puzzle.call_method0("tolist")?
    } else {
        puzzle.clone()
    };
    check_lengths(&list)?;
    if let Ok(rows) = list.extract::<Vec<Vec<Whole>>>() {
        let side = rows.len();
        if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != side) {
            return Err(value_error(format!(
                "row {} has {} cells: expected {side}, as many as there are rows",
                r + 1,
                row.len()
            )));
        }
        return from_cells(side, digits(side, &rows.concat())?);
    }
    if let Ok(cells) = list.extract::<Vec<Whole>>() {
        let side = (cells.len() as f64).sqrt().round() as usize;
        return from_cells(side, digits(side, &cells)?);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "a puzzle is a str, a list of rows of digits 0..N (0 for a blank), a flat list of \
         N*N digits, a numpy array, or a dancing.sudoku.Grid",
    ))
}

/// The largest side of a grid (boxes of 6x6).
const MOST: usize = Shape::MAX_BOX_SIDE * Shape::MAX_BOX_SIDE;

/// Refuses, before its digits are copied, a list longer than the cells of the largest grid
/// or with a row longer than its side: such a list is no puzzle, however it is read.
fn check_lengths(list: &Bound<'_, PyAny>) -> PyResult<()> {
    let Ok(len) = list.len() else {
        return Ok(());
    };
    if len > MOST * MOST {
        return Err(value_error(format!(
            "{len} cells: a grid has at most {MOST} rows of {MOST}"
        )));
    }
    if len <= MOST
        && let Ok(rows) = list.try_iter()
    {
        for (r, row) in rows.enumerate() {
            let row = row?;
            if !row.is_instance_of::<PyString>() && row.len().is_ok_and(|n| n > MOST) {
                return Err(value_error(format!(
                    "row {} has {} cells: a grid has at most {MOST} rows of {MOST}",
                    r + 1,
                    row.len()?
                )));
            }
        }
    }
    Ok(())
}

/// The digits of the cells of a grid of side `side` (row-major), each in `0..=255`: a
/// larger or negative one is a `ValueError` naming its cell (the grid names a digit from
/// `side + 1` to 255).
fn digits(side: usize, cells: &[Whole]) -> PyResult<Vec<u8>> {
    cells
        .iter()
        .enumerate()
        .map(|(k, cell)| {
            if let Some(digit) = cell.value().ok().and_then(|d| u8::try_from(d).ok()) {
                return Ok(digit);
            }
            let (row, col) = (k / side.max(1) + 1, k % side.max(1) + 1);
            let text = cell.value().map_or_else(|t| t, |d| d.to_string());
            Err(value_error(format!(
                "row {row}, column {col}: {text} is not a digit: expected 0 (a blank) to \
                 {side}"
            )))
        })
        .collect()
}

/// The grid of side `side` with these cells.
fn from_cells(side: usize, cells: Vec<u8>) -> PyResult<Grid> {
    let shape = Shape::from_side(side)
        .filter(|s| s.side() == side && s.cells() == cells.len())
        .ok_or_else(|| {
            value_error(format!(
                "{} cells: expected the N*N cells of a grid of side 4, 6, 8, 9, 10, 12, 16, \
                 25 or 36",
                cells.len()
            ))
        })?;
    Grid::from_cells(shape, cells).map_err(value_error)
}

/// The one puzzle of `text`, its shape detected.
fn read_text(text: &str) -> PyResult<Grid> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    let first = match reader.next() {
        Some(read) => read.map_err(value_error)?,
        None => return Err(value_error("no puzzle in the text")),
    };
    match reader.next() {
        None => Ok(first.grid),
        Some(Ok(second)) => Err(value_error(format!(
            "a second puzzle on line {}: expected one puzzle",
            second.line
        ))),
        Some(Err(e)) => Err(value_error(e)),
    }
}
