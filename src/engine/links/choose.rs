//! The branching item of the links engine: DLX1's leftmost active primary item of minimum
//! length, found by walking the active list or by scanning the lengths (portable, or with
//! AVX2 when the processor has it); SSXCC2's weighted choice ([`weighted`], for
//! [`crate::Choice::Wdeg`], on the links and the colored links alike); and the lengths of the
//! active primary items, which [`crate::Engine::Auto`] reads to tell a nearly full problem
//! ([`Links::open_lengths`]).

use super::{COVERED, Links, ROOT, at};

/// From this many primary items on, [`Links::choose`] scans lengths instead of walking the
/// active list.
const SCAN_FROM: u32 = 128;

impl Links {
    /// The leftmost active primary item of minimum length (DLX1's choice), or `None` when no
    /// primary item is left to cover.
    ///
    /// Two ways to find it, which always agree (the active list is in index order, and a
    /// covered item's length carries [`COVERED`], so it is never the minimum):
    /// - with few primary items, walk the active list, stopping at the first empty item;
    /// - with many (Sudoku has 324), scan every primary item's length in index order, a
    ///   loop the compiler turns into vector instructions, then find the first minimum. The
    ///   scan measured 35% faster than the walk on top1465 Sudoku (15% fewer instructions),
    ///   but 14% more instructions than the walk on langford-12-half (36 items). With AVX2
    ///   (detected at run time) the scan compares eight lengths per instruction where SSE2
    ///   needs four instructions for four: top1465 then runs 18% faster (CPU time of the
    ///   whole process), 37% fewer instructions.
    #[inline]
    pub(crate) fn choose(&self) -> Option<u32> {
        if self.primary < SCAN_FROM {
            self.choose_by_walk()
        } else {
            self.choose_by_scan()
        }
    }

    /// The lengths of the active primary items (the options left to each item not yet
    /// covered): their number, their sum and the largest. After the options forced and
    /// excluded at the root, what `Engine::Auto` asks of a problem to tell whether it is
    /// nearly full (`AUTO_FULL`), read from the lists instead of a pass over the matrix.
    pub(crate) fn open_lengths(&self) -> OpenLengths {
        let mut open = OpenLengths::default();
        let mut k = at(&self.next, ROOT);
        while k != ROOT {
            let l = at(&self.len, k);
            open.items += 1;
            open.total += u64::from(l);
            open.largest = open.largest.max(l);
            k = at(&self.next, k);
        }
        open
    }

    /// [`Links::choose`] under [`crate::Choice::Wdeg`]: see [`weighted`]. `weights` is
    /// indexed by item (its entry 0 unused).
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

    /// [`Links::choose`] by walking the active list. The minimum is kept without a branch on
    /// `l < t` (a conditional move): whether the next item is shorter is data the branch
    /// predictor cannot learn, and the branch-free loop measured 5% faster on nqueens-14 and
    /// langford-12-half, though it runs more instructions.
    #[inline]
    fn choose_by_walk(&self) -> Option<u32> {
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

    /// [`Links::choose`] by scanning the lengths of all primary items: with AVX2 when the
    /// processor has it (see [`scan_avx2`]), else with the portable [`scan`].
    #[inline]
    fn choose_by_scan(&self) -> Option<u32> {
        let lens = &self.len[1..=self.primary as usize];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2 (see `Links::new`),
            // and `lens` has at least `SCAN_FROM` >= 8 entries.
            return unsafe { scan_avx2(lens) };
        }
        scan(lens)
    }
}

/// The branching item under [`crate::Choice::Wdeg`] (SSXCC2's rule), given `mrv`, the
/// leftmost active primary item of least length (DLX1's choice): `mrv` itself when it has at
/// most one option (an item that must be taken now, or a dead end), else the leftmost active
/// primary item of least `len / weight`. `next` and `len` are the links' active list (through
/// the root, 0) and lengths, `weights` the items' weights (all at least 1), each indexed by
/// item. Scores are compared as `len[a] * weights[b] < len[b] * weights[a]` in `u64`, exact
/// where SSXCC2 divides in `f32`.
///
/// MRV's own pass runs first, so a node with a forced item (most nodes of a Sudoku) costs no
/// more than under MRV; only a node that branches walks the list a second time.
pub(crate) fn weighted(next: &[u32], len: &[u32], weights: &[u32], mrv: u32) -> u32 {
    if len[mrv as usize] <= 1 {
        return mrv;
    }
    let mut k = next[0];
    let (mut best, mut l, mut w) = (
        k,
        u64::from(len[k as usize]),
        u64::from(weights[k as usize]),
    );
    while k != 0 {
        let (lk, wk) = (u64::from(len[k as usize]), u64::from(weights[k as usize]));
        if lk * w < l * wk {
            (best, l, w) = (k, lk, wk);
        }
        k = next[k as usize];
    }
    best
}

/// The lengths of the open primary items of a search ([`Links::open_lengths`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct OpenLengths {
    /// The primary items not covered.
    pub(crate) items: u64,
    /// The sum of their lengths.
    pub(crate) total: u64,
    /// The largest of their lengths.
    pub(crate) largest: u32,
}

impl OpenLengths {
    /// The average length over the largest: 1 when every open item has as many options, 0
    /// when none has any (or none is open).
    pub(crate) fn fullness(self) -> f64 {
        if self.largest == 0 {
            return 0.0;
        }
        self.total as f64 / (f64::from(self.largest) * self.items as f64)
    }
}

/// Whether [`scan_avx2`] can run on this processor.
pub(super) fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The 1-based position of the first minimum of `lens`, or `None` if every entry is
/// [`COVERED`] or more: the portable body of [`Links::choose_by_scan`]. Lengths are compared
/// as `i32`, which baseline x86-64 (SSE2) can compare four at a time; they fit, because no
/// item has `COVERED` (2^30) options ([`crate::ProblemBuilder::build`] checks). Kept out of
/// line: inlined into the search loop, it was no longer vectorized.
#[inline(never)]
fn scan(lens: &[u32]) -> Option<u32> {
    const LANES: usize = 8;
    let chunks = lens.chunks_exact(4 * LANES);
    let mut lanes = [i32::MAX; 4 * LANES];
    for &l in chunks.remainder() {
        lanes[0] = lanes[0].min(l as i32);
    }
    for chunk in chunks {
        for (m, &l) in lanes.iter_mut().zip(chunk) {
            *m = (*m).min(l as i32);
        }
    }
    let t = lanes.into_iter().fold(i32::MAX, i32::min) as u32;
    if t >= COVERED {
        return None;
    }
    let first = lens
        .chunks(LANES)
        .position(|chunk| chunk.iter().fold(false, |hit, &l| hit | (l == t)))
        .unwrap_or(0);
    let k = first * LANES
        + lens[first * LANES..]
            .iter()
            .position(|&l| l == t)
            .unwrap_or(0);
    Some(k as u32 + 1)
}

/// [`scan`] with AVX2 instructions, eight lengths at a time: a pass for the minimum, then a
/// pass for its first position. The last eight lengths are read as one overlapping vector,
/// so no scalar tail is needed.
///
/// # Safety
/// The processor must have AVX2, and `lens` at least 8 entries.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_avx2(lens: &[u32]) -> Option<u32> {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si32, _mm_min_epi32, _mm_shuffle_epi32, _mm256_castsi256_ps,
        _mm256_castsi256_si128, _mm256_cmpeq_epi32, _mm256_extracti128_si256, _mm256_loadu_si256,
        _mm256_min_epi32, _mm256_movemask_ps, _mm256_set1_epi32,
    };
    debug_assert!(lens.len() >= 8);
    let n = lens.len();
    let p = lens.as_ptr();
    // SAFETY: (of every load) `at + 8 <= n`, so the eight lengths at `at` are in `lens`.
    let load = |at: usize| unsafe { _mm256_loadu_si256(p.add(at).cast::<__m256i>()) };
    let last = n - 8;
    let (mut a, mut b) = (load(last), load(0));
    let mut at = 8;
    while at + 16 <= n {
        a = _mm256_min_epi32(a, load(at));
        b = _mm256_min_epi32(b, load(at + 8));
        at += 16;
    }
    if at + 8 <= n {
        a = _mm256_min_epi32(a, load(at));
    }
    let m = _mm256_min_epi32(a, b);
    let m = _mm_min_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
    let m = _mm_min_epi32(m, _mm_shuffle_epi32::<0b01_00_11_10>(m));
    let m = _mm_min_epi32(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
    let t = _mm_cvtsi128_si32(m) as u32;
    if t >= COVERED {
        return None;
    }
    let target = _mm256_set1_epi32(t as i32);
    let mut at = 0;
    loop {
        let from = at.min(last);
        let hits = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(load(from), target)));
        if hits != 0 {
            return Some((from + hits.trailing_zeros() as usize) as u32 + 1);
        }
        at += 8;
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
    fn scanning_lengths_and_walking_the_active_list_choose_the_same_item() {
        // 150 primary items (more than SCAN_FROM, with a remainder past the last full
        // chunk) and options of three items each, then a sequence of covers.
        let items = 150;
        let mut b = ProblemBuilder::new(items, 5);
        for k in 0..600 {
            b.option([k % items, (k * 7 + 3) % items, items + k % 5])
                .ok();
        }
        let mut l = Links::new(&b.build().unwrap());
        let mut covered = Vec::new();
        for step in 0..40 {
            assert_eq!(
                l.choose_by_walk(),
                l.choose_by_scan(),
                "after {step} covers"
            );
            let Some(c) = l.choose_by_walk() else { break };
            l.cover(c);
            covered.push(c);
            l.check().unwrap();
        }
        while let Some(c) = covered.pop() {
            l.uncover(c);
            assert_eq!(l.choose_by_walk(), l.choose_by_scan());
        }
        l.check().unwrap();
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_scan_finds_the_first_minimum_as_the_portable_scan_does() {
        if !avx2() {
            return;
        }
        // Every length from 8 (the least `scan_avx2` accepts) to 70, so that the overlapping
        // last vector starts at every offset, with the minimum (once or twice) everywhere.
        for n in 8..70 {
            for (first, second) in [(0, n - 1), (n - 1, n - 1), (n / 2, n - 3), (n - 8, n - 2)] {
                let mut lens: Vec<u32> = (0..n).map(|k| 5 + (k as u32 * 7) % 11).collect();
                lens[n / 3] = COVERED + 1;
                lens[first] = 2;
                lens[second] = 2;
                // SAFETY: AVX2 was detected above, and `lens` has at least 8 entries.
                let fast = unsafe { scan_avx2(&lens) };
                assert_eq!(
                    fast,
                    scan(&lens),
                    "n = {n}, minimum at {first} and {second}"
                );
                assert_eq!(fast, Some(first.min(second) as u32 + 1));
            }
            let covered = vec![COVERED + 3; n];
            // SAFETY: as above.
            assert_eq!(unsafe { scan_avx2(&covered) }, None);
        }
    }

    #[test]
    fn the_branching_item_is_the_leftmost_of_minimum_length() {
        let mut l = knuth_example();
        assert_eq!(l.choose(), Some(1));
        l.cover(1);
        // A is gone; B C E have length 2 and D, after hiding, has length 1.
        assert_eq!(l.choose(), Some(4));
    }
}
