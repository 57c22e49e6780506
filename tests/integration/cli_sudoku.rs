//! `dancing sudoku` through the binary: output formats, batches of files and directories,
//! thread-count independence, counting and uniqueness (errors and exit codes are in
//! `cli_sudoku_errors`, the reports in `cli_sudoku_reports`). Every solution printed
//! is checked with the independent checker (`check::verify`) against its own puzzle, or
//! compared with solutions computed by another solver (`puzzles/sudoku/*.solutions.txt`).

use crate::common;

use std::fs;

use common::{
    CLASSIC, CLASSIC_COMPACT, CLASSIC_SOLUTION, CLASSIC_SPACED, CLASSIC_SPACED_SOLVED, Entry,
    assert_solves, dancing, entries, puzzles, stderr_of, stdout_of, summary, summary_of_lines,
    temp_file,
};
use dancing::sudoku::check::verify;
use dancing::sudoku::read::parse_line;
use predicates::prelude::*;
use serde_json::Value;

// ---------------------------------------------------------------- one puzzle on stdin

#[test]
fn the_classic_grid_on_stdin_is_answered_by_exactly_the_classic_solution() {
    let expected = CLASSIC_SPACED_SOLVED;
    let assert = dancing()
        .arg("sudoku")
        .pipe_stdin("puzzles/classic.txt")
        .unwrap()
        .assert()
        .success()
        .stdout(expected)
        .stderr("");
    // And the expected file itself solves the puzzle.
    let puzzle = &puzzles("puzzles/classic.txt")[0];
    let answer = &puzzles("puzzles/classic.out")[0];
    assert_eq!(verify(puzzle, answer), Ok(()));
    assert_eq!(stdout_of(&assert), expected);
}

#[test]
fn a_one_line_puzzle_on_stdin_gets_a_one_line_answer() {
    dancing()
        .arg("sudoku")
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLUTION}\n"));
}

#[test]
fn a_dash_reads_standard_input_as_a_batch() {
    dancing()
        .args(["sudoku", "-"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLUTION}\n"));
}

#[test]
fn two_grids_on_stdin_get_two_grids_separated_by_a_blank_line() {
    let classic = CLASSIC_SPACED;
    let solved = CLASSIC_SPACED_SOLVED;
    let assert = dancing()
        .arg("sudoku")
        .write_stdin(format!("{classic}{classic}"))
        .assert()
        .success()
        .stdout(format!("{solved}\n{solved}"));
    // Two puzzles: the summary is printed, and it counts the two grids printed.
    let s = summary(&stderr_of(&assert));
    assert_eq!((s["puzzles"], s["solved"], s["errors"]), (2, 2, 0));
}

#[test]
fn crlf_line_ends_are_accepted_in_the_lines_and_the_grid_formats() {
    let (_dir, lines) = temp_file(
        "lines.txt",
        format!("# a comment\r\n{CLASSIC}\r\n\r\n{CLASSIC}\r\n"),
    );
    dancing()
        .arg("sudoku")
        .arg(&lines)
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLUTION}\n{CLASSIC_SOLUTION}\n"));

    let grid = CLASSIC_SPACED.replace('\n', "\r\n");
    assert!(grid.contains("\r\n"));
    dancing()
        .arg("sudoku")
        .write_stdin(grid)
        .assert()
        .success()
        .stdout(CLASSIC_SPACED_SOLVED);
}

#[test]
fn a_compact_grid_with_bars_and_separator_lines_is_read() {
    // Separator lines of any length: the first one is longer than the rows.
    let compact = CLASSIC_COMPACT.replacen("---+---+---", "------+------+------", 1);
    dancing()
        .arg("sudoku")
        .write_stdin(compact.clone())
        .assert()
        .success()
        .stdout(CLASSIC_SPACED_SOLVED);
    dancing()
        .args(["sudoku", "--format", "line"])
        .write_stdin(compact)
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLUTION}\n"));
}

// ---------------------------------------------------------------- files with known answers

/// `dancing sudoku FILE` prints exactly the peer solver's solutions, which also verify.
fn matches_peer_solutions(name: &str, count: usize) {
    let puzzle_file = format!("puzzles/sudoku/{name}.txt");
    let solution_file = format!("puzzles/sudoku/{name}.solutions.txt");
    let expected = fs::read_to_string(&solution_file).unwrap();
    let given = puzzles(&puzzle_file);
    assert_eq!(given.len(), count);
    assert_eq!(expected.lines().count(), count);
    for (puzzle, line) in given.iter().zip(expected.lines()) {
        assert_solves(puzzle, line);
    }
    let assert = dancing()
        .arg("sudoku")
        .arg(&puzzle_file)
        .assert()
        .success()
        .stdout(expected);
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!(
        (s["puzzles"], s["solved"], s["errors"]),
        (count as u64, count as u64, 0)
    );
}

#[test]
fn top95_first20_solutions_equal_the_peer_solver_s() {
    matches_peer_solutions("top95-first20", 20);
}

#[test]
fn norvig_hardest_solutions_equal_the_peer_solver_s() {
    matches_peer_solutions("hardest", 11);
}

#[test]
fn first_50_17_clue_solutions_equal_the_peer_solver_s() {
    matches_peer_solutions("17-clue-first50", 50);
}

#[test]
fn forum_hardest_first20_solutions_equal_the_peer_solver_s() {
    matches_peer_solutions("forum-hardest-first20", 20);
}

#[test]
fn check_passes_on_a_good_file() {
    let expected = fs::read_to_string("puzzles/sudoku/top95-first20.solutions.txt").unwrap();
    let assert = dancing()
        .args(["sudoku", "--check", "puzzles/sudoku/top95-first20.txt"])
        .assert()
        .success()
        .stdout(expected)
        .stderr(predicate::str::contains("fails the check").not());
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!((s["solved"], s["errors"]), (20, 0));
}

// ---------------------------------------------------------------- directories

/// The entries of `puzzles/batch/`, in the order the command must walk them.
const BATCH_FILES: [&str; 4] = [
    "puzzles/batch/a-lines.txt",
    "puzzles/batch/b-grid.txt",
    "puzzles/batch/c-kaggle.csv",
    "puzzles/batch/nested/d-broken.txt",
];

#[test]
fn a_directory_is_walked_in_sorted_order_and_a_broken_line_loses_nothing() {
    let assert = dancing()
        .args(["sudoku", "puzzles/batch/"])
        .assert()
        .code(2);
    let out = stdout_of(&assert);
    let err = stderr_of(&assert);
    let lines: Vec<&str> = out.lines().collect();
    let expected: Vec<Entry> = BATCH_FILES.iter().flat_map(entries).collect();
    assert_eq!(expected.len(), 12, "5 + 1 + 3 + 3 entries");
    assert_eq!(
        lines.len(),
        expected.len(),
        "one output line per input puzzle"
    );
    let mut bad = 0;
    for (k, (entry, line)) in expected.iter().zip(&lines).enumerate() {
        match entry {
            Ok((_, puzzle)) => assert_solves(puzzle, line),
            Err(_) => {
                bad += 1;
                assert_eq!(*line, "invalid", "output line {}", k + 1);
            }
        }
    }
    assert_eq!(bad, 1);
    // The broken line is the 11th output line (5 + 1 + 3 + its place in d-broken.txt).
    assert_eq!(lines[10], "invalid");
    // The CSV's solutions column holds a peer solver's answers: they must agree.
    let csv = fs::read_to_string("puzzles/batch/c-kaggle.csv").unwrap();
    let peer: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(lines[6..9], peer[..]);
    // The classic grid of b-grid.txt is answered on one line.
    assert_eq!(lines[5], CLASSIC_SOLUTION);

    assert!(
        err.contains("puzzles/batch/nested/d-broken.txt:3:3: found 'y'"),
        "{err}"
    );
    // The broken line is a puzzle that could not be read: an `invalid` line, counted once.
    let s = summary_of_lines(&out, &err);
    assert_eq!(
        (s["puzzles"], s["solved"], s["invalid"], s["errors"]),
        (12, 11, 1, 0)
    );
    assert!(err.contains("1 invalid puzzle could not be read"), "{err}");
    // puzzles/batch/ holds no file that is not a puzzle file.
    assert_eq!(s["skipped"], 0);
}

#[test]
fn a_directory_made_of_good_bad_and_empty_files_loses_no_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let good: Vec<String> = fs::read_to_string("puzzles/sudoku/top95-first20.txt")
        .unwrap()
        .lines()
        .take(4)
        .map(String::from)
        .collect();
    let peer: Vec<String> = fs::read_to_string("puzzles/sudoku/top95-first20.solutions.txt")
        .unwrap()
        .lines()
        .take(4)
        .map(String::from)
        .collect();
    fs::write(
        dir.path().join("1-good.txt"),
        format!("{}\n{}\n", good[0], good[1]),
    )
    .unwrap();
    fs::create_dir(dir.path().join("2-sub")).unwrap();
    // A bad line between two good ones: 80 cells only.
    fs::write(
        dir.path().join("2-sub/bad.txt"),
        format!("{}\n{}\n{}\n", good[2], &good[0][..80], good[3]),
    )
    .unwrap();
    // Sorted last, so every line before its own is known.
    fs::write(dir.path().join("3-empty.txt"), "").unwrap();

    let assert = dancing().arg("sudoku").arg(dir.path()).assert().code(2);
    let out = stdout_of(&assert);
    let err = stderr_of(&assert);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 5, "{out}");
    assert_eq!(
        lines[..5],
        [
            &peer[0][..],
            &peer[1][..],
            &peer[2][..],
            "invalid",
            &peer[3][..]
        ]
    );
    // The empty file holds no puzzle: it is reported, but gets no output line.
    assert_eq!(lines.len(), 5, "{out}");
    assert!(err.contains("bad.txt:2:"), "{err}");
    assert!(err.contains("3-empty.txt"), "{err}");
    // The bad line is a puzzle (5 in all, one invalid); the empty file is an error only.
    let s = summary_of_lines(&out, &err);
    assert_eq!((s["puzzles"], s["solved"], s["invalid"]), (5, 4, 1));
    assert_eq!(s["errors"], 1, "{s:?}");
}

#[test]
fn jobs_1_2_and_4_give_byte_identical_output() {
    for input in ["puzzles/sudoku/17-clue-first50.txt", "puzzles/batch/"] {
        let run = |jobs: &str| {
            let assert = dancing().args(["sudoku", "--jobs", jobs, input]).assert();
            summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
            assert.get_output().clone()
        };
        let one = run("1");
        assert!(!one.stdout.is_empty());
        for jobs in ["2", "4"] {
            let other = run(jobs);
            assert_eq!(other.stdout, one.stdout, "{input} with --jobs {jobs}");
            assert_eq!(other.status.code(), one.status.code(), "{input}");
        }
    }
    // The jsonl form too, with counts.
    let run = |jobs: &str| {
        dancing()
            .args(["sudoku", "-q", "--format", "jsonl", "--count", "-j", jobs])
            .arg("puzzles/sudoku/multi-solution-first20.txt")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    assert_eq!(run("1"), run("4"));
}

#[test]
fn chunk_boundaries_keep_every_answer_in_input_order_whatever_the_jobs() {
    // Two full chunks of 4096 puzzles, then a chunk of one (solved without the workers),
    // with a bad line in the middle of the second chunk: line N still answers puzzle N.
    let sample = puzzles("puzzles/sudoku/17-clue-sample1000.txt");
    let mut lines: Vec<String> = (0..2 * 4096 + 1)
        .map(|k| sample[k % sample.len()].to_line())
        .collect();
    lines[5000] = "not a puzzle".to_string();
    let (_dir, path) = temp_file("chunks.txt", lines.join("\n") + "\n");
    let run = |jobs: &str| {
        let assert = dancing()
            .args(["sudoku", "--jobs", jobs])
            .arg(&path)
            .assert()
            .code(2);
        let out = stdout_of(&assert);
        let s = summary_of_lines(&out, &stderr_of(&assert));
        assert_eq!((s["invalid"], s["errors"]), (1, 0));
        out
    };
    let one = run("1");
    assert_eq!(run("2"), one);
    let answers: Vec<&str> = one.lines().collect();
    assert_eq!(answers.len(), lines.len());
    for (k, (line, answer)) in lines.iter().zip(&answers).enumerate() {
        if k == 5000 {
            assert_eq!(*answer, "invalid");
        } else {
            assert_solves(&parse_line(line).unwrap(), answer);
        }
    }
}

// ---------------------------------------------------------------- jsonl

pub(crate) fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn jsonl_writes_one_object_per_puzzle_with_source_puzzle_status_and_solution() {
    let assert = dancing()
        .args(["sudoku", "--format", "jsonl", "puzzles/batch/"])
        .assert()
        .code(2);
    let objects = json_lines(&stdout_of(&assert));
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!((s["invalid"], s["errors"]), (1, 0));
    let expected: Vec<(&str, Entry)> = BATCH_FILES
        .iter()
        .flat_map(|f| entries(f).into_iter().map(move |e| (*f, e)))
        .collect();
    assert_eq!(objects.len(), expected.len());
    for (object, (file, entry)) in objects.iter().zip(&expected) {
        assert!(
            object.get("solutions").is_none(),
            "no count asked: {object}"
        );
        match entry {
            Ok((line, puzzle)) => {
                assert_eq!(object["source"], format!("{file}:{line}"), "{object}");
                assert_eq!(object["puzzle"], puzzle.to_line());
                assert_eq!(object["status"], "solved");
                assert_solves(puzzle, object["solution"].as_str().unwrap());
                assert!(object.get("error").is_none(), "{object}");
            }
            Err(err) => {
                assert_eq!(object["source"], format!("{file}:{}", err.line));
                assert_eq!(object["status"], "invalid");
                assert!(object["puzzle"].is_null() && object["solution"].is_null());
                assert_eq!(object["error"], err.to_string());
            }
        }
    }
}

#[test]
fn jsonl_with_count_adds_the_number_of_solutions_whether_it_is_complete_and_errors() {
    let assert = dancing()
        .args(["sudoku", "--format", "jsonl", "--count"])
        .args([
            "puzzles/sudoku/hardest.txt",
            "puzzles/sudoku/multi-solution-first20.txt",
            "puzzles/sudoku/invalid.txt",
            "puzzles/sudoku/unsolvable.txt",
        ])
        .assert()
        .code(1);
    let objects = json_lines(&stdout_of(&assert));
    assert_eq!(objects.len(), 11 + 20 + 3 + 2);
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!((s["solved"], s["invalid"], s["unsolvable"]), (31, 3, 2));
    let hardest = puzzles("puzzles/sudoku/hardest.txt");
    for (object, puzzle) in objects[..11].iter().zip(&hardest) {
        assert_eq!(object["status"], "solved");
        assert_eq!(object["solutions"], 1, "{object}");
        assert_eq!(object["complete"], true, "1 < the limit 2: {object}");
        assert_solves(puzzle, object["solution"].as_str().unwrap());
    }
    let multi = puzzles("puzzles/sudoku/multi-solution-first20.txt");
    for (object, puzzle) in objects[11..31].iter().zip(&multi) {
        assert_eq!(object["status"], "solved", "no --unique: {object}");
        assert_eq!(object["solutions"], 2, "{object}");
        assert_eq!(object["complete"], false, "stopped at the limit: {object}");
        assert_solves(puzzle, object["solution"].as_str().unwrap());
    }
    for object in &objects[31..34] {
        assert_eq!(object["status"], "invalid");
        assert!(object["solution"].is_null());
        assert!(
            object["solutions"].is_null(),
            "an invalid puzzle is not counted"
        );
        assert_eq!(object["complete"], false);
        assert!(
            object["error"].as_str().unwrap().starts_with("digit "),
            "{object}"
        );
    }
    for (object, line) in objects[34..].iter().zip([2, 4]) {
        assert_eq!(
            object["source"],
            format!("puzzles/sudoku/unsolvable.txt:{line}")
        );
        assert_eq!(object["status"], "unsolvable");
        assert!(object["solution"].is_null());
        assert_eq!(object["solutions"], 0);
        assert_eq!(object["complete"], true, "{object}");
        assert_eq!(object["error"], "no solution");
    }
}

// ---------------------------------------------------------------- counting and uniqueness

/// The counts of `dancing sudoku --count ARGS FILE`, each with whether it is exact (`N`) or
/// stopped at the limit (`N+`); also checks the summary against the lines.
fn counts(args: &[&str], file: &str) -> Vec<(u64, bool)> {
    let assert = dancing()
        .args(["sudoku", "--count"])
        .args(args)
        .arg(file)
        .assert()
        .success();
    let out = stdout_of(&assert);
    summary_of_lines(&out, &stderr_of(&assert));
    out.lines()
        .map(|l| match l.strip_suffix('+') {
            Some(n) => (n.parse().unwrap(), false),
            None => (l.parse().unwrap(), true),
        })
        .collect()
}

#[test]
fn count_finds_two_or_more_solutions_to_every_multi_solution_puzzle_and_marks_them_2_plus() {
    let counts = counts(&[], "puzzles/sudoku/multi-solution-first20.txt");
    assert_eq!(counts.len(), 20);
    assert!(
        counts.iter().all(|&c| c == (2, false)),
        "default limit 2, reached: {counts:?}"
    );
}

#[test]
fn count_with_a_limit_counts_up_to_the_limit_and_marks_a_count_that_reached_it() {
    let file = "puzzles/sudoku/multi-solution-first20.txt";
    let five = counts(&["--limit", "5"], file);
    let many = counts(&["--limit", "1000000"], file);
    assert_eq!((five.len(), many.len()), (20, 20));
    for (&(f, exact), &(m, m_exact)) in five.iter().zip(&many) {
        assert!((2..=5).contains(&f), "{five:?}");
        assert_eq!(
            f,
            m.min(5),
            "the limit only cuts the count: {five:?} {many:?}"
        );
        // Marked exactly when the limit was reached.
        assert_eq!(exact, f < 5, "{five:?}");
        assert_eq!(m_exact, m < 1_000_000, "{many:?}");
    }
    assert!(
        five.iter().any(|&(_, exact)| !exact),
        "some reach 5: {five:?}"
    );
}

#[test]
fn count_on_unique_puzzles_prints_1() {
    let assert = dancing()
        .args([
            "sudoku",
            "--count",
            "--limit",
            "10",
            "puzzles/sudoku/hardest.txt",
        ])
        .assert()
        .success()
        .stdout("1\n".repeat(11));
    summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
}

#[test]
fn unique_makes_every_multi_solution_puzzle_fail_as_multiple() {
    let assert = dancing()
        .args([
            "sudoku",
            "--unique",
            "puzzles/sudoku/multi-solution-first20.txt",
        ])
        .assert()
        .code(1)
        .stdout("multiple\n".repeat(20));
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!((s["puzzles"], s["multiple"]), (20, 20));
}

#[test]
fn unique_passes_on_puzzles_with_one_solution() {
    let assert = dancing()
        .args(["sudoku", "--unique", "puzzles/sudoku/hardest.txt"])
        .assert()
        .success()
        .stdout(fs::read_to_string("puzzles/sudoku/hardest.solutions.txt").unwrap());
    summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
}

// ---------------------------------------------------------------- walking directories

#[test]
fn a_directory_walk_reads_only_puzzle_files_that_are_not_hidden_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let line = format!("{CLASSIC}\n");
    for name in ["a.txt", "b.sdk", "c.ss", "d.sdm"] {
        fs::write(root.join(name), &line).unwrap();
    }
    fs::write(root.join("e.csv"), format!("puzzle\n{CLASSIC}\n")).unwrap();
    // Not read: other extensions, hidden files, anything in hidden directories.
    fs::write(root.join("README.md"), &line).unwrap();
    fs::write(root.join("problem.dlx"), "A B\nA B\n").unwrap();
    fs::write(root.join(".hidden.txt"), &line).unwrap();
    fs::create_dir(root.join(".git")).unwrap();
    fs::write(root.join(".git/x.txt"), &line).unwrap();

    let assert = dancing().arg("sudoku").arg(root).assert().success();
    let out = stdout_of(&assert);
    let err = stderr_of(&assert);
    assert_eq!(out, format!("{CLASSIC_SOLUTION}\n").repeat(5));
    let s = summary_of_lines(&out, &err);
    // README.md, problem.dlx, .hidden.txt and the .git directory.
    assert_eq!((s["puzzles"], s["errors"], s["skipped"]), (5, 0, 4));
    assert!(err.contains("skipped 4 files or directories"), "{err}");

    // --glob widens the choice, narrows it, or leaves files out; hidden ones stay out.
    let run = |globs: &[&str]| {
        let mut command = dancing();
        command.arg("sudoku");
        for glob in globs {
            command.args(["--glob", glob]);
        }
        let assert = command.arg(root).assert();
        let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
        (s["solved"], s["skipped"])
    };
    assert_eq!(
        run(&["*"]),
        (6, 2),
        "README.md read (problem.dlx too, as bad puzzles)"
    );
    assert_eq!(run(&["*.sdk"]), (1, 8));
    assert_eq!(run(&["!*.csv", "!d.*"]), (3, 6));

    // A file named on the command line is read whatever its name.
    let assert = dancing()
        .arg("sudoku")
        .arg(root.join("README.md"))
        .arg(root.join(".hidden.txt"))
        .assert()
        .success();
    let s = summary_of_lines(&stdout_of(&assert), &stderr_of(&assert));
    assert_eq!((s["puzzles"], s["skipped"]), (2, 0));
}

#[test]
fn the_puzzles_folder_is_walked_without_reading_its_readme_or_its_exact_cover_files() {
    // The published 25x25 and 36x36 puzzles are beyond a plain search in minutes (see
    // tests/integration/sudoku_shapes.rs): a node budget gives them up, so the walk ends quickly.
    let assert = dancing()
        .args(["sudoku", "--max-nodes", "50000", "puzzles/"])
        .assert()
        .failure();
    let code = assert.get_output().status.code();
    assert!(matches!(code, Some(2 | 3)), "{code:?}");
    let out = stdout_of(&assert);
    let err = stderr_of(&assert);
    assert!(!err.contains("README.md"), "{err}");
    assert!(!err.contains(".dlx"), "{err}");
    let s = summary_of_lines(&out, &err);
    // Every file below puzzles/ whose extension is not a puzzle file's (the READMEs, the
    // exact-cover problems, solved grids in `.out`), found here by another walk.
    fn others(dir: &std::path::Path) -> u64 {
        let mut n = 0;
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                n += others(&path);
            } else if !path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| ["txt", "sdk", "ss", "sdm", "csv"].contains(&e))
            {
                n += 1;
            }
        }
        n
    }
    let expected = others(std::path::Path::new("puzzles"));
    assert!(expected >= 3, "{expected}");
    assert_eq!(s["skipped"], expected, "{err}");
}
