//! What the front ends (`queens`, `langford`, `polyomino`, `polycube`) share: the flags
//! that say what to find and how hard to look, and the loop that finds it, with the exit
//! codes of `dancing cover`. Each front end builds its problem in the library and says how
//! to print a solution.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use dancing::parallel::Stopped;
use dancing::{Problem, Solver, Step, Total};

use super::Exit;
use super::common::EngineArgs;

/// What to find, and how hard to look.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every solution, a blank line between two.
    #[arg(long)]
    all: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Count on N threads, splitting the search tree (the statistics are the same as with one
    /// thread).
    #[arg(long, value_name = "N", requires = "count",
          conflicts_with_all = ["limit", "max_nodes"],
          value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Print the problem in Knuth's DLX format, exactly as it is solved, and stop (`dancing
    /// cover` reads it).
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "jobs", "stats", "max_nodes"])]
    to_dlx: bool,
    /// Print statistics on stderr: options, items, nodes, updates, solutions, time.
    #[arg(long)]
    stats: bool,
    /// Give up after N nodes of the search tree (exit code 3).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    #[command(flatten)]
    engine: EngineArgs,
}

/// When to color pictures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// When standard output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Whether to color what goes to standard output.
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// A problem to solve, as a front end hands it over.
pub struct Family<'a> {
    /// The problem.
    pub problem: &'a Problem,
    /// The problem in Knuth's format, for `--to-dlx`.
    pub to_dlx: &'a dyn Fn() -> String,
    /// Whether the solutions are counted up to symmetry, and how many symmetries there are.
    pub up_to: Option<usize>,
}

/// How many nodes go by between two looks at the Ctrl-C flag.
const PAUSE_NODES: u64 = 1 << 16;

impl SolveArgs {
    /// Whether `--to-dlx` was given.
    pub fn to_dlx(&self) -> bool {
        self.to_dlx
    }

    /// Whether solutions are printed (not `--count`).
    pub fn prints_solutions(&self) -> bool {
        !self.count
    }

    /// Solves `family` as the flags ask. `show` writes one solution (option indices) to the
    /// output; it is called for each solution found, unless `--count`.
    pub fn run(
        &self,
        family: &Family,
        mut show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
    ) -> anyhow::Result<Exit> {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        if self.to_dlx {
            out.write_all((family.to_dlx)().as_bytes())?;
            out.flush()?;
            return Ok(Exit::Success);
        }
        let start = Instant::now();
        if let Some(jobs) = self.jobs {
            let stats = match dancing::parallel::count_parallel_until_on(
                family.problem,
                self.engine.engine(),
                jobs.into(),
                &super::INTERRUPTED,
            ) {
                Ok(stats) => stats,
                Err(Stopped { stats }) => {
                    super::report::say(format_args!(
                        "interrupted after {} nodes with {} solutions found",
                        stats.nodes, stats.solutions
                    ));
                    return Ok(Exit::Interrupted);
                }
            };
            writeln!(out, "{}", stats.solutions)?;
            out.flush()?;
            return Ok(self.finish(family, stats, start.elapsed(), End::Finished));
        }
        let mut solver = Solver::with_engine(family.problem, self.engine.engine());
        solver.set_max_nodes(self.max_nodes);
        solver.set_pause_every(Some(PAUSE_NODES));
        let limit = self
            .limit
            .unwrap_or(if self.count || self.all { u64::MAX } else { 1 });
        let mut found = 0u64;
        let mut end = End::Finished;
        let mut solution = Vec::new();
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
                Step::Paused => {}
                Step::Exhausted => break,
                Step::GaveUp => {
                    end = End::GaveUp;
                    break;
                }
            }
        }
        if self.count && end == End::Finished {
            writeln!(out, "{found}")?;
        }
        out.flush()?;
        Ok(self.finish(family, solver.stats().into(), start.elapsed(), end))
    }

    /// Reports the end of a search on stderr and chooses the exit code.
    fn finish(&self, family: &Family, stats: Total, elapsed: Duration, end: End) -> Exit {
        if self.stats {
            let p = family.problem;
            super::report::write_stderr(&format!(
                "options: {}\nitems: {} ({} primary, {} secondary)\nnodes: {}\nupdates: {}\n\
                 solutions: {}\nelapsed: {:.3}s\n",
                p.option_count(),
                p.item_count(),
                p.primary_items(),
                p.secondary_items(),
                stats.nodes,
                stats.updates,
                stats.solutions,
                elapsed.as_secs_f64()
            ));
        }
        let found = stats.solutions;
        match end {
            End::Finished => {}
            End::GaveUp => {
                super::report::say(format_args!(
                    "gave up after {} nodes (--max-nodes) with {found} solutions \
                     found; the answer is unknown",
                    stats.nodes
                ));
                return Exit::GaveUp;
            }
            End::Interrupted => {
                super::report::say(format_args!(
                    "interrupted after {} nodes with {found} solutions found",
                    stats.nodes
                ));
                return Exit::Interrupted;
            }
        }
        let complete = self.count || self.all && self.limit.is_none_or(|l| found < u128::from(l));
        if let Some(symmetries) = family.up_to
            && complete
        {
            super::report::say(format_args!(
                "{found} solutions up to symmetry: each stands for its distinct \
                 images under the problem's {symmetries} symmetries"
            ));
        }
        if found == 0 {
            super::report::say("no solution");
            return Exit::NoSolution;
        }
        Exit::Success
    }
}

/// Why the search loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The tree was exhausted or the limit reached.
    Finished,
    /// `--max-nodes` ran out.
    GaveUp,
    /// Ctrl-C.
    Interrupted,
}
