//! SVG pictures of Sudoku grids, to open in a browser or show in a notebook: thin lines
//! between cells, thick ones between boxes (or between the regions of a jigsaw), each digit
//! centred in its cell in the shape's usual symbols ([`Symbols::default_for`]); with a puzzle
//! given, its givens are drawn black and the digits found for the other cells blue. With the
//! rules of a variant ([`with_rules`]), its units are drawn too: the X diagonals as dashed
//! lines, the hyper windows and the extra regions as shaded cells, and the variants named in
//! the title (anti-knight and anti-king have nothing to draw).
//!
//! The output is a standalone, well-formed SVG 1.1 document; each digit is a `<text>` with
//! `class="given"` or `class="found"`, each drawn unit has its class (`border`, `diagonal`,
//! `window`, `extra`), so a test (or a stylesheet) can find them.

use std::fmt::Write;

use super::grid::Grid;
use super::rules::{Jigsaw, Rules};
use super::shape::Unit;
use super::symbols::Symbols;

/// The side of a cell, in pixels.
const CELL: usize = 32;
/// The margin around the grid, in pixels.
const MARGIN: usize = 4;

/// `grid` as an SVG document; the cells filled in `puzzle` (of the same shape, when given)
/// are its givens, the others found. Without a puzzle, every digit is a given.
///
/// ```
/// use dancing::sudoku::{read::parse_line, svg};
/// let puzzle = parse_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ).unwrap();
/// let picture = svg::grid(&puzzle, None);
/// assert!(picture.starts_with("<?xml"));
/// assert_eq!(picture.matches("class=\"given\"").count(), 30);
/// ```
pub fn grid(grid: &Grid, puzzle: Option<&Grid>) -> String {
    draw(grid, puzzle, None, None)
}

/// `grid` as [`grid`] draws it, with the thick lines between the regions of `jigsaw` in place
/// of the boxes' (a jigsaw of another side than the grid's: the boxes).
pub fn jigsaw(grid: &Grid, puzzle: Option<&Grid>, jigsaw: &Jigsaw) -> String {
    let fits = jigsaw.side() == grid.shape().side();
    draw(grid, puzzle, Some(jigsaw).filter(|_| fits), None)
}

/// `grid` as [`grid`] draws it, with the units of `rules` drawn (see the module's docs); rules
/// of another shape than the grid's draw the classic picture.
///
/// ```
/// use dancing::sudoku::{grid::{Grid, Shape}, rules::Rules, svg};
/// let shape = Shape::from_side(9).unwrap();
/// let rules = Rules::classic(shape).with_x().with_hyper().unwrap();
/// let picture = svg::with_rules(&Grid::empty(shape), None, &rules);
/// assert_eq!(picture.matches("class=\"diagonal\"").count(), 2);
/// assert_eq!(picture.matches("class=\"window\"").count(), 36);
/// ```
pub fn with_rules(grid: &Grid, puzzle: Option<&Grid>, rules: &Rules) -> String {
    if rules.shape() != grid.shape() {
        return self::grid(grid, puzzle);
    }
    draw(grid, puzzle, rules.jigsaw(), Some(rules))
}

/// The fill of the extra regions' cells, in turn.
const EXTRA_FILLS: [&str; 4] = ["#fde9c4", "#d9ecd0", "#e3dcf2", "#f6d6dc"];

/// The picture: the shaded units, lines (thick between boxes or regions), the diagonals, then
/// the digits.
fn draw(
    grid: &Grid,
    puzzle: Option<&Grid>,
    jigsaw: Option<&Jigsaw>,
    rules: Option<&Rules>,
) -> String {
    let shape = grid.shape();
    let n = shape.side();
    let symbols = Symbols::default_for(shape);
    let size = n * CELL + 2 * MARGIN;
    let title = match rules.filter(|r| !r.is_classic()) {
        Some(rules) => format!("{n}x{n} Sudoku ({rules}) by dancing"),
        None => format!("{n}x{n} Sudoku by dancing"),
    };
    let mut out = crate::problems::svg::document(size, size, &title);
    let _ = writeln!(
        out,
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{w}\" height=\"{w}\" fill=\"white\"/>",
        w = n * CELL
    );
    let houses = rules.map(Rules::houses).unwrap_or_default();
    let mut extra = 0;
    for house in &houses {
        let (class, fill) = match house.unit {
            Unit::Window => ("window", "#dddddd"),
            Unit::Extra => {
                extra += 1;
                ("extra", EXTRA_FILLS[(extra - 1) % EXTRA_FILLS.len()])
            }
            _ => continue,
        };
        for &cell in &house.cells {
            let (x, y) = (MARGIN + (cell % n) * CELL, MARGIN + (cell / n) * CELL);
            let _ = writeln!(
                out,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
                 height=\"{CELL}\" fill=\"{fill}\"/>"
            );
        }
    }
    for k in 0..=n {
        let at = MARGIN + k * CELL;
        let (first, last) = (MARGIN, MARGIN + n * CELL);
        let outer = k == 0 || k == n;
        let (vertical, horizontal) = match jigsaw {
            Some(_) if !outer => (1, 1),
            _ if outer => (3, 3),
            _ => (
                if k % shape.box_cols() == 0 { 3 } else { 1 },
                if k % shape.box_rows() == 0 { 3 } else { 1 },
            ),
        };
        let _ = writeln!(
            out,
            "<line x1=\"{at}\" y1=\"{first}\" x2=\"{at}\" y2=\"{last}\" stroke=\"black\" \
             stroke-width=\"{vertical}\"/>"
        );
        let _ = writeln!(
            out,
            "<line x1=\"{first}\" y1=\"{at}\" x2=\"{last}\" y2=\"{at}\" stroke=\"black\" \
             stroke-width=\"{horizontal}\"/>"
        );
    }
    // A jigsaw's borders: a thick segment on each cell edge between two regions.
    if let Some(j) = jigsaw {
        for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
            let (x, y) = (MARGIN + c * CELL, MARGIN + r * CELL);
            if c + 1 < n && j.region(r, c) != j.region(r, c + 1) {
                let _ = writeln!(
                    out,
                    "<line class=\"border\" x1=\"{0}\" y1=\"{y}\" x2=\"{0}\" y2=\"{1}\" \
                     stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\"/>",
                    x + CELL,
                    y + CELL
                );
            }
            if r + 1 < n && j.region(r, c) != j.region(r + 1, c) {
                let _ = writeln!(
                    out,
                    "<line class=\"border\" x1=\"{x}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" \
                     stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\"/>",
                    y + CELL,
                    x + CELL
                );
            }
        }
    }
    if rules.is_some_and(Rules::has_x) {
        let (first, last) = (MARGIN, MARGIN + n * CELL);
        for (x1, x2) in [(first, last), (last, first)] {
            let _ = writeln!(
                out,
                "<line class=\"diagonal\" x1=\"{x1}\" y1=\"{first}\" x2=\"{x2}\" \
                 y2=\"{last}\" stroke=\"#888888\" stroke-width=\"1.5\" \
                 stroke-dasharray=\"6 4\"/>"
            );
        }
    }
    for (i, &digit) in grid.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let given = puzzle.is_none_or(|p| p.cells().get(i).is_some_and(|&d| d != 0));
        let (class, fill) = if given {
            ("given", "black")
        } else {
            ("found", "#1f5fbf")
        };
        let x = MARGIN + (i % n) * CELL + CELL / 2;
        let y = MARGIN + (i / n) * CELL + CELL / 2;
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{x}\" y=\"{y}\" fill=\"{fill}\" font-family=\"sans-serif\" \
             font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\">{ch}</text>",
            font = CELL * 5 / 8,
            ch = symbols.char_of(digit)
        );
    }
    out += "</svg>\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Shape;

    #[test]
    fn a_solution_draws_the_givens_black_and_the_rest_blue() {
        let shape = Shape::with_boxes(2, 3).unwrap();
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 0, 1);
        let mut solved = puzzle.clone();
        solved.set(0, 1, 2);
        let picture = grid(&solved, Some(&puzzle));
        assert_eq!(picture.matches("class=\"given\"").count(), 1);
        assert_eq!(picture.matches("class=\"found\"").count(), 1);
        // 7 vertical and 7 horizontal lines; thick ones every 3 columns and every 2 rows.
        assert_eq!(picture.matches("<line").count(), 14);
        assert_eq!(picture.matches("stroke-width=\"3\"").count(), 3 + 4);
        assert!(picture.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn a_jigsaw_draws_one_thick_segment_for_each_edge_between_two_regions() {
        let regions = Jigsaw::parse("AABB AABB CCDD CCDD").unwrap();
        let shape = Shape::with_boxes(2, 2).unwrap();
        let picture = jigsaw(&Grid::empty(shape), None, &regions);
        // Between columns 1 and 2, 4 edges; between rows 1 and 2, 4 edges.
        assert_eq!(picture.matches("class=\"border\"").count(), 8);
        // Only the frame is thick among the full lines.
        assert_eq!(picture.matches("stroke-width=\"3\"/>").count(), 4);
        let winding = Jigsaw::parse("AAAB ACBB CCDB CDDD").unwrap();
        let picture = jigsaw(&Grid::empty(shape), None, &winding);
        let borders = (0..4)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .map(|(r, c)| {
                usize::from(c < 3 && winding.region(r, c) != winding.region(r, c + 1))
                    + usize::from(r < 3 && winding.region(r, c) != winding.region(r + 1, c))
            })
            .sum::<usize>();
        assert_eq!(picture.matches("class=\"border\"").count(), borders);
    }

    #[test]
    fn the_rules_draw_their_diagonals_windows_and_extra_regions_and_name_the_variants() {
        let shape = Shape::from_side(9).unwrap();
        let rules = Rules::classic(shape)
            .with_x()
            .with_hyper()
            .unwrap()
            .with_region((0..3).flat_map(|r| (0..3).map(move |c| (r, c))))
            .unwrap()
            .with_anti_king();
        let picture = with_rules(&Grid::empty(shape), None, &rules);
        roxmltree::Document::parse(&picture).expect("well-formed");
        assert_eq!(picture.matches("class=\"diagonal\"").count(), 2);
        // Four windows of nine cells, one extra region of nine.
        assert_eq!(picture.matches("class=\"window\"").count(), 36);
        assert_eq!(picture.matches("class=\"extra\"").count(), 9);
        assert!(picture.contains("X, hyper, 1 extra region, anti-king"));
        // The classic rules draw the classic picture.
        assert_eq!(
            with_rules(&Grid::empty(shape), None, &Rules::classic(shape)),
            grid(&Grid::empty(shape), None)
        );
    }
}
