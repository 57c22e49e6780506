//! Exact cover by Knuth's Dancing Links, and a Sudoku solver built on it.
//!
//! # What it solves
//! An *exact-cover problem* has *items* and *options*, each option a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary*
//! item at most once. (Readers of Knuth's 2000 paper "Dancing Links" know items as columns and
//! options as rows of a 0/1 matrix; this crate uses the vocabulary of TAOCP 7.2.2.1.) N queens,
//! polyomino tilings, Langford pairs and Sudoku are all exact-cover problems.
//!
//! # The pieces
//! - [`ProblemBuilder`] checks items and options and builds an immutable [`Problem`].
//! - [`Solver`] runs Algorithm X with dancing links on it: first solution, counting up to a
//!   limit, every solution through a callback or an iterator, a node budget, and Knuth's
//!   `nodes` and `updates` counters ([`Stats`]). Its search tree is DLX1's, node for node;
//!   with colors it is DLX2's (Algorithm C), with multiplicities DLX3's (Algorithm M).
//! - [`count_parallel`] counts on several threads, splitting the search tree; [`parts`]
//!   splits it into parts for other processes and machines, and merges their results.
//! - [`memo`] counts without visiting every solution (Knuth's Algorithm Z): each
//!   subproblem, named by the items left open, is counted once; it also builds the diagram
//!   of all solutions ([`memo::Zdd`]) and draws uniform samples from it.
//! - [`estimate`] estimates the nodes of a search before it runs, by Knuth's random paths
//!   down the links' tree ([`estimate::estimate`]), and the time they imply.
//! - [`restart`] looks for a first solution by randomized restarts ([`restart::Restarts`]),
//!   for the searches whose time to a first solution is heavy-tailed (N queens of 80 and
//!   more).
//! - [`preprocess`] reduces a problem as Knuth's DLX-PRE does, keeping its solutions.
//! - [`knuth`] reads Knuth's DLX input format into a [`Problem`].
//! - [`names`] keeps the names of a problem's items, colors and options, once, in the
//!   [`Problem`] ([`Problem::names`]); every reader, writer and front end uses them.
//! - [`named`] builds a problem from item and option names, with colors and bounds, and
//!   gives solutions back as names.
//! - [`sudoku`] encodes Sudoku grids as exact cover (324 items, 729 options for 9x9), reads
//!   the common puzzle formats, and checks solutions independently of the engine.
//! - Both readers sit on one text layer (crate-private): line ends, the byte order mark,
//!   bounded line lengths, UTF-8 decoding and columns counted in characters are handled the
//!   same way, once.
//! - [`batch`] maps a long stream of items on several threads, in bounded memory, and hands
//!   the results back in input order (the Sudoku batches of the command line run on it).
//! - `serve` (the feature `serve`) is the local web page and JSON API of `dancing serve`.
//!
//! # Features
//! - `cli` (default): the binaries `dancing` and `dancing-serve`, and with them `serve`.
//! - `serve`: the module `serve`, on axum, hyper and tokio.
//!
//! The rest of the library needs neither: a crate that depends on `dancing` with
//! `default-features = false` builds without clap, axum, tokio, hyper or indicatif.
//!
//! # Example
//! ```
//! use dancing::{ProblemBuilder, Solver};
//! // Four queens: rows 0..4 and columns 4..8 primary; diagonals secondary.
//! let n = 4;
//! let mut b = ProblemBuilder::new(2 * n, 2 * (2 * n - 1));
//! for r in 0..n {
//!     for c in 0..n {
//!         b.option([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (n - 1 + r - c)])?;
//!     }
//! }
//! let mut solver = Solver::new(&b.build()?);
//! assert_eq!(solver.count(None).unwrap(), 2);
//! # Ok::<(), dancing::BuildError>(())
//! ```
//!
//! # Limits
//! Every count that takes a limit reads it the same way: the number of solutions to stop
//! after. So [`Solver::count`], [`sudoku::solve::SudokuSolver::count`] and
//! [`sudoku::solve::SudokuSolver::solve`], and the command line's `--limit` (of `cover`,
//! `sudoku --count` and the other commands): a count below the limit is exact; a count equal
//! to it may be short of the total, since the search stops there without looking further: the
//! [`Count`] says which (and writes itself `N+`). No limit (`None`, or `u64::MAX`) counts
//! every solution. A limit of 0 counts nothing and answers "at least 0", except where a solution must be found
//! (`SudokuSolver::solve` takes it as 1); the command line refuses `--limit 0`.
//!
//! # Memory
//! A problem with `n` items and options of `m` item mentions in all takes one node (12 bytes)
//! per item and per mention, plus one spacer per option; the solver copies that arena once and
//! allocates nothing else while it searches, except to grow its stack of choices.

pub mod batch;
mod count;
mod engine;
pub mod estimate;
pub mod knuth;
pub mod memo;
pub mod mincost;
pub mod named;
pub mod names;
pub mod parallel;
pub mod parts;
pub mod preprocess;
pub mod problem;
pub mod problems;
pub mod restart;
mod rng;
mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solver;
pub mod sudoku;
#[cfg(feature = "symmetry")]
pub mod symmetry;
mod text;
pub mod units;

pub use count::{Count, ParseCountError};
pub use names::{NameError, NameList, Names};
pub use parallel::{Total, count_parallel};
pub use problem::{BuildError, Problem, ProblemBuilder};
pub use solver::{
    AUTO_COLOR_WORDS, AUTO_FULL, AUTO_LATIN_OPTIONS, AUTO_LEARN_SHARE_SMALL, AUTO_LINKS_NODE_MEMS,
    AUTO_LINKS_UPDATE_MEMS, AUTO_MAX_OPTIONS, AUTO_NEAR, AUTO_PROBE_NODES, AUTO_SWITCH_RATIO,
    AUTO_TRY_MEMS, AUTO_TRY_MEMS_SMALL, Choice, Engine, ForceError, GaveUp, Outcome, PAUSE_TIME,
    Solutions, Solver, Stats, Step,
};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guide's examples (`docs/guide.md`), compiled and run as doctests.
#[doc = include_str!("../docs/guide.md")]
#[cfg(doctest)]
pub struct GuideDoctests;

/// The examples of `docs/engines.md`, compiled and run as doctests.
#[doc = include_str!("../docs/engines.md")]
#[cfg(doctest)]
pub struct EnginesDoctests;

/// The examples of `docs/performance.md`, compiled and run as doctests.
#[doc = include_str!("../docs/performance.md")]
#[cfg(doctest)]
pub struct PerformanceDoctests;
