//! The recognition of a Sudoku in a matrix: [`Layout::recognize`] finds, from the items and
//! options alone, whether every option is a pair (cell, digit) and every item either a cell
//! or a (house, digit), and if so lays the options out as cells on nine boards.
//!
//! # What is recognized
//! A matrix is taken when its items split into two classes such that:
//! - every option names exactly one *cell item* (the classic matrix's cell `(r, c)`) and
//!   at least three other items, its *units* (a cell lies in a row, a column and a box);
//! - options joined through units (the classic row-digit, column-digit and box-digit
//!   items) form *layers* (a digit), and no layer holds two options of one cell;
//! - the layers pack into at most [`LAYERS`] boards, no board holding two options of one
//!   cell, with at most [`CELLS`] cells and [`UNITS_PER_BOARD`] units a board.
//!
//! Each option is then the cell `c` on board `l` (a bit of `boards[l]`, an 81-bit set), and
//! each unit a mask of cells on one board. The classic 9x9 matrix is taken whatever the
//! order and the names of its items and options, and so is what is left of it once the
//! givens are taken out (their cells' and digits' items gone, with every option that
//! conflicts with them), as the Sudoku front end and `--to-dlx` leave it; so are the
//! variants whose extra houses are primary items (X diagonals, hyper windows, jigsaw
//! regions in the boxes' place). Nothing of the geometry is needed: a unit is a mask, so a
//! row, a column, a box and a diagonal are alike.
//!
//! # Why the layout is exact
//! An exact cover of the matrix chooses one option per cell item and one per unit. On the
//! layout that is: one board for each cell, and for each unit exactly one chosen cell of its
//! mask on its board; two options conflict exactly when they are the same cell (on two
//! boards) or lie in one unit. [`Layout::recognize`] checks every condition this rests on
//! (each option has one cell item, each (cell, board) at most one option, each unit's
//! options on one board), so the engine's solutions are the matrix's whatever the matrix
//! "means": a matrix that passes is searched correctly even if it is not a Sudoku.
//!
//! # How the classes are found
//! Two options that share two items share units only (one cell holds one digit), so every
//! item shared by two options that share another one is a unit: this alone classifies the
//! whole classic matrix (a row and a box share three cells). Then, repeatedly: an option with
//! a known cell item has units for its other items, an option whose other items are all
//! units has the last for its cell item, and an item two of whose options lie in one layer
//! (as far as the units known join them) is a unit. A matrix left with an option not
//! classified is not taken.

use crate::problem::Problem;

/// The most boards (digits).
pub(crate) const LAYERS: usize = 9;

/// The most cells: the bits of a board.
pub(crate) const CELLS: usize = 81;

/// The most units on a board: the bits of a word.
pub(crate) const UNITS_PER_BOARD: usize = 64;

/// The most units an option may be in (a cell of an X-Sudoku's diagonals is in five).
const UNITS_PER_OPTION: usize = 6;

/// No option at this (board, cell).
pub(crate) const NONE: u16 = u16::MAX;

/// The options of a recognized matrix laid out as cells on boards (see the module docs).
///
/// Invariants: `at[l][c]` is the option at cell `c` of board `l`, and `place` its inverse;
/// the units are numbered board by board, board `l`'s from `unit_base[l]` to
/// `unit_base[l + 1]` (at most [`UNITS_PER_BOARD`]); option `o`'s units are the bits of
/// `unit_bits[o]` from its board's base, each with cell `place[o].0` in its mask; `peers[o]` is the union of those masks;
/// `root` has a bit for every option on its board and every cell of an option open.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// For each option of the problem: its cell and its board.
    pub(crate) place: Vec<(u8, u8)>,
    /// For each board and cell, its option or [`NONE`].
    pub(crate) at: [[u16; CELLS]; LAYERS],
    /// For each option: the cells of its units on its board, its own included.
    pub(crate) peers: Vec<u128>,
    /// For each option: its units, as bits from its board's first unit.
    pub(crate) unit_bits: Vec<u64>,
    /// The first unit of each board, and the end.
    pub(crate) unit_base: [u16; LAYERS + 1],
    /// For each unit: its board.
    pub(crate) unit_layer: Vec<u8>,
    /// For each unit: its cells.
    pub(crate) unit_mask: Vec<u128>,
    /// The cells of some option (the cell items).
    pub(crate) cells: u128,
    /// The candidates of the whole matrix, board by board.
    pub(crate) root: [u128; LAYERS],
    /// Every unit of each board, as bits from its first.
    pub(crate) all_units: [u64; LAYERS],
    /// For each board, the pairs of units on it that share two cells or more (for the locked
    /// candidates rule), as the masks of their common cells, of the first's others and of
    /// the second's others, concatenated; board `l`'s are
    /// `pairs[pair_start[l]..pair_start[l + 1]]`.
    pub(crate) pairs: Vec<(u128, u128, u128)>,
    /// Where each board's pairs start, and the end.
    pub(crate) pair_start: [u32; LAYERS + 1],
}

/// What an item is found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Unknown,
    Cell,
    Unit,
}

/// Union-find over the options.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[parent[x as usize] as usize];
        parent[x as usize] = p;
        x = p;
    }
    x
}

impl Layout {
    /// The layout of `problem` if it is recognized (see the module docs), else `None`.
    pub(crate) fn recognize(problem: &Problem) -> Option<Layout> {
        let n = problem.option_count();
        let items = problem.primary_items();
        if problem.has_colors()
            || problem.has_multiplicities()
            || problem.secondary_items() != 0
            || n == 0
            || n > CELLS * LAYERS
        {
            return None;
        }
        // Each list with room for a 9x9 item's nine options, so that few grow.
        let mut options_of: Vec<Vec<u32>> = (0..items).map(|_| Vec::with_capacity(9)).collect();
        for o in 0..n {
            let its = problem.option_items(o);
            if its.len() < 4 || its.len() > UNITS_PER_OPTION + 1 {
                return None;
            }
            for &i in its {
                options_of[i as usize].push(o as u32);
            }
        }
        if options_of
            .iter()
            .any(|os| os.is_empty() || os.len() > CELLS)
        {
            return None;
        }
        let mut class = vec![Class::Unknown; items];
        // Items shared by two options that share another one are units.
        for o in 0..n {
            let its = problem.option_items(o);
            for &x in its {
                if class[x as usize] == Class::Unit {
                    continue;
                }
                for &p in &options_of[x as usize] {
                    if p as usize == o {
                        continue;
                    }
                    let other = problem.option_items(p as usize);
                    if its.iter().filter(|i| other.contains(i)).count() >= 2 {
                        class[x as usize] = Class::Unit;
                        break;
                    }
                }
            }
        }
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut roots: Vec<u32> = Vec::with_capacity(CELLS);
        loop {
            let mut changed = false;
            for o in 0..n {
                let its = problem.option_items(o);
                let cells = its
                    .iter()
                    .filter(|&&i| class[i as usize] == Class::Cell)
                    .count();
                let units = its
                    .iter()
                    .filter(|&&i| class[i as usize] == Class::Unit)
                    .count();
                if cells > 1 || units == its.len() {
                    return None;
                }
                let to = if cells == 1 {
                    Class::Unit
                } else if units == its.len() - 1 {
                    Class::Cell
                } else {
                    continue;
                };
                for &i in its {
                    if class[i as usize] == Class::Unknown {
                        class[i as usize] = to;
                        changed = true;
                    }
                }
            }
            // The layers as far as the units known join them.
            for p in parent.iter_mut().enumerate() {
                *p.1 = p.0 as u32;
            }
            for (x, os) in options_of.iter().enumerate() {
                if class[x] == Class::Unit {
                    let a = find(&mut parent, os[0]);
                    for &o in &os[1..] {
                        let b = find(&mut parent, o);
                        parent[b as usize] = a;
                    }
                }
            }
            for (x, os) in options_of.iter().enumerate() {
                if class[x] != Class::Unit {
                    roots.clear();
                    roots.extend(os.iter().map(|&o| find(&mut parent, o)));
                    roots.sort_unstable();
                    if roots.windows(2).any(|w| w[0] == w[1]) {
                        if class[x] == Class::Cell {
                            return None;
                        }
                        class[x] = Class::Unit;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if class.contains(&Class::Unknown) {
            return None;
        }
        Layout::on_classes(problem, &options_of, &class, &mut parent)
    }

    /// The layout once every item is classified and `parent` joins the options of each layer;
    /// `None` if a condition of the module docs fails.
    fn on_classes(
        problem: &Problem,
        options_of: &[Vec<u32>],
        class: &[Class],
        parent: &mut [u32],
    ) -> Option<Layout> {
        let n = problem.option_count();
        // The cells, numbered in item order.
        let mut cell_of_item = vec![u8::MAX; class.len()];
        let mut cells = 0usize;
        for (x, &c) in class.iter().enumerate() {
            if c == Class::Cell {
                if cells == CELLS {
                    return None;
                }
                cell_of_item[x] = cells as u8;
                cells += 1;
            }
        }
        let mut cell = vec![0u8; n];
        for (o, c) in cell.iter_mut().enumerate() {
            let x = *problem
                .option_items(o)
                .iter()
                .find(|&&i| class[i as usize] == Class::Cell)?;
            *c = cell_of_item[x as usize];
        }
        // The layers, with their cells; packed onto boards, largest first.
        let mut layer_cells: Vec<(u128, Vec<u32>)> = Vec::new();
        let mut layer_of_root = vec![u32::MAX; n];
        for (o, &c) in cell.iter().enumerate() {
            let r = find(parent, o as u32) as usize;
            if layer_of_root[r] == u32::MAX {
                layer_of_root[r] = layer_cells.len() as u32;
                layer_cells.push((0, Vec::new()));
            }
            let layer = &mut layer_cells[layer_of_root[r] as usize];
            let bit = 1u128 << c;
            if layer.0 & bit != 0 {
                return None;
            }
            layer.0 |= bit;
            layer.1.push(o as u32);
        }
        layer_cells.sort_by_key(|l| std::cmp::Reverse(l.1.len()));
        let mut boards = [0u128; LAYERS];
        let mut used = 0;
        let mut place = vec![(0u8, 0u8); n];
        let mut at = [[NONE; CELLS]; LAYERS];
        for (mask, options) in &layer_cells {
            let l = (0..LAYERS).find(|&l| boards[l] & mask == 0)?;
            used = used.max(l + 1);
            boards[l] |= mask;
            for &o in options {
                place[o as usize] = (cell[o as usize], l as u8);
                at[l][usize::from(cell[o as usize])] = o as u16;
            }
        }
        // The units, numbered board by board, each board's from `unit_base[l]`.
        let mut unit_board = vec![u8::MAX; class.len()];
        for (x, os) in options_of.iter().enumerate() {
            if class[x] != Class::Unit {
                continue;
            }
            let l = place[os[0] as usize].1;
            if os.iter().any(|&o| place[o as usize].1 != l) {
                return None;
            }
            unit_board[x] = l;
        }
        let mut unit_of_item = vec![u16::MAX; class.len()];
        let (mut unit_layer, mut unit_mask) = (Vec::new(), Vec::new());
        let mut unit_base = [0u16; LAYERS + 1];
        for l in 0..LAYERS {
            for (x, os) in options_of.iter().enumerate() {
                if usize::from(unit_board[x]) != l {
                    continue;
                }
                if unit_layer.len() - usize::from(unit_base[l]) == UNITS_PER_BOARD {
                    return None;
                }
                unit_of_item[x] = unit_layer.len() as u16;
                unit_layer.push(l as u8);
                unit_mask.push(
                    os.iter()
                        .fold(0u128, |m, &o| m | 1u128 << place[o as usize].0),
                );
            }
            unit_base[l + 1] = unit_layer.len() as u16;
        }
        let (mut unit_bits, mut peers) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for (o, &(c, l)) in place.iter().enumerate() {
            let (mut p, mut bits) = (0u128, 0u64);
            for &x in problem.option_items(o) {
                let u = unit_of_item[x as usize];
                if u != u16::MAX {
                    bits |= 1 << (u - unit_base[usize::from(l)]);
                    p |= unit_mask[usize::from(u)];
                }
            }
            unit_bits.push(bits);
            peers.push(p | 1u128 << c);
        }
        let mut all_units = [0u64; LAYERS];
        for (l, all) in all_units.iter_mut().enumerate() {
            let k = unit_base[l + 1] - unit_base[l];
            *all = if k == 64 { u64::MAX } else { (1 << k) - 1 };
        }
        let mut by_layer: Vec<Vec<(u128, u128, u128)>> = vec![Vec::new(); LAYERS];
        for u in 0..unit_layer.len() {
            for v in u + 1..unit_layer.len() {
                if unit_layer[u] == unit_layer[v] && (unit_mask[u] & unit_mask[v]).count_ones() >= 2
                {
                    let (mu, mv) = (unit_mask[u], unit_mask[v]);
                    by_layer[usize::from(unit_layer[u])].push((mu & mv, mu & !mv, mv & !mu));
                }
            }
        }
        let (mut pairs, mut pair_start) = (Vec::new(), [0u32; LAYERS + 1]);
        for (l, list) in by_layer.iter().enumerate() {
            pairs.extend_from_slice(list);
            pair_start[l + 1] = pairs.len() as u32;
        }
        debug_assert!(used <= LAYERS);
        Some(Layout {
            place,
            at,
            peers,
            unit_bits,
            unit_base,
            unit_layer,
            unit_mask,
            cells: boards.iter().fold(0, |a, b| a | b),
            root: boards,
            all_units,
            pairs,
            pair_start,
        })
    }
}
