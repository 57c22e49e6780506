//! The exact-cover engine through its public API: known counts, known solutions, limits,
//! budgets, deep solutions and a brute-force cross-check.

use std::ops::ControlFlow;

use dancing::problems::{knuth_example, queens};
use dancing::{Outcome, Problem, ProblemBuilder, Solver, Step};
use proptest::prelude::*;

/// Checks that `solution` covers each primary item exactly once and each secondary item at
/// most once, without using the engine.
fn assert_exact_cover(problem: &Problem, solution: &[usize]) {
    let mut hits = vec![0; problem.item_count()];
    for &k in solution {
        for i in problem.option(k) {
            hits[i] += 1;
        }
    }
    for (i, &h) in hits.iter().enumerate() {
        if problem.is_primary(i) {
            assert_eq!(h, 1, "primary item {i} covered {h} times by {solution:?}");
        } else {
            assert!(
                h <= 1,
                "secondary item {i} covered {h} times by {solution:?}"
            );
        }
    }
}

#[test]
fn knuth_s_example_has_exactly_one_solution_a_d_then_c_e_f_then_b_g() {
    let problem = knuth_example();
    let mut solver = Solver::new(&problem);
    let all: Vec<_> = solver.solutions().map(Result::unwrap).collect();
    assert_eq!(all, vec![vec![3, 0, 4]]);
    assert_exact_cover(&problem, &all[0]);
    solver.check_invariants().unwrap();
}

#[test]
fn n_queens_counts_match_oeis_a000170_for_n_up_to_10() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..=10).zip(&expected) {
        let problem = queens(n);
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(None).unwrap(), count, "{n} queens");
        solver.check_invariants().unwrap();
    }
}

#[test]
fn every_reported_eight_queens_solution_is_an_exact_cover() {
    let problem = queens(8);
    let mut solver = Solver::new(&problem);
    let mut seen = 0;
    let outcome = solver.for_each_solution(|solution| {
        assert_exact_cover(&problem, solution);
        assert_eq!(solution.len(), 8);
        seen += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Ok(Outcome::Exhausted));
    assert_eq!(seen, 92);
    assert_eq!(solver.stats().solutions, 92);
}

#[test]
fn a_callback_can_stop_the_enumeration_and_the_search_resumes_after_it() {
    let problem = queens(6);
    let mut solver = Solver::new(&problem);
    let mut first = None;
    let outcome = solver.for_each_solution(|s| {
        first = Some(s.to_vec());
        ControlFlow::Break(())
    });
    assert_eq!(outcome, Ok(Outcome::Stopped));
    let rest: Vec<_> = solver.solutions().map(Result::unwrap).collect();
    assert_eq!(rest.len(), 3, "6 queens has 4 solutions");
    assert!(!rest.contains(&first.unwrap()));
}

#[test]
fn count_stops_at_its_limit_and_reset_starts_over() {
    let mut solver = Solver::new(&queens(8));
    assert_eq!(solver.count(Some(2)).unwrap().to_string(), "2+");
    solver.reset();
    solver.check_invariants().unwrap();
    assert_eq!(solver.count(None).unwrap(), 92);
    solver.reset();
    assert_eq!(solver.count(None).unwrap(), 92);
}

#[test]
fn reset_mid_search_restores_the_pristine_links() {
    let mut solver = Solver::new(&queens(7));
    let pristine = solver.stats();
    solver.set_pause_every(Some(37));
    let mut pauses = 0;
    while pauses < 5 {
        match solver.step() {
            Step::Paused => pauses += 1,
            Step::Solution => {}
            other => panic!("unexpected {other:?}"),
        }
        solver.check_invariants().unwrap();
    }
    solver.reset();
    solver.check_invariants().unwrap();
    assert_eq!(solver.stats(), pristine);
    assert_eq!(solver.count(None).unwrap(), 40);
}

#[test]
fn a_spent_node_budget_gives_up_instead_of_claiming_no_solution() {
    let mut solver = Solver::new(&queens(10));
    solver.set_max_nodes(Some(50));
    let gave_up = solver.count(None).unwrap_err();
    assert_eq!(gave_up.nodes, 50);
    // Lifting the budget resumes the same search: the total is still right.
    solver.set_max_nodes(None);
    let rest = solver.count(None).unwrap();
    assert_eq!(rest + gave_up.solutions.into(), 724);
}

#[test]
fn the_iterator_yields_one_error_then_ends_when_the_budget_runs_out() {
    let mut solver = Solver::new(&queens(10));
    solver.set_max_nodes(Some(10));
    let results: Vec<_> = solver.solutions().collect();
    assert_eq!(results.len(), 1);
    assert!(results[0].is_err());
}

#[test]
fn progress_never_goes_back_and_ends_at_one() {
    let mut solver = Solver::new(&queens(9));
    solver.set_pause_every(Some(100));
    let mut last = 0.0;
    loop {
        match solver.step() {
            Step::Paused | Step::Solution => {
                let p = solver.progress();
                assert!(p >= last && p < 1.0, "{p} after {last}");
                last = p;
            }
            Step::Exhausted => break,
            Step::GaveUp => unreachable!("no budget set"),
        }
    }
    assert_eq!(solver.progress(), 1.0);
}

#[test]
fn forced_options_are_part_of_every_solution_and_conflicts_are_refused() {
    let problem = queens(8);
    let mut solver = Solver::new(&problem);
    // Queen at row 0, column 0 is option 0; row 1, column 1 (option 9) shares its diagonal.
    solver.force(0).unwrap();
    assert!(solver.force(9).is_err());
    assert!(solver.force(1).is_err(), "same row");
    let mut n = 0;
    solver
        .for_each_solution(|s| {
            assert_eq!(s[0], 0);
            assert_exact_cover(&problem, s);
            n += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(n, 4, "8 queens with a corner queen");
    solver.reset();
    solver.check_invariants().unwrap();
    assert_eq!(solver.count(None).unwrap(), 92);
}

#[test]
fn a_solution_of_100_000_options_is_found_without_recursion() {
    // A chain: option k covers item k and, as a secondary link, nothing else; every item has
    // exactly one option, so the only solution takes all 100,000 of them, one per level.
    let n = 100_000;
    let mut b = ProblemBuilder::new(n, 0);
    for k in 0..n {
        b.option([k]).unwrap();
    }
    let mut solver = Solver::new(&b.build().unwrap());
    let solution = solver.next_solution().unwrap().unwrap();
    assert_eq!(solution.len(), n);
    assert_eq!(solver.level(), n);
    assert_eq!(solver.next_solution(), Ok(None));
}

#[test]
fn a_problem_without_primary_items_has_one_empty_solution() {
    let mut b = ProblemBuilder::new(0, 2);
    b.option([0, 1]).unwrap();
    let mut solver = Solver::new(&b.build().unwrap());
    assert_eq!(solver.next_solution(), Ok(Some(vec![])));
    assert_eq!(solver.next_solution(), Ok(None));
}

/// Counts exact covers by trying every subset of options.
fn brute_force(problem: &Problem) -> u64 {
    let m = problem.option_count();
    let mut count = 0;
    'subsets: for mask in 0u32..(1 << m) {
        let mut hits = vec![0; problem.item_count()];
        for k in (0..m).filter(|k| mask >> k & 1 == 1) {
            if !problem.option(k).any(|i| problem.is_primary(i)) {
                continue 'subsets; // the engine never chooses such an option
            }
            for i in problem.option(k) {
                hits[i] += 1;
                if hits[i] > 1 {
                    continue 'subsets;
                }
            }
        }
        if (0..problem.primary_items()).all(|i| hits[i] == 1) {
            count += 1;
        }
    }
    count
}

fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..9, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        proptest::collection::vec(proptest::collection::btree_set(0..items, 1..=items), 0..14)
            .prop_map(move |options| {
                let mut b = ProblemBuilder::new(primary, secondary);
                for option in options {
                    b.option(option).unwrap();
                }
                b.build().unwrap()
            })
    })
}

proptest! {
    #[test]
    fn counts_match_brute_force_on_random_matrices(problem in random_problem()) {
        let mut solver = Solver::new(&problem);
        let mut n = 0;
        solver.for_each_solution(|s| {
            assert_exact_cover(&problem, s);
            n += 1;
            ControlFlow::Continue(())
        }).unwrap();
        solver.check_invariants().unwrap();
        prop_assert_eq!(n, brute_force(&problem));
    }
}
