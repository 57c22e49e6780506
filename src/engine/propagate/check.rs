//! The propagating engine checked against its invariants (see the module docs of
//! [`super::tree`] and of [`super::rep`]), recomputed from the table and each frame's chosen
//! options, whatever the representation.

use super::rep::{COVERED_MIN, Rep, has};
use super::tree::{State, Tree};

impl<R: Rep> Tree<R> {
    /// The frames that hold an opened node's state: one per level, and the root's once
    /// opened.
    fn opened_frames(&self) -> usize {
        self.levels.len().max(usize::from(self.opened))
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Tree<R>) -> bool {
        self.levels == other.levels
            && self.forced == other.forced
            && self.state == other.state
            && self.opened == other.opened
            && (0..self.opened_frames().max(1)).all(|f| self.frames.same_frame(&other.frames, f))
    }

    /// Checks the invariants of every opened frame and of every level.
    pub(super) fn invariants(&self) -> Result<(), String> {
        let t = &*self.table;
        if self.state == State::Done {
            return Ok(());
        }
        for d in 0..self.opened_frames() {
            let live = self.frames.live_set(t, d);
            let counts = self.frames.counts(d);
            let mut covered = vec![false; t.items];
            let mut chosen = Vec::new();
            self.frames.chosen(d, |o| chosen.push(o));
            if chosen.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!(
                    "frame {d}: chosen options out of order: {chosen:?}"
                ));
            }
            for &o in &chosen {
                for &i in t.items_of(o) {
                    if std::mem::replace(&mut covered[i as usize], true) {
                        return Err(format!("frame {d}: item {i} covered twice"));
                    }
                }
            }
            for o in &self.forced {
                if !chosen.contains(o) {
                    return Err(format!("frame {d}: given {o} not chosen"));
                }
            }
            // Each item's live options, from the options' items (the grouped frames' table
            // keeps no bitsets).
            let mut of_item = vec![Vec::new(); t.items];
            for o in (0..t.options() as u32).filter(|&o| has(&live, o)) {
                for &i in t.items_of(o) {
                    of_item[i as usize].push(o);
                }
                if t.items_of(o).iter().any(|&i| covered[i as usize]) {
                    return Err(format!("frame {d}: option {o} live with a covered item"));
                }
                if !self.frames.is_live(d, o) {
                    return Err(format!("frame {d}: option {o} live in one view only"));
                }
            }
            for (i, (&count, &covered)) in counts.iter().zip(&covered).enumerate() {
                let right = if i >= t.primary || covered {
                    count >= COVERED_MIN
                } else {
                    usize::from(count) == of_item[i].len()
                };
                if !right {
                    return Err(format!("frame {d}: item {i} counts {count}"));
                }
            }
            // The walk of an item's options, as backing up takes it: the level's item's.
            if let Some(i) = self.levels.get(d).map(|l| l.item) {
                let mut listed = Vec::new();
                let mut at = None;
                while let Some(o) = self.frames.next_option(t, d, i, at) {
                    listed.push(o);
                    at = Some(o);
                }
                let right = &of_item[i as usize];
                if listed != *right {
                    return Err(format!(
                        "frame {d}: item {i} lists {listed:?}, not {right:?}"
                    ));
                }
            }
            if let Some(level) = self.levels.get(d) {
                if !has(&live, level.option) || !t.items_of(level.option).contains(&level.item) {
                    return Err(format!(
                        "level {d}: {level:?} is not a live option of its item"
                    ));
                }
                if u32::from(counts[level.item as usize]) != level.degree {
                    return Err(format!("level {d}: {level:?} has the wrong degree"));
                }
            }
        }
        Ok(())
    }
}
