//! DLX5's dancing links: Algorithm C (DLX2, colors included) with a net cost on every node,
//! item lists sorted by it, and covers that stop at a threshold (Knuth, `dlx5.w`).
//!
//! # The representation
//! As in DLX2, in one arena of [`Node`]s: the item headers first (index 0 is the root of the
//! list of active primary items, item `i` of the problem is header `i + 1`), then every
//! option's nodes between spacers. A spacer's `itm` is `-(j + 1)` after option `j` of this
//! engine (0 for the one before option 0), its `up` the first node of the option before it
//! and its `down` the last node of the option after it, so a walk along an option in either
//! direction wraps around. An option node's `color` is 0 for no color, `c + 1` for color `c`,
//! and -1 while a purified item has already cleansed it.
//!
//! # Costs and the invariants they add
//! - **Net costs.** Every primary item pays a *tax*, the least cost among its options at
//!   the time (items in order), which is taken off the cost of each of its options: every
//!   option keeps a nonnegative net cost, every primary item has an option of net cost 0 at
//!   the start, and every solution's net cost is its cost minus the total tax, the same for
//!   all. A node's `cost` is its option's net cost.
//! - **Sorted lists.** Every item list (secondary ones too) runs from the cheapest option to
//!   the dearest, input order among equals (a stable sort). Removing nodes keeps the order,
//!   so the first node of a list is its cheapest live option.
//! - **Thresholds.** A cover, uncover, purify or unpurify walks an item's list only while the
//!   options cost less than its threshold, `cutoff - cost so far` when it was called (a
//!   difference of exact `u128` sums, kept as the dearest `u64` net cost under it); each
//!   level keeps its thresholds so that the undo walks the same nodes. An option left in
//!   the lists because it was beyond a threshold is dead: the cutoff only falls and the cost
//!   so far only rises below that level, so every later test (`cost >= cutoff - cost so
//!   far`) refuses it before it is chosen, and the choice of item treats a list that starts
//!   with such an option as empty.
//! - As in DLX2, covers are undone strictly last-in first-out; uncover walks an item's list
//!   downward like cover (Knuth: "no harm is done if the options are processed again in the
//!   same order"), which the thresholds require, and the items of an option leftward.
//!
//! # The search
//! DLX5's loop (in [`search`]), with lower bounds added: at each node, besides the item with
//! fewest usable options (the dearest cheapest option among equals, DLX5's rule), the scan
//! of the active primary items adds up what the open items must still cost, from their
//! cheapest live options `c_i`. The primary items are sorted into *classes* of items that
//! never share an option (greedily, in the order of the items: the pieces of a tiling, the
//! rows of the queens): each open item of a class needs an option of its own, so the rest
//! costs at least the class's `sum c_i`. The items of no class give one more bound, `sum c_i
//! / m_i` with `m_i` the most such items an option of item `i` has (scaled to integers by
//! `scale`, the least common multiple of the `m_i`, or `2^20` when that is larger). A node
//! whose cost so far plus a bound reaches the cutoff is left at once; and an option of the
//! item branched on is tried only while its cost plus what a class still costs without its
//! own item of the class stays under the cutoff (the *reduction* of `choose_item`).

mod search;

use super::{Meter, bound};

use crate::problem::Problem;
use crate::search::Stats;

/// One node of the arena: a header, an option node or a spacer (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    up: u32,
    down: u32,
    itm: i32,
    color: i32,
}

/// DLX5's state for one problem: the arena, the active primary items, the taxes, and the
/// search's stacks. Reusable: a search leaves the links as it found them.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    nd: Vec<Node>,
    /// The net cost of each node's option (0 on headers and spacers), beside `nd`: the
    /// covers read it once per option, the hides never, so the nodes they walk stay small.
    cost: Vec<u64>,
    /// The live options of each item's list, by header (read for primary items only; kept
    /// for all, so that a hide updates it without asking which kind its item is).
    len: Vec<u32>,
    /// The doubly linked list of active primary items through the root 0.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Header `h`'s share of the lower bound per unit of its cheapest option's cost:
    /// `scale / m_h` (see the module docs).
    weight: Vec<u64>,
    scale: u64,
    /// The class of each primary header (0: none): the items of a class never share an
    /// option, so the rest costs at least the sum of their cheapest live options.
    class: Vec<u8>,
    /// Scratch for [`Links::choose_item`]: the cheapest live option of each primary header.
    mincost: Vec<u64>,
    /// The reduction of the item chosen at each level (see [`Links::choose_item`]).
    reduce: Vec<u64>,
    /// The problem's option for each option of the engine (options without a primary item
    /// are left out, as DLX1 leaves them).
    option_of: Vec<usize>,
    /// The sum of the taxes: a solution's cost is its net cost plus this.
    pub(crate) total_tax: u128,
    choice: Vec<u32>,
    /// By level: the net cost of the choices above it (exact, a `u128`), and the
    /// thresholds of the covers of its item and of the rest of its option, each kept as
    /// the dearest net cost under it ([`bound::dearest_under`]).
    partcost: Vec<u128>,
    thresh0: Vec<u64>,
    thresh: Vec<u64>,
    /// Work done so far.
    pub(crate) stats: Stats,
    /// This search's account with the budget.
    meter: Meter,
}

impl Links {
    /// The links of `problem` (which has no multiplicities), taxed and sorted.
    pub(crate) fn new(problem: &Problem) -> Links {
        let n = problem.item_count();
        let primary = problem.primary_items();
        let mut nd = vec![Node::default(); n + 1];
        // The engine's option of each node (0 on headers and spacers).
        let mut optn = vec![0u32; n + 1];
        for (h, node) in nd.iter_mut().enumerate() {
            *node = Node {
                up: h as u32,
                down: h as u32,
                itm: h as i32,
                ..Node::default()
            };
        }
        // Colors renumbered densely from 1, so that they fit the node's `i32`.
        let mut colors = std::collections::HashMap::new();
        let mut option_of = Vec::new();
        let mut net = Vec::new();
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        // The primary headers of each option of the engine.
        let mut primaries: Vec<Vec<u32>> = Vec::new();
        let mut spacer = nd.len();
        nd.push(Node::default());
        optn.push(0);
        for k in 0..problem.option_count() {
            let np = problem.option(k).filter(|&i| i < primary).count() as u64;
            if np == 0 {
                continue;
            }
            let j = option_of.len();
            option_of.push(k);
            net.push(problem.option_cost(k));
            primaries.push(
                problem
                    .option(k)
                    .filter(|&i| i < primary)
                    .map(|i| i as u32 + 1)
                    .collect(),
            );
            let first = nd.len() as u32;
            for (i, color) in problem.option(k).zip(problem.option_colors(k)) {
                let h = i + 1;
                let color = match color {
                    None => 0,
                    Some(c) => {
                        let next = colors.len() as i32 + 1;
                        *colors.entry(c).or_insert(next)
                    }
                };
                members[h].push(nd.len() as u32);
                nd.push(Node {
                    up: 0,
                    down: 0,
                    itm: h as i32,
                    color,
                });
                optn.push(j as u32);
            }
            nd[spacer].down = nd.len() as u32 - 1;
            spacer = nd.len();
            nd.push(Node {
                up: first,
                itm: -(j as i32 + 1),
                ..Node::default()
            });
            optn.push(0);
        }
        let (class, weight, scale) = bound::weights(&members[..=primary], &primaries, |x| {
            optn[x as usize] as usize
        });
        // The taxes, item by item in order (DLX5's "Assign taxes").
        let mut total_tax = 0u128;
        for list in &members[1..=primary] {
            let Some(tax) = list.iter().map(|&x| net[optn[x as usize] as usize]).min() else {
                continue;
            };
            total_tax += u128::from(tax);
            for &x in list {
                net[optn[x as usize] as usize] -= tax;
            }
        }
        let mut cost = vec![0u64; nd.len()];
        for (x, node) in nd.iter().enumerate().skip(n + 1) {
            if node.itm > 0 {
                cost[x] = net[optn[x] as usize];
            }
        }
        for (h, list) in members.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&x| cost[x as usize]);
            let mut above = h as u32;
            for &x in list.iter() {
                nd[x as usize].up = above;
                nd[above as usize].down = x;
                above = x;
            }
            nd[above as usize].down = h as u32;
            nd[h].up = above;
        }
        let len = members.iter().map(|l| l.len() as u32).collect();
        let p = primary as u32;
        Links {
            nd,
            cost,
            len,
            class,
            mincost: vec![0; primary + 1],
            reduce: Vec::new(),
            prev: (0..=p).map(|h| if h == 0 { p } else { h - 1 }).collect(),
            next: (0..=p).map(|h| if h == p { 0 } else { h + 1 }).collect(),
            weight,
            scale,
            option_of,
            total_tax,
            choice: Vec::new(),
            partcost: Vec::new(),
            thresh0: Vec::new(),
            thresh: Vec::new(),
            stats: Stats::default(),
            meter: Meter::default(),
        }
    }

    /// Node `x`, unchecked.
    ///
    /// Every link (`up`, `down`, and an option node's neighbours `x - 1`, `x + 1`, which a
    /// walk along an option reaches only up to the spacers) points into `nd`: [`Links::new`]
    /// makes them so and the dances only copy links. The covers and hides follow hundreds of
    /// millions of links on the shared instances; without the bounds checks the search of
    /// pentomino-6x10-xq with costs (K = 5) takes 1/1.13 of the CPU (`compare.py`, medians
    /// of 5).
    #[inline(always)]
    fn at(&self, x: u32) -> Node {
        debug_assert!((x as usize) < self.nd.len());
        // SAFETY: `x` is a link of the arena, in bounds as said above (checked in debug
        // builds, where the tests run the searches of `tests/integration/mincost.rs`).
        unsafe { *self.nd.get_unchecked(x as usize) }
    }

    /// Node `x`, unchecked and mutable (see [`Links::at`]).
    #[inline(always)]
    fn at_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nd.len());
        // SAFETY: as in `at`.
        unsafe { self.nd.get_unchecked_mut(x as usize) }
    }

    /// The net cost of node `x`'s option, unchecked (see [`Links::at`]; `cost` is as long
    /// as `nd`).
    #[inline(always)]
    fn cost_at(&self, x: u32) -> u64 {
        debug_assert!((x as usize) < self.cost.len());
        // SAFETY: as in `at`, and `cost.len() == nd.len()`.
        unsafe { *self.cost.get_unchecked(x as usize) }
    }

    /// Whether `h` is a primary item's header.
    fn is_primary(&self, h: u32) -> bool {
        (h as usize) < self.next.len()
    }

    /// Hides the options of item `h` that cost at most `dearest` (under its threshold), and
    /// takes a primary item out of the active list (DLX5's `cover`).
    fn cover(&mut self, h: u32, dearest: u64) {
        if self.is_primary(h) {
            let (l, r) = (self.prev[h as usize], self.next[h as usize]);
            self.next[l as usize] = r;
            self.prev[r as usize] = l;
        }
        self.stats.updates += 1;
        let mut rr = self.at(h).down;
        while rr != h && self.cost_at(rr) <= dearest {
            self.hide(rr);
            rr = self.at(rr).down;
        }
    }

    /// Undoes [`Links::cover`] with the same threshold, walking the list the same way.
    fn uncover(&mut self, h: u32, dearest: u64) {
        let mut rr = self.at(h).down;
        while rr != h && self.cost_at(rr) <= dearest {
            self.unhide(rr);
            rr = self.at(rr).down;
        }
        if self.is_primary(h) {
            let (l, r) = (self.prev[h as usize], self.next[h as usize]);
            self.next[l as usize] = h;
            self.prev[r as usize] = h;
        }
    }

    /// Takes the nodes of `rr`'s option other than `rr` out of their lists, but for those
    /// already cleansed by a purified item.
    #[inline]
    fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.at(nn);
            if node.color >= 0 {
                if node.itm <= 0 {
                    nn = node.up;
                    continue;
                }
                self.at_mut(node.up).down = node.down;
                self.at_mut(node.down).up = node.up;
                self.stats.updates += 1;
                // SAFETY: `itm` of an option node is a header, and `len` has one entry a
                // header.
                unsafe { *self.len.get_unchecked_mut(node.itm as usize) -= 1 };
            }
            nn += 1;
        }
    }

    /// Undoes [`Links::hide`].
    #[inline]
    fn unhide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.at(nn);
            if node.color >= 0 {
                if node.itm <= 0 {
                    nn = node.up;
                    continue;
                }
                self.at_mut(node.up).down = nn;
                self.at_mut(node.down).up = nn;
                // SAFETY: `itm` of an option node is a header, and `len` has one entry a
                // header.
                unsafe { *self.len.get_unchecked_mut(node.itm as usize) += 1 };
            }
            nn += 1;
        }
    }

    /// Hides the options of net cost at most `dearest` that give node `p`'s item another
    /// color than `p` does, and marks those that give it the same color as cleansed (DLX5's
    /// `purify`).
    fn purify(&mut self, p: u32, dearest: u64) {
        let Node { itm, color: x, .. } = self.at(p);
        let h = itm as u32;
        self.stats.cleansings += 1;
        let mut rr = self.at(h).down;
        while rr != h && self.cost_at(rr) <= dearest {
            if self.at(rr).color != x {
                self.hide(rr);
            } else if rr != p {
                self.stats.cleansings += 1;
                self.at_mut(rr).color = -1;
            }
            rr = self.at(rr).down;
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, dearest: u64) {
        let Node { itm, color: x, .. } = self.at(p);
        let h = itm as u32;
        let mut rr = self.at(h).down;
        while rr != h && self.cost_at(rr) <= dearest {
            if self.at(rr).color < 0 {
                self.at_mut(rr).color = x;
            } else if rr != p {
                self.unhide(rr);
            }
            rr = self.at(rr).down;
        }
    }

    /// Covers or purifies the items of `cur`'s option other than `cur`'s, rightward.
    fn cover_rest(&mut self, cur: u32, dearest: u64) {
        let mut pp = cur + 1;
        while pp != cur {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                pp = node.up;
                continue;
            }
            if node.color == 0 {
                self.cover(node.itm as u32, dearest);
            } else if node.color > 0 {
                self.purify(pp, dearest);
            }
            pp += 1;
        }
    }

    /// Undoes [`Links::cover_rest`], leftward.
    fn uncover_rest(&mut self, cur: u32, dearest: u64) {
        let mut pp = cur - 1;
        while pp != cur {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                pp = node.down;
                continue;
            }
            if node.color == 0 {
                self.uncover(node.itm as u32, dearest);
            } else if node.color > 0 {
                self.unpurify(pp, dearest);
            }
            pp -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth::parse_str;
    use crate::mincost::Budget;
    use crate::mincost::best::Best;

    #[test]
    fn taxes_leave_each_primary_item_a_free_option_and_lists_sorted() {
        let p = parse_str("a b | x\na b |7\na x:1 |3\nb x:2 |4 |1\nb |9\n")
            .unwrap()
            .problem;
        let links = Links::new(&p);
        // a is taxed 3 (options 7, 3), then b 4 (options 4, 5, 9 net of a's tax).
        assert_eq!(links.total_tax, 7);
        for h in 1..=2 {
            let first = links.nd[h].down as usize;
            assert_eq!(links.cost[first], 0, "item {h}");
            let mut x = first;
            while links.nd[x].down as usize != h {
                let next = links.nd[x].down as usize;
                assert!(links.cost[x] <= links.cost[next]);
                x = next;
            }
        }
    }

    #[test]
    fn a_search_leaves_the_links_as_it_found_them() {
        let p = parse_str("a b c | x\na b |3\nc x:1 |1\na x:2 |2\nb c x:2\nb x:1 |5\nc |4\n")
            .unwrap()
            .problem;
        let mut links = Links::new(&p);
        let before = links.nd.clone();
        let best = Best::new(2);
        assert!(links.search(&[], &best, &Budget::unlimited()));
        assert_eq!(links.nd, before);
        assert_eq!(links.len, Links::new(&p).len);
        // Solutions: {a b, c x:1} = 4, {a x:2, b c x:2} = 2.
        let costs: Vec<u128> = best
            .into_sorted()
            .iter()
            .map(|(c, _)| c + links.total_tax)
            .collect();
        assert_eq!(costs, [2, 4]);
    }
}
