//! DLX5's search on bitsets over the options: the same taxes, cheapest-first order, cutoff
//! and lower bounds as the links (`super::links`), with every cover a few word operations.
//!
//! # The representation
//! The options with a primary item (as the links keep them) are numbered in the order of
//! their *net costs* (the costs less the taxes, computed as the links compute them), input
//! order among equals. Net cost being a property of the option, every item's options, taken
//! in increasing number, are then its list as DLX5 sorts it, cheapest first; and the options
//! that cost less than a limit are a prefix of the numbers, found in a table or by a
//! binary search ([`Bits::below`]). So an option beyond the threshold of a node needs no test at all: the
//! node reads only the words of that prefix.
//!
//! The fixed part is a set of *masks*, bitsets over the options: one per item (the options
//! that contain it) and one per secondary item and color named (the options that give the
//! item no color or another one). Each option has its *kills*: the masks of its primary and
//! uncolored items and of its colored items with their colors, whose union is every option
//! that choosing it rules out (itself included, through its primary items).
//!
//! # The state
//! A stack of *frames*, one a level: the bitset of the live options (none of their items
//! covered, every purified item named with its color) and the bitset of the open primary
//! items. Choosing an option writes the next frame, the live options less its kills and the
//! open items less its own; backing up moves down the stack, so nothing is ever uncovered.
//!
//! Invariant: a frame is exact on the options `0..end`, `end` the options cheaper than
//! `cutoff - cost so far` when it was written (its bits from `end` to the end of that word
//! are 0, and so are its counts' share of those options); the words after are stale. Below
//! it, the cost so far only rises and the cutoff only falls, so no later node reads past
//! `end`, and a child's `end` is at most its parent's.
//!
//! # The search
//! DLX5's loop (in [`search`]), with the links' bounds: an item's cheapest live option is
//! the first live one of its list (each frame keeps, for each item, a place in its list
//! before which every option is dead, so that the scans resume where the parent's stopped).
//! The item to branch on has the fewest usable options, counted one of two ways, fixed
//! when the bitsets are made:
//! - on a *dense* problem (at least [`COUNTED_DENSITY`] options an item a word, on
//!   average: the pentominoes, the queens, Langford pairs), by walking the item's live
//!   options under the limit less the reduction a word at a time, up to the best count so
//!   far, as DLX5 walks its list (past DLX5's `lenthresh`, the bits left are counted at
//!   once);
//! - on a *sparse* one (de Bruijn sequences), where that walk would step over many dead
//!   options, from counts kept beside each frame: the live options under the frame's limit
//!   of each primary item, taken down by every option a choice removes.
//!
//! The tree is the links' tree but for those counts (the links count the options a
//! threshold has left in the lists; the counts beside the frames ignore the reduction), so
//! that the bits may branch on another item and see other nodes; the costs found are the
//! same.

mod search;

use super::{Meter, bound};
use crate::problem::Problem;
use crate::search::Stats;

/// The most memory the masks may take (bytes); a larger problem runs on the links.
pub(crate) const MAX_MASK_BYTES: usize = 64 << 20;

/// The most options an item has a word, on average, for the frames to count them (see the
/// module docs).
const COUNTED_DENSITY: usize = 2;

/// The largest net cost for which [`Bits::below`] has a table.
const BELOW_TABLE: u64 = 1 << 16;

/// One level of the search: the item branched on, and where its options are.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The primary item (its number in the problem).
    item: u32,
    /// The place in the item's list of the first option not tried yet.
    from: u32,
    /// The option tried last.
    option: u32,
    /// The item's reduction (see `super::links`): an option of net cost `c` is tried only
    /// while `c + reduce < cutoff - cost`.
    reduce: u64,
    /// The net cost of the choices above the level (exact: a sum of net costs below 2^64).
    cost: u128,
}

/// The bitset state of one problem for DLX5's search (see the module docs). Reusable: a
/// search leaves it ready for the next.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    /// Words of a bitset over the options.
    words: usize,
    /// Words of a frame: `words` of live options, then `open_words` of open items.
    stride: usize,
    /// The net cost of each option, nondecreasing.
    cost: Vec<u64>,
    /// [`Bits::below`] for every limit up to the dearest net cost (a binary search of
    /// `cost` took 1/20 of the time), or empty when that is above [`BELOW_TABLE`].
    below: Vec<u32>,
    /// The problem's option for each option number.
    option_of: Vec<usize>,
    /// The masks, `words` each, one after the other; primary item `i`'s is mask `i`.
    masks: Vec<u64>,
    /// Option `o`'s kills are `kills[kill_start[o]..kill_start[o + 1]]` (mask numbers).
    kill_start: Vec<u32>,
    kills: Vec<u32>,
    /// Primary item `i`'s options, in increasing number (cheapest first), are
    /// `list[list_start[i]..list_start[i + 1]]`.
    list_start: Vec<u32>,
    list: Vec<u32>,
    /// Option `o`'s primary items are `prims[prim_start[o]..prim_start[o + 1]]`.
    prim_start: Vec<u32>,
    prims: Vec<u32>,
    /// The class of each primary item and its weight (see [`bound::weights`]).
    class: Vec<u8>,
    weight: Vec<u64>,
    scale: u64,
    /// The sum of the taxes: a solution's cost is its net cost plus this.
    pub(crate) total_tax: u128,
    /// The state before any choice: every option live, every primary item open.
    root: Vec<u64>,
    /// The frames, `stride` words each.
    frames: Vec<u64>,
    /// Beside each frame, for each primary item, a place in its list before which every
    /// option is dead in the frame (a hint of the scans, `primary` entries a frame).
    pos: Vec<u32>,
    /// Whether the frames count the live options of each item (see the module docs).
    counted: bool,
    /// Beside each frame, the live options of each primary item (`primary` entries), when
    /// `counted`.
    counts: Vec<u32>,
    /// Beside each frame, the options it is exact on: `0..end` (see the module docs).
    ends: Vec<usize>,
    levels: Vec<Level>,
    /// Scratch of the choice of item: each open item's cheapest live option.
    first: Vec<u32>,
    /// Work done so far (nodes and solutions).
    pub(crate) stats: Stats,
    /// This search's account with the budget.
    meter: Meter,
}

impl Bits {
    /// The bitsets of `problem` (which has no multiplicities), or `None` when their masks
    /// would take more than [`MAX_MASK_BYTES`].
    pub(crate) fn new(problem: &Problem) -> Option<Bits> {
        let n = problem.item_count();
        let primary = problem.primary_items();
        let engine: Vec<usize> = (0..problem.option_count())
            .filter(|&k| problem.option(k).any(|i| i < primary))
            .collect();
        let m = engine.len();
        let words = m.div_ceil(64).max(1);
        // The colors of each secondary item, as mask numbers after the items' masks.
        let mut pairs = std::collections::HashMap::new();
        for &k in &engine {
            for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
                if let Some(c) = c {
                    let next = n + pairs.len();
                    pairs.entry((i, c)).or_insert(next);
                }
            }
        }
        let mask_count = n + pairs.len();
        if mask_count.saturating_mul(words).saturating_mul(8) > MAX_MASK_BYTES {
            return None;
        }
        // The taxes, item by item in order, as the links levy them.
        let mut net: Vec<u64> = engine.iter().map(|&k| problem.option_cost(k)).collect();
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); primary + 1];
        let mut headers: Vec<Vec<u32>> = Vec::with_capacity(m);
        for (j, &k) in engine.iter().enumerate() {
            let hs: Vec<u32> = problem
                .option(k)
                .filter(|&i| i < primary)
                .map(|i| i as u32 + 1)
                .collect();
            for &h in &hs {
                members[h as usize].push(j as u32);
            }
            headers.push(hs);
        }
        let (class, weight, scale) = bound::weights(&members, &headers, |j| j as usize);
        let mut total_tax = 0u128;
        for list in &members[1..] {
            let Some(tax) = list.iter().map(|&j| net[j as usize]).min() else {
                continue;
            };
            total_tax += u128::from(tax);
            for &j in list {
                net[j as usize] -= tax;
            }
        }
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by_key(|&j| net[j]);
        let mut masks = vec![0u64; mask_count * words];
        let (mut kill_start, mut kills) = (vec![0u32], Vec::new());
        let (mut prim_start, mut prims) = (vec![0u32], Vec::new());
        let mut root = vec![0u64; words + primary.div_ceil(64).max(1)];
        for i in 0..primary {
            set(&mut root[words..], i);
        }
        for (o, &j) in order.iter().enumerate() {
            let k = engine[j];
            set(&mut root, o);
            for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
                set(&mut masks[i * words..], o);
                match c {
                    None => kills.push(i as u32),
                    Some(c) => {
                        let x = pairs[&(i, c)];
                        set(&mut masks[x * words..], o);
                        kills.push(x as u32);
                    }
                }
                if i < primary {
                    prims.push(i as u32);
                }
            }
            kill_start.push(kills.len() as u32);
            prim_start.push(prims.len() as u32);
        }
        // A color's mask held the options that give the item that color; it becomes the
        // item's options less those.
        for (&(i, _), &x) in &pairs {
            for w in 0..words {
                masks[x * words + w] = masks[i * words + w] & !masks[x * words + w];
            }
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); primary];
        for o in 0..m {
            for &i in &prims[prim_start[o] as usize..prim_start[o + 1] as usize] {
                lists[i as usize].push(o as u32);
            }
        }
        let mut list_start = vec![0u32];
        for l in &lists {
            list_start.push(list_start.last().copied().unwrap_or(0) + l.len() as u32);
        }
        let stride = root.len();
        let cost: Vec<u64> = order.iter().map(|&j| net[j]).collect();
        let dearest = cost.last().copied().unwrap_or(0);
        let below = if dearest <= BELOW_TABLE {
            (0..=dearest + 1)
                .map(|limit| cost.partition_point(|&c| c < limit) as u32)
                .collect()
        } else {
            Vec::new()
        };
        Some(Bits {
            words,
            stride,
            cost,
            below,
            option_of: order.iter().map(|&j| engine[j]).collect(),
            masks,
            kill_start,
            kills,
            prim_start,
            prims,
            list_start: list_start.clone(),
            list: lists.concat(),
            class: class[1..].to_vec(),
            weight: weight[1..].to_vec(),
            scale,
            total_tax,
            root,
            frames: Vec::new(),
            pos: Vec::new(),
            counts: Vec::new(),
            counted: list_start[primary] as usize <= COUNTED_DENSITY * words * primary.max(1),
            ends: Vec::new(),
            levels: Vec::new(),
            first: vec![0; primary],
            stats: Stats::default(),
            meter: Meter::default(),
        })
    }

    /// The number of options whose net cost is below `limit`: they are the options
    /// `0..below(limit)`.
    #[inline]
    fn below(&self, limit: u128) -> usize {
        match usize::try_from(limit).ok().and_then(|l| self.below.get(l)) {
            Some(&b) => b as usize,
            None if self.below.is_empty() => self.cost.partition_point(|&c| u128::from(c) < limit),
            None => self.cost.len(),
        }
    }
}

/// Sets bit `b` of `bits`.
fn set(bits: &mut [u64], b: usize) {
    bits[b / 64] |= 1 << (b % 64);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth::parse_str;
    use crate::mincost::Budget;
    use crate::mincost::best::Best;
    use crate::mincost::links::Links;

    /// The net costs of the `k` best solutions the links find.
    fn links_best(problem: &Problem, k: usize) -> Vec<u128> {
        let mut links = Links::new(problem);
        let best = Best::new(k);
        assert!(links.search(&[], &best, &Budget::unlimited()));
        best.into_sorted().iter().map(|(c, _)| *c).collect()
    }

    #[test]
    fn both_ways_of_counting_find_the_links_costs_with_colors() {
        let p = parse_str(
            "a b c d | x y\na b |3\nc x:1 |1\na x:2 |2\nb c x:2 y:1\nb x:1 |5\nc |4\n\
             d y:1 |2\nd y:2\nc d |6\nb d x:1 |1\na c y:2 |3\n",
        )
        .unwrap()
        .problem;
        let expected = links_best(&p, 4);
        assert_eq!(expected.len(), 4);
        for counted in [false, true] {
            let mut bits = Bits::new(&p).unwrap();
            assert_eq!(bits.total_tax, Links::new(&p).total_tax);
            assert!(bits.cost.is_sorted());
            bits.counted = counted;
            let best = Best::new(4);
            assert!(bits.search(&[], &best, &Budget::unlimited()));
            let costs: Vec<u128> = best.into_sorted().iter().map(|(c, _)| *c).collect();
            assert_eq!(costs, expected, "counted {counted}");
        }
    }
}
