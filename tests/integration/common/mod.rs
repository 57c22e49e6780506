//! Helpers shared by the integration tests: the `dancing` binary and its output, temporary
//! files, the public data sets of `../shared/data` (and the skips when they are absent),
//! puzzle files read by the library, the independent check of a printed solution, the batch
//! summary line and its agreement with the output, and Wikipedia's classic Sudoku puzzle in
//! every format the tests write it in.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use assert_cmd::Command;
use assert_cmd::assert::Assert;
use dancing::sudoku::check::verify;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::{PuzzleReader, ReadError};

// ---------------------------------------------------------------- the binary

/// A command running the `dancing` binary built for the tests.
pub fn dancing() -> Command {
    Command::cargo_bin("dancing").unwrap()
}

/// The path of the `dancing` binary, for `std::process::Command` and shells.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_dancing"))
}

/// The stdout of a finished run, as text.
pub fn stdout_of(assert: &Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// The stderr of a finished run, as text.
pub fn stderr_of(assert: &Assert) -> String {
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

/// The counts of the summary line of `dancing sudoku` on stderr
/// (`puzzles: 11, solved: 11, ..., errors: 1; ...`), by name.
pub fn summary(stderr: &str) -> HashMap<String, u64> {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("puzzles: "))
        .unwrap_or_else(|| panic!("no summary in {stderr:?}"));
    let counts = line.split(';').next().unwrap();
    counts
        .split(", ")
        .map(|field| {
            let (name, value) = field.split_once(": ").unwrap();
            (name.to_string(), value.parse().unwrap())
        })
        .collect()
}

/// Checks that the summary of `dancing sudoku` agrees with its output in `line` or `jsonl`
/// format, and returns it: `puzzles` is the number of output lines, and each status count
/// the number of lines with that status (a solution or a count is `solved`, except a count of
/// `0`, which is `unsolvable`; under `--count --unique` the caller must check `multiple`).
pub fn summary_of_lines(stdout: &str, stderr: &str) -> HashMap<String, u64> {
    let s = summary(stderr);
    let mut lines: HashMap<String, u64> = HashMap::new();
    for line in stdout.lines() {
        let status = if line.starts_with('{') {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            object["status"].as_str().unwrap().to_string()
        } else {
            match line {
                "unsolvable" | "invalid" | "multiple" | "gave-up" => line.to_string(),
                "0" => "unsolvable".to_string(),
                _ => "solved".to_string(),
            }
        };
        *lines.entry(status.replace('-', " ")).or_default() += 1;
    }
    assert_eq!(
        s["puzzles"],
        stdout.lines().count() as u64,
        "puzzles against output lines: {s:?}"
    );
    for status in ["solved", "unsolvable", "invalid", "multiple", "gave up"] {
        let found = lines.get(status).copied().unwrap_or(0);
        assert_eq!(
            s[status], found,
            "{status}: summary {s:?}, output lines {lines:?}"
        );
    }
    s
}

// ---------------------------------------------------------------- files

/// A file of `text` in a fresh temporary directory (kept alive by the returned guard).
pub fn temp_file(name: &str, text: impl AsRef<[u8]>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    fs::write(&path, text).unwrap();
    (dir, path)
}

/// The tests of this test binary skipped so far for want of `../shared/data`.
static SKIPPED: AtomicUsize = AtomicUsize::new(0);

/// `../shared/data/{relative}` beside the crate, or `None` when it is absent: the calling
/// test then skips its checks, and says so on stderr with its name and the number of tests
/// this binary skipped so far. The line is written past the test harness's capture, so that
/// `cargo test` shows it even for a passing test (`grep SKIPPED` counts them). With
/// `DANCING_REQUIRE_DATA=1` (which `.ci/run` sets where the data is present), an absent file
/// fails the test instead.
///
/// A test whose whole point is the shared data carries
/// `#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]` as well: where
/// the folder is absent (`build.rs` sets the cfg `shared_data` where it is present), it is
/// one of `cargo test`'s "ignored", not a pass; run anyway (`-- --ignored`), it skips here.
/// The tests that call this without the attribute check other things too and skip only
/// their part on the shared data.
pub fn shared_data(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(relative);
    if path.exists() {
        return Some(path);
    }
    let required = std::env::var_os("DANCING_REQUIRE_DATA").is_some_and(|v| v == "1");
    assert!(
        !required,
        "{} is absent, and DANCING_REQUIRE_DATA=1 requires it",
        path.display()
    );
    let skipped = SKIPPED.fetch_add(1, Ordering::Relaxed) + 1;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test} ({skipped} in this binary so far): {} is absent",
        path.display()
    );
    None
}

// ---------------------------------------------------------------- counts

/// The domino tilings of a `rows` x `columns` board, by a transfer matrix over the columns:
/// a state is the set of cells of the next column already covered by dominoes lying across.
/// Sums wrap at 2^128 (exact up to 16 x 16; the count modulo 2^128 beyond), so that it can
/// check a count of any size in its low 128 bits.
pub fn domino_tilings(rows: usize, columns: usize) -> u128 {
    /// Adds to `next` every way of filling the column from `row` on, given the cells
    /// `filled` already, with `across` the cells of the next column covered so far.
    fn fill(rows: usize, row: usize, filled: usize, across: usize, ways: u128, next: &mut [u128]) {
        if row == rows {
            next[across] = next[across].wrapping_add(ways);
        } else if filled & 1 << row != 0 {
            fill(rows, row + 1, filled, across, ways, next);
        } else {
            fill(rows, row + 1, filled, across | 1 << row, ways, next);
            if row + 1 < rows && filled & 1 << (row + 1) == 0 {
                fill(rows, row + 2, filled, across, ways, next);
            }
        }
    }
    let mut states = vec![0u128; 1 << rows];
    states[0] = 1;
    for _ in 0..columns {
        let mut next = vec![0u128; 1 << rows];
        for (filled, &ways) in states.iter().enumerate() {
            if ways > 0 {
                fill(rows, 0, filled, 0, ways, &mut next);
            }
        }
        states = next;
    }
    states[0]
}

// ---------------------------------------------------------------- puzzle files

/// One entry of a puzzle file: a puzzle with its line, or the error of a bad entry.
pub type Entry = Result<(usize, Grid), ReadError>;

/// Every entry of a puzzle file as the library reads it.
pub fn entries(path: impl AsRef<Path>) -> Vec<Entry> {
    let path = path.as_ref();
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PuzzleReader::new(BufReader::new(file))
        .map(|e| e.map(|p| (p.line, p.grid)))
        .collect()
}

/// The puzzles of a file that must hold only good puzzles, each with its line; a bad entry
/// fails the test.
pub fn numbered_puzzles(path: impl AsRef<Path>) -> Vec<(usize, Grid)> {
    let path = path.as_ref();
    entries(path)
        .into_iter()
        .map(|e| e.unwrap_or_else(|err| panic!("{}:{err}", path.display())))
        .collect()
}

/// The puzzles of a file that must hold only good puzzles; a bad entry fails the test.
pub fn puzzles(path: impl AsRef<Path>) -> Vec<Grid> {
    numbered_puzzles(path).into_iter().map(|(_, g)| g).collect()
}

// ---------------------------------------------------------------- solutions

/// An 81-digit output line as a grid; panics on anything else.
pub fn solution(line: &str) -> Grid {
    assert_eq!(line.len(), 81, "not an 81-digit solution: {line:?}");
    let cells = line
        .bytes()
        .map(|b| {
            assert!((b'1'..=b'9').contains(&b), "not a solution: {line:?}");
            b - b'0'
        })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells).unwrap()
}

/// Asserts that `line` (81 digits) is a solution of `puzzle`, by the independent checker
/// (`check::verify`, which does not use the engine).
pub fn assert_solves(puzzle: &Grid, line: &str) {
    assert_eq!(
        verify(puzzle, &solution(line)),
        Ok(()),
        "{line} does not solve {puzzle}"
    );
}

// ---------------------------------------------------------------- the classic puzzle

/// The classic puzzle (Wikipedia's example Sudoku) as one line.
pub const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its unique solution, as one line.
pub const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The classic puzzle as a grid, as `puzzles/classic.txt` holds it: nine rows of nine digits
/// separated by spaces, 0 for a blank.
pub const CLASSIC_SPACED: &str = include_str!("../../../puzzles/classic.txt");

/// Its solution as the binary prints it in `grid` format (`puzzles/classic.out`).
pub const CLASSIC_SPACED_SOLVED: &str = include_str!("../../../puzzles/classic.out");

/// The classic puzzle as compact rows, with bars between the boxes and separator lines
/// between the bands.
pub const CLASSIC_COMPACT: &str = "\
53.|.7.|...
6..|195|...
.98|...|.6.
---+---+---
8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
---+---+---
.6.|...|28.
...|419|..5
...|.8.|.79
";

/// The value of `name: value` in a `--stats` report, as any number type.
pub fn stat<T: std::str::FromStr>(stats: &str, name: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    stats
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
        .unwrap_or_else(|| panic!("no {name} in {stats}"))
        .parse()
        .unwrap()
}

/// Random problems with colors: `primary` primary items, `secondary` secondary items, each
/// named in an option with one of three colors or none, and `options` options of one to four
/// items.
pub fn random_colored_problem(
    primary: std::ops::Range<usize>,
    secondary: std::ops::Range<usize>,
    options: std::ops::Range<usize>,
) -> impl proptest::strategy::Strategy<Value = dancing::Problem> {
    use proptest::prelude::*;
    (primary, secondary).prop_flat_map(move |(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::collection::btree_map(0..items, 0u32..4, 1..=4);
        proptest::collection::vec(option, options.clone()).prop_map(move |options| {
            let mut b = dancing::ProblemBuilder::new(primary, secondary);
            for option in options {
                // Color 3 stands for none; primary items take none.
                let mentions = option
                    .into_iter()
                    .map(|(i, c)| (i, Some(c).filter(|&c| c < 3 && i >= primary)));
                b.colored_option(mentions).unwrap();
            }
            b.build().unwrap()
        })
    })
}

/// Random problems with bounds `u..=v` (`u` up to 2, `v` up to `u + 2`) on their primary
/// items (one to five), secondary items (up to two) and colors, with `options` options, as
/// [`random_colored_problem`] makes them.
pub fn random_bounded_problem(
    options: std::ops::Range<usize>,
) -> impl proptest::strategy::Strategy<Value = dancing::Problem> {
    use proptest::prelude::*;
    (
        random_colored_problem(1..6, 0..3, options),
        proptest::collection::vec((0u32..3, 0u32..3), 6),
    )
        .prop_map(|(problem, bounds)| {
            let mut b =
                dancing::ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
            for (i, &(lower, extra)) in bounds.iter().take(problem.primary_items()).enumerate() {
                b.bounds(i, lower, (lower + extra).max(1)).unwrap();
            }
            for k in 0..problem.option_count() {
                b.colored_option(problem.option(k).zip(problem.option_colors(k)))
                    .unwrap();
            }
            b.build().unwrap()
        })
}
