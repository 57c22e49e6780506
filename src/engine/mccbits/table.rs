//! The table of the bitset MCC engine: each primary item's options as a mask over the
//! options, each option's conflicts as a mask, and the steps (include an option, remove one,
//! choose an item) on a frame, the state of one node: the live options as a bitset and every
//! primary item's remaining bound and number of live options.
//!
//! # Representation
//! The stored options are those with a primary item (Knuth's rule: an option without one is
//! never chosen), numbered in the problem's order, at most [`MAX_WORDS`] words of them. A
//! frame is `words` words of live options and two arrays of 16 bits a primary item: the
//! remaining upper bounds (how many more chosen options may cover each item, 0 once it is
//! covered; the lower bound left is that minus the item's slack, `v - u`, which never
//! changes), then the counts of live options, kept by the steps as options leave (an option
//! leaves about three times a node on the shared instances, where recounting every item's
//! options by `popcnt` at each node took two and a half times the instructions on
//! redrect-4-4). Each array is padded to `lanes`, a multiple of [`LANES`], with items whose
//! bound and count are 0 (never open, never failing), so that [`Table::choose`]'s passes,
//! which the compiler vectorizes, have no scalar remainder.
//! - With at most [`DENSE_LANES`] lanes, option `o`'s primary items are also a dense row of
//!   [`DENSE_LANES`] 0s and 1s, `rows[o]`: the options that leave a word at once add up
//!   their rows, which the counts then lose a vector at a time (see
//!   [`Table::drop_counts`]); and the choice's key holds the item's index.
//! - Item `i`'s options are the entries `entries[item_start[i]..item_start[i + 1]]`, one
//!   (word, mask) pair for each word that holds one of them: what covering the item takes
//!   out, and where its least live option is found.
//! - Option `o`'s conflicts are `kill[o * words..][..words]`: `o` itself and every option
//!   that names one of `o`'s secondary items with another color, or without a color where
//!   either has none (DLX2's rule); its primary items are
//!   `opt_items[opt_start[o]..opt_start[o + 1]]`.
//!
//! # Invariants of a frame
//! - a live option's primary items all have a bound of at least 1 (including an option takes
//!   one off each; an item whose bound reaches 0 is covered and takes its options out);
//! - an item whose bound is above 0 counts its live options exactly;
//! - no two live options conflict with an option chosen above (the kill masks);
//! - an item is *open* while its bound is above 0 and it has a live option or a lower bound
//!   left: an open item without one is a failure, found by [`Table::choose`], as is an item
//!   with fewer live options than its lower bound left. Nothing else fails, so that a step
//!   never fails by itself: the node below it does, before it is counted.

use crate::problem::Problem;
use crate::search::ForceError;

/// The most words of options a frame holds: 512 options.
pub(crate) const MAX_WORDS: usize = 8;

/// The largest upper bound of a primary item (16 bits of a frame).
pub(crate) const MAX_BOUND: u32 = u16::MAX as u32;

/// Items in a lane group: a frame's arrays are padded to a multiple of this, so that the
/// passes over them run in whole vectors (16 lanes of 16 bits, one AVX2 register).
const LANES: usize = 16;

/// The most lanes for which each option keeps a dense row of its primary items (see
/// [`Table::drop_counts`]; 64 items, 128 bytes a row, 64 KiB for 512 options) and the
/// choice's key holds the item's index (6 bits, see [`Table::choose`]).
const DENSE_LANES: usize = 64;

/// No stored option (the entry of [`Table::stored`] for an option without a primary item).
const NONE: u32 = u32::MAX;

/// One word of an item's mask: the item's options among the 64 of word `word`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    word: u32,
    mask: u64,
}

/// What [`Table::choose`] finds at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pick {
    /// No item is open: the options chosen are a solution.
    Solution,
    /// Some open item can no longer reach its lower bound.
    Fail,
    /// Branch on `item`, of degree `degree` (at least 1).
    Branch { item: u32, degree: u32 },
}

/// The masks and the problem's numbering; see the module docs.
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// Words of options in a frame.
    pub(super) words: usize,
    /// Primary items.
    pub(super) primary: usize,
    /// Primary items rounded up to a multiple of [`LANES`]: the length of a frame's array of
    /// bounds and of its array of counts (the padding's bounds and counts are 0).
    pub(super) lanes: usize,
    item_start: Vec<u32>,
    entries: Vec<Entry>,
    /// Each primary item's upper bound minus its lower bound.
    slack: Vec<u16>,
    kill: Vec<u64>,
    opt_start: Vec<u32>,
    opt_items: Vec<u32>,
    /// Whether `lanes` is at most [`DENSE_LANES`]: the options have dense rows, and the
    /// choice's key holds the item's index, so that its second pass finds the item.
    narrow: bool,
    /// Option `o`'s primary items as a row of 0s and 1s, `rows[o]`, when `narrow`; empty
    /// otherwise.
    rows: Vec<[u16; DENSE_LANES]>,
    /// The [`Problem`] option of each stored option.
    index: Vec<u32>,
    /// The stored option of each [`Problem`] option, [`NONE`] for those without a primary
    /// item.
    stored: Vec<u32>,
    /// The frame of the root, as the problem gives it.
    pub(super) origin_live: Vec<u64>,
    /// The bounds, then the counts, of the root.
    pub(super) origin_cells: Vec<u16>,
}

impl Table {
    /// Whether the engine takes `problem`: at most `64 * MAX_WORDS` options with a primary
    /// item, and every upper bound at most [`MAX_BOUND`].
    pub(crate) fn fits(problem: &Problem) -> bool {
        let primary = problem.primary_items();
        let options = (0..problem.option_count())
            .filter(|&k| {
                problem
                    .option_items(k)
                    .iter()
                    .any(|&i| (i as usize) < primary)
            })
            .count();
        options <= 64 * MAX_WORDS
            && (0..primary).all(|i| problem.bounds(i).is_some_and(|(_, v)| v <= MAX_BOUND))
    }

    /// The table of `problem`, which [`Table::fits`].
    pub(super) fn new(problem: &Problem) -> Table {
        let primary = problem.primary_items();
        let n = problem.item_count();
        let colors = problem.raw_colors();
        let mut stored = vec![NONE; problem.option_count()];
        let mut index = Vec::new();
        // Each stored option's mentions: (item, color).
        let mut mentions: Vec<Vec<(u32, u32)>> = Vec::new();
        let mut first = 0;
        for (k, slot) in stored.iter_mut().enumerate() {
            let items = problem.option_items(k);
            let start = first;
            first += items.len();
            if !items.iter().any(|&i| (i as usize) < primary) {
                continue;
            }
            *slot = index.len() as u32;
            index.push(k as u32);
            mentions.push(
                items
                    .iter()
                    .enumerate()
                    .map(|(m, &i)| (i, colors.get(start + m).copied().unwrap_or(0)))
                    .collect(),
            );
        }
        let options = index.len();
        let words = options.div_ceil(64).max(1);
        let mut masks = vec![0u64; n * words];
        for (o, items) in mentions.iter().enumerate() {
            for &(i, _) in items {
                masks[i as usize * words + o / 64] |= 1 << (o % 64);
            }
        }
        let (mut item_start, mut entries) = (vec![0u32], Vec::new());
        for i in 0..primary {
            for (w, &mask) in masks[i * words..(i + 1) * words].iter().enumerate() {
                if mask != 0 {
                    entries.push(Entry {
                        word: w as u32,
                        mask,
                    });
                }
            }
            item_start.push(entries.len() as u32);
        }
        // The options that name each secondary item, with their colors.
        let mut users: Vec<Vec<(usize, u32)>> = vec![Vec::new(); n];
        for (o, items) in mentions.iter().enumerate() {
            for &(i, c) in items.iter().filter(|&&(i, _)| i as usize >= primary) {
                users[i as usize].push((o, c));
            }
        }
        let mut kill = vec![0u64; options * words];
        let (mut opt_start, mut opt_items) = (vec![0u32], Vec::new());
        for (o, items) in mentions.iter().enumerate() {
            let k = &mut kill[o * words..(o + 1) * words];
            k[o / 64] |= 1 << (o % 64);
            for &(i, c) in items {
                if (i as usize) < primary {
                    opt_items.push(i);
                    continue;
                }
                for &(p, d) in &users[i as usize] {
                    if c == 0 || d == 0 || c != d {
                        k[p / 64] |= 1 << (p % 64);
                    }
                }
            }
            opt_start.push(opt_items.len() as u32);
        }
        let lanes = primary.div_ceil(LANES).max(1) * LANES;
        let narrow = lanes <= DENSE_LANES;
        let mut rows = Vec::new();
        if narrow {
            rows = vec![[0u16; DENSE_LANES]; options];
            for (o, row) in rows.iter_mut().enumerate() {
                for &i in &opt_items[opt_start[o] as usize..opt_start[o + 1] as usize] {
                    row[i as usize] = 1;
                }
            }
        }
        let (mut slack, mut origin_cells) = (vec![0u16; lanes], vec![0u16; 2 * lanes]);
        for i in 0..primary {
            let (u, v) = problem.bounds(i).expect("a primary item has bounds");
            slack[i] = (v - u) as u16;
            origin_cells[i] = v as u16;
            let count: u32 = masks[i * words..(i + 1) * words]
                .iter()
                .map(|m| m.count_ones())
                .sum();
            origin_cells[lanes + i] = count as u16;
        }
        let mut origin_live = vec![0u64; words];
        for o in 0..options {
            origin_live[o / 64] |= 1 << (o % 64);
        }
        Table {
            words,
            primary,
            lanes,
            item_start,
            entries,
            slack,
            kill,
            opt_start,
            opt_items,
            narrow,
            rows,
            index,
            stored,
            origin_live,
            origin_cells,
        }
    }

    /// Makes the table take the paths of problems of more than [`DENSE_LANES`] lanes (the
    /// counts kept one item at a time, the choice's third pass), for tests of those paths on
    /// small problems.
    #[cfg(test)]
    pub(super) fn widen(&mut self) {
        self.narrow = false;
        self.rows = Vec::new();
    }

    /// The [`Problem`] option of stored option `o`.
    #[inline]
    pub(super) fn option_of(&self, o: u32) -> usize {
        self.index[o as usize] as usize
    }

    /// The entries of primary item `i`'s mask.
    #[inline(always)]
    fn entries(&self, i: usize) -> &[Entry] {
        &self.entries[self.item_start[i] as usize..self.item_start[i + 1] as usize]
    }

    /// The open item of least branching degree `θ = live + 1 - (bound ∸ slack)`, with
    /// SSMCC's ties (the smaller `min(slack, bound)`, then more live options, then the
    /// smaller index), as the MCC engine on sparse sets chooses; [`Pick::Fail`] if some open
    /// item has fewer live options than its lower bound left.
    #[inline(always)]
    pub(super) fn choose(&self, cells: &[u16]) -> Pick {
        let (bounds, counts) = cells.split_at(self.lanes);
        let (counts, slack) = (&counts[..bounds.len()], &self.slack[..bounds.len()]);
        // One pass without branches (vectorized): whether some item fails, and the least θ
        // (`u16::MAX` for an item covered, or without options and its lower bound met).
        // θ is spelled out in each pass: one `#[inline(always)]` function for it and the
        // wide key, called by the three passes, took motley-5-6 19.5M -> 25.9M instructions,
        // redrect-4-4 135.7M -> 197.4M, queendom-5-5 58.5M -> 93.9M (fat LTO, whole process).
        let (mut fail, mut least) = (false, u16::MAX);
        for i in 0..bounds.len() {
            let (b, c) = (bounds[i], counts[i]);
            let lower = b.saturating_sub(slack[i]);
            fail |= c < lower;
            // (Saturating: an item that fails has no θ, and the node none.)
            let theta = if b == 0 || c == 0 {
                u16::MAX
            } else {
                (c + 1).saturating_sub(lower)
            };
            least = least.min(theta);
        }
        if fail {
            return Pick::Fail;
        }
        if least == u16::MAX {
            return Pick::Solution;
        }
        // The ties among the items of least θ: the smaller `min(slack, bound)`, then the
        // larger count, then the smaller index. With at most 64 lanes the index fits in the
        // key beside the count (at most 512 live options, 10 bits), so that one pass without
        // branches finds the item; otherwise the least key, then the first item with it.
        // (The length tested too, though `narrow` implies it, and in `drop_counts` the rows
        // rather than `narrow`: on `narrow` alone the loop took more instructions,
        // motley-5-6 24.2M -> 25.0M, redrect-4-4 144.5M -> 153.5M, fat LTO.)
        if self.narrow && bounds.len() <= DENSE_LANES {
            let mut least_key = u32::MAX;
            for i in 0..bounds.len() {
                let (b, c, s) = (bounds[i], counts[i], slack[i]);
                let theta = if b == 0 || c == 0 {
                    u16::MAX
                } else {
                    c + 1 - b.saturating_sub(s)
                };
                let key = (u32::from(s.min(b)) << 16) | (u32::from(1023 - c) << 6) | i as u32;
                least_key = least_key.min(if theta == least { key } else { u32::MAX });
            }
            return Pick::Branch {
                item: least_key & 63,
                degree: u32::from(least),
            };
        }
        let mut least_key = u32::MAX;
        for i in 0..bounds.len() {
            let (b, c, s) = (bounds[i], counts[i], slack[i]);
            let theta = if b == 0 || c == 0 {
                u16::MAX
            } else {
                c + 1 - b.saturating_sub(s)
            };
            let key = (u32::from(s.min(b)) << 16) | u32::from(u16::MAX - c);
            least_key = least_key.min(if theta == least { key } else { u32::MAX });
        }
        let mut best = 0;
        for i in 0..bounds.len() {
            let (b, c, s) = (bounds[i], counts[i], slack[i]);
            let key = (u32::from(s.min(b)) << 16) | u32::from(u16::MAX - c);
            if key == least_key && b != 0 && c != 0 && c + 1 - b.saturating_sub(s) == least {
                best = i;
                break;
            }
        }
        Pick::Branch {
            item: best as u32,
            degree: u32::from(least),
        }
    }

    /// The live option of item `i` of least index: what the search branches on.
    #[inline(always)]
    pub(super) fn least(&self, live: &[u64], i: u32) -> u32 {
        self.entries(i as usize)
            .iter()
            .find_map(|e| {
                let w = live[e.word as usize] & e.mask;
                (w != 0).then(|| e.word * 64 + w.trailing_zeros())
            })
            .expect("an open item to branch on has a live option")
    }

    /// The primary items of stored option `o`.
    #[inline(always)]
    fn items_of(&self, o: usize) -> &[u32] {
        &self.opt_items[self.opt_start[o] as usize..self.opt_start[o + 1] as usize]
    }

    /// Takes the options of `gone`, live options of word `w`, out of the counts of their
    /// primary items; returns how many there are.
    ///
    /// With dense rows, the rows of `gone` are added up in a row held in registers (at most
    /// 64 in a lane: no lane overflows), which the counts then lose a vector of [`LANES`] at
    /// a time (no lane borrows from the next: an item's count is the number of live options
    /// that cover it, at least what those of `gone` take). Motley's options cover up to 20
    /// primary items, each a load and a decrement one at a time, where a row costs four
    /// vector additions.
    ///
    /// Index loops over arrays and whole chunks, no `zip`: in builds without LTO the search
    /// loop called `Zip::new` and `Zip::next` out of line (with `include`'s zip, redrect-4-4 414M -> 147M
    /// instructions, tetro-6x7-holes2 276M -> 57M, callgrind, whole process).
    #[inline(always)]
    fn drop_counts(&self, cells: &mut [u16], mut gone: u64, w: usize) -> u32 {
        let n = gone.count_ones();
        let lanes = self.lanes;
        let counts = &mut cells[lanes..2 * lanes];
        if self.rows.is_empty() {
            while gone != 0 {
                let o = w * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                for &i in self.items_of(o) {
                    counts[i as usize] -= 1;
                }
            }
        } else {
            let mut sum = [0u16; DENSE_LANES];
            while gone != 0 {
                let o = w * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let row = &self.rows[o];
                for l in 0..DENSE_LANES {
                    sum[l] = sum[l].wrapping_add(row[l]);
                }
            }
            // Up to the shorter length, as a zip would: at most 4 groups, so that the
            // compiler unrolls the loop and keeps the sums in registers (up to the groups'
            // length it stored them to the stack and looped: tetro-6x7-holes2 58.0M ->
            // 51.8M instructions, redrect-4-4 147.1M -> 139.8M, LTO off). Rows exist only
            // with at most DENSE_LANES lanes: the sums cover every group.
            let (sums, groups) = (
                sum.as_chunks::<LANES>().0,
                counts.as_chunks_mut::<LANES>().0,
            );
            for g in 0..groups.len().min(sums.len()) {
                // Both loaded before the store, so that the subtraction is one vector (in
                // place, the compiler subtracted the 16 lanes one at a time).
                let mut lane = groups[g];
                for l in 0..LANES {
                    lane[l] = lane[l].wrapping_sub(sums[g][l]);
                }
                groups[g] = lane;
            }
        }
        n
    }

    /// Includes live option `o` in the frame: its conflicts (`o` among them) leave, each of
    /// its primary items' bound goes down, and an item whose bound reaches 0 takes its
    /// options out. Returns the number of options that left.
    #[inline(always)]
    pub(super) fn include(&self, live: &mut [u64], cells: &mut [u16], o: u32) -> u32 {
        let o = o as usize;
        let mut removed = 0;
        let kill = &self.kill[o * self.words..][..live.len()];
        for w in 0..live.len() {
            let gone = live[w] & kill[w];
            if gone != 0 {
                live[w] &= !kill[w];
                removed += self.drop_counts(cells, gone, w);
            }
        }
        for &i in self.items_of(o) {
            let bound = &mut cells[i as usize];
            *bound -= 1;
            if *bound == 0 {
                for e in self.entries(i as usize) {
                    let l = &mut live[e.word as usize];
                    let gone = *l & e.mask;
                    if gone != 0 {
                        *l &= !e.mask;
                        removed += self.drop_counts(cells, gone, e.word as usize);
                    }
                }
            }
        }
        removed
    }

    /// Removes live option `o` from the frame.
    #[inline(always)]
    pub(super) fn remove(&self, live: &mut [u64], cells: &mut [u16], o: u32) {
        let w = o as usize / 64;
        live[w] &= !(1 << (o % 64));
        self.drop_counts(cells, 1 << (o % 64), w);
    }

    /// The stored option of `option`, to force or exclude it, if it is live in `live`.
    ///
    /// # Errors
    /// [`ForceError::NotInSearch`] if the option does not exist or has no primary item;
    /// [`ForceError::Conflict`] if it is not live.
    pub(super) fn choosable(&self, live: &[u64], option: usize) -> Result<u32, ForceError> {
        let o = *self
            .stored
            .get(option)
            .ok_or(ForceError::NotInSearch { option })?;
        if o == NONE {
            return Err(ForceError::NotInSearch { option });
        }
        if !is_live(live, o) {
            return Err(ForceError::Conflict { option });
        }
        Ok(o)
    }

    /// Checks the invariants of a frame (see the module docs).
    pub(super) fn check(&self, live: &[u64], cells: &[u16]) -> Result<(), String> {
        let (bounds, counts) = cells.split_at(self.lanes);
        for o in 0..self.index.len() as u32 {
            if !is_live(live, o) {
                continue;
            }
            for &i in self.items_of(o as usize) {
                if bounds[i as usize] == 0 {
                    return Err(format!(
                        "option {} is live but its item {i} is covered",
                        self.index[o as usize]
                    ));
                }
            }
        }
        for i in 0..self.primary {
            if bounds[i] > self.origin_cells[i] {
                return Err(format!("item {i}'s bound is above its upper bound"));
            }
            let count: u32 = self
                .entries(i)
                .iter()
                .map(|e| (live[e.word as usize] & e.mask).count_ones())
                .sum();
            if bounds[i] > 0 && count != u32::from(counts[i]) {
                return Err(format!(
                    "item {i} counts {} live options, not {count}",
                    counts[i]
                ));
            }
        }
        if (self.primary..self.lanes).any(|i| bounds[i] != 0 || counts[i] != 0) {
            return Err("a lane of padding has a bound or a count".to_string());
        }
        Ok(())
    }
}

/// Whether stored option `o` is live in `live`.
#[inline(always)]
pub(super) fn is_live(live: &[u64], o: u32) -> bool {
    live[o as usize / 64] >> (o % 64) & 1 == 1
}
