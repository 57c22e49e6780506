//! The front ends `dancing.queens`, `dancing.langford`, `dancing.polyomino` and
//! `dancing.polycube`: problems made by [`dancing::problems`] and handed to Python as
//! `ExactCover` objects, with their item names and the front end that draws their solutions
//! ([`FrontEnd`]).

use std::sync::Arc;

use dancing::problems::langford::Langford;
use dancing::problems::polycube as solids;
use dancing::problems::polyomino::{self as shapes, Letters};
use dancing::problems::queens::{Order, Queens};
use dancing::problems::tiling::{self, Dimension, Orientations, Shape, TilingBuilder};
use pyo3::prelude::*;

use crate::args::Whole;
use crate::cover::ExactCover;
use crate::guard;
use crate::picture::FrontEnd;
use crate::value_error;

/// Registers the functions of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(queens, m)?)?;
    m.add_function(wrap_pyfunction!(langford, m)?)?;
    m.add_function(wrap_pyfunction!(polyomino, m)?)?;
    m.add_function(wrap_pyfunction!(polycube, m)?)?;
    Ok(())
}

/// The n queens problem: place n queens on an n x n board, no two attacking each other.
/// Primary items are the rows `r0..` and columns `c0..`; secondary items the diagonals
/// `a..` and `b..`. `picture(solution)` draws a solution as a chessboard.
/// `order` is `"organ-pipe"` (Knuth's: rows and columns from the middle out, as the `queens`
/// command searches) or `"natural"`. `n` is 1 to 1000 (`queens::MAX_N`).
#[pyfunction]
#[pyo3(signature = (n, order = "organ-pipe"))]
fn queens(n: Whole, order: &str) -> PyResult<ExactCover> {
    guard(|| {
        let n = n.get("n")?;
        let order = match order {
            "organ-pipe" => Order::OrganPipe,
            "natural" => Order::Natural,
            _ => {
                return Err(value_error(format!(
                    "order={order:?}: expected \"organ-pipe\" or \"natural\""
                )));
            }
        };
        let queens = Queens::new(n, order).map_err(value_error)?;
        let mut cover = ExactCover::from_problem(queens.problem(), queens.item_names(), &[])?;
        cover.front = Some(FrontEnd::Queens(Arc::new(queens)));
        Ok(cover)
    })
}

/// Langford pairs L(2, n): place two copies of each value 1..n in 2n slots so that the two
/// copies of v have v slots between them. Items are the values `v1..` and the slots `s1..`.
/// With `half`, one solution of each mirror-image pair is kept. `n` is 1 to 1000
/// (`langford::MAX_N`). `picture(solution)` draws a solution as its row of numbers, each
/// pair joined by an arc.
#[pyfunction]
#[pyo3(signature = (n, half = false))]
fn langford(n: Whole, half: bool) -> PyResult<ExactCover> {
    guard(|| {
        let n = n.get("n")?;
        let langford = Langford::new(n, half).map_err(value_error)?;
        let mut cover = ExactCover::from_problem(langford.problem(), &langford.item_names(), &[])?;
        cover.front = Some(FrontEnd::Langford(Arc::new(langford)));
        Ok(cover)
    })
}

/// Packing polyominoes into a board: `board` is `"ROWSxCOLUMNS"` (`"6x10"`) or a drawing
/// (any character but blanks and `.` a cell, rows on lines); `pieces` names sets or pieces
/// (`"pentominoes"`, `"tetrominoes"`, `"F I L"`, ...) or is a drawing (each character one
/// piece), each used `copies` times; `orientations` is `"all"` (turned and flipped),
/// `"rotations"` or `"fixed"`; `symmetry=True` keeps one solution of each family of
/// symmetric ones. `picture(solution)` draws a solution, one outlined shape a piece.
#[pyfunction]
#[pyo3(signature = (board, pieces = "pentominoes", copies = Whole::from(1), orientations = "all", symmetry = false))]
fn polyomino(
    board: &str,
    pieces: &str,
    copies: Whole,
    orientations: &str,
    symmetry: bool,
) -> PyResult<ExactCover> {
    guard(|| {
        let copies: usize = copies.get("copies")?;
        let shape = if board.contains('\n') {
            shapes::board_from_drawing(board)
        } else {
            shapes::rectangle(board)
        }
        .map_err(|e| value_error(format!("board {board:?}: {e}")))?;
        let pieces = if pieces.contains('\n') {
            shapes::pieces_from_drawing(pieces)
        } else {
            shapes::named_pieces(pieces, Letters::Golomb)
        }
        .map_err(|e| value_error(format!("pieces {pieces:?}: {e}")))?;
        tiling_cover(
            Dimension::Plane,
            shape,
            pieces,
            copies,
            orientations,
            symmetry,
        )
    })
}

/// Packing polycubes into a box: `board` is `"LAYERSxROWSxCOLUMNS"` (`"3x3x3"`) or layers
/// drawn (separated by a line of `-`); `pieces` names sets or pieces (`"soma"`,
/// `"tetracubes"`, `"tricubes"`, `"pentominoes"`, `"V L T"`, ...) or is a drawing, each
/// used `copies` times; `orientations` is `"rotations"` (turned in space, as solid pieces
/// are), `"all"` (reflected too) or `"fixed"`; `symmetry=True` keeps one solution of each
/// family of symmetric ones. `picture(solution)` draws a solution, its layers side by side.
#[pyfunction]
#[pyo3(signature = (board, pieces = "soma", copies = Whole::from(1), orientations = "rotations", symmetry = false))]
fn polycube(
    board: &str,
    pieces: &str,
    copies: Whole,
    orientations: &str,
    symmetry: bool,
) -> PyResult<ExactCover> {
    guard(|| {
        let copies: usize = copies.get("copies")?;
        let shape = if board.contains('\n') {
            tiling::board_from_drawing(board)
        } else {
            solids::cuboid(board)
        }
        .map_err(|e| value_error(format!("board {board:?}: {e}")))?;
        let pieces = if pieces.contains('\n') {
            tiling::pieces_from_drawing(pieces)
        } else {
            solids::named_pieces(pieces)
        }
        .map_err(|e| value_error(format!("pieces {pieces:?}: {e}")))?;
        tiling_cover(
            Dimension::Space,
            shape,
            pieces,
            copies,
            orientations,
            symmetry,
        )
    })
}

/// The `ExactCover` of a packing of `pieces` into `board`, which draws its solutions.
fn tiling_cover(
    dimension: Dimension,
    board: Shape,
    pieces: Vec<(String, Shape)>,
    copies: usize,
    orientations: &str,
    symmetry: bool,
) -> PyResult<ExactCover> {
    let orientations = match orientations {
        "all" => Orientations::All,
        "rotations" => Orientations::Rotations,
        "fixed" => Orientations::Fixed,
        _ => {
            return Err(value_error(format!(
                "orientations={orientations:?}: expected \"all\", \"rotations\" or \"fixed\""
            )));
        }
    };
    if copies == 0 {
        return Err(value_error("copies=0: expected at least 1"));
    }
    let mut builder = TilingBuilder::new(dimension, board);
    builder
        .pieces(pieces, copies)
        .orientations(orientations)
        .reduce_symmetry(symmetry);
    let tiling = builder.build().map_err(value_error)?;
    let mut cover = ExactCover::from_problem(tiling.problem(), tiling.item_names(), &[])?;
    cover.front = Some(FrontEnd::Tiling(Arc::new(tiling)));
    Ok(cover)
}
