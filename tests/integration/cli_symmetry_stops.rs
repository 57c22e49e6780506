//! Nothing waits on nauty without a way out: `--max-time` and Ctrl-C stop it while it
//! computes the group of `--group`, `--count --symmetry`, `--count --up-to-symmetry`, a split
//! or a checkpoint with the group, on `cover` and a front end (`--stats`' second is checked in
//! `cli_symmetry`). The problem is 4,000 items each covered by an option of its own, whose
//! group (every permutation) took nauty 85 s, which nothing could stop.

use crate::cli_budgets::{assert_gives_up_after_one_second, assert_interrupted_promptly};
use crate::common::temp_file;

/// What stderr says when `--max-time` runs out in nauty.
const STOPPED: &str = "stopped while nauty was still computing the symmetry group";

/// `n` items, each covered by an option of its own, in Knuth's format.
fn chain(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut text = items.join(" ") + "\n";
    for item in &items {
        text.push_str(item);
        text.push('\n');
    }
    text
}

#[test]
fn a_time_budget_stops_nauty_with_the_budgets_exit_code_and_says_so() {
    let (_dir, path) = temp_file("chain.dlx", chain(4000));
    let path = path.to_str().unwrap();
    for flags in [
        &["--group"][..],
        &["--count", "--symmetry"],
        &["--count", "--up-to-symmetry"],
    ] {
        let mut args = vec!["cover", "--max-time", "1"];
        args.extend(flags);
        args.push(path);
        let stderr = assert_gives_up_after_one_second(&args);
        assert!(stderr.contains(STOPPED), "{flags:?}: {stderr}");
    }
}

#[test]
fn ctrl_c_while_nauty_computes_the_group_exits_130_promptly() {
    let (_dir, path) = temp_file("chain.dlx", chain(4000));
    let path = path.to_str().unwrap();
    for flags in [&["--group"][..], &["--count", "--symmetry"]] {
        let mut args = vec!["cover"];
        args.extend(flags);
        args.push(path);
        let stderr = assert_interrupted_promptly(&args);
        assert!(
            stderr.contains("interrupted while nauty was still computing the symmetry group"),
            "{flags:?}: {stderr}"
        );
    }
}

#[test]
fn ctrl_c_while_nauty_computes_the_group_of_a_split_or_a_checkpoint_exits_130_promptly() {
    let (dir, path) = temp_file("chain.dlx", chain(4000));
    let path = path.to_str().unwrap();
    let stderr =
        assert_interrupted_promptly(&["cover", "--split", "--parts", "4", "--symmetry", path]);
    assert!(stderr.contains("interrupted while splitting"), "{stderr}");
    // A checkpoint made with the group (of 6 queens): resuming it finds the group first.
    let (_queens_dir, queens) = temp_file(
        "queens.dlx",
        dancing::knuth::write(&dancing::problems::queens(6)),
    );
    let checkpoint = dir.path().join("checkpoint.jsonl");
    let checkpoint = checkpoint.to_str().unwrap();
    let made = crate::common::dancing()
        .args(["cover", "--count", "--symmetry", "--checkpoint", checkpoint])
        .arg(&queens)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(made.stdout).unwrap(), "4\n");
    let before = std::fs::read(checkpoint).unwrap();
    let resume = [
        "cover",
        "--count",
        "--symmetry",
        "--checkpoint",
        checkpoint,
        path,
    ];
    let stderr = assert_interrupted_promptly(&resume);
    assert!(stderr.contains("is as it was"), "{stderr}");
    assert_eq!(std::fs::read(checkpoint).unwrap(), before);
}

#[test]
fn a_front_end_stops_nauty_at_its_time_budget_and_at_ctrl_c() {
    // 3,600 interchangeable copies of the monomino on a 60x60 board.
    let board = [
        "polyomino",
        "60x60",
        "--pieces",
        "monomino",
        "--copies",
        "3600",
    ];
    let mut budget = board.to_vec();
    budget.extend(["--count", "--up-to-symmetry", "--max-time", "1"]);
    let stderr = assert_gives_up_after_one_second(&budget);
    assert!(stderr.contains(STOPPED), "{stderr}");
    let mut group = board.to_vec();
    group.push("--group");
    assert_interrupted_promptly(&group);
}
