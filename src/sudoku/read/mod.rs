//! Reading Sudoku puzzles from text: three input formats, detected automatically, read as a
//! stream ([`PuzzleReader`]) with located errors ([`ReadError`]), plus [`parse_line`] for a
//! single puzzle.
//!
//! # Cells
//! A given is a digit `1`-`9`, then for grids larger than 9x9 a letter (`A` = 10,
//! case-insensitive) in the character forms, or a number in the whitespace-separated form of
//! a grid row. A blank is `.`, `0`, `_`, `-` or `*`, and `x` (or `X`) in every grid where
//! it is not a digit (all but 36x36, whose digits run to `Z`).
//!
//! # Formats
//! - [`Format::Lines`] (module `line`): one puzzle a line, `N * N` cells (81 for 9x9).
//!   Spaces, tabs and `|` among the cells are ignored. After the last cell, a separator
//!   (whitespace, `,`, `;`, `:` or `#`) ends the puzzle and the rest of the line is ignored (a
//!   solution, a rating, a comment); anything else there is an error.
//! - [`Format::Grid`] (module `grid`): `N` rows of `N` cells make a puzzle. A row is numbers
//!   separated by whitespace (`5 3 0 0 7 0 0 0 0`: the competitive-programming form), or `N`
//!   characters (`53..7....`), or `b` groups of `b` characters separated by spaces
//!   (`53. .7. ...`); `|` is ignored in all three, and `#` starts a comment that runs to the
//!   end of the row. Between the rows of a grid only *rule lines* may come: lines of `-`,
//!   `+`, `=`, `|`, `*` and spaces, such as `---+---+---`, `+-------+-------+-------+`, or
//!   the frame `*-----------*` of Simple Sudoku's `.ss` files. (A line of exactly `N` `-` and
//!   nothing but `|` and spaces besides, `|---|---|---|`, is a row of blanks, as GNU Sudoku
//!   writes it, not a rule; so is a line of exactly `N` `*`.) Blank lines may come between
//!   the bands of a grid (`406  205  000`, three rows, a blank line, three rows: ssuds'
//!   layout) when they come after every band (see module `grid`). Any other line ends the
//!   grid: a blank line elsewhere, a comment, or a *header*, a line of text (UTF-8 without control characters other than tab) whose first
//!   character other than whitespace and `|` is neither a cell nor a digit (`Grid 01`,
//!   `Puzzle 3:`, `[Puzzle]`), or that has two letters in a row of which one is not a cell.
//!   Between grids such lines are skipped. Every other line is a row, good or bad: a typo in
//!   a row is reported where it is. So the layouts people publish read as they are: Project
//!   Euler 96's `Grid 01` ... `Grid 50` headers, SadMan's `.sdk` (`#` lines, then nine
//!   rows), Simple Sudoku's `.ss` (framed or not), GNU Sudoku's text format (an optional
//!   `#3x3 Sudoku` line, rows like `-1-4-9-6-` or `|-4-|2-1|-6-|` with `-` blank,
//!   `+---+---+---+` rules), and boxed grids like `| 5 3 . | . 7 . | . . . |`.
//! - [`Format::Csv`] (module `csv`): a header line whose comma-separated fields name a
//!   `puzzle` or `quizzes` column (case-insensitive, surrounding spaces and quotes ignored);
//!   each further line's field in that column is one puzzle, read as in the lines format.
//!   Other columns are ignored. Fields follow RFC 4180's quoting (`"a,b"` is one field, `""`
//!   in a quoted field is one `"`), parsed by `csv-core`, the `csv` crate's parser; a record
//!   is one line (a quoted field cannot span lines), so a stray quote spoils one line only.
//!
//! In every format, lines whose first non-blank character is `#` are comments, blank lines
//! are skipped (in a grid: they end it, unless they come between its bands), and lines, line ends, the byte order mark and UTF-8
//! are read by the crate's text layer: a `\r` before the `\n` is dropped, a UTF-8 byte order
//! mark at the start of the input is skipped, columns count characters from 1.
//!
//! # A reader never makes up a puzzle
//! Every puzzle yielded is made of lines of the input that belong together: one line, one CSV
//! record, or `N` rows with only rule lines between them (and blank lines between bands). A grid cut short (by a blank line,
//! a header, a comment, or the end of the input) is reported once, at its first row, as
//! [`ReadErrorKind::GridCutShort`] (or as the first error in its rows), and the next grid
//! starts fresh after it. Grids that follow one another with nothing between them are told
//! apart by counting rows alone.
//!
//! # Detection
//! The first line that is neither blank nor a comment decides (and is kept as data when it is
//! not a CSV header): a line with a comma-separated field `puzzle` or `quizzes` is a CSV
//! header; else a line with at least `N * N` characters other than whitespace and `|` before
//! its first `,`, `;` or `:` is in the lines format; anything else starts a grid.
//! [`PuzzleReader::with_format`] skips detection.
//!
//! # Errors and recovery
//! Lines are read as bytes, so invalid UTF-8 is an error at its line and column, not a failure
//! of the whole read. A bad puzzle yields one error and the reader goes on with the next
//! puzzle (the next line, the next grid), so a batch loses nothing. An I/O error is yielded
//! once and ends the iteration. Input with no puzzle at all yields [`ReadErrorKind::NoPuzzle`]
//! once. Memory stays bounded: one line at a time, lines longer than [`MAX_LINE_BYTES`] are
//! cut there (the rest of the line is skipped unread). A cut line is never skipped as blank:
//! it is an error ([`ReadErrorKind::LineTooLong`]) unless the lines format had already found
//! the separator after its last cell.
//!
//! The reader checks the syntax only; duplicate givens are for [`Grid::conflict`].
//!
//! # Files
//! This file owns the formats, the detection and the reader; module `error` owns the errors
//! and imports nothing from its siblings; modules `line`, `grid` and `csv` read one format each
//! (this file dispatches to them) and import from this file, the errors through its
//! re-export; `csv` also reads its puzzle fields with `line`'s cell parser.

mod csv;
mod error;
mod grid;
mod line;

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use super::grid::{Grid, Shape};
use super::symbols::Symbols;
use crate::text::{Line, LineReader};

pub use self::error::{ReadError, ReadErrorKind};
pub use crate::text::MAX_LINE_BYTES;

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
#[error("unknown format `{0}`, expected `grid`, `line` (or `lines`) or `csv`")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    /// `grid`, `line` or `lines`, or `csv`, case-insensitive.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "grid" => Ok(Format::Grid),
            "line" | "lines" => Ok(Format::Lines),
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
    /// How its digits were written (detected for the puzzle, or forced by
    /// [`PuzzleReader::with_symbols`]): answers are written back in the same convention.
    pub symbols: Symbols,
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
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7y\n";
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
    lines: LineReader<R>,
    shape: Shape,
    /// Whether the shape was given ([`PuzzleReader::with_shape`]) rather than detected.
    shape_forced: bool,
    /// The convention of the digits, when forced; else detected per puzzle.
    symbols: Option<Symbols>,
    forced: Option<Format>,
    detected: Option<Format>,
    state: State,
    /// The puzzle column of a CSV input and the parser of its lines.
    csv: Option<csv::PuzzleColumn>,
    /// Whether anything (puzzle or error) was yielded.
    yielded: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of classic 9x9 puzzles whose format is detected from the first meaningful line.
    /// Nothing is read until [`PuzzleReader::format`] or the first [`Iterator::next`].
    pub fn new(reader: R) -> Self {
        PuzzleReader {
            lines: LineReader::new(reader),
            shape: Shape::CLASSIC,
            shape_forced: false,
            symbols: None,
            forced: None,
            detected: None,
            state: State::Start,
            csv: None,
            yielded: false,
        }
    }

    /// Reads puzzles of `shape` instead of detecting it (call before reading anything).
    #[must_use]
    pub fn with_shape(mut self, shape: Shape) -> Self {
        self.shape = shape;
        self.shape_forced = true;
        self
    }

    /// Reads every digit in `symbols` instead of detecting the convention of each puzzle
    /// (call before reading anything).
    #[must_use]
    pub fn with_symbols(mut self, symbols: Symbols) -> Self {
        self.symbols = Some(symbols);
        self
    }

    /// Reads `format` instead of detecting it (call before reading anything). For
    /// [`Format::Csv`] the first meaningful line must still be a header naming the column.
    #[must_use]
    pub fn with_format(mut self, format: Format) -> Self {
        self.forced = Some(format);
        self
    }

    /// The shape of the puzzles read: the one given, or, once [`PuzzleReader::format`] or
    /// the first [`Iterator::next`] has run, the one detected.
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

    /// Ends the input: no puzzle follows an I/O error (returned, located after the last
    /// line read) or the end of the input (`None`).
    fn stop(&mut self, error: Option<io::Error>) -> Option<Result<Puzzle, ReadError>> {
        self.state = State::Done;
        error.map(|e| Err(self.io_error(&e)))
    }

    /// An I/O error, on the line the reader was about to read.
    fn io_error(&self, e: &io::Error) -> ReadError {
        ReadError {
            line: self.lines.number() + 1,
            column: 1,
            kind: ReadErrorKind::Io(e.to_string()),
        }
    }

    /// An error at the end of the input.
    fn at_end(&self, kind: ReadErrorKind) -> ReadError {
        ReadError {
            line: self.lines.number() + 1,
            column: 1,
            kind,
        }
    }

    /// Finds the first meaningful line and the format; the state to go on with.
    fn detect(&mut self) -> State {
        let (shape, forced) = (self.shape, self.forced);
        let line = match next_data_line(&mut self.lines) {
            Err(e) => return State::Failed(self.io_error(&e)),
            Ok(None) => return State::Failed(self.at_end(ReadErrorKind::NoPuzzle)),
            Ok(Some(line)) => line,
        };
        let column = match forced {
            None | Some(Format::Csv) => csv::PuzzleColumn::from_header(line.bytes),
            Some(_) => None,
        };
        let (format, detected) = if column.is_some() || forced == Some(Format::Csv) {
            (Format::Csv, None)
        } else if self.shape_forced {
            let lines = line::starts_a_line_puzzle(shape, line.bytes);
            (
                forced.unwrap_or(if lines { Format::Lines } else { Format::Grid }),
                None,
            )
        } else {
            detect_shape(forced, line.bytes)
        };
        if let Some(detected) = detected {
            self.shape = detected;
        }
        self.detected = Some(format);
        if format == Format::Csv {
            match column {
                Some(column) => self.csv = Some(column),
                None => {
                    let e = located(&line, 1, ReadErrorKind::MissingCsvColumn);
                    return State::Failed(e);
                }
            }
        } else {
            self.lines.unread();
        }
        State::Ready(format)
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

/// The format and shape of an input whose first meaningful line is `bytes`, for the
/// formats `forced` allows; see the [module documentation](self). `None` keeps 9x9.
fn detect_shape(forced: Option<Format>, bytes: &[u8]) -> (Format, Option<Shape>) {
    if forced != Some(Format::Grid)
        && let Some(shape) = line::line_shape(bytes)
    {
        return (Format::Lines, Some(shape));
    }
    let lines = forced != Some(Format::Grid) && line::starts_a_line_puzzle(Shape::CLASSIC, bytes);
    if forced == Some(Format::Lines) || lines {
        return (Format::Lines, None);
    }
    (
        Format::Grid,
        grid::row_side(bytes).and_then(Shape::from_side),
    )
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
    let bytes = crate::text::SliceLines::new(text.as_ref())
        .next()
        .map_or(&[][..], |line| line.bytes);
    line::parse_cells(shape, None, bytes, 0).map_err(|(column, kind)| ReadError {
        line: 1,
        column,
        kind,
    })
}

// `Grid`'s `FromStr` lives here, above the grid, because it is a reader: so the grid imports
// nothing from the readers, which build grids.
impl FromStr for Grid {
    type Err = ReadError;

    /// Reads a grid as `Display` writes it, so that `grid.to_string().parse() == Ok(grid)`:
    /// the first line of `text` holds the `N * N` cells, in the symbols of [`Grid::to_line`]
    /// (blanks as the reader takes them: `.`, `0`, ...; `|` and blanks among the cells are
    /// ignored, and a separator such as `,` or `#` ends the grid). The shape is the usual one
    /// for `N` ([`Shape::from_side`]), the digits in its usual symbols
    /// ([`Symbols::default_for`]): a grid with other boxes (6x6 with boxes three rows high)
    /// reads back with the usual boxes; [`parse_line_as`] reads it as it is. Other formats
    /// and symbols are for the rest of this module.
    ///
    /// # Errors
    /// A [`ReadError`] on line 1: [`ReadErrorKind::NoShape`] when the number of cells is
    /// that of no shape; else the first bad cell, located by column.
    fn from_str(text: &str) -> Result<Grid, ReadError> {
        let line = text.lines().next().unwrap_or_default();
        let found = line
            .chars()
            .take_while(|&c| !matches!(c, ',' | ';' | ':' | '#'))
            .filter(|&c| c != '|' && !c.is_whitespace())
            .count();
        let side = (2..=36).find(|s| s * s == found);
        let Some(shape) = side.and_then(Shape::from_side) else {
            let kind = ReadErrorKind::NoShape { found };
            return Err(ReadError {
                line: 1,
                column: 1,
                kind,
            });
        };
        let symbols = Symbols::default_for(shape);
        line::parse_cells(shape, Some(symbols), line.as_bytes(), 0).map_err(|(column, kind)| {
            ReadError {
                line: 1,
                column,
                kind,
            }
        })
    }
}

/// The next line that is neither blank nor a comment, or `Ok(None)` at the end of the input.
fn next_data_line<R: BufRead>(lines: &mut LineReader<R>) -> io::Result<Option<Line<'_>>> {
    loop {
        let skip = match lines.next_line()? {
            None => return Ok(None),
            Some(line) => is_comment(line.bytes) || line.is_blank(),
        };
        if !skip {
            return Ok(Some(lines.current()));
        }
    }
}

/// An error inside a line: its 1-based column and kind.
type LineError = (usize, ReadErrorKind);

/// The error `kind` at `column` of `line`. A cut line turns the errors its end may cause
/// (too few cells or fields, bad UTF-8 where the cut split a character) into
/// [`ReadErrorKind::LineTooLong`] at its column 1.
fn located(line: &Line<'_>, column: usize, kind: ReadErrorKind) -> ReadError {
    let cut = line.cut
        && matches!(
            kind,
            ReadErrorKind::CellCount { .. }
                | ReadErrorKind::InvalidUtf8
                | ReadErrorKind::TooFewFields { .. }
        );
    if cut {
        ReadError {
            line: line.number,
            column: 1,
            kind: ReadErrorKind::LineTooLong {
                limit: MAX_LINE_BYTES,
            },
        }
    } else {
        ReadError {
            line: line.number,
            column,
            kind,
        }
    }
}

/// The value of a cell character: `.`, `0`, `_`, `-`, `*` blank, and `x` or `X` when it is
/// not a digit of the grid; `1`-`9`; letters from 10 on (as [`Symbols::FromOne`] reads them).
#[inline]
fn cell_value(shape: Shape, ch: char) -> Option<u8> {
    Symbols::FromOne.cell(shape, ch)
}

/// The value of cell character `ch` in `symbols`, or as [`cell_value`] reads it when the
/// convention is the classic one (`None`).
#[inline]
fn cell_in(shape: Shape, symbols: Option<Symbols>, ch: char) -> Option<u8> {
    match symbols {
        None => cell_value(shape, ch),
        Some(symbols) => symbols.cell(shape, ch),
    }
}

/// Whether a line is a comment: its first non-blank character is `#`.
fn is_comment(line: &[u8]) -> bool {
    line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#')
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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
        let e = items[0].as_ref().expect_err("no puzzle column");
        assert_eq!(
            (e.line, e.column, &e.kind),
            (1, 1, &ReadErrorKind::MissingCsvColumn)
        );
    }

    #[test]
    fn format_names_round_trip_and_line_is_lines() {
        for f in [Format::Grid, Format::Lines, Format::Csv] {
            assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        }
        assert_eq!("line".parse::<Format>(), Ok(Format::Lines));
        assert_eq!(" LINE ".parse::<Format>(), Ok(Format::Lines));
        let e = "xml".parse::<Format>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown format `xml`, expected `grid`, `line` (or `lines`) or `csv`"
        );
    }

    #[test]
    fn a_dash_is_a_blank_and_letters_are_cells_only_in_larger_grids() {
        assert_eq!(cell_value(Shape::CLASSIC, '-'), Some(0));
        assert_eq!(cell_value(Shape::CLASSIC, 'A'), None);
        let hexadoku = Shape::new(4).expect("16x16");
        assert_eq!(cell_value(hexadoku, 'g'), Some(16));
        assert_eq!(cell_value(hexadoku, 'H'), None);
    }

    #[test]
    fn a_star_and_an_x_are_blanks_where_x_is_not_a_digit() {
        for ch in ['*', 'x', 'X'] {
            assert_eq!(cell_value(Shape::CLASSIC, ch), Some(0), "{ch:?}");
            let hexadoku = Shape::new(4).expect("16x16");
            assert_eq!(cell_value(hexadoku, ch), Some(0), "{ch:?}");
        }
        let stars = CLASSIC.replace('.', "*");
        let exes = CLASSIC.replace('.', "x");
        for text in [stars, exes] {
            let grid = parse_line(&text).expect("blanks");
            assert_eq!(grid.to_line(), CLASSIC);
        }
    }
}
