//! The top of a count with the group cut into pieces that [`crate::parts`] hands out:
//! [`Pieces`], the walk's leaves, each cut further by plain branching until there are enough.
//!
//! A piece is a set of options forced and a weight, the product of the orbits' sizes on the
//! walk's way to it: the total is the sum over the pieces of the weight times the completions
//! of the options forced, plus the solutions met above the pieces (weighted too). Below the
//! walk's leaves only the identity is left, so a round of cutting branches every piece on the
//! free primary item with the fewest live options (the least such item), one piece for each
//! live option, with the piece's weight: every completion covers that item with exactly one
//! of them. A piece that covers every primary item is a solution, counted above; one with a
//! free primary item and no live option for it has no completion, and goes. The cut is
//! deterministic: the same problem and group, and the same number of rounds, give the same
//! pieces.

use num_bigint::BigUint;

use super::Group;
use super::orbits::{self, Ended, FREE, Leaf, live_in};
use crate::problem::Problem;
use crate::search::Stats;
use crate::solver::Solver;

/// The pieces of a count with the group (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The order of the group the walk used: 1 where it used none (a trivial group, a
    /// problem with multiplicities, a walk past its budget).
    pub order: u64,
    /// The rounds of plain branching below the walk's leaves.
    pub rounds: usize,
    /// The pieces, each the options forced (indices into the problem) and its weight, in the
    /// order of the walk.
    pub pieces: Vec<Leaf>,
    /// The solutions met above the pieces, weighted.
    pub solutions: BigUint,
}

impl Pieces {
    /// The walk's leaves of `problem` with `group`, cut by as many rounds as it takes to have
    /// at least `min` pieces (or none left to cut). A problem with multiplicities is one
    /// piece, the whole problem: the walk and the cut assume each primary item covered once.
    pub fn at_least(problem: &Problem, group: &Group, min: usize) -> Pieces {
        Pieces::cut(problem, group, |pieces, _| pieces.len() >= min)
    }

    /// The walk's leaves of `problem` with `group`, cut by `rounds` rounds (or until none is
    /// left to cut): the pieces of [`Pieces::at_least`] again, from their number of rounds.
    pub fn after(problem: &Problem, group: &Group, rounds: usize) -> Pieces {
        Pieces::cut(problem, group, |_, round| round >= rounds)
    }

    fn cut(problem: &Problem, group: &Group, enough: impl Fn(&[Leaf], usize) -> bool) -> Pieces {
        let (mut pieces, order) = orbits::walk(problem, group);
        let mut solutions = BigUint::from(0u32);
        let mut rounds = 0;
        if problem.has_multiplicities() {
            return Pieces {
                order,
                rounds,
                pieces,
                solutions,
            };
        }
        let mut state = vec![FREE; problem.item_count()];
        while !pieces.is_empty() && !enough(&pieces, rounds) {
            let mut next = Vec::with_capacity(pieces.len());
            for (chosen, weight) in pieces {
                for &k in &chosen {
                    for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
                        state[i] = c.map_or(0, |c| c + 1);
                    }
                }
                match branch(problem, &state) {
                    None => solutions += weight,
                    Some(live) => {
                        for k in live {
                            let mut more = chosen.clone();
                            more.push(k);
                            next.push((more, weight));
                        }
                    }
                }
                for &k in &chosen {
                    for i in problem.option(k) {
                        state[i] = FREE;
                    }
                }
            }
            pieces = next;
            rounds += 1;
        }
        Pieces {
            order,
            rounds,
            pieces,
            solutions,
        }
    }

    /// The problem to count the pieces on, and the pieces renumbered for it: the problem
    /// without the options that no piece's search can take, where that is worth it (see
    /// the walk's `orbits::narrowed`); else the problem and the pieces as they are.
    pub fn narrowed(&self, problem: &Problem) -> (Problem, Vec<Leaf>) {
        orbits::narrowed(problem, &self.pieces)
            .unwrap_or_else(|| (problem.clone(), self.pieces.clone()))
    }
}

/// The live options of the free primary item with the fewest (the least such item) in the
/// items' `state`; `None` when every primary item is covered.
fn branch(problem: &Problem, state: &[u32]) -> Option<Vec<usize>> {
    let mut uses = vec![Vec::new(); problem.primary_items()];
    for k in 0..problem.option_count() {
        if !live_in(problem, state, k) {
            continue;
        }
        for i in problem.option(k) {
            if i < uses.len() {
                uses[i].push(k);
            }
        }
    }
    (0..uses.len())
        .filter(|&i| state[i] == FREE)
        .min_by_key(|&i| uses[i].len())
        .map(|i| std::mem::take(&mut uses[i]))
}

/// Counts the completions of the options `forced` on `solver` (reset first), asking `stop`
/// every few thousand nodes: the solutions found and the search's statistics, or `None` when
/// `stop` said to stop.
pub fn count_piece(
    solver: &mut Solver,
    forced: &[usize],
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<(u64, Stats)> {
    solver.reset();
    if solver.force_all(forced).is_err() {
        return Some((0, solver.stats()));
    }
    match orbits::count_stoppable(solver, stop, &|_| false) {
        (found, Ended::Exhausted) => Some((found, solver.stats())),
        _ => None,
    }
}
