//! `dancing sudoku` through the binary when things go wrong: invalid and unsolvable puzzles,
//! spent budgets, missing and unreadable files, a bad `--glob` pattern, `--quiet`, the exit
//! codes in `--help`, and a closed pipe. The other puzzles of a batch are still solved, each
//! checked against its own puzzle.

use crate::common;

use std::fs;

use common::{
    CLASSIC, assert_solves, binary, dancing, puzzles, stderr_of, stdout_of, summary_of_lines,
    temp_file,
};
use predicates::prelude::*;

// ---------------------------------------------------------------- failures and exit codes

#[test]
fn invalid_puzzles_name_the_digit_and_both_cells_and_exit_1() {
    let assert = dancing()
        .args(["sudoku", "puzzles/sudoku/invalid.txt"])
        .assert()
        .code(1)
        .stdout("invalid\ninvalid\ninvalid\n");
    let err = stderr_of(&assert);
    for message in [
        "puzzles/sudoku/invalid.txt:2: invalid: digit 5 appears twice in row 1: at r1c1 and r1c2",
        "puzzles/sudoku/invalid.txt:3: invalid: digit 5 appears twice in column 1: at r1c1 and r9c1",
        "puzzles/sudoku/invalid.txt:4: invalid: digit 8 appears twice in box 1: at r2c2 and r3c3",
    ] {
        assert!(err.contains(message), "missing {message:?} in {err}");
    }
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!((s["puzzles"], s["invalid"], s["errors"]), (3, 3, 0));
}

/// A puzzle of `side * side` blank cells but for `givens` (1-based row, column, character),
/// on one line.
fn line_with(side: usize, givens: &[(usize, usize, char)]) -> String {
    let mut cells = vec!['.'; side * side];
    for &(row, col, ch) in givens {
        cells[(row - 1) * side + col - 1] = ch;
    }
    cells.into_iter().collect()
}

#[test]
fn conflicting_givens_on_letter_boards_are_named_in_the_boards_own_symbols() {
    // A 25x25 board in A-Y (K is digit 11) and a hexadoku in 0-F (its 0 says so; E is digit
    // 15): every command that reads the puzzle names the repeated digit as the board writes
    // it, in its words and in its JSON.
    for (side, givens, words) in [
        (
            25,
            [(2, 3, 'K'), (2, 20, 'K'), (5, 5, 'B')],
            "digit K appears twice in row 2: at r2c3 and r2c20",
        ),
        (
            16,
            [(1, 1, '0'), (1, 5, 'E'), (13, 5, 'E')],
            "digit E appears twice in column 5: at r1c5 and r13c5",
        ),
    ] {
        let (_dir, file) = temp_file("conflict.txt", line_with(side, &givens));
        let file = file.to_str().unwrap();
        let said = format!("{file}:1: invalid: {words}");
        for args in [
            vec!["sudoku", file],
            vec!["sudoku", "hint", file],
            vec!["sudoku", "rate", file],
        ] {
            let assert = dancing().args(&args).assert().code(1);
            let err = stderr_of(&assert);
            assert!(err.contains(&said), "{args:?}: {err}");
        }
        let assert = dancing()
            .args(["sudoku", file, "--to-dlx"])
            .assert()
            .code(2);
        let err = stderr_of(&assert);
        assert!(err.contains(&format!("{file}:1: {words}")), "{err}");
        for (args, field) in [
            (vec!["sudoku", file, "--format", "jsonl"], "error"),
            (vec!["sudoku", "hint", file, "--format", "jsonl"], "text"),
            (vec!["sudoku", "rate", file, "--format", "jsonl"], "error"),
        ] {
            let assert = dancing().args(&args).assert().code(1);
            let record: serde_json::Value =
                serde_json::from_str(stdout_of(&assert).trim()).unwrap();
            assert_eq!(record[field], words, "{args:?}: {record}");
        }
    }
}

#[test]
fn unsolvable_puzzles_say_so_and_exit_1() {
    let assert = dancing()
        .args(["sudoku", "puzzles/sudoku/unsolvable.txt"])
        .assert()
        .code(1)
        .stdout("unsolvable\nunsolvable\n");
    let err = stderr_of(&assert);
    assert!(
        err.contains("unsolvable.txt:2: unsolvable: no solution"),
        "{err}"
    );
    assert!(
        err.contains("unsolvable.txt:4: unsolvable: no solution"),
        "{err}"
    );
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!((s["puzzles"], s["unsolvable"]), (2, 2));
}

#[test]
fn a_spent_node_budget_gives_up_and_exits_3() {
    let assert = dancing()
        // On Knuth's tree: the band engine solves some of these at its root, in one node.
        .args(["sudoku", "--engine", "links", "--max-nodes", "1"])
        .arg("puzzles/sudoku/hardest.txt")
        .assert()
        .code(3)
        .stdout("gave-up\n".repeat(11));
    let err = stderr_of(&assert);
    assert!(
        err.contains("hardest.txt:1: gave-up: gave up after"),
        "{err}"
    );
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!((s["puzzles"], s["gave up"]), (11, 11));
}

#[test]
fn a_large_enough_node_or_time_budget_changes_nothing() {
    for budget in [["--max-nodes", "100000000"], ["--max-time", "1h"]] {
        let assert = dancing()
            .arg("sudoku")
            .args(budget)
            .arg("puzzles/sudoku/hardest.txt")
            .assert()
            .success()
            .stdout(fs::read_to_string("puzzles/sudoku/hardest.solutions.txt").unwrap());
        summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    }
}

#[test]
fn a_spent_time_budget_gives_up_on_each_puzzle_that_runs_past_it_and_exits_3() {
    // The empty grid has billions of solutions: counting them runs past any budget. The
    // classic puzzle is solved long before the first look at the clock.
    let empty = ".".repeat(81);
    let (_dir, path) = temp_file("two.txt", format!("{empty}\n{CLASSIC}\n{empty}\n"));
    let assert = dancing()
        .args([
            "sudoku",
            "--count",
            "--limit",
            "1000000000000",
            "--max-time",
            "0",
        ])
        .arg(&path)
        .assert()
        .code(3);
    let out = stdout_of(&assert);
    assert_eq!(out, "gave-up\n1\ngave-up\n");
    let err = stderr_of(&assert);
    assert!(
        err.contains("two.txt:1: gave-up: gave up after 0 s (--max-time)"),
        "{err}"
    );
    let s = summary_of_lines(&out, &err);
    assert_eq!((s["gave up"], s["solved"]), (2, 1));
}

/// BUG (src/cli/sudoku/batch.rs, `Batch::solved`, line format with `--count`): a puzzle whose
/// search gave up is printed as the count `0`, which says "no solution" (the same line as an
/// unsolvable puzzle) although the answer is unknown; every puzzle of hardest.txt has exactly
/// one solution. The line should be the status, `gave-up` (docs/guide.md: "a puzzle without a
/// solution gets a line with its status instead"; `dancing cover --count` prints no count
/// when the budget runs out).
#[test]
fn count_with_a_spent_budget_prints_gave_up_rather_than_a_zero_count() {
    let assert = dancing()
        .args([
            "sudoku",
            "--count",
            // On Knuth's tree: the band engine solves some of these at its root.
            "--engine",
            "links",
            "--max-nodes",
            "1",
            "puzzles/sudoku/hardest.txt",
        ])
        .assert()
        .code(3)
        .stdout("gave-up\n".repeat(11));
    summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
}

#[test]
fn a_missing_file_is_named_and_exits_2_and_the_others_are_still_solved() {
    let assert = dancing()
        .args(["sudoku", "no/such/file.txt", "puzzles/sudoku/hardest.txt"])
        .assert()
        .code(2)
        .stdout(fs::read_to_string("puzzles/sudoku/hardest.solutions.txt").unwrap());
    let err = stderr_of(&assert);
    assert!(
        err.contains("dancing: no/such/file.txt: cannot read: "),
        "{err}"
    );
    assert_eq!(
        err.matches("no/such/file.txt").count(),
        1,
        "named once: {err}"
    );
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!((s["puzzles"], s["solved"], s["errors"]), (11, 11, 1));
}

#[test]
fn a_bad_glob_is_named_with_its_column_before_any_puzzle_and_exits_2() {
    for (glob, message) in [
        (
            "*.{txt,sdk",
            "dancing: --glob `*.{txt,sdk`: column 3: an unclosed `{` (`\\{` is the character)\n",
        ),
        (
            "!a[",
            "dancing: --glob `!a[`: column 3: an unclosed `[` (`\\[` is the character)\n",
        ),
    ] {
        dancing()
            .args(["sudoku", "--glob", glob, "puzzles/sudoku/hardest.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(message);
    }
}

#[test]
fn a_file_that_is_not_utf8_is_one_invalid_puzzle_counted_once_and_exits_2() {
    let (_dir, path) = temp_file("latin1.txt", b"\xff\xfe not UTF-8\n");
    let assert = dancing()
        .arg("sudoku")
        .arg(&path)
        .assert()
        .code(2)
        .stdout("invalid\n");
    let err = stderr_of(&assert);
    assert!(
        err.contains("latin1.txt:1:1: found bytes that are not UTF-8"),
        "{err}"
    );
    let s = summary_of_lines(&stdout_of(&assert), &err);
    assert_eq!(
        (s["puzzles"], s["invalid"], s["errors"]),
        (1, 1, 0),
        "{err}"
    );
    assert!(
        err.contains("1 invalid puzzle could not be read: an input error (exit 2)"),
        "{err}"
    );
}

#[test]
fn quiet_drops_the_summary_but_not_the_errors() {
    dancing()
        .args(["sudoku", "--quiet", "no/such/file.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("no/such/file.txt")
                .and(predicate::str::contains("puzzles:").not()),
        );
    dancing()
        .args(["sudoku", "-q", "puzzles/sudoku/top95-first20.txt"])
        .assert()
        .success()
        .stderr("");
    // No per-puzzle message either: the output lines and the exit code tell it all.
    dancing()
        .args(["sudoku", "-q", "puzzles/sudoku/invalid.txt"])
        .args(["puzzles/sudoku/unsolvable.txt", "puzzles/batch/"])
        .assert()
        .code(2)
        .stderr("");
}

/// BUG (src/sudoku/read.rs, grid format recovery): a file whose only line is `12y` (a bad
/// row that starts a grid and the end of the input) yields two errors, the bad cell at 1:3
/// and "grid ended after 1 row" at 2:1, so one broken puzzle gets two `invalid` output lines
/// and two errors in the summary. The reader's docs promise "A bad puzzle yields one error".
#[test]
fn a_file_holding_one_broken_short_grid_gets_one_invalid_line() {
    let (_dir, path) = temp_file("short.txt", "12y\n");
    let assert = dancing().arg("sudoku").arg(&path).assert().code(2);
    let err = stderr_of(&assert);
    assert!(err.contains("short.txt:1:3: found 'y'"), "{err}");
    assert_eq!(stdout_of(&assert), "invalid\n", "{err}");
    summary_of_lines(&stdout_of(&assert), &err);
}

#[test]
fn help_mentions_the_exit_codes() {
    dancing()
        .args(["sudoku", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Exit codes")
                .and(predicate::str::contains("0 every puzzle solved"))
                .and(predicate::str::contains("3 --max-nodes")),
        );
}

#[test]
fn writing_into_a_closed_pipe_ends_quietly_with_exit_0() {
    // About 12,000 puzzles, some 960 KB of answers: far more than a pipe holds, so the
    // writes after `head` exits must fail with a broken pipe.
    let top1465 = "puzzles/sudoku/top1465.txt";
    let dir = tempfile::tempdir().unwrap();
    let stderr_file = dir.path().join("stderr");
    let bin = binary();
    let status_and_first = std::process::Command::new("bash")
        .arg("-c")
        .arg(r#"out=$(2>"$1" "$0" sudoku "${@:2}" | head -1; echo "status ${PIPESTATUS[0]}"); echo "$out""#)
        .arg(&bin)
        .arg(&stderr_file)
        .args(std::iter::repeat_n(top1465, 8))
        .output()
        .unwrap();
    assert!(status_and_first.status.success());
    let out = String::from_utf8(status_and_first.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_solves(&puzzles(top1465)[0], lines[0]);
    assert_eq!(
        lines[1], "status 0",
        "dancing's exit status (141 = killed by SIGPIPE)"
    );
    let err = fs::read_to_string(&stderr_file).unwrap();
    assert!(!err.contains("error"), "{err}");
    assert!(!err.to_lowercase().contains("broken pipe"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
