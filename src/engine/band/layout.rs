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
/// `unit_bits[o]` from its board's base, each with cell `place[o].0` in its mask; `root`
/// has a bit for every option on its board and every cell of an option open. The frames'
/// tables (`peers`, `pairs`, `pair_start`) are empty until [`Layout::with_frame_tables`]
/// fills them; then `peers[o]` is the union of option `o`'s units' masks.
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

/// The options of each item, in one list: item `x`'s are `list[start[x]..start[x + 1]]`, in
/// increasing order.
struct Incidence {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Incidence {
    /// The options of the `items` items of `problem`; `None` if an item has none, or more
    /// than [`CELLS`] (a unit has one option a cell, a cell one a board).
    fn of(problem: &Problem, items: usize) -> Option<Incidence> {
        let n = problem.option_count();
        let mut start = vec![0u32; items + 1];
        for o in 0..n {
            for &i in problem.option_items(o) {
                let k = &mut start[i as usize + 1];
                *k += 1;
                if *k > CELLS as u32 {
                    return None;
                }
            }
        }
        if start[1..].contains(&0) {
            return None;
        }
        for x in 0..items {
            start[x + 1] += start[x];
        }
        let mut next = start[..items].to_vec();
        let mut list = vec![0u32; start[items] as usize];
        for o in 0..n {
            for &i in problem.option_items(o) {
                let k = &mut next[i as usize];
                list[*k as usize] = o as u32;
                *k += 1;
            }
        }
        Some(Incidence { start, list })
    }

    /// The options of item `x`.
    fn options(&self, x: usize) -> &[u32] {
        &self.list[self.start[x] as usize..self.start[x + 1] as usize]
    }

    /// Joins in `parent` the options that share a unit of `class`: the layers as far as the
    /// units known join them.
    fn join(&self, class: &[Class], parent: &mut [u32]) {
        for (k, p) in parent.iter_mut().enumerate() {
            *p = k as u32;
        }
        for (x, &c) in class.iter().enumerate() {
            if c == Class::Unit {
                let os = self.options(x);
                let a = find(parent, os[0]);
                for &o in &os[1..] {
                    let b = find(parent, o);
                    parent[b as usize] = a;
                }
            }
        }
    }
}

impl Layout {
    /// The layout of `problem` if it is recognized (see the module docs), else `None`. The
    /// counts come first, so that most matrices that are not a Sudoku are refused on their
    /// first options, before anything is built; then every step is linear in the matrix.
    pub(crate) fn recognize(problem: &Problem) -> Option<Layout> {
        let n = problem.option_count();
        let items = problem.primary_items();
        if problem.has_colors()
            || problem.has_multiplicities()
            || problem.secondary_items() != 0
            || n == 0
            || n > CELLS * LAYERS
            || items > CELLS + LAYERS * UNITS_PER_BOARD
        {
            return None;
        }
        if (0..n).any(|o| !(4..=UNITS_PER_OPTION + 1).contains(&problem.option_items(o).len())) {
            return None;
        }
        let incidence = Incidence::of(problem, items)?;
        let mut class = vec![Class::Unknown; items];
        // Items shared by two options that share another one are units: the items whose
        // options name some other item twice.
        let mut seen = vec![u32::MAX; items];
        for (x, c) in class.iter_mut().enumerate() {
            'options: for &p in incidence.options(x) {
                for &y in problem.option_items(p as usize) {
                    if y as usize != x {
                        if seen[y as usize] == x as u32 {
                            *c = Class::Unit;
                            break 'options;
                        }
                        seen[y as usize] = x as u32;
                    }
                }
            }
        }
        let mut unknown = class.iter().filter(|&&c| c == Class::Unknown).count();
        let mut parent = vec![0u32; n];
        let mut roots: Vec<u32> = Vec::with_capacity(CELLS);
        // The options' rule to its fixpoint, then the layers' rule, until neither finds
        // anything (the order does not change the classes found: each rule only adds to
        // them). Whether each option has one cell item is checked once all are known.
        while unknown > 0 {
            let mut changed = true;
            while changed && unknown > 0 {
                changed = false;
                for o in 0..n {
                    let its = problem.option_items(o);
                    let (mut cells, mut units) = (0, 0);
                    for &i in its {
                        match class[i as usize] {
                            Class::Cell => cells += 1,
                            Class::Unit => units += 1,
                            Class::Unknown => {}
                        }
                    }
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
                            unknown -= 1;
                            changed = true;
                        }
                    }
                }
            }
            if unknown == 0 {
                break;
            }
            incidence.join(&class, &mut parent);
            let mut changed = false;
            for (x, c) in class.iter_mut().enumerate() {
                if *c != Class::Unit {
                    roots.clear();
                    roots.extend(incidence.options(x).iter().map(|&o| find(&mut parent, o)));
                    roots.sort_unstable();
                    if roots.windows(2).any(|w| w[0] == w[1]) {
                        if *c == Class::Cell {
                            return None;
                        }
                        *c = Class::Unit;
                        unknown -= 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                return None;
            }
        }
        Layout::on_classes(problem, &incidence, &class, &mut parent)
    }

    /// The layout once every item is classified; `None` if a condition of the module docs
    /// fails. `parent` is room for the union-find of the layers.
    fn on_classes(
        problem: &Problem,
        incidence: &Incidence,
        class: &[Class],
        parent: &mut [u32],
    ) -> Option<Layout> {
        let n = problem.option_count();
        // The cells, numbered in item order; each option names exactly one.
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
            let mut found = None;
            for &i in problem.option_items(o) {
                if class[i as usize] == Class::Cell {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(cell_of_item[i as usize]);
                }
            }
            *c = found?;
        }
        // The layers, with their cells; packed onto boards, largest first (in the order
        // found among equals).
        incidence.join(class, parent);
        let mut layer_of_root = vec![u32::MAX; n];
        let mut layer = vec![0u32; n];
        let (mut layer_mask, mut layer_size): (Vec<u128>, Vec<u32>) = (Vec::new(), Vec::new());
        for (o, &c) in cell.iter().enumerate() {
            let r = find(parent, o as u32) as usize;
            if layer_of_root[r] == u32::MAX {
                layer_of_root[r] = layer_mask.len() as u32;
                layer_mask.push(0);
                layer_size.push(0);
            }
            let k = layer_of_root[r] as usize;
            let bit = 1u128 << c;
            if layer_mask[k] & bit != 0 {
                return None;
            }
            layer_mask[k] |= bit;
            layer_size[k] += 1;
            layer[o] = k as u32;
        }
        let mut order: Vec<usize> = (0..layer_mask.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(layer_size[k]));
        let mut boards = [0u128; LAYERS];
        let mut board_of_layer = vec![0u8; layer_mask.len()];
        for k in order {
            let mask = layer_mask[k];
            let l = (0..LAYERS).find(|&l| boards[l] & mask == 0)?;
            boards[l] |= mask;
            board_of_layer[k] = l as u8;
        }
        let mut place = vec![(0u8, 0u8); n];
        let mut at = [[NONE; CELLS]; LAYERS];
        for o in 0..n {
            let l = board_of_layer[layer[o] as usize];
            place[o] = (cell[o], l);
            at[usize::from(l)][usize::from(cell[o])] = o as u16;
        }
        // The units, numbered board by board (in item order on each), each board's from
        // `unit_base[l]`.
        let mut unit_board = vec![u8::MAX; class.len()];
        let mut unit_base = [0u16; LAYERS + 1];
        for (x, &c) in class.iter().enumerate() {
            if c != Class::Unit {
                continue;
            }
            let os = incidence.options(x);
            let l = place[os[0] as usize].1;
            if os.iter().any(|&o| place[o as usize].1 != l) {
                return None;
            }
            unit_board[x] = l;
            unit_base[usize::from(l) + 1] += 1;
        }
        if unit_base[1..]
            .iter()
            .any(|&k| usize::from(k) > UNITS_PER_BOARD)
        {
            return None;
        }
        for l in 0..LAYERS {
            unit_base[l + 1] += unit_base[l];
        }
        let units = usize::from(unit_base[LAYERS]);
        let mut next = unit_base;
        let mut unit_of_item = vec![u16::MAX; class.len()];
        let (mut unit_layer, mut unit_mask) = (vec![0u8; units], vec![0u128; units]);
        for (x, &l) in unit_board.iter().enumerate() {
            if l == u8::MAX {
                continue;
            }
            let u = next[usize::from(l)];
            next[usize::from(l)] += 1;
            unit_of_item[x] = u;
            unit_layer[usize::from(u)] = l;
            unit_mask[usize::from(u)] = incidence
                .options(x)
                .iter()
                .fold(0u128, |m, &o| m | 1u128 << place[o as usize].0);
        }
        let mut unit_bits = Vec::with_capacity(n);
        for (o, &(_, l)) in place.iter().enumerate() {
            let mut bits = 0u64;
            for &x in problem.option_items(o) {
                let u = unit_of_item[x as usize];
                if u != u16::MAX {
                    bits |= 1 << (u - unit_base[usize::from(l)]);
                }
            }
            unit_bits.push(bits);
        }
        let mut all_units = [0u64; LAYERS];
        for (l, all) in all_units.iter_mut().enumerate() {
            let k = unit_base[l + 1] - unit_base[l];
            *all = if k == 64 { u64::MAX } else { (1 << k) - 1 };
        }
        Some(Layout {
            place,
            at,
            unit_bits,
            unit_base,
            unit_layer,
            unit_mask,
            cells: boards.iter().fold(0, |a, b| a | b),
            root: boards,
            all_units,
            peers: Vec::new(),
            pairs: Vec::new(),
            pair_start: [0; LAYERS + 1],
        })
    }

    /// The layout with the tables of the frames' rules filled (`peers`, `pairs` and
    /// `pair_start`): the search on [`super::frame::Frame`]s needs them, the grids of
    /// [`super::geometry`] do not, so that [`Layout::recognize`] leaves them empty.
    pub(crate) fn with_frame_tables(mut self) -> Layout {
        self.peers = self
            .place
            .iter()
            .zip(&self.unit_bits)
            .map(|(&(c, l), &bits)| {
                let base = usize::from(self.unit_base[usize::from(l)]);
                let mut peers = 1u128 << c;
                let mut bits = bits;
                while bits != 0 {
                    peers |= self.unit_mask[base + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                peers
            })
            .collect();
        self.pairs.clear();
        for l in 0..LAYERS {
            let (from, to) = (self.unit_base[l], self.unit_base[l + 1]);
            let masks = &self.unit_mask[usize::from(from)..usize::from(to)];
            for (k, &mu) in masks.iter().enumerate() {
                for &mv in &masks[k + 1..] {
                    let both = mu & mv;
                    // Two cells or more in common.
                    if both & both.wrapping_sub(1) != 0 {
                        self.pairs.push((both, mu & !mv, mv & !mu));
                    }
                }
            }
            self.pair_start[l + 1] = self.pairs.len() as u32;
        }
        self
    }
}
