//! Hints and ratings under every variant: on the published puzzles of `puzzles/variants`,
//! every hint is a true deduction, checked by reading candidates directly off the grid and
//! the rules' houses and cliques (not through the exact-cover view that produced it), agrees
//! with the published solution, and following the hints to the end gives that solution when
//! singles solve the puzzle; ratings are deterministic and fit the bands' definitions. The
//! same through `dancing sudoku hint` and `rate` with the variant flags.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use common::{dancing, stdout_of};
use dancing::sudoku::check::verify_under;
use dancing::sudoku::grid::{Grid, Shape, Unit};
use dancing::sudoku::hint::{self, Hint, Single, Stuck};
use dancing::sudoku::rate::{self, Band, HARD_EXTRA, MEDIUM_EXTRA};
use dancing::sudoku::read::parse_line_as;
use dancing::sudoku::rules::{Jigsaw, Rules, parse_regions};
use dancing::sudoku::solve::SudokuSolver;

fn path(relative: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(relative)
        .display()
        .to_string()
}

/// Every variant file, with its command-line flags and its rules.
fn variants() -> Vec<(&'static str, Vec<String>, Rules)> {
    let v = |name: &str| path(&format!("puzzles/variants/{name}"));
    let nine = Shape::CLASSIC;
    let six = Shape::with_boxes(2, 3).unwrap();
    let text = |name: &str| std::fs::read_to_string(v(name)).unwrap();
    let jigsaw = Jigsaw::parse(&text("jigsaw-janko-108.regions")).unwrap();
    let extra = |shape: Shape, name: &str| {
        parse_regions(&text(name))
            .unwrap()
            .into_iter()
            .try_fold(Rules::classic(shape), |r, region| r.with_region(region))
            .unwrap()
    };
    vec![
        ("x.txt", vec!["--x".into()], Rules::classic(nine).with_x()),
        (
            "hyper.txt",
            vec!["--hyper".into()],
            Rules::classic(nine).with_hyper().unwrap(),
        ),
        (
            "jigsaw-janko-108.txt",
            vec!["--jigsaw".into(), v("jigsaw-janko-108.regions")],
            Rules::classic(nine).with_jigsaw(jigsaw).unwrap(),
        ),
        (
            "anti-knight.txt",
            vec!["--anti-knight".into()],
            Rules::classic(nine).with_anti_knight(),
        ),
        (
            "anti-king-6x6.txt",
            vec!["--anti-king".into()],
            Rules::classic(six).with_anti_king(),
        ),
        (
            "extra-regions-9x9.txt",
            vec!["--extra-regions".into(), v("extra-regions-9x9.regions")],
            extra(nine, "extra-regions-9x9.regions"),
        ),
        (
            "extra-regions-6x6.txt",
            vec!["--extra-regions".into(), v("extra-regions-6x6.regions")],
            extra(six, "extra-regions-6x6.regions"),
        ),
    ]
}

/// The published `(puzzle, solution)` pairs of a variant file.
fn published(name: &str, shape: Shape) -> Vec<(String, Grid, Grid)> {
    let text = std::fs::read_to_string(path(&format!("puzzles/variants/{name}"))).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (p, s) = l.split_once(' ').unwrap();
            let puzzle = parse_line_as(shape, p).unwrap();
            let solution = parse_line_as(shape, s.trim()).unwrap();
            (p.to_owned(), puzzle, solution)
        })
        .collect()
}

/// The digits that can go in `cell` of `grid` under `rules`: none of its houses holds the
/// digit, and no cell of one of its cliques (a knight's or king's move away) does.
fn candidates(rules: &Rules, grid: &Grid, cell: usize) -> Vec<u8> {
    let n = rules.shape().side();
    let at = |c: usize| grid.get(c / n, c % n);
    let mut seen: Vec<usize> = Vec::new();
    for house in rules.houses() {
        if house.cells.contains(&cell) {
            seen.extend(&house.cells);
        }
    }
    for clique in rules.cliques() {
        if clique.cells.contains(&cell) {
            seen.extend(&clique.cells);
        }
    }
    (1..=n as u8)
        .filter(|&d| seen.iter().all(|&c| c == cell || at(c) != d))
        .collect()
}

/// Checks that `step` is a true deduction on `grid`: the cell is blank, and either it has one
/// candidate, or the digit fits no other blank cell of the house named.
fn check_hint(rules: &Rules, grid: &Grid, step: &Hint) {
    let n = rules.shape().side();
    let cell = step.row * n + step.col;
    assert_eq!(grid.get(step.row, step.col), 0, "{step}: the cell is blank");
    assert!(
        candidates(rules, grid, cell).contains(&step.digit),
        "{step}"
    );
    match step.single {
        Single::Naked => assert_eq!(candidates(rules, grid, cell), vec![step.digit], "{step}"),
        Single::Hidden { unit, index } => {
            let house = rules
                .houses()
                .into_iter()
                .find(|h| h.unit == unit && h.index == index)
                .unwrap_or_else(|| panic!("{step}: no such house"));
            let places: Vec<usize> = house
                .cells
                .iter()
                .copied()
                .filter(|&c| {
                    grid.get(c / n, c % n) == 0 && candidates(rules, grid, c).contains(&step.digit)
                })
                .collect();
            assert_eq!(places, vec![cell], "{step}");
        }
    }
}

#[test]
fn hints_under_every_variant_are_true_deductions_that_lead_to_the_published_solution() {
    let mut units = HashSet::new();
    let mut solved_by_singles = 0;
    for (name, _, rules) in variants() {
        let n = rules.shape().side();
        for (k, (_, puzzle, solution)) in published(name, rules.shape()).iter().enumerate() {
            let path = hint::solve_path_under(&rules, puzzle);
            let mut grid = puzzle.clone();
            for step in &path.steps {
                check_hint(&rules, &grid, step);
                assert_eq!(
                    solution.get(step.row, step.col),
                    step.digit,
                    "{name} #{k}: {step}"
                );
                grid.set(step.row, step.col, step.digit);
                if let Single::Hidden { unit, .. } = step.single {
                    units.insert(unit);
                }
            }
            assert_eq!(grid, path.grid);
            match &path.end {
                Stuck::Solved => {
                    assert_eq!(&grid, solution, "{name} #{k}");
                    assert_eq!(verify_under(&rules, puzzle, &grid), Ok(()));
                    solved_by_singles += 1;
                }
                Stuck::NoSingle {
                    row,
                    col,
                    candidates: named,
                } => {
                    assert_eq!(named, &candidates(&rules, &grid, row * n + col));
                    let fewest = (0..n * n)
                        .filter(|&c| grid.get(c / n, c % n) == 0)
                        .map(|c| candidates(&rules, &grid, c).len())
                        .min();
                    assert_eq!(Some(named.len()), fewest, "{name} #{k}");
                }
                Stuck::Contradiction(what) => panic!("{name} #{k}: a proper puzzle: {what}"),
                Stuck::Full => panic!("{name} #{k}: a path ends solved, not full"),
                Stuck::Conflict(c) => panic!("{name} #{k}: a proper puzzle: {c}"),
            }
        }
    }
    assert!(solved_by_singles >= 3, "{solved_by_singles}");
    // The variants' own houses make singles: diagonals, windows, jigsaw regions, extra regions.
    for unit in [Unit::Diagonal, Unit::Window, Unit::Region, Unit::Extra] {
        assert!(
            units.contains(&unit),
            "no hidden single in a {unit}: {units:?}"
        );
    }
}

#[test]
fn ratings_of_variant_puzzles_are_deterministic_and_fit_the_bands() {
    let mut bands = HashSet::new();
    for (name, _, rules) in variants() {
        let mut solver = SudokuSolver::with_rules(rules.clone());
        for (k, (_, puzzle, _)) in published(name, rules.shape()).iter().enumerate() {
            let rating = rate::rate(&mut solver, puzzle).unwrap();
            assert_eq!(
                rating,
                rate::rate(&mut solver, puzzle).unwrap(),
                "{name} #{k}"
            );
            let singles = hint::solve_path_under(&rules, puzzle).end == Stuck::Solved;
            assert_eq!(singles, rating.extra_nodes == 0, "{name} #{k}");
            let band = match rating.extra_nodes {
                0 if hint::naked_singles_solve_under(&rules, puzzle) => Band::Simple,
                0 => Band::Easy,
                e if e <= MEDIUM_EXTRA => Band::Medium,
                e if e <= HARD_EXTRA => Band::Hard,
                _ => Band::Expert,
            };
            assert_eq!(rating.band, band, "{name} #{k}");
            bands.insert(rating.band);
        }
    }
    assert!(
        bands.len() >= 3,
        "the variants span several bands: {bands:?}"
    );
}

/// Applies one line of `dancing sudoku hint --all-steps` to `grid`: `r3c4 can only be 7`,
/// `in row 5, 3 can only go in c8`, `in column 2, 3 can only go in r8`, or `in HOUSE, 3 can
/// only go in r1c5`.
fn apply(grid: &mut Grid, line: &str) {
    let number = |s: &str| s.parse::<usize>().unwrap_or_else(|_| panic!("{line}"));
    let cell = |s: &str| {
        let (r, c) = s.trim_start_matches('r').split_once('c').unwrap();
        (number(r) - 1, number(c) - 1)
    };
    if let Some((at, digit)) = line.split_once(" can only be ") {
        let (r, c) = cell(at);
        grid.set(r, c, number(digit) as u8);
        return;
    }
    let (house, rest) = line.rsplit_once(", ").unwrap();
    let (digit, at) = rest.split_once(" can only go in ").unwrap();
    let (r, c) = if let Some(row) = house.strip_prefix("in row ") {
        (number(row) - 1, number(at.trim_start_matches('c')) - 1)
    } else if let Some(col) = house.strip_prefix("in column ") {
        (number(at.trim_start_matches('r')) - 1, number(col) - 1)
    } else {
        cell(at)
    };
    grid.set(r, c, number(digit) as u8);
}

#[test]
fn the_hint_and_rate_commands_take_the_variant_flags() {
    let mut diagonal = false;
    for (name, flags, rules) in variants() {
        let file = path(&format!("puzzles/variants/{name}"));
        let mut solver = SudokuSolver::with_rules(rules.clone());
        let puzzles = published(name, rules.shape());
        let rated = stdout_of(
            &dancing()
                .args(["sudoku", "rate"])
                .args(&flags)
                .arg(&file)
                .assert()
                .success(),
        );
        let lines: Vec<&str> = rated.lines().collect();
        assert_eq!(lines.len(), puzzles.len(), "{name}");
        for ((text, puzzle, solution), line) in puzzles.iter().zip(lines) {
            let r = rate::rate(&mut solver, puzzle).unwrap();
            let labelled = format!("{} nodes={} extra_nodes={}", r.band, r.nodes, r.extra_nodes);
            assert_eq!(line, labelled);
            let steps = stdout_of(
                &dancing()
                    .args(["sudoku", "hint", "--all-steps"])
                    .args(&flags)
                    .write_stdin(format!("{text}\n"))
                    .assert()
                    .success(),
            );
            let mut grid = puzzle.clone();
            let mut lines: Vec<&str> = steps.lines().collect();
            let end = lines.pop().unwrap();
            for line in lines {
                diagonal |= line.contains("diagonal");
                apply(&mut grid, line);
            }
            if end == "solved by singles alone" {
                assert_eq!(&grid, solution, "{name}: {text}");
            } else {
                assert!(end.starts_with("no single left"), "{name}: {end}");
                let n = rules.shape().side();
                let known = (0..n * n).filter(|&c| grid.get(c / n, c % n) != 0);
                assert!(
                    known
                        .into_iter()
                        .all(|c| { grid.get(c / n, c % n) == solution.get(c / n, c % n) })
                );
            }
        }
    }
    assert!(diagonal, "an X-Sudoku hint names a diagonal");
}

#[test]
fn a_variant_that_does_not_fit_the_puzzle_is_an_error_not_a_hint() {
    // Windows need square boxes: a 6x6 puzzle under --hyper.
    let six = "4......3..1.....6.62..5.......3....1";
    let assert = dancing()
        .args(["sudoku", "hint", "--hyper"])
        .write_stdin(format!("{six}\n"))
        .assert()
        .failure();
    assert!(common::stderr_of(&assert).contains("square boxes"));
}
