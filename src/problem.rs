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

use std::sync::Arc;

use thiserror::Error;

use crate::names::{self, NameError, Names};
use crate::search::{MAX_COLORED_NODES, MAX_ITEM_LENGTH, MAX_NODES, nodes_needed};

/// A mistake in a problem description, found by [`ProblemBuilder`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BuildError {
    /// An option names an item index that was never declared.
    #[error("option {option} names item {item}, but there are only {items} items")]
    UnknownItem {
        /// The option's index.
        option: usize,
        /// The offending item index.
        item: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// An option names the same item twice.
    #[error("option {option} names item {item} twice (at positions {first} and {second})")]
    RepeatedItem {
        /// The option's index.
        option: usize,
        /// The repeated item.
        item: usize,
        /// Position of the first mention within the option, from 0.
        first: usize,
        /// Position of the second mention within the option, from 0.
        second: usize,
    },
    /// An option with no items at all.
    #[error("option {option} is empty: an option must name at least one item")]
    EmptyOption {
        /// The option's index.
        option: usize,
    },
    /// An item is named by more options than the engine can count in its lengths.
    #[error("item {item} is in {options} options, but at most {max} are supported")]
    ItemTooLong {
        /// The item.
        item: usize,
        /// How many options name it.
        options: u64,
        /// The largest supported count.
        max: u64,
    },
    /// An option gives a color to a primary item; only secondary items have colors.
    #[error(
        "option {option} gives item {item} a color, but it is primary: only secondary items have colors"
    )]
    ColorOnPrimary {
        /// The option's index.
        option: usize,
        /// The primary item.
        item: usize,
    },
    /// A color too large for the engine, which keeps two values of its own beside the colors.
    #[error("option {option} gives item {item} color {color}, but colors must be below {max}")]
    ColorTooLarge {
        /// The option's index.
        option: usize,
        /// The item.
        item: usize,
        /// The color.
        color: u32,
        /// The first color not supported.
        max: u32,
    },
    /// Bounds for an item index that was never declared.
    #[error("bounds for item {item}, but there are only {items} items")]
    BoundsOnUnknownItem {
        /// The offending item index.
        item: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// Bounds for a secondary item; only primary items have bounds.
    #[error("bounds for item {item}, but it is secondary: only primary items have bounds")]
    BoundsOnSecondary {
        /// The secondary item.
        item: usize,
    },
    /// Bounds whose lower bound exceeds the upper one.
    #[error(
        "item {item} must be covered at least {lower} and at most {upper} times: expected lower <= upper"
    )]
    LowerAboveUpper {
        /// The item.
        item: usize,
        /// The lower bound.
        lower: u32,
        /// The upper bound.
        upper: u32,
    },
    /// An upper bound of zero: an item that no option may cover is no item.
    #[error("item {item} has upper bound 0: expected at least 1")]
    ZeroUpper {
        /// The item.
        item: usize,
    },
    /// A cost for an option index that was never added.
    #[error("a cost for option {option}, but there are only {options} options")]
    CostOnUnknownOption {
        /// The offending option index.
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// The problem needs more nodes than the engine's `u32` node addresses can reach.
    #[error("the problem is too large: {nodes} nodes, but at most {max} are supported")]
    TooLarge {
        /// Nodes the problem would need (item headers, option nodes and spacers).
        nodes: u64,
        /// The largest supported count.
        max: u64,
    },
}

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

/// Builds a [`Problem`], checking each option as it is added.
///
/// ```
/// use dancing::ProblemBuilder;
/// // Items 0 and 1 are primary, item 2 is secondary.
/// let mut b = ProblemBuilder::new(2, 1);
/// b.option([0, 2])?;
/// b.option([1])?;
/// assert!(b.option([1, 1]).is_err()); // an item twice
/// let problem = b.build()?;
/// assert_eq!(problem.option_count(), 2);
/// # Ok::<(), dancing::BuildError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ProblemBuilder {
    problem: Problem,
    /// `seen[i] == stamp` while item `i` is in the option being checked.
    seen: Vec<usize>,
}

impl ProblemBuilder {
    /// A builder for a problem with `primary` primary items (numbered `0..primary`) and
    /// `secondary` secondary items (numbered `primary..primary + secondary`).
    pub fn new(primary: usize, secondary: usize) -> Self {
        ProblemBuilder {
            problem: Problem {
                primary,
                secondary,
                items: Vec::new(),
                starts: vec![0],
                colors: Vec::new(),
                bounds: Vec::new(),
                costs: Vec::new(),
                names: None,
            },
            seen: vec![usize::MAX; primary + secondary],
        }
    }

    /// Adds an option made of the given items, returning its index.
    ///
    /// # Errors
    /// [`BuildError::EmptyOption`], [`BuildError::UnknownItem`] or
    /// [`BuildError::RepeatedItem`]; the builder is left as it was.
    pub fn option(&mut self, items: impl IntoIterator<Item = usize>) -> Result<usize, BuildError> {
        let p = &mut self.problem;
        let option = p.starts.len() - 1;
        let start = p.items.len();
        let total = p.primary + p.secondary;
        let mut result = Ok(option);
        for (position, item) in items.into_iter().enumerate() {
            if item >= total {
                result = Err(BuildError::UnknownItem {
                    option,
                    item,
                    items: total,
                });
                break;
            }
            if self.seen[item] == option {
                let first = p.items[start..]
                    .iter()
                    .position(|&i| i as usize == item)
                    .expect("a seen item is in the option");
                result = Err(BuildError::RepeatedItem {
                    option,
                    item,
                    first,
                    second: position,
                });
                break;
            }
            self.seen[item] = option;
            p.items.push(item as u32);
        }
        if result.is_ok() && p.items.len() == start {
            result = Err(BuildError::EmptyOption { option });
        }
        match result {
            Ok(_) => {
                p.starts.push(p.items.len());
                if !p.colors.is_empty() {
                    p.colors.resize(p.items.len(), NO_COLOR);
                }
            }
            Err(_) => {
                p.items.truncate(start);
                // Forget the marks of the rejected option, so its index can be reused.
                for s in self.seen.iter_mut().filter(|s| **s == option) {
                    *s = usize::MAX;
                }
            }
        }
        result
    }

    /// Adds an option whose items may carry colors: each mention is an item and `None`, or a
    /// secondary item and `Some(color)`. Returns the option's index.
    ///
    /// ```
    /// use dancing::{ProblemBuilder, Solver};
    /// // Primary items 0 and 1, secondary item 2: both options may name item 2 with color 7.
    /// let mut b = ProblemBuilder::new(2, 1);
    /// b.colored_option([(0, None), (2, Some(7))])?;
    /// b.colored_option([(1, None), (2, Some(7))])?;
    /// b.colored_option([(0, None), (1, None), (2, Some(8))])?;
    /// assert_eq!(Solver::new(&b.build()?).count(None).unwrap(), 2);
    /// # Ok::<(), dancing::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`ProblemBuilder::option`], [`BuildError::ColorOnPrimary`] and
    /// [`BuildError::ColorTooLarge`]; the builder is left as it was.
    pub fn colored_option(
        &mut self,
        mentions: impl IntoIterator<Item = (usize, Option<u32>)>,
    ) -> Result<usize, BuildError> {
        let mentions: Vec<_> = mentions.into_iter().collect();
        let option = self.option_count();
        let p = &self.problem;
        for &(item, color) in &mentions {
            match color {
                Some(_) if item < p.primary => {
                    return Err(BuildError::ColorOnPrimary { option, item });
                }
                Some(color) if color >= MAX_COLOR && item < p.item_count() => {
                    return Err(BuildError::ColorTooLarge {
                        option,
                        item,
                        color,
                        max: MAX_COLOR,
                    });
                }
                _ => {}
            }
        }
        let option = self.option(mentions.iter().map(|&(item, _)| item))?;
        let p = &mut self.problem;
        let colored = mentions.iter().any(|(_, color)| color.is_some());
        if colored || !p.colors.is_empty() {
            let start = p.starts[option];
            p.colors.resize(start, NO_COLOR);
            p.colors
                .extend(mentions.iter().map(|(_, c)| c.map_or(NO_COLOR, |c| c + 1)));
        }
        Ok(option)
    }

    /// Sets the bounds of primary item `item`: every solution covers it at least `lower` and
    /// at most `upper` times (Knuth's `u:v|x`). Items are `1..=1` until told otherwise.
    ///
    /// ```
    /// use dancing::{ProblemBuilder, Solver};
    /// // Choose two or three of the four options of item 0.
    /// let mut b = ProblemBuilder::new(1, 0);
    /// b.bounds(0, 2, 3)?;
    /// for _ in 0..4 {
    ///     b.option([0])?;
    /// }
    /// // 6 pairs and 4 triples.
    /// assert_eq!(Solver::new(&b.build()?).count(None).unwrap(), 10);
    /// # Ok::<(), dancing::BuildError>(())
    /// ```
    ///
    /// # Errors
    /// [`BuildError::BoundsOnUnknownItem`], [`BuildError::BoundsOnSecondary`],
    /// [`BuildError::LowerAboveUpper`] or [`BuildError::ZeroUpper`]; the builder is left as
    /// it was.
    pub fn bounds(&mut self, item: usize, lower: u32, upper: u32) -> Result<(), BuildError> {
        let p = &mut self.problem;
        if item >= p.item_count() {
            return Err(BuildError::BoundsOnUnknownItem {
                item,
                items: p.item_count(),
            });
        }
        if item >= p.primary {
            return Err(BuildError::BoundsOnSecondary { item });
        }
        if upper == 0 {
            return Err(BuildError::ZeroUpper { item });
        }
        if lower > upper {
            return Err(BuildError::LowerAboveUpper { item, lower, upper });
        }
        if p.bounds.is_empty() {
            if (lower, upper) == (1, 1) {
                return Ok(());
            }
            p.bounds = vec![(1, 1); p.primary];
        }
        p.bounds[item] = (lower, upper);
        Ok(())
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Sets the cost of option `option` (Knuth's DLX5 `|n`); options cost 0 until told
    /// otherwise. Only [`crate::mincost`] reads costs (whose module docs show it in use).
    ///
    /// # Errors
    /// [`BuildError::CostOnUnknownOption`] if no option `option` was added; the builder is
    /// left as it was.
    pub fn cost(&mut self, option: usize, cost: u64) -> Result<(), BuildError> {
        let p = &mut self.problem;
        let options = p.option_count();
        if option >= options {
            return Err(BuildError::CostOnUnknownOption { option, options });
        }
        if p.costs.len() < options {
            if cost == 0 {
                return Ok(());
            }
            p.costs.resize(options, 0);
        }
        p.costs[option] = cost;
        Ok(())
    }

    /// Finishes the problem.
    ///
    /// # Errors
    /// [`BuildError::TooLarge`] if the engine could not address all its nodes (fewer fit
    /// when the problem has colors or multiplicities, whose nodes are larger);
    /// [`BuildError::ItemTooLong`] if an item is in 2^30 options or more (the engine keeps a
    /// flag beside each length).
    pub fn build(self) -> Result<Problem, BuildError> {
        let mut p = self.problem;
        if p.bounds.iter().all(|&b| b == (1, 1)) {
            p.bounds = Vec::new();
        }
        if p.costs.iter().all(|&c| c == 0) {
            p.costs = Vec::new();
        } else {
            p.costs.resize(p.option_count(), 0);
        }
        let nodes = nodes_needed(p.item_count(), p.items.len(), p.option_count());
        let max = if p.has_colors() || p.has_multiplicities() {
            MAX_COLORED_NODES
        } else {
            MAX_NODES
        };
        if nodes > max {
            return Err(BuildError::TooLarge { nodes, max });
        }
        if p.items.len() as u64 >= MAX_ITEM_LENGTH {
            let mut lengths = vec![0u64; p.item_count()];
            for &i in &p.items {
                lengths[i as usize] += 1;
            }
            if let Some((item, &options)) = lengths
                .iter()
                .enumerate()
                .find(|(_, l)| **l >= MAX_ITEM_LENGTH)
            {
                return Err(BuildError::ItemTooLong {
                    item,
                    options,
                    max: MAX_ITEM_LENGTH - 1,
                });
            }
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_unknown_repeated_and_empty_options_and_stays_usable() {
        let mut b = ProblemBuilder::new(2, 1);
        assert_eq!(
            b.option([0, 3]),
            Err(BuildError::UnknownItem {
                option: 0,
                item: 3,
                items: 3
            })
        );
        assert_eq!(
            b.option([2, 0, 2]),
            Err(BuildError::RepeatedItem {
                option: 0,
                item: 2,
                first: 0,
                second: 2
            })
        );
        assert_eq!(b.option([]), Err(BuildError::EmptyOption { option: 0 }));
        assert_eq!(b.option([2, 0]), Ok(0));
        assert_eq!(b.option([1, 2]), Ok(1));
        let p = b.build().unwrap();
        assert_eq!(p.option_count(), 2);
        assert_eq!(p.option(0).collect::<Vec<_>>(), vec![2, 0]);
        assert_eq!(p.option_nodes(), 4);
    }

    #[test]
    fn options_without_primary_items_are_listed_as_ignored() {
        let mut b = ProblemBuilder::new(1, 2);
        b.option([1, 2]).unwrap();
        b.option([0, 1]).unwrap();
        b.option([2]).unwrap();
        let p = b.build().unwrap();
        assert_eq!(p.ignored_options().collect::<Vec<_>>(), vec![0, 2]);
    }
}
