//! Exact cover by Knuth's Dancing Links, and a Sudoku solver built on it.
pub mod knuth;
mod links;
pub mod problem;
pub mod solver;
pub mod sudoku;

pub use problem::{BuildError, Problem, ProblemBuilder};
pub use solver::{ForceError, GaveUp, Outcome, Solutions, Solver, Stats, Step};
