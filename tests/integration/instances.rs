//! Every exact-cover instance of `../shared/data/exact-cover/` counted through the binary,
//! against the published counts, and Knuth's DLX1 search statistics reproduced exactly.
//!
//! Run in release mode (`cargo test --release`). The tests are ignored when the shared data
//! is absent (`build.rs`); copies of small instances in `puzzles/exact-cover/` always run (see
//! `cli_cover.rs`).

use crate::common;

use std::fmt::Display;

use common::{dancing, shared_data, stat};

/// Runs `dancing cover --count --stats` on `file` of `../shared/data/exact-cover/` and
/// returns the count and the stats text, or `None` (saying so) when the file is absent.
fn count(file: &str) -> Option<(u64, String)> {
    count_on(file, "auto")
}

/// [`count`] on the engine named (`--engine`).
fn count_on(file: &str, engine: &str) -> Option<(u64, String)> {
    let path = shared_data(&format!("exact-cover/{file}"))?;
    let out = dancing()
        .args(["cover", "--count", "--stats", "--engine", engine])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{file}: {out:?}");
    let count = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    Some((count, String::from_utf8(out.stderr).unwrap()))
}

/// Checks that each file is counted with its expected number of solutions; stops, saying so,
/// at the first absent file.
fn assert_counts<F: AsRef<str> + Display>(cases: impl IntoIterator<Item = (F, u64)>) {
    for (file, expected) in cases {
        let Some((found, _)) = count(file.as_ref()) else {
            return;
        };
        assert_eq!(found, expected, "{file}");
    }
}

/// N queens, OEIS A000170.
const QUEENS: [(usize, u64); 11] = [
    (4, 2),
    (5, 10),
    (6, 4),
    (7, 40),
    (8, 92),
    (9, 352),
    (10, 724),
    (11, 2680),
    (12, 14200),
    (13, 73712),
    (14, 365596),
];

/// Each n queens count for both of its files, `nqueens-N.dlx` and `nqueens-N-primary.dlx`.
fn queens_in_both_encodings(
    counts: impl IntoIterator<Item = (usize, u64)>,
) -> impl Iterator<Item = (String, u64)> {
    counts.into_iter().flat_map(|(n, expected)| {
        [
            (format!("nqueens-{n}.dlx"), expected),
            (format!("nqueens-{n}-primary.dlx"), expected),
        ]
    })
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn n_queens_counts_match_oeis_a000170_in_both_encodings() {
    assert_counts(queens_in_both_encodings(QUEENS));
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn langford_pair_counts_match_oeis_a014552() {
    assert_counts([
        ("langford-7.dlx", 52),
        ("langford-7-half.dlx", 26),
        ("langford-8.dlx", 300),
        ("langford-8-half.dlx", 150),
        ("langford-11.dlx", 35584),
        ("langford-11-half.dlx", 17792),
        ("langford-12.dlx", 216288),
        ("langford-12-half.dlx", 108144),
    ]);
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn pentomino_tiling_counts_match_the_published_ones() {
    assert_counts([
        ("pentomino-6x10-xq.dlx", 2339),
        ("pentomino-5x12.dlx", 4040),
        ("pentomino-4x15.dlx", 1472),
        ("pentomino-3x20.dlx", 8),
    ]);
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn each_hard_sudoku_matrix_has_one_solution() {
    assert_counts(
        [
            "sudoku-hard.dlx",
            "sudoku-hard-reduced.dlx",
            "sudoku-hard1.dlx",
            "sudoku-hard1-reduced.dlx",
        ]
        .map(|file| (file, 1)),
    );
}

/// The search tree is DLX1's: same nodes, same updates (`../shared/data/README.md`).
#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn search_statistics_equal_knuth_s_dlx1() {
    for (file, solutions, nodes, updates) in [
        ("pentomino-6x10.dlx", 9356, 3_637_261, 1_242_377_480),
        ("nqueens-14.dlx", 365_596, 5_474_542, 91_497_926),
        ("langford-12-half.dlx", 108_144, 1_564_533, 21_839_525),
        ("sudoku-hard.dlx", 1, 20_417, 348_652),
    ] {
        // On the bits, DLX1's tree (`auto` takes the band engine on the Sudoku matrix).
        let Some((found, stats)) = count_on(file, "bits") else {
            return;
        };
        assert_eq!(found, solutions, "{file}");
        assert_eq!(stat::<u64>(&stats, "nodes"), nodes, "{file} nodes");
        assert_eq!(stat::<u64>(&stats, "updates"), updates, "{file} updates");
    }
}

/// About 25 s in release mode on a 2-core machine: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn the_largest_n_queens_counts_match_oeis_a000170() {
    assert_counts(queens_in_both_encodings([
        (15, 2_279_184),
        (16, 14_772_512),
    ]));
}
