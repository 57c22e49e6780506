//! Sudoku on the exact-cover engine (placeholder: being written).
pub mod check;
pub mod grid;
pub mod read;
