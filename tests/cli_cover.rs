//! `dancing cover` through the binary: output, counts, statistics, budgets and exit codes.

mod common;

use common::{dancing, stdout_of};
use predicates::prelude::*;

const KNUTH: &str = "puzzles/exact-cover/knuth-example.dlx";

#[test]
fn the_first_solution_is_printed_one_option_a_line_as_written() {
    dancing()
        .args(["cover", KNUTH])
        .assert()
        .success()
        .stdout("A D\nC E F\nB G\n");
}

#[test]
fn a_problem_is_read_from_stdin_when_no_file_is_named() {
    dancing()
        .arg("cover")
        .pipe_stdin(KNUTH)
        .unwrap()
        .assert()
        .success()
        .stdout("A D\nC E F\nB G\n");
}

#[test]
fn count_prints_the_number_of_solutions_alone() {
    dancing()
        .args(["cover", "--count", "puzzles/exact-cover/nqueens-8.dlx"])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn all_with_a_limit_prints_that_many_solutions_separated_by_blank_lines() {
    let assert = dancing()
        .args([
            "cover",
            "--all",
            "--limit",
            "3",
            "puzzles/exact-cover/nqueens-8.dlx",
        ])
        .assert()
        .success();
    let text = stdout_of(&assert);
    let solutions: Vec<&str> = text.trim_end().split("\n\n").collect();
    assert_eq!(solutions.len(), 3);
    for s in solutions {
        assert_eq!(s.lines().count(), 8, "eight queens a solution: {s}");
    }
}

#[test]
fn stats_on_stderr_match_knuth_s_dlx1_on_the_hard_sudoku() {
    dancing()
        .args([
            "cover",
            "--count",
            "--stats",
            "puzzles/exact-cover/sudoku-hard.dlx",
        ])
        .assert()
        .success()
        .stdout("1\n")
        .stderr(
            predicate::str::contains("nodes: 20417\n")
                .and(predicate::str::contains("updates: 348652\n"))
                .and(predicate::str::contains("solutions: 1\n")),
        );
}

#[test]
fn an_unsolvable_problem_says_so_and_exits_1() {
    dancing()
        .arg("cover")
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no solution"));
}

#[test]
fn a_spent_node_budget_exits_3_and_prints_no_count() {
    dancing()
        .args(["cover", "--count", "--max-nodes", "100"])
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("gave up after 100 nodes"));
}

#[test]
fn a_malformed_file_is_reported_with_path_line_and_column_and_exits_2() {
    dancing()
        .arg("cover")
        .write_stdin("A B\nA C\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>: invalid problem: line 2, column 3",
        ));
}

#[test]
fn a_missing_file_exits_2() {
    dancing()
        .args(["cover", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no/such/file.dlx"));
}

#[test]
fn an_option_without_primary_items_is_ignored_with_a_warning() {
    dancing()
        .args(["cover", "--count"])
        .write_stdin("A | x\nA\nx\n")
        .assert()
        .success()
        .stdout("1\n")
        .stderr(predicate::str::contains(
            "<stdin>:3: option has no primary item",
        ));
}

#[test]
fn progress_is_shown_when_asked_for() {
    dancing()
        .args(["cover", "--count", "--progress"])
        .arg("puzzles/exact-cover/pentomino-3x20.dlx")
        .assert()
        .success()
        .stdout("8\n")
        .stderr(
            predicate::str::contains("8 solutions, ")
                .and(predicate::str::contains("100.000% of the tree explored")),
        );
}
