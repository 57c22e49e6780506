//! `--seed`: first solutions by randomized restarts, through the release binary. Large N
//! queens (the default), the same seed giving the same answer, `--seed none`, and the flags
//! that keep Knuth's order (`--count`, `--all`) refusing it.

use crate::common;

use std::collections::HashSet;

use common::{dancing, stderr_of, stdout_of};

/// The column of the queen in each row of a board as `dancing queens` prints it, checked
/// independently of the library: `n` rows of `n` squares, one queen a row, no two queens in a
/// column or on a diagonal.
fn valid_board(n: usize, text: &str) -> Vec<usize> {
    let columns: Vec<usize> = text
        .lines()
        .map(|line| {
            let squares: Vec<&str> = line.split(' ').collect();
            assert_eq!(squares.len(), n, "a row of {n} squares");
            assert_eq!(
                squares.iter().filter(|s| **s == "Q").count(),
                1,
                "one queen"
            );
            squares.iter().position(|s| *s == "Q").unwrap()
        })
        .collect();
    assert_eq!(columns.len(), n, "{n} rows");
    let distinct = |values: Vec<i64>| values.iter().collect::<HashSet<_>>().len() == n;
    let rows = 0..n as i64;
    assert!(
        distinct(columns.iter().map(|&c| c as i64).collect()),
        "columns"
    );
    let sums = rows
        .clone()
        .zip(&columns)
        .map(|(r, &c)| r + c as i64)
        .collect();
    assert!(distinct(sums), "diagonals r + c");
    let differences = rows.zip(&columns).map(|(r, &c)| r - c as i64).collect();
    assert!(distinct(differences), "diagonals r - c");
    columns
}

/// `dancing queens N ARGS`: the board it prints, checked.
fn queens(n: usize, args: &[&str]) -> Vec<usize> {
    let assert = dancing()
        .args(["queens", &n.to_string()])
        .args(args)
        .assert()
        .success();
    valid_board(n, &stdout_of(&assert))
}

#[test]
fn queens_places_n_queens_on_small_and_large_boards_alike() {
    for n in (4..=12).chain([50, 80, 200, 500, 1000]) {
        queens(n, &[]);
    }
}

#[test]
fn the_same_seed_gives_the_same_board_and_other_seeds_other_valid_boards() {
    assert_eq!(queens(80, &["--seed", "7"]), queens(80, &["--seed", "7"]));
    assert_eq!(
        queens(80, &[]),
        queens(80, &["--seed", "0"]),
        "seed 0 is the default"
    );
    let boards: HashSet<Vec<usize>> = (1..=4)
        .map(|seed| queens(80, &["--seed", &seed.to_string()]))
        .collect();
    assert!(boards.len() > 1, "four seeds, one board");
}

#[test]
fn seed_none_gives_the_first_solution_of_the_search_in_the_problems_order() {
    let board = queens(8, &["--seed", "none"]);
    let export = dancing()
        .args(["queens", "8", "--to-dlx"])
        .assert()
        .success();
    let cover = dancing()
        .arg("cover")
        .write_stdin(stdout_of(&export))
        .assert()
        .success();
    // Each chosen option is `r{row} c{column} ...`, one digit each for 8 queens.
    let mut columns = vec![usize::MAX; 8];
    for line in stdout_of(&cover).lines() {
        let digit = |name: &str| name[1..].parse::<usize>().unwrap();
        let names: Vec<&str> = line.split(' ').collect();
        columns[digit(names[0])] = digit(names[1]);
    }
    assert_eq!(board, columns);
}

#[test]
fn counting_and_listing_all_refuse_a_seed_and_say_why() {
    for args in [
        &["queens", "8", "--seed", "1", "--count"][..],
        &["queens", "8", "--all", "--seed", "1"],
        &[
            "cover",
            "--count",
            "--seed",
            "1",
            "puzzles/exact-cover/nqueens-8.dlx",
        ],
    ] {
        let assert = dancing().args(args).assert().code(2);
        let stderr = stderr_of(&assert);
        assert!(
            stderr.contains("cannot be used with") && stderr.contains("'--seed <S>'"),
            "{args:?}: {stderr}"
        );
    }
    let assert = dancing()
        .args(["queens", "8", "--seed", "x"])
        .assert()
        .code(2);
    assert!(stderr_of(&assert).contains("expected a number"));
}

#[test]
fn counting_queens_keeps_knuths_counts_and_statistics() {
    let ours = dancing()
        .args(["queens", "8", "--count", "--stats", "--jobs", "1"])
        .assert()
        .success();
    let export = dancing()
        .args(["queens", "8", "--to-dlx"])
        .assert()
        .success();
    let theirs = dancing()
        .args(["cover", "--count", "--stats"])
        .write_stdin(stdout_of(&export))
        .assert()
        .success();
    assert_eq!(stdout_of(&ours), "92\n");
    let figures = |text: String| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("elapsed"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(figures(stderr_of(&ours)), figures(stderr_of(&theirs)));
}

#[test]
fn cover_with_a_seed_prints_an_exact_cover_and_the_same_one_each_time() {
    let export = dancing()
        .args(["queens", "60", "--to-dlx"])
        .assert()
        .success();
    let text = stdout_of(&export);
    let solve = |seed: &str| {
        let assert = dancing()
            .args(["cover", "--seed", seed, "--stats"])
            .write_stdin(text.clone())
            .assert()
            .success();
        assert!(stderr_of(&assert).contains(&format!("randomized restarts, seed {seed}")));
        stdout_of(&assert)
    };
    let solution = solve("12");
    assert_eq!(solve("12"), solution);
    // Every row and every column once, every diagonal at most once.
    let mut seen = HashSet::new();
    for name in solution.split_whitespace() {
        assert!(seen.insert(name.to_string()), "{name} twice");
    }
    for k in 0..60 {
        assert!(
            seen.contains(&format!("r{k}")) && seen.contains(&format!("c{k}")),
            "{k}"
        );
    }
}

#[test]
fn restarts_still_answer_no_solution_and_keep_to_the_node_budget() {
    let assert = dancing().args(["queens", "3"]).assert().code(1);
    assert!(stderr_of(&assert).contains("no solution"));
    // Langford pairs of 6 have no solution; 100 nodes are far too few to show it.
    let assert = dancing()
        .args(["langford", "6", "--seed", "1", "--max-nodes", "100"])
        .assert()
        .code(3);
    assert!(stderr_of(&assert).contains("gave up after 100 nodes"));
    dancing()
        .args(["langford", "6", "--seed", "1"])
        .assert()
        .code(1);
}

/// Checks a Langford sequence independently: `2n` numbers, each of `1..=n` twice, the two
/// copies of `k` with `k` numbers between them.
fn assert_langford(n: usize, text: &str) {
    let values: Vec<usize> = text
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 2 * n, "{text}");
    for k in 1..=n {
        let at: Vec<usize> = (0..2 * n).filter(|&i| values[i] == k).collect();
        assert_eq!(at.len(), 2, "{k} twice in {text}");
        assert_eq!(
            at[1] - at[0],
            k + 1,
            "{k} numbers between the {k}s in {text}"
        );
    }
}

#[test]
fn langford_finds_large_sequences_by_restarts_and_still_proves_there_are_none() {
    for n in [3, 4, 7, 8, 48, 100] {
        let assert = dancing()
            .args(["langford", &n.to_string()])
            .assert()
            .success();
        assert_langford(n, &stdout_of(&assert));
    }
    // No solution for 10: restarts are off by default, so no run repeats the proof.
    let assert = dancing()
        .args(["langford", "10", "--stats"])
        .assert()
        .code(1);
    assert!(!stderr_of(&assert).contains("runs:"));
}
