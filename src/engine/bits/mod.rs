//! The bit engine: Algorithm X with the state kept as bitsets over options, searching
//! exactly DLX1's tree.
//!
//! # Representation
//! The fixed part is a [`Table`]: for each item, the bitset of the options that contain it;
//! for each option, its items. The state of a node of the search tree is a *frame*:
//! - `active`: the bitset of the options still compatible with the choices above the node
//!   (an option is active exactly when none of its items is covered);
//! - `counts`: for each primary item, the number of its active options (DLX1's `len`), or
//!   [`COVERED`] once an option covering it has been chosen, kept as a *key* that also
//!   tells the scan where the item is when the problem allows it (see [`scan::Keys`]).
//!
//! Choosing option `o` removes `active & (the union of the bitsets of o's items)`, which
//! includes `o` itself, from `active`, and decrements, for each option removed, the counts of
//! its primary items; the counts of `o`'s own primary items, raised by [`COVERED`] first, end
//! at exactly [`COVERED`] (its covered key). This is DLX1's *cover* and *hide*, with one subtraction where the
//! links do two stores, and with no *uncover* at all: the frames form a stack, and a node
//! whose branching item has several options copies its frame to the next one before each
//! choice, so backing up is moving down the stack. A node whose branching item has one
//! option (most nodes of a Sudoku) changes its frame in place, since nothing needs restoring
//! there: backing up passes over it to the node below.
//!
//! # The tree
//! At each node the engine branches on the leftmost primary item of least count (the first
//! minimum of `counts`, found by a vector scan, see [`scan`]) and tries its active options in
//! increasing index order, which is the order of the item's list in DLX1. So the tree, and
//! `nodes`, are DLX1's node for node.
//!
//! # Updates
//! `updates` is computed to equal DLX1's, which counts one for each item unlinked by *cover*
//! and one for each node that *hide* removes from a list. For an option `r`, let `w(r)` be
//! its number of items less one (the nodes that hiding it removes). At a node with
//! branching item `i`, DLX1 covers `i` once (`1 + S`, where `S` is the sum of `w` over `i`'s
//! active options), then for each option `o` tried covers `o`'s other items, hiding every
//! active option they meet that `i` did not: `w(o) + W(o) - S`, where `W(o)` is the sum of
//! `w` over the options that choosing `o` removes (those of `i` among them). So the first
//! option of a node adds `1 + w(o) + W(o)` and each later one `w(o) + W(o) - S`, with `S`
//! computed when the second option is tried. A forced option adds `w(o) + 1 + W(o)`.
//!
//! # Invariants
//! Between search steps, and checked by [`Bits::check`] against a state recomputed from the
//! chosen options alone:
//! 1. the frames `0..=top` hold, in order, the state of each node where an option was chosen
//!    from several (the *branching levels*), and `top` the state below the last choice;
//!    frame `b + 1` is the child of the `b`-th branching level;
//! 2. in each of those frames, `active` is exactly the options with no covered item, each
//!    count of an uncovered primary item is the number of its active options, and every other
//!    count (covered items, padding) is [`COVERED`] (as keys: [`scan::Keys::key`] and
//!    [`scan::Keys::covered`]);
//! 3. each level's item is the first minimum of the counts at its node, and its option the
//!    one chosen there; a level is in place exactly when that item had one option.
//!
//! When the tree is exhausted, `top` may still hold the state below a chain of in-place
//! levels that were popped; nothing reads it before a reset.
//!
//! # Colors
//! A problem with colors (Knuth's XCC) runs the same loop with DLX2's tree, which is DLX1's
//! branching rule over compatibility instead of disjointness: see [`colors`]. Its frames hold
//! one more part, the bitset of the purified secondary items (those a chosen option names
//! with a color), and invariant 2 reads: `active` is exactly the options compatible with
//! every chosen option (none of their items covered, and each purified item named with its
//! color). Choosing an option applies its items one by one in DLX2's order, so that
//! `updates` and `cleansings` come out as DLX2's, which skips cleansed nodes when hiding; the
//! plain path above is not touched (the loop is compiled apart, with `COLORED`).
//!
//! # Subtrees
//! [`Bits::descend`] replays a choice from [`Search::choices`] and raises a *floor* that
//! backing up never passes, as the links engine does.

mod colors;
mod frames;
pub(crate) mod scan;
mod sweep;
pub(crate) mod table;

use std::sync::Arc;

use self::frames::Frames;
use self::scan::COVERED;
use self::sweep::SWEEP_WORDS;

/// Bitsets of at most this many words are swept one word at a time, testing each as it
/// comes; longer ones by [`sweep`], which finds the words to visit first. Measured: on
/// Langford pairs and N queens (three or four words) the word at a time is up to 12% faster,
/// on Sudoku (twelve) and pentominoes (32) the sweep is 5% to 7% faster.
const SMALL_WORDS: usize = 4;
use self::table::Table;
use super::{Counters, Search};
use crate::{ForceError, Problem, Stats, Step};

/// Where the search loop is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// At a new node, to be entered.
    Forward,
    /// Below a finished subtree: try the next option of the deepest branching level.
    Backup,
    /// The tree (or the subtree below the floor) is exhausted.
    Done,
}

/// One level of the search: the branching item and the option chosen for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Level {
    /// The branching item (primary, so it is also an index into the counts).
    item: u32,
    /// The option chosen, an index of the [`Table`].
    option: u32,
    /// Whether the item had one option, chosen in place in the node's frame.
    single: bool,
    /// `S`, the sum of `w` over the item's options at the node (see the module docs), once
    /// a second option has been tried; [`UNKNOWN`] before.
    weight: u64,
}

/// [`Level::weight`] not computed yet.
const UNKNOWN: u64 = u64::MAX;

/// Where the search is, apart from its frames and levels.
#[derive(Clone, Debug)]
struct Cursor {
    /// The frame that holds the state below the last choice.
    top: usize,
    /// The number of levels placed by [`Bits::descend`], which backing up never removes.
    floor: usize,
    state: State,
    /// DLX1's `updates` (see the module docs), DLX2's on a problem with colors.
    updates: u64,
    /// DLX2's `cleansings` (see [`colors`]); 0 on a plain problem.
    cleansings: u64,
}

/// The bit engine: the shared table, the stack of frames and levels, and the counters.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    table: Arc<Table>,
    frames: Frames,
    /// The levels of the search, from the root.
    levels: Vec<Level>,
    /// The options forced before the search, in order.
    forced: Vec<u32>,
    cursor: Cursor,
    counters: Counters,
    /// Room for the conflicts of an option when the table does not keep them, then for the
    /// options that choosing it removes (twice [`Table::words`] words); in a problem with
    /// colors, its first half holds the active options before a choice.
    scratch: Vec<u64>,
    /// Whether the processor has AVX2 and `popcnt`, for the search loop; detected once, at
    /// construction.
    avx2: bool,
}

/// `w(o)`: the items of option `o` less one.
#[inline(always)]
fn others(table: &Table, o: u32) -> u64 {
    u64::from(table.record(o as usize)[0])
}

/// Chooses option `o` in the frame (`active`, `counts`): removes every active option that
/// shares an item with `o`, `o` included, decrements the counts of their primary items, and
/// leaves `o`'s primary items at [`COVERED`]. Returns `W(o)`, the sum of `w` over the options
/// removed. `o` must be active; `active` and `counts` are a frame's ([`Table::words`] and
/// [`Table::padded`] long), and `scratch` has twice [`Table::words`] words. `N` is 0 or
/// [`Table::primaries_each`] (see [`remove`]); `AVX2`: compiled for AVX2, and only there (see
/// [`sweep`]).
#[inline(always)]
fn choose_option<const AVX2: bool, const N: usize>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    o: u32,
    scratch: &mut [u64],
) -> u64 {
    cover_items::<N>(table, counts, o);
    let (union, left) = scratch.split_at_mut(table.words);
    let conflicts = table.conflicts(o, union);
    clear::<AVX2, N>(table, active, counts, conflicts, left)
}

/// Marks option `o`'s primary items covered: raises their counts by [`COVERED`] (the options
/// that [`clear`] removes then bring them down to exactly [`COVERED`]). `N` as in [`remove`].
#[inline(always)]
fn cover_items<const N: usize>(table: &Table, counts: &mut [i16], o: u32) {
    if N > 0 {
        for &i in table.primaries_of::<N>(o) {
            counts[usize::from(i)] += COVERED;
        }
    } else {
        let record = table.record(o as usize);
        for &i in &record[2..2 + usize::from(record[1])] {
            counts[usize::from(i)] += COVERED;
        }
    }
}

/// Removes the active options of `mask` from the frame (`active`, `counts`), decrementing
/// the counts of their primary items; returns the sum of `w` over them. `left` has
/// [`Table::words`] words; `N` and `AVX2` as in [`choose_option`].
#[inline(always)]
fn clear<const AVX2: bool, const N: usize>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    assert!(active.len() == table.words && counts.len() == table.padded);
    assert!(mask.len() == active.len() && left.len() == active.len());
    // The sum of `w`, or with `N > 0` the number of options removed, and then the sum by
    // weight classes if the problem is not uniform.
    let (mut weight, mut classed) = (0, 0);
    let step = table.keys.step();
    if active.len() <= SMALL_WORDS {
        // A word or two: test each as it comes.
        for (w, (word, &mask)) in active.iter_mut().zip(mask).enumerate() {
            let removed = *word & mask;
            if removed != 0 {
                *word ^= removed;
                // SAFETY: `removed` is part of `active`, a frame's bitset, whose bits are all
                // options of `table` (invariant 2); `counts` is a frame's (asserted above);
                // `N` is the caller's promise.
                weight += unsafe { remove::<N>(table, counts, step, w * 64, removed) };
                if N > 0 && table.uniform.is_none() {
                    classed += classed_weight(table, w, removed);
                }
            }
        }
    } else {
        let mut start = 0;
        while start < active.len() {
            let end = active.len().min(start + SWEEP_WORDS);
            let piece = start..end;
            let mut words = sweep::<AVX2>(
                &mut active[piece.clone()],
                &mask[piece.clone()],
                &mut left[piece],
            );
            while words != 0 {
                let w = start + words.trailing_zeros() as usize;
                words &= words - 1;
                // SAFETY: as above, `left[w]` having been part of `active`.
                weight += unsafe { remove::<N>(table, counts, step, w * 64, left[w]) };
                if N > 0 && table.uniform.is_none() {
                    classed += classed_weight(table, w, left[w]);
                }
            }
            start = end;
        }
    }
    match table.uniform {
        Some((_, w)) if N > 0 => weight * w,
        None if N > 0 => classed,
        _ => weight,
    }
}

/// The sum of `w` over the options `bits` of word `w` of a bitset, by
/// [`Table::weight_classes`].
#[inline(always)]
fn classed_weight(table: &Table, w: usize, bits: u64) -> u64 {
    (table.weight_classes.iter())
        .map(|(size, class)| size * u64::from((bits & class[w]).count_ones()))
        .sum()
}

/// [`choose_option`] outside the search loop (forcing an option, descending into a subtree),
/// with AVX2 when `avx2` says the processor has it.
fn choose(
    avx2: bool,
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    o: u32,
    scratch: &mut [u64],
) -> u64 {
    cover_items::<0>(table, counts, o);
    let (union, left) = scratch.split_at_mut(table.words);
    let conflicts = table.conflicts(o, union);
    clear_any(avx2, table, active, counts, conflicts, left)
}

/// [`clear`] for the problem's shape, outside the search loop, with AVX2 when `avx2` says the
/// processor has it: Sudoku forces some 20 givens a puzzle, as much work as the search of a
/// 17-clue puzzle.
fn clear_any(
    avx2: bool,
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the processor has AVX2 (see `Bits::new`).
        return unsafe { clear_avx2(table, active, counts, mask, left) };
    }
    clear_with::<false>(table, active, counts, mask, left)
}

/// [`clear_with`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn clear_avx2(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    clear_with::<true>(table, active, counts, mask, left)
}

/// [`clear`] for the problem's shape (`AVX2` as there).
#[inline(always)]
fn clear_with<const AVX2: bool>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    match table.primaries_each.unwrap_or(0) {
        1 => clear::<AVX2, 1>(table, active, counts, mask, left),
        2 => clear::<AVX2, 2>(table, active, counts, mask, left),
        3 => clear::<AVX2, 3>(table, active, counts, mask, left),
        4 => clear::<AVX2, 4>(table, active, counts, mask, left),
        5 => clear::<AVX2, 5>(table, active, counts, mask, left),
        6 => clear::<AVX2, 6>(table, active, counts, mask, left),
        _ => clear::<AVX2, 0>(table, active, counts, mask, left),
    }
}

/// For each option `base + k` with bit `k` set in `removed`: decrements the counts of its
/// primary items, subtracting `step` ([`scan::Keys::step`]) from their keys. Returns the sum of `w` over those options, or, when `N > 0`, their number.
///
/// This is the inner loop of the search. It reads the records and the counts without bounds
/// checks: with them, each option removed took 30 instructions and each count 7, instead of
/// 11 and 3 (callgrind, 17-clue Sudoku). With `N > 0` (every option has `N` primary items,
/// see [`Table::primaries_each`]) it reads only the option's `N` primary items, and the
/// compiler unrolls the loop over them.
///
/// # Safety
/// Every `base + k` must be an option of `table`; `counts` must have [`Table::padded`]
/// entries; `N` must be 0 or [`Table::primaries_each`].
#[inline(always)]
unsafe fn remove<const N: usize>(
    table: &Table,
    counts: &mut [i16],
    step: i16,
    base: usize,
    mut removed: u64,
) -> u64 {
    debug_assert!(counts.len() == table.padded && step == table.keys.step());
    debug_assert!(N == 0 || table.primaries_each == Some(N));
    let counts = counts.as_mut_ptr();
    let mut weight = 0;
    while removed != 0 {
        let r = base + removed.trailing_zeros() as usize;
        removed &= removed - 1;
        debug_assert!(r < table.options());
        if N > 0 {
            // SAFETY: option `r` exists (the caller's promise), and a uniform problem lists
            // `N` primary items for each option, each below `Table::primary <= Table::padded`,
            // the length of `counts`.
            unsafe {
                let items = table.primaries().add(r * N);
                for t in 0..N {
                    *counts.add(usize::from(*items.add(t))) -= step;
                }
            }
            weight += 1;
            continue;
        }
        // SAFETY: option `r` exists (the caller's promise), so its record lies within the
        // records, whose length is `options * stride`; a record's count of primary items is
        // at most `stride - 2` (`Table::new`).
        let record = unsafe { table.records().add(r * table.stride) };
        let (w, n) = unsafe { (*record, *record.add(1)) };
        weight += u64::from(w);
        for t in 0..usize::from(n) {
            // SAFETY: `2 + t < 2 + n <= stride`, so this is in the record, and a record
            // names primary items, below `Table::primary <= Table::padded`, the length of
            // `counts`.
            unsafe {
                let j = usize::from(*record.add(2 + t));
                debug_assert!(j < table.primary);
                *counts.add(j) -= step;
            }
        }
    }
    weight
}

/// The first option of item `i` in `active` after option `after` (from the start with
/// `None`), if any.
#[inline(always)]
fn next_option(table: &Table, active: &[u64], i: u32, after: Option<u32>) -> Option<u32> {
    let row = table.bitset(i);
    assert_eq!(active.len(), row.len());
    let from = after.map_or(0, |o| o as usize + 1);
    let mut w = from / 64;
    let mut mask = u64::MAX << (from % 64);
    if w < table.first_word(i) {
        w = table.first_word(i);
        mask = u64::MAX;
    }
    while w < row.len() {
        let bits = active[w] & row[w] & mask;
        if bits != 0 {
            return Some((w * 64 + bits.trailing_zeros() as usize) as u32);
        }
        mask = u64::MAX;
        w += 1;
    }
    None
}

/// `S`: the sum of `w` over the options of item `i` in `active`, which are `count` (`i`'s
/// count in the frame of `active`). `N` as in [`remove`]: a uniform problem's options all
/// have the same `w`; else by population counts over [`Table::weight_classes`] where kept,
/// or option by option.
#[inline(always)]
fn weight_of<const N: usize>(table: &Table, active: &[u64], i: u32, count: i16) -> u64 {
    if let Some((_, w)) = table.uniform.filter(|_| N > 0) {
        return w * count as u64;
    }
    let from = table.first_word(i);
    let row = &table.bitset(i)[from..];
    let active = &active[from..];
    if !table.weight_classes.is_empty() {
        let mut weight = 0;
        for (w, class) in &table.weight_classes {
            let options: u32 = (active.iter().zip(row).zip(&class[from..]))
                .map(|((&a, &r), &c)| (a & r & c).count_ones())
                .sum();
            weight += w * u64::from(options);
        }
        return weight;
    }
    let mut weight = 0;
    for (w, (&a, &r)) in active.iter().zip(row).enumerate() {
        let mut bits = a & r;
        while bits != 0 {
            let o = (from + w) * 64 + bits.trailing_zeros() as usize;
            weight += others(table, o as u32);
            bits &= bits - 1;
        }
    }
    weight
}

/// [`sweep::sweep`], with AVX2 in code compiled for AVX2.
#[inline(always)]
fn sweep<const AVX2: bool>(active: &mut [u64], mask: &[u64], left: &mut [u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: `AVX2` is set only in code compiled for AVX2 (`Bits::search_avx2`,
        // `clear_avx2`), which runs only when the processor has it.
        return unsafe { sweep::sweep_avx2(active, mask, left) };
    }
    sweep::sweep(active, mask, left)
}

/// The first minimum of the counts (index and count), or `None` when every primary item is
/// covered: with the AVX2 scan in the loop compiled for AVX2.
#[inline(always)]
fn first_min<const AVX2: bool>(table: &Table, counts: &[i16]) -> Option<(usize, i16)> {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: `AVX2` is set only in code compiled for AVX2 (`Bits::search_avx2`), which
        // runs only when the processor has it; a frame's counts are a nonzero whole number of
        // vectors (`Table::padded`).
        return unsafe { table.keys.first_min_avx2(counts) };
    }
    table.keys.first_min(counts)
}

impl Bits {
    /// Whether the bit engine can take `problem` (see [`table::fits`]).
    pub(crate) fn fits(problem: &Problem) -> bool {
        table::fits(problem)
    }

    /// The number of options the engine would search in `problem`: those with a primary
    /// item.
    pub(crate) fn options(problem: &Problem) -> usize {
        table::searched(problem).count()
    }

    /// Takes a level for `item`, which has `count` options, choosing `o` (in place when it
    /// is the only one, else in a copy of the frame); returns `W(o)`.
    fn push_level(&mut self, item: u32, count: i16, o: u32) -> u64 {
        let single = count == 1;
        if !single {
            self.frames.copy_up(self.cursor.top);
            self.cursor.top += 1;
        }
        self.levels.push(Level {
            item,
            option: o,
            single,
            weight: UNKNOWN,
        });
        if self.table.colors.is_some() {
            let top = self.cursor.top;
            let (table, scratch) = (&self.table, &mut self.scratch);
            return colors::choose::<0>(table, &mut self.frames, top, o, item, scratch).0;
        }
        let (active, counts) = self.frames.frame_mut(self.cursor.top);
        choose(self.avx2, &self.table, active, counts, o, &mut self.scratch)
    }

    /// The search loop for this problem's shape (see [`run`]), `COLORED` when it has colors:
    /// the removal loop unrolled for up to six primary items an option on a plain problem, up
    /// to three on a problem with colors. Each class is a function of its own, as the plain
    /// loop's speed depends on its layout (one function for both made nqueens-14 3.5% slower
    /// with the same instructions).
    #[inline(always)]
    fn search_with<const AVX2: bool, const COLORED: bool>(&mut self, cut: usize) -> Option<Step> {
        let Bits {
            table,
            frames,
            levels,
            cursor,
            counters,
            scratch,
            ..
        } = self;
        let table: &Table = table;
        macro_rules! run {
            ($n:literal) => {
                run::<AVX2, $n, COLORED>(table, frames, levels, cursor, counters, scratch, cut)
            };
        }
        debug_assert_eq!(COLORED, table.colors.is_some());
        if COLORED {
            return match table.uniform.map_or(0, |(n, _)| n) {
                1 => run!(1),
                2 => run!(2),
                3 => run!(3),
                _ => run!(0),
            };
        }
        match table.primaries_each.unwrap_or(0) {
            1 => run!(1),
            2 => run!(2),
            3 => run!(3),
            4 => run!(4),
            5 => run!(5),
            6 => run!(6),
            _ => run!(0),
        }
    }

    /// [`Bits::search_with`] compiled for AVX2 and `popcnt` (which [`weight_of`] and the
    /// accounting of colors use).
    ///
    /// # Safety
    /// The processor must have AVX2 and `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn search_avx2<const COLORED: bool>(&mut self, cut: usize) -> Option<Step> {
        self.search_with::<true, COLORED>(cut)
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.cursor.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0
    }

    /// Whether two engines hold equal search states (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Bits) -> bool {
        self.levels == other.levels
            && self.forced == other.forced
            && self.cursor.top == other.cursor.top
            && (0..=self.cursor.top).all(|f| {
                self.frames.frame(f) == other.frames.frame(f)
                    && self.frames.purified(f) == other.frames.purified(f)
            })
    }

    /// The state after choosing `chosen` from the root, computed from the table alone:
    /// active options and counts as invariant 2 of the module docs says, and the purified
    /// bytes as [`colors`] says; `None` if two of the options are incompatible.
    fn state_after(&self, chosen: &[u32]) -> Option<Frame> {
        let t = &self.table;
        // The slot of the `j`-th item of option `o` (`None`: named without a color).
        let slot = |o: u32, j: usize| t.colors.as_ref().and_then(|c| c.slot(t.mentions(o) + j));
        // For each item: `None` while free, `Some(None)` covered, `Some(Some(s))` purified
        // with the color of slot `s`.
        let mut state: Vec<Option<Option<u32>>> = vec![None; t.items];
        let compatible = |state: &[Option<Option<u32>>], o: u32| {
            t.items_of(o)
                .iter()
                .enumerate()
                .all(|(j, &i)| match state[i as usize] {
                    None => true,
                    Some(None) => false,
                    Some(Some(s)) => slot(o, j) == Some(s),
                })
        };
        for &o in chosen {
            if !compatible(&state, o) {
                return None;
            }
            for (j, &i) in t.items_of(o).iter().enumerate() {
                state[i as usize] = Some(slot(o, j));
            }
        }
        let mut active = vec![0u64; t.words];
        for o in 0..t.options() as u32 {
            if compatible(&state, o) {
                active[o as usize / 64] |= 1 << (o % 64);
            }
        }
        let counts = (0..t.padded)
            .map(|i| match state.get(i) {
                Some(None) if i < t.primary => {
                    let row = t.bitset(i as u32);
                    let count = active.iter().zip(row);
                    let count = count.map(|(a, r)| (a & r).count_ones() as i16).sum();
                    t.keys.key(count, i)
                }
                _ => t.keys.covered(i),
            })
            .collect();
        let mut purified = vec![0u64; t.colors.as_ref().map_or(0, |c| c.flags)];
        for (y, state) in state[t.primary..].iter().enumerate() {
            if matches!(state, Some(Some(_))) {
                purified[y / 64] |= 1 << (y % 64);
            }
        }
        Some(Frame {
            active,
            counts,
            purified,
        })
    }

    /// Whether frame `f` holds `state`.
    fn holds(&self, f: usize, state: &Frame) -> bool {
        self.frames.frame(f) == (&state.active[..], &state.counts[..])
            && self.frames.purified(f) == state.purified
    }
}

/// A state recomputed by [`Bits::state_after`], for [`Bits::check`].
struct Frame {
    active: Vec<u64>,
    counts: Vec<i16>,
    purified: Vec<u64>,
}

/// The search loop (see the module docs): forward from the node below the last choice or,
/// after `State::Backup`, to the next option of the deepest branching level, until a
/// solution, the end, the budget, a pause or the level `cut`. `AVX2`: compiled for AVX2 (in
/// [`Bits::search_avx2`] only); `N`: as in [`remove`]; `COLORED`: the problem has colors,
/// whose options are chosen by [`colors::choose`]. The engine's parts come as arguments, so
/// that the compiler knows that storing a count changes none of them.
#[inline(always)]
fn run<const AVX2: bool, const N: usize, const COLORED: bool>(
    table: &Table,
    frames: &mut Frames,
    levels: &mut Vec<Level>,
    cursor: &mut Cursor,
    counters: &mut Counters,
    scratch: &mut [u64],
    cut: usize,
) -> Option<Step> {
    let mut backup = match cursor.state {
        State::Forward => false,
        State::Backup => true,
        State::Done => return Some(Step::Exhausted),
    };
    let mut f = cursor.top;
    let mut work = 0;
    let others = |o: u32| match table.uniform {
        Some((_, w)) if N > 0 => w,
        _ => others(table, o),
    };
    let step = 'search: loop {
        if !backup {
            if levels.len() == cut {
                cursor.state = State::Backup;
                break None;
            }
            if let Some(stop) = counters.enter() {
                cursor.state = State::Forward;
                break Some(stop);
            }
            let (active, counts) = frames.frame(f);
            let Some((item, count)) = first_min::<AVX2>(table, counts) else {
                counters.solutions += 1;
                cursor.state = State::Backup;
                break Some(Step::Solution);
            };
            // DLX1 covers the branching item even when its list is empty.
            work += 1;
            if count == 0 {
                backup = true;
                continue;
            }
            let item = item as u32;
            let o = next_option(table, active, item, None)
                .expect("an item of positive count has an active option");
            let single = count == 1;
            if !single {
                frames.copy_up(f);
                f += 1;
            }
            levels.push(Level {
                item,
                option: o,
                single,
                weight: UNKNOWN,
            });
            if COLORED {
                let (updates, cleansings) = colors::choose::<N>(table, frames, f, o, item, scratch);
                work += updates;
                cursor.cleansings += cleansings;
                continue;
            }
            let (active, counts) = frames.frame_mut(f);
            work += others(o) + choose_option::<AVX2, N>(table, active, counts, o, scratch);
            continue;
        }
        loop {
            if levels.len() == cursor.floor {
                cursor.state = State::Done;
                break 'search Some(Step::Exhausted);
            }
            let level = levels.last_mut().expect("a level above the floor");
            if level.single {
                levels.pop();
                continue;
            }
            let (active, counts) = frames.frame(f - 1);
            let Some(o) = next_option(table, active, level.item, Some(level.option)) else {
                levels.pop();
                f -= 1;
                continue;
            };
            if level.weight == UNKNOWN {
                level.weight = if COLORED {
                    colors::weight(table, frames, f - 1, level.item)
                } else {
                    let count = table.keys.count(counts[level.item as usize]);
                    weight_of::<N>(table, active, level.item, count)
                };
            }
            level.option = o;
            let weight = level.weight;
            frames.copy_up(f - 1);
            if COLORED {
                let (updates, cleansings) =
                    colors::choose::<N>(table, frames, f, o, level.item, scratch);
                work += updates;
                work -= weight;
                cursor.cleansings += cleansings;
                backup = false;
                break;
            }
            let (active, counts) = frames.frame_mut(f);
            work += others(o) + choose_option::<AVX2, N>(table, active, counts, o, scratch);
            work -= weight;
            backup = false;
            break;
        }
    };
    cursor.top = f;
    cursor.updates += work;
    step
}

impl Search for Bits {
    fn new(problem: &Problem) -> Bits {
        let table = Table::new(problem);
        let avx2 = scan::has_avx2_popcnt();
        Bits {
            frames: Frames::new(&table),
            scratch: vec![0; 2 * table.words],
            table: Arc::new(table),
            levels: Vec::new(),
            forced: Vec::new(),
            cursor: Cursor {
                top: 0,
                floor: 0,
                state: State::Forward,
                updates: 0,
                cleansings: 0,
            },
            counters: Counters::default(),
            avx2,
        }
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.cursor.updates,
            cleansings: self.cursor.cleansings,
            solutions: self.counters.solutions,
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        let o = self
            .table
            .option_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        let (active, counts) = self.frames.frame_mut(0);
        if active[o as usize / 64] >> (o % 64) & 1 == 0 {
            return Err(ForceError::Conflict { option });
        }
        if self.table.colors.is_some() {
            // DLX2 covers the option's first primary item, then commits the others.
            let first = u32::from(self.table.record(o as usize)[2]);
            let (updates, cleansings) = colors::choose::<0>(
                &self.table,
                &mut self.frames,
                0,
                o,
                first,
                &mut self.scratch,
            );
            self.cursor.updates += 1 + updates;
            self.cursor.cleansings += cleansings;
            self.forced.push(o);
            return Ok(());
        }
        // DLX1 covers each of the option's items: one update each, plus the options hidden.
        let removed = choose(self.avx2, &self.table, active, counts, o, &mut self.scratch);
        self.cursor.updates += others(&self.table, o) + 1 + removed;
        self.forced.push(o);
        Ok(())
    }

    /// One pass for all the options when the table keeps the options' conflicts (as for
    /// Sudoku): their union is removed at once, which removes the same options as forcing
    /// them one by one, and so the same counts and `updates`.
    fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        let table = &*self.table;
        if table.colors.is_some() || table.kept_conflicts(0).is_none() {
            return options.iter().try_for_each(|&option| self.force(option));
        }
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        let (union, left) = self.scratch.split_at_mut(table.words);
        union.fill(0);
        let (active, counts) = self.frames.frame_mut(0);
        let mut result = Ok(());
        for &option in options {
            let Some(o) = table.option_of(option) else {
                result = Err(ForceError::NotInSearch { option });
                break;
            };
            let (w, bit) = (o as usize / 64, 1 << (o % 64));
            // An option forced before this call left `active`; one forced in it, `union`.
            if active[w] & bit == 0 || union[w] & bit != 0 {
                result = Err(ForceError::Conflict { option });
                break;
            }
            let conflicts = table
                .kept_conflicts(o)
                .expect("the table keeps the conflicts");
            for (u, &c) in union.iter_mut().zip(conflicts) {
                *u |= c;
            }
            cover_items::<0>(table, counts, o);
            // As in `force`: one update for each of the option's items.
            self.cursor.updates += others(table, o) + 1;
            self.forced.push(o);
        }
        self.cursor.updates += clear_any(self.avx2, table, active, counts, union, left);
        result
    }

    fn reset(&mut self) {
        self.frames.reset(&self.table);
        self.cursor.top = 0;
        self.levels.clear();
        self.forced.clear();
        self.cursor.floor = 0;
        self.cursor.state = State::Forward;
        self.counters.restart();
        self.cursor.updates = 0;
        self.cursor.cleansings = 0;
    }

    /// The root state is kept in the shared table, so this is [`Bits::reset`], which copies
    /// it; `pristine` adds nothing.
    fn reset_from(&mut self, pristine: &Bits) {
        debug_assert!(Arc::ptr_eq(&self.table, &pristine.table));
        self.reset();
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2 and `popcnt` (see
            // `Bits::new`).
            return unsafe {
                if self.table.colors.is_some() {
                    self.search_avx2::<true>(cut)
                } else {
                    self.search_avx2::<false>(cut)
                }
            };
        }
        if self.table.colors.is_some() {
            self.search_with::<false, true>(cut)
        } else {
            self.search_with::<false, false>(cut)
        }
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        let options = self
            .forced
            .iter()
            .chain(self.levels.iter().map(|l| &l.option));
        out.extend(options.map(|&o| self.table.index[o as usize] as usize));
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.levels
                .iter()
                .map(|l| self.table.index[l.option as usize] as usize),
        );
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(
            self.cursor.state == State::Forward && self.levels.len() == self.cursor.floor
        );
        let (item, count) = (self.table.keys)
            .first_min(self.frames.frame(self.cursor.top).1)
            .expect("a subtree lies below a node with an item to cover");
        let o = self
            .table
            .option_of(option)
            .expect("the option of a subtree is in the search");
        debug_assert!(self.table.items_of(o).contains(&(item as u32)));
        self.push_level(item as u32, count, o);
        self.cursor.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        // From the top down: the frame below a level that is not single is its node's, and
        // a single level took no frame.
        let start = out.len();
        let mut f = self.cursor.top;
        for level in self.levels[from..].iter().rev() {
            out.push(if level.single {
                1
            } else {
                f -= 1;
                let row = self.table.bitset(level.item);
                let active = self.frames.frame(f).0.iter().zip(row);
                active.map(|(&a, &r)| (a & r).count_ones()).sum()
            });
        }
        out[start..].reverse();
    }

    fn progress(&self) -> f64 {
        if self.cursor.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for (f, level) in self.levels.iter().filter(|l| !l.single).enumerate() {
            // The node's frame is intact: the level's item had `d` options there, and the
            // one chosen is the `k`-th.
            let row = self.table.bitset(level.item);
            let (mut k, mut d) = (0, 0);
            for (w, (&a, &r)) in self.frames.frame(f).0.iter().zip(row).enumerate() {
                let bits = a & r;
                d += bits.count_ones();
                let upto = (level.option as usize + 1).saturating_sub(w * 64).min(64);
                let mask = if upto == 64 {
                    u64::MAX
                } else {
                    (1 << upto) - 1
                };
                k += (bits & mask).count_ones();
            }
            weight /= f64::from(d.max(1));
            done += f64::from(k - 1) * weight;
        }
        done
    }

    fn check(&self) -> Result<(), String> {
        let t = &self.table;
        if self.cursor.top != self.levels.iter().filter(|l| !l.single).count() {
            return Err(format!(
                "top is frame {} for {:?}",
                self.cursor.top, self.levels
            ));
        }
        let mut chosen = self.forced.clone();
        let mut f = 0;
        for (l, level) in self.levels.iter().enumerate() {
            let state = self
                .state_after(&chosen)
                .ok_or_else(|| format!("the options above level {l} are incompatible"))?;
            let (active, counts) = (&state.active, &state.counts);
            if !level.single && !self.holds(f, &state) {
                return Err(format!(
                    "frame {f}, the node of level {l}, is not its state"
                ));
            }
            f += usize::from(!level.single);
            let expected = t.keys.first_min(counts);
            if expected.map(|(i, _)| i as u32) != Some(level.item) {
                return Err(format!(
                    "level {l} branches on {}, not {expected:?}",
                    level.item
                ));
            }
            let count = t.keys.count(counts[level.item as usize]);
            if level.single != (count == 1) {
                return Err(format!("level {l}: count {count}, single {}", level.single));
            }
            let o = level.option;
            if o as usize >= t.options()
                || active[o as usize / 64] >> (o % 64) & 1 == 0
                || !t.items_of(o).contains(&level.item)
            {
                return Err(format!(
                    "level {l}: option {o} is not an option of its item"
                ));
            }
            chosen.push(o);
        }
        let state = self
            .state_after(&chosen)
            .ok_or("the chosen options are incompatible")?;
        if self.cursor.state != State::Done && !self.holds(self.cursor.top, &state) {
            return Err(format!(
                "frame {}, the top, is not its state",
                self.cursor.top
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step of a whole search, with the solution and the statistics after each step,
    /// on the scan `avx2` says.
    fn trace(problem: &Problem, avx2: bool) -> Vec<(Step, Vec<usize>, Stats)> {
        let mut bits = Bits::new(problem);
        bits.avx2 = avx2;
        steps(bits)
    }

    /// Every step of a whole search by `engine`, pausing every 97 nodes, with the solution
    /// and the statistics after each step and the invariants checked there.
    fn steps<S: Search>(mut engine: S) -> Vec<(Step, Vec<usize>, Stats)> {
        engine.counters_mut().set_pause_every(Some(97));
        let mut steps = Vec::new();
        let mut solution = Vec::new();
        loop {
            let step = engine.search(usize::MAX).expect("no cut");
            engine.solution(&mut solution);
            steps.push((step, solution.clone(), engine.stats()));
            engine.check().unwrap();
            if step == Step::Exhausted {
                return steps;
            }
        }
    }

    /// The instances of `puzzles/exact-cover/` with both shapes of the inner loop: uniform
    /// (queens, Langford pairs, pentominoes) and not (slack options, Sudoku's givens).
    fn problems() -> Vec<(&'static str, Problem)> {
        [
            (
                "nqueens-8",
                include_str!("../../../puzzles/exact-cover/nqueens-8.dlx"),
            ),
            (
                "nqueens-6-primary",
                include_str!("../../../puzzles/exact-cover/nqueens-6-primary.dlx"),
            ),
            (
                "langford-7",
                include_str!("../../../puzzles/exact-cover/langford-7.dlx"),
            ),
            (
                "pentomino-3x20",
                include_str!("../../../puzzles/exact-cover/pentomino-3x20.dlx"),
            ),
            (
                "sudoku-hard",
                include_str!("../../../puzzles/exact-cover/sudoku-hard.dlx"),
            ),
        ]
        .into_iter()
        .map(|(name, text)| (name, crate::knuth::parse_str(text).unwrap().problem))
        .collect()
    }

    /// A colored problem with every kind of mention: the DLX2 example of
    /// [`crate::engine::colored`] plus options that name its secondary items without a color,
    /// and a de Bruijn-like chain where each option colors a window of secondary items.
    fn colored_problems() -> Vec<(&'static str, Problem)> {
        let example = crate::engine::colored::tests::dlx2_example_problem();
        let mut b = crate::ProblemBuilder::new(6, 6);
        for k in 0..6usize {
            for bits in 0..4u32 {
                let window = (0..3).map(|t| (6 + (k + t) % 6, Some(bits >> (t % 2) & 1)));
                b.colored_option(std::iter::once((k, None)).chain(window))
                    .unwrap();
            }
            b.colored_option([(k, None), (6 + k, None)]).unwrap();
        }
        vec![("dlx2-example", example), ("windows", b.build().unwrap())]
    }

    #[test]
    fn colored_problems_keep_the_invariants_and_equal_dlx2() {
        for (name, problem) in colored_problems() {
            let bits = trace(&problem, false);
            if scan::has_avx2_popcnt() {
                assert_eq!(bits, trace(&problem, true), "{name}");
            }
            let links = steps(crate::engine::dlx2::Dlx2::new(&problem));
            assert_eq!(bits, links, "{name}");
            let last = bits.last().unwrap().2;
            assert!(
                last.solutions > 0 && last.cleansings > 0,
                "{name}: {last:?}"
            );
        }
    }

    #[test]
    fn the_portable_and_the_avx2_scans_search_the_same_tree() {
        let problems = problems();
        assert!(
            problems
                .iter()
                .any(|(_, p)| Table::new(p).uniform.is_some())
        );
        assert!(
            problems
                .iter()
                .any(|(_, p)| Table::new(p).uniform.is_none())
        );
        for (name, problem) in &problems {
            let portable = trace(problem, false);
            let last = portable.last().unwrap().2;
            assert!(last.solutions > 0 && last.nodes > last.solutions, "{name}");
            if scan::has_avx2() {
                assert_eq!(portable, trace(problem, true), "{name}");
            }
        }
    }
}
