//! Sudoku on the exact-cover engine: grids of every common size, the rules of the common
//! variants, the readers of the common puzzle formats, the exact-cover encoding and its
//! solver, and a checker that does not use the engine.
//!
//! Data flows one way: [`read`] turns text into [`grid::Grid`]s (with [`symbols`] for how
//! digits are written), [`solve`] encodes a grid under its [`rules::Rules`] as exact cover,
//! searches and decodes the chosen options back into a grid, and [`check`] verifies the
//! result independently; [`export`] writes a puzzle's exact-cover problem in Knuth's format,
//! and [`svg`] draws a grid. The size of the boxes is a parameter ([`grid::Shape`]: 4x4 to
//! 36x36, square or rectangular boxes); variants (X, hyper, jigsaw, extra regions,
//! anti-knight, anti-king) only add items to the matrix.
//!
//! The modules are layered, each importing only those below it: [`shape`] (sizes, boxes,
//! units) at the bottom; [`symbols`] on it; [`grid`] above those; [`rules`] above the grid;
//! and the rest ([`read`], [`solve`], [`check`], ...) on top.

pub mod check;
pub mod export;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod rate;
pub mod read;
pub mod rules;
pub mod shape;
pub mod solve;
pub mod svg;
pub mod symbols;
