//! The state of a node and the two rules that propagate it: the stack of frames, and
//! choosing, removing and propagating in one frame.
//!
//! Frame `f` holds, for the node at depth `f` of the search:
//! - `live`: the bitset of the options still possible there (none of their items covered,
//!   none removed by a rule);
//! - `chosen`: the bitset of the options chosen on the way to it (givens, branch choices,
//!   options forced by the singles rule);
//! - `counts`: for each primary item, the number of its live options, or [`COVERED`] (less
//!   the options removed since) once a chosen option covers it; then [`COVERED`] up to a
//!   whole [`BLOCK`], so that the scans take whole blocks.
//!
//! # Invariants (checked by `Propagate::check`)
//! In every frame a node was opened in: the chosen options are pairwise disjoint; an option
//! is live only if none of its items is covered by a chosen option; a primary item's count
//! is at least [`COVERED_MIN`] exactly when a chosen option covers it, and otherwise the
//! number of its live options. `live` may be smaller than "every option compatible with the chosen ones":
//! the rules remove options that no solution below the node contains.
//!
//! # The rules
//! - *Singles*: an uncovered primary item with no live option fails the node; one with
//!   exactly one live option forces that option (it is chosen, as a given would be).
//! - *Subsets*: if every live option of a primary item `i` also covers an item `j`, then
//!   `j`'s live options that do not cover `i` are removed: `i` must be covered, whatever
//!   covers it covers `j`, and `j` can be covered once only. `j` may be secondary.
//!
//! Removing an option decrements the counts of its primary items, covered or not, without a
//! test: a covered item's count starts at [`COVERED`] and stays at [`COVERED_MIN`] or more
//! however many of its options are removed after (an item has fewer than 2^14 options), so
//! the inner loop has no branch. The rules find their items by scanning the counts rather
//! than by lists kept at each decrement (measured: the lists made choosing an option cost
//! about three times as much on Sudoku): [`FrameMut::propagate`] chooses the option of every
//! item of count one (failing on an item of count zero) until none is left, then applies the
//! subsets rule to each item of at most [`SUBSET_MAX`] live options whose count fell since
//! the rule last looked at it (the `checked` counts), and starts over while anything
//! changes. Only a smaller set of live options of `i` can make them share a new item, so an
//! item whose count did not fall needs no new look.

use std::ops::Range;

pub(crate) use super::super::bits::next_option;
use super::super::bits::table::Table;

/// The count of a primary item once covered: above every real count, so that the first
/// minimum of the counts is an uncovered item's.
pub(crate) const COVERED: u16 = u16::MAX;

/// The least count of a covered item: [`COVERED`] less the most options an item can lose
/// after it is covered (the bit engine's table takes fewer than 2^14 options).
pub(crate) const COVERED_MIN: u16 = 1 << 15;

/// The subsets rule looks at items of at most this many live options (and at least two).
/// In Sudoku's units, pointing and claiming need at most a box's side (3 in 9x9, 5 in 25x25).
pub(crate) const SUBSET_MAX: u16 = 6;

/// The work that the rules have done, for [`crate::Stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Work {
    /// Options removed from a live set, by a choice or by a rule.
    pub(crate) removed: u64,
    /// Options chosen by the singles rule.
    pub(crate) forced: u64,
    /// Options removed by the subsets rule.
    pub(crate) pruned: u64,
}

/// The stack of frames (see the module docs), one allocation for each part, growing as the
/// search goes deeper.
#[derive(Clone, Debug)]
pub(crate) struct Frames {
    live: Vec<u64>,
    chosen: Vec<u64>,
    counts: Vec<u16>,
    /// Words of a bitset.
    words: usize,
    /// Counts of a frame: the primary items, then [`COVERED`] up to a whole [`BLOCK`].
    primary: usize,
}

/// One frame, borrowed for changes.
pub(crate) struct FrameMut<'a> {
    pub(crate) live: &'a mut [u64],
    pub(crate) chosen: &'a mut [u64],
    pub(crate) counts: &'a mut [u16],
}

/// One frame, borrowed to read.
#[derive(Clone, Copy)]
pub(crate) struct Frame<'a> {
    pub(crate) live: &'a [u64],
    pub(crate) chosen: &'a [u64],
    pub(crate) counts: &'a [u16],
}

/// Whether bit `k` of `set` is on.
#[inline(always)]
pub(crate) fn has(set: &[u64], k: u32) -> bool {
    set[k as usize / 64] >> (k % 64) & 1 == 1
}

/// The number of item `i`'s options in `live` up to and including `upto`.
pub(crate) fn rank_of(table: &Table, live: &[u64], i: u32, upto: u32) -> u32 {
    let row = table.bitset(i);
    let last = upto as usize / 64;
    let mut rank = 0;
    for w in 0..=last {
        let mut bits = live[w] & row[w];
        if w == last && upto % 64 != 63 {
            bits &= (1 << (upto % 64 + 1)) - 1;
        }
        rank += bits.count_ones();
    }
    rank
}

impl Frames {
    /// Frames for `table`'s problem, frame 0 at the root (see [`Frames::reset`]).
    pub(crate) fn new(table: &Table) -> Frames {
        let mut frames = Frames {
            live: vec![0; table.words],
            chosen: vec![0; table.words],
            counts: vec![COVERED; blocks(table.primary)],
            words: table.words,
            primary: blocks(table.primary),
        };
        frames.reset(table);
        frames
    }

    /// Puts the root's state in frame 0: every option live, none chosen.
    pub(crate) fn reset(&mut self, table: &Table) {
        let f = self.frame_mut(0);
        f.live.copy_from_slice(&table.root_active);
        f.chosen.fill(0);
        for (i, count) in f.counts.iter_mut().enumerate().take(table.primary) {
            *count = table.keys.count(table.root_counts[i]) as u16;
        }
    }

    /// Frame `f`, to read.
    #[inline(always)]
    pub(crate) fn frame(&self, f: usize) -> Frame<'_> {
        let (w, p) = (self.words, self.primary);
        Frame {
            live: &self.live[f * w..(f + 1) * w],
            chosen: &self.chosen[f * w..(f + 1) * w],
            counts: &self.counts[f * p..(f + 1) * p],
        }
    }

    /// Frame `f`, to change.
    #[inline(always)]
    pub(crate) fn frame_mut(&mut self, f: usize) -> FrameMut<'_> {
        let (w, p) = (self.words, self.primary);
        FrameMut {
            live: &mut self.live[f * w..(f + 1) * w],
            chosen: &mut self.chosen[f * w..(f + 1) * w],
            counts: &mut self.counts[f * p..(f + 1) * p],
        }
    }

    /// Copies frame `f` to frame `f + 1`, growing the stack if needed.
    #[inline]
    pub(crate) fn copy_up(&mut self, f: usize) {
        let (w, p) = (self.words, self.primary);
        if self.live.len() < (f + 2) * w || self.counts.len() < (f + 2) * p {
            self.live.resize((f + 2) * w, 0);
            self.chosen.resize((f + 2) * w, 0);
            self.counts.resize((f + 2) * p, 0);
        }
        self.live.copy_within(f * w..(f + 1) * w, (f + 1) * w);
        self.chosen.copy_within(f * w..(f + 1) * w, (f + 1) * w);
        self.counts.copy_within(f * p..(f + 1) * p, (f + 1) * p);
    }
}

impl FrameMut<'_> {
    /// Removes the live options of `set` (ANDed with `live` word by word, over the words
    /// `span`), decrementing the counts of their primary items; returns how many were
    /// removed.
    #[inline(always)]
    fn remove(&mut self, table: &Table, span: Range<usize>, set: impl Fn(usize) -> u64) -> u64 {
        let mut removed = 0;
        for w in span {
            let mut bits = self.live[w] & set(w);
            if bits == 0 {
                continue;
            }
            self.live[w] &= !bits;
            removed += u64::from(bits.count_ones());
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let record = table.record(k);
                for &i in &record[2..2 + usize::from(record[1])] {
                    self.counts[usize::from(i)] -= 1;
                }
            }
        }
        removed
    }

    /// Chooses live option `o`: covers its primary items and removes every live option that
    /// shares an item with it (`o` included); returns the options removed.
    pub(crate) fn choose(&mut self, table: &Table, o: u32, scratch: &mut [u64]) -> u64 {
        debug_assert!(has(self.live, o));
        self.chosen[o as usize / 64] |= 1 << (o % 64);
        let record = table.record(o as usize);
        for &i in &record[2..2 + usize::from(record[1])] {
            self.counts[usize::from(i)] = COVERED;
        }
        let conflicts = table.conflicts(o, scratch);
        self.remove(table, 0..conflicts.len(), |w| conflicts[w])
    }

    /// The subsets rule on item `i` (uncovered, with live options): removes the live options
    /// of each item that all of `i`'s live options cover and that do not cover `i`; returns
    /// how many were removed.
    pub(super) fn subsets(&mut self, table: &Table, i: u32) -> u64 {
        let Some(first) = next_option(table, self.live, i, None) else {
            return 0;
        };
        let row = table.bitset(i);
        let span = table.span(i);
        let mut removed = 0;
        for &j in table.items_of(first) {
            if j == i {
                continue;
            }
            let other = table.bitset(j);
            // Every live option of `i` covers `j`: none lies outside `j`'s bitset.
            let all = span.clone().all(|w| self.live[w] & row[w] & !other[w] == 0);
            if all {
                removed += self.remove(table, table.span(j), |w| other[w] & !row[w]);
            }
        }
        removed
    }

    /// Applies the rules until neither changes anything (true) or an item has no live option
    /// (false). `checked` holds, for each primary item, its count when the subsets rule last
    /// looked at it (or more, for an item it has not looked at).
    pub(crate) fn propagate(
        &mut self,
        table: &Table,
        checked: &mut [u16],
        work: &mut Work,
        scratch: &mut [u64],
    ) -> bool {
        let n = self.counts.len();
        // The subsets rule goes round the items from `at`, and the fixpoint is reached when it
        // has gone all the way round (`quiet` items) without removing anything.
        let (mut at, mut quiet) = (0, 0);
        loop {
            let mut forced = false;
            for b in (0..n).step_by(BLOCK) {
                let mut hits = mask(&self.counts[b..b + BLOCK], |c| c <= 1);
                while hits != 0 {
                    let i = b + hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    match self.counts[i] {
                        0 => return false,
                        1 => {
                            let o = next_option(table, self.live, i as u32, None)
                                .expect("an item of count 1 has a live option");
                            work.forced += 1;
                            work.removed += self.choose(table, o, scratch);
                            forced = true;
                        }
                        _ => {}
                    }
                }
            }
            if forced {
                quiet = 0;
                continue;
            }
            let mut pruned = 0;
            while quiet < n && pruned == 0 {
                let (counts, marks) = (&self.counts[at..at + BLOCK], &checked[at..at + BLOCK]);
                let mut due = mask(counts, |c| c <= SUBSET_MAX) & mask2(counts, marks);
                while due != 0 {
                    let i = at + due.trailing_zeros() as usize;
                    due &= due - 1;
                    checked[i] = self.counts[i];
                    pruned += self.subsets(table, i as u32);
                }
                quiet += BLOCK;
                at = if at + BLOCK == n { 0 } else { at + BLOCK };
            }
            if pruned == 0 {
                return true;
            }
            work.pruned += pruned;
            work.removed += pruned;
            quiet = 0;
        }
    }
}

/// The counts that the rules test at once, in a few vector comparisons.
pub(crate) const BLOCK: usize = 32;

/// `n` rounded up to whole [`BLOCK`]s.
pub(crate) fn blocks(n: usize) -> usize {
    n.div_ceil(BLOCK).max(1) * BLOCK
}

/// The bits of the counts of `block` ([`BLOCK`] long) that pass `test`, in one word.
#[inline(always)]
fn mask(block: &[u16], test: impl Fn(u16) -> bool) -> u32 {
    let block: &[u16; BLOCK] = block.try_into().expect("a whole block");
    let mut bits = 0;
    for (k, &c) in block.iter().enumerate() {
        bits |= u32::from(test(c)) << k;
    }
    bits
}

/// The bits of the counts of `block` that are below `marks`, in one word.
#[inline(always)]
fn mask2(block: &[u16], marks: &[u16]) -> u32 {
    let block: &[u16; BLOCK] = block.try_into().expect("a whole block");
    let marks: &[u16; BLOCK] = marks.try_into().expect("a whole block");
    let mut bits = 0;
    for k in 0..BLOCK {
        bits |= u32::from(block[k] < marks[k]) << k;
    }
    bits
}

impl Frame<'_> {
    /// The uncovered primary item with the fewest live options (the first of them), and that
    /// number; `None` when every primary item is covered.
    #[inline]
    pub(crate) fn fewest(&self) -> Option<(u32, u16)> {
        // A plain loop: `Iterator::min` left a call per count in the search loop.
        let mut least = COVERED;
        for &c in self.counts {
            least = least.min(c);
        }
        if least >= COVERED_MIN {
            return None;
        }
        let i = self.counts.iter().position(|&c| c == least)?;
        Some((i as u32, least))
    }
}
