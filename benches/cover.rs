//! Exact-cover engine benchmarks: counting every solution of problems built in memory
//! (N queens, Langford pairs) and read from Knuth's format (pentomino 6x10, one quadrant),
//! on one thread and, with [`dancing::count_parallel`], on several.
//!
//! Run with `cargo bench --bench cover`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dancing::{Problem, ProblemBuilder, Solver};

/// N queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let diagonals = 2 * n - 1;
    let mut b = ProblemBuilder::new(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            b.option([r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 + r - c)])
                .unwrap();
        }
    }
    b.build().unwrap()
}

/// Langford pairs L(2, n), one of each mirror pair (value 1 starts in the first half), as in
/// `langford-N-half.dlx`: items are the values 1..=n, then the 2n slots.
fn langford_half(n: usize) -> Problem {
    let mut b = ProblemBuilder::new(3 * n, 0);
    for value in 1..=n {
        let last_start = if value == 1 { n - 1 } else { 2 * n - value - 1 };
        for start in 1..=last_start {
            b.option([value - 1, n + start - 1, n + start + value])
                .unwrap();
        }
    }
    b.build().unwrap()
}

fn count(problem: &Problem) -> u64 {
    Solver::new(problem).count(None).unwrap()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("cover/count");
    group.sample_size(10);
    for (n, expected) in [(10, 724), (11, 2680), (12, 14200)] {
        let problem = queens(n);
        assert_eq!(count(&problem), expected, "{n} queens");
        group.bench_function(format!("nqueens-{n}"), |b| {
            b.iter(|| count(black_box(&problem)))
        });
    }
    let langford = langford_half(11);
    assert_eq!(count(&langford), 17792, "langford-11-half");
    group.bench_function("langford-11-half", |b| {
        b.iter(|| count(black_box(&langford)))
    });
    let pentomino = dancing::knuth::parse(include_bytes!(
        "../puzzles/exact-cover/pentomino-6x10-xq.dlx"
    ))
    .unwrap()
    .problem;
    group.bench_function("pentomino-6x10-xq", |b| {
        b.iter(|| count(black_box(&pentomino)))
    });
    group.finish();

    let mut group = c.benchmark_group("cover/count-parallel");
    group.sample_size(10);
    let queens = queens(12);
    for jobs in [1, 2] {
        group.bench_function(format!("nqueens-12/jobs-{jobs}"), |b| {
            b.iter(|| dancing::count_parallel(black_box(&queens), jobs).solutions)
        });
        group.bench_function(format!("pentomino-6x10-xq/jobs-{jobs}"), |b| {
            b.iter(|| dancing::count_parallel(black_box(&pentomino), jobs).solutions)
        });
    }
    group.finish();
}

criterion_group!(cover, benches);
criterion_main!(cover);
