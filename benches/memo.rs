//! Counting by memo ([`dancing::memo`]): domino tilings of square boards, counted and made
//! into the diagram of all solutions, beside the search's count of the smallest board; the
//! same boards as xcover's `covers_zdd` in `docs/performance.md`.
//!
//! Run with `cargo bench --bench memo`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dancing::memo::{Memo, MemoConfig};
use dancing::{Count, Problem, ProblemBuilder, Solver};

/// The domino tilings of an n x n board: a primary item per cell (in row order), an option
/// per pair of neighbouring cells.
fn dominoes(n: usize) -> Problem {
    let mut b = ProblemBuilder::new(n * n, 0);
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                b.option([r * n + c, r * n + c + 1]).unwrap();
            }
            if r + 1 < n {
                b.option([r * n + c, (r + 1) * n + c]).unwrap();
            }
        }
    }
    b.build().unwrap()
}

fn count(problem: &Problem) -> Count {
    Memo::new(problem, MemoConfig::default()).unwrap().count()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("memo/dominoes");
    group.sample_size(10);
    let eight = dominoes(8);
    assert_eq!(count(&eight), 12_988_816);
    group.bench_function("8x8 search", |b| {
        b.iter(|| Solver::new(black_box(&eight)).count(None).unwrap())
    });
    for n in [8, 12, 16] {
        let problem = dominoes(n);
        group.bench_function(format!("{n}x{n} count"), |b| {
            b.iter(|| count(black_box(&problem)))
        });
    }
    for n in [8, 12] {
        let problem = dominoes(n);
        group.bench_function(format!("{n}x{n} zdd"), |b| {
            b.iter(|| {
                let mut memo = Memo::new(black_box(&problem), MemoConfig::default()).unwrap();
                memo.zdd()
                    .expect("a diagram within the default bound")
                    .nodes()
                    .len()
            })
        });
    }
    group.finish();
}

criterion_group!(memo, benches);
criterion_main!(memo);
