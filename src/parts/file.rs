//! The parts files' input and output: reading a parts file (checked line by line) and
//! writing one, and reading a results file, whose torn lines are told apart from mistakes.
//!
//! # Checksums
//! Every line that `dancing` writes (a parts file's header and parts, a result, a checkpoint's
//! header) ends with a checksum of the rest of the line: `"check":"…"`, the 128-bit FNV-1a
//! hash (as the [`Fingerprint`](super::Fingerprint)) of the line's text without that member,
//! in 32 hexadecimal digits. A reader verifies it before it reads the line, so an edited count
//! or a flipped bit is refused with the line named, never summed: FNV-1a changes its hash
//! with any one byte changed (each step is a bijection of the state), and a 2^-128 chance
//! remains for more. It guards against accidents, not forgery. A line without a checksum (a
//! file of a `dancing` from before checksums) is refused as such: split or count it again.
//!
//! # Bounds
//! A line longer than [`MAX_LINE_BYTES`] is refused (a part's line grows with the depth of
//! the cut, a few bytes a level), so that reading a file that is not one (a device, a file
//! of one endless line) cannot fill the memory.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, Write};
use std::path::Path;

use serde::Serialize;
use thiserror::Error;

use super::plan::Split;
use super::{Header, Part, PartResult, fnv1a_128};
use crate::text::LineReader;

/// The longest line of a parts or results file that a reader takes, in bytes (1 MiB: a part
/// at a depth of a hundred thousand levels).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What comes before a line's checksum: its last member's key.
const CHECK_KEY: &str = ",\"check\":\"";

/// A mistake in a parts or results file, with the line it was found on (from 1).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be read.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A line is not the JSON object expected there.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// The line.
        line: usize,
        /// The column of the mistake, from 1 (in bytes).
        column: usize,
        /// What serde_json says is wrong.
        message: String,
    },
    /// A parts file without its header line.
    #[error("the file is empty: a parts file starts with its header line")]
    NoHeader,
    /// A part out of place: the parts of a parts file come in id order.
    #[error("line {line}: part {found} where part {expected} should be")]
    OutOfOrder {
        /// The line.
        line: usize,
        /// The id expected there.
        expected: usize,
        /// The id found.
        found: usize,
    },
    /// A part that disagrees with the header (fingerprint or depth) or with itself (a prefix
    /// whose length is not the depth).
    #[error("line {line}: part {id} {what}")]
    Inconsistent {
        /// The line.
        line: usize,
        /// The part.
        id: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A line whose checksum does not match its text: edited, or damaged.
    #[error("line {line}: the checksum does not match the line: edited or damaged since written")]
    BadChecksum {
        /// The line.
        line: usize,
    },
    /// A line without a checksum: written by a `dancing` from before checksums, or by hand.
    #[error(
        "line {line}: no checksum (the `\"check\"` member that ends every line dancing \
         writes): a file of an older dancing (split or count again), or not one of its files"
    )]
    NoChecksum {
        /// The line.
        line: usize,
    },
    /// A line longer than [`MAX_LINE_BYTES`], or not UTF-8: no line of these files.
    #[error("line {line}: {what}, which no line of a parts or results file is")]
    NotALine {
        /// The line.
        line: usize,
        /// What is wrong with it.
        what: &'static str,
    },
    /// A count that is a bound (`"52+"`): the counts of parts, and above the cut, are exact.
    #[error("line {line}: the count {count} is a bound, but a part's count is exact")]
    Bound {
        /// The line.
        line: usize,
        /// The count.
        count: crate::Count,
    },
    /// A path that is not a regular file (a directory, a FIFO, a device such as
    /// `/dev/full`, which would be read forever).
    #[error(
        "not a regular file (a FIFO, a device, a directory?): a parts, results or checkpoint file is one"
    )]
    NotAFile,
    /// Fewer or more parts than the header announces.
    #[error("the header announces {announced} parts, but {found} follow it")]
    PartCount {
        /// The header's count.
        announced: usize,
        /// The parts found.
        found: usize,
    },
}

impl ReadError {
    /// The error with its line number moved down by `lines`: for input that is a file after
    /// its first `lines` lines (a checkpoint's results, after its header).
    pub fn after_lines(mut self, lines: usize) -> ReadError {
        match &mut self {
            ReadError::Json { line, .. }
            | ReadError::OutOfOrder { line, .. }
            | ReadError::Inconsistent { line, .. }
            | ReadError::BadChecksum { line }
            | ReadError::NoChecksum { line }
            | ReadError::NotALine { line, .. }
            | ReadError::Bound { line, .. } => *line += lines,
            ReadError::Io(_)
            | ReadError::NoHeader
            | ReadError::NotAFile
            | ReadError::PartCount { .. } => {}
        }
        self
    }
}

/// `value` as one line of JSON, its checksum the last member, and a newline (see the module
/// docs).
pub(super) fn checked_line<T: Serialize>(value: &T) -> String {
    let mut line = serde_json::to_string(value).expect("a line serializes");
    let check = fnv1a_128(line.as_bytes());
    let close = line.pop();
    debug_assert_eq!(close, Some('}'), "a line is an object with members");
    writeln!(line, "{CHECK_KEY}{check:032x}\"}}").expect("a String takes a write");
    line
}

/// Parses one line written by [`checked_line`] (its newline, if any, left out) as a `T`, once
/// its checksum is verified, with the line number in the error.
fn parse_line<T: serde::de::DeserializeOwned>(line: usize, text: &str) -> Result<T, ReadError> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let at = text
        .rfind(CHECK_KEY)
        .ok_or(ReadError::NoChecksum { line })?;
    let check = text[at + CHECK_KEY.len()..]
        .strip_suffix("\"}")
        .filter(|hex| hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|hex| u128::from_str_radix(hex, 16).ok());
    let body = format!("{}}}", &text[..at]);
    if check != Some(fnv1a_128(body.as_bytes())) {
        return Err(ReadError::BadChecksum { line });
    }
    serde_json::from_str(&body).map_err(|e| ReadError::Json {
        line,
        column: e.column(),
        message: e.to_string(),
    })
}

/// The lines of `input` that are not blank, with their numbers from 1; a line longer than
/// [`MAX_LINE_BYTES`] or not UTF-8 is an error.
fn numbered_lines(input: impl BufRead) -> impl Iterator<Item = Result<(usize, String), ReadError>> {
    let mut lines = LineReader::with_limit(input, MAX_LINE_BYTES);
    std::iter::from_fn(move || {
        let line = match lines.next_line() {
            Ok(line) => line?,
            Err(err) => return Some(Err(ReadError::Io(err))),
        };
        let number = line.number;
        if line.cut {
            let what = "longer than 1 MiB";
            return Some(Err(ReadError::NotALine { line: number, what }));
        }
        let Ok(text) = std::str::from_utf8(line.bytes) else {
            let what = "not UTF-8";
            return Some(Err(ReadError::NotALine { line: number, what }));
        };
        Some(Ok((number, text.to_owned())))
    })
    .filter(|line| !matches!(line, Ok((_, text)) if text.trim().is_empty()))
}

/// Refuses a path that is there but is not a regular file (see [`ReadError::NotAFile`]),
/// before anything opens it: opening a FIFO waits for a writer, reading a device may never
/// end. A missing path is fine (a checkpoint to create, a `--skip-done` file not written yet).
///
/// # Errors
/// [`ReadError::NotAFile`]; [`ReadError::Io`] if the path cannot be looked at.
pub fn refuse_special(path: &Path) -> Result<(), ReadError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(_) => Err(ReadError::NotAFile),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(err) => Err(ReadError::Io(err)),
    }
}

/// Opens a parts or results file to read it, refusing what is not a regular file
/// ([`refuse_special`]).
///
/// # Errors
/// [`ReadError::NotAFile`]; [`ReadError::Io`] if it cannot be opened.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    refuse_special(path)?;
    Ok(File::open(path)?)
}

/// One line of a results file.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultLine {
    /// A result.
    Done(PartResult),
    /// Not valid JSON: a line cut off by a crash (a torn write), which holds no result. Its
    /// part, if it has no other result, counts as missing and is solved again.
    Torn,
}

/// Reads a results file: each line that is not blank, with its number (from 1).
///
/// # Errors
/// A line that is valid JSON but not a result (a missing field, a count that is not a
/// number, a line of a parts file) is a [`ReadError::Json`]; one whose checksum does not
/// match, or has none, a [`ReadError::BadChecksum`] or [`ReadError::NoChecksum`]; a count
/// that is a bound, a [`ReadError::Bound`]; a failure to read, a [`ReadError::Io`].
pub fn read_results(
    input: impl BufRead,
) -> impl Iterator<Item = Result<(usize, ResultLine), ReadError>> {
    numbered_lines(input).map(|line| {
        let (number, text) = line?;
        if serde_json::from_str::<serde::de::IgnoredAny>(&text).is_err() {
            return Ok((number, ResultLine::Torn));
        }
        let result: PartResult = parse_line(number, &text)?;
        exact(number, &result.count)?;
        Ok((number, ResultLine::Done(result)))
    })
}

impl Split {
    /// Writes the parts file: the header, then one line per part.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        out.write_all(checked_line(&self.header).as_bytes())?;
        for id in 0..self.len() {
            out.write_all(checked_line(&self.part(id)).as_bytes())?;
        }
        out.flush()
    }

    /// Reads a parts file, checking that its parts come in id order, agree with the header
    /// and are as many as it says. (Whether they are parts of a given problem's tree is for
    /// [`Split::check`].)
    ///
    /// # Errors
    /// [`ReadError`], with the line of the mistake.
    pub fn read_from(input: impl BufRead) -> Result<Split, ReadError> {
        let mut lines = numbered_lines(input);
        let (number, text) = lines.next().ok_or(ReadError::NoHeader)??;
        let header = Header::from_line(number, &text)?;
        let mut prefixes = Vec::with_capacity(header.parts.min(1 << 20));
        let mut weights = Vec::with_capacity(header.parts.min(1 << 20));
        for line in lines {
            let (line, text) = line?;
            let part: Part = parse_line(line, &text)?;
            let inconsistent = |what| ReadError::Inconsistent {
                line,
                id: part.id,
                what,
            };
            if part.id != prefixes.len() {
                return Err(ReadError::OutOfOrder {
                    line,
                    expected: prefixes.len(),
                    found: part.id,
                });
            }
            if part.fingerprint != header.fingerprint {
                return Err(inconsistent("has another fingerprint than the header"));
            }
            // With the group, each part has its own depth and a weight; without, the
            // header's depth and none.
            let depth = if header.has_symmetry() {
                part.depth
            } else {
                header.depth
            };
            if part.depth != depth || part.prefix.len() != depth {
                return Err(inconsistent("is not at the depth of the header"));
            }
            let weight = match (header.has_symmetry(), part.weight) {
                (true, Some(w)) if w > 0 => w,
                (true, _) => {
                    return Err(inconsistent(
                        "has no weight (a positive number), but the header says the parts \
                         were made with the symmetry group",
                    ));
                }
                (false, None) => 1,
                (false, Some(_)) => {
                    return Err(inconsistent(
                        "has a weight, but the header says the parts were made without the \
                         symmetry group",
                    ));
                }
            };
            prefixes.push(part.prefix);
            weights.push(weight);
        }
        if prefixes.len() != header.parts {
            return Err(ReadError::PartCount {
                announced: header.parts,
                found: prefixes.len(),
            });
        }
        Ok(Split {
            header,
            prefixes,
            weights,
        })
    }
}

/// Refuses a count that is a bound, on line `line`.
fn exact(line: usize, count: &crate::Count) -> Result<(), ReadError> {
    if count.is_exact() {
        return Ok(());
    }
    Err(ReadError::Bound {
        line,
        count: count.clone(),
    })
}

impl Header {
    /// The header as one line of JSON with its checksum, and its newline: the first line of a
    /// parts file or a checkpoint.
    pub fn to_line(&self) -> String {
        checked_line(self)
    }

    /// Reads a header written by [`Header::to_line`], found on line `line`.
    ///
    /// # Errors
    /// [`ReadError`]: a checksum that does not match or is missing, text that is not a
    /// header, a count above the cut that is a bound.
    pub fn from_line(line: usize, text: &str) -> Result<Header, ReadError> {
        let header: Header = parse_line(line, text)?;
        exact(line, &header.above.solutions)?;
        Ok(header)
    }
}
