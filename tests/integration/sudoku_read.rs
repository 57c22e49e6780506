//! Reading Sudoku puzzles in every format, the errors on malformed input, conflicts among
//! givens, the independent solution checker, and the public puzzle sets in `../shared/data`.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::{CLASSIC, CLASSIC_COMPACT, CLASSIC_SOLUTION, CLASSIC_SPACED, shared_data};
use dancing::sudoku::check::{Violation, verify};
use dancing::sudoku::grid::{Grid, Shape, Unit};
use dancing::sudoku::read::{Format, Puzzle, PuzzleReader, ReadError, ReadErrorKind, parse_line};
use dancing::sudoku::solve::SudokuSolver;
use proptest::prelude::*;

fn read(text: impl AsRef<[u8]>) -> Vec<Result<Puzzle, ReadError>> {
    PuzzleReader::new(text.as_ref()).collect()
}

fn puzzle(item: &Result<Puzzle, ReadError>) -> &Puzzle {
    match item {
        Ok(p) => p,
        Err(e) => panic!("expected a puzzle, got {e}"),
    }
}

/// The only item of `text`'s reading, which must be an error: (line, column, kind).
fn only_error(text: impl AsRef<[u8]>) -> (usize, usize, ReadErrorKind) {
    let items = read(text);
    assert_eq!(items.len(), 1, "{items:?}");
    match &items[0] {
        Ok(p) => panic!("expected an error, got a puzzle on line {}", p.line),
        Err(e) => (e.line, e.column, e.kind.clone()),
    }
}

fn classic() -> Grid {
    parse_line(CLASSIC).expect("the classic puzzle")
}

fn solution() -> Grid {
    parse_line(CLASSIC_SOLUTION).expect("the classic solution")
}

#[test]
fn the_classic_puzzle_reads_as_a_space_separated_grid_with_zeros() {
    let mut reader = PuzzleReader::new(CLASSIC_SPACED.as_bytes());
    assert_eq!(reader.format(), Some(Format::Grid));
    let items: Vec<_> = reader.collect();
    assert_eq!(items.len(), 1);
    let p = puzzle(&items[0]);
    assert_eq!(p.line, 1);
    assert_eq!(p.grid, classic());
}

#[test]
fn the_classic_puzzle_reads_as_compact_rows_with_bars_and_separator_lines() {
    let items = read(CLASSIC_COMPACT);
    assert_eq!(items.len(), 1);
    assert_eq!(puzzle(&items[0]).grid, classic());
}

#[test]
fn several_grids_follow_one_another_with_or_without_blank_lines() {
    let text = format!("{CLASSIC_SPACED}\n\n{CLASSIC_COMPACT}{CLASSIC_SPACED}");
    let items = read(text);
    let lines: Vec<usize> = items.iter().map(|i| puzzle(i).line).collect();
    assert_eq!(lines, [1, 12, 23]);
    assert!(items.iter().all(|i| puzzle(i).grid == classic()));
}

/// The classic puzzle's nine rows, as compact lines.
fn classic_rows() -> Vec<&'static str> {
    (0..9).map(|r| &CLASSIC[9 * r..9 * r + 9]).collect()
}

#[test]
fn a_blank_line_inside_an_incomplete_grid_ends_it_and_the_next_grid_starts_fresh() {
    // Issue 13: five rows, a blank line, then a whole grid. Counting rows alone would make a
    // puzzle of the five rows and the first four of the next grid, which is in no input.
    let rows = classic_rows();
    let text = format!("{}\n\n{}\n", rows[..5].join("\n"), rows.join("\n"));
    let items = read(text);
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().expect_err("cut short");
    assert_eq!((e.line, e.column), (1, 1));
    assert_eq!(
        e.kind,
        ReadErrorKind::GridCutShort {
            rows: 5,
            expected: 9,
            last_line: 5
        }
    );
    assert_eq!(puzzle(&items[1]).line, 7);
    assert_eq!(puzzle(&items[1]).grid, classic());
}

#[test]
fn a_stray_line_between_two_grids_is_skipped_and_frames_nothing() {
    // Issue 13: Project Euler 96 puts a header line before each grid.
    let rows = classic_rows().join("\n");
    for stray in [
        "Grid 02",
        "Puzzle 3:",
        "# a comment",
        "[Puzzle]",
        "SudoCue #2",
    ] {
        let text = format!("Grid 01\n{rows}\n{stray}\n{rows}\n");
        let items = read(&text);
        let lines: Vec<usize> = items.iter().map(|i| puzzle(i).line).collect();
        assert_eq!(lines, [2, 12], "{stray:?}");
        assert!(items.iter().all(|i| puzzle(i).grid == classic()));
    }
    // A stray row between blank-separated grids is a grid cut short, reported alone.
    let text = format!("{rows}\n\n5 3 0 0 7 0 0 0 0\n\n{rows}\n");
    let items = read(text);
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(puzzle(&items[0]).line, 1);
    let e = items[1].as_ref().expect_err("a stray row");
    assert_eq!((e.line, e.column), (11, 1));
    assert_eq!(
        e.kind.to_string(),
        "grid ended after 1 row (the last on line 11), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
    assert_eq!(puzzle(&items[2]).line, 13);
}

#[test]
fn a_bad_row_in_a_grid_cut_short_is_its_only_error() {
    let mut rows = classic_rows();
    rows[1] = "6..1y5...";
    let text = format!("{}\nGrid 2\n{}\n", rows[..4].join("\n"), CLASSIC_COMPACT);
    let items = read(text);
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().expect_err("bad cell");
    assert_eq!((e.line, e.column), (2, 5));
    assert_eq!(puzzle(&items[1]).line, 6);
}

#[test]
fn grid_rows_may_end_with_a_comment() {
    let text: String = classic_rows()
        .iter()
        .enumerate()
        .map(|(r, row)| format!("{row} # row {}\n", r + 1))
        .collect();
    let items = read(text);
    assert_eq!(items.len(), 1);
    assert_eq!(puzzle(&items[0]).grid, classic());
}

#[test]
fn the_lines_format_accepts_crlf_comments_blank_lines_and_trailing_fields() {
    let text = format!(
        "# a comment\r\n\r\n{CLASSIC}\r\n  # indented comment\r\n\
         {CLASSIC}:{CLASSIC_SOLUTION}\r\n\r\n{CLASSIC},9.5\r\n{CLASSIC}\t;rated\r\n{}",
        CLASSIC.replace('.', "0")
    );
    let mut reader = PuzzleReader::new(text.as_bytes());
    assert_eq!(reader.format(), Some(Format::Lines));
    let items: Vec<_> = reader.collect();
    let lines: Vec<usize> = items.iter().map(|i| puzzle(i).line).collect();
    assert_eq!(lines, [3, 5, 7, 8, 9]);
    assert!(items.iter().all(|i| puzzle(i).grid == classic()));
}

#[test]
fn a_csv_with_quizzes_and_solutions_columns_reads_the_quizzes() {
    let text = format!(
        "quizzes,solutions\n{CLASSIC},{CLASSIC_SOLUTION}\n{CLASSIC_SOLUTION},{CLASSIC_SOLUTION}\n"
    );
    let mut reader = PuzzleReader::new(text.as_bytes());
    assert_eq!(reader.format(), Some(Format::Csv));
    let items: Vec<_> = reader.collect();
    assert_eq!(items.len(), 2);
    assert_eq!(puzzle(&items[0]).grid, classic());
    assert_eq!(puzzle(&items[0]).line, 2);
    assert_eq!(puzzle(&items[1]).grid, solution());
}

#[test]
fn a_csv_puzzle_column_may_come_later_and_errors_are_located_in_it() {
    let bad = CLASSIC.replacen('7', "y", 1);
    let text = format!("id,Puzzle,rating\n1,{CLASSIC},3\n2,\"{CLASSIC}\",4\n3,{bad},5\n4\n");
    let items = read(text);
    assert_eq!(items.len(), 4);
    assert_eq!(puzzle(&items[0]).grid, classic());
    assert_eq!(puzzle(&items[1]).grid, classic());
    let e = items[2].as_ref().expect_err("bad cell");
    assert_eq!((e.line, e.column), (4, 7));
    assert_eq!(e.kind, ReadErrorKind::BadCell { found: 'y', max: 9 });
    let e = items[3].as_ref().expect_err("too few fields");
    assert_eq!((e.line, e.column), (5, 2));
    assert_eq!(e.kind.to_string(), "found 1 CSV field, expected at least 2");
}

#[test]
fn a_quoted_csv_field_may_hold_a_comma() {
    // Issue 17: the hand-written reader split `"a,b"` at its comma and found 'b'.
    let bad = CLASSIC.replacen('7', "y", 1);
    let text = format!(
        "id,puzzle,note\n\"a,b\",{CLASSIC},x\n\"c,\"\"d\"\"\",\"{bad}\",y\n\"e\",{CLASSIC}\n"
    );
    let items = read(text);
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(puzzle(&items[0]).grid, classic());
    assert_eq!(puzzle(&items[0]).line, 2);
    // Line 3 is `"c,""d""","53..y...`: the puzzle's 5th cell is character 16.
    let e = items[1].as_ref().expect_err("bad cell");
    assert_eq!((e.line, e.column), (3, 16));
    assert_eq!(e.kind, ReadErrorKind::BadCell { found: 'y', max: 9 });
    assert_eq!(puzzle(&items[2]).grid, classic());
}

#[test]
fn a_letter_is_reported_at_its_line_and_column() {
    let text = format!("# header\n{}\n", CLASSIC.replacen('9', "z", 1));
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (2, 14));
    assert_eq!(
        kind.to_string(),
        "found 'z', expected a digit 1-9 or a blank ('.', '0', '_', '-', '*', 'x')"
    );
    let text = CLASSIC_COMPACT.replacen("419", "41y", 1);
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (10, 7));
    assert_eq!(kind, ReadErrorKind::BadCell { found: 'y', max: 9 });
}

#[test]
fn a_ten_in_a_grid_row_is_reported_at_its_line_and_column() {
    let text = CLASSIC_SPACED.replacen("4 1 9", "4 10 9", 1);
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (8, 9));
    assert_eq!(
        kind,
        ReadErrorKind::BadValue {
            found: "10".into(),
            max: 9
        }
    );
    assert_eq!(kind.to_string(), "found 10, expected a digit 0-9");
}

#[test]
fn a_negative_number_in_a_grid_row_is_reported_at_its_line_and_column() {
    let text = CLASSIC_SPACED.replacen("8 0 3", "8 -1 3", 1);
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (5, 9));
    assert_eq!(kind.to_string(), "found -1, expected a digit 0-9");
}

#[test]
fn a_grid_row_with_the_wrong_number_of_cells_is_reported() {
    let text = CLASSIC_SPACED.replacen("0 6 0\n", "0 6\n", 1);
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (3, 16));
    assert_eq!(kind.to_string(), "found 8 cells, expected 9");
    let text = CLASSIC_COMPACT.replacen(".98|...|.6.", ".98|...|.6..", 1);
    let (line, column, kind) = only_error(text);
    assert_eq!((line, column), (3, 12));
    assert_eq!(kind.to_string(), "found 10 cells, expected 9");
}

#[test]
fn a_line_of_80_cells_is_reported_at_its_end() {
    let text = format!("{CLASSIC}\n{}\n", &CLASSIC[..80]);
    let items = read(text);
    assert_eq!(items.len(), 2);
    let e = items[1].as_ref().expect_err("short line");
    assert_eq!((e.line, e.column), (2, 81));
    assert_eq!(e.kind.to_string(), "found 80 cells, expected 81");
}

#[test]
fn a_line_of_82_cells_is_reported_at_the_82nd() {
    let (line, column, kind) = only_error(format!("{CLASSIC}1\n"));
    assert_eq!((line, column), (1, 82));
    assert_eq!(kind, ReadErrorKind::TooManyCells { expected: 81 });
}

#[test]
fn invalid_utf8_is_reported_at_its_line_and_column() {
    let mut text = format!("{CLASSIC}\n").into_bytes();
    text.extend_from_slice(&CLASSIC.as_bytes()[..20]);
    text.extend_from_slice(b"\xC0\xAF");
    text.extend_from_slice(&CLASSIC.as_bytes()[22..]);
    text.push(b'\n');
    let items = read(&text);
    assert_eq!(items.len(), 2);
    let e = items[1].as_ref().expect_err("invalid UTF-8");
    assert_eq!(
        (e.line, e.column, e.kind.clone()),
        (2, 21, ReadErrorKind::InvalidUtf8)
    );
    assert_eq!(
        e.to_string(),
        "2:21: found bytes that are not UTF-8, expected text: save the file as UTF-8"
    );
}

#[test]
fn invalid_utf8_in_a_comment_is_harmless() {
    let text = [b"# caf\xE9\n".as_slice(), CLASSIC.as_bytes()].concat();
    let items = read(text);
    assert_eq!(puzzle(&items[0]).line, 2);
}

#[test]
fn a_byte_order_mark_is_accepted_in_every_format() {
    for text in [CLASSIC, CLASSIC_SPACED, CLASSIC_COMPACT] {
        let items = read(format!("\u{FEFF}{text}"));
        assert_eq!(items.len(), 1);
        assert_eq!(puzzle(&items[0]).grid, classic());
    }
    let items = read(format!("\u{FEFF}quizzes\n{CLASSIC}\n"));
    assert_eq!(puzzle(&items[0]).grid, classic());
}

#[test]
fn a_grid_cut_short_by_the_end_of_the_input_is_reported_at_its_first_row() {
    let text: String = CLASSIC_SPACED
        .lines()
        .take(7)
        .map(|l| format!("{l}\n"))
        .collect();
    let (line, column, kind) = only_error(format!("# seven rows\n{text}"));
    assert_eq!((line, column), (2, 1));
    assert_eq!(
        kind.to_string(),
        "grid ended after 7 rows (the last on line 8), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
}

#[test]
fn empty_input_and_input_of_only_comments_have_no_puzzle() {
    for text in [
        "",
        "\n\n",
        "# nothing\n  \n",
        "\u{FEFF}",
        "quizzes,solutions\n",
    ] {
        let (_, column, kind) = only_error(text);
        assert_eq!(
            (column, kind.clone()),
            (1, ReadErrorKind::NoPuzzle),
            "{text:?}"
        );
        assert!(
            kind.to_string()
                .starts_with("no puzzle found: expected puzzles")
        );
    }
    assert_eq!(only_error("# a\n# b\n").0, 3);
}

#[test]
fn the_reader_continues_after_a_bad_line() {
    let text = format!("{CLASSIC}\n{}\n{CLASSIC}\n", CLASSIC.replacen('5', "?", 1));
    let items = read(text);
    assert_eq!(items.len(), 3);
    assert_eq!(puzzle(&items[0]).line, 1);
    let e = items[1].as_ref().expect_err("bad line");
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(puzzle(&items[2]).line, 3);
}

#[test]
fn the_reader_continues_after_a_bad_grid() {
    let bad = CLASSIC_SPACED.replacen("1 9 5", "1 y 5", 1);
    let items = read(format!("{CLASSIC_SPACED}{bad}{CLASSIC_SPACED}"));
    assert_eq!(items.len(), 3);
    assert_eq!(puzzle(&items[0]).line, 1);
    let e = items[1].as_ref().expect_err("bad grid");
    assert_eq!((e.line, e.column), (11, 9));
    assert_eq!(puzzle(&items[2]).line, 19);
}

#[test]
fn an_io_error_is_yielded_once_and_ends_the_iteration() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    use std::io::Read as _;
    let reader = std::io::BufReader::new(CLASSIC.as_bytes().chain(Failing));
    let items: Vec<_> = PuzzleReader::new(reader).collect();
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().expect_err("I/O error");
    assert_eq!(e.to_string(), "1:1: cannot read: disk on fire");
}

#[test]
fn conflicts_in_a_row_a_column_and_a_box_name_the_digit_and_both_cells() {
    let mut row = classic();
    row.set(0, 8, 5);
    let c = row.conflict().expect("row conflict");
    assert_eq!(
        (c.digit, c.unit, c.first, c.second),
        (5, Unit::Row, (0, 0), (0, 8))
    );
    assert_eq!(
        c.to_string(),
        "digit 5 appears twice in row 1: at r1c1 and r1c9"
    );

    let mut column = classic();
    column.set(7, 0, 7);
    let c = column.conflict().expect("column conflict");
    assert_eq!(
        (c.digit, c.unit, c.first, c.second),
        (7, Unit::Column, (5, 0), (7, 0))
    );
    assert_eq!(
        c.to_string(),
        "digit 7 appears twice in column 1: at r6c1 and r8c1"
    );

    let mut boxed = classic();
    boxed.set(7, 7, 2);
    let c = boxed.conflict().expect("box conflict");
    assert_eq!(
        (c.digit, c.unit, c.first, c.second),
        (2, Unit::Box, (6, 6), (7, 7))
    );
    assert_eq!(
        c.to_string(),
        "digit 2 appears twice in box 9: at r7c7 and r8c8"
    );
}

#[test]
fn verify_accepts_the_known_solution_of_the_classic_puzzle() {
    assert_eq!(verify(&classic(), &solution()), Ok(()));
    assert!(solution().is_complete());
    assert_eq!(solution().conflict(), None);
}

#[test]
fn verify_rejects_a_changed_given_a_blank_and_a_duplicate() {
    // Exchanging digits 1 and 2 everywhere keeps a valid grid but changes givens.
    let relabelled: String = CLASSIC_SOLUTION
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let v = verify(&classic(), &parse_line(relabelled).expect("grid")).unwrap_err();
    assert_eq!(
        v,
        Violation::GivenChanged {
            row: 1,
            col: 3,
            given: 1,
            found: 2
        }
    );
    assert_eq!(v.to_string(), "given 1 at r2c4 changed to 2");

    let mut blank = solution();
    blank.set(3, 4, 0);
    let v = verify(&classic(), &blank).unwrap_err();
    assert_eq!(v.to_string(), "cell r4c5 is blank");

    let mut duplicate = solution();
    duplicate.set(1, 1, 3);
    let v = verify(&classic(), &duplicate).unwrap_err();
    assert_eq!(v.to_string(), "digit 3 twice in row 2: at r2c2 and r2c7");
}

#[test]
fn verify_rejects_a_solution_of_another_shape() {
    let small = Grid::empty(Shape::new(2).expect("4x4"));
    assert!(matches!(
        verify(&classic(), &small),
        Err(Violation::ShapeMismatch {
            puzzle: 9,
            solution: 4
        })
    ));
}

proptest! {
    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let items: Vec<_> = PuzzleReader::new(&bytes[..]).take(10_000).collect();
        prop_assert!(items.len() < 10_000);
        let _ = parse_line(&bytes);
    }

    #[test]
    fn the_reader_never_panics_on_bytes_from_a_sudoku_alphabet(
        bytes in prop::collection::vec(prop::sample::select(b"0123456789.|,-\n\r x#".to_vec()), 0..1200)
    ) {
        let items: Vec<_> = PuzzleReader::new(&bytes[..]).take(10_000).collect();
        prop_assert!(items.len() < 10_000);
        for format in [Format::Grid, Format::Lines, Format::Csv] {
            let n = PuzzleReader::new(&bytes[..]).with_format(format).take(10_000).count();
            prop_assert!(n < 10_000);
        }
    }

    #[test]
    fn a_grid_written_as_a_line_or_a_grid_reads_back(cells in prop::collection::vec(0u8..=9, 81)) {
        let grid = Grid::from_cells(Shape::CLASSIC, cells).expect("in range");
        prop_assert_eq!(&parse_line(grid.to_line()).expect("line"), &grid);
        let items = read(grid.to_grid_string());
        prop_assert_eq!(items.len(), 1);
        prop_assert_eq!(&puzzle(&items[0]).grid, &grid);
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_shared_puzzle_file_reads_with_the_expected_count() {
    let Some(dir) = shared_data("sudoku") else {
        return;
    };
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let expected = [
        ("17-clue.txt", 49158),
        ("top1465.txt", 1465),
        ("forum-hardest-1106.txt", 375),
        ("top95.txt", 95),
        ("hardest.txt", 11),
        ("serg-multi-solution.txt", 10000),
    ];
    let mut seen = Vec::new();
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let file = std::fs::File::open(&path).expect("readable file");
        let mut reader = PuzzleReader::new(std::io::BufReader::new(file));
        assert_eq!(reader.format(), Some(Format::Lines), "{}", path.display());
        let mut count = 0;
        for item in reader {
            let p = item.unwrap_or_else(|e| panic!("{}:{e}", path.display()));
            assert!(p.grid.givens() > 0, "{}:{}", path.display(), p.line);
            count += 1;
        }
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if let Some(&(_, want)) = expected.iter().find(|(n, _)| *n == name) {
            assert_eq!(count, want, "{name}");
        }
        seen.push(name);
    }
    for (name, _) in expected {
        assert!(
            seen.iter().any(|s| s == name),
            "{name} missing from {}",
            dir.display()
        );
    }
}

#[test]
fn every_grid_of_the_puzzle_files_reads_back_from_its_display_with_its_solution() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut files: Vec<PathBuf> = ["shapes", "variants", "generated"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("a puzzles folder"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.extend([root.join("classic.txt"), root.join("sudoku/hardest.txt")]);
    files.sort();
    let (mut sides, mut solved) = (BTreeSet::new(), 0);
    for path in &files {
        for (line, grid) in common::numbered_puzzles(path) {
            let at = format!("{}:{line}", path.display());
            assert_eq!(grid.to_string().parse::<Grid>(), Ok(grid.clone()), "{at}");
            sides.insert(grid.shape().side());
            if grid.shape().side() > 16 {
                continue;
            }
            let mut solver = SudokuSolver::new(grid.shape());
            solver.set_max_nodes(Some(1_000_000));
            if let Ok(solution) = solver.solve(&grid, 1) {
                let full = solution.grid;
                assert!(full.is_complete(), "{at}");
                assert_eq!(full.to_string().parse::<Grid>(), Ok(full.clone()), "{at}");
                solved += 1;
            }
        }
    }
    assert_eq!(sides, BTreeSet::from([4, 6, 9, 12, 16, 25, 36]));
    assert!(solved >= 10, "only {solved} solved");
}
