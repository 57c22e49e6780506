//! The node of the band engine on a matrix whose geometry is known ([`Grid`]): for each
//! digit, its cells as three 27-bit bands, and the rules of JCZSolve (zhouyundong,
//! champagne, JasonLion; ported to Rust as the `sudoku` crate's solver) written afresh on
//! them: a band's locked candidates, hidden singles and the clash of its columns with the
//! other two bands by table look-ups and shifts, naked singles across the digits in bit
//! slices.
//!
//! # Layout
//! Cell `p` (0..81, row-major, as [`super::geometry`] numbers them) is bit `p % 27` of band
//! `p / 27`; a band's bits are its three rows of nine, lowest first. `cells[3 * d + b]`, a
//! *subband*, holds the cells of band `b` where digit `d` is a candidate *or placed*.
//! A three-cell piece of a row inside one box is a *minirow*.
//!
//! # Invariants
//! - A subband only loses bits, and only bits that no solution below the node has.
//! - A cell not in `unsolved` is *placed*: it has at most one digit (exactly one unless
//!   the node fails), and that digit is on none of its row's and box's other cells in its
//!   band (the columns' other bands are cleared by the next update).
//! - `prev[s]` is `cells[s]` as the last update of subband `s` left it (a settled subband
//!   is not empty), `u32::MAX` before the first: a subband equal to it needs no update, and
//!   every subband, an empty one among them (a digit with no cell left in the band, which
//!   fails the node), is updated at the root.
//!
//! # Why the rules are sound
//! Each digit is placed once in every row, column and box of a full grid, so in a band it
//! takes one minirow in each row and each box: a permutation of three minirows. A minirow
//! in no permutation of the band's non-empty minirows loses its cells (this is pointing and
//! claiming at once, and a box's hidden single: its row keeps one minirow). A row of a
//! subband left with one cell has the digit there (a hidden single): the cell is placed and
//! loses the other digits. A box of the band whose cells for the digit lie in one column
//! puts the digit in that column, which the other two bands lose. A cell with one digit
//! left is placed (a naked single); a cell with none fails the node.

use super::frame::Work;
use super::geometry::Geometry;
use super::layout::NONE;
use super::slices;
use super::tables::{ALL, COLUMNS, KEEP, LOCKED, PEERS, ROW, SHRINK, SPOTS, spread};

/// What the rules make of a subband in its band (see the module docs, "Why the rules are
/// sound").
#[derive(Debug, PartialEq, Eq)]
struct Settled {
    /// The subband's cells that are left.
    cells: u32,
    /// The cells that the digit's other two bands keep.
    other: u32,
    /// The cells alone in their row (hidden singles, and the cells placed before).
    single: u32,
}

/// The rules on subband `old` by table look-ups; `None` if it has no permutation of
/// minirows left. A row with one cell is one whose minirow is alone in the row (so that its
/// box has the digit there alone) in a box of one column: its cells are that minirow's,
/// found without a look-up of the rows (the cells of the locked minirows, of the boxes of
/// one column and of the subband, one `and` of the three).
#[inline(always)]
fn settle(old: u32) -> Option<Settled> {
    let shrunk = u32::from(SHRINK[(old & ROW) as usize])
        | u32::from(SHRINK[(old >> 9 & ROW) as usize]) << 3
        | u32::from(SHRINK[(old >> 18) as usize]) << 6;
    let cells = old & KEEP[shrunk as usize];
    if cells == 0 {
        return None;
    }
    let columns = COLUMNS[((cells | cells >> 9 | cells >> 18) & ROW) as usize];
    Some(Settled {
        cells,
        other: columns.other,
        single: LOCKED[shrunk as usize] & columns.lone & cells,
    })
}

/// One node's state (see the module docs); copied to branch, never undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    /// The subbands, `3 * digit + band`.
    cells: [u32; 27],
    /// Each subband as its last update left it.
    prev: [u32; 27],
    /// The cells not placed, band by band.
    unsolved: [u32; 3],
    /// The open cells with two digits, band by band, as the last naked singles found them.
    pairs: [u32; 3],
}

impl Grid {
    /// The root of `geometry`: every option of the matrix a candidate, the phantom givens
    /// placed (see [`super::phantom`]), no other cell.
    pub(crate) fn root(geometry: &Geometry) -> Grid {
        Grid {
            cells: geometry.root,
            prev: [u32::MAX; 27],
            unsolved: geometry.open,
            pairs: [0; 3],
        }
    }

    /// Whether option `o` is live: a candidate of an open cell.
    #[inline]
    pub(crate) fn is_live(&self, geometry: &Geometry, o: usize) -> bool {
        let (p, d) = geometry.place[o];
        let (b, bit) = (usize::from(p) / 27, 1u32 << (p % 27));
        self.unsolved[b] & bit != 0 && self.cells[3 * usize::from(d) + b] & bit != 0
    }

    /// Places option `o`, which must be live: its cell loses the other digits, its digit
    /// the cell's row, column and box. The givens are placed so: with their cells' other
    /// digits left to the root's updates, as [`Grid::choose`] leaves a choice's, the
    /// root's first pass deduces less, which cost more than the stores it spared (5000
    /// 17-clue puzzles: 125.3M instructions against 123.6M).
    #[inline]
    pub(crate) fn place(&mut self, geometry: &Geometry, o: usize) {
        let (p, d) = geometry.place[o];
        let (p, d) = (usize::from(p), usize::from(d));
        let (b, i) = (p / 27, p % 27);
        let bit = 1u32 << i;
        self.unsolved[b] &= !bit;
        for digit in 0..9 {
            self.cells[3 * digit + b] &= !bit;
        }
        let s = 3 * d + b;
        self.cells[s] = (self.cells[s] | bit) & PEERS[i];
        let column = !(0o001_001_001 << (i % 9));
        self.cells[3 * d + (b + 1) % 3] &= column;
        self.cells[3 * d + (b + 2) % 3] &= column;
    }

    /// [`Grid::place`] on each of `options` in turn, up to the first that is not an option
    /// or not live once the ones before it are placed; returns how many it placed. The
    /// givens are checked against the node and each other (a cell, or a digit's row,
    /// column or box, taken twice) in one pass, which gathers for each digit the cells
    /// that see its givens (a given's peers, one vector `or`, [`SPOTS`]), then placed in
    /// one pass a subband: the givens' cells and the cells that see them cleared at once,
    /// where [`Grid::place`] takes thirteen stores a given.
    pub(crate) fn place_all(&mut self, geometry: &Geometry, options: &[usize]) -> usize {
        // The givens' cells of each subband and each band, and for each digit and band the
        // cells that see a given of the digit (a later given there breaks a rule).
        let (mut given, mut taken) = ([0u32; 27], [0u32; 3]);
        let mut seen = [[0u32; 4]; 9];
        let mut placed = options.len();
        for (k, &o) in options.iter().enumerate() {
            let Some(&(p, d)) = geometry.place.get(o) else {
                placed = k;
                break;
            };
            let (spot, d) = (&SPOTS[usize::from(p)], usize::from(d));
            let (b, bit) = (usize::from(spot.band), spot.bit);
            if self.unsolved[b] & self.cells[3 * d + b] & !taken[b] & !seen[d][b] & bit == 0 {
                placed = k;
                break;
            }
            given[3 * d + b] |= bit;
            taken[b] |= bit;
            for (seen, &peers) in seen[d].iter_mut().zip(&spot.peers) {
                *seen |= peers;
            }
        }
        for (b, &t) in taken.iter().enumerate() {
            self.unsolved[b] &= !t;
        }
        for (d, seen) in seen.iter().enumerate() {
            for b in 0..3 {
                let s = 3 * d + b;
                self.cells[s] = self.cells[s] & !(seen[b] | taken[b]) | given[s];
            }
        }
        placed
    }

    /// Places option `o`, which must be live, as a branch's choice, with what the rules
    /// need to find the rest: its cell leaves the open cells and its subband the cell's
    /// row and box, so that the next update of the subband (which its change, or an
    /// update still due, makes sure of: an open cell is not alone in its row of a settled
    /// subband) clears the cell's other digits and its column in the other bands. The
    /// same fixpoint as [`Grid::place`]'s, for two stores where that takes thirteen.
    #[inline]
    pub(crate) fn choose(&mut self, geometry: &Geometry, o: usize) {
        let (p, d) = geometry.place[o];
        let (p, d) = (usize::from(p), usize::from(d));
        let (b, i) = (p / 27, p % 27);
        self.unsolved[b] &= !(1 << i);
        self.cells[3 * d + b] &= PEERS[i];
    }

    /// Makes this grid a copy of `parent`, field by field: each field under the size past
    /// which LLVM calls `memcpy` (128 bytes on x86-64), so that the copy is a few vector
    /// moves inline, where the whole grid's 240 bytes took a `memcpy` call a child.
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, parent: &Grid) {
        self.cells = parent.cells;
        self.prev = parent.prev;
        self.unsolved = parent.unsolved;
        self.pairs = parent.pairs;
    }

    /// Takes option `o` out, if it is live.
    pub(crate) fn remove(&mut self, geometry: &Geometry, o: usize) -> bool {
        if !self.is_live(geometry, o) {
            return false;
        }
        let (p, d) = geometry.place[o];
        self.cells[3 * usize::from(d) + usize::from(p) / 27] &= !(1 << (p % 27));
        true
    }

    /// Whether every cell is placed.
    #[inline]
    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Runs the rules to a fixpoint, counting in `work` the cells they place (`forced` and
    /// `placed`) and the passes over the subbands that update one (`pruned`: counting the
    /// candidates removed would cost a bit count an update, without the `popcnt`
    /// instruction on the baseline x86-64, and a count of the updates that remove some an
    /// add and a compare each, 3.6% of a search); false if the node fails.
    pub(crate) fn propagate(&mut self, work: &mut Work) -> bool {
        let open = self.unsolved;
        let ok = self.fixpoint(work);
        // The cells placed, in two bit counts (the `popcnt` instruction is not in the
        // baseline x86-64): the first two bands' 54 bits in one word.
        let placed = |b: usize| open[b] ^ self.unsolved[b];
        let placed = (u64::from(placed(0)) | u64::from(placed(1)) << 27).count_ones()
            + placed(2).count_ones();
        work.forced += u64::from(placed);
        work.placed += u64::from(placed);
        ok
    }

    /// [`Grid::propagate`] but for the statistics.
    #[inline(always)]
    fn fixpoint(&mut self, work: &mut Work) -> bool {
        loop {
            if !self.update(work) {
                return false;
            }
            if self.solved() {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Updates every subband that changed since its last update, until none does, counting
    /// the passes that update one in `work.pruned`; false if one is left without a
    /// permutation of minirows. The 27 subbands are written out, so that each update knows
    /// its digit and band at compile time, in an order where two in a row share neither
    /// digit nor band: digit `k % 9` in band `(k + k / 9) % 3` at step `k`. An update
    /// writes only its digit's other subbands and its band's, so that the next one does
    /// not wait on it: in digit order (a digit's three bands in a row, each waiting on the
    /// columns the one before cleared) the passes were fewer (forum-hardest-1106: 219,716
    /// against 244,568), but the search took more time (see docs/performance.md). The
    /// fixpoint is the same in any order: each rule only takes candidates out, the more so
    /// the fewer are left.
    #[inline]
    fn update(&mut self, work: &mut Work) -> bool {
        // Counted here, not through `work`, so that the count stays in a register.
        let mut passes = 0;
        macro_rules! each_subband {
            ($changed:ident: $($s:literal)*) => {
                $(
                    if self.cells[$s] != self.prev[$s] {
                        $changed = true;
                        if !self.update_one::<$s>() {
                            work.pruned += passes + 1;
                            return false;
                        }
                        // The subbands read again from the grid after an update, not
                        // kept in registers: without this barrier LLVM carried the values
                        // the updates stored from one check to the next, in more values
                        // than registers, and spilled them to the stack and back on the
                        // updates' chains of look-ups (forum-hardest-1106: 126.95M
                        // instructions, 99.71M with it; see docs/performance.md).
                        std::hint::black_box(&mut self.cells);
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            each_subband!(changed: 0 4 8 9 13 17 18 22 26 1 5 6 10 14 15 19 23 24 2 3 7 11 12 16 20 21 25);
            if !changed {
                work.pruned += passes;
                return true;
            }
            passes += 1;
        }
    }

    /// The update of subband `S` (see the module docs, "Why the rules are sound").
    #[inline(always)]
    fn update_one<const S: usize>(&mut self) -> bool {
        let (d, b) = (S / 3, S % 3);
        let old = self.cells[S];
        let Some(Settled {
            cells,
            other,
            single,
        }) = settle(old)
        else {
            return false;
        };
        self.cells[S] = cells;
        self.prev[S] = cells;
        self.cells[3 * d + (b + 1) % 3] &= other;
        self.cells[3 * d + (b + 2) % 3] &= other;
        // The cells placed before keep no other digit, so that clearing them again changes
        // nothing: done for every single row, without a branch (a branch on whether a row
        // has one cell is mispredicted as often as not).
        self.unsolved[b] &= !single;
        for digit in 0..9 {
            if digit != d {
                self.cells[3 * digit + b] &= !single;
            }
        }
        true
    }

    /// Places the open cells with one digit left (in their band; the update does the rest)
    /// and notes the cells with two ([`slices`]); `None` if a cell has no digit, else
    /// whether any was placed.
    fn naked_singles(&mut self) -> Option<bool> {
        let counted = slices::count(&self.cells)?;
        self.pairs = counted.pairs;
        let mut any = false;
        for b in 0..3 {
            let mut singles = counted.singles[b] & self.unsolved[b];
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let d = (0..9).find(|&d| self.cells[3 * d + b] >> i & 1 != 0)?;
                self.cells[3 * d + b] &= PEERS[i];
                any = true;
            }
        }
        Some(any)
    }

    /// The number of digits of cell `p`.
    pub(crate) fn degree(&self, p: usize) -> u32 {
        let (b, i) = (p / 27, p % 27);
        (0..9)
            .filter(|&d| self.cells[3 * d + b] >> i & 1 != 0)
            .count() as u32
    }

    /// The open cell to branch on: the first with two digits, else the one with the
    /// fewest among the first open cell of each band (as the `sudoku` crate does: a
    /// smaller tree on the hardest puzzles measured than the fewest of all open cells, and
    /// no scan of them); with its number of digits. `None` if every cell is placed.
    pub(crate) fn branch_cell(&self) -> Option<(usize, u32)> {
        for b in 0..3 {
            let pairs = self.pairs[b] & self.unsolved[b];
            if pairs != 0 {
                return Some((27 * b + pairs.trailing_zeros() as usize, 2));
            }
        }
        let mut best: Option<(usize, u32)> = None;
        for b in 0..3 {
            let open = self.unsolved[b];
            if open != 0 {
                let p = 27 * b + open.trailing_zeros() as usize;
                let k = self.degree(p);
                if best.is_none_or(|(_, k0)| k < k0) {
                    best = Some((p, k));
                }
            }
        }
        best
    }

    /// The option at cell `p` of the first digit after `after` (from the first if `None`)
    /// that is live there.
    pub(crate) fn next_at(
        &self,
        geometry: &Geometry,
        p: usize,
        after: Option<usize>,
    ) -> Option<usize> {
        let (b, i) = (p / 27, p % 27);
        let from = after.map_or(0, |d| d + 1);
        (from..9)
            .find(|&d| self.cells[3 * d + b] >> i & 1 != 0)
            .map(|d| usize::from(geometry.at[d][p]))
    }

    /// The two options of place `p`, which has two digits, lowest digit first: its nine
    /// subbands' bits gathered into a mask of digits without a branch, the two digits its
    /// lowest and highest bits, where two walks over the digits (one for each) had a
    /// mispredicted exit each (see docs/performance.md, "The tree, second round").
    #[inline]
    pub(crate) fn pair_at(&self, geometry: &Geometry, p: usize) -> (usize, usize) {
        let (b, i) = (p / 27 % 3, p % 27);
        let mut digits = 0u32;
        for d in 0..9 {
            digits |= (self.cells[3 * d + b] >> i & 1) << d;
        }
        debug_assert_eq!(digits.count_ones(), 2, "place {p} has two digits");
        let (low, high) = (digits.trailing_zeros(), 31 - digits.leading_zeros());
        (
            usize::from(geometry.at[low as usize][p]),
            usize::from(geometry.at[high as usize][p]),
        )
    }

    /// Appends the options of a solved node, the givens among them, place by place, but the
    /// phantom givens (places without an option, where the matrix's givens were taken out):
    /// in increasing order where the geometry is [`Geometry::in_order`]. Each place's option
    /// is written as its subband's bit is found (a solved node has each place on one
    /// subband, a bit the root has, so an option): where every place is open, straight into
    /// `out`'s 81 slots, else into an array of the places, then those with an option.
    pub(crate) fn solved_options(&self, geometry: &Geometry, out: &mut Vec<usize>) {
        if geometry.open == [ALL; 3] {
            let start = out.len();
            out.resize(start + 81, 0);
            let slots = &mut out[start..];
            self.each_place(geometry, |p, o| slots[p] = usize::from(o));
            return;
        }
        let mut options = [NONE; 81];
        self.each_place(geometry, |p, o| options[p] = o);
        out.extend(
            options
                .iter()
                .filter(|&&o| o != NONE)
                .map(|&o| usize::from(o)),
        );
    }

    /// Calls `f` on the option of each place of a solved node, but the phantom givens',
    /// place by place.
    pub(crate) fn each_solved_option(&self, geometry: &Geometry, mut f: impl FnMut(usize)) {
        let all_open = geometry.open == [ALL; 3];
        self.each_place(geometry, |_, o| {
            if all_open || o != NONE {
                f(usize::from(o));
            }
        });
    }

    /// Writes the options of a solved node into `out`, place by place, so in increasing
    /// order, where the geometry numbers its options so (option `9 * p + d` at place `p`
    /// for digit `d`: [`Geometry::in_order`] with all 729, so no phantom given); else
    /// false, `out` left as it was. Each place's digit is found without a branch, eight
    /// places at a time: the index of a place's digit as four bit slices of the band (the
    /// places of the digits whose index has bit `k`), each spread to a byte a place.
    pub(crate) fn solved_in_order(&self, geometry: &Geometry, out: &mut [u16; 81]) -> bool {
        if !geometry.in_order || geometry.place.len() != 729 {
            return false;
        }
        // Each band's 27 places at `27 * b`, as four words of eight (the last word's five
        // past the band read as digit 0, then written over by the next band's).
        let mut digits = [0u8; 88];
        for b in 0..3 {
            let x = |d: usize| self.cells[3 * d + b];
            let slices = [
                x(1) | x(3) | x(5) | x(7),
                x(2) | x(3) | x(6) | x(7),
                x(4) | x(5) | x(6) | x(7),
                x(8),
            ];
            for lane in 0..4 {
                let mut index = 0u64;
                for (k, &slice) in slices.iter().enumerate() {
                    index |= spread((slice >> (8 * lane)) as u8) << k;
                }
                let at = 27 * b + 8 * lane;
                digits[at..at + 8].copy_from_slice(&index.to_le_bytes());
            }
        }
        for (p, (o, &d)) in out.iter_mut().zip(&digits).enumerate() {
            *o = 9 * p as u16 + u16::from(d);
        }
        true
    }

    /// Calls `f` with each place `p` of a solved node and its option there (`NONE` where
    /// the place holds a phantom given), digit by digit (each place is on one subband).
    #[inline(always)]
    fn each_place(&self, geometry: &Geometry, mut f: impl FnMut(usize, u16)) {
        for (subbands, at) in self.cells.chunks_exact(3).zip(&geometry.at) {
            for (b, &x) in subbands.iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    let p = 27 * b + x.trailing_zeros() as usize;
                    f(p, at[p]);
                    x &= x - 1;
                }
            }
        }
    }

    /// The invariants of the module docs that a node alone shows.
    pub(crate) fn check(&self, geometry: &Geometry) -> Result<(), String> {
        for (s, &x) in self.cells.iter().enumerate() {
            if x & !geometry.root[s] != 0 {
                return Err(format!("subband {s} has a candidate the matrix does not"));
            }
        }
        for p in 0..81 {
            let (b, i) = (p / 27, p % 27);
            if self.unsolved[b] >> i & 1 == 0 && self.degree(p) > 1 {
                return Err(format!("placed cell {p} keeps two digits"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The bits of `a` alone in their row, one row at a time.
    fn single_rows(a: u32) -> u32 {
        (0..3)
            .map(|r| a >> (9 * r) & ROW)
            .enumerate()
            .filter(|&(_, s)| s.count_ones() == 1)
            .map(|(r, s)| s << (9 * r))
            .sum()
    }

    /// Subbands of every density (a row with one cell is rare among dense ones): the
    /// tables' single rows are those counted one row at a time, and a settled subband
    /// settles to itself with the same single rows.
    #[test]
    fn the_tables_find_the_rows_with_one_cell() {
        let mut rng = Rng::new(38);
        let mut settled = 0;
        for k in 0..200_000 {
            let mut old = ALL;
            for _ in 0..k % 4 {
                old &= rng.next_u64() as u32;
            }
            let Some(s) = settle(old) else { continue };
            settled += 1;
            assert_eq!(s.cells & !old, 0, "{old:o}");
            assert_eq!(s.single, single_rows(s.cells), "{old:o}");
            let again = settle(s.cells).expect("a settled subband settles");
            assert_eq!((again.cells, again.single), (s.cells, s.single), "{old:o}");
        }
        assert!(settled > 10_000, "{settled} subbands settled");
    }
}
