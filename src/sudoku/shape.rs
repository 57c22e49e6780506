//! The size of a Sudoku and its units: the [`Shape`] (the rows and columns of a box, a
//! parameter of every other Sudoku module), with the boxes and cells it numbers, and the
//! kinds of [`Unit`] (rows, columns, boxes, regions, ...) that conflicts and rules name.
//!
//! This is the bottom of [`super`]: it imports no other Sudoku module. [`super::symbols`]
//! sits on it; [`super::grid`] above those, and [`super::rules`] above the grid.

use std::fmt;
use std::str::FromStr;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
