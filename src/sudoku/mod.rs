//! Sudoku on the exact-cover engine: grids, the readers of the common puzzle formats, the
//! exact-cover encoding and its solver, and a checker that does not use the engine.
//!
//! Data flows one way: [`read`] turns text into [`grid::Grid`]s, [`solve`] encodes a grid as
//! exact cover, searches and decodes the chosen options back into a grid, and [`check`]
//! verifies the result independently. The box size is a parameter ([`grid::Shape`]);
//! the command line solves 9x9 puzzles.

pub mod check;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod rate;
pub mod read;
pub mod solve;
