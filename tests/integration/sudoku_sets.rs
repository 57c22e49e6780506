//! The public Sudoku sets of `../shared/data/sudoku/`: every puzzle solved by the library,
//! every solution checked by the independent checker, uniqueness (or, for serg's set, its
//! absence) and the number of puzzles of each set checked against the published facts. Ignored
//! when the folder is absent (`build.rs`). Run in release mode (`cargo test --release`).
//!
//! Run times measured in release on the 2-core workplace machine (each test alone, one
//! thread): the whole 17-clue set (49,158 puzzles, counting to 2, reading included) 1.1 to
//! 1.9 s, forum-hardest 0.4 s, top1465 0.3 s, serg's 10,000 0.1 to 0.25 s, the binary on
//! top1465 0.15 s, the others less: the whole file finishes in 1 to 3 s, so nothing is
//! `#[ignore]`d.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{dancing, numbered_puzzles, shared_data, solution, stdout_of};
use dancing::sudoku::check::verify;
use dancing::sudoku::grid::Shape;
use dancing::sudoku::solve::SudokuSolver;

/// The folder of the public sets, or `None` (with a message) when it is absent.
fn sets() -> Option<PathBuf> {
    shared_data("sudoku")
}

/// The set `name`, or `None` (with a message) when it is absent.
fn set(name: &str) -> Option<PathBuf> {
    shared_data(&format!("sudoku/{name}"))
}

/// What a set promises about its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Every puzzle has exactly one solution.
    Unique,
    /// Every puzzle has two or more.
    Multiple,
}

/// Solves every puzzle of `path` (counting to 2), checks each solution with the independent
/// checker and each count against `expect`; returns the number of puzzles.
fn check_set(path: &Path, expect: Expect) -> usize {
    let puzzles = numbered_puzzles(path);
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    for (line, puzzle) in &puzzles {
        let at = format!("{}:{line}: {puzzle}", path.display());
        let solution = solver
            .solve(puzzle, 2)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(verify(puzzle, &solution.grid), Ok(()), "{at}");
        match expect {
            Expect::Unique => assert_eq!(solution.count, 1, "{at}: not unique"),
            Expect::Multiple => assert_eq!(solution.count.to_string(), "2+", "{at}: unique"),
        }
    }
    assert!(!puzzles.is_empty(), "{}: no puzzle", path.display());
    puzzles.len()
}

/// The sets known here: file, puzzles, what they promise.
const KNOWN: &[(&str, usize, Expect)] = &[
    ("17-clue.txt", 49_158, Expect::Unique),
    ("top1465.txt", 1_465, Expect::Unique),
    ("forum-hardest-1106.txt", 375, Expect::Unique),
    ("top95.txt", 95, Expect::Unique),
    ("hardest.txt", 11, Expect::Unique),
    ("serg-multi-solution.txt", 10_000, Expect::Multiple),
];

fn check_known(name: &str) {
    let Some(path) = set(name) else { return };
    let &(_, puzzles, expect) = KNOWN
        .iter()
        .find(|(known, ..)| *known == name)
        .expect("a known set");
    assert_eq!(check_set(&path, expect), puzzles, "{name}");
}

/// The whole 17-clue set: 1.1 to 1.9 s in release (2-core machine), so it stays in the
/// normal run.
#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_17_clue_puzzle_has_a_unique_solution_that_verifies() {
    check_known("17-clue.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_top1465_puzzle_has_a_unique_solution_that_verifies() {
    check_known("top1465.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_forum_hardest_puzzle_has_a_unique_solution_that_verifies() {
    check_known("forum-hardest-1106.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_top95_puzzle_has_a_unique_solution_that_verifies() {
    check_known("top95.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_norvig_hardest_puzzle_has_a_unique_solution_that_verifies() {
    check_known("hardest.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_serg_multi_solution_puzzle_has_two_or_more_solutions_and_the_first_verifies() {
    check_known("serg-multi-solution.txt");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_other_file_of_the_folder_is_solved_and_verified_too() {
    let Some(dir) = sets() else { return };
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if KNOWN.iter().any(|(known, ..)| *known == name) {
            continue; // a test of its own above
        }
        let expect = if name.contains("multi") {
            Expect::Multiple
        } else {
            Expect::Unique
        };
        eprintln!("also solving {name} ({expect:?})");
        check_set(&path, expect);
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_binary_solves_top1465_one_line_per_puzzle_and_every_line_verifies() {
    let Some(path) = set("top1465.txt") else {
        return;
    };
    let puzzles = numbered_puzzles(&path);
    let assert = dancing()
        .args(["sudoku", "--format", "line"])
        .arg(&path)
        .assert()
        .success();
    let text = stdout_of(&assert);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    assert_eq!(lines.len(), 1_465);
    for ((line, puzzle), answer) in puzzles.iter().zip(&lines) {
        let solution = solution(answer); // 81 digits 1-9, or the test fails
        assert_eq!(verify(puzzle, &solution), Ok(()), "line {line}: {puzzle}");
    }
}
