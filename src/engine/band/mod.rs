//! The band engine: Sudoku's layout, found in the matrix. Where [`Layout::recognize`] finds
//! that every option is a (cell, digit) pair and every item a cell or a (house, digit) (the
//! classic 9x9 matrix, whatever the order and names of its items and options, with or
//! without its givens taken out; see [`layout`]), the options become the cells of nine
//! 81-bit boards, one a digit, and the search runs on them as JCZSolve and tdoku do on
//! theirs: a handful of machine words per node, the rules applied to a whole board at once.
//!
//! # What it does
//! At each node it runs to a fixpoint ([`frame`]): *naked singles* (the cells with one
//! candidate, found for all cells at once by counting candidates across the boards in bit
//! slices; a cell with none fails the node), *hidden singles* (a unit, that is a (house,
//! digit) item, with one candidate cell on its board; with none, the node fails) and *locked
//! candidates* (the candidates of a unit all in another unit of the same board, as a box's
//! in a row: the rest of the other unit loses them; pointing and claiming). Then it
//! branches on an open cell with two candidates (the first), or else on one with the
//! fewest, trying its boards in increasing order, each child in a copy of the node's frame.
//!
//! # The tree and the order of solutions
//! A node is the state after a choice and its propagation (the root: after the givens). Its
//! children are the live options of its branching cell, board by board, so the search finds
//! each solution once, in its own order; the rules remove only options that no solution
//! below the node contains, so the solutions, as a set, and every count are those of the
//! other engines.
//!
//! # Statistics
//! - `nodes`: nodes of this tree entered (the root and each child tried), solutions and
//!   failed nodes included; the node budget and the pauses count these. Most 9x9 puzzles
//!   take one node.
//! - `updates`: options placed (givens, choices and singles), the engine's measure of work.
//! - `forced`: options placed by the singles; `pruned`: candidates removed by the locked
//!   candidates rule.
//!
//! # Subtrees
//! As the propagating engine's: [`Search::descend`] opens the node where the search stands,
//! without counting its work, and takes the option as its branch's choice under a floor
//! that backing up never passes; so `--jobs`, the parts of a count and checkpoints work on
//! it.

mod frame;
pub(crate) mod layout;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use self::frame::{Frame, Work};
use self::layout::{LAYERS, Layout};
use super::propagate::tree::{Level, State, progress};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// The band engine (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Band {
    layout: Arc<Layout>,
    /// The frame of each node on the stack: `frames[d]` is the node at depth `d`.
    frames: Vec<Frame>,
    /// The branch points, one a level: the cell branched on, the option tried.
    levels: Vec<Level>,
    /// The options placed by each node's propagation and choice, in order; the options of
    /// the nodes at depths below `d` end at `marks[d]`.
    trail: Vec<u16>,
    marks: Vec<usize>,
    /// The options forced before the search (the givens), in order.
    forced: Vec<u32>,
    state: State,
    /// The number of levels placed by [`Search::descend`].
    floor: usize,
    /// Whether the root has been propagated.
    opened: bool,
    counters: Counters,
    work: Work,
}

impl Band {
    /// The engine for `problem` if its matrix is recognized (see [`layout`]).
    pub(crate) fn try_new(problem: &Problem) -> Option<Band> {
        Layout::recognize(problem).map(|layout| Band::on(Arc::new(layout)))
    }

    /// Whether `problem` is recognized.
    pub(crate) fn fits(problem: &Problem) -> bool {
        Layout::recognize(problem).is_some()
    }

    fn on(layout: Arc<Layout>) -> Band {
        let root = Frame::root(&layout);
        let mut frames = Vec::with_capacity(82);
        frames.push(root);
        Band {
            layout,
            frames,
            levels: Vec::new(),
            trail: Vec::with_capacity(81),
            marks: vec![0],
            forced: Vec::new(),
            state: State::Enter,
            floor: 0,
            opened: false,
            counters: Counters::default(),
            work: Work::default(),
        }
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.opened || self.state != State::Enter || self.counters.nodes != 0
    }

    /// Opens the node at depth `d`: the root propagated in place, or a copy of the parent's
    /// frame with its level's option placed and propagated; false if it fails.
    fn open(&mut self, d: usize) -> bool {
        let layout = &*self.layout;
        if d == 0 {
            self.opened = true;
            self.trail.clear();
            let mut stable = [u128::MAX; LAYERS];
            return self.frames[0].propagate(layout, &mut stable, &mut self.trail, &mut self.work);
        }
        self.trail.truncate(self.marks[d]);
        let mut frame = self.frames[d - 1];
        let mut stable = frame.boards;
        let o = self.levels[d - 1].option as usize;
        frame.place(layout, o);
        self.trail.push(o as u16);
        self.work.placed += 1;
        let before = self.trail.len();
        let ok = frame.propagate(layout, &mut stable, &mut self.trail, &mut self.work);
        self.work.placed += (self.trail.len() - before) as u64;
        self.frames.truncate(d);
        self.frames.push(frame);
        ok
    }

    /// Pushes the branch point of the opened node at depth `d` choosing `option` (the first
    /// live option of its cell if `None`); false if every cell is placed.
    fn branch(&mut self, d: usize, option: Option<u32>) -> bool {
        let frame = &self.frames[d];
        let layout = &*self.layout;
        let (cell, degree) = match option {
            Some(o) => {
                let c = usize::from(layout.place[o as usize].0);
                let k = frame.boards.iter().filter(|&&b| b >> c & 1 != 0).count();
                (c, k as u32)
            }
            None => match frame.branch_cell() {
                Some(best) => best,
                None => return false,
            },
        };
        let (option, rank) = match option {
            Some(o) => {
                let l = usize::from(layout.place[o as usize].1);
                let rank = (0..=l)
                    .filter(|&k| frame.boards[k] >> cell & 1 != 0)
                    .count();
                (o, rank as u32)
            }
            None => {
                let o = frame
                    .next_at(layout, cell, None)
                    .expect("a branch cell has a candidate");
                (o as u32, 1)
            }
        };
        self.levels.push(Level {
            item: cell as u32,
            option,
            rank,
            degree,
        });
        self.marks.truncate(d + 1);
        self.marks.push(self.trail.len());
        true
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Band) -> bool {
        self.frames == other.frames
            && self.levels == other.levels
            && self.forced == other.forced
            && self.state == other.state
    }
}

impl Search for Band {
    /// [`Band::try_new`], for a problem that [`Band::fits`].
    fn new(problem: &Problem) -> Band {
        Band::try_new(problem).expect("the band engine recognizes the problem")
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.work.placed,
            solutions: self.counters.solutions,
            forced: self.work.forced,
            pruned: self.work.pruned,
            ..Stats::default()
        }
    }

    /// Places the option in the root's frame, without propagating: the rules run when the
    /// search enters the root, so that the errors are those of the other engines.
    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        if option >= self.layout.place.len() {
            return Err(ForceError::NotInSearch { option });
        }
        let root = &mut self.frames[0];
        if !root.is_live(&self.layout, option) {
            return Err(ForceError::Conflict { option });
        }
        root.place(&self.layout, option);
        self.work.placed += 1;
        self.forced.push(option as u32);
        Ok(())
    }

    /// Takes the option out of the root's frame (one update), if it is live there.
    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        if option >= self.layout.place.len() {
            return Err(ForceError::NotInSearch { option });
        }
        if self.forced.contains(&(option as u32)) {
            return Err(ForceError::Forced { option });
        }
        let root = &mut self.frames[0];
        if root.is_live(&self.layout, option) {
            let (c, l) = self.layout.place[option];
            root.boards[usize::from(l)] &= !(1u128 << c);
            self.work.placed += 1;
        }
        Ok(())
    }

    fn reset(&mut self) {
        self.frames.truncate(1);
        self.frames[0] = Frame::root(&self.layout);
        self.levels.clear();
        self.trail.clear();
        self.marks.truncate(1);
        self.forced.clear();
        self.state = State::Enter;
        self.floor = 0;
        self.opened = false;
        self.counters.restart();
        self.work = Work::default();
    }

    /// The root is kept in the shared layout: this is [`Search::reset`].
    fn reset_from(&mut self, _pristine: &Band) {
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
                    let l = usize::from(self.layout.place[level.option as usize].1);
                    match self.frames[d].next_at(&self.layout, level.item as usize, Some(l)) {
                        Some(o) => {
                            let level = &mut self.levels[d];
                            level.option = o as u32;
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
        out.extend(self.forced.iter().map(|&o| o as usize));
        let start = out.len();
        out.extend(self.trail.iter().map(|&o| usize::from(o)));
        out[start..].sort_unstable();
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.levels.iter().map(|l| l.option as usize));
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(self.state == State::Enter && self.levels.len() == self.floor);
        let d = self.levels.len();
        let work = self.work;
        let opened = self.open(d);
        debug_assert!(opened, "a subtree lies below a node that does not fail");
        self.work = work;
        let branched = self.branch(d, Some(option as u32));
        debug_assert!(branched, "a subtree lies below a node with a cell to fill");
        self.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        out.extend(self.levels[from..].iter().map(|l| l.degree));
    }

    fn progress(&self) -> f64 {
        progress(self.state, &self.levels)
    }

    fn check(&self) -> Result<(), String> {
        let layout = &*self.layout;
        if self.frames.len() < self.levels.len() {
            return Err("a level without its frame".into());
        }
        for frame in &self.frames {
            frame.check(layout)?;
        }
        for (d, level) in self.levels.iter().enumerate() {
            let o = level.option as usize;
            if usize::from(layout.place[o].0) != level.item as usize {
                return Err(format!("level {d} tries an option of another cell"));
            }
            if !self.frames[d].is_live(layout, o) {
                return Err(format!("level {d} tries an option not live at its node"));
            }
        }
        Ok(())
    }
}
