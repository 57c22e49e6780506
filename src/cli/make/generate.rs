//! `dancing sudoku generate`: its arguments, and the run that makes the puzzles on a pool of
//! threads (by `dancing::sudoku::generate`, rated by `dancing::sudoku::rate` when asked) and
//! writes them in seed order.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Instant;

use clap::{Args, ValueEnum};
use dancing::sudoku::generate::{Generated, Generator, Rng, Symmetry, puzzle_seed};
use dancing::sudoku::grid::Shape;
use dancing::sudoku::rate::{self, Band};
use dancing::sudoku::solve::SudokuSolver;
use dancing::sudoku::symbols::Symbols;
use rayon::prelude::*;
use serde_json::json;

use crate::cli::Exit;
use crate::cli::common::CommonArgs;
use crate::cli::report::Report;

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
pub(super) struct GenerateArgs {
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
    shape: crate::cli::sudoku::ShapeArgs,
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

/// Puzzles made together before they are written, in order.
const CHUNK: u64 = 64;

pub(super) fn generate(args: &GenerateArgs) -> anyhow::Result<Exit> {
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
        if late() || crate::cli::interrupted() {
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
    // As many threads as the system can start (see `dancing::parallel::pool`), or one.
    let pool = match dancing::parallel::pool(jobs) {
        Some(pool) => pool,
        None => rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .map_err(|e| anyhow::anyhow!("cannot start a worker thread: {e}"))?,
    };
    let threads = pool.current_num_threads();
    let report = Report::new(
        args.common.quiet(),
        args.common.progress(),
        "{bar:30} {pos}/{len} puzzles, {per_sec}, {eta}",
    );
    if threads < jobs {
        report.note(crate::cli::common::fewer_threads(
            jobs,
            threads,
            "generating",
        ));
    }
    report.set_length(args.count);
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
    let workers: Vec<Mutex<Worker>> = (0..threads).map(|_| Mutex::new(None)).collect();
    let mut start = 0;
    while start < args.count && !crate::cli::interrupted() && !late() {
        let end = (start + CHUNK).min(args.count);
        let chunk: Vec<Option<(u64, Generated, Option<rate::Rating>)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|k| {
                    // Each worker has its own: the lock is never contended.
                    let worker = rayon::current_thread_index().expect("a worker of the pool");
                    let mut worker = workers[worker].lock().expect("no worker panicked");
                    if late() || crate::cli::interrupted() {
                        return None;
                    }
                    let (generator, solver) = worker.get_or_insert_with(worker_state);
                    (0..args.attempts).find_map(|attempt| {
                        if late() || crate::cli::interrupted() {
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
                missed += u64::from(!late_now && !crate::cli::interrupted());
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
        report.advance(end - start);
        start = end;
    }
    out.flush()?;
    report.finish();
    if missed > 0 {
        crate::cli::report::say(format_args!(
            "{missed} of {} puzzles not made: no grid of {} attempts met --clues or \
             --difficulty",
            args.count, args.attempts
        ));
    }
    let unmade = args.count - made - missed;
    if crate::cli::interrupted() {
        crate::cli::report::say(format_args!(
            "interrupted: {made} of {} puzzles made",
            args.count
        ));
    } else if unmade > 0 {
        crate::cli::report::say(format_args!(
            "{unmade} of {} puzzles not made: --max-time ran out; a longer time makes them",
            args.count
        ));
    }
    if !args.common.quiet() && made > 0 {
        crate::cli::report::write_stderr(&format!(
            "puzzles: {made}, mean clues: {:.2}\n",
            clues as f64 / made as f64
        ));
    }
    if args.common.stats() {
        let seconds = started.elapsed().as_secs_f64();
        crate::cli::report::write_stderr(&format!(
            "made: {made}, not made: {}; elapsed: {seconds:.3}s, {:.1} puzzles/s\n",
            args.count - made,
            made as f64 / seconds.max(1e-9)
        ));
    }
    Ok(if crate::cli::interrupted() {
        Exit::Interrupted
    } else if missed > 0 {
        Exit::NoSolution
    } else if unmade > 0 {
        Exit::GaveUp
    } else {
        Exit::Success
    })
}
