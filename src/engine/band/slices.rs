//! The naked singles' count of a [`super::grid::Grid`]: for each band, the cells with at
//! least one, two and three digits among the nine subbands that hold it, in bit slices
//! (a cell's count saturates at three). The three bands are counted at once, band `b` in
//! lane `b` of 128-bit vectors (SSE2, in the baseline x86-64), where the scalar count takes
//! three passes over the digits; elsewhere, and in the tests against it, the scalar count.

use super::tables::ALL;

/// What the count tells of each band's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slices {
    /// The cells with exactly two digits.
    pub(super) pairs: [u32; 3],
    /// The cells with exactly one digit.
    pub(super) singles: [u32; 3],
}

/// The count over `cells` (the subbands, `3 * digit + band`); `None` if a cell has no digit.
#[inline(always)]
pub(super) fn count(cells: &[u32; 27]) -> Option<Slices> {
    // SAFETY: SSE2 is in every x86-64 processor (the baseline that Rust compiles for).
    #[cfg(target_arch = "x86_64")]
    return unsafe { count_sse2(cells) };
    #[cfg(not(target_arch = "x86_64"))]
    return count_scalar(cells);
}

/// [`count`], one band at a time (on x86-64, the tests' yardstick for the vector count).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn count_scalar(cells: &[u32; 27]) -> Option<Slices> {
    let mut slices = Slices {
        pairs: [0; 3],
        singles: [0; 3],
    };
    for b in 0..3 {
        let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let x = cells[3 * d + b];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        if one != ALL {
            return None;
        }
        slices.pairs[b] = two & !three;
        slices.singles[b] = one & !two;
    }
    Some(slices)
}

/// [`count`] on the three bands at once: a digit's three subbands are side by side, so that
/// one unaligned load takes them (and the next digit's first, in a fourth lane that nothing
/// reads). Compiled for SSE2, which every x86-64 processor has, and inlined into its
/// caller (whose features include it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn count_sse2(cells: &[u32; 27]) -> Option<Slices> {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi32, _mm_setzero_si128, _mm_srli_si128,
        _mm_storeu_si128,
    };
    // Four subbands from `cells[k]`, for `k + 4 <= 27`.
    let load = |k: usize| {
        let four = &cells[k..k + 4];
        // SAFETY: `four` is four `u32`s, the 16 bytes that the unaligned load reads.
        unsafe { _mm_loadu_si128(four.as_ptr().cast::<__m128i>()) }
    };
    let (mut one, mut two, mut three) = (
        _mm_setzero_si128(),
        _mm_setzero_si128(),
        _mm_setzero_si128(),
    );
    for d in 0..9 {
        // The last digit's three subbands are the last three of the 27: loaded from the one
        // before and shifted down a lane.
        let x = if d < 8 {
            load(3 * d)
        } else {
            _mm_srli_si128::<4>(load(23))
        };
        three = _mm_or_si128(three, _mm_and_si128(two, x));
        two = _mm_or_si128(two, _mm_and_si128(one, x));
        one = _mm_or_si128(one, x);
    }
    // The first three lanes' twelve bytes.
    let full = _mm_movemask_epi8(_mm_cmpeq_epi32(one, _mm_set1_epi32(ALL as i32)));
    if full & 0xFFF != 0xFFF {
        return None;
    }
    let mut out = [[0u32; 4]; 2];
    for (lanes, v) in out
        .iter_mut()
        .zip([_mm_andnot_si128(three, two), _mm_andnot_si128(two, one)])
    {
        // SAFETY: `lanes` is four `u32`s, the 16 bytes that the unaligned store writes.
        unsafe { _mm_storeu_si128(lanes.as_mut_ptr().cast::<__m128i>(), v) };
    }
    let [pairs, singles] = out;
    Some(Slices {
        pairs: [pairs[0], pairs[1], pairs[2]],
        singles: [singles[0], singles[1], singles[2]],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Subbands of every density, some with a cell of no digit: the vector count is the
    /// scalar one, and both are each cell's digits counted one by one.
    #[test]
    fn the_counts_are_the_cells_digits() {
        let mut rng = Rng::new(38);
        let mut failed = 0;
        for k in 0..20_000 {
            let mut cells = [0u32; 27];
            for x in &mut cells {
                *x = ALL;
                for _ in 0..k % 5 {
                    *x &= rng.next_u64() as u32;
                }
            }
            let scalar = count_scalar(&cells);
            // SAFETY: SSE2 is in every x86-64 processor.
            #[cfg(target_arch = "x86_64")]
            assert_eq!(unsafe { count_sse2(&cells) }, scalar, "{cells:?}");
            let mut expected = Slices {
                pairs: [0; 3],
                singles: [0; 3],
            };
            let mut empty = false;
            for p in 0..81 {
                let (b, i) = (p / 27, p % 27);
                let digits = (0..9).filter(|&d| cells[3 * d + b] >> i & 1 != 0).count();
                empty |= digits == 0;
                expected.pairs[b] |= u32::from(digits == 2) << i;
                expected.singles[b] |= u32::from(digits == 1) << i;
            }
            if empty {
                failed += 1;
                assert_eq!(scalar, None, "{cells:?}");
            } else {
                assert_eq!(scalar, Some(expected), "{cells:?}");
            }
        }
        assert!(
            failed > 1_000 && failed < 19_000,
            "{failed} of 20,000 with an empty cell"
        );
    }
}
