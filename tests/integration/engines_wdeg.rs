//! The weighted choice (`Choice::Wdeg`, `--choose wdeg`) against DLX1's: on every instance
//! and random problem of the conformance suite (`engines`, which calls
//! [`assert_wdeg_agrees`]), the links and the bits under wdeg search the same tree (the same
//! solutions in the same order, the same statistics at each), and find MRV's solutions as a
//! set, with MRV's count, alone, on two threads and past `Auto`'s probe (which keeps a
//! weighted search on the bits);
//! and the rule through the command line: `--stats` names it, budgets stop it, and the
//! searches that run on their own (`--seed`, parts, the memo) refuse it.

use crate::common;

use common::{dancing, shared_data, stderr_of, stdout_of};
use dancing::parallel::{Watch, count_parallel_watched_on};
use dancing::{Choice, Count, Engine, Problem, Solver, Stats};

/// A solver on `engine` (which must run) choosing by `choice`.
fn solver(problem: &Problem, engine: Engine, choice: Choice) -> Solver {
    let mut solver = Solver::with_engine(problem, engine);
    assert_eq!(solver.engine(), engine, "the problem fits the bit engine");
    solver.set_choice(choice);
    assert_eq!(solver.choice(), Some(choice));
    solver
}

/// Every solution of `solver` in order, each with the statistics when it was found, the
/// invariants checked at each; and the final statistics.
fn enumerate(mut solver: Solver) -> (Vec<(Vec<usize>, Stats)>, Stats) {
    let mut found = Vec::new();
    while let Some(solution) = solver.next_solution().unwrap() {
        solver.check_invariants().unwrap();
        found.push((solution, solver.stats()));
    }
    (found, solver.stats())
}

/// The solutions as a set: each sorted, then all sorted.
fn as_set<'a>(solutions: impl IntoIterator<Item = &'a Vec<usize>>) -> Vec<Vec<usize>> {
    let mut set: Vec<Vec<usize>> = solutions
        .into_iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    set.sort();
    set
}

/// The count of a search of `problem` on two threads, by `choice` on `engine`.
fn count_on_two_threads(problem: &Problem, engine: Engine, choice: Choice) -> Count {
    let watch = Watch::new();
    let total = count_parallel_watched_on(problem, engine, choice, 2, &watch).unwrap();
    total.solutions
}

/// Checks that the weighted choice agrees with DLX1's on `problem` (named `name` in
/// messages), whose MRV search found `count` solutions: the links and the bits under wdeg
/// search the same tree, with the same statistics; their solutions are MRV's as a set (when
/// `enumerate`; else their count is `count`), and so is the count on two threads and that of
/// a search under `Auto` probed at a few nodes (which stays on the bits).
pub fn assert_wdeg_agrees(problem: &Problem, name: &str, count: u64, enumerate_all: bool) {
    if enumerate_all {
        let links = enumerate(solver(problem, Engine::Links, Choice::Wdeg));
        let bits = enumerate(solver(problem, Engine::Bits, Choice::Wdeg));
        assert_eq!(links, bits, "{name}: the links and the bits under wdeg");
        let mrv = enumerate(solver(problem, Engine::Links, Choice::Mrv));
        assert_eq!(
            as_set(links.0.iter().map(|(s, _)| s)),
            as_set(mrv.0.iter().map(|(s, _)| s)),
            "{name}: wdeg's solutions and MRV's"
        );
    } else {
        let [links, bits] = [Engine::Links, Engine::Bits].map(|engine| {
            let mut solver = solver(problem, engine, Choice::Wdeg);
            assert_eq!(solver.count(None).unwrap(), count, "{name} on {engine:?}");
            solver.stats()
        });
        assert_eq!(links, bits, "{name}: the links and the bits under wdeg");
    }
    for engine in [Engine::Links, Engine::Bits] {
        let two = count_on_two_threads(problem, engine, Choice::Wdeg);
        assert_eq!(two, count, "{name} on two threads, {engine:?}");
    }
    // The probe does not move a weighted search to the links (whose replay would branch on
    // other items): it stays on the bits, and counts alike.
    for at in [1, 5, 100] {
        let mut probed = Solver::with_probe(problem, at, 0.0);
        probed.set_choice(Choice::Wdeg);
        assert_eq!(probed.count(None).unwrap(), count, "{name}, probed at {at}");
        assert_eq!(probed.engine(), Engine::Bits, "{name}, probed at {at}");
    }
}

#[test]
fn a_reset_starts_the_weights_over_so_the_same_search_runs_again() {
    let problem = dancing::problems::queens(9);
    for engine in [Engine::Links, Engine::Bits] {
        let mut solver = solver(&problem, engine, Choice::Wdeg);
        let first = (solver.count(None).unwrap(), solver.stats());
        solver.reset();
        assert_eq!((solver.count(None).unwrap(), solver.stats()), first);
        assert_eq!(first.0, 352, "nine queens");
    }
}

#[test]
fn the_weights_shrink_the_tree_of_a_hard_sudoku() {
    let Some(path) = shared_data("exact-cover/sudoku-hard.dlx") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let problem = dancing::knuth::parse_str(&text).unwrap().problem;
    let [mrv, wdeg] = [Choice::Mrv, Choice::Wdeg].map(|choice| {
        let mut solver = solver(&problem, Engine::Links, choice);
        assert_eq!(solver.count(None).unwrap(), 1, "{choice:?}: one solution");
        solver.stats().nodes
    });
    assert!(wdeg < mrv, "wdeg {wdeg} nodes, MRV {mrv}");
}

#[test]
fn engines_with_a_tree_of_their_own_keep_their_rule() {
    let problem = dancing::problems::queens(6);
    let mut learn = Solver::with_engine(&problem, Engine::Learn);
    learn.set_choice(Choice::Wdeg);
    assert_eq!(learn.choice(), None);
    assert_eq!(learn.count(None).unwrap(), 4);
}

#[test]
fn a_node_budget_stops_a_weighted_search_and_raising_it_resumes() {
    let problem = dancing::problems::queens(8);
    for engine in [Engine::Links, Engine::Bits] {
        let mut whole = solver(&problem, engine, Choice::Wdeg);
        assert_eq!(whole.count(None).unwrap(), 92);
        let mut budgeted = solver(&problem, engine, Choice::Wdeg);
        budgeted.set_max_nodes(Some(100));
        let gave_up = budgeted.count(None).unwrap_err();
        assert_eq!(gave_up.nodes, 100, "{engine:?}");
        budgeted.set_max_nodes(None);
        let rest = budgeted.count(None).unwrap();
        assert_eq!(rest, 92 - gave_up.solutions, "{engine:?}");
        assert_eq!(budgeted.stats(), whole.stats(), "{engine:?}");
    }
}

#[test]
fn choose_wdeg_counts_as_mrv_does_and_stats_names_the_rule() {
    let file = "puzzles/exact-cover/langford-7.dlx";
    for jobs in ["1", "2"] {
        for engine in ["links", "bits", "auto"] {
            let run = |choose: &str| {
                let assert = dancing()
                    .args([
                        "cover", "--count", "--stats", "--jobs", jobs, "--engine", engine,
                    ])
                    .args(["--choose", choose, file])
                    .assert()
                    .success();
                (stdout_of(&assert), stderr_of(&assert))
            };
            let (mrv, mrv_stats) = run("mrv");
            let (wdeg, wdeg_stats) = run("wdeg");
            assert_eq!(wdeg, mrv, "--jobs {jobs} --engine {engine}");
            assert_eq!(mrv.trim(), "52", "Langford pairs of order 7");
            assert!(mrv_stats.contains("choice: mrv\n"), "{mrv_stats}");
            assert!(wdeg_stats.contains("choice: wdeg\n"), "{wdeg_stats}");
        }
    }
}

#[test]
fn choose_wdeg_with_a_node_budget_gives_up_with_exit_3() {
    dancing()
        .args(["cover", "--count", "--choose", "wdeg", "--max-nodes", "10"])
        .arg("puzzles/exact-cover/langford-7.dlx")
        .assert()
        .code(3);
}

#[test]
fn choose_wdeg_is_refused_where_the_search_runs_on_its_own() {
    let file = "puzzles/exact-cover/langford-7.dlx";
    for flags in [
        &["--seed", "1"][..],
        &["--count", "--parts", "4"],
        &["--count", "--memo"],
        &["--min-cost"],
    ] {
        let assert = dancing()
            .args(["cover", "--choose", "wdeg"])
            .args(flags)
            .arg(file)
            .assert()
            .code(2);
        assert!(
            stderr_of(&assert).contains("--choose wdeg"),
            "{flags:?}: {}",
            stderr_of(&assert)
        );
    }
}

#[test]
fn the_front_ends_take_choose_wdeg_in_place_of_their_default_seed() {
    let assert = dancing()
        .args(["queens", "8", "--count", "--choose", "wdeg", "--jobs", "1"])
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).trim(), "92");
    // A first solution, which queens finds by restarts from seed 0 unless told otherwise.
    let assert = dancing()
        .args(["queens", "8", "--choose", "wdeg", "--stats"])
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).matches('Q').count(), 8);
    assert!(stderr_of(&assert).contains("choice: wdeg\n"));
}

#[test]
fn sudoku_takes_choose_and_finds_the_same_checked_solutions_by_either_rule() {
    // Three 16x16 puzzles, each with one solution: both rules find it (checked against the
    // rules and the givens by `--check`), on the bits, in trees of different sizes.
    let puzzles: String = std::fs::read_to_string("puzzles/generated/16x16-seed16.txt")
        .unwrap()
        .lines()
        .take(3)
        .map(|line| format!("{line}\n"))
        .collect();
    let run = |rule: &str| {
        let assert = dancing()
            .args([
                "sudoku", "--size", "16", "--engine", "bits", "--check", "--stats",
            ])
            .args(["--choose", rule, "--jobs", "1", "--quiet"])
            .write_stdin(puzzles.clone())
            .assert()
            .success();
        let stderr = stderr_of(&assert);
        assert!(stderr.contains(&format!("choice: {rule}\n")), "{stderr}");
        let nodes = stderr
            .lines()
            .find_map(|l| l.strip_prefix("nodes: "))
            .unwrap();
        (stdout_of(&assert), nodes.parse::<u64>().unwrap())
    };
    let ((mrv, mrv_nodes), (wdeg, wdeg_nodes)) = (run("mrv"), run("wdeg"));
    assert_eq!(mrv.lines().count(), 3);
    assert_eq!(mrv, wdeg);
    assert_ne!(mrv_nodes, wdeg_nodes);
    // An export is the matrix itself, which no rule of search changes.
    let assert = dancing()
        .args(["sudoku", "--size", "16", "--to-dlx", "--choose", "wdeg"])
        .write_stdin(puzzles)
        .assert()
        .code(2);
    assert!(stderr_of(&assert).contains("leave it out with --to-dlx"));
}

/// The first puzzle of `puzzles/generated/16x16-seed16.txt`, exported as exact cover with
/// its givens taken out (837 options, within the bits' limits).
fn sudoku_16_export() -> Problem {
    let puzzle = std::fs::read_to_string("puzzles/generated/16x16-seed16.txt").unwrap();
    let first = puzzle.lines().next().unwrap();
    let assert = dancing()
        .args(["sudoku", "--size", "16", "--to-dlx"])
        .write_stdin(format!("{first}\n"))
        .assert()
        .success();
    dancing::knuth::parse_str(&stdout_of(&assert))
        .unwrap()
        .problem
}

#[test]
fn auto_branches_by_wdeg_on_a_sudoku_export_and_by_mrv_elsewhere() {
    let mut solver = Solver::new(&sudoku_16_export());
    assert_eq!(solver.engine(), Engine::Bits);
    assert_eq!(solver.choice(), Some(Choice::Wdeg));
    assert_eq!(solver.count(None).unwrap(), 1);
    // MRV's tree has 2,208,670 nodes (docs/performance.md).
    assert!(solver.stats().nodes < 100_000, "{:?}", solver.stats());
    for problem in [
        dancing::problems::queens(8),
        dancing::problems::langford(7, false),
    ] {
        assert_eq!(Solver::new(&problem).choice(), Some(Choice::Mrv));
    }
}

#[test]
fn stats_keep_knuths_tree_under_auto_unless_told_otherwise() {
    let (_dir, path) = common::temp_file("s16.dlx", dancing::knuth::write(&sudoku_16_export()));
    let assert = dancing()
        .args([
            "cover",
            "--count",
            "--stats",
            "--jobs",
            "1",
            "--max-nodes",
            "10",
        ])
        .arg(&path)
        .assert()
        .code(3);
    assert!(stderr_of(&assert).contains("choice: mrv\n"));
    let assert = dancing()
        .args([
            "cover", "--count", "--stats", "--jobs", "1", "--choose", "wdeg",
        ])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(stdout_of(&assert).trim(), "1");
    assert!(stderr_of(&assert).contains("choice: wdeg\n"));
}

#[test]
fn auto_keeps_a_weighted_search_on_the_bits_past_the_probe() {
    // The first puzzle of 16x16-seed16.txt exported (838 options, one solution): `Auto`
    // searches it on the bits by wdeg, past the probe at 10,000 nodes (16,481 nodes), which
    // once moved such a search (a 36x36 export, which now runs on the learning engine:
    // `AUTO_LATIN_OPTIONS`) to the links and lost its solution there.
    let text = std::fs::read_to_string("puzzles/generated/16x16-seed16.txt").unwrap();
    let puzzle = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let assert = dancing()
        .args(["sudoku", "--to-dlx"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    let problem = dancing::knuth::parse_str(&stdout_of(&assert))
        .unwrap()
        .problem;
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.choice(), Some(Choice::Wdeg));
    assert_eq!(solver.count(None).unwrap(), 1);
    assert!(solver.stats().nodes > dancing::AUTO_PROBE_NODES);
    assert_eq!(solver.engine(), Engine::Bits);
}
