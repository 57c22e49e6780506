//! Every size and variant through the same engine: counts of empty grids against Knuth's
//! published values, and solutions of published puzzles checked by the independent checker.

use dancing::sudoku::check::verify_under;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::rules::Rules;
use dancing::sudoku::solve::SudokuSolver;
use dancing::sudoku::symbols::Symbols;

/// Counts every solution of the empty grid of `rules`, and checks the first one.
fn count_empty(rules: Rules) -> u64 {
    let empty = Grid::empty(rules.shape());
    let solution = SudokuSolver::with_rules(rules.clone())
        .solve(&empty, u64::MAX)
        .unwrap();
    assert_eq!(verify_under(&rules, &empty, &solution.grid), Ok(()));
    assert!(solution.count.is_exact());
    solution.count.to_u64().unwrap()
}

/// Knuth, TAOCP 7.2.2.1: 28,200,960 ways to fill the 6x6 grid with boxes of 2x3. About
/// 40 s single-threaded in release mode on this project's 2-core machine, hence ignored:
/// `cargo test --release --test integration sudoku_shapes:: -- --ignored`.
#[test]
#[ignore]
fn the_empty_6x6_sudoku_with_2x3_boxes_has_28200960_solutions() {
    let shape = Shape::with_boxes(2, 3).unwrap();
    assert_eq!(count_empty(Rules::classic(shape)), 28_200_960);
}

/// The puzzles of a file of `PUZZLE SOLUTION` lines (`#` lines are comments), each read in
/// the symbols detected for it.
fn published(path: &str, shape: Shape) -> Vec<(Grid, Grid, Symbols, String)> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let read = |symbols: Symbols, cells: &str| {
        let values = cells
            .chars()
            .map(|c| {
                symbols
                    .cell(shape, c)
                    .unwrap_or_else(|| panic!("{path}: {c:?}"))
            })
            .collect();
        Grid::from_cells(shape, values).unwrap()
    };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let (puzzle, solution) = line.split_once(' ').unwrap();
            let symbols = Symbols::detect(shape, puzzle.chars());
            let grid = read(symbols, puzzle);
            (grid, read(symbols, solution), symbols, solution.to_owned())
        })
        .collect()
}

/// Solves every puzzle of `path` under `rules`: exactly one solution, the published one, which
/// the independent checker accepts, written back in the puzzle's own symbols.
fn solves_as_published(path: &str, rules: Rules) -> usize {
    let mut solver = SudokuSolver::with_rules(rules.clone());
    let puzzles = published(path, rules.shape());
    for (k, (puzzle, published, symbols, text)) in puzzles.iter().enumerate() {
        let solved = solver
            .solve(puzzle, 2)
            .unwrap_or_else(|e| panic!("{path} #{}: {e}", k + 1));
        assert_eq!(solved.count, 1, "{path} #{}: not unique", k + 1);
        assert_eq!(
            verify_under(&rules, puzzle, &solved.grid),
            Ok(()),
            "{path} #{}",
            k + 1
        );
        assert_eq!(&solved.grid, published, "{path} #{}", k + 1);
        assert_eq!(solved.grid.to_line_in(*symbols), *text, "{path} #{}", k + 1);
    }
    puzzles.len()
}

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::with_boxes(rows, cols).unwrap()
}

#[test]
fn published_puzzles_of_every_size_have_their_published_solutions() {
    let files = [
        ("puzzles/shapes/4x4.txt", shape(2, 2), 1),
        ("puzzles/shapes/6x6.txt", shape(2, 3), 3),
        ("puzzles/shapes/6x6-boxes-3x2.txt", shape(3, 2), 1),
        ("puzzles/shapes/12x12-boxes-4x3.txt", shape(4, 3), 1),
        ("puzzles/shapes/16x16.txt", shape(4, 4), 4),
    ];
    for (path, shape, count) in files {
        assert_eq!(
            solves_as_published(path, Rules::classic(shape)),
            count,
            "{path}"
        );
    }
}

/// The published 25x25 and 36x36 puzzles, made with a learning solver's help: the first 25x25
/// one (266 givens) runs past five minutes under the links and the bits, and past 20 s under
/// `--engine propagate` (millions of branch nodes without an answer; see `docs/engines.md`);
/// `auto` runs the learning engine on them, which solves each in well under a second.
#[test]
fn published_puzzles_of_25x25_and_36x36_have_their_published_solutions() {
    let files = [
        ("puzzles/shapes/25x25.txt", shape(5, 5), 3),
        ("puzzles/shapes/36x36.txt", shape(6, 6), 1),
    ];
    for (path, shape, count) in files {
        assert_eq!(
            solves_as_published(path, Rules::classic(shape)),
            count,
            "{path}"
        );
    }
}
