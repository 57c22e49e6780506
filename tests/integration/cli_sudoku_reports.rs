//! `dancing sudoku` through the binary: what `--stats` sums, what `--input-format` forces and
//! what `--progress` counts.

use crate::cli_sudoku::json_lines;
use crate::common;

use common::{
    CLASSIC, CLASSIC_SOLUTION, dancing, puzzles, stderr_of, stdout_of, summary_of_lines, temp_file,
};
use dancing::sudoku::check::verify;
use dancing::sudoku::grid::{Grid, Shape};
use predicates::prelude::*;

// ---------------------------------------------------------------- --stats, --input-format, --progress

#[test]
fn stats_sum_the_nodes_and_updates_of_every_search_and_jsonl_gives_each() {
    let file = "puzzles/sudoku/top95-first20.txt";
    let mut solver = dancing::sudoku::solve::SudokuSolver::new(Shape::CLASSIC);
    let library: Vec<dancing::Stats> = puzzles(file)
        .iter()
        .map(|p| {
            solver.solve(p, 1).unwrap();
            solver.stats()
        })
        .collect();
    let total: dancing::Stats = library.iter().copied().sum();
    for jobs in ["1", "2"] {
        let assert = dancing()
            .args([
                "sudoku", "--stats", "--format", "jsonl", "--jobs", jobs, file,
            ])
            .assert()
            .success();
        let err = stderr_of(&assert);
        assert!(err.contains(&format!("nodes: {}\n", total.nodes)), "{err}");
        assert!(
            err.contains(&format!("updates: {}\n", total.updates)),
            "{err}"
        );
        summary_of_lines(&stdout_of(&assert), &err);
        let objects = json_lines(&stdout_of(&assert));
        for (object, stats) in objects.iter().zip(&library) {
            assert_eq!(object["nodes"], stats.nodes, "{object}");
            assert_eq!(object["updates"], stats.updates, "{object}");
        }
    }
    // Without --stats, no statistics.
    let assert = dancing()
        .args(["sudoku", "--format", "jsonl", file])
        .assert()
        .success();
    assert!(!stdout_of(&assert).contains("\"nodes\""));
    assert!(!stderr_of(&assert).contains("nodes: "));
}

#[test]
fn input_format_forces_the_reader_instead_of_detecting_it() {
    let line = format!("{CLASSIC}\n");
    for forced in ["line", "lines"] {
        dancing()
            .args(["sudoku", "--input-format", forced])
            .write_stdin(line.clone())
            .assert()
            .success()
            .stdout(format!("{CLASSIC_SOLUTION}\n"));
    }
    // Read as a grid, the same line is a row of 81 cells where 9 were expected.
    dancing()
        .args(["sudoku", "--input-format", "grid", "--format", "line"])
        .write_stdin(line.clone())
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains(
            "<stdin>:1:10: found 81 cells, expected 9",
        ));
    // Read as CSV, it has no puzzle column.
    dancing()
        .args(["sudoku", "--input-format", "csv"])
        .write_stdin(line)
        .assert()
        .code(2);
    dancing()
        .args(["sudoku", "--input-format", "xml"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--input-format"));
}

#[test]
fn progress_counts_the_puzzles_answered_and_none_on_empty_input() {
    let assert = dancing()
        .args(["sudoku", "--progress", "puzzles/sudoku/top95-first20.txt"])
        .assert()
        .success();
    let err = stderr_of(&assert);
    assert!(err.lines().any(|l| l.starts_with("20 puzzles, ")), "{err}");
    summary_of_lines(&stdout_of(&assert), &err);

    let (_dir, empty) = temp_file("empty.txt", "");
    let assert = dancing()
        .args(["sudoku", "--progress"])
        .arg(&empty)
        .assert()
        .code(2);
    let err = stderr_of(&assert);
    assert!(err.lines().any(|l| l.starts_with("0 puzzles, ")), "{err}");
    assert!(!err.contains("1 puzzles"), "{err}");
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!((s["puzzles"], s["errors"]), (0, 1));
}

// ---------------------------------------------------------------- shapes in one batch

#[test]
fn files_of_different_shapes_in_one_batch_each_get_a_solver_of_their_shape() {
    // Each worker builds its solver for the first puzzle it gets and again when the shape
    // changes: a 4x4, a 9x9 and a 4x4 again, on one thread and on two.
    let dir = tempfile::tempdir().unwrap();
    let small = "12.4..1.2...4.2.";
    let files = [(small, "a.txt"), (CLASSIC, "b.txt"), (small, "c.txt")];
    for (puzzle, name) in files {
        std::fs::write(dir.path().join(name), format!("{puzzle}\n")).unwrap();
    }
    for jobs in ["1", "2"] {
        let assert = dancing()
            .args(["sudoku", "--format", "line", "--jobs", jobs])
            .args(files.map(|(_, name)| dir.path().join(name)))
            .assert()
            .success();
        let out = stdout_of(&assert);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        for ((puzzle, _), line) in files.iter().zip(&lines) {
            let grid: Grid = puzzle.parse().unwrap();
            let solution: Grid = line.parse().unwrap();
            assert_eq!(verify(&grid, &solution), Ok(()), "{puzzle} -> {line}");
        }
        assert_eq!(lines[1], CLASSIC_SOLUTION);
    }
}
