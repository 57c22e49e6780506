//! The learning engine: the propagating engine's tree (singles at every node, branching on
//! an item with fewest live options) with *nogoods*, clauses over the options recorded at
//! each failure by conflict analysis, as CDCL SAT solvers learn, and propagated from then on.
//!
//! # Why
//! The published 25x25 and 36x36 Sudoku puzzles (`puzzles/shapes/`) were made with a
//! learning solver's help: depth-first search with singles, subsets, pairs, probing or
//! restarts enters millions of nodes without solving them, while a CDCL solver needs a few
//! thousand conflicts (measured in `docs/engines.md`). A failure's reason, recorded, prunes
//! every other place where it recurs.
//!
//! # The search
//! State is an assignment of the options (chosen, out, or open), kept on a trail with each
//! assignment's level and reason (see [`analyze`]), undone on backing up. Propagation at a
//! node: a chosen option puts out every option that shares an item with it; a primary item
//! none of whose options is chosen and all but one out has that one chosen (the singles), and
//! with none left fails the node; a nogood with all its literals false but one makes that one
//! true ([`nogoods`]). A node that fails yields a nogood: its first literal is implied at the
//! parent, which propagates it at once and may fail in turn. The branching item is the
//! uncovered primary item with the fewest options not out, ties going to the item most met
//! in recent conflicts (its [`activity`], as VSIDS scores variables), then to the first; its
//! options are tried in increasing order, each a child.
//!
//! Backing up is chronological, so the tree still partitions the solutions (the children of
//! a node choose different options of one item), and the nogoods, implied by the problem and
//! the givens, only remove options that no solution has: every solution is found once, in
//! lexicographic order of the options chosen at the branch points, and counts are exact.
//! The cut and [`Search::descend`] work as in the other engines.
//!
//! # Restarts
//! Until its first solution, a search from the root goes back to the root after
//! [`FIRST_RUN`] conflicts, and after each run again once that run has met
//! [`RESTART_UNIT`] times the next term of Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...;
//! [`crate::restart`]). It keeps its nogoods and the items' activity, so that the next run
//! branches on the items its conflicts met (ties of the fewest options go to the most
//! active) and does not repeat them. The filled Sudoku grids thinned to a fifth or a third
//! of their cells are where this pays: the first choices decide whether the search finds a
//! solution at once or wanders for seconds in a subtree without one. A run that finds a
//! solution is the tree from then on: the solutions that follow are its own, each once, in
//! its order, so enumerating and counting are exact. The restarts stop for good at the first
//! solution, at a cut ([`Search::search`] short of `usize::MAX`) and at
//! [`Search::descend`], so that a tree cut into subtrees or parts is one tree throughout.
//!
//! A long search (counting all the solutions of a problem) would pile up nogoods and slow
//! every propagation down; when they reach [`FIRST_FORGET`], and a tenth more each time
//! after, the less active half of those longer than two literals and no assignment's reason
//! are forgotten, as CDCL solvers reduce their learned clauses. A nogood only restates what
//! the problem and the givens imply, so forgetting one never changes the solutions.
//!
//! # Statistics
//! `nodes` as in the propagating engine (the root, and each option tried at a branch point,
//! failures included); `updates`: options put out; `forced`: options chosen by the singles;
//! `pruned`: options put out by nogoods.
//!
//! # Invariants (between search steps; checked by [`Search::check`])
//! The trail holds every assigned option once, levels nondecreasing along it, `lims[d - 1]`
//! the start of level `d`; every chosen option's items are covered by it; no two chosen
//! options share an item; `live[i]` counts item `i`'s options not out; the options of the
//! levels on the stack are chosen; every nogood is watched by its first two literals.
//!
//! # Files
//! This file owns the engine's state ([`Learn`], the reasons and conflicts) and its search
//! loop ([`Search`]); `propagate.rs` assigns options and propagates them (and undoes both);
//! `tree.rs` opens, branches and fails nodes, and forgets nogoods; `analyze.rs` turns a
//! conflict into a nogood, which `nogoods.rs` keeps and watches; `activity.rs` scores the
//! items for branching; `check.rs` checks the invariants above.

mod activity;
mod analyze;
mod check;
mod nogoods;
mod propagate;
#[cfg(test)]
mod tests;
mod tree;

use std::sync::Arc;

use self::activity::Activity;
use self::nogoods::{Nogoods, chosen, option, out};
use super::bits::table::{self, Table};
use super::propagate::tree::{Level, State, progress};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// No option, no item.
const NONE: u32 = u32::MAX;

/// The number of nogoods at which the first are forgotten. The published 25x25 and 36x36
/// Sudoku puzzles learn fewer than this, so their search is as without forgetting.
const FIRST_FORGET: usize = 10_000;

/// The conflicts of the first run before its restart (see the module docs): enough for the
/// search of a published 25x25 puzzle or of the generated ones to go on as without restarts
/// most of the time.
const FIRST_RUN: u64 = 500;

/// The conflicts of Luby's unit for the runs after the first.
const RESTART_UNIT: u64 = 50;

/// Why an option is assigned (see [`analyze`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// A given, an exclusion, their consequence at the root, or a nogood of one literal
    /// (asserted again at each backing up, so at any level: it has no antecedents).
    Root,
    /// The choice of a branch point.
    Decision,
    /// Out: the chosen option shares an item with it.
    Shares(u32),
    /// Chosen: every other option of the primary item is out.
    Single(u32),
    /// Made true by the nogood.
    Nogood(u32),
}

/// A clause all of whose literals are false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conflict {
    /// Two chosen options share an item.
    Two(u32, u32),
    /// A primary item has every option out.
    Empty(u32),
    /// A nogood.
    Nogood(u32),
}

/// Work counted for [`Stats`].
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    removed: u64,
    forced: u64,
    pruned: u64,
    /// The engine's memory references, roughly: the entries of the lists, spans, trail and
    /// nogoods its loops read (see [`Learn::mems`]).
    mems: u64,
}

/// The learning engine (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Learn {
    table: Arc<Table>,
    /// The options of each item, `lists[starts[i]..starts[i + 1]]`, in increasing order.
    starts: Vec<u32>,
    lists: Vec<u32>,
    /// The items of each option, `items[spans[o]..spans[o + 1]]`, as the table gives them.
    spans: Vec<u32>,
    items: Vec<u32>,
    /// The number of primary items: items `0..primary`.
    primary: u32,
    /// For each option: 1 chosen, -1 out, 0 open.
    value: Vec<i8>,
    /// For each assigned option: its level and its reason.
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// The literals made true, in order; `lims[d - 1]` is where level `d` starts.
    trail: Vec<u32>,
    lims: Vec<usize>,
    /// The trail up to here has been propagated.
    head: usize,
    /// For each item: its options not out, and the chosen option that covers it (or NONE).
    live: Vec<u32>,
    cover: Vec<u32>,
    /// The primary items not covered, a bit each (item `i` is bit `i % 64` of word
    /// `i / 64`), so that choosing the branch item skips the covered ones a word at a time.
    open: Vec<u64>,
    /// The options forced before the search, in order, and sorted.
    forced: Vec<u32>,
    given: Vec<u32>,
    nogoods: Nogoods,
    /// For each item: how often its options met conflicts lately.
    activity: Activity,
    /// Buffers of the analysis and of backing up.
    seen: Vec<bool>,
    learnt: Vec<u32>,
    lits: Vec<u32>,
    kept: Vec<(u32, u32)>,
    /// Nogoods of one literal, made true again at every backing up.
    units: Vec<u32>,
    /// The number of nogoods at which the less active half is forgotten next.
    forget_at: usize,
    levels: Vec<Level>,
    state: State,
    /// The number of levels placed by [`Search::descend`].
    floor: usize,
    /// Whether the root has been propagated.
    opened: bool,
    /// Whether the search may still go back to the root: no solution, no cut, no descent
    /// yet since the last reset.
    may_restart: bool,
    /// The restarts so far, the conflicts of the current run, how many it may meet, and
    /// Luby's unit for the runs after the first ([`RESTART_UNIT`]).
    restarts: u64,
    conflicts: u64,
    run: u64,
    unit: u64,
    counters: Counters,
    work: Work,
}

impl Learn {
    /// Whether the engine takes `problem`: no colors, no multiplicities, within the limits of
    /// the table it reads (as the propagating engine's grouped frames).
    pub(crate) fn fits(problem: &Problem) -> bool {
        !problem.has_colors()
            && !problem.has_multiplicities()
            && table::fits_without_bitsets(problem)
    }

    /// The engine for `problem`, which it [`Learn::fits`].
    pub(crate) fn on(problem: &Problem) -> Learn {
        let table = Table::without_bitsets(problem);
        let n = table.options();
        let mut spans = vec![0u32];
        let mut option_items = Vec::new();
        for k in 0..n as u32 {
            option_items.extend_from_slice(table.items_of(k));
            spans.push(option_items.len() as u32);
        }
        let mut starts = vec![0u32; table.items + 1];
        for &i in &option_items {
            starts[i as usize + 1] += 1;
        }
        for i in 0..table.items {
            starts[i + 1] += starts[i];
        }
        let mut lists = vec![0; option_items.len()];
        let mut fill = starts.clone();
        for k in 0..n {
            for &i in &option_items[spans[k] as usize..spans[k + 1] as usize] {
                lists[fill[i as usize] as usize] = k as u32;
                fill[i as usize] += 1;
            }
        }
        let items = table.items;
        let mut learn = Learn {
            starts,
            lists,
            spans,
            items: option_items,
            primary: table.primary as u32,
            value: vec![0; n],
            level: vec![0; n],
            reason: vec![Reason::Root; n],
            trail: Vec::with_capacity(n),
            lims: Vec::new(),
            head: 0,
            live: vec![0; items],
            cover: vec![NONE; items],
            open: Vec::new(),
            forced: Vec::new(),
            given: Vec::new(),
            nogoods: Nogoods::new(n),
            activity: Activity::new(items, 0.95),
            seen: vec![false; n],
            learnt: Vec::new(),
            lits: Vec::new(),
            kept: Vec::new(),
            units: Vec::new(),
            forget_at: FIRST_FORGET,
            levels: Vec::new(),
            state: State::Enter,
            floor: 0,
            opened: false,
            may_restart: true,
            restarts: 0,
            conflicts: 0,
            run: FIRST_RUN,
            unit: RESTART_UNIT,
            counters: Counters::default(),
            work: Work::default(),
            table: Arc::new(table),
        };
        learn.reset();
        learn
    }

    /// The items of option `x`.
    #[inline(always)]
    fn items_of(&self, x: u32) -> &[u32] {
        &self.items[self.spans[x as usize] as usize..self.spans[x as usize + 1] as usize]
    }

    /// The options of item `i`.
    #[inline(always)]
    fn options_of(&self, i: u32) -> &[u32] {
        &self.lists[self.starts[i as usize] as usize..self.starts[i as usize + 1] as usize]
    }

    /// Whether literal `lit` is true, false.
    #[inline(always)]
    fn is_true(value: &[i8], lit: u32) -> bool {
        value[option(lit) as usize] == if lit & 1 == 0 { 1 } else { -1 }
    }

    #[inline(always)]
    fn is_false(value: &[i8], lit: u32) -> bool {
        value[option(lit) as usize] == if lit & 1 == 0 { -1 } else { 1 }
    }

    /// The work of the search since the last reset in a unit its time follows, whatever the
    /// nogoods (Knuth's *mems*, counted by the entries its loops read: the items and lists
    /// of the options chosen, the items scanned for the branch (half the primary
    /// items a branch, reckoned), the trail and the literals
    /// of the conflict analysis, the watches and literals of the nogoods visited; and for
    /// each option put out, its items twice, as it is propagated and undone, reckoned from
    /// `removed` instead of counted there, where the search spends most of its steps), for
    /// [`crate::Engine::Auto`]'s portfolio, whose slices it measures.
    pub(crate) fn mems(&self) -> u64 {
        let options = self.spans.len() as u64 - 1;
        let per_out = 2 * (1 + self.items.len() as u64 / options.max(1));
        self.work.mems + self.nogoods.mems() + self.work.removed * per_out
    }

    /// Whether the search has left the root, so that no option can be forced any more.
    fn search_started(&self) -> bool {
        self.opened || self.state != State::Enter || self.counters.nodes != 0
    }

    /// Whether option `o` is still open at the root, before the search: not out, not forced,
    /// and sharing no item with a forced option.
    fn open_at_root(&self, o: u32) -> bool {
        self.value[o as usize] == 0
            && self
                .items_of(o)
                .iter()
                .all(|&i| self.cover[i as usize] == NONE)
    }
}

/// Sets the bits of `primary` items in `open`, and no other.
fn open_all(open: &mut Vec<u64>, primary: usize) {
    open.clear();
    open.resize(primary.div_ceil(64), u64::MAX);
    if !primary.is_multiple_of(64) {
        open[primary / 64] = (1 << (primary % 64)) - 1;
    }
}

impl Search for Learn {
    fn new(problem: &Problem) -> Learn {
        Learn::on(problem)
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

    /// Chooses the option at the root; its items are covered at once (so that the errors
    /// are the other engines'), the rest waits for the search.
    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        let o = self
            .table
            .to_force(option, self.search_started(), |o| self.open_at_root(o))?;
        self.assign(chosen(o), Reason::Root);
        // Covered here, not when the trail is propagated (which finds them covered).
        for k in self.spans[o as usize]..self.spans[o as usize + 1] {
            let i = self.items[k as usize] as usize;
            self.cover[i] = o;
            self.set_open(i, false);
        }
        self.forced.push(o);
        let at = self.given.partition_point(|&g| g < o);
        self.given.insert(at, o);
        Ok(())
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        let at = self.table.to_exclude(
            option,
            self.search_started(),
            |o| self.value[o as usize] == 1,
            |o| self.open_at_root(o),
        )?;
        if let Some(o) = at {
            self.assign(out(o), Reason::Root);
        }
        Ok(())
    }

    fn reset(&mut self) {
        self.lims.clear();
        self.trail.clear();
        self.head = 0;
        self.value.fill(0);
        self.cover.fill(NONE);
        open_all(&mut self.open, self.table.primary);
        for i in 0..self.table.items {
            self.live[i] = self.starts[i + 1] - self.starts[i];
        }
        self.nogoods.clear();
        self.forget_at = FIRST_FORGET;
        self.units.clear();
        self.activity.reset(self.table.items);
        self.forced.clear();
        self.given.clear();
        self.levels.clear();
        self.state = State::Enter;
        self.floor = 0;
        self.opened = false;
        self.may_restart = true;
        self.restarts = 0;
        self.conflicts = 0;
        self.run = FIRST_RUN;
        self.counters.restart();
        self.work = Work::default();
    }

    fn reset_from(&mut self, _: &Learn) {
        self.reset();
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        if cut != usize::MAX {
            self.may_restart = false;
        }
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
                    if let Some(conflict) = self.open(d) {
                        self.fail(conflict);
                    } else if !self.branch(None) {
                        self.counters.solutions += 1;
                        self.may_restart = false;
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
                    if let Some(conflict) = self.undo_to(d) {
                        self.fail(conflict);
                        continue;
                    }
                    let level = self.levels[d];
                    match self.next_option(level.item, Some(level.option)) {
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

    /// The givens first, in the order forced, then the other chosen options in increasing
    /// order.
    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        let index = &self.table.index;
        out.extend(self.forced.iter().map(|&o| index[o as usize] as usize));
        let mut given = self.given.iter().peekable();
        for (o, &v) in self.value.iter().enumerate() {
            if v == 1 && given.next_if_eq(&&(o as u32)).is_none() {
                out.push(index[o] as usize);
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
        self.may_restart = false;
        let d = self.levels.len();
        let work = self.work;
        let opened = self.open(d);
        debug_assert!(
            opened.is_none(),
            "a subtree lies below a node that does not fail"
        );
        self.work = work;
        let o = self
            .table
            .option_of(option)
            .expect("the option of a subtree is in the search");
        let branched = self.branch(Some(o));
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
        progress(self.state, &self.levels)
    }

    fn check(&self) -> Result<(), String> {
        self.invariants()
    }
}
