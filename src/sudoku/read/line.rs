//! The lines format ([`Format::Lines`](super::Format::Lines)): one puzzle a line, `N * N`
//! cells, then a separator and anything. Also the cell reader of the CSV format, which reads
//! its puzzle field the same way.

use std::io::BufRead;

use super::{
    LineError, Puzzle, PuzzleReader, ReadError, ReadErrorKind, cell_in, located, next_data_line,
};
use crate::sudoku::grid::{Grid, Shape};
use crate::sudoku::symbols::Symbols;
use crate::text::decode_prefix;

impl<R: BufRead> PuzzleReader<R> {
    /// The next puzzle of a lines-format input.
    pub(super) fn next_lines(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let line = match next_data_line(&mut self.lines) {
            Ok(Some(line)) => line,
            end => {
                let error = end.err();
                return self.stop(error);
            }
        };
        let shape = self.shape;
        let symbols = self
            .symbols
            .or_else(|| (shape != Shape::CLASSIC).then(|| detect_symbols(shape, line.bytes)));
        Some(match parse_cells(shape, symbols, line.bytes, 0) {
            Ok(grid) => Ok(Puzzle {
                line: line.number,
                grid,
                symbols: symbols.unwrap_or(Symbols::FromOne),
            }),
            Err((column, kind)) => Err(located(&line, column, kind)),
        })
    }
}

/// Whether `ch` ends a one-line puzzle after its last cell.
#[inline]
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | ':' | '#')
}

/// Whether a first meaningful line is in the lines format: at least `N * N` characters other
/// than whitespace and `|` before its first `,`, `;` or `:`.
pub(super) fn starts_a_line_puzzle(shape: Shape, line: &[u8]) -> bool {
    let before = line
        .iter()
        .position(|b| matches!(b, b',' | b';' | b':'))
        .map_or(line, |end| line.get(..end).unwrap_or_default());
    let chars = before
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80 && b != b'|' && !b.is_ascii_whitespace())
        .count();
    chars >= shape.cells()
}

/// The convention of the one-line puzzle at the start of `bytes`, from its first `N * N`
/// characters other than whitespace and `|`.
pub(super) fn detect_symbols(shape: Shape, bytes: &[u8]) -> Symbols {
    let (text, _) = decode_prefix(bytes);
    let cells = text
        .chars()
        .filter(|&c| c != '|' && !c.is_whitespace())
        .take(shape.cells());
    Symbols::detect(shape, cells)
}

/// The shape of a first line that is one puzzle of a size other than 9x9: its first word
/// (up to whitespace, `,`, `;`, `:` or `#`; `|` ignored) has `N * N` characters for a side
/// `N` other than 9, each a blank or a digit of `N` in some convention. A 16-character
/// word of `1`-`4` and blanks is a 4x4 puzzle, one with larger digits a row of a 16x16
/// grid.
pub(super) fn line_shape(bytes: &[u8]) -> Option<Shape> {
    let (text, _) = decode_prefix(bytes);
    let word: Vec<char> = text
        .trim_start()
        .chars()
        .take_while(|&c| !is_separator(c))
        .filter(|&c| c != '|')
        .collect();
    let side = (2..=36).find(|s| s * s == word.len())?;
    let shape = Shape::from_side(side).filter(|&s| s != Shape::CLASSIC)?;
    let symbols = Symbols::detect(shape, word.iter().copied());
    word.iter()
        .all(|&c| symbols.cell(shape, c).is_some())
        .then_some(shape)
}

/// Parses the cells of a one-line puzzle, in `symbols` (or as [`super::cell_value`] reads
/// them when `None`); `col0` is the number of characters before `bytes` on its line. Bytes
/// that are not UTF-8 are an error only before the separator that ends the puzzle.
pub(super) fn parse_cells(
    shape: Shape,
    symbols: Option<Symbols>,
    bytes: &[u8],
    col0: usize,
) -> Result<Grid, LineError> {
    match parse_plain(shape, symbols, bytes) {
        Some(grid) => Ok(grid),
        None => parse_any(shape, symbols, bytes, col0),
    }
}

/// [`parse_cells`] of any line, character by character.
fn parse_any(
    shape: Shape,
    symbols: Option<Symbols>,
    bytes: &[u8],
    col0: usize,
) -> Result<Grid, LineError> {
    let n = shape.cells();
    let (text, invalid) = decode_prefix(bytes);
    let mut cells = Vec::with_capacity(n);
    let mut col = col0;
    for ch in text.chars() {
        col += 1;
        if cells.len() < n {
            if ch == '|' || ch.is_whitespace() {
                continue;
            }
            match cell_in(shape, symbols, ch) {
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
        } else if cell_in(shape, symbols, ch).is_some() {
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
    if invalid.is_some() {
        Err((col + 1, ReadErrorKind::InvalidUtf8))
    } else if cells.len() < n {
        let found = cells.len();
        Err((col + 1, ReadErrorKind::CellCount { found, expected: n }))
    } else {
        Ok(Grid::from_checked(shape, cells))
    }
}

/// In [`classic_cell`], a byte that the plain reading leaves to the general one.
const NOT_A_CELL: u8 = u8::MAX;

/// The value of byte `b` as a cell of a 9x9 puzzle in [`Symbols::FromOne`] (the classic
/// convention, which [`super::cell_value`] reads), [`NOT_A_CELL`] for a byte that is not an
/// ASCII cell character (`|`, whitespace, a separator, bytes past ASCII). Compares and a
/// select, no branch and no table, so that [`parse_plain`] reads a 9x9 line sixteen bytes
/// at a time in vector registers (a look-up a byte took some 300 instructions a line, fat
/// LTO; equal to [`cell_in`] byte for byte: tested).
#[inline(always)]
fn classic_cell(b: u8) -> u8 {
    let digit = b.wrapping_sub(b'0');
    // The blanks but `0`, which is digit 0.
    let blank = (b == b'.') | (b == b'_') | (b == b'-') | (b == b'*') | (b == b'x') | (b == b'X');
    if digit <= 9 {
        digit
    } else if blank {
        0
    } else {
        NOT_A_CELL
    }
}

/// [`parse_cells`] of the common line: its first `N * N` bytes are ASCII cell characters
/// (no `|`, no whitespace), followed by the end or an ASCII separator; `None` for any
/// other line, which the general reading takes (and which says what is wrong). Reading
/// characters one by one took 6% of the instructions of a 9x9 batch.
fn parse_plain(shape: Shape, symbols: Option<Symbols>, bytes: &[u8]) -> Option<Grid> {
    let n = shape.cells();
    let cells = bytes.get(..n)?;
    if bytes
        .get(n)
        .is_some_and(|&b| !(b.is_ascii() && is_separator(char::from(b))))
    {
        return None;
    }
    if shape == Shape::CLASSIC && symbols.is_none_or(|s| s == Symbols::FromOne) {
        // The bytes that are not cells gathered in the same pass, in vector registers too
        // (a search of the values for one took some 90 instructions a line, fat LTO).
        // Into the grid's own cells, which hold a 9x9 grid without an allocation.
        let mut grid = Grid::empty(shape);
        let mut not_cells = 0;
        for (value, &b) in grid.cells_mut().iter_mut().zip(cells) {
            *value = classic_cell(b);
            not_cells |= u8::from(*value == NOT_A_CELL);
        }
        return (not_cells == 0).then_some(grid);
    }
    let mut values = Vec::with_capacity(n);
    for &b in cells {
        let ch = char::from(b);
        if !b.is_ascii() || ch == '|' || ch.is_whitespace() {
            return None;
        }
        values.push(cell_in(shape, symbols, ch)?);
    }
    Some(Grid::from_checked(shape, values))
}

#[cfg(test)]
mod tests {
    use super::super::{Format, MAX_LINE_BYTES, parse_line, parse_line_as};
    use super::*;

    #[test]
    fn the_plain_reading_reads_as_the_general_one_or_leaves_the_line_to_it() {
        let nine = CLASSIC;
        let lines = [
            nine.to_string(),
            format!("{nine}\n"),
            format!("{nine} # note"),
            format!("{nine},1"),
            format!("{nine}|"),
            format!("{nine}5"),
            format!("{nine}x"),
            format!("{nine}\u{e9}"),
            format!("|{nine}"),
            format!(" {nine}"),
            nine[..80].to_string(),
            nine.replace('.', "0"),
            nine.replacen('.', "x", 1),
            nine.replacen('.', "\u{e9}", 1),
            nine.replacen('.', " ", 1),
        ];
        let mut plain = 0;
        for line in &lines {
            for symbols in [None, Some(Symbols::FromOne), Some(Symbols::FromZero)] {
                let general = parse_any(Shape::CLASSIC, symbols, line.as_bytes(), 0);
                if let Some(grid) = parse_plain(Shape::CLASSIC, symbols, line.as_bytes()) {
                    assert_eq!(Ok(grid), general, "{line:?} {symbols:?}");
                    plain += 1;
                }
            }
        }
        assert!(plain >= 8, "the plain reading took {plain} of the lines");
    }

    #[test]
    fn the_classic_cells_read_every_byte_as_the_cell_reader_does() {
        for b in 0..=u8::MAX {
            let ch = char::from(b);
            let plain = b.is_ascii() && ch != '|' && !ch.is_whitespace();
            let expected = plain.then(|| cell_in(Shape::CLASSIC, None, ch)).flatten();
            for symbols in [None, Some(Symbols::FromOne)] {
                let read = cell_in(Shape::CLASSIC, symbols, ch);
                assert_eq!(read, cell_in(Shape::CLASSIC, None, ch), "{b}");
            }
            let table = Some(classic_cell(b)).filter(|&v| v != NOT_A_CELL);
            assert_eq!(table, expected, "byte {b}");
        }
    }

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn parse_line_reads_the_classic_puzzle() {
        let g = parse_line(CLASSIC).expect("valid");
        assert_eq!(g.to_line(), CLASSIC);
        assert_eq!(parse_line(format!("{CLASSIC}\r\n")), Ok(g.clone()));
        assert_eq!(parse_line(format!("\u{FEFF}{CLASSIC}")), Ok(g.clone()));
        assert_eq!(parse_line(CLASSIC.replace('.', "-")), Ok(g));
    }

    #[test]
    fn parse_line_reads_one_line_only() {
        let e = parse_line(format!("{}\n{}", &CLASSIC[..40], &CLASSIC[40..])).unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (
                41,
                ReadErrorKind::CellCount {
                    found: 40,
                    expected: 81
                }
            )
        );
    }

    #[test]
    fn parse_line_locates_a_letter_by_column() {
        let text = CLASSIC.replacen('7', "y", 1);
        let e = parse_line(&text).unwrap_err();
        assert_eq!(e.column, 5);
        assert_eq!(
            e.to_string(),
            "1:5: found 'y', expected a digit 1-9 or a blank ('.', '0', '_', '-', '*', 'x')"
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
        let e = parse_line(format!("{CLASSIC}y")).unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (
                82,
                ReadErrorKind::Trailing {
                    found: 'y',
                    expected: 81
                }
            )
        );
        assert!(parse_line(format!("{CLASSIC} 5")).is_ok());
        assert!(parse_line(format!("{CLASSIC}|;x")).is_ok());
        assert!(parse_line(format!("{CLASSIC}# a trailing comment")).is_ok());
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
    fn sixteen_by_sixteen_lines_read_letters() {
        let shape = Shape::new(4).expect("16x16");
        // Letters alone would be detected as the convention A-Z: force 1-9A-G.
        let line: String = "G".repeat(256);
        let items: Vec<_> = PuzzleReader::new(line.as_bytes())
            .with_shape(shape)
            .with_symbols(Symbols::FromOne)
            .collect();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].as_ref().expect("valid").grid.cells()[0], 16);
        let e = parse_line_as(shape, "H".repeat(256)).unwrap_err();
        assert_eq!(
            e.kind.to_string(),
            "found 'H', expected a digit 1-9, a letter A-G or a blank ('.', '0', '_', '-', '*', 'x')"
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
        let e = items[0].as_ref().expect_err("cut");
        assert_eq!(
            e.kind,
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
}
