//! One count split into parts that run anywhere (other processes, other machines, the jobs
//! of a batch scheduler), their results in files, and the merge that adds them up.
//!
//! # The split
//! [`Split::new`] cuts the search tree at the shallowest level with at least the asked number
//! of subtrees (so that every part is named by as many choices as the header's depth says;
//! [`crate::count_parallel`], which writes no file, cuts at nodes of equal weight instead).
//! Finding that level costs a search of the levels above it, once or a few times, however
//! deep it is. Each subtree is a *part*, with an *id*
//! (its rank in the order of the search, from 0) and a *prefix*: the options chosen from the
//! root down to it, as indices into the [`Problem`]. The split itself searches the levels
//! above the cut, and records that work in its [`Header`]: the nodes and updates above the
//! cut, and the solutions found there (leaves shallower than the cut). So the header and the
//! parts cover the tree exactly once, and the header's [`Total`] plus every part's equals the
//! count, the nodes and the updates of one search of the whole tree, as [`crate::Solver`]
//! reports them. The split is deterministic: the same problem and number give the same parts
//! on any machine.
//!
//! # Fingerprints
//! Every header, part and result carries the [`Fingerprint`] of the problem: the 128-bit
//! FNV-1a hash of the problem as [`crate::knuth::write`] writes it (items and options in
//! their order, names normalized, comments and blanks dropped), so results of another
//! problem are refused, whatever file they came from.
//!
//! # The files
//! Each is JSON lines. A *parts file*: the header, then one line per part, in id order:
//! ```text
//! {"fingerprint":"6f1d…","depth":3,"parts":2192,"above":{"count":0,"nodes":1527,"updates":…}}
//! {"id":0,"fingerprint":"6f1d…","depth":3,"prefix":[16,345,1010]}
//! ```
//! A *results file*: one line per finished part, in any order:
//! ```text
//! {"id":0,"fingerprint":"6f1d…","count":3,"nodes":1480,"updates":61823,"seconds":0.002}
//! ```
//! A result is written only when its part is finished, so a run that is killed loses the parts
//! it was solving and nothing else. A line cut off by a crash is not valid JSON; readers of
//! results report it as [`ResultLine::Torn`] and go on, and its part counts as missing until it
//! is solved again. Counts are `u128` (see [`Total`]).
//!
//! # Solving and merging
//! [`solve_parts`] searches the chosen parts on a pool of threads, first checking that the
//! split is this problem's and that this engine's tree has the same cut (the prefixes are
//! replayed, so a split made by another version of the engine must be refused, not trusted).
//! A [`Ledger`] collects results: it refuses a foreign fingerprint, an unknown part and two
//! different results for one part, and gives the [`Total`] once every part has one.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::parallel::{Cut, Stopped, Total, count_subtree};
use crate::{Problem, Solver};

// ---------------------------------------------------------------- fingerprints

/// The identity of a problem, the same on every machine and in every run: the 128-bit FNV-1a
/// hash (Fowler, Noll and Vo; the parameters of draft-eastlake-fnv) of the problem as
/// [`crate::knuth::write`] writes it. Written as 32 lowercase hexadecimal digits.
///
/// FNV is no cryptographic hash: it guards against mistakes (results of another problem, or
/// of another version of a file), not against forgery.
///
/// ```
/// use dancing::parts::Fingerprint;
/// let a = Fingerprint::of(&dancing::problems::queens(8));
/// assert_eq!(a, Fingerprint::of(&dancing::problems::queens(8)));
/// assert_ne!(a, Fingerprint::of(&dancing::problems::queens(9)));
/// assert_eq!(a.to_string().parse::<Fingerprint>(), Ok(a));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub u128);

/// FNV-1a's 128-bit offset basis.
const FNV_OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
/// FNV's 128-bit prime, 2^88 + 2^8 + 0x3b.
const FNV_PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

/// The 128-bit FNV-1a hash of `bytes`.
fn fnv1a_128(bytes: &[u8]) -> u128 {
    bytes.iter().fold(FNV_OFFSET, |hash, &b| {
        (hash ^ u128::from(b)).wrapping_mul(FNV_PRIME)
    })
}

impl Fingerprint {
    /// The fingerprint of `problem`.
    pub fn of(problem: &Problem) -> Fingerprint {
        Fingerprint(fnv1a_128(crate::knuth::write(problem).as_bytes()))
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// A fingerprint that is not 32 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("found `{0}`, expected a fingerprint of 32 hexadecimal digits")]
pub struct BadFingerprint(pub String);

impl FromStr for Fingerprint {
    type Err = BadFingerprint;

    fn from_str(s: &str) -> Result<Fingerprint, BadFingerprint> {
        if s.len() != 32 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(BadFingerprint(s.to_string()));
        }
        u128::from_str_radix(s, 16)
            .map(Fingerprint)
            .map_err(|_| BadFingerprint(s.to_string()))
    }
}

impl Serialize for Fingerprint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Fingerprint {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Fingerprint, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

// ---------------------------------------------------------------- the lines of the files

/// The first line of a parts file: what the split did above the cut.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The problem split.
    pub fingerprint: Fingerprint,
    /// The level of the cut: every part's prefix has this many choices.
    pub depth: usize,
    /// The number of parts, with ids `0..parts`.
    pub parts: usize,
    /// The work of the search above the cut: its nodes and updates, and the solutions found
    /// there.
    pub above: Total,
}

/// One part, as a line of a parts file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Its rank in the order of the search, from 0.
    pub id: usize,
    /// The problem it is a part of.
    pub fingerprint: Fingerprint,
    /// The level of the cut (the length of `prefix`).
    pub depth: usize,
    /// The options chosen from the root down to the part, as indices into the problem.
    pub prefix: Vec<usize>,
}

/// The result of one part, as a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartResult {
    /// The part's id.
    pub id: usize,
    /// The problem it is a part of.
    pub fingerprint: Fingerprint,
    /// The solutions in the part.
    pub count: u128,
    /// The nodes of the part's search (the root of the part included).
    pub nodes: u128,
    /// The updates of the part's search.
    pub updates: u128,
    /// The cleansings of the part's search (problems with colors; absent from JSON when 0).
    #[serde(default, skip_serializing_if = "crate::parallel::is_zero")]
    pub cleansings: u128,
    /// The wall-clock time of the part's search.
    pub seconds: f64,
}

impl PartResult {
    /// The count and statistics, without the time.
    pub fn total(&self) -> Total {
        Total {
            solutions: self.count,
            nodes: self.nodes,
            updates: self.updates,
            cleansings: self.cleansings,
        }
    }

    /// The result as one line of JSON, with its newline: what a results file holds.
    pub fn to_line(&self) -> String {
        let mut line = serde_json::to_string(self).expect("a result serializes");
        line.push('\n');
        line
    }
}

/// A mistake in a parts or results file, with the line it was found on (from 1).
#[derive(Debug, Error)]
pub enum ReadError {
    /// The file could not be read.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A line is not the JSON object expected there.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// The line.
        line: usize,
        /// The column of the mistake, from 1 (in bytes).
        column: usize,
        /// What serde_json says is wrong.
        message: String,
    },
    /// A parts file without its header line.
    #[error("the file is empty: a parts file starts with its header line")]
    NoHeader,
    /// A part out of place: the parts of a parts file come in id order.
    #[error("line {line}: part {found} where part {expected} should be")]
    OutOfOrder {
        /// The line.
        line: usize,
        /// The id expected there.
        expected: usize,
        /// The id found.
        found: usize,
    },
    /// A part that disagrees with the header (fingerprint or depth) or with itself (a prefix
    /// whose length is not the depth).
    #[error("line {line}: part {id} {what}")]
    Inconsistent {
        /// The line.
        line: usize,
        /// The part.
        id: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// Fewer or more parts than the header announces.
    #[error("the header announces {announced} parts, but {found} follow it")]
    PartCount {
        /// The header's count.
        announced: usize,
        /// The parts found.
        found: usize,
    },
}

/// Parses one line as a `T`, with the line number in the error.
fn parse_line<T: serde::de::DeserializeOwned>(line: usize, text: &str) -> Result<T, ReadError> {
    serde_json::from_str(text).map_err(|e| ReadError::Json {
        line,
        column: e.column(),
        message: e.to_string(),
    })
}

/// The lines of `input` that are not blank, with their numbers from 1.
fn numbered_lines(input: impl BufRead) -> impl Iterator<Item = Result<(usize, String), ReadError>> {
    input
        .lines()
        .enumerate()
        .map(|(k, line)| Ok((k + 1, line?)))
        .filter(|line| !matches!(line, Ok((_, text)) if text.trim().is_empty()))
}

/// One line of a results file.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultLine {
    /// A result.
    Done(PartResult),
    /// Not valid JSON: a line cut off by a crash (a torn write), which holds no result. Its
    /// part, if it has no other result, counts as missing and is solved again.
    Torn,
}

/// Reads a results file: each line that is not blank, with its number (from 1).
///
/// # Errors
/// A line that is valid JSON but not a result (a missing field, a count that is not a
/// number, a line of a parts file) is a [`ReadError::Json`]; so is a failure to read.
pub fn read_results(
    input: impl BufRead,
) -> impl Iterator<Item = Result<(usize, ResultLine), ReadError>> {
    numbered_lines(input).map(|line| {
        let (number, text) = line?;
        if serde_json::from_str::<serde::de::IgnoredAny>(&text).is_err() {
            return Ok((number, ResultLine::Torn));
        }
        Ok((number, ResultLine::Done(parse_line(number, &text)?)))
    })
}

// ---------------------------------------------------------------- the split

/// A cut of one problem's search tree into parts: a [`Header`] and the parts' prefixes.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dancing::parts::{Ledger, Split, solve_parts};
/// let problem = dancing::problems::queens(8);
/// let split = Split::new(&problem, 20, &AtomicBool::new(false))?;
/// assert!(split.len() >= 20);
/// let mut ledger = Ledger::new(split.header().clone());
/// let ids: Vec<usize> = (0..split.len()).collect();
/// let results = std::sync::Mutex::new(Vec::new());
/// solve_parts(&problem, &split, &ids, 2, &AtomicBool::new(false), |result| {
///     results.lock().unwrap().push(result);
///     std::ops::ControlFlow::Continue(())
/// })?;
/// for result in results.into_inner().unwrap() {
///     ledger.record(result, "memory")?;
/// }
/// assert_eq!(ledger.total()?.solutions, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    header: Header,
    /// The prefix of part `id` at index `id`.
    prefixes: Vec<Vec<usize>>,
}

impl Split {
    /// Splits the tree of `problem` at the shallowest level with at least `min_parts` parts.
    /// A tree with fewer nodes than that at every level is searched whole by the split, and
    /// has no part: its header holds the whole count.
    ///
    /// # Errors
    /// [`Stopped`] if `stop` was raised first.
    pub fn new(problem: &Problem, min_parts: usize, stop: &AtomicBool) -> Result<Split, Stopped> {
        let cut = Cut::first_with(&Solver::new(problem), min_parts, stop)?;
        Ok(Split::from_cut(Fingerprint::of(problem), cut))
    }

    /// Splits the tree of `problem` at level `depth` (0: one part, the whole tree).
    ///
    /// # Errors
    /// [`Stopped`] if `stop` was raised first.
    pub fn at_depth(problem: &Problem, depth: usize, stop: &AtomicBool) -> Result<Split, Stopped> {
        let cut = Cut::at(&Solver::new(problem), depth, stop)?;
        Ok(Split::from_cut(Fingerprint::of(problem), cut))
    }

    fn from_cut(fingerprint: Fingerprint, cut: Cut) -> Split {
        Split {
            header: Header {
                fingerprint,
                depth: cut.depth,
                parts: cut.subtrees.len(),
                above: cut.above,
            },
            prefixes: cut.subtrees,
        }
    }

    /// The header: the problem, the cut and the work above it.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The number of parts.
    pub fn len(&self) -> usize {
        self.prefixes.len()
    }

    /// Whether there is no part (the whole tree lies above the cut).
    pub fn is_empty(&self) -> bool {
        self.prefixes.is_empty()
    }

    /// Part `id`.
    ///
    /// # Panics
    /// If `id >= self.len()`.
    pub fn part(&self, id: usize) -> Part {
        Part {
            id,
            fingerprint: self.header.fingerprint,
            depth: self.header.depth,
            prefix: self.prefixes[id].clone(),
        }
    }

    /// Writes the parts file: the header, then one line per part.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        serde_json::to_writer(&mut out, &self.header)?;
        writeln!(out)?;
        for id in 0..self.len() {
            serde_json::to_writer(&mut out, &self.part(id))?;
            writeln!(out)?;
        }
        out.flush()
    }

    /// Reads a parts file, checking that its parts come in id order, agree with the header
    /// and are as many as it says. (Whether they are parts of a given problem's tree is for
    /// [`Split::check`].)
    ///
    /// # Errors
    /// [`ReadError`], with the line of the mistake.
    pub fn read_from(input: impl BufRead) -> Result<Split, ReadError> {
        let mut lines = numbered_lines(input);
        let (number, text) = lines.next().ok_or(ReadError::NoHeader)??;
        let header: Header = parse_line(number, &text)?;
        let mut prefixes = Vec::with_capacity(header.parts.min(1 << 20));
        for line in lines {
            let (line, text) = line?;
            let part: Part = parse_line(line, &text)?;
            let inconsistent = |what| ReadError::Inconsistent {
                line,
                id: part.id,
                what,
            };
            if part.id != prefixes.len() {
                return Err(ReadError::OutOfOrder {
                    line,
                    expected: prefixes.len(),
                    found: part.id,
                });
            }
            if part.fingerprint != header.fingerprint {
                return Err(inconsistent("has another fingerprint than the header"));
            }
            if part.depth != header.depth || part.prefix.len() != header.depth {
                return Err(inconsistent("is not at the depth of the header"));
            }
            prefixes.push(part.prefix);
        }
        if prefixes.len() != header.parts {
            return Err(ReadError::PartCount {
                announced: header.parts,
                found: prefixes.len(),
            });
        }
        Ok(Split { header, prefixes })
    }

    /// Checks that this is a split of `problem` as this engine searches it: the fingerprint
    /// is the problem's, and cutting its tree at the same depth gives the same parts and the
    /// same work above the cut. This searches the levels above the cut again.
    ///
    /// # Errors
    /// [`CheckError`].
    pub fn check(&self, problem: &Problem, stop: &AtomicBool) -> Result<(), CheckError> {
        let fingerprint = Fingerprint::of(problem);
        if fingerprint != self.header.fingerprint {
            return Err(CheckError::OtherProblem {
                split: self.header.fingerprint,
                problem: fingerprint,
            });
        }
        let cut = Cut::at(&Solver::new(problem), self.header.depth, stop)?;
        if Split::from_cut(fingerprint, cut) != *self {
            return Err(CheckError::OtherTree);
        }
        Ok(())
    }
}

/// A split that is not one of the given problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The split is of another problem.
    #[error("the parts are of another problem (fingerprint {split}; this one's is {problem})")]
    OtherProblem {
        /// The split's fingerprint.
        split: Fingerprint,
        /// The problem's.
        problem: Fingerprint,
    },
    /// The fingerprint is the problem's, but its tree is cut elsewhere: the split was made by
    /// an engine that searches another tree (another version of this crate).
    #[error(
        "the parts do not match this problem's search tree (split by another version of the \
         engine?)"
    )]
    OtherTree,
    /// Stopped by the flag while searching above the cut.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

// ---------------------------------------------------------------- solving

/// Why [`solve_parts`] stopped before solving every part it was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The split is not one of the problem (see [`Split::check`]).
    #[error(transparent)]
    Check(#[from] CheckError),
    /// The stop flag was raised, or `done` asked to stop; the parts then in progress were
    /// abandoned, and no result of theirs was given to `done`.
    #[error("stopped before every part was solved")]
    Stopped,
}

/// Solves the parts `ids` of `split` on `jobs` threads (at least one), and gives each result
/// to `done` as soon as its part is finished, from the thread that solved it. The split is
/// first checked against `problem` ([`Split::check`]).
///
/// Each thread looks at `stop` every [`crate::parallel::PAUSE_NODES`] nodes; when it is raised,
/// or when `done` breaks, the parts in progress are abandoned and no other is started.
///
/// # Errors
/// [`SolveError`].
///
/// # Panics
/// If an id is not a part of `split`, or the thread pool cannot be created.
pub fn solve_parts(
    problem: &Problem,
    split: &Split,
    ids: &[usize],
    jobs: usize,
    stop: &AtomicBool,
    done: impl Fn(PartResult) -> ControlFlow<()> + Sync,
) -> Result<(), SolveError> {
    split.check(problem, stop)?;
    let pristine = Solver::new(problem);
    let halt = AtomicBool::new(false);
    let halted = || stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .expect("a thread pool");
    pool.install(|| {
        ids.par_iter().try_for_each_init(
            || pristine.clone(),
            |solver, &id| {
                if halted() {
                    return Err(SolveError::Stopped);
                }
                let start = Instant::now();
                let stats = count_subtree(solver, &split.prefixes[id], stop, None)
                    .map_err(|_| SolveError::Stopped)?;
                let result = PartResult {
                    id,
                    fingerprint: split.header.fingerprint,
                    count: stats.solutions.into(),
                    nodes: stats.nodes.into(),
                    updates: stats.updates.into(),
                    cleansings: stats.cleansings.into(),
                    seconds: start.elapsed().as_secs_f64(),
                };
                if done(result).is_break() {
                    halt.store(true, Ordering::Relaxed);
                    return Err(SolveError::Stopped);
                }
                Ok(())
            },
        )
    })
}

// ---------------------------------------------------------------- merging

/// The results of one split's parts, checked as they come: the merge.
///
/// Every result must carry the split's fingerprint and the id of one of its parts; a part may
/// have several results (a part solved twice, after a crash) only if they agree. The origin
/// given with each result (a file and a line, say) names it in errors.
#[derive(Clone, Debug)]
pub struct Ledger {
    header: Header,
    results: Vec<Option<(PartResult, String)>>,
    done: usize,
}

impl Ledger {
    /// An empty ledger for the split with this header.
    pub fn new(header: Header) -> Ledger {
        Ledger {
            results: vec![None; header.parts],
            header,
            done: 0,
        }
    }

    /// The header of the split.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Records a result, found at `origin`.
    ///
    /// # Errors
    /// [`MergeError`] for a result of another problem, of a part the split does not have, or
    /// that disagrees with an earlier result of its part; the ledger is left as it was.
    pub fn record(
        &mut self,
        result: PartResult,
        origin: impl Into<String>,
    ) -> Result<(), MergeError> {
        let origin = origin.into();
        if result.fingerprint != self.header.fingerprint {
            return Err(MergeError::OtherProblem {
                origin,
                found: result.fingerprint,
                expected: self.header.fingerprint,
            });
        }
        let parts = self.header.parts;
        let Some(slot) = self.results.get_mut(result.id) else {
            return Err(MergeError::NoSuchPart {
                origin,
                id: result.id,
                parts,
            });
        };
        match slot {
            None => {
                *slot = Some((result, origin));
                self.done += 1;
                Ok(())
            }
            Some((first, _)) if first.total() == result.total() => Ok(()),
            Some((first, first_origin)) => Err(MergeError::Conflict {
                id: result.id,
                first: Box::new((first.total(), first_origin.clone())),
                second: Box::new((result.total(), origin)),
            }),
        }
    }

    /// Whether part `id` has a result.
    pub fn is_done(&self, id: usize) -> bool {
        self.results.get(id).is_some_and(Option::is_some)
    }

    /// The number of parts with a result.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The parts without a result, in id order.
    pub fn missing(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.results.len()).filter(|&id| self.results[id].is_none())
    }

    /// The results recorded, one per part that has one, in id order.
    pub fn results(&self) -> impl Iterator<Item = &PartResult> + '_ {
        self.results.iter().flatten().map(|(result, _)| result)
    }

    /// The count and statistics of the whole tree: the work above the cut plus every part's.
    ///
    /// # Errors
    /// [`Incomplete`] if some part has no result.
    pub fn total(&self) -> Result<Total, Incomplete> {
        if self.done < self.header.parts {
            return Err(Incomplete {
                missing: self.missing().collect(),
                parts: self.header.parts,
            });
        }
        Ok(self.header.above + self.results().map(PartResult::total).sum())
    }
}

/// A result that the [`Ledger`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// A result of another problem.
    #[error("{origin}: a result of another problem (fingerprint {found}, not {expected})")]
    OtherProblem {
        /// Where the result came from.
        origin: String,
        /// Its fingerprint.
        found: Fingerprint,
        /// The split's.
        expected: Fingerprint,
    },
    /// A result of a part that the split does not have.
    #[error("{origin}: a result of part {id}, but the split has only {parts} parts")]
    NoSuchPart {
        /// Where the result came from.
        origin: String,
        /// Its id.
        id: usize,
        /// The split's number of parts.
        parts: usize,
    },
    /// Two results of one part that differ.
    #[error(
        "part {id} has two different results: {} solutions, {} nodes, {} updates at {}, and \
         {} solutions, {} nodes, {} updates at {}",
        first.0.solutions, first.0.nodes, first.0.updates, first.1,
        second.0.solutions, second.0.nodes, second.0.updates, second.1
    )]
    Conflict {
        /// The part.
        id: usize,
        /// The first result and its origin.
        first: Box<(Total, String)>,
        /// The second result and its origin.
        second: Box<(Total, String)>,
    },
}

/// Some parts have no result yet.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} of {parts} parts have no result: {}", missing.len(), ranges(missing))]
pub struct Incomplete {
    /// The parts without a result, in id order.
    pub missing: Vec<usize>,
    /// The number of parts of the split.
    pub parts: usize,
}

/// Ids in increasing order, written as ranges: `0-4, 7, 9-10`.
pub fn ranges(ids: &[usize]) -> String {
    let mut out = Vec::new();
    let mut k = 0;
    while k < ids.len() {
        let mut end = k;
        while end + 1 < ids.len() && ids[end + 1] == ids[end] + 1 {
            end += 1;
        }
        out.push(if end == k {
            ids[k].to_string()
        } else {
            format!("{}-{}", ids[k], ids[end])
        });
        k = end + 1;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{langford, queens};

    static GO: AtomicBool = AtomicBool::new(false);

    #[test]
    fn fnv1a_128_gives_the_published_test_vectors() {
        // draft-eastlake-fnv, appendix C.
        assert_eq!(fnv1a_128(b""), 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d);
        assert_eq!(fnv1a_128(b"a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
        assert_eq!(
            fnv1a_128(b"foobar"),
            0x343e_1662_793c_64bf_6f0d_3597_ba44_6f18
        );
    }

    #[test]
    fn fingerprints_tell_apart_problems_that_differ_in_one_item() {
        let build = |primary, options: &[&[usize]]| {
            let mut b = crate::ProblemBuilder::new(primary, 3 - primary);
            for option in options {
                b.option(option.iter().copied()).unwrap();
            }
            Fingerprint::of(&b.build().unwrap())
        };
        let base = build(2, &[&[0, 1], &[1, 2]]);
        assert_eq!(base, build(2, &[&[0, 1], &[1, 2]]));
        assert_ne!(
            base,
            build(3, &[&[0, 1], &[1, 2]]),
            "another secondary item"
        );
        assert_ne!(base, build(2, &[&[0, 1], &[0, 2]]), "another item");
        assert_ne!(
            base,
            build(2, &[&[1, 2], &[0, 1]]),
            "options in another order"
        );
        assert_ne!(
            base,
            build(2, &[&[1, 0], &[1, 2]]),
            "items in another order"
        );
        assert!("0123".parse::<Fingerprint>().is_err());
        assert!("g".repeat(32).parse::<Fingerprint>().is_err());
    }

    /// Solves every part of `split` on `jobs` threads and merges the results.
    fn solve_all(problem: &Problem, split: &Split, jobs: usize) -> Total {
        let ids: Vec<usize> = (0..split.len()).collect();
        let ledger = std::sync::Mutex::new(Ledger::new(split.header().clone()));
        solve_parts(problem, split, &ids, jobs, &GO, |result| {
            ledger.lock().unwrap().record(result, "test").unwrap();
            ControlFlow::Continue(())
        })
        .unwrap();
        ledger.into_inner().unwrap().total().unwrap()
    }

    fn sequential(problem: &Problem) -> Total {
        let mut solver = Solver::new(problem);
        solver.count(None).unwrap();
        solver.stats().into()
    }

    #[test]
    fn the_parts_and_the_work_above_the_cut_add_up_to_one_search() {
        for problem in [
            queens(1),
            queens(3),
            queens(6),
            queens(8),
            langford(7, false),
        ] {
            let whole = sequential(&problem);
            for min_parts in [0, 1, 2, 10, 100, 1000] {
                let split = Split::new(&problem, min_parts, &GO).unwrap();
                assert!(split.is_empty() || split.len() >= min_parts);
                assert_eq!(solve_all(&problem, &split, 2), whole, "{min_parts} parts");
            }
        }
    }

    #[test]
    fn a_split_is_deterministic_and_survives_its_file() {
        let problem = queens(7);
        let split = Split::new(&problem, 30, &GO).unwrap();
        assert_eq!(split, Split::new(&problem, 30, &GO).unwrap());
        let mut file = Vec::new();
        split.write_to(&mut file).unwrap();
        let read = Split::read_from(&file[..]).unwrap();
        assert_eq!(read, split);
        assert_eq!(read.check(&problem, &GO), Ok(()));
        let text = String::from_utf8(file).unwrap();
        assert_eq!(text.lines().count(), split.len() + 1);
    }

    #[test]
    fn a_split_of_another_problem_or_another_tree_is_refused() {
        let split = Split::new(&queens(6), 10, &GO).unwrap();
        assert!(matches!(
            split.check(&queens(7), &GO),
            Err(CheckError::OtherProblem { .. })
        ));
        let mut moved = split.clone();
        moved.prefixes.swap(0, 1);
        assert_eq!(moved.check(&queens(6), &GO), Err(CheckError::OtherTree));
        let ids = [0];
        let solved = solve_parts(&queens(6), &moved, &ids, 1, &GO, |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(solved, Err(SolveError::Check(CheckError::OtherTree)));
    }

    #[test]
    fn reading_a_parts_file_checks_order_count_and_agreement_with_the_header() {
        let split = Split::new(&queens(5), 4, &GO).unwrap();
        let mut file = Vec::new();
        split.write_to(&mut file).unwrap();
        let text = String::from_utf8(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let read = |lines: &[&str]| Split::read_from(lines.join("\n").as_bytes());
        assert!(matches!(read(&[]), Err(ReadError::NoHeader)));
        assert!(matches!(
            read(&lines[..lines.len() - 1]),
            Err(ReadError::PartCount { .. })
        ));
        let mut swapped = lines.clone();
        swapped.swap(1, 2);
        assert!(matches!(
            read(&swapped),
            Err(ReadError::OutOfOrder {
                line: 2,
                expected: 0,
                found: 1
            })
        ));
        let mut bad = lines.clone();
        bad[1] = r#"{"id":0,"fingerprint":"x","depth":1,"prefix":[]}"#;
        assert!(matches!(read(&bad), Err(ReadError::Json { line: 2, .. })));
    }

    fn result(id: usize, fingerprint: Fingerprint, count: u128) -> PartResult {
        PartResult {
            id,
            fingerprint,
            count,
            nodes: count + 1,
            updates: 2 * count,
            cleansings: 0,
            seconds: 0.5,
        }
    }

    #[test]
    fn the_ledger_refuses_foreign_unknown_and_conflicting_results_and_lists_the_missing() {
        let fingerprint = Fingerprint(7);
        let mut ledger = Ledger::new(Header {
            fingerprint,
            depth: 2,
            parts: 5,
            above: Total::default(),
        });
        ledger.record(result(1, fingerprint, 3), "a:1").unwrap();
        ledger.record(result(1, fingerprint, 3), "b:1").unwrap();
        assert!(matches!(
            ledger.record(result(2, Fingerprint(8), 3), "a:2"),
            Err(MergeError::OtherProblem { .. })
        ));
        assert!(matches!(
            ledger.record(result(5, fingerprint, 3), "a:3"),
            Err(MergeError::NoSuchPart { id: 5, .. })
        ));
        let conflict = ledger.record(result(1, fingerprint, 4), "b:2").unwrap_err();
        assert!(conflict.to_string().contains("at a:1"), "{conflict}");
        assert!(conflict.to_string().contains("at b:2"), "{conflict}");
        ledger.record(result(4, fingerprint, 0), "a:4").unwrap();
        let incomplete = ledger.total().unwrap_err();
        assert_eq!(incomplete.missing, [0, 2, 3]);
        assert_eq!(
            incomplete.to_string(),
            "3 of 5 parts have no result: 0, 2-3"
        );
        assert_eq!(ledger.done(), 2);
    }

    #[test]
    fn counts_past_two_to_the_64_add_up_exactly_and_survive_their_lines() {
        let fingerprint = Fingerprint(1);
        let big = u128::from(u64::MAX);
        let mut ledger = Ledger::new(Header {
            fingerprint,
            depth: 1,
            parts: 3,
            above: Total {
                solutions: 1,
                nodes: 1,
                updates: 1,
                cleansings: 0,
            },
        });
        for id in 0..3 {
            let line = result(id, fingerprint, big).to_line();
            let read: Vec<_> = read_results(line.as_bytes()).collect();
            let [Ok((1, ResultLine::Done(back)))] = &read[..] else {
                panic!("{read:?}");
            };
            ledger.record(back.clone(), "line").unwrap();
        }
        let total = ledger.total().unwrap();
        assert_eq!(total.solutions, 3 * big + 1);
        assert_eq!(total.solutions.to_string(), "55340232221128654846");
        assert_eq!(total.nodes, 3 * (big + 1) + 1);
    }

    #[test]
    fn torn_lines_are_told_apart_from_wrong_ones() {
        let whole = result(0, Fingerprint(1), 5).to_line();
        let torn = &whole[..whole.len() / 2];
        let text = format!("{torn}{whole}\n{whole}{torn}");
        let lines: Vec<_> = read_results(text.as_bytes())
            .map(|line| line.map(|(n, l)| (n, matches!(l, ResultLine::Torn))))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(lines, [(1, true), (3, false), (4, true)]);
        let wrong = r#"{"id":0,"fingerprint":"00000000000000000000000000000001"}"#;
        let read: Vec<_> = read_results(wrong.as_bytes()).collect();
        assert!(matches!(read[..], [Err(ReadError::Json { line: 1, .. })]));
    }

    #[test]
    fn ranges_are_compact() {
        assert_eq!(ranges(&[]), "");
        assert_eq!(ranges(&[3]), "3");
        assert_eq!(ranges(&[0, 1, 2, 4, 6, 7]), "0-2, 4, 6-7");
    }
}
