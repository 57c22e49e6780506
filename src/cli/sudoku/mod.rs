//! `dancing sudoku`: one puzzle from stdin, or batches of files and directories, solved in
//! parallel by the library's [`Pipeline`] and written back in input order.
//!
//! This file owns the command's arguments, the run and `--to-dlx`. `variants.rs` (the shape
//! and variant flags, shared with `generate`, `rate` and `hint`) imports nothing from its
//! siblings; `batch.rs` (the sources, the answers, the summary) imports from `variants.rs`
//! and from this file's arguments; this file drives the batch.

mod batch;
mod variants;

use std::fs::File;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::{ArgAction, Args, ValueEnum};
use dancing::batch::Pipeline;
use dancing::sudoku::export;
use dancing::sudoku::read::Format;

use self::batch::{Batch, Summary};
pub use self::variants::{ShapeArgs, Variants};
use super::Exit;
use super::common::{ChooseArgs, CommonArgs, EngineArgs};
use super::report::{LongSearches, Report};
use super::walk::Filter;

/// The arguments of solving puzzles (the help text is [`super::make::SudokuCommand`]'s).
#[derive(Debug, Args)]
pub struct SudokuArgs {
    /// Files and directories of puzzles; standard input when absent or `-`. Directories are
    /// walked recursively in sorted order, reading the puzzle files (*.txt, *.sdk, *.ss,
    /// *.sdm, *.csv) that are not hidden; files named here are always read.
    paths: Vec<PathBuf>,
    /// Below a directory, read the files whose path matches GLOB instead of the puzzle files
    /// (`'*'` reads them all); `!GLOB` leaves its matches out. May be repeated. GLOB is matched
    /// against the path below the directory, case-sensitive: `*` matches any characters, `/`
    /// too; `?` one character; `[abc]` and `[a-z]` one of those, `[!abc]` or `[^abc]` one
    /// other; `**` any folders, as a whole path component (`'**/x.txt'`, `'x/**'`); `{a,b}`
    /// either (`'*.{sdk,ss}'`); `\c` the character c.
    #[arg(long, value_name = "GLOB")]
    glob: Vec<String>,
    /// Output format. Default: `grid` for a single grid on standard input, else `line`.
    #[arg(long, value_enum)]
    format: Option<OutputFormat>,
    /// Read every input in this format instead of detecting it.
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    /// Count the solutions of each puzzle (up to --limit) instead of printing one.
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    count: Option<bool>,
    /// With --count: stop counting at N solutions (a count that reaches N is written `N+`).
    #[arg(long, value_name = "N", default_value_t = 2, requires = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// With --count, on one puzzle (an empty or partial grid): count its essentially
    /// different solutions, the orbits of its solutions under the symmetry group found in its
    /// exact-cover matrix (as `--to-dlx | dancing cover --count --up-to-symmetry`); every
    /// solution is counted (no --limit). The empty 4x4 grid has 2.
    #[arg(long, requires = "count", conflicts_with = "unique",
          action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    up_to_symmetry: Option<bool>,
    /// A puzzle with more than one solution is a failure (status `multiple`).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    unique: Option<bool>,
    /// Check every solution with the independent checker (which does not use the engine).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    check: Option<bool>,
    /// Write the puzzle's exact-cover problem in Knuth's format instead of solving it (the
    /// givens' items and conflicting options left out), for `dancing cover` or Knuth's DLX1;
    /// the input must hold one puzzle.
    #[arg(long, conflicts_with_all = ["count", "unique", "check", "format"],
          action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    to_dlx: Option<bool>,
    #[command(flatten)]
    pub shape: ShapeArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    choose: ChooseArgs,
    #[command(flatten)]
    common: CommonArgs,
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
        common.quiet(),
        common.progress(),
        "{spinner} {pos} puzzles, {per_sec}, {elapsed}{msg}",
    );
    // A puzzle whose search runs long shows its own progress beside the batch's.
    let longs = LongSearches::new(&report);
    let watch_every = longs.watch_every();
    let variants = args.shape.variants()?;
    if let Some(choice) = args.choose.choice()
        && (args.to_dlx.is_some() || args.up_to_symmetry.is_some())
    {
        return Err(anyhow::anyhow!(
            "--choose {} sets how the search of a puzzle branches: leave it out with --to-dlx \
             and --up-to-symmetry",
            choice.name()
        ));
    }
    if args.to_dlx.is_some() {
        return to_dlx(&args, &variants);
    }
    if args.up_to_symmetry.is_some() {
        return up_to_symmetry(&args, &variants);
    }
    // Each worker's solver is built for the shape of the first puzzle it gets, and again
    // when a puzzle of another shape comes (`Batch::source`).
    let mut pipeline = Pipeline::new(common.jobs(), || None);
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
        line: Vec::new(),
    };
    if stdin_only {
        batch.source("<stdin>", super::input::stdin(), true, &mut pipeline)?;
    } else {
        for path in &args.paths {
            if super::interrupted() {
                break;
            }
            batch.path(path, &filter, &mut pipeline)?;
        }
    }
    batch.out.flush()?;
    if let Some(threads) = pipeline.threads().filter(|&t| t < pipeline.jobs()) {
        report.note(super::common::fewer_threads(
            pipeline.jobs(),
            threads,
            "solved",
        ));
    }
    report.finish();
    let summary = batch.summary;
    let single = stdin_only && summary.puzzles == 1;
    let seconds = start.elapsed().as_secs_f64();
    if super::interrupted() || (!common.quiet() && !single) {
        report.write(&summary.text(seconds));
    }
    if common.stats() {
        report.write(&format!(
            "nodes: {}\nupdates: {}\n{}{}elapsed: {seconds:.3}s\n",
            summary.stats.nodes,
            summary.stats.updates,
            crate::cli::search::rules_text(&summary.stats),
            crate::cli::search::choice_text(args.choose.choice())
        ));
    }
    Ok(summary.exit())
}

/// `--to-dlx`: writes the exact-cover problem of the one puzzle of the input.
fn to_dlx(args: &SudokuArgs, variants: &Variants) -> anyhow::Result<Exit> {
    let text = export_one(args, variants, "--to-dlx")?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Exit::Success)
}

/// `--count --up-to-symmetry`: the essentially different solutions of the one puzzle of the
/// input, counted on the problem `--to-dlx` writes.
fn up_to_symmetry(args: &SudokuArgs, variants: &Variants) -> anyhow::Result<Exit> {
    let text = export_one(args, variants, "--up-to-symmetry")?;
    let parsed = dancing::knuth::parse(text.as_bytes()).map_err(|e| {
        anyhow::anyhow!("the puzzle's problem: {}:{}: {}", e.line, e.column, e.kind)
    })?;
    super::symmetry::print_count(
        &parsed.problem,
        true,
        dancing::Engine::Auto,
        &args.common,
        super::interrupted,
    )
}

/// The exact-cover problem of the one puzzle of the input, in Knuth's format; `flag` names
/// the flag that needs one puzzle, for the errors.
fn export_one(args: &SudokuArgs, variants: &Variants, flag: &str) -> anyhow::Result<String> {
    let (name, reader): (String, Box<dyn BufRead>) = match args.paths.as_slice() {
        [] => ("<stdin>".into(), Box::new(super::input::stdin())),
        [path] if path.as_os_str() == "-" => ("<stdin>".into(), Box::new(super::input::stdin())),
        [path] => {
            let name = path.display().to_string();
            let file = File::open(path).with_context(|| format!("{name}: cannot read"))?;
            (name, Box::new(super::input::file(file)))
        }
        _ => anyhow::bail!("{flag} takes one problem: give one file of one puzzle"),
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
        anyhow::bail!("{name}:{line}: a second puzzle; {flag} takes the problem of one");
    }
    let rules = variants.rules(puzzle.grid.shape())?;
    export::to_dlx(&rules, &puzzle.grid)
        .map_err(|e| anyhow::anyhow!("{name}:{}: {}", puzzle.line, e.text(puzzle.symbols)))
}
