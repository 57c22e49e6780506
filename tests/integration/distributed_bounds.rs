//! One count in parts on problems with bounds (multiplicities) and colors: `--split`,
//! `--count --parts`, `--merge --stats` and `--count --checkpoint` (interrupted, by cutting
//! the file back to some of its results, and resumed) against one `--count --stats` on one
//! thread and one `--count --stats --engine links` (Knuth's DLX3): the same count, nodes,
//! updates and cleansings, on the problems of issue 51 and on random ones.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{dancing, stat, temp_file};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// Issue 51's problem: `x` covered twice by two options `x`, then `a`, `b` and `c` by
/// options `a b` and `a c`, which clash on `a`: no solution.
const NO_SOLUTION: &str = "2|x a b c\nx\nx\na b\na c\n";

/// A count and its statistics, as a report prints them.
#[derive(Debug, PartialEq, Eq)]
struct Counted {
    count: String,
    nodes: u128,
    updates: u128,
    cleansings: u128,
}

/// The count on stdout and the statistics on stderr of `output`, which exited 0 (solutions)
/// or 1 (none), as the count says.
fn counted(output: &Output) -> Counted {
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    let count = stdout.trim().to_string();
    let expected = if count == "0" { 1 } else { 0 };
    assert_eq!(output.status.code(), Some(expected), "{stdout}{stderr}");
    let cleansings = if stderr.lines().any(|l| l.starts_with("cleansings: ")) {
        stat(&stderr, "cleansings")
    } else {
        0
    };
    assert_eq!(stat::<String>(&stderr, "solutions"), count, "{stderr}");
    Counted {
        count,
        nodes: stat(&stderr, "nodes"),
        updates: stat(&stderr, "updates"),
        cleansings,
    }
}

/// Runs `dancing cover` with `args` and then `file`.
fn cover(args: &[&str], file: &Path) -> Output {
    dancing()
        .arg("cover")
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

/// Splits `file` into at least `parts` parts, solves each with `--count --parts`, and
/// merges them with `--stats`.
fn merged(dir: &Path, file: &Path, parts: usize) -> Counted {
    let split = cover(&["--split", "--parts", &parts.to_string()], file);
    assert!(split.status.success(), "{split:?}");
    let parts_file = dir.join(format!("{parts}.parts.jsonl"));
    std::fs::write(&parts_file, &split.stdout).unwrap();
    let solved = cover(&["--count", "--parts", parts_file.to_str().unwrap()], file);
    assert!(solved.status.success(), "{solved:?}");
    let results = dir.join(format!("{parts}.results.jsonl"));
    std::fs::write(&results, &solved.stdout).unwrap();
    let merge = dancing()
        .args(["cover", "--merge"])
        .args([&parts_file, &results])
        .arg("--stats")
        .output()
        .unwrap();
    counted(&merge)
}

/// `--count --stats --checkpoint` on `file`: run whole, then cut back to its header and
/// every other result (as a run killed midway leaves it, but for the order) and run again.
/// Returns the totals of both runs.
fn checkpointed(dir: &Path, file: &Path) -> (Counted, Counted) {
    let checkpoint = dir.join("count.checkpoint");
    let _ = std::fs::remove_file(&checkpoint);
    let args = [
        "--count",
        "--stats",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    let whole = counted(&cover(&args, file));
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    let kept: String = text
        .lines()
        .enumerate()
        .filter(|(k, _)| *k == 0 || k % 2 == 1)
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    std::fs::write(&checkpoint, kept).unwrap();
    let resumed = counted(&cover(&args, file));
    let again = std::fs::read_to_string(&checkpoint).unwrap();
    assert_eq!(
        again.lines().count(),
        text.lines().count(),
        "every part once"
    );
    (whole, resumed)
}

#[test]
fn a_checkpointed_count_of_a_problem_with_bounds_prints_the_count_of_one_search() {
    let (dir, file) = temp_file("t.dlx", NO_SOLUTION);
    let one = counted(&cover(&["--count", "--stats"], &file));
    assert_eq!(one.count, "0");
    let (whole, resumed) = checkpointed(dir.path(), &file);
    assert_eq!(whole, one);
    assert_eq!(resumed, one);
}

/// Nine queens with a row left empty allowed (rows `0:1`, columns exact, diagonals
/// secondary): still 352 solutions, since nine columns need nine queens, but DLX3's tree,
/// with more than 1,000 nodes at its fifth level, so that a checkpoint has that many parts.
fn nine_queens_with_bounds() -> String {
    let n = 9;
    let mut text: Vec<String> = (0..n).map(|i| format!("0:1|r{i}")).collect();
    text.extend((0..n).map(|j| format!("c{j}")));
    text.push("|".to_string());
    text.extend((0..2 * n - 1).flat_map(|k| [format!("a{k}"), format!("b{k}")]));
    let mut lines = vec![text.join(" ")];
    for i in 0..n {
        for j in 0..n {
            lines.push(format!("r{i} c{j} a{} b{}", i + j, i + n - 1 - j));
        }
    }
    lines.join("\n") + "\n"
}

#[test]
fn a_checkpoint_with_bounds_cut_back_to_half_its_parts_resumes_to_the_count_of_one_search() {
    let (dir, file) = temp_file("queens.dlx", nine_queens_with_bounds());
    let links = counted(&cover(&["--count", "--stats", "--engine", "links"], &file));
    assert_eq!(links.count, "352");
    let (whole, resumed) = checkpointed(dir.path(), &file);
    let header = std::fs::read_to_string(dir.path().join("count.checkpoint")).unwrap();
    let parts: usize = header
        .split("\"parts\":")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(parts >= 1000, "{parts} parts");
    assert_eq!(whole, links);
    assert_eq!(resumed, links);
}

#[test]
fn the_split_of_a_problem_with_bounds_is_accepted_by_count_parts_and_merged() {
    let (dir, file) = temp_file("t.dlx", NO_SOLUTION);
    let links = counted(&cover(&["--count", "--stats", "--engine", "links"], &file));
    assert_eq!(merged(dir.path(), &file, 2), links);
}

#[test]
fn parts_and_checkpoints_of_random_problems_with_bounds_add_up_to_one_search_on_the_links() {
    let mut runner = TestRunner::deterministic();
    let problems = common::random_bounded_problem(3..10);
    for _ in 0..80 {
        let problem = problems.new_tree(&mut runner).unwrap().current();
        let text = dancing::knuth::write(&problem);
        let (dir, file) = temp_file("random.dlx", &text);
        let links = counted(&cover(&["--count", "--stats", "--engine", "links"], &file));
        let one = counted(&cover(&["--count", "--stats"], &file));
        assert_eq!(one, links, "{text}");
        for parts in [2, 5] {
            assert_eq!(merged(dir.path(), &file, parts), links, "{parts}: {text}");
        }
        let (whole, resumed) = checkpointed(dir.path(), &file);
        assert_eq!(whole, links, "{text}");
        assert_eq!(resumed, links, "{text}");
    }
}

#[test]
fn the_parts_refuse_an_engine_whose_tree_the_statistics_are_not_of() {
    let (_dir, file) = temp_file("t.dlx", NO_SOLUTION);
    let refused = cover(&["--split", "--parts", "2", "--engine", "mcc"], &file);
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("leave out --engine"), "{stderr}");
}

#[test]
fn the_merged_statistics_of_a_split_without_parts_say_zero_seconds_not_minus_zero() {
    let (dir, file) = temp_file("t.dlx", NO_SOLUTION);
    let split = cover(&["--split", "--parts", "2"], &file);
    let parts_file = dir.path().join("parts.jsonl");
    std::fs::write(&parts_file, &split.stdout).unwrap();
    let merge = dancing()
        .args(["cover", "--merge"])
        .arg(&parts_file)
        .arg("--stats")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&merge.stderr);
    assert!(stderr.contains("parts: 0 (depth "), "{stderr}");
    assert!(stderr.contains("seconds in parts: 0.000\n"), "{stderr}");
    assert!(!stderr.contains("-0"), "{stderr}");
}
