//! The bitset MCC engine: the MCC engine's tree (SSMCC's binary branching, see
//! [`super::mcc`]) with the state of a node as a frame of bits, copied on the way down and
//! never undone: the live options as a bitset and each primary item's remaining bound and
//! number of live options, for problems of at most 512 options with a primary item ([`table`]).
//!
//! # The tree
//! As [`super::mcc`]'s: every node branches on the open primary item of least degree
//! `θ = live + 1 - (bound ∸ slack)` (SSMCC's ties) and on its live option of least index,
//! two ways: the left child includes it, the right child removes it; `θ = 1` has no right
//! child. A node where some open item can no longer reach its lower bound is a failure,
//! found when the node is entered and not counted as a node, as SSMCC and the sparse sets
//! find it during the step before (so the two engines count the same nodes on a search
//! without forced or excluded options). An item that runs out of options once its lower
//! bound is met is simply no longer open: no node is spent on it.
//!
//! # Frames
//! Each node has a frame (its level records which). Entering the left child of a node with
//! a right child copies the node's frame to the next one and includes the option there, so
//! that the node's frame stays as it was for the right child. A node that is done once its
//! child is entered (without a right child, or entering its right child) hands its frame
//! to that child, which makes its step in place: no copy. The frame of the node at the
//! floor is always copied, never changed, so that an exhausted engine stands where it
//! started.
//!
//! # Counters
//! `nodes` counts the nodes entered, solutions included, failures not; `updates` counts the
//! options that leave the live set in the steps (an inclusion's conflicts and covered
//! items' options, a removal's one). Neither equals DLX3's: the trees differ.
//!
//! # The contract
//! As [`super::mcc`]'s: [`Search::choices`] names a level by its option, as an index into
//! the problem for an inclusion and as `usize::MAX - option` for a removal. A node's branch
//! depends only on its frame, so a fresh engine that replays the choices stands at the same
//! node with the same tree below.

mod table;
#[cfg(test)]
mod tests;

use self::table::{Pick, Table};
use super::mcc::{decode, degrees, encode, progress};
use super::{Counters, Root, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// Whether the processor has AVX2, `popcnt` and BMI1, which the search loop is compiled
/// for.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One level of the binary tree.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The stored option branched on.
    option: u32,
    /// The item's degree `θ` at the node.
    degree: u32,
    /// Whether the level includes the option (the left child) or removes it (the right).
    include: bool,
    /// The frame of the node.
    frame: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A new node: choose the branching item.
    Forward,
    /// The node below the top level is done: back up to the next right child.
    Backdown,
    Done,
}

/// The bitset MCC engine: the table, the frames, the levels and the counters.
#[derive(Clone, Debug)]
pub(crate) struct MccBits {
    table: Table,
    /// Frame `d`'s live options: `live[d * words..][..words]`.
    live: Vec<u64>,
    /// Frame `d`'s bounds and counts: `cells[d * 2 * lanes..][..2 * lanes]` (see
    /// [`Table::lanes`]).
    cells: Vec<u16>,
    levels: Vec<Level>,
    /// The options forced and excluded before the search (stored options).
    root: Vec<Root>,
    /// Levels at the bottom of `levels` placed by [`Search::descend`].
    floor: usize,
    /// The frame of the node the search stands at.
    top: usize,
    /// The frame of the node at the floor, which the search never changes.
    base: usize,
    state: State,
    counters: Counters,
    updates: u64,
    /// Whether the processor has AVX2, `popcnt` and BMI1, for the search loop; detected
    /// once, at construction.
    avx2: bool,
}

impl MccBits {
    /// Whether the engine takes `problem` (see [`table::Table::fits`]).
    pub(crate) fn fits(problem: &Problem) -> bool {
        Table::fits(problem)
    }

    /// Whether the search has begun, so that no option can be forced or excluded any more.
    fn started(&self) -> bool {
        self.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0
    }

    /// Clears the search's state and counters, the root frame kept.
    fn restart(&mut self) {
        self.levels.clear();
        self.floor = 0;
        self.top = 0;
        self.base = 0;
        self.state = State::Forward;
        self.counters.restart();
    }

    /// Frame `d`: its live options and its bounds.
    #[inline(always)]
    fn frame(&self, d: usize) -> (&[u64], &[u16]) {
        let (w, p) = (self.table.words, self.table.lanes * 2);
        (
            &self.live[d * w..(d + 1) * w],
            &self.cells[d * p..(d + 1) * p],
        )
    }

    /// Copies frame `d` to frame `d + 1`.
    ///
    /// `copy_within`, though builds without LTO call it out of line: index loops (the counts
    /// in whole lane groups) took 4% off mcc-02's instructions there, but added 4.5% to 6.9%
    /// with fat LTO (tetro-6x7-holes2, redrect-4-4, queendom-5-5, mcc-02; callgrind).
    #[inline(always)]
    fn copy_down(&mut self, d: usize) {
        let (w, p) = (self.table.words, self.table.lanes * 2);
        self.live.copy_within(d * w..(d + 1) * w, (d + 1) * w);
        self.cells.copy_within(d * p..(d + 1) * p, (d + 1) * p);
    }

    /// Enters the child of the node at depth `d` that includes (or removes) stored option
    /// `o`: frame `d + 1` becomes frame `d` with the step made.
    #[inline(always)]
    fn step(&mut self, f: usize, copy: bool, o: u32, include: bool) {
        let g = if copy {
            self.copy_down(f);
            f + 1
        } else {
            f
        };
        self.top = g;
        let table = &self.table;
        let (w, p) = (table.words, table.lanes * 2);
        let live = &mut self.live[g * w..(g + 1) * w];
        let cells = &mut self.cells[g * p..(g + 1) * p];
        let removed = if include {
            table.include(live, cells, o)
        } else {
            table.remove(live, cells, o);
            1
        };
        self.updates += u64::from(removed);
    }

    /// Backs up to the next right child: pops levels without one, then turns the first
    /// inclusion that has one into its removal. Returns `false` when the floor is reached.
    #[inline(always)]
    fn backdown(&mut self) -> bool {
        while self.levels.len() > self.floor {
            let top = self.levels.last_mut().expect("a level above the floor");
            if top.include && top.degree > 1 {
                top.include = false;
                let (o, f) = (top.option, top.frame as usize);
                // The node is done once its right child is entered: its frame is the
                // child's, but at the floor, whose frame stays as the search found it.
                self.step(f, f == self.base, o, false);
                return true;
            }
            self.levels.pop();
        }
        self.top = self.base;
        false
    }

    /// The search loop of [`Search::search`].
    #[inline(always)]
    fn run(&mut self, cut: usize) -> Option<Step> {
        loop {
            match self.state {
                State::Forward => {
                    let f = self.top;
                    let pick = self.table.choose(self.frame(f).1);
                    if pick == Pick::Fail {
                        self.state = State::Backdown;
                        continue;
                    }
                    // A failure is no node, so no subtree at the cut either: a split
                    // that counts the nodes of each level finds the same subtrees as one
                    // cut there.
                    if self.levels.len() == cut {
                        self.state = State::Backdown;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    match pick {
                        Pick::Branch { item, degree } => {
                            let o = self.table.least(self.frame(f).0, item);
                            self.levels.push(Level {
                                option: o,
                                degree,
                                include: true,
                                frame: f as u32,
                            });
                            // A node without a right child is done once its child is
                            // entered: the child takes its frame (but at the floor).
                            self.step(f, degree > 1 || f == self.base, o, true);
                        }
                        _ => {
                            self.counters.solutions += 1;
                            self.state = State::Backdown;
                            return Some(Step::Solution);
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

    /// [`MccBits::run`] compiled for AVX2, `popcnt` and BMI1.
    ///
    /// # Safety
    /// The processor must have AVX2, `popcnt` and BMI1.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt,bmi1")]
    unsafe fn search_avx2(&mut self, cut: usize) -> Option<Step> {
        self.run(cut)
    }

    /// Makes the search run the plain loop, not the one compiled for AVX2 (for the tests of
    /// the plain loop on a processor that has AVX2).
    #[cfg(test)]
    pub(crate) fn run_plain(&mut self) {
        self.avx2 = false;
    }

    /// Makes the search take the paths of problems of more than 64 primary items (for the
    /// tests of those paths on small problems; see [`Table::widen`]).
    #[cfg(test)]
    pub(crate) fn widen(&mut self) {
        self.table.widen();
    }

    /// Whether two engines stand at the same node with the same frame (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &MccBits) -> bool {
        let (d, e) = (self.levels.len(), other.levels.len());
        d == e && self.frame(self.top) == other.frame(other.top)
    }
}

impl Search for MccBits {
    fn new(problem: &Problem) -> MccBits {
        let table = Table::new(problem);
        // A level includes or removes a distinct option: at most one frame an option, and
        // the root's.
        let frames = table.words * 64 + 1;
        let mut live = vec![0u64; frames * table.words];
        let mut cells = vec![0u16; frames * table.lanes * 2];
        live[..table.words].copy_from_slice(&table.origin_live);
        cells[..table.lanes * 2].copy_from_slice(&table.origin_cells);
        MccBits {
            table,
            live,
            cells,
            levels: Vec::new(),
            root: Vec::new(),
            floor: 0,
            top: 0,
            base: 0,
            state: State::Forward,
            counters: Counters::default(),
            updates: 0,
            avx2: has_avx2(),
        }
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.updates,
            solutions: self.counters.solutions,
            ..Stats::default()
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        let o = self.table.choosable(self.frame(0).0, option)?;
        let table = &self.table;
        let (w, p) = (table.words, table.lanes * 2);
        table.include(&mut self.live[..w], &mut self.cells[..p], o);
        self.root.push(Root::Forced(o));
        Ok(())
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        if Root::forced(&self.root).any(|o| self.table.option_of(o) == option) {
            return Err(ForceError::Forced { option });
        }
        match self.table.choosable(self.frame(0).0, option) {
            Ok(o) => {
                let (w, p) = (self.table.words, self.table.lanes * 2);
                self.table
                    .remove(&mut self.live[..w], &mut self.cells[..p], o);
                self.root.push(Root::Excluded(o));
                Ok(())
            }
            Err(ForceError::Conflict { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    fn reset(&mut self) {
        let (w, p) = (self.table.words, self.table.lanes * 2);
        self.live[..w].copy_from_slice(&self.table.origin_live);
        self.cells[..p].copy_from_slice(&self.table.origin_cells);
        self.updates = 0;
        self.root.clear();
        self.restart();
    }

    fn reset_from(&mut self, pristine: &MccBits) {
        debug_assert!(pristine.levels.is_empty() && pristine.root.is_empty());
        let (w, p) = (self.table.words, self.table.lanes * 2);
        self.live[..w].copy_from_slice(&pristine.live[..w]);
        self.cells[..p].copy_from_slice(&pristine.cells[..p]);
        self.updates = pristine.updates;
        self.root.clear();
        self.restart();
    }

    /// Out of line, as DLX2's (see [`super::dlx2::Dlx2`]); compiled for AVX2, `popcnt` and
    /// BMI1 where the processor has them (the passes of [`Table::choose`] in wider vectors,
    /// the counts of bits and `tzcnt` in one instruction each): redrect-4-4 262M -> 210M
    /// instructions, queendom-5-5 139M -> 123M, motley-5-6 42.5M -> 37.9M (callgrind, CI
    /// profile, the plain loop against this one).
    #[inline(never)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2, `popcnt` and BMI1 (see
            // `MccBits::new`).
            return unsafe { self.search_avx2(cut) };
        }
        self.run(cut)
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(Root::forced(&self.root).map(|o| self.table.option_of(o)));
        out.extend(
            self.levels
                .iter()
                .filter(|l| l.include)
                .map(|l| self.table.option_of(l.option)),
        );
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.levels
                .iter()
                .map(|l| encode(self.table.option_of(l.option), l.include)),
        );
    }

    fn descend(&mut self, choice: usize) {
        debug_assert!(self.levels.len() == self.floor);
        if self.state == State::Done {
            return;
        }
        let f = self.top;
        let (live, cells) = self.frame(f);
        let Pick::Branch { item, degree } = self.table.choose(cells) else {
            unreachable!("a subtree lies below a node with an item to branch on")
        };
        let o = self.table.least(live, item);
        let (option, include) = decode(choice);
        debug_assert_eq!(self.table.option_of(o), option, "the option of the node");
        self.levels.push(Level {
            option: o,
            degree,
            include,
            frame: f as u32,
        });
        let updates = self.updates;
        self.step(f, true, o, include);
        self.updates = updates;
        self.floor = self.levels.len();
        self.base = self.top;
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    /// As [`super::mcc`]'s ([`degrees`]).
    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        degrees(
            self.levels[from..].iter().map(|l| (l.include, l.degree)),
            out,
        );
    }

    /// SSMCC's estimate, as [`super::mcc`]'s ([`progress`]).
    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        progress(self.levels.iter().map(|l| (l.include, l.degree)))
    }

    fn check(&self) -> Result<(), String> {
        let (live, cells) = self.frame(self.top);
        self.table.check(live, cells)
    }
}
