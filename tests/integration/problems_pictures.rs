//! The tilings of `dancing::problems` in space and in pictures: polycube boxes against their
//! published counts, checked by the packing checker of `problems`, and the SVG and text
//! pictures of every front end.

use std::collections::HashSet;

use crate::problems::{Point, count_checked, each_solution, pentomino_board};
use dancing::Solver;
use dancing::problems::polycube;
use dancing::problems::polyomino::{self, Letters};
use dancing::problems::tiling::{
    DecodeError, Dimension, Orientations, Packing, Shape, TilingBuilder, TilingProblem,
};

// ---------------------------------------------------------------- polycubes

fn polycube_box(size: &str, pieces: Vec<(String, Shape)>, reduce: bool) -> TilingProblem {
    let mut builder = TilingBuilder::new(Dimension::Space, polycube::cuboid(size).unwrap());
    builder
        .pieces(pieces, 1)
        .orientations(Orientations::Rotations)
        .reduce_symmetry(reduce);
    builder.build().unwrap()
}

#[test]
fn the_soma_cube_has_240_solutions_up_to_its_48_symmetries_and_11520_in_all() {
    let reduced = polycube_box("3x3x3", polycube::soma(), true);
    assert_eq!(reduced.symmetries(), 48);
    assert_eq!(count_checked(&reduced, Orientations::Rotations), 240);
    let all = polycube_box("3x3x3", polycube::soma(), false);
    assert_eq!(count_checked(&all, Orientations::Rotations), 11520);
}

#[test]
fn solid_pentominoes_fill_a_2x3x10_box_in_12_ways_up_to_symmetry() {
    let pieces = polycube::named_pieces("pentominoes").unwrap();
    let reduced = polycube_box("2x3x10", pieces.clone(), true);
    assert_eq!(reduced.symmetries(), 8);
    assert_eq!(count_checked(&reduced, Orientations::Rotations), 12);
    let all = polycube_box("2x3x10", pieces, false);
    assert_eq!(count_checked(&all, Orientations::Rotations), 96);
}

// ---------------------------------------------------------------- pictures

#[test]
fn a_6x10_picture_has_the_board_shape_and_every_letter_five_times() {
    let tiling = pentomino_board(polyomino::rectangle("6x10").unwrap(), true);
    let first = Solver::new(tiling.problem())
        .next_solution()
        .unwrap()
        .unwrap();
    let picture = polyomino::picture(&tiling, &tiling.decode(&first));
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.chars().count() == 10));
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(picture.matches(letter).count(), 5, "{letter} in\n{picture}");
    }
}

/// The first packing of `copies` copies of the named `pieces` on the board `size`.
fn first_packing(pieces: &str, copies: usize, size: &str) -> (TilingProblem, Packing) {
    let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle(size).unwrap());
    builder.pieces(
        polyomino::named_pieces(pieces, Letters::Golomb).unwrap(),
        copies,
    );
    let tiling = builder.build().unwrap();
    let first = Solver::new(tiling.problem())
        .next_solution()
        .unwrap()
        .unwrap();
    let packing = tiling.decode(&first);
    (tiling, packing)
}

#[test]
fn every_copy_of_a_piece_is_drawn_with_a_character_of_its_own_in_the_pieces_shape() {
    let (tiling, packing) = first_packing("tetrominoes", 2, "5x8");
    let picture = polyomino::picture(&tiling, &packing);
    let runs: Vec<&[char]> = (0..5).map(|p| tiling.piece_glyphs(p)).collect();
    assert_eq!(runs.concat(), tiling.glyphs());
    assert!(runs.iter().all(|run| run.len() == 2), "{runs:?}");
    let distinct: HashSet<&char> = tiling.glyphs().iter().collect();
    assert_eq!(distinct.len(), 10);
    // The SVG too: ten shapes in ten colors.
    let svg = dancing::problems::svg::sheet(&tiling, std::slice::from_ref(&packing), 1);
    let fills: Vec<&str> = svg
        .split("<path class=\"piece\"")
        .skip(1)
        .map(|path| {
            path.split("fill=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(fills.len(), 10);
    assert_eq!(fills.iter().collect::<HashSet<_>>().len(), 10, "{fills:?}");
    for (p, run) in runs.iter().enumerate() {
        let piece = &tiling.pieces()[p].shape;
        for &glyph in *run {
            let cells = picture.lines().enumerate().flat_map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .filter(move |&(_, c)| c == glyph)
                    .map(move |(c, _)| (r as i32, c as i32))
            });
            let drawn = Shape::plane(cells).unwrap_or_else(|| panic!("no {glyph} in\n{picture}"));
            assert_eq!(
                drawn.canonical(Dimension::Plane, Orientations::All),
                piece.canonical(Dimension::Plane, Orientations::All),
                "{glyph} in\n{picture}"
            );
        }
    }
}

#[test]
fn past_the_62_characters_copies_that_share_an_edge_are_still_drawn_apart() {
    // 720 dominoes on 24x60: a character for 62 of them, then for each one that no domino
    // beside it has.
    let (tiling, packing) = first_packing("domino", 720, "24x60");
    assert_eq!(tiling.piece_glyphs(0).len(), 62);
    let picture = polyomino::picture(&tiling, &packing);
    let rows: Vec<Vec<char>> = picture.lines().map(|l| l.chars().collect()).collect();
    assert_eq!((rows.len(), rows[0].len()), (24, 60));
    let cover = |r: usize, c: usize| packing.cover[r * 60 + c];
    for r in 0..24 {
        for c in 0..60 {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < 24 && c2 < 60 {
                    let same_domino = cover(r, c) == cover(r2, c2);
                    let same_letter = rows[r][c] == rows[r2][c2];
                    assert_eq!(same_domino, same_letter, "at {r},{c} in\n{picture}");
                }
            }
        }
    }
}

#[test]
fn options_that_are_no_packing_are_refused_with_the_option_or_the_cell() {
    let tiling = pentomino_board(polyomino::rectangle("3x20").unwrap(), true);
    let first = Solver::new(tiling.problem())
        .next_solution()
        .unwrap()
        .unwrap();
    assert_eq!(tiling.try_decode(&first), Ok(tiling.decode(&first)));
    let options = tiling.problem().option_count();
    assert_eq!(
        tiling.try_decode(&[options]),
        Err(DecodeError::NoOption {
            option: options,
            options
        })
    );
    assert!(matches!(
        tiling.try_decode(&[]),
        Err(DecodeError::NotCovered { .. })
    ));
    assert!(matches!(
        tiling.try_decode(&first[..first.len() - 1]),
        Err(DecodeError::NotCovered { .. })
    ));
    let mut twice = first.clone();
    twice.push(first[0]);
    let err = tiling.try_decode(&twice).unwrap_err();
    assert!(matches!(err, DecodeError::CoveredTwice { .. }), "{err}");
}

#[test]
fn the_svg_of_6x10_solutions_is_well_formed_xml_with_one_shape_per_piece() {
    use dancing::problems::svg;
    let tiling = pentomino_board(polyomino::rectangle("6x10").unwrap(), true);
    let mut solver = Solver::new(tiling.problem());
    let packings: Vec<_> = (0..3)
        .map(|_| tiling.decode(&solver.next_solution().unwrap().unwrap()))
        .collect();
    for (text, pictures) in [
        (svg::packing(&tiling, &packings[0]), 1),
        (svg::sheet(&tiling, &packings, 2), 3),
    ] {
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let pieces: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece"))
            .collect();
        assert_eq!(pieces.len(), 12 * pictures);
        // One shape element per piece, each a single path naming its piece.
        let mut names: Vec<&str> = pieces
            .iter()
            .map(|p| {
                assert_eq!(p.tag_name().name(), "path");
                p.children()
                    .find(|c| c.has_tag_name("title"))
                    .unwrap()
                    .text()
                    .unwrap()
            })
            .collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 12);
    }
}

#[test]
fn a_soma_picture_shows_three_layers_side_by_side() {
    let soma = polycube_box("3x3x3", polycube::soma(), true);
    let first = Solver::new(soma.problem())
        .next_solution()
        .unwrap()
        .unwrap();
    let picture = polycube::picture(&soma, &soma.decode(&first));
    assert_eq!(picture.lines().count(), 3);
    assert!(picture.lines().all(|l| l.len() == 3 + 2 + 3 + 2 + 3));
    let counts: Vec<usize> = "VLTZABP"
        .chars()
        .map(|c| picture.matches(c).count())
        .collect();
    assert_eq!(counts, [3, 4, 4, 4, 4, 4, 4]);
}

#[test]
fn a_board_with_holes_has_only_the_symmetries_that_keep_its_holes() {
    // Two holes in opposite corners: only the half turn maps the board onto itself.
    let board = polyomino::board_from_drawing(
        "..#####\n#######\n#######\n#######\n#######\n#######\n#####..\n",
    )
    .unwrap();
    let pieces = polyomino::named_pieces("F,I,L,N,P,T,V,X,Y", Letters::Golomb).unwrap();
    let count = |reduce| {
        let mut builder = TilingBuilder::new(Dimension::Plane, board.clone());
        builder.pieces(pieces.clone(), 1).reduce_symmetry(reduce);
        let tiling = builder.build().unwrap();
        assert_eq!(tiling.symmetries(), 2);
        count_checked(&tiling, Orientations::All)
    };
    // No packing is its own half turn (the F would have to be), so each family has 2.
    let (reduced, all) = (count(true), count(false));
    assert!(reduced > 0);
    assert_eq!(all, 2 * reduced);
    // With one more hole, no symmetry is left, and nothing is reduced.
    let lopsided = polyomino::board_from_drawing(
        "...####\n#######\n#######\n#######\n#######\n#######\n######.\n",
    )
    .unwrap();
    let mut builder = TilingBuilder::new(Dimension::Plane, lopsided);
    builder
        .pieces(
            polyomino::named_pieces("F,I,L,N,P,T,V,X,Y", Letters::Golomb).unwrap(),
            1,
        )
        .reduce_symmetry(true);
    let tiling = builder.build().unwrap();
    assert_eq!(tiling.symmetries(), 1);
    assert_eq!(tiling.reduction().unwrap().options, 0);
}

#[test]
fn copies_are_one_item_with_a_multiplicity_or_no_item_when_one_piece_is_all() {
    let tiling = |pieces: &str, copies, size| {
        let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle(size).unwrap());
        builder.pieces(
            polyomino::named_pieces(pieces, Letters::Golomb).unwrap(),
            copies,
        );
        builder.build().unwrap()
    };
    // L4 and T4 three times each: two items that must each be covered exactly 3 times.
    let mixed = tiling("L4,T4", 3, "4x6");
    assert_eq!(&mixed.item_names()[..3], ["L4", "T4", "00"]);
    assert_eq!(mixed.problem().bounds(0), Some((3, 3)));
    assert_eq!(mixed.problem().bounds(1), Some((3, 3)));
    assert_eq!(mixed.problem().secondary_items(), 0);
    assert!(mixed.to_dlx("test").contains("\n3|L4 3|T4 00 01"));
    // Dominoes alone: the cells say everything.
    let dominoes = tiling("domino", 12, "4x6");
    assert_eq!(dominoes.item_names().len(), 24);
    assert_eq!(dominoes.item_names()[0], "00");
    assert!(!dominoes.problem().has_multiplicities());
}

/// The 4 symmetries of a board of `rows` x `columns`, on `[layer, row, column]` cells: the
/// flips of its rows and of its columns.
fn rectangle_symmetries(rows: i32, columns: i32) -> Vec<impl Fn(Point) -> Point> {
    (0..4)
        .map(move |s| {
            move |[l, r, c]: Point| {
                let r = if s & 1 == 1 { rows - 1 - r } else { r };
                let c = if s & 2 == 2 { columns - 1 - c } else { c };
                [l, r, c]
            }
        })
        .collect()
}

#[test]
fn pinning_beside_copies_keeps_one_packing_of_each_family_of_images() {
    // X, T4 and O1 once and 7 dominoes on 4x6: a piece used once is pinned to one placement
    // of each orbit under the 4 symmetries of the rectangle; the dominoes are one item of 7.
    let board = polyomino::rectangle("4x6").unwrap();
    let build = |reduce| {
        let mut builder = TilingBuilder::new(Dimension::Plane, board.clone());
        builder
            .pieces(
                polyomino::named_pieces("X,T4,O1", Letters::Golomb).unwrap(),
                1,
            )
            .pieces(polyomino::named_pieces("I2", Letters::Golomb).unwrap(), 7)
            .reduce_symmetry(reduce);
        builder.build().unwrap()
    };
    // The families, counted here: each packing (pieces by name, with their cells) mapped
    // to the least of its 4 images.
    let all = build(false);
    let cells = all.board().cells();
    let symmetries = rectangle_symmetries(4, 6);
    let mut families = HashSet::new();
    let mut packings = HashSet::new();
    let total = each_solution(all.problem(), |solution| {
        let packing = all.decode(solution);
        let mut cells_of: Vec<(usize, Vec<usize>)> = packing
            .placed
            .iter()
            .map(|p| (p.piece, p.cells.clone()))
            .collect();
        cells_of.sort_unstable();
        packings.insert(cells_of);
        let least = symmetries
            .iter()
            .map(|g| {
                let mut image: Vec<(usize, Vec<Point>)> = packing
                    .placed
                    .iter()
                    .map(|p| {
                        let mut c: Vec<Point> = p.cells.iter().map(|&i| g(cells[i])).collect();
                        c.sort_unstable();
                        (p.piece, c)
                    })
                    .collect();
                image.sort_unstable();
                image
            })
            .min()
            .unwrap();
        families.insert(least);
    });
    assert_eq!(packings.len() as u64, total, "each packing is found once");
    let reduced = build(true);
    assert_eq!(reduced.symmetries(), 4);
    assert!(reduced.reduction().is_some());
    assert!(families.len() > 1);
    assert!(total > families.len() as u64);
    assert_eq!(
        count_checked(&reduced, Orientations::All),
        families.len() as u64
    );
    assert_eq!(count_checked(&all, Orientations::All), total);
}
