//! The search on DLX5's links: the choice of the item to branch on, with the lower bounds
//! (see the module docs of [`super`]), and the loop itself, below a prefix of choices that
//! [`super::super`]'s threads share out.

use super::Links;
use crate::mincost::Budget;
use crate::mincost::best::{Best, INFINITE};
use crate::mincost::bound::{LEN_THRESHOLD, Tally, dearest_under};

/// Where the search loop goes next (DLX5's labels).
#[derive(Clone, Copy)]
enum At {
    Forward,
    Advance,
    Backup,
    Backdown,
    Recover,
}

impl Links {
    /// The item to branch on when `limit` is the net cost left before the cutoff, with the
    /// *reduction* of its options: an option of net cost `c` of that item can only lead to a
    /// solution under the cutoff if `c + reduction < limit`. `None` when the node is a dead
    /// end: an item without a usable option, or a lower bound that reaches the limit (see
    /// the module docs).
    ///
    /// The reduction comes from the classes: after an option is chosen, the items of class
    /// `C` still open cost at least `S_C - m`, where `S_C` sums their cheapest options now
    /// and `m` is the cheapest of the option's own item of `C` (it has at most one), or the
    /// largest cheapest of the class when that item is not known; choices only remove
    /// options, so the cheapest ones only get dearer.
    #[inline]
    fn choose_item(&mut self, limit: u128) -> Option<(u32, u64)> {
        // Leave when `curcost + ceil(bound / scale) >= cutoff`.
        let mut tally = Tally::new(limit, self.scale);
        let dearest = dearest_under(limit);
        let mut k = self.next[0];
        while k != 0 {
            let p = self.nd[k as usize].down;
            if p == k {
                return None;
            }
            let mincost = self.cost[p as usize];
            if mincost > dearest {
                return None;
            }
            self.mincost[k as usize] = mincost;
            let weight = self.weight[k as usize];
            if !tally.add(mincost, weight, self.class[k as usize] as usize) {
                return None;
            }
            k = self.next[k as usize];
        }
        let reduction = tally.reduction();
        let (mut t, mut tmpcost, mut best, mut best_reduction) = (u32::MAX, 0u64, 0u32, 0u64);
        let mut k = self.next[0];
        while k != 0 {
            let mincost = self.mincost[k as usize];
            let reduce = tally.reduce(reduction, self.class[k as usize] as usize, mincost);
            if u128::from(mincost) + u128::from(reduce) >= limit {
                return None;
            }
            let lim = dearest_under(limit - u128::from(reduce));
            let mut s = 1;
            let mut p = self.nd[self.nd[k as usize].down as usize].down;
            let usable = loop {
                if p == k || self.cost[p as usize] > lim {
                    break Some(s);
                }
                if s == t {
                    break None;
                }
                if s >= LEN_THRESHOLD {
                    break Some(self.len[k as usize]);
                }
                p = self.nd[p as usize].down;
                s += 1;
            };
            if let Some(s) = usable
                && (s < t || (s == t && mincost > tmpcost))
            {
                (t, best, tmpcost, best_reduction) = (s, k, mincost, reduce);
            }
            k = self.next[k as usize];
        }
        Some((best, best_reduction))
    }

    /// The engine's option of node `x`: the number in the spacer after it.
    fn option_number(&self, mut x: u32) -> usize {
        while self.nd[x as usize].itm > 0 {
            x += 1;
        }
        (-self.nd[x as usize].itm - 1) as usize
    }

    /// The problem's options of the choices `nodes`.
    fn options(&self, nodes: &[u32]) -> Vec<usize> {
        nodes
            .iter()
            .map(|&x| self.option_of[self.option_number(x)])
            .collect()
    }

    /// The first nodes of the primary item DLX5 would branch on at the root, after the
    /// choices `prefix` (nodes of earlier such items) are made: the children of that node.
    /// `None` when the prefix is a solution already; empty when the node is a dead end.
    pub(crate) fn children(&mut self, prefix: &[u32]) -> Option<Vec<u32>> {
        for &x in prefix {
            self.choose(x);
        }
        let children = if self.next[0] == 0 {
            None
        } else {
            let mut list = Vec::new();
            if let Some((h, _)) = self.choose_item(INFINITE) {
                let mut x = self.nd[h as usize].down;
                while x != h {
                    list.push(x);
                    x = self.nd[x as usize].down;
                }
            }
            Some(list)
        };
        for &x in prefix.iter().rev() {
            self.unchoose(x);
        }
        children
    }

    /// The net cost of the choices `prefix`.
    pub(crate) fn cost_of(&self, prefix: &[u32]) -> u128 {
        prefix
            .iter()
            .map(|&x| u128::from(self.cost[x as usize]))
            .sum()
    }

    /// Chooses node `x`'s option with every threshold infinite: covers its item, then the
    /// rest of its option.
    fn choose(&mut self, x: u32) {
        self.cover(self.nd[x as usize].itm as u32, u64::MAX);
        self.cover_rest(x, u64::MAX);
    }

    /// Undoes [`Links::choose`].
    fn unchoose(&mut self, x: u32) {
        self.uncover_rest(x, u64::MAX);
        self.uncover(self.nd[x as usize].itm as u32, u64::MAX);
    }

    /// Searches the subtree below the choices `prefix` (nodes, as [`Links::children`] gives
    /// them), offering every solution cheaper than the cutoff to `best`. Returns `false` if
    /// the budget ran out first. The links are as they were when it returns.
    pub(crate) fn search(&mut self, prefix: &[u32], best: &Best, budget: &Budget) -> bool {
        for &x in prefix {
            self.choose(x);
        }
        let curcost = self.cost_of(prefix);
        let finished = if self.next[0] == 0 {
            self.stats.nodes += 1;
            self.stats.solutions += 1;
            best.offer(curcost, || self.options(prefix));
            true
        } else {
            self.run(prefix, curcost, best, budget)
        };
        for &x in prefix.iter().rev() {
            self.unchoose(x);
        }
        finished
    }

    /// DLX5's loop below the prefix (see the module docs); `curcost` is the prefix's net cost.
    fn run(&mut self, prefix: &[u32], mut curcost: u128, best: &Best, budget: &Budget) -> bool {
        let mut level = 0;
        let mut at = At::Forward;
        let (mut best_itm, mut cur, mut nextcost, mut cutoff) = (0u32, 0u32, 0u128, INFINITE);
        loop {
            match at {
                At::Forward => {
                    self.stats.nodes += 1;
                    if self.stats.nodes >= self.meter.check_at
                        && !self.meter.check(self.stats.nodes, budget)
                    {
                        // Undo the levels above, so that the links are as they were.
                        while level > 0 {
                            level -= 1;
                            let cur = self.choice[level];
                            self.uncover_rest(cur, self.thresh[level]);
                            self.uncover(self.nd[cur as usize].itm as u32, self.thresh0[level]);
                        }
                        return false;
                    }
                    cutoff = best.cutoff();
                    at = At::Backdown;
                    if curcost >= cutoff {
                        continue;
                    }
                    let Some((h, reduce)) = self.choose_item(cutoff - curcost) else {
                        continue;
                    };
                    if self.choice.len() == level {
                        self.reduce.push(0);
                        self.choice.push(0);
                        self.partcost.push(0);
                        self.thresh0.push(0);
                        self.thresh.push(0);
                    }
                    best_itm = h;
                    self.reduce[level] = reduce;
                    self.partcost[level] = curcost;
                    cur = self.nd[h as usize].down;
                    self.choice[level] = cur;
                    nextcost = curcost + u128::from(self.cost[cur as usize]);
                    self.thresh0[level] = dearest_under(cutoff - nextcost);
                    self.cover(h, self.thresh0[level]);
                    at = At::Advance;
                }
                At::Advance => {
                    self.thresh[level] = dearest_under(cutoff - nextcost);
                    self.cover_rest(cur, self.thresh[level]);
                    if self.next[0] == 0 {
                        self.stats.nodes += 1;
                        self.stats.solutions += 1;
                        best.offer(nextcost, || {
                            let mut options = self.options(prefix);
                            options.extend(self.options(&self.choice[..=level]));
                            options
                        });
                        at = At::Recover;
                    } else {
                        level += 1;
                        curcost = nextcost;
                        at = At::Forward;
                    }
                }
                At::Backup => {
                    self.uncover(best_itm, self.thresh0[level]);
                    at = At::Backdown;
                }
                At::Backdown => {
                    if level == 0 {
                        return true;
                    }
                    level -= 1;
                    cur = self.choice[level];
                    best_itm = self.nd[cur as usize].itm as u32;
                    curcost = self.partcost[level];
                    at = At::Recover;
                }
                At::Recover => {
                    self.uncover_rest(cur, self.thresh[level]);
                    cur = self.nd[cur as usize].down;
                    self.choice[level] = cur;
                    at = At::Backup;
                    if cur == best_itm {
                        continue;
                    }
                    cutoff = best.cutoff();
                    nextcost = curcost + u128::from(self.cost[cur as usize]);
                    if nextcost + u128::from(self.reduce[level]) < cutoff {
                        at = At::Advance;
                    }
                }
            }
        }
    }
}
