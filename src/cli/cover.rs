//! `dancing cover`: solve an exact-cover problem written in Knuth's DLX format.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow};
use clap::Args;
use dancing::knuth::{self, KnuthProblem};
use dancing::preprocess::{PreprocessError, PreprocessStats, preprocess_until};
use dancing::sudoku::verdict::seconds;
use dancing::{Engine, Problem};

use super::Exit;
use super::common::{ChooseArgs, CommonArgs, EngineArgs, SeedArgs};
use super::report::Report;
use super::search::{Search, TEMPLATE};

/// Solve an exact-cover problem in Knuth's DLX format (as read by his DLX1, DLX2 and DLX3).
///
/// The first line that is not a comment (`|` first) names the items: primary items, then `|`,
/// then secondary items. Every further line is an option: the names of its items. A solution
/// chooses options that cover every primary item exactly once and every secondary item at
/// most once. Colors (`x:c` on a secondary item in an option) let options share an item when
/// they agree on its color; bounds (`u:v|x` or `v|x` on a primary item of the item line) ask
/// for it to be covered between u and v times.
///
/// By default prints the first solution, one chosen option a line, as written in the input.
/// Exit codes: 0 found, 1 no solution, 2 usage or input error, 3 --max-nodes or --max-time
/// ran out, 4 --merge found parts without a result.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing cover puzzles/exact-cover/knuth-example.dlx\n  \
    dancing cover --count --stats puzzles/exact-cover/nqueens-8.dlx\n  \
    dancing polyomino 12x12 --pieces domino --copies 72 --to-dlx | dancing cover --count --memo\n  \
    dancing cover --all --limit 3 < puzzles/exact-cover/langford-7.dlx\n  \
    dancing cover --preprocess --stats puzzles/exact-cover/knuth-example.dlx\n  \
    dancing cover --min-cost --best 3 puzzles/exact-cover/knuth-example.dlx")]
pub struct CoverArgs {
    /// The problem file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every solution, a blank line between two.
    #[arg(long)]
    all: bool,
    /// Stop after N solutions (a count that reaches N is written `N+`: there may be more).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Estimate the nodes of the links' search (DLX1, DLX2 or DLX3 by the problem's class) by
    /// N random paths down its tree (Knuth's estimator; the paths drawn from --seed, else 0),
    /// and the time it implies, instead of searching. Fewer paths, at least 100, where they
    /// have cost a tenth of the search's nodes: the output then says how many.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["count", "all", "limit", "preprocess", "min_cost", "max_nodes"])]
    estimate: Option<u64>,
    /// Find the cheapest solutions (Knuth's DLX5): options cost what their `|n` tokens say
    /// (several add up; none: 0), a solution the sum of its options' costs. Prints the
    /// --best K cheapest, cheapest first, each after a line `cost: N` and as --all prints a
    /// solution. Colors work; multiplicities are refused. --jobs threads share the cutoff.
    #[arg(long, conflicts_with_all = ["count", "all", "limit"])]
    min_cost: bool,
    /// With --min-cost: how many of the cheapest solutions to print (default 1).
    #[arg(long, value_name = "K", requires = "min_cost",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    best: Option<u64>,
    /// Reduce the problem as Knuth's DLX-PRE does (blocked options, implied items, unused
    /// secondary items) and write the reduced problem in Knuth's format; with --count or
    /// --all, search the reduced problem instead and print the original options.
    #[arg(long)]
    preprocess: bool,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    choose: ChooseArgs,
    #[command(flatten)]
    seed: SeedArgs,
    #[command(flatten)]
    memo: super::memo::MemoArgs,
    #[command(flatten)]
    distributed: super::parts::PartsArgs,
    #[command(flatten)]
    symmetry: super::symmetry::SymmetryArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `dancing cover`.
pub fn run(args: CoverArgs) -> anyhow::Result<Exit> {
    if let Some(files) = args.distributed.merge() {
        // A file after another flag (`--merge P --stats R`) is parsed as FILE: one more.
        let files: Vec<PathBuf> = files.iter().chain(&args.file).cloned().collect();
        return super::parts::merge(&files, args.common.stats());
    }
    let (name, bytes) = read_input(args.file.as_ref())?;
    let parsed =
        knuth::parse(&bytes).map_err(|e| anyhow!("{name}:{}:{}: {}", e.line, e.column, e.kind))?;
    let common = &args.common;
    let report = Report::new(common.quiet(), common.progress(), TEMPLATE);
    for k in parsed.problem.ignored_options() {
        report.note(format!(
            "{name}:{}:1: warning: this option has no primary item, so it is ignored (as \
             DLX1 does)",
            parsed.options[k].line
        ));
    }
    if let Some(paths) = args.estimate
        && !args.distributed.sized_by_estimate()
    {
        if args.distributed.active() || args.memo.active() {
            return Err(anyhow!(
                "--estimate walks the links' tree on one machine: leave out --parts and the \
                 memo's flags"
            ));
        }
        let seed = args.seed.seed(Some(0)).unwrap_or(0);
        return estimate(&parsed.problem, paths, seed, common.max_time, &report);
    }
    if args.symmetry.active() {
        return symmetry(&args, &parsed);
    }
    let choice = args.choose.choice();
    if let Some(choice) = choice.filter(|&c| c != dancing::Choice::Mrv)
        && (args.min_cost || args.distributed.active() || args.memo.active())
    {
        return Err(anyhow!(
            "--choose {} runs on the search of --count, --all or a first solution: leave out \
             --min-cost, --split, --parts, --checkpoint, --merge and the memo's flags",
            choice.name()
        ));
    }
    let reduced = if args.preprocess {
        if args.distributed.active() {
            return Err(anyhow!(
                "--preprocess searches the reduced problem on one machine; --parts and --merge \
                 split the original: leave one of them out"
            ));
        }
        if args.memo.zdd.is_some() || args.memo.sample.is_some() {
            return Err(anyhow!(
                "--zdd and --sample describe the original problem's options; --preprocess \
                 renumbers them: leave one of them out"
            ));
        }
        // The preprocessing has a budget of its own, as the search after it does.
        let deadline = common.max_time.map(|t| Instant::now() + t);
        let stop = || super::interrupted() || deadline.is_some_and(|d| Instant::now() >= d);
        match preprocess_until(&parsed.problem, stop) {
            Ok(reduced) => Some(reduced),
            Err(PreprocessError::Unsolvable { item, stats }) => {
                if common.stats() {
                    eprintln!("{}", preprocess_stats(&stats));
                }
                if args.count {
                    // As a count that finds no solution prints it.
                    writeln!(std::io::stdout().lock(), "0")?;
                }
                eprintln!(
                    "{name}: no solution: preprocessing left primary item {} with no option",
                    parsed.item_names[item]
                );
                return Ok(Exit::NoSolution);
            }
            Err(PreprocessError::Stopped { stats }) => {
                let (why, exit) = if super::interrupted() {
                    ("interrupted".to_string(), Exit::Interrupted)
                } else {
                    let time = seconds(common.max_time.unwrap_or_default());
                    (format!("gave up after {time} (--max-time)"), Exit::GaveUp)
                };
                report.note(format!(
                    "{why} while preprocessing, after {} rounds; nothing written",
                    stats.rounds
                ));
                return Ok(exit);
            }
            Err(e) => return Err(anyhow!("{name}: {e}")),
        }
    } else {
        None
    };
    if let Some(reduced) = &reduced {
        if common.stats() {
            eprintln!("{}", preprocess_stats(&reduced.stats));
        }
        if !args.count && !args.all && !args.min_cost {
            std::io::stdout()
                .lock()
                .write_all(knuth::write_with_names(&reduced.problem).as_bytes())?;
            return Ok(Exit::Success);
        }
    }
    let problem = reduced.as_ref().map_or(&parsed.problem, |r| &r.problem);
    let original = |solution: &[usize]| -> Vec<usize> {
        match &reduced {
            Some(reduced) => reduced.original(solution),
            None => solution.to_vec(),
        }
    };
    if args.min_cost {
        if args.distributed.active() || args.memo.active() || args.seed.seed.is_some() {
            return Err(anyhow!(
                "--min-cost runs DLX5's search on one machine: leave out --parts, --seed and \
                 the memo's flags"
            ));
        }
        let best = args.best.unwrap_or(1) as usize;
        return super::mincost::run(
            problem,
            best,
            args.engine.engine(),
            common,
            &report,
            |out, solution| {
                write_solution(out, &parsed, &original(solution))?;
                Ok(())
            },
        );
    }
    if args.distributed.active() {
        // (With --part-time, --seed draws the estimate's paths.)
        if args.seed.seed.is_some() && !args.distributed.sized_by_estimate() {
            return Err(anyhow!(
                "--seed searches for a first solution on one machine; --parts and --merge \
                 split a search in the problem's own order: leave one of them out"
            ));
        }
        if args.engine.engine() != Engine::Auto {
            return Err(anyhow!(
                "--split, --parts and --checkpoint search the tree of `--count --stats` \
                 (Knuth's, on the engine that searches it fastest), so that the parts add up \
                 to its statistics: leave out --engine"
            ));
        }
        if args.memo.zdd.is_some() || args.memo.sample.is_some() {
            return Err(anyhow!(
                "--zdd and --sample build the diagram of the whole problem on one machine; \
                 --parts splits a count: with --parts, use --memo"
            ));
        }
        let memo = args.memo.memo.then(|| args.memo.config());
        return in_parts(&args, &parsed, memo, false);
    }
    if args.memo.active() {
        let seed = args.seed.seed(Some(0)).unwrap_or(0);
        return args
            .memo
            .run(problem, args.count, seed, common, |out, solution| {
                write_solution(out, &parsed, &original(solution))?;
                Ok(())
            });
    }
    let search = Search {
        problem,
        engine: if common.stats() {
            args.engine.engine().for_stats(problem)
        } else {
            args.engine.engine()
        },
        choice,
        count: args.count,
        all: args.all,
        limit: args.limit,
        seed: args.seed.seed(None),
        common,
    };
    let outcome = search.run(&report, |out, solution| {
        write_solution(out, &parsed, &original(solution))?;
        Ok(())
    })?;
    if common.stats() {
        report.write(&super::symmetry::group_order_line(
            problem,
            args.symmetry.no_symmetry,
        ));
    }
    Ok(outcome.exit)
}

/// Runs `--split`, `--count --parts` or `--count --checkpoint` (with the group if
/// `symmetry`).
fn in_parts(
    args: &CoverArgs,
    parsed: &KnuthProblem,
    memo: Option<dancing::memo::MemoConfig>,
    symmetry: bool,
) -> anyhow::Result<Exit> {
    let how = super::parts::How {
        jobs: args.common.jobs(),
        stats: args.common.stats(),
        memo,
        symmetry,
    };
    let estimate = (
        args.estimate.unwrap_or(SPLIT_PATHS),
        args.seed.seed(Some(0)).unwrap_or(0),
    );
    super::parts::run(&args.distributed, parsed, args.count, how, estimate)
}

/// Runs the symmetry flags (`--group`, `--symmetry`, `--up-to-symmetry`) on the problem as read.
fn symmetry(args: &CoverArgs, parsed: &KnuthProblem) -> anyhow::Result<Exit> {
    let common = &args.common;
    if args.preprocess || args.min_cost || args.memo.active() || args.seed.seed.is_some() {
        return Err(anyhow!(
            "--group, --symmetry and --up-to-symmetry take the problem as read: leave out \
             --preprocess, --min-cost, --seed and the memo's flags"
        ));
    }
    if args.distributed.active() {
        if !args.symmetry.symmetry || args.engine.engine() != Engine::Auto {
            return Err(anyhow!(
                "--split, --parts and --checkpoint cut a count with --symmetry (on the engine \
                 that counts fastest), not --group or --up-to-symmetry: leave those and \
                 --engine out"
            ));
        }
        return in_parts(args, parsed, None, true);
    }
    let engine = args.engine.engine();
    if engine != Engine::Auto && !args.symmetry.symmetry {
        return Err(anyhow!(
            "--engine names the engine of --symmetry's count; --group and --up-to-symmetry \
             choose their own: leave out --engine"
        ));
    }
    if let Some(why) = engine.refusal(&parsed.problem) {
        return Err(anyhow!(
            "--engine {}: {why}",
            super::common::engine_flag(engine)
        ));
    }
    let problem = &parsed.problem;
    if args.symmetry.group {
        return super::symmetry::print_group(problem, |i| parsed.item_names[i].to_string(), common);
    }
    if args.all && args.symmetry.up_to_symmetry {
        return super::symmetry::print_families(problem, common, args.limit, |out, solution| {
            write_solution(out, parsed, solution)?;
            Ok(())
        });
    }
    if !args.count || args.limit.is_some() {
        return Err(anyhow!(
            "--symmetry counts every solution: use it with --count (without --limit); \
             --up-to-symmetry goes with --count or --all"
        ));
    }
    super::symmetry::print_count(
        problem,
        args.symmetry.up_to_symmetry,
        engine,
        common,
        super::interrupted,
    )
}

/// The paths of the estimate that sizes `--split --part-time` without `--estimate N`: about
/// a second on pentomino-6x10, within a factor of 1.5 of the true size nine seeds in ten
/// (see `--estimate` in docs/guide.md).
const SPLIT_PATHS: u64 = 1000;

/// Runs `--estimate`: prints the estimated nodes, its interval, the spread of the paths and
/// the time implied.
fn estimate(
    problem: &Problem,
    paths: u64,
    seed: u64,
    max_time: Option<Duration>,
    report: &Report,
) -> anyhow::Result<Exit> {
    let deadline = max_time.map(|t| Instant::now() + t);
    let (e, capped) = dancing::estimate::estimate_capped(problem, paths, seed, || {
        !super::interrupted() && deadline.is_none_or(|d| Instant::now() < d)
    });
    if super::interrupted() {
        // As a count stopped by Ctrl-C prints no partial count: no estimate of fewer paths.
        report.note(format!("interrupted after {} of {paths} paths", e.paths));
        return Ok(Exit::Interrupted);
    }
    let rate = dancing::estimate::nodes_per_second(problem, dancing::estimate::SPEED_RUN);
    let (low, high) = e.interval();
    let mut out = std::io::stdout().lock();
    writeln!(out, "nodes: ~{:.0}", e.mean)?;
    writeln!(
        out,
        "interval: {low:.0} to {high:.0} (mean +- 2 standard errors of {} paths down the \
         links' tree)",
        e.paths
    )?;
    writeln!(
        out,
        "spread: standard deviation {:.2} x the mean; largest path ~{:.0}",
        e.spread(),
        e.max
    )?;
    let seconds = e.seconds(rate);
    let time = if (1.0..1e9).contains(&seconds) {
        format!("{seconds:.1}")
    } else {
        format!("{seconds:.2e}")
    };
    writeln!(
        out,
        "time: ~{time} s at {rate:.0} nodes/s (the links' search, measured on up to {} s of it)",
        dancing::estimate::SPEED_RUN.as_secs_f64()
    )?;
    if capped {
        writeln!(
            out,
            "paths: {} of {paths}, stopped when they had cost {:.0}% of the nodes of the search \
             (by the interval's high end): a search this small is quicker run than estimated",
            e.paths,
            100.0 * dancing::estimate::PATHS_SHARE
        )?;
    }
    Ok(Exit::Success)
}

/// The `--stats` line of `--preprocess`: what it removed, in how many rounds, how long it took.
fn preprocess_stats(stats: &PreprocessStats) -> String {
    format!(
        "preprocess: removed {} options and {} items in {} rounds, {:.3} s",
        stats.removed_options,
        stats.removed_items,
        stats.rounds,
        stats.elapsed.as_secs_f64()
    )
}

/// Reads the whole problem, from a file or standard input; returns its name for messages.
fn read_input(file: Option<&PathBuf>) -> anyhow::Result<(String, Vec<u8>)> {
    match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => {
            let name = path.display().to_string();
            let bytes =
                super::input::read_whole(path).with_context(|| format!("{name}: cannot read"))?;
            Ok((name, bytes))
        }
        None => {
            let bytes = super::input::read_stdin().context("<stdin>: cannot read")?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

/// Writes a solution: its options as written in the input, one a line.
fn write_solution(
    out: &mut dyn Write,
    parsed: &KnuthProblem,
    solution: &[usize],
) -> std::io::Result<()> {
    for &k in solution {
        writeln!(out, "{}", parsed.options[k].text)?;
    }
    Ok(())
}
