//! The nogoods the learning engine records: clauses over the options' literals, each
//! watched by two of its literals, as CDCL SAT solvers keep their learned clauses.
//!
//! A literal is `2 * o` ("option `o` is chosen") or `2 * o + 1` ("option `o` is out"). A
//! nogood is a disjunction of literals that every solution satisfies (it is derived from the
//! problem's rows and the givens by resolution, see [`super::analyze`]). Its first two
//! literals are watched: the nogood needs a look only when one of them becomes false, and
//! then either finds another literal not false to watch, or has one literal left to make
//! true (a unit), or has none (a conflict).
//!
//! # Invariant (between propagations)
//! For every nogood, its two watched literals are its first two, and the nogood is in the
//! watch lists of exactly those two; a watched literal is false only when the other is true,
//! or when every literal of the nogood is false below the level where the watch became false
//! (a nogood made unit by backing up is re-asserted by the engine, see `Learn::undo_to`).

use super::activity::Activity;

/// The literal "option `o` is chosen".
#[inline(always)]
pub(crate) fn chosen(o: u32) -> u32 {
    2 * o
}

/// The literal "option `o` is out".
#[inline(always)]
pub(crate) fn out(o: u32) -> u32 {
    2 * o + 1
}

/// The option of a literal.
#[inline(always)]
pub(crate) fn option(lit: u32) -> u32 {
    lit / 2
}

/// The negation of a literal.
#[inline(always)]
pub(crate) fn not(lit: u32) -> u32 {
    lit ^ 1
}

/// What [`Nogoods::falsified`] asks of the assignment: a trait rather than a closure, so
/// that the two questions asked of every literal scanned inline into the scan.
pub(crate) trait Assignment {
    /// Whether the literal is true.
    fn is_true(&self, lit: u32) -> bool;
    /// Whether the literal is false.
    fn is_false(&self, lit: u32) -> bool;
    /// Makes the literal true for nogood `c`, every other literal of which is false; false
    /// (a conflict) if the literal is false.
    fn unit(&mut self, lit: u32, c: u32) -> bool;
}

/// The recorded nogoods and their watch lists.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nogoods {
    /// The literals of every nogood, one after another.
    lits: Vec<u32>,
    /// Where each nogood's literals start in `lits`, and one past the last.
    starts: Vec<u32>,
    /// For each nogood, where the last search for a literal to watch ended (2 at first):
    /// the next one starts there and wraps around, so that a long nogood whose literals
    /// become false one by one is scanned about once along a branch, not once a watch.
    resume: Vec<u32>,
    /// For each literal, the nogoods that watch it.
    watches: Vec<Vec<u32>>,
    /// For each nogood: how often it took part in conflicts lately.
    activity: Activity,
    /// The watches visited and the literals scanned for a new watch, since the last clear
    /// (see `Learn::mems`).
    mems: u64,
}

/// A nogood [`Nogoods::forget`] dropped.
pub(crate) const FORGOTTEN: u32 = u32::MAX;

impl Nogoods {
    /// No nogoods, for a problem of `options` options.
    pub(crate) fn new(options: usize) -> Nogoods {
        Nogoods {
            lits: Vec::new(),
            starts: vec![0],
            resume: Vec::new(),
            watches: vec![Vec::new(); 2 * options],
            activity: Activity::new(0, 0.999),
            mems: 0,
        }
    }

    /// Forgets every nogood (they depend on the givens).
    pub(crate) fn clear(&mut self) {
        self.lits.clear();
        self.starts.truncate(1);
        self.resume.clear();
        self.watches.iter_mut().for_each(Vec::clear);
        self.activity.reset(0);
        self.mems = 0;
    }

    /// The watches visited and the literals scanned for a new watch since the last clear.
    pub(crate) fn mems(&self) -> u64 {
        self.mems
    }

    /// Raises the activity of nogood `c`, which took part in a conflict.
    pub(crate) fn bump(&mut self, c: u32) {
        self.activity.bump(c as usize);
    }

    /// Ages every nogood's activity.
    pub(crate) fn decay(&mut self) {
        self.activity.decay();
    }

    /// Drops the less active half of the nogoods of more than two literals that `locked`
    /// does not keep (those that are the reason of an assignment), keeping the others in
    /// order with their literals as they stand, so that each is still watched by its first
    /// two; returns, for each old number, the new one or [`FORGOTTEN`]. A nogood holds in
    /// every solution, so dropping one loses no solution, only some propagation.
    pub(crate) fn forget(&mut self, locked: impl Fn(u32) -> bool) -> Vec<u32> {
        let mut candidates: Vec<u32> = (0..self.len() as u32)
            .filter(|&c| self.lits(c).len() > 2 && !locked(c))
            .collect();
        candidates.sort_by(|&a, &b| {
            self.activity
                .get(a as usize)
                .total_cmp(&self.activity.get(b as usize))
        });
        let mut renumber = vec![0; self.len()];
        for &c in &candidates[..candidates.len() / 2] {
            renumber[c as usize] = FORGOTTEN;
        }
        let (mut lits, mut starts, mut resume) = (Vec::new(), vec![0], Vec::new());
        self.watches.iter_mut().for_each(Vec::clear);
        for c in 0..self.len() as u32 {
            if renumber[c as usize] == FORGOTTEN {
                continue;
            }
            let new = starts.len() as u32 - 1;
            renumber[c as usize] = new;
            let (a, b) = (self.starts[c as usize], self.starts[c as usize + 1]);
            let kept = &self.lits[a as usize..b as usize];
            self.watches[kept[0] as usize].push(new);
            self.watches[kept[1] as usize].push(new);
            lits.extend_from_slice(kept);
            starts.push(lits.len() as u32);
            resume.push(self.resume[c as usize]);
        }
        (self.lits, self.starts, self.resume) = (lits, starts, resume);
        self.activity.retain(|c| renumber[c] != FORGOTTEN);
        renumber
    }

    /// The number of nogoods.
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether some nogood watches `lit`.
    #[inline(always)]
    pub(crate) fn watched(&self, lit: u32) -> bool {
        !self.watches[lit as usize].is_empty()
    }

    /// The literals of nogood `c`.
    #[inline]
    pub(crate) fn lits(&self, c: u32) -> &[u32] {
        &self.lits[self.starts[c as usize] as usize..self.starts[c as usize + 1] as usize]
    }

    /// Records a nogood of at least two literals, watching its first two; returns its number.
    pub(crate) fn add(&mut self, lits: &[u32]) -> u32 {
        debug_assert!(lits.len() >= 2);
        let c = self.len() as u32;
        self.lits.extend_from_slice(lits);
        self.starts.push(self.lits.len() as u32);
        self.resume.push(2);
        self.watches[lits[0] as usize].push(c);
        self.watches[lits[1] as usize].push(c);
        self.activity.push();
        c
    }

    /// Visits the nogoods watching `lit`, which has just become false: each moves its watch to
    /// another literal not false, or stays and, its other watched literal not true, asks for
    /// that literal to be made true ([`Assignment::unit`], answered false on a conflict, which
    /// ends the visit). Returns the nogood in conflict, if any.
    #[inline]
    pub(crate) fn falsified(&mut self, lit: u32, assignment: &mut impl Assignment) -> Option<u32> {
        let mut list = std::mem::take(&mut self.watches[lit as usize]);
        self.mems += list.len() as u64;
        let mut conflict = None;
        let mut keep = 0;
        let mut k = 0;
        while k < list.len() {
            let c = list[k];
            k += 1;
            let (start, end) = (
                self.starts[c as usize] as usize,
                self.starts[c as usize + 1] as usize,
            );
            let lits = &mut self.lits[start..end];
            if lits[0] == lit {
                lits.swap(0, 1);
            }
            if assignment.is_true(lits[0]) {
                list[keep] = c;
                keep += 1;
                continue;
            }
            let from = self.resume[c as usize] as usize;
            let not_false = |j: &usize| !assignment.is_false(lits[*j]);
            let found = (from..lits.len())
                .find(not_false)
                .or_else(|| (2..from).find(not_false));
            // The literals scanned: from `from` to `j`, wrapping around past the end.
            self.mems += match found {
                Some(j) if j >= from => j - from + 1,
                Some(j) => lits.len() - from + j - 1,
                None => lits.len() - 2,
            } as u64;
            if let Some(j) = found {
                self.resume[c as usize] = j as u32;
                lits.swap(1, j);
                self.watches[lits[1] as usize].push(c);
                continue;
            }
            list[keep] = c;
            keep += 1;
            if !assignment.unit(lits[0], c) {
                conflict = Some(c);
                // The rest of the list stays as it was.
                while k < list.len() {
                    list[keep] = list[k];
                    keep += 1;
                    k += 1;
                }
            }
        }
        list.truncate(keep);
        self.watches[lit as usize] = list;
        conflict
    }

    /// Whether nogood `c` is watched by its first two literals, and only by them.
    pub(crate) fn check(&self, c: u32) -> bool {
        let lits = self.lits(c);
        let watching = |l: u32| self.watches[l as usize].iter().filter(|&&d| d == c).count();
        lits.iter()
            .enumerate()
            .all(|(k, &l)| watching(l) == usize::from(k < 2) || lits[..2].contains(&l))
            && watching(lits[0]) + watching(lits[1]) == 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forgetting_drops_the_less_active_half_of_the_long_unlocked_nogoods() {
        let mut nogoods = Nogoods::new(20);
        // Nogoods 0..6 of three literals, 6 of two; nogood k bumped k times.
        for k in 0..6u32 {
            nogoods.add(&[chosen(k), out(k + 1), chosen(k + 2)]);
        }
        nogoods.add(&[out(0), out(19)]);
        for k in 0..7u32 {
            for _ in 0..k {
                nogoods.bump(k);
            }
        }
        // Nogood 1 is a reason: locked. Of 0, 2, 3, 4, 5 the two least active go.
        let renumber = nogoods.forget(|c| c == 1);
        assert_eq!(renumber, [FORGOTTEN, 0, FORGOTTEN, 1, 2, 3, 4]);
        assert_eq!(nogoods.len(), 5);
        assert_eq!(nogoods.lits(0), [chosen(1), out(2), chosen(3)]);
        assert_eq!(nogoods.lits(4), [out(0), out(19)]);
        assert!((0..5).all(|c| nogoods.check(c)));
        assert!(!nogoods.watched(chosen(0)));
    }
}
