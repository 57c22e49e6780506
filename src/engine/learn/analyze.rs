//! Conflict analysis: from a conflict, the nogood that the learning engine records (the first
//! unique implication point, as CDCL SAT solvers find it).
//!
//! Every assignment past the givens has a reason, a clause that was unit when it was made:
//! - an option is out because a chosen option shares an item with it (`¬p ∨ ¬x`);
//! - an option is chosen because every other option of a primary item is out (`x ∨ y ∨ ...`,
//!   the item's options);
//! - a nogood made it unit.
//!
//! A conflict is a clause all of whose literals are false (two chosen options sharing an
//! item, a primary item with every option out, or a nogood). Resolving it with the reasons of
//! the current level's literals, latest first, until one literal of the current level is left
//! gives a clause implied by the problem, the givens and the nogoods before it: a nogood. The
//! givens' level (0) is left out of it, so a nogood holds only under the givens, and the
//! engine forgets them at a reset. A literal whose reason's other literals are all in the
//! nogood (or false at level 0) is then dropped from it ([`Learn::minimize`]).

use super::nogoods::{chosen, not, option, out};
use super::{Conflict, Learn, Reason};

impl Learn {
    /// The false literals of the clause that made option `x`'s assignment (other than its own
    /// literal) to `each`.
    fn antecedents(&self, x: u32, mut each: impl FnMut(u32)) {
        match self.reason[x as usize] {
            Reason::Shares(p) => each(out(p)),
            Reason::Single(i) => {
                for &y in self.options_of(i) {
                    if y != x {
                        each(chosen(y));
                    }
                }
            }
            Reason::Nogood(c) => {
                for &l in self.nogoods.lits(c) {
                    if option(l) != x {
                        each(l);
                    }
                }
            }
            Reason::Root | Reason::Decision => {}
        }
    }

    /// The false literals of a conflict, to `each`.
    fn conflicting(&self, conflict: Conflict, mut each: impl FnMut(u32)) {
        match conflict {
            Conflict::Two(a, b) => {
                each(out(a));
                each(out(b));
            }
            Conflict::Empty(i) => {
                for &y in self.options_of(i) {
                    each(chosen(y));
                }
            }
            Conflict::Nogood(c) => {
                for &l in self.nogoods.lits(c) {
                    each(l);
                }
            }
        }
    }

    /// Drops from `learnt` (past its first literal) every literal whose reason's other
    /// literals are all in `learnt` or false at level 0 (MiniSat's local minimization):
    /// resolving the nogood with that reason removes the literal and adds none, so the
    /// shorter nogood is implied too (and with several dropped, the reasons, taken in trail
    /// order, remove them one by one). `seen` marks the options of `learnt[1..]` on entry and
    /// nothing on return; `dropped` is room. The recursive minimization (through the reasons' reasons) was
    /// measured too: on the published 25x25 puzzles it cost more than it saved (3,181M
    /// instructions against 1,832M without minimizing, 1,255M with this one).
    fn minimize(&self, learnt: &mut Vec<u32>, seen: &mut [bool], dropped: &mut Vec<u32>) -> u64 {
        // Every literal is checked against the whole nogood's marks, so the marks of those
        // dropped go only at the end.
        dropped.clear();
        let mut keep = 1;
        let mut mems = 0;
        for k in 1..learnt.len() {
            let l = learnt[k];
            let (implied, read) = self.implied(option(l), seen);
            mems += read;
            if implied {
                dropped.push(option(l));
            } else {
                learnt[keep] = l;
                keep += 1;
            }
        }
        learnt.truncate(keep);
        for &l in &learnt[1..] {
            seen[option(l) as usize] = false;
        }
        for &x in dropped.iter() {
            seen[x as usize] = false;
        }
        mems
    }

    /// Whether option `x`'s assignment has a reason whose other literals are all marked in
    /// `seen` or false at level 0; and the literals read (see [`Learn::mems`]).
    fn implied(&self, x: u32, seen: &[bool]) -> (bool, u64) {
        if self.reason[x as usize] == Reason::Decision {
            return (false, 1);
        }
        let (mut holds, mut read) = (true, 1);
        self.antecedents(x, |l| {
            let z = option(l) as usize;
            holds &= seen[z] || self.level[z] == 0;
            read += 1;
        });
        (holds, read)
    }

    /// The nogood learned from `conflict` at the current level (above 0), in `self.learnt`:
    /// its first literal is the negation of the current level's unique implication point,
    /// its second one of those at the highest level below. Bumps the activity of the items of
    /// the options met, and of the nogoods resolved.
    pub(super) fn analyze(&mut self, conflict: Conflict) {
        let level = self.lims.len() as u32;
        let mut learnt = std::mem::take(&mut self.learnt);
        let mut seen = std::mem::take(&mut self.seen);
        let mut lits = std::mem::take(&mut self.lits);
        learnt.clear();
        learnt.push(u32::MAX);
        lits.clear();
        self.conflicting(conflict, |l| lits.push(l));
        if let Conflict::Nogood(c) = conflict {
            self.nogoods.bump(c);
        }
        let (mut pending, mut at) = (0usize, self.trail.len());
        let uip = loop {
            self.work.mems += lits.len() as u64;
            for &l in &lits {
                let x = option(l) as usize;
                if seen[x] || self.level[x] == 0 {
                    continue;
                }
                seen[x] = true;
                if self.level[x] == level {
                    pending += 1;
                } else {
                    learnt.push(l);
                }
            }
            let t = loop {
                at -= 1;
                if seen[option(self.trail[at]) as usize] {
                    break self.trail[at];
                }
            };
            pending -= 1;
            if pending == 0 {
                break t;
            }
            lits.clear();
            self.antecedents(option(t), |l| lits.push(l));
            if let Reason::Nogood(c) = self.reason[option(t) as usize] {
                self.nogoods.bump(c);
            }
        };
        learnt[0] = not(uip);
        // The options resolved away, all of the current level, lie on the trail from the
        // implication point on: their marks go first, so that those left are the learnt
        // literals' (a learnt literal that lies there too loses its mark, and is only kept
        // from being dropped by the minimization).
        for k in at..self.trail.len() {
            let x = option(self.trail[k]);
            if std::mem::take(&mut seen[x as usize]) {
                self.bump(x);
            }
        }
        for &l in &learnt[1..] {
            self.bump(option(l));
        }
        self.work.mems += (self.trail.len() - at + learnt.len()) as u64;
        self.work.mems += self.minimize(&mut learnt, &mut seen, &mut lits);
        // The literal of the highest level below goes second, to be watched.
        if learnt.len() > 2 {
            let best = (1..learnt.len())
                .max_by_key(|&k| self.level[option(learnt[k]) as usize])
                .expect("a literal");
            learnt.swap(1, best);
        }
        self.seen = seen;
        self.learnt = learnt;
        self.lits = lits;
        self.decay();
        self.nogoods.decay();
    }
}
