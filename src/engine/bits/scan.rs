//! The choice of the branching item: the first minimum of the primary items' counts.
//!
//! The counts are `i16`, one per primary item, padded with [`COVERED`] to a multiple of
//! [`LANES`] entries, so that every scan reads whole vectors and needs no scalar tail. A
//! covered item's count is [`COVERED`] or more, so it is never the minimum of a row that has
//! an active item. Two implementations, which always agree (a test compares them): the
//! portable [`first_min`], which the compiler vectorizes with the baseline SSE2 (eight counts
//! per instruction), and [`first_min_avx2`], sixteen per instruction, chosen at run time when
//! the processor has AVX2.

/// The count of a covered item (and of a padding entry), at least: larger than any count of
/// active options, which is at most [`super::table::MAX_OPTIONS`].
pub(crate) const COVERED: i16 = 1 << 14;

/// Counts are padded to a multiple of this many entries: one AVX2 vector of `i16`.
pub(crate) const LANES: usize = 16;

/// The index of the first minimum of `counts` and that minimum, or `None` if every count is
/// [`COVERED`] or more (no primary item is left to cover). `counts.len()` must be a nonzero
/// multiple of [`LANES`].
///
/// Kept out of line: inlined into the search loop, its loops were no longer vectorized (as
/// the links engine found of its own scan).
#[inline(never)]
pub(crate) fn first_min(counts: &[i16]) -> Option<(usize, i16)> {
    debug_assert!(!counts.is_empty() && counts.len().is_multiple_of(LANES));
    let mut lanes = [i16::MAX; LANES];
    for chunk in counts.chunks_exact(LANES) {
        for (m, &c) in lanes.iter_mut().zip(chunk) {
            *m = (*m).min(c);
        }
    }
    let t = lanes.into_iter().fold(i16::MAX, i16::min);
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
pub(crate) unsafe fn first_min_avx2(counts: &[i16]) -> Option<(usize, i16)> {
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
    // SAFETY (of every load): `v < vectors`, so the sixteen counts of vector `v` are in
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
