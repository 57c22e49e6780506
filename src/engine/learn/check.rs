//! The invariant checker of the learning engine ([`crate::engine::Search::check`]): the trail,
//! the levels, the items' counts and covers, the open bitset and the watches, recomputed
//! from the values and compared (see the invariants in the module docs).

use super::nogoods::option;
use super::{Learn, NONE};
use crate::engine::propagate::tree::State;

impl Learn {
    /// The invariants of the module docs, checked; the first broken one, said.
    pub(super) fn invariants(&self) -> Result<(), String> {
        if self.head != self.trail.len() && self.opened && self.state != State::Done {
            return Err("the trail is not propagated".into());
        }
        // The analysis leaves no mark behind (a stale one would end its walk of the trail
        // early, or run it off the start).
        if let Some(x) = self.seen.iter().position(|&s| s) {
            return Err(format!("option {x} is left marked by the analysis"));
        }
        let mut on_trail = vec![false; self.value.len()];
        for (k, &lit) in self.trail.iter().enumerate() {
            let x = option(lit) as usize;
            if on_trail[x] || !Self::is_true(&self.value, lit) {
                return Err(format!(
                    "trail literal {k} is not a true literal of its own"
                ));
            }
            on_trail[x] = true;
            let here = self.lims.iter().filter(|&&s| s <= k).count() as u32;
            if self.level[x] != here {
                return Err(format!(
                    "option {x} has level {} at level {here}",
                    self.level[x]
                ));
            }
        }
        if self
            .value
            .iter()
            .enumerate()
            .any(|(x, &v)| v != 0 && !on_trail[x])
        {
            return Err("an assigned option is not on the trail".into());
        }
        // A search that ended on a conflict leaves it unpropagated.
        if !self.opened || self.state == State::Done {
            return Ok(());
        }
        for i in 0..self.table.items {
            let options = self.options_of(i as u32);
            let live = options
                .iter()
                .filter(|&&o| self.value[o as usize] != -1)
                .count();
            if i < self.table.primary && live as u32 != self.live[i] {
                return Err(format!(
                    "item {i} counts {} live options, has {live}",
                    self.live[i]
                ));
            }
            let chosen: Vec<u32> = options
                .iter()
                .copied()
                .filter(|&o| self.value[o as usize] == 1)
                .collect();
            if chosen.len() > 1 {
                return Err(format!("item {i} has two chosen options"));
            }
            if chosen.first().copied().unwrap_or(NONE) != self.cover[i] {
                return Err(format!("item {i} is covered by {}", self.cover[i]));
            }
            let open = i < self.table.primary && self.open[i / 64] & (1 << (i % 64)) != 0;
            if open != (i < self.table.primary && self.cover[i] == NONE) {
                return Err(format!("item {i} is wrongly marked open: {open}"));
            }
        }
        // The levels whose child is open (the last one may wait to be entered).
        let open = &self.levels[..self.lims.len().min(self.levels.len())];
        if let Some(l) = open.iter().find(|l| self.value[l.option as usize] != 1) {
            return Err(format!("the option of level {l:?} is not chosen"));
        }
        if let Some(c) = (0..self.nogoods.len() as u32).find(|&c| !self.nogoods.check(c)) {
            return Err(format!(
                "nogood {c} is not watched by its first two literals"
            ));
        }
        Ok(())
    }
}
