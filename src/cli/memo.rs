//! `--memo`, `--zdd` and `--sample`: counting by memo ([`dancing::memo`]), writing the diagram
//! of all solutions, and drawing uniform samples from it, for `cover` and the front ends.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, ValueEnum};
use dancing::Problem;
use dancing::memo::{Choice, Memo, MemoConfig, MemoStats, default_max_bytes};

use super::Exit;
use super::common::CommonArgs;
use super::report::{Report, counted};
use dancing::sudoku::verdict::seconds;

/// The flags of counting by memo (flattened into `cover`'s arguments and the front ends').
#[derive(Debug, Args)]
#[command(next_help_heading = "Counting by memo")]
pub struct MemoArgs {
    /// With --count: count by memo (Knuth's Algorithm Z) instead of visiting every solution:
    /// each subproblem, named by the items left open (and the colors given), is counted once.
    /// Counts far beyond enumeration (16x16 domino tilings, 2.4 x 10^30, in seconds), exact
    /// to any size. With multiplicities too (the key carries each open item's bound).
    #[arg(long, requires = "count", conflicts_with_all = ["limit", "max_nodes"])]
    pub memo: bool,
    /// The most memory the memo table may take (`512M`, `2G`, `100K`, or bytes); when full,
    /// its older entries are dropped and counted again if needed (counts stay exact). With
    /// --zdd or --sample, the table and the diagram get half each, and a diagram that does
    /// not fit in its half is an error. Default: an eighth of the machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memo_size: Option<usize>,
    /// How the memo chooses the item to branch on: `mrv` (fewest options, ties to the first
    /// item), `mrv-last` (ties to the last), `leftmost` (the first open item).
    #[arg(long, value_enum, value_name = "CHOICE", default_value_t = ChoiceArg::Mrv)]
    pub memo_choice: ChoiceArg,
    /// Write the diagram of all solutions (a ZDD) to FILE: one node a line, `ID OPTION LO
    /// HI`, OPTION the option's number (from 1, in the order of the input), 0 and 1 the
    /// sinks, children first, the root last (the tuples of xcover's covers_zdd). Its nodes
    /// and solutions go to stderr; with --count, the count to stdout.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["all", "limit", "max_nodes", "sample"])]
    pub zdd: Option<PathBuf>,
    /// Print K solutions (at least one) drawn uniformly at random, with replacement (as --all
    /// prints solutions), from the diagram of all solutions, each as soon as it is drawn;
    /// --seed S (default 0) gives the same sample again.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["count", "all", "limit", "max_nodes"])]
    pub sample: Option<u64>,
}

/// The values of `--memo-choice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChoiceArg {
    /// Fewest options, ties to the first item.
    Mrv,
    /// Fewest options, ties to the last item.
    MrvLast,
    /// The first open item.
    Leftmost,
}

impl MemoArgs {
    /// Whether a flag asks for the memo.
    pub fn active(&self) -> bool {
        self.memo || self.zdd.is_some() || self.sample.is_some()
    }

    /// The configuration the flags ask for.
    pub fn config(&self) -> MemoConfig {
        MemoConfig {
            max_bytes: self.memo_size.unwrap_or_else(default_max_bytes),
            choice: match self.memo_choice {
                ChoiceArg::Mrv => Choice::Mrv,
                ChoiceArg::MrvLast => Choice::MrvLast,
                ChoiceArg::Leftmost => Choice::Leftmost,
            },
        }
    }

    /// Counts, writes the diagram or samples, as the flags ask: `count` is `--count`, `seed`
    /// the seed of the sample, `show` writes a solution.
    pub fn run(
        &self,
        problem: &Problem,
        count: bool,
        seed: u64,
        common: &CommonArgs,
        mut show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
    ) -> anyhow::Result<Exit> {
        let report = Report::new(
            common.quiet(),
            common.progress(),
            "{spinner} {msg}, {elapsed}",
        );
        let start = Instant::now();
        let deadline = common.max_time.map(|t| start + t);
        let mut memo = Memo::new(problem, self.config())?;
        let mut stopped = None;
        let mut stop = || {
            if super::interrupted() {
                stopped = Some(Exit::Interrupted);
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                stopped = Some(Exit::GaveUp);
            }
            stopped.is_some()
        };
        let diagram = self.zdd.is_some() || self.sample.is_some();
        let (total, zdd) = if diagram {
            match memo.zdd_until(&mut stop) {
                Ok(zdd) => (zdd.as_ref().map(|z| z.count()), Ok(zdd)),
                Err(err) => (None, Err(err)),
            }
        } else {
            (memo.count_until(&mut stop), Ok(None))
        };
        report.finish();
        let stats = memo.stats();
        if common.stats() {
            report.write(&stats_text(problem, &stats, diagram, start));
        }
        let zdd =
            zdd.map_err(|err| anyhow::anyhow!("{err}: give the memo more with --memo-size"))?;
        let Some(total) = total else {
            let work = format!("{} subproblems counted", stats.subproblems);
            return Ok(match stopped {
                Some(Exit::Interrupted) => {
                    report.note(format!("interrupted after {work}; the count is unknown"));
                    Exit::Interrupted
                }
                _ => {
                    let time = seconds(common.max_time.unwrap_or_default());
                    report.note(format!("gave up after {time} (--max-time), {work}"));
                    Exit::GaveUp
                }
            });
        };
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        if let (Some(path), Some(zdd)) = (&self.zdd, &zdd) {
            let name = path.display();
            let file =
                std::fs::File::create(path).with_context(|| format!("{name}: cannot create"))?;
            let mut file = std::io::BufWriter::new(file);
            zdd.write(&mut file)
                .and_then(|()| file.flush())
                .with_context(|| format!("{name}: cannot write"))?;
            report.note(format!(
                "zdd: {}, {}, written to {name}",
                counted(zdd.nodes().len(), "node"),
                counted(&total, "solution")
            ));
        }
        if count {
            writeln!(out, "{total}")?;
        }
        if let (Some(k), Some(zdd)) = (self.sample, &zdd) {
            // Drawn and written one at a time: a sample of 2^64 - 1 takes no more memory than
            // one, and `| head` ends it at the first write to the closed pipe.
            for (j, solution) in zdd.sample(k, seed).enumerate() {
                if super::interrupted() {
                    out.flush()?;
                    report.note(format!("interrupted after {j} of the {k} samples"));
                    return Ok(Exit::Interrupted);
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    out.flush()?;
                    let time = seconds(common.max_time.unwrap_or_default());
                    report.note(format!(
                        "gave up after {time} (--max-time), {j} of the {k} samples written"
                    ));
                    return Ok(Exit::GaveUp);
                }
                if j > 0 {
                    writeln!(out)?;
                }
                show(&mut out, &solution)?;
            }
        }
        out.flush()?;
        if total.is_zero() {
            report.note("no solution");
            return Ok(Exit::NoSolution);
        }
        Ok(Exit::Success)
    }
}

/// The statistics of a count by memo, as `--stats` writes them on stderr; `diagram` when the
/// diagram of all solutions was built (its memory is then beside the table's).
fn stats_text(problem: &Problem, stats: &MemoStats, diagram: bool, start: Instant) -> String {
    let memory = if diagram {
        format!(
            "{} (memo table) + {} (diagram: {} nodes and their unique table)",
            human_bytes(stats.peak_bytes),
            human_bytes(stats.diagram_peak_bytes),
            stats.diagram_nodes
        )
    } else {
        format!("{} (memo table)", human_bytes(stats.peak_bytes))
    };
    format!(
        "options: {}\nitems: {} ({} primary, {} secondary)\nsubproblems: {}\nhits: {}\n\
         evictions: {}\nchoices: {}\npeak memory: {memory}\nelapsed: {:.3}s\n",
        problem.option_count(),
        problem.item_count(),
        problem.primary_items(),
        problem.secondary_items(),
        stats.subproblems,
        stats.hits,
        stats.evictions,
        stats.choices,
        start.elapsed().as_secs_f64()
    )
}

/// Bytes in binary units, to three decimals (`1.500 MiB`).
fn human_bytes(bytes: usize) -> String {
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    for unit in ["KiB", "MiB", "GiB"] {
        if value < 1024.0 {
            return format!("{value:.3} {unit}");
        }
        value /= 1024.0;
    }
    format!("{value:.3} TiB")
}

/// Reads a size: a number (decimals allowed) and an optional binary unit, `K`, `M`, `G` or
/// `T` (powers of 1024; `KiB`, `MB` and the like are read the same way).
fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (number, unit) = dancing::units::number_and_unit(text);
    let unit = unit.to_ascii_uppercase();
    let shift = match unit.trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "found unit `{unit}`, expected K, M, G or T after the number"
            ));
        }
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("found `{text}`, expected a size such as 512M or 2G"))?;
    let bytes = value * (1u64 << shift) as f64;
    if bytes < 1.0 {
        return Err(format!(
            "found `{text}`, expected a size of at least one byte"
        ));
    }
    // `usize::MAX as f64` rounds up to 2^64 (on 64 bits): a size must be below it.
    if bytes >= usize::MAX as f64 {
        return Err(format!(
            "found `{text}`, which is too large: expected a size below 2^{} bytes",
            usize::BITS
        ));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_binary_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("100"), Ok(100));
        assert!(parse_size("12X").is_err());
        assert!(parse_size("0").is_err());
        let too_large = parse_size("99999999999999999999").unwrap_err();
        assert!(too_large.contains("too large"), "{too_large}");
        assert!(parse_size("16E").is_err(), "no unit E");
        assert!(parse_size("16777216T").is_err(), "2^64 bytes");
        assert_eq!(parse_size("16777215T"), Ok(16777215 << 40));
        assert_eq!(human_bytes(1536), "1.500 KiB");
        assert_eq!(human_bytes(10), "10 B");
    }
}
