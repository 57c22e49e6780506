//! `dancing sudoku generate`, `rate` and `hint`: argument definitions and output only; the
//! puzzles, ratings and hints come from `dancing::sudoku::{generate, rate, hint}`.

use std::collections::hash_map::Entry;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use dancing::sudoku::generate::{Generated, Generator, Symmetry, puzzle_seed};
use dancing::sudoku::grid::Shape;
use dancing::sudoku::hint;
use dancing::sudoku::rate::{self, Band};
use dancing::sudoku::solve::SudokuSolver;
use dancing::sudoku::symbols::Symbols;
use rayon::prelude::*;
use serde_json::json;

use super::Exit;
use super::report::Report;

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
/// Each puzzle starts from a random full grid (the engine searching the empty grid's matrix
/// with its options in a random order); givens are then removed in a random order, a removal
/// kept only when the solution stays unique. The result is minimal: removing any given (any
/// symmetric group of givens, with --symmetry) allows a second solution, unless --min-givens or
/// --check-nodes stops the removal early. The same --seed gives the same puzzles whatever
/// --jobs is.
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
    /// Make puzzles on N threads (the output is in seed order whatever N is). Default: all
    /// cores.
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// No progress bar and no summary.
    #[arg(long, short = 'q')]
    quiet: bool,
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
/// per puzzle: the band, the nodes and the nodes beyond the path; puzzles without exactly one
/// solution are `unrated`. Every shape and variant is rated under its own rules.
#[derive(Debug, Args)]
struct RateArgs {
    /// Files of puzzles; standard input when absent or `-`.
    paths: Vec<PathBuf>,
    #[command(flatten)]
    engine: super::common::EngineArgs,
    #[command(flatten)]
    shape: super::sudoku::ShapeArgs,
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
    #[command(flatten)]
    shape: super::sudoku::ShapeArgs,
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
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let report = Report::new(
        args.quiet,
        false,
        "{bar:30} {pos}/{len} puzzles, {per_sec}, {eta}",
    );
    report.bar().set_length(args.count);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut made, mut missed, mut clues) = (0u64, 0u64, 0usize);
    let mut start = 0;
    while start < args.count && !super::interrupted() {
        let end = (start + CHUNK).min(args.count);
        // A rating is a second search of each puzzle: made only when it is asked for.
        let rated = band.is_some() || args.format == Format::Jsonl;
        let chunk: Vec<Option<(u64, Generated, Option<rate::Rating>)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || {
                        (
                            Generator::with_rules(rules.clone(), symmetry)
                                .with_min_givens(args.min_givens.unwrap_or(0))
                                .with_check_nodes(args.check_nodes),
                            SudokuSolver::with_rules(rules.clone()),
                        )
                    },
                    |(generator, solver), k| {
                        (0..args.attempts).find_map(|attempt| {
                            let seed = puzzle_seed(args.seed, (k << 20) | attempt);
                            let made = generator.generate(seed);
                            let rating = if rated {
                                Some(rate::rate(solver, &made.puzzle).ok()?)
                            } else {
                                None
                            };
                            let fits = args.clues.is_none_or(|k| made.puzzle.givens() <= k)
                                && band
                                    .is_none_or(|b| rating.as_ref().is_some_and(|r| r.band == b));
                            fits.then_some((seed, made, rating))
                        })
                    },
                )
                .collect()
        });
        for entry in chunk {
            let Some((seed, puzzle, rating)) = entry else {
                missed += 1;
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
    if !args.quiet && made > 0 {
        super::report::write_stderr(&format!(
            "puzzles: {made}, mean clues: {:.2}\n",
            clues as f64 / made as f64
        ));
    }
    Ok(if super::interrupted() {
        Exit::Interrupted
    } else if missed > 0 {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// The puzzles of `paths` (standard input when empty), each with its source for messages.
fn read_puzzles(
    paths: &[PathBuf],
    variants: &super::sudoku::Variants,
) -> anyhow::Result<Vec<(String, Result<dancing::sudoku::read::Puzzle, String>)>> {
    let mut all = Vec::new();
    let stdin = [PathBuf::from("-")];
    for path in if paths.is_empty() { &stdin[..] } else { paths } {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        let reader: Box<dyn io::BufRead> = if path.as_os_str() == "-" {
            Box::new(BufReader::new(io::stdin()))
        } else {
            Box::new(BufReader::new(
                std::fs::File::open(path).with_context(|| format!("{name}: cannot read"))?,
            ))
        };
        for entry in variants.reader(reader) {
            all.push((name.clone(), entry.map_err(|e| format!("{name}:{e}"))));
        }
    }
    Ok(all)
}

fn rate_all(args: &RateArgs) -> anyhow::Result<Exit> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut exit = Exit::Success;
    let mut solvers = std::collections::HashMap::new();
    let variants = args.shape.variants()?;
    for (name, entry) in read_puzzles(&args.paths, &variants)? {
        match entry {
            Ok(puzzle) => {
                let shape = puzzle.grid.shape();
                let solver = match solvers.entry(shape) {
                    Entry::Occupied(solver) => solver.into_mut(),
                    Entry::Vacant(slot) => match variants.rules(shape) {
                        Ok(rules) => {
                            slot.insert(SudokuSolver::with_engine(rules, args.engine.engine()))
                        }
                        Err(err) => {
                            writeln!(out, "unrated")?;
                            super::report::say(format_args!("{name}:{}: {err:#}", puzzle.line));
                            exit = Exit::Error;
                            continue;
                        }
                    },
                };
                match rate::rate(solver, &puzzle.grid) {
                    Ok(r) => writeln!(out, "{} {} {}", r.band, r.nodes, r.extra_nodes)?,
                    Err(err) => {
                        writeln!(out, "unrated")?;
                        super::report::say(format_args!("{name}:{}: {err}", puzzle.line));
                        exit = Exit::NoSolution;
                    }
                }
            }
            Err(message) => {
                writeln!(out, "unrated")?;
                super::report::say(format_args!("{message}"));
                exit = Exit::Error;
            }
        }
    }
    out.flush()?;
    Ok(exit)
}

fn hint_one(args: &HintArgs) -> anyhow::Result<Exit> {
    let paths: Vec<PathBuf> = args.path.iter().cloned().collect();
    let variants = args.shape.variants()?;
    let Some((name, entry)) = read_puzzles(&paths, &variants)?.into_iter().next() else {
        anyhow::bail!("no puzzle in the input");
    };
    let puzzle = entry.map_err(anyhow::Error::msg)?;
    let rules = variants
        .rules(puzzle.grid.shape())
        .with_context(|| format!("{name}:{}", puzzle.line))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.all_steps {
        let path = hint::solve_path_under(&rules, &puzzle.grid);
        for step in &path.steps {
            writeln!(out, "{step}")?;
        }
        writeln!(out, "{}", path.end)?;
        out.flush()?;
        return Ok(match path.end {
            hint::Stuck::Contradiction(_) => Exit::NoSolution,
            _ => Exit::Success,
        });
    }
    match hint::next_under(&rules, &puzzle.grid) {
        Ok(step) => writeln!(out, "{step}")?,
        Err(end) => {
            writeln!(out, "{end}")?;
            out.flush()?;
            if let hint::Stuck::Contradiction(_) = end {
                return Ok(Exit::NoSolution);
            }
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}
