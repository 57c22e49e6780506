//! Malformed inputs to the reader of Knuth's format (DLX1, with DLX2's colors and DLX3's
//! bounds): each is reported with its exact kind, line and column, and no input makes the
//! reader panic.

use dancing::knuth::{ParseError, ParseErrorKind, parse};
use proptest::prelude::*;

/// Parses `input`, which must be rejected, and returns (line, column, kind).
fn error(input: &[u8]) -> (usize, usize, ParseErrorKind) {
    match parse(input) {
        Ok(k) => panic!("expected an error, but parsed {k:?}"),
        Err(ParseError { line, column, kind }) => (line, column, kind),
    }
}

#[test]
fn a_nul_byte_that_knuths_programs_would_read_as_a_line_end_is_refused_through_the_cli() {
    assert_eq!(error(b"a\0b c\na\0b\nc\n"), (1, 2, ParseErrorKind::NulByte));
    crate::common::dancing()
        .args(["cover", "--count"])
        .write_stdin(&b"a b\nb a\0\n"[..])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "<stdin>:2:4: found a NUL byte, expected text",
        ));
}

#[test]
fn an_empty_file_has_no_item_line() {
    assert_eq!(error(b""), (1, 1, ParseErrorKind::NoItems));
}

#[test]
fn a_file_of_only_comments_and_blank_lines_has_no_item_line_reported_after_its_end() {
    assert_eq!(
        error(b"| just a comment\n\n   \n  | another\n"),
        (5, 1, ParseErrorKind::NoItems)
    );
    assert_eq!(
        error(b"| no final newline"),
        (2, 1, ParseErrorKind::NoItems)
    );
}

#[test]
fn an_item_line_starting_with_a_bar_is_a_comment_as_in_dlx1() {
    // Knuth's DLX1 treats every line whose first non-blank character is `|` as a comment,
    // so "| F G" can never be an item line with no primary items.
    assert_eq!(error(b"| F G\n"), (2, 1, ParseErrorKind::NoItems));
    let k = parse(b"  | F G\nA B\nA\nB\n").unwrap();
    assert_eq!(k.item_names, ["A", "B"]);
    assert_eq!(k.problem.secondary_items(), 0);
}

#[test]
fn an_item_named_twice_on_the_item_line_is_reported_at_its_second_mention() {
    assert_eq!(
        error(b"| items\nA B | C B\nA\n"),
        (
            2,
            9,
            ParseErrorKind::DuplicateItem {
                name: "B".to_owned()
            }
        )
    );
}

#[test]
fn a_second_bar_on_the_item_line_is_reported_where_it_stands() {
    assert_eq!(error(b"A | B | C\n"), (1, 7, ParseErrorKind::SecondBar));
}

#[test]
fn an_option_naming_an_undeclared_item_is_reported_at_that_name() {
    assert_eq!(
        error(b"A B | C\nA C\n\nB  Z\n"),
        (
            4,
            4,
            ParseErrorKind::UnknownItem {
                name: "Z".to_owned()
            }
        )
    );
}

#[test]
fn an_item_named_twice_in_one_option_is_reported_at_its_second_mention() {
    assert_eq!(
        error(b"A B C\nA B\n  C\tB  C\n"),
        (
            3,
            8,
            ParseErrorKind::RepeatedItem {
                name: "C".to_owned()
            }
        )
    );
}

/// The kind of a rejected token, by its text.
fn token_error(input: &str) -> (usize, usize, ParseErrorKind) {
    error(input.as_bytes())
}

#[test]
fn a_color_on_a_primary_item_is_rejected_as_dlx2_rejects_it() {
    let (line, column, kind) = token_error("A B | x\nA x:red\nB:red x\n");
    assert_eq!(
        (line, column, &kind),
        (
            3,
            1,
            &ParseErrorKind::ColorOnPrimary {
                token: "B:red".to_owned()
            }
        )
    );
    assert!(kind.to_string().contains("secondary"), "{kind}");
}

#[test]
fn an_empty_color_or_a_second_colon_is_a_bad_color() {
    for (input, token) in [("A | x\nA x:\n", "x:"), ("A | x\nA  x:a:b\n", "x:a:b")] {
        let (line, _, kind) = token_error(input);
        assert_eq!(
            (line, kind),
            (
                2,
                ParseErrorKind::BadColor {
                    token: token.to_owned()
                }
            ),
            "{input:?}"
        );
    }
    assert_eq!(token_error("A | x\nA  x:a:b\n").1, 4);
}

#[test]
fn an_option_token_with_an_empty_name_is_a_bad_name() {
    assert_eq!(
        token_error("A | x\nA :c\n"),
        (
            2,
            3,
            ParseErrorKind::BadName {
                token: ":c".to_owned()
            }
        )
    );
}

#[test]
fn a_color_on_an_unknown_item_is_reported_as_the_unknown_item() {
    assert_eq!(
        token_error("A | x\nA y:c\n"),
        (
            2,
            3,
            ParseErrorKind::UnknownItem {
                name: "y".to_owned()
            }
        )
    );
}

#[test]
fn bounds_on_a_secondary_item_are_rejected_as_dlx3_rejects_them() {
    let (line, column, kind) = token_error("A 1:3|B | 2|x\nA\n");
    assert_eq!(
        (line, column, &kind),
        (
            1,
            11,
            &ParseErrorKind::BoundOnSecondary {
                token: "2|x".to_owned()
            }
        )
    );
    assert!(kind.to_string().contains("primary items only"), "{kind}");
}

#[test]
fn bad_bounds_are_reported_at_their_token_with_their_own_kind() {
    let cases = [
        (
            "A 0|B\nA\n",
            ParseErrorKind::ZeroUpperBound {
                token: "0|B".into(),
            },
        ),
        (
            "A 1:0|B\nA\n",
            ParseErrorKind::ZeroUpperBound {
                token: "1:0|B".into(),
            },
        ),
        (
            "A :|B\nA\n",
            ParseErrorKind::ZeroUpperBound {
                token: ":|B".into(),
            },
        ),
        (
            "A 3:2|B\nA\n",
            ParseErrorKind::LowerAboveUpper {
                token: "3:2|B".into(),
            },
        ),
        (
            "A 1:B\nA\n",
            ParseErrorKind::LowerWithoutUpper {
                token: "1:B".into(),
            },
        ),
        (
            "A 1a|B\nA\n",
            ParseErrorKind::BadName {
                token: "1a|B".into(),
            },
        ),
        (
            "A 1:2:3|B\nA\n",
            ParseErrorKind::BadName {
                token: "1:2:3|B".into(),
            },
        ),
        ("A 2|\nA\n", ParseErrorKind::BadName { token: "2|".into() }),
        (
            "A 2|B:c\nA\n",
            ParseErrorKind::BadName {
                token: "2|B:c".into(),
            },
        ),
        (
            "A 4294967296|B\nA\n",
            ParseErrorKind::BoundTooLarge {
                token: "4294967296|B".into(),
            },
        ),
    ];
    for (input, kind) in cases {
        assert_eq!(token_error(input), (1, 3, kind), "{input:?}");
    }
}

#[test]
fn bounds_and_colors_as_dlx3_writes_them_are_accepted() {
    let k = parse(b"A B 2:3|C :4|D 5|E | X Y\nA C D E X:0 Y:red\nB Y:red\n").unwrap();
    assert_eq!(k.item_names, ["A", "B", "C", "D", "E", "X", "Y"]);
    let bounds: Vec<_> = (0..5).map(|i| k.problem.bounds(i).unwrap()).collect();
    assert_eq!(bounds, [(1, 1), (1, 1), (2, 3), (0, 4), (5, 5)]);
    assert_eq!(k.color_names, ["0", "red"]);
    assert!(k.problem.has_colors() && k.problem.has_multiplicities());
}

#[test]
fn invalid_utf8_is_reported_at_the_character_column_of_the_first_bad_byte() {
    assert_eq!(
        error(b"A B\nA \xff B\n"),
        (2, 3, ParseErrorKind::InvalidUtf8)
    );
    // Columns count characters: "é" is two bytes but one column.
    assert_eq!(
        error(
            "A é\né "
                .as_bytes()
                .iter()
                .chain(b"\xc3\n")
                .copied()
                .collect::<Vec<_>>()
                .as_slice()
        ),
        (2, 3, ParseErrorKind::InvalidUtf8)
    );
}

#[test]
fn invalid_utf8_on_the_item_line_is_reported_there() {
    assert_eq!(
        error(b"\xef\xbb\xbfA\xfe\n"),
        (1, 2, ParseErrorKind::InvalidUtf8)
    );
}

#[test]
fn a_bar_inside_a_token_is_a_bad_name() {
    assert_eq!(
        error(b"A B|C\n"),
        (
            1,
            3,
            ParseErrorKind::BadName {
                token: "B|C".to_owned()
            }
        )
    );
}

#[test]
fn a_bar_that_starts_a_token_of_an_option_is_a_cost_and_must_be_a_number() {
    // DLX5's costs: `|n` on an option line.
    assert_eq!(
        error(b"A B\nA |B\n"),
        (
            2,
            3,
            ParseErrorKind::BadCost {
                token: "|B".to_owned()
            }
        )
    );
    assert_eq!(
        error(b"A B\nA | B\n"),
        (
            2,
            3,
            ParseErrorKind::BadCost {
                token: "|".to_owned()
            }
        )
    );
}

#[test]
fn a_colon_in_an_item_line_name_is_a_bad_name() {
    assert_eq!(
        error(b"A x:y\n"),
        (
            1,
            3,
            ParseErrorKind::BadName {
                token: "x:y".to_owned()
            }
        )
    );
}

#[test]
fn the_display_of_an_error_starts_with_its_line_and_column() {
    let e = parse(b"A\nB\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 1: `B` is not an item: expected one of the names on the item line"
    );
}

/// Checks what any successful parse must satisfy.
fn check_consistent(input: &[u8]) {
    if let Ok(k) = parse(input) {
        assert_eq!(k.item_names.len(), k.problem.item_count());
        assert!(k.problem.primary_items() >= 1);
        assert_eq!(k.options.len(), k.problem.option_count());
        for w in k.options.windows(2) {
            assert!(w[0].line < w[1].line);
        }
        // The reader numbers colors in order of first appearance, so writing the problem
        // and reading it back gives it again, bounds and colors included.
        let written = dancing::knuth::write(&k.problem);
        assert_eq!(parse(written.as_bytes()).unwrap().problem, k.problem);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn parsing_arbitrary_bytes_never_panics(
        bytes in proptest::collection::vec(any::<u8>(), 0..200)
    ) {
        let _ = parse(&bytes);
    }

    #[test]
    fn parsing_bytes_from_a_format_alphabet_never_panics_and_stays_consistent(
        bytes in proptest::collection::vec(
            proptest::sample::select(b"AB| :\n\r\txy02\xff\xc3\xa9\xef\xbb\xbf".to_vec()),
            0..200,
        )
    ) {
        check_consistent(&bytes);
    }

    #[test]
    fn parsing_well_shaped_lines_never_panics_and_stays_consistent(
        lines in proptest::collection::vec("[ \t]{0,2}(\\||[ABCxy:|0-3]{1,4})([ \t]{1,2}[ABCxy:|0-3]{1,4}){0,4}[ \t]{0,2}\r?", 0..12)
    ) {
        check_consistent(lines.join("\n").as_bytes());
    }
}
