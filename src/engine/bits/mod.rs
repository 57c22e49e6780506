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
//! Options excluded before the search ([`crate::Solver::exclude`]) are inactive in every
//! frame, as if the problem lacked them; frame 0, which an in-place level may change, is
//! copied when the search starts, for [`Bits::reroot`] to move the root from.
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
//! # Weighted choice
//! Under [`Choice::Wdeg`] the branching item is SSXCC2's, as on the links
//! ([`crate::engine::links::weighted`]): the first minimum of the counts when it is at most
//! 1, else the first uncovered primary item of least count over weight (a scalar pass, at
//! branching nodes only; [`cover::weighted`]); a node whose item has no option adds 1 to its
//! weight. Options are tried in the same order, and `updates` counted the same way, so the
//! links and the bits search the same weighted tree with the same counters. The loop is
//! compiled apart for it (`WDEG` in [`run`]), so that MRV's loop does not test the rule.
//! Invariant 3 then reads "each level's item is the one the weights chose at its node"; a
//! level placed by [`Bits::descend`] may name another item of its option (see there).
//!
//! # Subtrees
//! [`Bits::descend`] replays a choice from [`Search::choices`] and raises a *floor* that
//! backing up never passes, as the links engine does.
//!
//! # Modules
//! Imports point one way, down: [`scan`] and [`sweep`] (vector primitives) at the bottom;
//! [`table`], the fixed part, above them; [`frames`] and [`cover`] (choosing an option in a
//! plain frame) above the table; [`colors`] above those; and this module, the loop, with
//! [`search`] (the [`super::Search`] contract around the loop), `check` (its invariants) and
//! `tests`, at the top.
//!
//! [`COVERED`]: scan::COVERED

mod check;
mod colors;
mod cover;
pub(crate) use self::cover::next_option;
mod frames;
mod reroot;
pub(crate) mod scan;
mod search;
mod sweep;
pub(crate) mod table;

use std::sync::Arc;

use self::colors::Colors;
use self::cover::{choose, choose_option, first_min, others, weight_of, weighted};
use self::frames::Frames;
use self::table::Table;
use super::Counters;
use crate::problem::Problem;
use crate::search::{Choice, Step};

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
    /// The colors of a problem with colors, shared as the table is.
    colors: Option<Arc<Colors>>,
    frames: Frames,
    /// The levels of the search, from the root.
    levels: Vec<Level>,
    /// The options forced before the search, in order.
    forced: Vec<u32>,
    /// The options excluded before the search, in order (for the links, should the search
    /// move there).
    excluded: Vec<u32>,
    /// Whether the frames keep a copy of the root as the current search found it (see
    /// [`Frames::save_root`]); cleared by whatever changes the root.
    root_saved: bool,
    /// Room for the bitsets of [`Bits::reroot`].
    sets: Vec<u64>,
    cursor: Cursor,
    counters: Counters,
    /// Room for the conflicts of an option when the table does not keep them, then for the
    /// options that choosing it removes (twice [`Table::words`] words); in a problem with
    /// colors, its first half holds the active options before a choice.
    scratch: Vec<u64>,
    /// Whether the processor has AVX2 and `popcnt`, for the search loop; detected once, at
    /// construction.
    avx2: bool,
    /// The rule that chooses the branching item (see "Weighted choice" in the module docs).
    rule: Choice,
    /// Under [`Choice::Wdeg`], each primary item's weight, one entry for each count (padding
    /// included); empty under [`Choice::Mrv`]. Every entry is 1 after a reset.
    weights: Vec<u32>,
}

impl Bits {
    /// Whether the bit engine can take `problem` (see [`table::fits`]), with its colors.
    pub(crate) fn fits(problem: &Problem) -> bool {
        table::fits(problem, |options| colors::bytes_needed(problem, options))
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
        if let Some(colors) = self.colors.as_deref() {
            let top = self.cursor.top;
            let (table, scratch) = (&self.table, &mut self.scratch);
            let colors = Some(colors);
            return colors::choose::<0>(table, colors, &mut self.frames, top, o, item, scratch).0;
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
    fn search_with<const AVX2: bool, const COLORED: bool, const WDEG: bool>(
        &mut self,
        cut: usize,
    ) -> Option<Step> {
        let Bits {
            table,
            colors,
            frames,
            levels,
            cursor,
            counters,
            scratch,
            weights,
            ..
        } = self;
        let table: &Table = table;
        let colors = colors.as_deref();
        macro_rules! run {
            ($n:literal) => {
                run::<AVX2, $n, COLORED, WDEG>(
                    Fixed { table, colors },
                    frames,
                    levels,
                    cursor,
                    counters,
                    scratch,
                    weights,
                    cut,
                )
            };
        }
        debug_assert_eq!(COLORED, colors.is_some());
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
        self.search_with::<true, COLORED, false>(cut)
    }

    /// [`Bits::search_avx2`] under [`Choice::Wdeg`], kept apart so that the loop of
    /// [`Choice::Mrv`] is compiled as it was without it.
    ///
    /// # Safety
    /// The processor must have AVX2 and `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    #[inline(never)]
    unsafe fn search_avx2_weighted<const COLORED: bool>(&mut self, cut: usize) -> Option<Step> {
        self.search_with::<true, COLORED, true>(cut)
    }

    /// [`Bits::search_with`] under [`Choice::Wdeg`] without AVX2, kept apart as
    /// [`Bits::search_avx2_weighted`] is.
    #[inline(never)]
    fn search_weighted<const COLORED: bool>(&mut self, cut: usize) -> Option<Step> {
        self.search_with::<false, COLORED, true>(cut)
    }

    /// The options excluded before the search, as the problem numbers them, in order.
    pub(crate) fn excluded(&self) -> Vec<usize> {
        let index = |o: u32| self.table.index[o as usize] as usize;
        self.excluded.iter().map(|&o| index(o)).collect()
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.cursor.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0
    }
}

/// The fixed parts of the search that [`run`] reads: the table, and the colors of a problem
/// with colors.
#[derive(Clone, Copy)]
struct Fixed<'a> {
    table: &'a Table,
    colors: Option<&'a Colors>,
}

/// The search loop (see the module docs): forward from the node below the last choice or,
/// after `State::Backup`, to the next option of the deepest branching level, until a
/// solution, the end, the budget, a pause or the level `cut`. `AVX2`: compiled for AVX2 (in
/// [`Bits::search_avx2`] only); `N`: as in [`cover::remove`]; `COLORED`: the problem has colors,
/// whose options are chosen by [`colors::choose`]; `WDEG`: the branching item is
/// [`Choice::Wdeg`]'s, by `weights`. The engine's parts come as arguments, so that the
/// compiler knows that storing a count changes none of them.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn run<const AVX2: bool, const N: usize, const COLORED: bool, const WDEG: bool>(
    Fixed { table, colors }: Fixed<'_>,
    frames: &mut Frames,
    levels: &mut Vec<Level>,
    cursor: &mut Cursor,
    counters: &mut Counters,
    scratch: &mut [u64],
    weights: &mut [u32],
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
            let Some(min) = first_min::<AVX2>(table, counts) else {
                counters.solutions += 1;
                cursor.state = State::Backup;
                break Some(Step::Solution);
            };
            let (item, count) = if WDEG {
                weighted(table, counts, weights, min)
            } else {
                min
            };
            // DLX1 covers the branching item even when its list is empty.
            work += 1;
            if count == 0 {
                if WDEG {
                    weights[item] = weights[item].saturating_add(1);
                }
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
                let (updates, cleansings) =
                    colors::choose::<N>(table, colors, frames, f, o, item, scratch);
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
                    colors::weight(table, colors, frames, f - 1, level.item)
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
                    colors::choose::<N>(table, colors, frames, f, o, level.item, scratch);
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

impl Bits {
    /// The engine for `problem` on its `table` (built by [`Table::new`]), when the caller has
    /// built it already.
    pub(crate) fn on(problem: &Problem, table: Arc<Table>) -> Bits {
        let colors = problem.has_colors().then(|| Colors::new(problem, &table));
        let avx2 = scan::has_avx2_popcnt();
        Bits {
            frames: Frames::new(&table, colors.as_ref().map_or(0, |c| c.flags)),
            scratch: vec![0; 2 * table.words],
            table,
            colors: colors.map(Arc::new),
            levels: Vec::new(),
            forced: Vec::new(),
            excluded: Vec::new(),
            root_saved: false,
            sets: Vec::new(),
            cursor: Cursor {
                top: 0,
                floor: 0,
                state: State::Forward,
                updates: 0,
                cleansings: 0,
            },
            counters: Counters::default(),
            avx2,
            rule: Choice::Mrv,
            weights: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
