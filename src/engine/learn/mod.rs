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

mod activity;
mod analyze;
mod nogoods;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use self::activity::Activity;
use self::nogoods::{Assignment, Nogoods, chosen, not, option, out};
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
}

/// The [`Assigner`] of a [`Learn`] (an expression naming one), built from its fields in
/// place so that the borrow checker sees them apart from the others.
macro_rules! assigner {
    ($learn:expr) => {
        Assigner {
            value: &mut $learn.value,
            level: &mut $learn.level,
            reason: &mut $learn.reason,
            trail: &mut $learn.trail,
            work: &mut $learn.work,
            depth: $learn.lims.len() as u32,
        }
    };
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

    /// Makes `lit` true at the current level, for `reason`; its consequences wait for
    /// [`Learn::propagate`].
    #[inline]
    fn assign(&mut self, lit: u32, reason: Reason) {
        assigner!(self).assign(lit, reason);
    }

    /// [`Learn::assign`] of a literal that a nogood implies, counting an option it puts out
    /// as `pruned`.
    #[inline]
    fn imply(&mut self, lit: u32, reason: Reason) {
        assigner!(self).imply(lit, reason);
    }

    /// Marks item `i`, if primary, open (uncovered) or not in [`Learn::open`].
    #[inline(always)]
    fn set_open(&mut self, i: usize, open: bool) {
        if i < self.primary as usize {
            let bit = 1 << (i % 64);
            if open {
                self.open[i / 64] |= bit;
            } else {
                self.open[i / 64] &= !bit;
            }
        }
    }

    /// Propagates the trail from `head` to a fixpoint; the conflict if one is met.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let lit = self.trail[self.head];
            self.head += 1;
            let x = option(lit);
            let conflict = if lit & 1 == 0 {
                self.chose(x)
            } else {
                self.lost(x)
            };
            if conflict.is_some() {
                return conflict;
            }
            if !self.nogoods.watched(not(lit)) {
                continue;
            }
            let conflict = self.nogoods.falsified(not(lit), &mut assigner!(self));
            if let Some(c) = conflict {
                return Some(Conflict::Nogood(c));
            }
        }
        None
    }

    /// The consequences of choosing `x`: its items covered, the options sharing them out.
    fn chose(&mut self, x: u32) -> Option<Conflict> {
        let span = self.spans[x as usize] as usize..self.spans[x as usize + 1] as usize;
        // Cover every item first, so that undoing is the same whatever the conflict.
        for k in span.clone() {
            let i = self.items[k] as usize;
            if self.cover[i] == NONE {
                self.cover[i] = x;
                self.set_open(i, false);
            }
        }
        for k in span {
            let i = self.items[k] as usize;
            let c = self.cover[i];
            if c != x {
                return Some(Conflict::Two(x, c));
            }
            // The assignment borrowed apart from the lists, so that each item's list is read
            // as one slice (5% fewer instructions on the published 25x25 puzzles).
            let mut assigner = assigner!(self);
            for &y in &self.lists[self.starts[i] as usize..self.starts[i + 1] as usize] {
                match assigner.value[y as usize] {
                    0 => assigner.assign(out(y), Reason::Shares(x)),
                    1 if y != x => return Some(Conflict::Two(x, y)),
                    _ => {}
                }
            }
        }
        None
    }

    /// The consequences of putting `x` out: the singles of its primary items.
    fn lost(&mut self, x: u32) -> Option<Conflict> {
        let span = self.spans[x as usize] as usize..self.spans[x as usize + 1] as usize;
        for k in span.clone() {
            let i = self.items[k];
            if i < self.primary {
                self.live[i as usize] -= 1;
            }
        }
        for k in span {
            let i = self.items[k];
            if i >= self.primary || self.cover[i as usize] != NONE {
                continue;
            }
            match self.live[i as usize] {
                0 => return Some(Conflict::Empty(i)),
                1 => {
                    // The count lags behind options put out but not propagated yet: the
                    // item may have none left.
                    let Some(&y) = self
                        .options_of(i)
                        .iter()
                        .find(|&&y| self.value[y as usize] != -1)
                    else {
                        return Some(Conflict::Empty(i));
                    };
                    if self.value[y as usize] == 0 {
                        self.work.forced += 1;
                        self.assign(chosen(y), Reason::Single(i));
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Undoes the assignments of the trail from `to` on, in reverse order; those before
    /// `head` were propagated, and their consequences on the items are undone too.
    fn unassign_from(&mut self, to: usize) {
        while self.trail.len() > to {
            let lit = self.trail.pop().expect("a literal");
            let x = option(lit);
            if self.trail.len() < self.head {
                for k in self.spans[x as usize]..self.spans[x as usize + 1] {
                    let i = self.items[k as usize];
                    if lit & 1 == 0 {
                        if self.cover[i as usize] == x {
                            self.cover[i as usize] = NONE;
                            self.set_open(i as usize, true);
                        }
                    } else if i < self.primary {
                        self.live[i as usize] += 1;
                    }
                }
            }
            self.value[x as usize] = 0;
        }
        self.head = self.head.min(to);
    }

    /// Backs up to level `d`: undoes the levels above it, then makes true again, at level
    /// `d`, every literal a nogood had implied above `d` whose other literals all stay
    /// false, and propagates them; the conflict if one is met.
    fn undo_to(&mut self, d: usize) -> Option<Conflict> {
        if self.lims.len() <= d {
            return None;
        }
        let start = self.lims[d];
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        for &lit in &self.trail[start..] {
            if let Reason::Nogood(c) = self.reason[option(lit) as usize] {
                let stays = self
                    .nogoods
                    .lits(c)
                    .iter()
                    .all(|&l| l == lit || self.level[option(l) as usize] as usize <= d);
                if stays {
                    kept.push((lit, c));
                }
            }
        }
        self.unassign_from(start);
        self.lims.truncate(d);
        for &(lit, c) in &kept {
            if self.value[option(lit) as usize] == 0 {
                self.imply(lit, Reason::Nogood(c));
            }
        }
        self.kept = kept;
        self.assert_units();
        self.propagate()
    }

    /// Forgets the less active half of the nogoods that are no assignment's reason
    /// ([`Nogoods::forget`]), renumbering the reasons, and lets the next forgetting wait for
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

    /// Makes true every nogood of one literal not true yet (at the current level: a unit
    /// holds under the givens, but the root's level lies below the levels on the stack).
    fn assert_units(&mut self) {
        for k in 0..self.units.len() {
            let lit = self.units[k];
            if self.value[option(lit) as usize] == 0 {
                self.imply(lit, Reason::Root);
            }
        }
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
    fn next_option(&self, item: u32, after: Option<u32>) -> Option<u32> {
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
    fn open(&mut self, d: usize) -> Option<Conflict> {
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
    fn fail(&mut self, mut conflict: Conflict) {
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
                    return;
                }
            }
        }
    }

    /// Pushes the branch point of the node where the search stands, choosing `option` (the
    /// first that may be tried if `None`); false if every primary item is covered.
    fn branch(&mut self, option: Option<u32>) -> bool {
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

/// The assignment of a [`Learn`] (its values, levels, reasons, trail and the count of the
/// work), borrowed apart from its other fields (the nogoods, the lists) by [`assigner!`], so
/// that the nogoods and the lists can be read while options are assigned: the one place
/// where an assignment is written.
struct Assigner<'a> {
    value: &'a mut [i8],
    level: &'a mut [u32],
    reason: &'a mut [Reason],
    trail: &'a mut Vec<u32>,
    work: &'a mut Work,
    /// The current level.
    depth: u32,
}

impl Assigner<'_> {
    /// Makes `lit` true at the current level, for `reason`.
    #[inline(always)]
    fn assign(&mut self, lit: u32, reason: Reason) {
        let x = option(lit) as usize;
        debug_assert_eq!(self.value[x], 0);
        self.value[x] = if lit & 1 == 0 { 1 } else { -1 };
        self.level[x] = self.depth;
        self.reason[x] = reason;
        self.trail.push(lit);
        if lit & 1 == 1 {
            self.work.removed += 1;
        }
    }

    /// [`Assigner::assign`] of a literal that a nogood implies, counting an option it puts
    /// out as `pruned`.
    #[inline(always)]
    fn imply(&mut self, lit: u32, reason: Reason) {
        self.work.pruned += u64::from(lit & 1);
        self.assign(lit, reason);
    }
}

impl Assignment for Assigner<'_> {
    #[inline(always)]
    fn is_true(&self, lit: u32) -> bool {
        Learn::is_true(self.value, lit)
    }

    #[inline(always)]
    fn is_false(&self, lit: u32) -> bool {
        Learn::is_false(self.value, lit)
    }

    #[inline]
    fn unit(&mut self, lit: u32, c: u32) -> bool {
        if Learn::is_false(self.value, lit) {
            return false;
        }
        if !Learn::is_true(self.value, lit) {
            self.imply(lit, Reason::Nogood(c));
        }
        true
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
        self.counters.restart();
        self.work = Work::default();
    }

    fn reset_from(&mut self, _: &Learn) {
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
                    if let Some(conflict) = self.open(d) {
                        self.fail(conflict);
                    } else if !self.branch(None) {
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
        if self.head != self.trail.len() && self.opened && self.state != State::Done {
            return Err("the trail is not propagated".into());
        }
        // The analysis leaves no mark behind (a stale one would end its walk of the trail
        // early, or run it off the start).
        if let Some(x) = self.seen.iter().position(|&s| s) {
            return Err(format!("option {x} is left marked by the analysis"));
        }
        let mut on_trail = vec![false; self.value.len()];
        for (k, &lit) in self.trail.iter().enumerate() {
            let x = option(lit) as usize;
            if on_trail[x] || !Self::is_true(&self.value, lit) {
                return Err(format!(
                    "trail literal {k} is not a true literal of its own"
                ));
            }
            on_trail[x] = true;
            let here = self.lims.iter().filter(|&&s| s <= k).count() as u32;
            if self.level[x] != here {
                return Err(format!(
                    "option {x} has level {} at level {here}",
                    self.level[x]
                ));
            }
        }
        if self
            .value
            .iter()
            .enumerate()
            .any(|(x, &v)| v != 0 && !on_trail[x])
        {
            return Err("an assigned option is not on the trail".into());
        }
        // A search that ended on a conflict leaves it unpropagated.
        if !self.opened || self.state == State::Done {
            return Ok(());
        }
        for i in 0..self.table.items {
            let options = self.options_of(i as u32);
            let live = options
                .iter()
                .filter(|&&o| self.value[o as usize] != -1)
                .count();
            if i < self.table.primary && live as u32 != self.live[i] {
                return Err(format!(
                    "item {i} counts {} live options, has {live}",
                    self.live[i]
                ));
            }
            let chosen: Vec<u32> = options
                .iter()
                .copied()
                .filter(|&o| self.value[o as usize] == 1)
                .collect();
            if chosen.len() > 1 {
                return Err(format!("item {i} has two chosen options"));
            }
            if chosen.first().copied().unwrap_or(NONE) != self.cover[i] {
                return Err(format!("item {i} is covered by {}", self.cover[i]));
            }
            let open = i < self.table.primary && self.open[i / 64] & (1 << (i % 64)) != 0;
            if open != (i < self.table.primary && self.cover[i] == NONE) {
                return Err(format!("item {i} is wrongly marked open: {open}"));
            }
        }
        // The levels whose child is open (the last one may wait to be entered).
        let open = &self.levels[..self.lims.len().min(self.levels.len())];
        if let Some(l) = open.iter().find(|l| self.value[l.option as usize] != 1) {
            return Err(format!("the option of level {l:?} is not chosen"));
        }
        if let Some(c) = (0..self.nogoods.len() as u32).find(|&c| !self.nogoods.check(c)) {
            return Err(format!(
                "nogood {c} is not watched by its first two literals"
            ));
        }
        Ok(())
    }
}
