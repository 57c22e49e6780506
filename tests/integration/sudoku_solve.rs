//! `SudokuSolver` through the library: solutions checked by the independent checker
//! (`check::verify`) and, for puzzles with few blanks, counts checked against a plain
//! backtracking count that shares nothing with the engine; conflicts, reuse, the 4x4 count,
//! and the budgets. (The command line's verdicts are tested in `src/cli/judge.rs`.)

use crate::common;

use std::time::Duration;

use common::{CLASSIC, CLASSIC_SOLUTION};
use dancing::Solver;
use dancing::sudoku::check::verify;
use dancing::sudoku::grid::{Grid, Shape, Unit};
use dancing::sudoku::read::parse_line;
use dancing::sudoku::solve::{SolveError, SudokuSolver, matrix};
use proptest::prelude::*;

/// The second of Norvig's "hardest": needs more than one node of search, on every engine
/// (the band engine solves the first at its root).
const HARD: &str =
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

fn grid(line: &str) -> Grid {
    parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The number of completions of a 9x9 `cells` (0 = blank), by plain backtracking over the
/// blanks in row-major order: independent of the exact-cover engine. For few blanks only.
fn brute_force_count(cells: &mut [u8; 81]) -> u64 {
    let Some(i) = cells.iter().position(|&d| d == 0) else {
        return 1;
    };
    let (r, c) = (i / 9, i % 9);
    let mut total = 0;
    for d in 1..=9u8 {
        let clash = (0..9).any(|k| {
            cells[r * 9 + k] == d
                || cells[k * 9 + c] == d
                || cells[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d
        });
        if !clash {
            cells[i] = d;
            total += brute_force_count(cells);
            cells[i] = 0;
        }
    }
    total
}

/// The canonical solved grid `(r*3 + r/3 + c) % 9 + 1` transformed by validity-preserving
/// maps: digits relabelled, rows permuted within bands and bands permuted, columns within
/// stacks and stacks, and an optional transposition.
#[derive(Clone, Debug)]
struct Transform {
    digits: Vec<u8>,
    rows_in_band: [Vec<usize>; 3],
    bands: Vec<usize>,
    cols_in_stack: [Vec<usize>; 3],
    stacks: Vec<usize>,
    transpose: bool,
}

impl Transform {
    fn solved_grid(&self) -> [u8; 81] {
        let canonical = |r: usize, c: usize| ((r * 3 + r / 3 + c) % 9) as u8 + 1;
        let mut cells = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (band, stack) = (r / 3, c / 3);
                let sr = self.bands[band] * 3 + self.rows_in_band[band][r % 3];
                let sc = self.stacks[stack] * 3 + self.cols_in_stack[stack][c % 3];
                let (sr, sc) = if self.transpose { (sc, sr) } else { (sr, sc) };
                cells[r * 9 + c] = self.digits[usize::from(canonical(sr, sc) - 1)];
            }
        }
        cells
    }
}

fn perm(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

fn transform() -> impl Strategy<Value = Transform> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        [perm(3), perm(3), perm(3)],
        perm(3),
        [perm(3), perm(3), perm(3)],
        perm(3),
        any::<bool>(),
    )
        .prop_map(
            |(digits, rows_in_band, bands, cols_in_stack, stacks, transpose)| Transform {
                digits,
                rows_in_band,
                bands,
                cols_in_stack,
                stacks,
                transpose,
            },
        )
}

/// A random solved grid and the puzzle made by blanking `blanks` of its cells.
fn solved_and_puzzle(
    blanks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Grid, Grid)> {
    (
        transform(),
        proptest::sample::subsequence((0..81).collect::<Vec<usize>>(), blanks),
    )
        .prop_map(|(t, blank)| {
            let solved = t.solved_grid();
            let mut puzzle = solved;
            for i in blank {
                puzzle[i] = 0;
            }
            (
                Grid::from_cells(Shape::CLASSIC, solved.to_vec()).unwrap(),
                Grid::from_cells(Shape::CLASSIC, puzzle.to_vec()).unwrap(),
            )
        })
}

#[test]
fn the_generated_grids_are_valid_sudoku_solutions() {
    // The generator itself, checked by the independent checker on a few fixed transforms.
    let identity = Transform {
        digits: (1..=9).collect(),
        rows_in_band: [vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2]],
        bands: vec![0, 1, 2],
        cols_in_stack: [vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2]],
        stacks: vec![0, 1, 2],
        transpose: false,
    };
    let mut shuffled = identity.clone();
    shuffled.digits = vec![9, 3, 1, 2, 8, 7, 4, 6, 5];
    shuffled.rows_in_band = [vec![2, 0, 1], vec![1, 0, 2], vec![0, 2, 1]];
    shuffled.bands = vec![1, 2, 0];
    shuffled.cols_in_stack = [vec![1, 2, 0], vec![0, 2, 1], vec![2, 1, 0]];
    shuffled.stacks = vec![2, 0, 1];
    shuffled.transpose = true;
    for t in [identity, shuffled] {
        let g = Grid::from_cells(Shape::CLASSIC, t.solved_grid().to_vec()).unwrap();
        assert_eq!(verify(&g, &g), Ok(()), "{g}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_random_puzzle_cut_from_a_solved_grid_is_solved_keeping_its_givens(
        (solved, puzzle) in solved_and_puzzle(0..=81)
    ) {
        let mut solver = SudokuSolver::new(Shape::CLASSIC);
        let solution = solver.solve(&puzzle, 2).expect("a puzzle cut from a grid has a solution");
        prop_assert_eq!(verify(&puzzle, &solution.grid), Ok(()));
        let count = solution.count.to_string();
        prop_assert!(count == "1" || count == "2+", "{}", count);
        // With a single solution it can only be the grid the puzzle was cut from.
        if solution.count == 1 {
            prop_assert_eq!(&solution.grid, &solved);
        }
    }

    #[test]
    fn with_few_blanks_the_count_matches_a_plain_backtracking_count_and_includes_the_original(
        (solved, puzzle) in solved_and_puzzle(0..=12)
    ) {
        let mut solver = SudokuSolver::new(Shape::CLASSIC);
        let solution = solver.solve(&puzzle, u64::MAX).expect("solvable");
        prop_assert_eq!(verify(&puzzle, &solution.grid), Ok(()));
        let mut cells: [u8; 81] = puzzle.cells().try_into().unwrap();
        let expected = brute_force_count(&mut cells);
        prop_assert!(expected >= 1);
        prop_assert_eq!(solution.count, expected);

        // Every solution the engine enumerates verifies, they are distinct, and the grid the
        // puzzle was cut from is one of them.
        let mut engine = Solver::new(&matrix(&Shape::CLASSIC.into()));
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                engine.force(cell * 9 + usize::from(d) - 1).unwrap();
            }
        }
        let mut all = Vec::new();
        for options in engine.solutions() {
            let mut g = Grid::empty(Shape::CLASSIC);
            for option in options.unwrap() {
                let (cell, d) = (option / 9, option % 9 + 1);
                g.set(cell / 9, cell % 9, d as u8);
            }
            prop_assert_eq!(verify(&puzzle, &g), Ok(()));
            all.push(g);
        }
        prop_assert_eq!(all.len() as u64, expected);
        prop_assert!(all.contains(&solved));
        let mut distinct = all.clone();
        distinct.sort_by_key(|g| g.to_line());
        distinct.dedup();
        prop_assert_eq!(distinct.len(), all.len());
    }
}

#[test]
fn the_classic_puzzle_has_its_known_unique_solution() {
    let puzzle = grid(CLASSIC);
    let solution = SudokuSolver::new(Shape::CLASSIC)
        .solve(&puzzle, u64::MAX)
        .unwrap();
    assert_eq!(solution.count, 1);
    assert_eq!(solution.grid.to_line(), CLASSIC_SOLUTION);
    assert_eq!(verify(&puzzle, &solution.grid), Ok(()));
}

#[test]
fn a_puzzle_with_no_givens_has_more_than_one_solution_and_a_valid_first_one() {
    let empty = Grid::empty(Shape::CLASSIC);
    let solution = SudokuSolver::new(Shape::CLASSIC).solve(&empty, 2).unwrap();
    assert_eq!(solution.count.to_string(), "2+");
    assert!(solution.grid.is_complete());
    assert_eq!(verify(&empty, &solution.grid), Ok(()));
}

#[test]
fn the_empty_4x4_sudoku_has_exactly_288_solutions() {
    let shape = Shape::new(2).unwrap();
    let empty = Grid::empty(shape);
    let solution = SudokuSolver::new(shape).solve(&empty, u64::MAX).unwrap();
    assert_eq!(solution.count, 288);
    assert_eq!(verify(&empty, &solution.grid), Ok(()));
}

#[test]
fn a_complete_valid_grid_is_its_own_unique_solution() {
    let full = grid(CLASSIC_SOLUTION);
    let solution = SudokuSolver::new(Shape::CLASSIC)
        .solve(&full, u64::MAX)
        .unwrap();
    assert_eq!(
        (solution.count.to_string(), &solution.grid),
        ("1".into(), &full)
    );
}

/// Solves `line` on a fresh solver and returns the conflict it reports, checking that no
/// search was made.
fn conflict_of(line: &str) -> dancing::sudoku::grid::Conflict {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let err = solver.solve(&grid(line), 2).unwrap_err();
    assert_eq!(
        solver.stats().nodes,
        0,
        "no search is made on conflicting givens"
    );
    match err {
        SolveError::Conflict(conflict) => conflict,
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[test]
fn two_equal_givens_in_a_row_are_a_conflict_naming_the_digit_and_both_cells() {
    // The classic puzzle with r1c2 changed from 3 to 5: two 5s in row 1.
    let c = conflict_of(
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    assert_eq!((c.digit, c.unit, c.index), (5, Unit::Row, 0));
    assert_eq!((c.first, c.second), ((0, 0), (0, 1)));
    assert_eq!(
        SolveError::Conflict(c).to_string(),
        "digit 5 appears twice in row 1: at r1c1 and r1c2"
    );
}

#[test]
fn two_equal_givens_in_a_column_are_a_conflict_naming_the_digit_and_both_cells() {
    // The classic puzzle with a 5 added at r9c1, under the 5 at r1c1.
    let c = conflict_of(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..55...8..79",
    );
    assert_eq!((c.digit, c.unit, c.index), (5, Unit::Column, 0));
    assert_eq!((c.first, c.second), ((0, 0), (8, 0)));
    assert_eq!(
        c.to_string(),
        "digit 5 appears twice in column 1: at r1c1 and r9c1"
    );
}

#[test]
fn two_equal_givens_in_a_box_are_a_conflict_naming_the_digit_and_both_cells() {
    // The classic puzzle with an 8 added at r2c2, diagonal to the 8 at r3c3.
    let c = conflict_of(
        "53..7....68.195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    assert_eq!((c.digit, c.unit, c.index), (8, Unit::Box, 0));
    assert_eq!((c.first, c.second), ((1, 1), (2, 2)));
    assert_eq!(
        c.to_string(),
        "digit 8 appears twice in box 1: at r2c2 and r3c3"
    );
}

#[test]
fn a_conflict_in_the_last_box_is_found_too() {
    let mut g = Grid::empty(Shape::CLASSIC);
    g.set(6, 6, 9);
    g.set(8, 8, 9);
    let err = SudokuSolver::new(Shape::CLASSIC).solve(&g, 1).unwrap_err();
    let SolveError::Conflict(c) = err else {
        panic!("expected a conflict, got {err:?}");
    };
    assert_eq!((c.digit, c.unit, c.index), (9, Unit::Box, 8));
    assert_eq!((c.first, c.second), ((6, 6), (8, 8)));
}

#[test]
fn agreeing_givens_without_a_completion_are_unsolvable_not_a_conflict() {
    // From puzzles/sudoku/unsolvable.txt: r1c9 needs a 9, and box 3 already has one.
    let puzzle =
        grid("12345678.........9...............................................................");
    assert_eq!(puzzle.conflict(), None);
    assert_eq!(
        SudokuSolver::new(Shape::CLASSIC).solve(&puzzle, 2),
        Err(SolveError::Unsolvable)
    );
}

#[test]
fn a_puzzle_of_another_shape_is_refused() {
    let small = Grid::empty(Shape::new(2).unwrap());
    assert_eq!(
        SudokuSolver::new(Shape::CLASSIC).solve(&small, 1),
        Err(SolveError::WrongShape {
            expected: 9,
            found: 4
        })
    );
}

#[test]
fn one_solver_reused_over_many_puzzles_answers_as_fresh_solvers_do() {
    let puzzles = common::puzzles("puzzles/sudoku/17-clue-sample1000.txt");
    assert_eq!(puzzles.len(), 1000);
    let mut reused = SudokuSolver::new(Shape::CLASSIC);
    // Interleave failures (a conflict, an unsolvable puzzle, a spent budget) so that reuse
    // after every kind of outcome is exercised.
    let conflict =
        grid("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    let unsolvable =
        grid("12345678.........9...............................................................");
    for (k, puzzle) in puzzles.iter().enumerate() {
        match k % 4 {
            1 => assert!(matches!(
                reused.solve(&conflict, 2),
                Err(SolveError::Conflict(_))
            )),
            2 => assert_eq!(reused.solve(&unsolvable, 2), Err(SolveError::Unsolvable)),
            3 => {
                reused.set_max_nodes(Some(1));
                assert!(matches!(
                    reused.solve(&grid(HARD), 1),
                    Err(SolveError::GaveUp { .. })
                ));
                reused.set_max_nodes(None);
            }
            _ => {}
        }
        let again = reused.solve(puzzle, 2);
        let fresh = SudokuSolver::new(Shape::CLASSIC).solve(puzzle, 2);
        assert_eq!(again, fresh, "puzzle {} of the sample: {puzzle}", k + 1);
        let solution = again.unwrap();
        assert_eq!(solution.count, 1, "17-clue puzzles are unique: {puzzle}");
        assert_eq!(verify(puzzle, &solution.grid), Ok(()), "{puzzle}");
    }
}

#[test]
fn the_17_clue_sample_solutions_match_the_peer_solutions() {
    let puzzles = common::puzzles("puzzles/sudoku/17-clue-first50.txt");
    let solutions = common::puzzles("puzzles/sudoku/17-clue-first50.solutions.txt");
    assert_eq!(puzzles.len(), 50);
    assert_eq!(solutions.len(), 50);
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    for (puzzle, peer) in puzzles.iter().zip(&solutions) {
        assert_eq!(verify(puzzle, peer), Ok(()), "peer solution of {puzzle}");
        let solution = solver.solve(puzzle, 2).unwrap();
        assert_eq!(solution.count, 1, "{puzzle}");
        assert_eq!(&solution.grid, peer, "{puzzle}");
    }
}

#[test]
fn a_time_budget_stops_a_long_count_and_is_not_a_node_budget() {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    solver.set_max_time(Some(Duration::ZERO));
    match solver.solve(&Grid::empty(Shape::CLASSIC), u64::MAX) {
        Err(SolveError::OutOfTime { limit, nodes, .. }) => {
            assert_eq!(limit, Duration::ZERO);
            assert!(nodes > 0, "the clock is read at pauses, after some nodes");
        }
        other => panic!("{other:?}"),
    }
    // A generous budget changes nothing.
    solver.set_max_time(Some(Duration::from_secs(3600)));
    let solution = solver.solve(&grid(HARD), 2).unwrap();
    assert_eq!(solution.count, 1);
    assert_eq!(verify(&grid(HARD), &solution.grid), Ok(()));
}

#[test]
fn a_puzzle_of_another_shape_and_a_spent_time_budget_are_said_in_plain_words() {
    let four = Grid::empty(Shape::new(2).unwrap());
    let err = SudokuSolver::new(Shape::CLASSIC)
        .solve(&four, 1)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "found a 4x4 puzzle, expected 9x9, the shape of the rules"
    );
    let spent = SolveError::OutOfTime {
        limit: Duration::from_millis(1500),
        nodes: 7,
        solutions: 0,
    };
    assert_eq!(
        spent.to_string(),
        "gave up after 1.5 s, the time allowed (7 nodes)"
    );
}

/// A solver reused on puzzles a given or two apart (as the generator's checks are, which the
/// bit engine answers by moving its root rather than forcing every given again), counting
/// and avoiding digits, answers each as a fresh solver does, with the same statistics.
#[test]
fn a_solver_reused_on_puzzles_a_given_apart_answers_as_a_fresh_one() {
    let solution = grid(CLASSIC_SOLUTION);
    let mut puzzle = grid(HARD);
    let mut reused = SudokuSolver::new(Shape::CLASSIC);
    let mut avoid = Grid::empty(Shape::CLASSIC);
    let hard_solution = reused.solve(&puzzle, 1).unwrap().grid;
    let mut moves = 0;
    let blanks: Vec<usize> = (0..81).filter(|&c| puzzle.cells()[c] == 0).collect();
    for cell in blanks {
        // Add the solution's digit at one blank, then take away an earlier given.
        let (r, c) = (cell / 9, cell % 9);
        puzzle.set(r, c, hard_solution.cells()[cell]);
        if moves % 3 == 2 {
            let given = (0..81).find(|&g| puzzle.cells()[g] != 0).unwrap();
            puzzle.set(given / 9, given % 9, 0);
        }
        moves += 1;
        avoid.set(r, c, hard_solution.cells()[cell]);
        let go_on = |_| std::ops::ControlFlow::Continue(());
        let mut fresh = SudokuSolver::new(Shape::CLASSIC);
        assert_eq!(
            reused.count(&puzzle, 2).unwrap(),
            fresh.count(&puzzle, 2).unwrap()
        );
        assert_eq!(reused.stats(), fresh.stats(), "{}", puzzle.to_line());
        let mut fresh = SudokuSolver::new(Shape::CLASSIC);
        assert_eq!(
            reused
                .count_avoiding_watched(&puzzle, &avoid, 1, go_on)
                .unwrap(),
            fresh
                .count_avoiding_watched(&puzzle, &avoid, 1, go_on)
                .unwrap()
        );
        assert_eq!(reused.stats(), fresh.stats(), "{}", puzzle.to_line());
        avoid.set(r, c, 0);
    }
    assert!(moves > 50);
    // And a puzzle of another grid, all its givens different: forced again from a reset.
    let mut fresh = SudokuSolver::new(Shape::CLASSIC);
    let classic = grid(CLASSIC);
    assert_eq!(reused.solve(&classic, 2).unwrap().grid, solution);
    fresh.solve(&classic, 2).unwrap();
    assert_eq!(reused.stats(), fresh.stats());
}
