//! Tests of the band engine: the recognition (the classic matrix shuffled and renamed, with
//! its givens taken out, variants; other matrices and near misses refused), and the search
//! (its solutions against DLX1's as sets, with the invariants checked at every step; counts
//! against published values; forcing, excluding, the budget). Through the
//! [`crate::Solver`], pauses and subtrees are tested in `tests/integration/engines.rs`.

use proptest::prelude::*;

use super::*;
use crate::engine::all_solutions;
use crate::engine::dlx::Dlx;
use crate::problem::ProblemBuilder;
use crate::rng::Rng;
use crate::sudoku::grid::Shape;
use crate::sudoku::read::parse_line;
use crate::sudoku::rules::Rules;
use crate::sudoku::solve::matrix;

/// Puzzles of the classic shape: unique (the first two), with 436 solutions, with none (r1c1
/// has no digit left, so its cell item no option once the givens are taken out).
const PUZZLES: [&str; 4] = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "5...7....6...9.....98....6.8...6...34..8.3..1....2...6.6....28....4.9..5....8..79",
    ".12345678.........9..............................................................",
];

/// The solutions, each sorted, as a sorted list (a set that keeps duplicates visible).
fn as_set(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort_unstable();
    }
    solutions.sort();
    solutions
}

/// The classic 9x9 matrix.
fn classic() -> Problem {
    matrix(&Rules::classic(Shape::CLASSIC))
}

/// `problem` without the items of the options of `given` and without every option that
/// shares an item with one of them (as `--to-dlx` writes a puzzle), with the options kept,
/// by their index in `problem`.
fn reduced(problem: &Problem, given: &[usize]) -> (Problem, Vec<usize>) {
    let mut covered = vec![false; problem.item_count()];
    for &o in given {
        for i in problem.option(o) {
            covered[i] = true;
        }
    }
    let mut index = vec![usize::MAX; problem.item_count()];
    let mut kept = 0;
    for (i, _) in covered.iter().enumerate().filter(|(_, c)| !**c) {
        index[i] = kept;
        kept += 1;
    }
    let mut b = ProblemBuilder::new(kept, 0);
    let mut options = Vec::new();
    for o in 0..problem.option_count() {
        if problem.option(o).all(|i| !covered[i]) {
            b.option(problem.option(o).map(|i| index[i])).unwrap();
            options.push(o);
        }
    }
    (b.build().unwrap(), options)
}

/// A random full grid, as its options in the classic matrix: the first solution with the
/// first row's digits shuffled.
fn full_grid(rng: &mut Rng) -> Vec<usize> {
    let mut band = Band::try_new(&classic()).unwrap();
    let mut digits: Vec<usize> = (0..9).collect();
    rng.shuffle(&mut digits);
    let first_row: Vec<usize> = digits.iter().enumerate().map(|(c, &d)| c * 9 + d).collect();
    band.force_all(&first_row).unwrap();
    assert_eq!(band.search(usize::MAX), Some(Step::Solution));
    let mut solution = Vec::new();
    band.solution(&mut solution);
    solution
}

/// The options of a puzzle's givens in the classic matrix.
fn givens(line: &str) -> Vec<usize> {
    let grid = parse_line(line).unwrap();
    let cells = grid.cells();
    (0..81)
        .filter(|&c| cells[c] != 0)
        .map(|c| c * 9 + usize::from(cells[c]) - 1)
        .collect()
}

/// `problem` with its items renamed and its options shuffled at random.
fn shuffled(problem: &Problem, rng: &mut Rng) -> Problem {
    let mut rename: Vec<u32> = (0..problem.primary_items() as u32).collect();
    let mut order: Vec<usize> = (0..problem.option_count()).collect();
    rng.shuffle(&mut rename);
    rng.shuffle(&mut order);
    problem.permuted(&rename, &order)
}

/// Checks that the engine finds DLX1's solutions on `problem`, each once, with the
/// invariants checked after each; returns their number.
fn assert_same_solutions(problem: &Problem) -> usize {
    let links = as_set(all_solutions(&mut <Dlx as Search>::new(problem)));
    let mut engine = Band::try_new(problem).expect("recognized");
    let found = all_solutions(&mut engine);
    assert_eq!(engine.stats().solutions, found.len() as u64);
    assert_eq!(as_set(found), links);
    links.len()
}

#[test]
fn the_classic_matrix_is_nine_boards_of_81_cells_and_243_units() {
    let layout = Layout::recognize(&classic())
        .expect("recognized")
        .with_frame_tables();
    assert_eq!(layout.cells.count_ones(), 81);
    assert_eq!(layout.unit_layer.len(), 243);
    assert!(layout.root.iter().all(|b| b.count_ones() == 81));
    // Each box meets three rows and three columns in three cells: 54 pairs a board.
    assert_eq!(layout.pairs.len(), 54 * 9);
}

#[test]
fn shuffled_and_renamed_matrices_with_or_without_givens_are_recognized() {
    let mut rng = Rng::new(38);
    let full = classic();
    for _ in 0..5 {
        assert!(Layout::recognize(&shuffled(&full, &mut rng)).is_some());
    }
    for line in &PUZZLES[..3] {
        let (problem, _) = reduced(&full, &givens(line));
        assert!(Layout::recognize(&problem).is_some(), "{line}");
        assert!(
            Layout::recognize(&shuffled(&problem, &mut rng)).is_some(),
            "{line}"
        );
    }
}

#[test]
fn the_whole_classic_matrix_shuffled_or_not_runs_on_grids_and_the_variants_on_frames() {
    let mut rng = Rng::new(27);
    let full = classic();
    assert!(Band::try_new(&full).unwrap().on_grid());
    for _ in 0..3 {
        assert!(Band::try_new(&shuffled(&full, &mut rng)).unwrap().on_grid());
    }
    let x = matrix(&Rules::classic(Shape::CLASSIC).with_x());
    assert!(!Band::try_new(&x).unwrap().on_grid());
    let four = matrix(&Rules::classic(Shape::with_boxes(2, 2).unwrap()));
    assert!(!Band::try_new(&four).unwrap().on_grid());
}

#[test]
fn the_options_in_cell_order_give_the_general_recognition_s_geometry_whatever_the_items() {
    let full = classic();
    let general = Geometry::find(&Layout::recognize(&full).unwrap()).unwrap();
    let mut rng = Rng::new(38);
    let mut rename: Vec<u32> = (0..full.primary_items() as u32).collect();
    rng.shuffle(&mut rename);
    let order: Vec<usize> = (0..full.option_count()).collect();
    let options = |p: &Problem| p.raw_options().0.as_chunks::<4>().0.to_vec();
    let renamed = full.permuted(&rename, &order);
    // The front end's own names take the first guess, and the pass over the units takes
    // them too; other names only the pass.
    assert!(Geometry::numbered_in_order(&options(&full)));
    assert!(Geometry::units_in_cell_order(&options(&full)));
    assert!(!Geometry::numbered_in_order(&options(&renamed)));
    assert!(Geometry::units_in_cell_order(&options(&renamed)));
    for problem in [full.clone(), renamed] {
        let fast = Geometry::in_cell_order(&problem).expect("in cell order");
        assert_eq!(fast.place, general.place);
        assert_eq!(fast.at, general.at);
        assert_eq!(fast.root, general.root);
        assert!(fast.in_order);
    }
    // Options out of cell order: the general recognition's.
    let mut swapped = order.clone();
    swapped.swap(0, 9);
    let out_of_order = full.permuted(&rename, &swapped);
    assert!(Geometry::in_cell_order(&out_of_order).is_none());
    assert!(Band::try_new(&out_of_order).unwrap().on_grid());
    // Near misses: two digits' row items swapped in one option, an option without its
    // cell; the X variant (more items).
    let first: Vec<usize> = full.option(0).collect();
    let mut mixed = first.clone();
    mixed[1] = full.option(1).nth(1).unwrap();
    assert!(Geometry::in_cell_order(&with_option(0, &mixed)).is_none());
    assert!(Geometry::in_cell_order(&with_option(0, &first[1..])).is_none());
    let x = matrix(&Rules::classic(Shape::CLASSIC).with_x());
    assert!(Geometry::in_cell_order(&x).is_none());
}

/// `problem` with its items renamed and its options shuffled at random (from `seed`), with
/// the index in the shuffle of each of `problem`'s options.
fn shuffle_order(problem: &Problem, seed: u64) -> (Problem, Vec<usize>) {
    let mut rng = Rng::new(seed);
    let mut rename: Vec<u32> = (0..problem.primary_items() as u32).collect();
    let mut order: Vec<usize> = (0..problem.option_count()).collect();
    rng.shuffle(&mut rename);
    rng.shuffle(&mut order);
    let permuted = problem.permuted(&rename, &order);
    let mut at = vec![0; order.len()];
    for (k, &o) in order.iter().enumerate() {
        at[o] = k;
    }
    (permuted, at)
}

#[test]
fn grids_of_a_shuffled_classic_matrix_find_the_links_solutions_of_forced_puzzles() {
    let full = classic();
    let (problem, at) = shuffle_order(&full, 1);
    for line in PUZZLES {
        let given: Vec<usize> = givens(line).iter().map(|&o| at[o]).collect();
        let mut band = Band::try_new(&problem).unwrap();
        assert!(band.on_grid());
        let mut links = <Dlx as Search>::new(&problem);
        if links.force_all(&given).is_err() {
            assert!(band.force_all(&given).is_err());
            continue;
        }
        band.force_all(&given).unwrap();
        assert_eq!(
            as_set(all_solutions(&mut band)),
            as_set(all_solutions(&mut links)),
            "{line}"
        );
    }
}

#[test]
fn exports_shuffled_and_renamed_run_on_grids_with_the_links_solutions() {
    let full = classic();
    let mut rng = Rng::new(38);
    let solution = full_grid(&mut rng);
    // The puzzles of the issue and random ones, 17 to 39 givens of one full grid, one given
    // changed now and then (so with 0, 1 or many solutions); the links' solutions compared
    // from 25 givens on (below, they number too many).
    let (mut grids, mut exports) = (0, 0);
    for k in 0..PUZZLES.len() + 46 {
        let mut chosen = match PUZZLES.get(k) {
            Some(line) => givens(line),
            None => {
                let mut s = solution.clone();
                rng.shuffle(&mut s);
                s.truncate(17 + k % 23);
                s
            }
        };
        if k >= PUZZLES.len() && k % 3 == 0 {
            chosen[0] = chosen[0] / 9 * 9 + (chosen[0] % 9 + 1 + rng.below(8)) % 9;
        }
        let mut links = <Dlx as Search>::new(&full);
        if links.force_all(&chosen).is_err() {
            continue;
        }
        let (problem, _) = reduced(&full, &chosen);
        let problem = shuffled(&problem, &mut rng);
        // Not recognized (an item without options, say): left to the other engines.
        let Some(mut band) = Band::try_new(&problem) else {
            continue;
        };
        exports += 1;
        grids += usize::from(band.on_grid());
        if chosen.len() >= 25 {
            let found = as_set(all_solutions(&mut band));
            let expected = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
            assert_eq!(found, expected, "{chosen:?}");
            assert_eq!(found.len(), all_solutions(&mut links).len());
        }
    }
    // A layout whose houses do not all join keeps the frames, with the same solutions.
    assert!(
        exports >= 20 && grids + 1 >= exports,
        "{grids} of {exports}"
    );
}

#[test]
fn a_matrix_missing_an_item_no_given_explains_keeps_the_frames() {
    let full = classic();
    let (export, _) = reduced(&full, &givens(PUZZLES[2]));
    // Without one (house, digit) item and every option naming it: the layout is taken, but
    // no givens cover what is missing (a house that need not hold the digit), so the nodes
    // stay frames, with the links' solutions.
    for item in [export.item_count() - 1, export.item_count() / 2] {
        let mut b = ProblemBuilder::new(export.primary_items() - 1, 0);
        for o in 0..export.option_count() {
            if export.option(o).all(|i| i != item) {
                b.option(export.option(o).map(|i| if i > item { i - 1 } else { i }))
                    .unwrap();
            }
        }
        let problem = b.build().unwrap();
        let band = Band::try_new(&problem).expect("recognized");
        assert!(!band.on_grid());
        assert_same_solutions(&problem);
    }
}

#[test]
fn variants_with_primary_houses_are_recognized() {
    let x = Rules::classic(Shape::CLASSIC).with_x();
    let hyper = Rules::classic(Shape::CLASSIC).with_hyper().unwrap();
    assert!(Layout::recognize(&matrix(&x)).is_some());
    assert!(Layout::recognize(&matrix(&hyper)).is_some());
    // Anti-knight's cliques are secondary items: refused.
    let knight = Rules::classic(Shape::CLASSIC).with_anti_knight();
    assert!(Layout::recognize(&matrix(&knight)).is_none());
}

#[test]
fn other_matrices_are_refused() {
    // Knuth's example, with secondary items.
    let mut b = ProblemBuilder::new(5, 2);
    for option in [
        [2, 4, 5].as_slice(),
        &[0, 3, 6],
        &[1, 2, 5],
        &[0, 3],
        &[1, 6],
        &[3, 4, 6],
    ] {
        b.option(option.iter().copied()).unwrap();
    }
    assert!(Layout::recognize(&b.build().unwrap()).is_none());
    // Langford pairs for n = 3: items 1..3 and the six places; an option names one value
    // and its two places.
    let mut b = ProblemBuilder::new(9, 0);
    for v in 1..=3 {
        for p in 0..6 - v - 1 {
            b.option([v - 1, 3 + p, 3 + p + v + 1]).unwrap();
        }
    }
    assert!(Layout::recognize(&b.build().unwrap()).is_none());
}

/// The classic matrix with option `k`'s items replaced by `items`.
fn with_option(k: usize, items: &[usize]) -> Problem {
    let full = classic();
    let mut b = ProblemBuilder::new(full.primary_items(), 0);
    for o in 0..full.option_count() {
        if o == k {
            b.option(items.iter().copied()).unwrap();
        } else {
            b.option(full.option(o)).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn near_misses_are_refused() {
    let full = classic();
    let first: Vec<usize> = full.option(0).collect();
    // Digit 1 at r1c1 naming the row item of digit 2: digits 1 and 2 join in one layer,
    // where r1c1 has two options.
    let other: Vec<usize> = full.option(1).collect();
    let mut mixed = first.clone();
    mixed[2] = other[2];
    assert!(Layout::recognize(&with_option(0, &mixed)).is_none());
    // An option naming two cells.
    let mut two_cells = first.clone();
    two_cells.push(1);
    assert!(Layout::recognize(&with_option(0, &two_cells)).is_none());
    // An option without its cell: every item a unit.
    assert!(Layout::recognize(&with_option(0, &first[1..])).is_none());
}

/// Whether `problem` has an item without options: not recognized (no cell or unit to lay
/// out), and left to the links, which fail at the root.
fn found_by_links_at_once(problem: &Problem) -> bool {
    let mut named = vec![false; problem.item_count()];
    for o in 0..problem.option_count() {
        for i in problem.option(o) {
            named[i] = true;
        }
    }
    let empty = named.contains(&false);
    assert_eq!(Layout::recognize(problem).is_none(), empty);
    empty
}

#[test]
fn puzzles_have_the_solutions_of_the_links_forced_or_taken_out() {
    let full = classic();
    let mut rng = Rng::new(7);
    let mut counts = Vec::new();
    for line in PUZZLES {
        let given = givens(line);
        let mut forced = Band::try_new(&full).unwrap();
        forced.force_all(&given).unwrap();
        let found = all_solutions(&mut forced);
        let mut links = <Dlx as Search>::new(&full);
        links.force_all(&given).unwrap();
        assert_eq!(as_set(found), as_set(all_solutions(&mut links)));
        let (problem, _) = reduced(&full, &given);
        if found_by_links_at_once(&problem) {
            counts.push(0);
            continue;
        }
        counts.push(assert_same_solutions(&problem));
        assert_same_solutions(&shuffled(&problem, &mut rng));
    }
    assert_eq!(counts[..2], [1, 1]);
    assert!(counts[2] > 1);
    assert_eq!(counts[3], 0);
}

#[test]
fn the_empty_4x4_sudoku_has_288_solutions() {
    let problem = matrix(&Rules::classic(Shape::with_boxes(2, 2).unwrap()));
    assert_eq!(assert_same_solutions(&problem), 288);
}

#[test]
fn forcing_and_excluding_give_the_errors_of_the_other_engines() {
    let full = classic();
    let mut engine = Band::try_new(&full).unwrap();
    engine.force(0).unwrap();
    assert_eq!(engine.force(1), Err(ForceError::Conflict { option: 1 }));
    assert_eq!(engine.exclude(0), Err(ForceError::Forced { option: 0 }));
    assert_eq!(engine.exclude(1), Ok(()));
    assert_eq!(
        engine.force(729),
        Err(ForceError::NotInSearch { option: 729 })
    );
    engine.exclude(20).unwrap();
    let mut links = <Dlx as Search>::new(&full);
    links.force(0).unwrap();
    links.exclude(20).unwrap();
    links.counters_mut().set_max_nodes(Some(2000));
    engine.counters_mut().set_max_nodes(Some(2000));
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        assert_eq!(engine.search(usize::MAX), Some(Step::Solution));
        engine.solution(&mut a);
        a.sort_unstable();
        assert!(a.contains(&0) && !a.contains(&20));
        assert_eq!(a.len(), 81);
        b.push(a.clone());
        engine.check().unwrap();
    }
    assert_eq!(engine.force(2), Err(ForceError::SearchStarted));
    engine.reset();
    let fresh = Band::try_new(&full).unwrap();
    assert!(engine.same_state(&fresh));
}

/// Forcing a list of options at once leaves the state, the statistics and the error of
/// forcing them one by one, stopping at the first refused: on the whole matrix (grids, the
/// givens in bulk) and on a 4x4 (frames), with lists that repeat an option, put two of a
/// digit in a unit or two digits in a cell, name an option past the last, or follow an
/// exclusion.
#[test]
fn forcing_in_bulk_is_forcing_one_by_one() {
    let mut rng = Rng::new(38);
    let small = matrix(&Rules::classic(Shape::with_boxes(2, 2).unwrap()));
    for problem in [classic(), small] {
        let options = problem.option_count();
        let mut solved = Band::try_new(&problem).unwrap();
        assert_eq!(solved.search(usize::MAX), Some(Step::Solution));
        let mut solution = Vec::new();
        solved.solution(&mut solution);
        for round in 0..400 {
            // Givens of a solution (some with a digit changed), or options at random.
            let mut list: Vec<usize> = if round % 2 == 0 {
                rng.shuffle(&mut solution);
                let mut list = solution[..rng.below(solution.len())].to_vec();
                for o in &mut list {
                    if rng.below(20) == 0 {
                        *o = rng.below(options);
                    }
                }
                list
            } else {
                (0..rng.below(30)).map(|_| rng.below(options)).collect()
            };
            if round % 7 == 0 && !list.is_empty() {
                let k = rng.below(list.len());
                list.insert(k, options + k);
            }
            if round % 5 == 0 && !list.is_empty() {
                list.push(list[0]);
            }
            let mut bulk = Band::try_new(&problem).unwrap();
            let mut each = Band::try_new(&problem).unwrap();
            if round % 3 == 0 {
                let excluded = rng.below(options);
                bulk.exclude(excluded).unwrap();
                each.exclude(excluded).unwrap();
            }
            let one_by_one = list.iter().try_for_each(|&o| each.force(o));
            assert_eq!(bulk.force_all(&list), one_by_one, "{list:?}");
            assert!(bulk.same_state(&each), "{list:?}");
            assert_eq!(bulk.stats(), each.stats());
            assert_eq!(bulk.search(usize::MAX), each.search(usize::MAX));
        }
    }
}

/// A digit with no candidate left in a band at the root (every option of digit 1 in the
/// first band excluded from the whole matrix) fails the root: a subband emptied before the
/// root's first update is still updated, and found without a permutation of minirows.
#[test]
fn a_band_without_a_digit_fails_the_root() {
    let full = classic();
    let mut engine = Band::try_new(&full).unwrap();
    assert!(engine.on_grid());
    for cell in 0..27 {
        engine.exclude(9 * cell).unwrap();
    }
    let mut links = <Dlx as Search>::new(&full);
    for cell in 0..27 {
        links.exclude(9 * cell).unwrap();
    }
    links.counters_mut().set_max_nodes(Some(10_000));
    assert_eq!(links.search(usize::MAX), Some(Step::Exhausted));
    assert_eq!(engine.search(usize::MAX), Some(Step::Exhausted));
    assert_eq!(engine.stats().nodes, 1);
}

#[test]
fn a_spent_budget_gives_up_and_resumes_where_it_stopped() {
    let full = classic();
    let (problem, _) = reduced(&full, &givens(PUZZLES[2]));
    let whole = all_solutions(&mut Band::try_new(&problem).unwrap());
    let mut engine = Band::try_new(&problem).unwrap();
    engine.counters_mut().set_max_nodes(Some(5));
    let mut found = Vec::new();
    let mut budget = 5;
    loop {
        match engine.search(usize::MAX) {
            Some(Step::Solution) => {
                let mut s = Vec::new();
                engine.solution(&mut s);
                found.push(s);
            }
            Some(Step::GaveUp) => {
                budget += 5;
                engine.counters_mut().set_max_nodes(Some(budget));
            }
            Some(Step::Exhausted) => break,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(found, whole);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random puzzles (a few givens of a shuffled full grid, some changed at random, so
    /// with 0, 1 or many solutions) have the links' solutions, forced on the whole matrix
    /// and taken out of it.
    #[test]
    fn random_puzzles_have_the_solutions_of_the_links(seed in any::<u64>(), givens in 25usize..40) {
        let mut rng = Rng::new(seed);
        let full = classic();
        let mut band = Band::try_new(&full).unwrap();
        // A full grid: the first solution with the first row's digits shuffled.
        let mut digits: Vec<usize> = (0..9).collect();
        rng.shuffle(&mut digits);
        band.force_all(&digits.iter().enumerate().map(|(c, &d)| c * 9 + d).collect::<Vec<_>>()).unwrap();
        prop_assert_eq!(band.search(usize::MAX), Some(Step::Solution));
        let mut solution = Vec::new();
        band.solution(&mut solution);
        rng.shuffle(&mut solution);
        let mut chosen: Vec<usize> = solution[..givens].to_vec();
        // Change a given's digit now and then.
        if rng.below(3) == 0 {
            let o = chosen[0];
            chosen[0] = o / 9 * 9 + (o % 9 + 1 + rng.below(8)) % 9;
        }
        let mut links = <Dlx as Search>::new(&full);
        let mut forced = Band::try_new(&full).unwrap();
        if links.force_all(&chosen).is_err() {
            prop_assert!(forced.force_all(&chosen).is_err());
            return Ok(());
        }
        forced.force_all(&chosen).unwrap();
        let expected = as_set(all_solutions(&mut links));
        prop_assert_eq!(as_set(all_solutions(&mut forced)), expected.clone());
        let (problem, _) = reduced(&full, &chosen);
        if let Some(mut engine) = Band::try_new(&problem) {
            let dlx = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
            prop_assert_eq!(as_set(all_solutions(&mut engine)), dlx.clone());
            prop_assert_eq!(dlx.len(), expected.len());
        }
    }
}

/// A grid's last alternatives are tried in place (each level so has no node of its own
/// left): the 436 solutions of `PUZZLES[2]`, the invariants checked at each, are the
/// links', and so are those of each subtree opened by `descend` under the root's branch,
/// which together make the whole.
#[test]
fn the_last_alternatives_tried_in_place_keep_the_tree_and_its_subtrees() {
    let full = classic();
    let (problem, _) = reduced(&full, &givens(PUZZLES[2]));
    let links = as_set(all_solutions(&mut <Dlx as Search>::new(&problem)));
    assert_eq!(links.len(), 436);
    let mut engine = Band::try_new(&problem).unwrap();
    let Band::Grid(tree) = &engine else {
        panic!("a puzzle's export runs on grids")
    };
    assert_eq!(tree.in_place, 0);
    let (mut found, mut in_place) = (Vec::new(), 0);
    while let Some(Step::Solution) = engine.search(usize::MAX) {
        let mut s = Vec::new();
        engine.solution(&mut s);
        found.push(s);
        engine.check().unwrap();
        if let Band::Grid(tree) = &engine {
            in_place = in_place.max(tree.in_place);
        }
    }
    assert!(in_place > 1, "{in_place} levels in place at most");
    assert_eq!(as_set(found), links);
    // The root's branch: each of its options opens a subtree, searched alone.
    let mut root = Band::try_new(&problem).unwrap();
    assert_eq!(root.search(1), None);
    let mut first = Vec::new();
    root.choices(&mut first);
    assert_eq!(first.len(), 1, "the search stands below the root's branch");
    let Band::Grid(tree) = &root else {
        unreachable!()
    };
    let (cell, _) = tree.frames[0].branch_cell().unwrap();
    let mut whole = Vec::new();
    let mut after = None;
    while let Some(o) = tree.frames[0].next_at(&tree.shape, cell, after) {
        after = Some(Grid::place_of(&tree.shape, o).1);
        let mut part = Band::try_new(&problem).unwrap();
        part.descend(o);
        let solutions = all_solutions(&mut part);
        assert!(solutions.iter().all(|s| s.contains(&o)));
        whole.extend(solutions);
    }
    assert_eq!(as_set(whole), links);
}

/// The options of a solution handed over one by one (as the Sudoku front end decodes them)
/// are the solution's, at every solution: on grids with the givens forced, on grids with
/// them taken out (phantom givens, shuffled), and on frames (the X variant). Handed over
/// in increasing order at once, they are the solution's on the first (its options numbered
/// in order, all 729), and the others decline.
#[test]
fn each_solution_option_is_an_option_of_the_solution() {
    let full = classic();
    let x = matrix(&Rules::classic(Shape::CLASSIC).with_x());
    let mut rng = Rng::new(38);
    let mut solutions = 0;
    for line in &PUZZLES[..3] {
        let given = givens(line);
        let (export, _) = reduced(&full, &given);
        let export = shuffled(&export, &mut rng);
        let (mut forced, mut frames) = (Band::try_new(&full).unwrap(), Band::try_new(&x).unwrap());
        forced.force_all(&given).unwrap();
        frames.force_all(&given[..given.len() / 2]).unwrap();
        let bands = [forced, Band::try_new(&export).unwrap(), frames];
        for (k, mut band) in bands.into_iter().enumerate() {
            let (mut out, mut each) = (Vec::new(), Vec::new());
            for _ in 0..50 {
                match band.search(usize::MAX) {
                    Some(Step::Solution) => {}
                    Some(Step::Exhausted) => break,
                    other => panic!("{other:?}"),
                }
                band.solution(&mut out);
                band.each_solution_option(&mut Vec::new(), |o| each.push(o));
                out.sort_unstable();
                each.sort_unstable();
                assert_eq!(each, out, "{line}");
                let mut sorted = [0u16; 81];
                assert_eq!(band.solution_in_order(&mut sorted), k == 0, "{line}");
                if k == 0 {
                    let sorted: Vec<usize> = sorted.iter().map(|&o| usize::from(o)).collect();
                    assert_eq!(sorted, out, "{line}");
                }
                each.clear();
                solutions += 1;
            }
        }
    }
    assert!(solutions > 100, "{solutions}");
}
