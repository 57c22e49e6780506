//! Polyominoes: pieces made of squares, packed into a board of squares (Dana Scott's
//! pentomino problem of 1958 and its kin), in Knuth's encoding.
//!
//! The encoding is [`super::tiling`]'s in the plane: one primary item per piece (with
//! multiplicity `k` for `k` copies, which are not told apart), one per board cell, one option
//! per placement; pieces may be turned and flipped
//! over ([`Orientations::All`]), or only turned, or neither. [`TilingBuilder::reduce_symmetry`]
//! keeps one solution of each family of mirror and rotated images by pinning a piece (the X
//! pentomino to one quarter of the 6x10 board, as Knuth does).
//!
//! # Pieces by name
//! - `pentominoes`: the twelve pieces of five squares, in Golomb's letters
//!   `F I L N P T U V W X Y Z` or Conway's `R O Q S P T U V W X Y Z` ([`Letters`]);
//! - `tetrominoes`: `I4 O4 T4 L4 S4`; `trominoes`: `I3 L3`; `domino`: `I2`;
//!   `monomino`: `O1` (the digit tells the size, so that sets can be mixed);
//! - `hexominoes`: the 35 pieces of six squares, `H01` to `H35`. There is no one standard
//!   set of letters for them, so they are numbered in the order of their canonical forms
//!   ([`Shape::canonical`]): `H01` is the straight one. [`hexominoes`] computes them by
//!   growing every polyomino square by square, and the tests check that there are 35.
//!
//! # Pictures
//! [`picture`] draws a packing as letters, one character per cell (`.` outside the board),
//! Knuth's way; [`super::svg`] draws it as an SVG image.
//!
//! ```
//! use dancing::problems::polyomino::{self, Letters};
//! use dancing::problems::tiling::{Dimension, TilingBuilder};
//! use dancing::Solver;
//! let board = polyomino::rectangle("3x20")?;
//! let mut builder = TilingBuilder::new(Dimension::Plane, board);
//! builder.pieces(polyomino::pentominoes(Letters::Golomb), 1);
//! builder.reduce_symmetry(true);
//! let tiling = builder.build()?;
//! let mut solver = Solver::new(tiling.problem());
//! let first = solver.next_solution()?.unwrap();
//! let picture = polyomino::picture(&tiling, &tiling.decode(&first));
//! assert_eq!(picture.lines().count(), 3);
//! assert_eq!(solver.count(None)?, 1); // 2 solutions up to symmetry
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeSet;

use super::tiling::{Dimension, Orientations, Packing, Shape, SpecError, TilingProblem};

#[cfg(doc)]
use super::tiling::TilingBuilder;

/// Which letters name the pentominoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Letters {
    /// Golomb's: `F I L N P T U V W X Y Z` (those of Knuth's files).
    #[default]
    Golomb,
    /// Conway's: the letters `O` to `Z` in order of the alphabet (`O` is the straight piece,
    /// `R` is Golomb's F, `Q` his L, `S` his N).
    Conway,
}

/// The pentominoes, in Golomb's letters, drawn with `#` (rows separated by `/`).
const PENTOMINOES: [(&str, &str, &str); 12] = [
    ("F", "R", ".##/##./.#."),
    ("I", "O", "#####"),
    ("L", "Q", "####/#..."),
    ("N", "S", "###./..##"),
    ("P", "P", "##/##/#."),
    ("T", "T", "###/.#./.#."),
    ("U", "U", "#.#/###"),
    ("V", "V", "#../#../###"),
    ("W", "W", "#../##./.##"),
    ("X", "X", ".#./###/.#."),
    ("Y", "Y", "####/.#.."),
    ("Z", "Z", "##./.#./.##"),
];

/// The smaller polyominoes, named with their size.
const SMALL: [(&str, &str); 9] = [
    ("O1", "#"),
    ("I2", "##"),
    ("I3", "###"),
    ("L3", "##/#."),
    ("I4", "####"),
    ("O4", "##/##"),
    ("T4", "###/.#."),
    ("L4", "###/#.."),
    ("S4", ".##/##."),
];

/// The shape drawn with `#` for a cell, rows separated by `/`.
fn drawn(rows: &str) -> Shape {
    Shape::plane(rows.split('/').enumerate().flat_map(|(r, row)| {
        row.char_indices()
            .filter(|&(_, ch)| ch == '#')
            .map(move |(c, _)| (r as i32, c as i32))
    }))
    .expect("a drawn piece has cells")
}

/// The twelve pentominoes, named with `letters`, in Golomb's alphabetical order.
pub fn pentominoes(letters: Letters) -> Vec<(String, Shape)> {
    PENTOMINOES
        .iter()
        .map(|&(golomb, conway, rows)| {
            let name = match letters {
                Letters::Golomb => golomb,
                Letters::Conway => conway,
            };
            (name.to_owned(), drawn(rows))
        })
        .collect()
}

/// The pieces of `SMALL` with the given names.
fn small(names: &[&str]) -> Vec<(String, Shape)> {
    SMALL
        .iter()
        .filter(|(name, _)| names.contains(name))
        .map(|&(name, rows)| (name.to_owned(), drawn(rows)))
        .collect()
}

/// The five tetrominoes: `I4 O4 T4 L4 S4`.
pub fn tetrominoes() -> Vec<(String, Shape)> {
    small(&["I4", "O4", "T4", "L4", "S4"])
}

/// The two trominoes: `I3 L3`.
pub fn trominoes() -> Vec<(String, Shape)> {
    small(&["I3", "L3"])
}

/// Every free polyomino of `size` squares (distinct under turning and flipping), in the
/// order of their canonical forms: grown from smaller ones a square at a time.
pub fn free_polyominoes(size: usize) -> Vec<Shape> {
    let canonical = |s: &Shape| s.canonical(Dimension::Plane, Orientations::All);
    let mut current: BTreeSet<Shape> = BTreeSet::new();
    if size == 0 {
        return Vec::new();
    }
    current.insert(drawn("#"));
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for shape in &current {
            for c in shape.cells() {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let cell = [0, c[1] + dr, c[2] + dc];
                    if shape.cells().contains(&cell) {
                        continue;
                    }
                    let grown =
                        Shape::new(shape.cells().iter().copied().chain([cell])).expect("not empty");
                    next.insert(canonical(&grown));
                }
            }
        }
        current = next;
    }
    current.into_iter().collect()
}

/// The 35 hexominoes, `H01` to `H35` in the order of [`free_polyominoes`].
pub fn hexominoes() -> Vec<(String, Shape)> {
    free_polyominoes(6)
        .into_iter()
        .enumerate()
        .map(|(k, shape)| (format!("H{:02}", k + 1), shape))
        .collect()
}

/// The names [`named_pieces`] knows, for messages.
const KNOWN: &str = "pentominoes, tetrominoes, trominoes, domino, monomino, hexominoes, or a \
    piece: F I L N P T U V W X Y Z (or Conway's O..Z), I4 O4 T4 L4 S4, I3 L3, I2, O1, H01..H35";

/// The pieces named in `spec`: names of sets (`pentominoes`, `tetrominoes`, `trominoes`,
/// `domino`, `monomino`, `hexominoes`, singular or plural) and of pieces, separated by
/// commas or blanks, in the order given.
///
/// # Errors
/// [`SpecError::UnknownPiece`] for a name that is neither.
pub fn named_pieces(spec: &str, letters: Letters) -> Result<Vec<(String, Shape)>, SpecError> {
    let mut out = Vec::new();
    for name in spec.split([',', ' ', '\t']).filter(|s| !s.is_empty()) {
        let lower = name.to_ascii_lowercase();
        let stem = lower
            .strip_suffix("es")
            .or_else(|| lower.strip_suffix('s'))
            .unwrap_or(&lower);
        let set = match stem {
            "pentomino" => pentominoes(letters),
            "tetromino" => tetrominoes(),
            "tromino" => trominoes(),
            "domino" => small(&["I2"]),
            "monomino" => small(&["O1"]),
            "hexomino" => hexominoes(),
            _ => {
                let piece = pentominoes(letters)
                    .into_iter()
                    .chain(small(&SMALL.map(|(n, _)| n)))
                    .chain(hexominoes())
                    .find(|(n, _)| n == name);
                match piece {
                    Some(piece) => vec![piece],
                    None => {
                        return Err(SpecError::UnknownPiece {
                            name: name.to_owned(),
                            known: KNOWN.to_owned(),
                        });
                    }
                }
            }
        };
        out.extend(set);
    }
    if out.is_empty() {
        return Err(SpecError::UnknownPiece {
            name: spec.to_owned(),
            known: KNOWN.to_owned(),
        });
    }
    Ok(out)
}

/// The board `RxC`: `R` rows of `C` squares (`6x10` is Knuth's 6 rows of 10, and the cells
/// are named as in his files).
///
/// # Errors
/// [`SpecError::BadSize`] for anything but two positive numbers joined by `x`.
pub fn rectangle(size: &str) -> Result<Shape, SpecError> {
    let sides = super::tiling::read_size(size, 2, "ROWSxCOLUMNS, such as 6x10")?;
    Ok(Shape::cuboid(1, sides[0], sides[1]).expect("sides are positive"))
}

/// A board drawn in one layer (see [`super::tiling::read_drawing`]): every character but
/// blanks and `.` is a cell, so holes are drawn with `.`.
///
/// # Errors
/// [`SpecError::EmptyDrawing`], or [`SpecError::Layers`] for a drawing of several layers.
pub fn board_from_drawing(text: &str) -> Result<Shape, SpecError> {
    let layers = super::tiling::read_drawing(text)?.layers;
    if layers > 1 {
        return Err(SpecError::Layers { layers });
    }
    super::tiling::board_from_drawing(text)
}

/// Pieces drawn in one layer, each character one piece named by it.
///
/// # Errors
/// As [`super::tiling::pieces_from_drawing`], and [`SpecError::Layers`].
pub fn pieces_from_drawing(text: &str) -> Result<Vec<(String, Shape)>, SpecError> {
    let layers = super::tiling::read_drawing(text)?.layers;
    if layers > 1 {
        return Err(SpecError::Layers { layers });
    }
    super::tiling::pieces_from_drawing(text)
}

/// The comment line of a packing problem's export (`dancing polyomino BOARD --to-dlx`, and
/// the server's `/api/export/polyomino`): the board and the pieces as they were named.
pub fn export_comment(board: &str, pieces: &str) -> String {
    format!("polyomino packing, board {board}, pieces {pieces} (dancing polyomino)")
}

/// A packing as letters: one line per row of the board's bounding box, each piece's
/// character ([`TilingProblem::glyphs`]) in its cells, `.` where there is no cell.
pub fn picture(problem: &TilingProblem, packing: &Packing) -> String {
    problem.picture(packing, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_1_1_2_5_12_35_free_polyominoes_of_1_to_6_squares() {
        // OEIS A000105.
        let counts: Vec<usize> = (1..=6).map(|n| free_polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 1, 2, 5, 12, 35]);
    }

    #[test]
    fn the_named_sets_are_the_free_polyominoes() {
        let canonical = |v: Vec<(String, Shape)>| {
            let mut s: Vec<Shape> = v
                .iter()
                .map(|(_, s)| s.canonical(Dimension::Plane, Orientations::All))
                .collect();
            s.sort();
            s
        };
        assert_eq!(canonical(pentominoes(Letters::Golomb)), free_polyominoes(5));
        assert_eq!(canonical(tetrominoes()), free_polyominoes(4));
        assert_eq!(canonical(trominoes()), free_polyominoes(3));
        assert_eq!(hexominoes()[0].1.extent(), [1, 1, 6]);
    }

    #[test]
    fn conway_letters_rename_the_same_shapes() {
        let g = pentominoes(Letters::Golomb);
        let c = pentominoes(Letters::Conway);
        let shape =
            |v: &[(String, Shape)], n: &str| v.iter().find(|(m, _)| m == n).unwrap().1.clone();
        for (golomb, conway) in [("F", "R"), ("I", "O"), ("L", "Q"), ("N", "S"), ("X", "X")] {
            assert_eq!(shape(&g, golomb), shape(&c, conway));
        }
    }

    #[test]
    fn names_and_sets_read_in_order_and_unknown_names_are_refused() {
        let pieces = named_pieces("X, tetrominoes I2", Letters::Golomb).unwrap();
        let names: Vec<&str> = pieces.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["X", "I4", "O4", "T4", "L4", "S4", "I2"]);
        assert!(matches!(
            named_pieces("pentominos,Q", Letters::Golomb),
            Err(SpecError::UnknownPiece { name, .. }) if name == "Q"
        ));
        assert_eq!(
            named_pieces("Q", Letters::Conway).unwrap()[0].1,
            pentominoes(Letters::Golomb)[2].1
        );
    }

    #[test]
    fn sizes_are_rows_by_columns() {
        assert_eq!(rectangle("6x10").unwrap().extent(), [1, 6, 10]);
        assert!(matches!(rectangle("6x"), Err(SpecError::BadSize { .. })));
        assert!(matches!(rectangle("0x3"), Err(SpecError::BadSize { .. })));
        assert!(matches!(rectangle("2x3x4"), Err(SpecError::BadSize { .. })));
        assert!(rectangle("1024x1024").is_ok());
        assert!(matches!(
            rectangle("1024x1025"),
            Err(SpecError::BadSize { .. })
        ));
        assert!(matches!(
            rectangle("99999999999x99999999999"),
            Err(SpecError::BadSize { .. })
        ));
    }

    #[test]
    fn drawings_give_boards_with_holes_and_pieces_by_character() {
        let board = board_from_drawing("####\n#..#\n####\n").unwrap();
        assert_eq!(board.len(), 10);
        let pieces = pieces_from_drawing("AAB\n.BB\n\nCC\n").unwrap();
        let names: Vec<&str> = pieces.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
        assert_eq!(pieces[1].1.len(), 3);
        assert_eq!(
            pieces_from_drawing("A.A\n"),
            Err(SpecError::NotConnected { name: 'A' })
        );
        assert_eq!(
            board_from_drawing("#\n---\n#\n"),
            Err(SpecError::Layers { layers: 2 })
        );
        assert_eq!(board_from_drawing(" . \n"), Err(SpecError::EmptyDrawing));
    }
}
