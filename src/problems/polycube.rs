//! Polycubes: pieces made of cubes, packed into a box (Piet Hein's Soma cube and its kin).
//!
//! The encoding is [`super::tiling`]'s in space: one primary item per piece, one per cell
//! of the box, one option per placement. Solid pieces can be turned but not reflected, so
//! the default orientations are the 24 rotations ([`Orientations::Rotations`]); a
//! reflection of a whole packing is still a symmetry of the problem when it maps the set of
//! pieces onto itself, as it does for the Soma pieces by exchanging the two mirror-image
//! screws `A` and `B`. The Soma cube has 11,520 packings, 240 up to its 48 symmetries.
//!
//! # Pieces by name
//! - `soma`: Conway's names `V L T Z A B P`: the bent tricube `V`, the flat tetracubes `L`,
//!   `T` and `Z` (the skew one), the right and left screws `A` and `B`, and the branch `P`
//!   (three cubes along three axes from one corner cube);
//! - `tetracubes`: the eight pieces of four cubes, `I O L T Z A B P`;
//! - `tricubes`: `I3 V`;
//! - `pentominoes`: the twelve flat pentacubes (solid pentominoes), in Golomb's letters.
//!
//! # Boxes and pictures
//! A box `AxBxC` has `A` layers of `B` rows of `C` cubes; [`picture`] draws a packing as its
//! layers side by side, one character per cube.
//!
//! ```
//! use dancing::problems::polycube;
//! use dancing::problems::tiling::{Dimension, Orientations, TilingBuilder};
//! use dancing::Solver;
//! let mut builder = TilingBuilder::new(Dimension::Space, polycube::cuboid("3x3x3")?);
//! builder.pieces(polycube::soma(), 1);
//! builder.orientations(Orientations::Rotations);
//! builder.reduce_symmetry(true);
//! let soma = builder.build()?;
//! assert_eq!(soma.symmetries(), 48);
//! let mut solver = Solver::new(soma.problem());
//! let first = solver.next_solution()?.unwrap();
//! assert_eq!(polycube::picture(&soma, &soma.decode(&first)).lines().count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::polyomino::{self, Letters};
use super::tiling::{Cell, Packing, Shape, SpecError, TilingProblem};

#[cfg(doc)]
use super::tiling::Orientations;

/// The bent tricube, the corner of every nonplanar tetracube.
const V: [Cell; 3] = [[0, 0, 0], [0, 0, 1], [0, 1, 0]];

/// The tetracubes (and the tricubes), by name.
fn tetracube(name: &str) -> Option<Shape> {
    let cells: Vec<Cell> = match name {
        "I3" => vec![[0, 0, 0], [0, 0, 1], [0, 0, 2]],
        "V" => V.to_vec(),
        "I" => vec![[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3]],
        "O" => vec![[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]],
        "L" => vec![[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 0]],
        "T" => vec![[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 1]],
        "Z" => vec![[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 2]],
        // A cube on top of one of the three cubes of V.
        "A" => [V.as_slice(), &[[1, 0, 1]]].concat(),
        "B" => [V.as_slice(), &[[1, 1, 0]]].concat(),
        "P" => [V.as_slice(), &[[1, 0, 0]]].concat(),
        _ => return None,
    };
    Shape::new(cells)
}

fn set(names: &[&str]) -> Vec<(String, Shape)> {
    names
        .iter()
        .map(|&n| (n.to_owned(), tetracube(n).expect("a known name")))
        .collect()
}

/// The seven Soma pieces: `V L T Z A B P`.
pub fn soma() -> Vec<(String, Shape)> {
    set(&["V", "L", "T", "Z", "A", "B", "P"])
}

/// The eight tetracubes: `I O L T Z A B P`.
pub fn tetracubes() -> Vec<(String, Shape)> {
    set(&["I", "O", "L", "T", "Z", "A", "B", "P"])
}

/// The two tricubes: `I3 V`.
pub fn tricubes() -> Vec<(String, Shape)> {
    set(&["I3", "V"])
}

/// The names [`named_pieces`] knows, for messages.
const KNOWN: &str = "soma, tetracubes, tricubes, pentominoes, or a piece: V L T Z A B P I O I3";

/// The pieces named in `spec`: sets (`soma`, `tetracubes`, `tricubes`, `pentominoes`) and
/// pieces (`V L T Z A B P I O I3`), separated by commas or blanks, in the order given.
///
/// # Errors
/// [`SpecError::UnknownPiece`] for a name that is neither.
pub fn named_pieces(spec: &str) -> Result<Vec<(String, Shape)>, SpecError> {
    let mut out = Vec::new();
    for name in spec.split([',', ' ', '\t']).filter(|s| !s.is_empty()) {
        let lower = name.to_ascii_lowercase();
        let pieces = match lower.as_str() {
            "soma" => soma(),
            "tetracubes" | "tetracube" => tetracubes(),
            "tricubes" | "tricube" => tricubes(),
            "pentominoes" | "pentominos" | "pentomino" => polyomino::pentominoes(Letters::Golomb),
            _ => match tetracube(name) {
                Some(shape) => vec![(name.to_owned(), shape)],
                None => {
                    return Err(SpecError::UnknownPiece {
                        name: name.to_owned(),
                        known: KNOWN.to_owned(),
                    });
                }
            },
        };
        out.extend(pieces);
    }
    if out.is_empty() {
        return Err(SpecError::UnknownPiece {
            name: spec.to_owned(),
            known: KNOWN.to_owned(),
        });
    }
    Ok(out)
}

/// The box `AxBxC`: `A` layers of `B` rows of `C` cubes.
///
/// # Errors
/// [`SpecError::BadSize`] for anything but three positive numbers joined by `x`.
pub fn cuboid(size: &str) -> Result<Shape, SpecError> {
    let sides = super::tiling::read_size(size, 3, "LAYERSxROWSxCOLUMNS, such as 3x3x3")?;
    Ok(Shape::cuboid(sides[0], sides[1], sides[2]).expect("sides are positive"))
}

/// The comment line of a packing problem's export (`dancing polycube BOX --to-dlx`, and
/// the server's `/api/export/polycube`): the box and the pieces as they were named.
pub fn export_comment(board: &str, pieces: &str) -> String {
    format!("polycube packing, box {board}, pieces {pieces} (dancing polycube)")
}

/// A packing as its layers side by side, two spaces apart, one character per cube
/// ([`TilingProblem::glyphs`]).
pub fn picture(problem: &TilingProblem, packing: &Packing) -> String {
    problem.picture(packing, "  ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::tiling::{Dimension, Orientations};

    #[test]
    fn the_screws_are_mirror_images_and_not_rotations_of_each_other() {
        let a = tetracube("A").unwrap();
        let b = tetracube("B").unwrap();
        let rotations = |s: &Shape| s.canonical(Dimension::Space, Orientations::Rotations);
        let all = |s: &Shape| s.canonical(Dimension::Space, Orientations::All);
        assert_ne!(rotations(&a), rotations(&b));
        assert_eq!(all(&a), all(&b));
    }

    #[test]
    fn the_eight_tetracubes_are_distinct_under_rotation() {
        let mut forms: Vec<Shape> = tetracubes()
            .iter()
            .map(|(_, s)| s.canonical(Dimension::Space, Orientations::Rotations))
            .collect();
        forms.sort();
        forms.dedup();
        assert_eq!(forms.len(), 8);
        assert!(
            tetracubes()
                .iter()
                .all(|(_, s)| s.len() == 4 && s.is_connected())
        );
    }

    #[test]
    fn names_sets_and_boxes_are_read() {
        let names: Vec<String> = named_pieces("soma")
            .unwrap()
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(names, ["V", "L", "T", "Z", "A", "B", "P"]);
        assert_eq!(named_pieces("I O").unwrap().len(), 2);
        assert!(matches!(
            named_pieces("F"),
            Err(SpecError::UnknownPiece { .. })
        ));
        assert_eq!(cuboid("2x3x4").unwrap().extent(), [2, 3, 4]);
        assert!(matches!(cuboid("3x3"), Err(SpecError::BadSize { .. })));
    }
}
