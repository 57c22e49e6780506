//! Classic exact-cover problems, encoded in memory with named items, and their solutions
//! read back in the problem's own terms.
//!
//! - [`knuth_example`]: Knuth's seven-item example (TAOCP 7.2.2.1-(5)).
//! - [`queens`](mod@queens): N queens, in natural or Knuth's organ-pipe item order; solutions
//!   as boards, drawn as chessboards in SVG.
//! - [`langford`](mod@langford): Langford pairs; solutions as sequences, drawn in SVG as
//!   rows of numbers with each pair joined.
//! - [`polyomino`]: pieces of squares (the pentominoes and their kin) on a board of squares;
//!   [`polycube`]: pieces of cubes (the Soma cube) in a box. Both rest on [`tiling`], which
//!   owns the encoding, the copies and the symmetry reduction; [`svg`] draws plane packings.
//!
//! - [`size`]: the range of sizes each front end accepts, checked before it allocates.
//!
//! Each encoding's docs say which items and options it uses and why. Every problem can be
//! written in Knuth's format with readable names ([`crate::knuth::write_named`]), exactly as
//! it is solved, so that `dancing cover` on the text searches the same tree.
//!
//! Option indices from elsewhere (a caller's, not the search's) are read back with
//! `try_decode`, which refuses indices that are no solution with [`NotASolution`] (a
//! tiling's with [`tiling::DecodeError`]) where `decode` would panic.
//!
//! The functions [`queens()`] and [`langford()`] give the bare [`Problem`]s that the tests
//! and benches count.

pub mod langford;
pub mod polycube;
pub mod polyomino;
pub mod queens;
pub mod size;
pub mod svg;
pub mod tiling;

use thiserror::Error;

use crate::{Names, Problem, ProblemBuilder};

/// Option indices that are no solution of a front end's problem, found by
/// [`queens::Queens::try_decode`] and [`langford::Langford::try_decode`] (a tiling's have
/// [`tiling::DecodeError`], which names the board's cells).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotASolution {
    /// An index that is not an option.
    #[error("there is no option {option}: the problem has {options}")]
    NoOption {
        /// The index given.
        option: usize,
        /// The number of options.
        options: usize,
    },
    /// Two options that cover one item (primary, or secondary: at most once).
    #[error("not a solution: two options cover item {item}")]
    CoveredTwice {
        /// The item's name.
        item: String,
    },
    /// A primary item that no option covers.
    #[error("not a solution: no option covers item {item}")]
    NotCovered {
        /// The item's name.
        item: String,
    },
}

/// Whether `solution` is a solution of `problem`, a front end's problem with names and
/// without colors or multiplicities: every index an option, every primary item covered
/// exactly once, every secondary item at most once.
///
/// # Errors
/// The first index that is no option, else the first item (in item order) covered twice,
/// else the first primary item not covered.
fn check(problem: &Problem, solution: &[usize]) -> Result<(), NotASolution> {
    debug_assert!(!problem.has_colors() && !problem.has_multiplicities());
    let options = problem.option_count();
    if let Some(&option) = solution.iter().find(|&&k| k >= options) {
        return Err(NotASolution::NoOption { option, options });
    }
    let mut covered = vec![0_u32; problem.item_count()];
    for &k in solution {
        for i in problem.option(k) {
            covered[i] += 1;
        }
    }
    let name = |i: usize| item_names(problem)[i].clone();
    if let Some(i) = covered.iter().position(|&c| c > 1) {
        return Err(NotASolution::CoveredTwice { item: name(i) });
    }
    match (0..problem.primary_items()).find(|&i| covered[i] == 0) {
        Some(i) => Err(NotASolution::NotCovered { item: name(i) }),
        None => Ok(()),
    }
}

/// Knuth's example (TAOCP 7.2.2.1-(5)): primary items A..E (0..5), secondary F G (5, 6), and
/// the options `C E F`, `A D G`, `B C F`, `A D`, `B G`, `D E G`. Its one solution is options
/// 3, 0 and 4: {A D}, {C E F}, {B G}.
pub fn knuth_example() -> Problem {
    let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
    build(
        5,
        2,
        [
            vec![c, e, f],
            vec![a, d, g],
            vec![b, c, f],
            vec![a, d],
            vec![b, g],
            vec![d, e, g],
        ],
    )
}

/// N queens on an `n x n` board: rows (items `0..n`) and columns (`n..2n`) primary, the
/// `2n - 1` diagonals each way secondary; option `r * n + c` puts a queen at row `r`, column
/// `c`. The solution counts are OEIS A000170 (92 for `n = 8`). This is
/// [`queens::Queens::new`] in [`queens::Order::Natural`]; see [`mod@queens`] for why.
///
/// # Panics
/// Outside `1..=`[`queens::MAX_N`], which [`queens::Queens::new`] refuses: this is the
/// tests' and benches' shorthand, for sizes they choose.
pub fn queens(n: usize) -> Problem {
    queens::Queens::new(n, queens::Order::Natural)
        .expect("a size of the tests, within the range")
        .problem()
        .clone()
}

/// Langford pairs L(2, n): place two copies of each value `1..=n` in `2n` slots so that the
/// copies of `v` have `v` slots between them. Items are the values (`0..n`), then the slots;
/// options are in value order, then by first slot. With `half`, value 1 starts only in the
/// first `n - 1` slots, which keeps one of each mirror-image pair (as in
/// `langford-N-half.dlx`). Counts: OEIS A014552, doubled without `half`. This is the problem
/// of [`langford::Langford::new`].
///
/// # Panics
/// Outside `1..=`[`langford::MAX_N`], which [`langford::Langford::new`] refuses: this is the
/// tests' and benches' shorthand, for sizes they choose.
pub fn langford(n: usize, half: bool) -> Problem {
    langford::Langford::new(n, half)
        .expect("a size of the tests, within the range")
        .problem()
        .clone()
}

/// `text` (in Knuth's format) after a comment line holding `comment` (its line ends turned
/// into spaces, so that it stays one comment line).
pub(crate) fn with_comment(comment: &str, text: &str) -> String {
    let comment = comment.replace(['\n', '\r'], " ");
    format!("| {comment}\n{text}")
}

/// Builds a problem whose options are known to be well formed, with the given item names
/// (`item_names.len() - primary` secondary items), known to be valid and unique.
fn build_named(
    primary: usize,
    item_names: Vec<String>,
    options: impl IntoIterator<Item = Vec<usize>>,
) -> Problem {
    let names = Names::new(item_names).expect("generated item names are valid and unique");
    build(primary, names.item_count() - primary, options)
        .with_names(names)
        .expect("generated names name every item")
}

/// The item names of a problem built with names (by [`build_named`], or by the tiling
/// encoder).
fn item_names(problem: &Problem) -> &[String] {
    problem
        .names()
        .expect("the problem was built with names")
        .items()
}

/// Builds a problem whose options are known to be well formed.
fn build(
    primary: usize,
    secondary: usize,
    options: impl IntoIterator<Item = Vec<usize>>,
) -> Problem {
    let mut b = ProblemBuilder::new(primary, secondary);
    for option in options {
        b.option(option).expect("generated options are well formed");
    }
    b.build().expect("generated problems are small")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Count, Solver};

    #[test]
    fn langford_has_solutions_exactly_when_the_search_finds_one() {
        for n in 1..=12 {
            let langford = langford::Langford::new(n, true).unwrap();
            let found =
                Solver::new(langford.problem()).count(Some(1)).unwrap() == Count::at_least(1u32);
            assert_eq!(langford.has_solutions(), found, "{n}");
        }
    }

    #[test]
    fn options_that_are_no_solution_are_refused_with_the_option_or_the_item() {
        let queens = queens::Queens::new(4, queens::Order::Natural).unwrap();
        // Rows 0..3, columns 1 3 0 2: a solution.
        assert_eq!(
            queens.try_decode(&[1, 7, 8, 14]).unwrap().columns(),
            [1, 3, 0, 2]
        );
        let refused = |solution: &[usize]| queens.try_decode(solution).unwrap_err();
        assert_eq!(
            refused(&[16]),
            NotASolution::NoOption {
                option: 16,
                options: 16
            }
        );
        // Two queens in row 0; then two on the diagonal of r0c0 and r1c1.
        assert_eq!(
            refused(&[0, 1]).to_string(),
            "not a solution: two options cover item r0"
        );
        assert_eq!(
            refused(&[0, 5]),
            NotASolution::CoveredTwice { item: "b3".into() }
        );
        assert_eq!(
            refused(&[1, 7]),
            NotASolution::NotCovered { item: "r2".into() }
        );
        let langford = langford::Langford::new(3, false).unwrap();
        let first = Solver::new(langford.problem())
            .next_solution()
            .unwrap()
            .unwrap();
        assert_eq!(langford.try_decode(&first), Ok(langford.decode(&first)));
        // An option left out leaves its value uncovered (values come before slots); one
        // given twice covers its value twice.
        assert!(matches!(
            langford.try_decode(&first[1..]),
            Err(NotASolution::NotCovered { item }) if item.starts_with('v')
        ));
        assert!(matches!(
            langford.try_decode(&[first[0], first[0]]),
            Err(NotASolution::CoveredTwice { item }) if item.starts_with('v')
        ));
    }

    #[test]
    fn langford_counts_match_oeis_a014552() {
        for (n, count) in [(3, 1), (4, 1), (7, 26), (8, 150)] {
            assert_eq!(Solver::new(&langford(n, true)).count(None).unwrap(), count);
            assert_eq!(
                Solver::new(&langford(n, false)).count(None).unwrap(),
                2 * count
            );
        }
        assert_eq!(Solver::new(&langford(5, false)).count(None).unwrap(), 0);
    }
}
