//! The flags every command takes, with the same words in every `--help` and the same
//! meaning: one clap `Args` struct, flattened into each command's arguments (a new front end
//! flattens it too), and the parsing of their values.
//!
//! A flag of `dancing sudoku`'s arguments (here, and in the shape and variant flags) is an
//! `Option<bool>` that its presence sets (`action = ArgAction::Set, num_args = 0,
//! default_missing_value = "true"`), not clap's `bool` (`ArgAction::SetTrue`): clap gives a
//! `SetTrue` flag an implicit `false` default, which every run parses into the matches
//! (`Parser::add_defaults`: a value parser, an `Arc` and a matched argument, some 2,900
//! instructions a flag). Such a flag takes no value, so its help, its usage and its errors
//! (`--quiet=yes`, a flag given twice, a conflict) are the same words.

use std::time::Duration;

use clap::{ArgAction, Args, ValueEnum};
use dancing::{Choice, Engine};

/// The shared flags; their `///` docs are the `--help` text of every command.
#[derive(Debug, Args)]
#[command(next_help_heading = "Shared options")]
pub struct CommonArgs {
    /// Use N threads where the work splits: the puzzles of a batch, and `cover --count`
    /// without --limit or --max-nodes. The output is the same whatever N. Default: all cores.
    /// At most 256 (threads beyond the cores only add work); fewer, with a warning, if the
    /// system cannot start them.
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<u16>,
    /// No progress, no summary and no message about a single puzzle or search: the exit
    /// code and the output tell everything (input that cannot be read is still reported).
    #[arg(short, long, conflicts_with = "progress", action = ArgAction::Set, num_args = 0,
          default_missing_value = "true")]
    quiet: Option<bool>,
    /// Show progress on stderr even when it is not a terminal (a line every half second).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    progress: Option<bool>,
    /// Print statistics on stderr: Knuth's nodes and updates, the solutions and the time (in
    /// a batch, summed with the summary; in jsonl, also per puzzle). With `cover`, `auto`
    /// then searches Knuth's tree where it would take the band or the MCC engine (whose
    /// trees and statistics are their own: ask for them with --engine band or mcc).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    stats: Option<bool>,
    /// Give up on a search after N nodes of its tree: the answer is unknown (exit code 3; in
    /// a batch, per puzzle, with status `gave-up`).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up on a search after TIME (`500ms`, `10s`, `2m`, `1h`; a bare number is seconds):
    /// the answer is unknown (exit code 3; in a batch, per puzzle, with status `gave-up`).
    #[arg(long, value_name = "TIME", value_parser = dancing::units::parse_duration)]
    pub max_time: Option<Duration>,
}

impl CommonArgs {
    /// Whether --quiet was given.
    pub fn quiet(&self) -> bool {
        self.quiet.is_some()
    }

    /// Whether --progress was given.
    pub fn progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Whether --stats was given.
    pub fn stats(&self) -> bool {
        self.stats.is_some()
    }

    /// The number of threads asked for, or all cores.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(jobs) => jobs.into(),
            None => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// The engine flag, for the commands whose search can run on either engine (`cover`,
/// `sudoku` and the front ends): a struct of its own, since not every command searches.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The search engine. `links`: Knuth's dancing links (DLX1), any size. `bits`: the same
    /// search on bitsets over the options, 1.5 to 4 times as fast on dense problems (Sudoku,
    /// polyominoes, Langford pairs), slower on large sparse ones (queens beyond 30); it keeps
    /// items x options bits, so it takes at most 16,383 options and 64 MiB, and a larger
    /// problem runs on links. Both give the same solutions in the same order, with the same
    /// nodes and updates. `propagate`: settles forced options and subsets at every node
    /// before branching (the same solutions in another order, with its own statistics);
    /// plain exact cover within the bits' limits only, and refuses other problems (exit 2).
    /// `learn`: the same with nogoods learned from every failure (conflict analysis, as SAT
    /// solvers learn), for the hardest puzzles, such as the published 25x25 and 36x36 Sudoku;
    /// plain exact cover only (exit 2 otherwise); slow at counting many solutions.
    /// `mcc`: Knuth's SSMCC tree (binary branching on sparse sets), any problem, its own
    /// statistics. `auto` picks mcc for multiplicities (links, DLX3's tree, where two options
    /// are copies), learn where the options are grouped
    /// by a class of items that partitions them and are more than 1,424 (Sudoku of 16x16,
    /// 25x25 and 36x36; links and learn in turn on an empty or near-empty grid until one of
    /// them finds a solution), else bits whenever they fit
    /// (moving to links where the probe says); `links` keeps Knuth's DLX1, DLX2 and
    /// DLX3 with his statistics. With --min-cost, `links` runs DLX5's links and any other
    /// value lets the library choose (bitsets when they fit).
    #[arg(long, value_enum, value_name = "ENGINE", default_value_t = EngineChoice::Auto)]
    pub engine: EngineChoice,
}

/// The values of `--engine`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// Mcc on multiplicities (links where two options are copies), band on a 9x9 Sudoku's
    /// matrix, learn on large grouped problems
    /// (Sudoku 16x16 to 36x36; links and learn in turn on a near-empty grid), else bits when
    /// the problem fits, else links.
    #[default]
    Auto,
    /// Dancing links.
    Links,
    /// Bitsets over the options (links when the problem does not fit).
    Bits,
    /// Propagation, then branching (refuses colors, multiplicities, and problems past the
    /// bits' size that its grouped frames do not take).
    Propagate,
    /// Propagation and branching with nogoods learned from the failures, as CDCL SAT solvers
    /// learn: for the hardest puzzles (refuses colors and multiplicities).
    Learn,
    /// Sparse sets with binary branching (Knuth's SSMCC): what auto runs on multiplicities
    /// past 512 options without two options alike.
    Mcc,
    /// The mcc engine's tree on bitsets, a frame copied at each node: what auto runs on
    /// multiplicities with at most 512 options and no two options alike (mcc when the
    /// problem does not fit).
    MccBits,
    /// Sudoku's layout found in the matrix: nine 81-bit boards, or three 27-bit bands a digit
    /// on the whole 9x9 matrix (refuses a matrix whose options are not (cell, digit) pairs).
    Band,
}

impl EngineArgs {
    /// The engine asked for.
    pub fn engine(&self) -> Engine {
        self.engine.engine()
    }
}

impl EngineChoice {
    /// The library's engine of this choice.
    fn engine(self) -> Engine {
        match self {
            EngineChoice::Auto => Engine::Auto,
            EngineChoice::Links => Engine::Links,
            EngineChoice::Bits => Engine::Bits,
            EngineChoice::Propagate => Engine::Propagate,
            EngineChoice::Learn => Engine::Learn,
            EngineChoice::Mcc => Engine::Mcc,
            EngineChoice::MccBits => Engine::MccBits,
            EngineChoice::Band => Engine::Band,
        }
    }
}

/// The `--choose` flag, for the commands whose search runs on the links or the bits
/// (`cover` and the front ends): a struct of its own, beside [`EngineArgs`].
#[derive(Debug, Args)]
pub struct ChooseArgs {
    /// How the links and bits engines choose the item to branch on. `mrv`: the item with the
    /// fewest options left (Knuth's DLX1, with his statistics). `wdeg`: Knuth's SSXCC2 rule,
    /// the fewest options over a weight that grows by one each time the item runs out of
    /// options; the same solutions in another order, in a much smaller tree on hard problems
    /// (16x16 Sudoku). A search learns its own weights: each thread of --jobs, in each
    /// subtree it takes, starts them at 1. The other engines keep their own rule; --stats
    /// names the rule used. Default: the engine's (wdeg under auto where the problem has a
    /// Sudoku's shape, but mrv with --stats and for a count on several threads, Knuth's
    /// tree; else mrv).
    #[arg(long, value_enum, value_name = "RULE")]
    pub choose: Option<ChooseArg>,
}

/// The values of `--choose`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChooseArg {
    /// The item with the fewest options (DLX1's rule).
    Mrv,
    /// The fewest options over a weight learned from failures (SSXCC2's rule).
    Wdeg,
}

impl ChooseArgs {
    /// The library's rule of this choice, if one was asked for.
    pub fn choice(&self) -> Option<Choice> {
        self.choose.map(|choose| match choose {
            ChooseArg::Mrv => Choice::Mrv,
            ChooseArg::Wdeg => Choice::Wdeg,
        })
    }
}

/// The name `--engine` takes for `engine` (`mcc-bits` for [`Engine::MccBits`]).
pub fn engine_flag(engine: Engine) -> String {
    EngineChoice::value_variants()
        .iter()
        .find(|choice| choice.engine() == engine)
        .and_then(ValueEnum::to_possible_value)
        .map_or_else(
            || format!("{engine:?}"),
            |value| value.get_name().to_owned(),
        )
}

/// `--seed`, for the commands that search for a first solution (`cover` and the front ends):
/// a struct of its own, since not every command searches.
#[derive(Debug, Args)]
pub struct SeedArgs {
    /// Look for a first solution by randomized restarts: short runs of the search, each with
    /// the ties between items and the order of the options drawn at random from seed S, on a
    /// node budget that grows (Luby's sequence), until one finds a solution; the same S gives
    /// the same answer. A way out of searches that wander for minutes before their first
    /// solution. `none`: one search in the problem's own order (Knuth's). Default: `0` for
    /// `queens`, and for `langford` when solutions exist; `none` otherwise (restarts that
    /// find nothing only repeat the search that proves there is nothing). --count and --all always search in the
    /// problem's order, so they do not take it.
    #[arg(long, value_name = "S", value_parser = parse_seed,
          conflicts_with_all = ["count", "all"])]
    pub seed: Option<Seed>,
}

/// A value of `--seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seed {
    /// `none`: the search in the problem's own order.
    None,
    /// Randomized restarts from this seed.
    Value(u64),
}

impl SeedArgs {
    /// The seed of the restarts, if any: `--seed`, else `default` (the command's).
    pub fn seed(&self, default: Option<u64>) -> Option<u64> {
        match self.seed {
            Some(Seed::None) => None,
            Some(Seed::Value(seed)) => Some(seed),
            None => default,
        }
    }
}

/// Reads a number of threads: from 1 to [`dancing::parallel::MAX_JOBS`]. The cores are
/// counted for the message only: `available_parallelism` reads the process's CPU affinity
/// and its cgroup's files, five system calls that `--jobs 1` need not make.
fn parse_jobs(text: &str) -> Result<u16, String> {
    let max = dancing::parallel::MAX_JOBS;
    match text.trim().parse::<usize>() {
        Ok(jobs) if (1..=max).contains(&jobs) => Ok(jobs as u16),
        _ => {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            Err(format!(
                "found `{text}`, expected a number of threads from 1 to {max} (threads \
                 beyond the cores only add work, and this machine has {cores})"
            ))
        }
    }
}

/// Reads a seed: a number from 0 to 2^64 - 1, or `none`.
fn parse_seed(text: &str) -> Result<Seed, String> {
    if text == "none" {
        return Ok(Seed::None);
    }
    text.parse().map(Seed::Value).map_err(|_| {
        format!("found `{text}`, expected a number from 0 to 18446744073709551615, or `none`")
    })
}

/// The warning of a command that asked for `jobs` threads (`--jobs`) and got `threads`: the
/// system could not start them all (see `dancing::parallel::pool`). `doing` says on what.
pub fn fewer_threads(jobs: usize, threads: usize, doing: &str) -> String {
    format!("warning: the system could not start {jobs} threads (--jobs): {doing} on {threads}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_read_from_one_to_the_most_threads_and_nothing_else() {
        assert_eq!(parse_jobs("1"), Ok(1));
        assert_eq!(parse_jobs("256"), Ok(256));
        for text in ["0", "257", "600", "65535", "-1", "x", ""] {
            let refused = parse_jobs(text).unwrap_err();
            assert!(refused.contains("from 1 to 256"), "{text}: {refused}");
        }
    }

    #[test]
    fn seeds_read_as_numbers_or_none_and_nothing_else() {
        assert_eq!(parse_seed("0"), Ok(Seed::Value(0)));
        assert_eq!(
            parse_seed("18446744073709551615"),
            Ok(Seed::Value(u64::MAX))
        );
        assert_eq!(parse_seed("none"), Ok(Seed::None));
        for text in ["", "-1", "18446744073709551616", "x", "None"] {
            assert!(parse_seed(text).is_err(), "{text}");
        }
    }
}
