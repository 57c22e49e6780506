//! The frames of the propagating engine as bitsets over the options, for any problem: frame
//! `f` holds, for the node at depth `f` of the search,
//! - `live`: the bitset of the options still possible there (none of their items covered,
//!   none removed by a rule);
//! - `chosen`: the bitset of the options chosen on the way to it (givens, branch choices,
//!   options forced by the singles rule);
//! - `counts`: the counts of [`super::rep`].
//!
//! # Invariants (checked by `Tree::invariants`)
//! In every frame a node was opened in: the chosen options are pairwise disjoint; an option
//! is live only if none of its items is covered by a chosen option; a primary item's count
//! is at least [`super::rep::COVERED_MIN`] exactly when a chosen option covers it, and
//! otherwise the number of its live options. `live` may be smaller than "every option
//! compatible with the chosen ones": the rules remove options that no solution below the
//! node contains.
//!
//! # The rules
//! - *Singles*: an uncovered primary item with no live option fails the node; one with
//!   exactly one live option forces that option (it is chosen, as a given would be).
//! - *Subsets*: if every live option of a primary item `i` also covers an item `j`, then
//!   `j`'s live options that do not cover `i` are removed: `i` must be covered, whatever
//!   covers it covers `j`, and `j` can be covered once only. `j` may be secondary.
//!
//! Choosing an option removes its conflicts, one bitset kept by the table for each option
//! (or formed as the union of its items' bitsets when the table does not keep them).
//! Removing an option decrements the counts of its primary items, covered or not, without a
//! test: a covered item's count starts at [`COVERED`] and stays at
//! [`super::rep::COVERED_MIN`] or more however many of its options are removed after, so
//! the inner loop has no branch. The rules find their items by scanning the counts
//! ([`super::rep::fixpoint`]) rather than by lists kept at each decrement (measured: the
//! lists made choosing an option cost about three times as much on Sudoku).

use std::ops::Range;

pub(crate) use super::super::bits::next_option;
use super::super::bits::table::Table;
use super::rep::{self, COVERED, Frame, FrameMut, Rep, Stack, Work, blocks, has};

/// The stack of frames (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Flat {
    /// Bitsets over the options; the counts of the primary items, then [`COVERED`] up to a
    /// whole block.
    frames: Stack,
    /// Room for an option's conflicts when the table does not keep them.
    scratch: Vec<u64>,
}

impl Flat {
    /// Frame `f`, to read.
    #[inline(always)]
    pub(crate) fn frame(&self, f: usize) -> Frame<'_> {
        self.frames.frame(f)
    }

    /// Frame `f`, to change.
    #[inline(always)]
    pub(crate) fn frame_mut(&mut self, f: usize) -> FrameMut<'_> {
        self.frames.frame_mut(f)
    }
}

impl Rep for Flat {
    fn new(table: &Table) -> Option<Flat> {
        let mut frames = Flat {
            frames: Stack::new(table.words, blocks(table.primary)),
            scratch: vec![0; table.words],
        };
        frames.reset(table);
        Some(frames)
    }

    fn reset(&mut self, table: &Table) {
        let f = self.frame_mut(0);
        f.live.copy_from_slice(&table.root_active);
        f.chosen.fill(0);
        for (i, count) in f.counts.iter_mut().enumerate().take(table.primary) {
            *count = table.keys.count(table.root_counts[i]) as u16;
        }
    }

    #[inline]
    fn copy_up(&mut self, f: usize) {
        self.frames.copy_up(f);
    }

    fn is_live(&self, d: usize, o: u32) -> bool {
        has(self.frame(d).live, o)
    }

    fn choose(&mut self, table: &Table, d: usize, o: u32) -> u64 {
        let mut scratch = std::mem::take(&mut self.scratch);
        let removed = self.frame_mut(d).choose(table, o, &mut scratch);
        self.scratch = scratch;
        removed
    }

    fn exclude(&mut self, table: &Table, d: usize, o: u32) {
        let w = o as usize / 64;
        self.frame_mut(d).remove(table, w..w + 1, |_| 1 << (o % 64));
    }

    fn propagate(&mut self, table: &Table, d: usize, checked: &mut [u16], work: &mut Work) -> bool {
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut f = self.frame_mut(d);
        let n = f.counts.len();
        let fine = rep::fixpoint(
            &mut f,
            n,
            |f| &*f.counts,
            checked,
            work,
            |f, i, work| {
                let o = next_option(table, f.live, i, None)
                    .expect("an item of count 1 has a live option");
                work.forced += 1;
                work.removed += f.choose(table, o, &mut scratch);
            },
            |f, i| f.subsets(table, i),
        );
        self.scratch = scratch;
        fine
    }

    #[inline]
    fn counts(&self, d: usize) -> &[u16] {
        self.frame(d).counts
    }

    #[inline]
    fn next_option(&self, table: &Table, d: usize, item: u32, after: Option<u32>) -> Option<u32> {
        next_option(table, self.frame(d).live, item, after)
    }

    fn chosen(&self, d: usize, mut each: impl FnMut(u32)) {
        for (w, &word) in self.frame(d).chosen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                each((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    fn live_set(&self, _: &Table, d: usize) -> Vec<u64> {
        self.frame(d).live.to_vec()
    }

    #[cfg(test)]
    fn subsets(&mut self, table: &Table, d: usize, i: u32) -> u64 {
        self.frame_mut(d).subsets(table, i)
    }

    #[cfg(test)]
    fn same_frame(&self, other: &Flat, d: usize) -> bool {
        let counted = self.frame(d).counts.len();
        self.frames.same_frame(&other.frames, d, counted)
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
                for &i in table.primary_items(k as u32) {
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
        for &i in table.primary_items(o) {
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
}
