//! The grid format ([`Format::Grid`](super::Format::Grid)): `N` rows of `N` cells a puzzle,
//! with rule lines between rows and headers, comments and blank lines between grids.
//!
//! Each line is one of four kinds ([`kind`]): a *row* (it counts towards the grid), a *rule*
//! (decoration between rows: skipped, the grid goes on), a *blank* line, or a *break* (a
//! comment, a header: skipped between grids, and the end of a grid begun). A grid is `N`
//! rows with only rules between them, and blank lines between its bands (the layout of
//! ssuds and of many printed grids, `406  205  000`, three rows, a blank line, three rows):
//! a blank line after a whole band of a grid begun is part of the grid, provided the grid
//! has had one after each band before. Anywhere else (inside a band, or after a band when an
//! earlier band was followed by none) a blank line is a break. A break after fewer than `N`
//! rows reports the grid cut short, at its own first row, and the next row starts a new grid;
//! so does a row that starts a band right after a band that ended without the blank line the
//! earlier bands had. That is how a reader that counts rows keeps its frame on files with
//! headers between grids (Project Euler 96's `Grid 01`), and never yields a puzzle made of
//! the end of one grid and the start of the next (the one case it cannot tell: a grid cut
//! short right at a band's end, in a file whose grids put blank lines between bands, then
//! the next grid, reads as one grid with the next grid's first bands).

use std::io::BufRead;

use super::{
    LineError, Puzzle, PuzzleReader, ReadError, ReadErrorKind, State, cell_in, cell_value, located,
};
use crate::sudoku::grid::{Grid, Shape};
use crate::sudoku::symbols::Symbols;
use crate::text::{Line, decode};

/// What a line is to the grid reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind<'a> {
    /// A row of the grid: the line up to its `#` comment, if any.
    Row(&'a [u8]),
    /// A rule between rows (`---+---+---`, `*-----------*`): skipped.
    Rule,
    /// A line of whitespace only: skipped; between bands it is part of the grid, elsewhere
    /// it ends a grid begun.
    Blank,
    /// A comment or a header: skipped, and it ends a grid begun.
    Break,
}

/// The kind of `line` in a grid of `shape`; see the [module documentation](self).
fn kind<'a>(shape: Shape, line: &Line<'a>) -> Kind<'a> {
    if line.cut {
        // What follows the cut is unknown: the line is reported, never skipped.
        return Kind::Row(line.bytes);
    }
    let content = line
        .bytes
        .iter()
        .position(|&b| b == b'#')
        .map_or(line.bytes, |end| line.bytes.get(..end).unwrap_or_default());
    let Some(first) = content
        .iter()
        .copied()
        .find(|&b| !b.is_ascii_whitespace() && b != b'|')
    else {
        // Blank, a comment, or bars and spaces only.
        return if content.contains(&b'|') {
            Kind::Rule
        } else if content.len() < line.bytes.len() {
            Kind::Break
        } else {
            Kind::Blank
        };
    };
    if is_rule(shape, content) {
        Kind::Rule
    } else if is_header(shape, first, content) {
        Kind::Break
    } else {
        Kind::Row(content)
    }
}

/// A rule line: only `-`, `+`, `=`, `*`, `|` and whitespace, except a row of blanks written
/// with `-` or `*`: exactly `N` of one of them and only `|` and whitespace besides (GNU
/// Sudoku's `|---|---|---|` or `---------`, or `*********`).
fn is_rule(shape: Shape, content: &[u8]) -> bool {
    let (mut dashes, mut stars) = (0, 0);
    let mut marks = false;
    for &b in content {
        match b {
            b'-' => dashes += 1,
            b'*' => stars += 1,
            b'+' | b'=' => marks = true,
            b'|' => {}
            b if b.is_ascii_whitespace() => {}
            _ => return false,
        }
    }
    let n = shape.side();
    marks || (dashes, stars) != (n, 0) && (dashes, stars) != (0, n)
}

/// A header: a line of text (UTF-8 without control characters but tabs: random bytes are
/// bad rows, not headers) that starts, whitespace and `|` aside, with a character that cannot
/// start a row, neither a cell nor a digit; or that has two letters in a row of which one is
/// not a cell (a word: `Grid 01`, `Puzzle 3:`, `[Puzzle]`, `SudoCue`).
fn is_header(shape: Shape, first: u8, content: &[u8]) -> bool {
    let is_cell = |b: u8| b.is_ascii() && cell_value(shape, char::from(b)).is_some();
    let wordy = !(first.is_ascii_digit() || is_cell(first))
        || content.windows(2).any(|pair| {
            let &[a, b] = pair else { return false };
            a.is_ascii_alphabetic() && b.is_ascii_alphabetic() && !(is_cell(a) && is_cell(b))
        });
    wordy && decode(content).is_ok_and(|text| !text.chars().any(|c| c.is_control() && c != '\t'))
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next puzzle of a grid-format input.
    ///
    /// The classic 9x9 grid, or any grid whose convention is forced, is parsed row by row.
    /// Other grids keep their rows until the last one, then detect the convention from all
    /// their cells and parse them.
    pub(super) fn next_grid(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let shape = self.shape;
        let n = shape.side();
        let defer = self.symbols.is_none() && shape != Shape::CLASSIC;
        let mut kept: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut cells = Vec::with_capacity(shape.cells());
        let mut rows = 0;
        let mut first_line = 0;
        let mut last_line = 0;
        // The bands followed by blank lines, and whether the last line read was one.
        let band = shape.box_rows();
        let mut gaps = 0;
        let mut after_gap = false;
        // A bad grid yields one error, the first, even when it is cut short too: one bad
        // puzzle, one answer line.
        let mut first_error: Option<ReadError> = None;
        // A size taken from the first row of the input: if a later row has another length,
        // that is the mistake to report, not the grid's end or cells that follow from it.
        let guessed = !self.shape_forced && defer;
        // The input's first grid, while it has one row written as a run of cells: the cells
        // and the line's end, for `ShortLine` (see `ReadErrorKind::ShortLine`).
        let line_cells = if self.shape_forced {
            shape.cells()
        } else {
            Shape::CLASSIC.cells()
        };
        let mut lone_run: Option<(usize, usize)> = None;
        let short_line = |run: Option<(usize, usize)>, first_line| {
            run.map(|(found, end)| ReadError {
                line: first_line,
                column: end,
                kind: ReadErrorKind::ShortLine {
                    found,
                    expected: line_cells,
                    row: n,
                },
            })
        };
        let cut_short = |rows, first_line, last_line, run| {
            short_line(if rows == 1 { run } else { None }, first_line).unwrap_or(ReadError {
                line: first_line,
                column: 1,
                kind: ReadErrorKind::GridCutShort {
                    rows,
                    expected: n,
                    last_line,
                },
            })
        };
        loop {
            let line = match self.lines.next_line() {
                Err(e) => return self.stop(Some(e)),
                Ok(None) => {
                    self.state = State::Done;
                    return (rows > 0).then(|| {
                        let error = first_error
                            .unwrap_or_else(|| cut_short(rows, first_line, last_line, lone_run));
                        Err(disagreeing(guessed, &kept).unwrap_or(error))
                    });
                }
                Ok(Some(line)) => line,
            };
            let kind = kind(shape, &line);
            let band_end = rows % band == 0;
            let content = match kind {
                Kind::Rule => continue,
                Kind::Blank | Kind::Break if rows == 0 => continue,
                // Between bands, as after each band before: part of the grid.
                Kind::Blank if band_end && (after_gap || gaps == rows / band - 1) => {
                    gaps += usize::from(!after_gap);
                    after_gap = true;
                    continue;
                }
                // A band ends without the blank line the bands before it had: a new grid.
                Kind::Row(_) if band_end && rows > 0 && gaps > 0 && !after_gap => {
                    self.lines.unread();
                    return Some(Err(first_error.unwrap_or_else(|| {
                        cut_short(rows, first_line, last_line, lone_run)
                    })));
                }
                Kind::Blank | Kind::Break => {
                    let error = first_error
                        .unwrap_or_else(|| cut_short(rows, first_line, last_line, lone_run));
                    return Some(Err(disagreeing(guessed, &kept).unwrap_or(error)));
                }
                Kind::Row(content) => content,
            };
            after_gap = false;
            if rows == 0 {
                first_line = line.number;
                lone_run = (!self.yielded)
                    .then(|| cell_run(content))
                    .flatten()
                    .filter(|&found| found < line_cells)
                    .map(|found| {
                        (
                            found,
                            String::from_utf8_lossy(line.bytes).chars().count() + 1,
                        )
                    });
            }
            last_line = line.number;
            rows += 1;
            if first_error.is_none() {
                let parsed = if line.cut {
                    let limit = super::MAX_LINE_BYTES;
                    Err((1, ReadErrorKind::LineTooLong { limit }))
                } else if defer {
                    kept.push((line.number, content.to_vec()));
                    Ok(())
                } else {
                    parse_row(shape, self.symbols, content, &mut cells)
                };
                if let Err((column, kind)) = parsed {
                    // A first row longer than a row: a line, not a row.
                    let wrong_row = rows == 1
                        && matches!(kind, ReadErrorKind::CellCount { found, .. } if found > n);
                    first_error = wrong_row
                        .then(|| short_line(lone_run, first_line))
                        .flatten()
                        .or_else(|| Some(located(&line, column, kind)));
                }
            }
            if rows == n {
                let symbols = match (first_error, defer) {
                    (Some(e), _) => return Some(Err(e)),
                    (None, false) => self.symbols.unwrap_or(Symbols::FromOne),
                    (None, true) => match parse_kept(shape, &kept, &mut cells) {
                        Ok(symbols) => symbols,
                        Err(e) => return Some(Err(disagreeing(guessed, &kept).unwrap_or(e))),
                    },
                };
                return Some(Ok(Puzzle {
                    line: first_line,
                    grid: Grid::from_checked(shape, cells),
                    symbols,
                }));
            }
        }
    }
}

/// The cells of a grid row as a reader would count them to guess a size: its characters
/// other than whitespace and `|`, or its whitespace-separated numbers when there are several
/// and some have several digits (`10 0 12 ...`).
fn row_cells(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    let content = text.split('#').next().unwrap_or_default();
    let chars = content
        .chars()
        .filter(|&c| c != '|' && !c.is_whitespace())
        .count();
    let words: Vec<&str> = tokens(content).map(|(_, t)| t).collect();
    let numbers = words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()));
    if numbers && words.len() > 1 && words.iter().any(|w| w.len() > 1) {
        words.len()
    } else {
        chars
    }
}

/// The cells of a row written as one run of characters (no whitespace inside), counted as
/// [`row_cells`] counts them, or `None` for a row of several words.
fn cell_run(bytes: &[u8]) -> Option<usize> {
    let text = decode(bytes).ok()?;
    let content = text.split('#').next().unwrap_or_default().trim();
    (!content.contains(char::is_whitespace)).then(|| row_cells(bytes))
}

/// When the grid's size was `guessed` from its first row, the first of the `rows` kept (with
/// their lines) whose cells disagree with the first row's, as an error at that row.
fn disagreeing(guessed: bool, rows: &[(usize, Vec<u8>)]) -> Option<ReadError> {
    let ((first_line, first_row), rest) = rows.split_first().filter(|_| guessed)?;
    let first = row_cells(first_row);
    rest.iter().find_map(|(line, row)| {
        let found = row_cells(row);
        (found != first).then_some(ReadError {
            line: *line,
            column: 1,
            kind: ReadErrorKind::RowLengths {
                found,
                first,
                first_line: *first_line,
            },
        })
    })
}

/// Parses the rows of a grid kept whole (each with its line number), in the convention
/// detected from all their characters other than whitespace and `|`; the convention, or the
/// first error.
fn parse_kept(
    shape: Shape,
    rows: &[(usize, Vec<u8>)],
    cells: &mut Vec<u8>,
) -> Result<Symbols, ReadError> {
    let text: Vec<String> = rows
        .iter()
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
        .collect();
    let symbols = Symbols::detect(
        shape,
        text.iter()
            .flat_map(|row| row.chars())
            .filter(|&c| c != '|' && !c.is_whitespace()),
    );
    for (line, bytes) in rows {
        parse_row(shape, Some(symbols), bytes, cells).map_err(|(column, kind)| ReadError {
            line: *line,
            column,
            kind,
        })?;
    }
    Ok(symbols)
}

/// The side of the grid whose first row is `bytes`: its cells, counted as characters (other
/// than whitespace and `|`) when those make a supported side, else as whitespace-separated
/// numbers (`10 0 12 ...`). `None` (keep 9x9) when a count is 9, when neither count is a
/// side, or when the line looks like a header rather than a row: a character other than
/// letters, digits, blanks, `|` and whitespace, or a word mixing upper and lower case
/// (`Grid 01`).
pub(super) fn row_side(bytes: &[u8]) -> Option<usize> {
    let text = decode(bytes).ok()?;
    let content = text.split('#').next().unwrap_or_default();
    let odd = |c: char| {
        !(c.is_ascii_alphanumeric()
            || c.is_whitespace()
            || matches!(c, '|' | '.' | '_' | '-' | '*'))
    };
    let mixed = |w: &str| {
        w.chars().any(|c| c.is_ascii_lowercase()) && w.chars().any(|c| c.is_ascii_uppercase())
    };
    let words: Vec<&str> = tokens(content).map(|(_, t)| t).collect();
    if content.chars().any(odd) || words.iter().any(|w| mixed(w)) {
        return None;
    }
    let is_side = |n: usize| Shape::from_side(n).is_some_and(|s| s.side() == n);
    let chars = content
        .chars()
        .filter(|&c| c != '|' && !c.is_whitespace())
        .count();
    let numbers = words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()));
    let multi = words.iter().any(|w| w.len() > 1);
    let equal = words.windows(2).all(|p| p[0].len() == p[1].len());
    if chars == 9 || words.len() == 9 {
        None
    } else if is_side(chars) && !(numbers && multi && !equal) {
        Some(chars)
    } else if numbers && is_side(words.len()) {
        Some(words.len())
    } else {
        is_side(chars).then_some(chars)
    }
}

/// Parses one row of a grid, in `symbols` (or as [`cell_value`] reads it when `None`),
/// appending its `N` cells to `out`.
fn parse_row(
    shape: Shape,
    symbols: Option<Symbols>,
    bytes: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), LineError> {
    let text = decode(bytes).map_err(|bad| (bad.column, ReadErrorKind::InvalidUtf8))?;
    let n = shape.side();
    let b = shape.box_side();
    let max = shape.max_digit();
    let end = text.chars().count() + 1;

    let count = tokens(text).count();
    let spaced = text.trim().contains(char::is_whitespace);
    let grouped = count == b && tokens(text).all(|(_, t)| t.chars().count() == b);
    if !spaced || grouped {
        // Characters: every character but whitespace and '|' is a cell.
        let mut count = 0;
        let mut extra = None;
        for (col, ch) in (1..).zip(text.chars()) {
            if ch == '|' || ch.is_whitespace() {
                continue;
            }
            let value = cell_in(shape, symbols, ch)
                .ok_or((col, ReadErrorKind::BadCell { found: ch, max }))?;
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
        for (i, (col, token)) in tokens(text).enumerate() {
            let value = token_value(shape, symbols, token).ok_or_else(|| {
                let found: String = token.chars().take(20).collect();
                (col, ReadErrorKind::BadValue { found, max })
            })?;
            if i == n {
                let kind = ReadErrorKind::CellCount {
                    found: count,
                    expected: n,
                };
                return Err((col, kind));
            }
            out.push(value);
        }
        if count < n {
            let kind = ReadErrorKind::CellCount {
                found: count,
                expected: n,
            };
            return Err((end, kind));
        }
    }
    Ok(())
}

/// The tokens of a row: runs of characters other than whitespace and `|`, each with the
/// 1-based column of its first character.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // Characters before the current piece: the pieces and the one-character separators
    // between them.
    let mut before = 0;
    text.split(|c: char| c == '|' || c.is_whitespace())
        .filter_map(move |piece| {
            let column = before + 1;
            before += piece.chars().count() + 1;
            (!piece.is_empty()).then_some((column, piece))
        })
}

/// The value of a whitespace-separated grid cell: one cell character, or a number `0..=N`.
fn token_value(shape: Shape, symbols: Option<Symbols>, token: &str) -> Option<u8> {
    let mut chars = token.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return cell_in(shape, symbols, ch);
    }
    if token.len() > 3 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<u8>().ok().filter(|&v| v <= shape.max_digit())
}

#[cfg(test)]
mod tests;
