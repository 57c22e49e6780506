//! The sizes the front ends accept, each checked by the library before it allocates
//! anything, so that a size typed by mistake (`10**12` queens) is an error naming the limit
//! instead of an allocation that aborts the process. The command line and the Python
//! package both build through these constructors, so they refuse the same sizes with the
//! same words. One limit a front end:
//!
//! | front end | limit | checked by |
//! |---|---|---|
//! | queens | `n` in `1..=`[`super::queens::MAX_N`] (1000) | [`super::queens::Queens::new`], a [`SizeError`] |
//! | Langford pairs | `n` in `1..=`[`super::langford::MAX_N`] (1000) | [`super::langford::Langford::new`], a [`SizeError`] |
//! | polyominoes, polycubes | options of at most [`super::tiling::MAX_TILING_NODES`] nodes (2^24), on a board or box of at most [`super::tiling::MAX_CELLS`] cells (2^20) | [`super::tiling::TilingBuilder::build`] and the size readers |
//! | Sudoku | a side of 4, 6, 8, 9, 10, 12, 16, 25 or 36 | [`crate::sudoku::grid::Shape`] |
//!
//! The limits are far beyond what a search can answer in full (1000 queens has 4 million
//! nodes and is answered at once by restarts, but counted never); they bound the memory of
//! the problem, not the time of its search.

/// A size outside the range a front end accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {given} is out of range: expected {min} to {max}")]
#[non_exhaustive]
pub struct SizeError {
    /// What the size counts, as the message says it (`"queens n"`).
    pub what: &'static str,
    /// The size given.
    pub given: usize,
    /// The smallest size accepted.
    pub min: usize,
    /// The largest size accepted.
    pub max: usize,
}

/// `given` if it lies in `min..=max`, else the [`SizeError`] saying so.
///
/// # Errors
/// [`SizeError`] for a size outside the range.
pub(crate) fn check(
    what: &'static str,
    given: usize,
    min: usize,
    max: usize,
) -> Result<usize, SizeError> {
    if (min..=max).contains(&given) {
        Ok(given)
    } else {
        Err(SizeError {
            what,
            given,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_in_range_passes_and_one_outside_names_the_range() {
        assert_eq!(check("queens n", 8, 1, 1000), Ok(8));
        assert_eq!(check("queens n", 1000, 1, 1000), Ok(1000));
        let err = check("queens n", 1001, 1, 1000).unwrap_err();
        assert_eq!(
            err.to_string(),
            "queens n 1001 is out of range: expected 1 to 1000"
        );
        assert!(check("queens n", 0, 1, 1000).is_err());
    }
}
