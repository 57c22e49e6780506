//! SVG pictures of packings, to open in a browser: one `<path>` per piece (its outline,
//! holes and all, traced from the cell edges it does not share with itself), filled with
//! the piece's color and labelled with its character. The layers of a space problem are
//! drawn side by side, as in the letter pictures.
//!
//! The output is a standalone, well-formed SVG 1.1 document. Pieces have
//! `class="piece"` and a `<title>` with their name, so a test (or a stylesheet) can find
//! them.

use std::collections::HashMap;
use std::fmt::Write;

use super::tiling::{Packing, TilingProblem};

/// The side of a cell, in pixels.
const CELL: i32 = 24;
/// The margin around a picture, and between two pictures of a sheet, in pixels.
const MARGIN: i32 = 12;

/// Twelve well-separated colors, for the first twelve pieces (the pentominoes).
const PALETTE: [&str; 12] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff",
];

/// The fill color of piece `k`: the palette, then hues a golden angle apart.
pub fn color(k: usize) -> String {
    match PALETTE.get(k) {
        Some(c) => (*c).to_owned(),
        None => format!("hsl({:.0}, 65%, 60%)", (k as f64 * 137.508) % 360.0),
    }
}

/// The start of a standalone SVG 1.1 document of `width` by `height` pixels with its
/// `title`, which every picture of the crate begins with (the packings here, the grids of
/// [`crate::sudoku::svg`]); the caller draws in it and ends it with `</svg>`.
pub(crate) fn document(
    width: impl std::fmt::Display,
    height: impl std::fmt::Display,
    title: &str,
) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(out, "<title>{title}</title>");
    out
}

/// One packing as an SVG document.
pub fn packing(problem: &TilingProblem, packing: &Packing) -> String {
    sheet(problem, std::slice::from_ref(packing), 1)
}

/// Several packings as one SVG document, `columns` to a row, in order.
pub fn sheet(problem: &TilingProblem, packings: &[Packing], columns: usize) -> String {
    let columns = columns.clamp(1, packings.len().max(1));
    let rows = packings.len().div_ceil(columns).max(1);
    let (w, h) = size(problem);
    let width = columns as i32 * (w * CELL + MARGIN) + MARGIN;
    let height = rows as i32 * (h * CELL + MARGIN) + MARGIN;
    let title = format!(
        "{} packing{} by dancing",
        packings.len(),
        if packings.len() == 1 { "" } else { "s" }
    );
    let mut out = document(width, height, &title);
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    for (k, p) in packings.iter().enumerate() {
        let x = MARGIN + (k % columns) as i32 * (w * CELL + MARGIN);
        let y = MARGIN + (k / columns) as i32 * (h * CELL + MARGIN);
        let _ = writeln!(out, "<g transform=\"translate({x} {y})\">");
        draw(&mut out, problem, p);
        out += "</g>\n";
    }
    out += "</svg>\n";
    out
}

/// The size of one picture in cells: the layers side by side, a cell apart.
fn size(problem: &TilingProblem) -> (i32, i32) {
    let [depth, rows, columns] = problem.board().extent();
    (depth * columns + depth - 1, rows)
}

/// Where a board cell is drawn, in cells: layer `l` starts at column `l * (columns + 1)`.
fn position(problem: &TilingProblem, i: usize) -> (i32, i32) {
    let columns = problem.board().extent()[2];
    let c = problem.board().cells()[i];
    (c[0] * (columns + 1) + c[2], c[1])
}

fn draw(out: &mut String, problem: &TilingProblem, packing: &Packing) {
    // Cells of each placed piece, by position.
    let mut owner: HashMap<(i32, i32), usize> = HashMap::new();
    for (i, &n) in packing.cover.iter().enumerate() {
        owner.insert(position(problem, i), n);
    }
    // Each copy its own color and character.
    let labels = problem.labels(packing);
    for (n, placed) in packing.placed.iter().enumerate() {
        let cells: Vec<(i32, i32)> = placed.cells.iter().map(|&i| position(problem, i)).collect();
        let piece = &problem.pieces()[placed.piece];
        let path = outline(&cells, |p| owner.get(&p) == Some(&n));
        let _ = writeln!(
            out,
            "<path class=\"piece\" d=\"{path}\" fill=\"{}\" fill-rule=\"evenodd\" \
             stroke=\"black\" stroke-width=\"1.5\" stroke-linejoin=\"round\">\
             <title>{}</title></path>",
            color(labels[n]),
            escape(&piece.name)
        );
        let (x, y) = label_cell(&cells);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            x * CELL + CELL / 2,
            y * CELL + CELL / 2,
            CELL * 3 / 5,
            escape(&problem.glyphs()[labels[n]].to_string())
        );
    }
}

/// The cell nearest the middle of a piece, where its label goes.
fn label_cell(cells: &[(i32, i32)]) -> (i32, i32) {
    let n = cells.len() as i32;
    let (sx, sy) = cells
        .iter()
        .fold((0, 0), |(sx, sy), &(x, y)| (sx + x, sy + y));
    // Distances scaled by n, to stay in integers.
    *cells
        .iter()
        .min_by_key(|&&(x, y)| (x * n - sx).pow(2) + (y * n - sy).pow(2))
        .expect("a piece has cells")
}

/// The outline of a set of cells as SVG path data, in pixels: every cell edge not shared
/// with another cell of the set, walked clockwise into closed loops (with holes the inner
/// loops run the other way round, so either fill rule fills the piece alone).
fn outline(cells: &[(i32, i32)], inside: impl Fn((i32, i32)) -> bool) -> String {
    // Directed edges, clockwise around each cell (y grows downwards): from -> to.
    let mut next: HashMap<(i32, i32), Vec<(i32, i32)>> = HashMap::new();
    let mut edges = 0;
    for &(x, y) in cells {
        let sides = [
            ((x, y - 1), (x, y), (x + 1, y)),
            ((x + 1, y), (x + 1, y), (x + 1, y + 1)),
            ((x, y + 1), (x + 1, y + 1), (x, y + 1)),
            ((x - 1, y), (x, y + 1), (x, y)),
        ];
        for (neighbour, from, to) in sides {
            if !inside(neighbour) {
                next.entry(from).or_default().push(to);
                edges += 1;
            }
        }
    }
    let mut d = String::new();
    while edges > 0 {
        let start = *next
            .iter()
            .filter(|(_, to)| !to.is_empty())
            .map(|(from, _)| from)
            .min()
            .expect("an edge is left");
        let mut points = vec![start];
        let mut at = start;
        loop {
            let to = next.get_mut(&at).and_then(Vec::pop).expect("loops close");
            edges -= 1;
            if to == start {
                break;
            }
            points.push(to);
            at = to;
        }
        // Drop the points in the middle of straight runs.
        let k = points.len();
        let corners: Vec<(i32, i32)> = (0..k)
            .filter(|&i| {
                let (p, q, r) = (points[(i + k - 1) % k], points[i], points[(i + 1) % k]);
                (q.0 - p.0) * (r.1 - q.1) != (q.1 - p.1) * (r.0 - q.0)
            })
            .map(|i| points[i])
            .collect();
        for (i, (x, y)) in corners.iter().enumerate() {
            let _ = write!(
                d,
                "{}{} {}",
                if i == 0 { "M" } else { " L" },
                x * CELL,
                y * CELL
            );
        }
        d += " Z ";
    }
    d.trim_end().to_owned()
}

/// Text with `&`, `<`, `>` and `"` escaped for XML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_l_shape_has_one_loop_of_six_corners() {
        let cells = [(0, 0), (0, 1), (1, 1)];
        let d = outline(&cells, |p| cells.contains(&p));
        assert_eq!(d.matches('M').count(), 1);
        assert_eq!(d.matches('L').count(), 5);
    }

    #[test]
    fn a_ring_has_an_outer_and_an_inner_loop() {
        let cells: Vec<(i32, i32)> = (0..3)
            .flat_map(|x| (0..3).map(move |y| (x, y)))
            .filter(|&p| p != (1, 1))
            .collect();
        let d = outline(&cells, |p| cells.contains(&p));
        assert_eq!(d.matches('M').count(), 2);
        assert_eq!(d.matches('Z').count(), 2);
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(escape("a<b&\"c\">"), "a&lt;b&amp;&quot;c&quot;&gt;");
    }
}
