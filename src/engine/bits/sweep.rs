//! The sweep: taking an option's conflicts out of the active set, and finding the words
//! where options left.
//!
//! Choosing an option removes `active & conflicts` from `active`, then visits each option
//! removed. A sweep does the first part with no branch, a vector of [`WORD_LANES`] words at
//! a time, and returns a bitmask of the words where options left, so that the visit goes
//! straight to them (a Sudoku option's conflicts touch all twelve words of its 729 options,
//! and about six options leave, in a few of those words). A sweep takes at most
//! [`SWEEP_WORDS`] words; longer bitsets are swept in pieces.
//!
//! Two implementations, which always agree (a test compares them): the portable [`sweep`],
//! and [`sweep_avx2`], chosen at run time when the processor has AVX2.

/// The words of one AVX2 vector.
pub(super) const WORD_LANES: usize = 4;

/// The most words one sweep takes: one bit of its result for each.
pub(crate) const SWEEP_WORDS: usize = 64;

/// Removes `mask` from `active`, writes to `left[w]` the options of word `w` that left, and
/// returns the words where some did: bit `w` set when `left[w]` is not zero. `active`,
/// `mask` and `left` have the same length, at most [`SWEEP_WORDS`].
#[inline(always)]
pub(crate) fn sweep(active: &mut [u64], mask: &[u64], left: &mut [u64]) -> u64 {
    let n = active.len();
    assert!(n == mask.len() && n == left.len() && n <= SWEEP_WORDS);
    let mut words = 0;
    for (w, (a, &m)) in active.iter_mut().zip(mask).enumerate() {
        left[w] = *a & m;
        *a &= !m;
        words |= u64::from(left[w] != 0) << w;
    }
    words
}

/// [`sweep`] with AVX2: four words to an instruction, and their test in one more; the last
/// `n % 4` words as [`sweep`] does.
///
/// Not compiled for AVX2 itself but always inlined, so that it is compiled with the search
/// loop that calls it, which is (a function compiled for AVX2 was left out of line there,
/// and the call took 7% of a Sudoku search).
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn sweep_avx2(active: &mut [u64], mask: &[u64], left: &mut [u64]) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_pd, _mm256_cmpeq_epi64,
        _mm256_loadu_si256, _mm256_movemask_pd, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let n = active.len();
    assert!(n == mask.len() && n == left.len() && n <= SWEEP_WORDS);
    let vectors = n / WORD_LANES;
    let a = active.as_mut_ptr().cast::<__m256i>();
    let m = mask.as_ptr().cast::<__m256i>();
    let l = left.as_mut_ptr().cast::<__m256i>();
    let mut empty = 0;
    for v in 0..vectors {
        // SAFETY: `v < n / WORD_LANES`, and the three lengths are `n` (asserted), so the
        // four words of vector `v` lie in all three; unaligned loads and stores need no
        // more.
        unsafe {
            let (x, y) = (_mm256_loadu_si256(a.add(v)), _mm256_loadu_si256(m.add(v)));
            let gone = _mm256_and_si256(x, y);
            _mm256_storeu_si256(a.add(v), _mm256_andnot_si256(y, x));
            _mm256_storeu_si256(l.add(v), gone);
            let zero = _mm256_cmpeq_epi64(gone, _mm256_setzero_si256());
            empty |= (_mm256_movemask_pd(_mm256_castsi256_pd(zero)) as u64) << (v * WORD_LANES);
        }
    }
    // The vectors' words whose bit is clear in `empty`, then the last words'.
    let at = vectors * WORD_LANES;
    let swept = u64::MAX.checked_shr((SWEEP_WORDS - at) as u32).unwrap_or(0);
    let tail = sweep(&mut active[at..], &mask[at..], &mut left[at..]);
    !empty & swept | tail.checked_shl(at as u32).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The sweep by the obvious loop: the new active set and the words that left.
    fn naive(active: &[u64], mask: &[u64]) -> (Vec<u64>, Vec<(usize, u64)>) {
        let after = active.iter().zip(mask).map(|(a, m)| a & !m).collect();
        let left = (active.iter().zip(mask).map(|(a, m)| a & m).enumerate())
            .filter(|&(_, bits)| bits != 0)
            .collect();
        (after, left)
    }

    /// The words a sweep reports, read from its bitmask and `left`.
    fn reported(words: u64, left: &[u64]) -> Vec<(usize, u64)> {
        (0..left.len())
            .filter(|&w| words >> w & 1 == 1)
            .map(|w| (w, left[w]))
            .collect()
    }

    fn words() -> impl Strategy<Value = (Vec<u64>, Vec<u64>)> {
        let word = || prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>(), 0u64..8];
        (0..=SWEEP_WORDS).prop_flat_map(move |n| {
            (
                proptest::collection::vec(word(), n),
                proptest::collection::vec(word(), n),
            )
        })
    }

    proptest! {
        #[test]
        fn both_sweeps_remove_the_mask_and_report_what_left((active, mask) in words()) {
            let expected = naive(&active, &mask);
            let (mut after, mut left) = (active.clone(), vec![0; active.len()]);
            let words = sweep(&mut after, &mask, &mut left);
            prop_assert_eq!((after, reported(words, &left)), expected.clone());
            #[cfg(target_arch = "x86_64")]
            if super::super::scan::has_avx2() {
                let (mut after, mut left) = (active.clone(), vec![0; active.len()]);
                // SAFETY: AVX2 was detected.
                let words = unsafe { sweep_avx2(&mut after, &mask, &mut left) };
                prop_assert_eq!((after, reported(words, &left)), expected);
            }
        }
    }
}
