//! `dancing sudoku` on every size and variant, through the binary: the published puzzles of
//! `puzzles/shapes` and `puzzles/variants` solve to their published solutions, written in the
//! puzzle's own symbols and accepted by the independent checker (`check::verify_under`, run
//! here on the output, not only by `--check`); `--to-dlx` piped into `dancing cover` gives the
//! same answer; Knuth's count of the empty grids; errors for regions that do not fit.

use crate::common;

use std::path::Path;

use common::{dancing, stderr_of, stdout_of, temp_file};
use dancing::sudoku::check::verify_under;
use dancing::sudoku::export::decode_option;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::rules::{Jigsaw, Rules, parse_regions};
use dancing::sudoku::symbols::Symbols;
use predicates::prelude::*;

/// The `PUZZLE SOLUTION` lines of a published file (`#` lines are comments).
fn published(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (p, s) = l.split_once(' ').expect("a puzzle and its solution");
            (p.to_owned(), s.trim().to_owned())
        })
        .collect()
}

/// A grid of `shape` from one line of text in the convention detected for `puzzle`.
fn grid(shape: Shape, puzzle: &str, text: &str) -> Grid {
    let symbols = Symbols::detect(shape, puzzle.chars());
    let cells = text
        .chars()
        .map(|c| symbols.cell(shape, c).expect("a cell"))
        .collect();
    Grid::from_cells(shape, cells).expect("a grid")
}

/// Solves `path` with `flags` through the binary (one thread, --unique, --check), and checks
/// every answer line: the published solution, verified independently under `rules`.
fn solves_as_published(path: &str, flags: &[&str], rules: &Rules) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let assert = dancing()
        .args([
            "sudoku", "--jobs", "1", "--unique", "--check", "--format", "line",
        ])
        .args(flags)
        .arg(&file)
        .assert()
        .success();
    let out = stdout_of(&assert);
    let answers: Vec<&str> = out.lines().collect();
    let expected = published(path);
    assert_eq!(answers.len(), expected.len(), "{path}");
    for (k, ((puzzle, solution), answer)) in expected.iter().zip(answers).enumerate() {
        assert_eq!(answer, solution, "{path} #{}", k + 1);
        let shape = rules.shape();
        let (p, s) = (grid(shape, puzzle, puzzle), grid(shape, puzzle, answer));
        assert_eq!(verify_under(rules, &p, &s), Ok(()), "{path} #{}", k + 1);
    }
}

fn boxes(rows: usize, cols: usize) -> Shape {
    Shape::with_boxes(rows, cols).expect("a shape")
}

fn file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect(path)
}

#[test]
fn published_puzzles_of_the_small_and_rectangular_sizes_solve_with_their_size_detected() {
    let cases: [(&str, &[&str], Shape); 4] = [
        ("puzzles/shapes/4x4.txt", &[], boxes(2, 2)),
        ("puzzles/shapes/6x6.txt", &[], boxes(2, 3)),
        (
            "puzzles/shapes/6x6-boxes-3x2.txt",
            &["--box", "3x2"],
            boxes(3, 2),
        ),
        (
            "puzzles/shapes/12x12-boxes-4x3.txt",
            &["--box", "4x3"],
            boxes(4, 3),
        ),
    ];
    for (path, flags, shape) in cases {
        solves_as_published(path, flags, &Rules::classic(shape));
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_answer_in_their_own_symbols_hex_or_1_to_g() {
    solves_as_published(
        "puzzles/shapes/16x16.txt",
        &[],
        &Rules::classic(boxes(4, 4)),
    );
}

#[test]
fn every_variant_solves_with_its_flags() {
    let v = |name: &str| format!("puzzles/variants/{name}");
    let nine = Shape::CLASSIC;
    let jigsaw = Jigsaw::parse(&file(&v("jigsaw-janko-108.regions"))).expect("regions");
    let extra = |shape: Shape, name: &str| {
        parse_regions(&file(&v(name)))
            .expect("regions")
            .into_iter()
            .try_fold(Rules::classic(shape), |r, region| r.with_region(region))
            .expect("regions fit")
    };
    let cases = [
        (
            "x.txt",
            vec!["--x".to_string()],
            Rules::classic(nine).with_x(),
        ),
        (
            "hyper.txt",
            vec!["--hyper".into()],
            Rules::classic(nine).with_hyper().expect("square boxes"),
        ),
        (
            "jigsaw-janko-108.txt",
            vec!["--jigsaw".into(), v("jigsaw-janko-108.regions")],
            Rules::classic(nine).with_jigsaw(jigsaw).expect("9x9"),
        ),
        (
            "anti-knight.txt",
            vec!["--anti-knight".into()],
            Rules::classic(nine).with_anti_knight(),
        ),
        (
            "anti-king-6x6.txt",
            vec!["--anti-king".into()],
            Rules::classic(boxes(2, 3)).with_anti_king(),
        ),
        (
            "extra-regions-9x9.txt",
            vec!["--extra-regions".into(), v("extra-regions-9x9.regions")],
            extra(nine, "extra-regions-9x9.regions"),
        ),
        (
            "extra-regions-6x6.txt",
            vec!["--extra-regions".into(), v("extra-regions-6x6.regions")],
            extra(boxes(2, 3), "extra-regions-6x6.regions"),
        ),
    ];
    for (name, flags, rules) in cases {
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let dir = env!("CARGO_MANIFEST_DIR");
        let flags: Vec<String> = flags
            .iter()
            .map(|f| {
                if f.starts_with("puzzles/") {
                    format!("{dir}/{f}")
                } else {
                    (*f).to_string()
                }
            })
            .collect();
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        solves_as_published(&v(name), &flags, &rules);
    }
}

/// The answer of `dancing cover` on `--to-dlx`'s problem, as a grid: the puzzle's givens
/// and the cells of the options chosen.
fn through_cover(puzzle: &str, flags: &[&str], shape: Shape) -> (Grid, u64) {
    let dlx = stdout_of(
        &dancing()
            .args(["sudoku", "--to-dlx"])
            .args(flags)
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success(),
    );
    let (_dir, path) = temp_file("puzzle.dlx", &dlx);
    let chosen = stdout_of(&dancing().arg("cover").arg(&path).assert().success());
    let mut grid = grid(shape, puzzle, puzzle);
    for line in chosen.lines() {
        let (row, col, digit) = decode_option(line).expect("an option of the export");
        grid.set(row, col, digit);
    }
    let count = stdout_of(
        &dancing()
            .args(["cover", "--count"])
            .arg(&path)
            .assert()
            .success(),
    );
    (grid, count.trim().parse().expect("a count"))
}

#[test]
fn to_dlx_piped_into_cover_gives_the_published_solution_and_one_solution() {
    let v = env!("CARGO_MANIFEST_DIR").to_string() + "/puzzles/variants/";
    let jigsaw = format!("{v}jigsaw-janko-108.regions");
    let cases: [(&str, Vec<&str>, Shape); 4] = [
        ("puzzles/shapes/6x6.txt", vec![], boxes(2, 3)),
        ("puzzles/variants/x.txt", vec!["--x"], Shape::CLASSIC),
        (
            "puzzles/variants/anti-knight.txt",
            vec!["--anti-knight"],
            Shape::CLASSIC,
        ),
        (
            "puzzles/variants/jigsaw-janko-108.txt",
            vec!["--jigsaw", &jigsaw],
            Shape::CLASSIC,
        ),
    ];
    for (path, flags, shape) in cases {
        let (puzzle, solution) = published(path).remove(0);
        let (answer, count) = through_cover(&puzzle, &flags, shape);
        assert_eq!(answer, grid(shape, &puzzle, &solution), "{path}");
        assert_eq!(count, 1, "{path}");
    }
}

#[test]
fn the_empty_4x4_grid_has_knuths_288_solutions() {
    dancing()
        .args(["sudoku", "--count", "--limit", "1000", "--size", "4"])
        .write_stdin("................\n")
        .assert()
        .success()
        .stdout("288\n");
}

/// Knuth, TAOCP 7.2.2.1: 28,200,960. Minutes in release mode:
/// `cargo test --release --test integration cli_shapes:: -- --ignored`.
#[test]
#[ignore]
fn the_empty_6x6_grid_with_2x3_boxes_has_28200960_solutions() {
    dancing()
        .args(["sudoku", "--count", "--limit", "100000000", "--box", "2x3"])
        .write_stdin(".".repeat(36) + "\n")
        .assert()
        .success()
        .stdout("28200960\n");
}

#[test]
fn a_grid_of_sixteen_rows_is_read_as_16x16_and_answered_as_a_grid() {
    let (puzzle, solution) = published("puzzles/shapes/16x16.txt").remove(0);
    let rows: Vec<String> = puzzle
        .as_bytes()
        .chunks(16)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    let expected: String = solution
        .as_bytes()
        .chunks(16)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|&c| char::from(c).to_string()).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    dancing()
        .args(["sudoku"])
        .write_stdin(rows.join("\n") + "\n")
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn regions_that_do_not_fit_are_errors_naming_the_file_and_the_problem() {
    let (_dir, path) = temp_file("bad.regions", "# one region\nr1c1 r1c2 rXc3\n");
    dancing()
        .args(["sudoku", "--extra-regions"])
        .arg(&path)
        .write_stdin(".".repeat(81) + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}:2:11: found \"rXc3\", expected a cell such as r1c1",
            path.display()
        )));
    dancing()
        .args(["sudoku", "--jigsaw", "AABBAABBCCDDCCDD", "--size", "9"])
        .write_stdin(".".repeat(81) + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "regions for a 4x4 grid, but the grid is 9x9",
        ));
    dancing()
        .args(["sudoku", "--hyper", "--box", "2x3"])
        .write_stdin(".".repeat(36) + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("hyper Sudoku needs square boxes"));
    let assert = dancing()
        .args(["sudoku", "--size", "7"])
        .write_stdin(".".repeat(49) + "\n")
        .assert()
        .code(2);
    assert!(stderr_of(&assert).contains("--size 7: expected 4, 6, 8, 9, 10, 12, 16, 25 or 36"));
}

#[test]
fn a_puzzle_of_the_wrong_size_for_size_is_an_error_at_its_line() {
    // Too short for a line of 36 cells, the line is read as a grid row, and the grid ends:
    // the message names both readings, at the line's end.
    dancing()
        .args(["sudoku", "--size", "6", "--format", "line"])
        .write_stdin("..3..1....4..4..\n")
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains(
            "<stdin>:1:17: found 16 cells on a line, expected a puzzle on one line (36 cells \
             for 6x6) or a grid of 6 rows of 6 cells",
        ));
}

#[test]
fn a_long_search_shows_which_puzzle_it_is_and_gives_up_at_the_node_budget() {
    // The third line of puzzles/shapes/25x25.txt is its first puzzle, far beyond 300,000
    // nodes on the propagating engine (the default learns, and solves it at once).
    // DANCING_LONG_AFTER_NODES (for tests) makes a search long after a node count,
    // not after seconds, so the progress line comes without timing; with stderr not a
    // terminal, --progress writes it as a line of its own.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/shapes/25x25.txt");
    for jobs in ["1", "2"] {
        let assert = dancing()
            .env("DANCING_LONG_AFTER_NODES", "100000")
            .args([
                "sudoku",
                "--engine",
                "propagate",
                "--progress",
                "--max-nodes",
                "300000",
                "--jobs",
                jobs,
            ])
            .arg(&file)
            .assert()
            .code(3);
        let out = stdout_of(&assert);
        assert_eq!(out.lines().next(), Some("gave-up"), "{out}");
        let err = stderr_of(&assert);
        let progress = format!("{}:3: searching: ", file.display());
        let line = err
            .lines()
            .find(|l| l.contains(&progress))
            .unwrap_or_else(|| panic!("no progress line for line 3: {err}"));
        let nodes: u64 = line
            .split(&progress)
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!((100_000..300_000).contains(&nodes), "{line}");
        assert!(line.contains("% of the tree explored"), "{line}");
        assert!(err.contains("gave up after 300000 nodes"), "{err}");
    }
}

#[test]
fn without_progress_a_long_search_says_nothing_until_it_ends() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/shapes/25x25.txt");
    let assert = dancing()
        .env("DANCING_LONG_AFTER_NODES", "100000")
        .args(["sudoku", "--engine", "propagate", "--max-nodes", "300000"])
        .args(["--jobs", "1"])
        .arg(&file)
        .assert()
        .code(3);
    assert!(!stderr_of(&assert).contains("searching:"));
}
