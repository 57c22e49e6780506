//! The batch behind `dancing sudoku`: walking the paths, feeding the puzzles through the
//! pipeline, writing each answer in input order, and counting the outcomes.

use std::fs::File;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::Path;

use dancing::Stats;
use dancing::batch::Pipeline;
use dancing::sudoku::check;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::{Format, Puzzle, ReadError};
use dancing::sudoku::rules::Rules;
use dancing::sudoku::solve::SudokuSolver;
use dancing::sudoku::symbols::Symbols;
use dancing::sudoku::verdict::{self, Fields, Request, Status, Verdict, judge};

use super::variants::Variants;
use super::{OutputFormat, PROGRESS_EVERY, SudokuArgs};
use crate::cli::Exit;
use crate::cli::report::{LongSearches, Report};
use crate::cli::walk::{self, Filter, Found};

/// The outcome counts of a run, printed at the end. In `line` and `jsonl` every puzzle has
/// an output line, so `puzzles` is the number of output lines, and each status count the
/// number of lines with that status. Each puzzle is counted under one status, and an error
/// is an input that answered no puzzle (or a failed check): a puzzle that could not be read
/// is `invalid`, not an error too.
#[derive(Debug, Default)]
pub(super) struct Summary {
    /// Puzzles answered, including those that could not be read (status `invalid`).
    pub(super) puzzles: u64,
    solved: u64,
    unsolvable: u64,
    /// Puzzles with conflicting givens, and puzzles that could not be read.
    invalid: u64,
    /// The invalid puzzles that could not be read (a bad line or grid, bytes that are not
    /// UTF-8): said after the summary, and an input error for the exit code.
    unreadable: u64,
    multiple: u64,
    gave_up: u64,
    /// Errors reported that answered no puzzle: inputs without a puzzle or that could not be
    /// read at all, solutions that failed --check.
    errors: u64,
    /// Files and hidden directories that directory walks left out (those that are not regular
    /// files named on stderr).
    skipped: u64,
    /// Nodes and updates of every search.
    pub(super) stats: Stats,
    /// The last puzzle answered, as `name:line`, for an interrupted run.
    reached: Option<(String, usize)>,
}

impl Summary {
    fn add(&mut self, status: Status) {
        self.puzzles += 1;
        *match status {
            Status::Solved => &mut self.solved,
            Status::Unsolvable => &mut self.unsolvable,
            Status::Invalid => &mut self.invalid,
            Status::Multiple => &mut self.multiple,
            Status::GaveUp => &mut self.gave_up,
        } += 1;
    }

    pub(super) fn text(&self, seconds: f64) -> String {
        let mut text = format!(
            "puzzles: {}, solved: {}, unsolvable: {}, invalid: {}, multiple: {}, gave up: {}, \
             errors: {}, skipped: {}; {:.3} s, {:.0} puzzles/s\n",
            self.puzzles,
            self.solved,
            self.unsolvable,
            self.invalid,
            self.multiple,
            self.gave_up,
            self.errors,
            self.skipped,
            seconds,
            self.puzzles as f64 / seconds.max(1e-9)
        );
        if self.unreadable > 0 {
            let (n, them) = match self.unreadable {
                1 => ("1 invalid puzzle".to_string(), "it"),
                n => (format!("{n} invalid puzzles"), "them"),
            };
            text += &format!(
                "{n} could not be read: an input error (exit 2); the messages above name {them}\n"
            );
        }
        if self.skipped > 0 {
            text += &format!(
                "skipped {} files or directories below the paths given: hidden, not regular \
                 files (named above), or not puzzle files (*.{}); --glob chooses others\n",
                self.skipped,
                walk::PUZZLE_EXTENSIONS.join(", *.")
            );
        }
        if crate::cli::interrupted() {
            let reached = match &self.reached {
                Some((name, line)) => format!("{name}:{line}"),
                None => "the start".to_string(),
            };
            text += &format!(
                "interrupted: stopped after {reached}; the answers up to there are complete\n"
            );
        }
        text
    }

    pub(super) fn exit(&self) -> Exit {
        if crate::cli::interrupted() {
            Exit::Interrupted
        } else if self.errors + self.unreadable > 0 {
            Exit::Error
        } else if self.unsolvable + self.invalid + self.multiple > 0 {
            Exit::NoSolution
        } else if self.gave_up > 0 {
            Exit::GaveUp
        } else {
            Exit::Success
        }
    }
}

/// One entry of a source: a puzzle, or the reason it could not be read.
type Entry = Result<Puzzle, ReadError>;

/// An entry after solving: the puzzle and its verdict, or the reason it could not be read.
type Answer = Result<(Puzzle, Verdict), ReadError>;

/// The state of a run across its sources.
pub(super) struct Batch<'a, W: Write> {
    pub(super) args: &'a SudokuArgs,
    pub(super) variants: &'a Variants,
    /// The rules of the last solution checked under --check.
    pub(super) checked: Option<Rules>,
    pub(super) out: W,
    pub(super) summary: Summary,
    pub(super) report: &'a Report,
    /// The searches that run long.
    pub(super) longs: &'a LongSearches<'a>,
    /// Nodes between two looks at a search ([`LongSearches::watch_every`]).
    pub(super) watch_every: Option<u64>,
    /// Answers written so far in grid format (they are separated by blank lines).
    pub(super) grids: u64,
    /// Answers not yet counted by the progress display.
    pub(super) unshown: u64,
    /// The line of the answer being written (kept to reuse the buffer).
    pub(super) line: Vec<u8>,
}

impl<W: Write + Send> Batch<'_, W> {
    /// Solves everything under `path`: a file, or a directory walked recursively in sorted
    /// order. Unreadable entries are reported and counted; the walk goes on.
    pub(super) fn path(
        &mut self,
        path: &Path,
        filter: &Filter,
        pipeline: &mut Pipeline<Option<SudokuSolver>, impl Fn() -> Option<SudokuSolver> + Sync>,
    ) -> anyhow::Result<()> {
        if path.as_os_str() == "-" {
            return self.source("<stdin>", crate::cli::input::stdin(), false, pipeline);
        }
        let (mut files, mut errors, mut skipped) = (0, 0, 0);
        for found in walk::walk(path, filter) {
            if crate::cli::interrupted() {
                return Ok(());
            }
            match found {
                Found::File(file) => {
                    files += 1;
                    let name = file.display().to_string();
                    match File::open(&file) {
                        Ok(f) => self.source(&name, crate::cli::input::file(f), false, pipeline)?,
                        Err(err) => self.input_error(format!("{name}: cannot read: {err}")),
                    }
                }
                Found::Skipped => {
                    skipped += 1;
                    self.summary.skipped += 1;
                }
                Found::NotRegular(file) => {
                    self.report.note(walk::not_regular(&file));
                    skipped += 1;
                    self.summary.skipped += 1;
                }
                Found::Error(message) => {
                    errors += 1;
                    self.input_error(message);
                }
            }
        }
        if files == 0 && errors == 0 {
            // A directory without a puzzle file: say so rather than answer nothing.
            self.input_error(format!(
                "{}: no puzzle file below it ({skipped} left out: hidden, not regular files, or \
                 not matching the file patterns, which --glob sets)",
                path.display(),
            ));
        }
        Ok(())
    }

    /// Reports an input that could not be read at all: it answers no puzzle.
    fn input_error(&mut self, message: String) {
        self.report.error(message);
        self.summary.errors += 1;
    }

    /// Solves every puzzle of one source and writes the answers in order.
    pub(super) fn source(
        &mut self,
        name: &str,
        reader: impl BufRead + Send,
        stdin_only: bool,
        pipeline: &mut Pipeline<Option<SudokuSolver>, impl Fn() -> Option<SudokuSolver> + Sync>,
    ) -> anyhow::Result<()> {
        let mut puzzles = self.variants.reader(reader);
        if let Some(format) = self.args.input_format {
            puzzles = puzzles.with_format(format.into());
        }
        let format =
            self.args
                .format
                .unwrap_or(if stdin_only && puzzles.format() == Some(Format::Grid) {
                    OutputFormat::Grid
                } else {
                    OutputFormat::Line
                });
        let request = Request {
            limit: if self.args.count.is_some() {
                self.args.limit
            } else {
                1
            },
            unique: self.args.unique.is_some(),
        };
        self.summary.reached = Some((name.to_string(), 0));
        let (variants, common) = (self.variants, &self.args.common);
        let (engine, choice) = (self.args.engine.engine(), self.args.choose.choice());
        let (longs, watch_every) = (self.longs, self.watch_every);
        pipeline.run(
            puzzles,
            // `None`: a puzzle whose search Ctrl-C stopped, which has no answer.
            |solver, entry: Entry| -> Option<Answer> {
                let puzzle = match entry {
                    Ok(puzzle) => puzzle,
                    Err(err) => return Some(Err(err)),
                };
                let shape = puzzle.grid.shape();
                let solver = match solver {
                    Some(solver) if solver.rules().shape() == shape => solver,
                    _ => match variants.rules(shape) {
                        Ok(rules) => {
                            let mut made = SudokuSolver::with_engine(rules, engine);
                            if let Some(choice) = choice {
                                made.set_choice(choice);
                            }
                            made.set_max_nodes(common.max_nodes);
                            made.set_max_time(common.max_time);
                            made.set_watch_every(watch_every);
                            // Paused by the clock too, so that Ctrl-C stops a long search
                            // within a fraction of a second on any engine.
                            made.set_watch_time(Some(dancing::PAUSE_TIME));
                            solver.insert(made)
                        }
                        Err(err) => {
                            return Some(Ok((puzzle, Verdict::invalid(format!("{err:#}")))));
                        }
                    },
                };
                let mut long = longs.start(|| format!("{name}:{}", puzzle.line));
                let verdict = judge(solver, &puzzle.grid, puzzle.symbols, request, |p| {
                    long.saw(p.nodes, p.explored);
                    if crate::cli::interrupted() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                verdict.map(|verdict| Ok((puzzle, verdict)))
            },
            |answer| match answer {
                Some(answer) => self.answer(name, &answer, format),
                None => Ok(()),
            },
            crate::cli::interrupted,
        )?;
        self.report.advance(std::mem::take(&mut self.unshown));
        Ok(())
    }

    /// Writes one answer, counts it, and records how far the work got. By reference: moved
    /// in, the answer was copied (224 bytes, a `memcpy` call) to be taken apart.
    fn answer(&mut self, name: &str, answer: &Answer, format: OutputFormat) -> io::Result<()> {
        let line = match answer {
            Ok((puzzle, _)) => puzzle.line,
            Err(err) if err.is_a_puzzle() => err.line,
            Err(err) => {
                self.input_error(format!("{name}:{err}"));
                return Ok(());
            }
        };
        match answer {
            Ok((puzzle, verdict)) => self.solved(name, puzzle, verdict, format)?,
            Err(err) => self.unreadable(name, err, format)?,
        }
        if let Some((_, reached)) = &mut self.summary.reached {
            *reached = line;
        }
        self.unshown += 1;
        if self.unshown == PROGRESS_EVERY {
            self.report.advance(std::mem::take(&mut self.unshown));
        }
        Ok(())
    }

    /// Answers a puzzle that could not be read: status `invalid`, and a message.
    fn unreadable(&mut self, name: &str, err: &ReadError, format: OutputFormat) -> io::Result<()> {
        self.report.note(format!("{name}:{err}"));
        self.summary.unreadable += 1;
        self.summary.add(Status::Invalid);
        let status = Status::Invalid.name();
        match format {
            OutputFormat::Grid => self.grid_answer(|out| writeln!(out, "{status}")),
            OutputFormat::Line => writeln!(self.out, "{status}"),
            OutputFormat::Jsonl => {
                let object = verdict::unreadable_record(name, err, self.fields());
                writeln!(self.out, "{object}")
            }
        }
    }

    /// Writes an answer in grid format, after a blank line if another came before.
    fn grid_answer(&mut self, write: impl FnOnce(&mut W) -> io::Result<()>) -> io::Result<()> {
        if self.grids > 0 {
            writeln!(self.out)?;
        }
        self.grids += 1;
        write(&mut self.out)
    }

    /// Writes the answer to one puzzle and counts it.
    fn solved(
        &mut self,
        name: &str,
        puzzle: &Puzzle,
        verdict: &Verdict,
        format: OutputFormat,
    ) -> io::Result<()> {
        self.summary.add(verdict.status);
        self.summary.stats += verdict.stats;
        if let (true, Some(solution)) = (self.args.check.is_some(), &verdict.solution)
            && let Err(violation) = self.check(&puzzle.grid, solution)
        {
            self.input_error(format!(
                "{name}:{}: the solution fails the check: {violation}",
                puzzle.line
            ));
        }
        let solved = verdict.status == Status::Solved;
        if let (Some(error), false) = (&verdict.error, solved) {
            let status = verdict.status.name();
            self.report
                .note(format!("{name}:{}: {status}: {error}", puzzle.line));
        }
        let count = self.args.count.is_some();
        match format {
            OutputFormat::Grid if count => match verdict.count_text() {
                Some(count) => writeln!(self.out, "{count}"),
                None => writeln!(self.out, "{}", verdict.status.name()),
            },
            OutputFormat::Grid => match (&verdict.solution, solved) {
                (Some(solution), true) => {
                    self.grid_answer(|out| write_grid_in(out, solution, puzzle.symbols))
                }
                _ => self.grid_answer(|out| writeln!(out, "{}", verdict.status.name())),
            },
            OutputFormat::Line => match (&verdict.solution, count, solved) {
                (_, true, _) if verdict.count.is_some() => {
                    writeln!(self.out, "{}", verdict.count_text().unwrap_or_default())
                }
                (Some(solution), false, true) => {
                    if puzzle.symbols == Symbols::FromOne
                        && let Some(line) = solution.classic_line()
                    {
                        return self.out.write_all(&line);
                    }
                    self.line.clear();
                    solution.push_line_in(puzzle.symbols, &mut self.line);
                    self.line.push(b'\n');
                    self.out.write_all(&self.line)
                }
                _ => writeln!(self.out, "{}", verdict.status.name()),
            },
            OutputFormat::Jsonl => {
                let object = verdict::record(name, puzzle, verdict, self.fields());
                writeln!(self.out, "{object}")
            }
        }
    }
}

impl<W: Write> Batch<'_, W> {
    /// The fields of the JSON records beyond the usual ones: `--count`, `--stats`.
    fn fields(&self) -> Fields {
        Fields {
            count: self.args.count.is_some(),
            stats: self.args.common.stats(),
        }
    }

    /// Checks `solution` of `puzzle` with the independent checker, under the rules of the
    /// puzzle's shape (kept from one puzzle to the next).
    fn check(&mut self, puzzle: &Grid, solution: &Grid) -> Result<(), String> {
        let shape = puzzle.shape();
        if self.checked.as_ref().is_none_or(|r| r.shape() != shape) {
            self.checked = Some(self.variants.rules(shape).map_err(|e| format!("{e:#}"))?);
        }
        let rules = self.checked.as_ref().ok_or("no rules")?;
        check::verify_under(rules, puzzle, solution).map_err(|v| v.to_string())
    }
}

/// Writes `grid` as the grid format does: for 9x9 in digits 1-9, nine lines of nine digits
/// separated by spaces (as [`Grid::write_grid`]); other grids `N` lines of `N` characters in
/// `symbols`, separated by spaces.
fn write_grid_in(out: &mut impl Write, grid: &Grid, symbols: Symbols) -> io::Result<()> {
    if grid.shape() == Shape::CLASSIC && symbols == Symbols::FromOne {
        return grid.write_grid(out);
    }
    let line = grid.to_line_in(symbols);
    let chars: Vec<char> = line.chars().collect();
    for row in chars.chunks(grid.shape().side()) {
        let row: Vec<String> = row.iter().map(char::to_string).collect();
        writeln!(out, "{}", row.join(" "))?;
    }
    Ok(())
}
