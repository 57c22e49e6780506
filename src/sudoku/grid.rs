//! The Sudoku grid: its [`Shape`] (the size of a box, a parameter of every other Sudoku
//! module), the [`Grid`] of cells itself, conflict detection among givens
//! ([`Grid::conflict`], [`Grid::conflict_under`]), and the two text renderings every front
//! end uses ([`Grid::to_line`], [`Grid::write_grid`]).
//!
//! A grid whose boxes have `r` rows and `c` columns has side `N = r * c`, `N * N` cells stored
//! row-major, and digits `1..=N`; `0` is a blank cell. Rows, columns and boxes are numbered
//! from 0 in the API and from 1 in messages (`r1c3` is the third cell of the first row).
//! Boxes are numbered row-major: box 0 is top left, box 1 is to its right. A grid knows
//! nothing of the variant rules (diagonals, jigsaw regions, ...): those are
//! [`super::rules::Rules`].

use std::fmt;
use std::io;
use std::str::FromStr;

use super::rules::Rules;
use super::symbols::Symbols;

/// The size of a Sudoku: the rows and columns of one box, 3x3 for the classic 9x9 grid.
///
/// The grid's side is `N = box_rows * box_cols`, its digits are `1..=N` and `0` is a blank.
/// Each side of a box is 2 to 6 cells: square boxes make the 4x4, 9x9, 16x16, 25x25 and
/// 36x36 grids, rectangular ones the 6x6 (boxes of 2x3: two rows, three columns), 8x8 (2x4),
/// 10x10 (2x5), 12x12 (3x4) and others, and their transposes (3x2, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 Sudoku: boxes of 3x3.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The smallest supported side of a box.
    pub const MIN_BOX_SIDE: usize = 2;

    /// The largest supported side of a box.
    pub const MAX_BOX_SIDE: usize = 6;

    /// The shape with square boxes of `box_side` x `box_side` cells, if `box_side` is in
    /// `2..=6`.
    pub fn new(box_side: usize) -> Option<Shape> {
        Shape::with_boxes(box_side, box_side)
    }

    /// The shape whose boxes have `rows` rows and `cols` columns, each in `2..=6`: `(2, 3)`
    /// is the 6x6 Sudoku whose boxes are two rows high and three columns wide.
    pub fn with_boxes(rows: usize, cols: usize) -> Option<Shape> {
        let side = Self::MIN_BOX_SIDE..=Self::MAX_BOX_SIDE;
        if side.contains(&rows) && side.contains(&cols) {
            Some(Shape {
                box_rows: u8::try_from(rows).ok()?,
                box_cols: u8::try_from(cols).ok()?,
            })
        } else {
            None
        }
    }

    /// The usual shape of a grid of side `side`, if any: square boxes when `side` is a square
    /// (4, 9, 16, 25, 36), else the boxes closest to square, wider than high (6: 2x3, 8:
    /// 2x4, 10: 2x5, 12: 3x4). [`Shape::with_boxes`] gives the others (3x2, 4x3, ...).
    pub fn from_side(side: usize) -> Option<Shape> {
        (Self::MIN_BOX_SIDE..=Self::MAX_BOX_SIDE)
            .rev()
            .filter(|&r| r * r <= side && side.is_multiple_of(r))
            .find_map(|r| Shape::with_boxes(r, side / r))
    }

    /// The rows of a box (3 for 9x9, 2 for 6x6 with boxes of 2x3).
    #[inline]
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// The columns of a box (3 for 9x9, 3 for 6x6 with boxes of 2x3): how many cells of a
    /// row a box holds.
    #[inline]
    pub fn box_cols(self) -> usize {
        usize::from(self.box_cols)
    }

    /// The width of a box, [`Shape::box_cols`]: the side of a box when boxes are square, and
    /// the length of the groups in which a row is printed in every case.
    #[inline]
    pub fn box_side(self) -> usize {
        self.box_cols()
    }

    /// Whether the boxes are square (4x4, 9x9, 16x16, 25x25, 36x36).
    #[inline]
    pub fn is_square(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The side of the grid, `N` (9 for 9x9): the number of rows, of columns, of boxes and
    /// of digits.
    #[inline]
    pub fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells, `N * N` (81 for 9x9).
    #[inline]
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The largest digit, `N`, as a cell value.
    #[inline]
    pub fn max_digit(self) -> u8 {
        self.box_rows * self.box_cols
    }

    /// The box (numbered row-major from 0) holding the cell at 0-based (`row`, `col`).
    #[inline]
    pub fn box_of(self, row: usize, col: usize) -> usize {
        // A band of boxes is `box_rows` rows high and holds `N / box_cols = box_rows` boxes.
        (row / self.box_rows()) * self.box_rows() + col / self.box_cols()
    }

    /// The cell at position `k` (0-based, row-major within the box) of box `b`.
    #[inline]
    pub fn box_cell(self, b: usize, k: usize) -> (usize, usize) {
        let (r, c) = (self.box_rows(), self.box_cols());
        ((b / r) * r + k / c, (b % r) * c + k % c)
    }
}

impl fmt::Display for Shape {
    /// `9x9`, or `6x6 (boxes of 2x3)` when the boxes are not square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        write!(f, "{n}x{n}")?;
        if !self.is_square() {
            write!(f, " (boxes of {}x{})", self.box_rows, self.box_cols)?;
        }
        Ok(())
    }
}

/// A box size [`Shape::from_str`] cannot read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "found {0:?}, expected a box size ROWSxCOLS with each side {min} to {max} (3x3, 2x3, 4x4)",
    min = Shape::MIN_BOX_SIDE,
    max = Shape::MAX_BOX_SIDE
)]
pub struct BadBoxSize(pub String);

impl FromStr for Shape {
    type Err = BadBoxSize;

    /// The shape of boxes `ROWSxCOLS` (`2x3`: two rows, three columns; `x` or `X`), or a
    /// single number for square boxes (`3` is 3x3).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadBoxSize(s.to_owned());
        let text = s.trim();
        let (rows, cols) = match text.split_once(['x', 'X']) {
            Some((r, c)) => (r.trim(), c.trim()),
            None => (text, text),
        };
        let rows = rows.parse().map_err(|_| bad())?;
        let cols = cols.parse().map_err(|_| bad())?;
        Shape::with_boxes(rows, cols).ok_or_else(bad)
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

/// A kind of unit: a set of cells that must not hold the same digit twice.
///
/// Rows, columns and boxes are the classic units; the others come from variant rules
/// ([`super::rules::Rules`]). A row, column, box, region, diagonal, window or extra region
/// holds every digit exactly once (a *house*); the two cells of a knight's or a king's move
/// only must differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box of the grid.
    Box,
    /// A region of a jigsaw Sudoku, in place of the boxes.
    Region,
    /// A main diagonal of an X-Sudoku: index 0 runs from the top left corner to the bottom
    /// right one, index 1 from the top right to the bottom left.
    Diagonal,
    /// One of the extra boxes of a hyper Sudoku (windoku), numbered row-major.
    Window,
    /// One of the extra regions given with the rules, numbered in their order.
    Extra,
    /// Two cells a knight's move apart (anti-knight).
    Knight,
    /// Two cells a king's move apart (anti-king).
    King,
}

impl Unit {
    /// Where two equal digits of this unit are: `in row 3`, `in the main diagonal`, `a
    /// knight's move apart` (`index` is 0-based).
    pub fn place(self, index: usize) -> impl fmt::Display {
        Place { unit: self, index }
    }
}

/// [`Unit::place`].
struct Place {
    unit: Unit,
    index: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.unit, self.index) {
            (Unit::Diagonal, 0) => f.write_str("in the main diagonal"),
            (Unit::Diagonal, _) => f.write_str("in the anti-diagonal"),
            (Unit::Knight, _) => f.write_str("a knight's move apart"),
            (Unit::King, _) => f.write_str("a king's move apart"),
            (unit, index) => write!(f, "in {unit} {}", index + 1),
        }
    }
}

impl fmt::Display for Unit {
    /// `row`, `column`, `box`, `region`, `diagonal`, `window`, `extra region`, `knight's
    /// move` or `king's move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
            Unit::Region => "region",
            Unit::Diagonal => "diagonal",
            Unit::Window => "window",
            Unit::Extra => "extra region",
            Unit::Knight => "knight's move",
            Unit::King => "king's move",
        })
    }
}

/// Two equal digits in one unit, found by [`Grid::conflict`] or [`Grid::conflict_under`].
/// Positions are 0-based (`row`, `col`); the message is 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The kind of unit holding both cells (the first that does, in the order of [`Unit`]).
    pub unit: Unit,
    /// Which unit of its kind, 0-based: the row, the column, the box (row-major), ...; 0 for
    /// a knight's or king's move.
    pub index: usize,
    /// The earlier cell, row-major.
    pub first: (usize, usize),
    /// The later cell, row-major.
    pub second: (usize, usize),
}

impl fmt::Display for Conflict {
    /// For example `digit 5 appears twice in row 1: at r1c3 and r1c7`, or `digit 2 appears
    /// twice a knight's move apart: at r1c1 and r2c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} appears twice {}: at r{}c{} and r{}c{}",
            self.digit,
            self.unit.place(self.index),
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

    /// The first two equal digits sharing a row, column or box, if any: the classic rules'
    /// [`Grid::conflict_under`].
    ///
    /// "First" means: the pair whose later cell comes first in row-major order; if that cell
    /// repeats a digit in several units, the row is reported before the column, the column
    /// before the box. A grid without a conflict can still have no solution.
    pub fn conflict(&self) -> Option<Conflict> {
        Rules::classic(self.shape).conflict(self)
    }

    /// The first two equal digits that `rules` forbid: in a row, column, box (or jigsaw
    /// region), diagonal, window or extra region, or a knight's or king's move apart.
    ///
    /// "First" as in [`Grid::conflict`], the units taken in the order of [`Unit`]. The grid
    /// and the rules must have the same shape (else no conflict is reported).
    pub fn conflict_under(&self, rules: &Rules) -> Option<Conflict> {
        rules.conflict(self)
    }

    /// The grid on one line, row-major: `N * N` characters, `.` for a blank, digits in the
    /// usual symbols of the shape ([`Symbols::default_for`]).
    ///
    /// Digits 1 to 9 are written as such; for grids larger than 9x9, 10 and above are the
    /// letters `A`, `B`, ... (so 16 is `G`), which [`crate::sudoku::read`] reads back; 36x36
    /// grids are written `0`-`9`, `A`-`Z`, having one digit more than those symbols.
    pub fn to_line(&self) -> String {
        self.to_line_in(Symbols::default_for(self.shape))
    }

    /// The grid on one line as [`Grid::to_line`], its digits written in `symbols`.
    pub fn to_line_in(&self, symbols: Symbols) -> String {
        self.cells.iter().map(|&d| symbols.char_of(d)).collect()
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
        let symbols = Symbols::default_for(self.shape);
        for &d in &self.cells {
            f.write_char(symbols.char_of(d))?;
        }
        Ok(())
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
    fn shapes_have_boxes_of_two_to_six_cells_a_side() {
        assert_eq!(Shape::new(3), Some(Shape::CLASSIC));
        assert_eq!(Shape::new(1), None);
        assert_eq!(Shape::new(7), None);
        let s = Shape::new(4).expect("16x16");
        assert_eq!((s.box_rows(), s.side(), s.cells()), (4, 16, 256));
        assert_eq!(Shape::from_side(25), Shape::new(5));
        assert_eq!(Shape::from_side(36), Shape::new(6));
        for (side, rows, cols) in [(6, 2, 3), (8, 2, 4), (10, 2, 5), (12, 3, 4)] {
            assert_eq!(Shape::from_side(side), Shape::with_boxes(rows, cols));
        }
        assert_eq!(Shape::from_side(7), None);
        assert_eq!(Shape::from_side(14), None);
        let tall = Shape::with_boxes(3, 2).expect("6x6, boxes of 3x2");
        assert_ne!(Some(tall), Shape::from_side(6));
        assert_eq!(tall.to_string(), "6x6 (boxes of 3x2)");
        assert_eq!(Shape::CLASSIC.to_string(), "9x9");
    }

    #[test]
    fn box_sizes_are_read_as_rows_by_columns() {
        assert_eq!("2x3".parse(), Ok(Shape::with_boxes(2, 3).unwrap()));
        assert_eq!("4X3".parse(), Ok(Shape::with_boxes(4, 3).unwrap()));
        assert_eq!("3".parse(), Ok(Shape::CLASSIC));
        assert!("1x9".parse::<Shape>().is_err());
        assert!("3x".parse::<Shape>().is_err());
    }

    #[test]
    fn rectangular_boxes_are_numbered_row_major_and_list_their_cells() {
        let s = Shape::with_boxes(2, 3).expect("6x6");
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
        assert_eq!(s.box_cell(3, 0), (2, 3));
        assert_eq!(s.box_cell(3, 5), (3, 5));
        for b in 0..6 {
            for k in 0..6 {
                let (r, c) = s.box_cell(b, k);
                assert_eq!(s.box_of(r, c), b);
            }
        }
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
