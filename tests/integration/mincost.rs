//! Minimum-cost solutions (DLX5): costs in Knuth's format, [`MinCost`] against a brute force
//! over all solutions, and `dancing cover --min-cost` through the binary.

use std::ops::ControlFlow;

use crate::common::{self, dancing, stdout_of};
use dancing::knuth::{ParseErrorKind, parse_str, write};
use dancing::mincost::{MinCost, MinCostEngine, MinCostError};
use dancing::{Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

const QUEENS: &str = "puzzles/exact-cover/nqueens-8-costs.dlx";

/// Whether `options` is a solution of `problem`: every primary item covered once, every
/// secondary item by options that all give it the same color, or by one option at most.
fn is_solution(problem: &Problem, options: &[usize]) -> bool {
    let mut seen: Vec<Vec<Option<u32>>> = vec![Vec::new(); problem.item_count()];
    for &k in options {
        for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
            seen[i].push(c);
        }
    }
    seen.iter().enumerate().all(|(i, colors)| {
        if problem.is_primary(i) {
            colors.len() == 1
        } else {
            colors.len() <= 1 || (colors[0].is_some() && colors.iter().all(|&c| c == colors[0]))
        }
    })
}

/// The cost of a set of options, summed exactly.
fn cost(problem: &Problem, options: &[usize]) -> u128 {
    options
        .iter()
        .map(|&k| u128::from(problem.option_cost(k)))
        .sum()
}

/// The costs of every solution, cheapest first, by trying every subset of options (options
/// without a primary item are never chosen, as the engines ignore them).
fn brute_force_costs(problem: &Problem) -> Vec<u128> {
    let usable: Vec<usize> = (0..problem.option_count())
        .filter(|&k| problem.option(k).any(|i| problem.is_primary(i)))
        .collect();
    let mut costs = Vec::new();
    for mask in 0u32..(1 << usable.len()) {
        let options: Vec<usize> = (0..usable.len())
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| usable[b])
            .collect();
        if is_solution(problem, &options) {
            costs.push(cost(problem, &options));
        }
    }
    costs.sort_unstable();
    costs
}

/// `problem` with costs drawn from `costs` (cycled), few so that ties are common.
fn with_costs(problem: &Problem, costs: &[u64]) -> Problem {
    let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    for k in 0..problem.option_count() {
        let added = b
            .colored_option(problem.option(k).zip(problem.option_colors(k)))
            .unwrap();
        b.cost(added, costs[k % costs.len()]).unwrap();
    }
    b.build().unwrap()
}

/// Checks a min-cost answer on both engines: the costs are the `k` cheapest of the brute
/// force, and every solution is a distinct solution of the problem with the cost stated.
fn check(problem: &Problem, k: usize, jobs: usize) -> Result<(), TestCaseError> {
    for engine in [MinCostEngine::Auto, MinCostEngine::Links] {
        check_on(problem, k, jobs, engine)?;
    }
    Ok(())
}

/// [`check`] on one engine.
fn check_on(
    problem: &Problem,
    k: usize,
    jobs: usize,
    engine: MinCostEngine,
) -> Result<(), TestCaseError> {
    let found = MinCost::new(problem)
        .best(k)
        .jobs(jobs)
        .engine(engine)
        .run()
        .unwrap();
    prop_assert!(found.complete);
    let all = brute_force_costs(problem);
    let costs: Vec<u128> = found.solutions.iter().map(|s| s.cost).collect();
    prop_assert_eq!(&costs[..], &all[..k.min(all.len())]);
    let mut sets = Vec::new();
    for s in &found.solutions {
        prop_assert!(is_solution(problem, &s.options), "{:?}", s.options);
        prop_assert_eq!(cost(problem, &s.options), s.cost);
        let mut set = s.options.clone();
        set.sort_unstable();
        sets.push(set);
    }
    sets.sort();
    sets.dedup();
    prop_assert_eq!(sets.len(), found.solutions.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_k_cheapest_costs_match_a_brute_force_with_colors_and_ties(
        problem in common::random_colored_problem(1..6, 0..3, 0..13),
        costs in proptest::collection::vec(0u64..4, 1..14),
        k in 1usize..5,
        jobs in 1usize..3,
    ) {
        check(&with_costs(&problem, &costs), k, jobs)?;
    }

    #[test]
    fn the_k_cheapest_costs_match_a_brute_force_when_costs_near_2_to_the_64_add_up_past_it(
        problem in common::random_colored_problem(1..6, 0..3, 0..13),
        costs in proptest::collection::vec(
            prop_oneof![0u64..3, u64::MAX - 2..=u64::MAX, 1u64 << 63..=(1u64 << 63) + 1],
            1..14,
        ),
        k in 1usize..6,
        jobs in 1usize..5,
    ) {
        check(&with_costs(&problem, &costs), k, jobs)?;
    }

    #[test]
    fn the_cheapest_cost_matches_a_brute_force_without_colors(
        problem in common::random_colored_problem(2..8, 0..1, 0..14),
        costs in proptest::collection::vec(0u64..1000, 1..14),
    ) {
        check(&with_costs(&problem, &costs), 1, 1)?;
    }
}

#[test]
fn a_problem_without_costs_costs_nothing_and_its_solutions_are_the_others() {
    let problem = dancing::problems::knuth_example();
    assert!(!problem.has_costs());
    let found = MinCost::new(&problem).best(3).run().unwrap();
    assert_eq!(found.solutions.len(), 1);
    assert_eq!(found.solutions[0].cost, 0);
    let mut options = found.solutions[0].options.clone();
    options.sort_unstable();
    assert_eq!(options, [0, 3, 4]);
}

#[test]
fn the_five_cheapest_queens_are_those_of_an_enumeration_of_all_92() {
    let text = std::fs::read_to_string(QUEENS).unwrap();
    let problem = parse_str(&text).unwrap().problem;
    let mut all = Vec::new();
    Solver::new(&problem)
        .for_each_solution(|s| {
            all.push(cost(&problem, s));
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(all.len(), 92);
    all.sort_unstable();
    for jobs in [1, 2] {
        for engine in [MinCostEngine::Auto, MinCostEngine::Links] {
            let found = MinCost::new(&problem)
                .best(5)
                .jobs(jobs)
                .engine(engine)
                .run()
                .unwrap();
            let costs: Vec<u128> = found.solutions.iter().map(|s| s.cost).collect();
            assert_eq!(costs, all[..5], "jobs {jobs}, {engine:?}");
        }
    }
    let out = stdout_of(
        &dancing()
            .args(["cover", "--min-cost", "--best", "5", "-j1", QUEENS])
            .assert()
            .success(),
    );
    let printed: Vec<u128> = out
        .lines()
        .filter_map(|l| l.strip_prefix("cost: "))
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(printed, all[..5]);
}

#[test]
fn costs_add_up_and_are_written_back() {
    let read = parse_str("a b | x\na |3 x:1 |4\nb |0\na b\n").unwrap();
    let p = &read.problem;
    assert_eq!(
        (0..3).map(|k| p.option_cost(k)).collect::<Vec<_>>(),
        [7, 0, 0]
    );
    let text = write(p);
    assert_eq!(text, "x0 x1 | x2\nx0 x2:0 |7\nx1\nx0 x1\n");
    assert_eq!(&parse_str(&text).unwrap().problem, p);
    assert!(!parse_str("a\na |0\n").unwrap().problem.has_costs());
}

#[test]
fn a_bad_cost_is_reported_at_its_line_and_column() {
    for (text, line, column) in [
        ("a b\na |x\n", 2, 3),
        ("a b\n\nb |\n", 3, 3),
        ("a b\na |-1\n", 2, 3),
        ("a b\nb a |12a\n", 2, 5),
        ("a b\na |18446744073709551615 |1\n", 2, 25),
        ("a b\na |99999999999999999999\n", 2, 3),
    ] {
        let e = parse_str(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}");
        assert!(
            matches!(e.kind, ParseErrorKind::BadCost { .. }),
            "{text:?}: {:?}",
            e.kind
        );
    }
}

#[test]
fn multiplicities_and_zero_solutions_are_refused() {
    let bounded = parse_str("2|a b\na\na b\n").unwrap().problem;
    assert_eq!(
        MinCost::new(&bounded).run(),
        Err(MinCostError::Multiplicities)
    );
    let plain = dancing::problems::knuth_example();
    assert_eq!(
        MinCost::new(&plain).best(0).run(),
        Err(MinCostError::ZeroBest)
    );
}

#[test]
fn a_node_budget_ends_the_search_incomplete() {
    let text = std::fs::read_to_string(QUEENS).unwrap();
    let problem = parse_str(&text).unwrap().problem;
    for engine in [MinCostEngine::Auto, MinCostEngine::Links] {
        let found = MinCost::new(&problem)
            .max_nodes(Some(10))
            .engine(engine)
            .run()
            .unwrap();
        assert!(!found.complete, "{engine:?}");
        assert!(found.stats.nodes <= 11, "{engine:?}: {}", found.stats.nodes);
    }
}

#[test]
fn min_cost_prints_each_solution_after_its_cost_cheapest_first() {
    let (_dir, path) = common::temp_file("c.dlx", "a b | x\na b |5\na x:1 |1\nb x:1 |2\nb |9\n");
    dancing()
        .args(["cover", "--min-cost", "--best", "3"])
        .arg(&path)
        .assert()
        .success()
        .stdout("cost: 3\na x:1 |1\nb x:1 |2\n\ncost: 5\na b |5\n\ncost: 10\na x:1 |1\nb |9\n");
}

#[test]
fn min_cost_with_preprocess_finds_the_same_costs_in_the_original_options() {
    let plain = stdout_of(
        &dancing()
            .args(["cover", "--min-cost", "--best", "4", "-j1", QUEENS])
            .assert()
            .success(),
    );
    let reduced = stdout_of(
        &dancing()
            .args([
                "cover",
                "--preprocess",
                "--min-cost",
                "--best",
                "4",
                "-j1",
                QUEENS,
            ])
            .assert()
            .success(),
    );
    let costs = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("cost: "))
            .map(String::from)
            .collect()
    };
    assert_eq!(costs(&plain), costs(&reduced));
    assert_eq!(costs(&plain).len(), 4);
    // Every printed line is an option of the original file.
    let text = std::fs::read_to_string(QUEENS).unwrap();
    for line in reduced
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("cost: "))
    {
        assert!(text.lines().any(|l| l == line), "{line}");
    }
}

#[test]
fn min_cost_refuses_multiplicities_with_exit_2_and_a_reason() {
    let (_dir, path) = common::temp_file("m.dlx", "2|a b\na |1\na b\n");
    dancing()
        .args(["cover", "--min-cost"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("multiplicities"));
}

#[test]
fn min_cost_with_stats_reports_nodes_and_gives_up_at_max_nodes() {
    dancing()
        .args(["cover", "--min-cost", "--stats", "-j1", QUEENS])
        .assert()
        .success()
        .stderr(predicates::str::contains("nodes: "));
    dancing()
        .args(["cover", "--min-cost", "--max-nodes", "5", "-j1", QUEENS])
        .assert()
        .code(3)
        .stdout("");
}

#[test]
fn min_cost_without_a_solution_exits_1() {
    let (_dir, none) = common::temp_file("n.dlx", "a b\na |1\n");
    dancing()
        .args(["cover", "--min-cost"])
        .arg(&none)
        .assert()
        .code(1)
        .stdout("");
}

#[test]
fn a_deadline_or_a_raised_stop_flag_ends_the_search_incomplete_on_any_number_of_threads() {
    let text = std::fs::read_to_string(QUEENS).unwrap();
    let problem = parse_str(&text).unwrap().problem;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    for jobs in [1, 2] {
        let past = MinCost::new(&problem)
            .jobs(jobs)
            .deadline(Some(std::time::Instant::now()))
            .run()
            .unwrap();
        assert!(!past.complete, "jobs {jobs}");
        let stopped = MinCost::new(&problem)
            .jobs(jobs)
            .stop_flag(stop.clone())
            .run()
            .unwrap();
        assert!(!stopped.complete, "jobs {jobs}");
    }
}

#[test]
fn min_cost_gives_up_at_max_time_with_exit_3_and_says_so() {
    dancing()
        .args(["cover", "--min-cost", "--max-time", "0", "-j1", QUEENS])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicates::str::contains("gave up after"));
}

/// The ways to the cheapest solutions that costs past 2^64 are checked on: the default, the
/// links, several threads, preprocessing.
const PATHS: [&[&str]; 4] = [
    &[],
    &["--engine", "links"],
    &["--jobs", "4"],
    &["--preprocess"],
];

/// The costs `dancing cover --min-cost --best K` prints for `text` with `flags`, and the
/// exact sums of the `|n` of the options it prints after each.
fn printed_costs(text: &str, best: usize, flags: &[&str]) -> (Vec<u128>, Vec<u128>) {
    let out = stdout_of(
        &dancing()
            .args(["cover", "--min-cost", "--best", &best.to_string()])
            .args(flags)
            .write_stdin(text)
            .assert()
            .success(),
    );
    let (mut printed, mut sums) = (Vec::new(), Vec::new());
    for block in out.split("\n\n") {
        let mut lines = block.lines();
        let cost = lines.next().and_then(|l| l.strip_prefix("cost: "));
        printed.push(cost.unwrap_or_else(|| panic!("{out}")).parse().unwrap());
        sums.push(
            lines
                .flat_map(|l| l.split_whitespace())
                .filter_map(|t| t.strip_prefix('|'))
                .map(|n| n.parse::<u128>().unwrap())
                .sum(),
        );
    }
    (printed, sums)
}

#[test]
fn min_cost_keeps_a_solution_of_cost_2_to_the_64_less_1_on_every_engine_and_path() {
    let top = u64::MAX;
    let text = format!("a\na |{top}\na |0\n");
    for flags in PATHS {
        let (printed, sums) = printed_costs(&text, 2, flags);
        assert_eq!(printed, [0, u128::from(top)], "{flags:?}");
        assert_eq!(printed, sums, "{flags:?}");
    }
}

#[test]
fn min_cost_prints_costs_past_2_to_the_64_exactly_on_every_engine_and_path() {
    let top = u64::MAX;
    let text = format!("a b c\na |{top}\nb |1\nc |{top}\nb c |1\na b |1\n");
    for flags in PATHS {
        let (cheapest, sums) = printed_costs(&format!("a b\na |{top}\nb |1\n"), 1, flags);
        assert_eq!(cheapest, [u128::from(top) + 1], "{flags:?}");
        assert_eq!(cheapest, sums, "{flags:?}");
        // Three solutions: {a, b c} and {a b, c} tie at 2^64, {a, b, c} costs 2^65 - 1.
        let (printed, sums) = printed_costs(&text, 3, flags);
        let tie = u128::from(top) + 1;
        assert_eq!(printed, [tie, tie, 2 * u128::from(top) + 1], "{flags:?}");
        assert_eq!(printed, sums, "{flags:?}");
    }
}
