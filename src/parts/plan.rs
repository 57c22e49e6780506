//! Planning the cut: where a problem's search tree is split into parts, and the check that a
//! split read from a file is the one this engine makes of a given problem.

use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::{Fingerprint, Header, Part};
use crate::parallel::{Cut, Stopped};
#[cfg(feature = "symmetry")]
use crate::symmetry::{self, Pieces, SymmetryError};
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
    /// The weight of part `id` at index `id`: 1 in a split without the group.
    pub(super) weights: Vec<u64>,
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
                symmetry: None,
            },
            weights: vec![1; cut.subtrees.len()],
            prefixes: cut.subtrees,
        }
    }

    /// Splits a count of `problem` with its symmetry group into at least `min_parts` parts
    /// where its tree has that many: the pieces of [`Pieces::at_least`], weighted (see the
    /// module docs, "With the group"). The walk has a bound of its own and is not stopped.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use dancing::parts::{Split, solve_parts};
    /// let problem = dancing::problems::queens(8);
    /// let split = Split::with_symmetry(&problem, 10, &AtomicBool::new(false))?;
    /// assert!(split.len() >= 10 && split.header().symmetry == Some(8));
    /// let ids: Vec<usize> = (0..split.len()).collect();
    /// let total = std::sync::Mutex::new(split.header().above.solutions.clone());
    /// solve_parts(&problem, &split, &ids, 1, &AtomicBool::new(false), |result| {
    ///     *total.lock().unwrap() += result.count;
    ///     std::ops::ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(total.into_inner().unwrap(), 92u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SymmetryError`] when the group cannot be computed (the problem too large), or
    /// [`SymmetryError::Stopped`] when `stop` was raised while nauty computed it (the walk
    /// after it has a bound of its own and is not stopped).
    #[cfg(feature = "symmetry")]
    pub fn with_symmetry(
        problem: &Problem,
        min_parts: usize,
        stop: &AtomicBool,
    ) -> Result<Split, SymmetryError> {
        let group =
            symmetry::group_until(problem, &|| stop.load(std::sync::atomic::Ordering::Relaxed))?;
        let pieces = Pieces::at_least(problem, &group, min_parts);
        Ok(Split::from_pieces(Fingerprint::of(problem), pieces))
    }

    #[cfg(feature = "symmetry")]
    fn from_pieces(fingerprint: Fingerprint, pieces: Pieces) -> Split {
        let (prefixes, weights) = pieces.pieces.into_iter().unzip();
        let mut split = Split {
            header: Header {
                fingerprint,
                depth: pieces.rounds,
                parts: 0,
                above: crate::parallel::Total {
                    solutions: crate::Count::exact(pieces.solutions),
                    ..Default::default()
                },
                symmetry: Some(pieces.order),
            },
            prefixes,
            weights,
        };
        split.header.parts = split.prefixes.len();
        split
    }

    /// The split of `problem` made as `header` says (at its depth, with the group if it says
    /// so): what [`Split::check`] compares a split read with, and a resumed checkpoint's
    /// split, whose header is then `header` if it is this problem's and this version's.
    ///
    /// # Errors
    /// [`CheckError::Stopped`] if `stop` was raised first; [`CheckError::Symmetry`].
    pub fn remade(
        problem: &Problem,
        header: &Header,
        stop: &AtomicBool,
    ) -> Result<Split, CheckError> {
        if header.has_symmetry() {
            return Split::remade_with_group(problem, header, stop);
        }
        let cut = Cut::at(&tree_solver(problem), header.depth, stop)?;
        Ok(Split::from_cut(Fingerprint::of(problem), cut))
    }

    /// [`Split::remade`] of a split made with the group: the group found again, its walk cut
    /// after the header's rounds.
    #[cfg(feature = "symmetry")]
    fn remade_with_group(
        problem: &Problem,
        header: &Header,
        stop: &AtomicBool,
    ) -> Result<Split, CheckError> {
        let group =
            symmetry::group_until(problem, &|| stop.load(std::sync::atomic::Ordering::Relaxed))
                .map_err(|e| match e {
                    SymmetryError::Stopped => CheckError::Stopped(Stopped::default()),
                    e => CheckError::Symmetry(e),
                })?;
        let pieces = Pieces::after(problem, &group, header.depth);
        Ok(Split::from_pieces(Fingerprint::of(problem), pieces))
    }

    /// [`Split::remade`] of a split made with the group, in a build without the group.
    #[cfg(not(feature = "symmetry"))]
    fn remade_with_group(_: &Problem, _: &Header, _: &AtomicBool) -> Result<Split, CheckError> {
        Err(CheckError::NoSymmetry)
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
            depth: self.prefixes[id].len(),
            prefix: self.prefixes[id].clone(),
            weight: self.header.has_symmetry().then_some(self.weights[id]),
        }
    }

    /// The weight of part `id`: the number its count is multiplied by (1 in a split without
    /// the group).
    ///
    /// # Panics
    /// If `id >= self.len()`.
    pub fn weight(&self, id: usize) -> u64 {
        self.weights[id]
    }

    /// Checks that this is a split of `problem` as this engine searches it: the fingerprint
    /// is the problem's, and cutting its tree at the same depth gives the same parts and the
    /// same work above the cut. This searches the levels above the cut again (with the
    /// group: computes the group, walks and cuts again).
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
        if Split::remade(problem, &self.header, stop)? != *self {
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
    /// The split is of a count with the group, whose group could not be computed again.
    #[cfg(feature = "symmetry")]
    #[error("the parts were made with the symmetry group, not found again: {0}")]
    Symmetry(SymmetryError),
    /// The split is of a count with the group, and this build has no group (its feature
    /// `symmetry` is off).
    #[cfg(not(feature = "symmetry"))]
    #[error(
        "the parts were made with the symmetry group, which this build cannot compute (the \
         feature `symmetry` is off)"
    )]
    NoSymmetry,
}
