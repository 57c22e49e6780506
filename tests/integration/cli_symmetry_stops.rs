//! Nothing waits on nauty without a way out: `--max-time` and Ctrl-C stop it while it
//! computes the group of `--group`, `--count --symmetry`, `--count --up-to-symmetry`, a split
//! or a checkpoint with the group, on `cover` and a front end (`--stats`' second is checked in
//! `cli_symmetry`). The problem is 4,000 items each covered by an option of its own, whose
//! group (every permutation) took nauty 85 s, which nothing could stop.

use std::time::Duration;

use crate::cli_budgets::{PROMPTLY, interrupted_after, timed};
use crate::common::temp_file;

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
        let (out, took) = timed(&args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(3), "{flags:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{flags:?}: nothing on stdout");
        assert!(
            stderr.contains("stopped while nauty was still computing the symmetry group"),
            "{flags:?}: {stderr}"
        );
        assert!(
            stderr.contains("gave up after 1 s (--max-time)"),
            "{flags:?}: {stderr}"
        );
        assert!(
            took < Duration::from_secs(1) + PROMPTLY,
            "{flags:?} took {took:?}"
        );
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
        let (out, took) = interrupted_after(&args, Duration::from_millis(500));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(130), "{flags:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{flags:?}: nothing on stdout");
        assert!(
            stderr.contains("interrupted while nauty was still computing the symmetry group"),
            "{flags:?}: {stderr}"
        );
        assert!(took < PROMPTLY, "{flags:?}: {took:?} after the signal");
    }
}

#[test]
fn ctrl_c_while_nauty_computes_the_group_of_a_split_or_a_checkpoint_exits_130_promptly() {
    let (dir, path) = temp_file("chain.dlx", chain(4000));
    let path = path.to_str().unwrap();
    let (out, took) = interrupted_after(
        &["cover", "--split", "--parts", "4", "--symmetry", path],
        Duration::from_millis(500),
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no parts written");
    assert!(stderr.contains("interrupted while splitting"), "{stderr}");
    assert!(took < PROMPTLY, "split: {took:?} after the signal");
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
    let (out, took) = interrupted_after(&resume, Duration::from_millis(500));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("is as it was"), "{stderr}");
    assert_eq!(std::fs::read(checkpoint).unwrap(), before);
    assert!(took < PROMPTLY, "checkpoint: {took:?} after the signal");
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
    let (out, took) = timed(&budget);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout");
    assert!(
        stderr.contains("stopped while nauty was still computing the symmetry group"),
        "{stderr}"
    );
    assert!(took < Duration::from_secs(1) + PROMPTLY, "took {took:?}");
    let mut group = board.to_vec();
    group.push("--group");
    let (out, took) = interrupted_after(&group, Duration::from_millis(500));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout");
    assert!(took < PROMPTLY, "{took:?} after the signal");
}
