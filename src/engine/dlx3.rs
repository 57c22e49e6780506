//! Knuth's DLX3, Algorithm M (TAOCP 7.2.2.1, exact covering with multiplicities and colors),
//! on the colored arena of [`super::colored`].
//!
//! Every primary item `i` has bounds `u..=v`: it must be covered at least `u` and at most `v`
//! times. The search keeps, for each primary item, its `bound` (how many more options may
//! still cover it: `v` minus those chosen) and its `slack`, `v - u`, which never changes.
//!
//! # Branching
//! At each node the search branches on the active primary item of least *branching degree*
//! `len + s - bound + 1`, where `s = min(slack, bound)`: the number of ways to go on with the
//! item, counting the *null move* (leave the item, without choosing another of its options)
//! when the item may be left. Ties go to the smaller `s`, then to the longer list, then to the
//! leftmost item, exactly as DLX3's "Set best_itm" does; a degree of zero or less means the
//! item can no longer be satisfied, and the node is a dead end. With no active primary item
//! left, the node is a solution.
//!
//! The branching item's `bound` goes down by one. Then:
//! - if `bound` and `slack` are both zero, this is Algorithm X's branch: the item is covered
//!   and each option of its list is tried in turn;
//! - otherwise the item is *tweaked*: each option in turn, from the top of its list, is
//!   removed from the list (and hidden, unless `bound` is zero, in which case the item was
//!   covered at once), so that the later siblings never choose it again and each set of
//!   options is found once. When fewer than `bound - slack + 1` options are left (the lower
//!   bound could not be met), the branch ends; when the list is empty, the last sibling is the
//!   null move, which deactivates the item (unless it is covered already). Backing up, one
//!   `untweak` restores every option tweaked at the level.
//!
//! The other items of a chosen option are committed: a primary item's `bound` goes down and
//! the item is covered when it reaches zero; a secondary item is covered or purified as in
//! Algorithm C ([`super::dlx2`]).
//!
//! # Counters and invariant
//! `nodes` counts entries to the branching step (a solution and a dead end are each one);
//! `updates` counts items covered and nodes removed from lists (by covering, purifying and
//! tweaking); `cleansings` as in DLX2. On every file of
//! `../shared/data/exact-cover-multiplicities/` they equal DLX3's (`tests/integration/instances.rs`).
//!
//! At every return from [`Dlx3::search`], every level on the stack is *complete*: its item's
//! bound lowered, the item covered or the options above the choice tweaked, the choice itself
//! tweaked (or the item deactivated, for the null move) and the other items of the chosen
//! option committed. [`Dlx3::reset`] undoes the levels from the top with the same steps as
//! backtracking. Levels placed by [`Dlx3::descend`] form a floor the search never backs up
//! through, as in [`super::dlx`].

use super::colored::ColorLinks;
use super::dlx::exclude_on;
use super::{Counters, Root, Search};
use crate::problem::Problem;
use crate::search::{ForceError, Stats, Step};

/// The choice that [`Dlx3::choices`] reports for the null move, and [`Dlx3::descend`] takes.
const NULL_MOVE: usize = usize::MAX;

/// The remaining capacity of a primary item (Knuth's `bound` and `slack`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Capacity {
    /// How many more chosen options may cover the item.
    bound: u32,
    /// The upper bound minus the lower bound.
    slack: u32,
}

impl Capacity {
    /// Whether the item is branched on as in Algorithm X: covered, with its options tried in
    /// turn (no lower-bound slack and no room for another option after this one).
    #[inline(always)]
    fn is_exact(self) -> bool {
        self.bound == 0 && self.slack == 0
    }
}

/// One level of the search tree.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The branching item.
    item: u32,
    /// The address of the chosen node in the item's list, or of the item's header for the
    /// null move.
    choice: u32,
    /// The top of the item's list when the level was entered: where `untweak` restores from,
    /// and where the rank of the choice is counted from.
    first: u32,
    /// The branching degree of the item at the level.
    score: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// A new node: choose the branching item.
    Forward,
    /// The top level's choice is to be tried (or found off limits).
    Advance,
    /// The top level is done: restore its item and pop it.
    Backup,
    /// Leave the top level's choice for its next sibling.
    Backdown,
    Done,
}

/// The DLX3 engine: colored links, the capacities of the primary items, the levels and the
/// counters.
#[derive(Clone, Debug)]
pub(crate) struct Dlx3 {
    links: ColorLinks,
    /// `capacity[i]` for primary item `i` (1-based, as the headers; entry 0 unused).
    capacity: Vec<Capacity>,
    levels: Vec<Level>,
    /// The options forced (by their primary nodes) and excluded before the search, in order.
    root: Vec<Root>,
    /// Levels at the bottom of `levels` placed by [`Dlx3::descend`].
    floor: usize,
    state: State,
    counters: Counters,
}

impl Dlx3 {
    /// The active primary item of least branching degree, with DLX3's tie-breaks, and that
    /// degree; `None` when no primary item is active.
    #[inline]
    fn choose(&self) -> Option<(u32, i64)> {
        let links = &self.links;
        let mut k = links.next_active(0);
        if k == 0 {
            return None;
        }
        let (mut best, mut score, mut best_s, mut best_l) = (k, i64::MAX, 0, 0);
        while k != 0 {
            let Capacity { bound, slack } = self.capacity[k as usize];
            let s = slack.min(bound);
            let l = links.len(k);
            let t = i64::from(l) + i64::from(s) - i64::from(bound) + 1;
            if t < score || (t == score && (s < best_s || (s == best_s && l > best_l))) {
                (best, score, best_s, best_l) = (k, t, s, l);
            }
            k = links.next_active(k);
        }
        Some((best, score))
    }

    /// Enters a level on item `best` with degree `score`: lowers its bound and covers it if
    /// the bound is spent.
    fn enter_level(&mut self, best: u32, score: i64) {
        let first = self.links.first_in(best);
        let capacity = &mut self.capacity[best as usize];
        capacity.bound -= 1;
        if capacity.bound == 0 {
            self.links.cover(best);
        }
        self.levels.push(Level {
            item: best,
            choice: first,
            first,
            score: score as u32,
        });
    }

    /// Tries the top level's choice `x`: tweaks it (or deactivates the item, for the null
    /// move) unless the item is branched on exactly, then commits the other items of the
    /// chosen option.
    #[inline]
    fn take(&mut self, item: u32, x: u32) {
        let capacity = self.capacity[item as usize];
        let null = x == self.links.header(item);
        if !capacity.is_exact() {
            if !null {
                self.links.tweak(x, capacity.bound != 0);
            } else if capacity.bound != 0 {
                self.links.deactivate(item);
            }
        }
        if !null {
            self.commit_others(x);
        }
    }

    /// Commits the items of `x`'s option other than `x`'s, going forward.
    #[inline]
    fn commit_others(&mut self, x: u32) {
        let primary = self.links.primary();
        let capacity = &mut self.capacity;
        self.links.for_others(x, |links, p, n| {
            let i = n.item();
            if i <= primary {
                let c = &mut capacity[i as usize];
                c.bound -= 1;
                if c.bound == 0 {
                    links.cover(i);
                }
            } else {
                links.commit(p, n);
            }
        });
    }

    /// Undoes [`Dlx3::commit_others`] of `x`, going backward.
    #[inline]
    fn uncommit_others(&mut self, x: u32) {
        let primary = self.links.primary();
        let capacity = &mut self.capacity;
        self.links.for_others_back(x, |links, p, n| {
            let i = n.item();
            if i <= primary {
                let c = &mut capacity[i as usize];
                if c.bound == 0 {
                    links.uncover(i);
                }
                c.bound += 1;
            } else {
                links.uncommit(p, n);
            }
        });
    }

    /// Leaves the top level's choice, undoing [`Dlx3::take`]: after the null move,
    /// reactivates the item if the move deactivated it, and says that no sibling follows;
    /// otherwise uncommits the chosen option's other items.
    #[inline]
    fn leave(&mut self) -> bool {
        let Level { item, choice, .. } = *self.levels.last().expect("a level to leave");
        if choice == self.links.header(item) {
            if self.capacity[item as usize].bound != 0 {
                self.links.reactivate(item);
            }
            false
        } else {
            self.uncommit_others(choice);
            true
        }
    }

    /// Restores the top level's item, undoing [`Dlx3::enter_level`] and the tweaks: untweaks
    /// it unless it was branched on exactly, uncovers it if its bound was spent, raises the
    /// bound, and pops the level. (DLX3 reactivates a spent item on leaving its null move,
    /// the one way its search reaches this step; a reset may come from any choice.)
    #[inline]
    fn restore(&mut self) {
        let Level { item, first, .. } = self.levels.pop().expect("a level to restore");
        let capacity = &mut self.capacity[item as usize];
        if capacity.is_exact() {
            self.links.uncover(item);
        } else {
            self.links.untweak(item, first, capacity.bound != 0);
            if capacity.bound == 0 {
                self.links.reactivate(item);
            }
        }
        capacity.bound += 1;
    }

    /// Commits the items of the option of primary node `x` as a forced choice: removes the
    /// option from every list, then lowers the bound of `x`'s item and commits the others.
    fn force_option(&mut self, x: u32) {
        self.links.tweak(x, true);
        let item = self.links.item_of(x);
        let capacity = &mut self.capacity[item as usize];
        capacity.bound -= 1;
        if capacity.bound == 0 {
            self.links.cover(item);
        }
        self.commit_others(x);
    }

    /// Undoes [`Dlx3::force_option`] of `x`.
    fn unforce_option(&mut self, x: u32) {
        self.uncommit_others(x);
        let item = self.links.item_of(x);
        let capacity = &mut self.capacity[item as usize];
        if capacity.bound == 0 {
            self.links.uncover(item);
        }
        capacity.bound += 1;
        self.links.untweak_one(x);
    }

    /// Whether the search has begun, so that no option can be forced or excluded any more.
    fn started(&self) -> bool {
        self.state != State::Forward || !self.levels.is_empty() || self.counters.nodes != 0
    }

    /// Clears the search's state and counters, for an engine whose links are pristine.
    fn restart(&mut self) {
        self.floor = 0;
        self.state = State::Forward;
        self.counters.restart();
    }

    /// Whether the links and capacities of `self` and `other` are equal (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_links(&self, other: &Dlx3) -> bool {
        self.links.same_as(&other.links) && self.capacity == other.capacity
    }
}

impl Search for Dlx3 {
    fn new(problem: &Problem) -> Dlx3 {
        let mut capacity = vec![Capacity::default(); problem.primary_items() + 1];
        for (i, c) in capacity.iter_mut().skip(1).enumerate() {
            let (u, v) = problem.bounds(i).expect("a primary item has bounds");
            *c = Capacity {
                bound: v,
                slack: v - u,
            };
        }
        Dlx3 {
            links: ColorLinks::new(problem),
            capacity,
            levels: Vec::new(),
            root: Vec::new(),
            floor: 0,
            state: State::Forward,
            counters: Counters::default(),
        }
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        let (updates, cleansings) = self.links.work();
        Stats {
            nodes: self.counters.nodes,
            updates,
            cleansings,
            solutions: self.counters.solutions,
            ..Stats::default()
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        let x = self.links.choosable(option)?;
        self.force_option(x);
        self.root.push(Root::Forced(x));
        Ok(())
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        exclude_on(&mut self.links, &mut self.root, option)
    }

    fn reset(&mut self) {
        // By the invariant of `search`, every level is complete: leave its choice and
        // restore its item, from the top; then the changes made at the root, latest first.
        while !self.levels.is_empty() {
            self.leave();
            self.restore();
        }
        while let Some(change) = self.root.pop() {
            match change {
                Root::Forced(x) => self.unforce_option(x),
                Root::Excluded(x) => self.links.include_option(x),
            }
        }
        self.links.set_work((0, 0));
        self.restart();
    }

    fn reset_from(&mut self, pristine: &Dlx3) {
        debug_assert!(pristine.levels.is_empty() && pristine.root.is_empty());
        self.links.copy_from(&pristine.links);
        self.capacity.copy_from_slice(&pristine.capacity);
        self.levels.clear();
        self.root.clear();
        self.restart();
    }

    /// Out of line, as DLX2's (see [`super::dlx2::Dlx2`]).
    #[inline(never)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        loop {
            match self.state {
                State::Forward => {
                    if self.levels.len() == cut {
                        self.state = State::Backdown;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    match self.choose() {
                        None => {
                            self.counters.solutions += 1;
                            self.state = State::Backdown;
                            return Some(Step::Solution);
                        }
                        Some((_, score)) if score <= 0 => self.state = State::Backdown,
                        Some((best, score)) => {
                            self.enter_level(best, score);
                            self.state = State::Advance;
                        }
                    }
                }
                State::Advance => {
                    let Level { item, choice, .. } = *self.levels.last().expect("a level");
                    let capacity = self.capacity[item as usize];
                    let off_limits = if capacity.is_exact() {
                        choice == self.links.header(item)
                    } else {
                        // Fewer options left than the lower bound still needs.
                        u64::from(self.links.len(item)) + u64::from(capacity.slack)
                            <= u64::from(capacity.bound)
                    };
                    if off_limits {
                        self.state = State::Backup;
                    } else {
                        self.take(item, choice);
                        self.state = State::Forward;
                    }
                }
                State::Backup => {
                    self.restore();
                    self.state = State::Backdown;
                }
                State::Backdown => {
                    if self.levels.len() == self.floor {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                    if self.leave() {
                        let top = self.levels.last_mut().expect("a level");
                        top.choice = self.links.down(top.choice);
                        self.state = State::Advance;
                    } else {
                        self.state = State::Backup;
                    }
                }
                State::Done => return Some(Step::Exhausted),
            }
        }
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(Root::forced(&self.root).map(|x| self.links.option_of(x)));
        out.extend(
            self.levels
                .iter()
                .filter(|l| l.choice != self.links.header(l.item))
                .map(|l| self.links.option_of(l.choice)),
        );
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.levels.iter().map(|l| {
            if l.choice == self.links.header(l.item) {
                NULL_MOVE
            } else {
                self.links.option_of(l.choice)
            }
        }));
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(self.state == State::Forward && self.levels.len() == self.floor);
        let (best, score) = self
            .choose()
            .expect("a subtree lies below a node with an item to branch on");
        let work = self.links.work();
        self.enter_level(best, score);
        let target = if option == NULL_MOVE {
            self.links.header(best)
        } else {
            let first = self
                .links
                .first_node_of(option)
                .expect("the option of a subtree is in the search");
            let links = &self.links;
            links
                .option_nodes(first)
                .find(|&x| links.item_of(x) == best)
                .expect("the option of a subtree names the branching item")
        };
        // The siblings before the target were tweaked on the way to it.
        let capacity = self.capacity[best as usize];
        let top = self.levels.last().expect("the level just entered").first;
        if !capacity.is_exact() {
            let mut x = top;
            while x != target {
                self.links.tweak(x, capacity.bound != 0);
                x = self.links.down(x);
            }
        }
        self.levels
            .last_mut()
            .expect("the level just entered")
            .choice = target;
        self.take(best, target);
        self.links.set_work(work);
        self.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        out.extend(self.levels[from..].iter().map(|l| l.score));
    }

    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for l in &self.levels {
            let k = self.links.rank_from(l.first, l.choice);
            weight /= f64::from(l.score.max(1));
            done += f64::from(k - 1) * weight;
        }
        done
    }

    fn check(&self) -> Result<(), String> {
        self.links.check()?;
        for (i, c) in self.capacity.iter().enumerate().skip(1) {
            if c.bound == 0 && self.links.is_active(i as u32) {
                return Err(format!("item {i} has no room left but is active"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ProblemBuilder;

    /// Every solution, each sorted: these tests check which options, not the order chosen.
    fn all_solutions(engine: &mut Dlx3) -> Vec<Vec<usize>> {
        let mut solutions = super::super::all_solutions(engine);
        for s in &mut solutions {
            s.sort_unstable();
        }
        solutions
    }

    #[test]
    fn dlx3_s_example_has_its_one_solution_and_the_links_come_back() {
        let mut engine = Dlx3::new(&super::super::dlx3_example());
        let pristine = engine.clone();
        assert_eq!(all_solutions(&mut engine), vec![vec![1, 3, 4]]);
        assert!(engine.same_links(&pristine));
        engine.reset();
        assert!(engine.same_links(&pristine));
    }

    #[test]
    fn a_reset_in_the_middle_of_the_tree_restores_every_list_and_bound() {
        // Two items with bounds 1..=2 and 0..=2, options over both.
        let mut b = ProblemBuilder::new(2, 1);
        b.bounds(0, 1, 2).unwrap();
        b.bounds(1, 0, 2).unwrap();
        for option in [vec![0], vec![0, 1], vec![1, 2], vec![0, 2], vec![1]] {
            b.option(option).unwrap();
        }
        let problem = b.build().unwrap();
        let pristine = Dlx3::new(&problem);
        let total = all_solutions(&mut pristine.clone()).len();
        for stop in 0..total {
            let mut engine = pristine.clone();
            for _ in 0..=stop {
                assert_eq!(engine.search(usize::MAX), Some(Step::Solution));
            }
            engine.reset();
            engine.check().unwrap();
            assert!(engine.same_links(&pristine), "after {stop} solutions");
        }
    }

    #[test]
    fn forcing_an_option_counts_it_against_the_bounds() {
        let mut engine = Dlx3::new(&super::super::dlx3_example());
        let pristine = engine.clone();
        engine.force(4).unwrap();
        engine.check().unwrap();
        assert_eq!(engine.force(4), Err(ForceError::Conflict { option: 4 }));
        assert_eq!(all_solutions(&mut engine), vec![vec![1, 3, 4]]);
        engine.reset();
        assert!(engine.same_links(&pristine));
        engine.force(0).unwrap();
        assert_eq!(all_solutions(&mut engine), Vec::<Vec<usize>>::new());
    }
}
