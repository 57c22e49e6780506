//! Choosing an option in a plain frame, the work of the search loop's inner steps: covering
//! its items, removing the options it conflicts with (and summing their `w`, see the module
//! docs of [`super`] on `updates`), finding an item's next active option and the first
//! minimum of the counts. The loop itself, and the invariants these keep, are in [`super`].

use super::scan::COVERED;
use super::sweep::{self, SWEEP_WORDS};
use super::table::Table;

/// Bitsets of at most this many words are swept one word at a time, testing each as it
/// comes; longer ones by [`sweep`](mod@super::sweep), which finds the words to visit first.
/// Measured: on Langford pairs and N queens (three or four words) the word at a time is up
/// to 12% faster, on Sudoku (twelve) and pentominoes (32) the sweep is 5% to 7% faster.
pub(super) const SMALL_WORDS: usize = 4;

/// `w(o)`: the items of option `o` less one.
#[inline(always)]
pub(super) fn others(table: &Table, o: u32) -> u64 {
    u64::from(table.record(o as usize)[0])
}

/// Chooses option `o` in the frame (`active`, `counts`): removes every active option that
/// shares an item with `o`, `o` included, decrements the counts of their primary items, and
/// leaves `o`'s primary items at [`COVERED`]. Returns `W(o)`, the sum of `w` over the options
/// removed. `o` must be active; `active` and `counts` are a frame's ([`Table::words`] and
/// [`Table::padded`] long), and `scratch` has twice [`Table::words`] words. `N` is 0 or
/// [`Table::primaries_each`] (see [`remove`]); `AVX2`: compiled for AVX2, and only there (see
/// [`sweep`](mod@super::sweep)).
#[inline(always)]
pub(super) fn choose_option<const AVX2: bool, const N: usize>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    o: u32,
    scratch: &mut [u64],
) -> u64 {
    cover_items::<N>(table, counts, o);
    let (union, left) = scratch.split_at_mut(table.words);
    let conflicts = table.conflicts(o, union);
    clear::<AVX2, N>(table, active, counts, conflicts, left)
}

/// Marks option `o`'s primary items covered: raises their counts by [`COVERED`] (the options
/// that [`clear`] removes then bring them down to exactly [`COVERED`]). `N` as in [`remove`].
#[inline(always)]
pub(super) fn cover_items<const N: usize>(table: &Table, counts: &mut [i16], o: u32) {
    if N > 0 {
        for &i in table.primaries_of::<N>(o) {
            counts[usize::from(i)] += COVERED;
        }
    } else {
        for &i in table.primary_items(o) {
            counts[usize::from(i)] += COVERED;
        }
    }
}

/// Removes the active options of `mask` from the frame (`active`, `counts`), decrementing
/// the counts of their primary items; returns the sum of `w` over them. `left` has
/// [`Table::words`] words; `N` and `AVX2` as in [`choose_option`].
#[inline(always)]
fn clear<const AVX2: bool, const N: usize>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    assert!(active.len() == table.words && counts.len() == table.padded);
    assert!(mask.len() == active.len() && left.len() == active.len());
    // The sum of `w`, or with `N > 0` the number of options removed, and then the sum by
    // weight classes if the problem is not uniform.
    let (mut weight, mut classed) = (0, 0);
    let step = table.keys.step();
    if active.len() <= SMALL_WORDS {
        // A word or two: test each as it comes.
        for (w, (word, &mask)) in active.iter_mut().zip(mask).enumerate() {
            let removed = *word & mask;
            if removed != 0 {
                *word ^= removed;
                // SAFETY: `removed` is part of `active`, a frame's bitset, whose bits are all
                // options of `table` (invariant 2); `counts` is a frame's (asserted above);
                // `N` is the caller's promise.
                weight += unsafe { remove::<N>(table, counts, step, w * 64, removed) };
                if N > 0 && table.uniform.is_none() {
                    classed += classed_weight(table, w, removed);
                }
            }
        }
    } else {
        let mut start = 0;
        while start < active.len() {
            let end = active.len().min(start + SWEEP_WORDS);
            let piece = start..end;
            let mut words = sweep::<AVX2>(
                &mut active[piece.clone()],
                &mask[piece.clone()],
                &mut left[piece],
            );
            while words != 0 {
                let w = start + words.trailing_zeros() as usize;
                words &= words - 1;
                // SAFETY: as above, `left[w]` having been part of `active`.
                weight += unsafe { remove::<N>(table, counts, step, w * 64, left[w]) };
                if N > 0 && table.uniform.is_none() {
                    classed += classed_weight(table, w, left[w]);
                }
            }
            start = end;
        }
    }
    match table.uniform {
        Some((_, w)) if N > 0 => weight * w,
        None if N > 0 => classed,
        _ => weight,
    }
}

/// The sum of `w` over the options `bits` of word `w` of a bitset, by
/// [`Table::weight_classes`].
#[inline(always)]
fn classed_weight(table: &Table, w: usize, bits: u64) -> u64 {
    (table.weight_classes.iter())
        .map(|(size, class)| size * u64::from((bits & class[w]).count_ones()))
        .sum()
}

/// [`choose_option`] outside the search loop (forcing an option, descending into a subtree),
/// with AVX2 when `avx2` says the processor has it.
pub(super) fn choose(
    avx2: bool,
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    o: u32,
    scratch: &mut [u64],
) -> u64 {
    cover_items::<0>(table, counts, o);
    let (union, left) = scratch.split_at_mut(table.words);
    let conflicts = table.conflicts(o, union);
    clear_any(avx2, table, active, counts, conflicts, left)
}

/// [`clear`] for the problem's shape, outside the search loop, with AVX2 when `avx2` says the
/// processor has it: Sudoku forces some 20 givens a puzzle, as much work as the search of a
/// 17-clue puzzle.
pub(super) fn clear_any(
    avx2: bool,
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the processor has AVX2 (see `Bits::new`).
        return unsafe { clear_avx2(table, active, counts, mask, left) };
    }
    clear_with::<false>(table, active, counts, mask, left)
}

/// [`clear_with`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn clear_avx2(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    clear_with::<true>(table, active, counts, mask, left)
}

/// [`clear`] for the problem's shape (`AVX2` as there).
#[inline(always)]
fn clear_with<const AVX2: bool>(
    table: &Table,
    active: &mut [u64],
    counts: &mut [i16],
    mask: &[u64],
    left: &mut [u64],
) -> u64 {
    match table.primaries_each.unwrap_or(0) {
        1 => clear::<AVX2, 1>(table, active, counts, mask, left),
        2 => clear::<AVX2, 2>(table, active, counts, mask, left),
        3 => clear::<AVX2, 3>(table, active, counts, mask, left),
        4 => clear::<AVX2, 4>(table, active, counts, mask, left),
        5 => clear::<AVX2, 5>(table, active, counts, mask, left),
        6 => clear::<AVX2, 6>(table, active, counts, mask, left),
        _ => clear::<AVX2, 0>(table, active, counts, mask, left),
    }
}

/// For each option `base + k` with bit `k` set in `removed`: decrements the counts of its
/// primary items, subtracting `step` ([`super::scan::Keys::step`]) from their keys. Returns
/// the sum of `w` over those options, or, when `N > 0`, their number.
///
/// This is the inner loop of the search. It reads the records and the counts without bounds
/// checks: with them, each option removed took 30 instructions and each count 7, instead of
/// 11 and 3 (callgrind, 17-clue Sudoku). With `N > 0` (every option has `N` primary items,
/// see [`Table::primaries_each`]) it reads only the option's `N` primary items, and the
/// compiler unrolls the loop over them.
///
/// # Safety
/// Every `base + k` must be an option of `table`; `counts` must have [`Table::padded`]
/// entries; `N` must be 0 or [`Table::primaries_each`].
#[inline(always)]
pub(super) unsafe fn remove<const N: usize>(
    table: &Table,
    counts: &mut [i16],
    step: i16,
    base: usize,
    mut removed: u64,
) -> u64 {
    debug_assert!(counts.len() == table.padded && step == table.keys.step());
    debug_assert!(N == 0 || table.primaries_each == Some(N));
    let counts = counts.as_mut_ptr();
    let mut weight = 0;
    while removed != 0 {
        let r = base + removed.trailing_zeros() as usize;
        removed &= removed - 1;
        debug_assert!(r < table.options());
        if N > 0 {
            // SAFETY: option `r` exists (the caller's promise), and a uniform problem lists
            // `N` primary items for each option, each below `Table::primary <= Table::padded`,
            // the length of `counts`.
            unsafe {
                let items = table.primaries().add(r * N);
                for t in 0..N {
                    *counts.add(usize::from(*items.add(t))) -= step;
                }
            }
            weight += 1;
            continue;
        }
        // SAFETY: option `r` exists (the caller's promise), so its record lies within the
        // records, whose length is `options * stride`; a record's count of primary items is
        // at most `stride - 2` (`Table::new`).
        let record = unsafe { table.records().add(r * table.stride) };
        // SAFETY: a record starts with its weight and its count of primary items (`Table::new`).
        let (w, n) = unsafe { (*record, *record.add(1)) };
        weight += u64::from(w);
        for t in 0..usize::from(n) {
            // SAFETY: `2 + t < 2 + n <= stride`, so this is in the record, and a record
            // names primary items, below `Table::primary <= Table::padded`, the length of
            // `counts`.
            unsafe {
                let j = usize::from(*record.add(2 + t));
                debug_assert!(j < table.primary);
                *counts.add(j) -= step;
            }
        }
    }
    weight
}

/// The first option of item `i` in `active` after option `after` (from the start with
/// `None`), if any. (The propagating engine walks its items' options with it too.)
#[inline(always)]
pub(crate) fn next_option(
    table: &Table,
    active: &[u64],
    i: u32,
    after: Option<u32>,
) -> Option<u32> {
    let row = table.bitset(i);
    assert_eq!(active.len(), row.len());
    let from = after.map_or(0, |o| o as usize + 1);
    let mut w = from / 64;
    let mut mask = u64::MAX << (from % 64);
    if w < table.first_word(i) {
        w = table.first_word(i);
        mask = u64::MAX;
    }
    while w < row.len() {
        let bits = active[w] & row[w] & mask;
        if bits != 0 {
            return Some((w * 64 + bits.trailing_zeros() as usize) as u32);
        }
        mask = u64::MAX;
        w += 1;
    }
    None
}

/// `S`: the sum of `w` over the options of item `i` in `active`, which are `count` (`i`'s
/// count in the frame of `active`). `N` as in [`remove`]: a uniform problem's options all
/// have the same `w`; else by population counts over [`Table::weight_classes`] where kept,
/// or option by option.
#[inline(always)]
pub(super) fn weight_of<const N: usize>(table: &Table, active: &[u64], i: u32, count: i16) -> u64 {
    if let Some((_, w)) = table.uniform.filter(|_| N > 0) {
        return w * count as u64;
    }
    let from = table.first_word(i);
    let row = &table.bitset(i)[from..];
    let active = &active[from..];
    if !table.weight_classes.is_empty() {
        let mut weight = 0;
        for (w, class) in &table.weight_classes {
            let options: u32 = (active.iter().zip(row).zip(&class[from..]))
                .map(|((&a, &r), &c)| (a & r & c).count_ones())
                .sum();
            weight += w * u64::from(options);
        }
        return weight;
    }
    let mut weight = 0;
    for (w, (&a, &r)) in active.iter().zip(row).enumerate() {
        let mut bits = a & r;
        while bits != 0 {
            let o = (from + w) * 64 + bits.trailing_zeros() as usize;
            weight += others(table, o as u32);
            bits &= bits - 1;
        }
    }
    weight
}

/// [`sweep::sweep`], with AVX2 in code compiled for AVX2.
#[inline(always)]
fn sweep<const AVX2: bool>(active: &mut [u64], mask: &[u64], left: &mut [u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: `AVX2` is set only in code compiled for AVX2 (`Bits::search_avx2`,
        // `clear_avx2`), which runs only when the processor has it.
        return unsafe { sweep::sweep_avx2(active, mask, left) };
    }
    sweep::sweep(active, mask, left)
}

/// The first minimum of the counts (index and count), or `None` when every primary item is
/// covered: with the AVX2 scan in the loop compiled for AVX2.
#[inline(always)]
pub(super) fn first_min<const AVX2: bool>(table: &Table, counts: &[i16]) -> Option<(usize, i16)> {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: `AVX2` is set only in code compiled for AVX2 (`Bits::search_avx2`), which
        // runs only when the processor has it; a frame's counts are a nonzero whole number of
        // vectors (`Table::padded`).
        return unsafe { table.keys.first_min_avx2(counts) };
    }
    table.keys.first_min(counts)
}

/// The branching item under [`crate::Choice::Wdeg`] (SSXCC2's rule, as the links find it:
/// [`crate::engine::links::weighted`]), given `mrv` and `count`, the first minimum of the
/// counts and its count: `mrv` when it has at most one option, else the first uncovered
/// primary item of least `count / weight` and its count. `weights` has an entry for each of
/// the counts (padding included); scores are compared by cross-multiplying in `u64`.
pub(super) fn weighted(
    table: &Table,
    counts: &[i16],
    weights: &[u32],
    (mrv, count): (usize, i16),
) -> (usize, i16) {
    if count <= 1 {
        return (mrv, count);
    }
    let (mut best, mut c, mut w) = ((mrv, count), count as u64, u64::from(weights[mrv]));
    for (i, (&key, &wi)) in counts[..table.primary].iter().zip(weights).enumerate() {
        if key >= COVERED {
            continue;
        }
        let ci = table.keys.count(key);
        let (cu, wu) = (ci as u64, u64::from(wi));
        if cu * w < c * wu || (cu * w == c * wu && i < best.0) {
            (best, c, w) = ((i, ci), cu, wu);
        }
    }
    best
}
