//! Rating a puzzle's difficulty from the exact-cover search itself.
//!
//! Two readings, neither of which imitates a human solving technique:
//! - **singles**: whether items with one option left solve the puzzle alone (see
//!   [`super::hint`]): naked singles only (cell items), or hidden singles too (house-digit
//!   items: boxes, rows, columns, and a variant's regions, diagonals, windows and extra
//!   regions);
//! - **the search**: the engine's search (DLX1's tree: the leftmost item of fewest options)
//!   counting solutions up to two. A puzzle that singles solve makes the search a single
//!   path, one node per blank cell plus one for the solution, so the nodes *beyond that
//!   path* measure how much the search had to guess: 0 for singles, more for each wrong
//!   branch it had to enter.
//!
//! The [`Band`] maps these readings to names:
//!
//! | band | reading |
//! |---|---|
//! | `simple` | naked singles alone solve it |
//! | `easy` | naked and hidden singles solve it |
//! | `medium` | the search enters at most [`MEDIUM_EXTRA`] nodes beyond the path |
//! | `hard` | at most [`HARD_EXTRA`] |
//! | `expert` | more |
//!
//! The table under `rate` in `docs/guide.md` shows how these bands line up with qqwing's four
//! levels.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use super::grid::Grid;
use super::hint::{self, Stuck};
use super::solve::{Progress, SolveError, SudokuSolver};
use super::symbols::Symbols;

/// Nodes beyond the path up to which a puzzle that needs search is `medium`.
pub const MEDIUM_EXTRA: u64 = 10;
/// Nodes beyond the path up to which a puzzle that needs search is `hard`.
pub const HARD_EXTRA: u64 = 100;

/// A difficulty band; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Naked singles alone.
    Simple,
    /// Naked and hidden singles.
    Easy,
    /// A little search.
    Medium,
    /// More search.
    Hard,
    /// Much more search.
    Expert,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 5] = [
        Band::Simple,
        Band::Easy,
        Band::Medium,
        Band::Hard,
        Band::Expert,
    ];

    /// `simple`, `easy`, `medium`, `hard` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Band::Simple => "simple",
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A band name [`Band::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty `{0}`, expected simple, easy, medium, hard or expert")]
pub struct UnknownBand(pub String);

impl FromStr for Band {
    type Err = UnknownBand;

    fn from_str(s: &str) -> Result<Band, UnknownBand> {
        Band::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownBand(s.to_owned()))
    }
}

/// The readings behind a rating, and its band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// The band.
    pub band: Band,
    /// Steps solved by singles before they ran out (all blanks when singles solve it).
    pub singles: usize,
    /// Nodes of the search (counting solutions up to two).
    pub nodes: u64,
    /// Nodes beyond the single path of blanks + 1: 0 when no branch was needed.
    pub extra_nodes: u64,
}

/// Why a puzzle cannot be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// It has no solution, conflicting givens or a wrong shape, or its search gave up or was
    /// stopped.
    #[error(transparent)]
    Unsolvable(SolveError),
    /// It has more than one solution: difficulty is defined for proper puzzles only.
    #[error("more than one solution")]
    Multiple,
}

impl RateError {
    /// The error in words with a digit (that of conflicting givens) as `symbols` write it,
    /// as the puzzle shows it ([`SolveError::text`]).
    pub fn text(&self, symbols: Symbols) -> String {
        match self {
            RateError::Unsolvable(error) => error.text(symbols),
            RateError::Multiple => self.to_string(),
        }
    }
}

/// Rates `puzzle`, which must have exactly one solution, with `solver` (of its shape): the
/// singles and the search are read under the solver's rules, whatever the variant. The
/// bands are set for DLX1's tree: a solver on the band engine (whose tree is its own, most
/// puzzles one node) moves to the bits first, which search that tree
/// ([`SudokuSolver::on_knuth_tree`]).
///
/// ```
/// use dancing::sudoku::{grid::Shape, rate, read::parse_line, solve::SudokuSolver};
/// let puzzle = parse_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ).unwrap();
/// let rating = rate::rate(&mut SudokuSolver::new(Shape::CLASSIC), &puzzle).unwrap();
/// assert_eq!(rating.band, rate::Band::Simple);
/// assert_eq!(rating.extra_nodes, 0);
/// ```
///
/// # Errors
/// [`RateError`] when the puzzle has no solution or more than one.
pub fn rate(solver: &mut SudokuSolver, puzzle: &Grid) -> Result<Rating, RateError> {
    rate_watched(solver, puzzle, |_| ControlFlow::Continue(()))
}

/// [`rate`], calling `watch` at the pauses of its search as [`SudokuSolver::solve_watched`]
/// does, which may stop it.
///
/// # Errors
/// As [`rate`]; [`RateError::Unsolvable`] holds [`SolveError::Stopped`] when `watch` stopped
/// the search.
pub fn rate_watched(
    solver: &mut SudokuSolver,
    puzzle: &Grid,
    watch: impl FnMut(Progress) -> ControlFlow<()>,
) -> Result<Rating, RateError> {
    solver.on_knuth_tree();
    let solved = solver
        .solve_watched(puzzle, 2, watch)
        .map_err(RateError::Unsolvable)?;
    if solved.count != 1 {
        return Err(RateError::Multiple);
    }
    let nodes = solver.stats().nodes;
    let blanks = (puzzle.shape().cells() - puzzle.givens()) as u64;
    let extra_nodes = nodes.saturating_sub(blanks + 1);
    let rules = solver.rules();
    let path = hint::solve_path_under(rules, puzzle);
    let band = if path.end == Stuck::Solved {
        if hint::naked_singles_solve_under(rules, puzzle) {
            Band::Simple
        } else {
            Band::Easy
        }
    } else if extra_nodes <= MEDIUM_EXTRA {
        Band::Medium
    } else if extra_nodes <= HARD_EXTRA {
        Band::Hard
    } else {
        Band::Expert
    };
    Ok(Rating {
        band,
        singles: path.steps.len(),
        nodes,
        extra_nodes,
    })
}
