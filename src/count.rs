//! [`Count`], the one type of a number of solutions: what [`crate::Solver::count`],
//! [`crate::sudoku::solve::SudokuSolver::count`], the sums of [`crate::count_parallel`] and the files of
//! [`crate::parts`] give, and what the command line prints.
//!
//! A count is exact, or a lower bound when the search stopped at a limit (the number of
//! solutions to stop after: [limits](crate#limits)); it is written `N` or `N+`. It never
//! wraps: a count that fits 128 bits is kept in them, a larger one (the sum of the parts of a
//! memoized count, say) in an arbitrary-precision [`BigUint`].

use std::fmt;
use std::str::FromStr;

use num_bigint::BigUint;

/// A number of solutions: exact, or "at least" when the search stopped at a limit.
///
/// ```
/// use dancing::Count;
/// let exact: Count = "92".parse()?;
/// assert!(exact.is_exact());
/// assert_eq!(exact, 92);
/// let bound = Count::from_search(2, Some(2));
/// assert_eq!(bound.to_string(), "2+");
/// assert_ne!(bound, 2);
/// let big = Count::exact(u128::MAX) + Count::exact(1u32);
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// assert_eq!(big.to_u128(), None);
/// # Ok::<(), dancing::ParseCountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    value: Value,
    exact: bool,
}

/// The value of a count: `Small` whenever it fits, so that equal counts are equal values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Value {
    Small(u128),
    Big(BigUint),
}

impl Value {
    fn new(n: BigUint) -> Value {
        match u128::try_from(&n) {
            Ok(small) => Value::Small(small),
            Err(_) => Value::Big(n),
        }
    }

    fn big(&self) -> BigUint {
        match self {
            Value::Small(n) => BigUint::from(*n),
            Value::Big(n) => n.clone(),
        }
    }
}

impl Count {
    /// The exact count `n`.
    pub fn exact(n: impl Into<BigUint>) -> Count {
        Count {
            value: Value::new(n.into()),
            exact: true,
        }
    }

    /// At least `n`: a search stopped at its limit after `n` solutions.
    pub fn at_least(n: impl Into<BigUint>) -> Count {
        Count {
            value: Value::new(n.into()),
            exact: false,
        }
    }

    /// The count of a search that found `found` solutions with at most `limit` asked for: exact
    /// when it found fewer than the limit (so the tree ran out first) or had none; at least
    /// `found` otherwise. A limit of 0 gives "at least 0".
    pub fn from_search(found: u64, limit: Option<u64>) -> Count {
        Count {
            value: Value::Small(found.into()),
            exact: limit.is_none_or(|limit| found < limit),
        }
    }

    /// Whether this is the whole count (not stopped at a limit).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The number of solutions counted (the whole count when [`Count::is_exact`]).
    pub fn value(&self) -> BigUint {
        self.value.big()
    }

    /// The number counted, if it fits 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }

    /// The number counted, if it fits 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.value {
            Value::Small(n) => Some(n),
            Value::Big(_) => None,
        }
    }

    /// Whether no solution was counted.
    pub fn is_zero(&self) -> bool {
        self.value == Value::Small(0)
    }
}

impl Default for Count {
    /// The exact count 0.
    fn default() -> Count {
        Count::exact(0u32)
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count::exact(n)
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count::exact(n)
    }
}

impl From<BigUint> for Count {
    fn from(n: BigUint) -> Count {
        Count::exact(n)
    }
}

impl PartialEq<u64> for Count {
    /// Whether this is exactly `n` solutions: a count stopped at a limit equals no number.
    fn eq(&self, n: &u64) -> bool {
        self.exact && self.value == Value::Small((*n).into())
    }
}

impl std::ops::Add for Count {
    type Output = Count;

    /// The count of two disjoint searches: exact when both are.
    fn add(self, other: Count) -> Count {
        let value = match (&self.value, &other.value) {
            (Value::Small(a), Value::Small(b)) => match a.checked_add(*b) {
                Some(sum) => Value::Small(sum),
                None => Value::new(self.value.big() + other.value.big()),
            },
            _ => Value::new(self.value.big() + other.value.big()),
        };
        Count {
            value,
            exact: self.exact && other.exact,
        }
    }
}

impl std::ops::AddAssign for Count {
    fn add_assign(&mut self, other: Count) {
        *self = std::mem::take(self) + other;
    }
}

impl std::iter::Sum for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::default(), |a, b| a + b)
    }
}

impl fmt::Display for Count {
    /// `N`, or `N+` when the count stopped at a limit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Value::Small(n) => write!(f, "{n}")?,
            Value::Big(n) => write!(f, "{n}")?,
        }
        if !self.exact {
            f.write_str("+")?;
        }
        Ok(())
    }
}

/// Text that is not a count: `N` or `N+` in decimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a count (decimal digits, with `+` after them for \"at least\")")]
#[non_exhaustive]
pub struct ParseCountError {
    /// The text given.
    pub text: String,
}

impl FromStr for Count {
    type Err = ParseCountError;

    /// Reads what [`fmt::Display`] writes: `N` or `N+`.
    fn from_str(text: &str) -> Result<Count, ParseCountError> {
        let error = || ParseCountError {
            text: text.to_owned(),
        };
        let (digits, exact) = match text.strip_suffix('+') {
            Some(digits) => (digits, false),
            None => (text, true),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let value = BigUint::parse_bytes(digits.as_bytes(), 10).ok_or_else(error)?;
        Ok(Count {
            value: Value::new(value),
            exact,
        })
    }
}

impl serde::Serialize for Count {
    /// An exact count as a JSON number when it fits 64 bits (as the files of
    /// [`crate::parts`] always wrote counts), otherwise as its decimal string (a reader of
    /// JSON may take a larger number for a float); a bound as the string `"N+"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self.to_u64(), self.exact) {
            (Some(n), true) => serializer.serialize_u64(n),
            _ => serializer.collect_str(self),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Count, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Count;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count: a whole number, or a string of decimal digits")
            }

            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Count, E> {
                Ok(Count::exact(n))
            }

            fn visit_u128<E: serde::de::Error>(self, n: u128) -> Result<Count, E> {
                Ok(Count::exact(n))
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Count, E> {
                text.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_below_its_limit_is_exact_and_one_at_it_is_a_bound() {
        assert_eq!(Count::from_search(3, Some(5)), 3);
        assert_eq!(Count::from_search(3, None), 3);
        assert!(!Count::from_search(5, Some(5)).is_exact());
        assert_eq!(Count::from_search(0, Some(0)).to_string(), "0+");
        assert_eq!(Count::from_search(0, Some(1)), 0);
    }

    #[test]
    fn text_round_trips_at_every_size() {
        for text in [
            "0",
            "7+",
            "18446744073709551616",
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
            "2444888770250892795802079170816000000000000000000001+",
        ] {
            let count: Count = text.parse().unwrap();
            assert_eq!(count.to_string(), text);
        }
    }

    #[test]
    fn equal_counts_are_equal_whatever_their_path() {
        let past = Count::exact(u128::MAX) + Count::exact(1u32);
        let back: Count = past.to_string().parse().unwrap();
        assert_eq!(past, back);
        assert_eq!(
            Count::exact(BigUint::from(12u32)),
            Count::exact(12u64),
            "a small value given big is kept small"
        );
        assert_eq!(Count::exact(u64::MAX).to_u64(), Some(u64::MAX));
        assert_eq!((Count::exact(u64::MAX) + Count::exact(1u64)).to_u64(), None);
    }

    #[test]
    fn a_sum_is_exact_only_when_every_term_is() {
        let sum: Count = [Count::exact(2u64), Count::at_least(3u64)]
            .into_iter()
            .sum();
        assert_eq!(sum.to_string(), "5+");
        let sum: Count = [Count::exact(2u64), Count::exact(3u64)].into_iter().sum();
        assert_eq!(sum, 5);
    }

    #[test]
    fn text_that_is_not_a_count_is_refused() {
        for text in ["", "+", "-1", "1 2", "12++", "0x10", " 3"] {
            assert!(text.parse::<Count>().is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn json_keeps_small_counts_as_numbers_and_big_ones_as_text() {
        let small = serde_json::to_string(&Count::exact(92u64)).unwrap();
        assert_eq!(small, "92");
        let wide = Count::exact(u128::from(u64::MAX) + 1);
        assert_eq!(serde_json::to_string(&wide).unwrap(), format!("\"{wide}\""));
        let big = Count::exact(u128::MAX) + Count::exact(5u32);
        let text = serde_json::to_string(&big).unwrap();
        assert_eq!(text, format!("\"{big}\""));
        for json in [small, text, "\"92\"".to_owned()] {
            let back: Count = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap().trim_matches('"'), {
                let n: Count = json.trim_matches('"').parse().unwrap();
                n.to_string()
            });
        }
        assert!(serde_json::from_str::<Count>("-3").is_err());
        assert!(
            serde_json::from_str::<Count>("340282366920938463463374607431768211455").is_err(),
            "a number a JSON reader takes for a float is refused, not rounded"
        );
        assert!(serde_json::from_str::<Count>("\"x\"").is_err());
    }
}
