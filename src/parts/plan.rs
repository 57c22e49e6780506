//! Planning the cut: where a problem's search tree is split into parts, and the check that a
//! split read from a file is the one this engine makes of a given problem.

use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::{Fingerprint, Header, Part};
use crate::parallel::{Cut, Stopped};
use crate::{Choice, Engine, Problem, Solver};

/// A solver of `problem` on the tree that parts cut: the tree of a search whose statistics
/// are reported ([`Engine::for_stats`] of [`Engine::Auto`]), so that the parts' nodes and
/// updates add up to those of `dancing cover --count --stats`. (`Auto` would search its own
/// tree on 9x9 Sudoku's matrix and on multiplicities, whose statistics no one-thread search
/// with `--stats` reports.) It branches by MRV, whatever `Auto` would choose, so that every
/// part searches Knuth's tree below its prefix, with no weights learned elsewhere.
pub(super) fn tree_solver(problem: &Problem) -> Solver {
    let mut solver = Solver::with_engine(problem, Engine::Auto.for_stats(problem));
    solver.set_choice(Choice::Mrv);
    solver
}

/// A cut of one problem's search tree into parts: a [`Header`] and the parts' prefixes.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dancing::parts::{Ledger, Split, solve_parts};
/// let problem = dancing::problems::queens(8);
/// let split = Split::new(&problem, 20, &AtomicBool::new(false))?;
/// assert!(split.len() >= 20);
/// let mut ledger = Ledger::new(split.header().clone());
/// let ids: Vec<usize> = (0..split.len()).collect();
/// let results = std::sync::Mutex::new(Vec::new());
/// solve_parts(&problem, &split, &ids, 2, &AtomicBool::new(false), |result| {
///     results.lock().unwrap().push(result);
///     std::ops::ControlFlow::Continue(())
/// })?;
/// for result in results.into_inner().unwrap() {
///     ledger.record(result, "memory")?;
/// }
/// assert_eq!(ledger.total()?.solutions, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub(super) header: Header,
    /// The prefix of part `id` at index `id`.
    pub(super) prefixes: Vec<Vec<usize>>,
}

impl Split {
    /// Splits the tree of `problem` at the shallowest level with at least `min_parts` parts.
    /// A tree with fewer nodes than that at every level is searched whole by the split, and
    /// has no part: its header holds the whole count.
    ///
    /// # Errors
    /// [`Stopped`] if `stop` was raised first.
    pub fn new(problem: &Problem, min_parts: usize, stop: &AtomicBool) -> Result<Split, Stopped> {
        let cut = Cut::first_with(&tree_solver(problem), min_parts, stop)?;
        Ok(Split::from_cut(Fingerprint::of(problem), cut))
    }

    /// Splits the tree of `problem` at level `depth` (0: one part, the whole tree).
    ///
    /// # Errors
    /// [`Stopped`] if `stop` was raised first.
    pub fn at_depth(problem: &Problem, depth: usize, stop: &AtomicBool) -> Result<Split, Stopped> {
        let cut = Cut::at(&tree_solver(problem), depth, stop)?;
        Ok(Split::from_cut(Fingerprint::of(problem), cut))
    }

    fn from_cut(fingerprint: Fingerprint, cut: Cut) -> Split {
        Split {
            header: Header {
                fingerprint,
                depth: cut.depth,
                parts: cut.subtrees.len(),
                above: cut.above,
            },
            prefixes: cut.subtrees,
        }
    }

    /// The header: the problem, the cut and the work above it.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The number of parts.
    pub fn len(&self) -> usize {
        self.prefixes.len()
    }

    /// Whether there is no part (the whole tree lies above the cut).
    pub fn is_empty(&self) -> bool {
        self.prefixes.is_empty()
    }

    /// Part `id`.
    ///
    /// # Panics
    /// If `id >= self.len()`.
    pub fn part(&self, id: usize) -> Part {
        Part {
            id,
            fingerprint: self.header.fingerprint,
            depth: self.header.depth,
            prefix: self.prefixes[id].clone(),
        }
    }

    /// Checks that this is a split of `problem` as this engine searches it: the fingerprint
    /// is the problem's, and cutting its tree at the same depth gives the same parts and the
    /// same work above the cut. This searches the levels above the cut again.
    ///
    /// # Errors
    /// [`CheckError`].
    pub fn check(&self, problem: &Problem, stop: &AtomicBool) -> Result<(), CheckError> {
        let fingerprint = Fingerprint::of(problem);
        if fingerprint != self.header.fingerprint {
            return Err(CheckError::OtherProblem {
                split: self.header.fingerprint,
                problem: fingerprint,
            });
        }
        let cut = Cut::at(&tree_solver(problem), self.header.depth, stop)?;
        if Split::from_cut(fingerprint, cut) != *self {
            return Err(CheckError::OtherTree);
        }
        Ok(())
    }
}

/// A split that is not one of the given problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The split is of another problem.
    #[error("the parts are of another problem (fingerprint {split}; this one's is {problem})")]
    OtherProblem {
        /// The split's fingerprint.
        split: Fingerprint,
        /// The problem's.
        problem: Fingerprint,
    },
    /// The fingerprint is the problem's, but its tree is cut elsewhere: the split was made by
    /// an engine that searches another tree (another version of this crate).
    #[error(
        "the parts do not match this problem's search tree (split by another version of the \
         engine?)"
    )]
    OtherTree,
    /// Stopped by the flag while searching above the cut.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}
