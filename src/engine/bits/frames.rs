//! The stack of frames: the saved states of the search, one allocation for all of them.
//!
//! Frame `f` is `width` words at `f * width`: the bitset of the active options
//! ([`Table::words`] words), then the counts ([`Table::padded`] `i16`s, four to a word), then
//! for a problem with colors the purified bitset of its secondary items (see
//! [`super::colors`]; none for a plain problem). One
//! allocation and one layout for both halves means that saving a state is one copy, and that
//! a frame's two halves sit side by side in the cache. The stack grows as the search goes
//! deeper, so a search that stays shallow never allocates the frames it could have needed.

use super::table::Table;

/// The frames of one engine; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Frames {
    data: Vec<u64>,
    /// Words of `active` in a frame.
    words: usize,
    /// Counts in a frame, a multiple of 4.
    padded: usize,
    /// Words of the purified bitset in a frame (0 for a plain problem).
    flags: usize,
    /// Words in a frame: `words + padded / 4 + flags`.
    width: usize,
    /// A copy of frame 0 as the search found it (see [`Frames::save_root`]).
    root: Vec<u64>,
}

impl Frames {
    /// Frames for `table`'s problem, with the root's state in frame 0, and `flags` words of
    /// purified bits (see [`super::colors`]; 0 for a plain problem).
    pub(crate) fn new(table: &Table, flags: usize) -> Frames {
        debug_assert!(table.padded.is_multiple_of(4));
        let (words, padded) = (table.words, table.padded);
        let width = words + padded / 4 + flags;
        let mut frames = Frames {
            data: vec![0; 2 * width],
            words,
            padded,
            flags,
            width,
            root: Vec::new(),
        };
        frames.reset(table);
        frames
    }

    /// Puts the root's state in frame 0.
    pub(crate) fn reset(&mut self, table: &Table) {
        let (active, counts) = self.frame_mut(0);
        active.copy_from_slice(&table.root_active);
        counts.copy_from_slice(&table.root_counts);
        self.colored_mut(0).2.fill(0);
    }

    /// Keeps a copy of frame 0, which the search may change in place (a level with one
    /// option does not take a frame of its own), for [`Frames::restore_root`].
    pub(crate) fn save_root(&mut self) {
        self.root.clear();
        self.root.extend_from_slice(&self.data[..self.width]);
    }

    /// Puts back frame 0 as [`Frames::save_root`] last kept it.
    pub(crate) fn restore_root(&mut self) {
        self.data[..self.width].copy_from_slice(&self.root);
    }

    /// Frame `f`: its active options and its counts.
    #[inline(always)]
    pub(crate) fn frame(&self, f: usize) -> (&[u64], &[i16]) {
        assert!((f + 1) * self.width <= self.data.len());
        // SAFETY: frame `f` is `width` initialized words of `data` (asserted): `words` of
        // them, then `padded / 4`, which are `padded` `i16`s (an `i16` needs less alignment
        // than a `u64`, and every bit pattern is an `i16`). Checking the bounds once, instead
        // of for each half, took 8 instructions out of each node of the search.
        unsafe {
            let at = self.data.as_ptr().add(f * self.width);
            (
                std::slice::from_raw_parts(at, self.words),
                std::slice::from_raw_parts(at.add(self.words).cast(), self.padded),
            )
        }
    }

    /// Frame `f`, to change it.
    #[inline(always)]
    pub(crate) fn frame_mut(&mut self, f: usize) -> (&mut [u64], &mut [i16]) {
        assert!((f + 1) * self.width <= self.data.len());
        // SAFETY: as in `frame`; the two halves do not overlap, and both are borrowed from
        // `self`, mutably.
        unsafe {
            let at = self.data.as_mut_ptr().add(f * self.width);
            (
                std::slice::from_raw_parts_mut(at, self.words),
                std::slice::from_raw_parts_mut(at.add(self.words).cast(), self.padded),
            )
        }
    }

    /// The purified bitset of frame `f` (empty for a plain problem).
    pub(crate) fn purified(&self, f: usize) -> &[u64] {
        let at = f * self.width + self.words + self.padded / 4;
        &self.data[at..at + self.flags]
    }

    /// Frame `f` of a problem with colors, to change it: its active options, its counts and
    /// its purified bitset.
    #[inline(always)]
    pub(crate) fn colored_mut(&mut self, f: usize) -> (&mut [u64], &mut [i16], &mut [u64]) {
        assert!((f + 1) * self.width <= self.data.len());
        // SAFETY: as in `frame_mut`; the purified bitset is the `flags` words after the
        // counts, the last of the frame's `width` words, and overlaps neither of the others.
        unsafe {
            let at = self.data.as_mut_ptr().add(f * self.width);
            (
                std::slice::from_raw_parts_mut(at, self.words),
                std::slice::from_raw_parts_mut(at.add(self.words).cast(), self.padded),
                std::slice::from_raw_parts_mut(at.add(self.words + self.padded / 4), self.flags),
            )
        }
    }

    /// Copies frame `f` to frame `f + 1`, making room for it if needed.
    #[inline(always)]
    pub(crate) fn copy_up(&mut self, f: usize) {
        let at = f * self.width;
        if self.data.len() < at + 2 * self.width {
            self.grow();
        }
        self.data.copy_within(at..at + self.width, at + self.width);
    }

    /// Doubles the room for frames.
    #[cold]
    fn grow(&mut self) {
        self.data.resize(2 * self.data.len(), 0);
    }

    /// The number of frames there is room for.
    #[cfg(test)]
    pub(crate) fn room(&self) -> usize {
        self.data.len() / self.width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_hold_the_root_then_grow_as_copies_go_up() {
        let table = Table::new(&crate::problems::queens(5));
        let mut frames = Frames::new(&table, 0);
        assert_eq!(frames.frame(0).0, table.root_active);
        assert_eq!(frames.frame(0).1, table.root_counts);
        for f in 0..9 {
            frames.frame_mut(f).1[0] = f as i16;
            frames.copy_up(f);
            assert_eq!(frames.frame(f + 1), frames.frame(f));
        }
        assert!(frames.room() >= 10);
        assert_eq!(frames.frame(3).1[0], 3);
        frames.reset(&table);
        assert_eq!(frames.frame(0).1, table.root_counts);
    }
}
