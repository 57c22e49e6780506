//! The group, the totals and the counts up to symmetry against published values and against
//! brute force on random symmetric problems.

use num_bigint::BigUint;

use super::*;
use crate::problem::ProblemBuilder;
use crate::solver::Solver;

#[test]
fn the_queens_groups_are_the_squares() {
    for n in [4, 5, 6, 8] {
        let problem = crate::problems::queens(n);
        assert_eq!(
            *group(&problem).unwrap().order(),
            BigUint::from(8u32),
            "{n} queens"
        );
    }
}

#[test]
fn queens_counted_with_the_group_and_up_to_it_match_oeis() {
    // A000170 and A002562.
    for (n, all, classes) in [
        (4, 2u64, 1u64),
        (5, 10, 2),
        (6, 4, 1),
        (7, 40, 6),
        (8, 92, 12),
        (9, 352, 46),
        (10, 724, 92),
    ] {
        let problem = crate::problems::queens(n);
        let g = group(&problem).unwrap();
        assert_eq!(count(&problem, &g, 1).total, all, "{n} queens");
        assert_eq!(count(&problem, &g, 3).total, all, "{n} queens, 3 threads");
        assert_eq!(
            count_up_to_symmetry(&problem, &g, 1).unwrap(),
            classes,
            "{n} queens"
        );
        let mut sizes = 0;
        let mut families_seen = 0;
        families(&problem, &g, |f| {
            sizes += f.size as u64;
            families_seen += 1;
            true
        })
        .unwrap();
        assert_eq!(
            (families_seen, sizes),
            (classes, all),
            "{n} queens' families"
        );
    }
}
