//! `dancing cover`: solve an exact-cover problem written in Knuth's DLX format.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow};
use clap::Args;
use dancing::knuth::{self, KnuthProblem};
use dancing::parallel::{Stopped, Watch};
use dancing::{Solver, Stats, Step, Total};

use super::Exit;
use super::common::CommonArgs;
use super::judge::seconds;
use super::report::Report;

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
    dancing cover --all --limit 3 < puzzles/exact-cover/langford-7.dlx")]
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
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    distributed: super::parts::PartsArgs,
}

/// How many nodes go by between two looks at the clock, the progress display and Ctrl-C.
const PAUSE_NODES: u64 = 1 << 16;
/// How often a parallel count's watcher looks at the counting threads' work.
const WATCH_EVERY: Duration = Duration::from_millis(50);
/// The progress display: the figures go in the message.
const TEMPLATE: &str = "{spinner} {msg}, {elapsed}";

/// Runs `dancing cover`.
pub fn run(args: CoverArgs) -> anyhow::Result<Exit> {
    if let Some(files) = args.distributed.merge() {
        return super::parts::merge(files, args.common.stats);
    }
    let (name, bytes) = read_input(args.file.as_ref())?;
    let parsed =
        knuth::parse(&bytes).map_err(|e| anyhow!("{name}:{}:{}: {}", e.line, e.column, e.kind))?;
    let common = &args.common;
    let report = Report::new(common.quiet, common.progress, TEMPLATE);
    for k in parsed.problem.ignored_options() {
        report.note(format!(
            "{name}:{}:1: warning: this option has no primary item, so it is ignored (as \
             DLX1 does)",
            parsed.options[k].line
        ));
    }
    let jobs = common.jobs();
    if args.distributed.active() {
        return super::parts::run(&args.distributed, &parsed, args.count, jobs, common.stats);
    }
    if args.count && args.limit.is_none() && common.max_nodes.is_none() && jobs > 1 {
        return count_parallel(&args, &parsed, jobs, &report);
    }
    let start = Instant::now();
    let deadline = common.max_time.map(|t| start + t);
    let mut solver = Solver::new(&parsed.problem);
    solver.set_max_nodes(common.max_nodes);
    // Pauses let the progress line be drawn, the clock be read and Ctrl-C be noticed.
    solver.set_pause_every(Some(PAUSE_NODES));
    let limit = args
        .limit
        .unwrap_or(if args.count || args.all { u64::MAX } else { 1 });
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut found = 0u64;
    let mut end = End::Finished;
    while found < limit {
        match solver.step() {
            Step::Solution => {
                found += 1;
                if !args.count {
                    if found > 1 {
                        writeln!(out)?;
                    }
                    write_solution(&mut out, &parsed, &solver)?;
                }
            }
            Step::Paused if super::interrupted() => {
                end = End::Interrupted;
                break;
            }
            Step::Paused if deadline.is_some_and(|d| Instant::now() >= d) => {
                end = End::OutOfTime;
                break;
            }
            Step::Paused => show(&report, solver.stats(), solver.progress()),
            Step::Exhausted => break,
            Step::GaveUp => {
                end = End::GaveUp;
                break;
            }
        }
    }
    show(&report, solver.stats(), solver.progress());
    report.finish();
    // The count is exact unless the search stopped at the limit.
    let exact = found < limit || args.limit.is_none();
    if args.count && end == End::Finished {
        writeln!(out, "{}", count_text(found, exact))?;
    }
    out.flush()?;
    if common.stats {
        report.write(&stats_text(&parsed, solver.stats(), exact, start.elapsed()));
    }
    let nodes = solver.stats().nodes;
    let answer = format!("{found} solutions found; the answer is unknown");
    match end {
        End::Finished if found == 0 => {
            report.note("no solution");
            Ok(Exit::NoSolution)
        }
        End::Finished => Ok(Exit::Success),
        End::GaveUp => {
            report.note(format!(
                "gave up after {nodes} nodes (--max-nodes) with {answer}"
            ));
            Ok(Exit::GaveUp)
        }
        End::OutOfTime => {
            let time = seconds(common.max_time.unwrap_or_default());
            report.note(format!(
                "gave up after {time} (--max-time), {nodes} nodes, with {answer}"
            ));
            Ok(Exit::GaveUp)
        }
        End::Interrupted => {
            report.note(format!(
                "interrupted after {nodes} nodes with {found} solutions found, about {:.3}% of \
                 the tree explored",
                100.0 * solver.progress()
            ));
            Ok(Exit::Interrupted)
        }
    }
}

/// Why the search loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The tree was exhausted or the limit reached: the answer is known.
    Finished,
    /// `--max-nodes` ran out.
    GaveUp,
    /// `--max-time` ran out.
    OutOfTime,
    /// Ctrl-C.
    Interrupted,
}

/// `N`, or `N+` when the search stopped at the limit and there may be more.
fn count_text(count: u64, exact: bool) -> String {
    if exact {
        count.to_string()
    } else {
        format!("{count}+")
    }
}

/// Shows the work so far on the progress display.
fn show(report: &Report, stats: Stats, progress: f64) {
    if report.shows_progress() {
        report.bar().set_message(format!(
            "{} solutions, {} nodes, about {:.3}% of the tree explored",
            stats.solutions,
            stats.nodes,
            100.0 * progress
        ));
    }
}

/// `--count` on several threads: the counting threads report to a [`Watch`], which this
/// thread reads to show progress and stops on Ctrl-C or at `--max-time`.
fn count_parallel(
    args: &CoverArgs,
    parsed: &KnuthProblem,
    jobs: usize,
    report: &Report,
) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let deadline = args.common.max_time.map(|t| start + t);
    let watch = Watch::new();
    let done = AtomicBool::new(false);
    let watcher = thread::current();
    let result = thread::scope(|scope| {
        let counting = scope.spawn(|| {
            let result = dancing::parallel::count_parallel_watched(&parsed.problem, jobs, &watch);
            done.store(true, Ordering::Release);
            watcher.unpark();
            result
        });
        while !done.load(Ordering::Acquire) {
            thread::park_timeout(WATCH_EVERY);
            if super::interrupted() || deadline.is_some_and(|d| Instant::now() >= d) {
                watch.stop();
            }
            show(report, watch.stats(), watch.progress());
        }
        counting.join()
    })
    .map_err(|_| anyhow!("a counting thread panicked"))?;
    show(report, watch.stats(), watch.progress());
    report.finish();
    let stats = match result {
        Ok(stats) => stats,
        Err(Stopped { stats }) => {
            let answer = format!("{} solutions found", stats.solutions);
            return Ok(if super::interrupted() {
                report.note(format!(
                    "interrupted after {} nodes with {answer}, about {:.3}% of the tree explored",
                    stats.nodes,
                    100.0 * watch.progress()
                ));
                Exit::Interrupted
            } else {
                let time = seconds(args.common.max_time.unwrap_or_default());
                report.note(format!(
                    "gave up after {time} (--max-time), {} nodes, with {answer}; the answer is \
                     unknown",
                    stats.nodes
                ));
                Exit::GaveUp
            });
        }
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", stats.solutions)?;
    out.flush()?;
    if args.common.stats {
        report.write(&stats_text(parsed, stats, true, start.elapsed()));
    }
    if stats.solutions == 0 {
        report.note("no solution");
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Success)
}

/// Reads the whole problem, from a file or standard input; returns its name for messages.
fn read_input(file: Option<&PathBuf>) -> anyhow::Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => {
            let name = path.display().to_string();
            bytes = std::fs::read(path).with_context(|| format!("{name}: cannot read"))?;
            Ok((name, bytes))
        }
        None => {
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .context("<stdin>: cannot read")?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

fn write_solution(
    out: &mut impl Write,
    parsed: &KnuthProblem,
    solver: &Solver,
) -> std::io::Result<()> {
    for k in solver.solution() {
        writeln!(out, "{}", parsed.options[k].text)?;
    }
    Ok(())
}

/// The statistics, as `--stats` writes them on stderr: `exact` is false when the count
/// stopped at --limit.
pub(super) fn stats_text(
    parsed: &KnuthProblem,
    stats: impl Into<Total>,
    exact: bool,
    elapsed: Duration,
) -> String {
    let stats: Total = stats.into();
    let p = &parsed.problem;
    let solutions = if exact {
        stats.solutions.to_string()
    } else {
        format!("at least {} (--limit)", stats.solutions)
    };
    // DLX2 and DLX3 report cleansings apart from updates; only colors make any.
    let cleansings = if p.has_colors() {
        format!("cleansings: {}\n", stats.cleansings)
    } else {
        String::new()
    };
    format!(
        "options: {}\nitems: {} ({} primary, {} secondary)\nnodes: {}\nupdates: {}\n\
         {cleansings}solutions: {solutions}\nelapsed: {:.3}s\n",
        p.option_count(),
        p.item_count(),
        p.primary_items(),
        p.secondary_items(),
        stats.nodes,
        stats.updates,
        elapsed.as_secs_f64()
    )
}
