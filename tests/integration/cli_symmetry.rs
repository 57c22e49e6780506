//! The symmetry flags through the binary: groups found in the matrices the front ends
//! export, totals with `--symmetry` equal to `--count`, and counts up to symmetry equal to the
//! published ones (OEIS A002562 for queens; Knuth, TAOCP 7.2.2.1, for the pentomino
//! rectangles and the Soma cube; OEIS A014552 for Langford pairs).

use crate::common;

use common::{dancing, stdout_of, temp_file};

/// The problem `args` of `dancing` export with `--to-dlx`.
fn export(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--to-dlx");
    stdout_of(&dancing().args(&all).assert().success())
}

/// What `dancing cover FLAGS` prints for `problem`, and its exit code.
fn cover(problem: &str, flags: &[&str]) -> (String, i32) {
    let (_dir, path) = temp_file("problem.dlx", problem);
    let output = dancing()
        .arg("cover")
        .args(flags)
        .arg(&path)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.code().unwrap(),
    )
}

/// An empty `n` x `n` Sudoku grid, as `dancing sudoku` reads it.
fn empty_grid(n: usize) -> String {
    (0..n).map(|_| vec!["0"; n].join(" ") + "\n").collect()
}

fn sudoku_export(n: usize) -> String {
    let (_dir, path) = temp_file("grid.txt", empty_grid(n));
    stdout_of(
        &dancing()
            .args(["sudoku", "--size", &n.to_string(), "--to-dlx"])
            .arg(&path)
            .assert()
            .success(),
    )
}

#[test]
fn the_group_of_eight_queens_is_the_squares_and_its_generators_move_item_names() {
    let (out, code) = cover(&export(&["queens", "8"]), &["--group"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("order: 8"));
    let generators: Vec<&str> = lines.collect();
    assert!(!generators.is_empty());
    for g in generators {
        assert!(g.starts_with('(') && g.ends_with(')'), "{g}");
    }
}

#[test]
fn the_groups_of_the_empty_4x4_and_6x6_sudoku_matrices_have_their_known_orders() {
    // 4x4: 2 (band order) x 2^2 (rows) x 2 x 2^2 (columns) x 2 (transpose) x 4! (digits);
    // 6x6 (boxes 2x3, no transpose): 3! 2^3 x 2! 3!^2 x 6!.
    for (n, order) in [(4, "3072"), (6, "2488320")] {
        let (out, code) = cover(&sudoku_export(n), &["--group"]);
        assert_eq!(code, 0);
        assert_eq!(
            out.lines().next(),
            Some(format!("order: {order}").as_str()),
            "{n}x{n}"
        );
    }
}

#[test]
fn queens_counted_up_to_symmetry_are_oeis_a002562() {
    for (n, classes) in [(8, "12"), (10, "92"), (12, "1787")] {
        let (out, code) = cover(
            &export(&["queens", &n.to_string()]),
            &["--count", "--up-to-symmetry"],
        );
        assert_eq!((out.trim(), code), (classes, 0), "{n} queens");
    }
}

#[test]
fn pentomino_rectangles_soma_langford_and_4x4_grids_counted_up_to_symmetry() {
    let cases = [
        (export(&["polyomino", "6x10"]), "2339"),
        (export(&["polyomino", "3x20"]), "2"),
        (export(&["polycube", "3x3x3"]), "240"),
        (export(&["langford", "12"]), "108144"),
        (sudoku_export(4), "2"),
    ];
    for (problem, classes) in cases {
        let (out, code) = cover(&problem, &["--count", "--up-to-symmetry"]);
        assert_eq!((out.trim(), code), (classes, 0));
    }
}

#[test]
fn totals_with_the_group_equal_the_plain_counts_on_every_instance_shipped() {
    for entry in std::fs::read_dir("puzzles/exact-cover").unwrap() {
        let path = entry.unwrap().path();
        let problem = std::fs::read_to_string(&path).unwrap();
        let (plain, plain_code) = cover(&problem, &["--count"]);
        for jobs in ["1", "3"] {
            let (with, code) = cover(&problem, &["--count", "--symmetry", "--jobs", jobs]);
            assert_eq!(
                (with, code),
                (plain.clone(), plain_code),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn each_family_listed_is_a_solution_and_the_families_add_up_to_the_total() {
    let problem = export(&["queens", "6"]);
    let (out, code) = cover(&problem, &["--all", "--up-to-symmetry"]);
    assert_eq!(code, 0);
    let (all, _) = cover(&problem, &["--all"]);
    let solutions: Vec<&str> = all.split("\n\n").map(str::trim).collect();
    let mut sizes = 0;
    for block in out.split("\n\n") {
        let (head, body) = block.split_once('\n').unwrap();
        sizes += head
            .strip_prefix("family: ")
            .unwrap()
            .parse::<usize>()
            .unwrap();
        // The family's solution is one of the solutions, options in another order.
        let mut lines: Vec<&str> = body.trim().lines().collect();
        lines.sort_unstable();
        assert!(solutions.iter().any(|s| {
            let mut t: Vec<&str> = s.lines().collect();
            t.sort_unstable();
            t == lines
        }));
    }
    assert_eq!(sizes, solutions.len());
}

#[test]
fn a_group_too_large_to_list_and_bounds_are_refused_with_the_reason() {
    let out = dancing()
        .args(["cover", "--count", "--up-to-symmetry"])
        .write_stdin(sudoku_export(6))
        .assert()
        .code(2);
    assert!(common::stderr_of(&out).contains("2488320 elements"));
    let out = dancing()
        .args(["cover", "--count", "--up-to-symmetry"])
        .write_stdin("2|a b\na\nb\n")
        .assert()
        .code(2);
    assert!(common::stderr_of(&out).contains("bounds"));
}

#[test]
fn the_symmetry_flags_refuse_what_they_do_not_combine_with() {
    for flags in [
        vec!["--symmetry"],
        vec!["--count", "--symmetry", "--limit", "2"],
        vec!["--count", "--up-to-symmetry", "--engine", "links"],
        vec!["--group", "--engine", "bits"],
        vec!["--count", "--up-to-symmetry", "--max-nodes", "10"],
        vec!["--count", "--symmetry", "--engine", "band"],
        vec!["--count", "--symmetry", "--preprocess"],
    ] {
        let (_, code) = cover(&export(&["queens", "5"]), &flags);
        assert_eq!(code, 2, "{flags:?}");
    }
}

#[test]
fn every_engine_that_counts_gives_the_plain_totals_with_symmetry() {
    for args in [
        vec!["queens", "8"],
        vec!["polyomino", "3x20"],
        vec!["langford", "8"],
    ] {
        let problem = export(&args);
        let (plain, code) = cover(&problem, &["--count"]);
        assert_eq!(code, 0);
        for engine in [
            "auto",
            "links",
            "bits",
            "propagate",
            "learn",
            "mcc",
            "mcc-bits",
        ] {
            for jobs in ["1", "2"] {
                let flags = ["--count", "--symmetry", "--engine", engine, "--jobs", jobs];
                assert_eq!(
                    cover(&problem, &flags),
                    (plain.clone(), 0),
                    "{args:?} {flags:?}"
                );
            }
        }
    }
}

#[test]
fn a_node_budget_stops_a_count_with_symmetry_with_a_lower_bound_and_exit_3() {
    let problem = export(&["queens", "10"]);
    let (_dir, path) = temp_file("problem.dlx", &problem);
    let (total, _) = cover(&problem, &["--count"]);
    let total: u64 = total.trim().parse().unwrap();
    let run = |flags: &[&str]| {
        dancing()
            .args(["cover", "--count", "--symmetry"])
            .args(flags)
            .arg(&path)
            .output()
            .unwrap()
    };
    for jobs in ["1", "2"] {
        let out = run(&["--max-nodes", "200", "--jobs", jobs]);
        assert_eq!(out.status.code(), Some(3), "{jobs} jobs");
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8(out.stderr).unwrap();
        let bound: u64 = stderr
            .split_once("counted at least ")
            .and_then(|(_, rest)| rest.split_once('+'))
            .map(|(n, _)| n.parse().unwrap())
            .unwrap_or_else(|| panic!("{stderr}"));
        assert!(bound < total, "{stderr}");
        assert!(stderr.contains("(--max-nodes)"), "{stderr}");
    }
    // On one thread the budget is exact: the nodes searched are the budget's.
    let out = run(&["--max-nodes", "200", "--jobs", "1", "--stats"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("gave up after 200 nodes (--max-nodes)"),
        "{stderr}"
    );
    let out = run(&["--max-nodes", "1000000"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        total.to_string()
    );
}

/// The value of the `--stats` line `name: value` in `stderr`.
fn stat<'a>(stderr: &'a str, name: &str) -> &'a str {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
        .unwrap_or_else(|| panic!("no {name} in {stderr}"))
}

#[test]
fn stats_give_the_group_order_on_small_graphs_say_why_not_elsewhere_and_keep_knuths_counts() {
    let (_dir, path) = temp_file("problem.dlx", export(&["queens", "8"]));
    let stats = |flags: &[&str]| {
        let out = dancing()
            .args(["cover", "--count", "--stats", "--engine", "links"])
            .args(flags)
            .arg(&path)
            .assert()
            .success();
        common::stderr_of(&out)
    };
    let (with, without) = (stats(&[]), stats(&["--no-symmetry"]));
    assert_eq!(stat(&with, "group order"), "8");
    assert_eq!(
        stat(&without, "group order"),
        "not computed (--no-symmetry)"
    );
    for name in ["nodes", "updates", "solutions"] {
        assert_eq!(stat(&with, name), stat(&without, name), "{name}");
    }
    // 12,000 items, each with an option of its own: a graph of 36,000 vertices and edges.
    let items: Vec<String> = (0..12_000).map(|i| format!("a{i}")).collect();
    let big = format!("{}\n{}\n", items.join(" "), items.join("\n"));
    let out = dancing()
        .args(["cover", "--count", "--stats"])
        .write_stdin(big)
        .assert()
        .success();
    let stderr = common::stderr_of(&out);
    assert!(
        stat(&stderr, "group order").starts_with("not computed (the problem's graph has 36000"),
        "{stderr}"
    );
    let (_, code) = cover(
        &export(&["queens", "5"]),
        &["--count", "--symmetry", "--no-symmetry"],
    );
    assert_eq!(code, 2);
}

/// What a front end prints for `args`.
fn front(args: &[&str]) -> String {
    stdout_of(&dancing().args(args).assert().success())
        .trim()
        .to_string()
}

#[test]
fn the_front_ends_count_up_to_symmetry_as_cover_does_on_their_exports() {
    for args in [
        vec!["queens", "8"],
        vec!["langford", "8"],
        vec!["polyomino", "3x20"],
        vec!["polycube", "3x3x3"],
    ] {
        let mut counted = args.clone();
        counted.extend(["--count", "--up-to-symmetry"]);
        let (from_cover, _) = cover(&export(&args), &["--count", "--up-to-symmetry"]);
        assert_eq!(front(&counted), from_cover.trim(), "{args:?}");
    }
    let (_dir, grid) = temp_file("grid.txt", empty_grid(4));
    let grids = stdout_of(
        &dancing()
            .args(["sudoku", "--size", "4", "--count", "--up-to-symmetry"])
            .arg(&grid)
            .assert()
            .success(),
    );
    assert_eq!(grids.trim(), "2");
}

#[test]
fn the_boards_pinning_rule_agrees_with_the_symmetry_found_in_the_matrix() {
    // Knuth's counts: 2339 (6x10), 1010 (5x12), 2 (3x20); 240 for the Soma cube.
    for (args, classes) in [
        (vec!["polyomino", "6x10"], "2339"),
        (vec!["polyomino", "5x12"], "1010"),
        (vec!["polyomino", "3x20"], "2"),
        (vec!["polycube", "3x3x3"], "240"),
    ] {
        for flag in ["--symmetry", "--up-to-symmetry"] {
            let mut counted = args.clone();
            counted.extend(["--count", flag]);
            assert_eq!(front(&counted), classes, "{counted:?}");
        }
    }
}

#[test]
fn langford_pairs_up_to_reversal_are_oeis_a014552() {
    for (n, classes) in [("7", "26"), ("8", "150"), ("11", "17792")] {
        let count = front(&["langford", n, "--count", "--up-to-symmetry"]);
        assert_eq!(count, classes, "{n}");
        assert_eq!(front(&["langford", n, "--count", "--half"]), classes, "{n}");
    }
}

#[test]
fn stats_do_not_wait_for_nauty_on_ten_thousand_interchangeable_options() {
    // 10,000 items, each covered by an option of its own: a graph of 30,000 vertices and
    // edges, within --stats' bound, whose group (10,000!) takes nauty past 19 minutes.
    let items: Vec<String> = (0..10_000).map(|k| format!("i{k}")).collect();
    let (_dir, file) = temp_file(
        "chain.dlx",
        format!("{}\n{}\n", items.join(" "), items.join("\n")),
    );
    let run = dancing()
        .args(["cover", "--count", "--stats", "--jobs", "1"])
        .arg(&file)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success();
    assert_eq!(stdout_of(&run), "1\n");
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        stderr.contains("group order: not computed (nauty was stopped after 1 s"),
        "{stderr}"
    );
}
