//! Generated puzzles, ratings and hints, checked against the rules: every generated puzzle has
//! exactly one solution, which the independent checker accepts, and is minimal; the same seed
//! gives the same puzzle; every hint is a true deduction, checked by counting candidates
//! directly on the grid (not through the exact-cover view that produced it).

use crate::common;

use dancing::sudoku::check::verify;
use dancing::sudoku::generate::{Generator, Symmetry, puzzle_seed};
use dancing::sudoku::grid::{Grid, Shape, Unit};
use dancing::sudoku::hint::{self, Single, Stuck};
use dancing::sudoku::rate::{self, Band};
use dancing::sudoku::solve::SudokuSolver;

/// The number of solutions of `puzzle`, counted up to 2.
fn solutions(solver: &mut SudokuSolver, puzzle: &Grid) -> u64 {
    solver
        .solve(puzzle, 2)
        .map_or(0, |s| s.count.to_u64().unwrap())
}

#[test]
fn generated_puzzles_are_unique_minimal_and_solved_by_their_solution() {
    for shape in [Shape::new(2).unwrap(), Shape::CLASSIC] {
        for symmetry in Symmetry::ALL {
            let mut generator = Generator::new(shape, symmetry);
            let mut solver = SudokuSolver::new(shape);
            for k in 0..4 {
                let made = generator.generate(puzzle_seed(11, k));
                verify(&made.puzzle, &made.solution).unwrap();
                assert_eq!(solutions(&mut solver, &made.puzzle), 1);
                let n = shape.side();
                let cells = made.puzzle.cells().to_vec();
                for (cell, &digit) in cells.iter().enumerate() {
                    if digit == 0 {
                        continue;
                    }
                    // Removing the given's whole orbit must allow a second solution.
                    let mut fewer = made.puzzle.clone();
                    for c in symmetry.orbit(n, cell / n, cell % n) {
                        fewer.set(c / n, c % n, 0);
                        assert_ne!(cells[c], 0, "{symmetry}: the givens are symmetric");
                    }
                    assert_eq!(
                        solutions(&mut solver, &fewer),
                        2,
                        "{symmetry}: the given at {cell} can go"
                    );
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
    let mut a = Generator::new(Shape::CLASSIC, Symmetry::Rotate180);
    let mut b = Generator::new(Shape::CLASSIC, Symmetry::Rotate180);
    let first = a.generate(puzzle_seed(5, 0));
    assert_eq!(first, b.generate(puzzle_seed(5, 0)));
    assert_ne!(first, a.generate(puzzle_seed(5, 1)));
}

/// The digits that can go at (`row`, `col`) of `grid`, by looking at its row, column and box.
fn candidates(grid: &Grid, row: usize, col: usize) -> Vec<u8> {
    let n = grid.shape().side();
    let b = grid.shape().box_side();
    let (r0, c0) = (row / b * b, col / b * b);
    (1..=n as u8)
        .filter(|&d| {
            (0..n).all(|k| grid.get(row, k) != d && grid.get(k, col) != d)
                && (0..b).all(|i| (0..b).all(|j| grid.get(r0 + i, c0 + j) != d))
        })
        .collect()
}

/// Checks one hint against the grid it was given for.
fn check_hint(grid: &Grid, step: &hint::Hint) {
    let n = grid.shape().side();
    let b = grid.shape().box_side();
    assert_eq!(grid.get(step.row, step.col), 0, "{step}: the cell is empty");
    let here =
        |r: usize, c: usize| grid.get(r, c) == 0 && candidates(grid, r, c).contains(&step.digit);
    let places: Vec<(usize, usize)> = match step.single {
        Single::Naked => {
            assert_eq!(
                candidates(grid, step.row, step.col),
                vec![step.digit],
                "{step}"
            );
            return;
        }
        Single::Hidden {
            unit: Unit::Row,
            index: r,
        } => (0..n).map(|c| (r, c)).collect(),
        Single::Hidden {
            unit: Unit::Column,
            index: c,
        } => (0..n).map(|r| (r, c)).collect(),
        Single::Hidden {
            unit: Unit::Box,
            index: bx,
        } => (0..n)
            .map(|k| (bx / b * b + k / b, bx % b * b + k % b))
            .collect(),
        Single::Hidden { unit, .. } => panic!("{step}: a {unit} under the classic rules"),
    };
    let fits: Vec<_> = places.into_iter().filter(|&(r, c)| here(r, c)).collect();
    assert_eq!(fits, vec![(step.row, step.col)], "{step}");
}

#[test]
fn every_hint_on_the_way_is_a_true_deduction_that_agrees_with_the_solution() {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let mut steps = 0;
    for puzzle in common::puzzles("puzzles/sudoku/top95-first20.txt")
        .into_iter()
        .chain(common::puzzles("puzzles/sudoku/17-clue-first50.txt"))
    {
        let solution = solver.solve(&puzzle, 1).unwrap().grid;
        let path = hint::solve_path(&puzzle);
        let mut grid = puzzle.clone();
        for step in &path.steps {
            check_hint(&grid, step);
            assert_eq!(solution.get(step.row, step.col), step.digit, "{step}");
            grid.set(step.row, step.col, step.digit);
            steps += 1;
        }
        assert_eq!(grid, path.grid);
        match &path.end {
            Stuck::Solved => verify(&puzzle, &grid).unwrap(),
            Stuck::NoSingle {
                row,
                col,
                candidates: named,
            } => {
                assert_eq!(named, &candidates(&grid, *row, *col));
                let fewest = (0..81)
                    .filter(|&i| grid.cells()[i] == 0)
                    .map(|i| candidates(&grid, i / 9, i % 9).len())
                    .min();
                assert_eq!(Some(named.len()), fewest);
            }
            Stuck::Contradiction(what) => panic!("a proper puzzle: {what}"),
            Stuck::Full => panic!("a path from a grid with blanks ends solved, not full"),
            Stuck::Conflict(conflict) => panic!("a proper puzzle: {conflict}"),
        }
    }
    assert!(steps > 100, "the sets need singles: {steps}");
}

#[test]
fn ratings_are_deterministic_and_singles_mean_no_search_beyond_the_path() {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let mut bands = std::collections::HashSet::new();
    for puzzle in common::puzzles("puzzles/sudoku/top95-first20.txt")
        .into_iter()
        .chain(common::puzzles("puzzles/sudoku/17-clue-first50.txt"))
    {
        let rating = rate::rate(&mut solver, &puzzle).unwrap();
        assert_eq!(rating, rate::rate(&mut solver, &puzzle).unwrap());
        let singles = hint::solve_path(&puzzle).end == Stuck::Solved;
        assert_eq!(singles, rating.band <= Band::Easy, "{puzzle}");
        assert_eq!(singles, rating.extra_nodes == 0, "{puzzle}");
        bands.insert(rating.band);
    }
    assert!(bands.len() >= 3, "the sets span several bands: {bands:?}");
}

#[test]
fn a_puzzle_with_two_solutions_is_not_rated() {
    let puzzle = common::puzzles("puzzles/sudoku/multi-solution-first20.txt")[0].clone();
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    assert_eq!(
        rate::rate(&mut solver, &puzzle),
        Err(rate::RateError::Multiple)
    );
}

#[test]
fn the_generate_command_gives_the_same_puzzles_with_one_and_two_jobs_and_each_is_proper() {
    let run = |jobs: &str| {
        let assert = common::dancing()
            .args([
                "sudoku", "generate", "--count", "70", "--seed", "3", "-q", "--jobs", jobs,
            ])
            .assert()
            .success();
        common::stdout_of(&assert)
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 70);
    for line in lines {
        let puzzle = dancing::sudoku::read::parse_line(line).unwrap();
        assert_eq!(solutions(&mut solver, &puzzle), 1, "{line}");
    }
}

#[test]
fn generate_with_a_difficulty_keeps_only_puzzles_of_that_band() {
    let assert = common::dancing()
        .args(["sudoku", "generate", "--count", "3", "--difficulty", "hard"])
        .args(["--format", "jsonl", "-q", "--seed", "9"])
        .assert()
        .success();
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    for line in common::stdout_of(&assert).lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(object["rating"], "hard");
        let puzzle = dancing::sudoku::read::parse_line(object["puzzle"].as_str().unwrap()).unwrap();
        let solution = common::solution(object["solution"].as_str().unwrap());
        verify(&puzzle, &solution).unwrap();
        assert_eq!(rate::rate(&mut solver, &puzzle).unwrap().band, Band::Hard);
    }
}

#[test]
fn hint_names_the_first_single_and_all_steps_end_with_the_solve() {
    let assert = common::dancing()
        .args(["sudoku", "hint", "puzzles/classic.txt"])
        .assert()
        .success();
    assert_eq!(common::stdout_of(&assert), "r5c5 can only be 5\n");
    let assert = common::dancing()
        .args(["sudoku", "hint", "--all-steps", "puzzles/classic.txt"])
        .assert()
        .success();
    let out = common::stdout_of(&assert);
    assert_eq!(out.lines().count(), 51 + 1, "{out}");
    assert!(out.ends_with("solved by singles alone\n"), "{out}");
}

#[test]
fn rate_prints_a_band_per_puzzle_and_unrated_for_several_solutions() {
    let assert = common::dancing()
        .args([
            "sudoku",
            "rate",
            "puzzles/sudoku/multi-solution-first20.txt",
        ])
        .assert()
        .code(1);
    let out = common::stdout_of(&assert);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().all(|l| l == "unrated"), "{out}");
}

/// Checks a generated puzzle: its solution fits the rules, its givens are the solution's,
/// and it has exactly one solution.
fn check_generated(solver: &mut SudokuSolver, made: &dancing::sudoku::generate::Generated) {
    verify(&made.puzzle, &made.solution).unwrap();
    for (given, full) in made.puzzle.cells().iter().zip(made.solution.cells()) {
        assert!(
            *given == 0 || given == full,
            "the givens are the full grid's"
        );
    }
    assert_eq!(solutions(solver, &made.puzzle), 1);
}

#[test]
fn a_floor_of_givens_stops_the_removal_there_and_keeps_the_puzzle_unique() {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    for k in 0..4 {
        let made = Generator::new(Shape::CLASSIC, Symmetry::None)
            .with_min_givens(50)
            .generate(puzzle_seed(21, k));
        check_generated(&mut solver, &made);
        // Minimal 9x9 puzzles have far fewer than 50 givens: the floor stops the removal.
        assert_eq!(made.puzzle.givens(), 50);
    }
}

#[test]
fn a_node_budget_on_the_checks_keeps_puzzles_unique_and_their_search_near_it() {
    let shape = Shape::new(4).unwrap();
    let mut solver = SudokuSolver::new(shape);
    let budget = 500;
    for k in 0..3 {
        let seed = puzzle_seed(22, k);
        let made = Generator::new(shape, Symmetry::None)
            .with_check_nodes(Some(budget))
            .generate(seed);
        check_generated(&mut solver, &made);
        let minimal = Generator::new(shape, Symmetry::None).generate(seed);
        // The same grid, fewer removals: the givens are a superset of the minimal puzzle's.
        assert_eq!(made.solution, minimal.solution);
        assert!(made.puzzle.givens() >= minimal.puzzle.givens());
        solver.solve(&made.puzzle, 2).unwrap();
        assert!(
            solver.stats().nodes <= 2 * budget,
            "{}",
            solver.stats().nodes
        );
    }
}

#[test]
fn generate_takes_a_floor_of_givens_and_a_check_budget_on_the_command_line() {
    let assert = common::dancing()
        .args([
            "sudoku", "generate", "--size", "16", "--count", "3", "--seed", "4",
        ])
        .args([
            "--check-nodes",
            "2000",
            "--min-givens",
            "120",
            "-q",
            "--jobs",
            "1",
        ])
        .assert()
        .success();
    let shape = Shape::new(4).unwrap();
    let mut solver = SudokuSolver::new(shape);
    for line in common::stdout_of(&assert).lines() {
        let puzzle = dancing::sudoku::read::parse_line_as(shape, line).unwrap();
        assert!(puzzle.givens() >= 120, "{line}");
        assert_eq!(solutions(&mut solver, &puzzle), 1, "{line}");
    }
}
