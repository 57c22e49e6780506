//! The search on the bitsets: the choice of the item to branch on, with the lower bounds,
//! the writing of a child's frame, and DLX5's loop below a prefix of choices that
//! [`super::super`]'s threads share out.

use super::{Bits, Level};
use crate::mincost::Budget;
use crate::mincost::best::{Best, INFINITE};
use crate::mincost::bound::{LEN_THRESHOLD, Tally, dearest_under};

/// The bits of the last word of the prefix `0..end` that are in it: all of them when `end`
/// is a multiple of 64.
fn last_word(end: usize) -> u64 {
    match end % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

impl Bits {
    /// The item to branch on at the node of level `l` when `limit` is the net cost left
    /// before the cutoff, with its reduction; `None` when the node is a dead end (see the
    /// links' `choose_item`, which this follows on the bits). On return `self.first[i]` is
    /// the place of each open item's cheapest live option in its list. The frame has an
    /// open item.
    #[inline]
    fn choose_item(&mut self, l: usize, limit: u128) -> Option<(u32, u64)> {
        let end = self.below(limit) as u32;
        let (words, primary) = (self.words, self.first.len());
        let Bits {
            frames,
            pos,
            first,
            cost,
            class,
            weight,
            scale,
            stride,
            list,
            list_start,
            counts,
            masks,
            counted,
            ..
        } = self;
        let (nw, last) = ((end as usize).div_ceil(64), last_word(end as usize));
        let f = l * *stride;
        let live = &frames[f..f + words];
        let open = &frames[f + words..f + *stride];
        let pos = &mut pos[l * primary..(l + 1) * primary];
        let counts = &counts[l * primary..(l + 1) * primary];
        let is_live = |o: u32| live[o as usize / 64] >> (o % 64) & 1 == 1;
        // The words `w` of item `i`'s live options under the limit.
        let word = |i: usize, w: usize| {
            let x = masks[i * words + w] & live[w];
            if w == nw - 1 { x & last } else { x }
        };
        let mut tally = Tally::new(limit, *scale);
        for (wi, &bits) in open.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let i = wi * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let stop = list_start[i + 1] as usize;
                let mut p = pos[i] as usize;
                loop {
                    if p == stop || list[p] >= end {
                        return None;
                    }
                    if is_live(list[p]) {
                        break;
                    }
                    p += 1;
                }
                pos[i] = p as u32;
                first[i] = p as u32;
                let mincost = cost[list[p] as usize];
                if !tally.add(mincost, weight[i], class[i] as usize) {
                    return None;
                }
            }
        }
        let reduction = tally.reduction();
        let (mut t, mut tmpcost, mut best, mut best_reduction) = (u32::MAX, 0u64, 0u32, 0u64);
        for (wi, &bits) in open.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let i = wi * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let p = first[i] as usize;
                let mincost = cost[list[p] as usize];
                let reduce = tally.reduce(reduction, class[i] as usize, mincost);
                if u128::from(mincost) + u128::from(reduce) >= limit {
                    return None;
                }
                let s = if *counted {
                    counts[i]
                } else {
                    // Walk the live options after the cheapest, a word at a time, while they
                    // cost at most `lim`, up to the best count so far; past DLX5's threshold,
                    // the bits left are counted at once.
                    let lim = dearest_under(limit - u128::from(reduce));
                    let p = list[p] as usize;
                    let mut s = 1u32;
                    let mut w = p / 64;
                    let mut x = word(i, w) & ((!0u64 << (p % 64)) << 1);
                    'walk: loop {
                        while x == 0 {
                            w += 1;
                            if w >= nw {
                                break 'walk s;
                            }
                            x = word(i, w);
                        }
                        let q = w * 64 + x.trailing_zeros() as usize;
                        if cost[q] > lim {
                            break s;
                        }
                        if s == t {
                            // At least one more than the best: not chosen.
                            break s + 1;
                        }
                        if s >= LEN_THRESHOLD {
                            let rest: u32 = (w + 1..nw).map(|v| word(i, v).count_ones()).sum();
                            break s + x.count_ones() + rest;
                        }
                        s += 1;
                        x &= x - 1;
                    }
                };
                let usable = (s < t || (s == t && mincost > tmpcost)).then_some(s);
                if let Some(s) = usable {
                    (t, best, tmpcost, best_reduction) = (s, i as u32, mincost, reduce);
                }
            }
        }
        Some((best, best_reduction))
    }

    /// Writes the frame after level `l`'s for the choice of option `o`, exact on the
    /// options `0..end` (at most the parent's): the live options below `end`, their counts,
    /// and the open items. Whether an item is left open (if not, the choice completes a
    /// solution and only the open items are written).
    #[inline]
    fn apply(&mut self, l: usize, o: usize, end: usize) -> bool {
        let (words, stride, primary) = (self.words, self.stride, self.first.len());
        let f = l * stride;
        if self.frames.len() < f + 2 * stride {
            self.frames.resize(f + 2 * stride, 0);
            self.pos.resize((l + 2) * primary, 0);
            self.counts.resize((l + 2) * primary, 0);
            self.ends.resize(l + 2, 0);
        }
        let (src, dst) = self.frames.split_at_mut(f + stride);
        let (src, dst) = (&src[f..], &mut dst[..stride]);
        dst[words..].copy_from_slice(&src[words..]);
        let prims = &self.prims[self.prim_start[o] as usize..self.prim_start[o + 1] as usize];
        for &i in prims {
            dst[words + i as usize / 64] &= !(1u64 << (i % 64));
        }
        if dst[words..].iter().all(|&w| w == 0) {
            return false;
        }
        let parent = self.ends[l];
        let end = end.min(parent);
        self.ends[l + 1] = end;
        let kills = &self.kills[self.kill_start[o] as usize..self.kill_start[o + 1] as usize];
        let (head, tail) = self.counts.split_at_mut((l + 1) * primary);
        let counts = &mut tail[..primary];
        counts.copy_from_slice(&head[l * primary..]);
        let (prims, prim_start, counted) = (&self.prims, &self.prim_start, self.counted);
        // Takes option `r`'s primary items' counts down by one: the loop of the search, run
        // a few hundred million times on the shared instances, without bounds checks.
        let mut lose = |r: usize| {
            debug_assert!(r + 1 < prim_start.len());
            // SAFETY: `r` is a bit of a frame, and a frame's bits are options (`root` sets
            // none from `prim_start.len() - 1` on, and the frames only clear bits), so
            // `r + 1 < prim_start.len()`; `prim_start` is nondecreasing and ends at
            // `prims.len()`.
            let (a, b) = unsafe {
                (
                    *prim_start.get_unchecked(r) as usize,
                    *prim_start.get_unchecked(r + 1) as usize,
                )
            };
            debug_assert!(a <= b && b <= prims.len());
            // SAFETY: as said, `a..b` is within `prims`.
            for &i in unsafe { prims.get_unchecked(a..b) } {
                debug_assert!((i as usize) < counts.len());
                // SAFETY: `prims` holds primary items, and `counts` has one entry each.
                unsafe { *counts.get_unchecked_mut(i as usize) -= 1 };
            }
        };
        // Below `end`: the options killed; from `end` to the parent's end: every live one.
        for w in 0..parent.div_ceil(64) {
            let beyond = if w * 64 >= end {
                !0
            } else if w * 64 + 64 > end {
                !0 << (end % 64)
            } else {
                0
            };
            let mut kill = beyond;
            if beyond != !0 {
                for &k in kills {
                    kill |= self.masks[k as usize * words + w];
                }
            }
            let mut removed = if counted { src[w] & kill } else { 0 };
            dst[w] = src[w] & !kill;
            while removed != 0 {
                let r = w * 64 + removed.trailing_zeros() as usize;
                removed &= removed - 1;
                lose(r);
            }
        }
        self.pos
            .copy_within(l * primary..(l + 1) * primary, (l + 1) * primary);
        true
    }

    /// The next option of level `l`'s item to try when the cutoff is `cutoff`, and the net
    /// cost after it; `None` when none is left under the cutoff (less the reduction).
    #[inline]
    fn next_option(&mut self, l: usize, cutoff: u128) -> Option<(usize, u128)> {
        let Level {
            item,
            from,
            reduce,
            cost,
            ..
        } = self.levels[l];
        let spent = cost + u128::from(reduce);
        if spent >= cutoff {
            return None;
        }
        let end = self.below(cutoff - spent) as u32;
        let live = &self.frames[l * self.stride..l * self.stride + self.words];
        let stop = self.list_start[item as usize + 1] as usize;
        let mut p = from as usize;
        loop {
            if p == stop || self.list[p] >= end {
                return None;
            }
            let o = self.list[p];
            if live[o as usize / 64] >> (o % 64) & 1 == 1 {
                break;
            }
            p += 1;
        }
        let o = self.list[p] as usize;
        self.levels[l].from = p as u32 + 1;
        self.levels[l].option = o as u32;
        Some((o, cost + u128::from(self.cost[o])))
    }

    /// Puts in frame 0 the state after the choices `prefix` (options of this engine, as
    /// [`Bits::children`] gives them); whether an item is left open.
    fn start(&mut self, prefix: &[u32]) -> bool {
        let (stride, primary) = (self.stride, self.first.len());
        if self.frames.len() < 2 * stride {
            self.frames.resize(2 * stride, 0);
            self.pos.resize(2 * primary, 0);
            self.counts.resize(2 * primary, 0);
            self.ends.resize(2, 0);
        }
        self.frames[..stride].copy_from_slice(&self.root);
        self.pos[..primary].copy_from_slice(&self.list_start[..primary]);
        for i in 0..primary {
            self.counts[i] = self.list_start[i + 1] - self.list_start[i];
        }
        self.ends[0] = self.cost.len();
        for &o in prefix {
            if !self.apply(0, o as usize, self.cost.len()) {
                return false;
            }
            self.frames.copy_within(stride..2 * stride, 0);
            self.pos.copy_within(primary..2 * primary, 0);
            self.counts.copy_within(primary..2 * primary, 0);
            self.ends[0] = self.ends[1];
        }
        self.frames[self.words..stride].iter().any(|&w| w != 0)
    }

    /// The problem's options of the options `chosen` of this engine.
    fn options(&self, chosen: impl IntoIterator<Item = u32>) -> Vec<usize> {
        chosen
            .into_iter()
            .map(|o| self.option_of[o as usize])
            .collect()
    }

    /// The options of the primary item DLX5 would branch on at the root after the choices
    /// `prefix` (options of earlier such items): the children of that node. `None` when the
    /// prefix is a solution already; empty when the node is a dead end.
    pub(crate) fn children(&mut self, prefix: &[u32]) -> Option<Vec<u32>> {
        if !self.start(prefix) {
            return None;
        }
        let Some((h, _)) = self.choose_item(0, INFINITE) else {
            return Some(Vec::new());
        };
        let live = &self.frames[..self.words];
        let h = h as usize;
        Some(
            self.list[self.list_start[h] as usize..self.list_start[h + 1] as usize]
                .iter()
                .copied()
                .filter(|&o| live[o as usize / 64] >> (o % 64) & 1 == 1)
                .collect(),
        )
    }

    /// The net cost of the choices `prefix`.
    pub(crate) fn cost_of(&self, prefix: &[u32]) -> u128 {
        prefix
            .iter()
            .map(|&o| u128::from(self.cost[o as usize]))
            .sum()
    }

    /// Searches the subtree below the choices `prefix` (options, as [`Bits::children`]
    /// gives them), offering every solution cheaper than the cutoff to `best`. Returns
    /// `false` if the budget ran out first.
    pub(crate) fn search(&mut self, prefix: &[u32], best: &Best, budget: &Budget) -> bool {
        let cost = self.cost_of(prefix);
        if !self.start(prefix) {
            self.stats.nodes += 1;
            self.stats.solutions += 1;
            best.offer(cost, || self.options(prefix.iter().copied()));
            return true;
        }
        self.run(prefix, cost, best, budget)
    }

    /// DLX5's loop below the prefix, whose state is in frame 0 with an item open; `cost` is
    /// the prefix's net cost. Level `l`'s node reads frame `l` and writes its children in
    /// frame `l + 1`.
    fn run(&mut self, prefix: &[u32], mut cost: u128, best: &Best, budget: &Budget) -> bool {
        let mut level = 0;
        loop {
            // Enter the node of frame `level`.
            self.stats.nodes += 1;
            if self.stats.nodes >= self.meter.check_at
                && !self.meter.check(self.stats.nodes, budget)
            {
                return false;
            }
            let cutoff = best.cutoff();
            if cost < cutoff
                && let Some((item, reduce)) = self.choose_item(level, cutoff - cost)
            {
                if self.levels.len() == level {
                    self.levels.push(Level::default());
                }
                self.levels[level] = Level {
                    item,
                    from: self.first[item as usize],
                    option: 0,
                    reduce,
                    cost,
                };
                level += 1;
            }
            // Try the next option of the deepest level, backing up past those exhausted.
            loop {
                if level == 0 {
                    return true;
                }
                let l = level - 1;
                let cutoff = best.cutoff();
                let Some((o, next)) = self.next_option(l, cutoff) else {
                    level -= 1;
                    continue;
                };
                if self.apply(l, o, self.below(cutoff - next)) {
                    cost = next;
                    break;
                }
                self.stats.nodes += 1;
                self.stats.solutions += 1;
                best.offer(next, || {
                    let mut options = self.options(prefix.iter().copied());
                    options.extend(self.options(self.levels[..level].iter().map(|v| v.option)));
                    options
                });
            }
        }
    }
}
