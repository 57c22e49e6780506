//! Which files a batch reads below a directory: walked recursively, in sorted order, it reads
//! only puzzle files (by their extension, or by `--glob`), never hidden ones, and only regular
//! files (a FIFO would block the batch until a writer comes, a device could be read without
//! end), and it reports what it skipped. A file named on the command line is always read,
//! whatever it is (`<(command)` is a pipe): it is not filtered here.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::anyhow;

mod pattern;

use pattern::Pattern;

/// The extensions of the puzzle files a walk reads by default.
pub const PUZZLE_EXTENSIONS: [&str; 5] = ["txt", "sdk", "ss", "sdm", "csv"];

/// The files a walk reads, by their path below the walked directory.
#[derive(Debug)]
pub struct Filter {
    /// Built by [`Filter::new`] when `--glob` gives patterns (so that a bad one is an error
    /// at once), else by the first file found below a directory: a run on files named on
    /// the command line never needs the default's (building it took 28,000 of the 1.2
    /// million instructions of a run on one puzzle).
    sets: OnceLock<Sets>,
}

/// The patterns of a [`Filter`].
#[derive(Debug)]
struct Sets {
    /// A file is read if it matches one of these...
    include: Vec<Pattern>,
    /// ...and none of these.
    exclude: Vec<Pattern>,
}

impl Filter {
    /// The filter of `--glob` patterns: those without `!` replace the default (the puzzle
    /// extensions), so they can widen it (`'*'`) or narrow it (`'*.sdk'`); those with `!`
    /// leave their matches out (`'!*.solutions.txt'`). `*` also matches `/`. The syntax is
    /// the `pattern` module's; a bad pattern is an error naming it and the column at fault.
    pub fn new(globs: &[String]) -> anyhow::Result<Filter> {
        let sets = OnceLock::new();
        if !globs.is_empty() {
            let _ = sets.set(Sets::of(globs)?);
        }
        Ok(Filter { sets })
    }

    /// Whether a walk reads the file at `relative` below the walked directory.
    /// A name that is not UTF-8 is matched with `\u{FFFD}` in place of its bad bytes, so that
    /// the extension of such a file still counts.
    fn reads(&self, relative: &Path) -> bool {
        let sets = self
            .sets
            .get_or_init(|| Sets::of(&[]).expect("the puzzle extensions' patterns are globs"));
        let relative = relative.to_string_lossy();
        let matches = |patterns: &[Pattern]| patterns.iter().any(|p| p.matches(&relative));
        matches(&sets.include) && !matches(&sets.exclude)
    }
}

impl Sets {
    /// The sets of `--glob` patterns (see [`Filter::new`]).
    fn of(globs: &[String]) -> anyhow::Result<Sets> {
        let mut include = Vec::new();
        let mut exclude = Vec::new();
        for glob in globs {
            // The column of an error counts the `!`, as the user wrote it.
            let (text, skipped, side) = match glob.strip_prefix('!') {
                Some(text) => (text, 1, &mut exclude),
                None => (glob.as_str(), 0, &mut include),
            };
            let pattern = Pattern::new(text).map_err(|mut err| {
                err.at += skipped;
                anyhow!("--glob `{glob}`: {err}")
            })?;
            side.push(pattern);
        }
        if include.is_empty() {
            include = PUZZLE_EXTENSIONS
                .iter()
                .map(|e| Pattern::new(&format!("*.{e}")))
                .collect::<Result<_, _>>()?;
        }
        Ok(Sets { include, exclude })
    }
}

/// What a walk finds, in sorted order.
#[derive(Debug)]
pub enum Found {
    /// A file to read.
    File(PathBuf),
    /// A file or directory left out: hidden, or not chosen by the filter.
    Skipped,
    /// A FIFO, socket or device that the filter would read, left out: the caller says so,
    /// naming it.
    NotRegular(PathBuf),
    /// An entry that could not be read (a dangling link, a directory that cannot be listed,
    /// a loop of links): the message names it.
    Error(String),
}

/// Walks `root` (a directory, or a file, which is then read whatever its name), following
/// links, in sorted order.
pub fn walk<'a>(root: &'a Path, filter: &'a Filter) -> impl Iterator<Item = Found> + 'a {
    let mut entries = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    std::iter::from_fn(move || {
        loop {
            let entry = match entries.next()? {
                Ok(entry) => entry,
                Err(err) => return Some(Found::Error(walk_error(root, &err))),
            };
            let top = entry.depth() == 0;
            let hidden = !top && entry.file_name().to_string_lossy().starts_with('.');
            if entry.file_type().is_dir() {
                if !hidden {
                    continue;
                }
                entries.skip_current_dir();
                return Some(Found::Skipped);
            }
            let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
            if top {
                return Some(Found::File(entry.into_path()));
            }
            if hidden || !filter.reads(relative) {
                return Some(Found::Skipped);
            }
            // With links followed, the type is the target's.
            if !entry.file_type().is_file() {
                return Some(Found::NotRegular(entry.into_path()));
            }
            return Some(Found::File(entry.into_path()));
        }
    })
}

/// `path: cannot read: why`, naming the path once.
fn walk_error(root: &Path, err: &walkdir::Error) -> String {
    let path = err.path().unwrap_or(root).display();
    if let Some(ancestor) = err.loop_ancestor() {
        format!(
            "{path}: cannot read: a loop of links back to {}",
            ancestor.display()
        )
    } else if let Some(io) = err.io_error() {
        format!("{path}: cannot read: {io}")
    } else {
        format!("{path}: cannot read: {err}")
    }
}

/// The warning for a file that a walk left out because it is not a regular file.
pub fn not_regular(path: &Path) -> String {
    format!(
        "{}: skipped: not a regular file (a FIFO, socket or device); name it on the command \
         line to read it",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(globs: &[&str], path: &str) -> bool {
        let globs: Vec<String> = globs.iter().map(|g| g.to_string()).collect();
        Filter::new(&globs).unwrap().reads(Path::new(path))
    }

    #[test]
    fn by_default_only_puzzle_extensions_are_read_at_any_depth() {
        for path in ["a.txt", "sub/b.sdk", "c.ss", "d.sdm", "deep/er/e.csv"] {
            assert!(reads(&[], path), "{path}");
        }
        for path in ["README.md", "x.dlx", "sub/notes", "txt"] {
            assert!(!reads(&[], path), "{path}");
        }
    }

    #[test]
    fn globs_widen_or_narrow_the_default_and_bang_excludes() {
        assert!(reads(&["*"], "README.md"), "widened");
        assert!(!reads(&["*.sdk"], "a.txt"), "narrowed");
        assert!(reads(&["*.sdk"], "sub/a.sdk"));
        assert!(!reads(&["!*.solutions.txt"], "s/x.solutions.txt"));
        assert!(reads(&["!*.solutions.txt"], "s/x.txt"), "default kept");
    }

    #[test]
    fn a_bad_glob_is_an_error_naming_it() {
        let err = Filter::new(&["a[".to_string()]).unwrap_err();
        assert!(format!("{err:#}").contains("--glob `a[`"), "{err:#}");
    }

    #[test]
    fn an_excluded_patterns_error_counts_the_bang_in_its_column() {
        let globs = ["*".to_string(), "!x{a".to_string()];
        let err = Filter::new(&globs).unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "--glob `!x{a`: column 3: an unclosed `{` (`\\{` is the character)"
        );
    }

    #[test]
    fn alternatives_escapes_and_negated_classes_choose_files() {
        assert!(reads(&["*.{sdk,ss}"], "a/b.ss") && !reads(&["*.{sdk,ss}"], "b.txt"));
        assert!(!reads(&["!*.{csv,sdm}"], "x.sdm"));
        assert!(reads(&["!*.{csv,sdm}"], "x.txt"), "default kept");
        assert!(reads(&["[^.]*"], "README.md") && !reads(&["[^R]*"], "README.md"));
        assert!(reads(&[r"\[1\].txt"], "[1].txt") && !reads(&[r"\[1\].txt"], "1.txt"));
        assert!(!reads(&["!sub/*"], "sub/deep/a.txt") && reads(&["!sub/*"], "a.txt"));
    }
}

#[cfg(all(test, unix))]
mod unix_tests {
    use super::*;

    #[test]
    fn a_fifo_below_a_directory_is_left_out_and_named_and_a_regular_file_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("a.txt");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        std::fs::write(dir.path().join("b.txt"), "1\n").unwrap();
        let filter = Filter::new(&[]).unwrap();
        let found: Vec<Found> = walk(dir.path(), &filter).collect();
        assert!(
            matches!(&found[..], [Found::NotRegular(a), Found::File(b)]
                if *a == fifo && b.ends_with("b.txt")),
            "{found:?}"
        );
        // Named itself, it is read.
        assert!(matches!(
            &walk(&fifo, &filter).collect::<Vec<_>>()[..],
            [Found::File(_)]
        ));
    }
}
