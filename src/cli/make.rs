//! `dancing sudoku generate`, `rate` and `hint`: argument definitions and output only; the
//! puzzles, ratings and hints come from `dancing::sudoku::{generate, rate, hint}`.

use std::io::{self, BufReader, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use dancing::batch::Pipeline;
use dancing::sudoku::generate::{Generated, Generator, Rng, Symmetry, puzzle_seed};
use dancing::sudoku::grid::Shape;
use dancing::sudoku::hint;
use dancing::sudoku::rate::{self, Band, RateError};
use dancing::sudoku::read::{Puzzle, ReadError};
use dancing::sudoku::solve::{SolveError, SudokuSolver};
use dancing::sudoku::symbols::Symbols;
use rayon::prelude::*;
use serde_json::json;

use super::Exit;
use super::common::CommonArgs;
use super::judge::Status;
use super::report::Report;
use super::walk::{self, Filter, Found};

/// Solve Sudoku puzzles: one from standard input, or whole files and directories of them.
///
/// Input formats, detected for each file (or forced with --input-format): a grid (nine lines of nine digits separated by
/// spaces, 0 = blank, as in programming contests; or nine characters a line, `.` or `0`
/// blank; `|` and separator lines ignored); one puzzle a line (81 characters, `.` `0` or `_`
/// blank, anything after a space, tab, `,`, `;` or `:` ignored; `#` lines skipped); or CSV
/// with a `puzzle` or `quizzes` column.
///
/// Exit codes: 0 every puzzle solved; 1 some puzzle unsolvable, invalid (two equal givens in
/// a unit), or not unique under --unique; 2 usage error, or input that could not be read or
/// parsed (the rest of the batch is still solved); 3 --max-nodes or --max-time ran out on
/// some puzzle.
///
/// Also `dancing sudoku generate`, `rate` and `hint` (each with its own --help): make
/// puzzles, rate their difficulty, explain the next step.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  \
    dancing sudoku < puzzles/classic.txt          one grid in, the solved grid out\n  \
    dancing sudoku puzzles/batch/                 every puzzle of every file, a line each\n  \
    dancing sudoku --format jsonl --unique FILE   a JSON object per puzzle\n  \
    dancing sudoku --count --limit 10 FILE        how many solutions, up to 10 (10+: more)\n  \
    dancing sudoku generate --count 10 --seed 1   ten minimal puzzles"
)]
pub struct SudokuCommand {
    #[command(subcommand)]
    action: Option<Action>,
    #[command(flatten)]
    solve: super::sudoku::SudokuArgs,
}

#[derive(Debug, Subcommand)]
enum Action {
    Generate(GenerateArgs),
    Rate(RateArgs),
    Hint(HintArgs),
}

/// Make minimal puzzles with exactly one solution.
///
/// Each puzzle starts from a random full grid (the solution of a few random givens, its digits
/// renamed at random; or the engine searching the empty grid's matrix with its options in a
/// random order, when those givens leave no solution); givens are then removed in a random order, a removal
/// kept only when the solution stays unique. The result is minimal: removing any given (any
/// symmetric group of givens, with --symmetry) allows a second solution, unless --min-givens or
/// --check-nodes stops the removal early. The same --seed gives the same puzzles whatever
/// --jobs is.
///
/// Of the shared flags, --jobs makes puzzles on N threads (the output is in seed order
/// whatever N is); --max-time stops making puzzles when it runs out (exit code 3, the
/// puzzles made by then written); --max-nodes bounds each rating's search (with
/// --difficulty or jsonl: a grid whose rating runs out is not kept).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing sudoku generate --count 10 --seed 1\n  \
    dancing sudoku generate --symmetry rotate180 --difficulty hard --format jsonl")]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    /// The seed of the run: the same seed gives the same puzzles.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Which givens are kept or removed together.
    #[arg(long, value_name = "SYMMETRY", default_value = "none",
          value_parser = ["none", "rotate180", "rotate90", "mirror", "diagonal"])]
    symmetry: String,
    /// Keep only puzzles with at most K givens (tries up to --attempts grids per puzzle, and
    /// says so when none has few enough).
    #[arg(long, value_name = "K")]
    clues: Option<usize>,
    /// Keep only puzzles of this difficulty band (see `dancing sudoku rate --help`).
    #[arg(long, value_name = "BAND",
          value_parser = ["simple", "easy", "medium", "hard", "expert"])]
    difficulty: Option<String>,
    /// Stop removing givens before fewer than K remain: unique puzzles, not minimal ones
    /// (for 25x25 and 36x36 grids, whose minimal puzzles are slow to make and to solve).
    #[arg(long, value_name = "K")]
    min_givens: Option<usize>,
    /// Give each uniqueness check N nodes: a removal whose check needs more is undone, as if
    /// it allowed a second solution. The puzzles stay unique (not necessarily minimal), and
    /// the search solves them in about N nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    check_nodes: Option<u64>,
    /// Grids tried per puzzle before giving up on --clues or --difficulty.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    attempts: u64,
    #[command(flatten)]
    shape: super::sudoku::ShapeArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
    #[command(flatten)]
    common: CommonArgs,
}

/// How each generated puzzle is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The puzzle on one line, `.` for a blank.
    Line,
    /// The puzzle as N lines of N numbers, 0 for a blank, a blank line between puzzles.
    Grid,
    /// One JSON object a line: seed, puzzle, solution, clues, rating.
    Jsonl,
}

/// Rate puzzles: a difficulty band read from the exact-cover search.
///
/// `simple`: naked singles alone solve it (cells with one candidate); `easy`: naked and hidden
/// singles (a digit with one place in a box, row or column, or in a variant's region,
/// diagonal, window or extra region); otherwise the search's nodes beyond the path of one
/// node per blank decide: `medium` up to 10, `hard` up to 100, `expert` more. Prints one line
/// per puzzle: the band, the nodes and the nodes beyond the path, labelled (`hard nodes=95
/// extra_nodes=30`); puzzles without exactly one solution are `unrated`. Every shape and variant is rated under its own rules.
///
/// Puzzles are rated in parallel (--jobs) and answered in input order; --max-nodes and
/// --max-time bound each puzzle's search (status `gave-up`, exit code 3). Exit codes as for
/// `dancing sudoku`: 1 when some puzzle has conflicting givens, no solution or several.
#[derive(Debug, Args)]
struct RateArgs {
    /// Files and directories of puzzles; standard input when absent or `-`. Directories are
    /// walked as by `dancing sudoku`.
    paths: Vec<PathBuf>,
    /// Output format: `line` (the band, the nodes and the nodes beyond the path, as in
    /// `expert nodes=382 extra_nodes=317`, or the status of a puzzle not rated: `unrated`) or `jsonl` (source, puzzle, status, band,
    /// nodes, extra_nodes, error).
    #[arg(long, value_enum, default_value = "line")]
    format: RateFormat,
    #[command(flatten)]
    engine: super::common::EngineArgs,
    #[command(flatten)]
    shape: super::sudoku::ShapeArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// How each rating is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RateFormat {
    /// `band nodes=N extra_nodes=M`, or `unrated`.
    Line,
    /// One JSON object a puzzle.
    Jsonl,
}

/// Explain the next step a person could take, from the exact-cover view.
///
/// A cell with one candidate left ("r3c4 can only be 7") or a digit with one place left in a
/// house ("in row 5, 3 can only go in c8"; with the variant flags also a jigsaw region, a
/// diagonal, a window or an extra region: "in the main diagonal, 4 can only go in r2c2"; the
/// anti-knight and anti-king rules remove candidates but name no place of their own). With
/// --all-steps, the whole solve as such steps; where singles run out, it says so and names
/// the cell with the fewest candidates.
#[derive(Debug, Args)]
struct HintArgs {
    /// A file with one puzzle (the first is used); standard input when absent or `-`.
    path: Option<PathBuf>,
    /// Every step until the grid is full or singles run out.
    #[arg(long)]
    all_steps: bool,
    /// Output format: `line` (each step in words) or `jsonl` (one object a step: row, col,
    /// digit, text; then one for the end: end, text).
    #[arg(long, value_enum, default_value = "line")]
    format: RateFormat,
    #[command(flatten)]
    shape: super::sudoku::ShapeArgs,
    /// No message about an invalid puzzle: the exit code and the output tell everything (a
    /// hint is reasoning, not a search, so it takes no threads, budgets or statistics).
    #[arg(short, long)]
    quiet: bool,
}

/// Runs `dancing sudoku` or one of its actions.
pub fn run(command: SudokuCommand) -> anyhow::Result<Exit> {
    match command.action {
        None => super::sudoku::run(command.solve),
        Some(Action::Generate(args)) => generate(&args),
        Some(Action::Rate(args)) => rate_all(&args),
        Some(Action::Hint(args)) => hint_one(&args),
    }
}

/// Puzzles made together before they are written, in order.
const CHUNK: u64 = 64;

fn generate(args: &GenerateArgs) -> anyhow::Result<Exit> {
    let variants = args.shape.variants()?;
    let shape = variants.shape.unwrap_or(Shape::CLASSIC);
    let rules = variants.rules(shape)?;
    let symbols = variants
        .symbols
        .unwrap_or_else(|| Symbols::default_for(shape));
    let symmetry: Symmetry = args.symmetry.parse()?;
    let band: Option<Band> = args.difficulty.as_deref().map(str::parse).transpose()?;
    let started = Instant::now();
    let deadline = args.common.max_time.map(|t| started + t);
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    // The watch of every search of the making: stops it at Ctrl-C or at --max-time.
    let go_on = |_| {
        if late() || super::interrupted() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    // (A full grid of 36x36 can take half a minute: the check is watched too. Stopped, it
    // makes no puzzle, and the loop below says why.)
    if Generator::with_rules(rules.clone(), symmetry)
        .with_watch_time(Some(dancing::PAUSE_TIME))
        .try_full_grid_watched(&mut Rng::new(args.seed), go_on)
        == ControlFlow::Continue(None)
    {
        anyhow::bail!(
            "no puzzle can be made: these rules leave the empty {0}x{0} grid without a solution",
            shape.side()
        );
    }
    // No more threads than puzzles: each keeps a generator (some 20 MB on 36x36).
    let jobs = args
        .common
        .jobs()
        .min(usize::try_from(args.count).unwrap_or(usize::MAX))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let report = Report::new(
        args.common.quiet,
        args.common.progress,
        "{bar:30} {pos}/{len} puzzles, {per_sec}, {eta}",
    );
    report.bar().set_length(args.count);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut made, mut missed, mut clues) = (0u64, 0u64, 0usize);
    // A rating is a second search of each puzzle: made only when it is asked for.
    let rated = band.is_some() || args.format == Format::Jsonl;
    // One generator (and rating solver) for each worker thread, built by the worker when it
    // first makes a puzzle (building one takes about as long as making two puzzles, 0.2 s on
    // 36x36: not before a budget or Ctrl-C is looked at), and kept from chunk to chunk.
    let worker_state = || {
        // Paused by the clock, so that Ctrl-C and --max-time stop a puzzle being made within a
        // fraction of a second, whatever its size.
        let generator = Generator::with_rules(rules.clone(), symmetry)
            .with_min_givens(args.min_givens.unwrap_or(0))
            .with_check_nodes(args.check_nodes)
            .with_watch_time(Some(dancing::PAUSE_TIME));
        let solver = rated.then(|| {
            let mut solver = SudokuSolver::with_rules(rules.clone());
            solver.set_max_nodes(args.common.max_nodes);
            solver.set_watch_time(Some(dancing::PAUSE_TIME));
            solver
        });
        (generator, solver)
    };
    type Worker = Option<(Generator, Option<SudokuSolver>)>;
    let workers: Vec<Mutex<Worker>> = (0..jobs).map(|_| Mutex::new(None)).collect();
    let mut start = 0;
    while start < args.count && !super::interrupted() && !late() {
        let end = (start + CHUNK).min(args.count);
        let chunk: Vec<Option<(u64, Generated, Option<rate::Rating>)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|k| {
                    // Each worker has its own: the lock is never contended.
                    let worker = rayon::current_thread_index().expect("a worker of the pool");
                    let mut worker = workers[worker].lock().expect("no worker panicked");
                    if late() || super::interrupted() {
                        return None;
                    }
                    let (generator, solver) = worker.get_or_insert_with(worker_state);
                    (0..args.attempts).find_map(|attempt| {
                        if late() || super::interrupted() {
                            return None;
                        }
                        let seed = puzzle_seed(args.seed, (k << 20) | attempt);
                        let made = generator.generate_watched(seed, go_on)?;
                        let rating = match solver {
                            Some(solver) => {
                                Some(rate::rate_watched(solver, &made.puzzle, go_on).ok()?)
                            }
                            None => None,
                        };
                        let fits = args.clues.is_none_or(|k| made.puzzle.givens() <= k)
                            && band.is_none_or(|b| rating.as_ref().is_some_and(|r| r.band == b));
                        fits.then_some((seed, made, rating))
                    })
                })
                .collect()
        });
        let late_now = late();
        for entry in chunk {
            let Some((seed, puzzle, rating)) = entry else {
                // Out of time or interrupted, a puzzle not finished is not missed: it is not
                // made.
                missed += u64::from(!late_now && !super::interrupted());
                continue;
            };
            made += 1;
            clues += puzzle.puzzle.givens();
            match args.format {
                Format::Line => writeln!(out, "{}", puzzle.puzzle.to_line_in(symbols))?,
                Format::Grid => {
                    if made > 1 {
                        writeln!(out)?;
                    }
                    puzzle.puzzle.write_grid(&mut out)?;
                }
                Format::Jsonl => {
                    let rating = rating.expect("jsonl puzzles are rated");
                    writeln!(
                        out,
                        "{}",
                        json!({
                            "seed": seed,
                            "puzzle": puzzle.puzzle.to_line_in(symbols),
                            "solution": puzzle.solution.to_line_in(symbols),
                            "clues": puzzle.puzzle.givens(),
                            "rating": rating.band.name(),
                            "nodes": rating.nodes,
                            "extra_nodes": rating.extra_nodes,
                        })
                    )?;
                }
            }
        }
        report.bar().inc(end - start);
        start = end;
    }
    out.flush()?;
    report.finish();
    if missed > 0 {
        super::report::say(format_args!(
            "{missed} of {} puzzles not made: no grid of {} attempts met --clues or \
             --difficulty",
            args.count, args.attempts
        ));
    }
    let unmade = args.count - made - missed;
    if super::interrupted() {
        super::report::say(format_args!(
            "interrupted: {made} of {} puzzles made",
            args.count
        ));
    } else if unmade > 0 {
        super::report::say(format_args!(
            "{unmade} of {} puzzles not made: --max-time ran out; a longer time makes them",
            args.count
        ));
    }
    if !args.common.quiet && made > 0 {
        super::report::write_stderr(&format!(
            "puzzles: {made}, mean clues: {:.2}\n",
            clues as f64 / made as f64
        ));
    }
    if args.common.stats {
        let seconds = started.elapsed().as_secs_f64();
        super::report::write_stderr(&format!(
            "made: {made}, not made: {}; elapsed: {seconds:.3}s, {:.1} puzzles/s\n",
            args.count - made,
            made as f64 / seconds.max(1e-9)
        ));
    }
    Ok(if super::interrupted() {
        Exit::Interrupted
    } else if missed > 0 {
        Exit::NoSolution
    } else if unmade > 0 {
        Exit::GaveUp
    } else {
        Exit::Success
    })
}

/// What a worker of `rate` keeps: the solver of the last shape rated.
type RateState = Option<SudokuSolver>;

/// The answer to one puzzle of `rate`: the puzzle and its rating, or the reason it was not
/// rated, or the reason it could not be read.
type Rated = Result<(Puzzle, Result<rate::Rating, (Status, String)>), ReadError>;

/// The status of a puzzle that could not be rated, and why, in `dancing sudoku`'s words.
fn unrated(err: &RateError) -> (Status, String) {
    if let RateError::Unsolvable(SolveError::OutOfTime { limit, .. }) = err {
        return (Status::GaveUp, super::judge::out_of_time(*limit));
    }
    let status = match err {
        RateError::Multiple => Status::Multiple,
        RateError::Unsolvable(SolveError::Unsolvable) => Status::Unsolvable,
        RateError::Unsolvable(SolveError::GaveUp { .. } | SolveError::OutOfTime { .. }) => {
            Status::GaveUp
        }
        _ => Status::Invalid,
    };
    (status, err.to_string())
}

fn rate_all(args: &RateArgs) -> anyhow::Result<Exit> {
    let variants = args.shape.variants()?;
    let common = &args.common;
    let report = Report::new(
        common.quiet,
        common.progress,
        "{spinner} {pos} puzzles rated, {per_sec}, {elapsed}",
    );
    let engine = args.engine.engine();
    let mut pipeline = Pipeline::new(common.jobs(), || None);
    let filter = Filter::new(&[])?;
    let mut run = RateRun {
        args,
        out: io::BufWriter::new(io::stdout()),
        report: &report,
        exit: Exit::Success,
        nodes: 0,
    };
    let stdin = [PathBuf::from("-")];
    let paths = if args.paths.is_empty() {
        &stdin[..]
    } else {
        &args.paths[..]
    };
    for path in paths {
        let files: Vec<Found> = if path.as_os_str() == "-" {
            vec![Found::File(path.clone())]
        } else {
            walk::walk(path, &filter).collect()
        };
        for found in files {
            if super::interrupted() {
                break;
            }
            let file = match found {
                Found::File(file) => file,
                Found::Skipped => continue,
                Found::NotRegular(file) => {
                    report.note(walk::not_regular(&file));
                    continue;
                }
                Found::Error(message) => {
                    run.input_error(&message);
                    continue;
                }
            };
            let (name, reader): (String, Box<dyn io::BufRead + Send>) = if file.as_os_str() == "-" {
                ("<stdin>".into(), Box::new(BufReader::new(io::stdin())))
            } else {
                let name = file.display().to_string();
                match std::fs::File::open(&file) {
                    Ok(f) => (name, Box::new(BufReader::new(f))),
                    Err(err) => {
                        run.input_error(&format!("{name}: cannot read: {err}"));
                        continue;
                    }
                }
            };
            pipeline.run(
                variants.reader(reader),
                // `None`: a puzzle whose search Ctrl-C stopped, which has no answer.
                |state: &mut RateState, entry| -> Option<Rated> {
                    let puzzle: Puzzle = match entry {
                        Ok(puzzle) => puzzle,
                        Err(err) => return Some(Err(err)),
                    };
                    let shape = puzzle.grid.shape();
                    let mut solver = match state.take() {
                        Some(solver) if solver.rules().shape() == shape => solver,
                        _ => match variants.rules(shape) {
                            Ok(rules) => {
                                let mut solver = SudokuSolver::with_engine(rules, engine);
                                solver.set_max_nodes(common.max_nodes);
                                solver.set_max_time(common.max_time);
                                // Paused by the clock, so that Ctrl-C stops a long search.
                                solver.set_watch_time(Some(dancing::PAUSE_TIME));
                                solver
                            }
                            Err(err) => {
                                let invalid = Err((Status::Invalid, format!("{err:#}")));
                                return Some(Ok((puzzle, invalid)));
                            }
                        },
                    };
                    let rating = rate::rate_watched(&mut solver, &puzzle.grid, |_| {
                        if super::interrupted() {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    *state = Some(solver);
                    if let Err(RateError::Unsolvable(SolveError::Stopped { .. })) = rating {
                        return None;
                    }
                    Some(Ok((puzzle, rating.map_err(|e| unrated(&e)))))
                },
                |answer| match answer {
                    Some(answer) => run.answer(&name, answer),
                    None => Ok(()),
                },
                super::interrupted,
            )?;
        }
    }
    run.out.flush()?;
    report.finish();
    if common.stats {
        report.write(&format!("nodes: {}\n", run.nodes));
    }
    Ok(if super::interrupted() {
        Exit::Interrupted
    } else {
        run.exit
    })
}

/// The state of `rate` across its sources.
struct RateRun<'a, W: Write> {
    args: &'a RateArgs,
    out: W,
    report: &'a Report,
    exit: Exit,
    /// Nodes of every search.
    nodes: u64,
}

impl<W: Write> RateRun<'_, W> {
    /// Keeps the exit code of the worst outcome so far: an input error (2), then a puzzle
    /// not rated (1), then a budget spent (3).
    fn worse(&mut self, exit: Exit) {
        let rank = |e: Exit| match e {
            Exit::Error => 3,
            Exit::NoSolution => 2,
            Exit::GaveUp => 1,
            _ => 0,
        };
        if rank(exit) > rank(self.exit) {
            self.exit = exit;
        }
    }

    /// Reports an input that could not be read at all: it answers no puzzle.
    fn input_error(&mut self, message: &str) {
        self.report.error(message);
        self.worse(Exit::Error);
    }

    /// Writes the answer to one puzzle.
    fn answer(&mut self, name: &str, answer: Rated) -> io::Result<()> {
        let jsonl = self.args.format == RateFormat::Jsonl;
        self.report.bar().inc(1);
        let (line, puzzle, result) = match answer {
            Ok((puzzle, result)) => (puzzle.line, Some(puzzle), result),
            Err(err) if err.is_a_puzzle() => {
                (err.line, None, Err((Status::Invalid, err.kind.to_string())))
            }
            Err(err) => {
                self.input_error(&format!("{name}:{err}"));
                return Ok(());
            }
        };
        let source = format!("{name}:{line}");
        let text = puzzle.as_ref().map(|p| p.grid.to_line_in(p.symbols));
        match result {
            Ok(r) => {
                self.nodes += r.nodes;
                if jsonl {
                    let object = json!({
                        "source": source, "puzzle": text, "status": "rated",
                        "band": r.band.name(), "nodes": r.nodes, "extra_nodes": r.extra_nodes,
                    });
                    writeln!(self.out, "{object}")
                } else {
                    writeln!(
                        self.out,
                        "{} nodes={} extra_nodes={}",
                        r.band, r.nodes, r.extra_nodes
                    )
                }
            }
            Err((status, error)) => {
                if puzzle.is_some() {
                    self.report
                        .note(format!("{source}: {}: {error}", status.name()));
                    self.worse(if status == Status::GaveUp {
                        Exit::GaveUp
                    } else {
                        Exit::NoSolution
                    });
                } else {
                    self.report.note(format!("{name}:{line}:{error}"));
                    self.worse(Exit::Error);
                }
                if jsonl {
                    let object = json!({
                        "source": source, "puzzle": text, "status": status.name(),
                        "band": null, "error": error,
                    });
                    writeln!(self.out, "{object}")
                } else {
                    writeln!(self.out, "unrated")
                }
            }
        }
    }
}

fn hint_one(args: &HintArgs) -> anyhow::Result<Exit> {
    let variants = args.shape.variants()?;
    let (name, reader): (String, Box<dyn io::BufRead>) = match &args.path {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file = std::fs::File::open(path).with_context(|| format!("{name}: cannot read"))?;
            (name, Box::new(BufReader::new(file)))
        }
        _ => ("<stdin>".into(), Box::new(BufReader::new(io::stdin()))),
    };
    let puzzle = match variants.reader(reader).next() {
        Some(entry) => entry.map_err(|e| anyhow::anyhow!("{name}:{e}"))?,
        None => anyhow::bail!("{name}: no puzzle found"),
    };
    let rules = variants
        .rules(puzzle.grid.shape())
        .with_context(|| format!("{name}:{}", puzzle.line))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let jsonl = args.format == RateFormat::Jsonl;
    let (steps, end) = if args.all_steps {
        let path = hint::solve_path_under(&rules, &puzzle.grid);
        (path.steps, Some(path.end))
    } else {
        match hint::next_under(&rules, &puzzle.grid) {
            Ok(step) => (vec![step], None),
            Err(end) => (Vec::new(), Some(end)),
        }
    };
    for step in &steps {
        if jsonl {
            let object = json!({
                "row": step.row + 1, "col": step.col + 1, "digit": step.digit,
                "text": step.to_string(),
            });
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{step}")?;
        }
    }
    let exit = match &end {
        Some(hint::Stuck::Conflict(conflict)) => {
            // As `dancing sudoku` says it: the puzzle is invalid, and no step is given.
            out.flush()?;
            if !args.quiet {
                super::report::say(format_args!("{name}:{}: invalid: {conflict}", puzzle.line));
            }
            if jsonl {
                let object = json!({"end": "invalid", "text": conflict.to_string()});
                writeln!(out, "{object}")?;
            }
            Exit::NoSolution
        }
        Some(stuck) => {
            if jsonl {
                let kind = match stuck {
                    hint::Stuck::Solved => "solved",
                    hint::Stuck::NoSingle { .. } => "no-single",
                    _ => "contradiction",
                };
                writeln!(out, "{}", json!({"end": kind, "text": stuck.to_string()}))?;
            } else {
                writeln!(out, "{stuck}")?;
            }
            if matches!(stuck, hint::Stuck::Contradiction(_)) {
                Exit::NoSolution
            } else {
                Exit::Success
            }
        }
        None => Exit::Success,
    };
    out.flush()?;
    Ok(exit)
}
