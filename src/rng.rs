//! The one random generator of the crate: SplitMix64, whose output depends only on its seed,
//! on every platform and in every version, which is all that reproducible puzzles
//! ([`crate::sudoku::generate`]) and randomized restarts ([`crate::restart`]) need.

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose output depends only on
/// its seed (Vigna's `splitmix64.c`, checked below against its output).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (its bias, below 2^-32 for the
    /// sizes used here, does not matter for puzzles).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_gives_vignas_reference_output() {
        // The first outputs for seed 1234567 of Vigna's splitmix64.c.
        let mut rng = Rng::new(1234567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423
            ]
        );
    }
}
