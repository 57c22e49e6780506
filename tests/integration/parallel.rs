//! Counting on several threads: the same counts and the same statistics as the sequential
//! search, on problems with none, one and many solutions, and on random matrices; and what
//! sharing the tree costs on deep trees (a chain of forced levels, a 36x36 Sudoku).

use crate::common;

use std::sync::atomic::AtomicBool;

use common::{dancing, stdout_of};
use dancing::parallel::{Plan, Shared, Watch, count_parallel_planned, count_parallel_watched};
use dancing::problems::queens;
use dancing::{
    AUTO_LINKS_NODE_MEMS, AUTO_LINKS_UPDATE_MEMS, Choice, Engine, Problem, ProblemBuilder, Solver,
    Total, count_parallel,
};
use predicates::prelude::*;
use proptest::prelude::*;

fn sequential(problem: &Problem) -> Total {
    sequential_on(problem, Engine::Auto)
}

/// [`sequential`] on `engine`.
fn sequential_on(problem: &Problem, engine: Engine) -> Total {
    let mut solver = Solver::with_engine(problem, engine);
    // A count on several threads searches MRV's tree (Knuth's), where `Auto` alone may
    // branch by SSXCC2's weights (a Sudoku export): the same tree here.
    solver.set_choice(Choice::Mrv);
    solver.count(None).unwrap();
    solver.stats().into()
}

/// A plan that shares the tree from the second node on, aiming at one subtree per job: what
/// the default plan does on large trees, reached on small ones (which it counts on one thread).
const EAGER: Plan = Plan {
    alone: 0,
    subtrees_per_job: 1,
};

/// The count of `problem` on `jobs` threads under `plan`, and how it shared the tree.
fn planned(problem: &Problem, jobs: usize, plan: Plan) -> (Total, Shared) {
    planned_on(problem, Engine::Auto, jobs, plan)
}

/// [`planned`] on `engine`.
fn planned_on(problem: &Problem, engine: Engine, jobs: usize, plan: Plan) -> (Total, Shared) {
    count_parallel_planned(problem, engine, jobs, plan, &AtomicBool::new(false)).unwrap()
}

/// `n` items, option `k` covering item `k` alone: one solution, `n` levels of one option.
fn chain(n: usize) -> Problem {
    let mut b = ProblemBuilder::new(n, 0);
    for k in 0..n {
        b.option([k]).unwrap();
    }
    b.build().unwrap()
}

/// `n` copies of the option `a b` on the items `a b`: a root of `n` children, each a solution,
/// whose replay covers `a` and so hides all `n` options, where the thread that shares the
/// tree takes each child in a step or two.
fn copies_of_a_b(n: usize) -> Problem {
    let mut b = ProblemBuilder::new(2, 0);
    for _ in 0..n {
        b.option([0, 1]).unwrap();
    }
    b.build().unwrap()
}

/// The first 36x36 puzzle of `puzzles/generated/36x36-seed36.txt` (generated with a unique
/// solution), as exact cover, as `dancing sudoku --to-dlx` writes it.
fn sudoku_36_as_exact_cover() -> Problem {
    let text = std::fs::read_to_string("puzzles/generated/36x36-seed36.txt").unwrap();
    let puzzle = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let dlx = dancing()
        .args(["sudoku", "--to-dlx"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    dancing::knuth::parse_str(&stdout_of(&dlx)).unwrap().problem
}

#[test]
fn a_chain_of_ten_thousand_forced_levels_is_counted_without_being_cut() {
    let problem = chain(10_000);
    let whole = sequential(&problem);
    // One node a level and the solution; each option covers one item.
    assert_eq!(
        (whole.solutions.to_u64(), whole.nodes, whole.updates),
        (Some(1), 10_001, 10_000)
    );
    assert_eq!(count_parallel(&problem, 2), whole);
    // However early the sharing starts, no level has two options: nothing is handed out or
    // replayed, and the thread that shares the tree searches it all, once.
    let (total, shared) = planned(&problem, 2, EAGER);
    assert_eq!(total, whole);
    let expected = Shared {
        subtrees: 0,
        replayed: 0,
        replay_work: 0,
        top_nodes: 10_001,
        top_work: 10_001 * AUTO_LINKS_NODE_MEMS + 10_000 * AUTO_LINKS_UPDATE_MEMS,
    };
    assert_eq!(shared, expected);
}

#[test]
fn a_root_of_a_hundred_thousand_copies_is_searched_by_the_sharing_thread_with_few_replays() {
    // Before: a subtree handed out for every five nodes of the top, 19,000 replays of
    // 100,000 hides each: 38 s on two threads.
    let n = 100_000;
    let problem = copies_of_a_b(n);
    let whole = sequential(&problem);
    assert_eq!(whole.solutions, n as u64);
    for jobs in [2, 4] {
        for plan in [Plan::DEFAULT, EAGER] {
            let (total, shared) = planned(&problem, jobs, plan);
            assert_eq!(total, whole, "{jobs} jobs, {plan:?}");
            // The replays cost at most a quarter of the sharing thread's work, which is a
            // step or two a child: a handful of replays of the root's whole list.
            assert!(
                4 * shared.replay_work <= shared.top_work,
                "{jobs} jobs, {plan:?}: {shared:?}"
            );
            assert!(shared.subtrees <= 8, "{jobs} jobs, {plan:?}: {shared:?}");
            assert!(
                shared.top_nodes + shared.subtrees == n as u64 + 1,
                "{jobs} jobs, {plan:?}: {shared:?}"
            );
        }
    }
}

#[test]
fn a_36x36_sudoku_as_exact_cover_is_shared_for_at_most_a_quarter_of_the_sharing_threads_work() {
    let problem = sudoku_36_as_exact_cover();
    let whole = sequential(&problem);
    assert_eq!(whole.solutions, 1);
    for jobs in [2, 3] {
        assert_eq!(count_parallel(&problem, jobs), whole, "{jobs} jobs");
    }
    // The sharing, on Knuth's tree on the bits: under `Auto` this matrix runs on the
    // learning engine (`AUTO_LATIN_OPTIONS`), whose tree of a few hundred nodes the sharing
    // thread searches alone.
    let whole = sequential_on(&problem, Engine::Bits);
    assert_eq!(whole.solutions, 1);
    for plan in [Plan::DEFAULT, EAGER] {
        let (total, shared) = planned_on(&problem, Engine::Bits, 2, plan);
        assert_eq!(total, whole, "{plan:?}");
        assert!(
            shared.top_nodes <= whole.nodes.try_into().unwrap(),
            "{shared:?}"
        );
        // The subtrees are deep (hundreds of forced levels above them): the work of the
        // replays that reach them stays within a quarter of the sharing thread's own.
        assert!(
            4 * shared.replay_work <= shared.top_work,
            "{plan:?}: {shared:?}"
        );
    }
    let (_, shared) = planned_on(&problem, Engine::Bits, 2, EAGER);
    assert!(shared.subtrees > 0, "{shared:?}");
}

#[test]
fn a_small_tree_is_counted_on_one_thread_by_default_and_shared_when_asked() {
    let problem = queens(8);
    let whole = sequential(&problem);
    assert_eq!(whole.solutions, 92);
    let (total, shared) = planned(&problem, 2, Plan::DEFAULT);
    assert_eq!((total, shared.subtrees), (whole.clone(), 0));
    assert_eq!(u128::from(shared.top_nodes), whole.nodes);
    let (total, shared) = planned(&problem, 2, EAGER);
    assert_eq!(total, whole);
    assert!(shared.subtrees > 0 && u128::from(shared.top_nodes) < whole.nodes);
}

#[test]
fn parallel_counts_and_statistics_equal_the_sequential_ones() {
    // 1 queen: one solution at depth 1; 2 and 3 queens: none; then many.
    for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92), (9, 352)] {
        let problem = queens(n);
        for jobs in [1, 2, 3, 8] {
            let stats = count_parallel(&problem, jobs);
            assert_eq!(stats.solutions, expected, "{n} queens, {jobs} jobs");
            assert_eq!(stats, sequential(&problem), "{n} queens, {jobs} jobs");
            let (shared, _) = planned(&problem, jobs, EAGER);
            assert_eq!(shared, stats, "{n} queens, {jobs} jobs, shared early");
        }
    }
    // Langford pairs exist only when n is 0 or 3 mod 4; each is counted with its mirror.
    for (n, expected) in [(3, 2), (5, 0), (7, 52), (8, 300)] {
        let problem = dancing::problems::langford(n, false);
        let stats = count_parallel(&problem, 2);
        assert_eq!(stats.solutions, expected, "langford {n}");
        assert_eq!(stats, sequential(&problem), "langford {n}");
        assert_eq!(
            planned(&problem, 2, EAGER).0,
            stats,
            "langford {n}, shared early"
        );
    }
}

#[test]
fn zero_jobs_means_one_a_core_and_counts_as_the_sequential_search_does() {
    for (n, expected) in [(2, 0), (8, 92), (9, 352)] {
        let problem = queens(n);
        let stats = count_parallel(&problem, 0);
        assert_eq!(stats.solutions, expected, "{n} queens");
        assert_eq!(stats, sequential(&problem), "{n} queens");
        assert_eq!(
            planned(&problem, 0, EAGER).0,
            stats,
            "{n} queens, shared early"
        );
    }
}

#[test]
fn a_problem_whose_only_solution_is_deep_is_counted_once() {
    // A chain: option k covers items k and k + 1, plus singletons for the ends, so that the
    // only solution of 2m items chooses m options one below the other.
    let m = 40;
    let mut b = ProblemBuilder::new(2 * m, 0);
    for k in 0..2 * m - 1 {
        b.option([k, k + 1]).unwrap();
    }
    let problem = b.build().unwrap();
    let stats = count_parallel(&problem, 2);
    assert_eq!(stats.solutions, 1);
    assert_eq!(stats, sequential(&problem));
}

#[test]
fn cover_count_with_two_jobs_prints_dlx1_s_count_and_statistics() {
    dancing()
        // Knuth's tree: `auto` takes the band engine here, with statistics of its own.
        .args([
            "cover", "--count", "--stats", "--jobs", "2", "--engine", "links",
        ])
        .arg("puzzles/exact-cover/sudoku-hard.dlx")
        .assert()
        .success()
        .stdout("1\n")
        .stderr(
            predicate::str::contains("nodes: 20417\n")
                .and(predicate::str::contains("updates: 348652\n")),
        );
}

#[test]
fn cover_with_two_jobs_and_no_solution_exits_1() {
    dancing()
        .args(["cover", "--count", "--jobs", "2"])
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn cover_with_jobs_where_the_work_does_not_split_answers_as_one_thread_does() {
    // The first solution, --all, a limit and a node budget run on one thread whatever
    // --jobs says (the default is all cores); the output and the exit code are the same.
    for args in [
        &[][..],
        &["--all", "--limit", "5"],
        &["--count", "--limit", "3"],
        &["--count", "--max-nodes", "100"],
        &["--count", "--stats"],
    ] {
        let run = |jobs: &str| {
            dancing()
                .args(["cover", "--jobs", jobs])
                .args(args)
                .arg("puzzles/exact-cover/nqueens-8.dlx")
                .output()
                .unwrap()
        };
        let one = run("1");
        let two = run("2");
        assert_eq!(two.stdout, one.stdout, "{args:?}");
        assert_eq!(two.status.code(), one.status.code(), "{args:?}");
        let stats = |out: &std::process::Output| {
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .filter(|l| !l.starts_with("elapsed: "))
                .map(String::from)
                .collect::<Vec<_>>()
        };
        assert_eq!(stats(&two), stats(&one), "{args:?}");
    }
    dancing()
        .args(["cover", "--count", "--limit", "3", "--jobs", "2"])
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .success()
        .stdout("3+\n");
}

#[test]
fn a_watch_sees_the_count_s_statistics_and_can_stop_it_from_another_thread() {
    let problem = queens(10);
    let expected = sequential(&problem);
    let watch = Watch::new();
    let stats = count_parallel_watched(&problem, 2, &watch).unwrap();
    assert_eq!(
        (stats, Total::from(watch.stats()), watch.progress()),
        (expected.clone(), expected, 1.0)
    );

    // 13 queens take a while: stopped at once, the count reports work short of the whole.
    let problem = queens(13);
    let watch = Watch::new();
    let stopped = std::thread::scope(|scope| {
        let count = scope.spawn(|| count_parallel_watched(&problem, 2, &watch));
        watch.stop();
        count.join().unwrap()
    })
    .unwrap_err();
    assert!(watch.is_stopped());
    assert!(
        stopped.stats.solutions.to_u64() < Some(73_712),
        "{stopped:?}"
    );
    assert!(watch.progress() < 1.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn parallel_counts_random_matrices_like_the_sequential_search(
        primary in 1usize..10,
        secondary in 0usize..4,
        options in prop::collection::vec(prop::collection::btree_set(0usize..14, 1..5), 0..30),
        jobs in 2usize..4,
    ) {
        let items = primary + secondary;
        let mut b = ProblemBuilder::new(primary, secondary);
        for option in &options {
            let option: Vec<usize> = option.iter().map(|&i| i % items).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            b.option(option).unwrap();
        }
        let problem = b.build().unwrap();
        prop_assert_eq!(count_parallel(&problem, jobs), sequential(&problem));
        prop_assert_eq!(planned(&problem, jobs, EAGER).0, sequential(&problem));
    }
}
