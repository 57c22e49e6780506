//! The names of a problem's items, colors and options, kept once: in the [`Problem`] they
//! name ([`Problem::names`], attached by [`Problem::with_names`]).
//!
//! The engines work on numbers: items `0..item_count()` (primary first), colors from 0,
//! options `0..option_count()`. People read names. Every producer of a named problem (the
//! Knuth reader [`crate::knuth::parse`], the [`crate::named`] builder, the front ends of
//! [`crate::problems`] and [`crate::sudoku::export`]) makes one [`Names`] and attaches it to
//! the problem; everything that prints in names ([`crate::knuth::write_with_names`],
//! [`crate::named::NamedProblem`], the front ends' `to_dlx` and `item_names`) reads it back
//! from there. So a name is checked in one place ([`Names::new`]) and stored in one place.
//!
//! # What a name is
//! A name is what Knuth's format reads back as one name: a nonempty run of characters
//! without a blank (C's `isspace`: space, tab, vertical tab, form feed, carriage return,
//! line feed), `:` or `|`; item names are unique. A color name is the same without the `|`
//! rule (`x:a|b` has the color `a|b`), and unique too. An option name is any text: the
//! format does not name options, and [`crate::named`] gives them back as they were given.
//!
//! Names are not part of a problem's identity: two problems with the same items, options,
//! colors and bounds are equal whatever their names (see [`Problem`]'s `PartialEq`), as
//! they have the same search and the same solutions by option index.
//!
//! ```
//! use dancing::{Names, ProblemBuilder};
//! let mut b = ProblemBuilder::new(2, 0);
//! b.option([0])?;
//! b.option([1])?;
//! let names = Names::new(["left", "right"])?.with_options(["L", "R"]);
//! let problem = b.build()?.with_names(names)?;
//! let names = problem.names().unwrap();
//! assert_eq!(names.item("right"), Some(1));
//! assert_eq!((names.item_name(0), names.option_name(1)), ("left", Some("R")));
//! assert!(Names::new(["a", "b", "a"]).is_err()); // item names are unique
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use thiserror::Error;

use crate::Problem;

/// Why names cannot be made or attached: a name the format would not read back, two equal
/// names, or not one name per item (option, color) of the problem.
///
/// (Also [`crate::knuth::NameError`], its first home, for [`crate::knuth::write_named`].)
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NameError {
    /// There is not one name per item.
    #[error("{names} names for {items} items: expected one name per item")]
    WrongCount {
        /// How many names were given.
        names: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// A name that [`parse`](crate::knuth::parse) would not read back as one name: empty, or
    /// with a blank, a NUL, `:` or `|` in it.
    #[error(
        "item {item} is named `{name}`: expected a non-empty name without blanks, NUL, `:` or `|`"
    )]
    BadName {
        /// The item.
        item: usize,
        /// Its name.
        name: String,
    },
    /// Two items with the same name.
    #[error("items {first} and {second} are both named `{name}`: expected unique names")]
    DuplicateName {
        /// The name.
        name: String,
        /// The first item with it.
        first: usize,
        /// The second item with it.
        second: usize,
    },
    /// A color name that Knuth's format would not read back: empty, or with a blank, a NUL or
    /// `:`.
    #[error(
        "color {color} is named `{name}`: expected a non-empty name without blanks, NUL or `:`"
    )]
    BadColor {
        /// The color.
        color: usize,
        /// Its name.
        name: String,
    },
    /// Two colors with the same name.
    #[error("colors {first} and {second} are both named `{name}`: expected unique names")]
    DuplicateColor {
        /// The name.
        name: String,
        /// The first color with it.
        first: usize,
        /// The second color with it.
        second: usize,
    },
    /// Option names, but not one per option.
    #[error("{names} option names for {options} options: expected one name per option")]
    WrongOptionCount {
        /// How many option names were given.
        names: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// Color names, but fewer than the colors the problem uses.
    #[error("{names} color names, but the problem uses {colors} colors: expected a name for each")]
    TooFewColors {
        /// How many color names were given.
        names: usize,
        /// How many colors the problem uses (its largest color plus one).
        colors: usize,
    },
}

/// A list of names, shared (not copied) by every value that hands it out: it reads as a
/// `[String]` and compares equal to any list of the same strings.
///
/// ```
/// let k = dancing::knuth::parse_str("A B | X\nA X\nB\n")?;
/// assert_eq!(k.item_names, ["A", "B", "X"]);
/// assert_eq!(k.item_names[2], "X");
/// # Ok::<(), dancing::knuth::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub struct NameList(Arc<[String]>);

impl Deref for NameList {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.0
    }
}

impl fmt::Debug for NameList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<T: AsRef<str>> PartialEq<[T]> for NameList {
    fn eq(&self, other: &[T]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl<T: AsRef<str>> PartialEq<&[T]> for NameList {
    fn eq(&self, other: &&[T]) -> bool {
        *self == **other
    }
}

impl<T: AsRef<str>, const N: usize> PartialEq<[T; N]> for NameList {
    fn eq(&self, other: &[T; N]) -> bool {
        *self == other[..]
    }
}

impl<T: AsRef<str>> PartialEq<Vec<T>> for NameList {
    fn eq(&self, other: &Vec<T>) -> bool {
        *self == other[..]
    }
}

impl From<Vec<String>> for NameList {
    fn from(names: Vec<String>) -> NameList {
        NameList(names.into())
    }
}

/// The names of a problem: one per item (checked and unique, with a lookup from name to
/// item), optionally one per color and one per option (see the module docs).
#[derive(Clone, PartialEq, Eq)]
pub struct Names {
    items: NameList,
    /// Item name to item index.
    index: HashMap<String, usize>,
    /// Empty when the colors have no names.
    colors: NameList,
    options: Option<NameList>,
}

impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Names")
            .field("items", &self.items)
            .field("colors", &self.colors)
            .field("options", &self.options)
            .finish()
    }
}

impl Names {
    /// The names of items `0, 1, ...`, in item order (primary first), with no color or option
    /// names.
    ///
    /// # Errors
    /// [`NameError::BadName`] for a name Knuth's format would not read back,
    /// [`NameError::DuplicateName`] for a name given twice; the first in list order.
    pub fn new<I>(items: I) -> Result<Names, NameError>
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let items: Vec<String> = items.into_iter().map(Into::into).collect();
        let mut index = HashMap::with_capacity(items.len());
        for (item, name) in items.iter().enumerate() {
            if name.is_empty() || name.contains([':', '|', '\0']) || name.chars().any(is_blank) {
                return Err(NameError::BadName {
                    item,
                    name: name.clone(),
                });
            }
            if let Some(&first) = index.get(name.as_str()) {
                return Err(NameError::DuplicateName {
                    name: name.clone(),
                    first,
                    second: item,
                });
            }
            index.insert(name.clone(), item);
        }
        Ok(Names {
            items: items.into(),
            index,
            colors: NameList::default(),
            options: None,
        })
    }

    /// These names with the names of colors `0, 1, ...`.
    ///
    /// # Errors
    /// [`NameError::BadColor`] for a name Knuth's format would not read back as a color,
    /// [`NameError::DuplicateColor`] for a name given twice.
    pub fn with_colors<I>(mut self, colors: I) -> Result<Names, NameError>
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let colors: Vec<String> = colors.into_iter().map(Into::into).collect();
        let mut first = HashMap::with_capacity(colors.len());
        for (color, name) in colors.iter().enumerate() {
            if name.is_empty() || name.contains([':', '\0']) || name.chars().any(is_blank) {
                return Err(NameError::BadColor {
                    color,
                    name: name.clone(),
                });
            }
            if let Some(&earlier) = first.get(name.as_str()) {
                return Err(NameError::DuplicateColor {
                    name: name.clone(),
                    first: earlier,
                    second: color,
                });
            }
            first.insert(name.as_str(), color);
        }
        self.colors = colors.into();
        Ok(self)
    }

    /// These names with the names of options `0, 1, ...` (any text).
    pub fn with_options<I>(mut self, options: I) -> Names
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let options: Vec<String> = options.into_iter().map(Into::into).collect();
        self.options = Some(options.into());
        self
    }

    /// The number of item names.
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// The item named `name`, if there is one.
    pub fn item(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The name of item `i`.
    ///
    /// # Panics
    /// If there is no item `i`.
    pub fn item_name(&self, i: usize) -> &str {
        &self.items[i]
    }

    /// The item names, in item order.
    pub fn items(&self) -> &NameList {
        &self.items
    }

    /// The name of color `c`, if the colors have names.
    pub fn color_name(&self, c: u32) -> Option<&str> {
        self.colors.get(c as usize).map(String::as_str)
    }

    /// The color names, in color order; empty when the colors have no names.
    pub fn colors(&self) -> &NameList {
        &self.colors
    }

    /// The name of option `k`, if the options have names.
    pub fn option_name(&self, k: usize) -> Option<&str> {
        self.options.as_ref()?.get(k).map(String::as_str)
    }

    /// The option names, in option order, if the options have names.
    pub fn options(&self) -> Option<&NameList> {
        self.options.as_ref()
    }
}

/// The blank characters of Knuth's format, which separate names: C's `isspace` in the "C"
/// locale.
pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

/// Checks that `names` fit `problem` (see [`Problem::with_names`]).
pub(crate) fn check_fit(problem: &Problem, names: &Names) -> Result<(), NameError> {
    if names.item_count() != problem.item_count() {
        return Err(NameError::WrongCount {
            names: names.item_count(),
            items: problem.item_count(),
        });
    }
    if let Some(options) = names.options()
        && options.len() != problem.option_count()
    {
        return Err(NameError::WrongOptionCount {
            names: options.len(),
            options: problem.option_count(),
        });
    }
    if !names.colors.is_empty() {
        let colors = problem.raw_colors().iter().max().map_or(0, |&c| c as usize);
        if names.colors.len() < colors {
            return Err(NameError::TooFewColors {
                names: names.colors.len(),
                colors,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    /// Items `a` (primary), `x` (secondary); options `a x:0`, `a x:1`.
    fn colored() -> Problem {
        let mut b = ProblemBuilder::new(1, 1);
        b.colored_option([(0, None), (1, Some(0))]).unwrap();
        b.colored_option([(0, None), (1, Some(1))]).unwrap();
        b.build().unwrap()
    }

    #[test]
    fn names_look_items_up_both_ways_and_colors_and_options_by_number() {
        let names = Names::new(["a", "x"])
            .unwrap()
            .with_colors(["red", "b|c"])
            .unwrap()
            .with_options(["first choice", "second"]);
        assert_eq!(
            (names.item("a"), names.item("x"), names.item("y")),
            (Some(0), Some(1), None)
        );
        assert_eq!((names.item_name(0), names.item_name(1)), ("a", "x"));
        assert_eq!(names.items(), &["a", "x"]);
        assert_eq!(
            (names.color_name(1), names.color_name(2)),
            (Some("b|c"), None)
        );
        assert_eq!(names.option_name(0), Some("first choice"));
        assert_eq!(Names::new(["a"]).unwrap().option_name(0), None);
    }

    #[test]
    fn bad_and_repeated_names_are_refused_with_both_places() {
        let err = |items: &[&str]| Names::new(items.iter().copied()).unwrap_err();
        assert_eq!(
            err(&["a", "b", "a"]),
            NameError::DuplicateName {
                name: "a".into(),
                first: 0,
                second: 2
            }
        );
        assert_eq!(
            err(&["a", "b", "a"]).to_string(),
            "items 0 and 2 are both named `a`: expected unique names"
        );
        for bad in ["", "x y", "x:y", "x|y", "x\u{b}y", "x\0y"] {
            assert_eq!(
                err(&["ok", bad]),
                NameError::BadName {
                    item: 1,
                    name: bad.into()
                },
                "{bad:?}"
            );
        }
        // Other Unicode spaces are part of a name in Knuth's format.
        assert!(Names::new(["x\u{a0}y"]).is_ok());
        let colors = |c: &[&str]| Names::new(["a"]).unwrap().with_colors(c.iter().copied());
        assert_eq!(
            colors(&["red", "red"]).unwrap_err(),
            NameError::DuplicateColor {
                name: "red".into(),
                first: 0,
                second: 1
            }
        );
        for bad in ["a:b", "a\0b"] {
            assert!(matches!(
                colors(&[bad]),
                Err(NameError::BadColor { color: 0, .. })
            ));
        }
    }

    #[test]
    fn names_attach_only_to_a_problem_they_fit() {
        let fit = |names: Names| colored().with_names(names).map(|_| ());
        let items = || Names::new(["a", "x"]).unwrap();
        assert_eq!(
            fit(Names::new(["a"]).unwrap()),
            Err(NameError::WrongCount { names: 1, items: 2 })
        );
        assert_eq!(
            fit(items().with_options(["one"])),
            Err(NameError::WrongOptionCount {
                names: 1,
                options: 2
            })
        );
        assert_eq!(
            fit(items().with_colors(["red"]).unwrap()),
            Err(NameError::TooFewColors {
                names: 1,
                colors: 2
            })
        );
        let named = colored()
            .with_names(
                items()
                    .with_colors(["red", "blue"])
                    .unwrap()
                    .with_options(["1", "2"]),
            )
            .unwrap();
        assert_eq!(named.names().unwrap().color_name(1), Some("blue"));
        // Names are labels: equality, like the search, ignores them, and a renumbered copy
        // drops them rather than misname its items.
        assert_eq!(named, colored());
        assert!(colored().names().is_none());
        assert!(named.permuted(&[0], &[1, 0]).names().is_none());
    }
}
