//! Knuth's estimator ([`dancing::estimate`]) on the links of every class: DLX2 on colors and
//! DLX3 on multiplicities (the unit tests cover DLX1): the mean of many paths lands near
//! the nodes the links' whole search counts.

use crate::common;

use dancing::{Engine, Problem, Solver};

/// The problem of a file in Knuth's format.
fn read(path: &std::path::Path) -> Problem {
    let bytes = std::fs::read(path).unwrap();
    dancing::knuth::parse(&bytes).unwrap().problem
}

/// Asserts that 2,000 paths estimate the links' nodes on `problem` within a factor of 2.
fn assert_near(problem: &Problem, name: &str) {
    let mut solver = Solver::with_engine(problem, Engine::Links);
    solver.count(None).unwrap();
    let truth = solver.stats().nodes as f64;
    let e = dancing::estimate::estimate(problem, 2000, 1, None);
    assert!(
        e.mean > truth / 2.0 && e.mean < truth * 2.0,
        "{name}: {} vs {truth}",
        e.mean
    );
}

#[test]
fn the_estimate_lands_near_dlx2_s_nodes_on_colors() {
    // Knuth's DLX2 counts 85,031 nodes on it.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/exact-cover/masyu-4x6.dlx");
    assert_near(&read(&path), "masyu-4x6");
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_estimate_lands_near_dlx3_s_nodes_on_multiplicities() {
    let Some(path) = common::shared_data("exact-cover-multiplicities/queendom-4-4.dlx") else {
        return;
    };
    assert_near(&read(&path), "queendom-4-4");
}
