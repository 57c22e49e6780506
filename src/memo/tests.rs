//! Unit tests of the memo: counts against a brute force over every subset of options, with
//! and without colors and multiplicities, under every choice of items and a table small
//! enough to evict.

use super::*;
use crate::ProblemBuilder;
use crate::rng::Rng;

/// Whether the options `chosen` solve `problem`: every primary item within its bounds (once
/// when it has none), every secondary item at most once or always with one same color.
fn solves(problem: &Problem, chosen: &[usize]) -> bool {
    let mut times = vec![0u32; problem.item_count()];
    let mut colors = vec![None; problem.item_count()];
    for &k in chosen {
        for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
            times[i] += 1;
            if problem.is_primary(i) {
                continue;
            }
            match (c, colors[i]) {
                (Some(c), None) if times[i] == 1 => colors[i] = Some(c),
                (Some(c), Some(d)) if c == d => {}
                _ if times[i] == 1 => {}
                _ => return false,
            }
        }
    }
    (0..problem.primary_items()).all(|i| {
        let (u, v) = problem.bounds(i).unwrap_or((1, 1));
        (u..=v).contains(&times[i])
    })
}

/// The solutions of `problem`, by trying every subset of its options.
fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let n = problem.option_count();
    let ignored: Vec<usize> = problem.ignored_options().collect();
    (0u32..1 << n)
        .map(|set| (0..n).filter(|k| set & 1 << k != 0).collect::<Vec<_>>())
        .filter(|chosen| chosen.iter().all(|k| !ignored.contains(k)) && solves(problem, chosen))
        .collect()
}

/// A random problem of up to 14 options over 6 primary and 3 secondary items.
fn random_problem(rng: &mut Rng, colors: bool) -> Problem {
    let (primary, secondary) = (1 + rng.below(6), rng.below(4));
    let mut b = ProblemBuilder::new(primary, secondary);
    for _ in 0..1 + rng.below(14) {
        let mut mentions = Vec::new();
        for i in 0..primary + secondary {
            if rng.below(3) == 0 {
                let color = (colors && i >= primary && rng.below(2) == 0).then(|| rng.below(2));
                mentions.push((i, color.map(|c| c as u32)));
            }
        }
        if mentions.is_empty() {
            mentions.push((rng.below(primary), None));
        }
        b.colored_option(mentions).expect("a valid option");
    }
    b.build().expect("a small problem")
}

/// `problem` with random bounds `u..=v` (`u` up to 2, `v` up to 3) on its primary items.
fn with_random_bounds(rng: &mut Rng, problem: &Problem) -> Problem {
    let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    for i in 0..problem.primary_items() {
        let u = rng.below(3) as u32;
        b.bounds(i, u, (u + rng.below(2) as u32).max(1)).unwrap();
    }
    for k in 0..problem.option_count() {
        b.colored_option(problem.option(k).zip(problem.option_colors(k)))
            .unwrap();
    }
    b.build().unwrap()
}

#[test]
fn counts_and_diagrams_agree_with_brute_force_on_random_problems() {
    let mut rng = Rng::new(26);
    for round in 0..900 {
        let problem = random_problem(&mut rng, round % 2 == 1);
        let problem = if round % 3 == 2 {
            with_random_bounds(&mut rng, &problem)
        } else {
            problem
        };
        let mut expected = brute_force(&problem);
        expected.sort();
        for choice in [Choice::Mrv, Choice::MrvLast, Choice::Leftmost] {
            let mut nodes = Vec::new();
            for max_bytes in [0, 1 << 20] {
                let config = MemoConfig { max_bytes, choice };
                let mut memo = Memo::new(&problem, config).unwrap();
                assert_eq!(memo.count(), expected.len() as u64, "{problem:?}");
                // The diagram in 1 MiB beside a table of `max_bytes / 2`, which evicts at 0.
                let zdd = memo.zdd_within(1 << 20, || false).unwrap().unwrap();
                nodes.push(zdd.nodes().len());
                assert_eq!(zdd.count(), expected.len() as u64);
                let mut paths: Vec<Vec<usize>> = zdd
                    .solutions()
                    .map(|mut s| {
                        s.sort();
                        s
                    })
                    .collect();
                paths.sort();
                assert_eq!(paths, expected, "{problem:?}");
            }
            // The nodes are unique: as many whatever the table evicted.
            assert_eq!(nodes[0], nodes[1], "{problem:?}");
        }
    }
}

#[test]
fn forced_options_leave_the_solutions_that_contain_them() {
    // Items 0..3; options {0,1} {2} {0} {1,2} {1}: solutions {0,1}+{2}, {0}+{1,2}, {0}+{1}+{2}.
    let mut b = ProblemBuilder::new(3, 0);
    for option in [&[0, 1][..], &[2], &[0], &[1, 2], &[1]] {
        b.option(option.iter().copied()).unwrap();
    }
    let problem = b.build().unwrap();
    let mut memo = Memo::new(&problem, MemoConfig::default()).unwrap();
    memo.force(2).unwrap();
    assert_eq!(memo.count(), 2);
    assert_eq!(memo.force(0), Err(ForceError::Conflict { option: 0 }));
    assert_eq!(memo.force(9), Err(ForceError::NotInSearch { option: 9 }));
}

#[test]
fn multiplicities_count_each_set_of_options_once_and_forced_options_count_against_bounds() {
    // Item 0 `1:2`, item 1 `0:1`; options a = {0}, b = {0}, c = {0, 1}, d = {1}: nine sets,
    // {a} {b} {c} {a, b} {a, c} {b, c} {a, d} {b, d} {a, b, d}; three of them with c.
    let mut b = ProblemBuilder::new(2, 0);
    b.bounds(0, 1, 2).unwrap();
    b.bounds(1, 0, 1).unwrap();
    for option in [&[0][..], &[0], &[0, 1], &[1]] {
        b.option(option.iter().copied()).unwrap();
    }
    let problem = b.build().unwrap();
    assert_eq!(brute_force(&problem).len(), 9);
    let mut memo = Memo::new(&problem, MemoConfig::default()).unwrap();
    assert_eq!(memo.count(), 9);
    memo.force(2).unwrap();
    assert_eq!(memo.force(2), Err(ForceError::Conflict { option: 2 }));
    assert_eq!(memo.count(), 3);
}

#[test]
fn samples_are_solutions_and_repeat_with_their_seed() {
    let mut rng = Rng::new(7);
    for _ in 0..50 {
        let problem = random_problem(&mut rng, true);
        let zdd = Memo::new(&problem, MemoConfig::default())
            .unwrap()
            .zdd()
            .unwrap();
        let sample: Vec<Vec<usize>> = zdd.sample(20, 3).collect();
        assert_eq!(sample, zdd.sample(20, 3).collect::<Vec<_>>());
        assert_eq!(sample.is_empty(), zdd.count().is_zero());
        assert!(sample.iter().all(|s| solves(&problem, s)));
    }
}

#[test]
fn samples_are_drawn_one_at_a_time_however_many_are_asked_for() {
    // The domino tilings of a 2x3 board: cells 0 1 2 / 3 4 5, three tilings.
    let mut b = ProblemBuilder::new(6, 0);
    for pair in [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]] {
        b.option(pair).unwrap();
    }
    let problem = b.build().unwrap();
    let zdd = Memo::new(&problem, MemoConfig::default())
        .unwrap()
        .zdd()
        .unwrap();
    // 2^64 - 1 draws: nothing is made before it is asked for.
    let mut samples = zdd.sample(u64::MAX, 5);
    let first: Vec<Vec<usize>> = samples.by_ref().take(1000).collect();
    assert!(first.iter().all(|s| solves(&problem, s)));
    assert_eq!(first[..10], zdd.sample(10, 5).collect::<Vec<_>>()[..]);
    assert_eq!(samples.size_hint().1, usize::try_from(u64::MAX - 1000).ok());
}

#[test]
fn a_diagram_that_passes_its_bound_is_refused_and_one_within_it_is_whole() {
    // The domino tilings of a 2x8 board: cells 0..8 above 8..16, 34 tilings.
    let mut b = ProblemBuilder::new(16, 0);
    for c in 0..8 {
        b.option([c, c + 8]).unwrap();
        if c < 7 {
            b.option([c, c + 1]).unwrap();
            b.option([c + 8, c + 9]).unwrap();
        }
    }
    let problem = b.build().unwrap();
    let whole = Memo::new(&problem, MemoConfig::default())
        .unwrap()
        .zdd()
        .unwrap();
    assert_eq!(whole.count(), 34);
    let config = MemoConfig {
        max_bytes: 200,
        choice: Choice::Mrv,
    };
    let mut memo = Memo::new(&problem, config).unwrap();
    match memo.zdd() {
        Err(MemoError::DiagramTooLarge { nodes, max_bytes }) => {
            assert_eq!(max_bytes, 100);
            assert!(nodes < whole.nodes().len());
        }
        other => panic!("{other:?}"),
    }
    assert!(memo.stats().diagram_peak_bytes <= 100);
    // Within its bound, beside a table that evicts, the same number of nodes.
    let mut memo = Memo::new(
        &problem,
        MemoConfig {
            max_bytes: 0,
            ..config
        },
    )
    .unwrap();
    let small = memo.zdd_within(1 << 16, || false).unwrap().unwrap();
    assert!(memo.stats().evictions > 0);
    assert_eq!(small.nodes().len(), whole.nodes().len());
    assert_eq!(small.count(), 34);
}

#[test]
fn copies_of_one_option_cost_a_kill_each_not_one_per_pair() {
    // Before: choosing each copy covered `a` again, killing every other copy: 999,000 kills
    // for 1,000 copies of `a b`.
    let copies = 1000;
    let mut b = ProblemBuilder::new(2, 0);
    for _ in 0..copies {
        b.option([0, 1]).unwrap();
    }
    let mut memo = Memo::new(&b.build().unwrap(), MemoConfig::default()).unwrap();
    assert_eq!(memo.count(), copies);
    assert!(memo.state.kills() <= 2 * copies, "{}", memo.state.kills());
    assert_eq!(memo.zdd().unwrap().solutions().count(), copies as usize);
}

#[test]
fn with_multiplicities_a_try_costs_its_own_option_not_every_option_of_its_item() {
    // Item 0 `1:2` in 300 copies of {0}: 300 sets of one and 44,850 of two. Before: each try
    // killed the options below it one by one, and each try of bound 1 covered the item again,
    // millions of kills; now a kill or two a try.
    let copies = 300u64;
    let mut b = ProblemBuilder::new(1, 0);
    b.bounds(0, 1, 2).unwrap();
    for _ in 0..copies {
        b.option([0]).unwrap();
    }
    let mut memo = Memo::new(&b.build().unwrap(), MemoConfig::default()).unwrap();
    assert_eq!(memo.count(), copies + copies * (copies - 1) / 2);
    let (kills, choices) = (memo.state.kills(), memo.stats().choices);
    assert!(
        kills <= 2 * (choices + copies),
        "{kills} kills, {choices} choices"
    );
}
