//! The rows, columns and boxes of a recognized matrix ([`Geometry::find`]): where the
//! [`Layout`] is the whole classic 9x9 matrix (nine boards of 81 cells, each with 27 units of
//! nine cells, each option in three), each cell gets a place on the standard grid and each
//! board a digit, so that the rows, columns and boxes of the grid are the matrix's units.
//! The Sudoku front end builds that matrix and forces the givens, so every puzzle it solves
//! comes here; the matrix of a puzzle with its givens taken out (`--to-dlx`) comes to
//! [`Geometry::without_givens`].
//!
//! # The options in cell order
//! The front end writes the options cell by cell, the digits of a cell in a row (option
//! `9 * cell + digit`). [`Geometry::in_cell_order`] takes that order as a guess and checks
//! it in one pass over the items, without the layout: with the guess, every item must be
//! the nine options of one cell, or of one digit in one row, column or box, and no two
//! items alike; then the 324 items are exactly the classic matrix's (2,916 mentions, each
//! option in the four items of its cell, row, column and box), whatever their order and
//! names. About 52,000 instructions (fat LTO) against the layout's and
//! [`Geometry::find`]'s 680,000; any other order goes that longer way. Before that pass,
//! the items are guessed to be numbered as the front end numbers them (an item's index, not
//! its name), which one comparison an option confirms ([`Geometry::numbered_in_order`]).
//!
//! # How the houses are found
//! On a full board a unit's cells are a *house*; every board must have the same 27. Two
//! houses meet in 0, 1 or 3 cells; a row and a column in exactly one, a box never in
//! exactly one: the boxes are the nine houses that meet no other in one cell. The lines
//! that miss a first line are its kind (rows), the lines that meet it the other
//! (columns). Rows that meet the same boxes form a band, columns a stack; numbering the
//! bands, the rows in each, the stacks and the columns in each in the order found puts
//! every cell at a place `9 * row + column`.
//!
//! # With the givens taken out
//! Where cells are missing, [`super::classes`] joins the units into houses and
//! [`super::houses`] places the cells; [`super::phantom`] then finds a digit for each layer
//! and for each missing place (the *phantom givens*) that cover exactly the items the
//! matrix lacks. The root's subbands hold the matrix's options and the phantom givens, its
//! open cells all but theirs; no option stands for a phantom given, so a solution never
//! names one. Any layout those steps do not take keeps the frames.
//!
//! # What is checked
//! Nine rows, nine columns and nine boxes; each row meets each column in one cell; three
//! bands of three rows and three stacks of three columns, each box the cells of one band
//! and one stack, no two boxes alike. Then every option's three units are its cell's row,
//! column and box on its board (they are three distinct houses holding its cell), so the
//! grid's rules are the matrix's. Anything else is `None`.

use super::houses::Placed;
use super::layout::{LAYERS, Layout, NONE};
use super::phantom;
use crate::problem::Problem;

/// The length of a digit's row of [`Geometry::at`]: the 81 places, then room for a place
/// of the third band found by a bit's index in a `u32` (`54 + x.trailing_zeros()`, 86 at
/// most), so that a solved node's read-out ([`super::grid::Grid`]) indexes the row without
/// a bounds check a place of that band (three instructions).
pub(crate) const AT_ROW: usize = 88;

/// Where a cell of the layout stands, and which digit a board is.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    /// For each option of the problem: its place (`9 * row + column`) and its digit.
    pub(crate) place: Vec<(u8, u8)>,
    /// For each digit and place, its option; each digit's row holds [`NONE`] past the 81
    /// places, up to [`AT_ROW`].
    pub(crate) at: [[u16; AT_ROW]; 9],
    /// The subbands of the root: for digit `d` and band `b`, `root[3 * d + b]` has the
    /// places of the band with an option of the digit or a phantom given of it, as bits
    /// from the band's first.
    pub(crate) root: [u32; 27],
    /// The places of each band with a cell item (all but the phantom givens'), as bits.
    pub(crate) open: [u32; 3],
    /// Whether the options increase with (place, digit), as in the front end's matrix, so
    /// that a solution read place by place is in increasing order.
    pub(crate) in_order: bool,
}

/// Whether `x` has exactly one bit.
fn one_bit(x: u128) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// The indices of the bits of `x`.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            i
        })
    })
}

impl Geometry {
    /// The geometry of `problem` if it is the classic matrix with its options in cell order
    /// (see the module docs, "The options in cell order").
    pub(crate) fn in_cell_order(problem: &Problem) -> Option<Geometry> {
        if problem.option_count() != 729
            || problem.primary_items() != 324
            || problem.secondary_items() != 0
            || problem.has_colors()
            || problem.has_multiplicities()
        {
            return None;
        }
        // Every option of four items, checked on the starts at once (a loop the compiler
        // vectorizes), so that the options are read as arrays of four, with no start loaded
        // and no length checked an option (with the table of options below written in a
        // loop without divisions: the whole recognition 67,213 instructions to 52,433, the
        // names guessed first 18,116).
        let (items, starts) = problem.raw_options();
        if starts.iter().zip(0..).any(|(&s, k)| s != 4 * k) {
            return None;
        }
        let (options, []) = items.as_chunks::<4>() else {
            return None;
        };
        if !Geometry::numbered_in_order(options) && !Geometry::units_in_cell_order(options) {
            return None;
        }
        let mut at = [[NONE; AT_ROW]; 9];
        for (d, options) in (0..).zip(&mut at) {
            for (p, o) in (0..).zip(&mut options[..81]) {
                *o = 9 * p + d;
            }
        }
        Some(Geometry {
            place: (0..729).map(|o| ((o / 9) as u8, (o % 9) as u8)).collect(),
            at,
            root: [0o777_777_777; 27],
            open: [0o777_777_777; 3],
            in_order: true,
        })
    }

    /// Whether the 729 options of four items are those of the classic matrix as the Sudoku
    /// front end numbers its items and writes its options (the cells row by row, then each
    /// box's, row's and column's nine digits): option `9 * (9 * row + column) + digit`
    /// names `9 * row + column`, `81 + 9 * box + digit`, `162 + 9 * row + digit` and
    /// `243 + 9 * column + digit`, in that order. The first guess of the options in cell order:
    /// a matrix equal to the classic one needs no other check, one comparison of 16 bytes
    /// an option, where the pass of [`Geometry::units_in_cell_order`], which any other
    /// numbering of the items goes through, took some 40,000 instructions (fat LTO).
    pub(super) fn numbered_in_order(options: &[[u32; 4]]) -> bool {
        (0..81).zip(options.chunks_exact(9)).all(|(p, cell)| {
            let (row, column) = (p / 9, p % 9);
            let b = row / 3 * 3 + column / 3;
            let first = [p, 81 + 9 * b, 162 + 9 * row, 243 + 9 * column];
            (0..9)
                .zip(cell)
                .all(|(d, option)| *option == [first[0], first[1] + d, first[2] + d, first[3] + d])
        })
    }

    /// Whether the 729 options of four items, taken as in cell order, are the classic
    /// matrix's whatever the names and order of its items (see the module docs, "The
    /// options in cell order").
    pub(super) fn units_in_cell_order(options: &[[u32; 4]]) -> bool {
        const ITEMS: usize = 324;
        // For each item, in one word (one load and one store a mention, where four arrays
        // took four of each: the whole check 87,000 instructions then, 67,000 with the
        // options read through their starts, fat LTO): the digits (bits 0 to 8), rows (16
        // to 24) and columns (32 to 40) its options are guessed at, and its count of
        // options (from bit 48; 729 at most, so it cannot overflow).
        const DIGITS: u32 = 0;
        const ROWS: u32 = 16;
        const COLUMNS: u32 = 32;
        const COUNT: u32 = 48;
        let mut seen_at = [0u64; ITEMS];
        for (p, cell) in (0..81).zip(options.chunks_exact(9)) {
            let place = 1 << (ROWS + p / 9) | 1 << (COLUMNS + p % 9);
            for (d, its) in (0..9).zip(cell) {
                let guess = place | 1 << (DIGITS + d);
                for &x in its {
                    let word = &mut seen_at[x as usize];
                    *word = (*word | guess) + (1 << COUNT);
                }
            }
        }
        let mut seen = [0u64; 6];
        for word in seen_at {
            if word >> COUNT != 9 {
                return false;
            }
            let field = |at: u32| (word >> at) as u16 & 0x1ff;
            let (d, r, c) = (field(DIGITS), field(ROWS), field(COLUMNS));
            let index = |m: u16| m.trailing_zeros() as usize;
            // Nine distinct options (one a place and digit) at one place, or with one digit
            // in one row, one column, or three rows and three columns of one box.
            let key = if one_bit(u128::from(r)) && one_bit(u128::from(c)) {
                9 * index(r) + index(c)
            } else if !one_bit(u128::from(d)) {
                return false;
            } else if one_bit(u128::from(r)) {
                81 + 9 * index(r) + index(d)
            } else if one_bit(u128::from(c)) {
                162 + 9 * index(c) + index(d)
            } else if r == 0o7 << (3 * (index(r) / 3)) && c == 0o7 << (3 * (index(c) / 3)) {
                243 + 9 * (index(r) / 3 * 3 + index(c) / 3) + index(d)
            } else {
                return false;
            };
            if seen[key / 64] >> (key % 64) & 1 != 0 {
                return false;
            }
            seen[key / 64] |= 1 << (key % 64);
        }
        true
    }

    /// The geometry of `layout` if it is the whole classic matrix (see the module docs).
    pub(crate) fn find(layout: &Layout) -> Option<Geometry> {
        const FULL: u128 = (1 << 81) - 1;
        if layout.cells != FULL
            || layout.root.iter().any(|&b| b != FULL)
            || layout.place.len() != 729
            || layout.unit_layer.len() != 243
        {
            return None;
        }
        let board = |l: usize| {
            &layout.unit_mask
                [usize::from(layout.unit_base[l])..usize::from(layout.unit_base[l + 1])]
        };
        let mut houses: Vec<u128> = board(0).to_vec();
        if houses.len() != 27 || houses.iter().any(|h| h.count_ones() != 9) {
            return None;
        }
        houses.sort_unstable();
        if houses.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        for l in 1..LAYERS {
            let mut other = board(l).to_vec();
            other.sort_unstable();
            if other != houses {
                return None;
            }
        }
        let meets_one = |h: u128| houses.iter().any(|&g| one_bit(g & h));
        let (lines, boxes): (Vec<u128>, Vec<u128>) = houses.iter().partition(|&&h| meets_one(h));
        if boxes.len() != 9 {
            return None;
        }
        let (rows, cols): (Vec<u128>, Vec<u128>) = lines
            .iter()
            .partition(|&&h| h == lines[0] || h & lines[0] == 0);
        // Nine lines of nine cells that cover the grid do not overlap.
        let covers = |ls: &[u128]| ls.len() == 9 && ls.iter().fold(0, |a, &b| a | b) == FULL;
        if !covers(&rows) || !covers(&cols) {
            return None;
        }
        if rows.iter().any(|&r| cols.iter().any(|&c| !one_bit(r & c))) {
            return None;
        }
        let row_at = Geometry::order(&rows, &boxes)?;
        let col_at = Geometry::order(&cols, &boxes)?;
        let mut place_of_cell = [0u8; 81];
        for (r, &row) in rows.iter().enumerate() {
            for c in bits(row) {
                place_of_cell[c] = row_at[r] * 9;
            }
        }
        for (k, &col) in cols.iter().enumerate() {
            for c in bits(col) {
                place_of_cell[c] += col_at[k];
            }
        }
        let mut blocks = 0u16;
        for &bx in &boxes {
            let mut block = None;
            for c in bits(bx) {
                let p = place_of_cell[c];
                let here = p / 27 * 3 + p % 9 / 3;
                if block.is_some_and(|b| b != here) {
                    return None;
                }
                block = Some(here);
            }
            blocks |= 1 << block?;
        }
        if blocks != 0x1FF {
            return None;
        }
        let mut place = Vec::with_capacity(729);
        let mut at = [[NONE; AT_ROW]; 9];
        let mut root = [0u32; 27];
        for (o, &(c, l)) in layout.place.iter().enumerate() {
            let units = layout.unit_bits[o];
            let two_left = units & units.wrapping_sub(1);
            let one_left = two_left & two_left.wrapping_sub(1);
            // Exactly three units (without a bit count: no `popcnt` on the baseline x86-64).
            if one_left == 0 || !one_bit(u128::from(one_left)) {
                return None;
            }
            let p = place_of_cell[usize::from(c)];
            place.push((p, l));
            at[usize::from(l)][usize::from(p)] = o as u16;
            root[3 * usize::from(l) + usize::from(p) / 27] |= 1 << (p % 27);
        }
        let in_order = (1..729).all(|k| at[k % 9][k / 9] > at[(k - 1) % 9][(k - 1) / 9]);
        Some(Geometry {
            place,
            at,
            root,
            open: [0o777_777_777; 3],
            in_order,
        })
    }

    /// The geometry of `layout` if it is the classic matrix with some givens taken out: the
    /// cells placed by [`Placed::find`], the givens' digits by [`phantom::givens`] (see the
    /// module docs, "With the givens taken out").
    pub(crate) fn without_givens(layout: &Layout) -> Option<Geometry> {
        let placed = Placed::find(layout)?;
        let mut layers = vec![0u32; placed.layers];
        for (&k, &h) in placed.layer.iter().zip(&placed.house) {
            layers[usize::from(k)] |= 1 << h;
        }
        let cells = layout.cells.count_ones() as usize;
        let open = placed.place[..cells].iter().fold(0u128, |m, &p| m | 1 << p);
        let phantoms = phantom::givens(open, &layers)?;
        let mut place = Vec::with_capacity(layout.place.len());
        let mut at = [[NONE; AT_ROW]; 9];
        let mut root = [0u32; 27];
        for (o, &(c, l)) in layout.place.iter().enumerate() {
            let p = placed.place[usize::from(c)];
            // The option's digit: its layer's, found through its first unit.
            let unit = usize::from(layout.unit_base[usize::from(l)])
                + layout.unit_bits[o].trailing_zeros() as usize;
            let d = phantoms.digit[usize::from(placed.layer[unit])];
            place.push((p, d));
            at[usize::from(d)][usize::from(p)] = o as u16;
            root[3 * usize::from(d) + usize::from(p) / 27] |= 1 << (p % 27);
        }
        let mut bands = [0o777_777_777; 3];
        for (p, d) in phantoms.givens {
            root[3 * usize::from(d) + usize::from(p) / 27] |= 1 << (p % 27);
            bands[usize::from(p) / 27] &= !(1 << (p % 27));
        }
        let mut last = None;
        let in_order = (0..81).all(|p| {
            (0..9).all(|d| {
                let o = at[d][p];
                o == NONE || {
                    let up = last.is_none_or(|x| o > x);
                    last = Some(o);
                    up
                }
            })
        });
        Some(Geometry {
            place,
            at,
            root,
            open: bands,
            in_order,
        })
    }

    /// For the nine `lines` of one kind, each one's index (`3 * band + index in band`), the
    /// band of a line being the boxes it meets; `None` unless they make three bands of three.
    fn order(lines: &[u128], boxes: &[u128]) -> Option<[u8; 9]> {
        let meets = |line: u128| {
            boxes
                .iter()
                .enumerate()
                .filter(|(_, b)| *b & line != 0)
                .fold(0u16, |m, (k, _)| m | 1 << k)
        };
        let mut bands: Vec<(u16, u8)> = Vec::with_capacity(3);
        let mut index = [0u8; 9];
        for (i, &line) in lines.iter().enumerate() {
            let m = meets(line);
            if m.count_ones() != 3 {
                return None;
            }
            let band = match bands.iter().position(|&(b, _)| b == m) {
                Some(k) => k,
                None => {
                    bands.push((m, 0));
                    bands.len() - 1
                }
            };
            if band == 3 || bands[band].1 == 3 {
                return None;
            }
            index[i] = 3 * band as u8 + bands[band].1;
            bands[band].1 += 1;
        }
        Some(index)
    }
}
