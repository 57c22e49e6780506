//! The parts files' input and output: reading a parts file (checked line by line) and
//! writing one, and reading a results file, whose torn lines are told apart from mistakes.

use std::io::{self, BufRead, Write};

use thiserror::Error;

use super::plan::Split;
use super::{Header, Part, PartResult};

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
    /// Fewer or more parts than the header announces.
    #[error("the header announces {announced} parts, but {found} follow it")]
    PartCount {
        /// The header's count.
        announced: usize,
        /// The parts found.
        found: usize,
    },
}

/// Parses one line as a `T`, with the line number in the error.
fn parse_line<T: serde::de::DeserializeOwned>(line: usize, text: &str) -> Result<T, ReadError> {
    serde_json::from_str(text).map_err(|e| ReadError::Json {
        line,
        column: e.column(),
        message: e.to_string(),
    })
}

/// The lines of `input` that are not blank, with their numbers from 1.
fn numbered_lines(input: impl BufRead) -> impl Iterator<Item = Result<(usize, String), ReadError>> {
    input
        .lines()
        .enumerate()
        .map(|(k, line)| Ok((k + 1, line?)))
        .filter(|line| !matches!(line, Ok((_, text)) if text.trim().is_empty()))
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
/// number, a line of a parts file) is a [`ReadError::Json`]; so is a failure to read.
pub fn read_results(
    input: impl BufRead,
) -> impl Iterator<Item = Result<(usize, ResultLine), ReadError>> {
    numbered_lines(input).map(|line| {
        let (number, text) = line?;
        if serde_json::from_str::<serde::de::IgnoredAny>(&text).is_err() {
            return Ok((number, ResultLine::Torn));
        }
        Ok((number, ResultLine::Done(parse_line(number, &text)?)))
    })
}

impl Split {
    /// Writes the parts file: the header, then one line per part.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        serde_json::to_writer(&mut out, &self.header)?;
        writeln!(out)?;
        for id in 0..self.len() {
            serde_json::to_writer(&mut out, &self.part(id))?;
            writeln!(out)?;
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
        let header: Header = parse_line(number, &text)?;
        let mut prefixes = Vec::with_capacity(header.parts.min(1 << 20));
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
            if part.depth != header.depth || part.prefix.len() != header.depth {
                return Err(inconsistent("is not at the depth of the header"));
            }
            prefixes.push(part.prefix);
        }
        if prefixes.len() != header.parts {
            return Err(ReadError::PartCount {
                announced: header.parts,
                found: prefixes.len(),
            });
        }
        Ok(Split { header, prefixes })
    }
}
