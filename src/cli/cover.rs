//! `dancing cover`: solve an exact-cover problem written in Knuth's DLX format.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use dancing::knuth::{self, KnuthProblem};
use dancing::parallel::Stopped;
use dancing::{Solver, Stats, Step};

use super::Exit;

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
/// Exit codes: 0 found, 1 no solution, 2 usage or input error, 3 --max-nodes ran out.
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
    /// Stop after N solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Print statistics on stderr: options, items, nodes, updates (and cleansings, with
    /// colors), solutions, time.
    #[arg(long)]
    stats: bool,
    /// Give up after N nodes of the search tree (exit code 3).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Show progress on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,
    /// Count on N threads, splitting the search tree (the statistics are the same as with
    /// one thread).
    #[arg(long, value_name = "N", requires = "count",
          conflicts_with_all = ["limit", "max_nodes", "progress"],
          value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

/// How many nodes go by between two looks at the clock for the progress line.
const PAUSE_NODES: u64 = 1 << 16;
/// How often the progress line is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Runs `dancing cover`.
pub fn run(args: CoverArgs) -> anyhow::Result<Exit> {
    let (name, bytes) = read_input(args.file.as_ref())?;
    let parsed = knuth::parse(&bytes).with_context(|| format!("{name}: invalid problem"))?;
    for k in parsed.problem.ignored_options() {
        eprintln!(
            "dancing: warning: {name}:{}: option has no primary item and is ignored",
            parsed.options[k].line
        );
    }
    if let Some(jobs) = args.jobs {
        return count_parallel(&args, &parsed, jobs.into());
    }
    let start = Instant::now();
    let mut solver = Solver::new(&parsed.problem);
    solver.set_max_nodes(args.max_nodes);
    // Pauses let the progress line be drawn and Ctrl-C be noticed.
    solver.set_pause_every(Some(PAUSE_NODES));
    let show_progress = args.progress || std::io::stderr().is_terminal();
    let mut progress = Progress::new(show_progress);
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
            Step::Paused => progress.update(&solver),
            Step::Exhausted => break,
            Step::GaveUp => {
                end = End::GaveUp;
                break;
            }
        }
    }
    progress.finish(&solver);
    if args.count && end == End::Finished {
        writeln!(out, "{found}")?;
    }
    out.flush()?;
    if args.stats {
        print_stats(&parsed, solver.stats(), start.elapsed());
    }
    let nodes = solver.stats().nodes;
    match end {
        End::Finished => {}
        End::GaveUp => {
            eprintln!(
                "dancing: gave up after {nodes} nodes (--max-nodes) with {found} solutions \
                 found; the answer is unknown"
            );
            return Ok(Exit::GaveUp);
        }
        End::Interrupted => {
            eprintln!(
                "dancing: interrupted after {nodes} nodes with {found} solutions found, about \
                 {:.3}% of the tree explored",
                100.0 * solver.progress()
            );
            return Ok(Exit::Interrupted);
        }
    }
    if found == 0 {
        eprintln!("dancing: no solution");
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Success)
}

/// Why the search loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The tree was exhausted or the limit reached: the answer is complete.
    Finished,
    /// `--max-nodes` ran out.
    GaveUp,
    /// Ctrl-C.
    Interrupted,
}

/// `--count --jobs N`: counts on N threads.
fn count_parallel(args: &CoverArgs, parsed: &KnuthProblem, jobs: usize) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let stats =
        match dancing::parallel::count_parallel_until(&parsed.problem, jobs, &super::INTERRUPTED) {
            Ok(stats) => stats,
            Err(Stopped { stats }) => {
                eprintln!(
                    "dancing: interrupted after {} nodes with {} solutions found",
                    stats.nodes, stats.solutions
                );
                return Ok(Exit::Interrupted);
            }
        };
    println!("{}", stats.solutions);
    if args.stats {
        print_stats(parsed, stats, start.elapsed());
    }
    if stats.solutions == 0 {
        eprintln!("dancing: no solution");
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Success)
}

/// Reads the whole problem, from a file or standard input; returns its name for messages.
fn read_input(file: Option<&PathBuf>) -> anyhow::Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => {
            bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path.display().to_string(), bytes))
        }
        None => {
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
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

fn print_stats(parsed: &KnuthProblem, stats: Stats, elapsed: Duration) {
    let p = &parsed.problem;
    // DLX2 and DLX3 report cleansings apart from updates; only colors make any.
    let cleansings = if p.has_colors() {
        format!("cleansings: {}\n", stats.cleansings)
    } else {
        String::new()
    };
    eprintln!(
        "options: {}\nitems: {} ({} primary, {} secondary)\nnodes: {}\nupdates: {}\n\
         {cleansings}solutions: {}\nelapsed: {:.3}s",
        p.option_count(),
        p.item_count(),
        p.primary_items(),
        p.secondary_items(),
        stats.nodes,
        stats.updates,
        stats.solutions,
        elapsed.as_secs_f64()
    );
}

/// A progress line on stderr: solutions so far, nodes, and Knuth's estimate of the fraction
/// of the tree explored.
struct Progress {
    enabled: bool,
    terminal: bool,
    last: Instant,
    drawn: bool,
}

impl Progress {
    fn new(enabled: bool) -> Progress {
        Progress {
            enabled,
            terminal: std::io::stderr().is_terminal(),
            last: Instant::now(),
            drawn: false,
        }
    }

    fn update(&mut self, solver: &Solver) {
        if self.enabled && self.last.elapsed() >= PROGRESS_EVERY {
            self.last = Instant::now();
            self.draw(solver);
        }
    }

    fn draw(&mut self, solver: &Solver) {
        let stats = solver.stats();
        let line = format!(
            "{} solutions, {} nodes, about {:.3}% of the tree explored",
            stats.solutions,
            stats.nodes,
            100.0 * solver.progress()
        );
        if self.terminal {
            eprint!("\r\x1b[2K{line}");
        } else {
            eprintln!("{line}");
        }
        self.drawn = true;
    }

    /// Clears the line on a terminal; elsewhere, leaves a last line with the totals.
    fn finish(&mut self, solver: &Solver) {
        if self.terminal {
            if self.drawn {
                eprint!("\r\x1b[2K");
            }
        } else if self.enabled {
            self.draw(solver);
        }
    }
}
