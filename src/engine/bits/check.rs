//! The bit engine checked against its invariants (see the module docs of [`super`]): states
//! recomputed from the table and the chosen options alone, compared with the frames.

use super::{Bits, State};
use crate::search::Choice;

impl Bits {
    /// Whether two engines hold equal search states (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Bits) -> bool {
        self.levels == other.levels
            && self.forced == other.forced
            && self.excluded == other.excluded
            && self.cursor.top == other.cursor.top
            && (0..=self.cursor.top).all(|f| {
                self.frames.frame(f) == other.frames.frame(f)
                    && self.frames.purified(f) == other.frames.purified(f)
            })
    }

    /// The state after choosing `chosen` from the root, the options excluded before the
    /// search left out, computed from the table alone:
    /// active options and counts as invariant 2 of the module docs says, and the purified
    /// bytes as [`super::colors`] says; `None` if two of the options are incompatible.
    fn state_after(&self, chosen: &[u32]) -> Option<Frame> {
        let t = &self.table;
        // The slot of the `j`-th item of option `o` (`None`: named without a color).
        let slot = |o: u32, j: usize| self.colors.as_ref().and_then(|c| c.slot(t.mentions(o) + j));
        // For each item: `None` while free, `Some(None)` covered, `Some(Some(s))` purified
        // with the color of slot `s`.
        let mut state: Vec<Option<Option<u32>>> = vec![None; t.items];
        let compatible = |state: &[Option<Option<u32>>], o: u32| {
            t.items_of(o)
                .iter()
                .enumerate()
                .all(|(j, &i)| match state[i as usize] {
                    None => true,
                    Some(None) => false,
                    Some(Some(s)) => slot(o, j) == Some(s),
                })
        };
        for &o in chosen {
            if !compatible(&state, o) {
                return None;
            }
            for (j, &i) in t.items_of(o).iter().enumerate() {
                state[i as usize] = Some(slot(o, j));
            }
        }
        let mut active = vec![0u64; t.words];
        for o in 0..t.options() as u32 {
            if compatible(&state, o) && !self.excluded.contains(&o) {
                active[o as usize / 64] |= 1 << (o % 64);
            }
        }
        let counts = (0..t.padded)
            .map(|i| match state.get(i) {
                Some(None) if i < t.primary => {
                    let row = t.bitset(i as u32);
                    let count = active.iter().zip(row);
                    let count = count.map(|(a, r)| (a & r).count_ones() as i16).sum();
                    t.keys.key(count, i)
                }
                _ => t.keys.covered(i),
            })
            .collect();
        let mut purified = vec![0u64; self.colors.as_ref().map_or(0, |c| c.flags)];
        for (y, state) in state[t.primary..].iter().enumerate() {
            if matches!(state, Some(Some(_))) {
                purified[y / 64] |= 1 << (y % 64);
            }
        }
        Some(Frame {
            active,
            counts,
            purified,
        })
    }

    /// Whether frame `f` holds `state`.
    fn holds(&self, f: usize, state: &Frame) -> bool {
        self.frames.frame(f) == (&state.active[..], &state.counts[..])
            && self.frames.purified(f) == state.purified
    }

    /// The invariants of the module docs of [`super`], checked against states recomputed
    /// from the chosen options alone (see [`crate::engine::Search::check`]).
    pub(super) fn invariants(&self) -> Result<(), String> {
        let t = &self.table;
        if self.cursor.top != self.levels.iter().filter(|l| !l.single).count() {
            return Err(format!(
                "top is frame {} for {:?}",
                self.cursor.top, self.levels
            ));
        }
        let mut chosen = self.forced.clone();
        let mut f = 0;
        for (l, level) in self.levels.iter().enumerate() {
            let state = self
                .state_after(&chosen)
                .ok_or_else(|| format!("the options above level {l} are incompatible"))?;
            let (active, counts) = (&state.active, &state.counts);
            if !level.single && !self.holds(f, &state) {
                return Err(format!(
                    "frame {f}, the node of level {l}, is not its state"
                ));
            }
            f += usize::from(!level.single);
            // Under wdeg the weights that chose the item are gone: it is an uncovered
            // primary item (the option's check below), whatever its count.
            let expected = t.keys.first_min(counts);
            let open = counts[level.item as usize] < super::scan::COVERED;
            let chosen_so = match self.rule {
                Choice::Mrv => expected.map(|(i, _)| i as u32) == Some(level.item),
                Choice::Wdeg => open,
            };
            if !chosen_so {
                return Err(format!(
                    "level {l} branches on {}, not {expected:?}",
                    level.item
                ));
            }
            let count = t.keys.count(counts[level.item as usize]);
            if level.single != (count == 1) {
                return Err(format!("level {l}: count {count}, single {}", level.single));
            }
            let o = level.option;
            if o as usize >= t.options()
                || active[o as usize / 64] >> (o % 64) & 1 == 0
                || !t.items_of(o).contains(&level.item)
            {
                return Err(format!(
                    "level {l}: option {o} is not an option of its item"
                ));
            }
            chosen.push(o);
        }
        let state = self
            .state_after(&chosen)
            .ok_or("the chosen options are incompatible")?;
        if self.cursor.state != State::Done && !self.holds(self.cursor.top, &state) {
            return Err(format!(
                "frame {}, the top, is not its state",
                self.cursor.top
            ));
        }
        Ok(())
    }
}

/// A state recomputed by [`Bits::state_after`], for [`Bits::invariants`].
struct Frame {
    active: Vec<u64>,
    counts: Vec<i16>,
    purified: Vec<u64>,
}
