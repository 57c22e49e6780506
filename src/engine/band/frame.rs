//! The state of one node of the band engine ([`Frame`]) and its propagation: naked and
//! hidden singles and locked candidates, in bulk on the boards.
//!
//! # Invariants
//! In a frame: `boards[l]` holds the live candidates of board `l`, a subset of the layout's
//! root; `open` the cells not yet placed, and no board has a candidate outside `open`;
//! `units` the units not yet covered, and no board has a candidate in the mask of a covered
//! unit of its own. Placing an option (cell `c`, board `l`) takes `c` out of every board and
//! of `open`, its units' cells out of board `l`, and its units out of `units`.

use super::layout::{LAYERS, Layout};

/// One node's state (see the module docs); copied to branch, never undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    /// The live candidates, board by board.
    pub(crate) boards: [u128; LAYERS],
    /// The cells not yet placed.
    pub(crate) open: u128,
    /// The units not yet covered, board by board (bits from the board's first unit).
    pub(crate) units: [u64; LAYERS],
}

/// The work of a propagation, for the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Work {
    /// Options placed (givens, choices and singles).
    pub(crate) placed: u64,
    /// Options placed by the singles.
    pub(crate) forced: u64,
    /// Candidates removed by the locked candidates rule.
    pub(crate) pruned: u64,
}

/// The cells with at least one, two and three candidates, over `boards`.
#[inline]
pub(crate) fn counts(boards: &[u128; LAYERS]) -> (u128, u128, u128) {
    let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
    for &b in boards {
        three |= two & b;
        two |= one & b;
        one |= b;
    }
    (one, two, three)
}

impl Frame {
    /// The root of `layout`: every option live.
    pub(crate) fn root(layout: &Layout) -> Frame {
        Frame {
            boards: layout.root,
            open: layout.cells,
            units: layout.all_units,
        }
    }

    /// Whether option `o` is live.
    #[inline]
    pub(crate) fn is_live(&self, layout: &Layout, o: usize) -> bool {
        let (c, l) = layout.place[o];
        self.boards[usize::from(l)] >> c & 1 != 0
    }

    /// Places option `o`, which must be live.
    #[inline]
    pub(crate) fn place(&mut self, layout: &Layout, o: usize) {
        let (c, l) = layout.place[o];
        let bit = !(1u128 << c);
        for b in &mut self.boards {
            *b &= bit;
        }
        self.boards[usize::from(l)] &= !layout.peers[o];
        self.open &= bit;
        self.units[usize::from(l)] &= !layout.unit_bits[o];
    }

    /// Runs the rules to a fixpoint, pushing the options placed onto `trail`; false if the
    /// node fails (a cell or a unit left without a candidate, or two singles that clash).
    /// `stable` holds, for each board, a state of it at which the hidden singles and the
    /// locked candidates found nothing (the parent's boards: it was at its fixpoint; at the
    /// root, all ones, which no board equals): a board still equal to it is not looked at again. Placing an option
    /// changes only the boards where its cell had a candidate, two after a branch on a
    /// bivalue cell, so most boards are skipped.
    pub(crate) fn propagate(
        &mut self,
        layout: &Layout,
        stable: &mut [u128; LAYERS],
        trail: &mut Vec<u16>,
        work: &mut Work,
    ) -> bool {
        loop {
            let (one, two, _) = counts(&self.boards);
            if self.open & !one != 0 {
                return false;
            }
            let mut singles = self.open & !two;
            if singles != 0 {
                while singles != 0 {
                    let c = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let Some(l) = (0..LAYERS).find(|&l| self.boards[l] >> c & 1 != 0) else {
                        return false;
                    };
                    let o = usize::from(layout.at[l][c]);
                    self.place(layout, o);
                    trail.push(o as u16);
                    work.forced += 1;
                }
                continue;
            }
            let mut placed = false;
            for (l, &seen) in stable.iter().enumerate() {
                if self.boards[l] != seen {
                    match self.hidden_singles(layout, l, trail, work) {
                        None => return false,
                        Some(p) => placed |= p,
                    }
                }
            }
            if placed {
                continue;
            }
            let mut removed = false;
            for (l, seen) in stable.iter_mut().enumerate() {
                if self.boards[l] != *seen {
                    if self.locked(layout, l, work) {
                        removed = true;
                    } else {
                        *seen = self.boards[l];
                    }
                }
            }
            if !removed {
                return true;
            }
        }
    }

    /// Places the only candidate of every unit of board `l` that has one; `None` if a unit
    /// has none, `Some(placed any)` otherwise.
    fn hidden_singles(
        &mut self,
        layout: &Layout,
        l: usize,
        trail: &mut Vec<u16>,
        work: &mut Work,
    ) -> Option<bool> {
        let mut placed = false;
        let base = usize::from(layout.unit_base[l]);
        let mut word = self.units[l];
        while word != 0 {
            let k = word.trailing_zeros();
            word &= word - 1;
            if self.units[l] >> k & 1 == 0 {
                continue;
            }
            let m = self.boards[l] & layout.unit_mask[base + k as usize];
            if m == 0 {
                return None;
            }
            if m & (m - 1) == 0 {
                let o = usize::from(layout.at[l][m.trailing_zeros() as usize]);
                self.place(layout, o);
                trail.push(o as u16);
                work.forced += 1;
                placed = true;
            }
        }
        Some(placed)
    }

    /// Locked candidates on board `l`: where the candidates of a unit all lie in another
    /// unit of the board, the rest of the other unit's cells lose them (pointing and claiming
    /// on boxes and lines). Whether it removed any.
    fn locked(&mut self, layout: &Layout, l: usize, work: &mut Work) -> bool {
        let pairs = &layout.pairs[layout.pair_start[l] as usize..layout.pair_start[l + 1] as usize];
        let mut board = self.boards[l];
        for &(both, only_u, only_v) in pairs {
            if board & both == 0 {
                continue;
            }
            let (u, v) = (board & only_u, board & only_v);
            if u == 0 && v != 0 {
                board &= !only_v;
            } else if v == 0 && u != 0 {
                board &= !only_u;
            }
        }
        if board == self.boards[l] {
            return false;
        }
        work.pruned += u64::from((self.boards[l] & !board).count_ones());
        self.boards[l] = board;
        true
    }

    /// The open cell to branch on: one with two candidates if there is one (the first), else
    /// one with the fewest; with its number of candidates. `None` if no cell is open.
    pub(crate) fn branch_cell(&self) -> Option<(usize, u32)> {
        if self.open == 0 {
            return None;
        }
        let (_, two, three) = counts(&self.boards);
        let pairs = self.open & two & !three;
        if pairs != 0 {
            return Some((pairs.trailing_zeros() as usize, 2));
        }
        let mut best = (0, u32::MAX);
        let mut open = self.open;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let k = self.boards.iter().filter(|&&b| b >> c & 1 != 0).count() as u32;
            if k < best.1 {
                best = (c, k);
            }
        }
        Some(best)
    }

    /// The option at cell `c` on the first board after `after` (from the first board if
    /// `None`) where it is live.
    pub(crate) fn next_at(&self, layout: &Layout, c: usize, after: Option<usize>) -> Option<usize> {
        let from = after.map_or(0, |l| l + 1);
        (from..LAYERS)
            .find(|&l| self.boards[l] >> c & 1 != 0)
            .map(|l| usize::from(layout.at[l][c]))
    }

    /// The invariants of the module docs that a frame alone shows.
    pub(crate) fn check(&self, layout: &Layout) -> Result<(), String> {
        for (l, &b) in self.boards.iter().enumerate() {
            if b & !layout.root[l] != 0 {
                return Err(format!("board {l} has a candidate the matrix does not"));
            }
            if b & !self.open != 0 {
                return Err(format!("board {l} has a candidate on a placed cell"));
            }
        }
        for u in 0..layout.unit_layer.len() {
            let l = usize::from(layout.unit_layer[u]);
            let k = u - usize::from(layout.unit_base[l]);
            if self.units[l] >> k & 1 == 0 && self.boards[l] & layout.unit_mask[u] != 0 {
                return Err(format!("covered unit {u} keeps a candidate"));
            }
        }
        Ok(())
    }
}
