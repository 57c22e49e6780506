//! `dancing cover` through the binary: output, counts, statistics, budgets and exit codes.

use crate::common;

use common::{dancing, stderr_of, stdout_of, temp_file};
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
            // Knuth's tree: `auto` takes the band engine, with statistics of its own.
            "--engine",
            "links",
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
fn one_node_and_one_solution_are_written_in_the_singular() {
    dancing()
        .args(["cover", "--count", "--max-nodes", "1", "--jobs", "1"])
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "gave up after 1 node (--max-nodes) with 0 solutions found",
        ));
    // On Knuth's tree the first of the 92 comes within 10 nodes, the second after 12.
    dancing()
        .args(["cover", "--all", "--limit", "5", "--max-nodes", "10"])
        .args(["--engine", "links", "puzzles/exact-cover/nqueens-8.dlx"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "gave up after 10 nodes (--max-nodes) with 1 solution found;",
        ));
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
        .stderr("dancing: <stdin>:2:3: `C` is not an item: expected one of the names on the item line\n");
}

#[test]
fn a_missing_file_is_named_once_and_exits_2() {
    let assert = dancing()
        .args(["cover", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dancing: no/such/file.dlx: cannot read: ",
        ));
    assert_eq!(stderr_of(&assert).matches("no/such/file.dlx").count(), 1);
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
            "dancing: <stdin>:3:1: warning: this option has no primary item",
        ));
}

#[test]
fn a_count_stopped_at_its_limit_is_marked_and_an_exact_one_is_not() {
    let queens = "puzzles/exact-cover/nqueens-8.dlx";
    dancing()
        .args(["cover", "--count", "--limit", "10", "--stats", queens])
        .assert()
        .success()
        .stdout("10+\n")
        .stderr(predicate::str::contains(
            "solutions: at least 10 (--limit)\n",
        ));
    // 92 solutions: a limit above the count does not mark it.
    dancing()
        .args(["cover", "--count", "--limit", "100", "--stats", queens])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("solutions: 92\n"));
    dancing()
        .args(["cover", "--all", "--limit", "2", "--stats", queens])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "solutions: at least 2 (--limit)\n",
        ));
}

#[test]
fn a_spent_time_budget_exits_3_and_prints_no_count_on_one_thread_or_two() {
    let text = dancing::knuth::write(&dancing::problems::queens(16));
    for jobs in ["1", "2"] {
        dancing()
            .args(["cover", "--count", "--max-time", "0.2s", "--jobs", jobs])
            .write_stdin(text.clone())
            .assert()
            .code(3)
            .stdout("")
            .stderr(
                predicate::str::contains("gave up after 0.2 s (--max-time)")
                    .and(predicate::str::contains("the answer is unknown")),
            );
    }
}

#[test]
fn a_count_on_two_threads_shows_its_progress_when_asked_for() {
    dancing()
        .args(["cover", "--count", "--progress", "--jobs", "2"])
        .arg("puzzles/exact-cover/pentomino-3x20.dlx")
        .assert()
        .success()
        .stdout("8\n")
        .stderr(predicate::str::contains(
            "8 solutions, 32978 nodes, 100.000% of the tree explored",
        ));
}

#[test]
fn progress_is_shown_when_asked_for() {
    dancing()
        .args(["cover", "--count", "--progress", "--jobs", "1"])
        .arg("puzzles/exact-cover/pentomino-3x20.dlx")
        .assert()
        .success()
        .stdout("8\n")
        .stderr(
            predicate::str::contains("8 solutions, ")
                .and(predicate::str::contains("100.000% of the tree explored")),
        );
}

/// A problem in Knuth's format: `n` items, option `k` covering item `k` alone (one solution,
/// `n` levels of one option).
fn chain_dlx(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    format!("{}\n{}\n", items.join(" "), items.join("\n"))
}

/// The count (stdout) and the nodes, updates and solutions (stderr) of
/// `dancing cover --count --stats --jobs JOBS FILE`.
fn count_and_stats(file: &std::path::Path, jobs: &str) -> (String, Vec<String>) {
    let run = dancing()
        .args(["cover", "--count", "--stats", "--jobs", jobs])
        .arg(file)
        .assert()
        .success();
    let stats = stderr_of(&run)
        .lines()
        .filter(|l| {
            ["nodes: ", "updates: ", "solutions: "]
                .iter()
                .any(|s| l.starts_with(s))
        })
        .map(str::to_string)
        .collect();
    (stdout_of(&run), stats)
}

#[test]
fn count_with_two_jobs_on_a_chain_of_ten_thousand_items_prints_what_one_job_prints() {
    let (_dir, file) = temp_file("chain.dlx", chain_dlx(10_000));
    let one = count_and_stats(&file, "1");
    assert_eq!(one.0, "1\n");
    assert_eq!(one.1, ["nodes: 10001", "updates: 10000", "solutions: 1"]);
    assert_eq!(count_and_stats(&file, "2"), one);
}

#[test]
fn count_with_two_jobs_on_a_36x36_sudoku_as_exact_cover_prints_what_one_job_prints() {
    let text = std::fs::read_to_string("puzzles/generated/36x36-seed36.txt").unwrap();
    let puzzle = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let dlx = dancing()
        .args(["sudoku", "--to-dlx"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    let (_dir, file) = temp_file("sudoku-36.dlx", stdout_of(&dlx));
    let one = count_and_stats(&file, "1");
    // The generator kept only puzzles with one solution.
    assert_eq!(one.0, "1\n");
    assert_eq!(count_and_stats(&file, "2"), one);
}

#[test]
fn split_of_a_chain_of_ten_thousand_items_holds_the_whole_count_in_its_header() {
    let (_dir, file) = temp_file("chain.dlx", chain_dlx(10_000));
    let split = dancing()
        .args(["cover", "--split", "--parts", "4"])
        .arg(&file)
        .assert()
        .success();
    let header: serde_json::Value = serde_json::from_str(stdout_of(&split).trim()).unwrap();
    assert_eq!(header["depth"], 10_001);
    assert_eq!(header["parts"], 0);
    assert_eq!(header["above"]["count"], 1);
    assert_eq!(header["above"]["nodes"], 10_001);
}

/// `dancing cover --estimate PATHS --seed SEED FILE`'s output.
fn estimate(paths: &str, seed: &str, file: impl AsRef<std::ffi::OsStr>) -> String {
    let assert = dancing()
        .args(["cover", "--estimate", paths, "--seed", seed])
        .arg(file)
        .assert()
        .success();
    stdout_of(&assert)
}

#[test]
fn estimate_prints_the_nodes_its_interval_spread_and_time_and_a_seed_repeats_it() {
    // Fourteen queens: 500 paths cost less than a tenth of their search.
    let problem = stdout_of(
        &dancing()
            .args(["queens", "14", "--to-dlx"])
            .assert()
            .success(),
    );
    let (_dir, file) = temp_file("queens-14.dlx", problem);
    let run = |seed: &str| estimate("500", seed, &file);
    let text = run("3");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // The links count 5,474,542 nodes for fourteen queens (docs/guide.md).
    let nodes: f64 = lines[0]
        .strip_prefix("nodes: ~")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        nodes > 5_474_542.0 / 2.0 && nodes < 5_474_542.0 * 2.0,
        "{text}"
    );
    assert!(lines[1].starts_with("interval: ") && lines[1].contains("of 500 paths"));
    assert!(lines[2].starts_with("spread: standard deviation "));
    assert!(lines[3].starts_with("time: ~") && lines[3].contains(" nodes/s "));
    // The time is measured; the estimate is the seed's alone.
    let again = run("3");
    assert_eq!(
        text.lines().take(3).collect::<Vec<_>>(),
        again.lines().take(3).collect::<Vec<_>>()
    );
}

#[test]
fn an_estimate_whose_paths_cost_a_tenth_of_the_search_stops_and_says_so() {
    // The eight queens' links search has 1,049 nodes: 2,000 paths would cost far more than
    // the search (before: all 2,000 were walked); the cap stops them after the first 100.
    let run = || estimate("2000", "3", "puzzles/exact-cover/nqueens-8.dlx");
    let text = run();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[1].ends_with("of 100 paths down the links' tree)"),
        "{text}"
    );
    assert!(
        lines[4].starts_with("paths: 100 of 2000, stopped when they had cost 10% of the nodes"),
        "{text}"
    );
    // As many paths as the uncapped estimate of 100: the same estimate.
    let hundred = estimate("100", "3", "puzzles/exact-cover/nqueens-8.dlx");
    assert_eq!(text.lines().next(), hundred.lines().next());
    // No clock decides: the same seed stops at the same path.
    let again = run();
    assert_eq!(lines[..3], again.lines().take(3).collect::<Vec<_>>()[..]);
    assert_eq!(lines[4], again.lines().nth(4).unwrap());
}

#[test]
fn estimate_refuses_count_and_all() {
    dancing()
        .args(["cover", "--estimate", "10", "--count", KNUTH])
        .assert()
        .code(2);
    // Before: taken, and ignored: the paths are not nodes (--max-time stops an estimate).
    dancing()
        .args(["cover", "--estimate", "10", "--max-nodes", "5", KNUTH])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'--estimate <N>' cannot be used with '--max-nodes <N>'",
        ));
}

#[test]
fn an_engine_asked_for_by_name_that_refuses_the_problem_is_named_in_the_message() {
    // Before: every refusal said `--engine propagate`, whichever engine was asked for.
    let (_dir, colored) = temp_file("colored.dlx", "a | c\na c:x\n");
    let colored = colored.to_str().unwrap();
    for (engine, file) in [("band", KNUTH), ("learn", colored), ("propagate", colored)] {
        dancing()
            .args(["cover", "--engine", engine, file])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!(
                "--engine {engine}: the {engine} engine"
            )));
    }
}
