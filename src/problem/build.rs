//! The builder of a [`Problem`] ([`ProblemBuilder`]) and the mistakes it finds in a
//! description ([`BuildError`]): every option is checked as it is added, so that a built
//! problem is always valid (see the [module docs](super) for what that means).

use thiserror::Error;

use super::{MAX_COLOR, NO_COLOR, Problem};
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
