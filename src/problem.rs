//! The exact-cover problem as the user states it: items and options, checked by a builder.
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary*
//! item at most once (TAOCP 7.2.2.1). Readers of "Dancing Links" (2000) know items as
//! columns and options as rows of a 0/1 matrix.
//!
//! [`ProblemBuilder`] is the only way to make a [`Problem`], and it checks every option as it
//! is added, so a built problem is always valid: every item index is in range, no option is
//! empty and no option names an item twice. The engine ([`crate::Solver`]) relies on this.
//!
//! Items are numbered from 0, primary items first; options are numbered from 0 in the order
//! they were added. An option with no primary item can never be part of a solution that
//! needs it, and Knuth's DLX1 ignores such options; so does this crate (see
//! [`Problem::ignored_options`]), leaving it to front ends to warn.

use thiserror::Error;

use crate::engine::links::{self, MAX_ITEM_LENGTH, MAX_NODES};

/// A mistake in a problem description, found by [`ProblemBuilder`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
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
    /// The problem needs more nodes than the engine's `u32` node addresses can reach.
    #[error("the problem is too large: {nodes} nodes, but at most {max} are supported")]
    TooLarge {
        /// Nodes the problem would need (item headers, option nodes and spacers).
        nodes: u64,
        /// The largest supported count.
        max: u64,
    },
}

/// An exact-cover problem: items (primary, then secondary) and options over them.
///
/// Made by [`ProblemBuilder`]; immutable once built. Solve it with [`crate::Solver`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// The items of every option, concatenated; option `k` is `items[starts[k]..starts[k + 1]]`.
    items: Vec<u32>,
    starts: Vec<usize>,
}

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
            Ok(_) => p.starts.push(p.items.len()),
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

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Finishes the problem.
    ///
    /// # Errors
    /// [`BuildError::TooLarge`] if the engine could not address all its nodes;
    /// [`BuildError::ItemTooLong`] if an item is in 2^30 options or more (the engine keeps a
    /// flag beside each length).
    pub fn build(self) -> Result<Problem, BuildError> {
        let p = self.problem;
        let nodes = links::nodes_needed(p.item_count(), p.items.len(), p.option_count());
        if nodes > MAX_NODES {
            return Err(BuildError::TooLarge {
                nodes,
                max: MAX_NODES,
            });
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
