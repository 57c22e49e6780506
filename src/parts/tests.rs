//! The parts' tests: splits that add up to one search, with and without the group, the
//! files read back and refused where they must be, and the ledger.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use super::*;
use crate::Solver;
use crate::problems::{langford, queens};

static GO: AtomicBool = AtomicBool::new(false);

#[test]
fn fnv1a_128_gives_the_published_test_vectors() {
    // draft-eastlake-fnv, appendix C.
    assert_eq!(fnv1a_128(b""), 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d);
    assert_eq!(fnv1a_128(b"a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
    assert_eq!(
        fnv1a_128(b"foobar"),
        0x343e_1662_793c_64bf_6f0d_3597_ba44_6f18
    );
}

#[test]
fn fingerprints_tell_apart_problems_that_differ_in_one_item() {
    let build = |primary, options: &[&[usize]]| {
        let mut b = crate::ProblemBuilder::new(primary, 3 - primary);
        for option in options {
            b.option(option.iter().copied()).unwrap();
        }
        Fingerprint::of(&b.build().unwrap())
    };
    let base = build(2, &[&[0, 1], &[1, 2]]);
    assert_eq!(base, build(2, &[&[0, 1], &[1, 2]]));
    assert_ne!(
        base,
        build(3, &[&[0, 1], &[1, 2]]),
        "another secondary item"
    );
    assert_ne!(base, build(2, &[&[0, 1], &[0, 2]]), "another item");
    assert_ne!(
        base,
        build(2, &[&[1, 2], &[0, 1]]),
        "options in another order"
    );
    assert_ne!(
        base,
        build(2, &[&[1, 0], &[1, 2]]),
        "items in another order"
    );
    assert!("0123".parse::<Fingerprint>().is_err());
    assert!("g".repeat(32).parse::<Fingerprint>().is_err());
}

/// Solves every part of `split` on `jobs` threads and merges the results.
fn solve_all(problem: &Problem, split: &Split, jobs: usize) -> Total {
    let ids: Vec<usize> = (0..split.len()).collect();
    let ledger = std::sync::Mutex::new(Ledger::new(split.header().clone()));
    solve_parts(problem, split, &ids, jobs, &GO, |result| {
        ledger.lock().unwrap().record(result, "test").unwrap();
        ControlFlow::Continue(())
    })
    .unwrap();
    ledger.into_inner().unwrap().total().unwrap()
}

fn sequential(problem: &Problem) -> Total {
    let mut solver = Solver::new(problem);
    solver.count(None).unwrap();
    solver.stats().into()
}

#[test]
fn the_parts_and_the_work_above_the_cut_add_up_to_one_search() {
    for problem in [
        queens(1),
        queens(3),
        queens(6),
        queens(8),
        langford(7, false),
    ] {
        let whole = sequential(&problem);
        for min_parts in [0, 1, 2, 10, 100, 1000] {
            let split = Split::new(&problem, min_parts, &GO).unwrap();
            assert!(split.is_empty() || split.len() >= min_parts);
            assert_eq!(solve_all(&problem, &split, 2), whole, "{min_parts} parts");
        }
    }
}

/// A random problem with bounds on its primary items (one to four, lower bound 0 to 2,
/// upper bound up to two more), up to two secondary items with three colors, and three to
/// nine options of one to three items.
fn random_bounded(rng: &mut crate::rng::Rng) -> Problem {
    let (primary, secondary) = (1 + rng.below(4), rng.below(3));
    let mut b = crate::ProblemBuilder::new(primary, secondary);
    for i in 0..primary {
        let lower = rng.below(3) as u32;
        b.bounds(i, lower, (lower + rng.below(3) as u32).max(1))
            .unwrap();
    }
    for _ in 0..3 + rng.below(7) {
        let mut items: Vec<usize> = (0..primary + secondary).collect();
        rng.shuffle(&mut items);
        items.truncate(1 + rng.below(3));
        let colored = items.into_iter().map(|i| {
            let color = rng.below(4) as u32;
            (i, Some(color).filter(|&c| c < 3 && i >= primary))
        });
        b.colored_option(colored).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn the_parts_of_problems_with_bounds_add_up_to_one_search_of_knuths_tree() {
    let mut rng = crate::rng::Rng::new(51);
    for _ in 0..400 {
        let problem = random_bounded(&mut rng);
        let mut links = Solver::with_engine(&problem, crate::Engine::Links);
        links.count(None).unwrap();
        let whole = Total::from(links.stats());
        for min_parts in [1, 2, 3, 5, 10] {
            let split = Split::new(&problem, min_parts, &GO).unwrap();
            assert_eq!(split.check(&problem, &GO), Ok(()), "{min_parts} parts");
            let again = Split::at_depth(&problem, split.header().depth, &GO).unwrap();
            assert_eq!(again, split, "{min_parts} parts");
            assert_eq!(
                solve_all(&problem, &split, 1),
                whole,
                "{min_parts} parts of\n{}",
                crate::knuth::write(&problem)
            );
        }
    }
}

#[test]
#[cfg(feature = "symmetry")]
fn weighted_parts_with_the_group_add_up_to_the_count_and_survive_their_file() {
    for problem in [
        queens(1),
        queens(3),
        queens(6),
        queens(8),
        langford(7, false),
    ] {
        let mut solver = Solver::new(&problem);
        let count = solver.count(None).unwrap();
        for min_parts in [0, 1, 5, 40, 300] {
            let split = Split::with_symmetry(&problem, min_parts, &GO).unwrap();
            assert!(split.header().has_symmetry());
            let mut file = Vec::new();
            split.write_to(&mut file).unwrap();
            let read = Split::read_from(&file[..]).unwrap();
            assert_eq!(read, split);
            assert_eq!(read.check(&problem, &GO), Ok(()));
            let again = Split::remade(&problem, split.header(), &GO).unwrap();
            assert_eq!(again, split, "{min_parts} parts");
            assert_eq!(
                solve_all(&problem, &split, 2).solutions,
                count,
                "{min_parts} parts"
            );
        }
    }
    let split = Split::with_symmetry(&queens(6), 4, &GO).unwrap();
    assert!(matches!(
        split.check(&queens(7), &GO),
        Err(CheckError::OtherProblem { .. })
    ));
}

#[test]
#[cfg(feature = "symmetry")]
fn a_part_without_its_weight_or_with_one_it_should_not_have_is_refused_with_its_line() {
    let weighted = Split::with_symmetry(&queens(6), 4, &GO).unwrap();
    let plain = Split::new(&queens(6), 4, &GO).unwrap();
    for (split, weight) in [(weighted, None), (plain, Some(3))] {
        let mut file = Vec::new();
        split.write_to(&mut file).unwrap();
        let text = String::from_utf8(file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut part = split.part(1);
        part.weight = weight;
        // A line with a valid checksum: the weight's absence, not the checksum, refused.
        lines[2] = file::checked_line(&part).trim_end().to_string();
        let read = Split::read_from(lines.join("\n").as_bytes());
        assert!(
            matches!(read, Err(ReadError::Inconsistent { line: 3, id: 1, .. })),
            "{read:?}"
        );
    }
}

#[test]
fn a_split_is_deterministic_and_survives_its_file() {
    let problem = queens(7);
    let split = Split::new(&problem, 30, &GO).unwrap();
    assert_eq!(split, Split::new(&problem, 30, &GO).unwrap());
    let mut file = Vec::new();
    split.write_to(&mut file).unwrap();
    let read = Split::read_from(&file[..]).unwrap();
    assert_eq!(read, split);
    assert_eq!(read.check(&problem, &GO), Ok(()));
    let text = String::from_utf8(file).unwrap();
    assert_eq!(text.lines().count(), split.len() + 1);
}

#[test]
fn a_split_of_another_problem_or_another_tree_is_refused() {
    let split = Split::new(&queens(6), 10, &GO).unwrap();
    assert!(matches!(
        split.check(&queens(7), &GO),
        Err(CheckError::OtherProblem { .. })
    ));
    let mut moved = split.clone();
    moved.prefixes.swap(0, 1);
    assert_eq!(moved.check(&queens(6), &GO), Err(CheckError::OtherTree));
    let ids = [0];
    let solved = solve_parts(&queens(6), &moved, &ids, 1, &GO, |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(solved, Err(SolveError::Check(CheckError::OtherTree)));
}

#[test]
fn reading_a_parts_file_checks_order_count_and_agreement_with_the_header() {
    let split = Split::new(&queens(5), 4, &GO).unwrap();
    let mut file = Vec::new();
    split.write_to(&mut file).unwrap();
    let text = String::from_utf8(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let read = |lines: &[&str]| Split::read_from(lines.join("\n").as_bytes());
    assert!(matches!(read(&[]), Err(ReadError::NoHeader)));
    assert!(matches!(
        read(&lines[..lines.len() - 1]),
        Err(ReadError::PartCount { .. })
    ));
    let mut swapped = lines.clone();
    swapped.swap(1, 2);
    assert!(matches!(
        read(&swapped),
        Err(ReadError::OutOfOrder {
            line: 2,
            expected: 0,
            found: 1
        })
    ));
    let mut bad = lines.clone();
    let line = file::checked_line(&serde_json::json!({"id": 0, "fingerprint": "x"}));
    bad[1] = line.trim_end();
    assert!(matches!(read(&bad), Err(ReadError::Json { line: 2, .. })));
}

#[test]
fn an_edited_or_damaged_line_is_refused_by_its_checksum_with_its_line_named() {
    let split = Split::new(&queens(6), 4, &GO).unwrap();
    let mut file = Vec::new();
    split.write_to(&mut file).unwrap();
    let results: String = (0..3)
        .map(|id| result(id, Fingerprint(1), 1).to_line())
        .collect();
    for (k, text) in [String::from_utf8(file).unwrap(), results]
        .iter()
        .enumerate()
    {
        let lines: Vec<&str> = text.lines().collect();
        for line in 0..lines.len() {
            // Each byte of the line changed in turn, to another digit or letter (which
            // keeps the JSON valid where it was a digit).
            for at in 0..lines[line].len() {
                let mut bytes = lines[line].as_bytes().to_vec();
                bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
                let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                edited[line] = String::from_utf8(bytes).unwrap();
                let edited = edited.join("\n");
                let error = if k == 0 {
                    Split::read_from(edited.as_bytes()).err()
                } else {
                    read_results(edited.as_bytes()).find_map(Result::err)
                };
                let named = match error {
                    Some(
                        ReadError::BadChecksum { line }
                        | ReadError::NoChecksum { line }
                        | ReadError::Json { line, .. },
                    ) => line,
                    // A results line that is no longer JSON reads as torn, never summed.
                    None if k == 1 => {
                        let torn = read_results(edited.as_bytes())
                            .filter(|l| matches!(l, Ok((_, ResultLine::Torn))))
                            .count();
                        assert_eq!(torn, 1, "{edited}");
                        continue;
                    }
                    other => panic!("line {line} byte {at}: {other:?}"),
                };
                assert_eq!(named, line + 1, "byte {at}: {edited}");
            }
        }
    }
}

#[test]
fn a_count_that_is_a_bound_is_refused_even_with_its_checksum() {
    let mut bound = result(0, Fingerprint(1), 52);
    bound.count = Count::from_search(52, Some(52));
    let line = bound.to_line();
    let read: Vec<_> = read_results(line.as_bytes()).collect();
    assert!(matches!(read[..], [Err(ReadError::Bound { line: 1, .. })]));
    let header = Header {
        fingerprint: Fingerprint(1),
        depth: 1,
        parts: 0,
        above: Total {
            solutions: Count::from_search(52, Some(52)),
            ..Total::default()
        },
        symmetry: None,
    };
    let text = header.to_line();
    assert!(matches!(
        Header::from_line(1, &text),
        Err(ReadError::Bound { line: 1, .. })
    ));
    assert!(matches!(
        Split::read_from(text.as_bytes()),
        Err(ReadError::Bound { line: 1, .. })
    ));
}

#[test]
fn a_line_longer_than_the_bound_is_refused_without_reading_it_whole() {
    let long = format!("{{\"id\":0{}}}\n", " ".repeat(MAX_LINE_BYTES));
    let read: Vec<_> = read_results(long.as_bytes()).collect();
    assert!(matches!(
        read[..],
        [Err(ReadError::NotALine { line: 1, .. })]
    ));
    assert!(matches!(
        Split::read_from(long.as_bytes()),
        Err(ReadError::NotALine { line: 1, .. })
    ));
}

fn result(id: usize, fingerprint: Fingerprint, count: u128) -> PartResult {
    PartResult {
        id,
        fingerprint,
        count: count.into(),
        nodes: count + 1,
        updates: 2 * count,
        cleansings: 0,
        seconds: 0.5,
    }
}

#[test]
fn the_ledger_refuses_foreign_unknown_and_conflicting_results_and_lists_the_missing() {
    let fingerprint = Fingerprint(7);
    let mut ledger = Ledger::new(Header {
        fingerprint,
        depth: 2,
        parts: 5,
        above: Total::default(),
        symmetry: None,
    });
    ledger.record(result(1, fingerprint, 3), "a:1").unwrap();
    ledger.record(result(1, fingerprint, 3), "b:1").unwrap();
    assert!(matches!(
        ledger.record(result(2, Fingerprint(8), 3), "a:2"),
        Err(MergeError::OtherProblem { .. })
    ));
    assert!(matches!(
        ledger.record(result(5, fingerprint, 3), "a:3"),
        Err(MergeError::NoSuchPart { id: 5, .. })
    ));
    let conflict = ledger.record(result(1, fingerprint, 4), "b:2").unwrap_err();
    assert!(conflict.to_string().contains("at a:1"), "{conflict}");
    assert!(conflict.to_string().contains("at b:2"), "{conflict}");
    ledger.record(result(4, fingerprint, 0), "a:4").unwrap();
    let incomplete = ledger.total().unwrap_err();
    assert_eq!(incomplete.missing, [0, 2, 3]);
    assert_eq!(
        incomplete.to_string(),
        "3 of 5 parts have no result: 0, 2-3"
    );
    assert_eq!(ledger.done(), 2);
}

#[test]
fn counts_past_two_to_the_64_add_up_exactly_and_survive_their_lines() {
    let fingerprint = Fingerprint(1);
    let big = u128::from(u64::MAX);
    let mut ledger = Ledger::new(Header {
        fingerprint,
        depth: 1,
        parts: 3,
        above: Total {
            solutions: Count::exact(1u32),
            nodes: 1,
            updates: 1,
            cleansings: 0,
        },
        symmetry: None,
    });
    for id in 0..3 {
        let line = result(id, fingerprint, big).to_line();
        let read: Vec<_> = read_results(line.as_bytes()).collect();
        let [Ok((1, ResultLine::Done(back)))] = &read[..] else {
            panic!("{read:?}");
        };
        ledger.record(back.clone(), "line").unwrap();
    }
    let total = ledger.total().unwrap();
    assert_eq!(total.solutions, Count::exact(3 * big + 1));
    assert_eq!(total.solutions.to_string(), "55340232221128654846");
    assert_eq!(total.nodes, 3 * (big + 1) + 1);
}

#[test]
fn counts_past_two_to_the_128_are_carried_by_their_lines_and_summed_to_the_last_digit() {
    let fingerprint = Fingerprint(1);
    let mut ledger = Ledger::new(Header {
        fingerprint,
        depth: 1,
        parts: 2,
        above: Total::default(),
        symmetry: None,
    });
    for id in 0..2 {
        let mut part = result(id, fingerprint, 1);
        part.count = Count::exact(u128::MAX) + Count::exact(id as u64);
        let line = part.to_line();
        let read: Vec<_> = read_results(line.as_bytes()).collect();
        let [Ok((1, ResultLine::Done(back)))] = &read[..] else {
            panic!("{read:?}");
        };
        assert_eq!(back.count, part.count, "{line}");
        ledger.record(back.clone(), "line").unwrap();
    }
    // (2^128 - 1) + 2^128 = 2^129 - 1.
    let total = ledger.total().unwrap().solutions;
    assert_eq!(total.to_string(), "680564733841876926926749214863536422911");
    assert!(total.is_exact());
}

#[test]
fn torn_lines_are_told_apart_from_wrong_ones() {
    let whole = result(0, Fingerprint(1), 5).to_line();
    let torn = &whole[..whole.len() / 2];
    let text = format!("{torn}{whole}\n{whole}{torn}");
    let lines: Vec<_> = read_results(text.as_bytes())
        .map(|line| line.map(|(n, l)| (n, matches!(l, ResultLine::Torn))))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(lines, [(1, true), (3, false), (4, true)]);
    let wrong = file::checked_line(
        &serde_json::json!({"id": 0, "fingerprint": "00000000000000000000000000000001"}),
    );
    let read: Vec<_> = read_results(wrong.as_bytes()).collect();
    assert!(matches!(read[..], [Err(ReadError::Json { line: 1, .. })]));
}

#[test]
fn ranges_are_compact() {
    assert_eq!(ranges(&[]), "");
    assert_eq!(ranges(&[3]), "3");
    assert_eq!(ranges(&[0, 1, 2, 4, 6, 7]), "0-2, 4, 6-7");
}
