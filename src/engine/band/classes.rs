//! The houses of a layout whose cells are not all there ([`Houses::find`]): a puzzle's
//! matrix with its givens taken out (`--to-dlx`) keeps only the open cells, and of each house
//! only the items of the digits it lacks, so a house cannot be read off a board as
//! [`super::geometry`] reads it off the whole matrix. Its units are joined into *classes*,
//! one a house, and each class gets a kind (row, column or box, up to their names). Nothing
//! here reads a name or an order: only the units' masks and the options' units.
//!
//! # Layers
//! Each option of such a matrix is in three units, its (house, digit) items. The units
//! joined through options form *layers*: a digit, or a part of one whose options fall apart
//! (a digit with two options left in different rows, columns and boxes is two). The layout
//! packs the layers onto its boards, several to a board where their cells allow, so here the
//! layer, not the board, stands for a digit: a class holds at most one unit of a layer (one
//! house has one item a digit), and a join that would make it hold two refuses the matrix.
//!
//! # Joining units into houses
//! - *Pairs.* Two cells share one unit of a layer where they share one house, two where they
//!   lie in one minirow or minicolumn (a line and a box). So a pair that shares exactly one
//!   unit on some board shares exactly one house, and every unit holding both is that house:
//!   they are joined (a pair that shares one unit on a board and two on another refuses the
//!   matrix). Each pair is taken on the first board where it shares a unit.
//! - *Triples.* A cell lies in three houses, so the units of its options on any two boards
//!   are the same three houses: where two agree, so do the third; otherwise, of the ways to
//!   match them that the layers allow, the one left (counting *twins* as one: two classes of
//!   one unit each, of one layer, with the same cells, which nothing in the matrix tells
//!   apart), or the one left among those that put the most classes with a class holding all
//!   their cells. Repeated until nothing is joined.
//! - *Kinds.* Each class then gets a kind (row, column or box): an option's three classes
//!   have three kinds, and two classes that cannot be one house (a layer in both) but share
//!   two cells are a line and a box. Those rules narrow each class's kinds to a fixpoint; a
//!   depth-first search (bounded) chooses where they stop, rows and columns being alike.
//!   A cell's classes of one kind are then one house, and are joined.
//!
//! # What is checked
//! At most 27 units a board, nine to 32 layers (fewer is a digit all of whose cells are
//! givens, or a smaller Sudoku: a 4x4 to 8x8 matrix has four to eight layers and looks like
//! an export, and its search for houses and givens would only fail, at 10% to 50% of its
//! whole run; such matrices keep the frames), each option in exactly three units; a class
//! holds at most one unit of a layer; every option's three classes are its cell's three,
//! of three kinds; at most 27 classes.
//! Whether the classes are houses of one grid is [`super::houses`]'s check.

use super::layout::{LAYERS, Layout};
use super::tables::PERMS;

/// The most units: 27 houses on each of nine boards.
pub(crate) const UNITS: usize = 243;

/// The most layers (see the module docs).
const LAYERS_MOST: usize = 32;

/// No kind yet.
const NO: u8 = u8::MAX;

/// The most classes the kinds are searched for.
const CLASSES_MOST: usize = 81;

/// The most choices the search of the kinds makes.
const KIND_NODES: u32 = 256;

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

/// The three units of option `o` (global numbers), if it has exactly three.
fn units_of(layout: &Layout, o: usize) -> Option<[usize; 3]> {
    let (_, l) = layout.place[o];
    let base = usize::from(layout.unit_base[usize::from(l)]);
    let mut b = layout.unit_bits[o];
    let mut out = [0; 3];
    for slot in &mut out {
        if b == 0 {
            return None;
        }
        *slot = base + b.trailing_zeros() as usize;
        b &= b - 1;
    }
    (b == 0).then_some(out)
}

/// Path-halving find in a union-find of bytes.
fn find(parent: &mut [u8], mut u: usize) -> usize {
    while usize::from(parent[u]) != u {
        let p = parent[usize::from(parent[u])];
        parent[u] = p;
        u = usize::from(p);
    }
    u
}

/// The layer of each unit, and their number (see the module docs); `None` beyond
/// [`LAYERS_MOST`].
fn layers(layout: &Layout, triples: &[[usize; 3]]) -> Option<(Vec<u8>, usize)> {
    let units = layout.unit_layer.len();
    let mut parent: Vec<u8> = (0..units).map(|u| u as u8).collect();
    for &[a, b, c] in triples {
        let a = find(&mut parent, a);
        for x in [b, c] {
            let x = find(&mut parent, x);
            parent[x] = a as u8;
        }
    }
    let mut id = [u8::MAX; UNITS];
    let mut layer = vec![0u8; units];
    let mut count = 0;
    for (u, slot) in layer.iter_mut().enumerate() {
        let r = find(&mut parent, u);
        if id[r] == u8::MAX {
            if count == LAYERS_MOST {
                return None;
            }
            id[r] = count as u8;
            count += 1;
        }
        *slot = id[r];
    }
    Some((layer, count))
}

/// Union-find over the units (see the module docs); each root keeps its class's layers
/// (at most one unit each), cells and kind.
struct Classes {
    parent: [u8; UNITS],
    layers: [u32; UNITS],
    /// Whether a root's class is its one unit.
    single: [bool; UNITS],
    cells: [u128; UNITS],
    kind: [u8; UNITS],
}

impl Classes {
    fn new(layout: &Layout, layer: &[u8]) -> Classes {
        let mut classes = Classes {
            parent: [0; UNITS],
            layers: [0; UNITS],
            single: [true; UNITS],
            cells: [0; UNITS],
            kind: [NO; UNITS],
        };
        for (u, &l) in layer.iter().enumerate() {
            classes.parent[u] = u as u8;
            classes.layers[u] = 1 << l;
            classes.cells[u] = layout.unit_mask[u];
        }
        classes
    }

    fn find(&mut self, u: usize) -> usize {
        find(&mut self.parent, u)
    }

    /// Whether the classes of roots `a` and `b` may be one house: no layer in both, and no
    /// two kinds.
    fn may_join(&self, a: usize, b: usize) -> bool {
        self.layers[a] & self.layers[b] == 0
            && (self.kind[a] == NO || self.kind[b] == NO || self.kind[a] == self.kind[b])
    }

    /// Joins the classes of `a` and `b`: `None` if they may not be one house, else whether
    /// they were apart.
    fn join(&mut self, a: usize, b: usize) -> Option<bool> {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return Some(false);
        }
        if !self.may_join(a, b) {
            return None;
        }
        self.parent[b] = a as u8;
        self.layers[a] |= self.layers[b];
        self.cells[a] |= self.cells[b];
        self.single[a] = false;
        if self.kind[a] == NO {
            self.kind[a] = self.kind[b];
        }
        Some(true)
    }

    /// The roots of `units`.
    fn roots(&mut self, units: [usize; 3]) -> [usize; 3] {
        units.map(|u| self.find(u))
    }

    /// Whether roots `a` and `b` are twins (see the module docs): either may be taken for
    /// the other, as swapping their names is one of the matrix's symmetries.
    fn twins(&self, a: usize, b: usize) -> bool {
        a == b
            || (self.single[a]
                && self.single[b]
                && self.layers[a] == self.layers[b]
                && self.cells[a] == self.cells[b])
    }

    /// Joins the units of pairs of cells that share one house (see the module docs,
    /// "Pairs"); `on[c]` has the boards of cell `c`'s options.
    fn join_pairs(&mut self, layout: &Layout, on: &[u16; 81]) -> Option<()> {
        for l in 0..LAYERS {
            let base = usize::from(layout.unit_base[l]);
            for u in base..usize::from(layout.unit_base[l + 1]) {
                let own = 1u64 << (u - base);
                let mask = layout.unit_mask[u];
                for c1 in bits(mask) {
                    let b1 = layout.unit_bits[usize::from(layout.at[l][c1])];
                    for c2 in bits(mask >> c1 >> 1) {
                        let c2 = c1 + 1 + c2;
                        if b1 & layout.unit_bits[usize::from(layout.at[l][c2])] != own {
                            continue;
                        }
                        let mut others = on[c1] & on[c2] & !(1 << l);
                        while others != 0 {
                            let k = others.trailing_zeros() as usize;
                            others &= others - 1;
                            let shared = layout.unit_bits[usize::from(layout.at[k][c1])]
                                & layout.unit_bits[usize::from(layout.at[k][c2])];
                            if shared == 0 {
                                continue;
                            }
                            if shared & (shared - 1) != 0 {
                                return None;
                            }
                            if k < l {
                                break;
                            }
                            let v =
                                usize::from(layout.unit_base[k]) + shared.trailing_zeros() as usize;
                            self.join(u, v)?;
                        }
                    }
                }
            }
        }
        Some(())
    }

    /// Joins what the triples of each cell force (see the module docs, "Triples"), until
    /// nothing is joined; `triples` are the options' units, `on` as for
    /// [`Classes::join_pairs`].
    fn join_triples(
        &mut self,
        layout: &Layout,
        on: &[u16; 81],
        triples: &[[usize; 3]],
        cells: usize,
    ) -> Option<()> {
        let mut changed = true;
        while changed {
            changed = false;
            for (c, &boards) in on.iter().enumerate().take(cells) {
                if boards & (boards - 1) == 0 {
                    continue;
                }
                let mut here = [[0usize; 3]; LAYERS];
                let mut t = 0;
                let mut b = boards;
                while b != 0 {
                    let l = b.trailing_zeros() as usize;
                    b &= b - 1;
                    here[t] = triples[usize::from(layout.at[l][c])];
                    t += 1;
                }
                // A cell whose triples are all one set of classes has nothing to join.
                let mut first = self.roots(here[0]);
                first.sort_unstable();
                let agreed = here[1..t].iter().all(|&x| {
                    let mut r = self.roots(x);
                    r.sort_unstable();
                    r == first
                });
                if agreed {
                    continue;
                }
                for i in 0..t {
                    for j in i + 1..t {
                        changed |= self.match_triples(here[i], here[j])?;
                    }
                }
            }
        }
        Some(())
    }

    /// Joins what two triples of one cell force (see the module docs, "Triples"): `None` on
    /// a contradiction, else whether anything was joined.
    fn match_triples(&mut self, a: [usize; 3], b: [usize; 3]) -> Option<bool> {
        const PERMS_2: [[usize; 3]; 2] = [[0, 1, 2], [1, 0, 2]];
        let (a, b) = (self.roots(a), self.roots(b));
        let (mut rest_a, mut rest_b) = ([0usize; 3], [0usize; 3]);
        let (mut n, mut m) = (0, 0);
        for k in 0..3 {
            if !b.contains(&a[k]) {
                rest_a[n] = a[k];
                n += 1;
            }
            if !a.contains(&b[k]) {
                rest_b[m] = b[k];
                m += 1;
            }
        }
        match n {
            0 => return Some(false),
            1 => return self.join(rest_a[0], rest_b[0]),
            _ => {}
        }
        // Each of the rest as the first of its twins among them.
        let (mut twin_a, mut twin_b) = ([0usize; 3], [0usize; 3]);
        for i in 0..n {
            twin_a[i] = (0..=i).find(|&j| self.twins(rest_a[j], rest_a[i]))?;
            twin_b[i] = (0..=i).find(|&j| self.twins(rest_b[j], rest_b[i]))?;
        }
        // The allowed matchings with the best score, as the pairs of twins they make: one
        // such is taken, more are left for later.
        let perms: &[[usize; 3]] = if n == 2 { &PERMS_2 } else { &PERMS };
        type Matching<'a> = (&'a [usize; 3], [(usize, usize); 3]);
        let mut only: Option<Matching> = None;
        let (mut best, mut ties) = (0, false);
        for perm in perms {
            if !(0..n).all(|i| self.may_join(rest_a[i], rest_b[perm[i]])) {
                continue;
            }
            let score = 1
                + (0..n)
                    .filter(|&i| {
                        let (x, y) = (self.cells[rest_a[i]], self.cells[rest_b[perm[i]]]);
                        x & !y == 0 || y & !x == 0
                    })
                    .count();
            let mut pairs = [(usize::MAX, usize::MAX); 3];
            for i in 0..n {
                pairs[i] = (twin_a[i], twin_b[perm[i]]);
            }
            pairs.sort_unstable();
            if score > best {
                (best, ties, only) = (score, false, Some((perm, pairs)));
            } else if score == best && only.is_some_and(|(_, first)| first != pairs) {
                ties = true;
            }
        }
        if ties {
            return Some(false);
        }
        let (perm, _) = only?;
        for i in 0..n {
            self.join(rest_a[i], rest_b[perm[i]])?;
        }
        Some(true)
    }

    /// Gives every class a kind (see the module docs, "Kinds"); `None` where no choice
    /// fits or the search runs past [`KIND_NODES`].
    fn kinds(&mut self, triples: &[[usize; 3]]) -> Option<()> {
        // The classes numbered, and the options' triples of classes, each once.
        let mut id = [u8::MAX; UNITS];
        let mut roots: Vec<usize> = Vec::new();
        let mut three: Vec<[u8; 3]> = Vec::with_capacity(triples.len());
        for &t in triples {
            let mut k = [0u8; 3];
            for (slot, u) in k.iter_mut().zip(t) {
                let r = self.find(u);
                if id[r] == u8::MAX {
                    if roots.len() == CLASSES_MOST {
                        return None;
                    }
                    id[r] = roots.len() as u8;
                    roots.push(r);
                }
                *slot = id[r];
            }
            k.sort_unstable();
            three.push(k);
        }
        three.sort_unstable();
        three.dedup();
        // The pairs of different houses (a layer in both) that share two cells or more.
        let mut pairs = Vec::new();
        for (i, &a) in roots.iter().enumerate() {
            for (j, &b) in roots.iter().enumerate().skip(i + 1) {
                let both = self.cells[a] & self.cells[b];
                if both & both.wrapping_sub(1) != 0 && self.layers[a] & self.layers[b] != 0 {
                    pairs.push((i as u8, j as u8));
                }
            }
        }
        let rules = Rules { three, pairs };
        let mut domain = vec![0b111u8; roots.len()];
        // A depth-first search over the kinds, on an explicit stack: the domains before a
        // choice, the class chosen and the kinds left to try (the lowest the one tried).
        let mut stack: Vec<(Vec<u8>, usize, u8)> = Vec::new();
        let mut nodes = 0;
        let mut ok = rules.propagate(&mut domain);
        loop {
            if ok {
                let open = (0..domain.len())
                    .filter(|&k| domain[k] & (domain[k] - 1) != 0)
                    .min_by_key(|&k| domain[k].count_ones());
                let Some(k) = open else {
                    for (r, d) in roots.iter().zip(&domain) {
                        self.kind[*r] = d.trailing_zeros() as u8;
                    }
                    return Some(());
                };
                stack.push((domain.clone(), k, domain[k]));
                domain[k] &= domain[k].wrapping_neg();
            } else {
                // Back up to the last choice with another kind to try.
                loop {
                    let (before, k, left) = stack.last_mut()?;
                    *left &= *left - 1;
                    if *left != 0 {
                        domain.clone_from(before);
                        domain[*k] = *left & left.wrapping_neg();
                        break;
                    }
                    stack.pop();
                }
            }
            nodes += 1;
            if nodes > KIND_NODES {
                return None;
            }
            ok = rules.propagate(&mut domain);
        }
    }
}

/// The rules of the kinds (see the module docs, "Kinds"), on the classes' domains (the
/// kinds each may still take, as bits: row, column, box).
struct Rules {
    /// The triples of classes of the options, each once.
    three: Vec<[u8; 3]>,
    /// The pairs of classes that are a line and a box.
    pairs: Vec<(u8, u8)>,
}

impl Rules {
    /// Narrows `domain` to a fixpoint of the rules; false if a class is left with none.
    fn propagate(&self, domain: &mut [u8]) -> bool {
        const BOX: u8 = 1 << 2;
        let mut changed = true;
        while changed {
            changed = false;
            for t in &self.three {
                let d = t.map(|k| domain[usize::from(k)]);
                let single = |x: u8| x & x.wrapping_sub(1) == 0;
                let mut new = d;
                for (k, slot) in new.iter_mut().enumerate() {
                    for (j, &other) in d.iter().enumerate() {
                        if j != k && single(other) {
                            *slot &= !other;
                        }
                    }
                }
                // A kind that one class alone may take is that class's.
                for bit in [1u8, 2, 4] {
                    let holders = new.map(|x| x & bit != 0);
                    match holders.iter().filter(|&&h| h).count() {
                        0 => return false,
                        1 => {
                            let k = holders.iter().position(|&h| h).unwrap_or(0);
                            new[k] = bit;
                        }
                        _ => {}
                    }
                }
                for k in 0..3 {
                    if new[k] == 0 {
                        return false;
                    }
                    if new[k] != d[k] {
                        domain[usize::from(t[k])] = new[k];
                        changed = true;
                    }
                }
            }
            for &(i, j) in &self.pairs {
                let (i, j) = (usize::from(i), usize::from(j));
                let (a, b) = (domain[i], domain[j]);
                let (mut na, mut nb) = (a, b);
                if a == BOX {
                    nb &= !BOX;
                }
                if b == BOX {
                    na &= !BOX;
                }
                if a & BOX == 0 {
                    nb &= BOX;
                }
                if b & BOX == 0 {
                    na &= BOX;
                }
                if na == 0 || nb == 0 {
                    return false;
                }
                if (na, nb) != (a, b) {
                    (domain[i], domain[j]) = (na, nb);
                    changed = true;
                }
            }
        }
        true
    }
}

/// The houses of a layout: its units joined into classes, one a house, each of a kind.
pub(crate) struct Houses {
    /// The classes of each cell, one of each kind.
    pub(crate) of_cell: [[u8; 3]; 81],
    /// The cells of each class.
    pub(crate) cells: Vec<u128>,
    /// The kind of each class (0, 1 or 2).
    pub(crate) kind: Vec<u8>,
    /// The class of each unit.
    pub(crate) of_unit: Vec<u8>,
    /// The layer of each unit, and their number.
    pub(crate) layer: Vec<u8>,
    pub(crate) layers: usize,
}

impl Houses {
    /// The houses of `layout`'s `cells` cells (see the module docs); `None` if the units do
    /// not join into at most 27 classes of three kinds, three to a cell.
    pub(crate) fn find(layout: &Layout, cells: usize) -> Option<Houses> {
        if layout.unit_layer.len() > UNITS {
            return None;
        }
        let mut on = [0u16; 81];
        let mut triples = Vec::with_capacity(layout.place.len());
        for (o, &(c, l)) in layout.place.iter().enumerate() {
            triples.push(units_of(layout, o)?);
            on[usize::from(c)] |= 1 << l;
        }
        let (layer, layers) = layers(layout, &triples)?;
        if layers < 9 {
            return None;
        }
        let mut classes = Classes::new(layout, &layer);
        classes.join_pairs(layout, &on)?;
        classes.join_triples(layout, &on, &triples, cells)?;
        classes.kinds(&triples)?;
        // A cell's classes of one kind are one house.
        let mut first = [[usize::MAX; 3]; 81];
        for (o, t) in triples.iter().enumerate() {
            let c = usize::from(layout.place[o].0);
            for &u in t {
                let r = classes.find(u);
                let k = usize::from(classes.kind[r]);
                match first[c][k] {
                    usize::MAX => first[c][k] = r,
                    f => {
                        classes.join(f, r)?;
                    }
                }
            }
        }
        // The classes numbered; every option's three are its cell's.
        let units = layout.unit_layer.len();
        let mut id = [u8::MAX; UNITS];
        let mut of_unit = vec![0u8; units];
        let mut kind = Vec::with_capacity(27);
        for (u, slot) in of_unit.iter_mut().enumerate() {
            let r = classes.find(u);
            if id[r] == u8::MAX {
                if kind.len() == 27 {
                    return None;
                }
                id[r] = kind.len() as u8;
                kind.push(classes.kind[r]);
            }
            *slot = id[r];
        }
        let mut of_cell = [[u8::MAX; 3]; 81];
        let mut class_cells = vec![0u128; kind.len()];
        for (o, t) in triples.iter().enumerate() {
            let c = usize::from(layout.place[o].0);
            for &u in t {
                let k = of_unit[u];
                let slot = &mut of_cell[c][usize::from(kind[usize::from(k)])];
                if *slot != u8::MAX && *slot != k {
                    return None;
                }
                *slot = k;
                class_cells[usize::from(k)] |= 1 << c;
            }
        }
        Some(Houses {
            of_cell,
            cells: class_cells,
            kind,
            of_unit,
            layer,
            layers,
        })
    }
}
