//! Writing Knuth's format: a [`Problem`] to the text that [`super::parse`] reads back, with
//! generated names ([`write()`]), given ones ([`write_named`]) or its own
//! ([`write_with_names`]).

use crate::Problem;
use crate::names::{NameError, Names};

/// Writes `problem` in Knuth's format, naming item `i` `x{i}` and color `c` `{c}`: the item
/// line (primary items, with their bounds `u:v|x{i}` or `v|x{i}` unless they are `1:1`, then
/// `|` and the secondary items when there are any), then one line per option, colors as
/// `x{i}:{c}`, and a nonzero cost as DLX5's `|{n}` at the end. [`parse`](super::parse) reads it back to the same problem when its colors
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
    write_with(problem, &names, &[])
}

/// Writes `problem` with item `i` named `names[i]` (names already checked) and color `c`
/// named `colors[c]`, or `{c}` when there are no color names: the item line with bounds,
/// then the options with colors.
fn write_with(problem: &Problem, names: &[String], colors: &[String]) -> String {
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
                Some(c) => match colors.get(c as usize) {
                    Some(color) => format!("{}:{color}", names[i]),
                    None => format!("{}:{c}", names[i]),
                },
            })
            .collect();
        text += &option.join(" ");
        let cost = problem.option_cost(k);
        if cost > 0 {
            text += &format!(" |{cost}");
        }
        text.push('\n');
    }
    text
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
/// assert_eq!((read.problem, read.item_names.to_vec()), (problem, names.to_vec()));
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
    Names::new(item_names.iter().map(String::as_str))?;
    Ok(write_with(problem, item_names, &[]))
}

/// Writes `problem` in Knuth's format with its own names ([`Problem::names`]): its item
/// names, and its color names when it has some (colors are numbered otherwise, as
/// [`write()`] numbers them); a problem without names as [`write()`] writes it.
/// [`parse`](super::parse) reads it back to the same problem with the same names.
///
/// ```
/// use dancing::knuth::{parse_str, write_with_names};
/// let text = "A B | X\nA X:red\nB X:red\nA B X:blue\n";
/// let read = parse_str(text)?;
/// assert_eq!(write_with_names(&read.problem), text);
/// # Ok::<(), dancing::knuth::ParseError>(())
/// ```
pub fn write_with_names(problem: &Problem) -> String {
    match problem.names() {
        Some(names) => write_with(problem, names.items(), names.colors()),
        None => write(problem),
    }
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
