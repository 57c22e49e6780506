//! The choice of the branching item: the first minimum of the primary items' counts.
//!
//! The counts are `i16` *keys*, one per primary item, padded with [`COVERED`] to a multiple
//! of [`LANES`] entries, so that every scan reads whole vectors and needs no scalar tail. A
//! covered item's key is [`COVERED`] or more, so it is never the minimum of a row that has
//! an active item.
//!
//! When the problem allows it, a key is *tagged* (see [`Keys`]): the count shifted left, and
//! in the low bits the number of the vector that holds the key. Then the least key is the
//! first minimum's: the least count, and among equal counts the first vector, so a scan is
//! one minimum a vector, and only the lane within the vector is left to find
//! ([`Keys::first_min`], [`Keys::first_min_avx2`]). Otherwise keys are the counts, and the
//! scans keep, per lane, where its minimum was first seen ([`first_min`],
//! [`first_min_avx2`]). The portable scans are vectorized by the compiler with the baseline
//! SSE2 (eight keys per instruction), the AVX2 ones take sixteen and are chosen at run time
//! when the processor has AVX2; each pair always agrees (tests compare them).

/// The count of a covered item (and of a padding entry), at least: larger than any count of
/// active options, which is at most [`super::table::MAX_OPTIONS`].
pub(crate) const COVERED: i16 = 1 << 14;

/// Counts are padded to a multiple of this many entries: one AVX2 vector of `i16`.
pub(crate) const LANES: usize = 16;

/// The least entry at each of the [`LANES`] positions of a vector over all the vectors of
/// `keys`, and the least of them all: the first pass of the portable scans, which the compiler
/// vectorizes. `keys.len()` must be a nonzero multiple of [`LANES`].
#[inline(always)]
fn lane_minima(keys: &[i16]) -> ([i16; LANES], i16) {
    debug_assert!(!keys.is_empty() && keys.len().is_multiple_of(LANES));
    let mut lanes = [i16::MAX; LANES];
    for chunk in keys.chunks_exact(LANES) {
        for (m, &c) in lanes.iter_mut().zip(chunk) {
            *m = (*m).min(c);
        }
    }
    (lanes, lanes.into_iter().fold(i16::MAX, i16::min))
}

/// The index of the first minimum of `counts` and that minimum, or `None` if every count is
/// [`COVERED`] or more (no primary item is left to cover). `counts.len()` must be a nonzero
/// multiple of [`LANES`].
///
/// Kept out of line: inlined into the search loop, its loops were no longer vectorized (as
/// the links engine found of its own scan).
#[inline(never)]
fn first_min(counts: &[i16]) -> Option<(usize, i16)> {
    let (_, t) = lane_minima(counts);
    if t >= COVERED {
        return None;
    }
    let chunk = counts
        .chunks_exact(LANES)
        .position(|chunk| chunk.iter().fold(false, |hit, &c| hit | (c == t)))
        .unwrap_or(0);
    let k = counts[chunk * LANES..]
        .iter()
        .position(|&c| c == t)
        .unwrap_or(0);
    Some((chunk * LANES + k, t))
}

/// [`first_min`] with AVX2, sixteen counts per instruction, in one pass with no branch but
/// the loop's: each lane keeps its minimum and the first vector where it was found, and the
/// end picks, among the lanes that hold the overall minimum, the least position. (A second
/// pass that stops at the first vector holding the minimum, as the portable scan does, ends
/// at a place the processor cannot predict: its mispredicted exit took a tenth of the CPU
/// time of a Sudoku search.)
///
/// # Safety
/// The processor must have AVX2; `counts.len()` must be a nonzero multiple of [`LANES`].
/// Positions must fit in an `i16`: beyond `2^11` vectors, this is [`first_min`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn first_min_avx2(counts: &[i16]) -> Option<(usize, i16)> {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si32, _mm_min_epi16, _mm_minpos_epu16, _mm256_add_epi16,
        _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epi16, _mm256_or_si256,
        _mm256_set1_epi16, _mm256_setr_epi16, _mm256_setzero_si256, _mm256_slli_epi16,
    };
    debug_assert!(!counts.is_empty() && counts.len().is_multiple_of(LANES));
    let vectors = counts.len() / LANES;
    if vectors >= 1 << 11 {
        return first_min(counts);
    }
    let p = counts.as_ptr().cast::<__m256i>();
    // SAFETY: (of every load) `v < vectors`, so the sixteen counts of vector `v` are in
    // `counts`.
    let load = |v: usize| unsafe { _mm256_loadu_si256(p.add(v)) };
    // Lane `k` of `best`: the least count at positions `16 v + k` so far; of `first`: the
    // first `v` where it is.
    let mut best = load(0);
    let mut first = _mm256_setzero_si256();
    let mut here = _mm256_setzero_si256();
    let one = _mm256_set1_epi16(1);
    for v in 1..vectors {
        here = _mm256_add_epi16(here, one);
        let c = load(v);
        let less = _mm256_cmpgt_epi16(best, c);
        best = _mm256_min_epi16(best, c);
        first = _mm256_blendv_epi8(first, here, less);
    }
    // Sixteen lanes to eight, then the horizontal minimum of eight (the counts are never
    // negative, so their unsigned minimum is their minimum).
    let half = _mm_min_epi16(
        _mm256_castsi256_si128(best),
        _mm256_extracti128_si256::<1>(best),
    );
    let t = _mm_cvtsi128_si32(_mm_minpos_epu16(half)) as u16 as i16;
    if t >= COVERED {
        return None;
    }
    // The position of each lane's first minimum, `16 first + k`, kept where it is `t`.
    let lanes = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let at = _mm256_or_si256(_mm256_slli_epi16::<4>(first), lanes);
    let hit = _mm256_cmpeq_epi16(best, _mm256_set1_epi16(t));
    let at = _mm256_blendv_epi8(_mm256_set1_epi16(i16::MAX), at, hit);
    let half = _mm_min_epi16(
        _mm256_castsi256_si128(at),
        _mm256_extracti128_si256::<1>(at),
    );
    let at = _mm_cvtsi128_si32(_mm_minpos_epu16(half)) as u16;
    Some((usize::from(at), t))
}

/// How a problem's counts are kept in the frames: as plain counts, or tagged with the number
/// of their vector (see the module docs). Removing an option subtracts [`Keys::step`] from
/// each of its primary items' keys, covering one adds [`COVERED`]; a covered item's key ends
/// at [`Keys::covered`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    /// How far a count is shifted left: the bits of the largest vector number.
    shift: u32,
    /// `1 << shift`, kept rather than derived: shifting at each removal took 0.8% more
    /// instructions on Sudoku, N queens and Langford pairs (callgrind).
    step: i16,
    /// Whether keys carry their vector's number.
    tagged: bool,
}

impl Keys {
    /// The keys of `padded` counts (a whole number of vectors) none of which is above
    /// `most`: tagged when every key of an active item stays below [`COVERED`].
    pub(crate) fn new(padded: usize, most: usize) -> Keys {
        let vectors = padded.div_ceil(LANES).max(1);
        let shift = usize::BITS - (vectors - 1).leading_zeros();
        let bound = (COVERED as usize).checked_shr(shift).unwrap_or(0);
        if most < bound {
            Keys {
                shift,
                step: 1 << shift,
                tagged: true,
            }
        } else {
            Keys {
                shift: 0,
                step: 1,
                tagged: false,
            }
        }
    }

    /// What one option less subtracts from a key.
    #[inline(always)]
    pub(crate) fn step(self) -> i16 {
        self.step
    }

    /// The tag of position `i`: its vector's number, if tagged.
    fn tag(self, i: usize) -> i16 {
        if self.tagged { (i / LANES) as i16 } else { 0 }
    }

    /// The key of position `i` with `count` active options.
    pub(crate) fn key(self, count: i16, i: usize) -> i16 {
        (count << self.shift) | self.tag(i)
    }

    /// The key of position `i` once covered (or of a padding entry).
    pub(crate) fn covered(self, i: usize) -> i16 {
        COVERED | self.tag(i)
    }

    /// The count of an uncovered item's key.
    #[inline(always)]
    pub(crate) fn count(self, key: i16) -> i16 {
        key >> self.shift
    }

    /// The first minimum of the counts held by `keys` (index and count), or `None` when every
    /// key is [`COVERED`] or more; portable. `keys.len()` must be a nonzero multiple of
    /// [`LANES`].
    #[inline]
    pub(crate) fn first_min(self, keys: &[i16]) -> Option<(usize, i16)> {
        if !self.tagged {
            return first_min(keys);
        }
        let (lanes, t) = lane_minima(keys);
        if t >= COVERED {
            return None;
        }
        let v = (t & (self.step() - 1)) as usize;
        let k = lanes.iter().position(|&c| c == t).unwrap_or(0);
        Some((v * LANES + k, self.count(t)))
    }

    /// [`Keys::first_min`] with AVX2: one minimum a vector, then the lane.
    ///
    /// # Safety
    /// The processor must have AVX2; `keys.len()` must be a nonzero multiple of [`LANES`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) unsafe fn first_min_avx2(self, keys: &[i16]) -> Option<(usize, i16)> {
        use std::arch::x86_64::{
            __m256i, _mm_cvtsi128_si32, _mm_min_epi16, _mm_minpos_epu16, _mm256_castsi256_si128,
            _mm256_cmpeq_epi16, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epi16,
            _mm256_movemask_epi8, _mm256_set1_epi16,
        };
        if !self.tagged {
            // SAFETY: the caller's promises are this function's.
            return unsafe { first_min_avx2(keys) };
        }
        debug_assert!(!keys.is_empty() && keys.len().is_multiple_of(LANES));
        let p = keys.as_ptr().cast::<__m256i>();
        // SAFETY: (of every load) `v < keys.len() / LANES`, so the sixteen keys of vector `v`
        // are in `keys`.
        let load = |v: usize| unsafe { _mm256_loadu_si256(p.add(v)) };
        let mut best = load(0);
        for v in 1..keys.len() / LANES {
            best = _mm256_min_epi16(best, load(v));
        }
        // Sixteen lanes to eight, then the horizontal minimum of eight (keys are never
        // negative, so their unsigned minimum is their minimum).
        let half = _mm_min_epi16(
            _mm256_castsi256_si128(best),
            _mm256_extracti128_si256::<1>(best),
        );
        let t = _mm_cvtsi128_si32(_mm_minpos_epu16(half)) as u16 as i16;
        if t >= COVERED {
            return None;
        }
        // Every lane of `best` that holds `t` holds it from vector `v`, the tag of `t`.
        let v = (t & (self.step() - 1)) as usize;
        let hit = _mm256_movemask_epi8(_mm256_cmpeq_epi16(best, _mm256_set1_epi16(t)));
        let k = hit.trailing_zeros() as usize / 2;
        Some((v * LANES + k, self.count(t)))
    }
}

/// Whether [`first_min_avx2`] can run on this processor.
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the bit engine's search loop compiled for AVX2 can run on this processor: it also
/// counts with `popcnt`.
pub(crate) fn has_avx2_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        has_avx2() && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The first minimum by the obvious loop.
    fn naive(counts: &[i16]) -> Option<(usize, i16)> {
        let t = *counts.iter().min()?;
        (t < COVERED).then(|| (counts.iter().position(|&c| c == t).unwrap(), t))
    }

    fn counts() -> impl Strategy<Value = Vec<i16>> {
        (1usize..40).prop_flat_map(|vectors| {
            proptest::collection::vec(
                prop_oneof![0i16..4, 0i16..COVERED, Just(COVERED), COVERED..i16::MAX],
                vectors * LANES,
            )
        })
    }

    proptest! {
        #[test]
        fn both_scans_find_the_first_minimum(counts in counts()) {
            prop_assert_eq!(first_min(&counts), naive(&counts));
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: AVX2 was detected, and `counts` is whole vectors.
                prop_assert_eq!(unsafe { first_min_avx2(&counts) }, naive(&counts));
            }
        }
    }

    /// Counts (or [`COVERED`] for covered items) and the largest count among them.
    fn plain_counts() -> impl Strategy<Value = (Vec<i16>, i16)> {
        (
            1usize..40,
            prop_oneof![Just(9i16), Just(600i16), Just(5000i16)],
        )
            .prop_flat_map(|(vectors, most)| {
                let count = prop_oneof![0i16..3, 0..=most, Just(COVERED)];
                (
                    proptest::collection::vec(count, vectors * LANES),
                    Just(most),
                )
            })
    }

    proptest! {
        #[test]
        fn keys_find_the_first_minimum_of_their_counts((counts, most) in plain_counts()) {
            let keys = Keys::new(counts.len(), most as usize);
            let stored: Vec<i16> = (counts.iter().enumerate())
                .map(|(i, &c)| if c == COVERED { keys.covered(i) } else { keys.key(c, i) })
                .collect();
            for (i, &c) in counts.iter().enumerate().filter(|&(_, &c)| c != COVERED) {
                prop_assert_eq!(keys.count(stored[i]), c);
                prop_assert_eq!(keys.count(stored[i] - keys.step()), c - 1);
            }
            prop_assert_eq!(keys.first_min(&stored), naive(&counts));
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: AVX2 was detected, and `stored` is whole vectors.
                prop_assert_eq!(unsafe { keys.first_min_avx2(&stored) }, naive(&counts));
            }
        }
    }

    #[test]
    fn keys_are_tagged_while_every_count_fits_beside_its_vector_s_number() {
        // Sudoku: 324 counts of at most 9 in 21 vectors, tagged with five bits.
        let sudoku = Keys::new(336, 9);
        assert!(sudoku.tagged && sudoku.step() == 32);
        assert_eq!(sudoku.key(9, 323), 9 * 32 + 20);
        assert_eq!(sudoku.covered(323), COVERED + 20);
        // One vector: the keys are the counts.
        assert_eq!(Keys::new(16, 16_000).key(7, 15), 7);
        // 512 vectors and counts below 32 fill the fourteen bits below `COVERED`; one more, and
        // the keys are not tagged.
        assert!(Keys::new(512 * LANES, 31).tagged);
        let plain = Keys::new(512 * LANES, 32);
        assert!(!plain.tagged && plain.step() == 1 && plain.key(32, 100) == 32);
    }

    #[test]
    fn every_position_of_the_minimum_and_all_covered_are_found() {
        for vectors in 1..5 {
            let n = vectors * LANES;
            for at in 0..n {
                let mut counts: Vec<i16> = (0..n).map(|k| 3 + (k as i16 * 7) % 11).collect();
                counts[(at + 5) % n] = COVERED;
                counts[at] = 1;
                assert_eq!(first_min(&counts), Some((at, 1)));
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: AVX2 was detected, and `counts` is whole vectors.
                    assert_eq!(unsafe { first_min_avx2(&counts) }, Some((at, 1)));
                }
            }
            let covered = vec![COVERED; n];
            assert_eq!(first_min(&covered), None);
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: as above.
                assert_eq!(unsafe { first_min_avx2(&covered) }, None);
            }
        }
    }
}
