//! The Sudoku grid: its [`Shape`] (the box size, a parameter of every other Sudoku module),
//! the [`Grid`] of cells itself, conflict detection among givens ([`Grid::conflict`]), and
//! the two text renderings every front end uses ([`Grid::to_line`], [`Grid::write_grid`]).
//!
//! A grid of box side `b` has side `N = b * b`, `N * N` cells stored row-major, and digits
//! `1..=N`; `0` is a blank cell. Rows, columns and boxes are numbered from 0 in the API and
//! from 1 in messages (`r1c3` is the third cell of the first row). Boxes are numbered
//! row-major: box 0 is top left, box 1 is to its right.

use std::fmt;
use std::io;

/// The size of a Sudoku: the side of one box, 3 for the classic 9x9 grid.
///
/// The grid's side is `N = box_side * box_side`, its digits are `1..=N` and `0` is a blank.
/// Box sides 2 to 5 are supported (4x4, 9x9, 16x16, 25x25 grids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_side: u8,
}

impl Shape {
    /// The classic 9x9 Sudoku: boxes of 3x3.
    pub const CLASSIC: Shape = Shape { box_side: 3 };

    /// The smallest supported box side.
    pub const MIN_BOX_SIDE: usize = 2;

    /// The largest supported box side.
    pub const MAX_BOX_SIDE: usize = 5;

    /// The shape with boxes of `box_side` x `box_side` cells, if `box_side` is in `2..=5`.
    pub fn new(box_side: usize) -> Option<Shape> {
        if (Self::MIN_BOX_SIDE..=Self::MAX_BOX_SIDE).contains(&box_side) {
            u8::try_from(box_side)
                .ok()
                .map(|box_side| Shape { box_side })
        } else {
            None
        }
    }

    /// The shape whose grid side is `side` (4, 9, 16 or 25), if any.
    pub fn from_side(side: usize) -> Option<Shape> {
        (Self::MIN_BOX_SIDE..=Self::MAX_BOX_SIDE)
            .find(|b| b * b == side)
            .and_then(Shape::new)
    }

    /// The side of a box (3 for 9x9).
    #[inline]
    pub fn box_side(self) -> usize {
        usize::from(self.box_side)
    }

    /// The side of the grid, `N` (9 for 9x9): the number of rows, of columns, of boxes and
    /// of digits.
    #[inline]
    pub fn side(self) -> usize {
        self.box_side() * self.box_side()
    }

    /// The number of cells, `N * N` (81 for 9x9).
    #[inline]
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The largest digit, `N`, as a cell value.
    #[inline]
    pub fn max_digit(self) -> u8 {
        self.box_side * self.box_side
    }

    /// The box (numbered row-major from 0) holding the cell at 0-based (`row`, `col`).
    #[inline]
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let b = self.box_side();
        (row / b) * b + col / b
    }
}

impl Default for Shape {
    /// [`Shape::CLASSIC`].
    fn default() -> Self {
        Shape::CLASSIC
    }
}

/// Why [`Grid::from_cells`] refused its cells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of cells is not `N * N`.
    #[error("found {found} cells, expected {expected}")]
    WrongLength {
        /// Cells given.
        found: usize,
        /// Cells of the shape.
        expected: usize,
    },
    /// A cell holds a value above `N`.
    #[error("cell r{}c{} holds {digit}, expected 0 (blank) to {max}", .row + 1, .col + 1)]
    DigitOutOfRange {
        /// 0-based row of the cell.
        row: usize,
        /// 0-based column of the cell.
        col: usize,
        /// The value found.
        digit: u8,
        /// The largest digit of the shape.
        max: u8,
    },
}

/// A kind of unit: a row, a column or a box; each must hold every digit once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box of the grid.
    Box,
}

impl fmt::Display for Unit {
    /// `row`, `column` or `box`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        })
    }
}

/// Two equal digits in one unit, found by [`Grid::conflict`]. Positions are 0-based
/// (`row`, `col`); the message is 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The kind of unit holding both cells (the first of row, column, box that does).
    pub unit: Unit,
    /// Which unit of its kind, 0-based: the row, the column, or the box (row-major).
    pub index: usize,
    /// The earlier cell, row-major.
    pub first: (usize, usize),
    /// The later cell, row-major.
    pub second: (usize, usize),
}

impl fmt::Display for Conflict {
    /// For example `digit 5 appears twice in row 1: at r1c3 and r1c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} appears twice in {} {}: at r{}c{} and r{}c{}",
            self.digit,
            self.unit,
            self.index + 1,
            self.first.0 + 1,
            self.first.1 + 1,
            self.second.0 + 1,
            self.second.1 + 1
        )
    }
}

/// A Sudoku grid: `N * N` cells, row-major, each `0` (blank) or a digit `1..=N`.
///
/// The constructors keep that invariant, so every cell value is in range.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid of the given shape with every cell blank.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells, row-major, `0` for blank.
    ///
    /// # Errors
    /// [`GridError::WrongLength`] unless there are exactly `N * N` cells;
    /// [`GridError::DigitOutOfRange`] for the first cell above `N`.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::WrongLength {
                found: cells.len(),
                expected: shape.cells(),
            });
        }
        let max = shape.max_digit();
        if let Some(i) = cells.iter().position(|&d| d > max) {
            return Err(GridError::DigitOutOfRange {
                row: i / shape.side(),
                col: i % shape.side(),
                digit: cells.get(i).copied().unwrap_or_default(),
                max,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// A grid from cells the caller has already checked (length `N * N`, values `0..=N`).
    pub(crate) fn from_checked(shape: Shape, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), shape.cells());
        debug_assert!(cells.iter().all(|&d| d <= shape.max_digit()));
        Grid { shape, cells }
    }

    /// The shape of the grid.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major, `0` for blank.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cell at 0-based (`row`, `col`): `0` if blank, else its digit.
    ///
    /// # Panics
    /// If `row` or `col` is not below `N` (a caller's error, like slice indexing).
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        let n = self.shape.side();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) outside a {n}x{n} grid"
        );
        self.cells[row * n + col]
    }

    /// Sets the cell at 0-based (`row`, `col`) to `digit` (`0` blanks it).
    ///
    /// # Panics
    /// If `row` or `col` is not below `N`, or `digit` is above `N` (a caller's error).
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        let n = self.shape.side();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) outside a {n}x{n} grid"
        );
        assert!(
            digit <= self.shape.max_digit(),
            "digit {digit} above {n} in a {n}x{n} grid"
        );
        self.cells[row * n + col] = digit;
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether no cell is blank (says nothing about conflicts: see [`Grid::conflict`]).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first two equal digits sharing a row, column or box, if any.
    ///
    /// "First" means: the pair whose later cell comes first in row-major order; if that cell
    /// repeats a digit in several units, the row is reported before the column, the column
    /// before the box. A grid without a conflict can still have no solution.
    pub fn conflict(&self) -> Option<Conflict> {
        let n = self.shape.side();
        // For each unit and digit, 1 + the row-major index of the cell holding it, or 0.
        // Index (unit * (n + 1) + digit); digits are at most n by the grid's invariant.
        let stride = n + 1;
        let mut rows = vec![0usize; n * stride];
        let mut cols = vec![0usize; n * stride];
        let mut boxes = vec![0usize; n * stride];
        for (i, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (row, col) = (i / n, i % n);
            let bx = self.shape.box_of(row, col);
            let d = usize::from(digit);
            let units = [
                (Unit::Row, row, &mut rows),
                (Unit::Column, col, &mut cols),
                (Unit::Box, bx, &mut boxes),
            ];
            let mut found = None;
            for (unit, index, seen) in units {
                let Some(slot) = seen.get_mut(index * stride + d) else {
                    continue;
                };
                if *slot != 0 && found.is_none() {
                    let j = *slot - 1;
                    found = Some(Conflict {
                        digit,
                        unit,
                        index,
                        first: (j / n, j % n),
                        second: (row, col),
                    });
                }
                *slot = i + 1;
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The grid on one line, row-major: `N * N` characters, `.` for a blank.
    ///
    /// Digits 1 to 9 are written as such; for grids larger than 9x9, 10 and above are the
    /// letters `A`, `B`, ... (so 16 is `G`), which [`crate::sudoku::read`] reads back.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| digit_char(d)).collect()
    }

    /// Writes the grid as `N` lines of `N` numbers separated by single spaces, each line ending
    /// in `'\n'`, no trailing space; a blank is written `0`. For 9x9, nine lines such as
    /// `5 3 0 0 7 0 0 0 0`. This is the whitespace-separated grid format the reader accepts.
    ///
    /// # Errors
    /// Whatever error `out` returns.
    pub fn write_grid(&self, out: &mut impl io::Write) -> io::Result<()> {
        let mut text = String::with_capacity(self.cells.len() * 3);
        self.push_grid(&mut text);
        out.write_all(text.as_bytes())
    }

    /// The text [`Grid::write_grid`] writes.
    pub fn to_grid_string(&self) -> String {
        let mut text = String::with_capacity(self.cells.len() * 3);
        self.push_grid(&mut text);
        text
    }

    fn push_grid(&self, text: &mut String) {
        let n = self.shape.side();
        if n == 0 {
            return;
        }
        for row in self.cells.chunks(n) {
            for (k, &d) in row.iter().enumerate() {
                if k > 0 {
                    text.push(' ');
                }
                if d >= 10 {
                    text.push(char::from(b'0' + d / 10));
                }
                text.push(char::from(b'0' + d % 10));
            }
            text.push('\n');
        }
    }
}

impl fmt::Display for Grid {
    /// The one-line form, as [`Grid::to_line`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        for &d in &self.cells {
            f.write_char(digit_char(d))?;
        }
        Ok(())
    }
}

/// The character of one cell in the one-line form: `.`, `1`-`9`, then `A`, `B`, ...
#[inline]
fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => char::from(b'0' + d),
        _ => char::from(b'A' + (d - 10) % 26),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn classic() -> Grid {
        let cells = CLASSIC
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(Shape::CLASSIC, cells).expect("valid grid")
    }

    #[test]
    fn shapes_from_box_side_two_to_five_exist_and_others_do_not() {
        assert_eq!(Shape::new(3), Some(Shape::CLASSIC));
        assert_eq!(Shape::new(1), None);
        assert_eq!(Shape::new(6), None);
        let s = Shape::new(4).expect("16x16");
        assert_eq!((s.box_side(), s.side(), s.cells()), (4, 16, 256));
        assert_eq!(Shape::from_side(25), Shape::new(5));
        assert_eq!(Shape::from_side(10), None);
    }

    #[test]
    fn box_of_numbers_boxes_row_major() {
        let s = Shape::CLASSIC;
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(0, 8), 2);
        assert_eq!(s.box_of(4, 4), 4);
        assert_eq!(s.box_of(8, 0), 6);
        assert_eq!(s.box_of(8, 8), 8);
    }

    #[test]
    fn from_cells_rejects_wrong_length_and_out_of_range_digits() {
        assert_eq!(
            Grid::from_cells(Shape::CLASSIC, vec![0; 80]),
            Err(GridError::WrongLength {
                found: 80,
                expected: 81
            })
        );
        let mut cells = vec![0; 81];
        cells[10] = 10;
        let err = Grid::from_cells(Shape::CLASSIC, cells).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cell r2c2 holds 10, expected 0 (blank) to 9"
        );
    }

    #[test]
    fn the_classic_grid_round_trips_through_its_line() {
        let g = classic();
        assert_eq!(g.to_line(), CLASSIC);
        assert_eq!(g.to_string(), CLASSIC);
        assert_eq!(g.givens(), 30);
        assert!(!g.is_complete());
        assert_eq!(g.get(0, 1), 3);
        assert_eq!(g.conflict(), None);
    }

    #[test]
    fn write_grid_prints_space_separated_rows_with_zero_for_blank() {
        let mut out = Vec::new();
        classic().write_grid(&mut out).expect("write to a Vec");
        let text = String::from_utf8(out).expect("ASCII");
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "5 3 0 0 7 0 0 0 0");
        assert_eq!(lines[8], "0 0 0 0 8 0 0 7 9");
        assert!(text.ends_with("9\n"));
        assert_eq!(text, classic().to_grid_string());
    }

    #[test]
    fn large_grids_use_letters_on_a_line_and_numbers_in_a_grid() {
        let shape = Shape::new(4).expect("16x16");
        let mut g = Grid::empty(shape);
        g.set(0, 0, 16);
        g.set(0, 1, 10);
        g.set(0, 2, 9);
        assert!(g.to_line().starts_with("GA9."));
        assert!(g.to_grid_string().starts_with("16 10 9 0 0"));
    }

    #[test]
    fn a_conflict_in_a_row_names_the_digit_and_both_cells() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(0, 2, 5);
        g.set(0, 6, 5);
        let c = g.conflict().expect("conflict");
        assert_eq!((c.digit, c.unit, c.index), (5, Unit::Row, 0));
        assert_eq!((c.first, c.second), ((0, 2), (0, 6)));
        assert_eq!(
            c.to_string(),
            "digit 5 appears twice in row 1: at r1c3 and r1c7"
        );
    }

    #[test]
    fn a_conflict_in_a_column_names_the_digit_and_both_cells() {
        let mut g = classic();
        g.set(8, 1, 3);
        let c = g.conflict().expect("conflict");
        assert_eq!((c.digit, c.unit, c.index), (3, Unit::Column, 1));
        assert_eq!((c.first, c.second), ((0, 1), (8, 1)));
        assert_eq!(
            c.to_string(),
            "digit 3 appears twice in column 2: at r1c2 and r9c2"
        );
    }

    #[test]
    fn a_conflict_in_a_box_names_the_digit_and_both_cells() {
        let mut g = classic();
        g.set(1, 2, 3);
        let c = g.conflict().expect("conflict");
        assert_eq!((c.digit, c.unit, c.index), (3, Unit::Box, 0));
        assert_eq!((c.first, c.second), ((0, 1), (1, 2)));
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(0, 0, 4);
        g.set(1, 2, 4);
        let c = g.conflict().expect("conflict");
        assert_eq!(
            c.to_string(),
            "digit 4 appears twice in box 1: at r1c1 and r2c3"
        );
    }

    #[test]
    fn the_first_conflict_is_the_one_whose_second_cell_comes_first() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(5, 0, 7);
        g.set(5, 8, 7); // row conflict, second cell r6c9
        g.set(0, 3, 2);
        g.set(3, 3, 2); // column conflict, second cell r4c4: earlier
        let c = g.conflict().expect("conflict");
        assert_eq!((c.digit, c.second), (2, (3, 3)));
    }
}
