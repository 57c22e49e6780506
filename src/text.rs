//! The text layer under every reader of the crate ([`crate::knuth`], [`crate::sudoku::read`]):
//! it turns bytes into numbered lines and lines into text, so that every format reads line
//! ends, byte order marks, long lines, bad UTF-8 and columns the same way.
//!
//! # Lines
//! - A line ends with `\n` or `\r\n`; neither is part of the line. A final `\n` ends the last
//!   line and does not start an empty one; a last line without `\n` is a line all the same (a
//!   lone `\r` at its end is dropped too). A `\r` anywhere else is kept.
//! - Lines are numbered from 1.
//! - A UTF-8 byte order mark (`EF BB BF`) at the very start of the input is skipped: it is not
//!   part of line 1 and does not count in its columns. Anywhere else it is text.
//! - Streamed lines are bounded: [`LineReader`] keeps the first [`MAX_LINE_BYTES`] of a longer
//!   line and marks it [`Line::cut`]; the rest is skipped unread, so memory stays bounded
//!   however long the line. A cut line is never blank (what follows the cut is unknown): a
//!   reader must report it, or show that its start alone is enough, and never skip it
//!   silently.
//!
//! [`LineReader`] reads the lines of any [`BufRead`], one at a time into one buffer;
//! [`SliceLines`] splits input already in memory without copying (and without a bound: the
//! memory is spent already). Both find a line's text with the same function.
//!
//! # Text and columns
//! Lines are bytes: a reader decides which lines it decodes (a comment need not be UTF-8).
//! [`decode`] turns a line into `&str` or reports the 1-based *character* column of its first
//! byte that is not UTF-8; [`decode_prefix`] gives the valid text before such a byte, for
//! readers that may stop before it. Columns count characters, not bytes, from 1:
//! [`char_count`] counts the characters of a byte slice (each byte that is not UTF-8 counts as
//! one), so a column can be computed on a prefix that is not valid UTF-8.
//!
//! The module is crate-private: it serves the readers of this crate and makes no promise to
//! others.

use std::io::{self, BufRead};
use std::ops::Range;

/// The longest line a streaming reader keeps, in bytes (64 KiB): the rest of a longer line is
/// skipped unread, and the line is marked as cut, to be reported rather than skipped.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The 1-based line number.
    pub number: usize,
    /// The line without its line end (and, on line 1, without a byte order mark); only its
    /// first [`MAX_LINE_BYTES`] if it is cut.
    pub bytes: &'a [u8],
    /// Whether the line was longer than [`MAX_LINE_BYTES`] and `bytes` holds only its start
    /// (only a [`LineReader`] cuts lines).
    pub cut: bool,
}

impl Line<'_> {
    /// Whether the line holds only ASCII whitespace; a cut line never does.
    pub fn is_blank(&self) -> bool {
        !self.cut && self.bytes.iter().all(u8::is_ascii_whitespace)
    }
}

/// The part of a raw line (as read, with its `\n` if any) that is the line: without its line
/// end and, on line 1, without a byte order mark. [`LineReader`] and [`SliceLines`] both cut
/// their lines with it.
fn content(raw: &[u8], number: usize) -> Range<usize> {
    let line = raw.strip_suffix(b"\n").unwrap_or(raw);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let start = if number == 1 && line.starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    start..line.len()
}

/// The lines of a [`BufRead`], one at a time, as the [module documentation](self) describes,
/// bounded at [`MAX_LINE_BYTES`].
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
    /// The current line (see [`Line::bytes`]).
    buf: Vec<u8>,
    /// The number of the current line; 0 before the first.
    number: usize,
    /// Whether the current line is cut.
    cut: bool,
    /// The longest line kept, in bytes.
    limit: usize,
    /// Whether the next [`LineReader::next_line`] returns the current line again.
    replay: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of the lines of `reader`, bounded at [`MAX_LINE_BYTES`].
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            buf: Vec::new(),
            number: 0,
            cut: false,
            limit: MAX_LINE_BYTES,
            replay: false,
        }
    }

    /// A reader of the lines of `reader`, bounded at `limit` bytes (for files whose lines
    /// may be longer than [`MAX_LINE_BYTES`]).
    pub fn with_limit(reader: R, limit: usize) -> Self {
        LineReader {
            limit,
            ..LineReader::new(reader)
        }
    }

    /// The next line; `Ok(None)` at the end of the input. A failed read is returned as is,
    /// and the line it failed on is [`LineReader::number`]` + 1`.
    ///
    /// # Errors
    /// The reader's I/O error.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        if self.replay {
            self.replay = false;
            return Ok(Some(self.current()));
        }
        self.buf.clear();
        // Two bytes past the limit: a line of exactly `limit` bytes still shows its `\r\n`
        // whole, so it is not taken for a longer one.
        let read = self.read_until_newline(self.limit.saturating_add(2))?;
        if read == 0 {
            return Ok(None);
        }
        if self.buf.last() != Some(&b'\n') && self.buf.len() > self.limit {
            // The line goes on past what was taken: skip the rest unread.
            self.reader.skip_until(b'\n')?;
        }
        self.number += 1;
        let Range { start, end } = content(&self.buf, self.number);
        self.buf.truncate(end);
        self.buf.drain(..start);
        self.cut = self.buf.len() > self.limit;
        self.buf.truncate(self.limit);
        Ok(Some(self.current()))
    }

    /// Appends to the buffer the input up to its next `\n` (included), at most `most` bytes;
    /// returns how many it appended. What `read_until` does on the reader's `take(most)`, with
    /// the line end found by a vector search ([`newline_in`]), where the standard library's
    /// goes a word at a time (some 250 instructions a 9x9 puzzle's line, fat LTO).
    fn read_until_newline(&mut self, most: usize) -> io::Result<usize> {
        let mut read = 0;
        while read < most {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let window = &available[..available.len().min(most - read)];
            if window.is_empty() {
                break;
            }
            let (used, ends) = match newline_in(window) {
                Some(i) => (i + 1, true),
                None => (window.len(), false),
            };
            self.buf.extend_from_slice(&window[..used]);
            self.reader.consume(used);
            read += used;
            if ends {
                break;
            }
        }
        Ok(read)
    }

    /// Makes the next [`LineReader::next_line`] return the current line again (a reader that
    /// looked at a line before deciding how to read it).
    pub fn unread(&mut self) {
        self.replay = self.number > 0;
    }

    /// The number of the current line: the number of lines read so far, 0 before the first.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The current line: the one the last [`LineReader::next_line`] returned (empty, numbered
    /// 0, before the first).
    pub fn current(&self) -> Line<'_> {
        Line {
            number: self.number,
            bytes: &self.buf,
            cut: self.cut,
        }
    }
}

/// Where the first `\n` of `bytes` is. On x86-64 by the `memchr` crate's SSE2 search, which
/// SSE2 being part of the target needs no check of the processor, where `memchr::memchr`
/// asks the processor at its first call whether it has AVX2 (`cpuid`, through the standard
/// library's detection): some 60 microseconds on the shared VM, where each `cpuid` traps to
/// the host, 2.5% of a run on 300 puzzles; a line of 82 bytes takes six SSE2 steps of 16
/// bytes where AVX2 took three of 32.
#[inline]
fn newline_in(bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(search) = memchr::arch::x86_64::sse2::memchr::One::new(b'\n') {
        return search.find(bytes);
    }
    memchr::memchr(b'\n', bytes)
}

/// The lines of input already in memory, borrowed from it, as the
/// [module documentation](self) describes. Not bounded: the input is in memory already, and
/// a line is never cut.
#[derive(Debug, Clone)]
pub struct SliceLines<'a> {
    rest: &'a [u8],
    /// The number of the line last returned.
    number: usize,
}

impl<'a> SliceLines<'a> {
    /// The lines of `input`, with no limit on their length.
    pub fn new(input: &'a [u8]) -> Self {
        SliceLines {
            rest: input,
            number: 0,
        }
    }

    /// The number of the line last returned: the number of lines read so far.
    pub fn number(&self) -> usize {
        self.number
    }
}

impl<'a> Iterator for SliceLines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let end = newline_in(self.rest).map_or(self.rest.len(), |i| i + 1);
        let (line, rest) = self.rest.split_at(end);
        self.rest = rest;
        self.number += 1;
        Some(Line {
            number: self.number,
            bytes: line.get(content(line, self.number)).unwrap_or_default(),
            cut: false,
        })
    }
}

/// Bytes that are not UTF-8: where the first bad byte is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidUtf8 {
    /// The 1-based character column of the first byte that is not UTF-8.
    pub column: usize,
}

/// A line as text, or the character column of its first byte that is not UTF-8.
///
/// # Errors
/// [`InvalidUtf8`] at the first bad byte.
pub fn decode(bytes: &[u8]) -> Result<&str, InvalidUtf8> {
    std::str::from_utf8(bytes).map_err(|e| bad_byte(bytes, e.valid_up_to()))
}

/// The longest prefix of `bytes` that is UTF-8, and where the first bad byte after it is, if
/// any.
pub fn decode_prefix(bytes: &[u8]) -> (&str, Option<InvalidUtf8>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            let text = std::str::from_utf8(valid).unwrap_or_default();
            (text, Some(bad_byte(bytes, e.valid_up_to())))
        }
    }
}

/// The first bad byte of `bytes`, after `valid` bytes of UTF-8.
fn bad_byte(bytes: &[u8], valid: usize) -> InvalidUtf8 {
    InvalidUtf8 {
        column: char_count(bytes.get(..valid).unwrap_or_default()) + 1,
    }
}

/// The number of characters in `bytes`, read as UTF-8 where it is: every byte that does not
/// continue a multi-byte sequence counts one. The 1-based column of the character that
/// starts at byte `i` of a line is `char_count(&line[..i]) + 1`.
pub fn char_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` through a [`LineReader`] bounded at `limit`, as (number, bytes,
    /// cut).
    fn read_all(input: &[u8], limit: usize) -> Vec<(usize, Vec<u8>, bool)> {
        let mut reader = LineReader::new(input);
        reader.limit = limit;
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().expect("in memory") {
            lines.push((line.number, line.bytes.to_vec(), line.cut));
        }
        lines
    }

    /// The same through [`SliceLines`].
    fn split_all(input: &[u8]) -> Vec<(usize, Vec<u8>, bool)> {
        SliceLines::new(input)
            .map(|l| (l.number, l.bytes.to_vec(), l.cut))
            .collect()
    }

    #[test]
    fn lines_split_on_newlines_and_drop_the_carriage_return_before_them() {
        let input = b"a\r\n\nb\rc\nd\r";
        let expected = vec![
            (1, b"a".to_vec(), false),
            (2, Vec::new(), false),
            (3, b"b\rc".to_vec(), false),
            (4, b"d".to_vec(), false),
        ];
        assert_eq!(read_all(input, MAX_LINE_BYTES), expected);
        assert_eq!(split_all(input), expected);
        assert_eq!(
            read_all(b"a\n", MAX_LINE_BYTES).len(),
            1,
            "a final newline ends a line"
        );
        assert!(read_all(b"", MAX_LINE_BYTES).is_empty());
        assert_eq!(SliceLines::new(b"").next(), None);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_on_line_1_only() {
        let input = b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb\n";
        let expected = vec![
            (1, b"a".to_vec(), false),
            (2, b"\xEF\xBB\xBFb".to_vec(), false),
        ];
        assert_eq!(read_all(input, MAX_LINE_BYTES), expected);
        assert_eq!(split_all(input), expected);
    }

    #[test]
    fn a_long_line_is_cut_at_the_limit_and_its_rest_skipped() {
        let input = b"abcdef\nabcd\r\nabcde\nxyz";
        let expected = vec![
            (1, b"abcd".to_vec(), true),
            (2, b"abcd".to_vec(), false),
            (3, b"abcd".to_vec(), true),
            (4, b"xyz".to_vec(), false),
        ];
        assert_eq!(read_all(input, 4), expected);
        // Cut at the end of the input too; a final `\r` is a line end, not part of the line.
        assert_eq!(read_all(b"abcdef", 4), [(1, b"abcd".to_vec(), true)]);
        assert_eq!(read_all(b"abcd\r", 4), [(1, b"abcd".to_vec(), false)]);
        // In memory, nothing is cut.
        assert_eq!(split_all(b"abcdef")[0], (1, b"abcdef".to_vec(), false));
    }

    #[test]
    fn a_cut_line_is_never_blank() {
        let spaces = vec![b' '; MAX_LINE_BYTES + 10];
        let mut reader = LineReader::new(&spaces[..]);
        let line = reader.next_line().unwrap().unwrap();
        assert!(line.cut);
        assert_eq!(line.bytes.len(), MAX_LINE_BYTES);
        assert!(!line.is_blank());
        assert!(SliceLines::new(b" \t").next().unwrap().is_blank());
    }

    #[test]
    fn the_line_end_is_the_first_newline_wherever_it_falls_in_the_vector_steps() {
        for len in 0..100 {
            let mut bytes = vec![b'.'; len];
            assert_eq!(newline_in(&bytes), None, "none in {len} bytes");
            for at in (0..len).rev() {
                bytes[at] = b'\n';
                assert_eq!(newline_in(&bytes), Some(at), "{len} bytes, first at {at}");
                assert_eq!(
                    newline_in(&bytes[at + 1..]),
                    bytes[at + 1..].iter().position(|&b| b == b'\n')
                );
            }
        }
    }

    #[test]
    fn an_unread_line_comes_back_once() {
        let mut reader = LineReader::new(&b"a\nb\n"[..]);
        reader.unread();
        assert_eq!(reader.next_line().unwrap().unwrap().bytes, b"a");
        reader.unread();
        assert_eq!(reader.next_line().unwrap().unwrap().number, 1);
        assert_eq!(reader.next_line().unwrap().unwrap().bytes, b"b");
        assert_eq!(reader.number(), 2);
        assert_eq!(reader.next_line().unwrap(), None);
    }

    #[test]
    fn decoding_reports_the_character_column_of_the_first_bad_byte() {
        assert_eq!(decode("é✓x".as_bytes()), Ok("é✓x"));
        assert_eq!(decode(b"ab\xC3(x"), Err(InvalidUtf8 { column: 3 }));
        let bytes = ["é✓".as_bytes(), b"\xFFz"].concat();
        assert_eq!(decode(&bytes), Err(InvalidUtf8 { column: 3 }));
        assert_eq!(
            decode_prefix(&bytes),
            ("é✓", Some(InvalidUtf8 { column: 3 }))
        );
        assert_eq!(char_count(&bytes), 4);
        assert_eq!(char_count("é✓".as_bytes()), 2);
    }
}
