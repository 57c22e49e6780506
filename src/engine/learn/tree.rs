//! The tree of the learning engine: the branch point of a node (the item with the fewest
//! live options, ties to the most active), opening a node, failing one (its nogood learnt
//! and propagated at the parent), and forgetting the less active nogoods.

use super::nogoods::{chosen, option};
use super::{Conflict, Learn, NONE, Reason};
use crate::engine::propagate::tree::{Level, State};
use crate::restart::luby;

impl Learn {
    /// Forgets the less active half of the nogoods that are no assignment's reason
    /// ([`Nogoods::forget`](super::nogoods::Nogoods::forget)), renumbering the reasons, and lets the next forgetting wait for
    /// a tenth more nogoods.
    fn forget(&mut self) {
        let mut locked = vec![false; self.nogoods.len()];
        for &lit in &self.trail {
            if let Reason::Nogood(c) = self.reason[option(lit) as usize] {
                locked[c as usize] = true;
            }
        }
        let renumber = self.nogoods.forget(|c| locked[c as usize]);
        for &lit in &self.trail {
            let x = option(lit) as usize;
            if let Reason::Nogood(c) = self.reason[x] {
                self.reason[x] = Reason::Nogood(renumber[c as usize]);
            }
        }
        self.forget_at += (self.forget_at / 10).max(1);
    }

    /// Bumps the activity of the items of option `x`.
    pub(super) fn bump(&mut self, x: u32) {
        for k in self.spans[x as usize]..self.spans[x as usize + 1] {
            let i = self.items[k as usize];
            if i >= self.primary {
                continue;
            }
            self.activity.bump(i as usize);
        }
    }

    /// Ages every item's activity.
    pub(super) fn decay(&mut self) {
        self.activity.decay();
    }

    /// The branching item of the current state: the uncovered primary item with the fewest
    /// options not out, then the most active, then the first; and that number. `None` when
    /// every primary item is covered.
    fn branch_item(&self) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for (w, &word) in self.open.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let n = self.live[i];
                let better = match best {
                    None => true,
                    Some((b, m)) => {
                        n < m || (n == m && self.activity.get(i) > self.activity.get(b as usize))
                    }
                };
                if better {
                    best = Some((i as u32, n));
                }
            }
        }
        best
    }

    /// The first option of `item` after `after` (from the first with `None`) that may be
    /// tried at its branch point: not out, and, where the item is covered already, the option
    /// that covers it.
    pub(super) fn next_option(&self, item: u32, after: Option<u32>) -> Option<u32> {
        let c = self.cover[item as usize];
        self.options_of(item).iter().copied().find(|&o| {
            after.is_none_or(|a| o > a)
                && if c != NONE {
                    o == c
                } else {
                    self.value[o as usize] != -1
                }
        })
    }

    /// Opens the node at depth `d`: the root propagated, or a new level choosing the option
    /// of level `d - 1` and propagating; the conflict if it fails.
    pub(super) fn open(&mut self, d: usize) -> Option<Conflict> {
        if d == 0 {
            self.opened = true;
            if let Some(conflict) = self.propagate() {
                return Some(conflict);
            }
            // An item without options from the start loses none.
            return (0..self.table.primary as u32)
                .find(|&i| self.live[i as usize] == 0 && self.cover[i as usize] == NONE)
                .map(Conflict::Empty);
        }
        self.lims.push(self.trail.len());
        let o = self.levels[d - 1].option;
        if self.value[o as usize] == 0 {
            self.assign(chosen(o), Reason::Decision);
        }
        self.propagate()
    }

    /// Fails the node at the current level with `conflict`: records its nogood, backs up to
    /// the parent, which propagates the nogood and may fail in turn; at or below the floor
    /// (the root at the top) the search is done.
    pub(super) fn fail(&mut self, mut conflict: Conflict) {
        loop {
            let d = self.lims.len();
            if d <= self.floor {
                self.state = State::Done;
                return;
            }
            self.analyze(conflict);
            self.levels.truncate(d);
            let learnt = std::mem::take(&mut self.learnt);
            let lit = learnt[0];
            let c = if learnt.len() >= 2 {
                Some(self.nogoods.add(&learnt))
            } else {
                self.units.push(lit);
                None
            };
            self.learnt = learnt;
            // Backing up re-asserts the unit nogoods, the new one among them.
            let next = self.undo_to(d - 1).or_else(|| {
                if let Some(c) = c
                    && self.value[option(lit) as usize] == 0
                {
                    self.imply(lit, Reason::Nogood(c));
                }
                self.propagate()
            });
            match next {
                Some(next) => conflict = next,
                None => {
                    self.state = State::Backup;
                    if self.nogoods.len() >= self.forget_at {
                        self.forget();
                    }
                    self.conflicts += 1;
                    if self.may_restart && self.conflicts >= self.run {
                        self.restart();
                    }
                    return;
                }
            }
        }
    }

    /// Goes back to the root, keeping the nogoods and the activity, for the next run of
    /// Luby's sequence (see the module docs); the search is done if the root fails.
    fn restart(&mut self) {
        self.restarts += 1;
        self.conflicts = 0;
        self.run = self.unit * luby(self.restarts);
        self.levels.truncate(self.floor);
        self.state = match self.undo_to(self.floor) {
            Some(_) => State::Done,
            None => State::Enter,
        };
    }

    /// Pushes the branch point of the node where the search stands, choosing `option` (the
    /// first that may be tried if `None`); false if every primary item is covered.
    pub(super) fn branch(&mut self, option: Option<u32>) -> bool {
        // The scan for the branch item, reckoned as half the bits of `open` (its
        // open items, fewer as the search goes down) instead of counted item by item.
        self.work.mems += self.open.len() as u64 * 32;
        let Some((mut item, mut degree)) = self.branch_item() else {
            return false;
        };
        let (option, rank) = match option {
            None => (
                self.next_option(item, None)
                    .expect("a branch item has an option"),
                1,
            ),
            Some(o) => {
                if !self.items_of(o).contains(&item) {
                    item = u32::from(self.table.primary_items(o)[0]);
                    degree = self.live[item as usize];
                }
                let rank = self
                    .options_of(item)
                    .iter()
                    .filter(|&&y| y <= o && self.value[y as usize] != -1)
                    .count() as u32;
                (o, rank.max(1))
            }
        };
        self.levels.push(Level {
            item,
            option,
            rank,
            degree: degree.max(1),
        });
        true
    }
}
