//! The state of a subproblem: which items are covered (and, for a secondary item, with which
//! color), which options are still possible, and how many each open primary item has left.
//!
//! The representation is flat arrays, not dancing links: each item keeps its options in a
//! *sparse set* (the idea of Knuth's dancing cells, SSXC in TAOCP 7.2.2.3), an array whose
//! first `len[i]` entries are the live options and the rest the dead ones, with each
//! option's position known. Killing an option swaps it, in the set of each of its items, with
//! the last live entry and shortens `len`; reviving the options in the reverse order of their
//! deaths only lengthens `len` again, since each dead option still sits just past the live
//! ones. So a choice touches only live options, as Knuth's cover does. Choosing an option
//! covers its items and kills the options they conflict with; every kill and every cover goes
//! on a trail, and undoing a choice pops the trail back to its mark: choices are undone
//! strictly last in, first out. Invariants, restored by [`State::undo`]:
//! - the first `len[i]` entries of item `i`'s set are the live options that name it, each
//!   mention's `slot` its position there;
//! - an option is live exactly when every item it names is open, or is a secondary item
//!   covered with the color the option gives it, or is covered by the option itself (an
//!   option forced with [`State::choose_option`] stays live: no one kills it); or when it is
//!   the option chosen in a branch of a frame (see below), whose item's options are all dead;
//! - the bits of `covered` are the items whose `given` is not [`OPEN`].
//!
//! # A frame's item is covered once
//! A frame branches on item `i` over its live options. Covering `i` anew for each of them,
//! as choosing the option whole would, kills the others each time: a frame of `n` options
//! would cost `n^2` kills (0.01 s for 1,000 copies of one option, 21 s for 30,000). So, as
//! Knuth's Algorithm X covers the item of a level once and then only the other items of
//! each option tried, [`State::enter`] covers `i` once for the frame, killing all its
//! options, and [`State::take`] covers the other items of the option tried: the state is
//! the same as choosing it whole (the same items covered, the same options live but the one
//! chosen, which names only covered items and is never looked at again), and a frame costs
//! what its options' items cost. With multiplicities the frame does not cover `i` (it stays
//! open while its bound allows), but kills each option once it has been tried
//! ([`State::passed`]): the next try, the first of the solution's options that covers `i`,
//! excludes those below it, which are exactly the options tried before; and when `i` may
//! take one more option, every try covers it, so the frame covers it once as its null
//! branch does, and each try includes the rest of its option.
//!
//! The memo key ([`State::key`]) is the bitset of covered items, followed (when the problem
//! has colors) by the colors given to the secondary items: two states with the same key have
//! the same live options, hence the same completions.
//!
//! # Multiplicities
//! With bounds `u..=v` (DLX6's extension of Algorithm Z), an open primary item `i` keeps its
//! `bound` (how many more options may cover it) and `from`, the least index of an option
//! that may still cover it. A frame branches on `i` over its live options in increasing
//! index, each chosen as the *first* of the solution's remaining options that covers `i`:
//! choosing `o` kills `i`'s live options below `o`, lowers the bound of each primary item of
//! `o` (covering it at 0) and sets `from` to past `o`; and, when `i`'s lower bound is met, on
//! the *null* branch, which covers `i` with no more options. So each set of options is
//! counted once, and the key carries `bound` and `from` of each open primary item (after
//! the bitset and the colors), which with the covered items decide the live options. The
//! bounds and `from` changed go on a third trail. A state is solved when no open item needs
//! an option or has one left to take.

use crate::problem::Problem;

/// `given[i]` of an item that is not covered.
const OPEN: u32 = 0;
/// `given[i]` of an item covered without a color (a primary item, or a secondary item named
/// without one).
const PLAIN: u32 = u32::MAX;

/// How the next item to branch on is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Choice {
    /// Minimum remaining values (Knuth's MRV): an open primary item with the fewest live
    /// options, the first in item order among those with as few.
    #[default]
    Mrv,
    /// MRV, but the last in item order among those with as few.
    MrvLast,
    /// The first open primary item in item order, however many options it has.
    Leftmost,
}

/// The problem in flat arrays, and the state of the subproblem being counted.
#[derive(Clone, Debug)]
pub(crate) struct State {
    primary: usize,
    /// The items of option `k`: `items[starts[k]..starts[k + 1]]` (its *mentions*), with
    /// `colors` beside them (`0` none, else the color plus one) and the option of each.
    starts: Vec<u32>,
    items: Vec<u32>,
    colors: Vec<u32>,
    option_of: Vec<u32>,
    /// The sparse set of item `i`: the mentions of `i` by options that name a primary item,
    /// `set[heads[i]..heads[i + 1]]`, the first `len[i]` of them live; `slot[j]` is where
    /// mention `j` is in it (`u32::MAX` for an option without a primary item).
    heads: Vec<u32>,
    set: Vec<u32>,
    slot: Vec<u32>,
    len: Vec<u32>,
    /// Whether the problem has colors (then the key carries them).
    colored: bool,
    /// How each item is covered: [`OPEN`], [`PLAIN`], or a color plus one.
    given: Vec<u32>,
    /// The covered items as a bitset.
    covered: Vec<u64>,
    /// Options killed, and items covered, in order (undone back to a mark).
    killed: Vec<u32>,
    newly: Vec<u32>,
    /// Primary items left open.
    open: usize,
    /// Whether the problem has multiplicities (see the module docs); the three vectors below
    /// are empty otherwise.
    bounded: bool,
    /// For each primary item: how many more options may cover it, its upper bound minus its
    /// lower bound, and the least index of an option that may still cover it.
    bound: Vec<u32>,
    slack: Vec<u32>,
    from: Vec<u32>,
    /// `(item, bound, from)` before each change, undone back to a mark.
    changed: Vec<(u32, u32, u32)>,
    /// Options killed so far (see [`State::kills`]).
    kills: u64,
}

/// The try of a frame that covers its item with no more options (its lower bound met): the
/// null branch of a problem with multiplicities.
pub(crate) const NULL: u32 = u32::MAX;

/// Where the trails stood before a choice: what [`State::undo`] goes back to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    killed: u32,
    newly: u32,
    changed: u32,
}

impl State {
    /// The root state of `problem`.
    pub(crate) fn new(problem: &Problem) -> State {
        let n = problem.item_count();
        let primary = problem.primary_items();
        let raw = problem.raw_colors();
        let mut starts = vec![0u32];
        let mut items = Vec::with_capacity(problem.option_nodes());
        let mut option_of = Vec::with_capacity(problem.option_nodes());
        let mut counts = vec![0u32; n + 1];
        for k in 0..problem.option_count() {
            let in_search = problem.option(k).any(|i| i < primary);
            for i in problem.option(k) {
                items.push(i as u32);
                option_of.push(k as u32);
                if in_search {
                    counts[i + 1] += 1;
                }
            }
            starts.push(items.len() as u32);
        }
        let colors = if raw.is_empty() {
            vec![0; items.len()]
        } else {
            raw.to_vec()
        };
        let mut heads = counts;
        for i in 0..n {
            heads[i + 1] += heads[i];
        }
        let mut len = vec![0u32; n];
        let mut set = vec![0u32; heads[n] as usize];
        let mut slot = vec![u32::MAX; items.len()];
        for k in 0..problem.option_count() {
            let range = starts[k] as usize..starts[k + 1] as usize;
            if !items[range.clone()].iter().any(|&i| (i as usize) < primary) {
                continue;
            }
            for j in range {
                let i = items[j] as usize;
                let p = heads[i] + len[i];
                set[p as usize] = j as u32;
                slot[j] = p;
                len[i] += 1;
            }
        }
        let bounded = problem.has_multiplicities();
        let bounds: Vec<(u32, u32)> = (0..primary)
            .filter(|_| bounded)
            .map(|i| problem.bounds(i).unwrap_or((1, 1)))
            .collect();
        State {
            bounded,
            bound: bounds.iter().map(|&(_, v)| v).collect(),
            slack: bounds.iter().map(|&(u, v)| v - u).collect(),
            from: vec![0; bounds.len()],
            changed: Vec::new(),
            kills: 0,
            primary,
            starts,
            items,
            colors,
            option_of,
            heads,
            set,
            slot,
            len,
            colored: problem.has_colors(),
            given: vec![OPEN; n],
            covered: vec![0; n.div_ceil(64)],
            killed: Vec::new(),
            newly: Vec::new(),
            open: primary,
        }
    }

    /// The number of 64-bit words of a key.
    pub(crate) fn key_words(&self) -> usize {
        let secondary = self.given.len() - self.primary;
        self.covered.len()
            + if self.colored {
                secondary.div_ceil(2)
            } else {
                0
            }
            + self.bound.len()
    }

    /// Writes the key of this state into `key` (of [`State::key_words`] words).
    pub(crate) fn key(&self, key: &mut [u64]) {
        let (bits, rest) = key.split_at_mut(self.covered.len());
        bits.copy_from_slice(&self.covered);
        let (colors, bounds) = rest.split_at_mut(rest.len() - self.bound.len());
        for (i, word) in bounds.iter_mut().enumerate() {
            *word = if self.given[i] == OPEN {
                u64::from(self.bound[i]) << 32 | u64::from(self.from[i])
            } else {
                0
            };
        }
        for (word, pair) in colors.iter_mut().zip(self.given[self.primary..].chunks(2)) {
            *word = pair
                .iter()
                .enumerate()
                .fold(0, |w, (j, &g)| w | u64::from(g) << (32 * j));
        }
    }

    /// Whether every primary item is covered (with multiplicities: none needs an option or
    /// has one left): a solution.
    pub(crate) fn solved(&self) -> bool {
        if self.bounded {
            return self.choose_bounded(Choice::Leftmost).is_none();
        }
        self.open == 0
    }

    /// The item to branch on, by `choice`; `None` when every primary item is covered.
    pub(crate) fn choose(&self, choice: Choice) -> Option<usize> {
        if self.bounded {
            return self.choose_bounded(choice);
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for (w, &word) in self.covered.iter().enumerate() {
            let base = w * 64;
            if base >= self.primary {
                break;
            }
            let mut open = !word;
            if self.primary - base < 64 {
                open &= (1u64 << (self.primary - base)) - 1;
            }
            while open != 0 {
                let i = base + open.trailing_zeros() as usize;
                open &= open - 1;
                let len = self.len[i];
                match choice {
                    Choice::Leftmost => return Some(i),
                    Choice::Mrv if len < fewest => {
                        if len == 0 {
                            return Some(i);
                        }
                        (best, fewest) = (Some(i), len);
                    }
                    Choice::MrvLast if len <= fewest => (best, fewest) = (Some(i), len),
                    _ => {}
                }
            }
        }
        best
    }

    /// With multiplicities, the item to branch on: an open primary item that needs more
    /// options than it has (a dead end, at once), else by `choice` on the branching degree
    /// (its live options, and one more for the null branch when its lower bound is met);
    /// items that need nothing and have nothing left are done. `None`: a solution.
    fn choose_bounded(&self, choice: Choice) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for i in (0..self.primary).filter(|&i| self.given[i] == OPEN) {
            let (len, need) = (self.len[i], self.bound[i].saturating_sub(self.slack[i]));
            if len < need {
                return Some(i);
            }
            if len == 0 {
                continue;
            }
            let degree = len + u32::from(need == 0);
            match choice {
                Choice::Leftmost => return Some(i),
                Choice::Mrv if degree < fewest => (best, fewest) = (Some(i), degree),
                Choice::MrvLast if degree <= fewest => (best, fewest) = (Some(i), degree),
                _ => {}
            }
        }
        best
    }

    /// Appends the tries of a frame on item `i` to `out`: its live options (with
    /// multiplicities: in increasing index, then [`NULL`] when its lower bound is met; none
    /// when it needs more options than it has).
    pub(crate) fn tries(&self, i: usize, out: &mut Vec<u32>) {
        if self.bounded && self.len[i] < self.bound[i].saturating_sub(self.slack[i]) {
            return;
        }
        let start = out.len();
        let live = self.heads[i] as usize..(self.heads[i] + self.len[i]) as usize;
        out.extend(self.set[live].iter().map(|&j| self.option_of[j as usize]));
        if self.bounded {
            out[start..].sort_unstable();
            if self.bound[i] <= self.slack[i] {
                out.push(NULL);
            }
        }
    }

    /// Starts a frame on item `i`, after its tries are listed (see the module docs): covers
    /// `i`, killing every option of it, when every try covers it (without multiplicities,
    /// or with one more option allowed: then as the null branch does).
    pub(crate) fn enter(&mut self, i: usize) {
        if !self.bounded {
            self.cover(i, 0, NULL);
        } else if self.bound[i] == 1 {
            self.close(i);
        }
    }

    /// Takes the try `k` of a frame on item `i` (see [`State::tries`]), entered with
    /// [`State::enter`], and with every try before `k` passed with [`State::passed`].
    pub(crate) fn take(&mut self, i: usize, k: u32) {
        if !self.bounded {
            // `i` is covered: this covers the other items of `k`.
            self.choose_option(k);
        } else if self.given[i] != OPEN {
            // Closed by `enter`, as the null branch leaves it: `k` is dead already.
            if k != NULL {
                self.include_rest(k);
            }
        } else if k == NULL {
            self.close(i);
        } else {
            // The options of `i` below `k`, the tries before it, are dead.
            self.change(i, self.bound[i], k + 1);
            self.include_rest(k);
            self.kill(k);
        }
    }

    /// Ends the try `k` of a frame on item `i`, once undone: with multiplicities, kills `k`,
    /// which the solutions of the frame's later tries do not contain (unless [`State::enter`]
    /// killed it with the others).
    pub(crate) fn passed(&mut self, i: usize, k: u32) {
        if self.bounded && k != NULL && self.given[i] == OPEN {
            self.kill(k);
        }
    }

    /// The options killed so far, undone or not: the work of the count, in the unit of a
    /// kill (which touches each item of the option once).
    pub(crate) fn kills(&self) -> u64 {
        self.kills
    }

    /// Records the bound and `from` of primary item `i` and sets them.
    fn change(&mut self, i: usize, bound: u32, from: u32) {
        self.changed.push((i as u32, self.bound[i], self.from[i]));
        self.bound[i] = bound;
        self.from[i] = from;
    }

    /// Covers item `i`: no option may name it any more (but `except`, the option covering
    /// it, and those that give a secondary item the same color).
    fn cover(&mut self, i: usize, color: u32, except: u32) {
        self.given[i] = if color == 0 { PLAIN } else { color };
        self.covered[i / 64] |= 1 << (i % 64);
        self.newly.push(i as u32);
        if i < self.primary {
            self.open -= 1;
        }
        // Downwards: a kill swaps the entry with the last live one, already looked at.
        let head = self.heads[i] as usize;
        for p in (head..head + self.len[i] as usize).rev() {
            let m = self.set[p] as usize;
            let shares = color != 0 && self.colors[m] == color;
            if self.option_of[m] != except && !shares {
                self.kill(self.option_of[m]);
            }
        }
    }

    /// Covers primary item `i` with no more options (the null branch).
    fn close(&mut self, i: usize) {
        self.change(i, 0, self.from[i]);
        self.cover(i, 0, NULL);
    }

    /// Includes live option `k` in a problem with multiplicities: lowers the bound of each
    /// of its primary items (covering those that reach 0), covers its open secondary items,
    /// and kills `k`, which no later choice may take again.
    fn include(&mut self, k: u32) {
        self.include_rest(k);
        self.kill(k);
    }

    /// [`State::include`] but for the kill: `k`'s items only, for a `k` that a cover may have
    /// killed already.
    fn include_rest(&mut self, k: u32) {
        let range = self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize;
        for j in range {
            let i = self.items[j] as usize;
            if self.given[i] != OPEN {
                continue;
            }
            if i < self.primary {
                self.change(i, self.bound[i] - 1, self.from[i]);
                if self.bound[i] > 0 {
                    continue;
                }
            }
            self.cover(i, self.colors[j], k);
        }
    }

    /// The number of options, including those without a primary item.
    pub(crate) fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether option `k` names a primary item (else the search never chooses it).
    pub(crate) fn in_search(&self, k: usize) -> bool {
        self.slot[self.starts[k] as usize] != u32::MAX
    }

    /// Whether option `k` (in the search) is live.
    pub(crate) fn live(&self, k: usize) -> bool {
        (self.starts[k] as usize..self.starts[k + 1] as usize).all(|j| {
            let i = self.items[j] as usize;
            self.slot[j] < self.heads[i] + self.len[i]
        })
    }

    /// Where the trails stand: pass it to [`State::undo`] to come back here.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            killed: self.killed.len() as u32,
            newly: self.newly.len() as u32,
            changed: self.changed.len() as u32,
        }
    }

    /// Chooses live option `k` (forced before counting, or tried by a frame of a problem
    /// without multiplicities): covers its items and kills the options that conflict.
    pub(crate) fn choose_option(&mut self, k: u32) {
        if self.bounded {
            self.include(k);
            return;
        }
        let range = self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize;
        for j in range {
            let i = self.items[j] as usize;
            if self.given[i] != OPEN {
                // A secondary item covered before with this color: nothing changes.
                continue;
            }
            self.cover(i, self.colors[j], k);
        }
    }

    /// Kills option `k`: it leaves the live part of the set of each of its items.
    fn kill(&mut self, k: u32) {
        self.killed.push(k);
        self.kills += 1;
        for j in self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize {
            let i = self.items[j] as usize;
            self.len[i] -= 1;
            let last = self.heads[i] + self.len[i];
            let p = self.slot[j];
            let other = self.set[last as usize];
            self.set[p as usize] = other;
            self.slot[other as usize] = p;
            self.set[last as usize] = j as u32;
            self.slot[j] = last;
        }
    }

    /// Undoes every choice made since `mark`, last first.
    pub(crate) fn undo(&mut self, mark: Mark) {
        while self.killed.len() > mark.killed as usize {
            let k = self.killed.pop().expect("above the mark") as usize;
            // Each mention of `k` sits just past the live entries of its item.
            for j in self.starts[k] as usize..self.starts[k + 1] as usize {
                self.len[self.items[j] as usize] += 1;
            }
        }
        while self.newly.len() > mark.newly as usize {
            let i = self.newly.pop().expect("above the mark") as usize;
            self.given[i] = OPEN;
            self.covered[i / 64] &= !(1 << (i % 64));
            if i < self.primary {
                self.open += 1;
            }
        }
        while self.changed.len() > mark.changed as usize {
            let (i, bound, from) = self.changed.pop().expect("above the mark");
            self.bound[i as usize] = bound;
            self.from[i as usize] = from;
        }
    }

    /// The longest item: the most options an item is in (a bound on the diagram nodes that
    /// one subproblem makes).
    pub(crate) fn longest_item(&self) -> usize {
        self.heads
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }

    /// The heap bytes of the arrays.
    pub(crate) fn bytes(&self) -> usize {
        4 * (self.starts.len()
            + self.items.len()
            + self.colors.len()
            + self.option_of.len()
            + self.heads.len()
            + self.set.len()
            + self.slot.len()
            + self.len.len()
            + self.given.len())
            + 8 * self.covered.len()
    }
}
