//! An independent check of a Sudoku solution: [`verify`] (classic rules) and
//! [`verify_under`] (any [`Rules`]) say whether a grid solves a puzzle, or name the first
//! [`Violation`].
//!
//! It deliberately shares nothing with the exact-cover engine or its Sudoku encoding (and
//! not even [`Grid::conflict`] or [`Rules::houses`]): from the shape and the variant flags
//! alone it lists the cells of every row, column, box or jigsaw region, diagonal, window and
//! extra region itself and counts digits in each, and it compares every two cells a
//! knight's or king's move apart, so a bug in the solver or the encoding cannot hide itself
//! from this check.

use super::grid::{Grid, Unit};
use super::rules::Rules;

/// The first way a grid fails to solve a puzzle, found by [`verify`]. Positions are 0-based;
/// messages are 1-based (`r4c5` is row 4, column 5).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The puzzle and the solution (or the rules) have different sizes.
    #[error("the puzzle is {puzzle}x{puzzle} but the solution is {solution}x{solution}")]
    ShapeMismatch {
        /// Side of the puzzle's grid (or of the rules').
        puzzle: usize,
        /// Side of the solution's grid.
        solution: usize,
    },
    /// The grids are of another shape than the rules.
    #[error("the rules are for {rules} grids, but the grids are {grids}")]
    RulesMismatch {
        /// The rules' shape, as [`super::grid::Shape`] displays it.
        rules: String,
        /// The grids' shape.
        grids: String,
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
        "digit {digit} twice {}: at r{}c{} and r{}c{}",
        .unit.place(*.index), .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1
    )]
    Duplicate {
        /// The repeated digit.
        digit: u8,
        /// The kind of unit.
        unit: Unit,
        /// Which unit of its kind, 0-based (boxes row-major); 0 for a knight's or king's
        /// move.
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

/// Checks that `solution` solves `puzzle` under the classic rules: same shape; no blank
/// cell; every row, column and box holds each digit once; every given of `puzzle` kept.
///
/// # Errors
/// The first violation, checked in that order (shape, then blanks row-major, then rows,
/// columns and boxes, then givens row-major).
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    verify_under(&Rules::classic(solution.shape()), puzzle, solution)
}

/// Checks that `solution` solves `puzzle` under `rules`: the shapes of both grids are the
/// rules'; no blank cell; every row, column, box (or jigsaw region), diagonal, window and
/// extra region of the rules holds each digit once; no two cells a knight's or king's move
/// apart hold the same digit when the rules forbid it; every given of `puzzle` kept.
///
/// # Errors
/// The first violation, checked in that order (units in the order of [`Unit`], each unit's
/// cells in its own order, pairs of cells row-major).
pub fn verify_under(rules: &Rules, puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    let shape = rules.shape();
    if puzzle.shape() != solution.shape() {
        return Err(Violation::ShapeMismatch {
            puzzle: puzzle.shape().side(),
            solution: solution.shape().side(),
        });
    }
    if solution.shape() != shape {
        return Err(Violation::RulesMismatch {
            rules: shape.to_string(),
            grids: solution.shape().to_string(),
        });
    }
    let n = shape.side();
    let cells = solution.cells();
    let at = |(row, col): (usize, usize)| cells.get(row * n + col).copied().unwrap_or(0);

    if let Some(i) = cells.iter().position(|&d| d == 0) {
        return Err(Violation::Blank {
            row: i / n,
            col: i % n,
        });
    }

    for (unit, index, members) in units(rules) {
        // Position in the unit (1-based) where each digit was seen, 0 if not yet.
        let mut seen = vec![0usize; n + 1];
        for (k, &cell) in members.iter().enumerate() {
            let digit = at(cell);
            let Some(slot) = seen.get_mut(usize::from(digit)) else {
                continue; // unreachable: grids hold digits 0..=n
            };
            if *slot != 0 {
                return Err(Violation::Duplicate {
                    digit,
                    unit,
                    index,
                    first: members[*slot - 1],
                    second: cell,
                });
            }
            *slot = k + 1;
        }
    }

    let moves = [
        (Unit::Knight, rules.has_anti_knight()),
        (Unit::King, rules.has_anti_king()),
    ];
    for (unit, forbidden) in moves {
        if !forbidden {
            continue;
        }
        for a in 0..n * n {
            for b in a + 1..n * n {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
                let apart = match unit {
                    Unit::Knight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                    _ => dr <= 1 && dc <= 1,
                };
                if apart && cells[a] == cells[b] {
                    return Err(Violation::Duplicate {
                        digit: cells[a],
                        unit,
                        index: 0,
                        first: (ra, ca),
                        second: (rb, cb),
                    });
                }
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

/// A unit: its kind, its index among its kind and its cells (0-based row and column).
type UnitCells = (Unit, usize, Vec<(usize, usize)>);

/// Every unit that must hold each digit once under `rules`, with its cells in order:
/// rows, columns, boxes or jigsaw regions, diagonals, windows, extra regions.
fn units(rules: &Rules) -> Vec<UnitCells> {
    let shape = rules.shape();
    let n = shape.side();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let mut units = Vec::new();
    for i in 0..n {
        units.push((Unit::Row, i, (0..n).map(|k| (i, k)).collect()));
    }
    for i in 0..n {
        units.push((Unit::Column, i, (0..n).map(|k| (k, i)).collect()));
    }
    match rules.jigsaw() {
        None => {
            // Box i is in band i / box_rows (box_rows boxes side by side in each band).
            for i in 0..n {
                let (top, left) = ((i / box_rows) * box_rows, (i % box_rows) * box_cols);
                let cells = (0..n)
                    .map(|k| (top + k / box_cols, left + k % box_cols))
                    .collect();
                units.push((Unit::Box, i, cells));
            }
        }
        Some(jigsaw) => {
            let mut regions = vec![Vec::new(); n];
            for row in 0..n {
                for col in 0..n {
                    if let Some(region) = regions.get_mut(jigsaw.region(row, col)) {
                        region.push((row, col));
                    }
                }
            }
            for (i, cells) in regions.into_iter().enumerate() {
                units.push((Unit::Region, i, cells));
            }
        }
    }
    if rules.has_x() {
        units.push((Unit::Diagonal, 0, (0..n).map(|k| (k, k)).collect()));
        units.push((Unit::Diagonal, 1, (0..n).map(|k| (k, n - 1 - k)).collect()));
    }
    if rules.has_hyper() {
        // Windows of b x b cells start one cell in from the edge and one cell apart.
        let b = box_rows;
        let starts: Vec<usize> = (0..b - 1).map(|i| 1 + i * (b + 1)).collect();
        let mut index = 0;
        for &top in &starts {
            for &left in &starts {
                let cells = (0..b * b).map(|k| (top + k / b, left + k % b)).collect();
                units.push((Unit::Window, index, cells));
                index += 1;
            }
        }
    }
    for (i, region) in rules.extra_regions().iter().enumerate() {
        let cells = region.iter().map(|&c| (c / n, c % n)).collect();
        units.push((Unit::Extra, i, cells));
    }
    units
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
