//! The reader for Knuth's input format (DLX1, DLX2, DLX3): turns the text of a `.dlx` file into a
//! [`Problem`], keeping the item names and where each option came from so that front ends
//! can print solutions and diagnostics in the user's own terms.
//!
//! This module owns the text format only; checking the options and solving belong to
//! [`crate::ProblemBuilder`] and [`crate::Solver`].
//!
//! # The format
//!
//! This is what Knuth's DLX1, DLX2 and DLX3 read (TAOCP 7.2.2.1; `dlx1.w`, `dlx2.w`,
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

use std::collections::HashMap;

use thiserror::Error;

use crate::text::{self, SliceLines};
use crate::{BuildError, Problem, ProblemBuilder};

/// A problem read from Knuth's format, with the names and sources needed to report on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnuthProblem {
    /// The problem itself: items numbered in the order of the item line, options in the
    /// order of their lines.
    pub problem: Problem,
    /// Item names, in item-index order (primary first).
    pub item_names: Vec<String>,
    /// For each option (same index as in `problem`): its 1-based line number in the input and
    /// its text as written (trimmed of surrounding whitespace and the line end).
    pub options: Vec<OptionSource>,
    /// Color names, in color-number order (the order of first appearance).
    pub color_names: Vec<String>,
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
    /// The line is not valid UTF-8; reported at the first bad byte.
    #[error("invalid UTF-8: expected the line to be UTF-8 text")]
    InvalidUtf8,
    /// The problem is too large for the engine (the message of the [`BuildError`]).
    /// Reported at column 1 of the line after the last one.
    #[error("{0}")]
    TooLarge(String),
}

/// Reads a problem in Knuth's format (DLX1, with DLX2's colors and DLX3's bounds) from the
/// whole input, given as bytes.
///
/// # Errors
/// The first mistake in the input, in reading order; see [`ParseErrorKind`].
pub fn parse(input: &[u8]) -> Result<KnuthProblem, ParseError> {
    let mut lines = SliceLines::new(input);

    let (item_line, item_text) = loop {
        match lines.next() {
            None => return Err(at_end(&lines, ParseErrorKind::NoItems)),
            Some(line) if is_skipped(line.bytes) => {}
            Some(line) => break (line.number, decode(line.number, line.bytes)?),
        }
    };
    let Items {
        names,
        primary,
        index,
        bounds,
    } = parse_items(item_line, item_text)?;

    let mut builder = ProblemBuilder::new(primary, names.len() - primary);
    for (i, (u, v)) in bounds {
        builder
            .bounds(i, u, v)
            .expect("the item line's bounds were checked as they were read");
    }
    let mut options = Vec::new();
    let mut items = Vec::new();
    let mut colors = Vec::new();
    let mut color_index: HashMap<&str, u32> = HashMap::new();
    let mut columns = Vec::new();
    // `seen[i] == options.len()` while item `i` is in the option being read.
    let mut seen = vec![usize::MAX; names.len()];
    for text::Line {
        number: line,
        bytes,
        ..
    } in lines.by_ref()
    {
        if is_skipped(bytes) {
            continue;
        }
        let text = decode(line, bytes)?;
        items.clear();
        colors.clear();
        columns.clear();
        for (column, token) in Tokens::new(text) {
            let at = |kind| ParseError { line, column, kind };
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            if name.is_empty() || name.contains('|') {
                return Err(at(ParseErrorKind::BadName {
                    token: token.to_owned(),
                }));
            }
            let Some(&item) = index.get(name) else {
                return Err(at(ParseErrorKind::UnknownItem {
                    name: name.to_owned(),
                }));
            };
            if let Some(mark) = seen.get_mut(item) {
                if *mark == options.len() {
                    return Err(at(ParseErrorKind::RepeatedItem {
                        name: name.to_owned(),
                    }));
                }
                *mark = options.len();
            }
            let color = match color {
                None => None,
                Some(_) if item < primary => {
                    return Err(at(ParseErrorKind::ColorOnPrimary {
                        token: token.to_owned(),
                    }));
                }
                Some(c) if c.is_empty() || c.contains(':') => {
                    return Err(at(ParseErrorKind::BadColor {
                        token: token.to_owned(),
                    }));
                }
                Some(c) => {
                    let next = color_index.len() as u32;
                    Some(*color_index.entry(c).or_insert(next))
                }
            };
            items.push(item);
            colors.push(color);
            columns.push(column);
        }
        let added = if colors.iter().any(Option::is_some) {
            builder.colored_option(items.iter().copied().zip(colors.iter().copied()))
        } else {
            builder.option(items.iter().copied())
        };
        added.map_err(|e| option_error(e, line, &columns, &names))?;
        options.push(OptionSource {
            line,
            text: text.trim_matches(is_blank).to_owned(),
        });
    }

    let problem = builder
        .build()
        .map_err(|e| at_end(&lines, ParseErrorKind::TooLarge(e.to_string())))?;
    let mut color_names = vec![String::new(); color_index.len()];
    for (name, c) in color_index {
        color_names[c as usize] = name.to_owned();
    }
    Ok(KnuthProblem {
        problem,
        item_names: names.iter().map(|&n| n.to_owned()).collect(),
        options,
        color_names,
    })
}

/// Reads a problem in Knuth's format from a string; the same as [`parse`] on its bytes.
///
/// # Errors
/// As for [`parse`] (never [`ParseErrorKind::InvalidUtf8`]).
pub fn parse_str(input: &str) -> Result<KnuthProblem, ParseError> {
    parse(input.as_bytes())
}

/// Writes `problem` in Knuth's format, naming item `i` `x{i}` and color `c` `{c}`: the item
/// line (primary items, with their bounds `u:v|x{i}` or `v|x{i}` unless they are `1:1`, then
/// `|` and the secondary items when there are any), then one line per option, colors as
/// `x{i}:{c}`. [`parse`] reads it back to the same problem when its colors are numbered in
/// order of first appearance, as [`parse`] and [`crate::named`] number them; otherwise to the
/// same problem with its colors renumbered so.
///
/// ```
/// let text = dancing::knuth::write(&dancing::problems::knuth_example());
/// assert!(text.starts_with("x0 x1 x2 x3 x4 | x5 x6\nx2 x4 x5\n"));
/// assert_eq!(dancing::knuth::parse_str(&text)?.problem, dancing::problems::knuth_example());
///
/// let colored = dancing::knuth::parse_str("2:3|a b | c\na c:0\na b c:0\na c:1\n")?;
/// let text = dancing::knuth::write(&colored.problem);
/// assert_eq!(text, "2:3|x0 x1 | x2\nx0 x2:0\nx0 x1 x2:0\nx0 x2:1\n");
/// assert_eq!(dancing::knuth::parse_str(&text)?.problem, colored.problem);
/// # Ok::<(), dancing::knuth::ParseError>(())
/// ```
pub fn write(problem: &Problem) -> String {
    let names: Vec<String> = (0..problem.item_count()).map(|i| format!("x{i}")).collect();
    write_with(problem, &names)
}

/// Writes `problem` with item `i` named `names[i]` (names already checked): the item line
/// with bounds, then the options with colors.
fn write_with(problem: &Problem, names: &[String]) -> String {
    let item = |i: usize| match problem.bounds(i) {
        Some((1, 1)) | None => names[i].clone(),
        Some((u, v)) if u == v => format!("{v}|{}", names[i]),
        Some((u, v)) => format!("{u}:{v}|{}", names[i]),
    };
    let items =
        |range: &mut dyn Iterator<Item = usize>| range.map(item).collect::<Vec<_>>().join(" ");
    let mut text = items(&mut (0..problem.primary_items()));
    if problem.secondary_items() > 0 {
        text += " | ";
        text += &items(&mut (problem.primary_items()..problem.item_count()));
    }
    text.push('\n');
    for k in 0..problem.option_count() {
        let option: Vec<String> = problem
            .option(k)
            .zip(problem.option_colors(k))
            .map(|(i, color)| match color {
                None => names[i].clone(),
                Some(c) => format!("{}:{c}", names[i]),
            })
            .collect();
        text += &option.join(" ");
        text.push('\n');
    }
    text
}

/// Why [`write_named`] cannot write a problem with the given names.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NameError {
    /// There is not one name per item.
    #[error("{names} names for {items} items: expected one name per item")]
    WrongCount {
        /// How many names were given.
        names: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// A name that [`parse`] would not read back as one name: empty, or with a blank, `:` or
    /// `|` in it.
    #[error("item {item} is named `{name}`: expected a non-empty name without blanks, `:` or `|`")]
    BadName {
        /// The item.
        item: usize,
        /// Its name.
        name: String,
    },
    /// Two items with the same name.
    #[error("items {first} and {second} are both named `{name}`: expected unique names")]
    DuplicateName {
        /// The name.
        name: String,
        /// The first item with it.
        first: usize,
        /// The second item with it.
        second: usize,
    },
}

/// Writes `problem` in Knuth's format as [`write()`] does (bounds and colors included),
/// naming item `i` `item_names[i]`. [`parse`] reads it back to the same problem, with these
/// names.
///
/// ```
/// let problem = dancing::problems::knuth_example();
/// let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from);
/// let text = dancing::knuth::write_named(&problem, &names)?;
/// assert!(text.starts_with("A B C D E | F G\nC E F\nA D G\n"));
/// let read = dancing::knuth::parse_str(&text).unwrap();
/// assert_eq!((read.problem, read.item_names), (problem, names.to_vec()));
/// # Ok::<(), dancing::knuth::NameError>(())
/// ```
///
/// # Errors
/// [`NameError`] if there is not one name per item, or a name is not valid in the format, or
/// two names are equal.
pub fn write_named(problem: &Problem, item_names: &[String]) -> Result<String, NameError> {
    if item_names.len() != problem.item_count() {
        return Err(NameError::WrongCount {
            names: item_names.len(),
            items: problem.item_count(),
        });
    }
    let mut first = HashMap::new();
    for (item, name) in item_names.iter().enumerate() {
        if name.is_empty() || name.contains([':', '|']) || name.chars().any(is_blank) {
            return Err(NameError::BadName {
                item,
                name: name.clone(),
            });
        }
        if let Some(&earlier) = first.get(name.as_str()) {
            return Err(NameError::DuplicateName {
                name: name.clone(),
                first: earlier,
                second: item,
            });
        }
        first.insert(name.as_str(), item);
    }
    Ok(write_with(problem, item_names))
}

/// The blank characters that separate names: C's `isspace` in the "C" locale.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

/// Whether a raw line is a comment or blank. Works on bytes, because blanks and `|` are
/// ASCII and never occur inside a multi-byte UTF-8 sequence.
fn is_skipped(line: &[u8]) -> bool {
    match line.iter().find(|&&b| !is_blank(char::from(b))) {
        None => true,
        Some(&b) => b == b'|',
    }
}

/// Decodes one line, reporting the character column of its first invalid byte.
fn decode(line: usize, bytes: &[u8]) -> Result<&str, ParseError> {
    text::decode(bytes).map_err(|bad| ParseError {
        line,
        column: bad.column,
        kind: ParseErrorKind::InvalidUtf8,
    })
}

/// An error at column 1 of the line after the last one read.
fn at_end(lines: &SliceLines<'_>, kind: ParseErrorKind) -> ParseError {
    ParseError {
        line: lines.number() + 1,
        column: 1,
        kind,
    }
}

/// The blank-separated tokens of a line, each with the 1-based character column it starts at.
struct Tokens<'a> {
    line: &'a str,
    /// Byte offset of the next character to look at (always a char boundary).
    pos: usize,
    /// Characters before `pos`.
    chars: usize,
}

impl<'a> Tokens<'a> {
    fn new(line: &'a str) -> Self {
        Tokens {
            line,
            pos: 0,
            chars: 0,
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        let mut start = None;
        for c in self.line.get(self.pos..)?.chars() {
            match (is_blank(c), start) {
                (true, Some(_)) => break,
                (true, None) => {}
                (false, Some(_)) => {}
                (false, None) => start = Some((self.pos, self.chars + 1)),
            }
            self.pos += c.len_utf8();
            self.chars += 1;
        }
        let (from, column) = start?;
        Some((column, self.line.get(from..self.pos)?))
    }
}

/// The item line, read.
struct Items<'a> {
    /// Item names in index order.
    names: Vec<&'a str>,
    /// How many of them are primary.
    primary: usize,
    /// Name to item index.
    index: HashMap<&'a str, usize>,
    /// The primary items given bounds, with their `(u, v)`.
    bounds: Vec<(usize, Bounds)>,
}

/// Reads the item line.
fn parse_items(line: usize, text: &str) -> Result<Items<'_>, ParseError> {
    let mut names = Vec::new();
    let mut index = HashMap::new();
    let mut bounds = Vec::new();
    let mut primary = None;
    for (column, token) in Tokens::new(text) {
        // A `|` that starts a token ends the primary items; the rest of the token, if any,
        // is the first secondary item (Knuth's programs read `A |B` as `A | B`).
        let (column, token) = match token.strip_prefix('|') {
            Some(rest) => {
                let at = |kind| ParseError { line, column, kind };
                if primary.is_some() {
                    return Err(at(ParseErrorKind::SecondBar));
                }
                if names.is_empty() {
                    return Err(at(ParseErrorKind::NoPrimaryItems));
                }
                primary = Some(names.len());
                if rest.is_empty() {
                    continue;
                }
                (column + 1, rest)
            }
            None => (column, token),
        };
        let at = |kind| ParseError { line, column, kind };
        let (name, bound) = item_token(token, primary.is_some()).map_err(at)?;
        if index.contains_key(name) {
            return Err(at(ParseErrorKind::DuplicateItem {
                name: name.to_owned(),
            }));
        }
        if let Some(bound) = bound {
            bounds.push((names.len(), bound));
        }
        index.insert(name, names.len());
        names.push(name);
    }
    let primary = primary.unwrap_or(names.len());
    if primary == 0 {
        // Unreachable from `parse` (the line would be a comment), but cheap to keep honest.
        return Err(ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::NoPrimaryItems,
        });
    }
    Ok(Items {
        names,
        primary,
        index,
        bounds,
    })
}

/// An item's bounds `(u, v)`.
type Bounds = (u32, u32);

/// Reads one token of the item line (not starting with `|`): a name, with its bounds if it
/// is a primary item that has some (`u:v|name` or `v|name`; an empty number is 0, as in
/// DLX3). `secondary` says whether the `|` before the secondary items has gone by.
fn item_token(token: &str, secondary: bool) -> Result<(&str, Option<Bounds>), ParseErrorKind> {
    let owned = || token.to_owned();
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let number = |s: &str| -> Result<u32, ParseErrorKind> {
        if s.is_empty() {
            return Ok(0);
        }
        s.parse()
            .map_err(|_| ParseErrorKind::BoundTooLarge { token: owned() })
    };
    let Some((spec, name)) = token.split_once('|') else {
        if !token.contains(':') {
            return Ok((token, None));
        }
        let (u, _) = token.split_once(':').unwrap_or((token, ""));
        return Err(if !secondary && digits(u) {
            ParseErrorKind::LowerWithoutUpper { token: owned() }
        } else {
            ParseErrorKind::BadName { token: owned() }
        });
    };
    let (u, v) = spec.split_once(':').unwrap_or(("", spec));
    let is_spec = digits(u) && digits(v);
    if !is_spec || name.is_empty() || name.contains([':', '|']) {
        return Err(ParseErrorKind::BadName { token: owned() });
    }
    if secondary {
        return Err(ParseErrorKind::BoundOnSecondary { token: owned() });
    }
    let v = number(v)?;
    let u = if spec.contains(':') { number(u)? } else { v };
    if v == 0 {
        return Err(ParseErrorKind::ZeroUpperBound { token: owned() });
    }
    if u > v {
        return Err(ParseErrorKind::LowerAboveUpper { token: owned() });
    }
    Ok((name, Some((u, v))))
}

/// Turns the builder's complaint about an option into a parse error on its line. The parser
/// checks names and repetitions itself, first, so that errors come in reading order; this is
/// a safety net that keeps the reader free of panics.
fn option_error(e: BuildError, line: usize, columns: &[usize], names: &[&str]) -> ParseError {
    let name = |item: usize| names.get(item).copied().unwrap_or("?").to_owned();
    match e {
        BuildError::RepeatedItem { item, second, .. } => ParseError {
            line,
            column: columns.get(second).copied().unwrap_or(1),
            kind: ParseErrorKind::RepeatedItem { name: name(item) },
        },
        // The parser resolved every name and a non-blank line has a token, so the builder
        // cannot see an unknown item or an empty option (or a repetition, checked above);
        // map them sensibly all the same.
        BuildError::UnknownItem { item, .. } => ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::UnknownItem { name: name(item) },
        },
        BuildError::EmptyOption { .. } => ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::BadName {
                token: String::new(),
            },
        },
        BuildError::ColorOnPrimary { item, .. } => ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::ColorOnPrimary { token: name(item) },
        },
        // Bounds are set from the item line, never by an option; and colors are counted
        // from 0, far below the largest.
        BuildError::TooLarge { .. }
        | BuildError::ItemTooLong { .. }
        | BuildError::ColorTooLarge { .. }
        | BuildError::BoundsOnUnknownItem { .. }
        | BuildError::BoundsOnSecondary { .. }
        | BuildError::LowerAboveUpper { .. }
        | BuildError::ZeroUpper { .. } => ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::TooLarge(e.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_problems_read_back_to_themselves() {
        use crate::problems::{langford, queens};
        for problem in [queens(6), langford(5, true), queens(1)] {
            assert_eq!(parse_str(&write(&problem)).unwrap().problem, problem);
        }
    }

    #[test]
    fn colors_and_bounds_are_read_from_dlx3_s_example() {
        let k = parse_str(
            "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\n\
             A C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
        )
        .unwrap();
        assert_eq!(k.item_names, ["A", "B", "C", "X", "Y"]);
        assert_eq!(k.problem.bounds(2), Some((2, 3)));
        assert_eq!(k.problem.bounds(0), Some((1, 1)));
        assert_eq!(k.problem.bounds(3), None);
        assert_eq!(k.color_names, ["0", "1"]);
        let colors: Vec<_> = k.problem.option_colors(1).collect();
        assert_eq!(colors, [None, None, Some(1), Some(1)]);
        assert_eq!(k.options[1].text, "A C X:1 Y:1");
        assert_eq!(parse_str(&write(&k.problem)).unwrap().problem, k.problem);
    }

    #[test]
    fn a_bar_that_starts_a_token_ends_the_primary_items() {
        let k = parse_str("A |B C\nA B\n").unwrap();
        assert_eq!(k.item_names, ["A", "B", "C"]);
        assert_eq!(k.problem.primary_items(), 1);
        let e = parse_str("A | B |C\nA\n").unwrap_err();
        assert_eq!((e.column, e.kind), (7, ParseErrorKind::SecondBar));
        let e = parse_str("A |2|B\nA\n").unwrap_err();
        assert_eq!(
            (e.column, e.kind),
            (
                4,
                ParseErrorKind::BoundOnSecondary {
                    token: "2|B".into()
                }
            )
        );
    }

    /// Knuth's example from TAOCP 7.2.2.1 (the one in `dlx1.w` and the 2000 paper).
    const KNUTH: &str = "\
| This is Knuth's example: 5 primary items, 2 secondary.
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
";

    fn options_of(k: &KnuthProblem) -> Vec<Vec<&str>> {
        (0..k.problem.option_count())
            .map(|o| {
                k.problem
                    .option(o)
                    .map(|i| k.item_names[i].as_str())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn knuths_example_has_five_primary_and_two_secondary_items_and_six_options() {
        let k = parse_str(KNUTH).unwrap();
        assert_eq!(k.item_names, ["A", "B", "C", "D", "E", "F", "G"]);
        assert_eq!(k.problem.primary_items(), 5);
        assert_eq!(k.problem.secondary_items(), 2);
        assert_eq!(
            options_of(&k),
            vec![
                vec!["C", "E", "F"],
                vec!["A", "D", "G"],
                vec!["B", "C", "F"],
                vec!["A", "D"],
                vec!["B", "G"],
                vec!["D", "E", "G"],
            ]
        );
    }

    #[test]
    fn option_sources_record_line_numbers_and_trimmed_text() {
        let k = parse_str("A B\n\n  A\tB  \n| note\nB\n").unwrap();
        assert_eq!(
            k.options,
            vec![
                OptionSource {
                    line: 3,
                    text: "A\tB".into()
                },
                OptionSource {
                    line: 5,
                    text: "B".into()
                },
            ]
        );
    }

    #[test]
    fn comments_blank_lines_crlf_and_a_byte_order_mark_are_all_accepted() {
        let crlf = KNUTH.replace('\n', "\r\n");
        let input = format!("\u{FEFF}\r\n   \t\r\n  | indented comment\r\n{crlf}\r\n");
        let k = parse(input.as_bytes()).unwrap();
        assert_eq!(k.item_names, ["A", "B", "C", "D", "E", "F", "G"]);
        assert_eq!(options_of(&k), options_of(&parse_str(KNUTH).unwrap()));
        assert_eq!(k.options[0].line, 6);
        assert_eq!(k.options[0].text, "C E F");
    }

    #[test]
    fn an_item_line_without_a_bar_makes_every_item_primary() {
        let k = parse_str("x y z\nx\ny z").unwrap();
        assert_eq!(k.problem.primary_items(), 3);
        assert_eq!(k.problem.secondary_items(), 0);
        assert_eq!(options_of(&k), vec![vec!["x"], vec!["y", "z"]]);
    }

    #[test]
    fn a_bar_at_the_end_of_the_item_line_declares_no_secondary_items() {
        let k = parse_str("x y |\nx y\n").unwrap();
        assert_eq!(k.problem.primary_items(), 2);
        assert_eq!(k.problem.secondary_items(), 0);
    }

    #[test]
    fn names_may_be_long_and_non_ascii_and_columns_count_characters() {
        let k = parse_str("préfixe_très_long ✓ | §\n✓ §\n").unwrap();
        assert_eq!(k.item_names, ["préfixe_très_long", "✓", "§"]);
        let e = parse_str("préfixe ✓\n✓ préfixe ✓\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 11));
    }

    #[test]
    fn options_without_primary_items_are_kept_and_listed_as_ignored() {
        let k = parse_str("a | s\ns\na s\n").unwrap();
        assert_eq!(k.problem.option_count(), 2);
        assert_eq!(k.problem.ignored_options().collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn the_first_mistake_on_a_line_is_the_one_reported() {
        let e = parse_str("A B\nA A x\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 3, ParseErrorKind::RepeatedItem { name: "A".into() })
        );
    }

    #[test]
    fn comment_lines_need_not_be_utf8() {
        let k = parse(b"| caf\xe9\nA\nA\n").unwrap();
        assert_eq!(k.options.len(), 1);
    }

    #[test]
    fn the_error_message_gives_line_column_and_the_offending_token() {
        let e = parse_str("A B\nA B:red\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 3: `B:red` gives a color to a primary item: expected colors (x:c) \
             on secondary items only"
        );
    }

    #[test]
    fn item_tokens_are_names_with_or_without_bounds() {
        let ok = |t, secondary| item_token(t, secondary).unwrap();
        assert_eq!(ok("x", false), ("x", None));
        assert_eq!(ok("1:3|x", false), ("x", Some((1, 3))));
        assert_eq!(ok("2|x", false), ("x", Some((2, 2))));
        assert_eq!(ok(":3|x", false), ("x", Some((0, 3))));
        assert_eq!(ok("0:4|x01", false), ("x01", Some((0, 4))));
        let kind = |t, secondary| item_token(t, secondary).unwrap_err();
        let token = |t: &str| t.to_owned();
        assert_eq!(
            kind(":|x", false),
            ParseErrorKind::ZeroUpperBound {
                token: token(":|x")
            }
        );
        assert_eq!(
            kind("3:2|x", false),
            ParseErrorKind::LowerAboveUpper {
                token: token("3:2|x")
            }
        );
        assert_eq!(
            kind("1:x", false),
            ParseErrorKind::LowerWithoutUpper {
                token: token("1:x")
            }
        );
        assert_eq!(
            kind("2|x", true),
            ParseErrorKind::BoundOnSecondary {
                token: token("2|x")
            }
        );
        assert_eq!(
            kind("9999999999|x", false),
            ParseErrorKind::BoundTooLarge {
                token: token("9999999999|x")
            }
        );
        for bad in ["a|x", "1:2:3|x", "2|", "2|x|y", "2|x:y", "x:y"] {
            assert_eq!(
                kind(bad, false),
                ParseErrorKind::BadName { token: token(bad) },
                "{bad}"
            );
        }
        assert_eq!(
            kind("1:x", true),
            ParseErrorKind::BadName {
                token: token("1:x")
            }
        );
    }

    #[test]
    fn tokens_report_character_columns() {
        let toks: Vec<_> = Tokens::new(" ab\t é  c ").collect();
        assert_eq!(toks, vec![(2, "ab"), (6, "é"), (9, "c")]);
        assert_eq!(Tokens::new("   ").next(), None);
    }
}
