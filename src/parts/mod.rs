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
//! # Which tree
//! The tree cut is that of a search whose statistics are reported,
//! [`crate::Engine::for_stats`] of [`crate::Engine::Auto`]: the tree `dancing cover --count
//! --stats` searches, so that the parts add up to its nodes and updates. That is Knuth's
//! (DLX1, DLX2, or DLX3 on the links for problems with multiplicities), or the learning
//! engine's where `Auto` runs it; never the band engine's or SSMCC's, whose statistics no
//! search with `--stats` reports.
//!
//! # With the group
//! [`Split::with_symmetry`] splits a count with the problem's symmetry group
//! ([`crate::symmetry::Pieces`]): the parts are the pieces of its walk, each with a `weight`
//! (the product of the orbits' sizes on its way), which a part's count is multiplied by before
//! it is written; the header says the order of the group used (`"symmetry":8`) and holds the
//! solutions met above the parts, weighted, with no nodes (the walk is no search of Knuth's
//! tree); its `depth` is the rounds of plain branching below the walk, and each part's the
//! length of its own prefix. The results add up to the total as a plain split's do, but their
//! nodes and updates are those of the engine's searches below the parts. A part without a
//! weight in such a file, or with one in a plain file, is refused.
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
//! {"fingerprint":"6f1d…","depth":3,"parts":2192,"above":{"count":0,…},"check":"9a0c…"}
//! {"id":0,"fingerprint":"6f1d…","depth":3,"prefix":[16,345,1010],"check":"41e7…"}
//! ```
//! A *results file*: one line per finished part, in any order:
//! ```text
//! {"id":0,"fingerprint":"6f1d…","count":3,"nodes":1480,…,"seconds":0.002,"check":"c3b2…"}
//! ```
//! Every line ends with a checksum of the rest of it (`file.rs` says how), so a count edited
//! by hand or a bit flipped on a disk is refused with its line named, never summed; a line
//! without one (a file of an older `dancing`) is refused as such. The readers take regular
//! files only and lines of at most [`MAX_LINE_BYTES`].
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
//!
//! # Files
//! This file owns what every other one speaks of: the [`Fingerprint`] and the lines of the
//! files ([`Header`], [`Part`], [`PartResult`]). `plan.rs` (the cut: [`Split`]) and
//! `merge.rs` (the [`Ledger`]) import from it alone; `file.rs` (reading and writing the
//! files) and `run.rs` (solving parts) import from it and from `plan.rs`. No two of them
//! import each other both ways.

mod file;
mod merge;
mod plan;
mod run;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use self::file::{
    MAX_LINE_BYTES, ReadError, ResultLine, open_regular, read_results, refuse_special,
};
pub use self::merge::{Incomplete, Ledger, MergeError, ranges};
pub use self::plan::{CheckError, Split};
pub use self::run::{SolveError, solve_parts, solve_parts_by_memo};
use crate::parallel::Total;
use crate::{Count, Problem};

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
    /// For a split of a count with the group ([`Split::with_symmetry`]): the order of the
    /// group used (1 where it used none). Absent from JSON otherwise, as in the files of a
    /// `dancing` from before symmetry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<u64>,
}

impl Header {
    /// Whether the split is of a count with the group ([`Split::with_symmetry`]).
    pub fn has_symmetry(&self) -> bool {
        self.symmetry.is_some()
    }
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
    /// In a split of a count with the group, the number its count is multiplied by: the
    /// product of the orbits' sizes on the way to it. Absent from JSON otherwise (weight 1),
    /// as in the files of a `dancing` from before symmetry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u64>,
}

/// The result of one part, as a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartResult {
    /// The part's id.
    pub id: usize,
    /// The problem it is a part of.
    pub fingerprint: Fingerprint,
    /// The solutions in the part (exact: the part was searched to its end).
    pub count: Count,
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
            solutions: self.count.clone(),
            nodes: self.nodes,
            updates: self.updates,
            cleansings: self.cleansings,
        }
    }

    /// The result as one line of JSON with its checksum, and its newline: what a results
    /// file holds.
    pub fn to_line(&self) -> String {
        file::checked_line(self)
    }
}

#[cfg(test)]
mod tests;
