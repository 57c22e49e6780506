//! Tests of the bit engine's search loop: whole searches traced step by step, with the
//! invariants checked at each step, against DLX2 and across the portable and AVX2 scans.

use super::*;
use crate::engine::Search;
use crate::search::Stats;

/// Every step of a whole search, with the solution and the statistics after each step,
/// on the scan `avx2` says.
fn trace(problem: &Problem, avx2: bool) -> Vec<(Step, Vec<usize>, Stats)> {
    let mut bits = Bits::new(problem);
    bits.avx2 = avx2;
    steps(bits)
}

/// Every step of a whole search by `engine`, pausing every 97 nodes, with the solution
/// and the statistics after each step and the invariants checked there.
fn steps<S: Search>(mut engine: S) -> Vec<(Step, Vec<usize>, Stats)> {
    engine.counters_mut().set_pause_every(Some(97));
    let mut steps = Vec::new();
    let mut solution = Vec::new();
    loop {
        let step = engine.search(usize::MAX).expect("no cut");
        engine.solution(&mut solution);
        steps.push((step, solution.clone(), engine.stats()));
        engine.check().unwrap();
        if step == Step::Exhausted {
            return steps;
        }
    }
}

/// The instances of `puzzles/exact-cover/` with both shapes of the inner loop: uniform
/// (queens, Langford pairs, pentominoes) and not (slack options, Sudoku's givens).
fn problems() -> Vec<(&'static str, Problem)> {
    [
        (
            "nqueens-8",
            include_str!("../../../puzzles/exact-cover/nqueens-8.dlx"),
        ),
        (
            "nqueens-6-primary",
            include_str!("../../../puzzles/exact-cover/nqueens-6-primary.dlx"),
        ),
        (
            "langford-7",
            include_str!("../../../puzzles/exact-cover/langford-7.dlx"),
        ),
        (
            "pentomino-3x20",
            include_str!("../../../puzzles/exact-cover/pentomino-3x20.dlx"),
        ),
        (
            "sudoku-hard",
            include_str!("../../../puzzles/exact-cover/sudoku-hard.dlx"),
        ),
    ]
    .into_iter()
    .map(|(name, text)| (name, crate::knuth::parse_str(text).unwrap().problem))
    .collect()
}

/// A colored problem with every kind of mention: the DLX2 example of
/// [`crate::engine::colored`] plus options that name its secondary items without a color,
/// and a de Bruijn-like chain where each option colors a window of secondary items.
fn colored_problems() -> Vec<(&'static str, Problem)> {
    let example = crate::engine::colored::tests::dlx2_example_problem();
    let mut b = crate::ProblemBuilder::new(6, 6);
    for k in 0..6usize {
        for bits in 0..4u32 {
            let window = (0..3).map(|t| (6 + (k + t) % 6, Some(bits >> (t % 2) & 1)));
            b.colored_option(std::iter::once((k, None)).chain(window))
                .unwrap();
        }
        b.colored_option([(k, None), (6 + k, None)]).unwrap();
    }
    vec![("dlx2-example", example), ("windows", b.build().unwrap())]
}

#[test]
fn colored_problems_keep_the_invariants_and_equal_dlx2() {
    for (name, problem) in colored_problems() {
        let bits = trace(&problem, false);
        if scan::has_avx2_popcnt() {
            assert_eq!(bits, trace(&problem, true), "{name}");
        }
        let links = steps(crate::engine::dlx2::Dlx2::new(&problem));
        assert_eq!(bits, links, "{name}");
        let last = bits.last().unwrap().2;
        assert!(
            last.solutions > 0 && last.cleansings > 0,
            "{name}: {last:?}"
        );
    }
}

#[test]
fn the_portable_and_the_avx2_scans_search_the_same_tree() {
    let problems = problems();
    assert!(
        problems
            .iter()
            .any(|(_, p)| Table::new(p).uniform.is_some())
    );
    assert!(
        problems
            .iter()
            .any(|(_, p)| Table::new(p).uniform.is_none())
    );
    for (name, problem) in &problems {
        let portable = trace(problem, false);
        let last = portable.last().unwrap().2;
        assert!(last.solutions > 0 && last.nodes > last.solutions, "{name}");
        if scan::has_avx2() {
            assert_eq!(portable, trace(problem, true), "{name}");
        }
    }
}
