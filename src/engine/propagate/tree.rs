//! The search loop of the propagating engine, over either representation of its frames
//! ([`Rep`]): the levels of the tree, backing up, the givens, the subtrees.
//!
//! # Invariants
//! Between search steps: frame `d` holds the propagated state of the node at depth `d` for
//! every level `d` on the stack (levels are branch points: the item branched on, the option
//! being tried, its rank among the item's live options and their number); the option of
//! each level is live in its frame and covers the level's item. The frames' own invariants
//! are in [`super::rep`]; [`Tree::invariants`] checks both.

use std::sync::Arc;

use super::super::Counters;
use super::super::bits::table::Table;
use super::rep::{COVERED, Rep, Work, fewest, rank_of};
use crate::search::{ForceError, Stats, Step};

/// Where the search loop is (of this engine and of [`crate::engine::learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// At a node to be entered: the root, or the child of the last level's option.
    Enter,
    /// Below a finished node: try the next option of the deepest branch point.
    Backup,
    /// The tree (or the subtree below the floor) is exhausted.
    Done,
}

/// A branch point: the node at its depth, the item branched on, the option being tried (of
/// this engine and of [`crate::engine::learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level {
    pub(crate) item: u32,
    pub(crate) option: u32,
    /// The rank of `option` among the item's live options at the node, from 1.
    pub(crate) rank: u32,
    /// The number of the item's live options at the node.
    pub(crate) degree: u32,
}

/// The search over frames kept in `R` (see the module docs of [`super`]).
#[derive(Clone, Debug)]
pub(crate) struct Tree<R> {
    pub(super) table: Arc<Table>,
    pub(super) frames: R,
    pub(super) levels: Vec<Level>,
    /// The options forced before the search (the givens), in order.
    pub(super) forced: Vec<u32>,
    pub(super) state: State,
    /// The number of levels placed by [`Tree::descend`].
    floor: usize,
    /// Whether the root has been propagated (by entering it or by descending from it).
    pub(super) opened: bool,
    /// The depth of the frame of the solution just found.
    solved: usize,
    pub(super) counters: Counters,
    work: Work,
    /// For each primary item, its count when the subsets rule last looked at it in the node
    /// being propagated (see [`super::rep::fixpoint`]).
    checked: Vec<u16>,
    /// `forced`, in increasing order.
    given: Vec<u32>,
}

impl<R: Rep> Tree<R> {
    /// The search of `table`'s problem in representation `R`, if `R` takes it.
    pub(crate) fn new(table: Arc<Table>) -> Option<Tree<R>> {
        let frames = R::new(&table)?;
        Some(Tree {
            checked: vec![COVERED; frames.counts(0).len()],
            frames,
            table,
            levels: Vec::new(),
            forced: Vec::new(),
            state: State::Enter,
            floor: 0,
            opened: false,
            solved: 0,
            counters: Counters::default(),
            work: Work::default(),
            given: Vec::new(),
        })
    }

    /// Opens the node at depth `d`: the root's frame propagated in place, or a copy of the
    /// parent's with its level's option chosen and propagated; false if it fails.
    fn open(&mut self, d: usize) -> bool {
        let table = &*self.table;
        if d == 0 {
            self.opened = true;
            self.checked.fill(COVERED);
            return self
                .frames
                .propagate(table, 0, &mut self.checked, &mut self.work);
        }
        self.frames.copy_up(d - 1);
        // The parent is at its fixpoint: the rule has looked at every item at its count there.
        self.checked.copy_from_slice(self.frames.counts(d - 1));
        let o = self.levels[d - 1].option;
        self.work.removed += self.frames.choose(table, d, o);
        self.frames
            .propagate(table, d, &mut self.checked, &mut self.work)
    }

    /// Pushes the branch point of the opened node at depth `d` choosing `option` (the first
    /// live option of its item if `None`); false if every primary item is covered.
    fn branch(&mut self, d: usize, option: Option<u32>) -> bool {
        let Some((item, count)) = fewest(self.frames.counts(d)) else {
            return false;
        };
        let table = &*self.table;
        let (option, rank) = match option {
            Some(o) => (o, rank_of(&self.frames, table, d, item, o)),
            None => {
                let o = self
                    .frames
                    .next_option(table, d, item, None)
                    .expect("a branch item has options");
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

    pub(super) fn stats(&self) -> Stats {
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
    pub(super) fn force(&mut self, option: usize) -> Result<(), ForceError> {
        let frames = &self.frames;
        let o = self
            .table
            .to_force(option, self.search_started(), |o| frames.is_live(0, o))?;
        self.work.removed += self.frames.choose(&self.table, 0, o);
        self.forced.push(o);
        let at = self.given.partition_point(|&g| g < o);
        self.given.insert(at, o);
        Ok(())
    }

    /// Removes the option from the root's frame, without propagating (as [`Tree::force`]).
    pub(super) fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        let (frames, forced) = (&self.frames, &self.forced);
        let at = self.table.to_exclude(
            option,
            self.search_started(),
            |o| forced.contains(&o),
            |o| frames.is_live(0, o),
        )?;
        if let Some(o) = at {
            self.frames.exclude(&self.table, 0, o);
            self.work.removed += 1;
        }
        Ok(())
    }

    pub(super) fn reset(&mut self) {
        self.frames.reset(&self.table);
        self.levels.clear();
        self.forced.clear();
        self.given.clear();
        self.state = State::Enter;
        self.floor = 0;
        self.opened = false;
        self.counters.restart();
        self.work = Work::default();
    }

    pub(super) fn search(&mut self, cut: usize) -> Option<Step> {
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
                    let level = self.levels[d];
                    match self
                        .frames
                        .next_option(&self.table, d, level.item, Some(level.option))
                    {
                        Some(o) => {
                            let level = &mut self.levels[d];
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
    pub(super) fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        let index = &self.table.index;
        out.extend(self.forced.iter().map(|&o| index[o as usize] as usize));
        let mut given = self.given.iter().peekable();
        self.frames.chosen(self.solved, |o| {
            if given.next_if_eq(&&o).is_none() {
                out.push(index[o as usize] as usize);
            }
        });
    }

    pub(super) fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        let index = &self.table.index;
        out.extend(
            self.levels
                .iter()
                .map(|l| index[l.option as usize] as usize),
        );
    }

    pub(super) fn descend(&mut self, option: usize) {
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

    pub(super) fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        out.extend(self.levels[from..].iter().map(|l| l.degree));
    }

    pub(super) fn progress(&self) -> f64 {
        progress(self.state, &self.levels)
    }
}

/// Knuth's estimate of the share of a tree explored, from the ranks and degrees of the
/// branch points on the stack (1 once the search is `Done`).
pub(crate) fn progress(state: State, levels: &[Level]) -> f64 {
    if state == State::Done {
        return 1.0;
    }
    let (mut done, mut weight) = (0.0, 1.0f64);
    for level in levels {
        weight /= f64::from(level.degree.max(1));
        done += f64::from(level.rank.saturating_sub(1)) * weight;
    }
    done.min(1.0)
}
