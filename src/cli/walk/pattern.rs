//! The patterns of `--glob`, matched by the `glob` crate's [`glob::Pattern`] (a direct
//! matcher, no regex engine: the binary need not carry one for a walk that most runs never
//! make). That crate knows `*`, `?`, `[...]`, `[!...]` and `**`; the three forms that globset
//! took before and it does not are rewritten here first, so that none of them silently
//! matches nothing:
//!
//! - `{a,b}` alternatives (nested ones too) are expanded into one pattern each
//!   (`*.{txt,sdk}` is `*.txt` and `*.sdk`); an empty alternative, an unclosed `{` and a
//!   `}` without its `{` are errors, and so are more than [`MOST_ALTERNATIVES`] patterns;
//! - `\c` is the character `c` (written `[c]` where `c` is one of `?*[]`); a `\` that ends
//!   the pattern is an error; inside `[...]` a `\` is itself, as it was;
//! - `[^...]` is `[!...]`, the class of the characters not listed.
//!
//! A reversed range (`[z-a]`) is an error, not a class of nothing. Every error says its
//! column: each character written for the `glob` crate keeps the column it came from, so
//! that crate's errors (a `**` that is not a whole path component, three `*` in a row) are
//! placed in the pattern the user wrote too.
//!
//! A path is matched with `*`, `?` and `[...]` taking `/` like any character, case-sensitive,
//! a leading `.` like any character (a walk leaves hidden files out before it asks). An
//! alternative of `*` then plain characters (`*.txt`) is matched by comparing the path's end.

use std::fmt;

use glob::MatchOptions;

/// At most this many patterns from one `--glob` pattern once its alternatives are expanded
/// (ten pairs of braces of two alternatives each): a guard against a pattern whose
/// expansion would not fit in memory, far above anything written by hand.
pub const MOST_ALTERNATIVES: usize = 1024;

/// How a path is matched: `*` and `?` take `/`, case counts, and a leading `.` is not special.
const OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: true,
    require_literal_separator: false,
    require_literal_leading_dot: false,
};

/// A `--glob` pattern compiled: its alternatives, each matched on its own.
#[derive(Debug)]
pub struct Pattern {
    /// A path matches if one of these matches it; never empty.
    alternatives: Vec<Alternative>,
}

/// One alternative of a [`Pattern`].
#[derive(Debug)]
enum Alternative {
    /// `*` then characters that are themselves (`*.txt`: the default patterns are these): the
    /// paths that end with them, found by a comparison, where the `glob` crate's matcher tries
    /// every place the `*` could end (a walk of `puzzles/` asked some 3,800 instructions a file
    /// of the five default patterns that way).
    EndsWith(String),
    /// Any other, matched by the `glob` crate.
    Glob(glob::Pattern),
}

/// What is wrong with a pattern, and where.
#[derive(Debug, PartialEq, Eq)]
pub struct PatternError {
    /// The column (counted in characters from 0) of the character at fault, or the
    /// pattern's length when its end is.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.at + 1, self.what)
    }
}

impl std::error::Error for PatternError {}

impl Pattern {
    /// The pattern `text`, or what is wrong with it.
    pub fn new(text: &str) -> Result<Pattern, PatternError> {
        let chars: Vec<char> = text.chars().collect();
        let mut parser = Parser {
            chars: &chars,
            at: 0,
        };
        let spellings = parser.sequence(false)?;
        let alternatives = spellings
            .iter()
            .map(|spelling| {
                let written: String = spelling.iter().map(|&(c, _)| c).collect();
                let end = written.strip_prefix('*');
                if let Some(end) = end.filter(|end| !end.contains(['*', '?', '['])) {
                    return Ok(Alternative::EndsWith(end.to_string()));
                }
                glob::Pattern::new(&written)
                    .map(Alternative::Glob)
                    .map_err(|err| PatternError {
                        at: spelling.get(err.pos).map_or(chars.len(), |&(_, at)| at),
                        what: err.msg.to_string(),
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(Pattern { alternatives })
    }

    /// Whether `path` matches the pattern.
    pub fn matches(&self, path: &str) -> bool {
        self.alternatives
            .iter()
            .any(|alternative| match alternative {
                Alternative::EndsWith(end) => path.ends_with(end.as_str()),
                Alternative::Glob(pattern) => pattern.matches_with(path, OPTIONS),
            })
    }
}

/// A pattern as the `glob` crate reads it: each character with the column of the pattern
/// written by the user that it comes from.
type Spelling = Vec<(char, usize)>;

/// Reads a `--glob` pattern into its spellings.
struct Parser<'a> {
    /// The pattern's characters.
    chars: &'a [char],
    /// The next one to read.
    at: usize,
}

impl Parser<'_> {
    /// The spellings of the characters from here to the end, or (`nested`, inside braces) to
    /// the `,` or `}` that ends this alternative, left unread.
    fn sequence(&mut self, nested: bool) -> Result<Vec<Spelling>, PatternError> {
        let mut spellings = vec![Spelling::new()];
        while let Some(&c) = self.chars.get(self.at) {
            let at = self.at;
            let pieces = match c {
                ',' | '}' if nested => break,
                '}' => return Err(error(at, "a `}` without its `{` (`\\}` is the character)")),
                '{' => self.alternatives()?,
                '[' => vec![self.class()?],
                '\\' => vec![self.escaped()?],
                c => {
                    self.at += 1;
                    vec![vec![(c, at)]]
                }
            };
            if spellings.len() * pieces.len() > MOST_ALTERNATIVES {
                return Err(too_many(at));
            }
            spellings = spellings
                .iter()
                .flat_map(|head| {
                    pieces
                        .iter()
                        .map(move |tail| [head.as_slice(), tail].concat())
                })
                .collect();
        }
        Ok(spellings)
    }

    /// The spellings of the alternatives `{a,b,...}` that start here.
    fn alternatives(&mut self) -> Result<Vec<Spelling>, PatternError> {
        let open = self.at;
        self.at += 1;
        let mut spellings = Vec::new();
        loop {
            let start = self.at;
            let alternative = self.sequence(true)?;
            if self.at == start {
                return Err(error(start, "an empty alternative"));
            }
            if spellings.len() + alternative.len() > MOST_ALTERNATIVES {
                return Err(too_many(open));
            }
            spellings.extend(alternative);
            match self.chars.get(self.at) {
                Some(',') => self.at += 1,
                Some(_) => {
                    self.at += 1;
                    return Ok(spellings);
                }
                None => return Err(error(open, "an unclosed `{` (`\\{` is the character)")),
            }
        }
    }

    /// The class `[...]` that starts here, read as the `glob` crate reads it (its first
    /// character belongs to it, even a `]`), with `[^` written `[!`.
    fn class(&mut self) -> Result<Spelling, PatternError> {
        let open = self.at;
        let mut spelling = vec![('[', open)];
        let mut first = open + 1;
        if let Some('!' | '^') = self.chars.get(first) {
            spelling.push(('!', first));
            first += 1;
        }
        let close = self
            .chars
            .get(first + 1..)
            .and_then(|rest| rest.iter().position(|&c| c == ']'))
            .map(|i| first + 1 + i)
            .ok_or_else(|| error(open, "an unclosed `[` (`\\[` is the character)"))?;
        let members = &self.chars[first..close];
        let mut i = 0;
        while i < members.len() {
            if i + 3 <= members.len() && members[i + 1] == '-' {
                let (low, high) = (members[i], members[i + 2]);
                if low > high {
                    let what = format!("the range `{low}-{high}` is reversed");
                    return Err(error(first + i, &what));
                }
                i += 3;
            } else {
                i += 1;
            }
        }
        spelling.extend((first..=close).map(|at| (self.chars[at], at)));
        self.at = close + 1;
        Ok(spelling)
    }

    /// The character after the `\` here, written so that the `glob` crate reads it as itself.
    fn escaped(&mut self) -> Result<Spelling, PatternError> {
        let at = self.at + 1;
        let Some(&c) = self.chars.get(at) else {
            return Err(error(
                self.at,
                "a `\\` ends the pattern (`\\\\` is the character)",
            ));
        };
        self.at += 2;
        Ok(match c {
            '?' | '*' | '[' | ']' => vec![('[', at), (c, at), (']', at)],
            c => vec![(c, at)],
        })
    }
}

/// The error `what` at column `at`.
fn error(at: usize, what: &str) -> PatternError {
    PatternError {
        at,
        what: what.to_string(),
    }
}

/// The error of a pattern whose alternatives, from the one at column `at`, make too many.
fn too_many(at: usize) -> PatternError {
    let what = format!("the alternatives make more than {MOST_ALTERNATIVES} patterns");
    error(at, &what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, path: &str) -> bool {
        Pattern::new(pattern).unwrap().matches(path)
    }

    fn error_of(pattern: &str) -> String {
        Pattern::new(pattern).unwrap_err().to_string()
    }

    #[test]
    fn star_question_mark_and_classes_match_as_in_a_shell_and_star_crosses_slashes() {
        assert!(matches("*.txt", "a.txt"));
        assert!(matches("*.txt", "sub/dir/a.txt"), "* takes /");
        assert!(!matches("*.txt", "a.txt.bak"));
        assert!(!matches("*.txt", "a.TXT"), "case counts");
        assert!(matches("a?c", "abc") && matches("a?c", "a/c") && !matches("a?c", "ac"));
        assert!(matches("[ab]*", "b.sdk") && !matches("[ab]*", "c.sdk"));
        assert!(matches("x[0-9]", "x7") && !matches("x[0-9]", "xa"));
        assert!(matches("[!a]*", "b") && !matches("[!a]*", "a"));
        assert!(matches("[]]", "]") && matches("[!]]", "a") && !matches("[!]]", "]"));
        assert!(matches("**/a.txt", "a.txt") && matches("**/a.txt", "x/y/a.txt"));
        assert!(matches("sub/**", "sub/x/y") && !matches("sub/**", "other/x"));
        assert!(matches("x/**/y", "x/y") && matches("x/**/y", "x/a/b/y"));
        assert!(matches("", "") && !matches("", "a"));
    }

    #[test]
    fn alternatives_expand_into_one_pattern_each_nested_ones_too() {
        for path in ["a.txt", "b/a.sdk", "a.csv"] {
            assert!(matches("*.{txt,sdk,csv}", path), "{path}");
        }
        assert!(!matches("*.{txt,sdk}", "a.ss"));
        for path in ["x1", "x2y", "x2z", "w"] {
            assert!(matches("{x{1,2{y,z}},w}", path), "{path}");
        }
        assert!(!matches("{x{1,2{y,z}},w}", "x2"));
        assert!(matches("{a,b}{c,d}", "bc") && !matches("{a,b}{c,d}", "ab"));
        // Inside a class, braces and commas are characters.
        assert!(matches("{[,}]x,y}", ",x") && matches("{[,}]x,y}", "}x"));
        assert!(matches("a,b", "a,b"), "a comma outside braces is itself");
        assert_eq!(
            Pattern::new("{a,b}{c,d}{e,f}").unwrap().alternatives.len(),
            8
        );
    }

    #[test]
    fn a_backslash_makes_the_next_character_itself_and_a_caret_negates_a_class() {
        assert!(matches(r"a\*", "a*") && !matches(r"a\*", "ab"));
        assert!(matches(r"\[x\]", "[x]") && matches(r"\?", "?") && !matches(r"\?", "a"));
        assert!(matches(r"\{a,b\}", "{a,b}") && !matches(r"\{a,b\}", "a"));
        assert!(matches(r"{a\,b,c}", "a,b") && matches(r"{a\,b,c}", "c"));
        assert!(matches(r"\\", "\\") && matches(r"\!x", "!x"));
        assert!(matches(r"[\]", "\\"), "a backslash in a class is itself");
        assert!(matches("[^a]*", "b") && !matches("[^a]*", "a"));
        assert!(
            matches("[a^]", "^"),
            "a caret elsewhere in a class is itself"
        );
    }

    #[test]
    fn each_rejected_form_is_named_with_its_column() {
        for (pattern, message) in [
            ("a[", "column 2: an unclosed `[`"),
            ("a[!", "column 2: an unclosed `[`"),
            ("[]", "column 1: an unclosed `[`"),
            ("x[z-a]", "column 3: the range `z-a` is reversed"),
            ("*.{txt", "column 3: an unclosed `{`"),
            ("{a,{b}", "column 1: an unclosed `{`"),
            ("a}", "column 2: a `}` without its `{`"),
            ("{a,b}}", "column 6: a `}` without its `{`"),
            ("x{}", "column 3: an empty alternative"),
            ("{a,,b}", "column 4: an empty alternative"),
            ("{a,}", "column 4: an empty alternative"),
            ("ab\\", "column 3: a `\\` ends the pattern"),
            (
                "a/**b",
                "column 5: recursive wildcards must form a single path component",
            ),
            (
                "{x,a}**",
                "column 2: recursive wildcards must form a single path component",
            ),
            (
                "a***",
                "column 4: wildcards are either regular `*` or recursive `**`",
            ),
        ] {
            let err = error_of(pattern);
            assert!(err.starts_with(message), "{pattern}: {err}");
        }
        // `**` after a `/` in one alternative and after a letter in the other.
        assert!(error_of("{a/,b}**").starts_with("column 5: recursive"));
    }

    #[test]
    fn a_star_then_plain_characters_is_matched_by_its_end_as_the_glob_crate_matches_it() {
        let paths = [
            "a.txt",
            "x/y/b.txt",
            ".txt",
            "txt",
            "a.txt/b",
            "a.TXT",
            "",
            "a.tx",
        ];
        for pattern in ["*.txt", "*", "*/b", "*]t"] {
            let compiled = Pattern::new(pattern).unwrap();
            assert!(
                matches!(&compiled.alternatives[..], [Alternative::EndsWith(_)]),
                "{pattern}"
            );
            let by_glob = glob::Pattern::new(pattern).unwrap();
            for path in paths {
                let expected = by_glob.matches_with(path, OPTIONS);
                assert_eq!(compiled.matches(path), expected, "{pattern} on {path}");
            }
        }
        for pattern in ["*.tx?", "*[.]txt", "**/a.txt", r"*\*", "a*"] {
            let compiled = Pattern::new(pattern).unwrap();
            assert!(
                matches!(&compiled.alternatives[..], [Alternative::Glob(_)]),
                "{pattern}"
            );
        }
    }

    #[test]
    fn too_many_alternatives_are_an_error_not_a_pattern_without_end() {
        let pattern = "{a,b}".repeat(10);
        assert_eq!(Pattern::new(&pattern).unwrap().alternatives.len(), 1024);
        let err = error_of(&format!("{pattern}{{a,b}}"));
        assert_eq!(
            err,
            "column 51: the alternatives make more than 1024 patterns"
        );
        let err = error_of(&format!("{{{}}}", "a,".repeat(1024) + "a"));
        assert_eq!(
            err,
            "column 1: the alternatives make more than 1024 patterns"
        );
    }
}
