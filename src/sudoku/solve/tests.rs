//! The tests of [`SudokuSolver`]: limits, budgets and watches as the solver keeps them, and
//! the snapshot restored between puzzles.

use super::*;
use crate::sudoku::read::parse_line;

#[test]
fn a_limit_is_the_number_of_solutions_to_stop_after_here_as_in_the_solver() {
    // The empty 4x4 grid has 288 solutions.
    let shape = Shape::new(2).unwrap();
    let empty = Grid::empty(shape);
    let mut sudoku = SudokuSolver::new(shape);
    assert_eq!(sudoku.count(&empty, u64::MAX).unwrap(), 288);
    let problem = matrix(&Rules::classic(shape));
    for (limit, expected) in [
        (0, "0+"),
        (1, "1+"),
        (2, "2+"),
        (287, "287+"),
        (288, "288+"),
        (289, "288"),
    ] {
        let count = sudoku.count(&empty, limit).unwrap();
        assert_eq!(count.to_string(), expected, "limit {limit}");
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(Some(limit)).unwrap(), count, "limit {limit}");
        let solved = sudoku.solve(&empty, limit).unwrap();
        let at_least_one = if limit == 0 { "1+" } else { expected };
        assert_eq!(solved.count.to_string(), at_least_one, "limit {limit}");
    }
    // A limit of 0 still refuses what cannot be searched.
    let mut conflict = empty.clone();
    conflict.set(0, 0, 1);
    conflict.set(0, 1, 1);
    assert!(matches!(
        sudoku.count(&conflict, 0),
        Err(SolveError::Conflict(_))
    ));
}

#[test]
fn a_time_budget_past_the_clocks_range_is_no_limit_not_a_panic() {
    let shape = Shape::new(2).unwrap();
    let mut sudoku = SudokuSolver::new(shape);
    sudoku.set_max_time(Some(Duration::MAX));
    assert_eq!(sudoku.count(&Grid::empty(shape), u64::MAX).unwrap(), 288);
}

#[test]
fn a_watch_stops_a_search_at_a_pause_and_the_solver_goes_on_with_the_next_puzzle() {
    let mut sudoku = SudokuSolver::new(Shape::CLASSIC);
    sudoku.set_watch_every(Some(1000));
    let empty = Grid::empty(Shape::CLASSIC);
    let mut calls = 0;
    let stopped = sudoku.count_watched(&empty, u64::MAX, |p| {
        calls += 1;
        assert_eq!(p.nodes, calls * 1000);
        if calls == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let Err(SolveError::Stopped { nodes, solutions }) = stopped else {
        panic!("{stopped:?}");
    };
    assert_eq!((calls, nodes), (3, 3000));
    // The solutions found by then are those a node budget of as many nodes finds.
    sudoku.set_max_nodes(Some(nodes));
    let spent = sudoku.count(&empty, u64::MAX);
    assert_eq!(spent, Err(SolveError::GaveUp { nodes, solutions }));
    assert!(solutions > 0);
    sudoku.set_max_nodes(None);
    let puzzle = parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let solved = sudoku
        .solve_watched(&puzzle, 2, |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(solved.count, 1);
    crate::sudoku::check::verify(&puzzle, &solved.grid).unwrap();
}

#[test]
fn a_spent_node_budget_says_how_many_solutions_it_found_as_the_solver_does() {
    // The empty 4x4 grid has 288 solutions; some hundred nodes find some of them.
    let shape = Shape::new(2).unwrap();
    let empty = Grid::empty(shape);
    let mut sudoku = SudokuSolver::new(shape);
    let mut solver = Solver::new(&matrix(&Rules::classic(shape)));
    for budget in [10, 100, 200] {
        sudoku.set_max_nodes(Some(budget));
        solver.reset();
        solver.set_max_nodes(Some(budget));
        let gave_up = solver.count(None).unwrap_err();
        let spent = sudoku.count(&empty, u64::MAX).unwrap_err();
        let expected = SolveError::GaveUp {
            nodes: gave_up.nodes,
            solutions: gave_up.solutions,
        };
        assert_eq!(spent, expected, "budget {budget}");
    }
}

#[test]
fn restoring_the_snapshot_between_puzzles_leaves_nothing_behind() {
    let puzzles = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "11...............................................................................",
    ];
    let mut reused = SudokuSolver::new(Shape::CLASSIC);
    for line in puzzles.iter().chain(&puzzles) {
        let puzzle = parse_line(line).unwrap();
        let fresh = SudokuSolver::new(Shape::CLASSIC).solve(&puzzle, 2);
        assert_eq!(reused.solve(&puzzle, 2), fresh);
        reused.solver.reset_from(&reused.pristine);
        reused.solver.check_invariants().unwrap();
        assert!(reused.solver.same_state(&reused.pristine));
    }
}
