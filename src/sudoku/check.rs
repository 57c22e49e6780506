//! An independent check of a Sudoku solution: [`verify`] says whether a grid solves a puzzle,
//! or names the first [`Violation`].
//!
//! It deliberately shares nothing with the exact-cover engine or its Sudoku encoding (and
//! not even [`Grid::conflict`]): it counts digits in every row, column and box directly, so
//! a bug in the solver cannot hide itself from this check.

use super::grid::{Grid, Unit};

/// The first way a grid fails to solve a puzzle, found by [`verify`]. Positions are 0-based;
/// messages are 1-based (`r4c5` is row 4, column 5).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The puzzle and the solution have different sizes.
    #[error("the puzzle is {puzzle}x{puzzle} but the solution is {solution}x{solution}")]
    ShapeMismatch {
        /// Side of the puzzle's grid.
        puzzle: usize,
        /// Side of the solution's grid.
        solution: usize,
    },
    /// A cell of the solution is blank.
    #[error("cell r{}c{} is blank", .row + 1, .col + 1)]
    Blank {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A digit appears twice in a unit of the solution.
    #[error(
        "digit {digit} twice in {unit} {}: at r{}c{} and r{}c{}",
        .index + 1, .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1
    )]
    Duplicate {
        /// The repeated digit.
        digit: u8,
        /// The kind of unit.
        unit: Unit,
        /// Which unit of its kind, 0-based (boxes row-major).
        index: usize,
        /// The earlier cell of the pair, in the unit's order.
        first: (usize, usize),
        /// The later cell of the pair.
        second: (usize, usize),
    },
    /// The solution changed a given of the puzzle.
    #[error("given {given} at r{}c{} changed to {found}", .row + 1, .col + 1)]
    GivenChanged {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit there.
        found: u8,
    },
}

/// Checks that `solution` solves `puzzle`: same shape; no blank cell; every row, column and
/// box holds each digit once; every given of `puzzle` kept.
///
/// # Errors
/// The first violation, checked in that order (shape, then blanks row-major, then rows,
/// columns and boxes, then givens row-major).
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    let shape = solution.shape();
    if puzzle.shape() != shape {
        return Err(Violation::ShapeMismatch {
            puzzle: puzzle.shape().side(),
            solution: shape.side(),
        });
    }
    let n = shape.side();
    let b = shape.box_side();
    let cells = solution.cells();
    let at = |row: usize, col: usize| cells.get(row * n + col).copied().unwrap_or(0);

    if let Some(i) = cells.iter().position(|&d| d == 0) {
        return Err(Violation::Blank {
            row: i / n,
            col: i % n,
        });
    }

    // Each unit lists its cells in order; within it, the first repeated digit is reported.
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for index in 0..n {
            let cell = |k: usize| match unit {
                Unit::Row => (index, k),
                Unit::Column => (k, index),
                Unit::Box => ((index / b) * b + k / b, (index % b) * b + k % b),
            };
            // Position in the unit (1-based) where each digit was seen, 0 if not yet.
            let mut seen = vec![0usize; n + 1];
            for k in 0..n {
                let (row, col) = cell(k);
                let digit = at(row, col);
                let Some(slot) = seen.get_mut(usize::from(digit)) else {
                    continue; // unreachable: grids hold digits 0..=n
                };
                if *slot != 0 {
                    return Err(Violation::Duplicate {
                        digit,
                        unit,
                        index,
                        first: cell(*slot - 1),
                        second: (row, col),
                    });
                }
                *slot = k + 1;
            }
        }
    }

    for (i, (&given, &found)) in puzzle.cells().iter().zip(cells).enumerate() {
        if given != 0 && given != found {
            return Err(Violation::GivenChanged {
                row: i / n,
                col: i % n,
                given,
                found,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Shape;

    fn grid(text: &str) -> Grid {
        let cells = text
            .bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(Shape::CLASSIC, cells).expect("valid grid")
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str = "534678912 672195348 198342567 859761423 426853791 \
                            713924856 961537284 287419635 345286179";

    #[test]
    fn verify_accepts_the_known_solution_of_the_classic_puzzle() {
        assert_eq!(verify(&grid(PUZZLE), &grid(SOLUTION)), Ok(()));
        assert_eq!(verify(&grid(SOLUTION), &grid(SOLUTION)), Ok(()));
    }

    #[test]
    fn verify_rejects_a_blank_cell() {
        let mut s = grid(SOLUTION);
        s.set(3, 4, 0);
        let v = verify(&grid(PUZZLE), &s).unwrap_err();
        assert_eq!(v, Violation::Blank { row: 3, col: 4 });
        assert_eq!(v.to_string(), "cell r4c5 is blank");
    }

    #[test]
    fn verify_rejects_a_changed_given() {
        // Relabelling digits 5 and 3 everywhere keeps a valid grid whose givens differ.
        let swapped: String = SOLUTION
            .chars()
            .map(|c| match c {
                '5' => '3',
                '3' => '5',
                c => c,
            })
            .collect();
        let v = verify(&grid(PUZZLE), &grid(&swapped)).unwrap_err();
        assert_eq!(v.to_string(), "given 5 at r1c1 changed to 3");
    }

    #[test]
    fn verify_rejects_a_duplicate_in_a_row() {
        let mut s = grid(SOLUTION);
        s.set(0, 8, 5); // row 1 now has two 5s (r1c1 and r1c9)
        let v = verify(&grid(PUZZLE), &s).unwrap_err();
        assert_eq!(v.to_string(), "digit 5 twice in row 1: at r1c1 and r1c9");
    }

    #[test]
    fn verify_rejects_a_duplicate_in_a_column_and_in_a_box() {
        // Swapping two rows of different bands keeps rows and columns valid, breaks boxes.
        let rows: Vec<&str> = SOLUTION.split(' ').collect();
        let mut swapped = rows.clone();
        swapped.swap(0, 3);
        let v = verify(&grid(&rows.join("")), &grid(&swapped.join(""))).unwrap_err();
        assert!(
            matches!(
                v,
                Violation::Duplicate {
                    unit: Unit::Box,
                    ..
                }
            ),
            "{v}"
        );
        // Swapping two cells within a row keeps rows valid, breaks columns.
        let mut s = grid(SOLUTION);
        s.set(0, 0, 3);
        s.set(0, 1, 5);
        let v = verify(&Grid::empty(Shape::CLASSIC), &s).unwrap_err();
        assert_eq!(v.to_string(), "digit 3 twice in column 1: at r1c1 and r9c1");
    }

    #[test]
    fn verify_rejects_grids_of_different_shapes() {
        let small = Grid::empty(Shape::new(2).expect("4x4"));
        let v = verify(&small, &grid(SOLUTION)).unwrap_err();
        assert_eq!(v.to_string(), "the puzzle is 4x4 but the solution is 9x9");
    }
}
