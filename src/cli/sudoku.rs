//! `dancing sudoku`: one puzzle from stdin, or batches of files and directories, solved in
//! parallel and written back in input order.

use std::cell::OnceCell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, ValueEnum};
use dancing::sudoku::check;
use dancing::sudoku::grid::Shape;
use dancing::sudoku::read::{Format, Puzzle, PuzzleReader, ReadError};
use dancing::sudoku::solve::{Request, Status, SudokuSolver, Verdict};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use super::Exit;

/// The arguments of solving puzzles (the help text is [`super::make::SudokuCommand`]'s).
#[derive(Debug, Args)]
pub struct SudokuArgs {
    /// Files and directories of puzzles (directories are walked recursively, files in sorted
    /// order); standard input when absent or `-`.
    paths: Vec<PathBuf>,
    /// Output format. Default: `grid` for a single grid on standard input, else `line`.
    #[arg(long, value_enum)]
    format: Option<OutputFormat>,
    /// Count the solutions of each puzzle (up to --limit) instead of printing one.
    #[arg(long)]
    count: bool,
    /// With --count: stop counting at N solutions.
    #[arg(long, value_name = "N", default_value_t = 2, requires = "count")]
    limit: u64,
    /// A puzzle with more than one solution is a failure (status `multiple`).
    #[arg(long)]
    unique: bool,
    /// Solve with N threads; output order is input order whatever N is. Default: all cores.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Give up on a puzzle after N nodes of the search tree (status `gave-up`).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Check every solution with the independent checker (which does not use the engine).
    #[arg(long)]
    check: bool,
    /// No progress bar and no summary.
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// How each answer is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// The solved grid in the input's shape: nine lines of nine digits separated by spaces.
    Grid,
    /// One line per input puzzle, in input order: the 81-digit solution, the count with
    /// --count, or the status (`unsolvable`, `invalid`, `multiple`, `gave-up`) when unsolved.
    Line,
    /// One JSON object per puzzle: source, puzzle, status, solution, solutions, error.
    Jsonl,
}

/// Puzzles read and solved together; bounds memory however large the input.
const CHUNK: usize = 4096;

/// The worker threads, started only when a chunk has more than one puzzle: one puzzle from
/// standard input does not pay for starting them.
struct Workers {
    jobs: usize,
    pool: OnceCell<rayon::ThreadPool>,
}

impl Workers {
    fn pool(&self) -> anyhow::Result<&rayon::ThreadPool> {
        if let Some(pool) = self.pool.get() {
            return Ok(pool);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs)
            .build()
            .context("cannot start the worker threads")?;
        Ok(self.pool.get_or_init(|| pool))
    }
}

/// Runs `dancing sudoku`.
pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let pool = Workers {
        jobs,
        pool: OnceCell::new(),
    };
    let stdin_only = args.paths.is_empty() || args.paths.iter().all(|p| p.as_os_str() == "-");
    let progress = progress_bar(args.quiet);
    let mut batch = Batch {
        args: &args,
        out: io::BufWriter::new(io::stdout()),
        summary: Summary::default(),
        progress: &progress,
        outputs: 0,
    };
    if stdin_only {
        batch.source("<stdin>", BufReader::new(io::stdin()), true, &pool)?;
    } else {
        for path in &args.paths {
            batch.path(path, &pool)?;
        }
    }
    batch.out.flush()?;
    progress.finish_and_clear();
    let summary = batch.summary;
    let single = stdin_only && summary.puzzles == 1;
    if (!args.quiet && !single) || super::interrupted() {
        summary.print(start.elapsed().as_secs_f64());
    }
    Ok(summary.exit())
}

/// The outcome counts of a run, printed at the end.
#[derive(Debug, Default)]
struct Summary {
    puzzles: u64,
    solved: u64,
    unsolvable: u64,
    invalid: u64,
    multiple: u64,
    gave_up: u64,
    errors: u64,
    /// The last puzzle answered (`path:line`), for an interrupted run.
    reached: Option<String>,
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

    fn print(&self, seconds: f64) {
        eprintln!(
            "puzzles: {}, solved: {}, unsolvable: {}, invalid: {}, multiple: {}, gave up: {}, \
             errors: {}; {:.3} s, {:.0} puzzles/s",
            self.puzzles,
            self.solved,
            self.unsolvable,
            self.invalid,
            self.multiple,
            self.gave_up,
            self.errors,
            seconds,
            self.puzzles as f64 / seconds.max(1e-9)
        );
        if super::interrupted() {
            let reached = self.reached.as_deref().unwrap_or("the start");
            eprintln!("interrupted: stopped after {reached}; the answers up to there are complete");
        }
    }

    fn exit(&self) -> Exit {
        if super::interrupted() {
            Exit::Interrupted
        } else if self.errors > 0 {
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

fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos} puzzles, {per_sec}, {elapsed} {msg}")
            .expect("a valid progress template"),
    );
    bar
}

/// The state of a run across its sources.
struct Batch<'a, W: Write> {
    args: &'a SudokuArgs,
    out: W,
    summary: Summary,
    progress: &'a ProgressBar,
    /// Answers written so far in grid format (they are separated by blank lines).
    outputs: u64,
}

impl<W: Write> Batch<'_, W> {
    /// Records where the work got to, after each chunk, for the summary of an interrupted run.
    fn reached(&mut self, name: &str, answers: &[Answer]) {
        if let Some(last) = answers.last() {
            let line = match last {
                Ok((puzzle, _)) => puzzle.line,
                Err(err) => err.line,
            };
            self.summary.reached = Some(format!("{name}:{line}"));
        }
    }
}

/// One entry of a source: a puzzle, or the reason it could not be read.
type Entry = Result<Puzzle, ReadError>;

/// An entry after solving: the puzzle and its verdict, or the reason it could not be read.
type Answer = Result<(Puzzle, Verdict), ReadError>;

impl<W: Write + Send> Batch<'_, W> {
    /// Solves everything under `path`: a file, or a directory walked recursively in sorted
    /// order. Unreadable entries are reported and counted; the walk goes on.
    fn path(&mut self, path: &Path, pool: &Workers) -> anyhow::Result<()> {
        if path.as_os_str() == "-" {
            return self.source("<stdin>", BufReader::new(io::stdin()), false, pool);
        }
        let walk = walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walk.into_iter().take_while(|_| !super::interrupted()) {
            match entry {
                Ok(entry) if entry.file_type().is_dir() => {}
                Ok(entry) => {
                    let name = entry.path().display().to_string();
                    match File::open(entry.path()) {
                        Ok(file) => self.source(&name, BufReader::new(file), false, pool)?,
                        Err(err) => self.error(&format!("{name}: cannot read: {err}")),
                    }
                }
                Err(err) => {
                    let name = err.path().unwrap_or(path).display().to_string();
                    self.error(&format!("{name}: cannot read: {err}"));
                }
            }
        }
        Ok(())
    }

    /// Reports an input that could not be read at all.
    fn error(&mut self, message: &str) {
        self.progress.suspend(|| eprintln!("dancing: {message}"));
        self.summary.errors += 1;
    }

    /// Solves every puzzle of one source, a chunk at a time, and writes the answers in order.
    fn source(
        &mut self,
        name: &str,
        reader: impl BufRead + Send,
        stdin_only: bool,
        pool: &Workers,
    ) -> anyhow::Result<()> {
        let mut puzzles = PuzzleReader::new(reader);
        let format =
            self.args
                .format
                .unwrap_or(if stdin_only && puzzles.format() == Some(Format::Grid) {
                    OutputFormat::Grid
                } else {
                    OutputFormat::Line
                });
        let request = Request {
            limit: if self.args.count { self.args.limit } else { 1 },
            unique: self.args.unique,
        };
        let max_nodes = self.args.max_nodes;
        let new_solver = || {
            let mut solver = SudokuSolver::new(Shape::CLASSIC);
            solver.set_max_nodes(max_nodes);
            solver
        };
        let judge = |solver: &mut SudokuSolver, entry: Entry| {
            entry.map(|puzzle| {
                let verdict = solver.judge(&puzzle.grid, request);
                (puzzle, verdict)
            })
        };
        let mut sequential = None;
        let mut chunk: Vec<Entry> = puzzles.by_ref().take(CHUNK).collect();
        // Answers solved by the workers but not written yet.
        let mut answered: Vec<Answer> = Vec::new();
        while !chunk.is_empty() && !super::interrupted() {
            if pool.jobs == 1 || chunk.len() == 1 {
                self.write(name, &std::mem::take(&mut answered), format)?;
                let solver = sequential.get_or_insert_with(new_solver);
                let answers: Vec<Answer> = chunk.into_iter().map(|e| judge(solver, e)).collect();
                self.write(name, &answers, format)?;
                chunk = puzzles.by_ref().take(CHUNK).collect();
                continue;
            }
            // The workers solve this chunk while one of them writes the answers to the one
            // before and reads the next one (which would otherwise leave the others idle),
            // then joins in the solving: `jobs` threads in all, never one more competing for
            // the cores (1.74x -> 1.86x wall with --jobs 2 on the 17-clue set, 2 cores).
            let mut solved = Vec::new();
            let mut next = Vec::new();
            let mut written = Ok(());
            pool.pool()?.install(|| {
                rayon::scope(|scope| {
                    scope.spawn(|_| {
                        solved = chunk.into_par_iter().map_init(new_solver, judge).collect()
                    });
                    written = self.write(name, &answered, format);
                    next = puzzles.by_ref().take(CHUNK).collect();
                })
            });
            written?;
            answered = solved;
            chunk = next;
        }
        self.write(name, &answered, format)?;
        Ok(())
    }

    /// Writes the answers of one chunk, in order, and records how far the work got.
    fn write(&mut self, name: &str, answers: &[Answer], format: OutputFormat) -> io::Result<()> {
        for answer in answers {
            match answer {
                Ok((puzzle, verdict)) => self.solved(name, puzzle, verdict, format)?,
                Err(err) => self.unreadable(name, err, format)?,
            }
        }
        self.progress.inc(answers.len() as u64);
        self.reached(name, answers);
        Ok(())
    }

    /// Reports a puzzle that could not be read; in `line` and `jsonl` it still gets its line.
    fn unreadable(&mut self, name: &str, err: &ReadError, format: OutputFormat) -> io::Result<()> {
        self.error(&format!("{name}:{err}"));
        match format {
            _ if !err.is_a_puzzle() => Ok(()),
            OutputFormat::Grid => Ok(()),
            OutputFormat::Line => writeln!(self.out, "{}", Status::Invalid.name()),
            OutputFormat::Jsonl => {
                let object = json!({
                    "source": format!("{name}:{}", err.line),
                    "puzzle": null,
                    "status": Status::Invalid.name(),
                    "solution": null,
                    "error": err.to_string(),
                });
                writeln!(self.out, "{object}")
            }
        }
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
        if let (true, Some(solution)) = (self.args.check, &verdict.solution)
            && let Err(violation) = check::verify(&puzzle.grid, solution)
        {
            self.error(&format!(
                "{name}:{}: the solution fails the check: {violation}",
                puzzle.line
            ));
        }
        if let (Some(error), false) = (&verdict.error, verdict.status == Status::Solved) {
            self.progress.suspend(|| {
                eprintln!(
                    "dancing: {name}:{}: {}: {error}",
                    puzzle.line,
                    verdict.status.name()
                )
            });
        }
        let solved = verdict.status == Status::Solved;
        match format {
            OutputFormat::Grid => {
                if self.args.count {
                    match verdict.count() {
                        Some(count) => writeln!(self.out, "{count}"),
                        None => writeln!(self.out, "{}", verdict.status.name()),
                    }
                } else if let (true, Some(solution)) = (solved, &verdict.solution) {
                    if self.outputs > 0 {
                        writeln!(self.out)?;
                    }
                    self.outputs += 1;
                    solution.write_grid(&mut self.out)
                } else {
                    Ok(())
                }
            }
            OutputFormat::Line => match (&verdict.solution, self.args.count, solved) {
                (_, true, _) if verdict.count().is_some() => {
                    writeln!(self.out, "{}", verdict.solutions)
                }
                (Some(solution), false, true) => writeln!(self.out, "{}", solution.to_line()),
                _ => writeln!(self.out, "{}", verdict.status.name()),
            },
            OutputFormat::Jsonl => {
                let mut object = json!({
                    "source": format!("{name}:{}", puzzle.line),
                    "puzzle": puzzle.grid.to_line(),
                    "status": verdict.status.name(),
                    "solution": verdict.solution.as_ref().map(|g| g.to_line()),
                });
                if self.args.count {
                    object["solutions"] = json!(verdict.count());
                }
                if let Some(error) = &verdict.error {
                    object["error"] = json!(error);
                }
                writeln!(self.out, "{object}")
            }
        }
    }
}
