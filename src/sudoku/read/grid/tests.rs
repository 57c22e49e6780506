//! The tests of the grid format's reader: rows in each convention, rule lines, bands split by
//! blank lines, grids cut short, and the errors located at their rows.

use super::*;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn read_all(text: &[u8]) -> Vec<Result<Puzzle, ReadError>> {
    PuzzleReader::new(text).collect()
}

fn kind_of(shape: Shape, text: &str) -> Kind<'_> {
    let line = Line {
        number: 1,
        bytes: text.as_bytes(),
        cut: false,
    };
    kind(shape, &line)
}

#[test]
fn rows_rules_and_breaks_are_told_apart() {
    let classic = Shape::CLASSIC;
    for row in [
        "53..7....",
        "5 3 0 0 7 0 0 0 0",
        "| 5 3 . | . 7 . | . . . |",
        "|-4-|2-1|-6-|",
        "|---|---|---|",
        "---------",
        "12x",
        "53..7.... # row 1",
    ] {
        assert!(matches!(kind_of(classic, row), Kind::Row(_)), "{row:?}");
    }
    for rule in [
        "---+---+---",
        "*-----------*",
        "|---+---+---|",
        "-----------",
        "+-------+-------+-------+",
        "=========",
        "|   |   |   |",
    ] {
        assert_eq!(kind_of(classic, rule), Kind::Rule, "{rule:?}");
    }
    assert_eq!(kind_of(classic, ""), Kind::Blank);
    assert_eq!(kind_of(classic, " \t "), Kind::Blank);
    for brk in [
        "# comment",
        "Grid 01",
        "Puzzle 3:",
        "[Puzzle]",
        "#3x3 Sudoku",
        "y3..7....",
        "53xy7....",
        "Grille n° 1",
    ] {
        assert_eq!(kind_of(classic, brk), Kind::Break, "{brk:?}");
    }
    // Random bytes are not a header, but a bad row.
    let line = Line {
        number: 1,
        bytes: b"\xFF\x00Grid",
        cut: false,
    };
    assert!(matches!(kind(classic, &line), Kind::Row(_)));
    assert_eq!(kind_of(classic, "53..7.... # c"), Kind::Row(b"53..7.... "));
}

#[test]
fn in_larger_grids_letters_that_are_cells_start_rows_and_words_are_headers() {
    let hexadoku = Shape::new(4).expect("16x16");
    assert!(matches!(kind_of(hexadoku, "AB.C"), Kind::Row(_)));
    assert!(matches!(kind_of(hexadoku, "G..."), Kind::Row(_)));
    assert_eq!(kind_of(hexadoku, "Grid 01"), Kind::Break);
}

#[test]
fn row_tokens_carry_their_character_columns() {
    let found: Vec<_> = tokens("| 5 é3|  10\t.").collect();
    assert_eq!(found, [(3, "5"), (5, "é3"), (10, "10"), (13, ".")]);
    assert_eq!(tokens("  ").count(), 0);
}

#[test]
fn grid_rows_may_be_grouped_by_box_with_spaces() {
    let text = "53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n\
                7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n";
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].as_ref().expect("valid").grid.to_line(), CLASSIC);
}

#[test]
fn a_row_with_a_multi_digit_value_among_single_digits_is_an_error() {
    let text = "5 3 0 0 7 0 0 10\n";
    let items = read_all(text.as_bytes());
    // The input then ends inside the grid, but one bad grid is one error: the first.
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().expect_err("bad value");
    assert_eq!((e.line, e.column), (1, 15));
    assert_eq!(e.kind.to_string(), "found 10, expected a digit 0-9");
}

#[test]
fn sixteen_by_sixteen_rows_read_numbers() {
    let shape = Shape::new(4).expect("16x16");
    let row = "16 0 . 1 2 3 4 5 6 7 8 9 10 11 12 13\n".repeat(16);
    let items: Vec<_> = PuzzleReader::new(row.as_bytes())
        .with_shape(shape)
        .collect();
    assert_eq!(items[0].as_ref().expect("valid").grid.get(15, 0), 16);
}

fn rows() -> Vec<String> {
    CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect()
}

#[test]
fn blank_lines_between_the_bands_of_a_grid_are_part_of_it() {
    let rows = rows();
    let bands: Vec<String> = rows.chunks(3).map(|band| band.join("\n")).collect();
    // ssuds' layout: a comment, then bands separated by blank lines (two between the
    // last two), then a second grid after a blank line.
    let text = format!(
        "# ssuds\n\n{}\n\n{}\n\n\n{}\n\n{}\n",
        bands[0],
        bands[1],
        bands[2],
        bands.join("\n\n")
    );
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    for (item, line) in items.iter().zip([3, 16]) {
        let p = item.as_ref().expect("a whole grid");
        assert_eq!((p.line, p.grid.to_line()), (line, CLASSIC.to_owned()));
    }
}

#[test]
fn a_blank_line_inside_a_band_or_after_a_band_without_one_ends_the_grid() {
    let rows = rows();
    // Inside a band: after row 2.
    let text = format!("{}\n\n{}\n", rows[..2].join("\n"), rows.join("\n"));
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().expect_err("cut short");
    assert_eq!((e.line, e.column), (1, 1));
    assert_eq!(items[1].as_ref().expect("whole").line, 4);
    // After the second band when the first had none: grids written without gaps.
    let text = format!("{}\n\n{}\n", rows[..6].join("\n"), rows.join("\n"));
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().expect_err("cut short");
    assert_eq!(
        e.kind.to_string(),
        "grid ended after 6 rows (the last on line 6), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
    assert_eq!(items[1].as_ref().expect("whole").grid.to_line(), CLASSIC);
}

#[test]
fn a_first_row_of_the_wrong_length_is_reported_as_rows_that_disagree_where_they_do() {
    let rows = rows();
    for (first, side) in [(format!("{}1", rows[0]), 10), (rows[0][..4].to_string(), 4)] {
        let text = format!("{first}\n{}\n", rows[1..].join("\n"));
        let items = read_all(text.as_bytes());
        let e = items[0].as_ref().expect_err("rows that disagree");
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        assert_eq!(
            e.kind,
            ReadErrorKind::RowLengths {
                found: 9,
                first: side,
                first_line: 1
            }
        );
        assert!(
            e.to_string().starts_with("2:1: the rows' lengths disagree"),
            "{e}"
        );
    }
    // Spaced rows count their values.
    let spaced = |row: &str| row.chars().map(String::from).collect::<Vec<_>>().join(" ");
    let text = format!(
        "{} 1\n{}\n",
        spaced(&rows[0]),
        rows[1..]
            .iter()
            .map(|r| spaced(r))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let items = read_all(text.as_bytes());
    let e = items[0].as_ref().expect_err("rows that disagree");
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(matches!(
        e.kind,
        ReadErrorKind::RowLengths {
            found: 9,
            first: 10,
            ..
        }
    ));
}

#[test]
fn a_band_that_ends_without_the_blank_line_the_bands_before_had_starts_a_new_grid() {
    let rows = rows();
    // A first band, a blank line, then a whole grid written without gaps: the first
    // band and the grid's first two bands are reported cut short, and its last band,
    // cut short too: two errors, no puzzle made of two grids.
    let text = format!("{}\n\n{}\n", rows[..3].join("\n"), rows.join("\n"));
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(items.iter().all(Result::is_err), "{items:?}");
    let e = items[0].as_ref().expect_err("cut short");
    assert_eq!(
        e.kind.to_string(),
        "grid ended after 6 rows (the last on line 7), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
}

#[test]
fn a_row_of_n_stars_is_a_row_of_blanks_and_longer_runs_are_rules() {
    let classic = Shape::CLASSIC;
    assert!(matches!(kind_of(classic, "*********"), Kind::Row(_)));
    assert!(matches!(kind_of(classic, "|***|***|***|"), Kind::Row(_)));
    assert_eq!(kind_of(classic, "*-----------*"), Kind::Rule);
    assert_eq!(kind_of(classic, "***********"), Kind::Rule);
    let text = CLASSIC.replace('.', "*");
    let grid: String = text
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let items = read_all(format!("*-----------*\n{grid}*-----------*\n").as_bytes());
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].as_ref().expect("valid").grid.to_line(), CLASSIC);
}

#[test]
fn a_header_inside_a_grid_cuts_it_short_and_the_next_grid_starts_fresh() {
    let rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    let text = format!(
        "Grid 01\n{}\nGrid 02\n{}\n",
        rows[..8].join("\n"),
        rows.join("\n")
    );
    let items = read_all(text.as_bytes());
    assert_eq!(items.len(), 2);
    let e = items[0].as_ref().expect_err("cut short");
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(
        e.kind.to_string(),
        "grid ended after 8 rows (the last on line 9), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
    let p = items[1].as_ref().expect("the second grid");
    assert_eq!((p.line, p.grid.to_line()), (11, CLASSIC.to_owned()));
}
