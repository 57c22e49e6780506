//! `dancing sudoku`: one puzzle from stdin, or batches of files and directories, solved in
//! parallel by the library's [`Pipeline`] and written back in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use clap::{Args, ValueEnum};
use dancing::Stats;
use dancing::batch::Pipeline;
use dancing::sudoku::grid::{Grid, Shape};
use dancing::sudoku::read::{Format, Puzzle, PuzzleReader, ReadError};
use dancing::sudoku::rules::{Jigsaw, Rules, parse_regions};
use dancing::sudoku::solve::SudokuSolver;
use dancing::sudoku::symbols::Symbols;
use dancing::sudoku::{check, export};
use serde_json::json;

use super::Exit;
use super::common::{CommonArgs, EngineArgs};
use super::judge::{Request, Status, Verdict, judge};
use super::report::{LongSearches, Report};
use super::walk::{self, Filter, Found};

/// The arguments of solving puzzles (the help text is [`super::make::SudokuCommand`]'s).
#[derive(Debug, Args)]
pub struct SudokuArgs {
    /// Files and directories of puzzles; standard input when absent or `-`. Directories are
    /// walked recursively in sorted order, reading the puzzle files (*.txt, *.sdk, *.ss,
    /// *.sdm, *.csv) that are not hidden; files named here are always read.
    paths: Vec<PathBuf>,
    /// Below a directory, read the files whose path matches GLOB instead of the puzzle files
    /// (`'*'` reads them all); `!GLOB` leaves its matches out. May be repeated.
    #[arg(long, value_name = "GLOB")]
    glob: Vec<String>,
    /// Output format. Default: `grid` for a single grid on standard input, else `line`.
    #[arg(long, value_enum)]
    format: Option<OutputFormat>,
    /// Read every input in this format instead of detecting it.
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    /// Count the solutions of each puzzle (up to --limit) instead of printing one.
    #[arg(long)]
    count: bool,
    /// With --count: stop counting at N solutions (a count that reaches N is written `N+`).
    #[arg(long, value_name = "N", default_value_t = 2, requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// A puzzle with more than one solution is a failure (status `multiple`).
    #[arg(long)]
    unique: bool,
    /// Check every solution with the independent checker (which does not use the engine).
    #[arg(long)]
    check: bool,
    /// Write the puzzle's exact-cover problem in Knuth's format instead of solving it (the
    /// givens' items and conflicting options left out), for `dancing cover` or Knuth's DLX1;
    /// the input must hold one puzzle.
    #[arg(long, conflicts_with_all = ["count", "unique", "check", "format"])]
    to_dlx: bool,
    #[command(flatten)]
    pub shape: ShapeArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// The shape and the variant of the puzzles: `dancing sudoku` and its `generate`, `rate`
/// and `hint` take the same flags. Each variant only adds items to the exact-cover matrix.
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = "Shapes and variants")]
pub struct ShapeArgs {
    /// The side of the grid: 4, 6, 8, 9, 10, 12, 16, 25 or 36, with boxes as square as
    /// possible, wider than high (6: 2x3). Default: detected from the input (a line of N*N
    /// cells, a grid row of N cells), or from --jigsaw.
    #[arg(long, value_name = "N", conflicts_with = "boxes")]
    size: Option<usize>,
    /// The boxes, ROWSxCOLS, each 2 to 6 (`2x3`: 6x6 with boxes two rows high and three
    /// columns wide; `3x2` the other way; `4` is 4x4, so 16x16).
    #[arg(long = "box", value_name = "RxC")]
    boxes: Option<Shape>,
    /// How digits are written: `1-9A-Z` (16x16 as 1-9A-G), `0-9A-Z` or `hex` (hexadoku,
    /// 0-9A-F), `A-Z` (letters; 25x25 as A-Y). Default: detected for each puzzle. Answers are
    /// written in the puzzle's convention.
    #[arg(long, value_name = "SYMBOLS")]
    symbols: Option<Symbols>,
    /// X-Sudoku: both main diagonals hold every digit once.
    #[arg(long)]
    x: bool,
    /// Hyper Sudoku (windoku): the windows one cell in from the boxes' corners (four 3x3
    /// windows in 9x9) hold every digit once. Square boxes only.
    #[arg(long)]
    hyper: bool,
    /// Jigsaw Sudoku: irregular regions in place of the boxes, as N*N labels (one character
    /// a cell, or whitespace-separated words), row-major: a file, or the labels themselves.
    #[arg(long, value_name = "REGIONS")]
    jigsaw: Option<String>,
    /// No two equal digits a knight's move apart (secondary items of the matrix).
    #[arg(long)]
    anti_knight: bool,
    /// No two equal digits a king's move apart, diagonals included (secondary items).
    #[arg(long)]
    anti_king: bool,
    /// More regions that each hold every digit once: a file with a region a line (`r1c1
    /// r1c2 ...`) or a grid of N*N labels (`.` no region).
    #[arg(long, value_name = "FILE")]
    extra_regions: Option<PathBuf>,
}

/// Extra regions, each a list of 0-based (row, column) cells.
type Regions = Vec<Vec<(usize, usize)>>;

/// [`ShapeArgs`] read: the shape asked for, and the variant's parts, checked.
#[derive(Clone, Debug)]
pub struct Variants {
    /// The shape given by --size, --box or --jigsaw; `None` to detect it from the input.
    pub shape: Option<Shape>,
    /// The convention forced by --symbols.
    pub symbols: Option<Symbols>,
    x: bool,
    hyper: bool,
    jigsaw: Option<(String, Jigsaw)>,
    anti_knight: bool,
    anti_king: bool,
    extra: Option<(String, Regions)>,
}

impl ShapeArgs {
    /// Reads the region files and checks the flags against each other.
    pub fn variants(&self) -> anyhow::Result<Variants> {
        let mut shape = match (self.size, self.boxes) {
            (Some(n), _) => Some(Shape::from_side(n).filter(|s| s.side() == n).with_context(
                || format!("--size {n}: expected 4, 6, 8, 9, 10, 12, 16, 25 or 36"),
            )?),
            (None, boxes) => boxes,
        };
        let jigsaw = match &self.jigsaw {
            None => None,
            Some(arg) => {
                let (name, text) = if Path::new(arg).is_file() {
                    let text = std::fs::read_to_string(arg)
                        .with_context(|| format!("--jigsaw {arg}: cannot read"))?;
                    (arg.clone(), text)
                } else {
                    ("--jigsaw".to_string(), arg.clone())
                };
                let body: String = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n");
                let jigsaw = Jigsaw::parse(&body).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
                let side = jigsaw.side();
                match shape {
                    Some(s) if s.side() != side => anyhow::bail!(
                        "{name}: regions for a {side}x{side} grid, but the grid is {s}"
                    ),
                    Some(_) => {}
                    None => {
                        shape = Some(Shape::from_side(side).with_context(|| {
                            format!("{name}: no Sudoku has side {side}; --box gives the boxes")
                        })?);
                    }
                }
                Some((name, jigsaw))
            }
        };
        let extra = match &self.extra_regions {
            None => None,
            Some(path) => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("--extra-regions {name}: cannot read"))?;
                let regions = parse_regions(&text).map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
                Some((name, regions))
            }
        };
        if let (Some(symbols), Some(shape)) = (self.symbols, shape)
            && !symbols.fits(shape)
        {
            anyhow::bail!("--symbols {symbols} cannot write the digits of {shape}");
        }
        let variants = Variants {
            shape,
            symbols: self.symbols,
            x: self.x,
            hyper: self.hyper,
            jigsaw,
            anti_knight: self.anti_knight,
            anti_king: self.anti_king,
            extra,
        };
        if let Some(shape) = shape {
            variants.rules(shape)?;
        }
        Ok(variants)
    }
}

impl Variants {
    /// The rules of the variant for grids of `shape`.
    ///
    /// # Errors
    /// A variant that does not fit the shape: hyper with rectangular boxes, regions of
    /// another side, an extra region with the wrong number of cells.
    pub fn rules(&self, shape: Shape) -> anyhow::Result<Rules> {
        let mut rules = Rules::classic(shape);
        if let Some((name, jigsaw)) = &self.jigsaw {
            rules = rules
                .with_jigsaw(jigsaw.clone())
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        }
        if self.x {
            rules = rules.with_x();
        }
        if self.hyper {
            rules = rules
                .with_hyper()
                .map_err(|e| anyhow::anyhow!("--hyper: {e}"))?;
        }
        if let Some((name, regions)) = &self.extra {
            for region in regions {
                rules = rules
                    .with_region(region.iter().copied())
                    .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            }
        }
        if self.anti_knight {
            rules = rules.with_anti_knight();
        }
        if self.anti_king {
            rules = rules.with_anti_king();
        }
        Ok(rules)
    }

    /// A reader of `reader` with the shape and symbols asked for.
    pub fn reader<R: BufRead>(&self, reader: R) -> PuzzleReader<R> {
        let mut puzzles = PuzzleReader::new(reader);
        if let Some(shape) = self.shape {
            puzzles = puzzles.with_shape(shape);
        }
        if let Some(symbols) = self.symbols {
            puzzles = puzzles.with_symbols(symbols);
        }
        puzzles
    }
}

/// How each answer is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// The solved grid in the input's shape: nine lines of nine digits separated by spaces;
    /// the status instead for a puzzle not solved; a blank line between two answers.
    Grid,
    /// One line per input puzzle, in input order: the 81-digit solution, the count with
    /// --count, or the status (`unsolvable`, `invalid`, `multiple`, `gave-up`) when unsolved.
    Line,
    /// One JSON object per puzzle: source, puzzle, status, solution, solutions and complete
    /// (with --count), nodes and updates (with --stats), error.
    Jsonl,
}

/// The input formats --input-format forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    /// Grids of nine rows.
    Grid,
    /// One puzzle a line.
    #[value(alias = "lines")]
    Line,
    /// CSV with a `puzzle` or `quizzes` column.
    Csv,
}

impl From<InputFormat> for Format {
    fn from(format: InputFormat) -> Format {
        match format {
            InputFormat::Grid => Format::Grid,
            InputFormat::Line => Format::Lines,
            InputFormat::Csv => Format::Csv,
        }
    }
}

/// How many answers go by between two updates of the progress display.
const PROGRESS_EVERY: u64 = 256;

/// Runs `dancing sudoku`.
pub fn run(args: SudokuArgs) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let filter = Filter::new(&args.glob)?;
    let common = &args.common;
    let report = Report::new(
        common.quiet,
        common.progress,
        "{spinner} {pos} puzzles, {per_sec}, {elapsed}{msg}",
    );
    // A puzzle whose search runs long shows its own progress beside the batch's.
    let longs = LongSearches::new(&report);
    let watch_every = longs.watch_every();
    let variants = args.shape.variants()?;
    if args.to_dlx {
        return to_dlx(&args, &variants);
    }
    let (max_nodes, max_time) = (common.max_nodes, common.max_time);
    let engine = args.engine.engine();
    let first = variants.shape.unwrap_or(Shape::CLASSIC);
    let first = variants
        .rules(first)
        .unwrap_or_else(|_| Rules::classic(first));
    let mut pipeline = Pipeline::new(common.jobs(), move || {
        let mut solver = SudokuSolver::with_engine(first.clone(), engine);
        solver.set_max_nodes(max_nodes);
        solver.set_max_time(max_time);
        solver.set_watch_every(watch_every);
        solver
    });
    let stdin_only = args.paths.is_empty() || args.paths.iter().all(|p| p.as_os_str() == "-");
    let mut batch = Batch {
        args: &args,
        variants: &variants,
        checked: None,
        out: io::BufWriter::new(io::stdout()),
        summary: Summary::default(),
        report: &report,
        longs: &longs,
        watch_every,
        grids: 0,
        unshown: 0,
    };
    if stdin_only {
        batch.source("<stdin>", BufReader::new(io::stdin()), true, &mut pipeline)?;
    } else {
        for path in &args.paths {
            if super::interrupted() {
                break;
            }
            batch.path(path, &filter, &mut pipeline)?;
        }
    }
    batch.out.flush()?;
    report.finish();
    let summary = batch.summary;
    let single = stdin_only && summary.puzzles == 1;
    let seconds = start.elapsed().as_secs_f64();
    if super::interrupted() || (!common.quiet && !single) {
        report.write(&summary.text(seconds));
    }
    if common.stats {
        report.write(&format!(
            "nodes: {}\nupdates: {}\nelapsed: {seconds:.3}s\n",
            summary.stats.nodes, summary.stats.updates
        ));
    }
    Ok(summary.exit())
}

/// The outcome counts of a run, printed at the end. In `line` and `jsonl` every puzzle has
/// an output line, so `puzzles` is the number of output lines, and each status count the
/// number of lines with that status.
#[derive(Debug, Default)]
struct Summary {
    /// Puzzles answered, including those that could not be read (status `invalid`).
    puzzles: u64,
    solved: u64,
    unsolvable: u64,
    /// Puzzles with conflicting givens, and puzzles that could not be read.
    invalid: u64,
    multiple: u64,
    gave_up: u64,
    /// Errors reported: puzzles that could not be read, inputs without a puzzle or that
    /// could not be read at all, solutions that failed --check.
    errors: u64,
    /// Files and hidden directories that directory walks left out.
    skipped: u64,
    /// Nodes and updates of every search.
    stats: Stats,
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

    fn text(&self, seconds: f64) -> String {
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
        if self.skipped > 0 {
            text += &format!(
                "skipped {} files or directories below the paths given: hidden, or not puzzle \
                 files (*.{}); --glob chooses others\n",
                self.skipped,
                walk::PUZZLE_EXTENSIONS.join(", *.")
            );
        }
        if super::interrupted() {
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

/// One entry of a source: a puzzle, or the reason it could not be read.
type Entry = Result<Puzzle, ReadError>;

/// An entry after solving: the puzzle and its verdict, or the reason it could not be read.
type Answer = Result<(Puzzle, Verdict), ReadError>;

/// The state of a run across its sources.
struct Batch<'a, W: Write> {
    args: &'a SudokuArgs,
    variants: &'a Variants,
    /// The rules of the last solution checked under --check.
    checked: Option<Rules>,
    out: W,
    summary: Summary,
    report: &'a Report,
    /// The searches that run long.
    longs: &'a LongSearches<'a>,
    /// Nodes between two looks at a search ([`LongSearches::watch_every`]).
    watch_every: Option<u64>,
    /// Answers written so far in grid format (they are separated by blank lines).
    grids: u64,
    /// Answers not yet counted by the progress display.
    unshown: u64,
}

impl<W: Write + Send> Batch<'_, W> {
    /// Solves everything under `path`: a file, or a directory walked recursively in sorted
    /// order. Unreadable entries are reported and counted; the walk goes on.
    fn path(
        &mut self,
        path: &Path,
        filter: &Filter,
        pipeline: &mut Pipeline<SudokuSolver, impl Fn() -> SudokuSolver + Sync>,
    ) -> anyhow::Result<()> {
        if path.as_os_str() == "-" {
            return self.source("<stdin>", BufReader::new(io::stdin()), false, pipeline);
        }
        for found in walk::walk(path, filter) {
            if super::interrupted() {
                break;
            }
            match found {
                Found::File(file) => {
                    let name = file.display().to_string();
                    match File::open(&file) {
                        Ok(f) => self.source(&name, BufReader::new(f), false, pipeline)?,
                        Err(err) => self.input_error(format!("{name}: cannot read: {err}")),
                    }
                }
                Found::Skipped => self.summary.skipped += 1,
                Found::Error(message) => self.input_error(message),
            }
        }
        Ok(())
    }

    /// Reports an input that could not be read at all: it answers no puzzle.
    fn input_error(&mut self, message: String) {
        self.report.error(message);
        self.summary.errors += 1;
    }

    /// Solves every puzzle of one source and writes the answers in order.
    fn source(
        &mut self,
        name: &str,
        reader: impl BufRead + Send,
        stdin_only: bool,
        pipeline: &mut Pipeline<SudokuSolver, impl Fn() -> SudokuSolver + Sync>,
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
            limit: if self.args.count { self.args.limit } else { 1 },
            unique: self.args.unique,
        };
        self.summary.reached = Some((name.to_string(), 0));
        let (variants, common) = (self.variants, &self.args.common);
        let engine = self.args.engine.engine();
        let (longs, watch_every) = (self.longs, self.watch_every);
        pipeline.run(
            puzzles,
            |solver, entry: Entry| {
                entry.map(|puzzle| {
                    let shape = puzzle.grid.shape();
                    if solver.rules().shape() != shape {
                        match variants.rules(shape) {
                            Ok(rules) => {
                                *solver = SudokuSolver::with_engine(rules, engine);
                                solver.set_max_nodes(common.max_nodes);
                                solver.set_max_time(common.max_time);
                                solver.set_watch_every(watch_every);
                            }
                            Err(err) => return (puzzle, Verdict::invalid(format!("{err:#}"))),
                        }
                    }
                    let mut long = longs.start(|| format!("{name}:{}", puzzle.line));
                    let verdict = judge(solver, &puzzle.grid, request, |p| {
                        long.saw(p.nodes, p.explored)
                    });
                    (puzzle, verdict)
                })
            },
            |answer| self.answer(name, answer, format),
            super::interrupted,
        )?;
        self.report.bar().inc(std::mem::take(&mut self.unshown));
        Ok(())
    }

    /// Writes one answer, counts it, and records how far the work got.
    fn answer(&mut self, name: &str, answer: Answer, format: OutputFormat) -> io::Result<()> {
        let line = match &answer {
            Ok((puzzle, _)) => puzzle.line,
            Err(err) if err.is_a_puzzle() => err.line,
            Err(err) => {
                self.input_error(format!("{name}:{err}"));
                return Ok(());
            }
        };
        match answer {
            Ok((puzzle, verdict)) => self.solved(name, &puzzle, &verdict, format)?,
            Err(err) => self.unreadable(name, &err, format)?,
        }
        if let Some((_, reached)) = &mut self.summary.reached {
            *reached = line;
        }
        self.unshown += 1;
        if self.unshown == PROGRESS_EVERY {
            self.report.bar().inc(std::mem::take(&mut self.unshown));
        }
        Ok(())
    }

    /// Answers a puzzle that could not be read: status `invalid`, and an error.
    fn unreadable(&mut self, name: &str, err: &ReadError, format: OutputFormat) -> io::Result<()> {
        self.report.note(format!("{name}:{err}"));
        self.summary.errors += 1;
        self.summary.add(Status::Invalid);
        let status = Status::Invalid.name();
        match format {
            OutputFormat::Grid => self.grid_answer(|out| writeln!(out, "{status}")),
            OutputFormat::Line => writeln!(self.out, "{status}"),
            OutputFormat::Jsonl => {
                let mut object = json!({
                    "source": format!("{name}:{}", err.line),
                    "puzzle": null,
                    "status": status,
                    "solution": null,
                    "error": err.to_string(),
                });
                if self.args.count {
                    object["solutions"] = json!(null);
                    object["complete"] = json!(false);
                }
                if self.args.common.stats {
                    object["nodes"] = json!(0);
                    object["updates"] = json!(0);
                }
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
        if let (true, Some(solution)) = (self.args.check, &verdict.solution)
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
        let count = self.args.count;
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
                (_, true, _) if verdict.count().is_some() => {
                    writeln!(self.out, "{}", verdict.count_text().unwrap_or_default())
                }
                (Some(solution), false, true) => {
                    writeln!(self.out, "{}", solution.to_line_in(puzzle.symbols))
                }
                _ => writeln!(self.out, "{}", verdict.status.name()),
            },
            OutputFormat::Jsonl => {
                let mut object = json!({
                    "source": format!("{name}:{}", puzzle.line),
                    "puzzle": puzzle.grid.to_line_in(puzzle.symbols),
                    "status": verdict.status.name(),
                    "solution": verdict.solution.as_ref().map(|g| g.to_line_in(puzzle.symbols)),
                });
                if count {
                    object["solutions"] = json!(verdict.count());
                    object["complete"] = json!(verdict.count().is_some() && verdict.complete);
                }
                if self.args.common.stats {
                    object["nodes"] = json!(verdict.stats.nodes);
                    object["updates"] = json!(verdict.stats.updates);
                }
                if let Some(error) = &verdict.error {
                    object["error"] = json!(error);
                }
                writeln!(self.out, "{object}")
            }
        }
    }
}

impl<W: Write> Batch<'_, W> {
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

/// `--to-dlx`: writes the exact-cover problem of the one puzzle of the input.
fn to_dlx(args: &SudokuArgs, variants: &Variants) -> anyhow::Result<Exit> {
    let (name, reader): (String, Box<dyn BufRead>) = match args.paths.as_slice() {
        [] => ("<stdin>".into(), Box::new(BufReader::new(io::stdin()))),
        [path] if path.as_os_str() == "-" => {
            ("<stdin>".into(), Box::new(BufReader::new(io::stdin())))
        }
        [path] => {
            let name = path.display().to_string();
            let file = File::open(path).with_context(|| format!("{name}: cannot read"))?;
            (name, Box::new(BufReader::new(file)))
        }
        _ => anyhow::bail!("--to-dlx writes one problem: give one file of one puzzle"),
    };
    let mut puzzles = variants.reader(reader);
    if let Some(format) = args.input_format {
        puzzles = puzzles.with_format(format.into());
    }
    let puzzle = match puzzles.next() {
        Some(entry) => entry.map_err(|e| anyhow::anyhow!("{name}:{e}"))?,
        None => anyhow::bail!("{name}: no puzzle found"),
    };
    if let Some(next) = puzzles.next() {
        let line = match next {
            Ok(p) => p.line,
            Err(e) => e.line,
        };
        anyhow::bail!("{name}:{line}: a second puzzle; --to-dlx writes the problem of one");
    }
    let rules = variants.rules(puzzle.grid.shape())?;
    let text = export::to_dlx(&rules, &puzzle.grid)
        .map_err(|e| anyhow::anyhow!("{name}:{}: {e}", puzzle.line))?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Exit::Success)
}
