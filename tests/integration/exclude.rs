//! Excluding options before the search (`Solver::exclude`), on every engine: on random
//! problems (plain, with colors, with multiplicities), after a random sequence of forced and
//! excluded options, every engine that takes the problem answers each call alike and finds
//! exactly the solutions of the problem rebuilt without the excluded options that contain the
//! forced ones; the links, the bits and a search moved from one to the other midway find them
//! in the same order with the same statistics; a reset brings the options back.

use crate::common;

use std::collections::BTreeSet;

use dancing::{Engine, ForceError, Problem, ProblemBuilder, Solver, Stats};
use proptest::prelude::*;

/// One call before the search: force or exclude an option (an index up to one past the last
/// option, so that calls on no option are tried too).
#[derive(Clone, Copy, Debug)]
enum Call {
    Force(usize),
    Exclude(usize),
}

impl Call {
    /// Makes the call on `solver`.
    fn apply(self, solver: &mut Solver) -> Result<(), ForceError> {
        match self {
            Call::Force(k) => solver.force(k),
            Call::Exclude(k) => solver.exclude(k),
        }
    }
}

fn calls(options: usize) -> impl Strategy<Value = Vec<Call>> {
    let call = prop_oneof![
        (0..=options).prop_map(Call::Force),
        (0..=options).prop_map(Call::Exclude),
    ];
    proptest::collection::vec(call, 0..8)
}

/// `problem` without the options that `keep` refuses (colors and bounds kept), and the index
/// in `problem` of each option it keeps.
fn without(problem: &Problem, keep: impl Fn(usize) -> bool) -> (Problem, Vec<usize>) {
    let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    for i in 0..problem.primary_items() {
        if let Some((lower, upper)) = problem.bounds(i) {
            b.bounds(i, lower, upper).unwrap();
        }
    }
    let mut index = Vec::new();
    for k in (0..problem.option_count()).filter(|&k| keep(k)) {
        b.colored_option(problem.option(k).zip(problem.option_colors(k)))
            .unwrap();
        index.push(k);
    }
    (b.build().unwrap(), index)
}

/// What a solver does with `calls`: the result of each call, then every solution in order
/// with the statistics there, and the final statistics; the invariants are checked.
type Run = (Vec<Result<(), ForceError>>, Vec<(Vec<usize>, Stats)>, Stats);

fn run(mut solver: Solver, calls: &[Call]) -> Run {
    let results = calls.iter().map(|call| call.apply(&mut solver)).collect();
    solver.check_invariants().unwrap();
    let mut found = Vec::new();
    while let Some(solution) = solver.next_solution().unwrap() {
        solver.check_invariants().unwrap();
        found.push((solution, solver.stats()));
    }
    (results, found, solver.stats())
}

/// The solutions of a run as sets of options, sorted.
fn solution_sets(run: &Run) -> BTreeSet<Vec<usize>> {
    run.1
        .iter()
        .map(|(s, _)| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect()
}

/// Checks every engine on `problem` and `calls` (see the module docs).
fn assert_exclusions(problem: &Problem, calls: &[Call]) -> Result<(), TestCaseError> {
    let links = run(Solver::with_engine(problem, Engine::Links), calls);
    // The reference: the problem without the options excluded, forcing those forced.
    let succeeded = |wanted: fn(Call) -> Option<usize>| {
        let done = calls
            .iter()
            .zip(&links.0)
            .filter(|(_, result)| result.is_ok());
        done.filter_map(move |(&call, _)| wanted(call))
    };
    let excluded: BTreeSet<usize> = succeeded(|call| match call {
        Call::Exclude(k) => Some(k),
        Call::Force(_) => None,
    })
    .collect();
    let forced: Vec<usize> = succeeded(|call| match call {
        Call::Force(k) => Some(k),
        Call::Exclude(_) => None,
    })
    .collect();
    for (&call, result) in calls.iter().zip(&links.0) {
        if let (Call::Exclude(k), Err(e)) = (call, result) {
            let expected = if forced.contains(&k) {
                ForceError::Forced { option: k }
            } else {
                ForceError::NotInSearch { option: k }
            };
            prop_assert_eq!(*e, expected);
        }
    }
    let (rest, index) = without(problem, |k| !excluded.contains(&k));
    let mut reference = Solver::with_engine(&rest, Engine::Links);
    for &k in &forced {
        let at = index
            .binary_search(&k)
            .expect("a forced option is not excluded");
        reference.force(at).unwrap();
    }
    let mut expected = BTreeSet::new();
    while let Some(solution) = reference.next_solution().unwrap() {
        let mut s: Vec<usize> = solution.into_iter().map(|k| index[k]).collect();
        s.sort_unstable();
        expected.insert(s);
    }
    prop_assert_eq!(&solution_sets(&links), &expected);
    // Every engine that takes the problem: the same answers and solutions; the bits and a
    // search moved to the links midway, the same order and statistics as the links.
    for engine in [Engine::Bits, Engine::Propagate, Engine::Auto] {
        let solver = Solver::with_engine(problem, engine);
        if engine != Engine::Auto && solver.engine() != engine {
            continue;
        }
        let other = run(solver, calls);
        prop_assert_eq!(&other.0, &links.0, "{:?}", engine);
        prop_assert_eq!(&solution_sets(&other), &expected, "{:?}", engine);
        if engine == Engine::Bits {
            prop_assert_eq!(&other, &links);
        }
    }
    if Solver::with_engine(problem, Engine::Bits).engine() == Engine::Bits {
        for at in [0, 1, 3] {
            let moved = run(Solver::with_probe(problem, at, 0.0), calls);
            prop_assert_eq!(&moved, &links, "moved at {}", at);
        }
    }
    // A reset brings every excluded option back.
    let mut solver = Solver::with_engine(problem, Engine::Links);
    for call in calls {
        let _ = call.apply(&mut solver);
    }
    solver.reset();
    solver.check_invariants().unwrap();
    prop_assert_eq!(
        solver.count(None).unwrap(),
        Solver::with_engine(problem, Engine::Links)
            .count(None)
            .unwrap()
    );
    Ok(())
}

/// Random problems whose primary items have random bounds (multiplicities), so that the
/// links run DLX3.
fn random_bounded_problem() -> impl Strategy<Value = Problem> {
    (
        common::random_colored_problem(1..5, 0..3, 0..30),
        proptest::collection::vec((0u32..2, 1u32..3), 5),
    )
        .prop_map(|(problem, bounds)| {
            let (mut b, n) = (
                ProblemBuilder::new(problem.primary_items(), problem.secondary_items()),
                problem.option_count(),
            );
            for (i, &(lower, extra)) in bounds.iter().take(problem.primary_items()).enumerate() {
                b.bounds(i, lower, lower + extra).unwrap();
            }
            for k in 0..n {
                b.colored_option(problem.option(k).zip(problem.option_colors(k)))
                    .unwrap();
            }
            b.build().unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn excluded_options_leave_every_engine_the_problem_without_them(
        (problem, calls) in common::random_colored_problem(1..7, 0..4, 0..60)
            .prop_flat_map(|p| {
                let n = p.option_count();
                (Just(p), calls(n))
            })
    ) {
        assert_exclusions(&problem, &calls)?;
    }

    #[test]
    fn excluded_options_leave_dlx3_the_problem_without_them(
        (problem, calls) in random_bounded_problem().prop_flat_map(|p| {
            let n = p.option_count();
            (Just(p), calls(n))
        })
    ) {
        assert_exclusions(&problem, &calls)?;
    }
}

#[test]
fn an_excluded_option_cannot_be_forced_nor_a_forced_one_excluded() {
    // Items 0 and 1; options {0, 1}, {0}, {1}.
    let mut b = ProblemBuilder::new(2, 0);
    b.option([0, 1]).unwrap();
    b.option([0]).unwrap();
    b.option([1]).unwrap();
    let problem = b.build().unwrap();
    for engine in [Engine::Links, Engine::Bits, Engine::Propagate, Engine::Auto] {
        let mut solver = Solver::with_engine(&problem, engine);
        solver.exclude(0).unwrap();
        assert_eq!(solver.force(0), Err(ForceError::Conflict { option: 0 }));
        solver.force(1).unwrap();
        assert_eq!(solver.exclude(1), Err(ForceError::Forced { option: 1 }));
        // Option 0 conflicts with the forced one and is out already: nothing to do.
        assert_eq!(solver.exclude(0), Ok(()));
        assert_eq!(
            solver.exclude(3),
            Err(ForceError::NotInSearch { option: 3 })
        );
        assert_eq!(solver.next_solution().unwrap(), Some(vec![1, 2]));
        assert_eq!(solver.exclude(2), Err(ForceError::SearchStarted));
        solver.reset();
        assert_eq!(solver.count(None).unwrap(), 2, "{engine:?}");
    }
}
