//! What the search loop ([`super::tree`]) asks of a representation of its frames, and what
//! both representations share: the counts of the primary items, with the [`COVERED`] mark
//! and the scans over whole [`BLOCK`]s that find singles and the branching item.
//!
//! A representation keeps a stack of frames, frame `d` holding the propagated state of the
//! node at depth `d`: which options are live, which are chosen, and for each primary item
//! the number of its live options (or [`COVERED`], less the options removed since, once a
//! chosen option covers it; then [`COVERED`] up to a whole [`BLOCK`], so that the scans take
//! whole blocks). Options are the bit engine's table's ([`Table`]): numbered as the links
//! lay them out, those that name a primary item.
//!
//! - [`super::flat`] keeps the live and chosen options as bitsets over the options, for any
//!   problem;
//! - [`super::planes`] groups the options by a class of primary items that partitions them
//!   (Sudoku's cells), one bitset over the groups for each rank within a group, where the
//!   matrix has such a class.

use super::super::bits::table::Table;

/// The count of a primary item once covered: above every real count, so that the first
/// minimum of the counts is an uncovered item's.
pub(crate) const COVERED: u16 = u16::MAX;

/// The least count of a covered item: [`COVERED`] less the most options an item can lose
/// after it is covered (the bit engine's table takes fewer than 2^15 options).
pub(crate) const COVERED_MIN: u16 = 1 << 15;

/// The subsets rule looks at items of at most this many live options (and at least two).
/// In Sudoku's units, pointing and claiming need at most a box's side (3 in 9x9, 5 in 25x25).
pub(crate) const SUBSET_MAX: u16 = 6;

/// The counts that the rules test at once, in a few vector comparisons.
pub(crate) const BLOCK: usize = 32;

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

/// A stack of frames in one representation (see the module docs). `d` names a frame; the
/// search opens frame `d + 1` only from an opened frame `d`.
pub(crate) trait Rep: Clone + std::fmt::Debug + Send + Sync + Sized {
    /// The frames for `table`'s problem, frame 0 at the root; `None` if this representation
    /// does not take the problem.
    fn new(table: &Table) -> Option<Self>;

    /// Puts the root's state in frame 0: every option live, none chosen.
    fn reset(&mut self, table: &Table);

    /// Copies frame `d` to frame `d + 1`, growing the stack if needed.
    fn copy_up(&mut self, d: usize);

    /// Whether option `o` is live in frame `d`.
    fn is_live(&self, d: usize, o: u32) -> bool;

    /// Chooses live option `o` in frame `d` without propagating: covers its items and
    /// removes every live option that shares an item with it (`o` included); returns how
    /// many were removed.
    fn choose(&mut self, table: &Table, d: usize, o: u32) -> u64;

    /// Removes live option `o` from frame `d` without propagating, decrementing the counts of
    /// its primary items (an option excluded before the search).
    fn exclude(&mut self, table: &Table, d: usize, o: u32);

    /// Applies the rules in frame `d` until neither changes anything (true) or an item has
    /// no live option (false). `checked` holds, for each primary item, its count when the
    /// subsets rule last looked at it (or more, for an item it has not looked at).
    fn propagate(&mut self, table: &Table, d: usize, checked: &mut [u16], work: &mut Work) -> bool;

    /// The counts of frame `d`, padded to whole [`BLOCK`]s.
    fn counts(&self, d: usize) -> &[u16];

    /// The first live option of `item` in frame `d` after option `after` (from the first
    /// with `None`), in increasing order.
    fn next_option(&self, table: &Table, d: usize, item: u32, after: Option<u32>) -> Option<u32>;

    /// Calls `each` on the options chosen in frame `d`, in increasing order.
    fn chosen(&self, d: usize, each: impl FnMut(u32));

    /// The live options of frame `d` as a bitset over the options (for the checks).
    fn live_set(&self, table: &Table, d: usize) -> Vec<u64>;

    /// The subsets rule on item `i` in frame `d`, alone; returns how many options it removed
    /// (for tests against brute force).
    #[cfg(test)]
    fn subsets(&mut self, table: &Table, d: usize, i: u32) -> u64;

    /// Whether frame `d` holds the same state in both (for tests of resets).
    #[cfg(test)]
    fn same_frame(&self, other: &Self, d: usize) -> bool;
}

/// The frames' storage, the same in both representations: for frame `d`, its live and
/// chosen options as bitsets of `words` words (over the options, or the planes) and its
/// `per` counts, each part one allocation, growing as the search goes deeper.
#[derive(Clone, Debug)]
pub(crate) struct Stack {
    live: Vec<u64>,
    chosen: Vec<u64>,
    counts: Vec<u16>,
    words: usize,
    per: usize,
}

/// One frame of a [`Stack`], borrowed for changes.
pub(crate) struct FrameMut<'a> {
    pub(crate) live: &'a mut [u64],
    pub(crate) chosen: &'a mut [u64],
    pub(crate) counts: &'a mut [u16],
}

/// One frame of a [`Stack`], borrowed to read.
#[derive(Clone, Copy)]
pub(crate) struct Frame<'a> {
    pub(crate) live: &'a [u64],
    pub(crate) chosen: &'a [u64],
    pub(crate) counts: &'a [u16],
}

impl Stack {
    /// One frame of bitsets of `words` words and `per` counts: nothing live, nothing chosen,
    /// every count [`COVERED`].
    pub(crate) fn new(words: usize, per: usize) -> Stack {
        Stack {
            live: vec![0; words],
            chosen: vec![0; words],
            counts: vec![COVERED; per],
            words,
            per,
        }
    }

    /// Frame `d`, to read.
    #[inline(always)]
    pub(crate) fn frame(&self, d: usize) -> Frame<'_> {
        let (w, c) = (self.words, self.per);
        Frame {
            live: &self.live[d * w..(d + 1) * w],
            chosen: &self.chosen[d * w..(d + 1) * w],
            counts: &self.counts[d * c..(d + 1) * c],
        }
    }

    /// Frame `d`, to change.
    #[inline(always)]
    pub(crate) fn frame_mut(&mut self, d: usize) -> FrameMut<'_> {
        let (w, c) = (self.words, self.per);
        FrameMut {
            live: &mut self.live[d * w..(d + 1) * w],
            chosen: &mut self.chosen[d * w..(d + 1) * w],
            counts: &mut self.counts[d * c..(d + 1) * c],
        }
    }

    /// Copies frame `d` to frame `d + 1`, growing the stack if needed.
    #[inline]
    pub(crate) fn copy_up(&mut self, d: usize) {
        let (w, c) = (self.words, self.per);
        if self.live.len() < (d + 2) * w || self.counts.len() < (d + 2) * c {
            self.live.resize((d + 2) * w, 0);
            self.chosen.resize((d + 2) * w, 0);
            self.counts.resize((d + 2) * c, 0);
        }
        self.live.copy_within(d * w..(d + 1) * w, (d + 1) * w);
        self.chosen.copy_within(d * w..(d + 1) * w, (d + 1) * w);
        self.counts.copy_within(d * c..(d + 1) * c, (d + 1) * c);
    }

    /// Whether frame `d` holds the same bitsets in both, and the same first `counted`
    /// counts (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_frame(&self, other: &Stack, d: usize, counted: usize) -> bool {
        let (a, b) = (self.frame(d), other.frame(d));
        a.live == b.live && a.chosen == b.chosen && a.counts[..counted] == b.counts[..counted]
    }
}

/// `n` rounded up to whole [`BLOCK`]s.
pub(crate) fn blocks(n: usize) -> usize {
    n.div_ceil(BLOCK).max(1) * BLOCK
}

pub(crate) use super::super::bits::table::has;

/// The bits of the counts of `block` ([`BLOCK`] long) that pass `test`, in one word.
#[inline(always)]
pub(crate) fn mask(block: &[u16], test: impl Fn(u16) -> bool) -> u32 {
    let block: &[u16; BLOCK] = block.try_into().expect("a whole block");
    let mut bits = 0;
    for (k, &c) in block.iter().enumerate() {
        bits |= u32::from(test(c)) << k;
    }
    bits
}

/// The bits of the counts of `block` that are below `marks`, in one word.
#[inline(always)]
pub(crate) fn mask2(block: &[u16], marks: &[u16]) -> u32 {
    let block: &[u16; BLOCK] = block.try_into().expect("a whole block");
    let marks: &[u16; BLOCK] = marks.try_into().expect("a whole block");
    let mut bits = 0;
    for k in 0..BLOCK {
        bits |= u32::from(block[k] < marks[k]) << k;
    }
    bits
}

/// The uncovered primary item with the fewest live options in `counts` (the first of
/// them), and that number; `None` when every primary item is covered.
#[inline]
pub(crate) fn fewest(counts: &[u16]) -> Option<(u32, u16)> {
    // A plain loop: `Iterator::min` left a call per count in the search loop.
    let mut least = COVERED;
    for &c in counts {
        least = least.min(c);
    }
    if least >= COVERED_MIN {
        return None;
    }
    let i = counts.iter().position(|&c| c == least)?;
    Some((i as u32, least))
}

/// The number of `item`'s live options in frame `d` up to and including `upto`.
pub(crate) fn rank_of<R: Rep>(rep: &R, table: &Table, d: usize, item: u32, upto: u32) -> u32 {
    let mut rank = 0;
    let mut at = None;
    while let Some(o) = rep.next_option(table, d, item, at) {
        if o > upto {
            break;
        }
        rank += 1;
        at = Some(o);
    }
    rank
}

/// The propagation loop both representations run, over their two rules: `singles` chooses
/// the option of every item of count one in a block (false on an item of count zero), and
/// `subsets` applies the subsets rule to one item, returning how many options it removed.
/// Repeats the singles until none is left, then the subsets rule on each item of at most
/// [`SUBSET_MAX`] live options whose count fell since the rule last looked at it (the
/// `checked` counts), starting over while anything changes. Only a smaller set of live
/// options of `i` can make them share a new item, so an item whose count did not fall
/// needs no new look.
#[inline(always)]
pub(crate) fn fixpoint<S>(
    state: &mut S,
    n: usize,
    counts: impl Fn(&S) -> &[u16],
    checked: &mut [u16],
    work: &mut Work,
    mut single: impl FnMut(&mut S, u32, &mut Work),
    mut subsets: impl FnMut(&mut S, u32) -> u64,
) -> bool {
    // The subsets rule goes round the items from `at`, and the fixpoint is reached when it
    // has gone all the way round (`quiet` items) without removing anything.
    let (mut at, mut quiet) = (0, 0);
    // The singles go round the blocks from `b` likewise, until they have gone all the way
    // round (`calm` items) without forcing anything.
    let next = |b: usize| if b + BLOCK == n { 0 } else { b + BLOCK };
    let (mut b, mut calm) = (0, 0);
    loop {
        while calm < n {
            let mut hits = mask(&counts(state)[b..b + BLOCK], |c| c <= 1);
            calm += BLOCK;
            while hits != 0 {
                let i = b + hits.trailing_zeros() as usize;
                hits &= hits - 1;
                match counts(state)[i] {
                    0 => return false,
                    1 => {
                        single(state, i as u32, work);
                        (calm, quiet) = (0, 0);
                    }
                    _ => {}
                }
            }
            b = next(b);
        }
        let mut pruned = 0;
        while quiet < n && pruned == 0 {
            let mut due = {
                let block = &counts(state)[at..at + BLOCK];
                mask(block, |c| c <= SUBSET_MAX) & mask2(block, &checked[at..at + BLOCK])
            };
            while due != 0 {
                let i = at + due.trailing_zeros() as usize;
                due &= due - 1;
                checked[i] = counts(state)[i];
                pruned += subsets(state, i as u32);
            }
            quiet += BLOCK;
            at = next(at);
        }
        if pruned == 0 {
            return true;
        }
        work.pruned += pruned;
        work.removed += pruned;
        (calm, quiet) = (0, 0);
    }
}
