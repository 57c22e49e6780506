//! Reading Sudoku puzzles from text: three input formats, detected automatically, read as a
//! stream ([`PuzzleReader`]) with located errors ([`ReadError`]), plus [`parse_line`] for a
//! single puzzle.
//!
//! # Formats
//! - [`Format::Lines`]: one puzzle a line, `N * N` cells (81 for 9x9): a digit is a given;
//!   `.`, `0` or `_` is a blank. Spaces, tabs and `|` among the cells are ignored. After the
//!   last cell, a separator (whitespace, `,`, `;` or `:`) ends the puzzle and the rest of the
//!   line is ignored (a solution, a rating); anything else there is an error.
//! - [`Format::Grid`]: `N` rows of `N` cells make a puzzle. A row is either numbers separated
//!   by whitespace (`5 3 0 0 7 0 0 0 0`, `0` or `.` blank: the competitive-programming form)
//!   or `N` characters as in the lines format (`53..7....`); `|` is ignored in both, and a
//!   row may also be written as `b` groups of `b` characters separated by spaces
//!   (`53. .7. ...`). Lines made only of `-`, `+`, `=`, `|` and spaces are separators and
//!   ignored. Grids follow one another; every `N` rows make a puzzle. **Blank lines are
//!   ignored everywhere, also between the rows of one grid**, so a grid may be printed in
//!   bands; a grid is delimited by counting rows only.
//! - [`Format::Csv`]: a header line of comma-separated column names, one of them `puzzle` or
//!   `quizzes` (case-insensitive, surrounding spaces and quotes ignored); each further line's
//!   field in that column is one puzzle, read as in the lines format. Other columns are
//!   ignored. No quoting beyond an optional pair of `"` around the puzzle field.
//!
//! In every format, lines whose first non-blank character is `#` are comments, blank lines
//! are skipped, a `\r` before the `\n` is dropped and a UTF-8 byte order mark at the start of
//! the input is skipped. For grids larger than 9x9, cells 10 and up are letters (`A` = 10,
//! case-insensitive) in the character forms and numbers in the whitespace-separated form.
//!
//! # Detection
//! The first line that is neither blank nor a comment decides (and is kept as data when it is
//! not a CSV header): a line with a comma-separated field `puzzle` or `quizzes` is a CSV
//! header; else a line with at least `N * N` characters other than whitespace and `|` before
//! its first `,`, `;` or `:` is in the lines format; anything else starts a grid.
//! [`PuzzleReader::with_format`] skips detection.
//!
//! # Errors and recovery
//! Lines are read as bytes, so invalid UTF-8 is an error at its line and column (columns count
//! characters, from 1), not a failure of the whole read. A bad puzzle yields one error and the
//! reader goes on with the next puzzle (the next line, the next grid), so a batch loses
//! nothing. An I/O error is yielded once and ends the iteration. Input with no puzzle at all
//! yields [`ReadErrorKind::NoPuzzle`] once. Memory stays bounded: one line at a time, lines
//! longer than [`MAX_LINE_BYTES`] are cut there (the rest of the line is skipped unread, an
//! error unless the lines format had already found its separator).
//!
//! The reader checks the syntax only; duplicate givens are for [`Grid::conflict`].

use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;

use super::grid::{Grid, Shape};

/// Longest line read in full, in bytes; the rest of a longer line is skipped.
pub const MAX_LINE_BYTES: usize = 1 << 16;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// An input format; see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `N` rows of `N` cells per puzzle.
    Grid,
    /// One puzzle a line.
    Lines,
    /// A CSV file with a `puzzle` or `quizzes` column.
    Csv,
}

impl fmt::Display for Format {
    /// `grid`, `lines` or `csv` (what [`Format::from_str`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Grid => "grid",
            Format::Lines => "lines",
            Format::Csv => "csv",
        })
    }
}

/// A format name [`Format::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}`, expected `grid`, `lines` or `csv`")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    /// `grid`, `lines` or `csv`, case-insensitive.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "grid" => Ok(Format::Grid),
            "lines" => Ok(Format::Lines),
            "csv" => Ok(Format::Csv),
            _ => Err(UnknownFormat(s.to_owned())),
        }
    }
}

/// One puzzle read, with where it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The 1-based line on which the puzzle starts (a grid's first row).
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
}

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
    /// A line longer than [`MAX_LINE_BYTES`] that could not be read from its start alone.
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
    /// The input ended inside a grid.
    GridCutShort {
        /// Rows read.
        rows: usize,
        /// Rows expected.
        expected: usize,
    },
    /// Reading the input failed (the I/O error's message).
    Io(String),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SEPARATORS: &str = "the end of the line or a separator (space, tab, ',', ';', ':')";
        match self {
            ReadErrorKind::BadCell { found, max } => {
                write!(f, "found {found:?}, expected a digit 1-{}", (*max).min(9))?;
                if *max > 9 {
                    let last = char::from(b'A' + (max - 10) % 26);
                    write!(f, ", a letter A-{last}")?;
                }
                f.write_str(" or a blank ('.', '0', '_')")
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
            ReadErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            ReadErrorKind::LineTooLong { limit } => {
                write!(
                    f,
                    "found a line longer than {limit} bytes, expected at most {limit}"
                )
            }
            ReadErrorKind::NoPuzzle => f.write_str("no puzzle found"),
            ReadErrorKind::MissingCsvColumn => {
                f.write_str("CSV header has no `puzzle` or `quizzes` column")
            }
            ReadErrorKind::TooFewFields { found, expected } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(
                    f,
                    "found {found} CSV field{s}, expected at least {expected}"
                )
            }
            ReadErrorKind::GridCutShort { rows, expected } => {
                let s = if *rows == 1 { "" } else { "s" };
                write!(f, "grid ended after {rows} row{s}, expected {expected}")
            }
            ReadErrorKind::Io(message) => write!(f, "read failed: {message}"),
        }
    }
}

/// Where the reader is.
#[derive(Debug)]
enum State {
    /// Format not yet detected.
    Start,
    /// Reading puzzles.
    Ready(Format),
    /// One error left to yield, then the end.
    Failed(ReadError),
    /// Nothing more.
    Done,
}

/// A streaming reader of puzzles: an iterator of `Result<Puzzle, ReadError>` over any
/// [`BufRead`]; see the [module documentation](self) for formats, detection and errors.
///
/// ```
/// use dancing::sudoku::read::{Format, PuzzleReader};
/// let text = "# two puzzles\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n";
/// let mut reader = PuzzleReader::new(text.as_bytes());
/// assert_eq!(reader.format(), Some(Format::Lines));
/// let first = reader.next().unwrap().unwrap();
/// assert_eq!((first.line, first.grid.givens()), (2, 30));
/// let second = reader.next().unwrap().unwrap_err();
/// assert_eq!((second.line, second.column), (3, 81));
/// assert!(reader.next().is_none());
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    reader: R,
    shape: Shape,
    forced: Option<Format>,
    detected: Option<Format>,
    state: State,
    /// The current line, without its line end (and without the BOM on line 1).
    buf: Vec<u8>,
    /// Lines read so far: the number of the line in `buf`.
    line_no: usize,
    /// Whether `buf` holds only the first [`MAX_LINE_BYTES`] of its line.
    truncated: bool,
    /// Whether the next [`Self::read_line`] returns `buf` again (the line detection peeked).
    replay: bool,
    /// 0-based index of the puzzle column of a CSV input.
    csv_column: usize,
    /// Whether anything (puzzle or error) was yielded.
    yielded: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of classic 9x9 puzzles whose format is detected from the first meaningful line.
    /// Nothing is read until [`PuzzleReader::format`] or the first [`Iterator::next`].
    pub fn new(reader: R) -> Self {
        PuzzleReader {
            reader,
            shape: Shape::CLASSIC,
            forced: None,
            detected: None,
            state: State::Start,
            buf: Vec::new(),
            line_no: 0,
            truncated: false,
            replay: false,
            csv_column: 0,
            yielded: false,
        }
    }

    /// Reads puzzles of `shape` instead of 9x9 (call before reading anything).
    #[must_use]
    pub fn with_shape(mut self, shape: Shape) -> Self {
        self.shape = shape;
        self
    }

    /// Reads `format` instead of detecting it (call before reading anything). For
    /// [`Format::Csv`] the first meaningful line must still be a header naming the column.
    #[must_use]
    pub fn with_format(mut self, format: Format) -> Self {
        self.forced = Some(format);
        self
    }

    /// The shape of the puzzles read.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The format of the input, detecting it now if not done yet: this reads up to the first
    /// line that is neither blank nor a comment, and keeps that line for the iteration.
    ///
    /// `None` if there is no such line or reading failed; the iteration then yields that error
    /// ([`ReadErrorKind::NoPuzzle`], [`ReadErrorKind::Io`], or
    /// [`ReadErrorKind::MissingCsvColumn`] for a forced CSV format) and ends.
    pub fn format(&mut self) -> Option<Format> {
        if matches!(self.state, State::Start) {
            self.state = self.detect();
        }
        self.detected
    }

    /// Reads the next line into `buf`; `Ok(false)` at the end of the input.
    fn read_line(&mut self) -> Result<bool, ReadError> {
        if self.replay {
            self.replay = false;
            return Ok(true);
        }
        self.buf.clear();
        self.truncated = false;
        let limit = u64::try_from(MAX_LINE_BYTES)
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf);
        match read {
            Ok(0) => return Ok(false),
            Ok(_) => {}
            Err(e) => return Err(self.io_error(&e)),
        }
        self.line_no += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        } else if self.buf.len() > MAX_LINE_BYTES {
            self.truncated = true;
            self.buf.truncate(MAX_LINE_BYTES);
            if let Err(e) = self.reader.skip_until(b'\n') {
                return Err(self.io_error(&e));
            }
        } else if self.buf.last() == Some(&b'\r') {
            self.buf.pop(); // the last line, without '\n'
        }
        if self.line_no == 1 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
        }
        Ok(true)
    }

    fn io_error(&self, e: &io::Error) -> ReadError {
        ReadError {
            line: self.line_no + 1,
            column: 1,
            kind: ReadErrorKind::Io(e.to_string()),
        }
    }

    /// An error at the end of the input.
    fn at_end(&self, kind: ReadErrorKind) -> ReadError {
        ReadError {
            line: self.line_no + 1,
            column: 1,
            kind,
        }
    }

    /// An error on the current line; a cut line turns errors its end may cause into
    /// [`ReadErrorKind::LineTooLong`].
    fn on_line(&self, column: usize, kind: ReadErrorKind) -> ReadError {
        let cut = self.truncated
            && matches!(
                kind,
                ReadErrorKind::CellCount { .. }
                    | ReadErrorKind::InvalidUtf8
                    | ReadErrorKind::TooFewFields { .. }
            );
        if cut {
            ReadError {
                line: self.line_no,
                column: 1,
                kind: ReadErrorKind::LineTooLong {
                    limit: MAX_LINE_BYTES,
                },
            }
        } else {
            ReadError {
                line: self.line_no,
                column,
                kind,
            }
        }
    }

    /// Whether the line just read carries nothing: a comment, or a blank line. A line cut
    /// at [`MAX_LINE_BYTES`] is never blank: what follows the cut is unknown, and it must be
    /// reported, not skipped.
    fn skippable(&self) -> bool {
        is_comment(&self.buf) || (!self.truncated && is_blank(&self.buf))
    }

    /// Finds the first meaningful line and the format; the state to go on with.
    fn detect(&mut self) -> State {
        loop {
            match self.read_line() {
                Err(e) => return State::Failed(e),
                Ok(false) => return State::Failed(self.at_end(ReadErrorKind::NoPuzzle)),
                Ok(true) => {}
            }
            if self.skippable() {
                continue;
            }
            let format = self
                .forced
                .unwrap_or_else(|| detect_format(self.shape, &self.buf));
            self.detected = Some(format);
            if format == Format::Csv {
                match csv_puzzle_column(&self.buf) {
                    Some(k) => self.csv_column = k,
                    None => {
                        return State::Failed(self.on_line(1, ReadErrorKind::MissingCsvColumn));
                    }
                }
            } else {
                self.replay = true;
            }
            return State::Ready(format);
        }
    }

    /// The next meaningful line, or the item that ends the iteration.
    fn next_data_line(&mut self) -> Result<(), Option<Result<Puzzle, ReadError>>> {
        loop {
            match self.read_line() {
                Err(e) => return Err(Some(Err(e))),
                Ok(false) => return Err(None),
                Ok(true) => {}
            }
            if !self.skippable() {
                return Ok(());
            }
        }
    }

    fn next_lines(&mut self) -> Option<Result<Puzzle, ReadError>> {
        if let Err(end) = self.next_data_line() {
            self.state = State::Done;
            return end;
        }
        Some(match parse_cells(self.shape, &self.buf, 0) {
            Ok(grid) => Ok(Puzzle {
                line: self.line_no,
                grid,
            }),
            Err((column, kind)) => Err(self.on_line(column, kind)),
        })
    }

    fn next_csv(&mut self) -> Option<Result<Puzzle, ReadError>> {
        if let Err(end) = self.next_data_line() {
            self.state = State::Done;
            return end;
        }
        Some(match csv_field(&self.buf, self.csv_column) {
            Err(found) => Err(self.on_line(
                char_count(&self.buf) + 1,
                ReadErrorKind::TooFewFields {
                    found,
                    expected: self.csv_column + 1,
                },
            )),
            Ok((start, field)) => {
                let (skip, field) = unquote(field);
                let col0 = char_count(self.buf.get(..start + skip).unwrap_or_default());
                match parse_cells(self.shape, field, col0) {
                    Ok(grid) => Ok(Puzzle {
                        line: self.line_no,
                        grid,
                    }),
                    Err((column, kind)) => Err(self.on_line(column, kind)),
                }
            }
        })
    }

    fn next_grid(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let n = self.shape.side();
        let mut cells = Vec::with_capacity(self.shape.cells());
        let mut rows = 0;
        let mut start = 0;
        let mut first_error: Option<ReadError> = None;
        loop {
            if let Err(end) = self.next_data_line() {
                self.state = State::Done;
                return match (end, rows) {
                    (Some(io), _) => Some(io),
                    (None, 0) => None,
                    (None, _) => {
                        let cut = self.at_end(ReadErrorKind::GridCutShort { rows, expected: n });
                        // A bad grid yields one error, the first, even when it is cut short
                        // too: one bad puzzle, one answer line.
                        Some(Err(first_error.unwrap_or(cut)))
                    }
                };
            }
            if !self.truncated && is_separator_line(&self.buf) {
                continue;
            }
            if rows == 0 {
                start = self.line_no;
            }
            rows += 1;
            if first_error.is_none() {
                let parsed = if self.truncated {
                    Err((
                        1,
                        ReadErrorKind::LineTooLong {
                            limit: MAX_LINE_BYTES,
                        },
                    ))
                } else {
                    parse_row(self.shape, &self.buf, &mut cells)
                };
                if let Err((column, kind)) = parsed {
                    first_error = Some(self.on_line(column, kind));
                }
            }
            if rows == n {
                return Some(match first_error {
                    Some(e) => Err(e),
                    None => Ok(Puzzle {
                        line: start,
                        grid: Grid::from_checked(self.shape, cells),
                    }),
                });
            }
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match std::mem::replace(&mut self.state, State::Done) {
                State::Start => self.state = self.detect(),
                State::Failed(e) => {
                    self.yielded = true;
                    return Some(Err(e));
                }
                State::Done => return None,
                State::Ready(format) => {
                    self.state = State::Ready(format);
                    let item = match format {
                        Format::Lines => self.next_lines(),
                        Format::Grid => self.next_grid(),
                        Format::Csv => self.next_csv(),
                    };
                    if item.is_none() && !self.yielded {
                        self.state = State::Done;
                        self.yielded = true;
                        return Some(Err(self.at_end(ReadErrorKind::NoPuzzle)));
                    }
                    self.yielded |= item.is_some();
                    return item;
                }
            }
        }
    }
}

/// Parses one classic 9x9 puzzle written on one line, as in [`Format::Lines`] (a trailing
/// line end and a leading byte order mark are allowed). Errors are reported on line 1.
///
/// # Errors
/// The first problem found, located by column.
pub fn parse_line(text: impl AsRef<[u8]>) -> Result<Grid, ReadError> {
    parse_line_as(Shape::CLASSIC, text)
}

/// [`parse_line`] for puzzles of any shape.
///
/// # Errors
/// The first problem found, located by column.
pub fn parse_line_as(shape: Shape, text: impl AsRef<[u8]>) -> Result<Grid, ReadError> {
    let mut bytes = text.as_ref();
    bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    parse_cells(shape, bytes, 0).map_err(|(column, kind)| ReadError {
        line: 1,
        column,
        kind,
    })
}

/// An error inside a line: its 1-based column and kind.
type LineError = (usize, ReadErrorKind);

/// The value of a cell character: `.`, `0`, `_` blank; `1`-`9`; letters from 10 on.
#[inline]
fn cell_value(shape: Shape, ch: char) -> Option<u8> {
    let value = match ch {
        '.' | '0' | '_' => 0,
        '1'..='9' => ch as u8 - b'0',
        'A'..='Z' => ch as u8 - b'A' + 10,
        'a'..='z' => ch as u8 - b'a' + 10,
        _ => return None,
    };
    (value <= shape.max_digit()).then_some(value)
}

/// Whether `ch` ends a one-line puzzle after its last cell.
#[inline]
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | ':')
}

/// The longest valid UTF-8 prefix of `bytes`, and whether invalid bytes follow it.
fn decode(bytes: &[u8]) -> (&str, bool) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(e) => {
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            (std::str::from_utf8(valid).unwrap_or_default(), true)
        }
    }
}

/// The number of characters in `bytes` (UTF-8; each invalid byte counts as one).
fn char_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// Parses the cells of a one-line puzzle; `col0` is the number of characters before `bytes`
/// on its line.
fn parse_cells(shape: Shape, bytes: &[u8], col0: usize) -> Result<Grid, LineError> {
    let n = shape.cells();
    let (text, invalid) = decode(bytes);
    let mut cells = Vec::with_capacity(n);
    let mut col = col0;
    for ch in text.chars() {
        col += 1;
        if cells.len() < n {
            if ch == '|' || ch.is_whitespace() {
                continue;
            }
            match cell_value(shape, ch) {
                Some(value) => cells.push(value),
                None if is_separator(ch) => {
                    let found = cells.len();
                    return Err((col, ReadErrorKind::CellCount { found, expected: n }));
                }
                None => {
                    let max = shape.max_digit();
                    return Err((col, ReadErrorKind::BadCell { found: ch, max }));
                }
            }
        } else if is_separator(ch) {
            return Ok(Grid::from_checked(shape, cells));
        } else if ch == '|' {
            continue;
        } else if cell_value(shape, ch).is_some() {
            return Err((col, ReadErrorKind::TooManyCells { expected: n }));
        } else {
            return Err((
                col,
                ReadErrorKind::Trailing {
                    found: ch,
                    expected: n,
                },
            ));
        }
    }
    if invalid {
        Err((col + 1, ReadErrorKind::InvalidUtf8))
    } else if cells.len() < n {
        let found = cells.len();
        Err((col + 1, ReadErrorKind::CellCount { found, expected: n }))
    } else {
        Ok(Grid::from_checked(shape, cells))
    }
}

/// Parses one row of a grid, appending its `N` cells to `out`.
fn parse_row(shape: Shape, bytes: &[u8], out: &mut Vec<u8>) -> Result<(), LineError> {
    let (text, invalid) = decode(bytes);
    if invalid {
        return Err((text.chars().count() + 1, ReadErrorKind::InvalidUtf8));
    }
    let n = shape.side();
    let b = shape.box_side();
    let max = shape.max_digit();
    let end = text.chars().count() + 1;

    // Tokens: runs of characters other than whitespace and '|', with their 1-based columns.
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut token_start: Option<(usize, usize)> = None; // (column, byte offset)
    let mut col = 0;
    for (offset, ch) in text.char_indices() {
        col += 1;
        let breaks = ch == '|' || ch.is_whitespace();
        match (token_start, breaks) {
            (None, false) => token_start = Some((col, offset)),
            (Some((c, o)), true) => {
                tokens.push((c, text.get(o..offset).unwrap_or_default()));
                token_start = None;
            }
            _ => {}
        }
    }
    if let Some((c, o)) = token_start {
        tokens.push((c, text.get(o..).unwrap_or_default()));
    }

    let spaced = text.trim().contains(char::is_whitespace);
    let grouped = tokens.len() == b && tokens.iter().all(|(_, t)| t.chars().count() == b);
    if !spaced || grouped {
        // Characters: every character but whitespace and '|' is a cell.
        let mut count = 0;
        let mut extra = None;
        for (col, ch) in (1..).zip(text.chars()) {
            if ch == '|' || ch.is_whitespace() {
                continue;
            }
            let value =
                cell_value(shape, ch).ok_or((col, ReadErrorKind::BadCell { found: ch, max }))?;
            count += 1;
            if count <= n {
                out.push(value);
            } else if extra.is_none() {
                extra = Some(col);
            }
        }
        if count != n {
            let kind = ReadErrorKind::CellCount {
                found: count,
                expected: n,
            };
            return Err((extra.unwrap_or(end), kind));
        }
    } else {
        // Whitespace-separated values.
        for (i, &(col, token)) in tokens.iter().enumerate() {
            let value = token_value(shape, token).ok_or_else(|| {
                let found: String = token.chars().take(20).collect();
                (col, ReadErrorKind::BadValue { found, max })
            })?;
            if i == n {
                let kind = ReadErrorKind::CellCount {
                    found: tokens.len(),
                    expected: n,
                };
                return Err((col, kind));
            }
            out.push(value);
        }
        if tokens.len() < n {
            let kind = ReadErrorKind::CellCount {
                found: tokens.len(),
                expected: n,
            };
            return Err((end, kind));
        }
    }
    Ok(())
}

/// The value of a whitespace-separated grid cell: one cell character, or a number `0..=N`.
fn token_value(shape: Shape, token: &str) -> Option<u8> {
    let mut chars = token.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return cell_value(shape, ch);
    }
    if token.len() > 3 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<u8>().ok().filter(|&v| v <= shape.max_digit())
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

fn is_comment(line: &[u8]) -> bool {
    line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#')
}

/// A grid's decoration: only `-`, `+`, `=`, `|` and whitespace.
fn is_separator_line(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| matches!(b, b'-' | b'+' | b'=' | b'|') || b.is_ascii_whitespace())
}

/// The format a first meaningful line announces.
fn detect_format(shape: Shape, line: &[u8]) -> Format {
    if csv_puzzle_column(line).is_some() {
        return Format::Csv;
    }
    let before = line
        .iter()
        .position(|b| matches!(b, b',' | b';' | b':'))
        .map_or(line, |end| line.get(..end).unwrap_or_default());
    let chars = before
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80 && b != b'|' && !b.is_ascii_whitespace())
        .count();
    if chars >= shape.cells() {
        Format::Lines
    } else {
        Format::Grid
    }
}

/// The 0-based index of the `puzzle` or `quizzes` column of a CSV header.
fn csv_puzzle_column(header: &[u8]) -> Option<usize> {
    header.split(|&b| b == b',').position(|field| {
        let (_, name) = unquote(field);
        let name = name.trim_ascii();
        name.eq_ignore_ascii_case(b"puzzle") || name.eq_ignore_ascii_case(b"quizzes")
    })
}

/// The byte offset and bytes of field `k` of a CSV line, or the number of fields if fewer.
fn csv_field(line: &[u8], k: usize) -> Result<(usize, &[u8]), usize> {
    let mut start = 0;
    for (i, field) in line.split(|&b| b == b',').enumerate() {
        if i == k {
            return Ok((start, field));
        }
        start += field.len() + 1;
    }
    Err(line.split(|&b| b == b',').count())
}

/// A field without the `"` pair around it (spaces outside the quotes allowed): the number of
/// bytes dropped at its start, and what is left.
fn unquote(field: &[u8]) -> (usize, &[u8]) {
    let lead = field.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = field.get(lead..).unwrap_or_default();
    match rest.strip_prefix(b"\"") {
        Some(inner) => {
            let inner = inner.trim_ascii_end();
            (lead + 1, inner.strip_suffix(b"\"").unwrap_or(inner))
        }
        None => (0, field),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn read_all(text: &[u8]) -> Vec<Result<Puzzle, ReadError>> {
        PuzzleReader::new(text).collect()
    }

    fn kind_at(result: &Result<Puzzle, ReadError>) -> (usize, usize, ReadErrorKind) {
        let e = result.as_ref().expect_err("an error");
        (e.line, e.column, e.kind.clone())
    }

    #[test]
    fn parse_line_reads_the_classic_puzzle() {
        let g = parse_line(CLASSIC).expect("valid");
        assert_eq!(g.to_line(), CLASSIC);
        assert_eq!(parse_line(format!("{CLASSIC}\r\n")), Ok(g));
    }

    #[test]
    fn parse_line_locates_a_letter_by_column() {
        let text = CLASSIC.replacen('7', "x", 1);
        let e = parse_line(&text).unwrap_err();
        assert_eq!(e.column, 5);
        assert_eq!(
            e.to_string(),
            "1:5: found 'x', expected a digit 1-9 or a blank ('.', '0', '_')"
        );
    }

    #[test]
    fn parse_line_reports_a_short_line_at_its_end() {
        let e = parse_line(&CLASSIC[..80]).unwrap_err();
        assert_eq!(e.to_string(), "1:81: found 80 cells, expected 81");
        let e = parse_line(format!("{}:rest", &CLASSIC[..80])).unwrap_err();
        assert_eq!(
            (e.column, e.kind.clone()),
            (
                81,
                ReadErrorKind::CellCount {
                    found: 80,
                    expected: 81
                }
            )
        );
    }

    #[test]
    fn parse_line_reports_an_82nd_cell_and_other_trailing_characters() {
        let e = parse_line(format!("{CLASSIC}5")).unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (82, ReadErrorKind::TooManyCells { expected: 81 })
        );
        let e = parse_line(format!("{CLASSIC}x")).unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (
                82,
                ReadErrorKind::Trailing {
                    found: 'x',
                    expected: 81
                }
            )
        );
        assert!(parse_line(format!("{CLASSIC} 5")).is_ok());
        assert!(parse_line(format!("{CLASSIC}|;x")).is_ok());
    }

    #[test]
    fn invalid_utf8_after_the_separator_is_ignored_but_not_before() {
        let mut bytes = format!("{CLASSIC}:").into_bytes();
        bytes.push(0xFF);
        assert!(parse_line(&bytes).is_ok());
        let mut bytes = CLASSIC.as_bytes()[..10].to_vec();
        bytes.extend_from_slice("é\u{FF}".as_bytes());
        bytes.push(0xFF);
        let e = parse_line(&bytes).unwrap_err();
        assert_eq!(
            e.kind,
            ReadErrorKind::BadCell {
                found: 'é', max: 9
            }
        );
        let mut bytes = CLASSIC.as_bytes()[..10].to_vec();
        bytes.push(0xC3);
        let e = parse_line(&bytes).unwrap_err();
        assert_eq!((e.column, e.kind), (11, ReadErrorKind::InvalidUtf8));
    }

    #[test]
    fn detection_tells_lines_grid_and_csv_apart() {
        let lines = format!("# c\n\n{CLASSIC}\n");
        assert_eq!(
            PuzzleReader::new(lines.as_bytes()).format(),
            Some(Format::Lines)
        );
        let grid = "5 3 0 0 7 0 0 0 0\n";
        assert_eq!(
            PuzzleReader::new(grid.as_bytes()).format(),
            Some(Format::Grid)
        );
        let csv = "id, Quizzes ,solutions\n";
        assert_eq!(
            PuzzleReader::new(csv.as_bytes()).format(),
            Some(Format::Csv)
        );
        assert_eq!(PuzzleReader::new(&b"# only\n"[..]).format(), None);
    }

    #[test]
    fn an_unknown_csv_header_is_an_error_when_csv_is_forced() {
        let mut reader = PuzzleReader::new(&b"a,b\n1,2\n"[..]).with_format(Format::Csv);
        assert_eq!(reader.format(), Some(Format::Csv));
        let items: Vec<_> = reader.collect();
        assert_eq!(items.len(), 1);
        assert_eq!(kind_at(&items[0]), (1, 1, ReadErrorKind::MissingCsvColumn));
    }

    #[test]
    fn grid_rows_may_be_grouped_by_box_with_spaces() {
        let text = "53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n\
                    7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n";
        let items = read_all(text.as_bytes());
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].as_ref().expect("valid").grid.to_line(), CLASSIC);
    }

    #[test]
    fn a_row_with_a_multi_digit_value_among_single_digits_is_an_error() {
        let text = "5 3 0 0 7 0 0 10\n";
        let items = read_all(text.as_bytes());
        // The input then ends inside the grid, but one bad grid is one error: the first.
        assert_eq!(items.len(), 1);
        let (line, column, kind) = kind_at(&items[0]);
        assert_eq!((line, column), (1, 15));
        assert_eq!(kind.to_string(), "found 10, expected a digit 0-9");
    }

    #[test]
    fn sixteen_by_sixteen_puzzles_read_with_letters_or_numbers() {
        let shape = Shape::new(4).expect("16x16");
        let line: String = "G".repeat(256);
        let items: Vec<_> = PuzzleReader::new(line.as_bytes())
            .with_shape(shape)
            .collect();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].as_ref().expect("valid").grid.cells()[0], 16);
        let row = "16 0 . 1 2 3 4 5 6 7 8 9 10 11 12 13\n".repeat(16);
        let items: Vec<_> = PuzzleReader::new(row.as_bytes())
            .with_shape(shape)
            .collect();
        assert_eq!(items[0].as_ref().expect("valid").grid.get(15, 0), 16);
        let e = parse_line_as(shape, "H".repeat(256)).unwrap_err();
        assert_eq!(
            e.kind.to_string(),
            "found 'H', expected a digit 1-9, a letter A-G or a blank ('.', '0', '_')"
        );
    }

    #[test]
    fn a_very_long_line_is_cut_and_reported_without_reading_it_whole() {
        let mut text = vec![b'5'; 10];
        text.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES * 2));
        text.push(b'\n');
        text.extend_from_slice(CLASSIC.as_bytes());
        let items: Vec<_> = PuzzleReader::new(&text[..])
            .with_format(Format::Lines)
            .collect();
        assert_eq!(items.len(), 2);
        assert_eq!(
            kind_at(&items[0]).2,
            ReadErrorKind::LineTooLong {
                limit: MAX_LINE_BYTES
            }
        );
        assert_eq!(items[1].as_ref().expect("valid").line, 2);
        // A long tail after the separator is fine.
        let mut text = format!("{CLASSIC} ").into_bytes();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES * 2));
        let items: Vec<_> = PuzzleReader::new(&text[..]).collect();
        assert!(matches!(items[..], [Ok(_)]));
    }

    #[test]
    fn format_names_round_trip() {
        for f in [Format::Grid, Format::Lines, Format::Csv] {
            assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        }
        assert!("xml".parse::<Format>().is_err());
    }
}
