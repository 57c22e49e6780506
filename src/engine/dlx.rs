//! Knuth's DLX1 on dancing links: Algorithm X's search loop over the arena of [`Links`], and
//! over any [`Arena`] with the same steps (DLX2's, in [`super::dlx2`]).
//!
//! The loop walks the search tree of Algorithm X (TAOCP 7.2.2.1; DLX1) with an explicit stack
//! of choices instead of recursion, so the depth of a solution is limited only by memory. At
//! each node of the tree it branches on the leftmost active primary item of minimum length
//! (the "minimum remaining values" heuristic), exactly as DLX1 does, so the search tree, and
//! the `nodes` and `updates` counters, equal Knuth's.
//!
//! The loop is generic over its [`Arena`]: `Dlx<Links>` is DLX1, and monomorphises to the
//! loop over [`Links`] alone (the same instructions: `valgrind --tool=callgrind` counts them
//! equal on langford-11-half); `Dlx<ColorLinks>` is Algorithm C (DLX2), whose arena covers
//! the other items of a chosen option by *committing* them (covering an item named without a
//! color, purifying one named with a color).
//!
//! # The loop
//! A state machine with three states, DLX1's labels:
//! - *forward*: a new node of the tree. If no primary item is active, the choices on the
//!   stack are a solution. Otherwise choose the branching item `i`, cover it, and push its
//!   first option.
//! - *advance*: the top of the stack is a node `x` in the list of the branching item of this
//!   level. If `x` is that item's header, the list is exhausted: uncover the item, pop, and
//!   back up. Otherwise cover the other items of `x`'s option and go forward.
//! - *backup*: uncover the other items of the option on top of the stack, move it one step
//!   down its item's list, and advance.
//!
//! Invariant at every return from [`Dlx::search`]: for each level `l` of the stack, the
//! branching item of level `l` and the other items of the option chosen at level `l` are
//! covered, in that order, and nothing else is (apart from the options forced and excluded
//! before the search, which lie beneath level 0). So the stack alone says how to undo
//! everything, which is what [`Dlx::reset`] does.
//!
//! # Weighted choice
//! Under [`Choice::Wdeg`] the loop branches on SSXCC2's item instead of DLX1's (see
//! [`super::links::weighted`]): each primary item has a weight in `weights`, 1 at a reset, and
//! a node whose chosen item has an empty list (a wipe-out, the dead end DLX1 finds by covering
//! that item and backing up) adds 1 to that item's weight. The loop is compiled twice (the
//! const `WDEG` of [`Dlx::run`]), so that DLX1's loop does not test the rule at each node.
//! Nothing else changes: the stack, the cover and uncover steps and the counters are DLX1's,
//! on another tree, so the solutions are the same set in another order, with other `nodes`
//! and `updates`.
//!
//! # Subtrees
//! [`Dlx::descend`] replays a choice on a fresh engine; the levels so placed on the stack form
//! a *floor* that *backup* never goes below, so the engine searches that subtree only.
//! [`Dlx::take_over`] replays choices the same way, but keeps the floor where it was, so the
//! engine goes on with a search that another engine began (see [`crate::Engine::Auto`]).

use super::links::Links;
use super::{Counters, Root, Search};
use crate::problem::Problem;
use crate::search::{Choice, ForceError, Stats, Step};

/// The dancing steps the loop of [`Dlx`] runs on: an arena of nodes with addresses, as laid
/// out by [`super::links`]. Each method means what the [`Links`] method of the same name
/// does.
pub(crate) trait Arena: Clone + std::fmt::Debug + Send + Sync {
    /// The arena of `problem`, pristine.
    fn new(problem: &Problem) -> Self;
    /// The leftmost active primary item of minimum length, or `None` if none is active.
    fn choose(&self) -> Option<u32>;
    /// The branching item under [`Choice::Wdeg`] with `weights` (indexed by item), or `None`
    /// if no primary item is active (see [`super::links::weighted`]).
    fn choose_weighted(&self, weights: &[u32]) -> Option<u32>;
    /// The number of items, primary and secondary.
    fn items(&self) -> u32;
    /// Whether item `i` is primary.
    fn is_primary(&self, i: u32) -> bool;
    /// Covers item `i`.
    fn cover(&mut self, i: u32);
    /// Undoes the latest cover, of item `i`.
    fn uncover(&mut self, i: u32);
    /// Covers (or commits) the items of `x`'s option other than `x`'s, going forward.
    fn cover_others(&mut self, x: u32);
    /// Undoes [`Arena::cover_others`] of `x`, going backward.
    fn uncover_others(&mut self, x: u32);
    /// The first node in the list of item `i`.
    fn first_in(&self, i: u32) -> u32;
    /// The node below `x`.
    fn down(&self, x: u32) -> u32;
    /// Whether `x` is an item header.
    fn is_header(&self, x: u32) -> bool;
    /// The item whose header is `x`.
    fn header_item(&self, x: u32) -> u32;
    /// The item of node `x`.
    fn item_of(&self, x: u32) -> u32;
    /// The [`Problem`] index of `x`'s option.
    fn option_of(&self, x: u32) -> usize;
    /// The first node of [`Problem`] option `option`, if it is in the arena.
    fn first_node_of(&self, option: usize) -> Option<u32>;
    /// The nodes of `x`'s option, from `x` forward.
    fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_;
    /// The node to choose `option` from before the search ([`Arena::cover_option`]), if no
    /// option chosen before conflicts with it.
    fn choosable(&self, option: usize) -> Result<u32, ForceError>;
    /// Covers `x`'s item, then the others of its option.
    fn cover_option(&mut self, x: u32);
    /// Undoes [`Arena::cover_option`] of `x`.
    fn uncover_option(&mut self, x: u32);
    /// Removes `x`'s option from the search before it starts (`x` as
    /// [`Arena::choosable`] gives it), one update a node removed.
    fn exclude_option(&mut self, x: u32);
    /// Undoes [`Arena::exclude_option`] of `x`.
    fn include_option(&mut self, x: u32);
    /// Knuth's `updates` and `cleansings`.
    fn work(&self) -> (u64, u64);
    /// Sets `updates` and `cleansings`.
    fn set_work(&mut self, work: (u64, u64));
    /// Copies `other`, an arena of the same problem.
    fn copy_from(&mut self, other: &Self);
    /// The 1-based place of node `x` in its item's list, and the list's length.
    fn rank_in_list(&self, x: u32) -> (u32, u32);
    /// Checks the invariants.
    fn check(&self) -> Result<(), String>;
    /// Whether two arenas are equal node for node.
    #[cfg(test)]
    fn same_as(&self, other: &Self) -> bool;
}

impl Arena for Links {
    fn new(problem: &Problem) -> Self {
        Links::new(problem)
    }
    #[inline(always)]
    fn choose(&self) -> Option<u32> {
        Links::choose(self)
    }
    fn choose_weighted(&self, weights: &[u32]) -> Option<u32> {
        Links::choose_weighted(self, weights)
    }
    fn items(&self) -> u32 {
        Links::items(self)
    }
    fn is_primary(&self, i: u32) -> bool {
        Links::is_primary(self, i)
    }
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        Links::cover(self, i);
    }
    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        Links::uncover(self, i);
    }
    #[inline(always)]
    fn cover_others(&mut self, x: u32) {
        Links::cover_others(self, x);
    }
    #[inline(always)]
    fn uncover_others(&mut self, x: u32) {
        Links::uncover_others(self, x);
    }
    #[inline(always)]
    fn first_in(&self, i: u32) -> u32 {
        Links::first_in(self, i)
    }
    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        Links::down(self, x)
    }
    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        Links::is_header(self, x)
    }
    #[inline(always)]
    fn header_item(&self, x: u32) -> u32 {
        Links::header_item(self, x)
    }
    fn item_of(&self, x: u32) -> u32 {
        self.node(x).item
    }
    fn option_of(&self, x: u32) -> usize {
        Links::option_of(self, x)
    }
    fn first_node_of(&self, option: usize) -> Option<u32> {
        Links::first_node_of(self, option)
    }
    fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        Links::option_nodes(self, x)
    }
    fn choosable(&self, option: usize) -> Result<u32, ForceError> {
        let first = self
            .first_node_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        // An option hidden by a cover has an inactive item; an excluded one, no node linked.
        if !self
            .option_nodes(first)
            .all(|x| self.is_active(self.node(x).item) && self.is_linked(x))
        {
            return Err(ForceError::Conflict { option });
        }
        Ok(first)
    }
    fn cover_option(&mut self, x: u32) {
        Links::cover_option(self, x);
    }
    fn uncover_option(&mut self, x: u32) {
        Links::uncover_option(self, x);
    }
    fn exclude_option(&mut self, x: u32) {
        Links::exclude_option(self, x);
    }
    fn include_option(&mut self, x: u32) {
        Links::include_option(self, x);
    }
    #[inline(always)]
    fn work(&self) -> (u64, u64) {
        (self.updates(), 0)
    }
    #[inline(always)]
    fn set_work(&mut self, (updates, _): (u64, u64)) {
        self.set_updates(updates);
    }
    fn copy_from(&mut self, other: &Self) {
        Links::copy_from(self, other);
    }
    fn rank_in_list(&self, x: u32) -> (u32, u32) {
        Links::rank_in_list(self, x)
    }
    fn check(&self) -> Result<(), String> {
        Links::check(self)
    }
    #[cfg(test)]
    fn same_as(&self, other: &Self) -> bool {
        Links::same_as(self, other)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Forward,
    Advance,
    Backup,
    Done,
}

/// Excludes `option` on the links of a links engine whose changes at the root are `root`
/// (see [`Search::exclude`]): nothing when it is out of the search already (hidden by a forced
/// option, or excluded before); an error when it is forced or not in the search.
pub(crate) fn exclude_on<A: Arena>(
    links: &mut A,
    root: &mut Vec<Root>,
    option: usize,
) -> Result<(), ForceError> {
    if Root::forced(root).any(|x| links.option_of(x) == option) {
        return Err(ForceError::Forced { option });
    }
    match links.choosable(option) {
        Ok(x) => {
            links.exclude_option(x);
            root.push(Root::Excluded(x));
            Ok(())
        }
        Err(ForceError::Conflict { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The engine of Algorithm X on arena `A` (DLX1 on [`Links`]): the links, the stack of
/// choices and the counters.
#[derive(Clone, Debug)]
pub(crate) struct Dlx<A: Arena = Links> {
    links: A,
    /// The address of the option node chosen at each level; the stack of Algorithm X.
    choice: Vec<u32>,
    /// The options forced (by their first nodes) and excluded before the search, in order.
    root: Vec<Root>,
    /// The number of levels at the bottom of `choice` that were placed there by
    /// [`Dlx::descend`]: the search is confined to the subtree below them and never backs up
    /// through them.
    floor: usize,
    state: State,
    counters: Counters,
    /// The rule that chooses the branching item.
    rule: Choice,
    /// Under [`Choice::Wdeg`], each item's weight, indexed by item (entry 0 unused; the
    /// secondary items' stay 1); empty under [`Choice::Mrv`]. Every entry is 1 after a reset.
    weights: Vec<u32>,
}

impl<A: Arena> Dlx<A> {
    /// Clears the search's state and counters, for an engine whose links are pristine, and
    /// sets every weight back to 1.
    fn restart(&mut self) {
        self.floor = 0;
        self.state = State::Forward;
        self.counters.restart();
        self.weights.fill(1);
    }

    /// [`Dlx::run`] under [`Choice::Wdeg`], kept out of line so that DLX1's loop, inlined
    /// into [`crate::Solver::step`], is compiled as it was without it.
    #[inline(never)]
    fn run_weighted(&mut self, cut: usize) -> Option<Step> {
        self.run::<true>(cut)
    }

    /// The search loop (see the module docs), `WDEG` for [`Choice::Wdeg`].
    #[inline(always)]
    fn run<const WDEG: bool>(&mut self, cut: usize) -> Option<Step> {
        let links = &mut self.links;
        loop {
            match self.state {
                State::Forward => {
                    if self.choice.len() == cut {
                        self.state = State::Backup;
                        return None;
                    }
                    if let Some(stop) = self.counters.enter() {
                        return Some(stop);
                    }
                    let best = if WDEG {
                        links.choose_weighted(&self.weights)
                    } else {
                        links.choose()
                    };
                    match best {
                        None => {
                            self.counters.solutions += 1;
                            self.state = State::Backup;
                            return Some(Step::Solution);
                        }
                        Some(best) => {
                            links.cover(best);
                            let first = links.first_in(best);
                            if WDEG && links.is_header(first) {
                                let w = &mut self.weights[best as usize];
                                *w = w.saturating_add(1);
                            }
                            self.choice.push(first);
                            self.state = State::Advance;
                        }
                    }
                }
                State::Advance => {
                    let x = *self.choice.last().expect("advance has a level");
                    if links.is_header(x) {
                        links.uncover(links.header_item(x));
                        self.choice.pop();
                        self.state = State::Backup;
                    } else {
                        links.cover_others(x);
                        self.state = State::Forward;
                    }
                }
                State::Backup => {
                    if self.choice.len() == self.floor {
                        self.state = State::Done;
                        return Some(Step::Exhausted);
                    }
                    let x = self.choice.last_mut().expect("a level above the floor");
                    links.uncover_others(*x);
                    *x = links.down(*x);
                    self.state = State::Advance;
                }
                State::Done => return Some(Step::Exhausted),
            }
        }
    }

    /// Whether the search has begun, so that no option can be forced or excluded any more.
    fn started(&self) -> bool {
        self.state != State::Forward || !self.choice.is_empty() || self.counters.nodes != 0
    }

    /// Takes over a search that another engine of the same problem (the bit engine) has
    /// run, at the node where it stopped before entering: resets, forces `forced`, excludes
    /// `excluded` (the same state, whatever order the other engine did them in), replays
    /// `choices` (the options chosen at each level, from the root) as [`Dlx::descend`] does,
    /// and keeps the lowest `floor` of them as the floor. Backing up then tries the next
    /// options of each level above the floor, so the search goes on with the rest of the
    /// same tree. The counters (nodes, solutions, budget, pauses) and `work`
    /// (`updates`, `cleansings`) become the other engine's, since it counted the work that
    /// led here.
    pub(crate) fn take_over(
        &mut self,
        forced: &[usize],
        excluded: &[usize],
        choices: &[usize],
        floor: usize,
        counters: Counters,
        work: (u64, u64),
    ) {
        debug_assert!(floor <= choices.len());
        self.reset();
        self.force_all(forced)
            .expect("the options the other engine forced can be forced");
        for &option in excluded {
            self.exclude(option)
                .expect("the options the other engine excluded can be excluded");
        }
        for &option in choices {
            self.descend(option);
        }
        self.floor = floor;
        self.counters = counters;
        self.links.set_work(work);
    }

    /// Whether the links of `self` and `other` are equal node for node (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_links(&self, other: &Dlx<A>) -> bool {
        self.links.same_as(&other.links)
    }
}

impl Dlx<Links> {
    /// The lengths of the open primary items ([`Links::open_lengths`]).
    pub(crate) fn open_lengths(&self) -> super::links::OpenLengths {
        self.links.open_lengths()
    }

    /// Lays the links out again with the options in the order of `order` (see
    /// [`Links::thread_in_order`]), which undoes every choice and forced option without
    /// walking back through them, and zeroes the counters as [`Search::reset`] does.
    pub(crate) fn thread_in_order(&mut self, order: &[usize]) {
        self.links.thread_in_order(order);
        self.links.set_work((0, 0));
        self.choice.clear();
        self.root.clear();
        self.restart();
    }
}

impl<A: Arena> Search for Dlx<A> {
    fn new(problem: &Problem) -> Dlx<A> {
        Dlx {
            links: A::new(problem),
            choice: Vec::new(),
            root: Vec::new(),
            floor: 0,
            state: State::Forward,
            counters: Counters::default(),
            rule: Choice::Mrv,
            weights: Vec::new(),
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
        let first = self.links.choosable(option)?;
        self.links.cover_option(first);
        self.root.push(Root::Forced(first));
        Ok(())
    }

    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        if self.started() {
            return Err(ForceError::SearchStarted);
        }
        exclude_on(&mut self.links, &mut self.root, option)
    }

    fn reset(&mut self) {
        // By the invariant of `search`, the option at each level of the stack and its
        // branching item are covered, and beneath level 0 lie the changes made at the root,
        // latest on top.
        while let Some(x) = self.choice.pop() {
            self.links.uncover_option(x);
        }
        while let Some(change) = self.root.pop() {
            match change {
                Root::Forced(x) => self.links.uncover_option(x),
                Root::Excluded(x) => self.links.include_option(x),
            }
        }
        self.links.set_work((0, 0));
        self.restart();
    }

    fn reset_from(&mut self, pristine: &Dlx<A>) {
        debug_assert!(pristine.choice.is_empty() && pristine.root.is_empty());
        self.links.copy_from(&pristine.links);
        self.choice.clear();
        self.root.clear();
        self.restart();
    }

    #[inline(always)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        match self.rule {
            Choice::Mrv => self.run::<false>(cut),
            Choice::Wdeg => self.run_weighted(cut),
        }
    }

    fn set_choice(&mut self, choice: Choice) -> bool {
        self.rule = choice;
        self.weights = match choice {
            Choice::Mrv => Vec::new(),
            Choice::Wdeg => vec![1; self.links.items() as usize + 1],
        };
        true
    }

    fn choice(&self) -> Option<Choice> {
        Some(self.rule)
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            Root::forced(&self.root)
                .chain(self.choice.iter().copied())
                .map(|x| self.links.option_of(x)),
        );
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.choice.iter().map(|&x| self.links.option_of(x)));
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(self.state == State::Forward && self.choice.len() == self.floor);
        let links = &mut self.links;
        let best = links
            .choose()
            .expect("a subtree lies below a node with an item to cover");
        let first = links
            .first_node_of(option)
            .expect("the option of a subtree is in the search");
        // Under MRV the option names DLX1's item at this node. Under wdeg the engine that
        // named the subtree chose with the weights it had learned, which this one has not:
        // its item is one of the option's primary items, and covering the option from any
        // of them confines the search to the same subtree (the solutions that take the
        // option), which is all the floor needs.
        let x = links
            .option_nodes(first)
            .find(|&x| links.item_of(x) == best)
            .or_else(|| {
                debug_assert!(self.rule == Choice::Wdeg);
                links
                    .option_nodes(first)
                    .find(|&x| links.is_primary(links.item_of(x)))
            })
            .expect("the option of a subtree names a primary item");
        let work = links.work();
        links.cover_option(x);
        links.set_work(work);
        self.choice.push(x);
        self.floor = self.choice.len();
    }

    fn level(&self) -> usize {
        self.choice.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        out.extend(
            self.choice[from..]
                .iter()
                .map(|&x| self.links.rank_in_list(x).1),
        );
    }

    fn progress(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for &x in &self.choice {
            if self.links.is_header(x) {
                break;
            }
            let (k, d) = self.links.rank_in_list(x);
            weight /= f64::from(d.max(1));
            done += f64::from(k - 1) * weight;
        }
        done
    }

    fn check(&self) -> Result<(), String> {
        self.links.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::all_solutions;
    use crate::problem::ProblemBuilder;
    use crate::problems::queens::{Order, Queens};
    use crate::rng::Rng;

    /// `problem` with its options in the order of `order`.
    fn reordered(problem: &Problem, order: &[usize]) -> Problem {
        let mut b = ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
        for &k in order {
            b.option(problem.option(k)).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn links_threaded_in_an_order_search_as_a_copy_built_in_that_order() {
        // Six queens (secondary items), and an option with no primary item, which the arena
        // leaves out.
        let queens = Queens::new(6, Order::OrganPipe).unwrap();
        let mut b = ProblemBuilder::new(
            queens.problem().primary_items(),
            queens.problem().secondary_items(),
        );
        for k in 0..queens.problem().option_count() {
            b.option(queens.problem().option(k)).unwrap();
        }
        b.option([queens.problem().primary_items()]).unwrap();
        let problem = b.build().unwrap();
        let mut rng = Rng::new(3);
        let mut engine: Dlx = Dlx::new(&problem);
        for round in 0..4 {
            let mut order: Vec<usize> = (0..problem.option_count()).collect();
            rng.shuffle(&mut order);
            // From the end of the last round's search, or from the middle of one with a
            // forced option.
            if round % 2 == 1 {
                engine.thread_in_order(&order);
                engine.force(order[0]).unwrap();
                for _ in 0..round * 5 {
                    engine.search(usize::MAX);
                }
            }
            engine.thread_in_order(&order);
            engine.check().unwrap();
            assert_eq!(engine.stats(), Dlx::<Links>::new(&problem).stats());
            let mut copy: Dlx = Dlx::new(&reordered(&problem, &order));
            let expected: Vec<Vec<usize>> = all_solutions(&mut copy)
                .into_iter()
                .map(|s| s.into_iter().map(|k| order[k]).collect())
                .collect();
            assert_eq!(expected.len(), 4, "six queens have four solutions");
            assert_eq!(all_solutions(&mut engine), expected);
            assert_eq!(engine.stats(), copy.stats());
        }
    }
}
