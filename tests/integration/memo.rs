//! Counting by memo (`--memo`), the diagram of all solutions (`--zdd`) and uniform samples
//! (`--sample`): counts against a transfer matrix and against the search without memo, the
//! diagram and the samples read back and checked against the problem's text by a reader of
//! their own, and a chi-square test of the samples' uniformity; with multiplicities too
//! (the shared instances and random problems against the search, the diagram and samples).

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use common::{dancing, domino_tilings, shared_data, stat, stderr_of, stdout_of, temp_file};
use dancing::memo::{Memo, MemoConfig, MemoError};
use dancing::{Count, Engine, Solver};
use num_bigint::BigUint;
use proptest::prelude::*;

/// The domino problem of a `rows` x `columns` board in Knuth's format, as the polyomino
/// front end exports it.
fn dominoes(rows: usize, columns: usize) -> String {
    let copies = (rows * columns / 2).to_string();
    let size = format!("{rows}x{columns}");
    let export = dancing()
        .args([
            "polyomino",
            &size,
            "--pieces",
            "domino",
            "--copies",
            &copies,
        ])
        .arg("--to-dlx")
        .assert()
        .success();
    stdout_of(&export)
}

/// `dancing cover --count --memo` with `flags` on `problem`: the count and stderr.
fn memo_count(problem: &str, flags: &[&str]) -> (BigUint, String) {
    let out = dancing()
        .args(["cover", "--count", "--memo"])
        .args(flags)
        .write_stdin(problem)
        .output()
        .unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    let count = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    (count, String::from_utf8(out.stderr).unwrap())
}

#[test]
fn domino_tilings_by_memo_equal_the_transfer_matrix_on_every_board_up_to_12x12() {
    // Odd boards have no tiling, and their export gives the piece bounds (one copy short).
    for rows in 1..=12 {
        for columns in (rows..=12).filter(|c| rows * c % 2 == 0) {
            let (count, _) = memo_count(&dominoes(rows, columns), &[]);
            assert_eq!(
                count,
                domino_tilings(rows, columns).into(),
                "{rows}x{columns}"
            );
        }
    }
}

#[test]
fn sixteen_by_sixteen_dominoes_print_their_published_count() {
    let (count, _) = memo_count(&dominoes(16, 16), &[]);
    assert_eq!(count, domino_tilings(16, 16).into());
    assert_eq!(count.to_string(), "2444888770250892795802079170816");
}

#[test]
fn counts_stay_exact_when_a_small_table_evicts() {
    // 12x12 needs 52,079 subproblems (about 9 MiB); 6 MiB holds those in use.
    let (count, stats) = memo_count(&dominoes(12, 12), &["--memo-size", "6M", "--stats"]);
    assert_eq!(count, domino_tilings(12, 12).into());
    assert!(stat::<u64>(&stats, "evictions") > 0, "{stats}");
}

#[test]
fn eighteen_by_eighteen_dominoes_print_a_count_beyond_128_bits() {
    let (count, _) = memo_count(&dominoes(18, 18), &[]);
    assert!(count.bits() > 128);
    // The low 128 bits by the transfer matrix; the whole number as OEIS A004003 gives it.
    let low = &count % (BigUint::from(1u8) << 128u32);
    assert_eq!(low, domino_tilings(18, 18).into());
    assert_eq!(count.to_string(), "548943583215388338077567813208427340288");
}

#[test]
fn front_ends_count_by_memo_too() {
    let assert = dancing()
        .args(["polyomino", "10x10", "--pieces", "domino", "--copies", "50"])
        .args(["--count", "--memo"])
        .assert()
        .success();
    assert_eq!(
        stdout_of(&assert).trim(),
        domino_tilings(10, 10).to_string()
    );
}

/// The shared instances that count in under a minute both ways, XC and XCC. Left out: the
/// larger N queens (13 and up with primary diagonals, 14 and up), the larger pentomino
/// boards and debruijn-2-3-8, which the memo counts in more than ten seconds (few of their
/// subproblems repeat, see docs/performance.md).
const INSTANCES: [&str; 24] = [
    "exact-cover/nqueens-4.dlx",
    "exact-cover/nqueens-6-primary.dlx",
    "exact-cover/nqueens-8.dlx",
    "exact-cover/nqueens-9-primary.dlx",
    "exact-cover/nqueens-10-primary.dlx",
    "exact-cover/nqueens-11.dlx",
    "exact-cover/nqueens-12.dlx",
    "exact-cover/nqueens-13.dlx",
    "exact-cover/langford-7.dlx",
    "exact-cover/langford-8-half.dlx",
    "exact-cover/langford-11.dlx",
    "exact-cover/langford-12-half.dlx",
    "exact-cover/pentomino-3x20.dlx",
    "exact-cover/sudoku-hard.dlx",
    "exact-cover/sudoku-hard1-reduced.dlx",
    "exact-cover-colors/debruijn-0-2-6.dlx",
    "exact-cover-colors/debruijn-1-2-6.dlx",
    "exact-cover-colors/debruijn-1-2-7.dlx",
    "exact-cover-colors/debruijn-1-3-6.dlx",
    "exact-cover-colors/debruijn-2-3-6.dlx",
    "exact-cover-colors/debruijn-2-3-7.dlx",
    "exact-cover-colors/windmill-3-4.dlx",
    "exact-cover/langford-8.dlx",
    "exact-cover/nqueens-7-primary.dlx",
];

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn shared_instances_count_the_same_with_and_without_the_memo() {
    for file in INSTANCES {
        let Some(path) = shared_data(file) else {
            return;
        };
        let count = |memo: bool| {
            let mut cmd = dancing();
            cmd.args(["cover", "--count"]).arg(&path);
            if memo {
                cmd.arg("--memo");
            }
            let out = cmd.output().unwrap();
            assert!(out.status.code().is_some_and(|c| c <= 1), "{file}: {out:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(count(true), count(false), "{file}");
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_memo_counts_the_multiplicity_instances_as_the_search_does() {
    for file in ["motley-4-5.dlx", "queendom-4-4.dlx", "redrect-4-4.dlx"] {
        let Some(path) = shared_data(&format!("exact-cover-multiplicities/{file}")) else {
            return;
        };
        let count = |memo: bool| {
            let mut cmd = dancing();
            cmd.args(["cover", "--count"]).arg(&path);
            if memo {
                cmd.arg("--memo");
            }
            stdout_of(&cmd.assert().success())
        };
        assert_eq!(count(true), count(false), "{file}");
    }
}

#[test]
fn the_diagram_and_the_samples_take_multiplicities() {
    // Item a `1:2`, item b `0:1`; options {a} {a} {a b} {b}: nine solutions.
    let text = "1:2|a 0:1|b\na\na\na b\nb\n";
    let (dir, zdd) = temp_file("bounded.zdd", "");
    let assert = dancing()
        .args(["cover", "--count", "--zdd", zdd.to_str().unwrap()])
        .write_stdin(text)
        .assert()
        .success();
    assert_eq!(stdout_of(&assert), "9\n");
    let (nodes, root) = read_zdd(&zdd);
    assert!(!nodes.is_empty());
    let mut all = Vec::new();
    paths(&nodes, root, &mut Vec::new(), &mut all);
    assert_eq!(all.len(), 9);
    drop(dir);
    let assert = dancing()
        .args(["cover", "--sample", "5", "--seed", "1"])
        .write_stdin(text)
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).split("\n\n").count(), 5);
}

/// An independent reader of Knuth's format: the items (primary first, then secondary) and
/// each option as (item, color) pairs by name. No bounds.
struct Text {
    primary: BTreeSet<String>,
    options: Vec<Vec<(String, Option<String>)>>,
}

fn read_text(text: &str) -> Text {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    let items = lines.next().unwrap();
    let primary = items.split('|').next().unwrap();
    let options = lines
        .map(|l| {
            l.split_whitespace()
                .map(|t| match t.split_once(':') {
                    Some((item, color)) => (item.to_owned(), Some(color.to_owned())),
                    None => (t.to_owned(), None),
                })
                .collect()
        })
        .collect();
    Text {
        primary: primary.split_whitespace().map(str::to_owned).collect(),
        options,
    }
}

/// Whether the options (indices into `text.options`) solve the problem: every primary item
/// once, every secondary item once or always with one color.
fn is_solution(text: &Text, chosen: &[usize]) -> bool {
    let mut seen: HashMap<&str, Vec<&Option<String>>> = HashMap::new();
    for &k in chosen {
        for (item, color) in &text.options[k] {
            seen.entry(item).or_default().push(color);
        }
    }
    text.primary
        .iter()
        .all(|i| seen.get(i.as_str()).is_some_and(|v| v.len() == 1))
        && seen
            .values()
            .all(|v| v.len() == 1 || (v[0].is_some() && v.iter().all(|c| *c == v[0])))
}

/// The diagram in `path`: its nodes by id, `(option from 1, lo, hi)`, and its root.
fn read_zdd(path: &Path) -> (HashMap<u64, (usize, u64, u64)>, u64) {
    let mut nodes = HashMap::new();
    let mut root = 0;
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let f: Vec<u64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        let [id, option, lo, hi] = f[..] else {
            panic!("not ID OPTION LO HI: {line}");
        };
        assert!(
            id > 1 && lo < id && hi < id,
            "a child after its parent: {line}"
        );
        assert!(hi != 0, "a node whose hi is the 0 sink: {line}");
        nodes.insert(id, (option as usize, lo, hi));
        root = id;
    }
    (nodes, root)
}

/// Every path of the diagram to the 1 sink, as option indices from 0.
fn paths(
    nodes: &HashMap<u64, (usize, u64, u64)>,
    id: u64,
    above: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    match id {
        0 => {}
        1 => out.push(above.clone()),
        _ => {
            let (option, lo, hi) = nodes[&id];
            paths(nodes, lo, above, out);
            above.push(option - 1);
            paths(nodes, hi, above, out);
            above.pop();
        }
    }
}

#[test]
fn the_diagram_has_one_path_per_solution_and_every_path_solves_the_problem() {
    let mut cases = vec![("dominoes 6x6".to_owned(), dominoes(6, 6))];
    for file in [
        "exact-cover/langford-8.dlx",
        "exact-cover-colors/debruijn-2-3-6.dlx",
    ] {
        if let Some(path) = shared_data(file) {
            cases.push((file.to_owned(), std::fs::read_to_string(path).unwrap()));
        }
    }
    for (name, problem) in cases {
        let (dir, zdd) = temp_file("all.zdd", "");
        let (count, stats) = memo_count(&problem, &["--stats", "--zdd", zdd.to_str().unwrap()]);
        let (nodes, root) = read_zdd(&zdd);
        let mut found = Vec::new();
        paths(&nodes, root, &mut Vec::new(), &mut found);
        assert_eq!(BigUint::from(found.len()), count, "{name}");
        let text = read_text(&problem);
        assert!(found.iter().all(|p| is_solution(&text, p)), "{name}");
        let distinct: BTreeSet<BTreeSet<usize>> =
            found.iter().map(|p| p.iter().copied().collect()).collect();
        assert_eq!(distinct.len(), found.len(), "{name}: a solution twice");
        let mut longest: HashMap<&str, usize> = HashMap::new();
        for option in &text.options {
            for (item, _) in option {
                *longest.entry(item).or_default() += 1;
            }
        }
        let bound = stat::<u64>(&stats, "subproblems") as usize * longest.values().max().unwrap();
        assert!(nodes.len() <= bound, "{name}: {} nodes", nodes.len());
        drop(dir);
    }
}

#[test]
fn samples_of_the_4x4_tilings_pass_a_chi_square_test() {
    let problem = dominoes(4, 4);
    let text = read_text(&problem);
    let draws = 3600;
    let assert = dancing()
        .args(["cover", "--sample", &draws.to_string(), "--seed", "2026"])
        .write_stdin(problem.as_str())
        .assert()
        .success();
    let mut seen: HashMap<BTreeSet<usize>, usize> = HashMap::new();
    let samples = stdout_of(&assert);
    for sample in samples.split("\n\n") {
        let chosen: Vec<usize> = sample
            .lines()
            .map(|l| {
                let option: Vec<_> = l.split_whitespace().map(|t| (t.to_owned(), None)).collect();
                text.options.iter().position(|o| *o == option).unwrap()
            })
            .collect();
        assert!(is_solution(&text, &chosen), "{sample}");
        *seen.entry(chosen.into_iter().collect()).or_default() += 1;
    }
    let tilings = domino_tilings(4, 4) as usize;
    assert_eq!(seen.values().sum::<usize>(), draws);
    assert_eq!(seen.len(), tilings, "every tiling seen");
    let expected = draws as f64 / tilings as f64;
    let chi2: f64 = seen
        .values()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    // The 0.1% critical value of chi-square with 35 degrees of freedom.
    assert!(chi2 < 66.62, "chi-square {chi2}");
}

#[test]
fn the_same_seed_gives_the_same_sample_and_another_seed_another() {
    let problem = dominoes(6, 6);
    let sample = |seed: &str| {
        let assert = dancing()
            .args(["cover", "--sample", "20", "--seed", seed])
            .write_stdin(problem.as_str())
            .assert()
            .success();
        stdout_of(&assert)
    };
    assert_eq!(sample("5"), sample("5"));
    assert_ne!(sample("5"), sample("6"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_memo_counts_what_the_search_counts_with_multiplicities(problem in common::random_bounded_problem(0..30)) {
        let expected = Solver::with_engine(&problem, Engine::Links).count(None).unwrap();
        let mut memo = Memo::new(&problem, MemoConfig::default()).unwrap();
        prop_assert_eq!(memo.count(), expected.clone());
        let zdd = memo.zdd().unwrap();
        prop_assert_eq!(zdd.count(), expected.clone());
        prop_assert_eq!(Count::from(zdd.solutions().count() as u64), expected);
    }

    #[test]
    fn the_memo_counts_what_the_search_counts(problem in common::random_colored_problem(1..8, 0..4, 0..40)) {
        let expected = Solver::new(&problem).count(None).unwrap();
        for max_bytes in [1, 1 << 20] {
            let config = MemoConfig { max_bytes, ..MemoConfig::default() };
            let mut memo = Memo::new(&problem, config).unwrap();
            prop_assert_eq!(memo.count(), expected.clone());
            // One byte holds no diagram node: only the diagrams of the sinks are made.
            let zdd = match memo.zdd() {
                Ok(zdd) => zdd,
                Err(MemoError::DiagramTooLarge { nodes: 0, max_bytes: 0 }) if max_bytes == 1 => {
                    prop_assert!(!expected.is_zero());
                    continue;
                }
                Err(err) => panic!("{err}"),
            };
            prop_assert_eq!(zdd.count(), expected.clone());
            prop_assert_eq!(Count::from(zdd.solutions().count() as u64), expected.clone());
        }
    }
}

#[test]
fn parts_counted_by_memo_merge_into_the_count_beyond_128_bits() {
    let problem = dominoes(18, 18);
    let (dir, input) = temp_file("dominoes.dlx", &problem);
    let parts = dir.path().join("parts.jsonl");
    let results = dir.path().join("results.jsonl");
    let split = dancing()
        .args(["cover", "--split", "--parts", "2"])
        .arg(&input)
        .assert()
        .success();
    std::fs::write(&parts, stdout_of(&split)).unwrap();
    let solved = dancing()
        .args(["cover", "--count", "--memo", "--parts"])
        .args([&parts, &input])
        .assert()
        .success();
    std::fs::write(&results, stdout_of(&solved)).unwrap();
    let merged = dancing()
        .args(["cover", "--merge"])
        .args([&parts, &results])
        .assert()
        .success();
    let count: BigUint = stdout_of(&merged).trim().parse().unwrap();
    assert!(count.bits() > 128);
    assert_eq!(
        count % (BigUint::from(1u8) << 128u32),
        domino_tilings(18, 18).into()
    );
}

#[test]
fn a_sample_of_2_to_the_64_minus_1_is_streamed_and_a_closed_pipe_ends_it_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command as StdCommand, Stdio};
    let (_dir, input) = temp_file("dominoes.dlx", dominoes(4, 4));
    let mut child = StdCommand::new(common::binary())
        .args(["cover", "--sample", "18446744073709551615"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = Vec::new();
    for line in (&mut stdout).lines() {
        let line = line.unwrap();
        if line.is_empty() {
            break;
        }
        first.push(line);
    }
    drop(stdout); // `| head`
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "", "a closed pipe is not an error");
    // The first sample is the first of any sample from the same seed: a tiling.
    let one = dancing()
        .args(["cover", "--sample", "1"])
        .arg(&input)
        .assert()
        .success();
    assert_eq!(first.join("\n") + "\n", stdout_of(&one));
    assert_eq!(first.len(), 8, "eight dominoes");
}

#[test]
fn memo_takes_sample_and_seed_and_sizes_say_what_is_wrong() {
    let problem = dominoes(4, 4);
    let sample = |flags: &[&str]| {
        let assert = dancing()
            .arg("cover")
            .args(flags)
            .write_stdin(problem.as_str())
            .assert()
            .success();
        stdout_of(&assert)
    };
    let with_memo = sample(&["--memo", "--sample", "3", "--seed", "4"]);
    assert_eq!(with_memo, sample(&["--sample", "3", "--seed", "4"]));
    assert_eq!(with_memo.split("\n\n").count(), 3);
    // A sample of none is refused with a reason, as --limit 0 is.
    for flags in [&["--sample", "0"][..], &["--count", "--limit", "0"]] {
        let refused = dancing()
            .arg("cover")
            .args(flags)
            .write_stdin(problem.as_str())
            .assert()
            .code(2);
        let stderr = stderr_of(&refused);
        assert!(stderr.contains("0 is not in 1.."), "{flags:?}: {stderr}");
    }
    let refused = dancing()
        .args([
            "cover",
            "--count",
            "--memo",
            "--memo-size",
            "99999999999999999999",
        ])
        .write_stdin(problem.as_str())
        .assert()
        .code(2);
    let stderr = stderr_of(&refused);
    assert!(
        stderr.contains("too large: expected a size below 2^64 bytes"),
        "{stderr}"
    );
}

/// `dancing cover --zdd FILE --stats` on `input` with `flags`: the diagram's text and stderr.
fn diagram(input: &Path, flags: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("diagram.zdd");
    let assert = dancing()
        .args(["cover", "--stats", "--zdd"])
        .arg(&file)
        .args(flags)
        .arg(input)
        .assert()
        .success();
    (std::fs::read_to_string(&file).unwrap(), stderr_of(&assert))
}

#[test]
fn the_diagram_has_the_same_nodes_whatever_the_memo_table_evicts() {
    let (_dir, input) = temp_file("dominoes.dlx", dominoes(8, 8));
    let (whole, stats) = diagram(&input, &[]);
    assert_eq!(stat::<u64>(&stats, "evictions"), 0);
    // 200 KiB: a table of 100 KiB that evicts, and a diagram of 100 KiB that holds it all.
    let (small, stats) = diagram(&input, &["--memo-size", "200K"]);
    assert!(stat::<u64>(&stats, "evictions") > 0, "{stats}");
    assert!(stat::<u64>(&stats, "subproblems") > 1627, "{stats}");
    assert_eq!(whole.lines().count(), 2316, "as docs/performance.md says");
    assert_eq!(small.lines().count(), whole.lines().count());
    assert!(
        stat::<String>(&stats, "peak memory").contains("(diagram: 2316 nodes"),
        "{stats}"
    );
    assert!(stats.contains("12988816 solutions"), "{stats}");
}

#[test]
fn a_diagram_that_does_not_fit_in_the_memo_size_is_an_error_with_the_bound() {
    let problem = dominoes(8, 8);
    let refused = dancing()
        .args(["cover", "--zdd", "/dev/null", "--memo-size", "64K"])
        .write_stdin(problem.as_str())
        .assert()
        .code(2);
    let stderr = stderr_of(&refused);
    assert!(
        stderr.contains("the diagram of all solutions does not fit in 32768 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("--memo-size"), "{stderr}");
    let refused = dancing()
        .args(["cover", "--sample", "1", "--memo-size", "64K"])
        .write_stdin(problem.as_str())
        .assert()
        .code(2);
    assert!(stderr_of(&refused).contains("does not fit"));
}
