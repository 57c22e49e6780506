//! Colors and multiplicities (issue 11) through the binary and the library: every file of
//! `../shared/data/exact-cover-colors/` and `../shared/data/exact-cover-multiplicities/`
//! counted by the release CLI (`--engine links`, since `auto` runs the MCC engine on
//! multiplicities) with Knuth's nodes, updates and cleansings (DLX2's and DLX3's,
//! from the tables of `../shared/data/README.md`), on one thread and on two; solutions
//! printed as written, colors included, and checked by an independent checker; the engine
//! choice on colored problems; and the parallel count's statistics.
//!
//! Run in release mode (`cargo test --release`). The tests on the shared data are ignored
//! when it is absent (`build.rs`).

use crate::common;

use std::collections::HashMap;

use common::{dancing, shared_data, stderr_of, stdout_of, temp_file};
use dancing::knuth;
use dancing::{Engine, Solver, Total};

/// Knuth's published statistics of one instance: solutions, nodes, updates, cleansings
/// (`None` where the README's table has no such column: DLX3's).
struct Known {
    file: &'static str,
    solutions: u64,
    nodes: u64,
    updates: u64,
    cleansings: Option<u64>,
}

const fn known(
    file: &'static str,
    solutions: u64,
    nodes: u64,
    updates: u64,
    cleansings: Option<u64>,
) -> Known {
    Known {
        file,
        solutions,
        nodes,
        updates,
        cleansings,
    }
}

/// The table of `exact-cover-colors/` in `../shared/data/README.md` (DLX2), but for
/// `debruijn-2-3-8`, which has a test of its own.
const COLORS: [Known; 7] = [
    known("debruijn-0-2-6.dlx", 4, 98, 7_872, Some(1_509)),
    known("debruijn-1-2-6.dlx", 4, 97, 7_638, Some(1_453)),
    known("debruijn-1-2-7.dlx", 8, 227, 25_160, Some(4_392)),
    known(
        "debruijn-1-3-6.dlx",
        2_176,
        65_615,
        6_491_502,
        Some(916_999),
    ),
    known("debruijn-2-3-6.dlx", 60, 1_761, 172_184, Some(24_403)),
    known(
        "debruijn-2-3-7.dlx",
        2_064,
        68_685,
        10_078_658,
        Some(1_268_890),
    ),
    known("windmill-3-4.dlx", 0, 473, 57_601, Some(0)),
];

/// The table of `exact-cover-multiplicities/` in `../shared/data/README.md` (DLX3).
const MULTIPLICITIES: [Known; 8] = [
    known("motley-4-4.dlx", 8, 149, 7_664, None),
    known("motley-4-5.dlx", 10, 412, 22_900, None),
    known("motley-5-5.dlx", 150, 3_871, 248_893, None),
    known("motley-5-6.dlx", 393, 15_645, 1_271_225, None),
    known("queendom-4-4.dlx", 1_636, 22_214, 76_439, None),
    known("queendom-5-5.dlx", 39_426, 893_528, 3_123_145, None),
    known("redrect-4-4.dlx", 55_137, 633_827, 2_114_106, None),
    known("redrect-4-5.dlx", 1_286_759, 14_937_297, 47_007_689, None),
];

/// The `name: value` lines of `--stats` on stderr.
fn stats_of(stderr: &str) -> HashMap<String, String> {
    stderr
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Counts `dir/known.file` with `dancing cover --count --stats --jobs JOBS` and compares
/// the count and the statistics with Knuth's. Skips when the file is absent.
fn check(dir: &str, known: &Known, jobs: &str) {
    let Some(path) = shared_data(&format!("{dir}/{}", known.file)) else {
        return;
    };
    let assert = dancing()
        .args([
            "cover", "--count", "--stats", "--engine", "links", "--jobs", jobs,
        ])
        .arg(&path)
        .assert();
    let code = if known.solutions == 0 { 1 } else { 0 };
    let assert = assert.code(code);
    let file = known.file;
    assert_eq!(
        stdout_of(&assert).trim(),
        known.solutions.to_string(),
        "{file}"
    );
    let stats = stats_of(&stderr_of(&assert));
    let number = |name: &str| stats.get(name).map(|v| v.parse::<u64>().unwrap());
    assert_eq!(number("nodes"), Some(known.nodes), "{file} --jobs {jobs}");
    assert_eq!(
        number("updates"),
        Some(known.updates),
        "{file} --jobs {jobs}"
    );
    assert_eq!(number("solutions"), Some(known.solutions), "{file}");
    // Only problems with colors print cleansings; the others have none (windmill-3-4 and
    // the files of DLX3's table have no colors).
    assert_eq!(
        number("cleansings").unwrap_or(0),
        known.cleansings.unwrap_or(0),
        "{file} --jobs {jobs}"
    );
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_colored_instance_gives_dlx2_s_count_nodes_updates_and_cleansings() {
    for known in &COLORS {
        check("exact-cover-colors", known, "1");
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn every_multiplicity_instance_gives_dlx3_s_count_nodes_and_updates() {
    for known in &MULTIPLICITIES {
        check("exact-cover-multiplicities", known, "1");
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn two_threads_give_the_statistics_of_one_with_colors_and_multiplicities() {
    for known in COLORS.iter().filter(|k| k.nodes > 10_000) {
        check("exact-cover-colors", known, "2");
    }
    for known in MULTIPLICITIES.iter().filter(|k| k.nodes > 10_000) {
        check("exact-cover-multiplicities", known, "2");
    }
}

/// 965 million updates: about 6 s of CPU (9 s wall) on the project's 2-core machine.
#[test]
#[ignore = "about 6 s of CPU in release mode"]
fn debruijn_2_3_8_gives_dlx2_s_statistics() {
    let known = known(
        "debruijn-2-3-8.dlx",
        56_448,
        3_719_492,
        965_299_771,
        Some(107_066_121),
    );
    check("exact-cover-colors", &known, "1");
    check("exact-cover-colors", &known, "2");
}

/// An XCC problem written for the test: two word slots (`W1`, `W2`, primary), each filled
/// by one word whose letters are the colors of its cells (`c1`..`c3`, `d1`, `d3`,
/// secondary); the slots cross in cell `c2`, so their words must agree on its letter.
const WORDS: &str = "\
| two words crossing in cell 2: the second letter of ACE and of ICE
W1 W2 | c1 c2 c3 d1 d3
W1 c1:A c2:C c3:E
W1 c1:A c2:R c3:E
W2 d1:I c2:C d3:E
W2 d1:O c2:R d3:E
W2 d1:O c2:D d3:E
";

/// Checks a solution printed by `dancing cover` against the problem text, independently of
/// the library: every line is an option of the input as written (colors included), every
/// primary item is covered once, and every secondary item is named either once, or by
/// options that all give it the same color.
fn check_colored_solution(input: &str, solution: &str) {
    let mut lines = input
        .lines()
        .filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let items = lines.next().unwrap();
    let (primary, _) = items.split_once('|').unwrap_or((items, ""));
    let primary: Vec<&str> = primary.split_whitespace().collect();
    let options: Vec<&str> = lines.map(str::trim).collect();
    let mut covered: HashMap<&str, usize> = HashMap::new();
    let mut colors: HashMap<&str, Vec<Option<&str>>> = HashMap::new();
    for line in solution.lines() {
        assert!(options.contains(&line), "{line:?} is not an input option");
        for token in line.split_whitespace() {
            let (name, color) = match token.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (token, None),
            };
            if primary.contains(&name) {
                *covered.entry(name).or_default() += 1;
            } else {
                colors.entry(name).or_default().push(color);
            }
        }
    }
    for p in primary {
        assert_eq!(covered.get(p), Some(&1), "{p} in {solution}");
    }
    for (x, given) in colors {
        assert!(
            given.len() == 1 || (given[0].is_some() && given.iter().all(|c| *c == given[0])),
            "{x} named with {given:?} in {solution}"
        );
    }
}

#[test]
fn solutions_print_the_options_as_written_colors_included() {
    let (_dir, path) = temp_file("words.dlx", WORDS);
    let assert = dancing().args(["cover", "--all"]).arg(&path).assert();
    let out = stdout_of(&assert.success());
    let solutions: Vec<&str> = out.split("\n\n").map(str::trim).collect();
    // ACE with ICE; ARE with ORE: the only pairs agreeing on cell 2.
    assert_eq!(solutions.len(), 2, "{out}");
    for s in &solutions {
        check_colored_solution(WORDS, s);
    }
    assert!(solutions[0].contains("c2:C"), "{out}");
    assert!(solutions[1].contains("c2:R"), "{out}");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn instance_solutions_print_as_written_and_pass_the_checker() {
    for file in [
        "debruijn-2-3-6.dlx",
        "windmill-3-4.dlx",
        "debruijn-1-2-7.dlx",
    ] {
        let Some(path) = shared_data(&format!("exact-cover-colors/{file}")) else {
            return;
        };
        let input = std::fs::read_to_string(&path).unwrap();
        let out = dancing()
            .args(["cover", "--all", "--limit", "3"])
            .arg(&path)
            .output()
            .unwrap();
        let out = String::from_utf8(out.stdout).unwrap();
        for s in out.split("\n\n").filter(|s| !s.trim().is_empty()) {
            check_colored_solution(&input, s.trim());
        }
    }
}

#[test]
fn the_bit_engine_runs_a_colored_problem_with_dlx2_s_counters() {
    let parsed = knuth::parse_str(WORDS).unwrap();
    let mut links = Solver::with_engine(&parsed.problem, Engine::Links);
    assert_eq!(links.engine(), Engine::Links);
    for engine in [Engine::Bits, Engine::Auto] {
        let mut solver = Solver::with_engine(&parsed.problem, engine);
        assert_eq!(solver.engine(), Engine::Bits);
        assert_eq!(solver.count(None).unwrap(), 2);
        links.reset();
        assert_eq!(links.count(None).unwrap(), 2);
        assert_eq!(solver.stats(), links.stats());
        assert!(solver.stats().cleansings > 0);
    }
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn count_parallel_keeps_the_cleansings_of_one_thread() {
    for (dir, file) in [
        ("exact-cover-colors", "debruijn-2-3-6.dlx"),
        ("exact-cover-colors", "debruijn-1-3-6.dlx"),
        ("exact-cover-multiplicities", "redrect-4-4.dlx"),
    ] {
        let Some(path) = shared_data(&format!("{dir}/{file}")) else {
            return;
        };
        let problem = knuth::parse(&std::fs::read(path).unwrap()).unwrap().problem;
        let mut one = Solver::new(&problem);
        one.count(None).unwrap();
        let one = Total::from(one.stats());
        for jobs in [1, 2, 3] {
            assert_eq!(
                dancing::count_parallel(&problem, jobs),
                one,
                "{file} {jobs}"
            );
        }
        if dir == "exact-cover-colors" {
            assert!(one.cleansings > 0, "{file}");
        }
    }
}

/// The options and items that `auto`'s probe weighs on a colored problem: the empty 4x6
/// grid of Knuth's masyu generator (`puzzles/exact-cover/masyu-4x6.dlx`), whose few options
/// and few updates a node make the links 1.5 to 1.9 times as fast as the bits.
const MASYU: &str = "puzzles/exact-cover/masyu-4x6.dlx";

#[test]
fn auto_moves_an_empty_masyu_grid_to_the_links_at_the_probe_with_dlx2_s_counters() {
    let problem = knuth::parse(&std::fs::read(MASYU).unwrap())
        .unwrap()
        .problem;
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.engine(), Engine::Bits);
    // Knuth's DLX2 on the same file: 13262 solutions, 85031 nodes, 479449 updates, 234560
    // cleansings.
    assert_eq!(solver.count(None).unwrap(), 13_262);
    assert_eq!(solver.engine(), Engine::Links, "moved at the probe");
    let stats = solver.stats();
    assert_eq!(
        (stats.nodes, stats.updates, stats.cleansings),
        (85_031, 479_449, 234_560)
    );
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn auto_keeps_de_bruijn_cycles_on_the_bits_past_the_probe() {
    let Some(path) = shared_data("exact-cover-colors/debruijn-2-3-7.dlx") else {
        return;
    };
    let problem = knuth::parse(&std::fs::read(path).unwrap()).unwrap().problem;
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(None).unwrap(), 2064);
    assert!(solver.stats().nodes > dancing::AUTO_PROBE_NODES);
    assert_eq!(solver.engine(), Engine::Bits, "kept at the probe");
}
