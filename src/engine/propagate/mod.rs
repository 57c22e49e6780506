//! The propagating engine: Algorithm X that settles forced moves and subsets at every node
//! before it branches, with the state kept as bitsets over the options copied on branching.
//!
//! # What it does
//! At each node of the search it repeats two rules of exact cover to a fixpoint (see
//! [`state`]): *singles* (an uncovered primary item with no live option fails the node, one
//! with exactly one forces it) and *subsets* (if every live option of a primary item `i`
//! covers item `j`, the options of `j` that do not cover `i` are dead). In Sudoku the first
//! gives naked and hidden singles, the second pointing and claiming; nothing here knows of
//! Sudoku. Only then does it branch: on the uncovered primary item with the fewest live
//! options (the first such in item order), trying its live options in increasing order,
//! each in a copy of the node's frame. Backing up is moving down the stack of frames;
//! nothing is undone.
//!
//! # The tree and the order of solutions
//! A node is the state after a choice and its propagation (the root: after the givens). Its
//! children are the live options of its branching item, in increasing index order, so the
//! search is depth first and finds solutions in lexicographic order of the branch choices.
//! That order is not DLX1's (which branches on every forced item too, and may pick another
//! item among equally short ones after a subset removal), but the set of solutions, and so
//! every count, is the same: the rules remove only options that no solution below the node
//! contains, and the children of a node partition its solutions by the option that covers
//! its branching item.
//!
//! # Statistics
//! - `nodes`: nodes of this tree entered (the root, and one for each option tried at a
//!   branch point), solutions and failed nodes included; the node budget and the pauses
//!   count these. A solved Sudoku often takes one node.
//! - `updates`: options removed from a live set (by choices, givens and rules), the engine's
//!   measure of work (not Knuth's `updates`).
//! - `forced`, `pruned`: options chosen by the singles rule, options removed by the subsets
//!   rule.
//!
//! # Invariants
//! Between search steps: frame `d` holds the propagated state of the node at depth `d` for
//! every level `d` on the stack (levels are branch points: the item branched on, the option
//! being tried, its rank among the item's live options and their number); the option of
//! each level is live in its frame and covers the level's item. The frames' own invariants
//! are in [`state`]; [`Propagate::check`] checks both.
//!
//! # Subtrees
//! [`Search::descend`] opens the node where the search stands (propagating it without
//! counting its work, which the search that cut the tree there counted) and takes the given
//! option as the choice of its branch point, under a floor that backing up never passes. So
//! [`crate::count_parallel`] and the parts of a count work on this engine as on the others.
//!
//! # Not here: probing
//! Failed-literal probing (choosing each option of every item with two live options in a
//! scratch frame before branching, and removing those whose propagation fails) was tried
//! and measured, and left out: on the generated 25x25 puzzles (`puzzles/generated/`) it
//! took 1.8 s against 0.95 s without, and on the first published 25x25 puzzle it reached
//! 2,048 nodes in 15 s against 307,200 without, neither finishing (see `docs/engines.md`).
//!
//! # Limits
//! The engine uses the bit engine's table ([`super::bits::table`]), so it takes the problems
//! the bits take, without colors or multiplicities; [`Propagate::fits`] says which.

mod check;
mod state;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use self::state::{COVERED, Frames, Work, has, next_option, rank_of};
use super::bits::table::{self, Table};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// Where the search loop is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// At a node to be entered: the root, or the child of the last level's option.
    Enter,
    /// Below a finished node: try the next option of the deepest branch point.
    Backup,
    /// The tree (or the subtree below the floor) is exhausted.
    Done,
}

/// A branch point: the node at its depth, the item branched on, the option being tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Level {
    item: u32,
    option: u32,
    /// The rank of `option` among the item's live options at the node, from 1.
    rank: u32,
    /// The number of the item's live options at the node.
    degree: u32,
}

/// The propagating engine (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Propagate {
    table: Arc<Table>,
    frames: Frames,
    levels: Vec<Level>,
    /// The options forced before the search (the givens), in order.
    forced: Vec<u32>,
    state: State,
    /// The number of levels placed by [`Search::descend`].
    floor: usize,
    /// Whether the root has been propagated (by entering it or by descending from it).
    opened: bool,
    /// The depth of the frame of the solution just found.
    solved: usize,
    counters: Counters,
    work: Work,
    /// For each primary item, its count when the subsets rule last looked at it in the node
    /// being propagated (see [`state`]).
    checked: Vec<u16>,
    /// Room for an option's conflicts when the table does not keep them.
    scratch: Vec<u64>,
}

impl Propagate {
    /// Whether the engine can take `problem`: no colors, no multiplicities, and within the
    /// limits of the bit engine's table.
    pub(crate) fn fits(problem: &Problem) -> bool {
        !problem.has_colors() && table::fits(problem, |_| 0)
    }

    /// Opens the node at depth `d`: the root's frame propagated in place, or a copy of the
    /// parent's with its level's option chosen and propagated; false if it fails.
    fn open(&mut self, d: usize) -> bool {
        let table = &*self.table;
        if d == 0 {
            self.opened = true;
            self.checked.fill(COVERED);
            let mut f = self.frames.frame_mut(0);
            return f.propagate(table, &mut self.checked, &mut self.work, &mut self.scratch);
        }
        self.frames.copy_up(d - 1);
        // The parent is at its fixpoint: the rule has looked at every item at its count there.
        self.checked
            .copy_from_slice(self.frames.frame(d - 1).counts);
        let mut f = self.frames.frame_mut(d);
        let o = self.levels[d - 1].option;
        self.work.removed += f.choose(table, o, &mut self.scratch);
        f.propagate(table, &mut self.checked, &mut self.work, &mut self.scratch)
    }

    /// Pushes the branch point of the opened node at depth `d` choosing `option` (the first
    /// live option of its item if `None`); false if every primary item is covered.
    fn branch(&mut self, d: usize, option: Option<u32>) -> bool {
        let f = self.frames.frame(d);
        let Some((item, count)) = f.fewest() else {
            return false;
        };
        let table = &*self.table;
        let (option, rank) = match option {
            Some(o) => (o, rank_of(table, f.live, item, o)),
            None => {
                let o = next_option(table, f.live, item, None).expect("a branch item has options");
                (o, 1)
            }
        };
        self.levels.push(Level {
            item,
            option,
            rank,
            degree: u32::from(count),
        });
        true
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.opened || self.state != State::Enter || self.counters.nodes != 0
    }
}

impl Search for Propagate {
    fn new(problem: &Problem) -> Propagate {
        let table = Table::new(problem);
        Propagate {
            frames: Frames::new(&table),
            checked: vec![COVERED; state::blocks(table.primary)],
            scratch: vec![0; table.words],
            table: Arc::new(table),
            levels: Vec::new(),
            forced: Vec::new(),
            state: State::Enter,
            floor: 0,
            opened: false,
            solved: 0,
            counters: Counters::default(),
            work: Work::default(),
        }
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.work.removed,
            cleansings: 0,
            solutions: self.counters.solutions,
            forced: self.work.forced,
            pruned: self.work.pruned,
        }
    }

    /// Chooses the option in the root's frame, without propagating: the rules run when the
    /// search enters the root, so that the errors are those of the other engines.
    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        let o = self
            .table
            .option_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        let mut f = self.frames.frame_mut(0);
        if !has(f.live, o) {
            return Err(ForceError::Conflict { option });
        }
        self.work.removed += f.choose(&self.table, o, &mut self.scratch);
        self.forced.push(o);
        Ok(())
    }

    fn reset(&mut self) {
        self.frames.reset(&self.table);
        self.levels.clear();
        self.forced.clear();
        self.state = State::Enter;
        self.floor = 0;
        self.opened = false;
        self.counters.restart();
        self.work = Work::default();
    }

    /// The root is kept in the shared table: this is [`Search::reset`].
    fn reset_from(&mut self, pristine: &Propagate) {
        debug_assert!(Arc::ptr_eq(&self.table, &pristine.table));
        self.reset();
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        loop {
            match self.state {
                State::Done => return Some(Step::Exhausted),
                State::Enter => {
                    let d = self.levels.len();
                    if d == cut {
                        self.state = State::Backup;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    if !self.open(d) {
                        self.state = State::Backup;
                    } else if !self.branch(d, None) {
                        self.counters.solutions += 1;
                        self.solved = d;
                        self.state = State::Backup;
                        return Some(Step::Solution);
                    }
                }
                State::Backup => {
                    if self.levels.len() == self.floor {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                    let d = self.levels.len() - 1;
                    let level = &mut self.levels[d];
                    let live = self.frames.frame(d).live;
                    match next_option(&self.table, live, level.item, Some(level.option)) {
                        Some(o) => {
                            level.option = o;
                            level.rank += 1;
                            self.state = State::Enter;
                        }
                        None => {
                            self.levels.pop();
                        }
                    }
                }
            }
        }
    }

    /// The givens first, in the order forced, then the other options of the solution in
    /// increasing order.
    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        let index = &self.table.index;
        out.extend(self.forced.iter().map(|&o| index[o as usize] as usize));
        let chosen = self.frames.frame(self.solved).chosen;
        for (w, &word) in chosen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let o = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                if !self.forced.contains(&o) {
                    out.push(index[o as usize] as usize);
                }
            }
        }
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        let index = &self.table.index;
        out.extend(
            self.levels
                .iter()
                .map(|l| index[l.option as usize] as usize),
        );
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(self.state == State::Enter && self.levels.len() == self.floor);
        let d = self.levels.len();
        let work = self.work;
        let opened = self.open(d);
        debug_assert!(opened, "a subtree lies below a node that does not fail");
        self.work = work;
        let o = self
            .table
            .option_of(option)
            .expect("the option of a subtree is in the search");
        let branched = self.branch(d, Some(o));
        debug_assert!(
            branched,
            "a subtree lies below a node with an item to cover"
        );
        self.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        out.extend(self.levels[from..].iter().map(|l| l.degree));
    }

    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for level in &self.levels {
            weight /= f64::from(level.degree.max(1));
            done += f64::from(level.rank - 1) * weight;
        }
        done
    }

    fn check(&self) -> Result<(), String> {
        self.invariants()
    }
}
