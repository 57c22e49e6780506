//! Sudoku benchmarks on committed data (`puzzles/sudoku/`): one group per set, first solution
//! and counting up to 2 ("is it unique?"), in puzzles per second; a set solved on one and on
//! two threads, as `dancing sudoku --jobs N` does; matrix building and the two ways of
//! applying the givens measured apart from the search.
//!
//! Run with `cargo bench --bench sudoku`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::PuzzleReader;
use dancing::sudoku::solve::{SudokuSolver, matrix};
use dancing::{Count, Problem, ProblemBuilder, Solver};

fn load(text: &str) -> Vec<Grid> {
    PuzzleReader::new(text.as_bytes())
        .map(|p| p.expect("committed puzzles are well formed").grid)
        .collect()
}

const SETS: [(&str, &str); 3] = [
    (
        "17-clue-sample1000",
        include_str!("../puzzles/sudoku/17-clue-sample1000.txt"),
    ),
    ("top1465", include_str!("../puzzles/sudoku/top1465.txt")),
    (
        "forum-hardest-1106",
        include_str!("../puzzles/sudoku/forum-hardest-1106.txt"),
    ),
];

fn solve_all(solver: &mut SudokuSolver, puzzles: &[Grid], limit: u64) -> Count {
    puzzles
        .iter()
        .map(|p| solver.solve(black_box(p), limit).expect("solvable").count)
        .sum()
}

fn sets(c: &mut Criterion) {
    for (name, text) in SETS {
        let puzzles = load(text);
        let mut group = c.benchmark_group(format!("sudoku/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut solver = SudokuSolver::new(Shape::CLASSIC);
        assert_eq!(solve_all(&mut solver, &puzzles, 2), puzzles.len() as u64);
        group.bench_function("first", |b| b.iter(|| solve_all(&mut solver, &puzzles, 1)));
        group.bench_function("count-2", |b| {
            b.iter(|| solve_all(&mut solver, &puzzles, 2))
        });
        group.finish();
    }
}

/// The reduced matrix of a puzzle: the options of the givens' cells and of every digit they
/// rule out are left out, and so are the items the givens cover.
fn reduced(puzzle: &Grid) -> Problem {
    let full = matrix(&puzzle.shape().into());
    let n = puzzle.shape().side();
    let mut covered = vec![false; full.item_count()];
    for (cell, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 {
            full.option(cell * n + usize::from(d) - 1)
                .for_each(|i| covered[i] = true);
        }
    }
    let mut index = vec![usize::MAX; full.item_count()];
    let mut kept = 0;
    for (i, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
        index[i] = kept;
        kept += 1;
    }
    let mut b = ProblemBuilder::new(kept, 0);
    for k in 0..full.option_count() {
        if full.option(k).all(|i| !covered[i]) {
            b.option(full.option(k).map(|i| index[i])).unwrap();
        }
    }
    b.build().unwrap()
}

fn building(c: &mut Criterion) {
    c.bench_function("sudoku/build-matrix", |b| {
        b.iter(|| SudokuSolver::new(black_box(Shape::CLASSIC)))
    });
    let puzzles = load(SETS[1].1);
    let mut group = c.benchmark_group("sudoku/givens");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    let mut solver = SudokuSolver::new(Shape::CLASSIC);
    group.bench_function("force-on-reused-matrix", |b| {
        b.iter(|| solve_all(&mut solver, &puzzles, 1))
    });
    group.bench_function("build-reduced-matrix", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| Solver::new(&reduced(black_box(p))).count(Some(1)).unwrap())
                .sum::<Count>()
        })
    });
    group.finish();
}

/// The 17-clue sample on a pool of 1 and of 2 threads, one solver per rayon job, as the CLI
/// solves a chunk: the ratio of the two is the parallel speed-up without reading and writing.
fn threads(c: &mut Criterion) {
    use rayon::prelude::*;
    let puzzles = load(SETS[0].1);
    let mut group = c.benchmark_group("sudoku/17-clue-sample1000/threads");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    for jobs in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .unwrap();
        group.bench_function(format!("jobs-{jobs}"), |b| {
            b.iter(|| {
                pool.install(|| {
                    puzzles
                        .par_iter()
                        .map_init(
                            || SudokuSolver::new(Shape::CLASSIC),
                            |solver, p| solver.solve(black_box(p), 1).expect("solvable").count,
                        )
                        .sum::<Count>()
                })
            })
        });
    }
    group.finish();
}

/// Making minimal 9x9 puzzles (no symmetry), 20 per iteration: a random full grid, then the
/// removal of givens with a uniqueness check each.
fn generating(c: &mut Criterion) {
    use dancing::sudoku::generate::{Generator, Symmetry, puzzle_seed};
    let mut group = c.benchmark_group("sudoku/generate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(20));
    let mut generator = Generator::new(Shape::CLASSIC, Symmetry::None);
    let mut run = 0;
    group.bench_function("minimal-9x9", |b| {
        b.iter(|| {
            run += 1;
            (0..20)
                .map(|k| generator.generate(puzzle_seed(run, k)).puzzle.givens())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("full-grid", |b| {
        let mut rng = dancing::sudoku::generate::Rng::new(1);
        b.iter(|| generator.full_grid(&mut rng))
    });
    group.finish();
}

criterion_group!(sudoku, sets, threads, building, generating);
criterion_main!(sudoku);
