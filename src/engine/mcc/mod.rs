//! The MCC engine: exact covering with multiplicities and colors (Algorithm M's problems)
//! on sparse sets, with SSMCC's binary tree (Knuth and Stappers' SSMCC, 2023, after
//! Knuth's SSXCC; TAOCP 7.2.2.1) instead of DLX3's.
//!
//! # The tree
//! Every node branches on the active primary item `i` of least degree
//! `θ = size + 1 - (bound ∸ slack)` (the ties as [`sets::Sets::choose`] says), and on the
//! live option `o` of `i` that comes first in the problem, two ways: the left child includes
//! `o` (`i = o`), the right child removes it (`i != o`) and chooses an item afresh. With no
//! active primary item left, the node is a solution. With `θ = 1` the item needs every
//! option it has left, so the node has no right child (Knuth's "forced move"). A node with
//! `θ <= 0` is a dead end; in the search it arises only from forced and excluded options,
//! since:
//! - an inclusion or a removal fails as soon as some item's set falls below its bound minus
//!   its slack, before any node exists for it (SSMCC's early failure), and
//! - a primary item whose set runs out once its lower bound is met leaves the active set
//!   during the step, so that no node is spent on DLX3's "null move".
//!
//! The solutions are DLX3's (each set of options once: an option is either in or removed at
//! each node), in another order and with another tree.
//!
//! # State and undoing
//! The representation and its invariants are [`sets`]'s. Before including the option of a
//! node with a right child, the search saves the size and bound of every active item and
//! the two active counts; the right child restores them, which undoes the left subtree
//! whatever it did, and removes the option. A node without a right child saves nothing: the
//! snapshot of the nearest level above that has one undoes it too. Levels are binary: a
//! level is either an inclusion (left) or a removal (right); backing up pops removals and
//! childless inclusions until an inclusion with a right child, which becomes its removal.
//!
//! # Counters
//! `nodes` counts entries to the choosing step (each solution and dead end one, as in
//! Knuth's programs; a right child that fails at once is no node); `updates` counts options
//! removed from an item's set by the steps that stand, as SSMCC counts them (the removals
//! that a snapshot undoes are not counted again; a step that fails counts none, so that the
//! count does not depend on the order the sets are in). Neither equals DLX3's: the trees differ (docs/engines.md).
//!
//! # The contract
//! [`Search::choices`] names a level by its option, as an index into the problem for an
//! inclusion and as `usize::MAX - option` for a removal (see [`encode`]). Because a node's
//! branch depends only on which options are live (not on the order of the sets), a fresh
//! engine that replays the choices ([`Search::descend`]) stands at the same node, with the
//! same tree below, so that the threads of [`crate::count_parallel`] and the parts of
//! [`crate::parts`] add up to one search's statistics.

mod sets;
#[cfg(test)]
pub(super) mod tests;

use self::sets::{Sets, Snapshots};
use super::{Counters, Root, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// How [`Search::choices`] names a level: the option for an inclusion, `usize::MAX - option`
/// for a removal. Shared with [`super::mccbits`], whose binary tree is this one's.
pub(super) fn encode(option: usize, include: bool) -> usize {
    if include { option } else { usize::MAX - option }
}

/// The option and the direction of a choice named by [`encode`]. Options are below
/// `u32::MAX` (node addresses are `u32`), so the two ranges never meet.
pub(super) fn decode(choice: usize) -> (usize, bool) {
    if choice <= u32::MAX as usize {
        (choice, true)
    } else {
        (usize::MAX - choice, false)
    }
}

/// [`Search::degrees`] of the levels given as (include, degree), from the first: an
/// inclusion weighs its item's degree; a removal 1, since the node below it chooses again
/// among what is left (a chain of removals weighs what its first node weighs). Shared with
/// [`super::mccbits`].
pub(super) fn degrees(levels: impl Iterator<Item = (bool, u32)>, out: &mut Vec<u32>) {
    out.extend(levels.map(|(include, degree)| if include { degree } else { 1 }));
}

/// SSMCC's estimate of the part of the tree done ([`Search::progress`]) from the levels
/// given as (include, degree): an inclusion after `k - 1` removals on the same stage is
/// taken as the `k`th of `degree + k - 1` ways. Shared with [`super::mccbits`].
pub(super) fn progress(levels: impl Iterator<Item = (bool, u32)>) -> f64 {
    let (mut done, mut weight, mut removals) = (0.0, 1.0f64, 0u32);
    for (include, degree) in levels {
        if include {
            weight /= f64::from(degree + removals).max(1.0);
            done += f64::from(removals) * weight;
            removals = 0;
        } else {
            removals += 1;
        }
    }
    done
}

/// One level of the binary tree.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The node of the option branched on, on the item.
    node: u32,
    /// The item's degree `θ` at the node.
    degree: u32,
    /// Whether the level includes the option (the left child) or removes it (the right).
    include: bool,
    /// Where the snapshot of the node starts in `saves` (an inclusion with a right child).
    save: u32,
    /// The active counts at the node, beside the snapshot.
    active: (u32, u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A new node: choose the branching item.
    Forward,
    /// The node below the top level is done: back up to the next right child.
    Backdown,
    Done,
}

/// The MCC engine: the sparse sets, the levels, the snapshots and the counters.
#[derive(Clone, Debug)]
pub(crate) struct Mcc {
    sets: Sets,
    levels: Vec<Level>,
    saves: Snapshots,
    /// The options forced (by a node on a primary item) and excluded before the search.
    root: Vec<Root>,
    /// Levels at the bottom of `levels` placed by [`Search::descend`].
    floor: usize,
    /// The snapshot of the node at the floor, at the bottom of `saves` (its length and the
    /// active counts), taken when the search first enters it; restored when the search ends,
    /// so that an exhausted engine stands where it started.
    base: Option<(u32, (u32, u32))>,
    state: State,
    counters: Counters,
}

impl Mcc {
    /// Whether the search has begun, so that no option can be forced or excluded any more.
    fn started(&self) -> bool {
        self.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0
    }

    /// Clears the search's state and counters, for sets back at the root.
    fn restart(&mut self) {
        self.levels.clear();
        self.saves.clear();
        self.floor = 0;
        self.base = None;
        self.state = State::Forward;
        self.counters.restart();
    }

    /// Enters a node on `item` of degree `degree`: saves the state if the node has a right
    /// child, and includes the least live option; returns whether the inclusion stands.
    #[inline]
    fn branch(&mut self, item: u32, degree: i64) -> bool {
        let node = self.sets.least(item);
        let level = Level {
            node,
            degree: degree as u32,
            include: true,
            save: self.saves.len() as u32,
            active: self.sets.active(),
        };
        if degree > 1 {
            self.sets.save(&mut self.saves);
        }
        self.levels.push(level);
        self.sets.try_include(node)
    }

    /// Backs up to the next right child: pops levels without one, then restores the
    /// snapshot of the first inclusion that has one and removes its option. Returns `false`
    /// when the floor is reached.
    #[inline]
    fn backdown(&mut self) -> bool {
        while self.levels.len() > self.floor {
            let top = self.levels.last_mut().expect("a level above the floor");
            if top.include && top.degree > 1 {
                top.include = false;
                let (save, active, node) = (top.save as usize, top.active, top.node);
                self.sets.restore(&self.saves, save, active);
                self.saves.truncate(save);
                if self.sets.try_remove(node) {
                    return true;
                }
            } else {
                self.levels.pop();
            }
        }
        if let Some((len, active)) = self.base {
            self.sets.restore(&self.saves, 0, active);
            self.saves.truncate(len as usize);
        }
        false
    }

    /// Makes the engine take sparse snapshots (see [`Sets::take_sparse_snapshots`]).
    #[cfg(test)]
    pub(crate) fn take_sparse_snapshots(&mut self) {
        self.sets.take_sparse_snapshots();
    }

    /// Whether two engines' sets hold the same state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Mcc) -> bool {
        self.sets.same_as(&other.sets)
    }
}

impl Search for Mcc {
    fn new(problem: &Problem) -> Mcc {
        Mcc {
            sets: Sets::new(problem),
            levels: Vec::new(),
            saves: Snapshots::default(),
            root: Vec::new(),
            floor: 0,
            base: None,
            state: State::Forward,
            counters: Counters::default(),
        }
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.sets.updates,
            solutions: self.counters.solutions,
            ..Stats::default()
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        let x = self.sets.choosable(option)?;
        self.sets.force(x);
        self.root.push(Root::Forced(x));
        Ok(())
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        if Root::forced(&self.root).any(|x| self.sets.option_of(x) == option) {
            return Err(ForceError::Forced { option });
        }
        match self.sets.choosable(option) {
            Ok(x) => {
                self.sets.exclude(x);
                self.root.push(Root::Excluded(x));
                Ok(())
            }
            Err(ForceError::Conflict { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    fn reset(&mut self) {
        self.sets.reset();
        self.sets.updates = 0;
        self.root.clear();
        self.restart();
    }

    fn reset_from(&mut self, pristine: &Mcc) {
        debug_assert!(pristine.levels.is_empty() && pristine.root.is_empty());
        self.sets.copy_from(&pristine.sets);
        self.root.clear();
        self.restart();
    }

    /// Out of line, as DLX2's (see [`super::dlx2::Dlx2`]).
    #[inline(never)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        loop {
            match self.state {
                State::Forward => {
                    if self.base.is_none() {
                        let active = self.sets.active();
                        self.sets.save(&mut self.saves);
                        self.base = Some((self.saves.len() as u32, active));
                    }
                    if self.levels.len() == cut {
                        self.state = State::Backdown;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    match self.sets.choose() {
                        None => {
                            self.counters.solutions += 1;
                            self.state = State::Backdown;
                            return Some(Step::Solution);
                        }
                        Some((_, degree)) if degree <= 0 => self.state = State::Backdown,
                        Some((item, degree)) => {
                            if !self.branch(item, degree) {
                                self.state = State::Backdown;
                            }
                        }
                    }
                }
                State::Backdown => {
                    if self.backdown() {
                        self.state = State::Forward;
                    } else {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                }
                State::Done => return Some(Step::Exhausted),
            }
        }
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(Root::forced(&self.root).map(|x| self.sets.option_of(x)));
        out.extend(
            self.levels
                .iter()
                .filter(|l| l.include)
                .map(|l| self.sets.option_of(l.node)),
        );
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.levels
                .iter()
                .map(|l| encode(self.sets.option_of(l.node), l.include)),
        );
    }

    fn descend(&mut self, choice: usize) {
        debug_assert!(self.levels.len() == self.floor);
        if self.state == State::Done {
            return;
        }
        let (item, degree) = self
            .sets
            .choose()
            .expect("a subtree lies below a node with an item to branch on");
        let node = self.sets.least(item);
        let (option, include) = decode(choice);
        debug_assert_eq!(self.sets.option_of(node), option, "the option of the node");
        let updates = self.sets.updates;
        self.levels.push(Level {
            node,
            degree: degree as u32,
            include,
            save: self.saves.len() as u32,
            active: self.sets.active(),
        });
        let stands = if include {
            self.sets.try_include(node)
        } else {
            self.sets.try_remove(node)
        };
        self.sets.updates = updates;
        self.floor = self.levels.len();
        if !stands {
            self.state = State::Done;
        }
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        degrees(
            self.levels[from..].iter().map(|l| (l.include, l.degree)),
            out,
        );
    }

    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        progress(self.levels.iter().map(|l| (l.include, l.degree)))
    }

    fn check(&self) -> Result<(), String> {
        self.sets.check(!self.levels.is_empty())?;
        let mut save = 0;
        for (k, l) in self.levels.iter().enumerate() {
            if l.include && l.degree > 1 && k >= self.floor {
                if l.save < save {
                    return Err(format!("level {k}'s snapshot starts below the one before"));
                }
                save = l.save;
            }
        }
        if self.saves.len() < save as usize {
            return Err("a snapshot was cut short".to_string());
        }
        Ok(())
    }
}
