//! `dancing queens`, `langford`, `polyomino` and `polycube` through the release binary:
//! published counts, `--to-dlx` piped into `dancing cover --count` giving the same count,
//! pictures, the SVG, and the exit codes of `dancing cover`.

use crate::common;

use common::{dancing, domino_tilings, stderr_of, stdout_of, temp_file};

/// Runs `dancing ARGS --count` and returns the count it prints.
fn count(args: &[&str]) -> u64 {
    let assert = dancing().args(args).arg("--count").assert();
    let out = stdout_of(&assert);
    assert!(
        matches!(assert.get_output().status.code(), Some(0 | 1)),
        "{args:?}: {}",
        stderr_of(&assert)
    );
    out.trim()
        .parse()
        .unwrap_or_else(|_| panic!("{args:?}: {out:?}"))
}

/// Runs `dancing ARGS --to-dlx | dancing cover --count` and returns the count.
fn count_of_export(args: &[&str]) -> u64 {
    let export = dancing().args(args).arg("--to-dlx").assert().success();
    let text = stdout_of(&export);
    assert!(text.starts_with("| "), "the export starts with a comment");
    let cover = dancing()
        .args(["cover", "--count"])
        .write_stdin(text)
        .assert();
    stdout_of(&cover).trim().parse().unwrap()
}

/// Asserts that `ARGS --count` and the export both count `expected`.
fn assert_counts(args: &[&str], expected: u64) {
    assert_eq!(count(args), expected, "{args:?}");
    assert_eq!(count_of_export(args), expected, "{args:?} --to-dlx");
}

#[test]
fn queens_counts_match_oeis_a000170_and_their_exports_count_the_same() {
    let published = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, expected) in (1..=12).zip(published) {
        let n = n.to_string();
        assert_counts(&["queens", &n], expected);
    }
    assert_counts(&["queens", "10", "--order", "natural"], 724);
    assert_eq!(count(&["queens", "12", "--jobs", "2"]), 14200);
}

#[test]
fn queens_prints_a_board_of_queens_that_do_not_attack_each_other() {
    let assert = dancing().args(["queens", "8"]).assert().success();
    let columns: Vec<usize> = stdout_of(&assert)
        .lines()
        .map(|line| {
            let squares: Vec<&str> = line.split(' ').collect();
            assert_eq!(squares.len(), 8);
            assert_eq!(squares.iter().filter(|s| **s == "Q").count(), 1);
            squares.iter().position(|s| *s == "Q").unwrap()
        })
        .collect();
    assert_eq!(columns.len(), 8);
    for r in 0..8 {
        for s in r + 1..8 {
            assert_ne!(columns[r], columns[s]);
            assert_ne!(columns[r].abs_diff(columns[s]), s - r);
        }
    }
}

#[test]
fn langford_counts_match_oeis_a014552_and_their_exports_count_the_same() {
    let published = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144];
    for (n, expected) in (1..=12).zip(published) {
        let n = n.to_string();
        assert_counts(&["langford", &n, "--half"], expected);
        if n.len() == 1 {
            assert_counts(&["langford", &n], 2 * expected);
        }
    }
    assert_eq!(count(&["langford", "12", "--jobs", "2"]), 2 * 108144);
}

#[test]
fn langford_prints_every_sequence_and_exits_1_when_there_is_none() {
    let assert = dancing()
        .args(["langford", "7", "--half", "--all"])
        .assert()
        .success();
    let out = stdout_of(&assert);
    let sequences: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(sequences.len(), 26);
    for s in sequences {
        let slots: Vec<usize> = s.split_whitespace().map(|v| v.parse().unwrap()).collect();
        assert_eq!(slots.len(), 14);
        for v in 1..=7 {
            let at: Vec<usize> = (0..14).filter(|&i| slots[i] == v).collect();
            assert_eq!(at.len(), 2);
            assert_eq!(at[1] - at[0], v + 1, "{s}");
        }
    }
    let none = dancing().args(["langford", "5"]).assert().code(1);
    assert!(stderr_of(&none).contains("no solution"));
}

#[test]
fn langford_svg_draws_the_first_sequence_printed_cell_by_cell_with_one_arc_a_value() {
    let (dir, path) = temp_file("pairs.svg", "");
    let assert = dancing()
        .args(["langford", "11", "--all", "--limit", "3", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let first = stdout_of(&assert).lines().next().unwrap().to_owned();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let numbers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(numbers.join(" "), first, "the first sequence, cell by cell");
    let arcs: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("pair"))
        .map(|n| n.children().find(|c| c.has_tag_name("title")).unwrap())
        .filter_map(|n| n.text())
        .collect();
    let mut values: Vec<usize> = arcs.iter().map(|v| v.parse().unwrap()).collect();
    values.sort_unstable();
    assert_eq!(values, (1..=11).collect::<Vec<_>>());
    // No sequence, no picture; and no picture of a count.
    std::fs::remove_file(&path).unwrap();
    dancing()
        .args(["langford", "5", "--svg"])
        .arg(&path)
        .assert()
        .code(1);
    assert!(!path.exists());
    dancing()
        .args(["langford", "7", "--count", "--svg"])
        .arg(&path)
        .assert()
        .code(2);
    drop(dir);
}

#[test]
fn pentomino_rectangles_count_as_published_up_to_symmetry_and_in_all() {
    for (size, reduced, all) in [
        ("6x10", 2339, 9356),
        ("5x12", 1010, 4040),
        ("4x15", 368, 1472),
        ("3x20", 2, 8),
    ] {
        assert_counts(&["polyomino", size, "--symmetry"], reduced);
        assert_eq!(count(&["polyomino", size, "--jobs", "2"]), all, "{size}");
    }
    // The exports in all, for the two quick ones.
    assert_eq!(count_of_export(&["polyomino", "3x20"]), 8);
    assert_eq!(count_of_export(&["polyomino", "4x15"]), 1472);
}

#[test]
fn scotts_board_drawn_with_a_hole_has_65_solutions_up_to_symmetry_and_520_in_all() {
    let board = "puzzles/polyomino/scott-8x8.txt";
    assert_counts(&["polyomino", board, "--symmetry"], 65);
    assert_counts(&["polyomino", board], 520);
    let assert = dancing()
        .args(["polyomino", board, "--symmetry", "--count"])
        .assert()
        .success();
    assert!(stderr_of(&assert).contains("65 solutions up to symmetry"));
}

#[test]
fn the_soma_cube_has_240_solutions_up_to_symmetry_and_11520_in_all() {
    assert_counts(&["polycube", "3x3x3", "--symmetry"], 240);
    assert_counts(&["polycube", "3x3x3"], 11520);
}

#[test]
fn a_6x10_solution_is_a_letter_picture_of_the_board() {
    let assert = dancing()
        .args(["polyomino", "6x10", "--color", "never"])
        .assert()
        .success();
    let out = stdout_of(&assert);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.len() == 10));
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(out.matches(letter).count(), 5, "{out}");
    }
    let colored = dancing()
        .args(["polyomino", "6x10", "--color", "always"])
        .assert()
        .success();
    assert!(stdout_of(&colored).contains("\x1b[30;48;5;"));
    let conway = dancing()
        .args(["polyomino", "6x10", "--conway", "--color", "never"])
        .assert()
        .success();
    assert_eq!(stdout_of(&conway).matches('R').count(), 5);
}

#[test]
fn a_soma_solution_is_three_layers_side_by_side() {
    let assert = dancing()
        .args(["polycube", "3x3x3", "--color", "never"])
        .assert()
        .success();
    let out = stdout_of(&assert);
    assert_eq!(out.lines().count(), 3);
    assert!(out.lines().all(|l| l.len() == 13), "{out}");
}

#[test]
fn the_svg_sheet_of_6x10_solutions_is_well_formed_with_one_shape_per_piece() {
    let (dir, path) = temp_file("sheet.svg", "");
    for (limit, pictures) in [("1", 1), ("4", 4)] {
        dancing()
            .args(["polyomino", "6x10", "--symmetry", "--limit", limit, "--svg"])
            .arg(&path)
            .assert()
            .success();
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let shapes = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece"))
            .inspect(|n| assert_eq!(n.tag_name().name(), "path"))
            .count();
        assert_eq!(shapes, 12 * pictures);
    }
    drop(dir);
}

#[test]
fn copies_and_pieces_drawn_in_a_file_are_used() {
    assert_counts(
        &["polyomino", "6x6", "--pieces", "domino", "--copies", "18"],
        6728,
    );
    let tetrominoes = "puzzles/polyomino/tetrominoes.txt";
    let from_file = count(&[
        "polyomino",
        "5x8",
        "--pieces-file",
        tetrominoes,
        "--copies",
        "2",
    ]);
    let by_name = count(&[
        "polyomino",
        "5x8",
        "--pieces",
        "tetrominoes",
        "--copies",
        "2",
    ]);
    assert_eq!(from_file, by_name);
    assert!(from_file > 0);
}

/// The `(row, column)` cells of each character of a letter picture.
fn cells_by_letter(picture: &str) -> std::collections::BTreeMap<char, Vec<(usize, usize)>> {
    let mut cells = std::collections::BTreeMap::<char, Vec<(usize, usize)>>::new();
    for (r, line) in picture.lines().enumerate() {
        for (c, letter) in line.chars().enumerate() {
            cells.entry(letter).or_default().push((r, c));
        }
    }
    cells
}

#[test]
fn each_copy_of_a_domino_has_its_own_letter_and_color() {
    let assert = dancing()
        .args(["polyomino", "4x4", "--pieces", "domino", "--copies", "8"])
        .args(["--sample", "2", "--seed", "1", "--color", "never"])
        .assert()
        .success();
    assert_eq!(stderr_of(&assert), "pieces: ABCDEFGH=I2\n");
    let out = stdout_of(&assert);
    let pictures: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(pictures.len(), 2, "{out}");
    for picture in pictures {
        assert!(picture.lines().all(|line| line.len() == 4), "{picture}");
        let cells = cells_by_letter(picture);
        assert_eq!(cells.keys().collect::<String>(), "ABCDEFGH", "{picture}");
        for (letter, cells) in cells {
            // Two cells side by side: one domino.
            let [(r0, c0), (r1, c1)] = cells[..] else {
                panic!("{letter} covers {cells:?} in\n{picture}")
            };
            assert_eq!(
                r0.abs_diff(r1) + c0.abs_diff(c1),
                1,
                "{letter} in\n{picture}"
            );
        }
    }
    // In color, each letter on a background of its own.
    let colored = stdout_of(
        &dancing()
            .args(["polyomino", "4x4", "--pieces", "domino", "--copies", "8"])
            .args(["--color", "always"])
            .assert()
            .success(),
    );
    let mut backgrounds = std::collections::BTreeMap::new();
    for cell in colored
        .split("\x1b[0m")
        .filter(|cell| cell.contains("48;5;"))
    {
        let (style, letter) = cell.trim_start_matches('\n').split_once('m').unwrap();
        let background = style.rsplit(';').next().unwrap().to_owned();
        let before = backgrounds.insert(letter.to_owned(), background.clone());
        assert!(
            before.is_none_or(|before| before == background),
            "{letter} on two backgrounds"
        );
    }
    assert_eq!(backgrounds.len(), 8);
    let distinct: std::collections::BTreeSet<_> = backgrounds.values().collect();
    assert_eq!(distinct.len(), 8, "{backgrounds:?}");
}

#[test]
fn mistakes_exit_with_code_2_and_say_what_is_wrong() {
    let bad_size = dancing().args(["polyomino", "6y10"]).assert().code(2);
    assert!(stderr_of(&bad_size).contains("cannot read 6y10"));
    let unknown = dancing()
        .args(["polyomino", "6x10", "--pieces", "pentominoes,Q"])
        .assert()
        .code(2);
    assert!(stderr_of(&unknown).contains("unknown piece or set `Q`"));
    let area = dancing().args(["polyomino", "6x11"]).assert().code(2);
    assert!(stderr_of(&area).contains("60 cells in all, but the board has 66"));
    let pin = dancing()
        .args([
            "polyomino",
            "2x4",
            "--pieces",
            "domino",
            "--copies",
            "4",
            "--symmetry",
        ])
        .assert()
        .code(2);
    assert!(stderr_of(&pin).contains("no piece used once"));
    for args in [
        ["queens", "8", "--limit", "0"],
        ["queens", "8", "--jobs", "0"],
    ] {
        dancing().args(args).assert().code(2);
    }
}

/// A size beyond the library's range is an error (exit 2) naming the range, said before
/// anything is allocated: 10**12 queens would abort on its allocation, and a pentomino board
/// of 48,000 cells would take more than the 0.9 GB one of 43,200 takes.
#[test]
fn a_front_end_refuses_a_size_beyond_its_range_with_exit_2() {
    for (args, range) in [
        (["queens", "0"], "expected 1 to 1000"),
        (["queens", "1001"], "expected 1 to 1000"),
        (["queens", "1000000000000"], "expected 1 to 1000"),
        (["langford", "0"], "expected 1 to 1000"),
        (["langford", "1000000000"], "expected 1 to 1000"),
    ] {
        let assert = dancing().args(args).arg("--to-dlx").assert().code(2);
        assert!(stderr_of(&assert).contains(range), "{args:?}");
    }
    let board = dancing()
        .args(["polyomino", "200x240", "--copies", "800", "--to-dlx"])
        .assert()
        .code(2);
    assert!(stderr_of(&board).contains("could have 18144000 nodes, but a tiling may have at most"));
}

/// The front ends take the shared flags of `cover` and `sudoku`, with the same meaning.
#[test]
fn the_front_ends_take_the_shared_flags() {
    // --jobs where the work does not split is accepted, and changes nothing.
    let one = dancing()
        .args(["queens", "6", "--all", "--jobs", "2"])
        .assert()
        .success();
    let two = dancing().args(["queens", "6", "--all"]).assert().success();
    assert_eq!(stdout_of(&one), stdout_of(&two));
    // A count stopped at its limit says there may be more.
    dancing()
        .args(["queens", "8", "--count", "--limit", "10"])
        .assert()
        .success()
        .stdout("10+\n");
    // --quiet: the output and the exit code only.
    dancing()
        .args(["polyomino", "6x10", "--symmetry", "--limit", "1", "--quiet"])
        .assert()
        .success()
        .stderr("");
    dancing()
        .args(["queens", "3", "--quiet"])
        .assert()
        .code(1)
        .stderr("");
    // A time budget that runs out is exit code 3, on one thread and on two.
    for jobs in ["1", "2"] {
        let assert = dancing()
            .args([
                "queens",
                "16",
                "--count",
                "--max-time",
                "1ms",
                "--jobs",
                jobs,
            ])
            .assert()
            .code(3);
        assert!(stderr_of(&assert).contains("--max-time"), "{jobs}");
    }
}

#[test]
fn a_node_budget_that_runs_out_exits_with_code_3() {
    let assert = dancing()
        .args(["polyomino", "6x10", "--count", "--max-nodes", "1000"])
        .assert()
        .code(3);
    assert!(stderr_of(&assert).contains("gave up after 1000 nodes"));
    assert!(stdout_of(&assert).is_empty());
}

#[test]
fn stats_go_to_stderr_and_match_those_of_cover_on_the_export() {
    let ours = dancing()
        .args(["queens", "10", "--count", "--stats"])
        .assert()
        .success();
    let export = dancing()
        .args(["queens", "10", "--to-dlx"])
        .assert()
        .success();
    let theirs = dancing()
        .args(["cover", "--count", "--stats"])
        .write_stdin(stdout_of(&export))
        .assert()
        .success();
    let numbers = |text: String| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("elapsed"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(numbers(stderr_of(&ours)), numbers(stderr_of(&theirs)));
    assert_eq!(stdout_of(&ours), "724\n");
}

#[test]
fn domino_tilings_are_counted_once_each_as_a_transfer_matrix_counts_them() {
    // Published too: 2x10 has 89 (a Fibonacci number), 8x8 has 12,988,816.
    assert_eq!(domino_tilings(2, 10), 89);
    for (rows, columns) in [(4, 6), (6, 7), (8, 8)] {
        let size = format!("{rows}x{columns}");
        let copies = (rows * columns / 2).to_string();
        let args = [
            "polyomino",
            &size,
            "--pieces",
            "domino",
            "--copies",
            &copies,
        ];
        assert_eq!(
            u128::from(count(&args)),
            domino_tilings(rows, columns),
            "{size}"
        );
    }
    assert_eq!(domino_tilings(8, 8), 12_988_816);
    assert_counts(
        &["polyomino", "4x6", "--pieces", "domino", "--copies", "12"],
        domino_tilings(4, 6) as u64,
    );
}

#[test]
fn twenty_five_monominoes_fill_5x5_in_one_way_found_at_once() {
    let assert = dancing()
        .args(["polyomino", "5x5", "--pieces", "monomino", "--copies", "25"])
        .args(["--count", "--max-nodes", "100"])
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).trim(), "1");
}

#[test]
fn the_export_gives_a_piece_of_several_copies_its_multiplicity() {
    let args = [
        "polyomino",
        "5x8",
        "--pieces",
        "tetrominoes",
        "--copies",
        "2",
    ];
    let export = dancing().args(args).arg("--to-dlx").assert().success();
    let items = stdout_of(&export)
        .lines()
        .find(|l| !l.starts_with('|'))
        .unwrap()
        .to_owned();
    assert!(
        items.starts_with("2|I4 2|O4 2|T4 2|L4 2|S4 00 01 "),
        "{items}"
    );
    assert_eq!(count_of_export(&args), count(&args));
    // Dominoes alone need no piece item: the cells say everything.
    let dominoes = ["polyomino", "2x3", "--pieces", "domino", "--copies", "3"];
    let export = dancing().args(dominoes).arg("--to-dlx").assert().success();
    let text = stdout_of(&export);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(lines[0], "00 01 02 10 11 12");
    assert_eq!(lines.len(), 1 + 7);
}
