//! Copies of one option and items of many options: every count of 100,000 copies of `a b`
//! (each copy alone is a solution) is right, on several threads within seconds, and
//! `--max-time` and Ctrl-C end the memo, its diagram and samples, preprocessing, the count on
//! several threads and the estimate of `--split --part-time` on inputs that ran for tens of
//! seconds or minutes, ignoring both. The bounds are generous, as in
//! `cli_budgets`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cli_budgets::{PROMPTLY, assert_gives_up_after_one_second, interrupted_after};
use crate::common::{dancing, stdout_of, temp_file};

/// `copies` copies of the option `a b` on the items `a b`.
fn copies_of_a_b(copies: usize) -> (tempfile::TempDir, PathBuf) {
    temp_file("copies.dlx", format!("a b\n{}", "a b\n".repeat(copies)))
}

/// 100,000 copies of `a c` and 100,000 of `c`: each of the first covers `c`, whose 100,000
/// other options go, 10^10 kills for the memo as for the links (before, 2 x 10^10 between
/// two looks at the clock).
fn covers_of_a_wide_item() -> (tempfile::TempDir, PathBuf) {
    let n = 100_000;
    temp_file(
        "wide-c.dlx",
        format!("a c\n{}{}", "a c\n".repeat(n), "c\n".repeat(n)),
    )
}

/// 100,000 options `a xK` of one primary item, each with a secondary item of its own:
/// preprocessing tests each option against the whole list of `a`, 10^10 steps.
fn options_of_one_item() -> (tempfile::TempDir, PathBuf) {
    let n = 100_000;
    let secondary: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
    let options: String = secondary.iter().map(|x| format!("a {x}\n")).collect();
    temp_file(
        "one-item.dlx",
        format!("a | {}\n{options}", secondary.join(" ")),
    )
}

/// The long runs that the clock and Ctrl-C must stop, each with its input: the memo, its
/// diagram, its samples and preprocessing ignored both before; the count on several threads
/// of a root of 100,000 options, each a cover of 100,000 hides, shares it among threads.
fn long_runs<'a>(wide: &'a Path, one_item: &'a Path, zdd: &'a Path) -> Vec<Vec<&'a str>> {
    let (wide, one_item, zdd) = (
        wide.to_str().unwrap(),
        one_item.to_str().unwrap(),
        zdd.to_str().unwrap(),
    );
    vec![
        vec!["cover", "--count", "--memo", wide],
        vec!["cover", "--count", "--zdd", zdd, wide],
        vec!["cover", "--sample", "3", wide],
        vec!["cover", "--count", "--preprocess", one_item],
        vec!["cover", "--count", "--jobs", "2", wide],
        vec!["cover", "--count", wide],
    ]
}

/// Asserts that `dancing cover --count ARGS` counts the `copies` options of `path` (each
/// one solution) within `timeout`.
fn assert_counts_copies(path: &Path, args: &[&str], copies: usize, timeout: Duration) {
    let assert = dancing()
        .args(["cover", "--count"])
        .args(args)
        .arg(path)
        .timeout(timeout)
        .assert()
        .success();
    assert_eq!(stdout_of(&assert), format!("{copies}\n"), "{args:?}");
}

#[test]
fn copies_of_one_option_are_counted_each_by_the_memo_its_diagram_preprocessing_and_the_links() {
    // Before: 234 s by memo, 138 s with --preprocess (minutes more in a debug build).
    let copies = 100_000;
    let (dir, path) = copies_of_a_b(copies);
    let zdd = dir.path().join("copies.zdd");
    let zdd = zdd.to_str().unwrap();
    for args in [
        &["--memo"][..],
        &["--zdd", zdd],
        &["--preprocess", "--jobs", "1"],
        &["--jobs", "1"],
    ] {
        assert_counts_copies(&path, args, copies, Duration::from_secs(120));
    }
    let samples = dancing()
        .args(["cover", "--sample", "3"])
        .arg(&path)
        .timeout(Duration::from_secs(120))
        .assert()
        .success();
    assert_eq!(stdout_of(&samples), "a b\n\na b\n\na b\n");
}

#[test]
fn copies_of_one_option_are_counted_on_several_threads_within_seconds() {
    // Before: 38 s on two threads (each copy handed out as a subtree whose replay covers `a`
    // and hides all 100,000), where one thread takes 0.1 s.
    let copies = 100_000;
    let (_dir, path) = copies_of_a_b(copies);
    for args in [&["--jobs", "2"][..], &["--jobs", "4"], &[]] {
        assert_counts_copies(&path, args, copies, Duration::from_secs(10));
    }
}

#[test]
fn a_time_budget_stops_the_memo_its_diagram_its_samples_preprocessing_and_a_parallel_count() {
    let (dir, wide) = covers_of_a_wide_item();
    let (_one, one_item) = options_of_one_item();
    let zdd = dir.path().join("wide.zdd");
    for mut args in long_runs(&wide, &one_item, &zdd) {
        args.extend(["--max-time", "1"]);
        assert_gives_up_after_one_second(&args);
    }
}

#[test]
fn ctrl_c_stops_the_memo_its_diagram_its_samples_preprocessing_a_parallel_count_and_the_split_s_estimate()
 {
    // Before: the split's estimate of 100,000 one-item options went on for 34 s.
    let (dir, wide) = covers_of_a_wide_item();
    let (_one, one_item) = options_of_one_item();
    let zdd = dir.path().join("wide.zdd");
    let (_split, one_item_options) = temp_file(
        "one-item-options.dlx",
        format!("a\n{}", "a\n".repeat(100_000)),
    );
    let mut runs = long_runs(&wide, &one_item, &zdd);
    runs.push(vec![
        "cover",
        "--split",
        "--part-time",
        "1s",
        one_item_options.to_str().unwrap(),
    ]);
    for args in runs {
        let (out, took) = interrupted_after(&args, Duration::from_millis(500));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing written");
        // Stopped inside the work, not while reading the input.
        let inside = [
            "of the tree explored",
            "subproblems counted",
            "while preprocessing",
            "while estimating",
        ];
        assert!(stderr.contains("interrupted"), "{args:?}: {stderr}");
        assert!(
            inside.iter().any(|s| stderr.contains(s)),
            "{args:?}: {stderr}"
        );
        assert!(took < PROMPTLY, "{args:?}: {took:?} after the signal");
    }
}
