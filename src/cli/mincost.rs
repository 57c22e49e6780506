//! `dancing cover --min-cost`: the K cheapest solutions of a problem with option costs,
//! printed cheapest first, each after a line `cost: N`.

use std::io::Write;
use std::time::Instant;

use anyhow::anyhow;
use dancing::mincost::MinCost;
use dancing::{Engine, Problem};

use super::Exit;
use super::common::CommonArgs;
use super::report::{Report, counted};
use super::search::stats_text;

/// Runs the search for the `best` cheapest solutions of `problem` (on the engine the
/// library takes for `engine`) and prints them with `show` (which maps them to the original
/// options), a blank line between two.
pub fn run(
    problem: &Problem,
    best: usize,
    engine: Engine,
    common: &CommonArgs,
    report: &Report,
    mut show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let found = MinCost::new(problem)
        .best(best)
        .engine(engine.into())
        .jobs(common.jobs())
        .max_nodes(common.max_nodes)
        .deadline(common.max_time.map(|t| start + t))
        .stop_flag(std::sync::Arc::clone(&super::INTERRUPTED))
        .run()
        .map_err(|e| anyhow!("--min-cost: {e}"))?;
    if found.threads < found.threads_asked {
        report.note(super::common::fewer_threads(
            found.threads_asked,
            found.threads,
            "searching",
        ));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if found.complete {
        for (n, solution) in found.solutions.iter().enumerate() {
            if n > 0 {
                writeln!(out)?;
            }
            writeln!(out, "cost: {}", solution.cost)?;
            show(&mut out, &solution.options)?;
        }
    }
    out.flush()?;
    if common.stats() {
        report.write(&stats_text(problem, found.stats, true, start.elapsed()));
    }
    let nodes = found.stats.nodes;
    let so_far = match found.solutions.first() {
        Some(s) => format!("the cheapest found so far costs {}", s.cost),
        None => "no solution found so far".to_string(),
    };
    Ok(if found.complete {
        if found.solutions.is_empty() {
            report.note("no solution");
            Exit::NoSolution
        } else {
            Exit::Success
        }
    } else if super::interrupted() {
        report.note(format!(
            "interrupted after {}; {so_far}",
            counted(nodes, "node")
        ));
        Exit::Interrupted
    } else {
        report.note(format!(
            "gave up after {} (--max-nodes or --max-time); {so_far}, and the answer is \
             unknown",
            counted(nodes, "node")
        ));
        Exit::GaveUp
    })
}
