//! `dancing sudoku rate`: its arguments, and the run that rates the puzzles of its sources in
//! parallel (by `dancing::sudoku::rate`) and writes the ratings in input order.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use dancing::batch::Pipeline;
use dancing::sudoku::rate::{self, RateError};
use dancing::sudoku::read::{Puzzle, ReadError};
use dancing::sudoku::solve::{SolveError, SudokuSolver};
use dancing::sudoku::symbols::Symbols;
use serde_json::json;

use crate::cli::Exit;
use crate::cli::common::CommonArgs;
use crate::cli::report::Report;
use crate::cli::walk::{self, Filter, Found};
use dancing::sudoku::verdict::{self, Status};

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
pub(super) struct RateArgs {
    /// Files and directories of puzzles; standard input when absent or `-`. Directories are
    /// walked as by `dancing sudoku`.
    paths: Vec<PathBuf>,
    /// Output format: `line` (the band, the nodes and the nodes beyond the path, as in
    /// `expert nodes=382 extra_nodes=317`, or the status of a puzzle not rated: `unrated`) or `jsonl` (source, puzzle, status, band,
    /// nodes, extra_nodes, error).
    #[arg(long, value_enum, default_value = "line")]
    format: RateFormat,
    #[command(flatten)]
    engine: crate::cli::common::EngineArgs,
    #[command(flatten)]
    shape: crate::cli::sudoku::ShapeArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// How each rating is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum RateFormat {
    /// `band nodes=N extra_nodes=M`, or `unrated`.
    Line,
    /// One JSON object a puzzle.
    Jsonl,
}

/// What a worker of `rate` keeps: the solver of the last shape rated.
type RateState = Option<SudokuSolver>;

/// The answer to one puzzle of `rate`: the puzzle and its rating, or the reason it was not
/// rated, or the reason it could not be read.
type Rated = Result<(Puzzle, Result<rate::Rating, (Status, String)>), ReadError>;

/// The status of a puzzle that could not be rated, and why, in `dancing sudoku`'s words (a
/// digit as the puzzle's `symbols` write it).
fn unrated(err: &RateError, symbols: Symbols) -> (Status, String) {
    if let RateError::Unsolvable(SolveError::OutOfTime { limit, .. }) = err {
        return (Status::GaveUp, verdict::out_of_time(*limit));
    }
    let status = match err {
        RateError::Multiple => Status::Multiple,
        RateError::Unsolvable(SolveError::Unsolvable) => Status::Unsolvable,
        RateError::Unsolvable(SolveError::GaveUp { .. } | SolveError::OutOfTime { .. }) => {
            Status::GaveUp
        }
        _ => Status::Invalid,
    };
    (status, err.text(symbols))
}

pub(super) fn rate_all(args: &RateArgs) -> anyhow::Result<Exit> {
    let variants = args.shape.variants()?;
    let common = &args.common;
    let report = Report::new(
        common.quiet(),
        common.progress(),
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
            if crate::cli::interrupted() {
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
                ("<stdin>".into(), Box::new(crate::cli::input::stdin()))
            } else {
                let name = file.display().to_string();
                match std::fs::File::open(&file) {
                    Ok(f) => (name, Box::new(crate::cli::input::file(f))),
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
                        if crate::cli::interrupted() {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    *state = Some(solver);
                    if let Err(RateError::Unsolvable(SolveError::Stopped { .. })) = rating {
                        return None;
                    }
                    let symbols = puzzle.symbols;
                    Some(Ok((puzzle, rating.map_err(|e| unrated(&e, symbols)))))
                },
                |answer| match answer {
                    Some(answer) => run.answer(&name, answer),
                    None => Ok(()),
                },
                crate::cli::interrupted,
            )?;
        }
    }
    run.out.flush()?;
    if let Some(threads) = pipeline.threads().filter(|&t| t < pipeline.jobs()) {
        report.note(crate::cli::common::fewer_threads(
            pipeline.jobs(),
            threads,
            "rated",
        ));
    }
    report.finish();
    if common.stats() {
        report.write(&format!("nodes: {}\n", run.nodes));
    }
    Ok(if crate::cli::interrupted() {
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
        self.report.advance(1);
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
