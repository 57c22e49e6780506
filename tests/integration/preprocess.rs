//! Preprocessing (`dancing::preprocess`, `cover --preprocess`): the reduced problem has the
//! original's solutions, each rule on a hand-made case, and the command line's output,
//! statistics and exit codes.

use crate::common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::{dancing, random_colored_problem, stderr_of, stdout_of, temp_file};
use dancing::preprocess::{PreprocessError, Reduced, preprocess, preprocess_until};
use dancing::{Problem, ProblemBuilder, Solver, knuth};
use proptest::prelude::*;

/// Every solution of `problem`, each as the sorted list of its options.
fn solutions(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let mut all = BTreeSet::new();
    Solver::new(problem)
        .for_each_solution(|solution| {
            let mut solution = solution.to_vec();
            solution.sort_unstable();
            all.insert(solution);
            ControlFlow::Continue(())
        })
        .unwrap();
    all
}

/// The solutions of the reduced problem, as sorted lists of original options.
fn mapped_solutions(reduced: &Reduced) -> BTreeSet<Vec<usize>> {
    solutions(&reduced.problem)
        .into_iter()
        .map(|solution| {
            let mut original = reduced.original(&solution);
            original.sort_unstable();
            original
        })
        .collect()
}

/// `text` read as Knuth's format.
fn parse(text: &str) -> Problem {
    knuth::parse_str(text).unwrap().problem
}

/// The reduced problem of `text`, which must reduce.
fn reduce(text: &str) -> Reduced {
    preprocess(&parse(text)).unwrap()
}

/// `problem` without its colors: the same items and options, plain.
fn plain(problem: &Problem) -> Problem {
    let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    for k in 0..problem.option_count() {
        b.option(problem.option(k)).unwrap();
    }
    b.build().unwrap()
}

/// Whether preprocessing `problem` keeps exactly its solutions (or finds it unsolvable when
/// it has none).
fn keeps_the_solutions(problem: &Problem) -> Result<(), TestCaseError> {
    let original = solutions(problem);
    match preprocess(problem) {
        Ok(reduced) => {
            prop_assert_eq!(reduced.options.len(), reduced.problem.option_count());
            prop_assert_eq!(
                reduced.stats.removed_options + reduced.problem.option_count(),
                problem.option_count()
            );
            prop_assert_eq!(mapped_solutions(&reduced), original);
        }
        Err(PreprocessError::Unsolvable { .. }) => prop_assert!(original.is_empty()),
        Err(e) => prop_assert!(false, "unexpected {e}"),
    }
    Ok(())
}

/// `problem` with option `k` written `copies[k % copies.len()]` times (its items reversed
/// in every copy after the first), the copies of each option after all the originals.
fn with_copies(problem: &Problem, copies: &[usize]) -> Problem {
    let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    let option = |k: usize| problem.option(k).zip(problem.option_colors(k));
    for k in 0..problem.option_count() {
        b.colored_option(option(k)).unwrap();
    }
    for k in 0..problem.option_count() {
        for _ in 1..copies[k % copies.len()] {
            let mut reversed: Vec<_> = option(k).collect();
            reversed.reverse();
            b.colored_option(reversed).unwrap();
        }
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn reduced_problems_have_exactly_the_original_solutions(
        problem in random_colored_problem(1..6, 0..4, 0..14),
    ) {
        keeps_the_solutions(&problem)?;
        keeps_the_solutions(&plain(&problem))?;
    }

    #[test]
    fn copies_of_options_keep_their_own_solutions_through_the_reduction(
        problem in random_colored_problem(1..6, 0..4, 0..8),
        copies in proptest::collection::vec(1..4usize, 1..8),
    ) {
        let copied = with_copies(&problem, &copies);
        keeps_the_solutions(&copied)?;
        keeps_the_solutions(&plain(&copied))?;
    }
}

/// `n` options `a xK` on one primary item `a` and `n` secondary items: each option's test
/// walks the whole list of `a`, `n^2` steps of the rules.
fn one_item_many_options(n: usize) -> String {
    let secondary: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
    let options: String = secondary.iter().map(|x| format!("a {x}\n")).collect();
    format!("a | {}\n{options}", secondary.join(" "))
}

#[test]
fn preprocessing_asks_its_stop_test_and_stops_when_it_says_yes() {
    let problem = parse(&one_item_many_options(1000));
    let mut asked = 0;
    let stopped = preprocess_until(&problem, || {
        asked += 1;
        true
    });
    assert!(
        matches!(stopped, Err(PreprocessError::Stopped { .. })),
        "{stopped:?}"
    );
    assert_eq!(asked, 1);
    let reduced = preprocess_until(&problem, || false).unwrap();
    assert_eq!(reduced.problem.option_count(), 1000);
}

#[test]
fn copies_of_an_option_are_kept_and_counted_each() {
    // Before: 100,000 copies of `a b` took some 10^10 steps (minutes); the options' classes
    // make it a few hundred thousand.
    let copies = 100_000;
    let text = format!("a b\n{}", "a b\n".repeat(copies));
    let reduced = reduce(&text);
    assert_eq!(reduced.problem.option_count(), copies);
    assert_eq!(reduced.options, (0..copies).collect::<Vec<_>>());
    assert_eq!(reduced.stats.removed_options, 0);
}

#[test]
fn knuth_s_example_reduces_to_the_three_singletons_dlx_pre_w_describes() {
    let reduced = preprocess(&dancing::problems::knuth_example()).unwrap();
    // Three primary items (A, B, C here; C and E have the same options, and Knuth keeps E)
    // and the options `C E F`, `A D`, `B G` reduced to C, A, B.
    assert_eq!(reduced.items, [0, 1, 2]);
    assert_eq!(reduced.options, [0, 3, 4]);
    assert_eq!(knuth::write(&reduced.problem), "x0 x1 x2\nx2\nx0\nx1\n");
    assert_eq!(
        (reduced.stats.removed_options, reduced.stats.removed_items),
        (3, 4)
    );
}

#[test]
fn an_option_that_leaves_a_primary_item_uncoverable_is_blocked() {
    // `B C` and `A C` each leave no option for the third item; `A B` and `C` remain.
    let reduced = reduce("A B C\nA B\nA C\nB C\nC\n");
    assert_eq!(reduced.options, [0, 3]);
    assert_eq!(mapped_solutions(&reduced), BTreeSet::from([vec![0, 3]]));
}

#[test]
fn options_agreeing_on_a_color_are_compatible_and_disagreeing_ones_block() {
    // `B X:blue` leaves A's only option, `A X:red`, incompatible; `B X:red` agrees with it.
    let reduced = reduce("A B | X\nA X:red\nB X:red\nB X:blue\n");
    assert_eq!(reduced.options, [0, 1]);
    assert_eq!(reduced.problem.item_count(), 3);
    assert!(reduced.problem.has_colors());
}

#[test]
fn an_item_in_every_option_of_a_primary_item_rules_out_its_other_options_and_goes() {
    // Every option of A contains B, so `B C` (without A) goes, then B has A's options.
    let reduced = reduce("A B C\nA B\nA B C\nB C\nC\n");
    assert_eq!(reduced.options, [0, 1, 3]);
    assert_eq!(reduced.items, [0, 2]);
    assert_eq!(knuth::write(&reduced.problem), "x0 x1\nx0\nx0 x1\nx1\n");
}

#[test]
fn secondary_items_without_options_or_within_one_primary_item_s_options_are_dropped() {
    // Y has no option; X is only in options of A, at most one of which is chosen.
    let reduced = reduce("A B | X Y\nA X:1\nA B X:2\nB\n");
    assert_eq!(reduced.items, [0, 1]);
    assert_eq!(reduced.options, [0, 1, 2]);
    assert!(!reduced.problem.has_colors());
}

#[test]
fn a_primary_item_left_without_options_is_reported_unsolvable() {
    match preprocess(&parse("A B C\nA B\nB C\nA C\n")) {
        // `A B` and then `B C` are blocked; the next round finds B with no option.
        Err(PreprocessError::Unsolvable { item, stats }) => {
            assert_eq!((item, stats.removed_options, stats.rounds), (1, 2, 2));
        }
        other => panic!("expected unsolvable, got {other:?}"),
    }
}

#[test]
fn multiplicities_are_refused() {
    let problem = parse("2|A B\nA\nA B\nA\n");
    assert_eq!(
        preprocess(&problem).unwrap_err(),
        PreprocessError::Multiplicities
    );
}

#[test]
fn the_cli_writes_the_reduced_problem_which_reads_back_with_its_names() {
    let path = "puzzles/exact-cover/pentomino-3x20.dlx";
    let assert = dancing()
        .args(["cover", "--preprocess", "--stats", path])
        .assert()
        .success();
    let read = knuth::parse_str(&stdout_of(&assert)).unwrap();
    let original = knuth::parse(&std::fs::read(path).unwrap()).unwrap();
    let reduced = preprocess(&original.problem).unwrap();
    assert_eq!(read.problem, reduced.problem);
    assert_eq!(read.problem.names(), reduced.problem.names());
    assert!(stderr_of(&assert).contains(&format!(
        "removed {} options and 0 items in {} rounds",
        reduced.stats.removed_options, reduced.stats.rounds
    )));
    assert!(reduced.stats.removed_options > 0);
}

#[test]
fn the_cli_searches_the_reduced_problem_and_prints_the_original_options() {
    let path = "puzzles/exact-cover/knuth-example.dlx";
    dancing()
        .args(["cover", "--preprocess", "--all", path])
        .assert()
        .success()
        .stdout("A D\nB G\nC E F\n");
    for memo in [&[][..], &["--memo"]] {
        dancing()
            .args([
                "cover",
                "--preprocess",
                "--count",
                "puzzles/exact-cover/sudoku-hard.dlx",
            ])
            .args(memo)
            .assert()
            .success()
            .stdout("1\n");
    }
}

#[test]
fn the_reduced_problem_is_searched_on_the_engine_asked_for() {
    // pentomino-3x20: 8 solutions (2 up to the rectangle's 4 symmetries), on every engine.
    for engine in ["links", "bits", "propagate"] {
        dancing()
            .args(["cover", "--preprocess", "--count", "--engine", engine])
            .arg("puzzles/exact-cover/pentomino-3x20.dlx")
            .assert()
            .success()
            .stdout("8\n");
    }
}

#[test]
fn the_cli_exits_1_on_a_problem_found_unsolvable() {
    let (_dir, path) = temp_file("triangle.dlx", "A B C\nA B\nB C\nA C\n");
    let assert = dancing()
        .args(["cover", "--preprocess"])
        .arg(&path)
        .assert()
        .code(1);
    assert!(stderr_of(&assert).contains("no solution"));
}

#[test]
fn a_count_of_a_problem_found_unsolvable_prints_0_as_a_count_without_preprocessing_does() {
    // Before: `--preprocess --count` printed nothing on stdout.
    let (_dir, path) = temp_file("triangle.dlx", "A B C\nA B\nB C\nA C\n");
    for memo in [&[][..], &["--memo"]] {
        let plain = dancing()
            .args(["cover", "--count"])
            .args(memo)
            .arg(&path)
            .assert()
            .code(1);
        let assert = dancing()
            .args(["cover", "--count", "--preprocess"])
            .args(memo)
            .arg(&path)
            .assert()
            .code(1);
        assert_eq!(stdout_of(&assert), stdout_of(&plain));
        assert_eq!(stdout_of(&assert), "0\n");
        assert!(stderr_of(&assert).contains("no solution"));
    }
}
