//! The reading errors: where ([`ReadError`]: line and column) and what ([`ReadErrorKind`]),
//! each message saying what was found and what was expected.

use std::fmt;

/// A located reading error: `line:column: what was found, what was expected`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ReadError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ReadErrorKind,
}

impl ReadError {
    /// Whether the error stands for one puzzle of the input (a bad line or grid), rather
    /// than for the input as a whole (nothing in it, or a failed read). A batch answers each
    /// puzzle, good or bad, with one output line; an input-wide error gets none.
    pub fn is_a_puzzle(&self) -> bool {
        !matches!(self.kind, ReadErrorKind::NoPuzzle | ReadErrorKind::Io(_))
    }
}

/// What went wrong while reading; each message says what was found and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// A character that is neither a cell nor allowed where it stands.
    BadCell {
        /// The character.
        found: char,
        /// The largest digit of the shape.
        max: u8,
    },
    /// A whitespace-separated value in a grid row that is not a digit `0..=N` (`10`, `-1`,
    /// `x`); `found` is its text, cut to 20 characters.
    BadValue {
        /// The value's text.
        found: String,
        /// The largest digit of the shape.
        max: u8,
    },
    /// Too few cells on a line, or a grid row with the wrong number of cells.
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A cell character right after the last cell of a one-line puzzle, with no separator.
    TooManyCells {
        /// Cells expected.
        expected: usize,
    },
    /// Something other than a separator right after the last cell of a one-line puzzle.
    Trailing {
        /// The character.
        found: char,
        /// Cells expected (and found).
        expected: usize,
    },
    /// Bytes that are not UTF-8 where text was needed.
    InvalidUtf8,
    /// A line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES) that could not be read from its start alone.
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// The input holds no puzzle (it is empty, or only comments, blank lines, a header).
    NoPuzzle,
    /// The CSV header names no puzzle column.
    MissingCsvColumn,
    /// A CSV line without the puzzle column.
    TooFewFields {
        /// Fields on the line.
        found: usize,
        /// Fields needed to reach the puzzle column.
        expected: usize,
    },
    /// A row of a grid whose size was taken from its first row (the input's first), with
    /// another number of cells: the rows disagree, and the size guessed is likely wrong.
    /// Reported at the row.
    RowLengths {
        /// The cells of this row.
        found: usize,
        /// The cells of the grid's first row, from which its size was taken.
        first: usize,
        /// The line of the first row.
        first_line: usize,
    },
    /// A grid with fewer than `N` rows: a blank line, a header, a comment or the end of the
    /// input came before its last row. Reported at its first row.
    GridCutShort {
        /// Rows read.
        rows: usize,
        /// Rows expected.
        expected: usize,
        /// The 1-based line of its last row.
        last_line: usize,
    },
    /// A one-line grid whose number of cells is that of no supported shape (see
    /// [`Grid`](crate::sudoku::grid::Grid)'s `FromStr`, which takes the shape from the number of cells).
    NoShape {
        /// Cells found.
        found: usize,
    },
    /// The input's first line, a run of cells without spaces, is neither a puzzle on one
    /// line (too few cells for one) nor the first row of a grid (too many cells for a row, or
    /// nothing after it): a one-line puzzle cut short or mistyped, as often as not. Reported
    /// at the line's end.
    ShortLine {
        /// Cells found on the line.
        found: usize,
        /// Cells of a puzzle on one line of the reader's shape (81 for 9x9).
        expected: usize,
        /// Cells of a row of a grid of the shape the reader took.
        row: usize,
    },
    /// Reading the input failed (the I/O error's message).
    Io(String),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SEPARATORS: &str =
            "the end of the line or a separator (space, tab, ',', ';', ':', '#')";
        match self {
            ReadErrorKind::BadCell { found, max } => {
                write!(f, "found {found:?}, expected a digit 1-{}", (*max).min(9))?;
                if *max > 9 {
                    let last = char::from(b'A' + (max - 10) % 26);
                    write!(f, ", a letter A-{last}")?;
                }
                f.write_str(" or a blank ('.', '0', '_', '-', '*'")?;
                // `x` is a digit of 36x36 grids only (33), a blank in all others.
                if *max < 33 {
                    f.write_str(", 'x'")?;
                }
                f.write_str(")")
            }
            ReadErrorKind::BadValue { found, max } => {
                if found.parse::<i64>().is_ok() {
                    write!(f, "found {found}")?;
                } else if let (Some(c), 1) = (found.chars().next(), found.chars().count()) {
                    write!(f, "found {c:?}")?;
                } else {
                    write!(f, "found {found:?}")?;
                }
                if *max <= 9 {
                    write!(f, ", expected a digit 0-{max}")
                } else {
                    write!(f, ", expected a number 0-{max}")
                }
            }
            ReadErrorKind::CellCount { found, expected } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(f, "found {found} cell{s}, expected {expected}")
            }
            ReadErrorKind::TooManyCells { expected } => {
                write!(
                    f,
                    "found more than {expected} cells, expected {SEPARATORS} after cell {expected}"
                )
            }
            ReadErrorKind::Trailing { found, expected } => {
                write!(
                    f,
                    "found {found:?} after {expected} cells, expected {SEPARATORS}"
                )
            }
            ReadErrorKind::InvalidUtf8 => {
                f.write_str("found bytes that are not UTF-8, expected text: save the file as UTF-8")
            }
            ReadErrorKind::LineTooLong { limit } => {
                write!(
                    f,
                    "found a line longer than {limit} bytes, expected at most {limit}"
                )
            }
            ReadErrorKind::NoPuzzle => f.write_str(
                "no puzzle found: expected puzzles one a line, as grids of rows, or in a CSV \
                 column `puzzle`; the input is empty or holds only comments, blank lines and \
                 headers",
            ),
            ReadErrorKind::MissingCsvColumn => f.write_str(
                "found a CSV header without a `puzzle` or `quizzes` column, expected one of \
                     them to name the column of puzzles",
            ),
            ReadErrorKind::TooFewFields { found, expected } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(
                    f,
                    "found {found} CSV field{s}, expected at least {expected}"
                )
            }
            ReadErrorKind::RowLengths {
                found,
                first,
                first_line,
            } => write!(
                f,
                "the rows' lengths disagree: this row has {found} cells, the grid's first row \
                 (line {first_line}) {first}, from which the grid's size was taken \
                 ({first}x{first}); every row of a grid has its N cells"
            ),
            ReadErrorKind::GridCutShort {
                rows,
                expected,
                last_line,
            } => {
                let s = if *rows == 1 { "" } else { "s" };
                write!(
                    f,
                    "grid ended after {rows} row{s} (the last on line {last_line}), expected \
                     {expected}: a comment, a header or a blank line other than between bands \
                     ends a grid"
                )
            }
            ReadErrorKind::NoShape { found } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(
                    f,
                    "found {found} cell{s}, expected the N*N cells of a grid of side N: 16 \
                     (4x4), 36 (6x6), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25) or 1296 \
                     (36x36), among others"
                )
            }
            ReadErrorKind::ShortLine {
                found,
                expected,
                row,
            } => {
                let s = if *found == 1 { "" } else { "s" };
                let side = expected.isqrt();
                write!(
                    f,
                    "found {found} cell{s} on a line, expected a puzzle on one line \
                     ({expected} cells for {side}x{side}) or a grid of {row} rows of {row} cells"
                )
            }
            ReadErrorKind::Io(message) => write!(f, "cannot read: {message}"),
        }
    }
}
