//! Writing Knuth's format: a [`Problem`] to the text that [`super::parse`] reads back, with
//! generated names ([`write()`]) or given ones ([`write_named`]).

use std::collections::HashMap;

use thiserror::Error;

use super::is_blank;
use crate::Problem;

/// Writes `problem` in Knuth's format, naming item `i` `x{i}` and color `c` `{c}`: the item
/// line (primary items, with their bounds `u:v|x{i}` or `v|x{i}` unless they are `1:1`, then
/// `|` and the secondary items when there are any), then one line per option, colors as
/// `x{i}:{c}`. [`parse`](super::parse) reads it back to the same problem when its colors
/// are numbered in order of first appearance, as [`parse`](super::parse) and
/// [`crate::named`] number them; otherwise to the same problem with its colors renumbered so.
///
/// ```
/// let text = dancing::knuth::write(&dancing::problems::knuth_example());
/// assert!(text.starts_with("x0 x1 x2 x3 x4 | x5 x6\nx2 x4 x5\n"));
/// assert_eq!(dancing::knuth::parse_str(&text)?.problem, dancing::problems::knuth_example());
///
/// let colored = dancing::knuth::parse_str("2:3|a b | c\na c:0\na b c:0\na c:1\n")?;
/// let text = dancing::knuth::write(&colored.problem);
/// assert_eq!(text, "2:3|x0 x1 | x2\nx0 x2:0\nx0 x1 x2:0\nx0 x2:1\n");
/// assert_eq!(dancing::knuth::parse_str(&text)?.problem, colored.problem);
/// # Ok::<(), dancing::knuth::ParseError>(())
/// ```
pub fn write(problem: &Problem) -> String {
    let names: Vec<String> = (0..problem.item_count()).map(|i| format!("x{i}")).collect();
    write_with(problem, &names, &|c| c.to_string())
}

/// Writes `problem` with item `i` named `names[i]` and color `c` named `color_name(c)` (names
/// already checked): the item line with bounds, then the options with colors.
pub(crate) fn write_with(
    problem: &Problem,
    names: &[String],
    color_name: &dyn Fn(u32) -> String,
) -> String {
    let item = |i: usize| match problem.bounds(i) {
        Some((1, 1)) | None => names[i].clone(),
        Some((u, v)) if u == v => format!("{v}|{}", names[i]),
        Some((u, v)) => format!("{u}:{v}|{}", names[i]),
    };
    let items =
        |range: &mut dyn Iterator<Item = usize>| range.map(item).collect::<Vec<_>>().join(" ");
    let mut text = items(&mut (0..problem.primary_items()));
    if problem.secondary_items() > 0 {
        text += " | ";
        text += &items(&mut (problem.primary_items()..problem.item_count()));
    }
    text.push('\n');
    for k in 0..problem.option_count() {
        let option: Vec<String> = problem
            .option(k)
            .zip(problem.option_colors(k))
            .map(|(i, color)| match color {
                None => names[i].clone(),
                Some(c) => format!("{}:{}", names[i], color_name(c)),
            })
            .collect();
        text += &option.join(" ");
        text.push('\n');
    }
    text
}

/// Why [`write_named`] cannot write a problem with the given names.
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
    /// A name that [`parse`](super::parse) would not read back as one name: empty, or with a
    /// blank, `:` or `|` in it.
    #[error("item {item} is named `{name}`: expected a non-empty name without blanks, `:` or `|`")]
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
}

/// Writes `problem` in Knuth's format as [`write()`] does (bounds and colors included),
/// naming item `i` `item_names[i]`. [`parse`](super::parse) reads it back to the same
/// problem, with these names.
///
/// ```
/// let problem = dancing::problems::knuth_example();
/// let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from);
/// let text = dancing::knuth::write_named(&problem, &names)?;
/// assert!(text.starts_with("A B C D E | F G\nC E F\nA D G\n"));
/// let read = dancing::knuth::parse_str(&text).unwrap();
/// assert_eq!((read.problem, read.item_names), (problem, names.to_vec()));
/// # Ok::<(), dancing::knuth::NameError>(())
/// ```
///
/// # Errors
/// [`NameError`] if there is not one name per item, or a name is not valid in the format, or
/// two names are equal.
pub fn write_named(problem: &Problem, item_names: &[String]) -> Result<String, NameError> {
    if item_names.len() != problem.item_count() {
        return Err(NameError::WrongCount {
            names: item_names.len(),
            items: problem.item_count(),
        });
    }
    let mut first = HashMap::new();
    for (item, name) in item_names.iter().enumerate() {
        if name.is_empty() || name.contains([':', '|']) || name.chars().any(is_blank) {
            return Err(NameError::BadName {
                item,
                name: name.clone(),
            });
        }
        if let Some(&earlier) = first.get(name.as_str()) {
            return Err(NameError::DuplicateName {
                name: name.clone(),
                first: earlier,
                second: item,
            });
        }
        first.insert(name.as_str(), item);
    }
    Ok(write_with(problem, item_names, &|c| c.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth::parse_str;

    #[test]
    fn written_problems_read_back_to_themselves() {
        use crate::problems::{langford, queens};
        for problem in [queens(6), langford(5, true), queens(1)] {
            assert_eq!(parse_str(&write(&problem)).unwrap().problem, problem);
        }
    }
}
