//! The symmetry flags of `cover` and the front ends (`--group`, `--symmetry`,
//! `--up-to-symmetry`), and what they print; the work is [`dancing::symmetry`]'s.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use clap::Args;
use dancing::sudoku::verdict::seconds;
use dancing::symmetry::{self, Counting, Group};
use dancing::{Engine, Problem};

use super::Exit;
use super::common::CommonArgs;

/// The symmetry flags; their `///` docs are their `--help` text.
#[derive(Debug, Args)]
#[command(next_help_heading = "Symmetry")]
pub struct SymmetryArgs {
    /// Print the problem's symmetry group, found in its matrix by nauty: `order: N`, then one
    /// generator a line, as the cycles of items it moves (options that it moves without
    /// moving an item, as `#k` for the k-th option).
    #[arg(long, conflicts_with_all = ["symmetry", "up_to_symmetry"])]
    pub group: bool,
    /// With --count: count with the problem's symmetry, searching one branch of each orbit
    /// and weighting it by the orbit's size. The same total; the work divided by up to the
    /// group's order. Takes --engine (for the branches' searches), --jobs, --max-nodes,
    /// --max-time, and --split, --parts and --checkpoint (parts weighted by their orbits).
    #[arg(long)]
    pub symmetry: bool,
    /// With --count: count the essentially different solutions (the orbits of solutions
    /// under the problem's symmetry group, by Burnside's lemma). With --all: print one
    /// solution of each orbit (its least member) after a line `family: N` giving the orbit's
    /// size.
    #[arg(long, conflicts_with = "symmetry")]
    pub up_to_symmetry: bool,
    /// Count without the problem's symmetry (the default), and leave the group out of
    /// --stats (which otherwise gives its order on problems whose graph is small).
    #[arg(long, conflicts_with_all = ["group", "symmetry", "up_to_symmetry"])]
    pub no_symmetry: bool,
}

/// The symmetry flags of the front ends (`queens`, `langford`, `polyomino`, `polycube`):
/// those of `cover` but `--symmetry`, which `polyomino` and `polycube` name their own rule.
#[derive(Debug, Args)]
#[command(next_help_heading = "Symmetry")]
pub struct FrontSymmetryArgs {
    /// Print the problem's symmetry group, found in its matrix by nauty (as `cover --group`
    /// prints it: `order: N`, then one generator a line).
    #[arg(long, conflicts_with = "up_to_symmetry")]
    pub group: bool,
    /// With --count: count the essentially different solutions (the orbits of the solutions
    /// under the symmetry group found in the problem's matrix, by Burnside's lemma). With
    /// --all or --limit: print one solution of each orbit after a line `family: N` giving
    /// the orbit's size.
    #[arg(long)]
    pub up_to_symmetry: bool,
}

/// The name of item `i` of `problem`: its own, or `x{i}` as Knuth's format writes a nameless one.
pub fn item_name(problem: &Problem, i: usize) -> String {
    problem
        .names()
        .map_or_else(|| format!("x{i}"), |n| n.item_name(i).to_string())
}

impl SymmetryArgs {
    /// Whether any of the flags asks for the group.
    pub fn active(&self) -> bool {
        self.group || self.symmetry || self.up_to_symmetry
    }
}

/// How long `--stats` lets nauty run, past the search. nauty takes some ms on the problems
/// under [`symmetry::STATS_GRAPH`] that people search (pentomino 6x10, the empty 16x16
/// Sudoku), but time cubic in the number of interchangeable parts: 10,000 one-item options
/// (a graph of 30,000 vertices and edges) ran past 19 minutes, 2,000 took 12 s.
const STATS_GROUP_TIME: Duration = Duration::from_secs(1);

/// The `--stats` line of a search without the group: `group order: N` where the problem's
/// graph is small enough ([`symmetry::STATS_GRAPH`]) and nauty finds the group within
/// [`STATS_GROUP_TIME`] (and before Ctrl-C), else why it was not computed. nauty is stopped
/// at that time ([`symmetry::group_until`]), not left running.
pub fn group_order_line(problem: &Problem, no_symmetry: bool) -> String {
    let size = symmetry::graph_size(problem);
    let why = if no_symmetry {
        "--no-symmetry".to_string()
    } else if size > symmetry::STATS_GRAPH {
        format!(
            "the problem's graph has {size} vertices and edges, more than the {} --stats \
             takes",
            symmetry::STATS_GRAPH
        )
    } else {
        let deadline = Instant::now() + STATS_GROUP_TIME;
        let stop = || super::interrupted() || Instant::now() >= deadline;
        match symmetry::group_until(problem, &stop) {
            Ok(group) => return format!("group order: {}\n", group.order()),
            Err(symmetry::SymmetryError::Stopped) if super::interrupted() => {
                "interrupted while nauty was computing the group".to_string()
            }
            Err(symmetry::SymmetryError::Stopped) => format!(
                "nauty was stopped after {} s: --group waits for it",
                STATS_GROUP_TIME.as_secs()
            ),
            Err(e) => e.to_string(),
        }
    };
    format!("group order: not computed ({why})\n")
}

/// Computes the group of `problem`, noting its order and time with --stats, until Ctrl-C or
/// `deadline` (--max-time, counted from the command's start) stops nauty: then `Ok(Err(exit))`,
/// the exit code of a count stopped the same way, having said on stderr why.
fn find(
    problem: &Problem,
    common: &CommonArgs,
    deadline: Option<Instant>,
) -> anyhow::Result<Result<Group, Exit>> {
    let start = Instant::now();
    let stop = || super::interrupted() || deadline.is_some_and(|d| Instant::now() >= d);
    let group = match symmetry::group_until(problem, &stop) {
        Ok(group) => group,
        Err(symmetry::SymmetryError::Stopped) => {
            super::report::say(format_args!(
                "{} while nauty was still computing the symmetry group ({:.3} s in nauty)",
                if super::interrupted() {
                    "interrupted"
                } else {
                    "stopped"
                },
                start.elapsed().as_secs_f64()
            ));
            return Ok(Err(stopped_exit(common, super::interrupted)));
        }
        Err(e) => return Err(anyhow!("{e}")),
    };
    if common.stats() {
        eprintln!(
            "symmetry: group of order {} ({} generators) in {:.3} s",
            group.order(),
            group.generators().len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(Ok(group))
}

/// The moment --max-time runs out, counted from now.
fn deadline(common: &CommonArgs) -> Option<Instant> {
    common.max_time.map(|t| Instant::now() + t)
}

/// Prints `--group`: the order, then the generators by the names of the items they move.
pub fn print_group(
    problem: &Problem,
    item_name: impl Fn(usize) -> String,
    common: &CommonArgs,
) -> anyhow::Result<Exit> {
    let group = match find(problem, common, deadline(common))? {
        Ok(group) => group,
        Err(exit) => return Ok(exit),
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "order: {}", group.order())?;
    for g in group.generators() {
        let cycles = g.item_cycles();
        let line = if cycles.is_empty() {
            let mut moved: Vec<String> = Vec::new();
            for k in 0..problem.option_count() {
                if g.option(k) != k {
                    moved.push(format!("#{}->#{}", k + 1, g.option(k) + 1));
                }
            }
            moved.join(" ")
        } else {
            cycles
                .iter()
                .map(|c| {
                    format!(
                        "({})",
                        c.iter()
                            .map(|&i| item_name(i))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                })
                .collect::<String>()
        };
        writeln!(out, "{line}")?;
    }
    Ok(Exit::Success)
}

/// Counts with --symmetry (the walk's subproblems on `engine`) or --up-to-symmetry, and
/// prints the one line `--count` prints.
pub fn print_count(
    problem: &Problem,
    up_to: bool,
    engine: Engine,
    common: &CommonArgs,
    interrupted: fn() -> bool,
) -> anyhow::Result<Exit> {
    if up_to && common.max_nodes.is_some() {
        return Err(anyhow!(
            "--up-to-symmetry counts without a node budget (a part of Burnside's sum bounds \
             nothing): use --max-time"
        ));
    }
    let deadline = deadline(common);
    let group = match find(problem, common, deadline)? {
        Ok(group) => group,
        Err(exit) => return Ok(exit),
    };
    let start = Instant::now();
    let stop = move || interrupted() || deadline.is_some_and(|d| Instant::now() >= d);
    let jobs = common.jobs();
    let mut out = std::io::stdout().lock();
    if up_to {
        if !stop() {
            let classes = symmetry::count_up_to_symmetry(problem, &group, jobs)
                .map_err(|e| anyhow!("{e}"))?;
            writeln!(out, "{classes}")?;
            stats_line(common, start.elapsed(), None);
            return Ok(if classes.is_zero() {
                Exit::NoSolution
            } else {
                Exit::Success
            });
        }
        return Ok(stopped_exit(common, interrupted));
    }
    let how = Counting {
        jobs,
        engine,
        max_nodes: common.max_nodes,
    };
    let counted = symmetry::count_with(problem, &group, how, &stop);
    if !counted.total.is_exact() {
        // As a plain count that runs out: the lower bound on stderr, the exit code says why.
        eprintln!("counted at least {} before stopping", counted.total);
        stats_line(common, start.elapsed(), Some(&counted));
        if counted.gave_up {
            eprintln!("gave up after {} nodes (--max-nodes)", counted.stats.nodes);
            return Ok(Exit::GaveUp);
        }
        return Ok(stopped_exit(common, interrupted));
    }
    writeln!(out, "{}", counted.total)?;
    stats_line(common, start.elapsed(), Some(&counted));
    Ok(if counted.total.is_zero() {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// The exit code of a count stopped by Ctrl-C or --max-time.
fn stopped_exit(common: &CommonArgs, interrupted: fn() -> bool) -> Exit {
    if interrupted() {
        Exit::Interrupted
    } else {
        let time = seconds(common.max_time.unwrap_or_default());
        eprintln!("gave up after {time} (--max-time)");
        Exit::GaveUp
    }
}

/// The `--stats` line of a count with the group.
fn stats_line(common: &CommonArgs, elapsed: Duration, counted: Option<&symmetry::SymmetricCount>) {
    if !common.stats() {
        return;
    }
    match counted {
        Some(c) => eprintln!(
            "symmetry: order {} used, {} subproblems searched: {} nodes, {} updates, {} solutions found, {:.3} s",
            c.order,
            c.subproblems,
            c.stats.nodes,
            c.stats.updates,
            c.stats.solutions,
            elapsed.as_secs_f64()
        ),
        None => eprintln!(
            "symmetry: counted up to symmetry in {:.3} s",
            elapsed.as_secs_f64()
        ),
    }
}

/// Prints `--all --up-to-symmetry`: each family's size, then its least solution as `write`
/// writes one, a blank line between two.
pub fn print_families(
    problem: &Problem,
    common: &CommonArgs,
    limit: Option<u64>,
    mut write: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<Exit> {
    let group = match find(problem, common, deadline(common))? {
        Ok(group) => group,
        Err(exit) => return Ok(exit),
    };
    let mut out = std::io::stdout().lock();
    let mut printed = 0u64;
    let mut failed = None;
    symmetry::families(problem, &group, |family| {
        let mut step = || -> anyhow::Result<()> {
            if printed > 0 {
                writeln!(out)?;
            }
            writeln!(out, "family: {}", family.size)?;
            write(&mut out, &family.representative)
        };
        if let Err(e) = step() {
            failed = Some(e);
            return false;
        }
        printed += 1;
        limit.is_none_or(|l| printed < l) && !super::interrupted()
    })
    .map_err(|e| anyhow!("{e}"))?;
    if let Some(e) = failed {
        return Err(e);
    }
    if super::interrupted() {
        return Ok(Exit::Interrupted);
    }
    Ok(if printed == 0 {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}
