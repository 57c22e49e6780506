//! The named API on the problems of the examples, against answers found another way: double
//! word squares (colors) against a brute force over all triples of words, and pentomino
//! packings with each shape at most once (bounds `0..=1`, Algorithm M) against the same
//! packings with each shape a secondary item (plain exact cover, DLX1).

use std::collections::{BTreeSet, HashSet};

use dancing::named::{NamedBuilder, NamedError};
use dancing::problems::polyomino::{self, Letters};
use dancing::problems::tiling::{Dimension, Orientations};

const WORDS: &str = "are ate awe dew dry ear eat eel end era gin god has hot ire mad net new
    nod oar one ore owe paw rat say sea see son spa sum tan tea toe try urn yet";

/// The double word squares of `words`, as the across words, by the named API.
fn squares_by_colors(words: &[&str]) -> BTreeSet<Vec<String>> {
    let mut b = NamedBuilder::new();
    for k in 1..=3 {
        b.primary(&format!("a{k}")).unwrap();
        b.primary(&format!("d{k}")).unwrap();
    }
    for r in 1..=3 {
        for c in 1..=3 {
            b.secondary(&format!("{r}{c}")).unwrap();
        }
    }
    for w in words {
        b.secondary(w).unwrap();
    }
    for k in 1..=3 {
        for w in words {
            for across in [true, false] {
                let slot = if across { "a" } else { "d" };
                let mut items = vec![format!("{slot}{k}"), w.to_string()];
                for (i, letter) in w.chars().enumerate() {
                    let (r, c) = if across { (k, i + 1) } else { (i + 1, k) };
                    items.push(format!("{r}{c}:{letter}"));
                }
                b.option(&format!("{slot}{k} {w}"), &items).unwrap();
            }
        }
    }
    let problem = b.build().unwrap();
    problem
        .solutions()
        .map(|s| {
            let mut across: Vec<&str> = s.into_iter().filter(|n| n.starts_with('a')).collect();
            across.sort_unstable();
            across
                .iter()
                .map(|n| n.split(' ').nth(1).unwrap().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn double_word_squares_by_colors_are_those_of_a_brute_force() {
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    let set: HashSet<&str> = words.iter().copied().collect();
    let mut expected = BTreeSet::new();
    for a in &words {
        for b in &words {
            for c in &words {
                let rows = [a.as_bytes(), b.as_bytes(), c.as_bytes()];
                let columns: Vec<String> = (0..3)
                    .map(|i| rows.iter().map(|r| r[i] as char).collect())
                    .collect();
                let all: HashSet<&str> = [*a, *b, *c]
                    .into_iter()
                    .chain(columns.iter().map(String::as_str))
                    .collect();
                if columns.iter().all(|w| set.contains(w.as_str())) && all.len() == 6 {
                    expected.insert(vec![a.to_string(), b.to_string(), c.to_string()]);
                }
            }
        }
    }
    assert!(!expected.is_empty());
    assert_eq!(squares_by_colors(&words), expected);
}

/// The packings of a `rows x columns` board with pentominoes, each shape at most once, as
/// sorted sets of option names: with bounds `0..=1` on the shapes if `bounds`, else with the
/// shapes as secondary items.
fn pentomino_packings(rows: i32, columns: i32, bounds: bool) -> BTreeSet<Vec<String>> {
    let mut b = NamedBuilder::new();
    for r in 0..rows {
        for c in 0..columns {
            b.primary(&format!("{r}.{c}")).unwrap();
        }
    }
    let shapes = polyomino::pentominoes(Letters::Golomb);
    for (name, _) in &shapes {
        if bounds {
            b.primary_with_bounds(name, 0, 1).unwrap();
        } else {
            b.secondary(name).unwrap();
        }
    }
    for (name, shape) in &shapes {
        let mut seen = HashSet::new();
        for turned in shape.orientations_in(Dimension::Plane, Orientations::All) {
            if !seen.insert(turned.cells().to_vec()) {
                continue;
            }
            for top in 0..rows {
                for left in 0..columns {
                    let cells: Vec<(i32, i32)> = turned
                        .cells()
                        .iter()
                        .map(|&[_, r, c]| (top + r, left + c))
                        .collect();
                    if cells.iter().any(|&(r, c)| r >= rows || c >= columns) {
                        continue;
                    }
                    let items: Vec<String> = std::iter::once(name.clone())
                        .chain(cells.iter().map(|(r, c)| format!("{r}.{c}")))
                        .collect();
                    b.option(&items.join(" "), &items).unwrap();
                }
            }
        }
    }
    let problem = b.build().unwrap();
    assert_eq!(problem.problem().has_multiplicities(), bounds);
    problem
        .solutions()
        .map(|s| {
            let mut s: Vec<String> = s.into_iter().map(str::to_string).collect();
            s.sort_unstable();
            s
        })
        .collect()
}

#[test]
fn pentominoes_at_most_once_by_bounds_equal_those_by_secondary_items() {
    for (rows, columns) in [(3, 5), (4, 5), (5, 5)] {
        let by_bounds = pentomino_packings(rows, columns, true);
        assert!(!by_bounds.is_empty(), "{rows}x{columns}");
        assert_eq!(
            by_bounds,
            pentomino_packings(rows, columns, false),
            "{rows}x{columns}"
        );
    }
}

#[test]
fn errors_name_the_offending_item_and_option() {
    let mut b = NamedBuilder::new();
    b.primary("cell").unwrap().secondary("color").unwrap();
    assert_eq!(
        b.option("first", ["cell", "colour:red"]),
        Err(NamedError::UnknownItem {
            option: "first".into(),
            item: "colour".into()
        })
    );
    assert_eq!(
        b.option("second", ["cell:red"]),
        Err(NamedError::ColorOnPrimary {
            option: "second".into(),
            item: "cell".into()
        })
    );
    assert_eq!(
        b.primary_with_bounds("many", 2, 1).map(|_| ()),
        Err(NamedError::BadBounds {
            item: "many".into(),
            lower: 2,
            upper: 1
        })
    );
}
