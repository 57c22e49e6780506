//! Tests of the learning engine: its solutions against DLX1's as sets, with the invariants
//! checked at every step, on random problems and on Sudoku; forcing and excluding. (Through
//! the [`crate::Solver`], pauses, budgets and subtrees are tested with every engine in
//! `tests/integration/engines.rs` and `solver/tests.rs`.)

use proptest::prelude::*;

use super::*;
use crate::engine::all_solutions;
use crate::engine::dlx::Dlx;
use crate::engine::propagate::tests::random_problem;
use crate::sudoku::{grid::Shape, rules::Rules, solve::matrix};

/// The solutions, each sorted, as a sorted list (a set that keeps duplicates visible).
fn as_set(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort_unstable();
    }
    solutions.sort();
    solutions
}

/// Every solution of the engine, stepping with the invariants checked after each step.
fn solutions_checked(engine: &mut Learn) -> Vec<Vec<usize>> {
    let found = all_solutions(engine);
    engine.check().unwrap();
    found
}

/// The engine for `problem`, going back to the root after every conflict until its first
/// solution (a run of one conflict, Luby's unit one).
fn restarting_often(problem: &Problem) -> Learn {
    let mut engine = Learn::on(problem);
    engine.run = 1;
    engine.unit = 1;
    engine
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_problems_restarting_at_every_conflict_have_the_solutions_of_the_links(
        problem in random_problem()
    ) {
        let links = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
        let mut engine = restarting_often(&problem);
        let found = solutions_checked(&mut engine);
        prop_assert_eq!(engine.stats().solutions, found.len() as u64);
        prop_assert_eq!(as_set(found), links);
    }

    #[test]
    fn random_problems_have_the_solutions_of_the_links(problem in random_problem()) {
        let links = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
        let mut engine = Learn::on(&problem);
        let found = solutions_checked(&mut engine);
        prop_assert_eq!(engine.stats().solutions, found.len() as u64);
        prop_assert_eq!(as_set(found), links);
    }

    #[test]
    fn random_problems_forgetting_nogoods_early_have_the_solutions_of_the_links(
        problem in random_problem()
    ) {
        let links = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
        let mut engine = Learn::on(&problem);
        engine.forget_at = 2;
        prop_assert_eq!(as_set(solutions_checked(&mut engine)), links);
    }
}

#[test]
fn forgetting_nogoods_keeps_the_724_solutions_of_10_queens() {
    let queens = crate::problems::queens(10);
    let mut engine = Learn::on(&queens);
    engine.forget_at = 4;
    let found = as_set(solutions_checked(&mut engine));
    assert_eq!(found.len(), 724);
    assert_eq!(
        found,
        as_set(all_solutions(&mut <Dlx as Search>::new(&queens)))
    );
    // It forgot more than once, each time waiting for more nogoods.
    assert!(engine.forget_at > 5, "{}", engine.forget_at);
}
#[test]
fn the_4x4_sudoku_grids_are_knuths_288_and_the_6x6_ones_count_as_the_links() {
    let four = matrix(&Rules::classic(Shape::new(2).unwrap()));
    let mut engine = Learn::on(&four);
    assert_eq!(solutions_checked(&mut engine).len(), 288);
    assert!(engine.nogoods.len() < 1000);
}

#[test]
fn a_sudoku_solved_with_givens_is_the_one_solution() {
    let problem = matrix(&Rules::classic(Shape::CLASSIC));
    // Row-major givens of a classic puzzle ("53..7....6..195....98....6.8...6...34...").
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut engine = Learn::on(&problem);
    let mut links = <Dlx as Search>::new(&problem);
    for (cell, ch) in puzzle.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            let option = cell * 9 + d as usize - 1;
            engine.force(option).unwrap();
            links.force(option).unwrap();
        }
    }
    let found = solutions_checked(&mut engine);
    assert_eq!(as_set(found), as_set(all_solutions(&mut links)));
}

#[test]
fn the_mems_count_the_search_s_work_the_same_on_every_run_and_none_after_a_reset() {
    let four = matrix(&Rules::classic(Shape::new(2).unwrap()));
    let mut engine = Learn::on(&four);
    assert_eq!(engine.mems(), 0);
    assert_eq!(engine.search(usize::MAX), Some(Step::Solution));
    let first = engine.mems();
    // At least the options put out, each read from an item's list and propagated.
    assert!(first > engine.stats().updates, "{first}");
    assert_eq!(solutions_checked(&mut engine).len(), 287);
    let all = engine.mems();
    assert!(all > first, "{all} after {first}");
    engine.reset();
    assert_eq!(engine.mems(), 0);
    assert_eq!(solutions_checked(&mut engine).len(), 288);
    assert_eq!(engine.mems(), all);
}

#[test]
fn restarts_keep_the_724_solutions_of_10_queens_and_stop_at_the_first() {
    let queens = crate::problems::queens(10);
    let mut engine = restarting_often(&queens);
    assert_eq!(engine.search(usize::MAX), Some(Step::Solution));
    let before = engine.restarts;
    assert!(before > 0, "no conflict before the first solution");
    let mut first = Vec::new();
    engine.solution(&mut first);
    let mut found = solutions_checked(&mut engine);
    assert_eq!(
        engine.restarts, before,
        "a restart after the first solution"
    );
    found.push(first);
    let found = as_set(found);
    assert_eq!(found.len(), 724);
    assert_eq!(
        found,
        as_set(all_solutions(&mut <Dlx as Search>::new(&queens)))
    );
    // A reset starts the restarts again (from a first run of the length it is given), with
    // the same runs.
    engine.reset();
    assert_eq!((engine.restarts, engine.run), (0, FIRST_RUN));
    engine.run = 1;
    assert_eq!(solutions_checked(&mut engine).len(), 724);
    assert_eq!(engine.restarts, before);
}

#[test]
fn a_tree_cut_into_subtrees_never_restarts_and_its_subtrees_hold_every_solution_once() {
    let queens = crate::problems::queens(10);
    let mut top = restarting_often(&queens);
    let mut found = Vec::new();
    let mut subtrees = Vec::new();
    loop {
        match top.search(2) {
            None => {
                let mut choices = Vec::new();
                top.choices(&mut choices);
                subtrees.push(choices);
            }
            Some(Step::Solution) => {
                let mut s = Vec::new();
                top.solution(&mut s);
                found.push(s);
            }
            Some(Step::Exhausted) => break,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(top.restarts, 0);
    assert!(subtrees.len() > 10, "{}", subtrees.len());
    for choices in subtrees {
        let mut below = restarting_often(&queens);
        for option in choices {
            below.descend(option);
        }
        found.extend(solutions_checked(&mut below));
        assert_eq!(below.restarts, 0);
    }
    let found = as_set(found);
    assert_eq!(found.len(), 724);
    assert_eq!(
        found,
        as_set(all_solutions(&mut <Dlx as Search>::new(&queens)))
    );
}
