//! The group, the totals and the counts up to symmetry against published values and against
//! brute force on random symmetric problems.

use num_bigint::BigUint;

use super::*;
use crate::count::Count;
use crate::problem::{Problem, ProblemBuilder};
use crate::problems::queens;
use crate::solver::{Engine, Solver};

#[test]
fn the_queens_groups_are_the_squares() {
    for n in [4, 5, 6, 8] {
        let problem = crate::problems::queens(n);
        assert_eq!(
            *group(&problem).unwrap().order(),
            BigUint::from(8u32),
            "{n} queens"
        );
    }
}

#[test]
fn queens_counted_with_the_group_and_up_to_it_match_oeis() {
    // A000170 and A002562.
    for (n, all, classes) in [
        (4, 2u64, 1u64),
        (5, 10, 2),
        (6, 4, 1),
        (7, 40, 6),
        (8, 92, 12),
        (9, 352, 46),
        (10, 724, 92),
    ] {
        let problem = crate::problems::queens(n);
        let g = group(&problem).unwrap();
        assert_eq!(count(&problem, &g, 1).total, all, "{n} queens");
        assert_eq!(count(&problem, &g, 3).total, all, "{n} queens, 3 threads");
        assert_eq!(
            count_up_to_symmetry(&problem, &g, 1).unwrap(),
            classes,
            "{n} queens"
        );
        let mut sizes = 0;
        let mut families_seen = 0;
        families(&problem, &g, |f| {
            sizes += f.size as u64;
            families_seen += 1;
            true
        })
        .unwrap();
        assert_eq!(
            (families_seen, sizes),
            (classes, all),
            "{n} queens' families"
        );
    }
}

#[test]
fn a_count_up_to_symmetry_gives_up_when_stop_says_so_and_not_before() {
    let problem = crate::problems::queens(8);
    let g = group(&problem).unwrap();
    let never = count_up_to_symmetry_until(&problem, &g, 1, &|| false).unwrap();
    assert_eq!(never, Some(Count::exact(12u32)));
    assert_eq!(
        count_up_to_symmetry_until(&problem, &g, 1, &|| true).unwrap(),
        None
    );
    // Asked once per element at least: a stop that answers yes from its second question on
    // ends the count among the quotients, after the total was counted.
    let asked = std::sync::atomic::AtomicUsize::new(0);
    let later = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 1;
    assert_eq!(
        count_up_to_symmetry_until(&problem, &g, 1, &later).unwrap(),
        None
    );
    assert!(asked.into_inner() >= 2);
}

#[test]
fn representatives_keep_one_solution_of_each_orbit_with_its_size() {
    // A002562 and A000170: 6 queens' 4 solutions in 1 class, 8 queens' 92 in 12.
    for (n, all, classes) in [(6, 4usize, 1usize), (8, 92, 12)] {
        let problem = crate::problems::queens(n);
        let g = group(&problem).unwrap();
        let test = Representatives::new(&problem, &g).unwrap();
        let mut solver = Solver::new(&problem);
        let mut kept = Vec::new();
        while let Some(solution) = solver.next_solution().unwrap() {
            if let Some(family) = test.family(&solution) {
                let mut sorted = solution.clone();
                sorted.sort_unstable();
                assert_eq!(family.representative, sorted, "{n} queens");
                kept.push(family);
            }
        }
        assert_eq!(kept.len(), classes, "{n} queens");
        assert_eq!(
            kept.iter().map(|f| f.size).sum::<usize>(),
            all,
            "{n} queens"
        );
    }
}

/// A random problem closed under the group that a random permutation of its items generates:
/// every image of every option is an option.
fn symmetric_problem(seed: u64) -> Problem {
    let mut rng = crate::rng::Rng::new(seed);
    let primary = 3 + rng.below(6);
    let secondary = rng.below(3);
    let items = primary + secondary;
    // A permutation of the primary items and one of the secondary items: random cycles.
    let mut perm: Vec<usize> = (0..items).collect();
    for range in [0..primary, primary..items] {
        let mut part: Vec<usize> = range.clone().collect();
        for k in (1..part.len()).rev() {
            part.swap(k, rng.below(k + 1));
        }
        for (at, i) in range.enumerate() {
            perm[i] = part[at];
        }
    }
    // Options as (item, color) mentions; a secondary item is colored one time in two.
    let mut options: Vec<Vec<(usize, Option<u32>)>> = Vec::new();
    for _ in 0..2 + rng.below(5) {
        let size = 1 + rng.below(3);
        let mut option: Vec<usize> = (0..size).map(|_| rng.below(items)).collect();
        option.push(rng.below(primary));
        option.sort_unstable();
        option.dedup();
        let mut image: Vec<(usize, Option<u32>)> = option
            .into_iter()
            .map(|i| {
                (
                    i,
                    (i >= primary && rng.below(2) == 0).then(|| rng.below(2) as u32),
                )
            })
            .collect();
        loop {
            if options.contains(&image) {
                break;
            }
            options.push(image.clone());
            image = image.iter().map(|&(i, c)| (perm[i], c)).collect();
            image.sort_unstable();
        }
    }
    let mut builder = ProblemBuilder::new(primary, secondary);
    for option in &options {
        builder.colored_option(option.iter().copied()).unwrap();
    }
    builder.build().unwrap()
}

#[test]
fn random_symmetric_problems_with_colors_agree_with_brute_force() {
    let mut colored = 0;
    let mut symmetric = 0;
    for seed in 0..300 {
        let problem = symmetric_problem(seed);
        colored += usize::from(problem.has_colors());
        let g = group(&problem).unwrap();
        symmetric += usize::from(!g.is_trivial());
        let elements = g.elements().unwrap();
        assert_eq!(BigUint::from(elements.len()), *g.order(), "seed {seed}");
        // Every element maps the options onto the options.
        let as_set = |k: usize| {
            let mut items: Vec<usize> = problem.option(k).collect();
            items.sort_unstable();
            items
        };
        let all: std::collections::HashSet<Vec<usize>> =
            (0..problem.option_count()).map(as_set).collect();
        for e in &elements {
            for k in 0..problem.option_count() {
                let mut image: Vec<usize> = as_set(k).iter().map(|&i| e.item(i)).collect();
                image.sort_unstable();
                assert!(all.contains(&image), "seed {seed}");
                assert_eq!(image, as_set(e.option(k)), "seed {seed}");
            }
        }
        // The solutions, and their orbits by brute force.
        let mut solver = Solver::new(&problem);
        let mut solutions = Vec::new();
        while let Some(mut s) = solver.next_solution().unwrap() {
            s.sort_unstable();
            solutions.push(s);
        }
        let mut canonical: Vec<Vec<usize>> = solutions
            .iter()
            .map(|s| {
                elements
                    .iter()
                    .map(|e| {
                        let mut image: Vec<usize> = s.iter().map(|&k| e.option(k)).collect();
                        image.sort_unstable();
                        image
                    })
                    .min()
                    .unwrap()
            })
            .collect();
        canonical.sort();
        canonical.dedup();
        for jobs in [1, 2] {
            assert_eq!(
                count(&problem, &g, jobs).total,
                solutions.len() as u64,
                "seed {seed}"
            );
        }
        assert_eq!(
            count_up_to_symmetry(&problem, &g, 1).unwrap(),
            canonical.len() as u64,
            "seed {seed}"
        );
        let mut listed = 0;
        families(&problem, &g, |f| {
            assert!(canonical.contains(&f.representative), "seed {seed}");
            listed += 1;
            true
        })
        .unwrap();
        assert_eq!(listed, canonical.len(), "seed {seed}");
    }
    // The cases exercise colors and nontrivial groups.
    assert!(
        colored > 50 && symmetric > 150,
        "{colored} colored, {symmetric} symmetric"
    );
}

#[test]
fn every_engine_counts_the_walks_subproblems_to_the_same_total() {
    let engines = [
        Engine::Auto,
        Engine::Links,
        Engine::Bits,
        Engine::Propagate,
        Engine::Learn,
        Engine::Mcc,
        Engine::MccBits,
    ];
    let mut problems: Vec<Problem> = (0..60).map(symmetric_problem).collect();
    problems.extend([queens(6), queens(8), crate::problems::langford(7, false)]);
    for (at, problem) in problems.iter().enumerate() {
        let g = group(problem).unwrap();
        let mut plain = Solver::new(problem);
        let total = plain.count(None).unwrap();
        for engine in engines {
            for jobs in [1, 2] {
                let how = Counting {
                    engine,
                    ..Counting::on(jobs)
                };
                let counted = count_with(problem, &g, how, &|| false);
                assert_eq!(
                    counted.total, total,
                    "problem {at}, {engine:?}, {jobs} jobs"
                );
                assert!(!counted.gave_up);
            }
        }
    }
}

#[test]
fn a_node_budget_stops_the_subproblems_at_it_on_one_thread_with_a_lower_bound() {
    let problem = queens(10);
    let g = group(&problem).unwrap();
    let whole = count(&problem, &g, 1);
    assert_eq!(whole.total, 724u64);
    for budget in [1, 10, 100, whole.stats.nodes - 1] {
        let how = Counting {
            max_nodes: Some(budget),
            ..Counting::on(1)
        };
        let cut = count_with(&problem, &g, how, &|| false);
        assert!(cut.gave_up, "budget {budget}");
        assert_eq!(cut.stats.nodes, budget);
        assert!(!cut.total.is_exact());
        assert!(cut.total.value() <= whole.total.value(), "budget {budget}");
    }
    let enough = Counting {
        max_nodes: Some(whole.stats.nodes),
        ..Counting::on(2)
    };
    let counted = count_with(&problem, &g, enough, &|| false);
    assert_eq!((counted.total, counted.gave_up), (whole.total, false));
}

#[test]
fn the_pieces_weighted_and_the_solutions_above_them_add_up_to_the_total() {
    let mut problems: Vec<Problem> = (0..80).map(symmetric_problem).collect();
    problems.extend([queens(6), queens(8)]);
    for (at, problem) in problems.iter().enumerate() {
        let g = group(problem).unwrap();
        let total = Solver::new(problem).count(None).unwrap();
        for min in [1, 3, 20, 200] {
            let pieces = Pieces::at_least(problem, &g, min);
            assert_eq!(pieces, Pieces::after(problem, &g, pieces.rounds));
            let (narrow, renumbered) = pieces.narrowed(problem);
            let mut solver = Solver::new(&narrow);
            let mut sum = pieces.solutions.clone();
            for (forced, weight) in &renumbered {
                let (found, _) = count_piece(&mut solver, forced, &|| false).unwrap();
                sum += BigUint::from(found) * *weight;
            }
            assert_eq!(Count::exact(sum), total, "problem {at}, {min} pieces");
        }
    }
}

/// `n` items, each covered by an option of its own: the group S_n, whose order nauty takes
/// time cubic in `n` to find (1,000: 1.6 s; 4,000: 85 s).
fn chain(n: usize) -> Problem {
    let mut b = ProblemBuilder::new(n, 0);
    for i in 0..n {
        b.option([i]).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn a_stopped_group_reports_the_stop_and_the_next_call_finds_the_right_order() {
    let long = chain(2000);
    assert_eq!(
        group_until(&long, &|| true).unwrap_err(),
        SymmetryError::Stopped
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(50);
    let stopped = group_until(&long, &|| std::time::Instant::now() >= deadline);
    assert_eq!(stopped.unwrap_err(), SymmetryError::Stopped);
    // The kill request was cleared: the next calls on this thread run to the end.
    assert_eq!(*group(&queens(8)).unwrap().order(), BigUint::from(8u32));
    let never = group_until(&queens(8), &|| false).unwrap();
    assert_eq!(*never.order(), BigUint::from(8u32));
    let small = group_until(&chain(6), &|| false).unwrap();
    assert_eq!(*small.order(), BigUint::from(720u32));
}

#[test]
fn a_stop_on_one_thread_never_reaches_a_group_computed_on_another() {
    let long = chain(2000);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for _ in 0..20 {
                assert_eq!(
                    group_until(&long, &|| true).unwrap_err(),
                    SymmetryError::Stopped
                );
            }
        });
        for _ in 0..20 {
            let found = group_until(&queens(8), &|| false).unwrap();
            assert_eq!(*found.order(), BigUint::from(8u32));
        }
    });
}
