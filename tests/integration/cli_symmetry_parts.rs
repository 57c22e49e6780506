//! A count with `--symmetry` in parts (`--split`, `--count --parts`, `--merge`, and
//! `--count --checkpoint`): the weighted parts merge to the plain total, and files used with
//! the wrong problem or the wrong flag, or edited, are refused with exit 2.

use crate::common;

use std::path::Path;

use common::{dancing, stdout_of, temp_file};

/// The problem that `args` of `dancing` export with `--to-dlx`.
fn export(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--to-dlx");
    stdout_of(&dancing().args(&all).assert().success())
}

/// What `dancing cover` with `flags` then `file` prints on stdout, with exit code 0.
fn cover(flags: &[&str], file: &Path) -> String {
    stdout_of(
        &dancing()
            .arg("cover")
            .args(flags)
            .arg(file)
            .assert()
            .success(),
    )
}

#[test]
fn parts_split_with_symmetry_merge_to_the_plain_count() {
    for (args, parts) in [
        (vec!["queens", "10"], "50"),
        (vec!["queens", "12"], "1000"),
        (vec!["polyomino", "6x10"], "100"),
    ] {
        let (dir, problem) = temp_file("problem.dlx", export(&args));
        let plain = cover(&["--count"], &problem);
        let split = cover(&["--split", "--parts", parts, "--symmetry"], &problem);
        let parts_file = dir.path().join("parts.jsonl");
        std::fs::write(&parts_file, &split).unwrap();
        // Every part has a weight, and the header says the parts were made with the group.
        assert!(
            split.lines().next().unwrap().contains("\"symmetry\":"),
            "{args:?}"
        );
        assert!(
            split.lines().skip(1).all(|l| l.contains("\"weight\":")),
            "{args:?}"
        );
        let mut merge = vec![parts_file.clone()];
        for (k, shard) in ["0/2", "1/2"].into_iter().enumerate() {
            let flags = ["--count", "--symmetry", "--shard", shard, "--parts"];
            let results = cover(
                &[&flags[..], &[parts_file.to_str().unwrap()]].concat(),
                &problem,
            );
            let file = dir.path().join(format!("results-{k}.jsonl"));
            std::fs::write(&file, results).unwrap();
            merge.push(file);
        }
        let merged = stdout_of(
            &dancing()
                .args(["cover", "--merge"])
                .args(&merge)
                .assert()
                .success(),
        );
        assert_eq!(merged, plain, "{args:?}");
    }
}

/// The exit code and stderr of `dancing cover` with `flags` then `file`.
fn refused(flags: &[&str], file: &Path) -> (i32, String) {
    let out = dancing()
        .arg("cover")
        .args(flags)
        .arg(file)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn parts_with_symmetry_edited_or_used_with_another_problem_or_flag_are_refused() {
    let (dir, problem) = temp_file("problem.dlx", export(&["queens", "8"]));
    let other = dir.path().join("other.dlx");
    std::fs::write(&other, export(&["queens", "9"])).unwrap();
    let split = cover(&["--split", "--parts", "20", "--symmetry"], &problem);
    let parts = dir.path().join("parts.jsonl");
    std::fs::write(&parts, &split).unwrap();
    let path = parts.to_str().unwrap();
    // A weight taken out of the second line: its checksum no longer matches.
    let mut lines: Vec<String> = split.lines().map(str::to_string).collect();
    let at = lines[1].find(",\"weight\":").unwrap();
    let end = at + lines[1][at + 1..].find(',').unwrap() + 1;
    lines[1].replace_range(at..end, "");
    let edited = dir.path().join("edited.jsonl");
    std::fs::write(&edited, lines.join("\n") + "\n").unwrap();
    let (code, stderr) = refused(
        &["--count", "--symmetry", "--parts", edited.to_str().unwrap()],
        &problem,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
    let (code, stderr) = refused(&["--count", "--symmetry", "--parts", path], &other);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("another problem"), "{stderr}");
    let (code, stderr) = refused(&["--count", "--parts", path], &problem);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("made with --symmetry"), "{stderr}");
    let plain = dir.path().join("plain.jsonl");
    std::fs::write(&plain, cover(&["--split", "--parts", "20"], &problem)).unwrap();
    let (code, stderr) = refused(
        &["--count", "--symmetry", "--parts", plain.to_str().unwrap()],
        &problem,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("made without --symmetry"), "{stderr}");
}

#[test]
fn a_checkpointed_count_with_symmetry_resumes_to_the_same_total() {
    let (dir, problem) = temp_file("problem.dlx", export(&["queens", "12"]));
    let plain = cover(&["--count"], &problem);
    let checkpoint = dir.path().join("count.ckpt");
    let flags = [
        "--count",
        "--symmetry",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    assert_eq!(cover(&flags, &problem), plain);
    // As if killed half way: the header and the first half of the results kept.
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 1000, "{} lines", lines.len());
    let kept = lines[..lines.len() / 2].join("\n") + "\n";
    std::fs::write(&checkpoint, &kept).unwrap();
    assert_eq!(cover(&flags, &problem), plain);
    let resumed = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(resumed.starts_with(&kept));
    assert_eq!(resumed.lines().count(), lines.len());
    // Resumed without --symmetry, the weighted results would be read wrong: refused.
    let (code, stderr) = refused(
        &["--count", "--checkpoint", checkpoint.to_str().unwrap()],
        &problem,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("made with --symmetry"), "{stderr}");
}
