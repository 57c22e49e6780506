//! The fixed part of the bit engine: for each item, the bitset of the options that contain
//! it; for each option, its items; and the state of the root of the search.
//!
//! Options are numbered as the links engine lays them out: the options of the [`Problem`]
//! that name a primary item, in order (DLX1 leaves the others out, and so does this engine).
//! Option `k` is bit `k % 64` of word `k / 64` of every bitset, so the bits of an item's
//! bitset, read from the lowest, list its options in the order of the item's list in DLX1.
//!
//! A table is built once per problem and shared (through an `Arc`) by every copy of the
//! engine: solvers cloned for threads or for a pristine copy share it, and only their
//! search state is their own.

use super::scan::{COVERED, LANES};
use crate::Problem;

/// The most options the bit engine takes: a count of active options must stay below
/// [`COVERED`].
pub(crate) const MAX_OPTIONS: usize = COVERED as usize - 1;

/// The most memory the bit engine may need for one problem (the table plus the deepest
/// stack of saved states it could ever reach); a larger problem runs on the links.
pub(crate) const MAX_BYTES: u64 = 64 << 20;

/// Where an option's items lie in [`Table::items`]: its primary items at `start..mid`, its
/// secondary items at `mid..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) mid: u32,
    pub(crate) end: u32,
}

/// The bitsets and option lists of one problem; see the module docs.
#[derive(Debug)]
pub(crate) struct Table {
    /// Words in a bitset of options: `ceil(options / 64)`.
    pub(crate) words: usize,
    /// The number of primary items, `p`: items `0..p` have counts.
    pub(crate) primary: usize,
    /// The number of counts in a state: `p` rounded up to a whole number of vectors
    /// ([`LANES`]), at least one vector; the padding holds [`COVERED`].
    pub(crate) padded: usize,
    /// The number of items, primary and secondary.
    pub(crate) items: usize,
    /// `bitsets[i * words..(i + 1) * words]`: the options that contain item `i`.
    pub(crate) bitsets: Vec<u64>,
    /// For each option: where its items are in `item_list`.
    pub(crate) spans: Vec<Span>,
    /// The items of every option, primary ones first, each group in the order given.
    pub(crate) item_list: Vec<u32>,
    /// For each option: its index in the [`Problem`].
    pub(crate) index: Vec<u32>,
    /// The active options at the root: all of them.
    pub(crate) root_active: Vec<u64>,
    /// The counts at the root: the length of each primary item's list, then the padding.
    pub(crate) root_counts: Vec<i16>,
}

/// The options of `problem` that the engine searches: those that name a primary item.
pub(crate) fn searched(problem: &Problem) -> impl Iterator<Item = usize> + '_ {
    (0..problem.option_count()).filter(|&k| problem.option(k).any(|i| problem.is_primary(i)))
}

/// `p` counts, padded to whole vectors.
fn padded(primary: usize) -> usize {
    primary.div_ceil(LANES).max(1) * LANES
}

/// The bytes the bit engine needs for a problem with these dimensions, at most: the bitsets
/// of all items, and one saved state (active options and counts) per primary item plus the
/// root's, since every level of the search that saves a state covers a primary item. The
/// option lists, which the links need as well, are left out.
pub(crate) fn bytes_needed(items: usize, primary: usize, options: usize) -> u64 {
    let words = options.div_ceil(64) as u64;
    let state = 8 * words + 2 * padded(primary) as u64;
    8 * words * items as u64 + (primary as u64 + 1) * state
}

/// Whether the bit engine can take `problem`: few enough options for its counts, and within
/// [`MAX_BYTES`].
pub(crate) fn fits(problem: &Problem) -> bool {
    let options = searched(problem).count();
    options <= MAX_OPTIONS
        && bytes_needed(problem.item_count(), problem.primary_items(), options) <= MAX_BYTES
}

impl Table {
    /// The table of `problem`, which must [`fits`].
    pub(crate) fn new(problem: &Problem) -> Table {
        let index: Vec<u32> = searched(problem).map(|k| k as u32).collect();
        debug_assert!(index.len() <= MAX_OPTIONS);
        let options = index.len();
        let words = options.div_ceil(64);
        let items = problem.item_count();
        let primary = problem.primary_items();
        let mut bitsets = vec![0u64; items * words];
        let mut spans = Vec::with_capacity(options);
        let mut item_list = Vec::with_capacity(problem.option_nodes());
        let mut root_counts = vec![COVERED; padded(primary)];
        root_counts[..primary].fill(0);
        for (k, &option) in index.iter().enumerate() {
            let start = item_list.len() as u32;
            let option = option as usize;
            item_list.extend(
                problem
                    .option(option)
                    .filter(|&i| i < primary)
                    .map(|i| i as u32),
            );
            let mid = item_list.len() as u32;
            item_list.extend(
                problem
                    .option(option)
                    .filter(|&i| i >= primary)
                    .map(|i| i as u32),
            );
            let end = item_list.len() as u32;
            spans.push(Span { start, mid, end });
            for i in problem.option(option) {
                bitsets[i * words + k / 64] |= 1 << (k % 64);
                if i < primary {
                    root_counts[i] += 1;
                }
            }
        }
        let mut root_active = vec![u64::MAX; words];
        if !options.is_multiple_of(64) {
            root_active[words - 1] = (1 << (options % 64)) - 1;
        }
        Table {
            words,
            primary,
            padded: root_counts.len(),
            items,
            bitsets,
            spans,
            item_list,
            index,
            root_active,
            root_counts,
        }
    }

    /// The number of options in the search.
    pub(crate) fn options(&self) -> usize {
        self.index.len()
    }

    /// The bitset of the options that contain item `i`.
    #[inline(always)]
    pub(crate) fn bitset(&self, i: u32) -> &[u64] {
        let at = i as usize * self.words;
        &self.bitsets[at..at + self.words]
    }

    /// All the items of option `k`, primary ones first.
    #[inline(always)]
    pub(crate) fn items_of(&self, k: u32) -> &[u32] {
        let Span { start, end, .. } = self.spans[k as usize];
        &self.item_list[start as usize..end as usize]
    }

    /// The option of the engine that holds [`Problem`] option `option`, if it is searched.
    /// Without a search when no option before it was left out (as in Sudoku, whose givens
    /// are looked up this way for every puzzle).
    pub(crate) fn option_of(&self, option: usize) -> Option<u32> {
        if self.index.get(option) == Some(&(option as u32)) {
            return Some(option as u32);
        }
        self.index
            .binary_search(&(option as u32))
            .ok()
            .map(|k| k as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    #[test]
    fn the_table_of_knuth_s_example_lists_each_item_s_options() {
        let t = Table::new(&crate::problems::knuth_example());
        assert_eq!((t.words, t.primary, t.padded, t.items), (1, 5, LANES, 7));
        // Options: C E F, A D G, B C F, A D, B G, D E G (A..E primary).
        let options_of = |i: u32| {
            (0..6)
                .filter(|k| t.bitset(i)[0] >> k & 1 == 1)
                .collect::<Vec<_>>()
        };
        assert_eq!(options_of(0), [1, 3]);
        assert_eq!(options_of(3), [1, 3, 5]);
        assert_eq!(options_of(6), [1, 4, 5]);
        assert_eq!(t.items_of(1), [0, 3, 6]);
        assert_eq!(t.items_of(0), [2, 4, 5]);
        assert_eq!(t.root_counts[..5], [2, 2, 2, 3, 2]);
        assert!(t.root_counts[5..].iter().all(|&c| c == COVERED));
        assert_eq!(t.root_active, [0b11_1111]);
    }

    #[test]
    fn options_without_primary_items_are_left_out_and_found_by_index() {
        let mut b = ProblemBuilder::new(1, 1);
        for option in [vec![1], vec![0], vec![1, 0], vec![1]] {
            b.option(option).unwrap();
        }
        let t = Table::new(&b.build().unwrap());
        assert_eq!(t.options(), 2);
        assert_eq!(
            (0..4).map(|k| t.option_of(k)).collect::<Vec<_>>(),
            [None, Some(0), Some(1), None]
        );
        // Primary items come first in an option's list.
        assert_eq!(t.items_of(1), [0, 1]);
    }

    #[test]
    fn sixty_four_options_fill_one_word_and_sixty_five_need_two() {
        for (n, words, last) in [(64, 1, u64::MAX), (65, 2, 1)] {
            let mut b = ProblemBuilder::new(1, 0);
            for _ in 0..n {
                b.option([0]).unwrap();
            }
            let t = Table::new(&b.build().unwrap());
            assert_eq!(t.words, words);
            assert_eq!(*t.root_active.last().unwrap(), last);
            assert_eq!(t.root_counts[0], n as i16);
        }
    }
}
