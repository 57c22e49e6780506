//! Counting by memo: Knuth's Algorithm Z ("dancing with decision diagrams", TAOCP 7.2.2.1,
//! after Nishino, Yasuda, Minato and Nagata's DXZ, AAAI 2017), the diagram of all solutions
//! it builds, and uniform samples drawn from that diagram.
//!
//! # Why a memo
//! Algorithm X visits every solution, so a count takes as long as the solutions are many.
//! But the completions of a partial solution depend only on which items it has covered (and,
//! for a secondary item, with which color), not on the options that covered them: two
//! branches of the search that leave the same items open have the same number of
//! completions. [`Memo`] counts each such *subproblem* once and keeps its count in a table
//! keyed on the state of the items, so that 16x16 domino tilings (about 2.4 x 10^30 of them)
//! take some hundreds of thousands of subproblems instead of 10^30 leaves.
//!
//! # Where it sits
//! This is not one of the engines of `engine` (the `Search` contract of Knuth's tree: a
//! resumable walk that stops at each solution, cut into subtrees by [`crate::parallel`]):
//! a memo never visits the solutions one by one, and its work is a directed acyclic graph,
//! not a tree. So it is a module of its own beside [`crate::parallel`] and
//! [`crate::restart`], on the same footing: it imports the [`Problem`], the shared vocabulary
//! of `search` ([`ForceError`]) and the crate's generator (`rng`), never [`crate::Solver`].
//!
//! # The search
//! Iterative, with an explicit stack of frames (one per subproblem being counted): enter a
//! state; if every primary item is covered it has one completion; if the table knows its key,
//! that is its count (a *hit*); otherwise choose an item ([`Choice`]), try each of its live
//! options in turn, add up the counts of the states they lead to, and record the sum under the
//! state's key. The state itself is `state.rs` (flat arrays and a trail), the table
//! `table.rs` (bounded, with eviction: counts stay exact), the numbers `tally.rs` (128 bits,
//! then arbitrary precision), the diagram `zdd.rs`.
//!
//! # Which item
//! The order of the items decides how many distinct subproblems there are. Measured
//! (subproblems; `--memo-choice`, see `docs/performance.md`):
//!
//! | problem | [`Choice::Mrv`] | [`Choice::MrvLast`] | [`Choice::Leftmost`] |
//! |---|---|---|---|
//! | dominoes 12x12 | 52,079 | 52,079 | 52,340 |
//! | dominoes 16x16 | 1,358,196 | 1,358,196 | 1,333,765 |
//! | langford-12-half | 690,190 | 384,460 | 1,948,601 |
//! | nqueens-13 | 940,074 | 1,607,643 | 3,314,141 |
//! | nqueens-12-primary | 999,733 | 2,950,600 | 694,521 |
//! | pentomino-6x10-xq | 574,887 | 570,980 | over 60 s |
//!
//! On boards whose cells are items in row order, every rule sweeps the board along its rows
//! and the open cells stay a staircase, so the three are within 2%. Elsewhere no rule wins
//! everywhere, but the leftmost item is the one that can lose without bound: it branches on
//! an item with many options while another has none left, where MRV sees the dead end at
//! once (the pentominoes). MRV with ties to the first item is the default: never far from
//! the best measured, and the rule of Knuth's programs, so the items' order in the input
//! (which the user controls) still steers it.

//! # Memory
//! The table holds at most about [`MemoConfig::max_bytes`] (a share of the machine's memory by
//! default, see [`default_max_bytes`]); each entry costs its key (a bit per item, and 32 bits
//! per secondary item when the problem has colors, and 64 per primary item when it has
//! multiplicities), its count and a few bytes of slots. When
//! the diagram is built ([`Memo::zdd`]), the table and the diagram get half of the bound
//! each: the table evicts, but the diagram keeps every node it made (the nodes are unique,
//! so it is the same diagram whatever the table evicts), and one that does not fit in its
//! half is refused ([`MemoError::DiagramTooLarge`]).

mod state;
mod table;
mod tally;
mod zdd;

use thiserror::Error;

pub use self::state::Choice;
use self::state::{Mark, NULL, State};
use self::table::Table;
use self::tally::Tally;
use self::zdd::{Builder, DiagramFull};
pub use self::zdd::{Paths, Samples, Zdd, ZddNode};
use crate::count::Count;
use crate::problem::Problem;
use crate::search::ForceError;

/// How much work goes by between two calls of the stop test: options chosen and killed
/// (a few nanoseconds each, so the test is asked every 0.1 ms or so, whatever a subproblem
/// costs: one frame may try 100,000 options).
const STOP_EVERY: u64 = 1 << 14;

/// Why [`Memo::new`] refused a problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem has multiplicities (bounds other than `1..=1`) and its parts are named
    /// by the choices of a tree with null moves or removals ([`crate::parts`]), which the
    /// memo does not replay: count such parts without the memo.
    #[error(
        "the problem has multiplicities (item bounds other than 1:1); the memo counts it \
         whole, but not its parts: count the parts without the memo"
    )]
    Multiplicities,
    /// The diagram of all solutions did not fit in its half of [`MemoConfig::max_bytes`].
    #[error(
        "the diagram of all solutions does not fit in {max_bytes} bytes (half the memo's \
         bound; and never in more than 2^32 - 3 nodes): given up after {nodes} nodes"
    )]
    DiagramTooLarge {
        /// The nodes made before it was given up.
        nodes: usize,
        /// The diagram's bound in bytes.
        max_bytes: usize,
    },
}

/// How a [`Memo`] counts: the size of its table and the choice of items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoConfig {
    /// The most bytes the memo table may hold (about: a vector that doubles may briefly take
    /// more); when full, its older entries are evicted (their subproblems are counted again if
    /// they come back: counts stay exact). When the diagram is built, the table and the
    /// diagram get half each.
    pub max_bytes: usize,
    /// How the item to branch on is chosen.
    pub choice: Choice,
}

impl Default for MemoConfig {
    fn default() -> Self {
        MemoConfig {
            max_bytes: default_max_bytes(),
            choice: Choice::default(),
        }
    }
}

/// The default bound of a memo table: an eighth of the machine's memory (as Linux reports it
/// in `/proc/meminfo`; 1 GiB where it cannot be read), at least 64 MiB. An eighth leaves room
/// for the other users of a shared machine and for the diagram, which is not in the table.
pub fn default_max_bytes() -> usize {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib.saturating_mul(1024))
        });
    total.map_or(1 << 30, |bytes| (bytes / 8).max(64 << 20))
}

/// The work of a count by memo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Subproblems counted (entered and not found in the table), each recorded in it.
    pub subproblems: u64,
    /// Subproblems found in the table.
    pub hits: u64,
    /// Entries dropped from the full table.
    pub evictions: u64,
    /// Options chosen (the edges of the search below the memo).
    pub choices: u64,
    /// The most bytes the table held.
    pub peak_bytes: usize,
    /// The entries of the table at the end.
    pub entries: usize,
    /// The nodes of the last diagram built (or given up), sinks aside.
    pub diagram_nodes: usize,
    /// The most bytes the diagrams held (their nodes and unique tables).
    pub diagram_peak_bytes: usize,
}

/// Why [`Memo::run`] ended without a count.
enum Halt {
    /// The stop test said yes.
    Stopped,
    /// The diagram passed its bound.
    Full(DiagramFull),
}

/// What the table keeps for a subproblem: its count, and its node in the diagram (0 when no
/// diagram is built, or the subproblem has no completion).
#[derive(Clone, Debug)]
struct Entry {
    count: Tally,
    node: u32,
}

/// A subproblem being counted: where its options (those live when it was entered) start in
/// the stack of options to try, the next of them, the sum so far and where its diagram
/// nodes' children start; `base` is where the trails stood when it was entered (before
/// [`State::enter`]), `mark` where they stand before its try.
struct Frame {
    item: usize,
    tries: usize,
    next: usize,
    base: Mark,
    mark: Mark,
    sum: Tally,
    children: usize,
}

/// Counts the solutions of a problem by memo (see the module docs), and builds their diagram.
///
/// ```
/// use dancing::ProblemBuilder;
/// use dancing::memo::{Memo, MemoConfig};
/// // The domino tilings of a 2x3 board: cells 0 1 2 / 3 4 5.
/// let mut b = ProblemBuilder::new(6, 0);
/// for pair in [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]] {
///     b.option(pair)?;
/// }
/// let mut memo = Memo::new(&b.build()?, MemoConfig::default())?;
/// assert_eq!(memo.count(), 3);
/// let zdd = memo.zdd()?;
/// assert_eq!(zdd.count(), 3);
/// assert_eq!(zdd.solutions().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Memo {
    state: State,
    config: MemoConfig,
    stats: MemoStats,
    /// The root's mark: where [`Memo::force`] left the trails.
    root: Mark,
}

impl Memo {
    /// A memo counter of `problem` (with colors and multiplicities too).
    ///
    /// # Errors
    /// None today: the `Result` keeps room for refusals.
    pub fn new(problem: &Problem, config: MemoConfig) -> Result<Memo, MemoError> {
        let state = State::new(problem);
        let root = state.mark();
        Ok(Memo {
            state,
            config,
            stats: MemoStats::default(),
            root,
        })
    }

    /// Chooses option `k` before counting: the counts and the diagram are then those of the
    /// solutions that contain every option forced (without them). Parts of a split count
    /// ([`crate::parts`]) are named by such options.
    ///
    /// # Errors
    /// [`ForceError::NotInSearch`] if the option does not exist or has no primary item;
    /// [`ForceError::Conflict`] if it conflicts with an option forced before.
    pub fn force(&mut self, k: usize) -> Result<(), ForceError> {
        let primary = k < self.state.option_count() && self.state.in_search(k);
        if !primary {
            return Err(ForceError::NotInSearch { option: k });
        }
        if !self.state.live(k) {
            return Err(ForceError::Conflict { option: k });
        }
        self.state.choose_option(k as u32);
        self.root = self.state.mark();
        Ok(())
    }

    /// The number of solutions (always exact).
    pub fn count(&mut self) -> Count {
        match self.run(None, &mut || false) {
            Ok(entry) => entry.count.to_count(),
            Err(_) => unreachable!("a count without a diagram never stops"),
        }
    }

    /// The number of solutions, unless `stop` answers `true` first (it is asked after every
    /// 16,384 options chosen or killed, some 0.1 ms): then `None`. Each count starts from an
    /// empty table, so the work of a stopped count is lost.
    pub fn count_until(&mut self, mut stop: impl FnMut() -> bool) -> Option<Count> {
        self.run(None, &mut stop).ok().map(|e| e.count.to_count())
    }

    /// The diagram of all solutions (a ZDD over the options, see [`Zdd`]).
    ///
    /// # Errors
    /// [`MemoError::DiagramTooLarge`] if it does not fit in its half of
    /// [`MemoConfig::max_bytes`] (see the module docs).
    pub fn zdd(&mut self) -> Result<Zdd, MemoError> {
        self.zdd_until(|| false)
            .map(|zdd| zdd.expect("a diagram without a stop test is never stopped"))
    }

    /// [`Memo::zdd`], unless `stop` answers `true` first (as in [`Memo::count_until`]):
    /// then `Ok(None)`.
    ///
    /// # Errors
    /// As [`Memo::zdd`].
    pub fn zdd_until(&mut self, stop: impl FnMut() -> bool) -> Result<Option<Zdd>, MemoError> {
        self.zdd_within(self.config.max_bytes / 2, stop)
    }

    /// [`Memo::zdd_until`] with a diagram of at most `max_bytes` bytes.
    fn zdd_within(
        &mut self,
        max_bytes: usize,
        mut stop: impl FnMut() -> bool,
    ) -> Result<Option<Zdd>, MemoError> {
        let mut builder = Builder::new(max_bytes);
        let ended = self.run(Some(&mut builder), &mut stop);
        self.stats.diagram_nodes = builder.len();
        self.stats.diagram_peak_bytes = self.stats.diagram_peak_bytes.max(builder.peak_bytes());
        match ended {
            Ok(entry) => Ok(Some(builder.finish(entry.node))),
            Err(Halt::Stopped) => Ok(None),
            Err(Halt::Full(full)) => Err(MemoError::DiagramTooLarge {
                nodes: full.nodes,
                max_bytes,
            }),
        }
    }

    /// The work done so far, over every count.
    pub fn stats(&self) -> MemoStats {
        self.stats
    }

    /// The most options an item is in: a diagram has at most this many nodes per subproblem.
    pub fn longest_item(&self) -> usize {
        self.state.longest_item()
    }

    /// Counts from the root, building the diagram with `zdd` if given (whose nodes are
    /// numbered from 2, after the sinks 0 and 1); the table then takes half the bound.
    fn run(
        &mut self,
        mut zdd: Option<&mut Builder>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Entry, Halt> {
        let words = self.state.key_words();
        let share = if zdd.is_some() {
            self.config.max_bytes - self.config.max_bytes / 2
        } else {
            self.config.max_bytes
        };
        let mut table: Table<Entry> = Table::new(words, share.saturating_sub(self.state.bytes()));
        let mut key = vec![0u64; words];
        let mut frames: Vec<Frame> = Vec::new();
        let mut children: Vec<(u32, u32)> = Vec::new();
        let mut tries: Vec<u32> = Vec::new();
        let state = &mut self.state;
        let stats = &mut self.stats;
        let work = |stats: &MemoStats, state: &State| stats.choices + state.kills();
        let mut next_stop = work(stats, state) + STOP_EVERY;
        let finish = |stats: &mut MemoStats, table: &Table<Entry>| {
            stats.evictions += table.evictions;
            stats.peak_bytes = stats.peak_bytes.max(table.peak_bytes);
            stats.entries = table.len();
        };
        loop {
            // Between two states entered: one choice, and the frames it ended.
            if work(stats, state) >= next_stop {
                next_stop = work(stats, state) + STOP_EVERY;
                if stop() {
                    state.undo(self.root);
                    finish(stats, &table);
                    return Err(Halt::Stopped);
                }
            }
            // Enter the state: its count is known at once, or a frame starts counting it.
            let mut done = if state.solved() {
                Some(Entry {
                    count: Tally::ONE,
                    node: 1,
                })
            } else {
                state.key(&mut key);
                let found = table.get(&key);
                if found.is_some() {
                    stats.hits += 1;
                } else {
                    let item = state.choose(self.config.choice).expect("an open item");
                    let start = tries.len();
                    state.tries(item, &mut tries);
                    let base = state.mark();
                    state.enter(item);
                    frames.push(Frame {
                        item,
                        tries: start,
                        next: start,
                        base,
                        mark: state.mark(),
                        sum: Tally::ZERO,
                        children: children.len(),
                    });
                }
                found
            };
            // Hand finished counts up until a frame has another option to try.
            loop {
                let Some(frame) = frames.last_mut() else {
                    finish(stats, &table);
                    return Ok(done.expect("the root's entry"));
                };
                if let Some(entry) = done.take() {
                    state.undo(frame.mark);
                    let tried = tries[frame.next - 1];
                    state.passed(frame.item, tried);
                    if !entry.count.is_zero() {
                        frame.sum.add(&entry.count);
                        children.push((tried, entry.node));
                    }
                }
                // The state is the frame's again, entered, with the options tried passed.
                if let Some(&k) = tries.get(frame.next) {
                    frame.next += 1;
                    frame.mark = state.mark();
                    state.take(frame.item, k);
                    stats.choices += 1;
                    break;
                }
                let frame = frames.pop().expect("a frame");
                state.undo(frame.base);
                tries.truncate(frame.tries);
                let mut node = 0;
                if let Some(builder) = zdd.as_deref_mut() {
                    // The chain in the order of the options' numbers, so that a subproblem
                    // counted again makes the same nodes (see `zdd.rs`); the null branch
                    // ([`NULL`], the largest number) last.
                    let chain = &mut children[frame.children..];
                    chain.sort_unstable_by_key(|&(option, _)| option);
                    for &(option, hi) in chain.iter().rev() {
                        // The null branch: the solutions without another option of the
                        // frame's item end the chain of its options.
                        if option == NULL {
                            node = hi;
                            continue;
                        }
                        match builder.node(option, node, hi) {
                            Ok(id) => node = id,
                            Err(full) => {
                                state.undo(self.root);
                                finish(stats, &table);
                                return Err(Halt::Full(full));
                            }
                        }
                    }
                }
                children.truncate(frame.children);
                let entry = Entry {
                    count: frame.sum,
                    node,
                };
                state.key(&mut key);
                table.insert(&key, entry.clone());
                stats.subproblems += 1;
                done = Some(entry);
            }
        }
    }
}

#[cfg(test)]
mod tests;
