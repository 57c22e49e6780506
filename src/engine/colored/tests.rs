//! Unit tests of the colored links: the layout of DLX2's example, and purify, unpurify, tweak
//! and untweak undone in order with the invariants checked; also the example problem that
//! the engines' tests share.

use super::*;
use crate::problem::ProblemBuilder;

/// DLX2's example (dlx2.w): primary A B C, secondary X Y; options `A B X:0 Y:0`,
/// `A C X:1 Y:1`, `X:0 Y:1` (no primary item: left out), `B X:1`, `C Y:1`.
pub(crate) fn dlx2_example_problem() -> crate::Problem {
    let (a, b, c, x, y) = (0, 1, 2, 3, 4);
    let mut builder = ProblemBuilder::new(3, 2);
    for option in [
        vec![(a, None), (b, None), (x, Some(0)), (y, Some(0))],
        vec![(a, None), (c, None), (x, Some(1)), (y, Some(1))],
        vec![(x, Some(0)), (y, Some(1))],
        vec![(b, None), (x, Some(1))],
        vec![(c, None), (y, Some(1))],
    ] {
        builder.colored_option(option).unwrap();
    }
    builder.build().unwrap()
}

/// The links of [`dlx2_example_problem`].
fn dlx2_example() -> ColorLinks {
    ColorLinks::new(&dlx2_example_problem())
}

#[test]
fn nodes_are_sixteen_bytes_and_the_layout_follows_dlx2() {
    assert_eq!(STRIDE, 16);
    let l = dlx2_example();
    // Root, 5 headers, 5 spacers (4 options in the arena) and 12 option nodes.
    assert_eq!(l.nodes.len(), 1 + 5 + 5 + 12);
    assert_eq!(l.len[1..].to_vec(), vec![2, 2, 2, 3, 3]);
    assert_eq!(l.option_of(l.first_node_of(3).unwrap()), 3);
    assert_eq!(l.first_node_of(2), None);
    // `B X:1`: X's node has color 1 + 1.
    let x = l.first_node_of(3).unwrap() + STRIDE;
    assert_eq!(node(&l.nodes, x).color, 2);
    l.check().unwrap();
}

#[test]
fn purify_hides_the_other_colors_and_cleanses_its_own_then_unpurify_restores() {
    let pristine = dlx2_example();
    let mut l = pristine.clone();
    // Choose `A C X:1 Y:1` as the search would: cover A, then commit C, X:1, Y:1.
    let first = l.first_node_of(1).unwrap();
    l.cover_option(first);
    l.check().unwrap();
    // X keeps `B X:1` (cleansed); the other option with X:0 went with A.
    let b_x = l.first_node_of(3).unwrap() + STRIDE;
    assert_eq!(node(&l.nodes, b_x).color, CLEANSED);
    assert_eq!(l.len[2], 1, "B keeps `B X:1`");
    // Updates: A (1) hides 3 nodes of `A B X:0 Y:0` and 3 of `A C X:1 Y:1`; C (1) hides
    // `C Y:1`'s Y (1); X purified: nothing left to hide; Y purified: nothing either.
    // Cleansings: X (1 + `B X:1`), Y (1).
    assert_eq!(l.work(), (1 + 6 + 1 + 1, 3));
    l.uncover_option(first);
    l.check().unwrap();
    assert!(l.same_as(&pristine));
}

#[test]
fn tweaks_then_one_untweak_restore_every_list() {
    // Item 0 with bounds, four options over it and item 1.
    let mut b = ProblemBuilder::new(2, 0);
    b.bounds(0, 0, 3).unwrap();
    for option in [vec![0, 1], vec![0], vec![0, 1], vec![1]] {
        b.option(option).unwrap();
    }
    let pristine = ColorLinks::new(&b.build().unwrap());
    for block in [true, false] {
        let mut l = pristine.clone();
        if !block {
            l.cover(1);
        }
        let first = l.first_in(1);
        let mut x = first;
        for _ in 0..3 {
            l.tweak(x, block);
            l.check().unwrap();
            x = l.down(x);
        }
        assert_eq!(l.len[1], 0);
        l.untweak(1, first, block);
        if !block {
            l.reactivate(1);
        }
        l.check().unwrap();
        assert!(l.same_as(&pristine), "block = {block}");
    }
}

#[test]
fn the_checker_notices_a_cleansed_node_outside_a_purified_item() {
    let mut l = dlx2_example();
    let b_x = l.first_node_of(3).unwrap() + STRIDE;
    node_mut(&mut l.nodes, b_x).color = CLEANSED;
    assert!(l.check().unwrap_err().contains("cleansed"));
    let mut l = dlx2_example();
    l.len[4] += 1;
    assert!(l.check().is_err());
}
