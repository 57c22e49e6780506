//! `dancing cover --split`, `--count --parts`, `--merge` and `--count --checkpoint`: one count
//! cut into parts that GNU parallel, a Slurm array or `xargs -P` runs, merged, resumed after a
//! crash. The files and their checks belong to `dancing::parts`; this module reads and writes
//! them and reports.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, BufRead, BufReader, Read, Seek, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use dancing::knuth::KnuthProblem;
use dancing::memo::MemoConfig;
use dancing::parts::{
    CheckError, Header, Ledger, PartResult, ReadError, ResultLine, SolveError, Split, open_regular,
    read_results, refuse_special, solve_parts, solve_parts_by_memo,
};
use dancing::{Problem, Total};

use super::Exit;
use super::report::estimated_seconds;

/// How many parts `--checkpoint` cuts the tree into, at least: each is then a small fraction
/// of the tree (under 1% of pentomino-6x10 and nqueens-15), which is what a kill can lose per
/// thread, while writing a line per part costs nothing measurable.
const CHECKPOINT_PARTS: usize = 1000;

/// The largest checkpoint file read (1 GiB): a header and a line of some 150 bytes per part,
/// a thousand parts or a few more (a level can have many more nodes than the one above it,
/// but not millions more on any problem `--checkpoint` is for).
const MAX_CHECKPOINT_BYTES: u64 = 1 << 30;

/// The flags of `dancing cover` that cut one count into parts (flattened into `CoverArgs`).
#[derive(Debug, Args)]
#[command(next_help_heading = "Counting in parts (on many machines)")]
pub struct PartsArgs {
    /// Split the search tree into at least N parts (--parts N, or as many as --part-time
    /// says) and print them, one JSON line each after a header line, for
    /// `--count --parts FILE` to solve anywhere.
    #[arg(long, requires = "split_size",
          conflicts_with_all = ["count", "all", "limit", "max_nodes", "progress", "jobs"])]
    split: bool,
    /// With --split instead of --parts N: as many parts as make each take about TIME on this
    /// machine, on average (`10m`, `1h`), by Knuth's estimate of the search (--estimate N
    /// paths, else 1000, drawn from --seed, else 0) at the links' speed measured here; the
    /// estimate and the number of parts are said on stderr. The parts are whole subtrees,
    /// which differ in size: some take much longer than the mean.
    #[arg(long, value_name = "TIME", value_parser = dancing::units::parse_duration,
          group = "split_size", requires = "split")]
    part_time: Option<Duration>,
    /// With --split, how many parts at least; with --count, the parts file to solve: one
    /// result line per part is printed as soon as the part is finished.
    #[arg(long, value_name = "N|FILE", group = "split_size",
          conflicts_with_all = ["all", "limit", "max_nodes", "progress"])]
    parts: Option<PathBuf>,
    /// With --count --parts: solve only the parts whose id is I modulo K (0 <= I < K), as job
    /// I of K (a Slurm array task, a GNU parallel slot).
    #[arg(long, value_name = "I/K", requires = "parts", conflicts_with = "split",
          value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// With --count --parts: skip the parts that have a result in FILE (a missing FILE has
    /// none), so that re-running a killed command (`>> FILE`) finishes its work. Repeatable.
    #[arg(
        long,
        value_name = "FILE",
        requires = "parts",
        conflicts_with = "split"
    )]
    skip_done: Vec<PathBuf>,
    /// Check the results against the parts file and print the total count; with --stats,
    /// also the nodes and updates, which equal those of one search. Parts without a result
    /// are listed, with exit code 4.
    /// The flags may come before, between or after the files (`--merge P --stats R`: a file
    /// after a flag is one more results file).
    #[arg(long, num_args = 1.., value_names = ["PARTS", "RESULTS"],
          conflicts_with_all = ["count", "all", "limit", "max_nodes", "progress", "jobs",
                                "split", "parts", "checkpoint"])]
    merge: Option<Vec<PathBuf>>,
    /// With --count: keep the finished parts of the count in FILE; killed and run again with
    /// the same FILE, the count goes on where it stopped.
    #[arg(
        long,
        value_name = "FILE",
        requires = "count",
        conflicts_with_all = ["parts", "limit", "max_nodes", "progress"]
    )]
    checkpoint: Option<PathBuf>,
}

impl PartsArgs {
    /// The files of `--merge`, if given.
    pub(super) fn merge(&self) -> Option<&[PathBuf]> {
        self.merge.as_deref()
    }

    /// Whether a flag asks for a split, a solve of parts or a checkpointed count.
    pub(super) fn active(&self) -> bool {
        self.parts.is_some() || self.checkpoint.is_some() || self.part_time.is_some()
    }

    /// Whether the split is sized by an estimate (`--part-time`), which takes `--estimate`'s
    /// number of paths.
    pub(super) fn sized_by_estimate(&self) -> bool {
        self.part_time.is_some()
    }
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("found `{text}`, expected I/K with 0 <= I < K, as in 3/100");
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (i, k) = (i.parse().map_err(|_| bad())?, k.parse().map_err(|_| bad())?);
    if i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

/// How a count in parts is run: its threads and statistics, by memo or not, with the
/// symmetry group (`--symmetry`: parts weighted by their orbits) or not.
#[derive(Clone, Copy, Debug)]
pub(super) struct How {
    /// `--jobs`.
    pub jobs: usize,
    /// `--stats`.
    pub stats: bool,
    /// The memo's table, with `--memo`.
    pub memo: Option<MemoConfig>,
    /// `--symmetry`.
    pub symmetry: bool,
}

/// Runs `--split`, `--count --parts` or `--count --checkpoint` on the problem read.
pub(super) fn run(
    args: &PartsArgs,
    parsed: &KnuthProblem,
    count: bool,
    how: How,
    estimate: (u64, u64),
) -> anyhow::Result<Exit> {
    let How {
        jobs, stats, memo, ..
    } = how;
    if let Some(file) = &args.checkpoint {
        return checkpoint(parsed, file, how);
    }
    if let Some(part) = args.part_time {
        let Some(n) = parts_for_time(&parsed.problem, part, estimate) else {
            super::report::say("interrupted while estimating the parts; nothing written");
            return Ok(Exit::Interrupted);
        };
        return split(parsed, n, stats, how.symmetry);
    }
    let parts = args
        .parts
        .as_ref()
        .expect("run only with --parts or --checkpoint");
    if args.split {
        let n = parts
            .to_str()
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .with_context(|| {
                format!(
                    "--split --parts takes a number of parts, not {}",
                    parts.display()
                )
            })?;
        return split(parsed, n, stats, how.symmetry);
    }
    if !count {
        bail!("--parts FILE goes with --count (and --parts N with --split)");
    }
    let (shard, shards) = args.shard.unwrap_or((0, 1));
    let start = Instant::now();
    let split = read_split(parts)?;
    same_symmetry(parts, split.header(), how.symmetry, "count them")?;
    let mut ledger = Ledger::new(split.header().clone());
    let mut torn = false;
    for file in args.skip_done.iter().filter(|file| file.exists()) {
        torn |= read_results_into(&mut ledger, file)?;
    }
    if torn {
        // The output is likely appended to that file (`>> FILE`): the first result would be
        // glued to the torn line and lost with it, unless it starts a line of its own.
        io::stdout().write_all(b"\n")?;
    }
    let mine = (0..split.len()).filter(|id| id % shards == shard);
    let ids: Vec<usize> = mine.clone().filter(|&id| !ledger.is_done(id)).collect();
    let skipped = mine.count() - ids.len();
    let solved = solve(parsed, parts, &split, &ids, jobs, memo, |result| {
        let mut out = io::stdout().lock();
        out.write_all(result.to_line().as_bytes())?;
        out.flush()
    })?;
    let Some(solved) = solved else {
        super::report::say(format_args!(
            "interrupted; the finished parts are written: run the same command with \
             --skip-done on its output to solve the rest"
        ));
        return Ok(Exit::Interrupted);
    };
    if stats {
        super::report::write_stderr(&format!(
            "parts: {} solved, {skipped} skipped as done, {} in other shards\nnodes: {}\n\
             updates: {}\n{}solutions: {}\nelapsed: {:.3}s\n",
            ids.len(),
            split.len() - ids.len() - skipped,
            solved.nodes,
            solved.updates,
            cleansings_line(solved.cleansings),
            solved.solutions,
            start.elapsed().as_secs_f64()
        ));
    }
    Ok(Exit::Success)
}

/// How many parts `--split --part-time PART` cuts the search into, by Knuth's estimate
/// (`paths` paths from `seed`) at the links' speed measured here; says the estimate and the
/// number on stderr. `None` on Ctrl-C, which is looked at between two paths (a path of
/// 100,000 one-item options takes some 30 ms; before, the 34 s of 1,000 of them went on).
fn parts_for_time(problem: &Problem, part: Duration, (paths, seed): (u64, u64)) -> Option<usize> {
    let e = dancing::estimate::estimate_watched(problem, paths, seed, || !super::interrupted());
    if super::interrupted() {
        return None;
    }
    let rate = dancing::estimate::nodes_per_second(problem, dancing::estimate::SPEED_RUN);
    let n = e.parts_for(rate, part);
    let seconds = e.seconds(rate);
    super::report::say(format_args!(
        "estimated ~{:.0} nodes (spread {:.2} x the mean over {} paths), ~{} at {rate:.0} \
         nodes/s: at least {n} parts, of at most ~{} each on average",
        e.mean,
        e.spread(),
        e.paths,
        estimated_seconds(seconds),
        estimated_seconds(seconds / n as f64),
    ));
    Some(n)
}

/// Refuses parts (or a checkpoint) at `path` made with the group when the command has no
/// `--symmetry`, or made without it when it has: the file's counts would be read wrong.
fn same_symmetry(path: &Path, header: &Header, symmetry: bool, what: &str) -> anyhow::Result<()> {
    match (header.has_symmetry(), symmetry) {
        (true, false) => bail!(
            "{}: made with --symmetry (each part weighted by its orbit): {what} with --symmetry",
            path.display()
        ),
        (false, true) => bail!(
            "{}: made without --symmetry (no part weighted): {what} without --symmetry",
            path.display()
        ),
        _ => Ok(()),
    }
}

/// Cuts the count of `problem` into at least `n` parts, with the group if `symmetry`; `None`
/// on Ctrl-C (with the group, while nauty computes it: its walk is bounded and not stopped).
fn cut(problem: &Problem, n: usize, symmetry: bool) -> anyhow::Result<Option<Split>> {
    if symmetry {
        return match Split::with_symmetry(problem, n, &super::INTERRUPTED) {
            Ok(split) => Ok(Some(split)),
            Err(dancing::symmetry::SymmetryError::Stopped) => Ok(None),
            Err(e) => Err(anyhow::anyhow!("{e}")),
        };
    }
    Ok(Split::new(problem, n, &super::INTERRUPTED).ok())
}

/// `--split --parts N`: the parts file on stdout.
fn split(parsed: &KnuthProblem, n: usize, stats: bool, symmetry: bool) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let Some(split) = cut(&parsed.problem, n, symmetry)? else {
        super::report::say("interrupted while splitting; nothing written");
        return Ok(Exit::Interrupted);
    };
    split.write_to(io::BufWriter::new(io::stdout().lock()))?;
    let header = split.header();
    if split.len() < n && symmetry {
        super::report::say(format_args!(
            "the walk with the group and the branching below it left {} parts, fewer than \
             {n}; the header holds the solutions met on the way ({})",
            split.len(),
            header.above.solutions
        ));
    } else if split.len() < n {
        super::report::say(format_args!(
            "the tree has fewer than {n} nodes at every level, and the split searched \
             it whole: no part, and the header holds the count ({})",
            header.above.solutions
        ));
    }
    if stats {
        super::report::write_stderr(&format!(
            "parts: {}\ndepth: {}\nabove the cut: {} nodes, {} updates, {} solutions\n\
             elapsed: {:.3}s\n",
            split.len(),
            header.depth,
            header.above.nodes,
            header.above.updates,
            header.above.solutions,
            start.elapsed().as_secs_f64()
        ));
    }
    Ok(Exit::Success)
}

/// Solves the parts `ids` (by memo, with `memo`'s table split between the jobs, if given),
/// giving each result to `sink` (which writes it) as soon as its part is finished; returns
/// their sum, or `None` if Ctrl-C stopped the work.
fn solve(
    parsed: &KnuthProblem,
    parts: &Path,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    memo: Option<MemoConfig>,
    sink: impl Fn(&PartResult) -> io::Result<()> + Sync,
) -> anyhow::Result<Option<Total>> {
    let sum = Mutex::new(Total::default());
    let failed = Mutex::new(None);
    let done = |result: PartResult| match sink(&result) {
        Ok(()) => {
            *sum.lock().unwrap() += result.total();
            ControlFlow::Continue(())
        }
        Err(err) => {
            *failed.lock().unwrap() = Some(err);
            ControlFlow::Break(())
        }
    };
    let problem = &parsed.problem;
    let stop = &super::INTERRUPTED;
    let solved = match memo {
        Some(mut config) => {
            config.max_bytes /= jobs.max(1);
            solve_parts_by_memo(problem, split, ids, jobs, config, stop, done)
        }
        None => solve_parts(problem, split, ids, jobs, stop, done),
    };
    if let Some(err) = failed.into_inner().unwrap() {
        return Err(err).context("cannot write a result");
    }
    match solved {
        Ok(()) => Ok(Some(sum.into_inner().unwrap())),
        Err(SolveError::Stopped) => Ok(None),
        Err(err) => bail!("{}: {err}", parts.display()),
    }
}

/// `--merge PARTS RESULTS...`: checks the results and prints the total.
pub(super) fn merge(files: &[PathBuf], stats: bool) -> anyhow::Result<Exit> {
    let (parts, results) = files.split_first().expect("clap requires a parts file");
    let split = read_split(parts)?;
    let mut ledger = Ledger::new(split.header().clone());
    for file in results {
        read_results_into(&mut ledger, file)?;
    }
    let total = match ledger.total() {
        Ok(total) => total,
        Err(incomplete) => {
            super::report::say(format_args!("{incomplete}"));
            return Ok(Exit::Incomplete);
        }
    };
    println!("{}", total.solutions);
    if stats {
        print_totals(&ledger, &total);
    }
    Ok(if total.solutions.is_zero() {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// The `cleansings` line of the statistics: only problems with colors make any.
fn cleansings_line(cleansings: u128) -> String {
    if cleansings == 0 {
        String::new()
    } else {
        format!("cleansings: {cleansings}\n")
    }
}

/// The statistics of a merged count on stderr.
fn print_totals(ledger: &Ledger, total: &Total) {
    let header = ledger.header();
    super::report::write_stderr(&format!(
        "parts: {} (depth {})\nnodes: {}\nupdates: {}\n{}solutions: {}\nseconds in parts: {:.3}\n",
        header.parts,
        header.depth,
        total.nodes,
        total.updates,
        cleansings_line(total.cleansings),
        total.solutions,
        // (Folded from +0.0: an empty `sum` of floats is -0.0, printed `-0.000`.)
        ledger.results().fold(0.0, |sum, r| sum + r.seconds)
    ));
    if let Some(largest) = ledger.results().max_by_key(|r| r.nodes) {
        super::report::write_stderr(&format!(
            "largest part: {} with {} nodes ({:.3}% of the tree)\n",
            largest.id,
            largest.nodes,
            100.0 * largest.nodes as f64 / total.nodes.max(1) as f64
        ));
    }
}

/// Reads a parts file; errors name the file and the line.
fn read_split(path: &Path) -> anyhow::Result<Split> {
    let file = open_regular(path).with_context(|| format!("cannot read {}", path.display()))?;
    Split::read_from(BufReader::new(file)).map_err(|err| {
        let shown = path.display();
        let context = match err {
            ReadError::Json { .. } | ReadError::NoHeader => {
                format!("{shown}: not a parts file of `dancing cover --split`")
            }
            _ => format!("{shown}"),
        };
        anyhow::Error::from(err).context(context)
    })
}

/// Records the results of a results file in `ledger`; a torn line is reported and skipped.
/// Returns whether the file ends without a newline (a last line cut off).
fn read_results_into(ledger: &mut Ledger, path: &Path) -> anyhow::Result<bool> {
    let cannot = || format!("cannot read {}", path.display());
    let mut file = open_regular(path).with_context(cannot)?;
    let len = file.metadata().with_context(cannot)?.len();
    let mut last = [b'\n'];
    if len > 0 {
        file.seek(io::SeekFrom::Start(len - 1))
            .and_then(|_| file.read_exact(&mut last))
            .and_then(|()| file.rewind())
            .with_context(cannot)?;
    }
    record_results(ledger, path, 0, BufReader::new(file))?;
    Ok(last[0] != b'\n')
}

/// Records the results read from `input` (the text of `path` after its first `skipped`
/// lines) in `ledger`; a torn line is reported and skipped.
fn record_results(
    ledger: &mut Ledger,
    path: &Path,
    skipped: usize,
    input: impl BufRead,
) -> anyhow::Result<()> {
    for line in read_results(input) {
        let (number, line) = line
            .map_err(|err| err.after_lines(skipped))
            .with_context(|| format!("{}", path.display()))?;
        let number = number + skipped;
        match line {
            ResultLine::Done(result) => ledger
                .record(result, format!("{}:{number}", path.display()))
                .map_err(anyhow::Error::from)?,
            ResultLine::Torn => super::report::say(format_args!(
                "warning: {}:{number}: not a whole line (cut off by a crash?); \
                 ignored, and its part is solved again",
                path.display()
            )),
        }
    }
    Ok(())
}

/// `--count --checkpoint FILE`: the count cut into parts whose results are kept in FILE, after
/// a header line; started again, it solves only the parts without a result.
fn checkpoint(parsed: &KnuthProblem, path: &Path, how: How) -> anyhow::Result<Exit> {
    let How {
        jobs, stats, memo, ..
    } = how;
    let start = Instant::now();
    let problem = &parsed.problem;
    let shown = path.display();
    let (mut file, saved) = open_checkpoint(path)?;
    let (split, ledger) = match saved {
        None => {
            let Some(split) = cut(problem, CHECKPOINT_PARTS, how.symmetry)? else {
                super::report::say("interrupted while splitting; nothing saved");
                return Ok(Exit::Interrupted);
            };
            file.write_all(split.header().to_line().as_bytes())
                .and_then(|()| file.sync_data())
                .with_context(|| format!("cannot write {shown}"))?;
            let ledger = Ledger::new(split.header().clone());
            (split, ledger)
        }
        Some((header, results)) => {
            same_symmetry(path, &header, how.symmetry, "go on")?;
            let split = match Split::remade(problem, &header, &super::INTERRUPTED) {
                Ok(split) => split,
                Err(CheckError::Stopped(_)) => {
                    super::report::say(format_args!("interrupted; {shown} is as it was"));
                    return Ok(Exit::Interrupted);
                }
                Err(err) => bail!("{shown}: {err}"),
            };
            if split.header().fingerprint != header.fingerprint {
                bail!("{shown}: a checkpoint of another problem (remove it to start over)");
            }
            if *split.header() != header {
                bail!("{shown}: a checkpoint of another search tree (made by another version?)");
            }
            let mut ledger = Ledger::new(header);
            record_results(&mut ledger, path, 1, &results[..])?;
            (split, ledger)
        }
    };
    let ids: Vec<usize> = ledger.missing().collect();
    let file = Mutex::new(file);
    let ledger = Mutex::new(ledger);
    let solved = solve(parsed, path, &split, &ids, jobs, memo, |result| {
        let mut file = file.lock().unwrap();
        file.write_all(result.to_line().as_bytes())?;
        file.flush()?;
        let origin = format!("{shown}, part {}", result.id);
        ledger
            .lock()
            .unwrap()
            .record(result.clone(), origin)
            .map_err(io::Error::other)
    })?;
    let ledger = ledger.into_inner().unwrap();
    if solved.is_none() {
        super::report::say(format_args!(
            "interrupted; {shown} keeps the {} parts finished of {}: run the same \
             command again to go on",
            ledger.done(),
            split.len()
        ));
        return Ok(Exit::Interrupted);
    }
    let total = ledger.total().map_err(anyhow::Error::from)?;
    println!("{}", total.solutions);
    if stats {
        super::report::write_stderr(&super::search::stats_text(
            &parsed.problem,
            total.clone(),
            true,
            start.elapsed(),
        ));
    }
    if total.solutions.is_zero() {
        super::report::say("no solution");
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Success)
}

/// What a checkpoint file holds: its header and the text of its result lines.
type Saved = (Header, Vec<u8>);

/// Opens the checkpoint file, creating it empty if it is not there, and locks it, so that a
/// second run on the same file stops instead of adding to it. Returns it, positioned at its
/// end, with its header and its result lines if it has a header. A last line cut off by a
/// crash is cut from the file, so that the next line written starts a line: a torn header
/// leaves the file empty, to be started again.
fn open_checkpoint(path: &Path) -> anyhow::Result<(File, Option<Saved>)> {
    let shown = path.display();
    refuse_special(path).with_context(|| format!("cannot read {shown}"))?;
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot open {shown}"))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            bail!("{shown} is in use by another run of dancing; wait for it or stop it first")
        }
        Err(TryLockError::Error(err)) => {
            return Err(err).with_context(|| format!("cannot lock {shown}"));
        }
    }
    let too_large = || format!("{shown}: larger than 1 GiB, which no checkpoint is; not read");
    let len = file
        .metadata()
        .with_context(|| format!("cannot read {shown}"))?
        .len();
    if len > MAX_CHECKPOINT_BYTES {
        bail!(too_large());
    }
    let mut bytes = Vec::new();
    // Bounded again, in case the file grows while it is read.
    (&mut file)
        .take(MAX_CHECKPOINT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {shown}"))?;
    if bytes.len() as u64 > MAX_CHECKPOINT_BYTES {
        bail!(too_large());
    }
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
    if whole < bytes.len() {
        super::report::say(format_args!(
            "warning: {shown}: the last line was cut off (by a crash?); dropped"
        ));
        bytes.truncate(whole);
        file.set_len(whole as u64)
            .and_then(|()| file.seek(io::SeekFrom::End(0)).map(drop))
            .with_context(|| format!("cannot cut the torn line off {shown}"))?;
    }
    if bytes.is_empty() {
        return Ok((file, None));
    }
    let header_end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .expect("a whole line");
    let header = std::str::from_utf8(&bytes[..header_end])
        .ok()
        .map(|text| Header::from_line(1, text))
        .with_context(|| format!("{shown}:1: not UTF-8, not the header of a checkpoint"))?
        .with_context(|| format!("{shown}: not the header of a checkpoint"))?;
    let results = bytes.split_off(header_end + 1);
    Ok((file, Some((header, results))))
}
