//! The exact-cover problem as the user states it: items and options, checked by a builder.
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary*
//! item at most once (TAOCP 7.2.2.1). Readers of "Dancing Links" (2000) know items as
//! columns and options as rows of a 0/1 matrix.
//!
//! Two generalisations of Knuth's make the same problems easier to state:
//! - **Colors** (XCC, Algorithm C of TAOCP 7.2.2.1, Knuth's DLX2): an option may give a
//!   secondary item a *color*. Two options that name the same secondary item are compatible
//!   exactly when both give it the same color; an option that names it without a color
//!   conflicts with every other option that names it. Primary items have no colors.
//! - **Multiplicities** (MCC, Algorithm M, Knuth's DLX3): a primary item may have *bounds*
//!   `u..=v`, and must then be covered at least `u` and at most `v` times (`1..=1` is the
//!   exact cover; `0..=1` makes an item optional, as a secondary item is, except that every
//!   option still needs a primary item). An option is still a set: a solution chooses it at
//!   most once.
//!
//! [`ProblemBuilder`] is the only way to make a [`Problem`] (but for the crate's own matrices
//! that are well formed by construction, which debug builds check against the builder's), and
//! it checks every option as it is added, so a built problem is always valid: every item
//! index is in range, no option is empty, no option names an item twice, colors are on
//! secondary items only, and bounds are on primary items with `u <= v` and `v >= 1`. The
//! engines ([`crate::Solver`]) rely on this.
//!
//! Items are numbered from 0, primary items first; options are numbered from 0 in the order
//! they were added. An option with no primary item can never be part of a solution that
//! needs it, and Knuth's DLX1 ignores such options; so does this crate (see
//! [`Problem::ignored_options`]), leaving it to front ends to warn.
//!
//! # Files
//! This file owns [`Problem`] and what it answers; `build.rs` owns [`ProblemBuilder`], the
//! checks it makes and their errors ([`BuildError`]), and may set the fields of a problem
//! that nothing else sets.

mod build;

use std::sync::Arc;

use crate::names::{self, NameError, Names};

pub use self::build::{BuildError, ProblemBuilder};

/// An exact-cover problem: items (primary, then secondary) and options over them, with
/// colors and bounds when they are given (see the module docs).
///
/// Made by [`ProblemBuilder`]; immutable once built. Solve it with [`crate::Solver`].
///
/// A problem may carry the names of its items, colors and options ([`Problem::names`],
/// attached by [`Problem::with_names`]); they are its only names, which every reader, writer
/// and front end of the crate uses. Equality ignores them: two problems are equal when they
/// have the same items, options, colors and bounds, so the same search and the same
/// solutions, whatever their names (a problem written in Knuth's format and read back is
/// equal to itself, as [`crate::knuth::write`] names items `x0`, `x1`, ...).
#[derive(Debug, Clone)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// The items of every option, concatenated; option `k` is `items[starts[k]..starts[k + 1]]`.
    items: Vec<u32>,
    starts: Vec<usize>,
    /// The color of each item mention, beside `items`: [`NO_COLOR`] or the color plus one.
    /// Empty while no option has a color, so that plain problems neither store nor check it.
    colors: Vec<u32>,
    /// `(u, v)` for each primary item. Empty when every bound is `(1, 1)` (checked by
    /// [`ProblemBuilder::build`]), so that it is empty exactly when the problem has no
    /// multiplicities.
    bounds: Vec<(u32, u32)>,
    /// The cost of each option (Knuth's DLX5 `|n`), beside `starts`. Empty when every cost
    /// is 0 (checked by [`ProblemBuilder::build`]), so that it is empty exactly when the
    /// problem has no costs. Read only by [`crate::mincost`]; every other engine ignores it.
    costs: Vec<u64>,
    /// The names, if any; shared, so that the copies the engines keep cost no more than
    /// before. Never read by a search.
    names: Option<Arc<Names>>,
}

impl PartialEq for Problem {
    /// Equal items, options, colors, bounds and costs; the names are not compared (see [`Problem`]).
    fn eq(&self, other: &Problem) -> bool {
        (self.primary, self.secondary) == (other.primary, other.secondary)
            && self.items == other.items
            && self.starts == other.starts
            && self.colors == other.colors
            && self.bounds == other.bounds
            && self.costs == other.costs
    }
}

impl Eq for Problem {}

/// The stored color of an item mention without a color; color `c` is stored as `c + 1`.
const NO_COLOR: u32 = 0;

/// The first color the engines cannot represent: they keep `0` for "no color" and
/// `u32::MAX` for a color set aside while its item is purified.
pub const MAX_COLOR: u32 = u32::MAX - 1;

impl Problem {
    /// The number of primary items (items `0..primary_items()`).
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// The number of secondary items (items `primary_items()..item_count()`).
    pub fn secondary_items(&self) -> usize {
        self.secondary
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.primary + self.secondary
    }

    /// The number of options, including ignored ones.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The items of option `k`, in the order they were given.
    ///
    /// # Panics
    /// If `k >= self.option_count()`.
    pub fn option(&self, k: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.items[self.starts[k]..self.starts[k + 1]]
            .iter()
            .map(|&i| i as usize)
    }

    /// The items of option `k` as stored, for the crate's own loops over the matrix (the
    /// Sudoku generator's), which read them many times.
    pub(crate) fn option_items(&self, k: usize) -> &[u32] {
        &self.items[self.starts[k]..self.starts[k + 1]]
    }

    /// The items of every option as stored, concatenated, and where each option starts
    /// (option `k` is `items[starts[k]..starts[k + 1]]`), for the crate's passes over the
    /// whole matrix that check its shape in bulk (the band engine's recognition).
    pub(crate) fn raw_options(&self) -> (&[u32], &[usize]) {
        (&self.items, &self.starts)
    }

    /// Whether item `i` is primary.
    pub fn is_primary(&self, i: usize) -> bool {
        i < self.primary
    }

    /// The options that name no primary item: the engine never chooses them (Knuth's rule).
    pub fn ignored_options(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.option_count()).filter(|&k| !self.option(k).any(|i| self.is_primary(i)))
    }

    /// The total number of item mentions over all options.
    pub fn option_nodes(&self) -> usize {
        self.items.len()
    }

    /// The colors of option `k`'s items, beside [`Problem::option`]: `None` where the item is
    /// named without a color.
    ///
    /// # Panics
    /// If `k >= self.option_count()`.
    pub fn option_colors(&self, k: usize) -> impl ExactSizeIterator<Item = Option<u32>> + '_ {
        let range = self.starts[k]..self.starts[k + 1];
        let colors = if self.colors.is_empty() {
            None
        } else {
            Some(&self.colors[range.clone()])
        };
        range
            .enumerate()
            .map(move |(j, _)| colors.and_then(|c| c[j].checked_sub(1)))
    }

    /// Whether some option gives a color to an item (Knuth's XCC problems, DLX2).
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The bounds `(u, v)` of primary item `i`: it must be covered at least `u` and at most
    /// `v` times. `None` for a secondary item.
    pub fn bounds(&self, i: usize) -> Option<(u32, u32)> {
        if !self.is_primary(i) {
            return None;
        }
        Some(self.bounds.get(i).copied().unwrap_or((1, 1)))
    }

    /// Whether some primary item has bounds other than `(1, 1)` (Knuth's MCC problems, DLX3).
    pub fn has_multiplicities(&self) -> bool {
        !self.bounds.is_empty()
    }

    /// The cost of option `k` (Knuth's DLX5 `|n`; 0 when none was given, and for a `k` that
    /// is no option). Only [`crate::mincost`] reads costs: every other search ignores them.
    pub fn option_cost(&self, k: usize) -> u64 {
        self.costs.get(k).copied().unwrap_or(0)
    }

    /// Whether some option has a nonzero cost.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The names of the items (and of the colors and options, when they have some), if the
    /// problem was given names ([`Problem::with_names`]).
    pub fn names(&self) -> Option<&Names> {
        self.names.as_deref()
    }

    /// This problem with `names`, replacing any it had.
    ///
    /// ```
    /// use dancing::{Names, problems::knuth_example};
    /// let names = Names::new(["A", "B", "C", "D", "E", "F", "G"])?;
    /// let problem = knuth_example().with_names(names)?;
    /// assert_eq!(problem.names().unwrap().item("F"), Some(5));
    /// assert_eq!(problem, knuth_example()); // names are not compared
    /// assert!(knuth_example().with_names(dancing::Names::new(["A"])?).is_err());
    /// # Ok::<(), dancing::NameError>(())
    /// ```
    ///
    /// # Errors
    /// [`NameError::WrongCount`] unless there is one name per item;
    /// [`NameError::WrongOptionCount`] if there are option names but not one per option;
    /// [`NameError::TooFewColors`] if there are color names but not one for every color used.
    pub fn with_names(mut self, names: Names) -> Result<Problem, NameError> {
        names::check_fit(&self, &names)?;
        self.names = Some(Arc::new(names));
        Ok(self)
    }

    /// This problem with its primary items renumbered and its options reordered: primary item
    /// `i` becomes item `rename[i]` (a permutation of `0..primary_items()`; secondary items
    /// keep their numbers), and option `j` of the copy is option `order[j]` of this problem
    /// (a permutation of `0..option_count()`). Colors and bounds follow their items. The copy
    /// has the same solutions, renamed; no check is needed, since this problem passed them.
    /// It has no names: they would name the wrong items.
    pub(crate) fn permuted(&self, rename: &[u32], order: &[usize]) -> Problem {
        debug_assert_eq!(rename.len(), self.primary);
        debug_assert_eq!(order.len(), self.option_count());
        let primary = self.primary as u32;
        let mut items = Vec::with_capacity(self.items.len());
        let mut colors = Vec::with_capacity(self.colors.len());
        let mut starts = Vec::with_capacity(self.starts.len());
        starts.push(0);
        for &k in order {
            let range = self.starts[k]..self.starts[k + 1];
            items.extend(
                self.items[range.clone()]
                    .iter()
                    .map(|&i| if i < primary { rename[i as usize] } else { i }),
            );
            if !self.colors.is_empty() {
                colors.extend_from_slice(&self.colors[range]);
            }
            starts.push(items.len());
        }
        let mut bounds = self.bounds.clone();
        for (i, &b) in self.bounds.iter().enumerate() {
            bounds[rename[i] as usize] = b;
        }
        let costs = if self.costs.is_empty() {
            Vec::new()
        } else {
            order.iter().map(|&k| self.costs[k]).collect()
        };
        Problem {
            primary: self.primary,
            secondary: self.secondary,
            items,
            starts,
            colors,
            bounds,
            costs,
            names: None,
        }
    }

    /// A problem without colors, bounds, costs or names, from the items of its options laid
    /// end to end (option `k` is `items[starts[k]..starts[k + 1]]`), for a front end whose
    /// matrix is well formed by construction (the Sudoku matrix, `sudoku::matrix`, whose
    /// 9x9 took 100,000 instructions through the builder and 20,000 this way). What
    /// [`ProblemBuilder`] checks is checked here in debug builds only (the unit tests run in
    /// one): the problem must be the one the builder makes of the same options.
    pub(crate) fn from_options(
        primary: usize,
        secondary: usize,
        items: Vec<u32>,
        starts: Vec<usize>,
    ) -> Problem {
        let problem = Problem {
            primary,
            secondary,
            items,
            starts,
            colors: Vec::new(),
            bounds: Vec::new(),
            costs: Vec::new(),
            names: None,
        };
        if cfg!(debug_assertions) {
            let mut b = ProblemBuilder::new(primary, secondary);
            for k in 0..problem.option_count() {
                b.option(problem.option(k)).expect("a well-formed option");
            }
            assert_eq!(b.build().as_ref(), Ok(&problem), "the builder's problem");
        }
        problem
    }

    /// The stored color of every mention, beside the items (`0` for none, the color plus one
    /// otherwise); empty when the problem has no colors.
    pub(crate) fn raw_colors(&self) -> &[u32] {
        &self.colors
    }
}
