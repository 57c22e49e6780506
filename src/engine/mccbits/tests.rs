//! Unit tests of the bitset MCC engine: DLX3's example, random problems with bounds and
//! colors against the brute-force oracle of the sparse sets' tests and against the sparse
//! sets' tree (the same nodes), the plain loop against the one compiled for AVX2, the paths
//! of problems of more than 64 primary items (counts kept one item at a time, the choice in
//! three passes) against the narrow ones, resets in the middle of the tree, forced and
//! excluded options, subtrees replayed by `descend` that add up to the whole search, and
//! problems of several words of options and several groups of lanes, whose frames are
//! checked at every node.

use super::*;
use crate::engine::mcc::Mcc;
use crate::engine::mcc::tests::{
    brute_force, count_by_subtrees, satisfies, small_problem, solution_sets,
};
use crate::problem::ProblemBuilder;
use proptest::prelude::*;

/// Random problems of two words of options (65 to 89 with a primary item) over two groups of
/// lanes (17 to 24 primary items, of lower bound 1, the first four of upper bound 1 or 2,
/// the others exact), so that the steps' loops over words and over groups run more than
/// once; too many options for the brute-force oracle.
fn wide_problem() -> impl Strategy<Value = Problem> {
    let options = proptest::collection::vec(proptest::collection::vec(0u32..60, 2..6), 65..90);
    let slack = proptest::collection::vec(0u32..2, 4);
    (17usize..25, 0usize..3, slack, options).prop_map(|(primary, secondary, slack, options)| {
        let mut b = ProblemBuilder::new(primary, secondary);
        for i in 0..primary {
            b.bounds(i, 1, 1 + slack.get(i).copied().unwrap_or(0))
                .unwrap();
        }
        for option in options {
            let mut items: Vec<(usize, Option<u32>)> = Vec::new();
            for code in option {
                let i = code as usize % (primary + secondary);
                if items.iter().all(|&(j, _)| j != i) {
                    let color = (i >= primary).then_some(code / 3 % 3).filter(|&c| c < 2);
                    items.push((i, color));
                }
            }
            if items.iter().all(|&(i, _)| i >= primary) {
                items.push((0, None));
            }
            b.colored_option(items).unwrap();
        }
        b.build().unwrap()
    })
}

#[test]
fn dlx3_s_example_has_its_one_solution_and_an_exhausted_search_stands_at_the_root() {
    let problem = crate::engine::dlx3_example();
    let mut engine = MccBits::new(&problem);
    let pristine = engine.clone();
    assert_eq!(solution_sets(&mut engine), vec![vec![1, 3, 4]]);
    assert!(engine.same_state(&pristine));
    engine.reset();
    engine.check().unwrap();
    assert!(engine.same_state(&pristine));
}

#[test]
fn an_item_that_runs_out_of_options_with_its_lower_bound_met_costs_no_node() {
    // As the sparse sets' test: item 0 `0:2`, item 1 exact; options {1}, {0, 1}.
    let mut b = crate::problem::ProblemBuilder::new(2, 0);
    b.bounds(0, 0, 2).unwrap();
    b.option([1]).unwrap();
    b.option([0, 1]).unwrap();
    let problem = b.build().unwrap();
    let mut engine = MccBits::new(&problem);
    assert_eq!(solution_sets(&mut engine), vec![vec![0], vec![1]]);
    assert_eq!(engine.stats().nodes, 4);
}

#[test]
fn forcing_and_excluding_options_count_against_the_bounds() {
    let mut engine = MccBits::new(&crate::engine::dlx3_example());
    let pristine = engine.clone();
    engine.force(4).unwrap();
    engine.check().unwrap();
    assert_eq!(engine.force(4), Err(ForceError::Conflict { option: 4 }));
    assert_eq!(engine.exclude(4), Err(ForceError::Forced { option: 4 }));
    assert_eq!(solution_sets(&mut engine), vec![vec![1, 3, 4]]);
    engine.reset();
    assert!(engine.same_state(&pristine));
    engine.exclude(3).unwrap();
    assert_eq!(solution_sets(&mut engine), Vec::<Vec<usize>>::new());
    engine.reset();
    engine.force(0).unwrap();
    assert_eq!(solution_sets(&mut engine), Vec::<Vec<usize>>::new());
    assert_eq!(engine.force(9), Err(ForceError::SearchStarted));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_problems_have_the_oracle_s_solutions_in_the_sparse_sets_tree(
        problem in small_problem(),
    ) {
        let mut engine = MccBits::new(&problem);
        let pristine = engine.clone();
        prop_assert_eq!(solution_sets(&mut engine), brute_force(&problem));
        prop_assert!(engine.same_state(&pristine));
        let mut sets = Mcc::new(&problem);
        let _ = solution_sets(&mut sets);
        // The sparse sets count a root that fails as a dead end; nothing else differs.
        let root_fails = pristine.table.choose(pristine.frame(0).1) == Pick::Fail;
        prop_assert_eq!(engine.stats().nodes + u64::from(root_fails), sets.stats().nodes);
    }

    #[test]
    fn the_plain_loop_searches_the_tree_of_the_loop_compiled_for_avx2(problem in small_problem()) {
        let mut fast = MccBits::new(&problem);
        let mut plain = MccBits::new(&problem);
        plain.run_plain();
        prop_assert_eq!(solution_sets(&mut plain), solution_sets(&mut fast));
        prop_assert_eq!(plain.stats(), fast.stats());
    }

    #[test]
    fn the_paths_of_more_than_64_items_search_the_tree_of_the_narrow_ones(
        problem in small_problem(),
    ) {
        let mut narrow = MccBits::new(&problem);
        let mut wide = MccBits::new(&problem);
        wide.widen();
        let pristine = wide.clone();
        prop_assert_eq!(solution_sets(&mut wide), solution_sets(&mut narrow));
        prop_assert_eq!(wide.stats(), narrow.stats());
        prop_assert!(wide.same_state(&pristine));
        wide.check().unwrap();
    }

    #[test]
    fn a_reset_anywhere_in_the_tree_restores_the_frame(problem in small_problem(), stop in 0usize..6) {
        let mut engine = MccBits::new(&problem);
        let pristine = engine.clone();
        engine.counters_mut().set_pause_every(Some(1));
        for _ in 0..stop {
            if engine.search(usize::MAX) == Some(Step::Exhausted) {
                break;
            }
            engine.check().unwrap();
        }
        engine.reset();
        engine.check().unwrap();
        prop_assert!(engine.same_state(&pristine));
        engine.counters_mut().set_pause_every(None);
        prop_assert_eq!(solution_sets(&mut engine), brute_force(&problem));
    }

    #[test]
    fn subtrees_replayed_by_descend_add_up_to_the_whole_search(
        problem in small_problem(),
        depth in 0usize..4,
    ) {
        let mut whole = MccBits::new(&problem);
        while whole.search(usize::MAX) != Some(Step::Exhausted) {}
        prop_assert_eq!(count_by_subtrees(|| MccBits::new(&problem), depth), whole.stats());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn problems_of_several_words_and_lane_groups_keep_their_frames_at_every_node(
        problem in wide_problem(),
    ) {
        let mut engine = MccBits::new(&problem);
        let mut plain = MccBits::new(&problem);
        plain.run_plain();
        engine.counters_mut().set_pause_every(Some(1));
        let mut found = Vec::new();
        loop {
            match engine.search(usize::MAX) {
                Some(Step::Exhausted) => break,
                Some(Step::Solution) => {
                    let mut s = Vec::new();
                    engine.solution(&mut s);
                    prop_assert!(satisfies(&problem, &s), "{s:?} is no solution");
                    s.sort_unstable();
                    found.push(s);
                }
                _ => {}
            }
            prop_assert_eq!(engine.check(), Ok(()));
        }
        found.sort();
        let mut sets = Mcc::new(&problem);
        prop_assert_eq!(&found, &solution_sets(&mut sets));
        prop_assert_eq!(&solution_sets(&mut plain), &found);
        prop_assert_eq!(plain.stats(), engine.stats());
    }
}
