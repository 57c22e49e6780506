//! Issue 23 through the binary: the ssuds layout (blank lines between bands), `*` and `x`
//! as blanks, `hint` and `rate` refusing conflicting givens, `rate`'s shared flags (jobs,
//! budgets, jsonl, quiet), `generate --max-time`, `cover --merge` with flags anywhere (in
//! tests/distributed.rs), and the reworded messages, each pinned here with its exact words;
//! then the flags each command takes, a directory without puzzles, and a FIFO in a
//! directory (skipped and named, never waited for).

use crate::common;

use common::{CLASSIC, CLASSIC_SOLUTION, dancing, stderr_of, stdout_of, temp_file};
use serde_json::Value;

/// The classic puzzle with two 5s in row 1: r1c1 and r1c2 (the 3 of r1c2 made a 5).
fn conflicting() -> String {
    CLASSIC.replacen('3', "5", 1)
}

const CONFLICT: &str = "digit 5 appears twice in row 1: at r1c1 and r1c2";

#[test]
fn a_grid_in_bands_separated_by_blank_lines_is_one_puzzle_and_is_solved() {
    // ssuds' layout: a comment, groups of three, a blank line between bands.
    let rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = String::from_utf8_lossy(r).replace('.', "0");
            format!("{}  {}  {}", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let text = format!(
        "# a puzzle\n\n{}\n\n{}\n\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    dancing()
        .args(["sudoku", "--format", "line"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLUTION}\n"));
}

#[test]
fn stars_and_xs_are_blanks_in_lines_and_grids() {
    for blank in ["*", "x", "X"] {
        let line = CLASSIC.replace('.', blank);
        let grid: String = line
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
            .collect();
        for text in [format!("{line}\n"), grid] {
            dancing()
                .args(["sudoku", "--format", "line"])
                .write_stdin(text)
                .assert()
                .success()
                .stdout(format!("{CLASSIC_SOLUTION}\n"));
        }
    }
}

#[test]
fn hint_refuses_conflicting_givens_naming_the_digit_and_both_cells_with_exit_1() {
    for flags in [&[][..], &["--all-steps"][..]] {
        let assert = dancing()
            .args(["sudoku", "hint"])
            .args(flags)
            .write_stdin(format!("{}\n", conflicting()))
            .assert()
            .code(1)
            .stdout("");
        assert_eq!(
            stderr_of(&assert),
            format!("dancing: <stdin>:1: invalid: {CONFLICT}\n")
        );
    }
    // Quiet: the exit code alone tells it.
    dancing()
        .args(["sudoku", "hint", "-q"])
        .write_stdin(format!("{}\n", conflicting()))
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
}

#[test]
fn hint_on_a_full_grid_says_it_is_solved_rather_than_solved_by_singles() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    dancing()
        .args(["sudoku", "hint"])
        .write_stdin(format!("{solved}\n"))
        .assert()
        .success()
        .stdout("the grid is full and breaks no rule: it is solved\n");
    let assert = dancing()
        .args(["sudoku", "hint", "--format", "jsonl"])
        .write_stdin(format!("{solved}\n"))
        .assert()
        .success();
    let record: Value = serde_json::from_str(stdout_of(&assert).trim()).unwrap();
    assert_eq!(record["end"], "full");
}

/// The puzzles and published solutions of `puzzles/shapes/FILE`, `PUZZLE SOLUTION` a line.
fn shape_puzzles(file: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(format!("puzzles/shapes/{file}")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (puzzle, solution) = l.split_once(' ').unwrap();
            (puzzle.to_owned(), solution.trim().to_owned())
        })
        .collect()
}

#[test]
fn hint_names_the_digits_of_a_letter_board_or_a_hexadoku_as_the_board_writes_them() {
    // 25x25 in A-Y and hexadoku in 0-F: each step's words end with the character the
    // published solution has in the step's cell, which is not the digit's number.
    for (file, side) in [("25x25.txt", 25), ("16x16.txt", 16)] {
        let (puzzle, solution) = shape_puzzles(file).remove(0);
        let assert = dancing()
            .args(["sudoku", "hint", "--all-steps", "--format", "jsonl"])
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success();
        let records: Vec<Value> = stdout_of(&assert)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let mut named_apart = 0;
        for step in records.iter().filter(|r| r.get("row").is_some()) {
            let (row, col) = (step["row"].as_u64().unwrap(), step["col"].as_u64().unwrap());
            let symbol = solution.as_bytes()[((row - 1) * side + col - 1) as usize] as char;
            let text = step["text"].as_str().unwrap();
            let named = text.strip_prefix(&format!("r{row}c{col} can only be "));
            let named = named.or_else(|| text.split(", ").nth(1)?.split(' ').next());
            assert_eq!(named, Some(&*symbol.to_string()), "{file}: {text}");
            named_apart +=
                usize::from(symbol.to_digit(10) != step["digit"].as_u64().map(|d| d as u32));
        }
        assert!(named_apart > 0, "{file}: every symbol is its number");
        // The words of the line format are the same.
        let first = dancing()
            .args(["sudoku", "hint"])
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success();
        assert_eq!(
            stdout_of(&first).trim(),
            records[0]["text"].as_str().unwrap()
        );
    }
}

#[test]
fn hint_writes_its_steps_as_json_lines_when_asked() {
    let assert = dancing()
        .args(["sudoku", "hint", "--all-steps", "--format", "jsonl"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success();
    let objects: Vec<Value> = stdout_of(&assert)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let blanks = CLASSIC.bytes().filter(|&b| b == b'.').count();
    assert_eq!(objects.len(), blanks + 1);
    // Every step places the digit of the solution, and the last object says how it ended.
    for step in &objects[..blanks] {
        let (row, col) = (step["row"].as_u64().unwrap(), step["col"].as_u64().unwrap());
        let index = ((row - 1) * 9 + col - 1) as usize;
        let digit = step["digit"].as_u64().unwrap();
        assert_eq!(
            CLASSIC_SOLUTION.as_bytes()[index],
            b'0' + digit as u8,
            "{step}"
        );
    }
    assert_eq!(objects[blanks]["end"], "solved");
}

#[test]
fn rate_refuses_conflicting_givens_as_sudoku_does() {
    let assert = dancing()
        .args(["sudoku", "rate"])
        .write_stdin(format!("{}\n", conflicting()))
        .assert()
        .code(1)
        .stdout("unrated\n");
    assert_eq!(
        stderr_of(&assert),
        format!("dancing: <stdin>:1: invalid: {CONFLICT}\n")
    );
    let sudoku = dancing()
        .arg("sudoku")
        .write_stdin(format!("{}\n", conflicting()))
        .assert()
        .code(1);
    assert!(stderr_of(&sudoku).contains(CONFLICT));
}

#[test]
fn rate_on_many_threads_answers_in_input_order_exactly_as_on_one() {
    let file = "puzzles/sudoku/top95-first20.txt";
    let one = dancing()
        .args(["sudoku", "rate", "--jobs", "1", file])
        .assert()
        .success();
    let two = dancing()
        .args(["sudoku", "rate", "--jobs", "2", file])
        .assert()
        .success();
    assert_eq!(stdout_of(&one), stdout_of(&two));
    assert_eq!(stdout_of(&one).lines().count(), 20);
    // A directory is walked as `dancing sudoku` walks it: both files, in sorted order.
    let (dir, _) = temp_file("a.txt", format!("{CLASSIC}\n{}\n", conflicting()));
    std::fs::write(dir.path().join("b.txt"), format!("{CLASSIC}\n")).unwrap();
    let assert = dancing()
        .args(["sudoku", "rate", "-q", "--format", "jsonl"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr("");
    let objects: Vec<Value> = stdout_of(&assert)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let statuses: Vec<&str> = objects
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["rated", "invalid", "rated"]);
    assert_eq!(objects[1]["error"], CONFLICT);
    assert!(objects[2]["source"].as_str().unwrap().ends_with("b.txt:1"));
}

#[test]
fn rate_gives_up_on_a_puzzle_whose_budget_runs_out_with_exit_3() {
    let assert = dancing()
        .args(["sudoku", "rate", "--max-nodes", "5"])
        .arg("puzzles/sudoku/hardest.txt")
        .assert()
        .code(3);
    let err = stderr_of(&assert);
    assert!(
        err.contains("hardest.txt:1: gave-up: gave up after 5 nodes"),
        "{err}"
    );
    assert!(stdout_of(&assert).lines().all(|l| l == "unrated"));
    let assert = dancing()
        .args(["sudoku", "rate", "--max-time", "0"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert();
    // The classic puzzle may be rated before the clock is read: either answer is right, and
    // a budget spent is said with `sudoku`'s words.
    let code = assert.get_output().status.code();
    if code == Some(3) {
        assert!(stderr_of(&assert).contains("gave up after 0 s (--max-time)"));
    } else {
        assert_eq!(code, Some(0));
    }
}

#[test]
fn generate_stops_when_max_time_runs_out_and_says_so_with_exit_3() {
    let assert = dancing()
        .args(["sudoku", "generate", "--count", "100000", "--max-time", "0"])
        .assert()
        .code(3)
        .stdout("");
    assert_eq!(
        stderr_of(&assert),
        "dancing: 100000 of 100000 puzzles not made: --max-time ran out; a longer time makes \
         them\n"
    );
}

#[test]
fn an_input_without_a_puzzle_says_what_was_expected() {
    let assert = dancing()
        .args(["sudoku", "rate"])
        .write_stdin("# nothing\n")
        .assert()
        .code(2)
        .stdout("");
    assert_eq!(
        stderr_of(&assert),
        "dancing: <stdin>:2:1: no puzzle found: expected puzzles one a line, as grids of rows, \
         or in a CSV column `puzzle`; the input is empty or holds only comments, blank lines \
         and headers\n"
    );
}

#[test]
fn a_csv_without_a_puzzle_column_names_the_columns_expected() {
    let assert = dancing()
        .args(["sudoku", "--input-format", "csv"])
        .write_stdin("id,grid\n1,2\n")
        .assert()
        .code(2);
    assert!(
        stderr_of(&assert).contains(
            "<stdin>:1:1: found a CSV header without a `puzzle` or `quizzes` column, expected \
             one of them to name the column of puzzles"
        ),
        "{}",
        stderr_of(&assert)
    );
}

#[test]
fn a_problem_file_that_is_not_utf8_says_so_and_what_to_do() {
    let (_dir, path) = temp_file("bad.dlx", b"a b\na \xFF\n");
    let assert = dancing().arg("cover").arg(&path).assert().code(2);
    assert!(
        stderr_of(&assert).contains(
            ":2:3: found bytes that are not UTF-8, expected UTF-8 text: save the file as UTF-8"
        ),
        "{}",
        stderr_of(&assert)
    );
}

#[test]
fn a_shard_out_of_range_is_quoted_with_what_was_expected() {
    let assert = dancing()
        .args(["cover", "--count", "--parts", "p.jsonl", "--shard", "5/3"])
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .code(2);
    assert!(
        stderr_of(&assert).contains("found `5/3`, expected I/K with 0 <= I < K, as in 3/100"),
        "{}",
        stderr_of(&assert)
    );
}

#[test]
fn a_time_too_long_for_max_time_is_refused_with_the_limit() {
    let assert = dancing()
        .args(["sudoku", "--max-time", "99999999999999999999"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .code(2);
    assert!(
        stderr_of(&assert)
            .contains("found `99999999999999999999`, expected a time shorter than 2^63 seconds"),
        "{}",
        stderr_of(&assert)
    );
}

#[test]
fn hint_takes_no_search_flags_since_it_does_not_search() {
    for flag in [
        "--jobs=2",
        "--max-nodes=5",
        "--max-time=1s",
        "--stats",
        "--progress",
    ] {
        let assert = dancing()
            .args(["sudoku", "hint", flag])
            .write_stdin(format!("{CLASSIC}\n"))
            .assert()
            .code(2)
            .stdout("");
        let flag = flag.split('=').next().unwrap();
        assert!(
            stderr_of(&assert).contains(&format!("unexpected argument '{flag}'")),
            "{flag}"
        );
    }
}

#[test]
fn a_directory_without_a_puzzle_file_is_an_input_error_that_says_what_was_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().display().to_string();
    let assert = dancing()
        .args(["sudoku", &empty])
        .assert()
        .code(2)
        .stdout("");
    assert!(
        stderr_of(&assert).starts_with(&format!(
            "dancing: {empty}: no puzzle file below it (0 left out: hidden, not regular files, or \
             not matching the file patterns, which --glob sets)\n"
        )),
        "{}",
        stderr_of(&assert)
    );
    std::fs::write(dir.path().join("notes.md"), "not a puzzle").unwrap();
    let assert = dancing().args(["sudoku", &empty]).assert().code(2);
    assert!(stderr_of(&assert).contains("(1 left out"));
    // A puzzle file beside it is solved, and nothing is said about the directory.
    std::fs::write(dir.path().join("one.txt"), format!("{CLASSIC}\n")).unwrap();
    let assert = dancing().args(["sudoku", "-q", &empty]).assert().success();
    assert_eq!(stdout_of(&assert), format!("{CLASSIC_SOLUTION}\n"));
}

#[test]
fn generate_with_stats_says_how_many_were_made_and_how_fast() {
    let assert = dancing()
        .args([
            "sudoku", "generate", "--count", "2", "--seed", "7", "--stats", "-q",
        ])
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).lines().count(), 2);
    let stderr = stderr_of(&assert);
    assert!(
        stderr.starts_with("made: 2, not made: 0; elapsed: "),
        "{stderr}"
    );
    assert!(stderr.ends_with(" puzzles/s\n"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_directory_is_skipped_and_named_by_every_walk_not_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("a.txt");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::fs::write(dir.path().join("b.txt"), format!("{CLASSIC}\n")).unwrap();
    let named = format!(
        "dancing: {}: skipped: not a regular file (a FIFO, socket or device)",
        fifo.display()
    );
    // Without the fix each of these waits for a writer that never comes: the timeout fails it.
    for command in [&["sudoku"][..], &["sudoku", "rate"]] {
        let assert = dancing()
            .args(command)
            .arg(dir.path())
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .success();
        let err = stderr_of(&assert);
        assert!(err.contains(&named), "{command:?}: {err}");
        assert_eq!(
            stdout_of(&assert).lines().count(),
            1,
            "{command:?}: b.txt answered"
        );
    }
    let assert = dancing().arg("sudoku").arg(dir.path()).assert().success();
    let s = common::summary(&stderr_of(&assert));
    assert_eq!((s["puzzles"], s["solved"], s["skipped"]), (1, 1, 1));
}
