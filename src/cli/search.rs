//! The search of one problem, as every command that solves one (`cover` and the front ends)
//! runs it: the first solution, every one, or a count, up to `--limit`, under the budgets
//! `--max-nodes` and `--max-time`, with progress, Ctrl-C, `--stats` and the exit codes of
//! `dancing cover`; a count without a limit or a node budget runs on `--jobs` threads, and a
//! search for first solutions with a seed runs by randomized restarts
//! ([`dancing::restart`]). The command says how to write a solution.

use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use dancing::parallel::{Stopped, Watch};
use dancing::restart::Restarts;
use dancing::{Choice, Count, Engine, PAUSE_TIME, Problem, Solver, Stats, Step, Total};

use super::Exit;
use super::common::CommonArgs;
use super::report::{Report, counted, explored};
use dancing::sudoku::verdict::seconds;

/// How often a parallel count's watcher looks at the counting threads' work.
const WATCH_EVERY: Duration = Duration::from_millis(50);
/// The progress display of a search: the figures go in the message.
pub const TEMPLATE: &str = "{spinner} {msg}, {elapsed}";

/// What to search for, and how.
pub struct Search<'a> {
    /// The problem.
    pub problem: &'a Problem,
    /// The engine asked for.
    pub engine: Engine,
    /// How the links and the bits choose the item to branch on (`--choose`), if asked for.
    pub choice: Option<Choice>,
    /// Count the solutions instead of writing them.
    pub count: bool,
    /// Write (or count) every solution, not only the first.
    pub all: bool,
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// Search by randomized restarts from this seed (not when counting or listing all).
    pub seed: Option<u64>,
    /// The shared flags.
    pub common: &'a CommonArgs,
}

/// How a search ended, for the command to add what only it knows.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The exit code.
    pub exit: Exit,
    /// Whether every solution asked for was found: the search ran to its end, not stopped by
    /// a budget, Ctrl-C or `--limit`.
    pub complete: bool,
    /// The solutions found.
    pub found: Count,
}

impl Search<'_> {
    /// Runs the search: writes each solution with `show` (unless counting) and the count to
    /// stdout, messages, progress and `--stats` through `report`.
    pub fn run(
        &self,
        report: &Report,
        mut show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
    ) -> anyhow::Result<Outcome> {
        if let Some(why) = self.engine.refusal(self.problem) {
            anyhow::bail!(
                "--engine {}: {why}",
                super::common::engine_flag(self.engine)
            );
        }
        let common = self.common;
        let restarts = self.seed.filter(|_| !self.count && !self.all);
        if let Some(choice) = self.choice.filter(|&c| c != Choice::Mrv)
            && restarts.is_some()
        {
            anyhow::bail!(
                "--choose {} searches in the problem's order; --seed searches by randomized \
                 restarts: leave one of them out",
                choice.name()
            );
        }
        let jobs = common.jobs();
        if self.count && self.limit.is_none() && common.max_nodes.is_none() && jobs > 1 {
            return self.count_parallel(jobs, report);
        }
        let start = Instant::now();
        let deadline = common.max_time.map(|t| start + t);
        let mut solver = match restarts {
            Some(seed) => Searcher::Restarts(Restarts::new(self.problem, seed, self.engine), seed),
            None => {
                let mut solver = Solver::with_engine(self.problem, self.engine);
                if let Some(choice) = self.choice.or(common.stats().then_some(Choice::Mrv)) {
                    // `--stats` reports Knuth's tree unless asked otherwise.
                    solver.set_choice(choice);
                }
                Searcher::Knuth(solver)
            }
        };
        solver.set_max_nodes(common.max_nodes);
        // Pauses let the progress line be drawn, the clock be read and Ctrl-C be noticed:
        // by the clock, so that they come as often on every engine.
        solver.set_pause_time(Some(PAUSE_TIME));
        let mut solution = Vec::new();
        let limit = self
            .limit
            .unwrap_or(if self.count || self.all { u64::MAX } else { 1 });
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        let mut found = 0u64;
        let mut end = End::Finished;
        while found < limit {
            match solver.step() {
                Step::Solution => {
                    found += 1;
                    if !self.count {
                        if found > 1 {
                            writeln!(out)?;
                        }
                        solver.solution_into(&mut solution);
                        show(&mut out, &solution)?;
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
                Step::Paused => {
                    show_progress(report, solver.stats(), &solver.whereabouts(false));
                }
                Step::Exhausted => break,
                Step::GaveUp => {
                    end = End::GaveUp;
                    break;
                }
            }
        }
        let finished = end == End::Finished && found < limit;
        show_progress(report, solver.stats(), &solver.whereabouts(finished));
        report.finish();
        // The count is exact unless the search stopped at the limit.
        let count = Count::from_search(found, self.limit);
        let exact = count.is_exact();
        if self.count && end == End::Finished {
            writeln!(out, "{count}")?;
        }
        out.flush()?;
        if common.stats() {
            let mut text = stats_text(self.problem, solver.stats(), exact, start.elapsed());
            text.push_str(&rules_text(&solver.stats()));
            if let Searcher::Knuth(solver) = &solver {
                text.push_str(&choice_text(solver.choice()));
            }
            if let Searcher::Restarts(restarts, seed) = &solver {
                text.push_str(&format!(
                    "runs: {} (randomized restarts, seed {seed})\n",
                    restarts.runs()
                ));
            }
            report.write(&text);
        }
        let nodes = solver.stats().nodes;
        let answer = format!(
            "{} found; the answer is unknown",
            counted(found, "solution")
        );
        let nodes = counted(nodes, "node");
        let exit = match end {
            End::Finished if found == 0 => {
                report.note("no solution");
                Exit::NoSolution
            }
            End::Finished => Exit::Success,
            End::GaveUp => {
                report.note(format!("gave up after {nodes} (--max-nodes) with {answer}"));
                Exit::GaveUp
            }
            End::OutOfTime => {
                let time = seconds(common.max_time.unwrap_or_default());
                report.note(format!(
                    "gave up after {time} (--max-time), {nodes}, with {answer}"
                ));
                Exit::GaveUp
            }
            End::Interrupted => {
                report.note(format!(
                    "interrupted after {nodes} with {} found, {}",
                    counted(found, "solution"),
                    solver.whereabouts(false)
                ));
                Exit::Interrupted
            }
        };
        Ok(Outcome {
            exit,
            complete: end == End::Finished && (self.count || self.all) && exact,
            found: count,
        })
    }

    /// `--count` on several threads: the counting threads report to a [`Watch`], which this
    /// thread reads to show progress and stops on Ctrl-C or at `--max-time`.
    fn count_parallel(&self, jobs: usize, report: &Report) -> anyhow::Result<Outcome> {
        let start = Instant::now();
        let deadline = self.common.max_time.map(|t| start + t);
        let watch = Watch::new();
        let watcher = thread::current();
        let mut warned = false;
        let mut warn = || {
            let threads = watch.threads();
            if !warned && threads != 0 && threads < jobs {
                warned = true;
                report.note(super::common::fewer_threads(jobs, threads, "counting"));
            }
        };
        let result = thread::scope(|scope| {
            let counting = scope.spawn(|| {
                // Unparks the watcher however the count ends (a panic included).
                let _wake = Wake(&watcher);
                dancing::parallel::count_parallel_watched_on(
                    self.problem,
                    self.engine,
                    self.choice.unwrap_or(Choice::Mrv),
                    jobs,
                    &watch,
                )
            });
            while !counting.is_finished() {
                thread::park_timeout(WATCH_EVERY);
                if super::interrupted() || deadline.is_some_and(|d| Instant::now() >= d) {
                    watch.stop();
                }
                warn();
                show_progress(report, watch.stats(), &explored(watch.progress(), false));
            }
            let result = counting.join();
            warn();
            result
        })
        .map_err(|_| anyhow!("a counting thread panicked"))?;
        show_progress(
            report,
            watch.stats(),
            &explored(watch.progress(), result.is_ok()),
        );
        report.finish();
        let stats = match result {
            Ok(stats) => stats,
            Err(Stopped { stats }) => {
                let answer = format!("{} found", counted(&stats.solutions, "solution"));
                let exit = if super::interrupted() {
                    report.note(format!(
                        "interrupted after {} with {answer}, {}",
                        counted(stats.nodes, "node"),
                        explored(watch.progress(), false)
                    ));
                    Exit::Interrupted
                } else {
                    let time = seconds(self.common.max_time.unwrap_or_default());
                    report.note(format!(
                        "gave up after {time} (--max-time), {}, with {answer}; the answer \
                         is unknown",
                        counted(stats.nodes, "node")
                    ));
                    Exit::GaveUp
                };
                return Ok(Outcome {
                    exit,
                    complete: false,
                    found: Count::at_least(stats.solutions.value()),
                });
            }
        };
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", stats.solutions)?;
        out.flush()?;
        if self.common.stats() {
            let mut text = stats_text(self.problem, stats.clone(), true, start.elapsed());
            // The threads' engine: the one a solver of this problem starts on.
            let mut solver = Solver::with_engine(self.problem, self.engine);
            solver.set_choice(self.choice.unwrap_or(Choice::Mrv));
            text.push_str(&choice_text(solver.choice()));
            report.write(&text);
        }
        let exit = if stats.solutions.is_zero() {
            report.note("no solution");
            Exit::NoSolution
        } else {
            Exit::Success
        };
        Ok(Outcome {
            exit,
            complete: true,
            found: stats.solutions,
        })
    }
}

/// Unparks a thread when dropped.
struct Wake<'a>(&'a thread::Thread);

impl Drop for Wake<'_> {
    fn drop(&mut self) {
        self.0.unpark();
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

/// The search of [`Search::run`]: one search in the problem's order, or randomized restarts
/// (with their seed).
enum Searcher<'a> {
    Knuth(Solver),
    Restarts(Restarts<'a>, u64),
}

impl Searcher<'_> {
    fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        match self {
            Searcher::Knuth(s) => s.set_max_nodes(max_nodes),
            Searcher::Restarts(r, _) => r.set_max_nodes(max_nodes),
        }
    }

    fn set_pause_time(&mut self, time: Option<Duration>) {
        match self {
            Searcher::Knuth(s) => s.set_pause_time(time),
            Searcher::Restarts(r, _) => r.set_pause_time(time),
        }
    }

    fn step(&mut self) -> Step {
        match self {
            Searcher::Knuth(s) => s.step(),
            Searcher::Restarts(r, _) => r.step(),
        }
    }

    fn stats(&self) -> Stats {
        match self {
            Searcher::Knuth(s) => s.stats(),
            Searcher::Restarts(r, _) => r.stats(),
        }
    }

    fn solution_into(&self, out: &mut Vec<usize>) {
        match self {
            Searcher::Knuth(s) => s.solution_into(out),
            Searcher::Restarts(r, _) => r.solution_into(out),
        }
    }

    /// How far the search got (`finished`: to the end of its tree), for the progress
    /// display and the note of an interruption.
    fn whereabouts(&self, finished: bool) -> String {
        match self {
            Searcher::Knuth(s) => explored(s.progress(), finished),
            Searcher::Restarts(r, seed) => {
                format!("in run {} of randomized restarts (seed {seed})", r.runs())
            }
        }
    }
}

/// Shows the work so far on the progress display; `whereabouts` says how far it got.
fn show_progress(report: &Report, stats: Stats, whereabouts: &str) {
    if report.shows_progress() {
        report.set_message(format!(
            "{}, {}, {whereabouts}",
            counted(stats.solutions, "solution"),
            counted(stats.nodes, "node")
        ));
    }
}

/// The work of the propagating engine's rules (see [`Stats`]), one line each; empty when
/// they did none (the other engines).
pub fn rules_text(stats: &Stats) -> String {
    if stats.forced + stats.pruned == 0 {
        return String::new();
    }
    format!("forced: {}\npruned: {}\n", stats.forced, stats.pruned)
}

/// The `--stats` line that names the rule by which the search chose its branching items
/// (`--choose`); empty for an engine whose tree has a rule of its own.
pub fn choice_text(choice: Option<Choice>) -> String {
    choice.map_or_else(String::new, |c| format!("choice: {}\n", c.name()))
}

/// The statistics, as `--stats` writes them on stderr: `exact` is false when the count
/// stopped at --limit.
pub fn stats_text(
    problem: &Problem,
    stats: impl Into<Total>,
    exact: bool,
    elapsed: Duration,
) -> String {
    let stats: Total = stats.into();
    let solutions = if exact {
        stats.solutions.to_string()
    } else {
        format!("at least {} (--limit)", stats.solutions)
    };
    // DLX2 and DLX3 report cleansings apart from updates; only colors make any.
    let cleansings = if problem.has_colors() {
        format!("cleansings: {}\n", stats.cleansings)
    } else {
        String::new()
    };
    format!(
        "options: {}\nitems: {} ({} primary, {} secondary)\nnodes: {}\nupdates: {}\n\
         {cleansings}solutions: {solutions}\nelapsed: {:.3}s\n",
        problem.option_count(),
        problem.item_count(),
        problem.primary_items(),
        problem.secondary_items(),
        stats.nodes,
        stats.updates,
        elapsed.as_secs_f64()
    )
}
