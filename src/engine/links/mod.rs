//! The dancing links: Knuth's DLX1 arena of nodes, and the cover and uncover steps.
//!
//! # Representation
//! As in Knuth's DLX1 (TAOCP 7.2.2.1, and "Dancing Links", 2000), every item and every item
//! mention of an option is a node in one array, and nodes refer to each other by a `u32`,
//! never by pointer: half the size of a pointer on 64-bit machines, so twice as many links
//! fit in each cache line, and the whole structure is one allocation that can be cloned or
//! reset with a copy.
//!
//! A link holds the *address* of a node: its offset in bytes from the start of the array,
//! [`STRIDE`] times its index, as DLX1's own MMIX-minded layout does. The processor then
//! adds a link to the array's base and loads, with no multiplication by the size of a node
//! (12 bytes, which no addressing mode scales by) on the way: this took 13% of the
//! instructions out of the search (`valgrind --tool=callgrind`, 198 hard Sudoku puzzles).
//! Addresses in `u32` allow problems of 357 million nodes, far beyond what a search could
//! ever finish, and [`crate::ProblemBuilder::build`] refuses larger ones. Items (`item`,
//! `prev`, `next`, `len`) are plain indices.
//!
//! The array is laid out as follows, for a problem with `n` items:
//!
//! ```text
//! node 0        unused (its place is taken by the root of the item list)
//! nodes 1..=n   the item headers: node i heads the list of item i (problem item i - 1)
//! node n + 1    the first spacer
//! then          each option's nodes, contiguous, followed by a spacer
//! ```
//!
//! A node is `up`, `down` and `item`, stored together because the inner loop of [`cover`]
//! reads all three of the same node at once; a struct of arrays would touch three cache lines
//! where this touches one. A header's `item` is its own index; a spacer's `item` is
//! [`SPACER`] (0, the root, which no node belongs to). A spacer's `up` is the first node of
//! the option before it and its `down` the last node of the option after it: this is how a
//! walk around an option wraps, forward or backward, without knowing where the option starts.
//!
//! The items also form doubly linked lists through `prev` and `next`: the *active* primary
//! items in a circular list through the root (index 0), the active secondary items in a
//! circular list through index `n + 1`. Only the first is ever searched for a branching item.
//! The length of each item's list is kept in `len`, its own array, so no field has two
//! meanings.
//!
//! Options that name no primary item are not placed in the arena at all, as in DLX1: they
//! could never be chosen, and leaving them out keeps the search tree (and its statistics)
//! identical to Knuth's.
//!
//! # Invariants
//! Between search steps, and checked by [`Links::check`]:
//! 1. every item list, active or covered, is circular through its header, and for every node
//!    `x` in it `up[down[x]] == x`, `down[up[x]] == x` and `item[x]` is the item; every link
//!    is the address of a node of the array;
//! 2. `len[i]` is the number of nodes in the list of item `i`, plus [`COVERED`] while item
//!    `i` is covered (so that a scan for the shortest active item passes over it);
//! 3. the active item lists through the root and through `n + 1` are circular with
//!    `prev[next[i]] == i`;
//! 4. a removed node (a covered item, a hidden option node) keeps its own links, pointing
//!    where it was: that is all [`uncover`] needs to put it back.
//!
//! Covering and uncovering are strictly last-in first-out: [`uncover`] must undo the most
//! recent [`cover`] still in force. It therefore walks every list in the opposite direction
//! (up instead of down, backward instead of forward), so that each node is put back into a
//! list whose neighbours are exactly those it was taken from ("the choreography is delicate",
//! DLX1).
//!
//! The choice of the branching item ([`Links::choose`], with its vector scans) is in
//! `choose.rs`, and the check of these invariants ([`Links::check`]) in `check.rs`.
//!
//! [`cover`]: Links::cover
//! [`uncover`]: Links::uncover

mod check;
mod choose;

use self::choose::avx2;
pub(crate) use self::choose::{OpenLengths, weighted};
use crate::problem::Problem;
use crate::search::{LINKS_NODE_BYTES, MAX_ITEM_LENGTH};

/// The `item` of a spacer node.
pub(crate) const SPACER: u32 = 0;
/// Added to an item's length while it is covered, so that a scan for the shortest item
/// passes over covered ones; see [`Links::choose`].
pub(crate) const COVERED: u32 = 1 << 30;
/// The root of the list of active primary items.
pub(crate) const ROOT: u32 = 0;
/// The size of a [`Node`] in bytes: node `k` is at address `k * STRIDE`.
pub(crate) const STRIDE: u32 = std::mem::size_of::<Node>() as u32;

// The limits that [`crate::ProblemBuilder::build`] checks (in `crate::search`) are this
// arena's: its node size, and its flag of covered items.
const _: () = assert!(STRIDE == LINKS_NODE_BYTES && COVERED as u64 == MAX_ITEM_LENGTH);

/// The address of the header of item `i` (node `i`); [`Links::header_item`] is its inverse.
#[inline(always)]
const fn header(i: u32) -> u32 {
    i * STRIDE
}

/// One node of the arena: `up` and `down` are node addresses, `item` an item index. See the
/// module docs for what each field means in headers and spacers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    up: u32,
    down: u32,
    pub(crate) item: u32,
}

/// The arena of a problem: nodes, item lists and lengths, plus the counters of work done.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    nodes: Vec<Node>,
    /// `prev[i]`, `next[i]`: the neighbours of item `i` (or of a list head) in its item list.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// `len[i]`: the number of nodes in the list of item `i`, plus [`COVERED`] while `i` is
    /// covered.
    len: Vec<u32>,
    /// The number of items, `n`; headers are nodes `1..=n`.
    items: u32,
    /// The number of primary items; their headers are nodes `1..=primary`.
    primary: u32,
    /// For each option in the arena, in order: the address of its first node.
    option_first: Vec<u32>,
    /// For each option in the arena: its index in the [`Problem`].
    option_index: Vec<u32>,
    /// Items unlinked by `cover` plus nodes removed while hiding: Knuth's `updates`.
    updates: u64,
    /// Whether the processor has AVX2, for [`Links::choose_by_scan`]; detected once here,
    /// not at every choice.
    avx2: bool,
}

/// `v[i]`, without a bounds check: the dancing steps' only way to read the item arrays.
///
/// # Safety (of every call, and of every call of [`node`] and [`node_mut`])
/// Every index and address the dancing steps use comes from the arena itself: a link (`up`,
/// `down`, `prev`, `next`), a node's `item`, the address of item `i`'s header
/// ([`header`]), or `x ± STRIDE` inside an option, which lands on a node or on a spacer.
/// [`Links::new`] stores only indices and addresses of entries it has pushed (nodes, items
/// and the two list heads), the vectors never shrink, and cover and uncover only copy
/// indices and addresses they have read. So every index is in range and every address is a
/// multiple of [`STRIDE`] inside the array; [`Links::check`] verifies that every stored link
/// is, and the unit tests run it after every cover and uncover.
#[inline(always)]
fn at<T: Copy>(v: &[T], i: u32) -> T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see above: `i` comes from the arena, so it is in range.
    unsafe { *v.get_unchecked(i as usize) }
}

/// `&mut v[i]`, without a bounds check; see [`at`] for why `i` is in range.
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see `at`: `i` comes from the arena, so it is in range.
    unsafe { v.get_unchecked_mut(i as usize) }
}

/// The node at address `x`, without a bounds check; see [`at`] for why `x` is the address of
/// a node.
#[inline(always)]
fn node(nodes: &[Node], x: u32) -> Node {
    debug_assert!(x.is_multiple_of(STRIDE) && ((x / STRIDE) as usize) < nodes.len());
    // SAFETY: see `at`: `x` is `STRIDE` times the index of a node of `nodes`, so the byte
    // offset lands on that node, which is aligned since `STRIDE` is a multiple of its
    // alignment.
    unsafe { *nodes.as_ptr().byte_add(x as usize) }
}

/// `&mut` the node at address `x`, without a bounds check; see [`at`] and [`node`].
#[inline(always)]
fn node_mut(nodes: &mut [Node], x: u32) -> &mut Node {
    debug_assert!(x.is_multiple_of(STRIDE) && ((x / STRIDE) as usize) < nodes.len());
    // SAFETY: as in `node`.
    unsafe { &mut *nodes.as_mut_ptr().byte_add(x as usize) }
}

/// Removes the nodes of `rr`'s option, other than `rr`, from their item lists, and returns
/// how many it removed: first those after `rr`, up to the spacer, then those from the
/// option's first node (the spacer's `up`) up to `rr`.
#[inline(always)]
fn hide(nodes: &mut [Node], len: &mut [u32], rr: u32) -> u64 {
    let unlink = |nodes: &mut [Node], len: &mut [u32], Node { up, down, item }: Node| {
        node_mut(nodes, up).down = down;
        node_mut(nodes, down).up = up;
        *at_mut(len, item) -= 1;
    };
    let mut nn = rr + STRIDE;
    loop {
        let x = node(nodes, nn);
        if x.item == SPACER {
            break;
        }
        unlink(nodes, len, x);
        nn += STRIDE;
    }
    let spacer = nn;
    let mut nn = node(nodes, spacer).up;
    let hidden = (spacer - nn) / STRIDE - 1;
    while nn != rr {
        unlink(nodes, len, node(nodes, nn));
        nn += STRIDE;
    }
    u64::from(hidden)
}

/// Undoes [`hide`], walking the option backward: from `rr` down to the option's first node,
/// then from its last node (the `down` of the spacer before it) down to `rr`.
#[inline(always)]
fn unhide(nodes: &mut [Node], len: &mut [u32], rr: u32) {
    let relink = |nodes: &mut [Node], len: &mut [u32], nn: u32| {
        let Node { up, down, item } = node(nodes, nn);
        node_mut(nodes, up).down = nn;
        node_mut(nodes, down).up = nn;
        *at_mut(len, item) += 1;
    };
    let mut nn = rr - STRIDE;
    while node(nodes, nn).item != SPACER {
        relink(nodes, len, nn);
        nn -= STRIDE;
    }
    let mut nn = node(nodes, nn).down;
    while nn != rr {
        relink(nodes, len, nn);
        nn -= STRIDE;
    }
}

/// Links every item into its active list, in order: the primary items `1..=primary` through
/// the root 0, the secondary items `primary + 1..=n` through `n + 1`.
pub(crate) fn link_items(prev: &mut [u32], next: &mut [u32], primary: u32, n: u32) {
    let mut link = |head: u32, members: std::ops::RangeInclusive<u32>| {
        let mut last = head;
        for i in members {
            next[last as usize] = i;
            prev[i as usize] = last;
            last = i;
        }
        next[last as usize] = head;
        prev[head as usize] = last;
    };
    link(ROOT, 1..=primary);
    link(n + 1, primary + 1..=n);
}

impl Links {
    /// Lays out a problem as DLX1 does (see the module docs).
    pub(crate) fn new(problem: &Problem) -> Links {
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
            });
        }
        let mut len = vec![0; n as usize + 1];
        let (mut option_first, mut option_index) = (Vec::new(), Vec::new());
        let mut spacer = nodes.len() as u32;
        nodes.push(Node {
            up: 0,
            down: 0,
            item: SPACER,
        });
        for k in 0..problem.option_count() {
            if !problem.option(k).any(|i| problem.is_primary(i)) {
                continue;
            }
            let first = nodes.len() as u32;
            for i in problem.option(k) {
                let header = i as u32 + 1;
                let x = nodes.len() as u32;
                let last = nodes[header as usize].up;
                nodes.push(Node {
                    up: last,
                    down: header,
                    item: header,
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
                down: 0,
                item: SPACER,
            });
            option_first.push(first);
            option_index.push(k as u32);
        }
        let mut prev = vec![0; n as usize + 2];
        let mut next = vec![0; n as usize + 2];
        link_items(&mut prev, &mut next, primary, n);
        // Laid out by index; every link now becomes an address.
        for x in &mut nodes {
            x.up *= STRIDE;
            x.down *= STRIDE;
        }
        for first in &mut option_first {
            *first *= STRIDE;
        }
        Links {
            nodes,
            prev,
            next,
            len,
            items: n,
            primary,
            option_first,
            option_index,
            updates: 0,
            avx2: avx2(),
        }
    }

    /// Makes this arena equal to `other`, an arena of the same problem, by copying its
    /// links and lengths (no allocation).
    pub(crate) fn copy_from(&mut self, other: &Links) {
        self.nodes.copy_from_slice(&other.nodes);
        self.prev.copy_from_slice(&other.prev);
        self.next.copy_from_slice(&other.next);
        self.len.copy_from_slice(&other.len);
        self.updates = other.updates;
    }

    /// Items unlinked by `cover` plus nodes removed while hiding: Knuth's `updates`.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// Sets the `updates` counter (to leave out work that another search counted).
    pub(crate) fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    /// Whether the two arenas are equal node for node and list for list.
    #[cfg(test)]
    pub(crate) fn same_as(&self, other: &Links) -> bool {
        self.nodes == other.nodes
            && self.len == other.len
            && self.prev == other.prev
            && self.next == other.next
    }

    /// For the option node at address `x`: its 1-based place in its item's list, counted
    /// from the top, and the length of that list.
    pub(crate) fn rank_in_list(&self, x: u32) -> (u32, u32) {
        let item = self.node(x).item;
        let mut k = 0;
        let mut y = x;
        while !self.is_header(y) {
            y = self.node(y).up;
            k += 1;
        }
        (k, self.length(item))
    }

    /// Whether the node at address `x` is an item header.
    #[inline]
    pub(crate) fn is_header(&self, x: u32) -> bool {
        x <= header(self.items)
    }

    /// The item whose header is at address `x`.
    #[inline]
    pub(crate) fn header_item(&self, x: u32) -> u32 {
        debug_assert!(self.is_header(x));
        x / STRIDE
    }

    /// The node at address `x` (checked).
    pub(crate) fn node(&self, x: u32) -> Node {
        debug_assert_eq!(x % STRIDE, 0);
        self.nodes[(x / STRIDE) as usize]
    }

    /// The address of the node below the node at address `x`, on the hot path of the search.
    #[inline]
    pub(crate) fn down(&self, x: u32) -> u32 {
        node(&self.nodes, x).down
    }

    /// The address of the first node in the list of item `i` (its header's, if the list is
    /// empty).
    #[inline]
    pub(crate) fn first_in(&self, i: u32) -> u32 {
        node(&self.nodes, header(i)).down
    }

    /// The number of nodes in the list of item `i`, covered or not.
    pub(crate) fn length(&self, i: u32) -> u32 {
        self.len[i as usize] & !COVERED
    }

    /// Whether item header `i` is in its active list.
    pub(crate) fn is_active(&self, i: u32) -> bool {
        self.next[self.prev[i as usize] as usize] == i
    }

    /// The [`Problem`] index of the option that the node at address `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        let k = self.option_first.partition_point(|&first| first <= x) - 1;
        self.option_index[k] as usize
    }

    /// The address of the first node of the arena option that holds [`Problem`] option
    /// `option`, if the option is in the arena.
    /// Without a search when no option before it was left out of the arena (as in Sudoku,
    /// whose givens are looked up this way for every puzzle).
    pub(crate) fn first_node_of(&self, option: usize) -> Option<u32> {
        if self.option_index.get(option) == Some(&(option as u32)) {
            return Some(self.option_first[option]);
        }
        let k = self.option_index.binary_search(&(option as u32)).ok()?;
        Some(self.option_first[k])
    }

    /// Lays the arena out again as [`Links::new`] would from a copy of the problem with its
    /// options in the order of `order`, a permutation of the [`Problem`]'s options, whatever
    /// state the search left it in: every item active with its full length, and each item's
    /// list threaded through its options in that order. The search then tries them in that
    /// order and finds the solutions of that copy, named by their options in the problem.
    /// The nodes keep their addresses, so only links and lengths are written: no cover is
    /// undone, nothing is allocated. `updates` is left for the caller to clear.
    pub(crate) fn thread_in_order(&mut self, order: &[usize]) {
        let n = self.items as usize;
        for i in 1..=n {
            let h = header(i as u32);
            (self.nodes[i].up, self.nodes[i].down) = (h, h);
        }
        self.len.fill(0);
        let mut threaded = 0;
        for &k in order {
            let Some(first) = self.first_node_of(k) else {
                continue;
            };
            threaded += 1;
            let mut x = (first / STRIDE) as usize;
            loop {
                let i = self.nodes[x].item as usize;
                if i == SPACER as usize {
                    break;
                }
                let last = self.nodes[i].up;
                (self.nodes[x].up, self.nodes[x].down) = (last, header(i as u32));
                self.nodes[(last / STRIDE) as usize].down = x as u32 * STRIDE;
                self.nodes[i].up = x as u32 * STRIDE;
                self.len[i] += 1;
                x += 1;
            }
        }
        debug_assert_eq!(threaded, self.option_first.len(), "order is a permutation");
        link_items(&mut self.prev, &mut self.next, self.primary, self.items);
    }

    /// The addresses of the nodes of the option that holds node `x`, starting at `x` and going
    /// forward.
    pub(crate) fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        let mut p = x;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let here = p;
            p += STRIDE;
            if self.node(p).item == SPACER {
                p = self.node(p).up;
            }
            done = p == x;
            Some(here)
        })
    }

    /// Whether the node at address `x` is in its item's list (a removed node keeps its links,
    /// but its neighbours no longer point to it).
    pub(crate) fn is_linked(&self, x: u32) -> bool {
        self.node(self.node(x).up).down == x
    }

    /// Removes every node of `x`'s option from its item's list, `x`'s last: the option is
    /// excluded before the search. Counts one update a node.
    pub(crate) fn exclude_option(&mut self, x: u32) {
        let hidden = hide(&mut self.nodes, &mut self.len, x);
        let n = node(&self.nodes, x);
        node_mut(&mut self.nodes, n.up).down = n.down;
        node_mut(&mut self.nodes, n.down).up = n.up;
        *at_mut(&mut self.len, n.item) -= 1;
        self.updates += hidden + 1;
    }

    /// Undoes [`Links::exclude_option`] of `x`, which must be the latest removal in force.
    pub(crate) fn include_option(&mut self, x: u32) {
        let n = node(&self.nodes, x);
        node_mut(&mut self.nodes, n.up).down = x;
        node_mut(&mut self.nodes, n.down).up = x;
        *at_mut(&mut self.len, n.item) += 1;
        unhide(&mut self.nodes, &mut self.len, x);
    }

    /// Covers item `c`: unlinks it from its item list and hides every option in its list.
    #[inline]
    pub(crate) fn cover(&mut self, c: u32) {
        let (l, r) = (at(&self.prev, c), at(&self.next, c));
        *at_mut(&mut self.next, l) = r;
        *at_mut(&mut self.prev, r) = l;
        *at_mut(&mut self.len, c) += COVERED;
        // The count is kept in a local, not in `self.updates`: the compiler cannot tell that
        // the stores into the arena leave `self` alone, so it would store the field at every
        // node.
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let mut updates = 1;
        let head = header(c);
        let mut rr = node(nodes, head).down;
        while rr != head {
            updates += hide(nodes, len, rr);
            rr = node(nodes, rr).down;
        }
        self.updates += updates;
    }

    /// Undoes [`Links::cover`] of item `c`, which must be the latest cover in force.
    #[inline]
    pub(crate) fn uncover(&mut self, c: u32) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let head = header(c);
        let mut rr = node(nodes, head).up;
        while rr != head {
            unhide(nodes, len, rr);
            rr = node(nodes, rr).up;
        }
        let (l, r) = (at(&self.prev, c), at(&self.next, c));
        *at_mut(&mut self.next, l) = c;
        *at_mut(&mut self.prev, r) = c;
        *at_mut(&mut self.len, c) -= COVERED;
    }

    /// Covers every item of `x`'s option except `x`'s own, going forward from `x`.
    #[inline]
    pub(crate) fn cover_others(&mut self, x: u32) {
        let mut p = x + STRIDE;
        while p != x {
            let Node { up, item, .. } = node(&self.nodes, p);
            if item == SPACER {
                p = up;
            } else {
                self.cover(item);
                p += STRIDE;
            }
        }
    }

    /// Chooses the option of node `x`: covers `x`'s item, then the option's other items.
    #[inline]
    pub(crate) fn cover_option(&mut self, x: u32) {
        self.cover(node(&self.nodes, x).item);
        self.cover_others(x);
    }

    /// Undoes [`Links::cover_option`] of `x`, which must be the latest cover in force.
    #[inline]
    pub(crate) fn uncover_option(&mut self, x: u32) {
        self.uncover_others(x);
        self.uncover(node(&self.nodes, x).item);
    }

    /// Undoes [`Links::cover_others`] of `x`, going backward.
    #[inline]
    pub(crate) fn uncover_others(&mut self, x: u32) {
        let mut p = x - STRIDE;
        while p != x {
            let Node { down, item, .. } = node(&self.nodes, p);
            if item == SPACER {
                p = down;
            } else {
                self.uncover(item);
                p -= STRIDE;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ProblemBuilder;

    /// The links of Knuth's example ([`crate::problems::knuth_example`]).
    fn knuth_example() -> Links {
        Links::new(&crate::problems::knuth_example())
    }

    #[test]
    fn the_layout_follows_dlx1() {
        let l = knuth_example();
        // Root, 7 headers, 7 spacers and 16 option nodes.
        assert_eq!(l.nodes.len(), 1 + 7 + 7 + 16);
        assert_eq!(l.len[1..].to_vec(), vec![2, 2, 2, 3, 2, 2, 3]);
        assert_eq!(l.nodes[8].item, SPACER);
        // Links are addresses: node k is at k * STRIDE.
        let at = |k: u32| k * STRIDE;
        assert_eq!(l.nodes[9].up, at(3));
        assert_eq!(l.nodes[3].down, at(9));
        assert_eq!(l.option_of(at(9)), 0);
        assert_eq!(l.option_of(at(13)), 1);
        assert_eq!(l.option_of(at(22)), 3);
        assert_eq!(
            l.option_nodes(at(10)).collect::<Vec<_>>(),
            vec![at(10), at(11), at(9)]
        );
        l.check().unwrap();
    }

    #[test]
    fn cover_then_uncover_in_lifo_order_restores_every_list() {
        let pristine = knuth_example();
        let mut l = pristine.clone();
        let order = [1, 4, 7, 2, 6];
        for &c in &order {
            l.cover(c);
            l.check().unwrap();
            assert!(!l.is_active(c));
        }
        for &c in order.iter().rev() {
            l.uncover(c);
            l.check().unwrap();
        }
        assert_eq!(l.nodes, pristine.nodes);
        assert_eq!(l.len, pristine.len);
        assert_eq!((l.prev, l.next), (pristine.prev, pristine.next));
    }

    #[test]
    fn covering_an_option_s_other_items_hides_the_conflicting_options() {
        let mut l = knuth_example();
        // Choose option `A D` (node 21 is its A): cover A, then D.
        l.cover(1);
        l.cover_others(21 * STRIDE);
        l.check().unwrap();
        // Options with A or D are gone: E keeps only `C E F`; G keeps only `B G`.
        assert_eq!(l.len[5], 1);
        assert_eq!(l.len[7], 1);
        l.uncover_others(21 * STRIDE);
        l.uncover(1);
        l.check().unwrap();
        assert_eq!(l.len[1..].to_vec(), vec![2, 2, 2, 3, 2, 2, 3]);
    }

    #[test]
    fn options_are_found_with_or_without_left_out_options_before_them() {
        // Option 1 names only the secondary item, so it is not in the arena.
        let mut b = ProblemBuilder::new(2, 1);
        for option in [vec![0, 2], vec![2], vec![1], vec![0, 1]] {
            b.option(option).unwrap();
        }
        let l = Links::new(&b.build().unwrap());
        let firsts: Vec<_> = (0..5).map(|k| l.first_node_of(k)).collect();
        let at = |k: u32| Some(k * STRIDE);
        assert_eq!(firsts, [at(5), None, at(8), at(10), None]);
        for k in [0, 2, 3] {
            assert_eq!(l.option_of(firsts[k].unwrap()), k);
        }
    }

    #[test]
    fn the_checker_notices_a_broken_link_and_a_wrong_length() {
        let mut l = knuth_example();
        l.len[3] += 1;
        assert!(l.check().is_err());
        let mut l = knuth_example();
        l.nodes[9].up = 10 * STRIDE;
        assert!(l.check().is_err());
        let mut l = knuth_example();
        l.nodes[9].down = l.nodes.len() as u32 * STRIDE;
        assert!(l.check().unwrap_err().contains("out of range"));
        let mut l = knuth_example();
        l.nodes[9].down = 3 * STRIDE + 1;
        assert!(l.check().unwrap_err().contains("out of range"));
    }
}
