//! The tests of splitting a search into subtrees and of moving it to the links, which must
//! change nothing but the time.

use super::*;
use crate::ProblemBuilder;
use proptest::prelude::*;

/// What a split at `depth` and the search of each subtree find: the subtrees, the
/// statistics above the cut, and each subtree's count and statistics.
type Cut = (Vec<Vec<usize>>, Stats, Vec<(u64, Stats)>);

fn split_and_descend(pristine: &Solver, depth: usize) -> Cut {
    let mut above = pristine.clone();
    let subtrees = above
        .split(depth, |_| ControlFlow::Continue(()))
        .expect("never stopped");
    let below = subtrees
        .iter()
        .map(|choices| {
            let mut solver = pristine.clone();
            for &option in choices {
                solver.descend(option);
            }
            let count = solver.count(None).unwrap().to_u64().unwrap();
            solver.check_invariants().unwrap();
            (count, solver.stats())
        })
        .collect();
    (subtrees, above.stats(), below)
}

fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..9, 0usize..3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        proptest::collection::vec(proptest::collection::btree_set(0..items, 1..=3), 0..60).prop_map(
            move |options| {
                let mut b = ProblemBuilder::new(primary, secondary);
                for option in options {
                    b.option(option).unwrap();
                }
                b.build().unwrap()
            },
        )
    })
}

/// Random problems whose secondary items take one of two colors, or none.
fn random_colored_problem() -> impl Strategy<Value = Problem> {
    (1usize..7, 1usize..4).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_map(0..items, 0u32..3, 1..=4);
        proptest::collection::vec(option, 0..60).prop_map(move |options| {
            let mut b = ProblemBuilder::new(primary, secondary);
            for option in options {
                let mentions = option
                    .into_iter()
                    .map(|(i, c)| (i, Some(c).filter(|&c| c < 2 && i >= primary)));
                b.colored_option(mentions).unwrap();
            }
            b.build().unwrap()
        })
    })
}

/// A solver on `engine`, which must be the one that runs.
fn on(problem: &Problem, engine: Engine) -> Solver {
    let solver = Solver::with_engine(problem, engine);
    assert_eq!(solver.engine(), engine);
    solver
}

/// Both engines split `problem` at `depth` into the same subtrees with the same
/// statistics, which add up to a whole search's; and so does a solver that moves each
/// search (above the cut and below it) from the bits to the links after `at` nodes.
fn assert_split_alike(problem: &Problem, depth: usize, at: u64) -> Result<(), TestCaseError> {
    let links = split_and_descend(&on(problem, Engine::Links), depth);
    let bits = split_and_descend(&on(problem, Engine::Bits), depth);
    prop_assert_eq!(&links, &bits);
    let switched = split_and_descend(&Solver::with_probe(problem, at, 0.0), depth);
    prop_assert_eq!(&links, &switched, "switch at {}", at);
    let mut whole = Solver::with_engine(problem, Engine::Links);
    whole.count(None).unwrap();
    let parts = links.1 + links.2.iter().map(|(_, s)| *s).sum::<Stats>();
    prop_assert_eq!(parts, whole.stats());
    Ok(())
}

proptest! {
    #[test]
    fn both_engines_split_and_descend_alike_with_colors(
        problem in random_colored_problem(),
        depth in 1usize..4,
        at in 0u64..40,
    ) {
        assert_split_alike(&problem, depth, at)?;
    }

    #[test]
    fn both_engines_split_and_descend_alike(
        problem in random_problem(),
        depth in 1usize..4,
        at in 0u64..40,
    ) {
        assert_split_alike(&problem, depth, at)?;
    }
}

/// A split moved to the links and the subtrees of a real problem, each moved after a
/// few nodes (those below the cut are deeper than the levels descended), count what the
/// links count.
#[test]
fn descended_searches_moved_to_the_links_keep_their_floor() {
    let problem = crate::problems::queens(9);
    let links = split_and_descend(&on(&problem, Engine::Links), 2);
    assert!(links.0.len() > 10 && links.2.iter().any(|(_, s)| s.nodes > 20));
    for at in [0, 1, 2, 5, 20] {
        let switched = split_and_descend(&Solver::with_probe(&problem, at, 0.0), 2);
        assert_eq!(switched, links, "switch at {at}");
    }
}

/// The count of `count_parallel`, cut by [`crate::parallel::Cut`] and searched subtree
/// by subtree on one solver reset before each (as each of its threads does), with every
/// search moved to the links after `at` nodes: the links' count and statistics.
#[test]
fn a_count_in_subtrees_moved_to_the_links_is_the_count_on_the_links() {
    use crate::parallel::{Cut, SUBTREES_PER_JOB, Total, count_subtree};
    use std::sync::atomic::AtomicBool;
    let stop = AtomicBool::new(false);
    let problem = crate::problems::queens(10);
    let whole = {
        let mut links = on(&problem, Engine::Links);
        links.count(None).unwrap();
        Total::from(links.stats())
    };
    assert_eq!(whole.solutions, 724);
    for at in [0, 1, 3, 50] {
        let pristine = Solver::with_probe(&problem, at, 0.0);
        let cut = Cut::first_with(&pristine, 2 * SUBTREES_PER_JOB, &stop).unwrap();
        assert!(!cut.subtrees.is_empty());
        let mut solver = pristine.clone();
        let mut total = cut.above;
        for choices in &cut.subtrees {
            total += count_subtree(&mut solver, choices, &stop, None)
                .unwrap()
                .into();
            solver.check_invariants().unwrap();
        }
        assert_eq!(total, whole, "switch at {at}");
    }
}

/// After a search moved to the links, `reset_from` (as the Sudoku layer resets between
/// puzzles) brings back the bits in the state of the pristine solver, and the next
/// search moves again.
#[test]
fn resetting_from_a_pristine_solver_brings_back_the_bits() {
    let problem = crate::problems::queens(8);
    let pristine = Solver::with_probe(&problem, 10, 0.0);
    let mut solver = pristine.clone();
    let mut links = on(&problem, Engine::Links);
    assert_eq!(links.count(None).unwrap(), 92);
    for _ in 0..3 {
        assert_eq!(solver.count(None).unwrap(), 92);
        assert_eq!(solver.stats(), links.stats());
        assert_eq!(solver.engine(), Engine::Links);
        solver.reset_from(&pristine);
        assert_eq!(solver.engine(), Engine::Bits);
        assert!(solver.same_state(&pristine));
        assert_eq!(solver.stats(), Stats::default());
    }
}

/// The propagating engine under the solver: pauses, budgets and subtrees.
mod propagate {
    use super::*;

    /// Every solution of `solver`, run under a budget of `budget` nodes raised each time it
    /// runs out and a pause every `pause` nodes, with the invariants checked at every step.
    fn interrupted(mut solver: Solver, budget: u64, pause: u64) -> Vec<Vec<usize>> {
        solver.set_max_nodes(Some(budget));
        solver.set_pause_every(Some(pause));
        let mut found = Vec::new();
        loop {
            let step = solver.step();
            solver.check_invariants().unwrap();
            match step {
                Step::Solution => found.push(solver.solution()),
                Step::GaveUp => solver.set_max_nodes(Some(solver.stats().nodes + budget)),
                Step::Paused => {}
                Step::Exhausted => return found,
            }
        }
    }

    /// The count and statistics of a split of `problem` on `engine` at `depth` and of each
    /// subtree searched after descending into it, summed; and of the whole search.
    fn split_and_whole(
        problem: &Problem,
        depth: usize,
        engine: Engine,
    ) -> ((u64, Stats), (u64, Stats)) {
        let pristine = Solver::with_engine(problem, engine);
        assert_eq!(pristine.engine(), engine);
        let mut above = pristine.clone();
        let subtrees = above
            .split(depth, |_| ControlFlow::Continue(()))
            .expect("never stopped");
        let mut parts = (above.stats().solutions, above.stats());
        for choices in subtrees {
            let mut solver = pristine.clone();
            for option in choices {
                solver.descend(option);
            }
            solver.check_invariants().unwrap();
            parts.0 += solver.count(None).unwrap().to_u64().unwrap();
            parts.1 += solver.stats();
        }
        let mut whole = pristine.clone();
        let count = whole.count(None).unwrap().to_u64().unwrap();
        (parts, (count, whole.stats()))
    }

    /// The engines of their own trees. The learning engine's nogoods depend on the search
    /// that learned them, so its subtrees add up to the whole search's count, not its
    /// statistics.
    const OWN_TREES: [Engine; 2] = [Engine::Propagate, Engine::Learn];

    /// Whether the parts' statistics must add up to the whole's on `engine`.
    fn adds_up(engine: Engine) -> bool {
        engine == Engine::Propagate
    }

    #[test]
    fn pauses_and_budgets_leave_the_solutions_and_their_order_unchanged() {
        let problem = crate::problems::queens(7);
        for engine in OWN_TREES {
            let whole = interrupted(Solver::with_engine(&problem, engine), u64::MAX, 1 << 30);
            assert_eq!(whole.len(), 40);
            for (budget, pause) in [(1, 1), (3, 2), (10, 7)] {
                let cut = interrupted(Solver::with_engine(&problem, engine), budget, pause);
                assert_eq!(cut, whole, "{engine:?} budget {budget}, pause {pause}");
            }
        }
    }

    #[test]
    fn subtrees_add_up_to_the_whole_search() {
        for engine in OWN_TREES {
            for depth in 1..4 {
                let (parts, whole) = split_and_whole(&crate::problems::queens(8), depth, engine);
                assert_eq!(parts.0, whole.0, "{engine:?} depth {depth}");
                if adds_up(engine) {
                    assert_eq!(parts.1, whole.1, "depth {depth}");
                }
                assert_eq!(whole.0, 92);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_problems_split_pause_and_resume_with_the_solutions_of_one_search(
            problem in random_problem()
        ) {
            for engine in OWN_TREES {
                let mut whole = Solver::with_engine(&problem, engine);
                let mut found = Vec::new();
                while let Some(solution) = whole.next_solution().unwrap() {
                    found.push(solution);
                }
                let (parts, whole) = split_and_whole(&problem, 2, engine);
                prop_assert_eq!(parts.0, whole.0);
                if adds_up(engine) {
                    prop_assert_eq!(parts.1, whole.1);
                }
                prop_assert_eq!(whole.0, found.len() as u64);
                let cut = interrupted(Solver::with_engine(&problem, engine), 2, 3);
                prop_assert_eq!(cut, found);
            }
        }
    }
}
