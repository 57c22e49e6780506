//! One count in parts (`dancing cover --split`, `--count --parts`, `--merge`,
//! `--count --checkpoint`): the guide's recipes (docs/guide.md) run for real with GNU parallel and
//! `xargs -P`, a checkpointed count killed with SIGKILL and resumed, and the merge refusing
//! what it must refuse. Every total is checked against a one-thread `--count --stats` run and
//! the published count.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{dancing, stat, stderr_of, stdout_of, temp_file};
use dancing::parts::{ResultLine, read_results};

const QUEENS_12: &str = "puzzles/exact-cover/nqueens-12.dlx";
const PENTOMINO: &str = "puzzles/exact-cover/pentomino-6x10-xq.dlx";

/// The count, nodes and updates of one `dancing cover --count --stats` run on one thread.
fn one_thread(file: &Path) -> (u128, u128, u128) {
    let assert = dancing()
        .args(["cover", "--count", "--stats"])
        .arg(file)
        .assert()
        .success();
    let stats = stderr_of(&assert);
    let count = stdout_of(&assert).trim().parse().unwrap();
    assert_eq!(stat::<u128>(&stats, "solutions"), count);
    (
        count,
        stat::<u128>(&stats, "nodes"),
        stat::<u128>(&stats, "updates"),
    )
}

/// Runs a shell script in `dir` with the `dancing` under test first on the PATH, as the
/// guide's recipes (docs/guide.md) are written.
fn shell(dir: &Path, script: &str) -> Output {
    let bin = common::binary();
    let path = std::env::join_paths(
        std::iter::once(bin.parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let out = Command::new("sh")
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Checks that `merged` (the output of `--merge --stats`) gives the count and statistics of
/// one thread on `file`, and the published count.
fn assert_merged_like_one_thread(merged: &Output, file: &Path, published: u128) {
    let (count, nodes, updates) = one_thread(file);
    assert_eq!(count, published, "{}", file.display());
    let stats = String::from_utf8_lossy(&merged.stderr);
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        format!("{count}\n")
    );
    assert_eq!(stat::<u128>(&stats, "nodes"), nodes, "{stats}");
    assert_eq!(stat::<u128>(&stats, "updates"), updates, "{stats}");
    assert_eq!(stat::<u128>(&stats, "solutions"), count, "{stats}");
}

/// Whether GNU parallel (not moreutils' `parallel`) is on the PATH; if not, says the test
/// skips.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("GNU parallel"));
    if !found {
        eprintln!("skipped: GNU parallel is not installed (Debian: apt-get install parallel)");
    }
    found
}

/// A copy of `file` in a fresh directory, where a recipe's files are written.
fn workdir(file: &str) -> (tempfile::TempDir, PathBuf) {
    temp_file(
        Path::new(file).file_name().unwrap().to_str().unwrap(),
        std::fs::read(file).unwrap(),
    )
}

#[test]
fn the_gnu_parallel_recipe_gives_the_count_and_statistics_of_one_thread() {
    if !gnu_parallel() {
        return;
    }
    for (file, published) in [(QUEENS_12, 14_200), (PENTOMINO, 2_339)] {
        let (dir, copy) = workdir(file);
        let name = copy.file_name().unwrap().to_str().unwrap();
        // The guide's recipe, word for word but the file's name and --will-cite (which
        // silences GNU parallel's request for a citation).
        let script = format!(
            "dancing cover --split --parts 1000 {name} > parts.jsonl\n\
             parallel --will-cite -j 2 dancing cover --count --parts parts.jsonl --shard {{}}/2 \
               {name} '>' results-{{}}.jsonl ::: 0 1\n\
             dancing cover --merge parts.jsonl results-*.jsonl --stats"
        );
        let merged = shell(dir.path(), &script);
        assert_merged_like_one_thread(&merged, &copy, published);
        let parts = std::fs::read_to_string(dir.path().join("parts.jsonl")).unwrap();
        assert!(
            parts.lines().count() > 1000,
            "at least 1000 parts and a header"
        );
    }
}

#[test]
fn the_xargs_recipe_gives_the_count_and_statistics_of_one_thread() {
    let (dir, copy) = workdir(PENTOMINO);
    let name = copy.file_name().unwrap().to_str().unwrap();
    let script = format!(
        "dancing cover --split --parts 1000 {name} > parts.jsonl\n\
         seq 0 3 | xargs -P 2 -I{{}} sh -c \
           'dancing cover --count --parts parts.jsonl --shard {{}}/4 {name} > results-{{}}.jsonl'\n\
         dancing cover --merge parts.jsonl results-*.jsonl --stats"
    );
    let merged = shell(dir.path(), &script);
    assert_merged_like_one_thread(&merged, &copy, 2_339);
}

#[test]
fn the_sudoku_batch_recipe_gives_the_output_of_one_process() {
    if !gnu_parallel() {
        return;
    }
    let mut text = std::fs::read_to_string("puzzles/sudoku/top1465.txt").unwrap();
    text += &std::fs::read_to_string("puzzles/sudoku/unsolvable.txt").unwrap();
    text += &std::fs::read_to_string("puzzles/sudoku/17-clue-sample1000.txt").unwrap();
    let (dir, _) = temp_file("big.txt", text);
    let script = "parallel --will-cite --pipe --keep-order -N 200 dancing sudoku --jobs 1 \
                  < big.txt > solved-parallel.txt || true\n\
                  dancing sudoku < big.txt > solved-one.txt || true";
    shell(dir.path(), script);
    let read = |name| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let one = read("solved-one.txt");
    assert!(one.lines().count() > 2400, "every puzzle has its line");
    assert_eq!(read("solved-parallel.txt"), one);
}

/// The lines of a checkpoint file.
fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

#[test]
fn a_checkpointed_count_killed_midway_resumes_and_prints_the_total_of_one_search() {
    // 14 queens: 365,596 solutions, a few seconds of search, cut into 1,000 parts or more.
    let (dir, problem) = temp_file(
        "queens-14.dlx",
        dancing::knuth::write(&dancing::problems::queens(14)),
    );
    let checkpoint = dir.path().join("count.checkpoint");
    let mut child = Command::new(common::binary())
        .args(["cover", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .arg(&problem)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL: no chance to clean up) once a few parts are written.
    let start = Instant::now();
    while lines(&checkpoint) < 5 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no part finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    assert!(!child.wait().unwrap().success(), "killed before the end");
    let written = lines(&checkpoint);
    let header = std::fs::read_to_string(&checkpoint).unwrap();
    let parts: usize = header
        .split("\"parts\":")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        parts >= 1000 && written < parts + 1,
        "midway: {written} lines"
    );

    let resumed = dancing()
        .args(["cover", "--count", "--stats", "--jobs", "2", "--checkpoint"])
        .arg(&checkpoint)
        .arg(&problem)
        .assert()
        .success();
    let (count, nodes, updates) = one_thread(&problem);
    assert_eq!(count, 365_596);
    assert_eq!(stdout_of(&resumed), "365596\n");
    let stats = stderr_of(&resumed);
    assert_eq!(
        (
            stat::<u128>(&stats, "nodes"),
            stat::<u128>(&stats, "updates")
        ),
        (nodes, updates)
    );
    // Resumed, not restarted: the parts finished before the kill were not solved again.
    assert_eq!(lines(&checkpoint), parts + 1);
    // Run again, it has nothing left to do and prints the same total.
    dancing()
        .args(["cover", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .arg(&problem)
        .assert()
        .success()
        .stdout("365596\n");
}

#[test]
fn a_checkpoint_of_another_problem_is_refused() {
    let (_dir, checkpoint) = temp_file("count.checkpoint", "");
    dancing()
        .args(["cover", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .success()
        .stdout("92\n");
    let assert = dancing()
        .args(["cover", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .arg(QUEENS_12)
        .assert()
        .code(2)
        .stdout("");
    assert!(stderr_of(&assert).contains("another problem"));
}

/// Splits `file` into at least `parts` parts in `dir`, solves them all, and returns the
/// paths of the parts and results files.
fn split_and_solve(dir: &Path, file: &str, parts: usize) -> (PathBuf, PathBuf) {
    let split = dancing()
        .args(["cover", "--split", "--parts", &parts.to_string(), file])
        .assert()
        .success();
    let parts_file = dir.join(format!("{parts}.parts.jsonl"));
    std::fs::write(&parts_file, stdout_of(&split)).unwrap();
    let solved = dancing()
        .args(["cover", "--count", "--parts"])
        .arg(&parts_file)
        .arg(file)
        .assert()
        .success();
    let results = dir.join(format!("{parts}.results.jsonl"));
    std::fs::write(&results, stdout_of(&solved)).unwrap();
    (parts_file, results)
}

fn merge(files: &[&Path]) -> assert_cmd::assert::Assert {
    dancing()
        .args(["cover", "--merge"])
        .args(files)
        .args(["--stats"])
        .assert()
}

#[test]
fn merge_takes_its_flags_before_between_or_after_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 4);
    let (parts, results) = (parts.to_str().unwrap(), results.to_str().unwrap());
    let (_, nodes, _) = one_thread(Path::new("puzzles/exact-cover/nqueens-8.dlx"));
    for args in [
        ["--merge", parts, results, "--stats"],
        ["--stats", "--merge", parts, results],
        ["--merge", parts, "--stats", results],
    ] {
        let assert = dancing()
            .arg("cover")
            .args(args)
            .assert()
            .success()
            .stdout("92\n");
        assert_eq!(
            stat::<u128>(&stderr_of(&assert), "nodes"),
            nodes,
            "{args:?}"
        );
    }
}

#[test]
fn merge_refuses_a_missing_part_a_foreign_fingerprint_and_conflicting_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    merge(&[&parts, &results]).success().stdout("92\n");
    // Two copies of every result agree: fine.
    merge(&[&parts, &results, &results])
        .success()
        .stdout("92\n");

    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let file = |name: &str, lines: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    };

    let missing = file("missing.jsonl", &lines[1..]);
    let id: usize = lines[0]
        .strip_prefix("{\"id\":")
        .and_then(|rest| rest.split(',').next())
        .unwrap()
        .parse()
        .unwrap();
    let assert = merge(&[&parts, &missing]).code(4).stdout("");
    assert!(
        stderr_of(&assert).contains(&format!(
            "1 of {} parts have no result: {id}\n",
            lines.len()
        )),
        "{}",
        stderr_of(&assert)
    );

    let (_, foreign) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-6-primary.dlx", 3);
    let assert = merge(&[&parts, &results, &foreign]).code(2).stdout("");
    assert!(stderr_of(&assert).contains("a result of another problem"));

    // A result that disagrees, with a checksum of its own (as a buggy engine would write it;
    // an edited line is refused before, see the next test).
    let Some(Ok((_, ResultLine::Done(mut other)))) = read_results(lines[0].as_bytes()).next()
    else {
        panic!("a result: {}", lines[0]);
    };
    other.count += dancing::Count::exact(1u32);
    let changed = other.to_line();
    let conflicting = file("conflicting.jsonl", &[changed.trim_end()]);
    let assert = merge(&[&parts, &results, &conflicting]).code(2).stdout("");
    assert!(
        stderr_of(&assert).contains(&format!("part {id} has two different results")),
        "{}",
        stderr_of(&assert)
    );
}

/// `text` with the first `"count":N` of line `line` (from 1) changed to `"count":N+5`, as
/// `sed -i 'Ls/"count":N/"count":N+5/'` would.
fn edit_count(text: &str, line: usize) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let (before, rest) = lines[line - 1].split_once("\"count\":").unwrap();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let old: u128 = rest[..digits].parse().unwrap();
    lines[line - 1] = format!("{before}\"count\":{}{}", old + 5, &rest[digits..]);
    lines.join("\n") + "\n"
}

#[test]
fn an_edited_count_is_refused_with_the_file_and_line_named_by_merge_skip_done_and_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let edited = |name: &str, path: &Path, line: usize| {
        let edited = dir.path().join(name);
        std::fs::write(
            &edited,
            edit_count(&std::fs::read_to_string(path).unwrap(), line),
        )
        .unwrap();
        edited
    };
    let refused = |assert: assert_cmd::assert::Assert, file: &Path, line: usize| {
        let stderr = stderr_of(&assert.code(2).stdout(""));
        let named = format!("{}", file.display());
        assert!(
            stderr.contains(&named)
                && stderr.contains(&format!("line {line}: the checksum does not match")),
            "{stderr}"
        );
    };
    // The issue's `sed -i '1s/"count":0/"count":5/' parts.jsonl`: the count above the cut.
    let header = edited("header.jsonl", &parts, 1);
    refused(merge(&[&header, &results]), &header, 1);
    let result = edited("result.jsonl", &results, 3);
    refused(merge(&[&parts, &result]), &result, 3);
    let skip_done = dancing()
        .args(["cover", "--count", "--parts"])
        .arg(&parts)
        .arg("--skip-done")
        .arg(&result)
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert();
    refused(skip_done, &result, 3);

    let checkpoint = dir.path().join("count.checkpoint");
    let count = |checkpoint: &Path| {
        dancing()
            .args(["cover", "--count", "--checkpoint"])
            .arg(checkpoint)
            .arg(QUEENS_12)
            .assert()
    };
    count(&checkpoint).success().stdout("14200\n");
    for line in [1, 4] {
        let edited = edited(&format!("{line}.checkpoint"), &checkpoint, line);
        refused(count(&edited), &edited, line);
    }
}

#[test]
fn a_line_without_a_checksum_is_refused_as_written_by_an_older_dancing() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let text = std::fs::read_to_string(&results).unwrap();
    let old = text.lines().next().unwrap();
    let old = &old[..old.find(",\"check\"").unwrap()];
    let old_file = dir.path().join("old.jsonl");
    std::fs::write(&old_file, format!("{old}}}\n")).unwrap();
    let assert = merge(&[&parts, &old_file]).code(2);
    assert!(
        stderr_of(&assert).contains("line 1: no checksum"),
        "{}",
        stderr_of(&assert)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_readers_of_parts_results_and_checkpoints_refuse_what_is_not_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let device = Path::new("/dev/full");
    let not_a_file = |assert: assert_cmd::assert::Assert| {
        let stderr = stderr_of(&assert.code(2).stdout(""));
        assert!(stderr.contains("not a regular file"), "{stderr}");
    };
    not_a_file(merge(&[device, &results]));
    not_a_file(merge(&[&parts, device]));
    not_a_file(
        dancing()
            .args(["cover", "--count", "--parts"])
            .arg(&parts)
            .arg("--skip-done")
            .arg(device)
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert(),
    );
    not_a_file(
        dancing()
            .args(["cover", "--count", "--checkpoint"])
            .arg(device)
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert(),
    );
    not_a_file(
        dancing()
            .args(["cover", "--count", "--checkpoint"])
            .arg(dir.path())
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert(),
    );
}

#[test]
fn a_checkpoint_larger_than_any_is_refused_unread() {
    let (_dir, checkpoint) = temp_file("count.checkpoint", "");
    // Sparse: a gibibyte and one byte that take no room.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&checkpoint)
        .unwrap();
    file.set_len((1 << 30) + 1).unwrap();
    let assert = dancing()
        .args(["cover", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .arg("puzzles/exact-cover/nqueens-8.dlx")
        .assert()
        .code(2)
        .stdout("");
    assert!(
        stderr_of(&assert).contains("larger than 1 GiB, which no checkpoint is"),
        "{}",
        stderr_of(&assert)
    );
}

#[test]
fn solving_the_parts_of_another_problem_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, _) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let assert = dancing()
        .args(["cover", "--count", "--parts"])
        .arg(&parts)
        .arg(QUEENS_12)
        .assert()
        .code(2)
        .stdout("");
    assert!(stderr_of(&assert).contains("the parts are of another problem"));
}

#[test]
fn skip_done_solves_only_the_parts_without_a_result_even_after_a_torn_line() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, results) = split_and_solve(dir.path(), PENTOMINO, 100);
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // A crash left the first half of the results and half of the next line.
    let half = lines.len() / 2;
    let torn = &lines[half][..lines[half].len() / 2];
    let crashed = dir.path().join("crashed.jsonl");
    std::fs::write(&crashed, lines[..half].join("\n") + "\n" + torn).unwrap();
    // The same command again, appending: the guide's way to finish a killed shard.
    let out = shell(
        dir.path(),
        &format!(
            "dancing cover --count --parts {} --skip-done crashed.jsonl {} >> crashed.jsonl",
            parts.display(),
            std::fs::canonicalize(PENTOMINO).unwrap().display()
        ),
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("crashed.jsonl:"));
    let finished = std::fs::read_to_string(&crashed).unwrap();
    assert_eq!(
        finished.lines().count(),
        lines.len() + 1,
        "the torn line, and one line per part"
    );
    let merged = merge(&[&parts, &crashed]).success();
    assert_eq!(stdout_of(&merged), "2339\n");
    assert!(stderr_of(&merged).contains("not a whole line"));
}

#[test]
fn shards_split_the_parts_between_them() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, _) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let mut all = Vec::new();
    for shard in 0..3 {
        let assert = dancing()
            .args(["cover", "--count", "--jobs", "2", "--parts"])
            .arg(&parts)
            .args(["--shard", &format!("{shard}/3")])
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert()
            .success();
        for line in stdout_of(&assert).lines() {
            let id: usize = line
                .strip_prefix("{\"id\":")
                .and_then(|rest| rest.split(',').next())
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(id % 3, shard);
            all.push(id);
        }
    }
    all.sort_unstable();
    let header = std::fs::read_to_string(&parts).unwrap();
    assert_eq!(all, (0..header.lines().count() - 1).collect::<Vec<_>>());
    for bad in ["3/3", "1", "a/2", "1/0"] {
        dancing()
            .args(["cover", "--count", "--parts"])
            .arg(&parts)
            .args(["--shard", bad])
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert()
            .code(2);
    }
}

#[test]
fn part_flags_in_the_wrong_company_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (parts, _) = split_and_solve(dir.path(), "puzzles/exact-cover/nqueens-8.dlx", 20);
    let parts = parts.to_str().unwrap();
    for args in [
        &["--parts", parts][..],
        &["--split", "--parts", "0"],
        &["--split", "--parts", "many"],
        &["--split", "--parts", "10", "--shard", "0/2"],
        &["--split", "--parts", "10", "--count"],
        &["--count", "--parts", parts, "--limit", "3"],
        &["--count", "--checkpoint", "x", "--max-nodes", "10"],
        &["--checkpoint", "x"],
        &["--shard", "0/2"],
        &["--merge", parts, "--count"],
    ] {
        let assert = dancing()
            .arg("cover")
            .args(args)
            .arg("puzzles/exact-cover/nqueens-8.dlx")
            .assert()
            .code(2)
            .stdout("");
        assert!(!stderr_of(&assert).is_empty(), "{args:?}");
    }
}

/// The number in `--part-time`'s message on stderr: "at least N parts".
fn parts_said(stderr: &str) -> usize {
    let (_, after) = stderr.split_once("at least ").expect(stderr);
    after.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn part_time_sizes_a_split_by_the_estimate_and_its_parts_count_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (count, _, _) = one_thread(Path::new(QUEENS_12));
    assert_eq!(count, 14_200);
    // A part of a millisecond: as many parts as the estimated time holds, tens here (the
    // search takes some 0.1 s); an hour: one part, at least.
    for (time, many) in [("1ms", true), ("1h", false)] {
        let split = dancing()
            .args(["cover", "--split", "--part-time", time, "--estimate", "200"])
            .args(["--seed", "5", QUEENS_12])
            .assert()
            .success();
        let said = parts_said(&stderr_of(&split));
        assert_eq!(said > 1, many, "{time}: {said} parts");
        let parts = dir.path().join(format!("{time}.parts.jsonl"));
        std::fs::write(&parts, stdout_of(&split)).unwrap();
        let written = stdout_of(&split).lines().count() - 1;
        assert!(written >= said, "{written} parts written, {said} said");
        let solved = dancing()
            .args(["cover", "--count", "--parts"])
            .arg(&parts)
            .arg(QUEENS_12)
            .assert()
            .success();
        let results = dir.path().join(format!("{time}.results.jsonl"));
        std::fs::write(&results, stdout_of(&solved)).unwrap();
        merge(&[&parts, &results])
            .success()
            .stdout(format!("{count}\n"));
    }
}
