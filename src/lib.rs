//! Exact cover by Knuth's Dancing Links, and a Sudoku solver built on it.
pub mod knuth;
pub mod problem;
pub mod sudoku;

pub use problem::{BuildError, Problem, ProblemBuilder};
