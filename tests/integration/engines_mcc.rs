//! The MCC engines (`Engine::Mcc` on sparse sets, and `Engine::MccBits` on bitsets, what
//! `Engine::Auto` runs on multiplicities within its limits) against the
//! links (DLX3 on multiplicities, DLX1 and DLX2 otherwise): its tree is SSMCC's, not
//! DLX3's, so the row compares what does not depend on the tree: the solutions as sets on
//! every shared instance small enough to enumerate and on random problems with bounds and
//! colors, the counts on the larger ones, and its own statistics on one thread and on two;
//! and `--engine mcc`, `--engine mcc-bits` and `auto` through the command line.
//!
//! Run in release mode (`cargo test --release`); redrect-4-5 is `#[ignore]`d with its run
//! time noted.

use crate::common;

use std::path::Path;
use std::sync::atomic::AtomicBool;

use common::{dancing, shared_data, stderr_of, stdout_of};
use dancing::parallel::count_parallel_until_on;
use dancing::{Engine, Problem, Solver, Stats, Total};
use proptest::prelude::*;

/// A solver on `engine`, which must be the one that runs.
fn solver(problem: &Problem, engine: Engine) -> Solver {
    let solver = Solver::with_engine(problem, engine);
    assert_eq!(solver.engine(), engine);
    solver
}

/// The solutions of `problem` on `engine` as sets of options, sorted, with the invariants
/// checked at each; and the statistics at the end.
fn solution_sets(problem: &Problem, engine: Engine) -> (Vec<Vec<usize>>, Stats) {
    let mut solver = solver(problem, engine);
    let mut sets = Vec::new();
    while let Some(mut solution) = solver.next_solution().unwrap() {
        solver.check_invariants().unwrap();
        solution.sort_unstable();
        sets.push(solution);
    }
    sets.sort();
    (sets, solver.stats())
}

/// Whether two options of `problem` that name a primary item name the same items with the
/// same colors, in any order (compared pair by pair).
fn has_copies(problem: &Problem) -> bool {
    let options: Vec<Vec<(usize, Option<u32>)>> = (0..problem.option_count())
        .filter(|&k| problem.option(k).any(|i| problem.is_primary(i)))
        .map(|k| {
            let mut option: Vec<_> = problem.option(k).zip(problem.option_colors(k)).collect();
            option.sort_unstable();
            option
        })
        .collect();
    (0..options.len()).any(|a| (0..a).any(|b| options[a] == options[b]))
}

/// Checks that the MCC engines (on sparse sets and on bitsets) find DLX3's solutions on
/// `problem` (as sets, or only their number when `enumerate` is false), in the same tree
/// (the same nodes, but for a root that fails, which the sparse sets count as a dead end),
/// that `Engine::Auto` runs the bitsets when the problem has multiplicities and no two
/// options are copies (DLX3 on the links when some are), and that two
/// threads give each engine's statistics of one; returns the count. A problem of more than
/// 512 options runs on the sparse sets only.
fn assert_mcc_agrees(problem: &Problem, name: &str, enumerate: bool) -> u64 {
    if problem.has_multiplicities() {
        // Where two options are copies, DLX3's tree on the links.
        let auto = if has_copies(problem) {
            Engine::Links
        } else {
            Engine::MccBits
        };
        assert_eq!(Solver::new(problem).engine(), auto, "{name}");
    }
    let mut links = solver(problem, Engine::Links);
    let links_sets = enumerate.then(|| solution_sets(problem, Engine::Links).0);
    let mut runs = Vec::new();
    // The bitsets take at most 512 options; past that, `MccBits` runs the sparse sets.
    let bits_fit = Solver::with_engine(problem, Engine::MccBits).engine() == Engine::MccBits;
    let engines = if bits_fit {
        &[Engine::Mcc, Engine::MccBits][..]
    } else {
        &[Engine::Mcc][..]
    };
    for &engine in engines {
        let (count, stats) = if let Some(links) = &links_sets {
            let (mcc, stats) = solution_sets(problem, engine);
            assert_eq!(&mcc, links, "{name} on {engine:?}: the solutions");
            (links.len() as u64, stats)
        } else {
            if links.stats().nodes == 0 {
                links.count(None).unwrap();
            }
            let mut mcc = solver(problem, engine);
            mcc.count(None).unwrap();
            let links = links.stats().solutions;
            assert_eq!(
                mcc.stats().solutions,
                links,
                "{name} on {engine:?}: the count"
            );
            (links, mcc.stats())
        };
        let stop = AtomicBool::new(false);
        let parallel = count_parallel_until_on(problem, engine, 2, &stop).unwrap();
        assert_eq!(
            parallel,
            Total::from(stats),
            "{name} on {engine:?}: two threads"
        );
        runs.push((count, stats.nodes));
    }
    let (count, sets) = runs[0];
    let Some(&(_, bits)) = runs.get(1) else {
        return count;
    };
    assert!(
        bits == sets || (bits == 0 && sets == 1 && count == 0),
        "{name}: {bits} nodes on the bitsets, {sets} on the sparse sets"
    );
    count
}

/// Compares the MCC engine with DLX3 on each named file of `../shared/data/DIR/`; stops,
/// saying so, at the first absent file.
fn compare_mcc(dir: &str, files: &[&str], enumerate: bool) {
    for file in files {
        let Some(path) = shared_data(&format!("{dir}/{file}")) else {
            return;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let problem = dancing::knuth::parse_str(&text).unwrap().problem;
        assert_mcc_agrees(&problem, file, enumerate);
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_mcc_engine_finds_dlx3_s_solutions_on_the_small_multiplicity_instances() {
    compare_mcc(
        "exact-cover-multiplicities",
        &[
            "motley-4-4.dlx",
            "motley-4-5.dlx",
            "motley-5-5.dlx",
            "queendom-4-4.dlx",
        ],
        true,
    );
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_mcc_engine_counts_the_larger_multiplicity_instances_as_dlx3() {
    compare_mcc(
        "exact-cover-multiplicities",
        &["motley-5-6.dlx", "queendom-5-5.dlx", "redrect-4-4.dlx"],
        false,
    );
}

/// About 2 s of CPU in release mode (DLX3's count is most of it).
#[test]
#[ignore = "about 2 s of CPU in release mode"]
fn the_mcc_engine_counts_redrect_4_5_as_dlx3() {
    compare_mcc("exact-cover-multiplicities", &["redrect-4-5.dlx"], false);
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_mcc_engine_finds_the_links_solutions_on_plain_and_colored_instances() {
    compare_mcc(
        "exact-cover-colors",
        &[
            "debruijn-0-2-6.dlx",
            "debruijn-1-2-6.dlx",
            "debruijn-2-3-6.dlx",
        ],
        true,
    );
    for file in ["nqueens-8.dlx", "langford-7.dlx"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles/exact-cover")
            .join(file);
        if let Ok(text) = std::fs::read_to_string(&path) {
            let problem = dancing::knuth::parse_str(&text).unwrap().problem;
            assert_mcc_agrees(&problem, file, true);
        }
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_engine_flag_takes_mcc_and_auto_runs_it_on_multiplicities_but_not_for_stats() {
    let Some(path) = shared_data("exact-cover-multiplicities/queendom-4-4.dlx") else {
        return;
    };
    let run = |engine: &str| {
        let out = dancing()
            .args([
                "cover", "--count", "--stats", "--jobs", "1", "--engine", engine,
            ])
            .arg(&path)
            .assert()
            .success();
        (stdout_of(&out), stderr_of(&out))
    };
    let (auto, mcc, links) = (run("auto"), run("mcc"), run("links"));
    let bits = run("mcc-bits");
    assert_eq!(auto.0, "1636\n");
    assert_eq!(mcc.0, auto.0);
    assert_eq!(bits.0, auto.0);
    assert_eq!(links.0, auto.0);
    let nodes = |stderr: &str| {
        stderr
            .lines()
            .find(|l| l.starts_with("nodes: "))
            .map(String::from)
    };
    // DLX3's nodes, as its table in ../shared/data/README.md gives them; with --stats,
    // `cover` under auto searches Knuth's tree, so that the figures are his.
    assert_eq!(nodes(&links.1).as_deref(), Some("nodes: 22214"));
    assert_eq!(nodes(&auto.1), nodes(&links.1));
    assert_ne!(nodes(&mcc.1), nodes(&links.1));
    assert_eq!(nodes(&bits.1), nodes(&mcc.1));
    // Without --stats, auto runs the MCC engine on bitsets.
    let text = std::fs::read_to_string(&path).unwrap();
    let problem = dancing::knuth::parse_str(&text).unwrap().problem;
    assert_eq!(Solver::new(&problem).engine(), Engine::MccBits);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_mcc_engine_finds_dlx3_s_solutions_on_random_problems(
        problem in common::random_bounded_problem(0..40)
    ) {
        assert_mcc_agrees(&problem, "random", true);
    }

    #[test]
    fn the_mcc_engine_finds_the_links_solutions_on_random_colored_problems(
        problem in common::random_colored_problem(1..8, 0..3, 0..40)
    ) {
        assert_mcc_agrees(&problem, "random colored", true);
    }
}
