//! Algorithms C and M against a brute-force oracle: random small problems with colors (XCC)
//! and with multiplicities (MCC, colors too), whose solutions are found by trying every
//! subset of the options. The solver must report exactly the oracle's solutions, each once,
//! on every engine it can be asked for, with a parallel count equal to one thread's.

use std::collections::BTreeSet;

use dancing::{Engine, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

/// A random problem, as plain data: primary and secondary item counts, the bounds of each
/// primary item, and options as lists of `(item, color)`.
#[derive(Clone, Debug)]
struct Spec {
    primary: usize,
    secondary: usize,
    bounds: Vec<(u32, u32)>,
    options: Vec<Vec<(usize, Option<u32>)>>,
}

impl Spec {
    fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new(self.primary, self.secondary);
        for (i, &(u, v)) in self.bounds.iter().enumerate() {
            b.bounds(i, u, v).unwrap();
        }
        for option in &self.options {
            b.colored_option(option.iter().copied()).unwrap();
        }
        b.build().unwrap()
    }

    /// Whether the options of `chosen` form a solution, by the definitions alone: each
    /// primary item covered within its bounds, and each secondary item named by at most one
    /// option, or by options that all give it the same color. An option without a primary
    /// item is never chosen (Knuth's programs never reach it).
    fn is_solution(&self, chosen: &[usize]) -> bool {
        let mut covered = vec![0u32; self.primary];
        let mut named: Vec<Vec<Option<u32>>> = vec![Vec::new(); self.secondary];
        for &k in chosen {
            if self.options[k].iter().all(|&(i, _)| i >= self.primary) {
                return false;
            }
            for &(i, color) in &self.options[k] {
                if i < self.primary {
                    covered[i] += 1;
                } else {
                    named[i - self.primary].push(color);
                }
            }
        }
        let bounds_hold = covered
            .iter()
            .zip(&self.bounds)
            .all(|(&n, &(u, v))| u <= n && n <= v);
        let colors_agree = named
            .iter()
            .all(|c| c.len() <= 1 || (c[0].is_some() && c.iter().all(|x| *x == c[0])));
        bounds_hold && colors_agree
    }

    /// Every solution, by trying every subset of the options.
    fn oracle(&self) -> BTreeSet<Vec<usize>> {
        let n = self.options.len();
        (0u32..1 << n)
            .map(|mask| (0..n).filter(|&k| mask >> k & 1 == 1).collect::<Vec<_>>())
            .filter(|chosen| self.is_solution(chosen))
            .collect()
    }
}

/// Options over `items` items, of which the first `primary` are primary: each a nonempty set
/// of items, the secondary ones with no color or one of `colors`.
fn options(
    primary: usize,
    items: usize,
    colors: u32,
) -> impl Strategy<Value = Vec<Vec<(usize, Option<u32>)>>> {
    let mention = (0..items, prop::option::weighted(0.7, 0..colors));
    let option = prop::collection::vec(mention, 1..=4).prop_map(move |mentions| {
        let mut seen = BTreeSet::new();
        mentions
            .into_iter()
            .filter(|&(i, _)| seen.insert(i))
            .map(|(i, c)| (i, if i < primary { None } else { c }))
            .collect::<Vec<_>>()
    });
    prop::collection::vec(option, 0..=10)
}

/// A problem with colors and every primary item covered exactly once.
fn colored() -> impl Strategy<Value = Spec> {
    (1usize..=4, 0usize..=4).prop_flat_map(|(primary, secondary)| {
        options(primary, primary + secondary, 3).prop_map(move |options| Spec {
            primary,
            secondary,
            bounds: vec![(1, 1); primary],
            options,
        })
    })
}

/// A problem with multiplicities (bounds `u..=v`, `0 <= u <= v`, `1 <= v <= 3`), and colors.
fn multiplicities() -> impl Strategy<Value = Spec> {
    (1usize..=4, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let bound = (0u32..=3, 1u32..=3).prop_map(|(u, v)| (u.min(v), v));
        (
            prop::collection::vec(bound, primary),
            options(primary, primary + secondary, 2),
        )
            .prop_map(move |(bounds, options)| Spec {
                primary,
                secondary,
                bounds,
                options,
            })
    })
}

/// Checks the solver's solutions on every engine against the oracle's, and the parallel
/// count's statistics against one thread's.
fn agrees_with_the_oracle(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = spec.oracle();
    for engine in [Engine::Auto, Engine::Links, Engine::Bits, Engine::Mcc] {
        let mut solver = Solver::with_engine(&problem, engine);
        let mut found = BTreeSet::new();
        for solution in solver.solutions() {
            let mut solution = solution.unwrap();
            solution.sort_unstable();
            prop_assert!(spec.is_solution(&solution), "{solution:?} is no solution");
            prop_assert!(found.insert(solution.clone()), "{solution:?} twice");
        }
        solver.check_invariants().unwrap();
        prop_assert_eq!(&found, &expected, "{:?}", engine);
        let mut one = Solver::with_engine(&problem, engine);
        one.count(None).unwrap();
        let stop = std::sync::atomic::AtomicBool::new(false);
        prop_assert_eq!(
            dancing::parallel::count_parallel_until_on(&problem, engine, 2, &stop).unwrap(),
            dancing::Total::from(one.stats()),
            "{:?}",
            engine
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn colored_problems_have_the_oracle_s_solutions(spec in colored()) {
        agrees_with_the_oracle(&spec)?;
    }

    #[test]
    fn multiplicity_problems_have_the_oracle_s_solutions(spec in multiplicities()) {
        agrees_with_the_oracle(&spec)?;
    }
}
