//! The band engine's row of the conformance tests: on the 9x9 puzzles of `puzzles/sudoku/`
//! it finds the links' solutions (as sets: its tree is its own), on random puzzles with 0, 1
//! and many solutions it counts as the links do (alone and on two threads, which cut its
//! tree and descend into the parts), `auto` takes it for the classic matrix and for what
//! `--to-dlx` leaves of it, and `cover` takes it on an exported puzzle whose items and
//! options are shuffled and renamed, with the links' answers (and on grids: the unit tests
//! of `engine/band` check that), as it counts the 910,776 solutions of a wide puzzle
//! through `cover` on its export.

use crate::common;

use std::sync::atomic::AtomicBool;

use common::{assert_solves, dancing, puzzles, stdout_of, temp_file};
use dancing::parallel::count_parallel_until_on;
use dancing::sudoku::export::{decode_option, to_dlx};
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::rules::Rules;
use dancing::sudoku::solve::matrix;
use dancing::{Engine, Problem, Solver};

/// A small xorshift generator for the shuffles.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The options of a puzzle's givens in the classic matrix.
fn givens(puzzle: &Grid) -> Vec<usize> {
    let cells = puzzle.cells();
    (0..81)
        .filter(|&c| cells[c] != 0)
        .map(|c| c * 9 + usize::from(cells[c]) - 1)
        .collect()
}

/// The solutions of `solver` after forcing `given`, each sorted, as a sorted list.
fn solution_set(mut solver: Solver, given: &[usize]) -> Vec<Vec<usize>> {
    solver.force_all(given).unwrap();
    let mut all: Vec<Vec<usize>> = solver
        .solutions()
        .map(|s| {
            let mut s = s.unwrap();
            s.sort_unstable();
            s
        })
        .collect();
    all.sort();
    all
}

#[test]
fn auto_takes_the_band_engine_for_the_classic_matrix_and_its_exports() {
    let problem = matrix(&Rules::classic(Shape::CLASSIC));
    assert_eq!(Solver::new(&problem).engine(), Engine::Band);
    let puzzle = &puzzles("puzzles/sudoku/hardest.txt")[0];
    let text = to_dlx(&Rules::classic(Shape::CLASSIC), puzzle).unwrap();
    let exported = dancing::knuth::parse_str(&text).unwrap().problem;
    assert_eq!(Solver::new(&exported).engine(), Engine::Band);
}

#[test]
fn the_band_engine_finds_the_solutions_of_the_links_on_the_9x9_puzzles() {
    let problem = matrix(&Rules::classic(Shape::CLASSIC));
    for file in [
        "hardest.txt",
        "17-clue-first50.txt",
        "forum-hardest-first20.txt",
    ] {
        for puzzle in puzzles(format!("puzzles/sudoku/{file}")) {
            let given = givens(&puzzle);
            let band = solution_set(Solver::with_engine(&problem, Engine::Band), &given);
            let links = solution_set(Solver::with_engine(&problem, Engine::Links), &given);
            assert_eq!(band, links, "{file}: {puzzle}");
            assert_eq!(band.len(), 1, "{file}: {puzzle}");
        }
    }
}

/// A random puzzle: `keep` cells of the first puzzle of `hardest.txt`'s solution kept, the
/// others blank, one given changed now and then (so with 0, 1 or many solutions).
fn random_puzzle(rng: &mut Rng, solved: &[u8], keep: usize) -> Grid {
    let mut cells = vec![0u8; 81];
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &c in &order[..keep] {
        cells[c] = solved[c];
    }
    if rng.below(4) == 0 {
        let c = order[0];
        cells[c] = (cells[c] % 9) + 1;
    }
    Grid::from_cells(Shape::CLASSIC, cells).unwrap()
}

#[test]
fn random_puzzles_count_as_on_the_links_alone_and_on_two_threads() {
    let rules = Rules::classic(Shape::CLASSIC);
    let problem = matrix(&rules);
    let first = &puzzles("puzzles/sudoku/hardest.txt")[0];
    let mut solver = Solver::with_engine(&problem, Engine::Links);
    solver.force_all(&givens(first)).unwrap();
    let solved: Vec<usize> = solver.next_solution().unwrap().unwrap();
    let mut cells = vec![0u8; 81];
    for o in solved {
        cells[o / 9] = (o % 9 + 1) as u8;
    }
    let mut rng = Rng::new(38);
    let (mut none, mut one, mut many) = (0, 0, 0);
    for k in 0..60 {
        let puzzle = random_puzzle(&mut rng, &cells, 22 + k % 12);
        let given = givens(&puzzle);
        let count = |engine| {
            let mut solver = Solver::with_engine(&problem, engine);
            if solver.force_all(&given).is_err() {
                return None;
            }
            Some(solver.count(Some(5000)).unwrap().to_u64().unwrap())
        };
        let links = count(Engine::Links);
        assert_eq!(count(Engine::Band), links, "{puzzle}");
        match links {
            None | Some(0) => none += 1,
            Some(1) => one += 1,
            Some(_) => many += 1,
        }
        // The exported matrix on two threads: its tree cut and searched in parts.
        if let (Some(n), Ok(text)) = (links, to_dlx(&rules, &puzzle))
            && n < 5000
        {
            let exported: Problem = dancing::knuth::parse_str(&text).unwrap().problem;
            let stop = AtomicBool::new(false);
            let total = count_parallel_until_on(&exported, Engine::Band, 2, &stop).unwrap();
            assert_eq!(total.solutions, n, "{puzzle}");
        }
    }
    assert!(none > 0 && one > 0 && many > 0, "{none} {one} {many}");
}

#[test]
fn cover_takes_the_band_engine_on_a_shuffled_renamed_export() {
    let rules = Rules::classic(Shape::CLASSIC);
    let puzzle = &puzzles("puzzles/sudoku/hardest.txt")[1];
    let text = to_dlx(&rules, puzzle).unwrap();
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('|')).collect();
    let items: Vec<&str> = lines.remove(0).split_whitespace().collect();
    // Rename every item (keeping a map back), shuffle the items' order and the options'.
    let mut rng = Rng::new(7);
    let mut renamed: Vec<usize> = (0..items.len()).collect();
    rng.shuffle(&mut renamed);
    let name = |item: &str| {
        let k = items.iter().position(|&i| i == item).unwrap();
        format!("i{}", renamed[k])
    };
    let mut header: Vec<String> = items.iter().map(|i| name(i)).collect();
    rng.shuffle(&mut header);
    let mut options: Vec<String> = lines
        .iter()
        .map(|l| {
            let mut its: Vec<String> = l.split_whitespace().map(name).collect();
            rng.shuffle(&mut its);
            its.join(" ")
        })
        .collect();
    rng.shuffle(&mut options);
    let shuffled = format!("{}\n{}\n", header.join(" "), options.join("\n"));
    let (_dir, path) = temp_file("shuffled.dlx", &shuffled);
    // The band engine asked for by name takes it (it would refuse a matrix it does not
    // recognize), and so does `auto`, with the links' count.
    let count = |engine: &str| {
        let out = dancing()
            .args(["cover", "--count", "--engine", engine, "--jobs", "1"])
            .arg(&path)
            .assert()
            .success();
        stdout_of(&out)
    };
    assert_eq!(count("band"), count("links"));
    assert_eq!(count("auto"), count("links"));
    // The solution, mapped back through the names, solves the puzzle.
    let out = dancing()
        .args(["cover", "--engine", "band"])
        .arg(&path)
        .assert()
        .success();
    let back: std::collections::HashMap<String, &str> =
        items.iter().map(|i| (name(i), *i)).collect();
    let mut cells = puzzle.cells().to_vec();
    for option in stdout_of(&out).lines() {
        let its: Vec<&str> = option.split_whitespace().map(|i| back[i]).collect();
        let cell = its.iter().position(|i| !i.contains('#')).unwrap();
        let digit_item = its.iter().find(|i| i.contains('#')).unwrap();
        let digit = digit_item.split('#').nth(1).unwrap();
        let text = format!("{} {digit_item} x#{digit} y#{digit}", its[cell]);
        let (row, col, d) = decode_option(&text).unwrap();
        cells[row * 9 + col] = d;
    }
    let line: String = cells.iter().map(|d| char::from(b'0' + d)).collect();
    assert_solves(puzzle, &line);
}

#[test]
fn the_910776_solution_puzzle_counts_through_cover_on_its_export_as_through_sudoku() {
    let line = ".........................3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let puzzle = dancing::sudoku::read::parse_line(line).unwrap();
    let text = to_dlx(&Rules::classic(Shape::CLASSIC), &puzzle).unwrap();
    let (_dir, path) = temp_file("wide.dlx", &text);
    let out = dancing()
        .args(["cover", "--count", "--jobs", "1"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(stdout_of(&out).trim(), "910776");
    let exported = dancing::knuth::parse_str(&text).unwrap().problem;
    assert_eq!(Solver::new(&exported).engine(), Engine::Band);
}
