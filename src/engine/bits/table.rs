//! The fixed part of the bit engine: for each item, the bitset of the options that contain
//! it; for each option, the union of its items' bitsets (its *conflicts*) and a record of its
//! primary items; and the state of the root of the search.
//!
//! Options are numbered as the links engine lays them out: the options of the [`Problem`]
//! that name a primary item, in order (DLX1 leaves the others out, and so does this engine).
//! Option `k` is bit `k % 64` of word `k / 64` of every bitset, so the bits of an item's
//! bitset, read from the lowest, list its options in the order of the item's list in DLX1.
//!
//! Choosing an option reads its conflicts, one bitset, instead of the bitsets of each of its
//! items: a quarter of the loads on Sudoku, whose options have four items. That costs one
//! bitset per option, `options^2 / 8` bytes, so the conflicts are kept only up to
//! [`CONFLICT_BYTES`]; beyond, the engine forms each union as it chooses (see
//! [`Table::conflicts`]).
//!
//! An option's record is `[w, n, i_1, ..., i_n]` padded to a fixed [`Table::stride`]: `w`
//! its number of items less one (for `updates`), `n` its number of primary items and `i_k`
//! those items, all `u16`. Removing an option reads one record, in one cache line, where an
//! offset into a list of items would cost a second lookup.
//!
//! Most problems are *uniform*: all their options have the same number of primary items and
//! the same size (Sudoku, N queens, Langford pairs, pentominoes). Their primary items are
//! also listed without `w` and `n` ([`Table::primaries`]), for a search loop compiled for
//! that number of items, which removes an option in a few instructions with no loop.
//!
//! A table is built once per problem and shared (through an `Arc`) by every copy of the
//! engine: solvers cloned for threads or for a pristine copy share it, and only their
//! search state is their own.
//!
//! The table is the bottom of the engine's modules: it knows nothing of the frames or of the
//! colors, which are built from it (a problem with colors keeps its [`super::colors::Colors`]
//! beside the table).

use super::cover::SMALL_WORDS;
use super::scan::{COVERED, Keys, LANES};
use super::sweep::WORD_LANES;
use crate::problem::Problem;
use crate::search::ForceError;

/// The most options the bit engine takes: a count of active options must stay below
/// [`COVERED`].
pub(crate) const MAX_OPTIONS: usize = COVERED as usize - 1;

/// The most items the bit engine takes: records hold items and sizes in `u16`.
pub(crate) const MAX_ITEMS: usize = u16::MAX as usize - LANES;

/// The most memory the bit engine may need for one problem (the bitsets plus the deepest
/// stack of saved states it could ever reach); a larger problem runs on the links.
pub(crate) const MAX_BYTES: u64 = 64 << 20;

/// The most groups of options by size for which [`Table::weight_classes`] is kept: summing
/// `w` over an item's options is then a few population counts a word instead of a lookup
/// for each option.
pub(crate) const WEIGHT_CLASSES: usize = 4;

/// The most memory spent on the conflicts of the options (see the module docs). Sudoku's
/// take 70 KB; pentomino-6x10's, 520 KB, would not leave the level-2 cache to the rest.
pub(crate) const CONFLICT_BYTES: u64 = 256 << 10;

/// Whether the table of a problem of `options` options (without colors) keeps their
/// conflicts: whether they take at most [`CONFLICT_BYTES`].
pub(crate) fn keeps_conflicts(options: usize) -> bool {
    8 * (options * words_for(options)) as u64 <= CONFLICT_BYTES
}

/// The words of a bitset over `options` options ([`Table::words`]): `ceil(options / 64)`,
/// and when that is more than [`SMALL_WORDS`], rounded up to whole vectors of
/// [`WORD_LANES`] words, the padding always zero. The loops over long bitsets (the unions of
/// [`Table::conflicts`], the sweeps) then run on whole vectors with no tail of single words.
/// Measured with callgrind (whole processes, with the union's loop over whole vectors):
/// `polyomino 6x10 --up-to-symmetry --count`, whose leaves have 1,976 options in 31 words
/// padded to 32, 3.14G instructions before and 2.76G after; pentomino-6x10-xq, 32 words
/// either way, 3.02G and 2.76G.
pub(crate) fn words_for(options: usize) -> usize {
    let words = options.div_ceil(64);
    if words > SMALL_WORDS {
        words.next_multiple_of(WORD_LANES)
    } else {
        words
    }
}

/// Whether bit `k` of `set` is on (a bitset over options or items, 64 to a word).
#[inline(always)]
pub(crate) fn has(set: &[u64], k: u32) -> bool {
    set[k as usize / 64] >> (k % 64) & 1 == 1
}

/// The bitsets and option records of one problem; see the module docs.
#[derive(Debug)]
pub(crate) struct Table {
    /// Words in a bitset of options: [`words_for`] the options. Bit `k` of a bitset is
    /// option `k`; the bits past the last option are always zero.
    pub(crate) words: usize,
    /// The number of primary items, `p`: items `0..p` have counts.
    pub(crate) primary: usize,
    /// The number of counts in a state: `p` rounded up to a whole number of vectors
    /// ([`LANES`]), at least one vector; the padding holds [`COVERED`].
    pub(crate) padded: usize,
    /// The number of items, primary and secondary.
    pub(crate) items: usize,
    /// `bitsets[i * words..(i + 1) * words]`: the options that contain item `i`.
    bitsets: Vec<u64>,
    /// For each item: the first word of its bitset that is not zero (`words` if none), where
    /// looking for its options starts.
    first_words: Vec<u32>,
    /// For each item: the word after the last word of its bitset that is not zero (0 if
    /// none); the propagating engine's scans stop there.
    end_words: Vec<u32>,
    /// `conflicts[k * words..(k + 1) * words]`: the options that share an item with option
    /// `k`, `k` included; empty when they would take more than [`CONFLICT_BYTES`].
    conflicts: Vec<u64>,
    /// The `u16`s of a record: two plus the most primary items of an option, rounded up to a
    /// power of two.
    pub(crate) stride: usize,
    /// Option `k`'s record at `records[k * stride..(k + 1) * stride]` (see the module docs).
    records: Vec<u16>,
    /// When the problem is uniform: the number of primary items of every option, and `w`.
    pub(crate) uniform: Option<(usize, u64)>,
    /// The options grouped by `w` (their items less one), each group a bitset, when there
    /// are at most [`WEIGHT_CLASSES`] groups (N queens has two): `(w, options)`. Empty
    /// otherwise, and for a uniform problem, whose options all have the same `w`.
    pub(crate) weight_classes: Vec<(u64, Vec<u64>)>,
    /// `n`, when every option has `n` primary items and the options' `w` are known without
    /// their records: the problem is uniform or its weight classes are kept. N queens, whose
    /// options all have two primary items (a row and a column) but two to four items in all,
    /// is such a problem without being uniform.
    pub(crate) primaries_each: Option<usize>,
    /// When [`Table::primaries_each`] is `n`: option `k`'s primary items at
    /// `primaries[k * n..(k + 1) * n]`; else empty.
    primaries: Vec<u16>,
    /// The items of every option, in the order given; option `k`'s at
    /// `item_list[starts[k]..starts[k + 1]]`.
    item_list: Vec<u32>,
    starts: Vec<u32>,
    /// For each option: its index in the [`Problem`].
    pub(crate) index: Vec<u32>,
    /// The active options at the root: all of them.
    pub(crate) root_active: Vec<u64>,
    /// How the frames keep the counts (see [`super::scan`]).
    pub(crate) keys: Keys,
    /// The counts at the root, as [`Table::keys`]: the length of each primary item's list,
    /// then the padding.
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
/// option records and conflicts, bounded by the size of the problem and by
/// [`CONFLICT_BYTES`], are left out.
pub(crate) fn bytes_needed(items: usize, primary: usize, options: usize) -> u64 {
    let words = words_for(options) as u64;
    let state = 8 * words + 2 * padded(primary) as u64;
    8 * words * items as u64 + (primary as u64 + 1) * state
}

/// Whether the bit engine can take `problem`: no multiplicities, few enough options for its
/// counts, few enough items for its records, and within [`MAX_BYTES`] with `more` bytes
/// besides the table's (those of the colors, which need the number of `options`, those of
/// [`searched`]).
pub(crate) fn fits(problem: &Problem, more: impl FnOnce(usize) -> u64) -> bool {
    let options = searched(problem).count();
    !problem.has_multiplicities()
        && options <= MAX_OPTIONS
        && problem.item_count() <= MAX_ITEMS
        && bytes_needed(problem.item_count(), problem.primary_items(), options) + more(options)
            <= MAX_BYTES
}

/// Whether `problem` fits a table without bitsets ([`Table::without_bitsets`]): no
/// multiplicities, few enough items for the records, and each primary item's count of
/// options below [`COVERED`].
pub(crate) fn fits_without_bitsets(problem: &Problem) -> bool {
    if problem.has_multiplicities() || problem.item_count() > MAX_ITEMS {
        return false;
    }
    let mut counts = vec![0usize; problem.primary_items()];
    for k in searched(problem) {
        for i in problem.option(k).filter(|&i| problem.is_primary(i)) {
            counts[i] += 1;
        }
    }
    counts.iter().all(|&c| c < COVERED as usize)
}

impl Table {
    /// The table of `problem`, which must [`fits`].
    pub(crate) fn new(problem: &Problem) -> Table {
        debug_assert!(fits(problem, |_| 0));
        Table::build(problem, true)
    }

    /// The table of `problem` without the items' bitsets (nor the options' conflicts, nor
    /// [`Table::span`]), for the propagating engine's grouped frames, which read the options'
    /// records and items only; `problem` must [`fits_without_bitsets`]. The bitsets are what
    /// bound the bit engine's size: 30 MB of them for 36x36 Sudoku.
    pub(crate) fn without_bitsets(problem: &Problem) -> Table {
        debug_assert!(fits_without_bitsets(problem));
        Table::build(problem, false)
    }

    /// The table of `problem`, with the items' bitsets or not.
    fn build(problem: &Problem, with_bitsets: bool) -> Table {
        let index: Vec<u32> = searched(problem).map(|k| k as u32).collect();
        let options = index.len();
        let words = words_for(options);
        let items = problem.item_count();
        let primary = problem.primary_items();
        let mut bitsets = vec![0u64; if with_bitsets { items * words } else { 0 }];
        let mut root_counts = vec![0; padded(primary)];
        let most = index
            .iter()
            .map(|&k| problem.option(k as usize).filter(|&i| i < primary).count())
            .max()
            .unwrap_or(0);
        // A power of two, so that no record straddles two cache lines.
        let stride = (2 + most).next_power_of_two();
        let mut records = vec![0u16; options * stride];
        let (mut item_list, mut starts) = (Vec::with_capacity(problem.option_nodes()), vec![0]);
        for (k, &option) in index.iter().enumerate() {
            let option = option as usize;
            let record = &mut records[k * stride..(k + 1) * stride];
            record[0] = (problem.option(option).len() - 1) as u16;
            for i in problem.option(option) {
                if with_bitsets {
                    bitsets[i * words + k / 64] |= 1 << (k % 64);
                }
                if i < primary {
                    root_counts[i] += 1;
                    record[1] += 1;
                    record[1 + record[1] as usize] = i as u16;
                }
                item_list.push(i as u32);
            }
            starts.push(item_list.len() as u32);
        }
        let most = root_counts.iter().copied().max().unwrap_or(0);
        let keys = Keys::new(root_counts.len(), most as usize);
        for (i, count) in root_counts.iter_mut().enumerate() {
            *count = if i < primary {
                keys.key(*count, i)
            } else {
                keys.covered(i)
            };
        }
        let mut root_active = vec![0; words];
        root_active[..options / 64].fill(u64::MAX);
        if !options.is_multiple_of(64) {
            root_active[options / 64] = (1 << (options % 64)) - 1;
        }
        let spans = if with_bitsets { items } else { 0 };
        let first_words = (0..spans)
            .map(|i| {
                let bitset = &bitsets[i * words..(i + 1) * words];
                bitset.iter().position(|&w| w != 0).unwrap_or(words) as u32
            })
            .collect();
        let end_words = (0..spans)
            .map(|i| {
                let bitset = &bitsets[i * words..(i + 1) * words];
                bitset.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1) as u32
            })
            .collect();
        let mut shapes = (0..options).map(|k| (records[k * stride + 1], records[k * stride]));
        let uniform = shapes
            .next()
            .filter(|&first| shapes.all(|shape| shape == first))
            .map(|(n, w)| (usize::from(n), u64::from(w)));
        let mut weight_classes: Vec<(u64, Vec<u64>)> = Vec::new();
        if uniform.is_none() {
            for k in 0..options {
                let w = u64::from(records[k * stride]);
                let at = match weight_classes.iter().position(|&(v, _)| v == w) {
                    Some(at) => at,
                    None => {
                        weight_classes.push((w, vec![0; words]));
                        weight_classes.len() - 1
                    }
                };
                weight_classes[at].1[k / 64] |= 1 << (k % 64);
            }
            if weight_classes.len() > WEIGHT_CLASSES {
                weight_classes.clear();
            }
        }
        let mut counts = (0..options).map(|k| records[k * stride + 1]);
        let primaries_each = counts
            .next()
            .filter(|&first| counts.all(|n| n == first))
            .map(usize::from)
            .filter(|_| uniform.is_some() || !weight_classes.is_empty());
        let primaries = match primaries_each {
            Some(n) => (0..options)
                .flat_map(|k| records[k * stride + 2..k * stride + 2 + n].iter().copied())
                .collect(),
            None => Vec::new(),
        };
        let mut table = Table {
            uniform,
            weight_classes,
            primaries_each,
            primaries,
            first_words,
            end_words,
            words,
            primary,
            padded: root_counts.len(),
            items,
            bitsets,
            conflicts: Vec::new(),
            stride,
            records,
            item_list,
            starts,
            index,
            root_active,
            keys,
            root_counts,
        };
        // The colored path commits an option's items one by one and never reads its
        // conflicts.
        if with_bitsets && !problem.has_colors() && keeps_conflicts(options) {
            let mut conflicts = vec![0u64; options * words];
            for (k, union) in conflicts.chunks_exact_mut(words.max(1)).enumerate() {
                table.union_into(k as u32, union);
            }
            table.conflicts = conflicts;
        }
        table
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

    /// Whether an option names item `i`, as a test of its option number: a bit of `i`'s
    /// bitset, or a look through the option's items in a table without bitsets.
    #[inline(always)]
    pub(crate) fn names(&self, i: u32) -> impl Fn(u32) -> bool + '_ {
        let bitset: &[u64] = if self.bitsets.is_empty() {
            &[]
        } else {
            self.bitset(i)
        };
        move |k| match bitset.get(k as usize / 64) {
            Some(&word) => word >> (k % 64) & 1 == 1,
            None => self.items_of(k).contains(&i),
        }
    }

    /// The first word of item `i`'s bitset that is not zero ([`Table::words`] if none).
    #[inline(always)]
    pub(crate) fn first_word(&self, i: u32) -> usize {
        self.first_words[i as usize] as usize
    }

    /// The words of item `i`'s bitset from the first that is not zero to the last.
    #[inline(always)]
    pub(crate) fn span(&self, i: u32) -> std::ops::Range<usize> {
        self.first_words[i as usize] as usize..self.end_words[i as usize] as usize
    }

    /// All the items of option `k`, in the order given.
    pub(crate) fn items_of(&self, k: u32) -> &[u32] {
        &self.item_list[self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize]
    }

    /// The position of option `k`'s first item among all the options' items, in the order of
    /// [`Table::items_of`].
    pub(crate) fn mentions(&self, k: u32) -> usize {
        self.starts[k as usize] as usize
    }

    /// The records of all options, option `k`'s at `k * stride` (see [`Table::record`]).
    #[inline(always)]
    pub(crate) fn records(&self) -> *const u16 {
        self.records.as_ptr()
    }

    /// The primary items of the options of a uniform problem, `n` to an option (see
    /// [`Table::uniform`]).
    #[inline(always)]
    pub(crate) fn primaries(&self) -> *const u16 {
        self.primaries.as_ptr()
    }

    /// The `N` primary items of option `k` of a uniform problem with `N` primary items an
    /// option.
    #[inline(always)]
    pub(crate) fn primaries_of<const N: usize>(&self, k: u32) -> &[u16; N] {
        let at = k as usize * N;
        self.primaries[at..at + N]
            .try_into()
            .expect("N is the number of primary items of each option")
    }

    /// The primary items of option `k`, from its record.
    #[inline(always)]
    pub(crate) fn primary_items(&self, k: u32) -> &[u16] {
        let record = self.record(k as usize);
        &record[2..2 + usize::from(record[1])]
    }

    /// Option `k`'s record: `[w, n, i_1, ..., i_n, padding]`.
    #[inline(always)]
    pub(crate) fn record(&self, k: usize) -> &[u16] {
        &self.records[k * self.stride..(k + 1) * self.stride]
    }

    /// Writes the union of the bitsets of option `k`'s items into `union` ([`Table::words`]
    /// long): a vector of [`WORD_LANES`] words at a time, then the tail of single words that
    /// only a table of at most [`SMALL_WORDS`] words has (see [`words_for`]). Written as
    /// arrays of four: the iterator form (`zip` over the words) compiled to a loop of
    /// sixteen words with a tail of up to fifteen single ones, and the form over
    /// `as_chunks` and `zip` left its iterators out of line (the whole count took 2.4 times
    /// the instructions).
    fn union_into(&self, k: u32, union: &mut [u64]) {
        union.fill(0);
        let words = union.len();
        let (vectors, tail) = union.as_chunks_mut::<WORD_LANES>();
        for &i in self.items_of(k) {
            let (bits, bits_tail) = self.bitset(i)[..words].as_chunks::<WORD_LANES>();
            let bits = &bits[..vectors.len()];
            for v in 0..vectors.len() {
                let (u, b) = (&mut vectors[v], bits[v]);
                *u = [u[0] | b[0], u[1] | b[1], u[2] | b[2], u[3] | b[3]];
            }
            for w in 0..tail.len() {
                tail[w] |= bits_tail[w];
            }
        }
    }

    /// The conflicts of option `k`: the stored bitset, or else the union formed in
    /// `scratch` (of [`Table::words`] words).
    #[inline(always)]
    pub(crate) fn conflicts<'a>(&'a self, k: u32, scratch: &'a mut [u64]) -> &'a [u64] {
        if self.conflicts.is_empty() {
            self.union_into(k, scratch);
            scratch
        } else {
            let at = k as usize * self.words;
            &self.conflicts[at..at + self.words]
        }
    }

    /// The conflicts of option `k` when the table keeps them.
    pub(crate) fn kept_conflicts(&self, k: u32) -> Option<&[u64]> {
        let at = k as usize * self.words;
        self.conflicts.get(at..at + self.words)
    }

    /// Option `option` of the problem as the table numbers it, for a search's `force`: the
    /// errors every engine gives, in their order (the search has `started`; the option is
    /// not in the search; it is not `live` at the root, sharing an item with one forced).
    pub(crate) fn to_force(
        &self,
        option: usize,
        started: bool,
        live: impl FnOnce(u32) -> bool,
    ) -> Result<u32, ForceError> {
        let o = self.searched(option, started)?;
        if !live(o) {
            return Err(ForceError::Conflict { option });
        }
        Ok(o)
    }

    /// Option `option` of the problem as the table numbers it, for a search's `exclude`:
    /// `None` when it is out of the search already (not `live` at the root: excluded before,
    /// or sharing an item with a forced option); the errors every engine gives (the search
    /// has `started`; the option is not in the search; it is `forced`).
    pub(crate) fn to_exclude(
        &self,
        option: usize,
        started: bool,
        forced: impl FnOnce(u32) -> bool,
        live: impl FnOnce(u32) -> bool,
    ) -> Result<Option<u32>, ForceError> {
        let o = self.searched(option, started)?;
        if forced(o) {
            return Err(ForceError::Forced { option });
        }
        Ok(live(o).then_some(o))
    }

    /// Option `option` of the problem as the table numbers it, before the search: the errors
    /// that forcing and excluding both give first (the search has `started`; the option is
    /// not in the search).
    fn searched(&self, option: usize, started: bool) -> Result<u32, ForceError> {
        if started {
            return Err(ForceError::SearchStarted);
        }
        self.option_of(option)
            .ok_or(ForceError::NotInSearch { option })
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
    use crate::problem::ProblemBuilder;

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
        // One vector of counts: tagged keys are the counts themselves.
        assert_eq!(t.keys.step(), 1);
        assert_eq!(t.root_counts[..5], [2, 2, 2, 3, 2]);
        assert!(t.root_counts[5..].iter().all(|&c| c == COVERED));
        assert_eq!(t.root_active, [0b11_1111]);
        assert_eq!(t.first_word(0), 0);
        // Two primary items at most: records of four.
        assert_eq!(t.stride, 4);
        assert_eq!(t.records(), t.record(0).as_ptr());
        assert_eq!(t.record(0), [2, 2, 2, 4]);
        assert_eq!(t.record(4), [1, 1, 1, 0]);
        assert_eq!(t.uniform, None);
        // `A D G` conflicts with itself, `A D`, `B G` and `D E G`.
        let mut scratch = [0];
        assert_eq!(t.conflicts(1, &mut scratch), [0b11_1010]);
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
        assert_eq!(t.items_of(1), [1, 0]);
        assert_eq!(t.record(1), [1, 1, 0, 0]);
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
            assert_eq!(t.keys.count(t.root_counts[0]), n as i16);
            assert_eq!(t.first_word(0), 0);
        }
    }

    #[test]
    fn long_bitsets_are_padded_to_whole_vectors_of_zero_words() {
        for (n, words) in [(256usize, 4), (257, 8), (300, 8), (512, 8), (513, 12)] {
            let mut b = ProblemBuilder::new(1, 0);
            for _ in 0..n {
                b.option([0]).unwrap();
            }
            let t = Table::new(&b.build().unwrap());
            assert_eq!(t.words, words);
            for set in [&t.root_active[..], t.bitset(0)] {
                assert_eq!(set.len(), words);
                assert_eq!(set.iter().map(|w| w.count_ones()).sum::<u32>(), n as u32);
                assert!(set[n.div_ceil(64)..].iter().all(|&w| w == 0));
            }
        }
    }

    #[test]
    fn n_queens_has_two_primary_items_an_option_and_options_of_two_sizes() {
        let text = include_str!("../../../puzzles/exact-cover/nqueens-8.dlx");
        let t = Table::new(&crate::knuth::parse_str(text).unwrap().problem);
        assert_eq!((t.uniform, t.primaries_each), (None, Some(2)));
        let mut sizes: Vec<u64> = t.weight_classes.iter().map(|&(w, _)| w).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [2, 3]);
        for k in 0..t.options() as u32 {
            let (w, n) = (u64::from(t.record(k as usize)[0]), t.record(k as usize)[1]);
            assert_eq!(n, 2);
            assert_eq!(t.primaries_of::<2>(k), &t.record(k as usize)[2..4]);
            let class = t
                .weight_classes
                .iter()
                .find(|&&(size, _)| size == w)
                .unwrap();
            assert_eq!(class.1[k as usize / 64] >> (k % 64) & 1, 1);
        }
    }

    #[test]
    fn the_primary_items_of_a_uniform_problem_are_listed_apart() {
        let t = Table::new(&crate::problems::queens(4));
        // Rows and columns are primary, diagonals secondary: two of four items.
        assert_eq!(t.uniform, Some((2, 3)));
        for k in 0..16 {
            // SAFETY: option `k` of 16 has its two primary items at `2 * k`.
            let listed = unsafe { [*t.primaries().add(2 * k), *t.primaries().add(2 * k + 1)] };
            assert_eq!(listed, t.record(k)[2..4]);
        }
    }

    #[test]
    fn conflicts_formed_on_the_fly_equal_the_stored_ones() {
        // One word, and 324 options in 6 words padded to 8 (whole vectors and no tail).
        for n in [8, 18] {
            let problem = crate::problems::queens(n);
            let stored = Table::new(&problem);
            let mut formed = Table::new(&problem);
            formed.conflicts.clear();
            let mut a = vec![0; stored.words];
            let mut b = vec![0; stored.words];
            for k in 0..stored.options() as u32 {
                assert_eq!(stored.conflicts(k, &mut a), formed.conflicts(k, &mut b));
                assert!(has(&b, k) && b[(n * n).div_ceil(64)..].iter().all(|&w| w == 0));
            }
        }
    }

    #[test]
    fn conflicts_of_a_table_without_padding_have_a_tail_of_single_words() {
        // 3 words: no whole vector of four, so the union is all tail.
        let problem = crate::problems::queens(13);
        let stored = Table::new(&problem);
        let mut formed = Table::new(&problem);
        formed.conflicts.clear();
        assert_eq!(stored.words, 3);
        let (mut a, mut b) = (vec![0; 3], vec![0; 3]);
        for k in 0..stored.options() as u32 {
            assert_eq!(stored.conflicts(k, &mut a), formed.conflicts(k, &mut b));
        }
    }
}
