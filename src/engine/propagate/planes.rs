//! The frames of the propagating engine with the options grouped: where a class of primary
//! items partitions the options (every option names exactly one of them, its *group*),
//! option `k` of group `g`, `k` being its rank among the group's options in increasing
//! order, is bit `g` of *plane* `k`. A plane is a bitset over the groups, so a frame's live
//! options are `planes` bitsets of `words` words, and so are its chosen ones.
//!
//! The class is the one the matrix shows: the first primary item of each option (in item
//! order); it is taken when every option names exactly one item of it, an item of it has at
//! most [`MAX_PLANES`] options, and the planes are at least half full. In Sudoku it is the
//! cells (the planes are the digits), in N queens the rows, in Langford pairs the digits;
//! nothing here knows which problem it is.
//!
//! Choosing an option clears its group's bit in every plane (one word a plane) and clears
//! each of its other items, whose options are kept as *rows*: for each plane holding some of
//! them, the words of the plane they lie in and the bits in those words (a Sudoku house's
//! options for one digit lie in one plane, in one or two words for 9x9). Each option
//! removed decrements the counts of its primary items, listed for each bit of the planes
//! (its *slot*) with a fixed stride, padded with a count that no scan reads. The counts and
//! the rules are [`super::rep`]'s, as in [`super::flat`], so the tree is the same.
//!
//! # Invariants (checked by `Tree::invariants`, through the options' view of the planes)
//! Besides those of [`super::flat`], read through the slots: a slot without an option is
//! never live nor chosen; the dummy count lies past the counts the scans read; the options
//! of an item, walked plane by plane (a group) or row by row (another item), are its live
//! options, and `next_option` returns them in increasing order.

use std::sync::Arc;

use super::super::bits::table::Table;
use super::rep::{self, BLOCK, COVERED, Rep, Stack, Work, blocks, has};
use crate::problem::Problem;

/// The most options an item of the class may have: a group's options are the bits of one
/// column across the planes, walked one plane at a time.
pub(crate) const MAX_PLANES: usize = 64;

/// No option, no group.
const NONE: u32 = u32::MAX;

/// Where some options of an item lie: in `plane`, words `w0..w1` of it, with the bits of
/// word `w` in `masks[off + w - w0]`.
#[derive(Clone, Copy, Debug)]
struct Row {
    plane: u32,
    w0: u32,
    w1: u32,
    off: u32,
}

/// The number of options with a primary item (those [`Table`] counts) if the matrix of
/// `problem` has the class of the module docs, its primary items as
/// [`Table::primary_items`] lists them: whether [`Layout::new`] takes the table of
/// `problem`, told without building the table nor the frames (two passes over the matrix,
/// for `Engine::Auto`'s choice; building them for a 36x36 Sudoku took 95 of the 204 million
/// instructions of `auto` on an empty grid). Checked against the frames by the tests.
pub(crate) fn class_options(problem: &Problem) -> Option<usize> {
    let primary = problem.primary_items() as u32;
    // The first primary item of each option (`NONE`: none), and the items of the class.
    let mut firsts = Vec::with_capacity(problem.option_count());
    let mut of_class = vec![false; problem.item_count()];
    for k in 0..problem.option_count() {
        let mut first = NONE;
        for &i in problem.option_items(k) {
            if i < primary && i < first {
                first = i;
            }
        }
        if first != NONE {
            of_class[first as usize] = true;
        }
        firsts.push(first);
    }
    // The options of each item of the class (its group's), each naming exactly one of them.
    let mut sizes = vec![0usize; problem.item_count()];
    let mut n = 0;
    for (k, &first) in firsts.iter().enumerate() {
        if first == NONE {
            continue;
        }
        let mut named = 0;
        for &i in problem.option_items(k) {
            named += usize::from(of_class[i as usize]);
        }
        if named != 1 {
            return None;
        }
        sizes[first as usize] += 1;
        n += 1;
    }
    let groups = of_class.iter().filter(|&&yes| yes).count();
    let planes = sizes.iter().copied().max().unwrap_or(0);
    takes(n, groups, planes).then_some(n)
}

/// Whether the grouped frames take a matrix whose `n` options each name exactly one of
/// `groups` items of a class, at most `planes` options to an item: at most [`MAX_PLANES`]
/// planes, at least half full.
pub(super) fn takes(n: usize, groups: usize, planes: usize) -> bool {
    n > 0 && planes <= MAX_PLANES && planes * groups <= 2 * n
}

/// The fixed part: the groups, the slots, the rows (see the module docs).
#[derive(Debug)]
struct Layout {
    /// Words in a plane.
    words: usize,
    /// The number of planes: the most options of a group.
    planes: usize,
    /// Bits in a plane: `64 * words`; slot `s` is bit `s % span` of plane `s / span`.
    span: usize,
    /// For each item: its group, or [`NONE`].
    group_of: Vec<u32>,
    /// For each option: its slot.
    slot_of: Vec<u32>,
    /// For each slot: its option, or [`NONE`].
    option_at: Vec<u32>,
    /// The primary items of each slot's option, `stride` to a slot, padded with `dummy`.
    decrements: Vec<u16>,
    stride: usize,
    /// For each item not of the class: its rows, `rows[row_start[i]..row_start[i + 1]]`.
    row_start: Vec<u32>,
    rows: Vec<Row>,
    masks: Vec<u64>,
    /// For each option: its items not of the class, `others[other_start[k]..other_start[k + 1]]`.
    other_start: Vec<u32>,
    others: Vec<u32>,
    /// Frame 0 at the root.
    root_live: Vec<u64>,
    root_counts: Vec<u16>,
}

impl Layout {
    /// The layout of `table`'s problem, if the matrix has a class as the module docs say.
    fn new(table: &Table) -> Option<Layout> {
        let n = table.options();
        let primary = table.primary;
        let first = |k: u32| table.primary_items(k).iter().min().map(|&i| u32::from(i));
        let mut of_class = vec![false; table.items];
        for k in 0..n as u32 {
            of_class[first(k)? as usize] = true;
        }
        if (0..n as u32).any(|k| {
            table
                .items_of(k)
                .iter()
                .filter(|&&i| of_class[i as usize])
                .count()
                != 1
        }) {
            return None;
        }
        let mut group_of = vec![NONE; table.items];
        let mut groups = 0;
        for (i, &yes) in of_class.iter().enumerate() {
            if yes {
                group_of[i] = groups;
                groups += 1;
            }
        }
        let groups = groups as usize;
        let mut sizes = vec![0usize; groups];
        let mut placed = Vec::with_capacity(n);
        for k in 0..n as u32 {
            let g = group_of[first(k)? as usize] as usize;
            placed.push((sizes[g], g));
            sizes[g] += 1;
        }
        let planes = sizes.iter().copied().max()?;
        if planes > MAX_PLANES || planes * groups > 2 * n {
            return None;
        }
        let words = groups.div_ceil(64);
        let span = 64 * words;
        let slot_of: Vec<u32> = placed.iter().map(|&(p, g)| (p * span + g) as u32).collect();
        let mut option_at = vec![NONE; planes * span];
        for (k, &s) in slot_of.iter().enumerate() {
            option_at[s as usize] = k as u32;
        }
        let dummy = blocks(primary) as u16;
        let stride = (0..n as u32).map(|k| table.primary_items(k).len()).max()?;
        let mut decrements = vec![dummy; planes * span * stride];
        for (k, &s) in slot_of.iter().enumerate() {
            let at = s as usize * stride;
            let items = table.primary_items(k as u32);
            decrements[at..at + items.len()].copy_from_slice(items);
        }
        let (mut row_start, mut rows, mut masks) = (vec![0], Vec::new(), Vec::new());
        let mut slots_of = vec![Vec::new(); table.items];
        for (k, &s) in slot_of.iter().enumerate() {
            for &i in table.items_of(k as u32) {
                slots_of[i as usize].push(s as usize);
            }
        }
        for (i, slots) in slots_of.iter_mut().enumerate() {
            if group_of[i] == NONE {
                slots.sort_unstable();
                for plane in slots.chunk_by(|a, b| a / span == b / span) {
                    let p = plane[0] / span;
                    let (w0, w1) = (
                        (plane[0] % span) / 64,
                        (plane[plane.len() - 1] % span) / 64 + 1,
                    );
                    let off = masks.len();
                    masks.resize(off + w1 - w0, 0);
                    for &s in plane {
                        masks[off + (s % span) / 64 - w0] |= 1 << (s % 64);
                    }
                    rows.push(Row {
                        plane: p as u32,
                        w0: w0 as u32,
                        w1: w1 as u32,
                        off: off as u32,
                    });
                }
            }
            row_start.push(rows.len() as u32);
        }
        let (mut other_start, mut others) = (vec![0], Vec::new());
        for k in 0..n as u32 {
            others.extend(
                table
                    .items_of(k)
                    .iter()
                    .filter(|&&i| group_of[i as usize] == NONE),
            );
            other_start.push(others.len() as u32);
        }
        let mut root_live = vec![0; planes * words];
        for (k, &s) in slot_of.iter().enumerate() {
            if has(&table.root_active, k as u32) {
                root_live[s as usize / 64] |= 1 << (s % 64);
            }
        }
        let mut root_counts = vec![COVERED; blocks(primary) + BLOCK];
        for (i, count) in root_counts.iter_mut().enumerate().take(primary) {
            *count = table.keys.count(table.root_counts[i]) as u16;
        }
        Some(Layout {
            words,
            planes,
            span,
            group_of,
            slot_of,
            option_at,
            decrements,
            stride,
            row_start,
            rows,
            masks,
            other_start,
            others,
            root_live,
            root_counts,
        })
    }

    /// The rows of item `i` (not of the class).
    #[inline(always)]
    fn rows(&self, i: u32) -> &[Row] {
        &self.rows[self.row_start[i as usize] as usize..self.row_start[i as usize + 1] as usize]
    }

    /// Calls `each` on the live slots of item `i` in `live` until it returns false.
    #[inline(always)]
    fn slots(&self, live: &[u64], i: u32, mut each: impl FnMut(usize) -> bool) {
        let g = self.group_of[i as usize];
        if g != NONE {
            let (gw, bit) = (g as usize / 64, 1u64 << (g % 64));
            for p in 0..self.planes {
                if live[p * self.words + gw] & bit != 0 && !each(p * self.span + g as usize) {
                    return;
                }
            }
            return;
        }
        for r in self.rows(i) {
            let base = r.plane as usize * self.words;
            for w in r.w0 as usize..r.w1 as usize {
                let mut bits = live[base + w] & self.masks[r.off as usize + w - r.w0 as usize];
                while bits != 0 {
                    if !each((base + w) * 64 + bits.trailing_zeros() as usize) {
                        return;
                    }
                    bits &= bits - 1;
                }
            }
        }
    }
}

/// The stack of frames (see the module docs): frame `d`'s live and chosen planes, and its
/// counts with one more block for the padded decrements.
#[derive(Clone, Debug)]
pub(crate) struct Planes {
    layout: Arc<Layout>,
    /// The planes; the counts of a frame, [`blocks`] of the primary items, then the block of
    /// the dummy.
    frames: Stack,
    /// The counts of a frame.
    stride: usize,
}

/// One frame, borrowed for changes; `N` is the layout's stride of decrements when the
/// search loop is compiled for it (a few instructions an option removed, no loop), 0 when
/// it reads the stride from the layout.
struct FrameMut<'a, const N: usize> {
    layout: &'a Layout,
    live: &'a mut [u64],
    chosen: &'a mut [u64],
    counts: &'a mut [u16],
}

impl<const N: usize> FrameMut<'_, N> {
    /// Removes the live options among the bits `mask` of word `at`, decrementing the counts
    /// of their primary items; returns how many were removed.
    #[inline(always)]
    fn clear(&mut self, at: usize, mask: u64) -> u64 {
        let mut bits = self.live[at] & mask;
        if bits == 0 {
            return 0;
        }
        self.live[at] &= !bits;
        let removed = u64::from(bits.count_ones());
        // A constant when compiled for a stride: the loop below is then unrolled.
        let stride = if N > 0 { N } else { self.layout.stride };
        while bits != 0 {
            let s = at * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &i in &self.layout.decrements[s * stride..(s + 1) * stride] {
                let count = &mut self.counts[usize::from(i)];
                *count = count.wrapping_sub(1);
            }
        }
        removed
    }

    /// Chooses live option `o` (see [`Rep::choose`]).
    fn choose(&mut self, o: u32) -> u64 {
        let l = self.layout;
        let s = l.slot_of[o as usize] as usize;
        debug_assert!(has(self.live, s as u32));
        self.chosen[s / 64] |= 1 << (s % 64);
        for &i in &l.decrements[s * l.stride..(s + 1) * l.stride] {
            self.counts[usize::from(i)] = COVERED;
        }
        let g = s % l.span;
        let (gw, bit) = (g / 64, 1u64 << (g % 64));
        let mut removed = 0;
        for p in 0..l.planes {
            removed += self.clear(p * l.words + gw, bit);
        }
        let others =
            &l.others[l.other_start[o as usize] as usize..l.other_start[o as usize + 1] as usize];
        for &j in others {
            for r in l.rows(j) {
                let base = r.plane as usize * l.words;
                for w in r.w0 as usize..r.w1 as usize {
                    removed += self.clear(base + w, l.masks[r.off as usize + w - r.w0 as usize]);
                }
            }
        }
        removed
    }

    /// The subsets rule on item `i` (see [`super::flat`]): the same removals, found slot by
    /// slot; nothing when `i` has more than [`rep::SUBSET_MAX`] live options.
    fn subsets(&mut self, table: &Table, i: u32) -> u64 {
        let l = self.layout;
        let mut mine = [0usize; rep::SUBSET_MAX as usize + 1];
        let mut n = 0;
        l.slots(self.live, i, |s| {
            mine[n] = s;
            n += 1;
            n < mine.len()
        });
        if n == 0 || n == mine.len() {
            return 0;
        }
        let mine = &mine[..n];
        let names_i = table.names(i);
        let mut removed = 0;
        for &j in table.items_of(l.option_at[mine[0]]) {
            let names_j = table.names(j);
            if j == i || !mine.iter().all(|&s| names_j(l.option_at[s])) {
                continue;
            }
            // The live options of `j` that do not name `i`, a buffer at a time.
            let mut dead = [0usize; 64];
            loop {
                let mut m = 0;
                l.slots(self.live, j, |s| {
                    if !names_i(l.option_at[s]) {
                        dead[m] = s;
                        m += 1;
                    }
                    m < dead.len()
                });
                for &s in &dead[..m] {
                    removed += self.clear(s / 64, 1 << (s % 64));
                }
                if m < dead.len() {
                    break;
                }
            }
        }
        removed
    }
}

/// `$body` with `$f` bound to frame `$d` of `$planes` compiled for its stride of
/// decrements, for the strides of the common problems (Sudoku's is 4).
macro_rules! with_frame {
    ($planes:expr, $d:expr, $f:ident => $body:expr) => {
        with_frame!($planes, $d, $f => $body; 2 3 4 5)
    };
    ($planes:expr, $d:expr, $f:ident => $body:expr; $($n:literal)*) => {
        match $planes.layout.stride {
            $($n => {
                let mut $f = $planes.frame_mut::<$n>($d);
                $body
            })*
            _ => {
                let mut $f = $planes.frame_mut::<0>($d);
                $body
            }
        }
    };
}

impl Planes {
    /// Frame `d`, to change.
    #[inline(always)]
    fn frame_mut<const N: usize>(&mut self, d: usize) -> FrameMut<'_, N> {
        let rep::FrameMut {
            live,
            chosen,
            counts,
        } = self.frames.frame_mut(d);
        FrameMut {
            layout: &self.layout,
            live,
            chosen,
            counts,
        }
    }

    /// Frame `d`'s live planes.
    #[inline(always)]
    fn live(&self, d: usize) -> &[u64] {
        self.frames.frame(d).live
    }
}

impl Rep for Planes {
    fn new(table: &Table) -> Option<Planes> {
        let layout = Layout::new(table)?;
        let stride = layout.root_counts.len();
        let mut planes = Planes {
            frames: Stack::new(layout.planes * layout.words, stride),
            layout: Arc::new(layout),
            stride,
        };
        planes.reset(table);
        Some(planes)
    }

    fn reset(&mut self, _: &Table) {
        let f = self.frame_mut::<0>(0);
        f.live.copy_from_slice(&f.layout.root_live);
        f.chosen.fill(0);
        f.counts.copy_from_slice(&f.layout.root_counts);
    }

    #[inline]
    fn copy_up(&mut self, d: usize) {
        self.frames.copy_up(d);
    }

    fn is_live(&self, d: usize, o: u32) -> bool {
        has(self.live(d), self.layout.slot_of[o as usize])
    }

    fn choose(&mut self, _: &Table, d: usize, o: u32) -> u64 {
        with_frame!(self, d, f => f.choose(o))
    }

    fn exclude(&mut self, _: &Table, d: usize, o: u32) {
        let s = self.layout.slot_of[o as usize] as usize;
        with_frame!(self, d, f => f.clear(s / 64, 1 << (s % 64)));
    }

    fn propagate(&mut self, table: &Table, d: usize, checked: &mut [u16], work: &mut Work) -> bool {
        let n = self.stride - BLOCK;
        with_frame!(self, d, f => rep::fixpoint(
            &mut f,
            n,
            |f| &*f.counts,
            checked,
            work,
            |f, i, work| {
                let l = f.layout;
                let mut slot = None;
                l.slots(f.live, i, |s| {
                    slot = Some(s);
                    false
                });
                let s = slot.expect("an item of count 1 has a live option");
                work.forced += 1;
                work.removed += f.choose(l.option_at[s]);
            },
            |f, i| f.subsets(table, i),
        ))
    }

    #[inline]
    fn counts(&self, d: usize) -> &[u16] {
        &self.frames.frame(d).counts[..self.stride - BLOCK]
    }

    fn next_option(&self, _: &Table, d: usize, item: u32, after: Option<u32>) -> Option<u32> {
        let l = &*self.layout;
        let mut best = NONE;
        let group = l.group_of[item as usize] != NONE;
        l.slots(self.live(d), item, |s| {
            let o = l.option_at[s];
            if after.is_none_or(|a| o > a) && o < best {
                best = o;
                // A group's slots come in increasing order of their options.
                return !group;
            }
            true
        });
        (best != NONE).then_some(best)
    }

    fn chosen(&self, d: usize, each: impl FnMut(u32)) {
        let l = &*self.layout;
        let mut options = Vec::with_capacity(64);
        for (w, &word) in self.frames.frame(d).chosen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                options.push(l.option_at[w * 64 + bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
        }
        options.sort_unstable();
        options.into_iter().for_each(each);
    }

    fn live_set(&self, table: &Table, d: usize) -> Vec<u64> {
        let mut set = vec![0; table.words];
        for (k, &s) in self.layout.slot_of.iter().enumerate() {
            if has(self.live(d), s) {
                set[k / 64] |= 1 << (k % 64);
            }
        }
        set
    }

    #[cfg(test)]
    fn subsets(&mut self, table: &Table, d: usize, i: u32) -> u64 {
        self.frame_mut::<0>(d).subsets(table, i)
    }

    #[cfg(test)]
    fn same_frame(&self, other: &Planes, d: usize) -> bool {
        self.frames
            .same_frame(&other.frames, d, self.stride - BLOCK)
    }
}
