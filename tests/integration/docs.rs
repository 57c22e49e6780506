//! The documentation runs as written: every shell command in a ```` ```sh ```` block of
//! `README.md` and `docs/*.md` is run as pasted, every path of the checkout and of the library
//! they name exists, and `scripts/svg_screenshot.sh` writes the picture it says it wrote. (The
//! Rust blocks of the same files are doctests: `src/lib.rs` includes them.)
//!
//! # The convention of the commands
//! - Only ```` ```sh ```` blocks are run; ```` ```text ```` shows output or file contents, and
//!   is not run. Each line of an `sh` block is one command, run with `bash -c` (a line ending
//!   with `\` goes on with the next); a line starting with `#` is a comment.
//! - The commands of one document run in order, in one fresh directory holding links to the
//!   checkout's `puzzles/`, `docs/` and `scripts/` (so a command may use the files an earlier
//!   one wrote, and nothing is written into the checkout), with the `dancing` under test
//!   first on `PATH`, standard input empty, and [`BUDGET`] seconds each (20 in a release build).
//!   What they leave there must be in `.gitignore`, for the reader who runs them from the
//!   project's root.
//! - A comment at the end of a command may carry markers:
//!   - `# exit N`: the command must end with status `N` (otherwise with 0);
//!   - `# needs: PROGRAM`: run only where `PROGRAM` is installed (`parallel` must be GNU
//!     parallel; `servers`, for recipes that need other machines, never is); skipped with a
//!     `SKIPPED` line on stderr otherwise;
//!   - `# slow`: longer than the budget (a benchmark, a build); never run here, and said so
//!     with a `SKIPPED` line.
//!
//!   So `dancing sudoku --unique FILE   # exit 1: not unique` must fail with status 1.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::binary;

/// The time each command is given, in seconds: the documents' commands take at most a few
/// seconds each in a release build (the longest, counting pentomino-6x10 in ten shards, about
/// 1.5 s), and ten times as long in a debug build, whose budget is ten times as long too.
const BUDGET: u32 = if cfg!(debug_assertions) { 200 } else { 20 };

/// The folders of the checkout that a document's commands see from their directory.
const LINKED: [&str; 3] = ["puzzles", "docs", "scripts"];

/// The crate's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One command of a document, with where it is and what its markers ask.
#[derive(Debug)]
struct Snippet {
    /// `file:line` of its first line.
    place: String,
    /// The command, continuation lines joined.
    command: String,
    /// The status it must end with.
    exit: i32,
    /// The programs it needs.
    needs: Vec<String>,
    /// Marked `# slow`.
    slow: bool,
}

/// The markers of a command's trailing comment: `(exit, needs, slow)`.
fn markers(command: &str) -> (i32, Vec<String>, bool) {
    let Some(at) = command.rfind(" # ").or_else(|| command.rfind("\t# ")) else {
        return (0, Vec::new(), false);
    };
    let comment = &command[at + 3..];
    let exit = comment
        .split_once("exit ")
        .map(|(_, rest)| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits
                .parse()
                .unwrap_or_else(|_| panic!("`exit` without a number in {command:?}"))
        })
        .unwrap_or(0);
    let needs = comment
        .split("needs: ")
        .skip(1)
        .map(|rest| {
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    let slow = comment
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w == "slow");
    (exit, needs, slow)
}

/// Every command of the `sh` blocks of `text` (the document `name`), in order.
fn snippets(name: &str, text: &str) -> Vec<Snippet> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut in_block = false;
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            if in_block {
                assert!(
                    pending.is_none(),
                    "{name}:{}: a block ends on a `\\`",
                    i + 1
                );
                in_block = false;
                in_sh = false;
            } else {
                in_block = true;
                in_sh = info.trim() == "sh";
            }
            continue;
        }
        if !in_sh {
            continue;
        }
        let (start, mut command) = match pending.take() {
            Some((start, before)) => (start, before + " " + trimmed),
            None if trimmed.is_empty() || trimmed.starts_with('#') => continue,
            None => (i + 1, trimmed.to_string()),
        };
        if let Some(head) = command.strip_suffix('\\') {
            command = head.trim_end().to_string();
            pending = Some((start, command));
            continue;
        }
        let (exit, needs, slow) = markers(&command);
        out.push(Snippet {
            place: format!("{name}:{start}"),
            command,
            exit,
            needs,
            slow,
        });
    }
    out
}

/// Whether `program` is installed as the documents mean it.
fn installed(program: &str) -> bool {
    let probe = match program {
        "servers" => return false,
        "parallel" => "parallel --version 2>/dev/null | grep -q 'GNU parallel'".to_string(),
        _ => format!("command -v {program} >/dev/null"),
    };
    Command::new("bash")
        .args(["-c", &probe])
        .status()
        .is_ok_and(|s| s.success())
}

/// Says on stderr, past the harness's capture, that a command was not run and why.
fn skipped(snippet: &Snippet, why: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {}: `{}` ({why})",
        snippet.place,
        snippet.command
    );
}

/// Runs every command of the document at `relative` (from the crate's root) as described in
/// the module's docs, and returns the failures, one line each.
fn run_document(relative: &str) -> Vec<String> {
    let text = fs::read_to_string(root().join(relative)).unwrap();
    let snippets = snippets(relative, &text);
    let dir = tempfile::tempdir().unwrap();
    for folder in LINKED {
        std::os::unix::fs::symlink(root().join(folder), dir.path().join(folder)).unwrap();
    }
    let bin = binary();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for snippet in &snippets {
        if snippet.slow {
            skipped(snippet, "marked slow");
            continue;
        }
        if let Some(missing) = snippet.needs.iter().find(|p| !installed(p)) {
            skipped(snippet, &format!("needs {missing}, which is not installed"));
            continue;
        }
        let output = Command::new("timeout")
            .arg(BUDGET.to_string())
            .args(["bash", "-c", &snippet.command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let status = output.status.code();
        if status != Some(snippet.exit) {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let why = if status == Some(124) {
                format!("ran out of its {BUDGET} s")
            } else {
                format!("ended with {status:?}, not {}", snippet.exit)
            };
            failures.push(format!(
                "{}: `{}` {why}; stderr: {}",
                snippet.place,
                snippet.command,
                stderr.trim()
            ));
        }
    }
    failures.extend(not_ignored(relative, dir.path()));
    failures
}

/// The files and folders that the commands of the document at `relative` left in `dir` (the
/// linked folders aside) that the checkout's `.gitignore` does not cover: a reader who runs
/// them from the project's root would find them in `git status`. Asked of
/// `git check-ignore --no-index`; where the checkout is no git repository, said with a
/// `SKIPPED` line.
fn not_ignored(relative: &str, dir: &Path) -> Vec<String> {
    let mut left: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| !LINKED.iter().any(|f| e.file_name() == *f))
        .map(|e| {
            let name = e.file_name().into_string().unwrap();
            if e.file_type().unwrap().is_dir() {
                name + "/"
            } else {
                name
            }
        })
        .collect();
    left.sort();
    let mut failures = Vec::new();
    for name in left {
        let status = Command::new("git")
            .args(["check-ignore", "--no-index", "-q", &name])
            .current_dir(root())
            .status()
            .unwrap();
        match status.code() {
            Some(0) => {}
            Some(1) => failures.push(format!(
                "{relative}: `{name}`, which its commands leave, is not in .gitignore"
            )),
            _ => {
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED the .gitignore check of {relative}: git check-ignore failed \
                     (no git repository?)"
                );
                return failures;
            }
        }
    }
    failures
}

/// The documents: the README and every page of `docs/`.
fn documents() -> Vec<String> {
    let mut pages: Vec<String> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    pages.sort();
    pages.insert(0, "README.md".to_string());
    pages
}

#[test]
fn every_command_of_the_readme_runs_as_pasted() {
    let failures = run_document("README.md");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_command_of_the_pages_of_docs_runs_as_pasted() {
    let failures: Vec<String> = documents()
        .iter()
        .skip(1)
        .flat_map(|page| run_document(page))
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The paths of the checkout that `text` names in code spans: those that start with one of
/// the checkout's folders (without a `:line:column` or an anchor after them).
fn named_paths(text: &str) -> BTreeSet<String> {
    const FOLDERS: [&str; 9] = [
        "puzzles/",
        "src/",
        "tests/",
        "scripts/",
        "docs/",
        "benches/",
        "examples/",
        "fuzz/",
        ".ci/",
    ];
    let mut paths = BTreeSet::new();
    for span in text.split('`').skip(1).step_by(2) {
        for word in span.split_whitespace() {
            let word = word.trim_end_matches([',', ';', ':', '.']);
            let word = word.split(['#', ':']).next().unwrap();
            if FOLDERS.iter().any(|f| word.starts_with(f)) && !word.contains(['*', '{', '<', '$']) {
                paths.insert(word.to_string());
            }
        }
    }
    paths
}

/// The targets of the Markdown links and images of `text` that are not web addresses:
/// `(file, anchor)`, the file empty for a link within the page.
fn link_targets(text: &str) -> BTreeSet<(String, String)> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(target, _)| target))
        .filter(|target| !target.contains("://"))
        .map(|target| {
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            (file.to_string(), anchor.to_string())
        })
        .collect()
}

/// The anchors GitHub gives the headings of `text`: lower case, spaces as `-`, other
/// punctuation dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_block = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block && line.starts_with('#') {
            let title = line.trim_start_matches('#').trim();
            let anchor = title
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            found.insert(anchor);
        }
    }
    found
}

#[test]
fn every_path_of_the_checkout_that_the_documents_name_exists() {
    let mut missing = Vec::new();
    for document in documents() {
        let text = fs::read_to_string(root().join(&document)).unwrap();
        for path in named_paths(&text) {
            if !root().join(&path).exists() {
                missing.push(format!("{document}: {path}"));
            }
        }
    }
    assert!(missing.is_empty(), "absent:\n{}", missing.join("\n"));
}

/// Every link between the documents leads to a file that exists (from the linking document's
/// folder, as GitHub reads it) and, where it names a heading, to a heading of that file.
#[test]
fn every_link_of_the_documents_leads_to_a_file_and_heading_that_exist() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = fs::read_to_string(root().join(&document)).unwrap();
        let folder = root().join(&document).parent().unwrap().to_path_buf();
        for (file, anchor) in link_targets(&text) {
            let target = if file.is_empty() {
                root().join(&document)
            } else {
                folder.join(&file)
            };
            if !target.exists() {
                broken.push(format!("{document}: {file} does not exist"));
            } else if !anchor.is_empty() {
                let headings = anchors(&fs::read_to_string(&target).unwrap());
                if !headings.contains(&anchor) {
                    broken.push(format!("{document}: {file}#{anchor} is no heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "\n{}", broken.join("\n"));
}

/// `a::b::{c, d}` as `a::b::c` and `a::b::d` (one level of braces, as the documents write
/// them).
fn expand(path: &str) -> Vec<String> {
    match path.split_once('{') {
        Some((head, rest)) => rest
            .trim_end_matches('}')
            .split(',')
            .map(|name| format!("{head}{}", name.trim()))
            .collect(),
        None => vec![path.to_string()],
    }
}

/// Every library path the documents name in a code span (`dancing::sudoku::solve::SudokuSolver`)
/// is imported by a `use` of one of their Rust blocks, which the doctests compile (the
/// guide's list of paths), so that no document names a path that does not exist.
#[test]
fn every_library_path_the_documents_name_is_compiled_by_a_doctest() {
    let texts: Vec<String> = documents()
        .iter()
        .map(|d| fs::read_to_string(root().join(d)).unwrap())
        .collect();
    let mut imported = BTreeSet::new();
    for text in &texts {
        for block in text.split("```rust\n").skip(1) {
            let code = block.split("```").next().unwrap();
            for import in code.lines().filter_map(|l| l.trim().strip_prefix("use ")) {
                imported.extend(expand(import.trim_end_matches(';')));
            }
        }
    }
    let mut absent = Vec::new();
    for text in &texts {
        for span in text.split('`').skip(1).step_by(2) {
            if !span.starts_with("dancing::") {
                continue;
            }
            for path in expand(span) {
                let module = format!("{path}::");
                if !imported
                    .iter()
                    .any(|i| *i == path || i.starts_with(&module))
                {
                    absent.push(path);
                }
            }
        }
    }
    assert!(
        absent.is_empty(),
        "named but never imported by a doctest: {absent:?}"
    );
}

#[test]
fn the_markers_of_a_command_say_its_exit_status_and_what_it_needs() {
    let text = "```sh\n\
                # a comment line\n\
                dancing sudoku --unique f.txt   # exit 1: not unique\n\
                parallel -j 2 echo ::: 0 1 \\\n    \
                  > out.txt   # needs: parallel\n\
                scripts/perf_table.py   # slow, needs: python3\n\
                ```\n\
                ```text\nnot a command\n```\n";
    let found = snippets("doc.md", text);
    let seen: Vec<_> = found
        .iter()
        .map(|s| (s.place.as_str(), s.exit, s.needs.clone(), s.slow))
        .collect();
    assert_eq!(
        seen,
        [
            ("doc.md:3", 1, vec![], false),
            ("doc.md:4", 0, vec!["parallel".to_string()], false),
            ("doc.md:6", 0, vec!["python3".to_string()], true),
        ]
    );
    assert_eq!(
        found[1].command,
        "parallel -j 2 echo ::: 0 1 > out.txt   # needs: parallel"
    );
}

/// `scripts/svg_screenshot.sh` given absolute paths (from another directory) writes both
/// files, and the PNG is a real PNG. Skipped, with a `SKIPPED` line, where Chromium is not
/// installed.
#[test]
fn the_svg_screenshot_script_writes_both_files_given_absolute_paths() {
    if !installed("chromium") {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_svg_screenshot_script_writes_both_files_given_absolute_paths: \
             chromium is not installed"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let svg: PathBuf = dir.path().join("picture/packing.svg");
    let png: PathBuf = dir.path().join("shot/packing.png");
    let output = Command::new(root().join("scripts/svg_screenshot.sh"))
        .arg(&svg)
        .arg(&png)
        .current_dir(dir.path())
        .env("DANCING_BIN", binary())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.starts_with("wrote "), "{stdout}");
    let picture = fs::read_to_string(&svg).unwrap();
    let document = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let bytes = fs::read(&png).unwrap();
    assert!(
        bytes.len() > 1000 && bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{} bytes, not a PNG",
        bytes.len()
    );
}
