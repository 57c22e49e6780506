//! Sudoku files laid out as people publish them (issue 13): Project Euler 96's fifty grids
//! with `Grid NN` headers, Simple Sudoku's `.ss`, SadMan's `.sdk`, GNU Sudoku's text format,
//! boxed grids, and lines with trailing comments. Each file is read by the library and must
//! give exactly the puzzles it holds (no puzzle made up, none lost), then solved through the
//! library and through the binary, every solution checked by the independent checker.

use crate::common;

use common::{assert_solves, dancing, numbered_puzzles, puzzles, stderr_of, stdout_of, summary};
use dancing::sudoku::check::verify;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::{Format, PuzzleReader};
use dancing::sudoku::solve::SudokuSolver;

const PROJECT_EULER_96: &str = "puzzles/sudoku/p096_sudoku.txt";

/// Solves `puzzle` through the library, checks with the independent checker that the answer
/// solves it and that it is the only one, and returns it.
fn solve(solver: &mut SudokuSolver, puzzle: &Grid) -> Grid {
    let solved = solver
        .solve(puzzle, 2)
        .unwrap_or_else(|e| panic!("{puzzle}: {e}"));
    assert_eq!(solved.count, 1, "{puzzle} has more than one solution");
    assert_eq!(verify(puzzle, &solved.grid), Ok(()), "{puzzle}");
    solved.grid
}

/// Runs `dancing sudoku PATH` and returns its answer lines, each checked against its puzzle by
/// the independent checker, after checking that the run solved all of `puzzles`.
fn solve_through_the_binary(path: &str, puzzles: &[Grid]) -> Vec<String> {
    let assert = dancing().args(["sudoku", path]).assert().success();
    let out = stdout_of(&assert);
    let lines: Vec<String> = out.lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), puzzles.len(), "{out}");
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        assert_solves(puzzle, line);
    }
    let s = summary(&stderr_of(&assert));
    let n = puzzles.len() as u64;
    assert_eq!((s["puzzles"], s["solved"], s["errors"]), (n, n, 0), "{s:?}");
    lines
}

/// Project Euler 96's answer for a set of solved grids: the sum of the 3-digit numbers in
/// their top-left corners.
fn euler_sum(solutions: impl IntoIterator<Item = Grid>) -> u32 {
    solutions
        .into_iter()
        .map(|g| (0..3).fold(0, |n, c| 10 * n + u32::from(g.get(0, c))))
        .sum()
}

#[test]
fn project_euler_96_reads_as_fifty_grids_under_their_headers() {
    let bytes = std::fs::read(PROJECT_EULER_96).unwrap();
    let mut reader = PuzzleReader::new(bytes.as_slice());
    assert_eq!(reader.format(), Some(Format::Grid));
    let read: Vec<(usize, Grid)> = reader
        .map(|p| p.map(|p| (p.line, p.grid)))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{PROJECT_EULER_96}:{e}"));
    // Grid k starts on the line after its header `Grid k`, ten lines a grid.
    let lines: Vec<usize> = read.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, (0..50).map(|k| 10 * k + 2).collect::<Vec<_>>());
    // Each is the nine lines below its header, digit for digit.
    let text = std::fs::read_to_string(PROJECT_EULER_96).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    for (line, grid) in &read {
        let written: String = rows[line - 1..line + 8].concat().replace('0', ".");
        assert_eq!(grid.to_line(), written, "the grid of line {line}");
    }
}

#[test]
fn project_euler_96_solves_to_its_published_answer_through_the_library() {
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let grids = puzzles(PROJECT_EULER_96);
    assert_eq!(grids.len(), 50);
    let solutions = grids.iter().map(|g| solve(&mut solver, g));
    assert_eq!(euler_sum(solutions), 24702);
}

#[test]
fn project_euler_96_solves_to_its_published_answer_through_the_binary() {
    let grids = puzzles(PROJECT_EULER_96);
    let lines = solve_through_the_binary(PROJECT_EULER_96, &grids);
    let solutions = lines.iter().map(|l| common::solution(l));
    assert_eq!(euler_sum(solutions), 24702);
}

#[test]
fn project_euler_96_with_a_row_missing_loses_only_that_grid() {
    // Row 4 of Grid 02 (line 15) dropped: that grid is reported once, at its own first row,
    // and the 49 others are read as they are.
    let text = std::fs::read_to_string(PROJECT_EULER_96).unwrap();
    let cut: String = text
        .lines()
        .enumerate()
        .filter(|&(i, _)| i + 1 != 15)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let items: Vec<_> = PuzzleReader::new(cut.as_bytes()).collect();
    assert_eq!(items.len(), 50);
    let errors: Vec<_> = items.iter().filter_map(|i| i.as_ref().err()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].to_string(),
        "12:1: grid ended after 8 rows (the last on line 19), expected 9: a comment, a header or a blank line other than between bands ends a grid"
    );
    let whole = puzzles(PROJECT_EULER_96);
    let kept: Vec<&Grid> = items
        .iter()
        .filter_map(|i| i.as_ref().ok())
        .map(|p| &p.grid)
        .collect();
    let expected: Vec<&Grid> = whole
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != 1)
        .map(|(_, g)| g)
        .collect();
    assert_eq!(kept, expected);
}

/// Norvig's "hardest" puzzles, from which the layout files were written.
fn hardest() -> Vec<Grid> {
    puzzles("puzzles/sudoku/hardest.txt")
}

/// Reads the layout file `name`, checks that it holds exactly Norvig's "hardest" puzzles
/// `which` (0-based), on the given lines, and solves them through the library and the binary.
fn layout_holds(name: &str, which: &[usize], lines: &[usize]) {
    let path = format!("puzzles/sudoku/layouts/{name}");
    let read = numbered_puzzles(&path);
    let hardest = hardest();
    let expected: Vec<(usize, Grid)> = lines
        .iter()
        .zip(which)
        .map(|(&line, &k)| (line, hardest[k].clone()))
        .collect();
    assert_eq!(read, expected, "{path}");
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    let grids: Vec<Grid> = read.into_iter().map(|(_, g)| g).collect();
    for grid in &grids {
        solve(&mut solver, grid);
    }
    solve_through_the_binary(&path, &grids);
}

#[test]
fn a_framed_simple_sudoku_file_is_read_and_solved() {
    // `*-----------*` above and below, `|---+---+---|` between the bands.
    layout_holds("simple-sudoku.ss", &[0], &[2]);
}

#[test]
fn an_unframed_simple_sudoku_file_is_read_and_solved() {
    // `..5|3..|...` rows and `-----------` between the bands.
    layout_holds("simple-sudoku-plain.ss", &[1], &[1]);
}

#[test]
fn a_sadman_sdk_file_with_its_header_lines_is_read_and_solved() {
    layout_holds("sadman.sdk", &[2], &[8]);
}

#[test]
fn gnu_sudoku_files_boxed_and_basic_are_read_and_solved() {
    // `#3x3 Sudoku`, `+---+---+---+` rules, `-` blanks, and a row of blanks `|---|---|---|`.
    layout_holds("gnu-sudoku-boxed.txt", &[4], &[3]);
    // Rows of nine characters with `-` blanks, two of them all blank: `---------`.
    layout_holds("gnu-sudoku-basic.txt", &[8], &[1]);
}

#[test]
fn boxed_grids_with_spaced_cells_are_read_and_solved() {
    layout_holds("boxed.txt", &[5, 6], &[2, 16]);
}

#[test]
fn lines_with_trailing_comments_are_read_and_solved() {
    layout_holds("trailing-comments.txt", &[7, 9, 10], &[2, 3, 4]);
}
