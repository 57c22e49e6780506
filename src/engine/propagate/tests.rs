//! Tests of the propagating engine: its solutions against DLX1's as sets, with the
//! invariants checked at every step; forcing; and the subsets rule against brute force.
//! (Through the [`crate::Solver`], pauses, budgets and subtrees are tested in
//! `solver/tests.rs`, since no engine imports the API above it.)

use proptest::prelude::*;

use super::rep::{Rep, SUBSET_MAX, has};
use super::*;
use crate::engine::all_solutions;
use crate::engine::dlx::Dlx;
use crate::problem::ProblemBuilder;

/// The solutions, each sorted, as a sorted list (a set that keeps duplicates visible).
fn as_set(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort_unstable();
    }
    solutions.sort();
    solutions
}

/// Checks that the engine finds DLX1's solutions on `problem`, each once, in both
/// representations, and that where the options are grouped the two search the same tree
/// (the same solutions in the same order, the same statistics); returns the solutions.
fn assert_same_solutions(problem: &Problem) -> Vec<Vec<usize>> {
    let links = as_set(all_solutions(&mut <Dlx as Search>::new(problem)));
    let mut engine = Propagate::flat(problem);
    let found = all_solutions(&mut engine);
    assert_eq!(engine.stats().solutions, found.len() as u64);
    assert_eq!(as_set(found.clone()), links);
    if let Some(mut grouped) = Propagate::planes(problem) {
        assert_eq!(all_solutions(&mut grouped), found);
        assert_eq!(grouped.stats(), engine.stats());
    }
    found
}

/// Random problems whose first `groups` primary items partition the options (each option
/// names one of them, then up to three other items), as the grouped frames take them.
fn random_grouped_problem() -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..6, 0usize..3).prop_flat_map(|(groups, primary, secondary)| {
        let items = groups + primary + secondary;
        let others = proptest::collection::btree_set(groups..items.max(groups + 1), 0..=3);
        let option = (0..groups, others);
        proptest::collection::vec(option, 0..40).prop_map(move |options| {
            let mut b = ProblemBuilder::new(groups + primary, secondary);
            for (g, others) in options {
                let others = others.into_iter().filter(|&i| i < items);
                b.option(std::iter::once(g).chain(others)).unwrap();
            }
            b.build().unwrap()
        })
    })
}

/// Random problems of up to 8 primary and 2 secondary items (the learning engine's tests
/// draw from them too).
pub(crate) fn random_problem() -> impl Strategy<Value = Problem> {
    (1usize..9, 0usize..3).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_set(0..items, 1..=3);
        proptest::collection::vec(option, 0..50).prop_map(move |options| {
            let mut b = ProblemBuilder::new(primary, secondary);
            for option in options {
                b.option(option).unwrap();
            }
            b.build().unwrap()
        })
    })
}

#[test]
fn the_instances_have_the_solutions_of_the_links() {
    for text in [
        include_str!("../../../puzzles/exact-cover/knuth-example.dlx"),
        include_str!("../../../puzzles/exact-cover/nqueens-8.dlx"),
        include_str!("../../../puzzles/exact-cover/nqueens-6-primary.dlx"),
        include_str!("../../../puzzles/exact-cover/langford-7.dlx"),
        include_str!("../../../puzzles/exact-cover/pentomino-3x20.dlx"),
        include_str!("../../../puzzles/exact-cover/sudoku-hard.dlx"),
    ] {
        let problem = crate::knuth::parse_str(text).unwrap().problem;
        assert_same_solutions(&problem);
    }
}

#[test]
fn the_options_are_grouped_where_a_class_of_items_partitions_them() {
    let parse = |text: &str| crate::knuth::parse_str(text).unwrap().problem;
    let sudoku = parse(include_str!("../../../puzzles/exact-cover/sudoku-hard.dlx"));
    assert!(Propagate::planes(&sudoku).is_some());
    assert!(Propagate::planes(&crate::problems::queens(8)).is_some());
    // The pieces partition a packing's options, but a piece has far more than 64 places.
    let pentomino = parse(include_str!(
        "../../../puzzles/exact-cover/pentomino-3x20.dlx"
    ));
    assert!(Propagate::planes(&pentomino).is_none());
    // Where the table keeps the conflicts, the flat frames are faster, and taken.
    assert!(!Propagate::new(&sudoku).is_grouped());
    assert!(Propagate::grouped(&sudoku).is_none());
    let big = crate::sudoku::solve::matrix(&crate::sudoku::rules::Rules::classic(
        crate::sudoku::grid::Shape::new(4).unwrap(),
    ));
    assert!(Propagate::new(&big).is_grouped());
    assert!(Propagate::grouped(&big).is_some());
}

/// [`Propagate::groups`] says what [`Propagate::grouped`] does, on Sudoku of every size
/// from 4x4 to 36x36 (grouped from 12x12 up, whose options' conflicts are not kept), N
/// queens, Langford pairs and pentominoes.
#[test]
fn the_grouping_is_told_without_building_the_frames() {
    use crate::sudoku::{grid::Shape, rules::Rules, solve::matrix};
    let mut problems: Vec<Problem> = [2, 3, 4, 5, 6]
        .map(|boxes| matrix(&Rules::classic(Shape::new(boxes).unwrap())))
        .into();
    problems.push(matrix(&Rules::classic(Shape::with_boxes(3, 4).unwrap())));
    problems.extend([20, 40].map(crate::problems::queens));
    problems.push(crate::problems::langford(16, false));
    problems.push(
        crate::knuth::parse_str(include_str!(
            "../../../puzzles/exact-cover/pentomino-3x20.dlx"
        ))
        .unwrap()
        .problem,
    );
    for problem in &problems {
        assert_eq!(
            Propagate::groups(problem),
            Propagate::grouped(problem).is_some(),
            "{} options",
            problem.option_count()
        );
    }
    // Sudoku of 12x12 (1,728 options), 16x16, 25x25 and 36x36, and queens 40 (1,600).
    assert_eq!(problems.iter().filter(|p| Propagate::groups(p)).count(), 5);
}

#[test]
fn the_grouped_frames_take_a_problem_beyond_the_bit_engine_s_table_and_solve_it_as_the_links_do() {
    use crate::sudoku::{grid::Grid, solve::option_of};
    let shape = crate::sudoku::grid::Shape::new(6).unwrap();
    let problem = crate::sudoku::solve::matrix(&crate::sudoku::rules::Rules::classic(shape));
    // 46,656 options: past the bit engine's table, and so past the flat frames'.
    assert!(!super::table::fits(&problem, |_| 0));
    assert!(Propagate::fits(&problem));
    let mut engine = Propagate::new(&problem);
    assert!(engine.is_grouped());
    let text = include_str!("../../../puzzles/generated/36x36-seed36.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
    let mut links = <Dlx as Search>::new(&problem);
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            let option = option_of(36, cell, digit);
            engine.force(option).unwrap();
            links.force(option).unwrap();
        }
    }
    let mut solutions = all_solutions(&mut engine);
    assert_eq!(solutions.len(), 1);
    assert!(engine.check().is_ok());
    let mut expected = all_solutions(&mut links);
    solutions[0].sort_unstable();
    expected[0].sort_unstable();
    assert_eq!(solutions, expected);
}

#[test]
fn the_rules_leave_a_hard_sudoku_a_far_smaller_tree_than_dlx1_s() {
    let text = include_str!("../../../puzzles/exact-cover/sudoku-hard.dlx");
    let problem = crate::knuth::parse_str(text).unwrap().problem;
    let mut links = <Dlx as Search>::new(&problem);
    assert_eq!(all_solutions(&mut links).len(), 1);
    let mut engine = Propagate::new(&problem);
    assert_eq!(all_solutions(&mut engine).len(), 1);
    let stats = engine.stats();
    // Forced options and subset removals do most of the work.
    assert!(stats.forced > stats.nodes && stats.pruned > 0, "{stats:?}");
    assert!(4 * stats.nodes < links.stats().nodes, "{stats:?}");
}

#[test]
fn forcing_checks_conflicts_without_propagating() {
    let problem = crate::problems::queens(4);
    let mut engine = Propagate::new(&problem);
    // Options are (row, column) in order: (0, 1) then (1, 3) fit, (1, 2) does not.
    assert_eq!(engine.force(1), Ok(()));
    assert_eq!(engine.force(6), Err(ForceError::Conflict { option: 6 }));
    assert_eq!(engine.force(7), Ok(()));
    let solutions = all_solutions(&mut engine);
    assert_eq!(solutions.len(), 1);
    assert_eq!(solutions[0][..2], [1, 7]);
    assert_eq!(engine.force(0), Err(ForceError::SearchStarted));
}

/// For item `i`, the options the subsets rule must remove at the root, by brute force: the
/// options of every item `j` that all of `i`'s options name, when they do not name `i`.
fn subsets_by_brute_force(problem: &Problem, i: usize) -> Vec<usize> {
    let options: Vec<Vec<usize>> = (0..problem.option_count())
        .map(|k| problem.option(k).collect())
        .collect();
    let of_i: Vec<&Vec<usize>> = options.iter().filter(|o| o.contains(&i)).collect();
    if of_i.is_empty() {
        return Vec::new();
    }
    let mut removed: Vec<usize> = (0..problem.item_count())
        .filter(|&j| j != i && of_i.iter().all(|o| o.contains(&j)))
        .flat_map(|j| {
            let options = &options;
            (0..options.len()).filter(move |&k| options[k].contains(&j) && !options[k].contains(&i))
        })
        .collect();
    removed.sort_unstable();
    removed.dedup();
    removed
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_problems_have_the_solutions_of_the_links(problem in random_problem()) {
        assert_same_solutions(&problem);
    }

    #[test]
    fn random_grouped_problems_have_the_solutions_of_the_links(
        problem in random_grouped_problem(),
    ) {
        assert_same_solutions(&problem);
    }

    #[test]
    fn the_class_is_found_without_the_frames_where_the_frames_find_it(
        problem in random_problem(),
        grouped in random_grouped_problem(),
    ) {
        for problem in [problem, grouped] {
            let class = planes::class_options(&problem);
            assert_eq!(class.is_some(), Propagate::planes(&problem).is_some());
            if let Some(n) = class {
                assert_eq!(n, crate::engine::bits::table::searched(&problem).count());
            }
        }
    }

    #[test]
    fn the_subsets_rule_removes_what_brute_force_says(problem in random_problem()) {
        assert_subsets_by_brute_force::<flat::Flat>(&problem);
    }

    #[test]
    fn the_grouped_subsets_rule_removes_what_brute_force_says(
        problem in random_grouped_problem(),
    ) {
        assert_subsets_by_brute_force::<planes::Planes>(&problem);
    }
}

/// Checks the subsets rule of representation `R` at the root of `problem` against brute
/// force, on every primary item it looks at (those of at most [`SUBSET_MAX`] options), when
/// `R` takes the problem.
fn assert_subsets_by_brute_force<R: Rep>(problem: &Problem) {
    // Every option has a primary item here, so the engine's options are the problem's.
    if !(0..problem.option_count()).all(|k| problem.option(k).any(|i| problem.is_primary(i))) {
        return;
    }
    let table = Table::new(problem);
    let Some(pristine) = R::new(&table) else {
        return;
    };
    for i in 0..problem.primary_items() {
        if pristine.counts(0)[i] > SUBSET_MAX {
            continue;
        }
        let mut frames = pristine.clone();
        let before = frames.live_set(&table, 0);
        let removed = frames.subsets(&table, 0, i as u32);
        let after = frames.live_set(&table, 0);
        let gone: Vec<usize> = (0..table.options())
            .filter(|&k| has(&before, k as u32) && !has(&after, k as u32))
            .collect();
        assert_eq!(removed, gone.len() as u64, "item {i}");
        assert_eq!(gone, subsets_by_brute_force(problem, i), "item {i}");
    }
}
