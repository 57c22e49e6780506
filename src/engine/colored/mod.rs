//! The dancing links of Knuth's DLX2 and DLX3: DLX1's arena (see [`super::links`]) with a
//! color in every node, and the steps that colors and multiplicities add to cover and
//! uncover: *purify* and *unpurify* (Algorithm C), *tweak* and *untweak* (Algorithm M).
//!
//! # Representation
//! The layout is DLX1's: node 0 is unused, nodes `1..=n` head the item lists, then each
//! option's nodes are contiguous, with a spacer before and after (a spacer's `up` is the first
//! node of the option before it, its `down` the last node of the option after it). Links are
//! node addresses, [`STRIDE`] times the index, as in [`super::links`], and items are plain
//! indices with their own `prev`, `next` and `len` arrays.
//!
//! A node is `up`, `down`, `item` and `color`, 16 bytes aligned on 16, so that a node never
//! straddles two cache lines and the hiding loops read `item` and `color` with the links they
//! are about to change. `color` is [`NO_COLOR`] for a mention without a color (and in
//! spacers), the color plus one for a colored mention, and [`CLEANSED`] while the node's item
//! is purified with the node's own color (Knuth's `-1`). In a header, `color` is the color
//! the item is purified with, or [`NO_COLOR`].
//!
//! The active primary items form a circular list through the root, index 0; the active
//! secondary items one through `n + 1`. A purified secondary item stays in its list (as in
//! DLX2): what keeps it from being purified again is that every node left in its list is
//! cleansed.
//!
//! # Invariants
//! Those of [`super::links`] (every item list circular through its header and doubly linked,
//! `len` its length, a removed node keeps its own links, LIFO order of the steps), with two
//! differences: `len` carries no covered flag (the branching rules walk the active list), and
//! a cleansed node is never removed from a list, so hiding its option leaves it where it is:
//! it lies in the list of a purified item, which no search step reads until `unpurify` gives
//! the node its color back (DLX2: "We can save time by not removing nodes from secondary items
//! that have been purified"). Knuth's `updates` count only the nodes actually removed, which
//! is why the steps below skip cleansed nodes exactly where DLX2 and DLX3 do.
//!
//! - `cover(i)` unlinks item `i` and hides every option in its list: each of that option's
//!   other nodes, unless cleansed, leaves its list.
//! - `purify(p)`, for the node `p` of a chosen option that gives secondary item `i` color
//!   `c`: every option in `i`'s list with another color (or none) is hidden, and every node
//!   with color `c` is cleansed. `unpurify(p)` undoes it, walking the list the other way.
//! - `tweak(x)` (Algorithm M) removes the topmost node `x` of its item's list from that list,
//!   and hides its option too unless the item is already covered; `untweak` puts back every
//!   node tweaked at one level at once, from the first one, whose address the search keeps.
//!
//! [`ColorLinks::check`] verifies all of it (in `check.rs`); the unit tests (`tests.rs`) run
//! it after the steps. The tweaks of Algorithm M are in `tweak.rs`.

mod check;
mod tweak;

use super::links::weighted;
use crate::problem::Problem;
use crate::search::{COLORED_NODE_BYTES, ForceError};

/// The size of a [`Node`] in bytes: node `k` is at address `k * STRIDE`.
pub(crate) const STRIDE: u32 = std::mem::size_of::<Node>() as u32;

// The limit that [`crate::ProblemBuilder::build`] checks for problems with colors or
// multiplicities (`crate::search::MAX_COLORED_NODES`) is this arena's.
const _: () = assert!(STRIDE == COLORED_NODE_BYTES);

/// The `item` of a spacer node.
const SPACER: u32 = 0;
/// The root of the list of active primary items.
const ROOT: u32 = 0;
/// The `color` of a node without a color (and of spacers; of a header not purified).
pub(crate) const NO_COLOR: u32 = 0;
/// The `color` of a cleansed node, whose item is purified with the node's own color.
pub(crate) const CLEANSED: u32 = u32::MAX;

/// The address of the header of item `i` (node `i`).
#[inline(always)]
const fn header(i: u32) -> u32 {
    i * STRIDE
}

/// One node of the arena; see the module docs for what each field holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct Node {
    up: u32,
    down: u32,
    item: u32,
    color: u32,
}

impl Node {
    /// The item of the node (a spacer's is 0).
    #[inline(always)]
    pub(crate) fn item(&self) -> u32 {
        self.item
    }
}

/// The arena of a problem with colors or multiplicities, and the counters of work done.
#[derive(Clone, Debug)]
pub(crate) struct ColorLinks {
    nodes: Vec<Node>,
    /// `prev[i]`, `next[i]`: the neighbours of item `i` (or of a list head) in its item list.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// `len[i]`: the number of nodes in the list of item `i`.
    len: Vec<u32>,
    /// The number of items, `n`; headers are nodes `1..=n`.
    items: u32,
    /// The number of primary items; their headers are nodes `1..=primary`.
    primary: u32,
    /// For each option in the arena, in order: the address of its first node.
    option_first: Vec<u32>,
    /// For each option in the arena: its index in the [`Problem`].
    option_index: Vec<u32>,
    /// Items unlinked plus nodes removed from lists: Knuth's `updates`.
    updates: u64,
    /// Purifications plus nodes cleansed: Knuth's `cleansings`.
    cleansings: u64,
}

/// `v[i]` without a bounds check.
///
/// # Safety (of every call, and of every call of [`node`] and [`node_mut`])
/// As in [`super::links`]: every index and address the dancing steps use comes from the arena
/// itself (a link, a node's `item`, [`header`] of an item, or `x ± STRIDE` inside an option,
/// which lands on a node or a spacer). [`ColorLinks::new`] stores only indices and addresses
/// of entries it has pushed, the vectors never shrink, and the steps only copy indices and
/// addresses they have read; [`ColorLinks::check`] verifies that every stored link is in
/// range, and the unit tests run it after the steps.
#[inline(always)]
fn at<T: Copy>(v: &[T], i: u32) -> T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see above: `i` comes from the arena, so it is in range.
    unsafe { *v.get_unchecked(i as usize) }
}

/// `&mut v[i]` without a bounds check; see [`at`].
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see `at`: `i` comes from the arena, so it is in range.
    unsafe { v.get_unchecked_mut(i as usize) }
}

/// The node at address `x`, without a bounds check; see [`at`].
#[inline(always)]
fn node(nodes: &[Node], x: u32) -> Node {
    debug_assert!(x.is_multiple_of(STRIDE) && ((x / STRIDE) as usize) < nodes.len());
    // SAFETY: see `at`: `x` is `STRIDE` times the index of a node of `nodes`, so the byte
    // offset lands on that node, which is aligned since `STRIDE` is its size and alignment.
    unsafe { *nodes.as_ptr().byte_add(x as usize) }
}

/// `&mut` the node at address `x`, without a bounds check; see [`at`] and [`node`].
#[inline(always)]
fn node_mut(nodes: &mut [Node], x: u32) -> &mut Node {
    debug_assert!(x.is_multiple_of(STRIDE) && ((x / STRIDE) as usize) < nodes.len());
    // SAFETY: as in `node`.
    unsafe { &mut *nodes.as_mut_ptr().byte_add(x as usize) }
}

/// Removes node `x` (whose fields are `n`) from its item's list.
#[inline(always)]
fn unlink(nodes: &mut [Node], len: &mut [u32], n: Node) {
    node_mut(nodes, n.up).down = n.down;
    node_mut(nodes, n.down).up = n.up;
    *at_mut(len, n.item) -= 1;
}

/// Puts node `x` back into its item's list, between the neighbours it remembers.
#[inline(always)]
fn relink(nodes: &mut [Node], len: &mut [u32], x: u32) {
    let n = node(nodes, x);
    node_mut(nodes, n.up).down = x;
    node_mut(nodes, n.down).up = x;
    *at_mut(len, n.item) += 1;
}

/// Hides the option of node `rr`: removes its other nodes, except cleansed ones, from their
/// lists, going forward from `rr` (those after it up to the spacer, then from the option's
/// first node up to `rr`), and returns how many it removed.
#[inline(always)]
fn hide(nodes: &mut [Node], len: &mut [u32], rr: u32) -> u64 {
    let mut removed = 0;
    let mut nn = rr + STRIDE;
    loop {
        let x = node(nodes, nn);
        if x.item == SPACER {
            break;
        }
        if x.color != CLEANSED {
            unlink(nodes, len, x);
            removed += 1;
        }
        nn += STRIDE;
    }
    nn = node(nodes, nn).up;
    while nn != rr {
        let x = node(nodes, nn);
        if x.color != CLEANSED {
            unlink(nodes, len, x);
            removed += 1;
        }
        nn += STRIDE;
    }
    removed
}

/// Undoes [`hide`], going backward from `rr`.
#[inline(always)]
fn unhide(nodes: &mut [Node], len: &mut [u32], rr: u32) {
    let mut nn = rr - STRIDE;
    loop {
        let x = node(nodes, nn);
        if x.item == SPACER {
            break;
        }
        if x.color != CLEANSED {
            relink(nodes, len, nn);
        }
        nn -= STRIDE;
    }
    nn = node(nodes, nn).down;
    while nn != rr {
        if node(nodes, nn).color != CLEANSED {
            relink(nodes, len, nn);
        }
        nn -= STRIDE;
    }
}

impl ColorLinks {
    /// Lays out a problem as DLX2 does (see the module docs); options without a primary item
    /// are left out, as in [`super::links::Links::new`].
    pub(crate) fn new(problem: &Problem) -> ColorLinks {
        let n = problem.item_count() as u32;
        let primary = problem.primary_items() as u32;
        let capacity = 2 + n as usize + problem.option_nodes() + problem.option_count();
        let mut nodes = Vec::with_capacity(capacity);
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                up: i,
                down: i,
                item: i,
                color: NO_COLOR,
            });
        }
        let mut len = vec![0; n as usize + 1];
        let (mut option_first, mut option_index) = (Vec::new(), Vec::new());
        let mut spacer = nodes.len() as u32;
        nodes.push(Node::default());
        let colors = problem.raw_colors();
        let mut mention = 0;
        for k in 0..problem.option_count() {
            let size = problem.option(k).len();
            let first_mention = mention;
            mention += size;
            if !problem.option(k).any(|i| problem.is_primary(i)) {
                continue;
            }
            let first = nodes.len() as u32;
            for (j, i) in problem.option(k).enumerate() {
                let header = i as u32 + 1;
                let x = nodes.len() as u32;
                let last = nodes[header as usize].up;
                nodes.push(Node {
                    up: last,
                    down: header,
                    item: header,
                    color: colors.get(first_mention + j).copied().unwrap_or(NO_COLOR),
                });
                nodes[last as usize].down = x;
                nodes[header as usize].up = x;
                len[header as usize] += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer as usize].down = last;
            spacer = nodes.len() as u32;
            nodes.push(Node {
                up: first,
                ..Node::default()
            });
            option_first.push(first);
            option_index.push(k as u32);
        }
        let mut prev = vec![0; n as usize + 2];
        let mut next = vec![0; n as usize + 2];
        super::links::link_items(&mut prev, &mut next, primary, n);
        for x in &mut nodes {
            x.up *= STRIDE;
            x.down *= STRIDE;
        }
        for first in &mut option_first {
            *first *= STRIDE;
        }
        ColorLinks {
            nodes,
            prev,
            next,
            len,
            items: n,
            primary,
            option_first,
            option_index,
            updates: 0,
            cleansings: 0,
        }
    }

    /// Makes this arena equal to `other`, an arena of the same problem (no allocation).
    pub(crate) fn copy_from(&mut self, other: &ColorLinks) {
        self.nodes.copy_from_slice(&other.nodes);
        self.prev.copy_from_slice(&other.prev);
        self.next.copy_from_slice(&other.next);
        self.len.copy_from_slice(&other.len);
        self.updates = other.updates;
        self.cleansings = other.cleansings;
    }

    /// Knuth's `updates` and `cleansings` so far.
    pub(crate) fn work(&self) -> (u64, u64) {
        (self.updates, self.cleansings)
    }

    /// Sets the counters (to zero them, or to leave out work another search counted).
    pub(crate) fn set_work(&mut self, (updates, cleansings): (u64, u64)) {
        self.updates = updates;
        self.cleansings = cleansings;
    }

    /// Whether the two arenas are equal node for node and list for list.
    #[cfg(test)]
    pub(crate) fn same_as(&self, other: &ColorLinks) -> bool {
        self.nodes == other.nodes
            && self.len == other.len
            && self.prev == other.prev
            && self.next == other.next
    }

    /// The number of primary items.
    pub(crate) fn primary(&self) -> u32 {
        self.primary
    }

    /// The first active primary item after item `i` (or after the root, `i = 0`); `0` when
    /// the list ends.
    #[inline(always)]
    pub(crate) fn next_active(&self, i: u32) -> u32 {
        at(&self.next, i)
    }

    /// The number of nodes in the list of item `i`.
    #[inline(always)]
    pub(crate) fn len(&self, i: u32) -> u32 {
        at(&self.len, i)
    }

    /// Whether the node at address `x` is an item header.
    #[inline(always)]
    pub(crate) fn is_header(&self, x: u32) -> bool {
        x <= header(self.items)
    }

    /// The item whose header is at address `x`.
    #[inline(always)]
    pub(crate) fn header_item(&self, x: u32) -> u32 {
        debug_assert!(self.is_header(x));
        x / STRIDE
    }

    /// The address of the header of item `i`.
    #[inline(always)]
    pub(crate) fn header(&self, i: u32) -> u32 {
        header(i)
    }

    /// The address of the node below the node at address `x`.
    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        node(&self.nodes, x).down
    }

    /// The address of the first node in the list of item `i` (its header's if it is empty).
    #[inline(always)]
    pub(crate) fn first_in(&self, i: u32) -> u32 {
        node(&self.nodes, header(i)).down
    }

    /// The item of the node at address `x` (checked).
    pub(crate) fn item_of(&self, x: u32) -> u32 {
        self.nodes[(x / STRIDE) as usize].item
    }

    /// Whether item `i` is in its active list.
    pub(crate) fn is_active(&self, i: u32) -> bool {
        self.next[self.prev[i as usize] as usize] == i
    }

    /// Whether the node at address `x` is in its item's list.
    fn is_linked(&self, x: u32) -> bool {
        let up = self.nodes[(x / STRIDE) as usize].up;
        self.nodes[(up / STRIDE) as usize].down == x
    }

    /// The [`Problem`] index of the option that the node at address `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        let k = self.option_first.partition_point(|&first| first <= x) - 1;
        self.option_index[k] as usize
    }

    /// The address of the first node of [`Problem`] option `option`, if it is in the arena.
    pub(crate) fn first_node_of(&self, option: usize) -> Option<u32> {
        if self.option_index.get(option) == Some(&(option as u32)) {
            return Some(self.option_first[option]);
        }
        let k = self.option_index.binary_search(&(option as u32)).ok()?;
        Some(self.option_first[k])
    }

    /// The addresses of the nodes of the option that holds node `x`, from `x` forward.
    pub(crate) fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        let mut p = x;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let here = p;
            p += STRIDE;
            if self.nodes[(p / STRIDE) as usize].item == SPACER {
                p = self.nodes[(p / STRIDE) as usize].up;
            }
            done = p == x;
            Some(here)
        })
    }

    /// The node of `option` in a primary item's list, to choose it from, if the option can
    /// still be chosen: it is in the arena, every primary item of it is active, and none of its
    /// nodes has left its list (a hidden option always has, since it names a primary item
    /// besides the one whose list it was hidden from).
    pub(crate) fn choosable(&self, option: usize) -> Result<u32, ForceError> {
        let first = self
            .first_node_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        let mut primary = None;
        for x in self.option_nodes(first) {
            let item = self.item_of(x);
            if !self.is_linked(x) || (item <= self.primary && !self.is_active(item)) {
                return Err(ForceError::Conflict { option });
            }
            if item <= self.primary {
                primary.get_or_insert(x);
            }
        }
        Ok(primary.expect("an option in the arena names a primary item"))
    }

    /// Removes every node of `x`'s option (`x` a node of a primary item, as
    /// [`ColorLinks::choosable`] gives) from its item's list, except cleansed ones, `x`'s
    /// last: the option is excluded before the search. Counts one update a node removed.
    pub(crate) fn exclude_option(&mut self, x: u32) {
        let hidden = hide(&mut self.nodes, &mut self.len, x);
        let n = node(&self.nodes, x);
        unlink(&mut self.nodes, &mut self.len, n);
        self.updates += hidden + 1;
    }

    /// Undoes [`ColorLinks::exclude_option`] of `x`, which must be the latest removal in
    /// force.
    pub(crate) fn include_option(&mut self, x: u32) {
        relink(&mut self.nodes, &mut self.len, x);
        unhide(&mut self.nodes, &mut self.len, x);
    }

    /// Removes item `i` from its active list.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, i: u32) {
        let (l, r) = (at(&self.prev, i), at(&self.next, i));
        *at_mut(&mut self.next, l) = r;
        *at_mut(&mut self.prev, r) = l;
    }

    /// Puts item `i` back into its active list; undoes [`ColorLinks::deactivate`].
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, i: u32) {
        let (l, r) = (at(&self.prev, i), at(&self.next, i));
        *at_mut(&mut self.next, l) = i;
        *at_mut(&mut self.prev, r) = i;
    }

    /// Covers item `i`: deactivates it and hides every option in its list.
    #[inline]
    pub(crate) fn cover(&mut self, i: u32) {
        self.deactivate(i);
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let mut updates = 1;
        let head = header(i);
        let mut rr = node(nodes, head).down;
        while rr != head {
            updates += hide(nodes, len, rr);
            rr = node(nodes, rr).down;
        }
        self.updates += updates;
    }

    /// Unhides every option in the list of item `i`, walking it upward: [`ColorLinks::cover`]
    /// but for the deactivation.
    #[inline]
    pub(crate) fn unhide_all(&mut self, i: u32) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let head = header(i);
        let mut rr = node(nodes, head).up;
        while rr != head {
            unhide(nodes, len, rr);
            rr = node(nodes, rr).up;
        }
    }

    /// Undoes [`ColorLinks::cover`] of item `i`, which must be the latest step in force.
    #[inline]
    pub(crate) fn uncover(&mut self, i: u32) {
        self.unhide_all(i);
        self.reactivate(i);
    }

    /// Purifies the item of node `p` with `p`'s color: hides the options in its list that
    /// give it another color or none, and cleanses those that give it `p`'s color.
    #[inline]
    fn purify(&mut self, p: u32) {
        let Node { item, color, .. } = node(&self.nodes, p);
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let head = header(item);
        node_mut(nodes, head).color = color;
        let (mut updates, mut cleansings) = (0, 1);
        let mut rr = node(nodes, head).down;
        while rr != head {
            let x = node_mut(nodes, rr);
            if x.color == color {
                x.color = CLEANSED;
                cleansings += 1;
            } else {
                updates += hide(nodes, len, rr);
            }
            rr = node(nodes, rr).down;
        }
        self.updates += updates;
        self.cleansings += cleansings;
    }

    /// Undoes [`ColorLinks::purify`] of `p`, walking the list upward.
    #[inline]
    fn unpurify(&mut self, p: u32) {
        let Node { item, color, .. } = node(&self.nodes, p);
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let head = header(item);
        let mut rr = node(nodes, head).up;
        while rr != head {
            let x = node_mut(nodes, rr);
            if x.color == CLEANSED {
                x.color = color;
            } else {
                unhide(nodes, len, rr);
            }
            rr = node(nodes, rr).up;
        }
        node_mut(nodes, head).color = NO_COLOR;
    }

    /// Commits the item of node `p` of a chosen option (Knuth's `commit`): covers it if `p`
    /// has no color, purifies it if `p` has one, and does nothing if `p` is cleansed (an
    /// earlier choice purified the item with this color already).
    #[inline(always)]
    pub(crate) fn commit(&mut self, p: u32, Node { item, color, .. }: Node) {
        if color == NO_COLOR {
            self.cover(item);
        } else if color != CLEANSED {
            self.purify(p);
        }
    }

    /// Undoes [`ColorLinks::commit`] of `p`.
    #[inline(always)]
    pub(crate) fn uncommit(&mut self, p: u32, Node { item, color, .. }: Node) {
        if color == NO_COLOR {
            self.uncover(item);
        } else if color != CLEANSED {
            self.unpurify(p);
        }
    }

    /// Calls `step` on every node of `x`'s option other than `x`, going forward from `x`, with
    /// the node's fields read just before the call.
    #[inline(always)]
    pub(crate) fn for_others(&mut self, x: u32, mut step: impl FnMut(&mut Self, u32, Node)) {
        let mut p = x + STRIDE;
        while p != x {
            let n = node(&self.nodes, p);
            if n.item == SPACER {
                p = n.up;
            } else {
                step(self, p, n);
                p += STRIDE;
            }
        }
    }

    /// Calls `step` on every node of `x`'s option other than `x`, going backward from `x`.
    #[inline(always)]
    pub(crate) fn for_others_back(&mut self, x: u32, mut step: impl FnMut(&mut Self, u32, Node)) {
        let mut p = x - STRIDE;
        while p != x {
            let n = node(&self.nodes, p);
            if n.item == SPACER {
                p = n.down;
            } else {
                step(self, p, n);
                p -= STRIDE;
            }
        }
    }

    /// Commits every item of `x`'s option but `x`'s own, going forward (Algorithm C).
    #[inline]
    pub(crate) fn cover_others(&mut self, x: u32) {
        self.for_others(x, |links, p, n| links.commit(p, n));
    }

    /// Undoes [`ColorLinks::cover_others`] of `x`, going backward.
    #[inline]
    pub(crate) fn uncover_others(&mut self, x: u32) {
        self.for_others_back(x, |links, p, n| links.uncommit(p, n));
    }

    /// Chooses the option of node `x` before the search: covers `x`'s item, then commits the
    /// others.
    pub(crate) fn cover_option(&mut self, x: u32) {
        self.cover(self.item_of(x));
        self.cover_others(x);
    }

    /// Undoes [`ColorLinks::cover_option`] of `x`.
    pub(crate) fn uncover_option(&mut self, x: u32) {
        self.uncover_others(x);
        self.uncover(self.item_of(x));
    }

    /// The 1-based place of the node at address `x` in the list that starts at `top` and
    /// goes down (through removed nodes too, which keep their links), or of the header when
    /// `x` is the header.
    pub(crate) fn rank_from(&self, top: u32, x: u32) -> u32 {
        let mut k = 1;
        let mut y = top;
        while y != x && !self.is_header(y) {
            y = self.down(y);
            k += 1;
        }
        k
    }

    /// The branching item under [`crate::Choice::Wdeg`], as [`Links::choose_weighted`]
    /// finds it on the plain links (see [`weighted`]); `weights` is indexed by item.
    ///
    /// [`Links::choose_weighted`]: super::links::Links::choose_weighted
    pub(crate) fn choose_weighted(&self, weights: &[u32]) -> Option<u32> {
        let mrv = self.choose()?;
        Some(weighted(&self.next, &self.len, weights, mrv))
    }

    /// The number of items (primary and secondary): a vector of weights indexed by item has
    /// one more entry.
    pub(crate) fn items(&self) -> u32 {
        self.items
    }

    /// Whether item `i` is primary.
    pub(crate) fn is_primary(&self, i: u32) -> bool {
        (1..=self.primary).contains(&i)
    }

    /// The leftmost active primary item of minimum length (DLX2's choice), or `None` when no
    /// primary item is active.
    #[inline]
    pub(crate) fn choose(&self) -> Option<u32> {
        let mut k = at(&self.next, ROOT);
        if k == ROOT {
            return None;
        }
        let (mut best, mut t) = (k, u32::MAX);
        while k != ROOT && t != 0 {
            let l = at(&self.len, k);
            best = if l < t { k } else { best };
            t = t.min(l);
            k = at(&self.next, k);
        }
        Some(best)
    }
}

#[cfg(test)]
pub(crate) mod tests;
