//! The reader for Knuth's input format (DLX1, DLX2, DLX3): turns the text of a `.dlx` file into a
//! [`Problem`], keeping the item names and where each option came from so that front ends
//! can print solutions and diagnostics in the user's own terms.
//!
//! This module owns the text format only; checking the options and solving belong to
//! [`crate::ProblemBuilder`] and [`crate::Solver`].
//!
//! # The format
//!
//! This is what Knuth's DLX1, DLX2, DLX3 and DLX5 read (TAOCP 7.2.2.1; `dlx1.w`, `dlx2.w`,
//! `dlx3.w`):
//!
//! * Input is UTF-8 text, one record per line. Lines end with `\n` or `\r\n`; a UTF-8 byte
//!   order mark at the very start is skipped (and not counted in columns). Lines have no
//!   length limit: the input is in memory already, and the item line of a large problem is
//!   long. (Lines, line ends, the byte order mark, decoding and columns are the crate's one
//!   text layer, shared with the Sudoku reader.)
//! * A line whose first non-blank character is `|` is a comment; a line of blanks only is
//!   skipped. Comment lines are skipped without being decoded, so they need not be UTF-8.
//! * The first other line names the items: the primary items first, then optionally `|`
//!   followed by the secondary items (a `|` that starts a token also ends the primary items:
//!   `A |B` is `A | B`, as in Knuth's programs). Every item name must be unique.
//! * A primary item may carry *bounds* (DLX3's multiplicities): `u:v|x` says that item `x`
//!   must be covered at least `u` and at most `v` times, `v|x` means `v:v|x`, and an empty
//!   number is 0 (`:3|x` is `0:3|x`). `v` must be at least 1 and `u` at most `v`; secondary
//!   items take no bounds. Without bounds, an item is covered exactly once.
//! * Every further line is one option: the names of its items, each at most once. A
//!   secondary item may carry a *color* (DLX2): `x:c`. Two options that name `x` are
//!   compatible when both give it the same color; naming `x` without a color conflicts with
//!   every other option that names it. Primary items take no colors.
//!
//! * An option may end with costs (DLX5's): tokens `|n`, `n` a decimal number; several add
//!   up, and an option without one costs 0. Only [`crate::mincost`] reads costs.
//!
//! Names are separated by blanks: space, tab, vertical tab, form feed and carriage return
//! (C's `isspace`; other Unicode spaces are part of names). A name is any run of non-blank
//! characters without `:` or `|`, and a color any run of non-blank characters without `:`.
//! Two extensions to Knuth's programs, which read every file they accept the same way: names
//! have no length limit (DLX1 stops at 8 characters), and colors may be longer than one
//! character (`x:red`; DLX2 takes one).
//!
//! Colors are numbered from 0 in order of first appearance ([`KnuthProblem::color_names`]
//! names them).
//!
//! Options that name no primary item are kept (so option indices match the lines of the
//! file), but the engine ignores them as DLX1 does; see [`Problem::ignored_options`].
//!
//! Errors carry a 1-based line and a 1-based column that counts characters, not bytes.
//!
//! ```
//! use dancing::knuth::parse_str;
//! let input = "| Knuth's example\nA B C | X\nA X\nB C\n";
//! let k = parse_str(input)?;
//! assert_eq!(k.item_names, ["A", "B", "C", "X"]);
//! assert_eq!(k.problem.primary_items(), 3);
//! assert_eq!(k.options[1].line, 4);
//! assert_eq!(k.options[1].text, "B C");
//! # Ok::<(), dancing::knuth::ParseError>(())
//! ```
//!
//! # Modules
//! This module holds the format's description and the types a reading returns; `read.rs`
//! parses the text ([`parse`], [`parse_str`]), `write.rs` prints a problem back ([`write()`],
//! [`write_named`], [`write_with_names`]); both are re-exported here, and both import from
//! this module and from [`crate::names`] (what a blank is, what a name is) only.

mod read;
mod write;

use thiserror::Error;

pub use self::read::{parse, parse_str};
pub use self::write::{write, write_named, write_with_names};
use crate::Problem;
/// Why names cannot be written; moved to [`crate::names`], where names are checked once.
pub use crate::names::NameError;
use crate::names::NameList;

/// A problem read from Knuth's format, with the names and sources needed to report on it.
///
/// The names live in the problem ([`Problem::names`]: items and colors; options have no
/// names in the format, only sources); `item_names` and `color_names` are the same lists,
/// shared, not copies. (They were `Vec<String>`s before the names moved into the problem;
/// a [`NameList`] reads and compares as one.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnuthProblem {
    /// The problem itself: items numbered in the order of the item line, options in the
    /// order of their lines; with the names of its items and colors.
    pub problem: Problem,
    /// Item names, in item-index order (primary first): `problem.names()`'s items.
    pub item_names: NameList,
    /// For each option (same index as in `problem`): its 1-based line number in the input and
    /// its text as written (trimmed of surrounding whitespace and the line end).
    pub options: Vec<OptionSource>,
    /// Color names, in color-number order (the order of first appearance):
    /// `problem.names()`'s colors.
    pub color_names: NameList,
}

impl KnuthProblem {
    /// The indices of the options written as `lines` (each compared with
    /// [`OptionSource::text`] once trimmed as it is): how a solution printed by its option
    /// lines (`dancing cover`, the server's `/api/cover/solve`) is read back as the option
    /// indices a decoder takes. The lookup is built once, so a long solution of a large
    /// problem costs the problem's size plus the lines', not their product. Of options
    /// written alike, the line is read as the last.
    ///
    /// # Errors
    /// [`NoSuchOption`] for the first line that is no option's text, with its place among
    /// `lines` (1-based).
    pub fn options_written<'a>(
        &self,
        lines: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<usize>, NoSuchOption> {
        let by_text: std::collections::HashMap<&str, usize> = self
            .options
            .iter()
            .enumerate()
            .map(|(k, option)| (option.text.as_str(), k))
            .collect();
        lines
            .into_iter()
            .enumerate()
            .map(|(at, line)| {
                by_text
                    .get(line.trim())
                    .copied()
                    .ok_or_else(|| NoSuchOption {
                        line: at + 1,
                        text: line.trim().to_owned(),
                    })
            })
            .collect()
    }
}

/// A line given as an option that no option of the problem is written as
/// ([`KnuthProblem::options_written`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: `{text}` is no option of the problem")]
pub struct NoSuchOption {
    /// The 1-based place of the line among those given.
    pub line: usize,
    /// The line, trimmed.
    pub text: String,
}

/// Where an option came from in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSource {
    /// The 1-based line number of the option.
    pub line: usize,
    /// The option's line as written, without surrounding blanks and the line end.
    pub text: String,
}

/// A mistake in the input, with the place it was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The 1-based line of the mistake.
    pub line: usize,
    /// The 1-based column of the mistake, counted in characters (not bytes).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with the input; see [`ParseError`] for where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line: it is empty or has only comments and blank lines.
    /// Reported at column 1 of the line after the last one.
    #[error("no item line: the first line that is not a comment must name the items")]
    NoItems,
    /// The item line names no primary item before `|`.
    ///
    /// [`parse`] cannot actually produce this: a line whose first non-blank character is `|`
    /// is a comment (as in DLX1), so an item line always starts with a name.
    #[error("the item line names no primary item: expected at least one item name before `|`")]
    NoPrimaryItems,
    /// The item line names the same item twice; reported at the second mention.
    #[error("item `{name}` is named twice on the item line: expected every item name to be unique")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// The item line has a second `|`; reported at the second one.
    #[error(
        "a second `|` on the item line: expected at most one `|`, between the primary and the secondary items"
    )]
    SecondBar,
    /// An option names an item that the item line did not declare.
    #[error("`{name}` is not an item: expected one of the names on the item line")]
    UnknownItem {
        /// The undeclared name.
        name: String,
    },
    /// An option names the same item twice; reported at the second mention.
    #[error("item `{name}` is named twice in this option: expected each item at most once")]
    RepeatedItem {
        /// The repeated item's name.
        name: String,
    },
    /// An option gives a color to a primary item (DLX2: "Primary item must be uncolored").
    #[error(
        "`{token}` gives a color to a primary item: expected colors (x:c) on secondary items only"
    )]
    ColorOnPrimary {
        /// The whole offending token.
        token: String,
    },
    /// An option's color is empty or has a second `:`.
    #[error("`{token}` has an empty color or a second `:`: expected `item:color`")]
    BadColor {
        /// The whole offending token.
        token: String,
    },
    /// An option's cost (DLX5's `|n`) is not a decimal number, or the costs of the option
    /// add up past 2^64 - 1.
    #[error(
        "`{token}` is not a cost: expected `|n` with n a decimal number (the costs of an option adding up to less than 2^64)"
    )]
    BadCost {
        /// The whole offending token.
        token: String,
    },
    /// The item line gives bounds to a secondary item.
    #[error(
        "`{token}` gives bounds to a secondary item: expected bounds (u:v|x) on primary items only, before the `|` that starts the secondary items"
    )]
    BoundOnSecondary {
        /// The whole offending token.
        token: String,
    },
    /// The item line gives an item an upper bound of 0 (`0|x`, `1:0|x`, `:|x`).
    #[error("`{token}` has upper bound 0: expected at least 1")]
    ZeroUpperBound {
        /// The whole offending token.
        token: String,
    },
    /// The item line gives an item a lower bound above its upper bound.
    #[error("`{token}`: the lower bound exceeds the upper bound; expected u <= v in u:v|x")]
    LowerAboveUpper {
        /// The whole offending token.
        token: String,
    },
    /// The item line has `u:x`: a lower bound and no upper bound.
    #[error("`{token}` has a lower bound but no upper bound: expected `u:v|name`")]
    LowerWithoutUpper {
        /// The whole offending token.
        token: String,
    },
    /// A bound too large for a `u32`.
    #[error("`{token}` has a bound above {max}", max = u32::MAX)]
    BoundTooLarge {
        /// The whole offending token.
        token: String,
    },
    /// A token that is not a valid name: it contains `|` (other than the separator on the
    /// item line, or after bounds), or, on the item line, `:` (other than in bounds), or its
    /// name is empty.
    #[error(
        "`{token}` is not a valid item name: expected a run of non-blank characters without `:` or `|`, after bounds `u:v|` or `v|` on a primary item, or before `:color` in an option"
    )]
    BadName {
        /// The whole offending token.
        token: String,
    },
    /// A NUL byte in a line that is not a comment: Knuth's programs end the line's text
    /// there, so they would read another problem. Reported at the NUL.
    #[error("found a NUL byte, expected text: Knuth's programs would end the line here")]
    NulByte,
    /// The line is not valid UTF-8; reported at the first bad byte.
    #[error("found bytes that are not UTF-8, expected UTF-8 text: save the file as UTF-8")]
    InvalidUtf8,
    /// The problem is too large for the engine (the message of the
    /// [`BuildError`](crate::BuildError)). Reported at column 1 of the line after the last one.
    #[error("{0}")]
    TooLarge(String),
}
