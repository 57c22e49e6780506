//! One convention for both commands, through the binary: the shared flags have the same
//! words in both `--help`s and the same meaning; usage errors exit 2; `--quiet` leaves only
//! the output and the exit code; and a closed stderr, like a closed stdout, ends nothing in a
//! panic.

use crate::common;

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use common::{binary, dancing, stdout_of, temp_file};
use predicates::prelude::*;

/// The "Shared options" section of `dancing COMMAND --help`, up to the examples.
fn shared_options(command: &str) -> String {
    let assert = dancing().args([command, "--help"]).assert().success();
    let help = stdout_of(&assert);
    let start = help
        .find("Shared options:")
        .unwrap_or_else(|| panic!("no shared options in {command} --help: {help}"));
    let section = &help[start..];
    let end = section.find("\nExamples:").unwrap_or(section.len());
    section[..end].to_string()
}

#[test]
fn cover_and_sudoku_list_the_shared_flags_with_the_same_words() {
    let cover = shared_options("cover");
    assert_eq!(cover, shared_options("sudoku"));
    for flag in [
        "-j, --jobs <N>",
        "-q, --quiet",
        "--progress",
        "--stats",
        "--max-nodes <N>",
        "--max-time <TIME>",
    ] {
        assert!(cover.contains(flag), "{flag} missing from {cover}");
    }
    assert!(cover.contains("Default: all cores"), "{cover}");
}

#[test]
fn jobs_0_and_limit_0_are_usage_errors_in_both_commands() {
    for args in [
        &["cover", "--jobs", "0", "puzzles/exact-cover/nqueens-8.dlx"][..],
        &[
            "cover",
            "--count",
            "-j",
            "0",
            "puzzles/exact-cover/nqueens-8.dlx",
        ],
        &["sudoku", "--jobs", "0", "puzzles/sudoku/hardest.txt"],
        &["sudoku", "-j", "0", "puzzles/sudoku/hardest.txt"],
        &["cover", "--limit", "0", "puzzles/exact-cover/nqueens-8.dlx"],
        &[
            "cover",
            "--count",
            "--limit",
            "0",
            "puzzles/exact-cover/nqueens-8.dlx",
        ],
        &[
            "sudoku",
            "--count",
            "--limit",
            "0",
            "puzzles/sudoku/hardest.txt",
        ],
    ] {
        let flag = if args.contains(&"--limit") {
            "--limit"
        } else {
            "--jobs"
        };
        dancing()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(flag).and(predicate::str::contains("0")));
    }
}

#[test]
fn a_bad_time_budget_is_a_usage_error_in_both_commands() {
    for command in ["cover", "sudoku"] {
        dancing()
            .args([command, "--max-time", "10 days", "-"])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("found unit `days`"));
    }
    // A budget the clock cannot count to panicked where it started (exit 101).
    for command in ["cover", "sudoku", "queens"] {
        let input = if command == "queens" { "8" } else { "-" };
        dancing()
            .args([command, "--max-time", "10000000000000000000s", input])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "expected a time shorter than 2^63 seconds",
            ));
    }
}

#[test]
fn quiet_and_progress_together_are_a_usage_error() {
    for command in ["cover", "sudoku"] {
        dancing()
            .args([command, "--quiet", "--progress"])
            .write_stdin("")
            .assert()
            .code(2);
    }
}

#[test]
fn quiet_leaves_the_exit_code_and_the_output_in_both_commands() {
    // No solution, a spent budget, an ignored option: said only by the exit code.
    dancing()
        .args(["cover", "-q"])
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    dancing()
        .args(["cover", "-q", "--count", "--max-nodes", "10"])
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .code(3)
        .stdout("")
        .stderr("");
    dancing()
        .args(["cover", "-q", "--count"])
        .write_stdin("A | x\nA\nx\n")
        .assert()
        .success()
        .stdout("1\n")
        .stderr("");
    dancing()
        .args(["sudoku", "-q", "puzzles/sudoku/unsolvable.txt"])
        .assert()
        .code(1)
        .stdout("unsolvable\nunsolvable\n")
        .stderr("");
    // Input that cannot be read has no output line: it is still reported.
    dancing()
        .args(["cover", "-q", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.dlx"));
}

/// Runs `dancing ARGS` with stdout piped and stderr a pipe whose reading end is already
/// closed (as in `{ dancing ARGS; } 2>&1 >/dev/null | true`); returns the exit code and
/// stdout.
fn with_closed_stderr(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = StdCommand::new(binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    (child.wait().unwrap().code(), stdout)
}

#[test]
fn a_closed_stderr_silences_the_messages_without_a_panic() {
    // A batch with a summary, an unsolvable puzzle's message and a missing file's error.
    let (code, stdout) = with_closed_stderr(&[
        "sudoku",
        "puzzles/sudoku/hardest.txt",
        "puzzles/sudoku/unsolvable.txt",
        "no/such/file.txt",
    ]);
    assert_eq!(
        code,
        Some(2),
        "exit 2 for the missing file, not 101 for a panic"
    );
    let expected = std::fs::read_to_string("puzzles/sudoku/hardest.solutions.txt").unwrap();
    assert_eq!(stdout, expected + "unsolvable\nunsolvable\n");

    // Statistics, on one thread and on two.
    for jobs in ["1", "2"] {
        let (code, stdout) = with_closed_stderr(&[
            "cover",
            "--count",
            "--stats",
            "--jobs",
            jobs,
            "puzzles/exact-cover/nqueens-8.dlx",
        ]);
        assert_eq!((code, stdout.as_str()), (Some(0), "92\n"), "--jobs {jobs}");
    }

    // A fatal error, a warning with the progress display, and "no solution".
    assert_eq!(with_closed_stderr(&["cover", "no/such.dlx"]).0, Some(2));
    let (_dir, warned) = temp_file("warned.dlx", "A | x\nA\nx\n");
    let warned = warned.to_str().unwrap();
    let (code, stdout) = with_closed_stderr(&["cover", "--progress", "--count", warned]);
    assert_eq!((code, stdout.as_str()), (Some(0), "1\n"));
    let (_dir, none) = temp_file("none.dlx", "A B\nA\n");
    let (code, stdout) = with_closed_stderr(&["cover", none.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
}

#[test]
fn every_command_takes_the_shared_flags_or_the_guide_names_it_as_the_exception() {
    // Before: `sudoku hint` refused --max-time, and the guide said that every command takes
    // the shared flags.
    let guide = std::fs::read_to_string("docs/guide.md").unwrap();
    let start = guide.find("## Shared flags").unwrap();
    let end = start + guide[start..].find("\n## ").unwrap();
    let section = &guide[start..end];
    let commands: [&[&str]; 9] = [
        &["cover"],
        &["sudoku"],
        &["sudoku", "generate"],
        &["sudoku", "rate"],
        &["sudoku", "hint"],
        &["queens"],
        &["langford"],
        &["polyomino"],
        &["polycube"],
    ];
    for command in commands {
        let assert = dancing().args(command).arg("--help").assert().success();
        let help = stdout_of(&assert);
        let shared = [
            "--jobs",
            "--progress",
            "--stats",
            "--max-nodes",
            "--max-time",
        ];
        let takes = shared.iter().filter(|flag| help.contains(*flag)).count();
        let name = format!("`{}`", command.join(" "));
        let exception = format!("{name}, which reasons by singles and searches nothing");
        match takes {
            5 => assert!(!section.contains(&exception), "{name} is no exception"),
            _ => assert!(
                section.contains(&exception),
                "{name} takes {takes} of the shared flags, and the guide does not say so"
            ),
        }
    }
}

/// The process starts without the standard library's `lang_start` (`src/main.rs`), so it
/// opens `/dev/null` on a closed standard stream itself, as `lang_start` does: a closed stdin
/// reads as empty, and with stdout closed the answers go nowhere, not into the puzzle file
/// that would otherwise have taken stdout's number when it was opened.
#[test]
fn closed_standard_streams_read_as_empty_and_write_nowhere() {
    let run = |script: &str| {
        StdCommand::new("bash")
            .arg("-c")
            .arg(script)
            .arg(binary())
            .output()
            .unwrap()
    };
    let closed_stdin = run(r#""$0" sudoku <&-"#);
    assert_eq!(closed_stdin.status.code(), Some(2));
    let stderr = String::from_utf8(closed_stdin.stderr).unwrap();
    assert!(stderr.contains("<stdin>:1:1: no puzzle found"), "{stderr}");

    let closed_stdout = run(r#""$0" sudoku puzzles/sudoku/hardest.txt >&-"#);
    assert_eq!(closed_stdout.status.code(), Some(0));
    let stderr = String::from_utf8(closed_stdout.stderr).unwrap();
    assert!(stderr.contains("puzzles: 11, solved: 11,"), "{stderr}");
    assert!(!stderr.contains("dancing:"), "{stderr}");
}
