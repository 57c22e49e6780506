//! Hardening through the binary: malformed input of every kind (Sudoku and Knuth's format) is
//! reported with its location and the right exit code and never leaves half an answer on
//! stdout. Batches and scale are in `hardening_scale`, which shares the helpers here.

use crate::common;

use std::fs;
use std::io::Write;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use common::{
    CLASSIC, CLASSIC_SOLUTION, CLASSIC_SPACED, CLASSIC_SPACED_SOLVED, binary, dancing,
    summary_of_lines, temp_file,
};
use dancing::sudoku::read::MAX_LINE_BYTES;
use predicates::prelude::*;

/// Runs the binary; returns (exit code, stdout, stderr).
pub(crate) fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> (Option<i32>, String, String) {
    let out = dancing().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Stdout holds whole lines only: empty, or ending with a line end.
pub(crate) fn assert_whole_lines(stdout: &str) {
    assert!(
        stdout.is_empty() || stdout.ends_with('\n'),
        "half-written stdout: {stdout:?}"
    );
}

/// Runs `dancing sudoku ARGS` on `stdin` and checks that it exits 0 and prints `expected`.
fn assert_sudoku_prints(args: &[&str], stdin: impl Into<Vec<u8>>, expected: &str) {
    let args = [&["sudoku"][..], args].concat();
    let (code, stdout, stderr) = run(&args, stdin);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, expected);
}

/// Runs `dancing sudoku` on a variant of the classic grid and checks that it exits 0 and
/// prints the classic solution as a grid.
fn assert_classic_grid_solved(grid: impl Into<Vec<u8>>) {
    assert_sudoku_prints(&[], grid, CLASSIC_SPACED_SOLVED);
}

/// Runs `dancing sudoku ARGS` on `stdin` and checks that it exits 0 and prints the classic
/// solution `n` times, one line each.
fn assert_classic_lines_solved(args: &[&str], stdin: impl Into<Vec<u8>>, n: usize) {
    assert_sudoku_prints(args, stdin, &format!("{CLASSIC_SOLUTION}\n").repeat(n));
}

/// Runs `dancing sudoku ARGS` on `stdin` and checks: exit `code`, `message` on stderr,
/// exactly `expected` on stdout, and, where a summary is printed for line output, that it
/// agrees with the lines; returns stderr.
fn assert_sudoku_reports(
    args: &[&str],
    stdin: impl Into<Vec<u8>>,
    code: i32,
    message: &str,
    expected: &str,
) -> String {
    let args = [&["sudoku"][..], args].concat();
    let (status, stdout, stderr) = run(&args, stdin);
    assert_eq!(status, Some(code), "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
    assert_eq!(stdout, expected);
    let summarized = stderr.lines().any(|l| l.starts_with("puzzles: "));
    if summarized && !expected.contains(' ') {
        summary_of_lines(&stdout, &stderr);
    }
    stderr
}

/// A small deterministic generator (xorshift64*), so generated inputs are the same every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed Sudoku input

#[test]
fn empty_input_is_no_puzzle_at_line_1_column_1_and_exits_2() {
    // An input-wide error, not a bad puzzle: no answer line.
    assert_sudoku_reports(&[], "", 2, "dancing: <stdin>:1:1: no puzzle found", "");

    let (_dir, path) = temp_file("empty.txt", "");
    let path = path.to_str().unwrap();
    assert_sudoku_reports(
        &[path],
        "",
        2,
        &format!("dancing: {path}:1:1: no puzzle found"),
        "",
    );
}

#[test]
fn a_line_with_80_cells_is_located_at_its_end_and_the_batch_goes_on() {
    let text = format!("{CLASSIC}\n{}\n{CLASSIC}\n", &CLASSIC[..80]);
    let (_dir, path) = temp_file("short.txt", text);
    let path = path.to_str().unwrap();
    assert_sudoku_reports(
        &[path],
        "",
        2,
        &format!("{path}:2:81: found 80 cells, expected 81"),
        &format!("{CLASSIC_SOLUTION}\ninvalid\n{CLASSIC_SOLUTION}\n"),
    );
}

#[test]
fn a_lone_line_of_80_cells_on_stdin_says_that_a_line_of_81_cells_was_expected() {
    // Fewer than 81 cells on the first line: detection takes it for the first row of a grid,
    // but the message names both readings, at the line's end.
    // Grid output: the status in place of a grid.
    assert_sudoku_reports(
        &[],
        format!("{}\n", &CLASSIC[..80]),
        2,
        "<stdin>:1:81: found 80 cells on a line, expected a puzzle on one line (81 cells for \
         9x9) or a grid of 9 rows of 9 cells",
        "invalid\n",
    );
}

#[test]
fn a_lone_line_cut_to_15_cells_says_that_a_line_of_81_cells_was_expected() {
    // 15 cells make the row of a 15x15 grid, which the input then cuts short after one row.
    assert_sudoku_reports(
        &[],
        "53..7....6..195\n",
        2,
        "<stdin>:1:16: found 15 cells on a line, expected a puzzle on one line (81 cells for \
         9x9) or a grid of 15 rows of 15 cells",
        "invalid\n",
    );
}

#[test]
fn an_82nd_cell_is_located_at_column_82() {
    let text = format!("{CLASSIC}\n{CLASSIC}5\n");
    let (_dir, path) = temp_file("long.txt", text);
    let path = path.to_str().unwrap();
    assert_sudoku_reports(
        &[path],
        "",
        2,
        &format!("{path}:2:82: found more than 81 cells"),
        &format!("{CLASSIC_SOLUTION}\ninvalid\n"),
    );
}

#[test]
fn a_letter_among_the_cells_is_named_and_located() {
    let text = format!("{}y{}\n", &CLASSIC[..4], &CLASSIC[5..]);
    assert_sudoku_reports(
        &[],
        text,
        2,
        "dancing: <stdin>:1:5: found 'y', expected a digit 1-9 or a blank ('.', '0', '_', '-', '*', 'x')",
        "invalid\n",
    );
}

#[test]
fn a_10_in_a_space_separated_grid_is_named_and_located() {
    // Row 3 is `0 9 8 0 0 0 0 6 0`; its 8th value (column 15) becomes 10.
    let grid = CLASSIC_SPACED.replacen("0 9 8 0 0 0 0 6 0", "0 9 8 0 0 0 0 10 0", 1);
    // Grid output: the status in place of a grid.
    assert_sudoku_reports(
        &[],
        grid,
        2,
        "dancing: <stdin>:3:15: found 10, expected a digit 0-9",
        "invalid\n",
    );
}

#[test]
fn a_negative_number_in_a_grid_file_is_named_and_located_and_gets_a_status_line() {
    // Row 5 is `4 0 0 8 0 3 0 0 1`; its 4th value (column 7) becomes -8.
    let grid = CLASSIC_SPACED.replacen("4 0 0 8 0 3 0 0 1", "4 0 0 -8 0 3 0 0 1", 1);
    let (_dir, path) = temp_file("negative.txt", grid);
    let path = path.to_str().unwrap();
    assert_sudoku_reports(
        &[path],
        "",
        2,
        &format!("dancing: {path}:5:7: found -8, expected a digit 0-9"),
        "invalid\n",
    );
}

#[test]
fn tabs_separate_grid_cells_like_spaces_and_end_a_one_line_puzzle() {
    assert_classic_grid_solved(CLASSIC_SPACED.replace(' ', "\t"));

    assert_classic_lines_solved(&[], format!("{CLASSIC}\trating 3.4\n"), 1);
}

#[test]
fn crlf_line_ends_are_accepted_and_never_echoed() {
    assert_classic_grid_solved(CLASSIC_SPACED.replace('\n', "\r\n"));

    let (_dir, path) = temp_file("crlf.txt", format!("{CLASSIC}\r\n{CLASSIC}\r\n"));
    assert_classic_lines_solved(&[path.to_str().unwrap()], "", 2);
}

#[test]
fn trailing_spaces_are_ignored() {
    assert_classic_grid_solved(CLASSIC_SPACED.replace('\n', "  \t \n"));

    assert_classic_lines_solved(&[], format!("{CLASSIC}   \n"), 1);
}

#[test]
fn a_utf8_byte_order_mark_is_accepted() {
    let mut grid = b"\xEF\xBB\xBF".to_vec();
    grid.extend_from_slice(CLASSIC_SPACED.as_bytes());
    assert_classic_grid_solved(grid);

    let mut line = b"\xEF\xBB\xBF".to_vec();
    line.extend_from_slice(format!("{CLASSIC}\n").as_bytes());
    let (_dir, path) = temp_file("bom.txt", line);
    assert_classic_lines_solved(&[path.to_str().unwrap()], "", 1);
}

#[test]
fn invalid_utf8_is_located_at_its_character_column() {
    let mut line = CLASSIC.as_bytes()[..10].to_vec();
    line.push(0xFF);
    line.extend_from_slice(&CLASSIC.as_bytes()[11..]);
    line.push(b'\n');
    assert_sudoku_reports(
        &[],
        line,
        2,
        "dancing: <stdin>:1:11: found bytes that are not UTF-8, expected text: save the file as UTF-8",
        "invalid\n",
    );

    // In a grid row, in a file: `5 3 0 0 7 0 0 \xFF 0` is bad at column 15.
    let mut grid = b"5 3 0 0 7 0 0 \xFF 0\n".to_vec();
    for row in CLASSIC_SPACED.lines().skip(1) {
        grid.extend_from_slice(row.as_bytes());
        grid.push(b'\n');
    }
    let (_dir, path) = temp_file("utf8.txt", grid);
    let path = path.to_str().unwrap();
    assert_sudoku_reports(
        &[path],
        "",
        2,
        &format!("dancing: {path}:1:15: found bytes that are not UTF-8, expected text"),
        "invalid\n",
    );
}

/// Ten megabytes.
const TEN_MB: usize = 10 << 20;

/// Runs `dancing sudoku FILE` on a file `name` of `text` and checks that it exits 2 within
/// 5 s; returns the file (with its guard) and the run's stdout and stderr.
fn run_quickly_on_file(name: &str, text: &[u8]) -> (tempfile::TempDir, String, String, String) {
    let (dir, path) = temp_file(name, text);
    let path = path.to_str().unwrap().to_owned();
    let start = Instant::now();
    let (code, stdout, stderr) = run(&["sudoku", &path], "");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(code, Some(2), "{stderr}");
    (dir, path, stdout, stderr)
}

#[test]
fn a_10_mb_line_without_a_newline_is_cut_reported_and_quick() {
    // A grid row: one cell, then ten megabytes of spaces, and no line end.
    let mut text = b"5".to_vec();
    text.resize(TEN_MB, b' ');
    let (_dir, path, stdout, stderr) = run_quickly_on_file("huge-row.txt", &text);
    assert!(
        stderr.contains(&format!(
            "dancing: {path}:1:1: found a line longer than {MAX_LINE_BYTES} bytes"
        )),
        "{stderr}"
    );
    assert_whole_lines(&stdout);
    assert!(stdout.lines().all(|l| l == "invalid"), "{stdout}");

    // A line of ten million cells: the 82nd is the error.
    let text = vec![b'5'; TEN_MB];
    let (_dir, path, stdout, stderr) = run_quickly_on_file("huge-line.txt", &text);
    assert!(
        stderr.contains(&format!("dancing: {path}:1:82: found more than 81 cells")),
        "{stderr}"
    );
    assert_eq!(stdout, "invalid\n");
}

/// The peak resident memory (`VmHWM`) of a running process, in KiB.
pub(crate) fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_10_mb_line_on_stdin_is_skipped_without_being_held_in_memory() {
    let mut child = StdCommand::new(binary())
        .arg("sudoku")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut text = b"5".to_vec();
    text.resize(TEN_MB, b' ');
    // Once this returns, the child has read all but a pipe buffer of it; it is now waiting
    // for the end of the line, which has not come.
    stdin.write_all(&text).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let peak = peak_rss_kib(child.id());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("<stdin>:1:1: found a line longer than 65536 bytes"),
        "{stderr}"
    );
    assert_eq!(
        out.stdout, b"invalid\n",
        "grid output: the status in place of a grid"
    );
    match peak {
        // Holding the line would take 10 MiB on top of a few MiB of program.
        Some(kib) => assert!(kib < 9 * 1024, "peak RSS {kib} KiB with a 10 MiB line"),
        None => eprintln!("no /proc/<pid>/status: memory not measured"),
    }
}

#[test]
fn a_long_blank_prefix_does_not_make_a_puzzle_line_vanish() {
    // Line 2 is 70,000 spaces and then a puzzle: longer than MAX_LINE_BYTES, and its first
    // MAX_LINE_BYTES are blank. The reader must not take it for a blank line and drop the
    // puzzle silently: output line N answers puzzle N, and a batch loses nothing.
    let text = format!(
        "{CLASSIC}\n{}{CLASSIC}\n{CLASSIC}\n",
        " ".repeat(MAX_LINE_BYTES + 4464)
    );
    let (_dir, path) = temp_file("blank-prefix.txt", text);
    let path = path.to_str().unwrap();
    let (code, stdout, stderr) = run(&["sudoku", path], "");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        3,
        "one answer per puzzle line: {stdout}; {stderr}"
    );
    assert_eq!(lines[0], CLASSIC_SOLUTION);
    assert_eq!(lines[2], CLASSIC_SOLUTION);
    if lines[1] != CLASSIC_SOLUTION {
        assert_eq!(lines[1], "invalid");
        assert_eq!(code, Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("{path}:2:1: found a line longer than")),
            "{stderr}"
        );
    }
}

#[test]
fn blank_lines_between_bands_are_part_of_a_grid_but_inside_a_band_cut_it_short() {
    // A grid printed in bands separated by blank lines (ssuds' layout, issue 23) is one grid.
    let rows: Vec<&str> = CLASSIC_SPACED.lines().collect();
    let banded = format!(
        "{}\n\n{}\n\n\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_classic_grid_solved(banded);
    // A blank line inside a band ends the grid: two grids cut short, each reported once at
    // its first row, and no puzzle made of rows that do not belong together.
    let broken = format!("{}\n\n{}\n", rows[..4].join("\n"), rows[4..].join("\n"));
    let stderr = assert_sudoku_reports(
        &["--format", "line"],
        broken,
        2,
        "dancing: <stdin>:1:1: grid ended after 4 rows (the last on line 4), expected 9: a \
         comment, a header or a blank line other than between bands ends a grid",
        "invalid\ninvalid\n",
    );
    assert!(
        stderr.contains("<stdin>:6:1: grid ended after 5 rows"),
        "{stderr}"
    );

    // The same bands separated by rule lines are one grid.
    let ruled = format!(
        "{}\n------+-------+------\n{}\n------+-------+------\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_classic_grid_solved(ruled);
}

/// An empty puzzle line with `5` at the given 0-based cells.
fn fives_at(cells: &[usize]) -> String {
    let mut line = vec![b'.'; 81];
    for &c in cells {
        line[c] = b'5';
    }
    String::from_utf8(line).unwrap()
}

#[test]
fn equal_givens_in_a_row_name_the_digit_and_both_cells_and_exit_1() {
    assert_sudoku_reports(
        &[],
        format!("{}\n", fives_at(&[0, 1])),
        1,
        "<stdin>:1: invalid: digit 5 appears twice in row 1: at r1c1 and r1c2",
        "invalid\n",
    );
}

#[test]
fn equal_givens_in_a_column_name_the_digit_and_both_cells_and_exit_1() {
    let text = format!("{CLASSIC}\n{}\n", fives_at(&[4, 40]));
    let (_dir, path) = temp_file("column.txt", text);
    let path = path.to_str().unwrap();
    let stderr = assert_sudoku_reports(
        &[path],
        "",
        1,
        &format!("{path}:2: invalid: digit 5 appears twice in column 5: at r1c5 and r5c5"),
        &format!("{CLASSIC_SOLUTION}\ninvalid\n"),
    );
    let s = summary_of_lines(&format!("{CLASSIC_SOLUTION}\ninvalid\n"), &stderr);
    assert_eq!((s["puzzles"], s["invalid"]), (2, 1));
}

#[test]
fn equal_givens_in_a_box_name_the_digit_and_both_cells_and_exit_1() {
    // r1c1 and r2c2: same box, different row and column. As a grid on stdin: its status.
    let mut rows = vec!["0 0 0 0 0 0 0 0 0".to_string(); 9];
    rows[0] = "5 0 0 0 0 0 0 0 0".to_string();
    rows[1] = "0 5 0 0 0 0 0 0 0".to_string();
    assert_sudoku_reports(
        &[],
        rows.join("\n") + "\n",
        1,
        "<stdin>:1: invalid: digit 5 appears twice in box 1: at r1c1 and r2c2",
        "invalid\n",
    );

    let (code, stdout, stderr) = run(
        &["sudoku", "--format", "jsonl"],
        format!("{}\n", fives_at(&[60, 80])),
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert_whole_lines(&stdout);
    let object: serde_json::Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(object["status"], "invalid");
    assert_eq!(
        object["error"],
        "digit 5 appears twice in box 9: at r7c7 and r9c9"
    );
}

// ---------------------------------------------------------------------------------------------
// Malformed Knuth format

/// Runs `dancing cover` on `text` and checks: exit 2, empty stdout, and `message` on stderr,
/// which it returns.
fn assert_cover_fails_with(text: &str, message: &str) -> String {
    let (code, stdout, stderr) = run(&["cover"], text);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains(message), "{stderr}");
    stderr
}

/// Runs `dancing cover` on `text` and checks: exit 2, empty stdout, and a message with the
/// line, the column and `token`.
fn assert_cover_rejects(text: &str, line: usize, column: usize, token: &str) -> String {
    let stderr = assert_cover_fails_with(text, &format!("dancing: <stdin>:{line}:{column}: "));
    assert!(stderr.contains(&format!("`{token}`")), "{stderr}");
    stderr
}

#[test]
fn a_duplicate_item_name_is_rejected_at_its_second_mention() {
    let stderr = assert_cover_rejects("| items\nA B C B\nA B C\n", 2, 7, "B");
    assert!(stderr.contains("named twice on the item line"), "{stderr}");
}

#[test]
fn an_unknown_item_in_an_option_is_rejected() {
    let stderr = assert_cover_rejects("A B | x\nA x\n  B  zz\n", 3, 6, "zz");
    assert!(stderr.contains("is not an item"), "{stderr}");
}

#[test]
fn an_item_twice_in_one_option_is_rejected_at_its_second_mention() {
    let stderr = assert_cover_rejects("A B C\nA B\nC A\tC\n", 3, 5, "C");
    assert!(stderr.contains("named twice in this option"), "{stderr}");
}

#[test]
fn input_with_only_comments_has_no_item_line() {
    assert_cover_fails_with("| one\n   | two\n\n", "dancing: <stdin>:4:1: no item line");
}

#[test]
fn a_second_bar_on_the_item_line_is_rejected() {
    assert_cover_fails_with("A B | x | y\nA x\n", "dancing: <stdin>:1:9: a second `|`");
}

#[test]
fn a_color_on_a_primary_item_is_rejected_as_dlx2_with_the_whole_token() {
    let stderr = assert_cover_rejects("A B | x\nA x:red\nB:red\n", 3, 1, "B:red");
    assert!(
        stderr.contains("gives a color to a primary item"),
        "{stderr}"
    );

    // From a file, the message names the file.
    let (_dir, path) = temp_file("color.dlx", "A | x\nA:c x\n");
    let path = path.to_str().unwrap();
    dancing()
        .args(["cover", path])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "dancing: {path}:2:1: `A:c` gives a color to a primary item"
        )));
}

#[test]
fn bad_bounds_are_rejected_as_dlx3_with_the_whole_token() {
    let stderr = assert_cover_rejects("A 2:3|B | 2|x\nA B\n", 1, 11, "2|x");
    assert!(stderr.contains("secondary item"), "{stderr}");
    let stderr = assert_cover_rejects("A 3:2|B\nA B\n", 1, 3, "3:2|B");
    assert!(
        stderr.contains("lower bound exceeds the upper bound"),
        "{stderr}"
    );
    let stderr = assert_cover_rejects("A 0|B\nA B\n", 1, 3, "0|B");
    assert!(stderr.contains("upper bound 0"), "{stderr}");
}
