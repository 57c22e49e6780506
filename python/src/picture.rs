//! `dancing.Picture`, a solution of a front end's problem drawn as the command line's `--svg`
//! draws it, and [`FrontEnd`], what an `ExactCover` made by a front end keeps to draw its
//! solutions: the tiling of `dancing.polyomino` and `dancing.polycube`, the board of
//! `dancing.queens`, the sequence of `dancing.langford`.
//!
//! The pictures are the library's ([`dancing::problems::svg::packing`],
//! [`Board::svg`](dancing::problems::queens::Board::svg),
//! [`Sequence::svg`](dancing::problems::langford::Sequence::svg)); the option indices come
//! from Python, so they are read with the library's `try_decode`, and indices that are no
//! solution raise `ValueError` with its words.

use std::sync::Arc;

use dancing::problems::langford::Langford;
use dancing::problems::queens::Queens;
use dancing::problems::tiling::TilingProblem;
use pyo3::prelude::*;

use crate::value_error;

/// Registers the class of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Picture>()
}

/// The front end that made a problem, which draws its solutions.
#[derive(Clone, Debug)]
pub(crate) enum FrontEnd {
    /// `dancing.polyomino` or `dancing.polycube`: a packing, a box's layers side by side.
    Tiling(Arc<TilingProblem>),
    /// `dancing.queens`: a chessboard.
    Queens(Arc<Queens>),
    /// `dancing.langford`: a row of numbers, each pair joined by an arc.
    Langford(Arc<Langford>),
}

impl FrontEnd {
    /// The picture of `solution` (option indices).
    ///
    /// # Errors
    /// `ValueError` with the library's words for indices that are no solution.
    pub(crate) fn draw(&self, solution: &[usize]) -> PyResult<Picture> {
        let (svg, what) = match self {
            FrontEnd::Tiling(tiling) => {
                let packing = tiling.try_decode(solution).map_err(value_error)?;
                let pieces = packing.placed.len();
                let what = format!("a packing of {pieces} piece{}", plural(pieces));
                (dancing::problems::svg::packing(tiling, &packing), what)
            }
            FrontEnd::Queens(queens) => {
                let board = queens.try_decode(solution).map_err(value_error)?;
                (board.svg(), format!("{} queens", queens.n()))
            }
            FrontEnd::Langford(langford) => {
                let sequence = langford.try_decode(solution).map_err(value_error)?;
                let what = format!("Langford pairs of {}", langford.n());
                (sequence.svg(), what)
            }
        };
        Ok(Picture { svg, what })
    }
}

/// `"s"` unless there is one.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A solution of a problem made by `dancing.polyomino`, `polycube`, `queens` or `langford`,
/// drawn as the command line's `--svg` draws it: Jupyter shows it (`_repr_svg_`); `svg` and
/// `str()` give the SVG document.
#[pyclass(module = "dancing", frozen)]
pub(crate) struct Picture {
    /// The SVG document.
    svg: String,
    /// What it shows, for `repr()`: `8 queens`, `a packing of 12 pieces`, ...
    what: String,
}

#[pymethods]
impl Picture {
    /// The SVG document.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    /// The SVG document, for Jupyter.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    fn __str__(&self) -> &str {
        &self.svg
    }

    fn __repr__(&self) -> String {
        format!("<dancing.Picture: {}>", self.what)
    }
}

impl Picture {
    /// The SVG document, taken.
    pub(crate) fn into_svg(self) -> String {
        self.svg
    }
}
