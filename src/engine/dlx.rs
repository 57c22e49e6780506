//! Knuth's DLX1 on dancing links: Algorithm X's search loop over the arena of [`Links`].
//!
//! The loop walks the search tree of Algorithm X (TAOCP 7.2.2.1; DLX1) with an explicit stack
//! of choices instead of recursion, so the depth of a solution is limited only by memory. At
//! each node of the tree it branches on the leftmost active primary item of minimum length
//! (the "minimum remaining values" heuristic), exactly as DLX1 does, so the search tree, and
//! the `nodes` and `updates` counters, equal Knuth's.
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
//! covered, in that order, and nothing else is (apart from forced options, which lie beneath
//! level 0). So the stack alone says how to undo everything, which is what [`Dlx::reset`]
//! does.
//!
//! # Subtrees
//! [`Dlx::descend`] replays a choice on a fresh engine; the levels so placed on the stack form
//! a *floor* that *backup* never goes below, so the engine searches that subtree only.

use super::links::Links;
use super::{Counters, Search};
use crate::{ForceError, Problem, Stats, Step};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Forward,
    Advance,
    Backup,
    Done,
}

/// The DLX1 engine: the links, the stack of choices and the counters.
#[derive(Clone, Debug)]
pub(crate) struct Dlx {
    links: Links,
    /// The address of the option node chosen at each level; the stack of Algorithm X.
    choice: Vec<u32>,
    /// First nodes of the options forced before the search, in the order they were covered.
    forced: Vec<u32>,
    /// The number of levels at the bottom of `choice` that were placed there by
    /// [`Dlx::descend`]: the search is confined to the subtree below them and never backs up
    /// through them.
    floor: usize,
    state: State,
    counters: Counters,
}

impl Dlx {
    /// Clears the search's state and counters, for an engine whose links are pristine.
    fn restart(&mut self) {
        self.floor = 0;
        self.state = State::Forward;
        self.counters.restart();
    }

    /// Whether the links of `self` and `other` are equal node for node (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_links(&self, other: &Dlx) -> bool {
        self.links.same_as(&other.links)
    }
}

impl Search for Dlx {
    fn new(problem: &Problem) -> Dlx {
        Dlx {
            links: Links::new(problem),
            choice: Vec::new(),
            forced: Vec::new(),
            floor: 0,
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
            updates: self.links.updates(),
            solutions: self.counters.solutions,
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.state != State::Forward || !self.choice.is_empty() || self.counters.nodes != 0 {
            return Err(ForceError::SearchStarted);
        }
        let first = self
            .links
            .first_node_of(option)
            .ok_or(ForceError::NotInSearch { option })?;
        let links = &mut self.links;
        if !links
            .option_nodes(first)
            .all(|x| links.is_active(links.node(x).item))
        {
            return Err(ForceError::Conflict { option });
        }
        links.cover_option(first);
        self.forced.push(first);
        Ok(())
    }

    fn reset(&mut self) {
        // By the invariant of `search`, the option at each level of the stack and its
        // branching item are covered, as are the forced options beneath level 0, latest on
        // top.
        while let Some(x) = self.choice.pop().or_else(|| self.forced.pop()) {
            self.links.uncover_option(x);
        }
        self.links.clear_updates();
        self.restart();
    }

    fn reset_from(&mut self, pristine: &Dlx) {
        debug_assert!(pristine.choice.is_empty() && pristine.forced.is_empty());
        self.links.copy_from(&pristine.links);
        self.choice.clear();
        self.forced.clear();
        self.restart();
    }

    #[inline(always)]
    fn search(&mut self, cut: usize) -> Option<Step> {
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
                    match links.choose() {
                        None => {
                            self.counters.solutions += 1;
                            self.state = State::Backup;
                            return Some(Step::Solution);
                        }
                        Some(best) => {
                            links.cover(best);
                            self.choice.push(links.first_in(best));
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

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.forced
                .iter()
                .chain(&self.choice)
                .map(|&x| self.links.option_of(x)),
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
        let x = links
            .option_nodes(first)
            .find(|&x| links.node(x).item == best)
            .expect("the option of a subtree names the branching item");
        let updates = links.updates();
        links.cover_option(x);
        links.set_updates(updates);
        self.choice.push(x);
        self.floor = self.choice.len();
    }

    fn level(&self) -> usize {
        self.choice.len()
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
