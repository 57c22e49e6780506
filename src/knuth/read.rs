//! Reading Knuth's format: the text of a `.dlx` file to a [`KnuthProblem`], line by line,
//! with errors that give the line and column of the first mistake (see the module docs of
//! [`super`] for the format).

use rustc_hash::FxHashMap;

use super::{KnuthProblem, OptionSource, ParseError, ParseErrorKind};
use crate::names::{NameError, Names, is_blank};
use crate::text::{self, SliceLines};
use crate::{BuildError, ProblemBuilder};

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
    let mut color_index: FxHashMap<&str, u32> = FxHashMap::default();
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
        let mut cost = 0u64;
        for (column, token) in Tokens::new(text) {
            let at = |kind| ParseError { line, column, kind };
            if let Some(digits) = token.strip_prefix('|') {
                // DLX5's cost: `|n`, a decimal number; several add up.
                let bad = || {
                    at(ParseErrorKind::BadCost {
                        token: token.to_owned(),
                    })
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                cost = digits
                    .parse::<u64>()
                    .ok()
                    .and_then(|n| cost.checked_add(n))
                    .ok_or_else(bad)?;
                continue;
            }
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
        let added = added.map_err(|e| option_error(e, line, &columns, &names))?;
        builder
            .cost(added, cost)
            .expect("the option was just added");
        options.push(OptionSource {
            line,
            text: text.trim_matches(is_blank).to_owned(),
        });
    }

    let problem = builder
        .build()
        .map_err(|e| at_end(&lines, ParseErrorKind::TooLarge(e.to_string())))?;
    let mut color_names = vec![""; color_index.len()];
    for (name, c) in color_index {
        color_names[c as usize] = name;
    }
    // The reader checked every name as it read it, and in reading order; `Names` checks
    // them again, the same way, and cannot refuse them.
    let at_items = |e| ParseError {
        line: item_line,
        column: 1,
        kind: name_error(e),
    };
    let names = Names::new(names)
        .and_then(|n| n.with_colors(color_names))
        .map_err(at_items)?;
    let (item_names, color_names) = (names.items().clone(), names.colors().clone());
    Ok(KnuthProblem {
        problem: problem.with_names(names).map_err(at_items)?,
        item_names,
        options,
        color_names,
    })
}

/// The reader's words for a complaint of [`Names`] about names it read (which the reader
/// refuses first, in reading order, with their column: this keeps it free of panics).
fn name_error(e: NameError) -> ParseErrorKind {
    match e {
        NameError::DuplicateName { name, .. } => ParseErrorKind::DuplicateItem { name },
        NameError::BadName { name, .. } => ParseErrorKind::BadName { token: name },
        NameError::BadColor { name, .. } | NameError::DuplicateColor { name, .. } => {
            ParseErrorKind::BadColor { token: name }
        }
        e => ParseErrorKind::TooLarge(e.to_string()),
    }
}

/// Reads a problem in Knuth's format from a string; the same as [`parse`] on its bytes.
///
/// # Errors
/// As for [`parse`] (never [`ParseErrorKind::InvalidUtf8`]).
pub fn parse_str(input: &str) -> Result<KnuthProblem, ParseError> {
    parse(input.as_bytes())
}

/// Whether a raw line is a comment or blank. Works on bytes, because blanks and `|` are
/// ASCII and never occur inside a multi-byte UTF-8 sequence.
fn is_skipped(line: &[u8]) -> bool {
    match line.iter().find(|&&b| !is_blank(char::from(b))) {
        None => true,
        Some(&b) => b == b'|',
    }
}

/// Decodes one line, reporting the character column of its first invalid byte, or of its
/// first NUL (which ends a line's text in Knuth's programs, so that they would read another
/// problem than this reader).
fn decode(line: usize, bytes: &[u8]) -> Result<&str, ParseError> {
    let text = text::decode(bytes).map_err(|bad| ParseError {
        line,
        column: bad.column,
        kind: ParseErrorKind::InvalidUtf8,
    })?;
    match memchr::memchr(0, bytes) {
        None => Ok(text),
        Some(at) => Err(ParseError {
            line,
            column: text[..at].chars().count() + 1,
            kind: ParseErrorKind::NulByte,
        }),
    }
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
    /// Name to item index (FxHash: a name is hashed at each of its mentions, and SipHash
    /// took a quarter of the reading's instructions on motley-5-6).
    index: FxHashMap<&'a str, usize>,
    /// The primary items given bounds, with their `(u, v)`.
    bounds: Vec<(usize, Bounds)>,
}

/// Reads the item line.
fn parse_items(line: usize, text: &str) -> Result<Items<'_>, ParseError> {
    let mut names = Vec::new();
    let mut index = FxHashMap::default();
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
        | BuildError::ZeroUpper { .. }
        | BuildError::CostOnUnknownOption { .. } => ParseError {
            line,
            column: 1,
            kind: ParseErrorKind::TooLarge(e.to_string()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth::write;

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
    fn options_are_found_by_their_lines_and_a_line_of_no_option_is_named() {
        let k =
            parse_str("| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
                .unwrap();
        assert_eq!(
            k.options_written(["A D", "  B G ", "C E F"]),
            Ok(vec![3, 4, 0])
        );
        let wrong = k.options_written(["A D", "A B"]).unwrap_err();
        assert_eq!((wrong.line, wrong.text.as_str()), (2, "A B"));
        assert_eq!(
            wrong.to_string(),
            "line 2: `A B` is no option of the problem"
        );
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

    #[test]
    fn a_nul_byte_is_refused_where_it_stands_but_not_in_a_comment() {
        let e = parse_str("a bc\na b\u{e9}\0c\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (2, 5, ParseErrorKind::NulByte));
        let e = parse_str("a\0 b\na\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 2, ParseErrorKind::NulByte));
        assert!(parse_str("| a \0 comment\na\na\n").is_ok());
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
