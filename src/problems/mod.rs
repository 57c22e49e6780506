//! Classic exact-cover problems built in memory: Knuth's seven-item example, N queens and
//! Langford pairs. They show how to state a problem with [`ProblemBuilder`], and the tests
//! and benches use them with their published solution counts.

use crate::{Problem, ProblemBuilder};

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
/// `c`. The solution counts are OEIS A000170 (92 for `n = 8`).
pub fn queens(n: usize) -> Problem {
    let diagonals = 2 * n - 1;
    build(
        2 * n,
        2 * diagonals,
        (0..n * n).map(|k| {
            let (r, c) = (k / n, k % n);
            vec![r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 + r - c)]
        }),
    )
}

/// Langford pairs L(2, n): place two copies of each value `1..=n` in `2n` slots so that the
/// copies of `v` have `v` slots between them. Items are the values (`0..n`), then the slots;
/// options are in value order, then by first slot. With `half`, value 1 starts only in the
/// first `n - 1` slots, which keeps one of each mirror-image pair (as in
/// `langford-N-half.dlx`). Counts: OEIS A014552, doubled without `half`.
pub fn langford(n: usize, half: bool) -> Problem {
    let mut options = Vec::new();
    for value in 1..=n {
        let last_start = if half && value == 1 {
            n - 1
        } else {
            (2 * n).saturating_sub(value + 1)
        };
        for start in 1..=last_start {
            options.push(vec![value - 1, n + start - 1, n + start + value]);
        }
    }
    build(3 * n, 0, options)
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
    use crate::Solver;

    #[test]
    fn langford_counts_match_oeis_a014552() {
        for (n, count) in [(3, 1), (4, 1), (7, 26), (8, 150)] {
            assert_eq!(Solver::new(&langford(n, true)).count(None), Ok(count));
            assert_eq!(Solver::new(&langford(n, false)).count(None), Ok(2 * count));
        }
        assert_eq!(Solver::new(&langford(5, false)).count(None), Ok(0));
    }
}
