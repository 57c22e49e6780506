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
//! fewest (on a [`Grid`], the fewest among the first open cell of each band), trying its
//! boards in increasing order, each child but the last in a copy of the node's frame; on a
//! [`Grid`] the last in the node's own frame, as JCZSolve does (no copy; the node is not
//! needed again once its last child is tried).
//!
//! # The tree and the order of solutions
//! A node is the state after a choice and its propagation (the root: after the givens). Its
//! children are the live options of its branching cell, board by board, so the search finds
//! each solution once, in its own order; the rules remove only options that no solution
//! below the node contains, so the solutions, as a set, and every count are those of the
//! other engines.
//!
//! # Two nodes
//! Where the layout is the classic 9x9 matrix (as the Sudoku front end builds it, the
//! givens forced), [`geometry`] finds its rows, columns and boxes, and the nodes are
//! [`Grid`]s (the front end's matrix, its options in cell order, found at once:
//! [`Geometry::in_cell_order`]): each digit's cells as three 27-bit bands, updated by
//! JCZSolve's table look-ups and shifts ([`grid`]). So it is for a puzzle's matrix with its
//! givens taken out (`--to-dlx`, then `cover`): its houses are found from pairs and triples
//! of cells ([`classes`], [`houses`]), and the givens' digits put back as *phantom givens*
//! ([`phantom`]) that the root grid holds and no solution names. Elsewhere (the variants,
//! 4x4 to 8x8, an export with a digit all given, a matrix missing items no givens explain,
//! the rare export whose houses do not all join) the nodes are the layout's [`Frame`]s, with the rules above on masks. The search
//! over them, and its contract, are one ([`Tree`]).
//!
//! # Statistics
//! - `nodes`: nodes of this tree entered (the root and each child tried), solutions and
//!   failed nodes included; the node budget and the pauses count these. Most 9x9 puzzles
//!   take one node.
//! - `updates`: options placed (givens, choices and singles), the engine's measure of work.
//! - `forced`: options placed by the singles; `pruned`: candidates removed by the locked
//!   candidates rule. On a [`Grid`], `pruned` counts the passes over the 27 subbands that
//!   updated one (each update a band's locked candidates and hidden singles at once), not
//!   the candidates: their bit counts, or even a count of the updates that removed some,
//!   would cost more than the rules' bookkeeping is worth (3.6% of a search for the
//!   latter). The passes, and on a failed node the options placed before it fails, depend
//!   on the order in which a pass updates the subbands (see [`grid`]); the solutions and
//!   the nodes do not.
//!
//! # Subtrees
//! As the propagating engine's: [`Search::descend`] opens the node where the search stands,
//! without counting its work, and takes the option as its branch's choice under a floor
//! that backing up never passes; so `--jobs`, the parts of a count and checkpoints work on
//! it.

mod classes;
mod frame;
mod geometry;
mod grid;
mod houses;
pub(crate) mod layout;
mod node;
mod phantom;
mod slices;
mod tables;
#[cfg(test)]
mod tests;

use std::fmt::Debug;
use std::sync::Arc;

use self::frame::{Frame, Work};
use self::geometry::Geometry;
use self::grid::Grid;
use self::layout::Layout;
use self::node::Node;
use super::propagate::tree::{Level, State, progress};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// The band engine (see the module docs): its search on grids where the geometry is found,
/// else on the layout's frames.
#[derive(Clone, Debug)]
pub(crate) enum Band {
    Layout(Tree<Frame>),
    Grid(Tree<Grid>),
}

/// Runs `$body` with `$t` bound to the engine's tree, whichever its nodes.
macro_rules! each {
    ($band:expr, $t:ident => $body:expr) => {
        match $band {
            Band::Layout($t) => $body,
            Band::Grid($t) => $body,
        }
    };
}

impl Band {
    /// The engine for `problem` if its matrix is recognized (see [`layout`]).
    pub(crate) fn try_new(problem: &Problem) -> Option<Band> {
        if let Some(geometry) = Geometry::in_cell_order(problem) {
            return Some(Band::Grid(Tree::on(Arc::new(geometry))));
        }
        let layout = Layout::recognize(problem)?;
        let geometry = Geometry::find(&layout).or_else(|| Geometry::without_givens(&layout));
        Some(match geometry {
            Some(geometry) => Band::Grid(Tree::on(Arc::new(geometry))),
            None => Band::Layout(Tree::on(Arc::new(layout.with_frame_tables()))),
        })
    }

    /// Whether `problem` is recognized.
    pub(crate) fn fits(problem: &Problem) -> bool {
        Geometry::in_cell_order(problem).is_some() || Layout::recognize(problem).is_some()
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Band) -> bool {
        match (self, other) {
            (Band::Layout(a), Band::Layout(b)) => a.same_state(b),
            (Band::Grid(a), Band::Grid(b)) => a.same_state(b),
            _ => false,
        }
    }

    /// Whether the nodes are grids (the geometry found).
    #[cfg(test)]
    pub(crate) fn on_grid(&self) -> bool {
        matches!(self, Band::Grid(_))
    }
}

impl Search for Band {
    /// [`Band::try_new`], for a problem that [`Band::fits`].
    fn new(problem: &Problem) -> Band {
        Band::try_new(problem).expect("the band engine recognizes the problem")
    }

    fn counters_mut(&mut self) -> &mut Counters {
        each!(self, t => t.counters_mut())
    }

    fn stats(&self) -> Stats {
        each!(self, t => t.stats())
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        each!(self, t => t.force(option))
    }

    /// The givens placed straight into the root's node, with the checks made once for all
    /// of them (the same state, counters and errors as [`Search::force`] on each): on
    /// grids in one pass a digit ([`Grid::place_all`]).
    fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        fn place_all<N: Node>(t: &mut Tree<N>, options: &[usize]) -> Result<(), ForceError> {
            if options.is_empty() {
                return Ok(());
            }
            if t.search_started() {
                return Err(ForceError::SearchStarted);
            }
            let shape = &*t.shape;
            let placed = t.frames[0].place_all(shape, options);
            t.forced.extend_from_slice(&options[..placed]);
            t.work.placed += placed as u64;
            match options.get(placed) {
                None => Ok(()),
                Some(&option) if option >= N::options(shape) => {
                    Err(ForceError::NotInSearch { option })
                }
                Some(&option) => Err(ForceError::Conflict { option }),
            }
        }
        each!(self, t => place_all(t, options))
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        each!(self, t => t.exclude(option))
    }

    fn reset(&mut self) {
        each!(self, t => t.reset())
    }

    fn reset_from(&mut self, pristine: &Band) {
        match (self, pristine) {
            (Band::Layout(a), Band::Layout(b)) => a.reset_from(b),
            (Band::Grid(a), Band::Grid(b)) => a.reset_from(b),
            (a, _) => a.reset(),
        }
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        each!(self, t => t.search(cut))
    }

    fn solution(&self, out: &mut Vec<usize>) {
        each!(self, t => t.solution(out))
    }

    fn each_solution_option(&self, out: &mut Vec<usize>, f: impl FnMut(usize)) {
        each!(self, t => t.each_solution_option(out, f))
    }

    fn solution_in_order(&self, out: &mut [u16; 81]) -> bool {
        each!(self, t => t.solution_in_order(out))
    }

    fn choices(&self, out: &mut Vec<usize>) {
        each!(self, t => t.choices(out))
    }

    fn descend(&mut self, option: usize) {
        each!(self, t => t.descend(option))
    }

    fn level(&self) -> usize {
        each!(self, t => t.level())
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        each!(self, t => t.degrees(from, out))
    }

    fn progress(&self) -> f64 {
        each!(self, t => t.progress())
    }

    fn check(&self) -> Result<(), String> {
        each!(self, t => t.check())
    }
}

/// The search of the band engine over nodes `N` (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Tree<N: Node> {
    shape: Arc<N::Shape>,
    /// The nodes of the search's path, one a depth but where a level tries its last
    /// option in place ([`Node::IN_PLACE`]): its child is then written over the level's
    /// node, in the same frame. The node at depth `d` is `frames[d - k]`, `k` being the
    /// number of levels above it trying their last option ([`Tree::slot`]). Past the
    /// search's current node are the stale nodes of earlier branches (a failed one's may
    /// be half propagated), written over as the search comes down again.
    frames: Vec<N>,
    /// The branch points, one a level: the cell branched on, the option tried.
    levels: Vec<Level>,
    /// For each level whose cell has two options, its second, found with the first
    /// ([`Node::pair_at`]); stale at the other levels.
    seconds: Vec<u32>,
    /// The options placed by each node's propagation and choice, in order, where the nodes
    /// keep them here ([`Node::TRAIL`]; else both stay empty); the options of the nodes at
    /// depths below `d` end at `marks[d]`.
    trail: Vec<u16>,
    marks: Vec<usize>,
    /// The options forced before the search (the givens), in order.
    forced: Vec<usize>,
    state: State,
    /// The number of levels placed by [`Search::descend`].
    floor: usize,
    /// The number of levels whose option is their last tried in place (see `frames`).
    in_place: usize,
    /// Whether the root has been propagated.
    opened: bool,
    counters: Counters,
    work: Work,
}

impl<N: Node> Tree<N> {
    fn on(shape: Arc<N::Shape>) -> Tree<N> {
        let root = N::root(&shape);
        let mut frames = Vec::with_capacity(82);
        frames.push(root);
        Tree {
            shape,
            frames,
            levels: Vec::new(),
            seconds: Vec::new(),
            trail: Vec::with_capacity(81),
            marks: if N::TRAIL { vec![0] } else { Vec::new() },
            forced: Vec::new(),
            state: State::Enter,
            floor: 0,
            in_place: 0,
            opened: false,
            counters: Counters::default(),
            work: Work::default(),
        }
    }

    /// Whether `level` tries its last option in place: its child in its node's frame.
    #[inline]
    fn last_in_place(level: &Level) -> bool {
        N::IN_PLACE && level.rank == level.degree
    }

    /// The index in `frames` of the node at depth `d`, for `d` at most the number of
    /// levels, given `k`, the number of levels above it that try their last option in place.
    #[inline]
    fn slot(d: usize, k: usize) -> usize {
        d - k
    }

    /// The index in `frames` of the parent node of the last level (the deepest branch
    /// point).
    #[inline]
    fn parent_slot(&self) -> usize {
        let d = self.levels.len() - 1;
        Self::slot(
            d,
            self.in_place - usize::from(Self::last_in_place(&self.levels[d])),
        )
    }

    /// The index in `frames` of the node where the search stands (below every level).
    #[inline]
    fn current_slot(&self) -> usize {
        Self::slot(self.levels.len(), self.in_place)
    }

    /// The nodes of the search's path that it has opened, from the root down; a level's
    /// node once its last option is tried in place is its child.
    #[cfg(test)]
    fn live(&self) -> &[N] {
        &self.frames[..self.frames.len().min(self.current_slot() + 1)]
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.opened || self.state != State::Enter || self.counters.nodes != 0
    }

    /// Opens the node at depth `d` (the number of levels): the root propagated in place,
    /// or its parent's node with the last level's option placed and propagated, in a copy
    /// of the parent's frame or, for the last option where [`Node::IN_PLACE`], in the
    /// parent's own; false if it fails.
    fn open(&mut self, d: usize) -> bool {
        let shape = &*self.shape;
        if d == 0 {
            self.opened = true;
            self.trail.clear();
            return self.frames[0].propagate(shape, None, &mut self.trail, &mut self.work);
        }
        if N::TRAIL {
            self.trail.truncate(self.marks[d]);
        }
        let p = self.parent_slot();
        let o = self.levels[d - 1].option as usize;
        self.work.placed += 1;
        if Self::last_in_place(&self.levels[d - 1]) {
            let frame = &mut self.frames[p];
            frame.choose(shape, o);
            return frame.propagate(shape, None, &mut self.trail, &mut self.work);
        }
        // The copy over the stale node after the parent's, if there is one (the stack
        // keeps its length: no check of the capacity at each node).
        if self.frames.len() > p + 1 {
            let (parents, node) = self.frames.split_at_mut(p + 1);
            node[0].copy_from(&parents[p]);
        } else {
            self.frames.push(self.frames[p]);
        }
        let (parents, node) = self.frames.split_at_mut(p + 1);
        let frame = &mut node[0];
        frame.choose(shape, o);
        if N::TRAIL {
            self.trail.push(o as u16);
        }
        frame.propagate(shape, Some(&parents[p]), &mut self.trail, &mut self.work)
    }

    /// Pushes the branch point of the opened node at depth `d` choosing `option` (the first
    /// live option of its cell if `None`); false if every cell is placed.
    fn branch(&mut self, d: usize, option: Option<u32>) -> bool {
        let frame = &self.frames[self.current_slot()];
        let shape = &*self.shape;
        let (cell, degree) = match option {
            Some(o) => {
                let c = N::place_of(shape, o as usize).0;
                (c, frame.degree(c))
            }
            None => match frame.branch_cell() {
                Some(best) => best,
                None => return false,
            },
        };
        if degree == 2 {
            let (first, second) = frame.pair_at(shape, cell);
            if self.seconds.len() <= d {
                self.seconds.resize(d + 1, 0);
            }
            self.seconds[d] = second as u32;
            if option.is_none() {
                return self.push_level(d, cell, first as u32, 1, degree);
            }
        }
        let (option, rank) = match option {
            Some(o) => {
                let l = N::place_of(shape, o as usize).1;
                let mut rank = 0;
                let mut after = None;
                while let Some(p) = frame.next_at(shape, cell, after) {
                    let k = N::place_of(shape, p).1;
                    if k > l {
                        break;
                    }
                    rank += 1;
                    after = Some(k);
                }
                (o, rank)
            }
            None => {
                let o = frame
                    .next_at(shape, cell, None)
                    .expect("a branch cell has a candidate");
                (o as u32, 1)
            }
        };
        self.push_level(d, cell, option, rank, degree)
    }

    /// Pushes the level at depth `d`: `option` of `cell`, of rank `rank` among its
    /// `degree`; true.
    #[inline]
    fn push_level(&mut self, d: usize, cell: usize, option: u32, rank: u32, degree: u32) -> bool {
        let level = Level {
            item: cell as u32,
            option,
            rank,
            degree,
        };
        self.in_place += usize::from(Self::last_in_place(&level));
        self.levels.push(level);
        if N::TRAIL {
            self.marks.truncate(d + 1);
            self.marks.push(self.trail.len());
        }
        true
    }

    /// Whether two engines hold the same search state (for tests of resets).
    #[cfg(test)]
    fn same_state(&self, other: &Tree<N>) -> bool {
        self.live() == other.live()
            && self.levels == other.levels
            && self.forced == other.forced
            && self.state == other.state
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

    /// Places the option in the root's node, without propagating: the rules run when the
    /// search enters the root, so that the errors are those of the other engines.
    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        if option >= N::options(&self.shape) {
            return Err(ForceError::NotInSearch { option });
        }
        let root = &mut self.frames[0];
        if !root.is_live(&self.shape, option) {
            return Err(ForceError::Conflict { option });
        }
        root.place(&self.shape, option);
        self.work.placed += 1;
        self.forced.push(option);
        Ok(())
    }

    /// Takes the option out of the root's node (one update), if it is live there.
    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        if option >= N::options(&self.shape) {
            return Err(ForceError::NotInSearch { option });
        }
        if self.forced.contains(&option) {
            return Err(ForceError::Forced { option });
        }
        if self.frames[0].remove(&self.shape, option) {
            self.work.placed += 1;
        }
        Ok(())
    }

    /// The frames below the root are kept, stale (see `frames`), for the next search to
    /// write over: pushed again, each took a call of `memcpy` (hard.txt: 2.9 a puzzle).
    fn reset(&mut self) {
        self.frames[0] = N::root(&self.shape);
        self.levels.clear();
        self.trail.clear();
        self.marks.truncate(1);
        self.forced.clear();
        self.state = State::Enter;
        self.floor = 0;
        self.in_place = 0;
        self.opened = false;
        self.counters.restart();
        self.work = Work::default();
    }

    /// The root is kept in the shared shape: this is [`Search::reset`].
    fn reset_from(&mut self, _pristine: &Tree<N>) {
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
                    // A level whose last option was tried in place has no node left to
                    // read, and no option after it.
                    if Self::last_in_place(&level) {
                        self.in_place -= 1;
                        self.levels.pop();
                        continue;
                    }
                    let next = if level.degree == 2 && level.rank == 1 {
                        Some(self.seconds[d] as usize)
                    } else {
                        let l = N::place_of(&self.shape, level.option as usize).1;
                        let node = &self.frames[self.parent_slot()];
                        node.next_at(&self.shape, level.item as usize, Some(l))
                    };
                    match next {
                        Some(o) => {
                            let level = &mut self.levels[d];
                            level.option = o as u32;
                            level.rank += 1;
                            self.in_place += usize::from(Self::last_in_place(level));
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

    /// On frames, the givens first, in the order forced, then the other options of the
    /// solution in increasing order; on grids, every option in increasing order (the
    /// callers, the Sudoku front end's decoding among them, take a solution as a set).
    fn solution(&self, out: &mut Vec<usize>) {
        self.frames[self.current_slot()].solution(&self.shape, &self.trail, &self.forced, out);
    }

    fn solution_in_order(&self, out: &mut [u16; 81]) -> bool {
        self.frames[self.current_slot()].solution_in_order(&self.shape, out)
    }

    fn each_solution_option(&self, out: &mut Vec<usize>, f: impl FnMut(usize)) {
        let node = &self.frames[self.current_slot()];
        node.each_solution_option(&self.shape, &self.trail, &self.forced, out, f);
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

    /// The nodes that have a level, propagated; the one below them may be the root with
    /// its givens not yet propagated, a failed node's or a stale one. A level whose last
    /// option is tried in place has its child in its node's frame, not its node.
    fn check(&self) -> Result<(), String> {
        let shape = &*self.shape;
        let mut k = 0;
        for (d, level) in self.levels.iter().enumerate() {
            let Some(frame) = self.frames.get(Self::slot(d, k)) else {
                return Err("a level without its frame".into());
            };
            let o = level.option as usize;
            if N::place_of(shape, o).0 != level.item as usize {
                return Err(format!("level {d} tries an option of another cell"));
            }
            if Self::last_in_place(level) {
                k += 1;
                continue;
            }
            frame.check(shape)?;
            if !frame.is_live(shape, o) {
                return Err(format!("level {d} tries an option not live at its node"));
            }
        }
        if k != self.in_place {
            return Err("the levels tried in place miscounted".into());
        }
        Ok(())
    }
}
