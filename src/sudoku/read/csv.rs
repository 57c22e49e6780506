//! The CSV format ([`Format::Csv`](super::Format::Csv)): a header naming the puzzle column,
//! then one puzzle a line in that column, read as in the lines format.
//!
//! Fields are split by `csv-core`, the parser of the `csv` crate, so quoting follows RFC 4180
//! (`"a,b"` is one field, `""` in a quoted field is one `"`). The `csv` crate's own reader is
//! not used: it would read records across lines from the raw input, while this reader gets
//! its lines from the crate's text layer (bounded, with the byte order mark and CRLF handled
//! once for every format), parses one line at a time (a stray quote spoils one line, not the
//! rest of the file), and needs the byte offset of the puzzle field on its line to report
//! errors at the right column, which `csv-core` gives and `csv`'s records do not. One parser
//! and one field buffer serve every line: nothing is allocated per puzzle.

use std::io::BufRead;

use csv_core::{ReadFieldResult, Reader};

use super::line::parse_cells;
use super::{Puzzle, PuzzleReader, ReadError, ReadErrorKind, located, next_data_line};
use crate::sudoku::symbols::Symbols;
use crate::text::char_count;

/// The puzzle column of a CSV input, and the parser its lines go through.
#[derive(Debug)]
pub(super) struct PuzzleColumn {
    /// The 0-based index of the column.
    index: usize,
    parser: Reader,
    /// The unescaped bytes of the last field read.
    field: Vec<u8>,
}

/// A field found on a line: its bytes are `PuzzleColumn::field[..len]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Field {
    /// The 0-based index of the field.
    index: usize,
    /// The byte offset on the line of its first raw byte (a `"` if it is quoted).
    start: usize,
    /// The length of its unescaped bytes.
    len: usize,
}

impl PuzzleColumn {
    /// The puzzle column a header names, or `None` if it names none. A line without the
    /// words `puzzle` or `quizzes` is no header: it is told so without building a parser,
    /// which costs more than reading a puzzle.
    pub(super) fn from_header(header: &[u8]) -> Option<Self> {
        let lower = header.to_ascii_lowercase();
        let names = |name: &[u8]| lower.windows(name.len()).any(|w| w == name);
        if !names(b"puzzle") && !names(b"quizzes") {
            return None;
        }
        let mut column = PuzzleColumn {
            index: 0,
            parser: Reader::new(),
            field: Vec::new(),
        };
        column.index = column
            .find(header, |_, name| is_puzzle_name(name))
            .ok()?
            .index;
        Some(column)
    }

    /// Reads the fields of `line` (its first record: a line holds one) until `wanted` says
    /// yes to one, given its index and unescaped bytes; that field, or the number of fields.
    fn find(
        &mut self,
        line: &[u8],
        mut wanted: impl FnMut(usize, &[u8]) -> bool,
    ) -> Result<Field, usize> {
        self.parser.reset();
        // Unescaping never makes a field longer than its raw bytes; the buffer only grows.
        if self.field.len() <= line.len() {
            self.field.resize(line.len() + 1, 0);
        }
        let (mut pos, mut start, mut len, mut index) = (0, 0, 0, 0);
        loop {
            let input = line.get(pos..).unwrap_or_default();
            let output = self.field.get_mut(len..).unwrap_or_default();
            let (result, read, written) = self.parser.read_field(input, output);
            pos += read;
            len += written;
            match result {
                // An empty input tells the parser the line is over; it then ends the field.
                ReadFieldResult::InputEmpty if input.is_empty() => return Err(index),
                ReadFieldResult::InputEmpty => {}
                ReadFieldResult::OutputFull => {
                    let more = self.field.len() + line.len() + 1;
                    self.field.resize(more, 0);
                }
                ReadFieldResult::Field { record_end } => {
                    if wanted(index, self.field.get(..len).unwrap_or_default()) {
                        return Ok(Field { index, start, len });
                    }
                    index += 1;
                    start = pos;
                    len = 0;
                    if record_end {
                        return Err(index);
                    }
                }
                ReadFieldResult::End => return Err(index),
            }
        }
    }
}

/// Whether a header field names the puzzle column: `puzzle` or `quizzes`, case-insensitive,
/// with spaces and a pair of quotes around it ignored.
fn is_puzzle_name(name: &[u8]) -> bool {
    let name = name.trim_ascii();
    let name = name
        .strip_prefix(b"\"")
        .and_then(|n| n.strip_suffix(b"\""))
        .unwrap_or(name)
        .trim_ascii();
    name.eq_ignore_ascii_case(b"puzzle") || name.eq_ignore_ascii_case(b"quizzes")
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next puzzle of a CSV input.
    pub(super) fn next_csv(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let line = match next_data_line(&mut self.lines) {
            Ok(Some(line)) => line,
            end => {
                let error = end.err();
                return self.stop(error);
            }
        };
        let column = self.csv.as_mut()?;
        let k = column.index;
        Some(match column.find(line.bytes, |i, _| i == k) {
            Err(found) => Err(located(
                &line,
                char_count(line.bytes) + 1,
                ReadErrorKind::TooFewFields {
                    found,
                    expected: k + 1,
                },
            )),
            Ok(field) => {
                let before = line.bytes.get(..field.start).unwrap_or_default();
                let quoted = line.bytes.get(field.start) == Some(&b'"');
                let col0 = char_count(before) + usize::from(quoted);
                let cells = column.field.get(..field.len).unwrap_or_default();
                match parse_cells(self.shape, self.symbols, cells, col0) {
                    Ok(grid) => Ok(Puzzle {
                        line: line.number,
                        grid,
                        symbols: self.symbols.unwrap_or(Symbols::FromOne),
                    }),
                    Err((col, kind)) => Err(located(&line, col, kind)),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> Vec<(usize, String)> {
        let mut column = PuzzleColumn {
            index: 0,
            parser: Reader::new(),
            field: Vec::new(),
        };
        let mut seen = Vec::new();
        let _ = column.find(line.as_bytes(), |_, f| {
            seen.push(String::from_utf8_lossy(f).into_owned());
            false
        });
        let mut starts = Vec::new();
        for k in 0..seen.len() {
            starts.push(
                column
                    .find(line.as_bytes(), |i, _| i == k)
                    .expect("field")
                    .start,
            );
        }
        starts.into_iter().zip(seen).collect()
    }

    #[test]
    fn fields_follow_csv_quoting_and_know_where_they_start() {
        assert_eq!(
            fields(r#"a,"b,c",,"say ""hi""",d"#),
            [
                (0, "a".to_owned()),
                (2, "b,c".to_owned()),
                (8, String::new()),
                (9, r#"say "hi""#.to_owned()),
                (22, "d".to_owned()),
            ]
        );
    }

    fn puzzle_column(header: &[u8]) -> Option<usize> {
        PuzzleColumn::from_header(header).map(|column| column.index)
    }

    #[test]
    fn the_puzzle_column_is_named_puzzle_or_quizzes_in_any_case() {
        assert_eq!(puzzle_column(b"id, Quizzes ,solutions"), Some(1));
        assert_eq!(puzzle_column(b"\"id\",\"puzzle\""), Some(1));
        assert_eq!(puzzle_column(br#" "PUZZLE" "#), Some(0));
        assert_eq!(puzzle_column(b"a,b"), None);
        assert_eq!(puzzle_column(b"\"puzzle,x\""), None);
    }
}
