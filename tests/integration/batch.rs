//! `dancing::batch::Pipeline` through the library: results in input order across chunk
//! boundaries whatever the number of threads, one state per worker kept from chunk to chunk,
//! bounded read-ahead, stopping on a prefix, and errors of the consumer.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dancing::batch::{End, Pipeline};
use dancing::sudoku::grid::Shape;
use dancing::sudoku::read::parse_line;
use dancing::sudoku::solve::SudokuSolver;

/// A slow-ish function of the item, so that threads really share the work: the item's
/// `rounds` steps of xorshift.
fn hash(x: u64, rounds: u64) -> u64 {
    let mut h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..rounds {
        h ^= h << 13;
        h ^= h >> 7;
        h ^= h << 17;
    }
    h
}

/// Runs the pipeline over `0..n` with `jobs` threads and chunks of `chunk`; returns the
/// results in the order consumed.
fn run(n: u64, jobs: usize, chunk: usize) -> Vec<u64> {
    let mut pipeline = Pipeline::new(jobs, || ()).with_chunk(chunk);
    let mut out = Vec::new();
    let end = pipeline
        .run(
            0..n,
            |_, x| hash(x, x % 64),
            |h| {
                out.push(h);
                Ok::<(), ()>(())
            },
            || false,
        )
        .unwrap();
    assert_eq!(end, End::Exhausted);
    out
}

#[test]
fn results_come_in_input_order_across_chunks_whatever_the_threads() {
    let expected: Vec<u64> = (0..10_001).map(|x| hash(x, x % 64)).collect();
    for jobs in [1, 2, 3, 8] {
        for chunk in [1, 7, 4096] {
            assert_eq!(
                run(10_001, jobs, chunk),
                expected,
                "{jobs} jobs, chunk {chunk}"
            );
        }
    }
    assert!(run(0, 2, 7).is_empty());
}

#[test]
fn each_worker_builds_its_state_once_and_keeps_it_across_chunks_and_runs() {
    let built = AtomicUsize::new(0);
    let mut pipeline = Pipeline::new(2, || {
        built.fetch_add(1, Ordering::Relaxed);
        Vec::<u64>::new()
    })
    .with_chunk(50);
    let mut total = 0u64;
    for _ in 0..3 {
        pipeline
            .run(
                0..1000u64,
                |seen, x| {
                    seen.push(x);
                    seen.len() as u64
                },
                |n| {
                    total += n;
                    Ok::<(), ()>(())
                },
                || false,
            )
            .unwrap();
    }
    // At most one state per worker, plus one on the calling thread for a chunk of one item
    // (there is none here).
    let built = built.load(Ordering::Relaxed);
    assert!((1..=2).contains(&built), "{built} states for 2 workers");
    // The states kept what earlier items and runs left in them.
    assert!(total > 3 * 1000, "{total}");
}

#[test]
fn one_job_or_a_single_item_maps_on_the_calling_thread() {
    let caller = std::thread::current().id();
    for (jobs, n) in [(1, 100u64), (4, 1)] {
        let threads = Mutex::new(HashSet::new());
        let mut pipeline = Pipeline::new(jobs, || ());
        pipeline
            .run(
                0..n,
                |_, x| {
                    threads.lock().unwrap().insert(std::thread::current().id());
                    x
                },
                |_| Ok::<(), ()>(()),
                || false,
            )
            .unwrap();
        assert_eq!(
            *threads.lock().unwrap(),
            HashSet::from([caller]),
            "{jobs} {n}"
        );
    }
}

#[test]
fn the_input_is_read_at_most_two_chunks_ahead_of_the_output() {
    let read = AtomicUsize::new(0);
    let chunk = 10;
    let mut pipeline = Pipeline::new(2, || ()).with_chunk(chunk);
    let mut consumed = 0usize;
    let mut ahead = 0usize;
    pipeline
        .run(
            (0..1000u64).inspect(|_| {
                read.fetch_add(1, Ordering::Relaxed);
            }),
            |_, x| x,
            |_| {
                consumed += 1;
                ahead = ahead.max(read.load(Ordering::Relaxed) - consumed);
                Ok::<(), ()>(())
            },
            || false,
        )
        .unwrap();
    assert_eq!(consumed, 1000);
    // Being consumed: one chunk; being mapped: one; being read: one.
    assert!(ahead < 3 * chunk, "read {ahead} items ahead");
}

#[test]
fn with_one_job_each_item_is_consumed_before_the_next_is_read() {
    let read = AtomicUsize::new(0);
    let mut pipeline = Pipeline::new(1, || ()).with_chunk(10);
    let mut consumed = 0usize;
    pipeline
        .run(
            (0..100u64).inspect(|_| {
                read.fetch_add(1, Ordering::Relaxed);
            }),
            |_, x| x,
            |x| {
                assert_eq!(x as usize, consumed);
                consumed += 1;
                assert_eq!(read.load(Ordering::Relaxed), consumed, "read ahead");
                Ok::<(), ()>(())
            },
            || false,
        )
        .unwrap();
    assert_eq!(consumed, 100);
}

#[test]
fn a_stop_ends_the_run_on_a_prefix_of_the_input() {
    for jobs in [1, 2] {
        let mut pipeline = Pipeline::new(jobs, || ()).with_chunk(16);
        let mut out = Vec::new();
        let asked = AtomicUsize::new(0);
        let end = pipeline
            .run(
                0..10_000u64,
                |_, x| x,
                |x| {
                    out.push(x);
                    Ok::<(), ()>(())
                },
                || asked.fetch_add(1, Ordering::Relaxed) >= 5,
            )
            .unwrap();
        assert_eq!(end, End::Stopped, "{jobs} jobs");
        assert!(!out.is_empty() && out.len() < 10_000, "{}", out.len());
        assert!(out.iter().copied().eq(0..out.len() as u64), "a prefix");
    }
}

#[test]
fn an_error_of_the_consumer_ends_the_run_and_is_returned() {
    for jobs in [1, 2] {
        let mut pipeline = Pipeline::new(jobs, || ()).with_chunk(8);
        let mut consumed = 0;
        let result = pipeline.run(
            0..1000u64,
            |_, x| x,
            |x| {
                consumed += 1;
                if x == 20 { Err(x) } else { Ok(()) }
            },
            || false,
        );
        assert_eq!(result, Err(20));
        assert_eq!(consumed, 21, "{jobs} jobs");
    }
}

#[test]
fn sudoku_solvers_as_worker_states_solve_every_puzzle_in_order() {
    let text = std::fs::read_to_string("puzzles/sudoku/17-clue-first50.txt").unwrap();
    let expected = std::fs::read_to_string("puzzles/sudoku/17-clue-first50.solutions.txt").unwrap();
    let mut pipeline = Pipeline::new(2, || SudokuSolver::new(Shape::CLASSIC)).with_chunk(8);
    let mut lines = Vec::new();
    pipeline
        .run(
            text.lines(),
            |solver, line| {
                let puzzle = parse_line(line).unwrap();
                solver.solve(&puzzle, 2).unwrap().grid.to_line()
            },
            |line| {
                lines.push(line);
                Ok::<(), ()>(())
            },
            || false,
        )
        .unwrap();
    assert_eq!(lines, expected.lines().collect::<Vec<_>>());
}
