//! The propagating engine checked against its invariants (see the module docs of [`super`]
//! and of [`super::state`]), recomputed from the table and each frame's chosen options.

use super::state::{COVERED_MIN, has};
use super::{Propagate, State};

impl Propagate {
    /// The frames that hold an opened node's state: one per level, and the root's once
    /// opened.
    fn opened_frames(&self) -> usize {
        self.levels.len().max(usize::from(self.opened))
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Propagate) -> bool {
        self.levels == other.levels
            && self.forced == other.forced
            && self.state == other.state
            && self.opened == other.opened
            && (0..self.opened_frames().max(1)).all(|f| {
                let (a, b) = (self.frames.frame(f), other.frames.frame(f));
                a.live == b.live && a.chosen == b.chosen && a.counts == b.counts
            })
    }

    /// Checks the invariants of every opened frame and of every level.
    pub(super) fn invariants(&self) -> Result<(), String> {
        let t = &*self.table;
        if self.state == State::Done {
            return Ok(());
        }
        for d in 0..self.opened_frames() {
            let f = self.frames.frame(d);
            let mut covered = vec![false; t.items];
            for o in (0..t.options() as u32).filter(|&o| has(f.chosen, o)) {
                for &i in t.items_of(o) {
                    if std::mem::replace(&mut covered[i as usize], true) {
                        return Err(format!("frame {d}: item {i} covered twice"));
                    }
                }
            }
            for &o in &self.forced {
                if !has(f.chosen, o) {
                    return Err(format!("frame {d}: given {o} not chosen"));
                }
            }
            for o in (0..t.options() as u32).filter(|&o| has(f.live, o)) {
                if t.items_of(o).iter().any(|&i| covered[i as usize]) {
                    return Err(format!("frame {d}: option {o} live with a covered item"));
                }
            }
            for (i, (&count, &covered)) in f.counts.iter().zip(&covered).enumerate() {
                let right = if i >= t.primary || covered {
                    count >= COVERED_MIN
                } else {
                    let live = t.bitset(i as u32).iter().zip(f.live);
                    count == live.map(|(r, l)| (r & l).count_ones() as u16).sum::<u16>()
                };
                if !right {
                    return Err(format!("frame {d}: item {i} counts {count}"));
                }
            }
            if let Some(level) = self.levels.get(d) {
                if !has(f.live, level.option) || !t.items_of(level.option).contains(&level.item) {
                    return Err(format!(
                        "level {d}: {level:?} is not a live option of its item"
                    ));
                }
                if u32::from(f.counts[level.item as usize]) != level.degree {
                    return Err(format!("level {d}: {level:?} has the wrong degree"));
                }
            }
        }
        Ok(())
    }
}
