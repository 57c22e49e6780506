//! The places of a layout's cells on the 9x9 grid when some cells are missing
//! ([`Placed::find`]), from its houses ([`super::classes`]): a puzzle's matrix with its
//! givens taken out (`--to-dlx`).
//!
//! # Bands, stacks and places
//! The houses come with their kinds, rows and columns being interchangeable. Rows and boxes that share a cell are in one band: the components of that relation are
//! packed into three bands of three rows and three boxes, columns and boxes likewise into
//! stacks, the houses of no open cell (a house whose cells are all givens) filling what is
//! left. A row's index is `3 * band` plus its rank in its band, a column's likewise, a box's
//! `3 * band + stack`; a cell's place is `9 * row + column`.
//!
//! # What is checked
//! Besides [`super::classes`]'s checks: at most nine houses of a kind; the bands and stacks
//! pack, no two boxes in one band and stack; no two cells have one place, and each cell's box is the box of its
//! place. Then every option is its cell's place on its layer, every unit the item (house,
//! layer) of the house of each of its cells, no two units the same: the matrix is the
//! classic one without some cells' items and some (house, digit) items, with some of its
//! options left out, its layers for digits. Which digits they are, and whether the items
//! missing are what givens would take out, is [`super::phantom`]'s to find.

use super::classes::Houses;
use super::layout::Layout;

/// The houses' kinds in a house's number (`9 * kind + index`).
const ROW: u8 = 0;
const COLUMN: u8 = 1;
const BOX: u8 = 2;

/// The places of a layout's cells and the houses of its units (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Placed {
    /// For each cell of the layout, its place (`9 * row + column`); the rest unused.
    pub(crate) place: [u8; 81],
    /// For each unit of the layout, its house: row `r` is `r`, column `c` is `9 + c`, box
    /// `b` is `18 + b`.
    pub(crate) house: Vec<u8>,
    /// For each unit, its layer (see [`super::classes`]), and the number of layers.
    pub(crate) layer: Vec<u8>,
    pub(crate) layers: usize,
}

impl Placed {
    /// The places of `layout`'s cells, if it is the classic matrix without some cells (see
    /// the module docs); `None` for the whole matrix, which [`super::geometry`] takes.
    pub(crate) fn find(layout: &Layout) -> Option<Placed> {
        let cells = layout.cells.count_ones() as usize;
        if cells == 81 {
            return None;
        }
        let houses = Houses::find(layout, cells)?;
        Placed::of_houses(&houses, cells)
    }

    /// The places of the cells of `houses` (see the module docs).
    fn of_houses(houses: &Houses, cells: usize) -> Option<Placed> {
        let kind = &houses.kind;
        let (r, c, b) = (ROW, COLUMN, BOX);
        let of_kind = |x: u8| -> Vec<usize> { (0..kind.len()).filter(|&k| kind[k] == x).collect() };
        let (rows, cols, boxes) = (of_kind(r), of_kind(c), of_kind(b));
        if rows.len() > 9 || cols.len() > 9 || boxes.len() > 9 {
            return None;
        }
        let (row_at, row_band) = Placed::bands(houses, &rows, &boxes)?;
        let (col_at, col_stack) = Placed::bands(houses, &cols, &boxes)?;
        // The index of each class as a house of its kind, and its house number.
        let mut house = vec![0u8; kind.len()];
        let mut taken = 0u16;
        for (i, &k) in boxes.iter().enumerate() {
            let x = 3 * row_band[i] + col_stack[i];
            if taken >> x & 1 != 0 {
                return None;
            }
            taken |= 1 << x;
            house[k] = 9 * BOX + x;
        }
        for (i, &k) in rows.iter().enumerate() {
            house[k] = 9 * ROW + row_at[i];
        }
        for (i, &k) in cols.iter().enumerate() {
            house[k] = 9 * COLUMN + col_at[i];
        }
        let mut place = [0u8; 81];
        let mut used = 0u128;
        for (cell, three) in houses.of_cell[..cells].iter().enumerate() {
            let (mut row, mut col, mut bx) = (0, 0, 0);
            for &k in three {
                let h = house[usize::from(k)];
                match h / 9 {
                    ROW => row = h % 9,
                    COLUMN => col = h % 9,
                    _ => bx = h % 9,
                }
            }
            let p = 9 * row + col;
            if used >> p & 1 != 0 || row / 3 * 3 + col / 3 != bx {
                return None;
            }
            used |= 1 << p;
            place[cell] = p;
        }
        let house = houses
            .of_unit
            .iter()
            .map(|&k| house[usize::from(k)])
            .collect();
        Some(Placed {
            place,
            house,
            layer: houses.layer.clone(),
            layers: houses.layers,
        })
    }

    /// For the classes `lines` of one kind: each one's index (`3 * band + rank`) and, for
    /// each of `boxes`, its band, the bands being the lines and boxes that share a cell,
    /// packed three and three; `None` if they do not pack.
    fn bands(houses: &Houses, lines: &[usize], boxes: &[usize]) -> Option<(Vec<u8>, Vec<u8>)> {
        // Union-find over the lines (first) and the boxes.
        let n = lines.len() + boxes.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for (i, &line) in lines.iter().enumerate() {
            for (j, &bx) in boxes.iter().enumerate() {
                if houses.cells[line] & houses.cells[bx] != 0 {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, lines.len() + j));
                    parent[b] = a;
                }
            }
        }
        // Each component's lines and boxes, largest first, each into the first band with
        // room for both.
        let mut size = vec![(0u8, 0u8); n];
        for x in 0..n {
            let r = find(&mut parent, x);
            if x < lines.len() {
                size[r].0 += 1;
            } else {
                size[r].1 += 1;
            }
        }
        let mut roots: Vec<usize> = (0..n).filter(|&x| parent[x] == x).collect();
        roots.sort_by_key(|&x| std::cmp::Reverse(size[x].0 + size[x].1));
        let mut used = [(0u8, 0u8); 3];
        let mut band_of = vec![0u8; n];
        for x in roots {
            let (l, b) = size[x];
            let band = (0..3).find(|&k| used[k].0 + l <= 3 && used[k].1 + b <= 3)?;
            used[band].0 += l;
            used[band].1 += b;
            band_of[x] = band as u8;
        }
        let mut rank = [0u8; 3];
        let mut at = vec![0u8; lines.len()];
        for (i, slot) in at.iter_mut().enumerate() {
            let band = band_of[find(&mut parent, i)];
            *slot = 3 * band + rank[usize::from(band)];
            rank[usize::from(band)] += 1;
        }
        let box_band = (0..boxes.len())
            .map(|j| band_of[find(&mut parent, lines.len() + j)])
            .collect();
        Some((at, box_band))
    }
}
