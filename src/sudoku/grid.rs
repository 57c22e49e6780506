//! The Sudoku grid: the [`Grid`] of cells itself, its conflicts ([`Conflict`]), and the two
//! text renderings every front end uses ([`Grid::to_line`], [`Grid::write_grid`]). Its size
//! is a [`Shape`] ([`super::shape`], re-exported here with [`Unit`]).
//!
//! A grid whose boxes have `r` rows and `c` columns has side `N = r * c`, `N * N` cells stored
//! row-major, and digits `1..=N`; `0` is a blank cell. Rows, columns and boxes are numbered
//! from 0 in the API and from 1 in messages (`r1c3` is the third cell of the first row).
//! Boxes are numbered row-major: box 0 is top left, box 1 is to its right. A grid knows
//! nothing of the variant rules (diagonals, jigsaw regions, ...): those are
//! [`super::rules::Rules`], which sits above this module and finds a grid's conflicts
//! ([`Grid::conflict`], [`Grid::conflict_under`]).
use std::fmt;
use std::io;

pub use super::shape::{BadBoxSize, Shape, Unit};
use super::symbols::Symbols;

/// Why [`Grid::from_cells`] refused its cells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// twice a knight's move apart: at r1c1 and r2c3` (the digit as a number, as a [`Grid`]
    /// holds it: [`Conflict::text`] writes it in a puzzle's symbols).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(self.digit.to_string()))
    }
}

impl Conflict {
    /// The conflict in words with the digit as `symbols` write it, as the puzzle shows it:
    /// `digit B appears twice in row 1: at r1c1 and r1c2` on a 25x25 board in `A`-`Y` (digit
    /// 2), `digit F ...` on a hexadoku in `0`-`F` (digit 16).
    pub fn text(&self, symbols: Symbols) -> String {
        self.words(symbols.char_of(self.digit).to_string())
    }

    /// The conflict in words, the digit written as `digit`.
    fn words(&self, digit: String) -> String {
        format!(
            "digit {digit} appears twice {}: at r{}c{} and r{}c{}",
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
///
/// `Display` writes the grid on one line ([`Grid::to_line`]) and `FromStr` reads it back,
/// taking the shape from the number of cells:
///
/// ```
/// use dancing::sudoku::grid::{Grid, Shape};
/// let line = "1..4..3..2.....1";
/// let grid: Grid = line.parse()?;
/// assert_eq!((grid.shape(), grid.get(0, 3)), (Shape::new(2).unwrap(), 4));
/// assert_eq!(grid.to_string().parse::<Grid>()?, grid);
/// let err = "1..4..3..2".parse::<Grid>().unwrap_err();
/// assert!(err.to_string().starts_with("1:1: found 10 cells, expected the N*N cells"));
/// # Ok::<(), dancing::sudoku::read::ReadError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Cells,
}

/// The most cells a grid holds in itself: 9x9 and every smaller shape.
const INLINE: usize = 81;

/// A grid's cells: in the grid itself up to [`INLINE`] of them, so that a batch of 9x9
/// puzzles allocates no block for a puzzle read nor for its solution (a `malloc` and a
/// `free` each, some 380 instructions a puzzle for the two, fat LTO); larger grids on the
/// heap.
///
/// Invariant: `Inline` exactly when the shape has at most [`INLINE`] cells, its bytes past
/// the shape's cells zero (so that the derived comparisons and hash are those of the cells).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Cells {
    Inline([u8; INLINE]),
    Heap(Vec<u8>),
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("shape", &self.shape)
            .field("cells", &self.cells())
            .finish()
    }
}

impl Grid {
    /// A grid of the given shape with every cell blank.
    pub fn empty(shape: Shape) -> Grid {
        let n = shape.cells();
        let cells = if n <= INLINE {
            Cells::Inline([0; INLINE])
        } else {
            Cells::Heap(vec![0; n])
        };
        Grid { shape, cells }
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
        Ok(Grid::from_checked(shape, cells))
    }

    /// A grid from cells the caller has already checked (length `N * N`, values `0..=N`).
    pub(crate) fn from_checked(shape: Shape, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), shape.cells());
        debug_assert!(cells.iter().all(|&d| d <= shape.max_digit()));
        if cells.len() <= INLINE {
            let mut grid = Grid::empty(shape);
            grid.cells_mut().copy_from_slice(&cells);
            grid
        } else {
            Grid {
                shape,
                cells: Cells::Heap(cells),
            }
        }
    }

    /// The cells, row-major, for a caller that fills a blank grid ([`Grid::empty`]) with
    /// values it has checked (`0..=N`): the reader, the decoding of a solution.
    #[inline]
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        let n = self.shape.cells();
        match &mut self.cells {
            Cells::Inline(cells) => &mut cells[..n],
            Cells::Heap(cells) => cells,
        }
    }

    /// The shape of the grid.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major, `0` for blank.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        match &self.cells {
            Cells::Inline(cells) => &cells[..self.shape.cells()],
            Cells::Heap(cells) => cells,
        }
    }

    /// Calls `f` with each filled cell's index (row-major) and digit, in order. Eight cells
    /// are tested at once, as the bytes of a word (a byte is not zero when its low seven
    /// bits plus `0x7f`, or its top bit, carry into its top bit), so that a blank costs no
    /// branch of its own: how the solver turns a puzzle's givens into options (a test of
    /// each cell took some 900 instructions a 9x9 puzzle, fat LTO).
    #[inline]
    pub(crate) fn for_each_filled(&self, mut f: impl FnMut(usize, u8)) {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let mut words = self.cells().chunks_exact(8);
        let mut base = 0;
        for word in words.by_ref() {
            let w = u64::from_le_bytes(word.try_into().expect("a word of eight cells"));
            // Bit `8 * i + 7` set where byte `i` is not zero.
            let mut filled = (((w & LOW) + LOW) | w) & !LOW;
            while filled != 0 {
                let top = filled.trailing_zeros();
                f(base + (top / 8) as usize, (w >> (top - 7)) as u8);
                filled &= filled - 1;
            }
            base += 8;
        }
        for (i, &digit) in words.remainder().iter().enumerate() {
            if digit != 0 {
                f(base + i, digit);
            }
        }
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
        self.cells()[row * n + col]
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
        self.cells_mut()[row * n + col] = digit;
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells().iter().filter(|&&d| d != 0).count()
    }

    /// Whether no cell is blank (says nothing about conflicts: see [`Grid::conflict`]).
    pub fn is_complete(&self) -> bool {
        self.cells().iter().all(|&d| d != 0)
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
        // Bytes, not chars: pushing a char to a String checks its UTF-8 length each time.
        let mut bytes = Vec::with_capacity(self.cells().len() + 1);
        self.push_line_in(symbols, &mut bytes);
        String::from_utf8(bytes).expect("the symbols are ASCII")
    }

    /// Appends the bytes of [`Grid::to_line_in`] to `out` (ASCII, no line end): how a batch
    /// writes the answers of other grids into one reused buffer. The digits 1 to 9 in
    /// [`Symbols::FromOne`] are `'0' + d`, a blank `.` (arithmetic the compiler runs on many
    /// cells at once: 880 instructions a 9x9 line by a table look-up a cell, LTO build); other
    /// digits are looked up in a table of the shape's digits made once per grid. A 9x9 line
    /// in [`Symbols::FromOne`] is [`Grid::classic_line`]'s.
    pub fn push_line_in(&self, symbols: Symbols, out: &mut Vec<u8>) {
        if symbols == Symbols::FromOne
            && let Some(line) = self.classic_line()
        {
            out.extend_from_slice(&line[..INLINE]);
            return;
        }
        let start = out.len();
        out.resize(start + self.cells().len(), 0);
        let line = &mut out[start..];
        if symbols == Symbols::FromOne && self.shape.side() <= 9 {
            for (byte, &d) in line.iter_mut().zip(self.cells()) {
                *byte = from_one_byte(d);
            }
            return;
        }
        let mut bytes = [0u8; 37];
        for (d, byte) in bytes.iter_mut().enumerate().take(self.shape.side() + 1) {
            *byte = symbols.byte_of(d as u8);
        }
        for (byte, &d) in line.iter_mut().zip(self.cells()) {
            *byte = bytes[usize::from(d)];
        }
    }

    /// The line of a 9x9 grid in [`Symbols::FromOne`] ([`Grid::to_line`]'s) and a `'\n'`, in
    /// an array that a batch writes as it is; `None` for the other shapes. Made by a loop of
    /// known length over the cells' array, which the compiler runs sixteen cells at a time
    /// with no remainder loop (a line pushed into a buffer zeroed by a `memset` call, by a
    /// loop of the shape's length, took some 200 instructions, fat LTO).
    #[inline]
    pub fn classic_line(&self) -> Option<[u8; INLINE + 1]> {
        let Cells::Inline(cells) = &self.cells else {
            return None;
        };
        if self.shape != Shape::CLASSIC {
            return None;
        }
        let mut line = [b'\n'; INLINE + 1];
        for (byte, &d) in line.iter_mut().zip(cells) {
            *byte = from_one_byte(d);
        }
        Some(line)
    }

    /// Writes the grid as `N` lines of `N` numbers separated by single spaces, each line ending
    /// in `'\n'`, no trailing space; a blank is written `0`. For 9x9, nine lines such as
    /// `5 3 0 0 7 0 0 0 0`. This is the whitespace-separated grid format the reader accepts.
    ///
    /// # Errors
    /// Whatever error `out` returns.
    pub fn write_grid(&self, out: &mut impl io::Write) -> io::Result<()> {
        let mut text = String::with_capacity(self.cells().len() * 3);
        self.push_grid(&mut text);
        out.write_all(text.as_bytes())
    }

    /// The text [`Grid::write_grid`] writes.
    pub fn to_grid_string(&self) -> String {
        let mut text = String::with_capacity(self.cells().len() * 3);
        self.push_grid(&mut text);
        text
    }

    fn push_grid(&self, text: &mut String) {
        let n = self.shape.side();
        if n == 0 {
            return;
        }
        for row in self.cells().chunks(n) {
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
        for &d in self.cells() {
            f.write_char(symbols.char_of(d))?;
        }
        Ok(())
    }
}

/// The byte of digit `d` (0 to 9, 0 a blank) in [`Symbols::FromOne`], [`Symbols::byte_of`]'s,
/// by arithmetic that the compiler runs on many cells at once where the table look-up
/// would not be.
#[inline]
fn from_one_byte(d: u8) -> u8 {
    if d == 0 { b'.' } else { b'0' + d }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_pushed_has_each_digit_in_its_symbols_byte() {
        for side in [4, 6, 9, 16, 25, 36] {
            let shape = Shape::from_side(side).unwrap();
            let cells = (0..shape.cells()).map(|k| (k % (side + 1)) as u8).collect();
            let grid = Grid::from_checked(shape, cells);
            for symbols in [Symbols::FromOne, Symbols::FromZero, Symbols::Letters] {
                let mut out = b"before".to_vec();
                grid.push_line_in(symbols, &mut out);
                let expected: Vec<u8> = b"before"
                    .iter()
                    .copied()
                    .chain(grid.cells().iter().map(|&d| symbols.byte_of(d)))
                    .collect();
                assert_eq!(out, expected, "{side} {symbols:?}");
            }
        }
    }

    #[test]
    fn the_classic_line_is_the_line_and_its_end_and_only_for_9x9() {
        let cells = (0..81).map(|k| (k % 10) as u8).collect();
        let grid = Grid::from_checked(Shape::CLASSIC, cells);
        let line = grid.classic_line().expect("a 9x9 grid");
        let bytes = grid.cells().iter().map(|&d| Symbols::FromOne.byte_of(d));
        let expected: Vec<u8> = bytes.chain([b'\n']).collect();
        assert_eq!(line[..], expected[..]);
        assert_eq!(line[..10], *b".123456789");
        for side in [4, 6, 16] {
            let shape = Shape::from_side(side).unwrap();
            assert_eq!(Grid::empty(shape).classic_line(), None, "{side}");
        }
    }

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
    fn from_str_reads_back_what_display_writes_for_every_side() {
        for side in [4, 6, 8, 9, 12, 16, 25, 36] {
            let shape = Shape::from_side(side).expect("a supported side");
            let mut g = Grid::empty(shape);
            // Every digit once on the diagonal, the largest in the last cell.
            for d in 1..=side {
                g.set(d - 1, d - 1, u8::try_from(d).expect("a digit"));
            }
            assert_eq!(
                g.to_string().parse::<Grid>(),
                Ok(g.clone()),
                "{side}x{side}"
            );
        }
        assert_eq!(format!("{CLASSIC} # a comment").parse(), Ok(classic()));
    }

    #[test]
    fn from_str_refuses_a_cell_count_of_no_shape_and_a_bad_cell() {
        let err = "1234567".parse::<Grid>().unwrap_err();
        assert_eq!((err.line, err.column), (1, 1));
        assert!(
            err.to_string()
                .contains("found 7 cells, expected the N*N cells")
        );
        let err = CLASSIC.replacen('7', "y", 1).parse::<Grid>().unwrap_err();
        assert_eq!((err.line, err.column), (1, 5));
        assert!(err.to_string().contains("found 'y', expected a digit 1-9"));
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
    fn a_conflict_names_its_digit_as_the_puzzles_symbols_write_it() {
        let mut g = Grid::empty(Shape::new(5).unwrap());
        g.set(1, 2, 11);
        g.set(1, 19, 11);
        let c = g.conflict().expect("conflict");
        assert_eq!(
            c.to_string(),
            "digit 11 appears twice in row 2: at r2c3 and r2c20"
        );
        assert_eq!(
            c.text(Symbols::Letters),
            "digit K appears twice in row 2: at r2c3 and r2c20"
        );
        let mut g = Grid::empty(Shape::new(4).unwrap());
        g.set(0, 4, 15);
        g.set(12, 4, 15);
        let c = g.conflict().expect("conflict");
        assert_eq!(
            c.text(Symbols::FromZero),
            "digit E appears twice in column 5: at r1c5 and r13c5"
        );
        assert_eq!(
            c.text(Symbols::FromOne),
            "digit F appears twice in column 5: at r1c5 and r13c5"
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
    fn each_filled_cell_is_seen_once_in_order_with_its_digit() {
        let mut rng = crate::rng::Rng::new(38);
        for side in [2, 3, 4, 5, 6] {
            let shape = Shape::new(side).unwrap();
            let n = shape.side();
            for density in [0, 1, 2, 4, 8] {
                let mut g = Grid::empty(shape);
                for r in 0..n {
                    for c in 0..n {
                        if rng.below(8) < density {
                            g.set(r, c, 1 + rng.below(n) as u8);
                        }
                    }
                }
                let mut seen = Vec::new();
                g.for_each_filled(|cell, digit| seen.push((cell, digit)));
                let expected: Vec<(usize, u8)> = (g.cells().iter().enumerate())
                    .filter(|&(_, &d)| d != 0)
                    .map(|(cell, &d)| (cell, d))
                    .collect();
                assert_eq!(seen, expected, "side {n}, density {density}");
            }
        }
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
