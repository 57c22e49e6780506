//! The engines of their own trees, propagate and learn (the propagating engine with
//! nogoods), against the links: the same solutions as sets and the same counts on every
//! instance the conformance tests of `engines.rs` read (which call
//! [`assert_propagation_agrees`]) and on random problems, with and without secondary items,
//! under budgets, pauses, givens and two threads; problems they do not take fall back to the
//! links in the library and are refused by `--engine propagate` and `--engine learn` (exit
//! 2); `--stats` prints their rules' work (on one thread: a parallel count's totals keep
//! Knuth's counters only).

use crate::common;

use std::sync::atomic::AtomicBool;

use common::{dancing, stderr_of, stdout_of};
use dancing::parallel::count_parallel_until_on;
use dancing::{Engine, Problem, ProblemBuilder, Solver, Step};
use predicates::str::contains;
use proptest::prelude::*;

/// Every solution of a whole search on `engine`, each sorted, the list sorted.
fn solution_set(problem: &Problem, engine: Engine) -> Vec<Vec<usize>> {
    let mut solver = Solver::with_engine(problem, engine);
    let mut found = Vec::new();
    while let Some(mut solution) = solver.next_solution().unwrap() {
        solution.sort_unstable();
        found.push(solution);
    }
    found.sort();
    found
}

/// The count of a whole search on `engine`.
fn count(problem: &Problem, engine: Engine) -> u64 {
    Solver::with_engine(problem, engine)
        .count(None)
        .unwrap()
        .to_u64()
        .unwrap()
}

/// The engines of their own trees.
const OWN_TREES: [Engine; 2] = [Engine::Propagate, Engine::Learn];

/// Checks that the propagating engine and the learning one find the links' solutions (as a
/// set, each once, when `enumerate`) or their count, or that they do not take the problem
/// and the library runs the links instead.
pub(crate) fn assert_propagation_agrees(problem: &Problem, name: &str, enumerate: bool) {
    let mut links = Solver::with_engine(problem, Engine::Links);
    let count = links.count(None).unwrap().to_u64().unwrap();
    let nodes = links.stats().nodes;
    for engine in OWN_TREES {
        // The learning engine is built for the first solutions of hard puzzles: on a long
        // search for all solutions it takes some hundred times the propagating engine's time
        // (nqueens-12: 6.6 s; see docs/engines.md), so it runs on the shorter ones only.
        if engine == Engine::Learn && nodes > LEARN_MAX_NODES {
            continue;
        }
        let solver = Solver::with_engine(problem, engine);
        if engine.refusal(problem).is_some() {
            assert_eq!(solver.engine(), Engine::Links, "{name}");
            continue;
        }
        assert_eq!(solver.engine(), engine, "{name} {engine:?}");
        if enumerate {
            let found = solution_set(problem, engine);
            assert_eq!(
                found,
                solution_set(problem, Engine::Links),
                "{name} {engine:?}"
            );
        } else {
            assert_eq!(self::count(problem, engine), count, "{name} {engine:?}");
        }
    }
}

/// The longest search (in the links' nodes) that [`assert_propagation_agrees`] runs the
/// learning engine on.
const LEARN_MAX_NODES: u64 = 200_000;

/// Random problems of up to 9 primary and 3 secondary items, options of one to three items.
fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..10, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_set(0..items, 1..=3);
        proptest::collection::vec(option, 0..90).prop_map(move |options| {
            let mut b = ProblemBuilder::new(primary, secondary);
            for option in options {
                b.option(option).unwrap();
            }
            b.build().unwrap()
        })
    })
}

/// The solutions of a search on `engine` under a budget of `budget` nodes,
/// raised each time it runs out, and a pause every `pause` nodes, in the order found.
fn interrupted(problem: &Problem, engine: Engine, budget: u64, pause: u64) -> Vec<Vec<usize>> {
    let mut solver = Solver::with_engine(problem, engine);
    solver.set_max_nodes(Some(budget));
    solver.set_pause_every(Some(pause));
    let mut found = Vec::new();
    loop {
        match solver.step() {
            Step::Solution => found.push(solver.solution()),
            Step::GaveUp => solver.set_max_nodes(Some(solver.stats().nodes + budget)),
            Step::Paused => {}
            Step::Exhausted => return found,
        }
        solver.check_invariants().unwrap();
    }
}

proptest! {
    // 75 cases, not 150: with every engine's enumeration, interrupted search and parallel
    // count, and the invariants checked at every step, 150 took some 2 minutes of CI.
    #![proptest_config(ProptestConfig::with_cases(75))]

    #[test]
    fn the_propagating_engines_find_the_links_solutions_on_random_problems(
        problem in random_problem(),
        budget in 1u64..20,
        pause in 1u64..10,
    ) {
        let links = solution_set(&problem, Engine::Links);
        for engine in OWN_TREES {
            let found = solution_set(&problem, engine);
            prop_assert_eq!(&found, &links);
            prop_assert_eq!(count(&problem, engine), links.len() as u64);
            // Budgets and pauses change nothing, not even the order.
            let mut whole = Solver::with_engine(&problem, engine);
            let mut in_order = Vec::new();
            while let Some(solution) = whole.next_solution().unwrap() {
                in_order.push(solution);
            }
            prop_assert_eq!(interrupted(&problem, engine, budget, pause), in_order);
            let stop = AtomicBool::new(false);
            let parallel = count_parallel_until_on(&problem, engine, 2, &stop).unwrap();
            prop_assert_eq!(parallel.solutions, links.len() as u64);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn a_given_leaves_the_propagating_engines_the_links_solutions_below_it(
        problem in random_problem(),
        pick in 0usize..100,
    ) {
        prop_assume!(problem.option_count() > 0);
        let option = pick % problem.option_count();
        let results: Vec<_> = [Engine::Links, Engine::Propagate, Engine::Learn]
            .map(|engine| {
                let mut solver = Solver::with_engine(&problem, engine);
                let forced = solver.force(option);
                let mut found = Vec::new();
                while let Some(mut solution) = solver.next_solution().unwrap() {
                    solution.sort_unstable();
                    found.push(solution);
                }
                found.sort();
                (forced, found)
            })
            .into();
        prop_assert_eq!(&results[0], &results[1]);
        prop_assert_eq!(&results[0], &results[2]);
    }
}

#[test]
fn the_propagate_and_learn_flags_count_what_the_links_count_and_print_their_work() {
    let file = "puzzles/exact-cover/sudoku-hard.dlx";
    let links = stdout_of(
        &dancing()
            .args(["cover", "--count", "--engine", "links", file])
            .assert()
            .success(),
    );
    for engine in ["propagate", "learn"] {
        let output = dancing()
            .args([
                "cover", "--count", "--stats", "--jobs", "1", "--engine", engine,
            ])
            .arg(file)
            .output()
            .unwrap();
        assert!(output.status.success());
        assert_eq!(String::from_utf8(output.stdout).unwrap(), links);
        let stats = String::from_utf8(output.stderr).unwrap();
        for line in ["nodes: ", "forced: ", "pruned: "] {
            assert!(stats.contains(line), "{stats}");
        }
    }
}

#[test]
fn the_propagate_flag_solves_sudoku_as_the_default_engine_does() {
    let puzzles = "puzzles/classic.txt";
    let run = |engine: &str| {
        let args = ["sudoku", "--format", "line", "--engine", engine, puzzles];
        stdout_of(&dancing().args(args).assert().success())
    };
    let default = run("auto");
    assert_eq!(default.lines().count(), 1);
    assert_eq!(run("propagate"), default);
    assert_eq!(run("learn"), default);
}

#[test]
fn the_propagate_and_learn_flags_refuse_a_problem_with_colors_and_say_why() {
    let problem = "| colors\nA B | x\nA x:1\nB x:2\nB x:1\n";
    for engine in ["propagate", "learn"] {
        let stderr = stderr_of(
            &dancing()
                .args(["cover", "--count", "--engine", engine, "-"])
                .write_stdin(problem)
                .assert()
                .code(2),
        );
        assert!(stderr.contains("does not take colors"), "{stderr}");
        assert!(stderr.contains(engine), "{stderr}");
    }
}

#[test]
fn the_propagate_and_learn_flags_refuse_multiplicities_and_say_why() {
    for engine in ["propagate", "learn"] {
        dancing()
            .args(["cover", "--count", "--engine", engine, "-"])
            .write_stdin("| multiplicities\n2:2|A B\nA\nA B\nB\n")
            .assert()
            .code(2)
            .stderr(contains("does not take multiplicities"));
    }
}
