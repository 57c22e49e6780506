//! The numbers the memo adds up: 128 bits while they fit, arbitrary precision beyond
//! ([`num_bigint::BigUint`]), so that a count never wraps. Nearly every subproblem of the
//! problems measured fits in 128 bits (the 16x16 domino tilings do: about 2^101), and a
//! `u128` adds without allocating; the few beyond (18x18 dominoes, about 2^130) pay for a
//! heap number.

use num_bigint::BigUint;

use crate::count::Count;

/// A count of completions: exact, never wrapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tally {
    /// A count below 2^128.
    Small(u128),
    /// A count of 2^128 or more (never a number that fits in `Small`).
    Big(Box<BigUint>),
}

impl Tally {
    /// No completion.
    pub(crate) const ZERO: Tally = Tally::Small(0);

    /// One completion.
    pub(crate) const ONE: Tally = Tally::Small(1);

    /// Whether this is 0.
    pub(crate) fn is_zero(&self) -> bool {
        matches!(self, Tally::Small(0))
    }

    /// Adds `other` to this count.
    pub(crate) fn add(&mut self, other: &Tally) {
        match (&mut *self, other) {
            (Tally::Small(a), Tally::Small(b)) => match a.checked_add(*b) {
                Some(sum) => *a = sum,
                None => *self = Tally::Big(Box::new(BigUint::from(*a) + *b)),
            },
            (Tally::Small(a), Tally::Big(b)) => *self = Tally::Big(Box::new(&**b + *a)),
            (Tally::Big(a), Tally::Small(b)) => **a += *b,
            (Tally::Big(a), Tally::Big(b)) => **a += &**b,
        }
    }

    /// The count as an exact [`Count`].
    pub(crate) fn to_count(&self) -> Count {
        match self {
            Tally::Small(n) => Count::exact(*n),
            Tally::Big(b) => Count::exact((**b).clone()),
        }
    }

    /// The count as a big number.
    pub(crate) fn to_big(&self) -> BigUint {
        match self {
            Tally::Small(n) => BigUint::from(*n),
            Tally::Big(b) => (**b).clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_carry_past_128_bits_exactly() {
        let mut t = Tally::Small(u128::MAX);
        t.add(&Tally::ONE);
        assert_eq!(t.to_big(), BigUint::from(u128::MAX) + 1u32);
        let copy = t.clone();
        t.add(&copy);
        assert_eq!(t.to_big(), (BigUint::from(u128::MAX) + 1u32) * 2u32);
        let mut small = Tally::Small(5);
        small.add(&copy);
        assert_eq!(small.to_big(), BigUint::from(u128::MAX) + 6u32);
        assert!(Tally::ZERO.is_zero() && !small.is_zero());
    }
}
