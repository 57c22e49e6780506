//! The bit engine: Algorithm X with the state kept as bitsets over options, searching
//! exactly DLX1's tree.
//!
//! # Representation
//! The fixed part is a [`Table`]: for each item, the bitset of the options that contain it;
//! for each option, its items. The state of a node of the search tree is a *frame*:
//! - `active`: the bitset of the options still compatible with the choices above the node
//!   (an option is active exactly when none of its items is covered);
//! - `counts`: for each primary item, the number of its active options (DLX1's `len`), or
//!   [`COVERED`] once an option covering it has been chosen.
//!
//! Choosing option `o` removes `active & (the union of the bitsets of o's items)`, which
//! includes `o` itself, from `active`, and decrements, for each option removed, the counts of
//! its primary items; the counts of `o`'s own primary items, raised by [`COVERED`] first, end
//! at exactly [`COVERED`]. This is DLX1's *cover* and *hide*, with one subtraction where the
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
//!    count (covered items, padding) is [`COVERED`];
//! 3. each level's item is the first minimum of the counts at its node, and its option the
//!    one chosen there; a level is in place exactly when that item had one option.
//!
//! When the tree is exhausted, `top` may still hold the state below a chain of in-place
//! levels that were popped; nothing reads it before a reset.
//!
//! # Subtrees
//! [`Bits::descend`] replays a choice from [`Search::choices`] and raises a *floor* that
//! backing up never passes, as the links engine does.

pub(crate) mod scan;
pub(crate) mod table;

use std::sync::Arc;

use self::scan::COVERED;
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

/// The bit engine: the shared table, the stack of frames and levels, and the counters.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    table: Arc<Table>,
    /// The `active` bitsets of the frames: frame `f` at `f * words..(f + 1) * words`.
    active: Vec<u64>,
    /// The counts of the frames: frame `f` at `f * padded..(f + 1) * padded`.
    counts: Vec<i16>,
    /// The frame that holds the state below the last choice.
    top: usize,
    /// The levels of the search, from the root.
    levels: Vec<Level>,
    /// The options forced before the search, in order.
    forced: Vec<u32>,
    /// The number of levels placed by [`Bits::descend`], which backing up never removes.
    floor: usize,
    state: State,
    counters: Counters,
    /// DLX1's `updates` (see the module docs).
    updates: u64,
    /// Whether the processor has AVX2, for the scan; detected once, at construction.
    avx2: bool,
}

/// `w(o)`: the items of option `o` less one.
#[inline(always)]
fn others(table: &Table, o: u32) -> u64 {
    let s = table.spans[o as usize];
    u64::from(s.end - s.start - 1)
}

/// Chooses option `o` in the frame (`active`, `counts`): removes every active option that
/// shares an item with `o`, `o` included, decrements the counts of their primary items, and
/// leaves `o`'s primary items at [`COVERED`]. Returns `W(o)`, the sum of `w` over the options
/// removed. `o` must be active.
#[inline(always)]
fn choose_option(table: &Table, active: &mut [u64], counts: &mut [i16], o: u32) -> u64 {
    let span = table.spans[o as usize];
    let items = &table.item_list[span.start as usize..span.end as usize];
    for &i in &table.item_list[span.start as usize..span.mid as usize] {
        counts[i as usize] += COVERED;
    }
    let words = table.words;
    let mut weight = 0;
    for (w, word) in active.iter_mut().enumerate() {
        let mut mask = 0;
        for &i in items {
            mask |= table.bitsets[i as usize * words + w];
        }
        let mut removed = *word & mask;
        *word &= !mask;
        while removed != 0 {
            let r = w * 64 + removed.trailing_zeros() as usize;
            removed &= removed - 1;
            let s = table.spans[r];
            weight += u64::from(s.end - s.start - 1);
            for &j in &table.item_list[s.start as usize..s.mid as usize] {
                counts[j as usize] -= 1;
            }
        }
    }
    weight
}

/// The first option of `row` in `active` at or after option `from`, if any.
#[inline(always)]
fn next_option(active: &[u64], row: &[u64], from: usize) -> Option<u32> {
    let mut w = from / 64;
    let mut bits = *active.get(w)? & row[w] & (u64::MAX << (from % 64));
    loop {
        if bits != 0 {
            return Some((w * 64 + bits.trailing_zeros() as usize) as u32);
        }
        w += 1;
        bits = *active.get(w)? & row[w];
    }
}

/// The sum of `w` over the options of `row` in `active`.
fn weight_of(table: &Table, active: &[u64], row: &[u64]) -> u64 {
    let mut weight = 0;
    for (w, (&a, &r)) in active.iter().zip(row).enumerate() {
        let mut bits = a & r;
        while bits != 0 {
            weight += others(table, (w * 64 + bits.trailing_zeros() as usize) as u32);
            bits &= bits - 1;
        }
    }
    weight
}

/// The first minimum of the counts (index and value), or `None` when every primary item is
/// covered: with AVX2 when the processor has it.
#[inline(always)]
fn first_min(counts: &[i16], avx2: bool) -> Option<(usize, i16)> {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the processor has AVX2 (see `Bits::new`), and a
        // frame's counts are a nonzero whole number of vectors (`Table::padded`).
        return unsafe { scan::first_min_avx2(counts) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = avx2;
    scan::first_min(counts)
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

    /// Makes room for frame `f`.
    #[inline(always)]
    fn reserve(&mut self, f: usize) {
        let (words, padded) = (self.table.words, self.table.padded);
        if self.counts.len() < (f + 1) * padded {
            self.active.resize((f + 1) * words, 0);
            self.counts.resize((f + 1) * padded, COVERED);
        }
    }

    /// Copies frame `f` to frame `f + 1`.
    #[inline(always)]
    fn push_frame(&mut self, f: usize) {
        self.reserve(f + 1);
        let (words, padded) = (self.table.words, self.table.padded);
        self.active
            .copy_within(f * words..(f + 1) * words, (f + 1) * words);
        self.counts
            .copy_within(f * padded..(f + 1) * padded, (f + 1) * padded);
    }

    /// Chooses option `o` in frame `f`; returns `W(o)`.
    #[inline(always)]
    fn choose_in(&mut self, f: usize, o: u32) -> u64 {
        let (words, padded) = (self.table.words, self.table.padded);
        choose_option(
            &self.table,
            &mut self.active[f * words..(f + 1) * words],
            &mut self.counts[f * padded..(f + 1) * padded],
            o,
        )
    }

    /// The active options of frame `f`.
    fn active_of(&self, f: usize) -> &[u64] {
        let words = self.table.words;
        &self.active[f * words..(f + 1) * words]
    }

    /// The counts of frame `f`.
    fn counts_of(&self, f: usize) -> &[i16] {
        let padded = self.table.padded;
        &self.counts[f * padded..(f + 1) * padded]
    }

    /// Takes a level for `item`, which has `count` options, choosing `o` (in place when it
    /// is the only one, else in a copy of the frame); returns `W(o)`.
    #[inline(always)]
    fn push_level(&mut self, item: usize, count: i16, o: u32) -> u64 {
        let f = self.top;
        let single = count == 1;
        if !single {
            self.push_frame(f);
            self.top = f + 1;
        }
        self.levels.push(Level {
            item: item as u32,
            option: o,
            single,
            weight: UNKNOWN,
        });
        self.choose_in(self.top, o)
    }

    /// Whether two engines hold equal search states (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Bits) -> bool {
        self.levels == other.levels
            && self.forced == other.forced
            && self.top == other.top
            && (0..=self.top).all(|f| {
                self.active_of(f) == other.active_of(f) && self.counts_of(f) == other.counts_of(f)
            })
    }

    /// The state after choosing `chosen` from the root, computed from the table alone:
    /// active options and counts as invariant 2 of the module docs says; `None` if two of
    /// the options share an item.
    fn state_after(&self, chosen: &[u32]) -> Option<(Vec<u64>, Vec<i16>)> {
        let t = &self.table;
        let mut covered = vec![false; t.items];
        for &o in chosen {
            for &i in t.items_of(o) {
                if std::mem::replace(&mut covered[i as usize], true) {
                    return None;
                }
            }
        }
        let mut active = vec![0u64; t.words];
        for o in 0..t.options() as u32 {
            if t.items_of(o).iter().all(|&i| !covered[i as usize]) {
                active[o as usize / 64] |= 1 << (o % 64);
            }
        }
        let mut counts = vec![COVERED; t.padded];
        for i in (0..t.primary).filter(|&i| !covered[i]) {
            let row = t.bitset(i as u32);
            counts[i] = active
                .iter()
                .zip(row)
                .map(|(a, r)| (a & r).count_ones() as i16)
                .sum();
        }
        Some((active, counts))
    }
}

impl Search for Bits {
    fn new(problem: &Problem) -> Bits {
        let table = Table::new(problem);
        let mut bits = Bits {
            active: table.root_active.clone(),
            counts: table.root_counts.clone(),
            table: Arc::new(table),
            top: 0,
            levels: Vec::new(),
            forced: Vec::new(),
            floor: 0,
            state: State::Forward,
            counters: Counters::default(),
            updates: 0,
            avx2: scan::has_avx2(),
        };
        bits.reserve(1);
        bits
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.updates,
            solutions: self.counters.solutions,
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0 {
            return Err(ForceError::SearchStarted);
        }
        let o = self
            .table
            .option_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        if self.active_of(0)[o as usize / 64] >> (o % 64) & 1 == 0 {
            return Err(ForceError::Conflict { option });
        }
        // DLX1 covers each of the option's items: one update each, plus the options hidden.
        self.updates += others(&self.table, o) + 1 + self.choose_in(0, o);
        self.forced.push(o);
        Ok(())
    }

    fn reset(&mut self) {
        let (words, padded) = (self.table.words, self.table.padded);
        self.active[..words].copy_from_slice(&self.table.root_active);
        self.counts[..padded].copy_from_slice(&self.table.root_counts);
        self.top = 0;
        self.levels.clear();
        self.forced.clear();
        self.floor = 0;
        self.state = State::Forward;
        self.counters.restart();
        self.updates = 0;
    }

    /// The root state is kept in the shared table, so this is [`Bits::reset`], which copies
    /// it; `pristine` adds nothing.
    fn reset_from(&mut self, pristine: &Bits) {
        debug_assert!(Arc::ptr_eq(&self.table, &pristine.table));
        self.reset();
    }

    #[inline(always)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        loop {
            match self.state {
                State::Forward => {
                    if self.levels.len() == cut {
                        self.state = State::Backup;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    let Some((item, count)) = first_min(self.counts_of(self.top), self.avx2) else {
                        self.counters.solutions += 1;
                        self.state = State::Backup;
                        return Some(Step::Solution);
                    };
                    // DLX1 covers the branching item even when its list is empty.
                    self.updates += 1;
                    if count == 0 {
                        self.state = State::Backup;
                        continue;
                    }
                    let o =
                        next_option(self.active_of(self.top), self.table.bitset(item as u32), 0)
                            .expect("an item of positive count has an active option");
                    let removed = self.push_level(item, count, o);
                    self.updates += others(&self.table, o) + removed;
                }
                State::Backup => loop {
                    if self.levels.len() == self.floor {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                    let level = *self.levels.last().expect("a level above the floor");
                    if level.single {
                        self.levels.pop();
                        continue;
                    }
                    let f = self.top - 1;
                    let row = self.table.bitset(level.item);
                    let Some(o) = next_option(self.active_of(f), row, level.option as usize + 1)
                    else {
                        self.levels.pop();
                        self.top = f;
                        continue;
                    };
                    let weight = if level.weight == UNKNOWN {
                        weight_of(&self.table, self.active_of(f), row)
                    } else {
                        level.weight
                    };
                    let last = self.levels.last_mut().expect("the level just read");
                    last.option = o;
                    last.weight = weight;
                    self.push_frame(f);
                    let removed = self.choose_in(f + 1, o);
                    self.updates += others(&self.table, o) + removed - weight;
                    self.state = State::Forward;
                    break;
                },
                State::Done => return Some(Step::Exhausted),
            }
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
        debug_assert!(self.state == State::Forward && self.levels.len() == self.floor);
        let (item, count) = first_min(self.counts_of(self.top), self.avx2)
            .expect("a subtree lies below a node with an item to cover");
        let o = self
            .table
            .option_of(option)
            .expect("the option of a subtree is in the search");
        debug_assert!(self.table.items_of(o).contains(&(item as u32)));
        self.push_level(item, count, o);
        self.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for (f, level) in self.levels.iter().filter(|l| !l.single).enumerate() {
            // The node's frame is intact: the level's item had `d` options there, and the
            // one chosen is the `k`-th.
            let row = self.table.bitset(level.item);
            let (mut k, mut d) = (0, 0);
            for (w, (&a, &r)) in self.active_of(f).iter().zip(row).enumerate() {
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
        if self.top != self.levels.iter().filter(|l| !l.single).count() {
            return Err(format!("top is frame {} for {:?}", self.top, self.levels));
        }
        let mut chosen = self.forced.clone();
        let mut f = 0;
        for (l, level) in self.levels.iter().enumerate() {
            let (active, counts) = self
                .state_after(&chosen)
                .ok_or_else(|| format!("the options above level {l} share an item"))?;
            if !level.single && (active != self.active_of(f) || counts != self.counts_of(f)) {
                return Err(format!(
                    "frame {f}, the node of level {l}, is not its state"
                ));
            }
            f += usize::from(!level.single);
            let expected = scan::first_min(&counts);
            if expected.map(|(i, _)| i as u32) != Some(level.item) {
                return Err(format!(
                    "level {l} branches on {}, not {expected:?}",
                    level.item
                ));
            }
            let count = counts[level.item as usize];
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
        let (active, counts) = self
            .state_after(&chosen)
            .ok_or("the chosen options share an item")?;
        if self.state != State::Done
            && (active != self.active_of(self.top) || counts != self.counts_of(self.top))
        {
            return Err(format!("frame {}, the top, is not its state", self.top));
        }
        Ok(())
    }
}
