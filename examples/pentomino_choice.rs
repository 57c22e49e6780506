//! Fill a rectangle with pentominoes, using each of the twelve shapes at most once: a
//! problem with multiplicities (Knuth's Algorithm M), built with the named API.
//!
//! Every cell of the board is a primary item, covered exactly once. Every shape is a primary
//! item with bounds `0..=1`: a solution may leave it out, or use it once. An option places
//! one shape, in one orientation, at one place: the shape's item and its five cells.
//!
//! ```text
//! cargo run --release --example pentomino_choice          # a 5x6 board
//! cargo run --release --example pentomino_choice -- 4 5   # rows, columns
//! ```

use std::collections::HashSet;
use std::error::Error;

use dancing::named::NamedBuilder;
use dancing::problems::polyomino::{self, Letters};
use dancing::problems::tiling::{Dimension, Orientations};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (rows, columns) = match args[..] {
        [] => (5, 6),
        [r, c] => (r, c),
        _ => return Err("give the rows and the columns, or nothing".into()),
    };
    if (rows * columns) % 5 != 0 {
        return Err(format!("{rows}x{columns} is not a multiple of 5 cells").into());
    }

    let cell = |r: usize, c: usize| format!("{r}.{c}");
    let mut b = NamedBuilder::new();
    for r in 0..rows {
        for c in 0..columns {
            b.primary(&cell(r, c))?;
        }
    }
    let shapes = polyomino::pentominoes(Letters::Golomb);
    for (name, _) in &shapes {
        // Each shape at most once: bounds 0..=1.
        b.primary_with_bounds(name, 0, 1)?;
    }
    for (name, shape) in &shapes {
        // Each orientation once, however many symmetries the shape has.
        let mut seen = HashSet::new();
        for turned in shape.orientations_in(Dimension::Plane, Orientations::All) {
            if !seen.insert(turned.cells().to_vec()) {
                continue;
            }
            let height = turned.cells().iter().map(|&[_, r, _]| r).max().unwrap_or(0);
            let width = turned.cells().iter().map(|&[_, _, c]| c).max().unwrap_or(0);
            for top in 0..rows as i32 - height {
                for left in 0..columns as i32 - width {
                    let cells = turned
                        .cells()
                        .iter()
                        .map(|&[_, r, c]| cell((top + r) as usize, (left + c) as usize));
                    let items: Vec<String> = std::iter::once(name.clone()).chain(cells).collect();
                    // The option's name is its items: the shape, then its cells.
                    b.option(&items.join(" "), &items)?;
                }
            }
        }
    }
    let problem = b.build()?;

    let mut first = None;
    let mut count = 0u64;
    for solution in problem.solutions() {
        count += 1;
        first.get_or_insert(solution);
    }
    println!("{rows}x{columns} board, each of the 12 pentominoes at most once: {count} packings");
    if let Some(solution) = first {
        // Draw the first: each cell shows the letter of the shape on it.
        let mut grid = vec![vec!['.'; columns]; rows];
        for option in solution {
            let mut items = option.split(' ');
            let letter = items.next().unwrap_or(".").chars().next().unwrap_or('.');
            for place in items {
                let (r, c) = place.split_once('.').ok_or("a cell is row.column")?;
                grid[r.parse::<usize>()?][c.parse::<usize>()?] = letter;
            }
        }
        for row in grid {
            println!("{}", row.into_iter().collect::<String>());
        }
    }
    Ok(())
}
