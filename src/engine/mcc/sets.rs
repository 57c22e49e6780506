//! The sparse sets of the MCC engine: for each item, the set of its live options, and the
//! sets of active primary and secondary items; the steps that change them (include an
//! option, remove one) and the snapshot that undoes them.
//!
//! # Representation
//! Every mention of an item by an option with a primary item is a [`Node`]; the nodes of an
//! option are contiguous, in the problem's order, so that node order is option order. Item
//! `i` owns the slice `set[base..base + orig]` (`orig` its number of options), a permutation
//! of the nodes that name it, and its live options are the first `size` entries: removing
//! node `x` swaps it with the last live entry and shrinks `size` (Briggs and Torczon's sparse
//! sets, as Knuth's SSXCC and SSMCC keep them). The active items are two more sparse sets in
//! one array `list`: the primary items in `list[..primary]`, the first `prim_active` of them
//! active; the secondary items in `list[primary..]`, the first `sec_active` of them active
//! (not purified).
//!
//! # Invariants
//! - `set[node.loc] == x` for every node `x`, and `node.loc` lies in its item's slice; `list`
//!   and `pos` are inverse permutations, each region of `list` holding its own items;
//! - a *live* option (one in the set of an active primary item) is in the set of each of its
//!   active items, and each of its primary items is active;
//! - an active primary item has `bound >= 1` (an item whose bound reaches 0 is covered: every
//!   other option in its set is removed and the item leaves the active set);
//! - during the search (not at the root, where forced and excluded options may leave an
//!   item that cannot be satisfied, for the search to find as a dead end) every active
//!   primary item has `size + slack >= bound`: it can still reach its lower bound. A step
//!   that would break this stops at once and reports failure (SSMCC's early failure); the
//!   state it leaves half changed is thrown away by the caller's next restore;
//! - an inactive item's set and `size` are stale (an item covered or purified leaves with
//!   the options removed because of it still in its set; one whose set ran out, its lower
//!   bound met, keeps `size` 1), and never read while it is inactive.
//!
//! Nothing is undone step by step: [`Sets::save`] records the size and bound of every active
//! item (or, in a problem of at most [`DENSE_ITEMS`] items, the state of every item, in one
//! copy), the caller keeps the two active counts, and [`Sets::restore`] writes them back.
//! Since a removal
//! only permutes entries within an item's slice, and a deactivation within the active region,
//! restoring the sizes and counts restores every set (as a set: its order may differ, which
//! is why the search branches on the option of least index, not on the first entry).

mod access;

use crate::problem::Problem;
use crate::search::ForceError;

/// No stored option (the entry of [`Sets::stored`] for an option without a primary item), or
/// no item for [`Sets::remove`] to skip.
const NONE: u32 = u32::MAX;

/// One mention of an item by an option, 16 bytes: what the steps read together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Node {
    /// The item named.
    pub(super) item: u32,
    /// Where the node sits in its item's slice of `set`.
    pub(super) loc: u32,
    /// The color: 0 for none, the color plus one otherwise (as [`Problem`] stores it).
    pub(super) color: u32,
    /// The stored option the node belongs to (an index into `start`).
    pub(super) option: u32,
}

/// The state of one item.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Item {
    /// The start of the item's slice of `set`.
    base: u32,
    /// How many options of the slice are live.
    size: u32,
    /// How many more chosen options may cover the item (primary items; 0 for secondary).
    bound: u32,
    /// The upper bound minus the lower bound, which never changes (0 for secondary items).
    slack: u32,
}

/// One entry of a sparse snapshot: an active item's size and bound.
#[derive(Clone, Copy, Debug)]
struct Saved {
    item: u32,
    size: u32,
    bound: u32,
}

/// Problems of at most this many items take dense snapshots: a copy of every item's state
/// (16 bytes an item, one `memcpy`) costs less than gathering the active ones through
/// `list` (measured on redrect-4-4, 52 items: see the commit).
const DENSE_ITEMS: usize = 128;

/// The stack of snapshots of [`Sets::save`], one per node with a right child, the newest
/// on top. Dense for problems of at most [`DENSE_ITEMS`] items (every item's state, in
/// `dense`), sparse otherwise (the active items', in `sparse`); one of the two stays empty,
/// so that a position in the stack is the length of the other.
#[derive(Clone, Debug, Default)]
pub(super) struct Snapshots {
    sparse: Vec<Saved>,
    dense: Vec<Item>,
}

impl Snapshots {
    /// Where the next snapshot starts.
    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.sparse.len() + self.dense.len()
    }

    /// Drops the snapshots from position `len` on.
    #[inline(always)]
    pub(super) fn truncate(&mut self, len: usize) {
        self.sparse.truncate(len);
        self.dense.truncate(len);
    }

    /// Drops every snapshot.
    pub(super) fn clear(&mut self) {
        self.sparse.clear();
        self.dense.clear();
    }
}

/// The sets, the nodes and the count of updates; see the module docs.
#[derive(Clone, Debug)]
pub(super) struct Sets {
    nodes: Vec<Node>,
    /// Stored option `k` is `nodes[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    /// The [`Problem`] option of each stored option.
    index: Vec<u32>,
    /// The stored option of each [`Problem`] option, [`NONE`] for those without a primary
    /// item (Knuth's rule: never chosen).
    stored: Vec<u32>,
    set: Vec<u32>,
    items: Vec<Item>,
    /// The items as the problem gave them, for [`Sets::reset`].
    origin: Vec<Item>,
    list: Vec<u32>,
    pos: Vec<u32>,
    primary: u32,
    prim_active: u32,
    sec_active: u32,
    /// The active counts as the problem gave them.
    origin_active: (u32, u32),
    /// Options removed from an item's set (Knuth's `updates`).
    pub(super) updates: u64,
    /// Whether [`Sets::save`] takes dense snapshots: at most [`DENSE_ITEMS`] items.
    dense: bool,
}

impl Sets {
    /// The sets of `problem`: every option with a primary item in the set of each of its
    /// items; active, every secondary item and every primary item with an option or a
    /// lower bound above 0.
    pub(super) fn new(problem: &Problem) -> Sets {
        let n = problem.item_count();
        let primary = problem.primary_items();
        let colors = problem.raw_colors();
        let mut nodes = Vec::with_capacity(problem.option_nodes());
        let (mut start, mut index) = (vec![0u32], Vec::new());
        let mut stored = vec![NONE; problem.option_count()];
        let mut counts = vec![0u32; n];
        let mut mention = 0;
        for (k, slot) in stored.iter_mut().enumerate() {
            let items = problem.option_items(k);
            let first = mention;
            mention += items.len();
            if !items.iter().any(|&i| (i as usize) < primary) {
                continue;
            }
            *slot = index.len() as u32;
            for (m, &i) in items.iter().enumerate() {
                nodes.push(Node {
                    item: i,
                    loc: counts[i as usize],
                    color: colors.get(first + m).copied().unwrap_or(0),
                    option: index.len() as u32,
                });
                counts[i as usize] += 1;
            }
            index.push(k as u32);
            start.push(nodes.len() as u32);
        }
        let mut items = vec![Item::default(); n];
        let mut base = 0;
        for (i, item) in items.iter_mut().enumerate() {
            let (bound, slack) = match problem.bounds(i) {
                Some((u, v)) => (v, v - u),
                None => (0, 0),
            };
            *item = Item {
                base,
                size: counts[i],
                bound,
                slack,
            };
            base += counts[i];
        }
        let mut set = vec![0u32; base as usize];
        for (x, node) in nodes.iter_mut().enumerate() {
            node.loc += items[node.item as usize].base;
            set[node.loc as usize] = x as u32;
        }
        // Active first in each region: a primary item with no option is inactive when its
        // lower bound is 0, and stays active (a dead end at the root) otherwise.
        let live = |i: usize| items[i].size > 0 || items[i].slack < items[i].bound;
        let mut list: Vec<u32> = (0..primary)
            .filter(|&i| live(i))
            .map(|i| i as u32)
            .collect();
        let prim_active = list.len() as u32;
        list.extend((0..primary).filter(|&i| !live(i)).map(|i| i as u32));
        list.extend((primary..n).map(|i| i as u32));
        let mut pos = vec![0u32; n];
        for (p, &i) in list.iter().enumerate() {
            pos[i as usize] = p as u32;
        }
        let sec_active = (n - primary) as u32;
        Sets {
            nodes,
            start,
            index,
            stored,
            set,
            origin: items.clone(),
            items,
            list,
            pos,
            primary: primary as u32,
            prim_active,
            sec_active,
            origin_active: (prim_active, sec_active),
            updates: 0,
            dense: n <= DENSE_ITEMS,
        }
    }

    /// Puts every set back as the problem gave it (every option live, every item as at the
    /// start), whatever was done since.
    pub(super) fn reset(&mut self) {
        self.items.copy_from_slice(&self.origin);
        (self.prim_active, self.sec_active) = self.origin_active;
    }

    /// Copies the state of `other`, sets of the same problem.
    pub(super) fn copy_from(&mut self, other: &Sets) {
        self.set.copy_from_slice(&other.set);
        self.nodes.copy_from_slice(&other.nodes);
        self.items.copy_from_slice(&other.items);
        self.list.copy_from_slice(&other.list);
        self.pos.copy_from_slice(&other.pos);
        (self.prim_active, self.sec_active) = (other.prim_active, other.sec_active);
        self.updates = other.updates;
    }

    /// The [`Problem`] option of node `x`.
    #[inline]
    pub(super) fn option_of(&self, x: u32) -> usize {
        self.index[self.nodes[x as usize].option as usize] as usize
    }

    /// Whether item `i` is active.
    #[inline(always)]
    fn is_active(&self, i: u32) -> bool {
        let p = self.pos_at(i);
        if i < self.primary {
            p < self.prim_active
        } else {
            p < self.primary + self.sec_active
        }
    }

    /// The active primary item of least branching degree `θ = size + 1 - (bound ∸ slack)`,
    /// with SSMCC's ties (the smaller `min(slack, bound)`, then the larger set, then the
    /// smaller index), and that degree; `None` when no primary item is active. A degree of
    /// 0 or less means the item can no longer reach its lower bound.
    #[inline]
    pub(super) fn choose(&self) -> Option<(u32, i64)> {
        let active = &self.list[..self.prim_active as usize];
        let (&first, rest) = active.split_first()?;
        let key = |i: u32| {
            let Item {
                size, bound, slack, ..
            } = *self.item(i);
            let s = slack.min(bound);
            (i64::from(size) + 1 - i64::from(bound - s), s, size)
        };
        let (mut best, (mut t, mut s, mut l)) = (first, key(first));
        for &i in rest {
            let (ti, si, li) = key(i);
            if ti < t || (ti == t && (si < s || (si == s && (li > l || (li == l && i < best))))) {
                (best, t, s, l) = (i, ti, si, li);
            }
        }
        Some((best, t))
    }

    /// The live node of item `i` of least index (the option that comes first in the
    /// problem): what the search branches on, whatever order the set is in.
    #[inline]
    pub(super) fn least(&self, i: u32) -> u32 {
        let Item { base, size, .. } = *self.item(i);
        let slice = &self.set[base as usize..(base + size) as usize];
        *slice
            .iter()
            .min()
            .expect("an active item has a live option")
    }

    /// The nodes of the option of node `x`.
    #[inline(always)]
    fn option_range(&self, x: u32) -> std::ops::Range<u32> {
        let o = self.node(x).option as usize;
        self.start[o]..self.start[o + 1]
    }

    /// Takes primary item `i` out of the active set.
    #[inline(always)]
    fn deactivate_primary(&mut self, i: u32) {
        let p = self.pos_at(i);
        self.prim_active -= 1;
        let last = self.prim_active;
        let j = self.list_at(last);
        *self.list_mut(last) = i;
        *self.list_mut(p) = j;
        *self.pos_mut(i) = last;
        *self.pos_mut(j) = p;
    }

    /// Takes secondary item `i` out of the active set (it is purified).
    #[inline(always)]
    fn deactivate_secondary(&mut self, i: u32) {
        let p = self.pos_at(i);
        self.sec_active -= 1;
        let last = self.primary + self.sec_active;
        let j = self.list_at(last);
        *self.list_mut(last) = i;
        *self.list_mut(p) = j;
        *self.pos_mut(i) = last;
        *self.pos_mut(j) = p;
    }

    /// Swaps node `x` out of the live part of its item's set, whose size becomes `ss`.
    #[inline(always)]
    fn swap_out(&mut self, x: u32, i: u32, ss: u32) {
        let item = self.item_mut(i);
        let last = item.base + ss;
        item.size = ss;
        let p = self.node(x).loc;
        let z = self.slot(last);
        *self.slot_mut(last) = x;
        *self.slot_mut(p) = z;
        self.node_mut(x).loc = last;
        self.node_mut(z).loc = p;
        self.updates += 1;
    }

    /// Removes the option of node `x` from the sets of its active items but `skip` (the item
    /// being covered or purified, which leaves the active set with its set as it is, or
    /// [`NONE`]). A primary item whose set runs out with its lower bound met leaves the
    /// active set. `STRICT`: stops and returns `false` as soon as a primary item would fall
    /// below its lower bound.
    #[inline]
    fn remove<const STRICT: bool>(&mut self, x: u32, skip: u32) -> bool {
        for y in self.option_range(x) {
            let i = self.node(y).item;
            if i == skip {
                continue;
            }
            if i >= self.primary {
                if !self.is_active(i) {
                    continue;
                }
                let ss = self.item(i).size - 1;
                self.swap_out(y, i, ss);
                continue;
            }
            debug_assert!(self.is_active(i), "a live option's primary item is active");
            let Item {
                size, bound, slack, ..
            } = *self.item(i);
            let ss = size - 1;
            if ss + slack < bound {
                if STRICT {
                    return false;
                }
            } else if ss == 0 {
                self.deactivate_primary(i);
                continue;
            }
            self.swap_out(y, i, ss);
        }
        true
    }

    /// Removes every option of item `i`'s set but node `x`'s whose color on `i` is not `c`
    /// (every one when `c` is 0), as [`Sets::remove`] does, from every set but `i`'s: `i`
    /// leaves the active set next, so its own set is left as it is (which is why the loop
    /// may walk it in any order).
    #[inline]
    fn purge<const STRICT: bool>(&mut self, i: u32, x: u32, c: u32) -> bool {
        let Item { base, size, .. } = *self.item(i);
        for s in base..base + size {
            let z = self.slot(s);
            if z != x && (c == 0 || self.node(z).color != c) && !self.remove::<STRICT>(z, i) {
                return false;
            }
        }
        true
    }

    /// Forces the option of node `x` at the root: [`Sets::include`], not strict.
    pub(super) fn force(&mut self, x: u32) {
        self.include::<false>(x);
    }

    /// Excludes the option of node `x` at the root: [`Sets::remove`], not strict.
    pub(super) fn exclude(&mut self, x: u32) {
        self.remove::<false>(x, NONE);
    }

    /// Includes the option of node `x`, live: each primary item's bound goes down, and an
    /// item whose bound reaches 0 is covered (its other options removed, the item
    /// deactivated), otherwise the option leaves its set; each active secondary item is
    /// purified (the options that give it another color removed) and deactivated.
    /// `STRICT`: as [`Sets::remove`].
    #[inline]
    fn include<const STRICT: bool>(&mut self, x: u32) -> bool {
        for y in self.option_range(x) {
            let Node { item: i, color, .. } = *self.node(y);
            if i >= self.primary {
                if self.is_active(i) {
                    if !self.purge::<STRICT>(i, y, color) {
                        return false;
                    }
                    self.deactivate_secondary(i);
                }
                continue;
            }
            let item = self.item_mut(i);
            item.bound -= 1;
            let Item {
                size, bound, slack, ..
            } = *item;
            if bound == 0 {
                if !self.purge::<STRICT>(i, y, 0) {
                    return false;
                }
                self.deactivate_primary(i);
                continue;
            }
            let ss = size - 1;
            if ss + slack < bound {
                if STRICT {
                    return false;
                }
            } else if ss == 0 {
                self.deactivate_primary(i);
                continue;
            }
            self.swap_out(y, i, ss);
        }
        true
    }

    /// [`Sets::include`], strict, the search's step: on failure the updates it made are not
    /// counted, so that `updates` does not depend on the order of the sets (which decides
    /// how far a failing step gets, though not whether it fails: sizes only shrink during a
    /// step, and the included option's own removal keeps `size - bound` of its items).
    #[inline]
    pub(super) fn try_include(&mut self, x: u32) -> bool {
        let before = self.updates;
        let stands = self.include::<true>(x);
        if !stands {
            self.updates = before;
        }
        stands
    }

    /// [`Sets::remove`], strict, counted as [`Sets::try_include`] counts.
    #[inline]
    pub(super) fn try_remove(&mut self, x: u32) -> bool {
        let before = self.updates;
        let stands = self.remove::<true>(x, NONE);
        if !stands {
            self.updates = before;
        }
        stands
    }

    /// Pushes a snapshot: every item's state (dense), or the size and bound of every
    /// active item (sparse).
    #[inline]
    pub(super) fn save(&self, out: &mut Snapshots) {
        if self.dense {
            out.dense.extend_from_slice(&self.items);
            return;
        }
        let out = &mut out.sparse;
        let secondary = self.primary as usize..(self.primary + self.sec_active) as usize;
        let active = self.list[..self.prim_active as usize]
            .iter()
            .chain(&self.list[secondary]);
        out.extend(active.map(|&i| {
            let item = &self.items[i as usize];
            Saved {
                item: i,
                size: item.size,
                bound: item.bound,
            }
        }));
    }

    /// The two active counts, saved beside [`Sets::save`]'s entries.
    #[inline(always)]
    pub(super) fn active(&self) -> (u32, u32) {
        (self.prim_active, self.sec_active)
    }

    /// Restores the snapshot that [`Sets::save`] pushed at position `from` of `snapshots`,
    /// the top one, and the counts of [`Sets::active`] at that time.
    #[inline]
    pub(super) fn restore(&mut self, snapshots: &Snapshots, from: usize, active: (u32, u32)) {
        (self.prim_active, self.sec_active) = active;
        if self.dense {
            let n = self.items.len();
            self.items.copy_from_slice(&snapshots.dense[from..from + n]);
            return;
        }
        for s in &snapshots.sparse[from..] {
            let item = &mut self.items[s.item as usize];
            item.size = s.size;
            item.bound = s.bound;
        }
    }

    /// The node of `option` to force or exclude it by: its first node on a primary item.
    ///
    /// # Errors
    /// [`ForceError::NotInSearch`] if the option does not exist or has no primary item;
    /// [`ForceError::Conflict`] if it is not live (it conflicts with a forced option, or is
    /// excluded).
    pub(super) fn choosable(&self, option: usize) -> Result<u32, ForceError> {
        let stored = *self
            .stored
            .get(option)
            .ok_or(ForceError::NotInSearch { option })?;
        if stored == NONE {
            return Err(ForceError::NotInSearch { option });
        }
        let range = self.start[stored as usize]..self.start[stored as usize + 1];
        let mut first = None;
        for y in range {
            let Node { item: i, loc, .. } = self.nodes[y as usize];
            if i < self.primary {
                let Item { base, size, .. } = self.items[i as usize];
                if !self.is_active(i) || loc >= base + size {
                    return Err(ForceError::Conflict { option });
                }
                first.get_or_insert(y);
            }
        }
        Ok(first.expect("a stored option names a primary item"))
    }

    /// Makes [`Sets::save`] take sparse snapshots whatever the number of items, so that the
    /// tests of small problems reach that path too; before the search only.
    #[cfg(test)]
    pub(super) fn take_sparse_snapshots(&mut self) {
        self.dense = false;
    }

    /// Whether two sets of the same problem hold the same state: the same live options in
    /// every active item's set, the same bounds, the same active items (orders aside).
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &Sets) -> bool {
        let canonical = |s: &Sets| {
            let mut active: Vec<u32> = s.list[..s.prim_active as usize]
                .iter()
                .chain(&s.list[s.primary as usize..(s.primary + s.sec_active) as usize])
                .copied()
                .collect();
            active.sort_unstable();
            let sets: Vec<(u32, Vec<u32>)> = active
                .iter()
                .map(|&i| {
                    let Item {
                        base, size, bound, ..
                    } = s.items[i as usize];
                    let mut live = s.set[base as usize..(base + size) as usize].to_vec();
                    live.sort_unstable();
                    (bound, live)
                })
                .collect();
            (active, sets)
        };
        canonical(self) == canonical(other)
    }

    /// Checks the invariants of the module docs; `search`: the search's own (every active
    /// primary item can still reach its lower bound).
    pub(super) fn check(&self, search: bool) -> Result<(), String> {
        let n = self.items.len();
        for (p, &i) in self.list.iter().enumerate() {
            if self.pos[i as usize] as usize != p {
                return Err(format!("pos[list[{p}]] != {p}"));
            }
            if (p < self.primary as usize) != (i < self.primary) {
                return Err(format!(
                    "item {i} is in the wrong region of the active list"
                ));
            }
        }
        for (x, node) in self.nodes.iter().enumerate() {
            let item = &self.items[node.item as usize];
            let end = self.origin[node.item as usize].size + item.base;
            if self.set[node.loc as usize] as usize != x || node.loc < item.base || node.loc >= end
            {
                return Err(format!("node {x} is not where its loc says"));
            }
        }
        for i in 0..n as u32 {
            if !self.is_active(i) {
                continue;
            }
            let Item {
                base,
                size,
                bound,
                slack,
            } = self.items[i as usize];
            if i < self.primary {
                if bound == 0 {
                    return Err(format!("active item {i} has bound 0"));
                }
                if search && size + slack < bound {
                    return Err(format!("active item {i} cannot reach its lower bound"));
                }
            }
            for q in base..base + size {
                let x = self.set[q as usize];
                for y in self.option_range(x) {
                    let Node { item: j, loc, .. } = self.nodes[y as usize];
                    let live = loc < self.items[j as usize].base + self.items[j as usize].size;
                    if j < self.primary && !self.is_active(j) {
                        return Err(format!(
                            "option {} is live in item {i} but its item {j} is inactive",
                            self.option_of(x)
                        ));
                    }
                    if self.is_active(j) && !live {
                        return Err(format!(
                            "option {} is live in item {i} but not in item {j}",
                            self.option_of(x)
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
