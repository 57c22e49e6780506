//! Unit tests of the MCC engine: DLX3's example, random problems with bounds and colors
//! against a brute-force oracle that checks every set of options against the rules (not the
//! engine's steps), the invariants after each solution, resets in the middle of the tree,
//! forced options, subtrees replayed by `descend` that add up to the whole search, and
//! sparse snapshots (what problems of more items take) against the dense ones.

use super::*;
use crate::problem::ProblemBuilder;
use proptest::prelude::*;

/// Every solution, each sorted, the whole sorted: which sets, not the order found.
pub(crate) fn solution_sets<S: Search>(engine: &mut S) -> Vec<Vec<usize>> {
    let mut solutions = super::super::all_solutions(engine);
    for s in &mut solutions {
        s.sort_unstable();
    }
    solutions.sort();
    solutions
}

/// Whether the options `chosen` (with no primary-less option among them) satisfy the rules:
/// every primary item covered within its bounds, every secondary item named by options that
/// all give it the same color.
pub(crate) fn satisfies(problem: &Problem, chosen: &[usize]) -> bool {
    let mut covered = vec![0u32; problem.primary_items()];
    let mut colors: Vec<Option<Option<u32>>> = vec![None; problem.item_count()];
    for &k in chosen {
        for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
            if problem.is_primary(i) {
                covered[i] += 1;
            } else {
                match colors[i] {
                    None => colors[i] = Some(c),
                    Some(d) if d == c && c.is_some() => {}
                    Some(_) => return false,
                }
            }
        }
    }
    covered.iter().enumerate().all(|(i, &n)| {
        let (u, v) = problem.bounds(i).unwrap_or((1, 1));
        (u..=v).contains(&n)
    })
}

/// Every set of options (of those with a primary item) that satisfies the rules, sorted.
pub(crate) fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let ignored: Vec<usize> = problem.ignored_options().collect();
    let options: Vec<usize> = (0..problem.option_count())
        .filter(|k| !ignored.contains(k))
        .collect();
    let mut found = Vec::new();
    for mask in 0u32..1 << options.len() {
        let chosen: Vec<usize> = (0..options.len())
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| options[b])
            .collect();
        if satisfies(problem, &chosen) {
            found.push(chosen);
        }
    }
    found.sort();
    found
}

/// Small problems: 1 to 4 primary items with bounds `u..=v` (`v` up to 3), up to 2
/// secondary items with colors 0 and 1 (or none), up to 12 options.
pub(crate) fn small_problem() -> impl Strategy<Value = Problem> {
    let bounds = proptest::collection::vec((0u32..3, 0u32..3), 4);
    let options = proptest::collection::vec(proptest::collection::vec(0u32..9, 1..5), 0..12);
    (1usize..5, 0usize..3, bounds, options).prop_map(|(primary, secondary, bounds, options)| {
        let mut b = ProblemBuilder::new(primary, secondary);
        for (i, &(u, extra)) in bounds.iter().take(primary).enumerate() {
            b.bounds(i, u, (u + extra).max(1)).unwrap();
        }
        for option in options {
            let mut seen = Vec::new();
            let mut items = Vec::new();
            for code in option {
                let i = code as usize % (primary + secondary);
                if seen.contains(&i) {
                    continue;
                }
                seen.push(i);
                let color = (i >= primary).then_some(code / 3 % 3).filter(|&c| c < 2);
                items.push((i, color));
            }
            b.colored_option(items).unwrap();
        }
        b.build().unwrap()
    })
}

#[test]
fn dlx3_s_example_has_its_one_solution_and_a_reset_restores_the_sets() {
    let problem = crate::engine::dlx3_example();
    let mut engine = Mcc::new(&problem);
    let pristine = engine.clone();
    assert_eq!(solution_sets(&mut engine), vec![vec![1, 3, 4]]);
    assert_eq!(brute_force(&problem), vec![vec![1, 3, 4]]);
    assert!(
        engine.same_state(&pristine),
        "an exhausted search stands at the root"
    );
    engine.reset();
    engine.check().unwrap();
    assert!(engine.same_state(&pristine));
}

#[test]
fn an_item_that_runs_out_of_options_with_its_lower_bound_met_costs_no_node() {
    // Item 0 `0:2`, item 1 exact; options {1}, {0, 1}: the solutions are {0} and {1}.
    // DLX3 spends a node on the null move of item 0; here removing {0, 1} deactivates it.
    let mut b = ProblemBuilder::new(2, 0);
    b.bounds(0, 0, 2).unwrap();
    b.option([1]).unwrap();
    b.option([0, 1]).unwrap();
    let problem = b.build().unwrap();
    let mut engine = Mcc::new(&problem);
    assert_eq!(solution_sets(&mut engine), vec![vec![0], vec![1]]);
    // The root (item 1, θ 2: including {1} covers item 1 and removes {0, 1}, which leaves
    // item 0 without options, its lower bound met), its left child (a solution), its right
    // child (item 1 again, θ 1: {0, 1} forced) and that one's child (a solution).
    assert_eq!(engine.stats().nodes, 4);
}

#[test]
fn forcing_an_option_counts_it_against_the_bounds() {
    let mut engine = Mcc::new(&crate::engine::dlx3_example());
    let pristine = engine.clone();
    engine.force(4).unwrap();
    engine.check().unwrap();
    assert_eq!(engine.force(4), Err(ForceError::Conflict { option: 4 }));
    assert_eq!(solution_sets(&mut engine), vec![vec![1, 3, 4]]);
    engine.reset();
    assert!(engine.same_state(&pristine));
    engine.force(0).unwrap();
    assert_eq!(solution_sets(&mut engine), Vec::<Vec<usize>>::new());
    assert_eq!(engine.force(9), Err(ForceError::SearchStarted));
}

/// Counts the subtrees of the problem of the engines `new` makes, cut at `depth`, each on a
/// fresh engine that replays its choices, and returns the statistics of the cut plus every
/// subtree (shared with the bitset MCC engine's tests). Each subtree's root must be a node
/// (a failure is none, and no subtree).
pub(crate) fn count_by_subtrees<S: Search>(new: impl Fn() -> S, depth: usize) -> Stats {
    let mut top = new();
    let mut subtrees = Vec::new();
    loop {
        match top.search(depth) {
            None => {
                let mut choices = Vec::new();
                top.choices(&mut choices);
                subtrees.push(choices);
            }
            Some(Step::Solution) => {}
            Some(Step::Exhausted) => break,
            other => panic!("{other:?}"),
        }
    }
    let mut total = top.stats();
    for choices in subtrees {
        let mut engine = new();
        for &c in &choices {
            engine.descend(c);
        }
        while engine.search(usize::MAX) != Some(Step::Exhausted) {}
        let stats = engine.stats();
        assert!(
            stats.nodes >= 1,
            "the root of subtree {choices:?} is a node"
        );
        total.nodes += stats.nodes;
        total.updates += stats.updates;
        total.solutions += stats.solutions;
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_problems_have_the_oracle_s_solutions(problem in small_problem()) {
        let mut engine = Mcc::new(&problem);
        let pristine = engine.clone();
        prop_assert_eq!(solution_sets(&mut engine), brute_force(&problem));
        prop_assert!(engine.same_state(&pristine));
    }

    #[test]
    fn sparse_snapshots_give_the_dense_ones_tree(problem in small_problem()) {
        let mut dense = Mcc::new(&problem);
        let mut sparse = Mcc::new(&problem);
        sparse.take_sparse_snapshots();
        let pristine = sparse.clone();
        prop_assert_eq!(solution_sets(&mut sparse), solution_sets(&mut dense));
        prop_assert_eq!(sparse.stats(), dense.stats());
        prop_assert!(sparse.same_state(&pristine));
        sparse.reset();
        sparse.check().unwrap();
        prop_assert_eq!(solution_sets(&mut sparse), brute_force(&problem));
    }

    #[test]
    fn a_reset_anywhere_in_the_tree_restores_the_sets(problem in small_problem(), stop in 0usize..6) {
        let mut engine = Mcc::new(&problem);
        let pristine = engine.clone();
        engine.counters_mut().set_pause_every(Some(1));
        for _ in 0..stop {
            if engine.search(usize::MAX) == Some(Step::Exhausted) {
                break;
            }
        }
        engine.reset();
        engine.check().unwrap();
        prop_assert!(engine.same_state(&pristine));
        let mut fresh = pristine.clone();
        engine.counters_mut().set_pause_every(None);
        prop_assert_eq!(solution_sets(&mut engine), solution_sets(&mut fresh));
    }

    #[test]
    fn subtrees_replayed_by_descend_add_up_to_the_whole_search(
        problem in small_problem(),
        depth in 0usize..4,
    ) {
        let mut whole = Mcc::new(&problem);
        while whole.search(usize::MAX) != Some(Step::Exhausted) {}
        prop_assert_eq!(count_by_subtrees(|| Mcc::new(&problem), depth), whole.stats());
    }
}
