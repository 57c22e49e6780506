//! Ctrl-C during a Sudoku batch or an exact-cover count (on one thread or several): the run
//! stops cleanly, every answer written is whole, no partial count is printed, and stderr says
//! how far it got.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// Runs `dancing ARGS FILE`, sends it SIGINT (Ctrl-C) after half a second, and returns what
/// it printed and how it ended.
fn interrupted(args: &[&str], file: &Path) -> Output {
    let child = Command::new(assert_cmd::cargo::cargo_bin("dancing"))
        .args(args)
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    ctrl_c_after_half_a_second(&child);
    child.wait_with_output().unwrap()
}

/// Sends `child` SIGINT (Ctrl-C) after half a second.
fn ctrl_c_after_half_a_second(child: &Child) {
    std::thread::sleep(Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

#[test]
fn ctrl_c_during_a_batch_stops_cleanly_with_a_summary_of_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    let sample = std::fs::read_to_string("puzzles/sudoku/top1465.txt").unwrap();
    let mut file = std::fs::File::create(&path).unwrap();
    // About 150,000 hard puzzles: far more than can be solved before the signal arrives.
    for _ in 0..100 {
        file.write_all(sample.as_bytes()).unwrap();
    }
    drop(file);
    let out = interrupted(&["sudoku", "--jobs", "1"], &path);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted: stopped after"), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        stdout.is_empty() || stdout.ends_with('\n'),
        "no half-written line"
    );
    assert!(lines.len() < 146_500, "it stopped early");
    assert!(lines.iter().all(|l| l.len() == 81), "every answer is whole");
    let summary = stderr.lines().find(|l| l.starts_with("puzzles: ")).unwrap();
    assert!(summary.starts_with(&format!(
        "puzzles: {}, solved: {}",
        lines.len(),
        lines.len()
    )));
}

/// Writes the 16 queens problem (14,772,512 solutions: minutes of search) in Knuth's format.
fn queens_16() -> (tempfile::TempDir, std::path::PathBuf) {
    let text = dancing::knuth::write(&dancing::problems::queens(16));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("queens-16.dlx");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn ctrl_c_during_a_long_count_stops_it_and_prints_no_partial_count() {
    let (_dir, path) = queens_16();
    let out = interrupted(&["cover", "--count"], &path);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no partial count on stdout");
    assert!(stderr.contains("interrupted after"), "{stderr}");
    assert!(stderr.contains("of the tree explored"), "{stderr}");
}

#[test]
fn ctrl_c_during_a_parallel_count_stops_every_thread_and_prints_no_partial_count() {
    let (_dir, path) = queens_16();
    let start = std::time::Instant::now();
    let out = interrupted(&["cover", "--count", "--jobs", "2"], &path);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no partial count on stdout");
    assert!(stderr.contains("interrupted after"), "{stderr}");
    // The whole count takes minutes; stopping must not wait for it.
    assert!(start.elapsed() < Duration::from_secs(30), "{stderr}");
}

#[test]
fn ctrl_c_stops_a_read_that_waits_on_a_pipe_or_never_meets_a_line_end() {
    // Before: each went on after the signal until its input did: the kernel restarted a read
    // waiting on a pipe that sends nothing, and a line without an end (/dev/zero, constant
    // memory) was skipped to its end.
    let cases: [(&[&str], bool); 7] = [
        (&["sudoku"], true),
        (&["sudoku", "rate"], true),
        (&["sudoku", "hint"], true),
        (&["sudoku", "--to-dlx"], true),
        (&["cover", "--count"], true),
        (&["sudoku", "/dev/zero"], false),
        (&["sudoku", "--jobs", "1", "/dev/zero"], false),
    ];
    for (args, from_a_pipe) in cases {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("dancing"))
            .args(args)
            .stdin(if from_a_pipe {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Held open and silent: the command waits on it.
        let stdin = child.stdin.take();
        ctrl_c_after_half_a_second(&child);
        let signalled = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if signalled.elapsed() > Duration::from_secs(10) {
                child.kill().unwrap();
                panic!("{args:?}: still running 10 s after Ctrl-C");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing was read");
    }
}

#[test]
fn ctrl_c_stops_an_estimate_and_prints_no_estimate() {
    // Before: the paths were walked to the last (a hundred million of them: minutes), Ctrl-C
    // or not.
    // On a tree of 10^31 nodes, which the paths' cap never reaches.
    let (_dir, huge) = tree_of_1e31_nodes();
    let out = interrupted(&["cover", "--estimate", "100000000"], &huge);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no estimate of fewer paths");
    assert!(
        stderr.contains("interrupted after") && stderr.contains("of 100000000 paths"),
        "{stderr}"
    );
}

/// Writes a tree of some 10^31 nodes: 21 items, each with 30 options of its own.
fn tree_of_1e31_nodes() -> (tempfile::TempDir, std::path::PathBuf) {
    let mut text = (0..21).map(|i| format!("i{i} ")).collect::<String>() + "\n";
    for i in 0..21 {
        text += &format!("i{i}\n").repeat(30);
    }
    crate::common::temp_file("huge.dlx", text)
}

#[test]
fn a_split_sized_by_time_says_the_time_of_a_huge_tree_uncapped() {
    let (_dir, file) = tree_of_1e31_nodes();
    let out = interrupted(
        &["cover", "--split", "--part-time", "1h", "--estimate", "20"],
        &file,
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(!stderr.contains("18446744073709551616"), "{stderr}");
    // Some 10^31 nodes at a few million a second: some 10^24 s.
    let seconds: f64 = stderr
        .split(" nodes/s")
        .next()
        .and_then(|s| s.rsplit(", ~").next())
        .and_then(|s| s.split(" s at").next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no time in {stderr}"));
    assert!(seconds > 1e21, "{stderr}");
}

#[test]
fn ctrl_c_during_a_count_of_a_huge_tree_says_under_a_thousandth_of_it_was_explored_not_none() {
    let (_dir, file) = tree_of_1e31_nodes();
    let out = interrupted(&["cover", "--count", "--jobs", "1"], &file);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("under 0.001% of the tree explored"),
        "{stderr}"
    );
}
