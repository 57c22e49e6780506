//! Problems by name: items declared by name (primary, with optional bounds, or secondary),
//! options given as lists of item names with optional colors, and solutions given back as
//! the options' names. This is for people who build problems in Rust; it checks every name
//! as it is given and names the offending item and option in its errors.
//!
//! Underneath it is the index-based [`ProblemBuilder`], which stays the fast way in; a
//! [`NamedProblem`] keeps the [`Problem`] it built ([`NamedProblem::problem`]), so anything
//! the crate does with a problem (any [`Solver`] method, [`crate::count_parallel`]) works on
//! it too, with option indices that [`NamedProblem::option_name`] turns back into names. The
//! names live in that problem ([`Problem::names`], see [`crate::names`]), so
//! [`crate::knuth::write_with_names`] writes it with them.
//!
//! An item of an option is written as in Knuth's format: `x` or, for a secondary item with a
//! color, `x:c` (so item names cannot contain `:`; nor blanks or `|`, so that a problem
//! can always be written in Knuth's format).
//!
//! Every method that declares an item or adds an option returns the builder, so that calls
//! chain (`b.primary("x")?.option("o", ["x"])?`); [`NamedBuilder::build`] takes it by value.
//!
//! ```
//! use dancing::named::NamedBuilder;
//!
//! // Two seats to fill (primary items); the window blind between them (a secondary item)
//! // must suit both sitters: Ann and Bob want it open, Cy closed.
//! let mut b = NamedBuilder::new();
//! b.primary("seat1")?.primary("seat2")?.secondary("blind")?;
//! b.option("Ann in 1", ["seat1", "blind:open"])?
//!     .option("Bob in 2", ["seat2", "blind:open"])?
//!     .option("Cy in 2", ["seat2", "blind:closed"])?;
//! let problem = b.build()?;
//! let solutions: Vec<Vec<&str>> = problem.solutions().collect();
//! assert_eq!(solutions, [["Ann in 1", "Bob in 2"]]);
//! # Ok::<(), dancing::named::NamedError>(())
//! ```

use std::collections::HashMap;

use thiserror::Error;

use crate::{BuildError, Count, Names, Problem, ProblemBuilder, Solver};

/// A mistake found by [`NamedBuilder`]: each names the item, and the option when there is
/// one, at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NamedError {
    /// An item is declared twice.
    #[error("item `{item}` is declared twice")]
    DuplicateItem {
        /// The item's name.
        item: String,
    },
    /// An item name that is empty or contains a blank, a NUL, `:` or `|`.
    #[error(
        "`{item}` is not a valid item name: it must be nonempty, without blanks, NUL, `:` or `|`"
    )]
    BadItemName {
        /// The name given.
        item: String,
    },
    /// Bounds with the lower above the upper, or an upper bound of 0.
    #[error(
        "item `{item}` has bounds {lower}..={upper}: the upper bound must be at least 1 and at least the lower"
    )]
    BadBounds {
        /// The item's name.
        item: String,
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// An option names an item that was not declared.
    #[error("option `{option}` names `{item}`, which is not a declared item")]
    UnknownItem {
        /// The option's name.
        option: String,
        /// The unknown name.
        item: String,
    },
    /// An option names the same item twice.
    #[error("option `{option}` names item `{item}` twice")]
    RepeatedItem {
        /// The option's name.
        option: String,
        /// The item's name.
        item: String,
    },
    /// An option gives a color to a primary item.
    #[error(
        "option `{option}` gives primary item `{item}` a color: only secondary items have colors"
    )]
    ColorOnPrimary {
        /// The option's name.
        option: String,
        /// The item's name.
        item: String,
    },
    /// A color that is empty (`x:`) or contains `:`, a NUL or a blank (Knuth's format could
    /// not write it).
    #[error(
        "option `{option}` gives item `{item}` the color `{color}`, which is empty or has a `:`, a NUL or a blank"
    )]
    BadColor {
        /// The option's name.
        option: String,
        /// The item's name.
        item: String,
        /// The color given.
        color: String,
    },
    /// An option with no items.
    #[error("option `{option}` is empty: an option must name at least one item")]
    EmptyOption {
        /// The option's name.
        option: String,
    },
    /// The problem is too large for the engine (see [`ProblemBuilder::build`]).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Whether an item is primary (with its bounds) or secondary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Primary(u32, u32),
    Secondary,
}

/// An option's items, as places in [`NamedBuilder`]'s list of items, with colors.
type Mentions = Vec<(usize, Option<u32>)>;

/// Builds a [`NamedProblem`]: declare items, then add options that name them. Each method
/// that declares or adds returns `Result<&mut Self, NamedError>`, so calls chain with `?`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedBuilder {
    /// The items, in the order declared.
    items: Vec<(String, Kind)>,
    /// Item name to its place in `items`.
    index: HashMap<String, usize>,
    /// Color name to its number, from 0 in order of first use.
    colors: HashMap<String, u32>,
    /// The options: their names, their items (places in `items`) with colors, and their costs.
    options: Vec<(String, Mentions, u64)>,
}

impl NamedBuilder {
    /// An empty builder.
    pub fn new() -> NamedBuilder {
        NamedBuilder::default()
    }

    fn declare(&mut self, name: &str, kind: Kind) -> Result<&mut Self, NamedError> {
        if name.is_empty()
            || name.contains(|c: char| c.is_whitespace() || matches!(c, ':' | '|' | '\0'))
        {
            return Err(NamedError::BadItemName {
                item: name.to_owned(),
            });
        }
        if self.index.contains_key(name) {
            return Err(NamedError::DuplicateItem {
                item: name.to_owned(),
            });
        }
        self.index.insert(name.to_owned(), self.items.len());
        self.items.push((name.to_owned(), kind));
        Ok(self)
    }

    /// Declares a primary item, to be covered exactly once.
    ///
    /// # Errors
    /// [`NamedError::DuplicateItem`] or [`NamedError::BadItemName`].
    pub fn primary(&mut self, name: &str) -> Result<&mut Self, NamedError> {
        self.declare(name, Kind::Primary(1, 1))
    }

    /// Declares a primary item to be covered at least `lower` and at most `upper` times
    /// (Knuth's `lower:upper|name`).
    ///
    /// # Errors
    /// [`NamedError::BadBounds`] unless `1 <= upper` and `lower <= upper`; those of
    /// [`NamedBuilder::primary`].
    pub fn primary_with_bounds(
        &mut self,
        name: &str,
        lower: u32,
        upper: u32,
    ) -> Result<&mut Self, NamedError> {
        if upper == 0 || lower > upper {
            return Err(NamedError::BadBounds {
                item: name.to_owned(),
                lower,
                upper,
            });
        }
        self.declare(name, Kind::Primary(lower, upper))
    }

    /// Declares a secondary item: covered at most once, or by any number of options that
    /// give it the same color.
    ///
    /// # Errors
    /// Those of [`NamedBuilder::primary`].
    pub fn secondary(&mut self, name: &str) -> Result<&mut Self, NamedError> {
        self.declare(name, Kind::Secondary)
    }

    /// Adds an option named `name` (any text: solutions give it back) naming `items`, each
    /// `x` or `x:color`. Its index in [`NamedProblem::problem`] is the number of options
    /// added before it ([`NamedBuilder::option_count`] just before the call).
    ///
    /// # Errors
    /// [`NamedError::UnknownItem`], [`NamedError::RepeatedItem`],
    /// [`NamedError::ColorOnPrimary`], [`NamedError::BadColor`] or
    /// [`NamedError::EmptyOption`]; the builder is left as it was.
    pub fn option<I, S>(&mut self, name: &str, items: I) -> Result<&mut Self, NamedError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.option_with_cost(name, items, 0)
    }

    /// Adds an option as [`NamedBuilder::option`] does, with a cost (Knuth's DLX5 `|n`): a
    /// search for the cheapest solutions ([`crate::mincost`]) minimizes the sum of the costs
    /// of the options chosen; every other search ignores costs.
    ///
    /// ```
    /// use dancing::named::NamedBuilder;
    /// use dancing::mincost::MinCost;
    /// let mut b = NamedBuilder::new();
    /// b.primary("a")?.primary("b")?;
    /// b.option_with_cost("both", ["a", "b"], 5)?
    ///     .option_with_cost("a alone", ["a"], 1)?
    ///     .option_with_cost("b alone", ["b"], 2)?;
    /// let problem = b.build()?;
    /// let best = MinCost::new(problem.problem()).run()?;
    /// assert_eq!(best.solutions[0].cost, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`NamedBuilder::option`].
    pub fn option_with_cost<I, S>(
        &mut self,
        name: &str,
        items: I,
        cost: u64,
    ) -> Result<&mut Self, NamedError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let error_item = |item: &str| (name.to_owned(), item.to_owned());
        let mut mentions: Vec<(usize, Option<&str>)> = Vec::new();
        let items: Vec<S> = items.into_iter().collect();
        for token in &items {
            let token = token.as_ref();
            let (item, color) = match token.split_once(':') {
                Some((item, color)) => (item, Some(color)),
                None => (token, None),
            };
            let Some(&at) = self.index.get(item) else {
                let (option, item) = error_item(item);
                return Err(NamedError::UnknownItem { option, item });
            };
            if mentions.iter().any(|&(i, _)| i == at) {
                let (option, item) = error_item(item);
                return Err(NamedError::RepeatedItem { option, item });
            }
            if let Some(color) = color {
                if let Kind::Primary(..) = self.items[at].1 {
                    let (option, item) = error_item(item);
                    return Err(NamedError::ColorOnPrimary { option, item });
                }
                if color.is_empty()
                    || color.contains([':', '\0'])
                    || color.contains(char::is_whitespace)
                {
                    let (option, item) = error_item(item);
                    return Err(NamedError::BadColor {
                        option,
                        item,
                        color: color.to_owned(),
                    });
                }
            }
            mentions.push((at, color));
        }
        if mentions.is_empty() {
            return Err(NamedError::EmptyOption {
                option: name.to_owned(),
            });
        }
        let mentions = mentions
            .into_iter()
            .map(|(at, color)| {
                let color = color.map(|c| {
                    let next = self.colors.len() as u32;
                    *self.colors.entry(c.to_owned()).or_insert(next)
                });
                (at, color)
            })
            .collect();
        self.options.push((name.to_owned(), mentions, cost));
        Ok(self)
    }

    /// The number of options added so far: the index the next option will have.
    pub fn option_count(&self) -> usize {
        self.options.len()
    }

    /// Finishes the problem: primary items are numbered first, each kind in the order
    /// declared.
    ///
    /// # Errors
    /// [`NamedError::Build`] if the problem is too large for the engine.
    pub fn build(self) -> Result<NamedProblem, NamedError> {
        let is_primary = |kind: &Kind| matches!(kind, Kind::Primary(..));
        let primary = self.items.iter().filter(|(_, k)| is_primary(k)).count();
        // Where each declared item goes in the problem: primary items first.
        let mut number = vec![0; self.items.len()];
        let (mut p, mut s) = (0, primary);
        let mut item_names = vec![String::new(); self.items.len()];
        let mut builder = ProblemBuilder::new(primary, self.items.len() - primary);
        for (at, (name, kind)) in self.items.into_iter().enumerate() {
            let n = match kind {
                Kind::Primary(lower, upper) => {
                    builder.bounds(p, lower, upper)?;
                    p += 1;
                    p - 1
                }
                Kind::Secondary => {
                    s += 1;
                    s - 1
                }
            };
            number[at] = n;
            item_names[n] = name;
        }
        let mut color_names = vec![String::new(); self.colors.len()];
        for (name, c) in self.colors {
            color_names[c as usize] = name;
        }
        let mut option_names = Vec::with_capacity(self.options.len());
        for (name, mentions, cost) in self.options {
            let k = builder.colored_option(mentions.into_iter().map(|(at, c)| (number[at], c)))?;
            builder.cost(k, cost)?;
            option_names.push(name);
        }
        // Item and color names were checked as they were declared (more strictly than
        // `Names` does, refusing every Unicode blank), and options take any name.
        let names = Names::new(item_names)
            .expect("declared item names are valid and unique")
            .with_colors(color_names)
            .expect("colors given are valid, and numbered once each")
            .with_options(option_names);
        let problem = builder
            .build()?
            .with_names(names)
            .expect("one name per item and per option");
        Ok(NamedProblem { problem })
    }
}

/// A problem built by [`NamedBuilder`]; the names of its items and options are the
/// problem's own ([`Problem::names`]).
#[derive(Clone, Debug)]
pub struct NamedProblem {
    problem: Problem,
}

impl NamedProblem {
    /// The problem, for any [`Solver`] or [`crate::count_parallel`]: its option `k` is the
    /// `k`th option added, its items are numbered primary first.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The problem's names: every item and every option has one.
    fn all_names(&self) -> &Names {
        self.problem
            .names()
            .expect("a problem built by name has names")
    }

    /// The name of option `k`.
    ///
    /// # Panics
    /// If there is no option `k`.
    pub fn option_name(&self, k: usize) -> &str {
        self.all_names().options().expect("options have names")[k].as_str()
    }

    /// The name of item `i` of [`NamedProblem::problem`].
    ///
    /// # Panics
    /// If there is no item `i`.
    pub fn item_name(&self, i: usize) -> &str {
        self.all_names().item_name(i)
    }

    /// The name of color `c`: colors are numbered from 0 in the order they were first used.
    ///
    /// # Panics
    /// If there is no color `c`.
    pub fn color_name(&self, c: u32) -> &str {
        self.all_names()
            .color_name(c)
            .unwrap_or_else(|| panic!("no color {c}"))
    }

    /// The problem in Knuth's format, with its item and color names (option names are not
    /// part of the format): [`crate::knuth::parse`] reads it back to the same problem.
    ///
    /// ```
    /// use dancing::named::NamedBuilder;
    /// let mut b = NamedBuilder::new();
    /// b.primary_with_bounds("a", 1, 2)?.primary("b")?.secondary("x")?;
    /// b.option("one", ["a", "x:red"])?.option("two", ["a", "b", "x:blue"])?;
    /// let text = b.build()?.to_dlx();
    /// assert_eq!(text, "1:2|a b | x\na x:red\na b x:blue\n");
    /// assert_eq!(dancing::knuth::parse_str(&text).unwrap().color_names, ["red", "blue"]);
    /// # Ok::<(), dancing::named::NamedError>(())
    /// ```
    pub fn to_dlx(&self) -> String {
        crate::knuth::write_with_names(&self.problem)
    }

    /// The names of the options of `solution` (option indices, as a [`Solver`] gives them).
    pub fn names(&self, solution: &[usize]) -> Vec<&str> {
        solution.iter().map(|&k| self.option_name(k)).collect()
    }

    /// Every solution, each as the names of its options in the order the search chose them.
    pub fn solutions(&self) -> impl Iterator<Item = Vec<&str>> + '_ {
        let mut solver = Solver::new(&self.problem);
        std::iter::from_fn(move || {
            let solution = solver
                .next_solution()
                .expect("a solver without a node budget never gives up")?;
            Some(self.names(&solution))
        })
    }

    /// The number of solutions (always exact: no limit).
    pub fn count(&self) -> Count {
        Solver::new(&self.problem)
            .count(None)
            .expect("a solver without a node budget never gives up")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builder() -> NamedBuilder {
        let mut b = NamedBuilder::new();
        b.primary("a").unwrap().secondary("x").unwrap();
        b.primary_with_bounds("b", 0, 2).unwrap();
        b
    }

    #[test]
    fn an_item_name_with_a_nul_is_refused() {
        for bad in ["a\0", "\0", "x\0y"] {
            let err = NamedBuilder::new().primary(bad).map(|_| ()).unwrap_err();
            assert_eq!(err, NamedError::BadItemName { item: bad.into() });
            let err = NamedBuilder::new().secondary(bad).map(|_| ()).unwrap_err();
            assert_eq!(err, NamedError::BadItemName { item: bad.into() });
        }
    }

    #[test]
    fn errors_name_the_item_and_the_option() {
        let mut b = builder();
        fn err<T: std::fmt::Debug>(r: Result<T, NamedError>) -> String {
            r.unwrap_err().to_string()
        }
        assert_eq!(
            err(b.primary("a").map(|_| ())),
            "item `a` is declared twice"
        );
        assert!(err(b.secondary("y z").map(|_| ())).contains("`y z` is not a valid item name"));
        assert!(err(b.primary_with_bounds("c", 3, 2).map(|_| ())).contains("item `c`"));
        assert!(err(b.primary_with_bounds("c", 0, 0).map(|_| ())).contains("item `c`"));
        assert_eq!(
            err(b.option("o1", ["a", "zz"])),
            "option `o1` names `zz`, which is not a declared item"
        );
        assert_eq!(
            err(b.option("o2", ["a", "x", "a"])),
            "option `o2` names item `a` twice"
        );
        assert!(err(b.option("o3", ["a:red"])).contains("option `o3` gives primary item `a`"));
        assert!(err(b.option("o4", ["x:"])).contains("option `o4` gives item `x`"));
        assert!(err(b.option("o5", Vec::<&str>::new())).contains("`o5` is empty"));
        // Failed options leave nothing behind.
        assert_eq!(b.option_count(), 0);
        assert_eq!(b.option("ok", ["a"]).map(|b| b.option_count()), Ok(1));
        assert_eq!(b.build().unwrap().problem().option_count(), 1);
    }

    #[test]
    fn declarations_and_options_chain_and_an_error_stops_the_chain() {
        let mut chained = NamedBuilder::new();
        chained
            .primary("a")
            .unwrap()
            .secondary("x")
            .unwrap()
            .option("one", ["a", "x:red"])
            .unwrap()
            .option("two", ["a", "x:blue"])
            .unwrap();
        let mut stepwise = NamedBuilder::new();
        stepwise.primary("a").unwrap();
        stepwise.secondary("x").unwrap();
        stepwise.option("one", ["a", "x:red"]).unwrap();
        stepwise.option("two", ["a", "x:blue"]).unwrap();
        assert_eq!(chained, stepwise);
        let stopped = chained
            .option("bad", ["zz"])
            .and_then(|b| b.option("after", ["a"]))
            .map(|_| ());
        assert!(matches!(stopped, Err(NamedError::UnknownItem { .. })));
        assert_eq!(chained, stepwise);
        let named = chained.build().unwrap();
        assert_eq!(named.count(), 2);
        assert_eq!((named.option_name(0), named.option_name(1)), ("one", "two"));
    }

    #[test]
    fn items_are_numbered_primary_first_with_their_bounds_and_colors() {
        let mut b = builder();
        b.option("a with x red", ["x:red", "a"]).unwrap();
        b.option("b with x red", ["b", "x:red"]).unwrap();
        b.option("b with x blue", ["b", "x:blue"]).unwrap();
        let named = b.build().unwrap();
        let p = named.problem();
        assert_eq!((p.primary_items(), p.secondary_items()), (2, 1));
        assert_eq!(
            (named.item_name(0), named.item_name(1), named.item_name(2)),
            ("a", "b", "x")
        );
        assert_eq!(p.bounds(1), Some((0, 2)));
        assert_eq!(p.option(0).collect::<Vec<_>>(), [2, 0]);
        // b may be left out, or covered once with x red; blue clashes with a's red.
        let mut solutions: Vec<Vec<&str>> = named.solutions().collect();
        solutions.iter_mut().for_each(|s| s.sort_unstable());
        solutions.sort();
        assert_eq!(
            solutions,
            [vec!["a with x red"], vec!["a with x red", "b with x red"]]
        );
        assert_eq!(named.count(), 2);
    }

    #[test]
    fn colors_keep_their_names_and_a_color_knuths_format_cannot_write_is_refused() {
        let mut b = builder();
        b.option("red", ["a", "x:red"]).unwrap();
        b.option("blue", ["b", "x:blue"]).unwrap();
        for bad in ["x:", "x:a:b", "x:dark red", "x:tab\there", "x:nul\0"] {
            let err = b.option("bad", ["b", bad]).unwrap_err();
            assert!(matches!(err, NamedError::BadColor { .. }), "{bad}: {err}");
        }
        let named = b.build().unwrap();
        assert_eq!((named.color_name(0), named.color_name(1)), ("red", "blue"));
        let read = crate::knuth::parse_str(&named.to_dlx()).unwrap();
        assert_eq!(read.color_names, ["red", "blue"]);
        assert_eq!(&read.problem, named.problem());
    }
}
