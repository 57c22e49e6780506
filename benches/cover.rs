//! Exact-cover engine benchmarks: counting every solution of problems built in memory
//! (N queens, Langford pairs) and read from Knuth's format (pentomino 6x10, one quadrant),
//! on one thread and, with [`dancing::count_parallel`], on several.
//!
//! Run with `cargo bench --bench cover`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dancing::problems::{langford, queens};
use dancing::{Count, Problem, Solver};

fn count(problem: &Problem) -> Count {
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
    let langford = langford(11, true);
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
