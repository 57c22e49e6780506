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
mod tests {
    use std::ops::ControlFlow;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Solver;
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

    /// A random problem with bounds on its primary items (one to four, lower bound 0 to 2,
    /// upper bound up to two more), up to two secondary items with three colors, and three to
    /// nine options of one to three items.
    fn random_bounded(rng: &mut crate::rng::Rng) -> Problem {
        let (primary, secondary) = (1 + rng.below(4), rng.below(3));
        let mut b = crate::ProblemBuilder::new(primary, secondary);
        for i in 0..primary {
            let lower = rng.below(3) as u32;
            b.bounds(i, lower, (lower + rng.below(3) as u32).max(1))
                .unwrap();
        }
        for _ in 0..3 + rng.below(7) {
            let mut items: Vec<usize> = (0..primary + secondary).collect();
            rng.shuffle(&mut items);
            items.truncate(1 + rng.below(3));
            let colored = items.into_iter().map(|i| {
                let color = rng.below(4) as u32;
                (i, Some(color).filter(|&c| c < 3 && i >= primary))
            });
            b.colored_option(colored).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn the_parts_of_problems_with_bounds_add_up_to_one_search_of_knuths_tree() {
        let mut rng = crate::rng::Rng::new(51);
        for _ in 0..400 {
            let problem = random_bounded(&mut rng);
            let mut links = Solver::with_engine(&problem, crate::Engine::Links);
            links.count(None).unwrap();
            let whole = Total::from(links.stats());
            for min_parts in [1, 2, 3, 5, 10] {
                let split = Split::new(&problem, min_parts, &GO).unwrap();
                assert_eq!(split.check(&problem, &GO), Ok(()), "{min_parts} parts");
                let again = Split::at_depth(&problem, split.header().depth, &GO).unwrap();
                assert_eq!(again, split, "{min_parts} parts");
                assert_eq!(
                    solve_all(&problem, &split, 1),
                    whole,
                    "{min_parts} parts of\n{}",
                    crate::knuth::write(&problem)
                );
            }
        }
    }

    #[test]
    fn weighted_parts_with_the_group_add_up_to_the_count_and_survive_their_file() {
        for problem in [
            queens(1),
            queens(3),
            queens(6),
            queens(8),
            langford(7, false),
        ] {
            let mut solver = Solver::new(&problem);
            let count = solver.count(None).unwrap();
            for min_parts in [0, 1, 5, 40, 300] {
                let split = Split::with_symmetry(&problem, min_parts).unwrap();
                assert!(split.header().has_symmetry());
                let mut file = Vec::new();
                split.write_to(&mut file).unwrap();
                let read = Split::read_from(&file[..]).unwrap();
                assert_eq!(read, split);
                assert_eq!(read.check(&problem, &GO), Ok(()));
                let again = Split::remade(&problem, split.header(), &GO).unwrap();
                assert_eq!(again, split, "{min_parts} parts");
                assert_eq!(
                    solve_all(&problem, &split, 2).solutions,
                    count,
                    "{min_parts} parts"
                );
            }
        }
        let split = Split::with_symmetry(&queens(6), 4).unwrap();
        assert!(matches!(
            split.check(&queens(7), &GO),
            Err(CheckError::OtherProblem { .. })
        ));
    }

    #[test]
    fn a_part_without_its_weight_or_with_one_it_should_not_have_is_refused_with_its_line() {
        let weighted = Split::with_symmetry(&queens(6), 4).unwrap();
        let plain = Split::new(&queens(6), 4, &GO).unwrap();
        for (split, weight) in [(weighted, None), (plain, Some(3))] {
            let mut file = Vec::new();
            split.write_to(&mut file).unwrap();
            let text = String::from_utf8(file).unwrap();
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            let mut part = split.part(1);
            part.weight = weight;
            // A line with a valid checksum: the weight's absence, not the checksum, refused.
            lines[2] = file::checked_line(&part).trim_end().to_string();
            let read = Split::read_from(lines.join("\n").as_bytes());
            assert!(
                matches!(read, Err(ReadError::Inconsistent { line: 3, id: 1, .. })),
                "{read:?}"
            );
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
        let line = file::checked_line(&serde_json::json!({"id": 0, "fingerprint": "x"}));
        bad[1] = line.trim_end();
        assert!(matches!(read(&bad), Err(ReadError::Json { line: 2, .. })));
    }

    #[test]
    fn an_edited_or_damaged_line_is_refused_by_its_checksum_with_its_line_named() {
        let split = Split::new(&queens(6), 4, &GO).unwrap();
        let mut file = Vec::new();
        split.write_to(&mut file).unwrap();
        let results: String = (0..3)
            .map(|id| result(id, Fingerprint(1), 1).to_line())
            .collect();
        for (k, text) in [String::from_utf8(file).unwrap(), results]
            .iter()
            .enumerate()
        {
            let lines: Vec<&str> = text.lines().collect();
            for line in 0..lines.len() {
                // Each byte of the line changed in turn, to another digit or letter (which
                // keeps the JSON valid where it was a digit).
                for at in 0..lines[line].len() {
                    let mut bytes = lines[line].as_bytes().to_vec();
                    bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
                    let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                    edited[line] = String::from_utf8(bytes).unwrap();
                    let edited = edited.join("\n");
                    let error = if k == 0 {
                        Split::read_from(edited.as_bytes()).err()
                    } else {
                        read_results(edited.as_bytes()).find_map(Result::err)
                    };
                    let named = match error {
                        Some(
                            ReadError::BadChecksum { line }
                            | ReadError::NoChecksum { line }
                            | ReadError::Json { line, .. },
                        ) => line,
                        // A results line that is no longer JSON reads as torn, never summed.
                        None if k == 1 => {
                            let torn = read_results(edited.as_bytes())
                                .filter(|l| matches!(l, Ok((_, ResultLine::Torn))))
                                .count();
                            assert_eq!(torn, 1, "{edited}");
                            continue;
                        }
                        other => panic!("line {line} byte {at}: {other:?}"),
                    };
                    assert_eq!(named, line + 1, "byte {at}: {edited}");
                }
            }
        }
    }

    #[test]
    fn a_count_that_is_a_bound_is_refused_even_with_its_checksum() {
        let mut bound = result(0, Fingerprint(1), 52);
        bound.count = Count::from_search(52, Some(52));
        let line = bound.to_line();
        let read: Vec<_> = read_results(line.as_bytes()).collect();
        assert!(matches!(read[..], [Err(ReadError::Bound { line: 1, .. })]));
        let header = Header {
            fingerprint: Fingerprint(1),
            depth: 1,
            parts: 0,
            above: Total {
                solutions: Count::from_search(52, Some(52)),
                ..Total::default()
            },
            symmetry: None,
        };
        let text = header.to_line();
        assert!(matches!(
            Header::from_line(1, &text),
            Err(ReadError::Bound { line: 1, .. })
        ));
        assert!(matches!(
            Split::read_from(text.as_bytes()),
            Err(ReadError::Bound { line: 1, .. })
        ));
    }

    #[test]
    fn a_line_longer_than_the_bound_is_refused_without_reading_it_whole() {
        let long = format!("{{\"id\":0{}}}\n", " ".repeat(MAX_LINE_BYTES));
        let read: Vec<_> = read_results(long.as_bytes()).collect();
        assert!(matches!(
            read[..],
            [Err(ReadError::NotALine { line: 1, .. })]
        ));
        assert!(matches!(
            Split::read_from(long.as_bytes()),
            Err(ReadError::NotALine { line: 1, .. })
        ));
    }

    fn result(id: usize, fingerprint: Fingerprint, count: u128) -> PartResult {
        PartResult {
            id,
            fingerprint,
            count: count.into(),
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
            symmetry: None,
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
                solutions: Count::exact(1u32),
                nodes: 1,
                updates: 1,
                cleansings: 0,
            },
            symmetry: None,
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
        assert_eq!(total.solutions, Count::exact(3 * big + 1));
        assert_eq!(total.solutions.to_string(), "55340232221128654846");
        assert_eq!(total.nodes, 3 * (big + 1) + 1);
    }

    #[test]
    fn counts_past_two_to_the_128_are_carried_by_their_lines_and_summed_to_the_last_digit() {
        let fingerprint = Fingerprint(1);
        let mut ledger = Ledger::new(Header {
            fingerprint,
            depth: 1,
            parts: 2,
            above: Total::default(),
            symmetry: None,
        });
        for id in 0..2 {
            let mut part = result(id, fingerprint, 1);
            part.count = Count::exact(u128::MAX) + Count::exact(id as u64);
            let line = part.to_line();
            let read: Vec<_> = read_results(line.as_bytes()).collect();
            let [Ok((1, ResultLine::Done(back)))] = &read[..] else {
                panic!("{read:?}");
            };
            assert_eq!(back.count, part.count, "{line}");
            ledger.record(back.clone(), "line").unwrap();
        }
        // (2^128 - 1) + 2^128 = 2^129 - 1.
        let total = ledger.total().unwrap().solutions;
        assert_eq!(total.to_string(), "680564733841876926926749214863536422911");
        assert!(total.is_exact());
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
        let wrong = file::checked_line(
            &serde_json::json!({"id": 0, "fingerprint": "00000000000000000000000000000001"}),
        );
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
