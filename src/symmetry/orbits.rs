//! Totals with the group: [`count`], orbital branching on sets of items the group keeps.
//!
//! At a node the search has chosen a set `C` of options and knows a group `K` of symmetries
//! that map `C` onto itself (so they map the subproblem left by `C` onto itself). It picks a
//! primary item `i` with the fewest orbits of live options under its stabilizer in `K`, and
//! branches on `I`: `i`'s orbit under `K` when its partial covers are few (at most
//! [`MAX_COVERS`] by the product of the items' live options), else `i` alone, with `H` the
//! elements of `K` that map `I` onto itself. Every solution of the subproblem covers `I` with
//! exactly one set of options (a partial cover of `I`), and the number of completions of a
//! partial cover is the same for every cover in its orbit under `H`; so the subproblem's
//! total is the sum, over one cover `P` of each orbit (the least in the order of sorted
//! option lists), of the orbit's size times the completions of `P`. The subproblem of `C + P`
//! goes on with the elements of `H` that map `P` onto itself, and when only the identity is
//! left, an engine counts it ([`crate::Solver`] on the engine of [`Counting`], with the
//! options of `C + P` forced).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use num_bigint::BigUint;

use super::{Group, Permutation};
use crate::count::Count;
use crate::problem::Problem;
use crate::search::{Stats, Step};
use crate::solver::{Engine, Solver};

/// The most partial covers of an orbit of items enumerated at a node; past it, the node
/// branches on one item.
const MAX_COVERS: u64 = 1 << 17;

/// The most steps (an element applied to an option or an item, an option tested) the walk
/// takes before it gives the whole count to the engines: some tenths of a second.
const WALK_BUDGET: u64 = 1 << 23;

/// The most items whose orbits a node weighs before it branches.
const CANDIDATES: usize = 32;

/// The most elements of the group the walk takes (a subgroup of a larger group), and the
/// most entries (elements times items and options) they may hold: the work at a node, and
/// the list's memory, grow with them.
const WALK_ELEMENTS: usize = 1 << 14;
const WALK_ENTRIES: usize = 1 << 22;

/// An item's state during the walk: free, or covered (with the color its option gave it plus
/// one, 0 for none).
pub(super) const FREE: u32 = u32::MAX;

/// A total counted with the group (see [`count`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricCount {
    /// The number of solutions, exact: the same as [`Solver::count`]'s.
    pub total: Count,
    /// The order of the group used: the whole group's, a subgroup's when the group has more
    /// than [`Group::listable`] elements or than the walk takes, 1 when the walk ran out of
    /// its budget (or the
    /// problem has multiplicities).
    pub order: BigUint,
    /// The subproblems the engines counted: one for each orbit of the partial covers the walk
    /// reached where only the identity was left.
    pub subproblems: u64,
    /// The engines' statistics, summed over the subproblems (nodes, updates, solutions
    /// counted, not weighted).
    pub stats: Stats,
    /// Whether [`Counting::max_nodes`] ran out: the total is then a lower bound.
    pub gave_up: bool,
}

/// How [`count_with`] counts the subproblems at the walk's leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// The threads, at least 1 (0 is taken as 1).
    pub jobs: usize,
    /// The engine that counts each subproblem: every engine gives the same total, with
    /// statistics of its own tree.
    pub engine: Engine,
    /// A budget of nodes, summed over the subproblems' searches (the walk has a fixed bound
    /// of its own, some tenths of a second, and takes none of it): past it the count stops and
    /// its total is a lower bound. Exact on one thread; on more, each thread looks at the
    /// sum every few thousand nodes, so the search may pass it by as many a thread.
    pub max_nodes: Option<u64>,
}

impl Counting {
    /// A count on `jobs` threads, on [`Engine::Auto`], with no budget.
    pub fn on(jobs: usize) -> Counting {
        Counting {
            jobs,
            engine: Engine::Auto,
            max_nodes: None,
        }
    }
}

/// The number of solutions of `problem`, counted with the symmetries of `group` (see the
/// module docs), on `jobs` threads (at least 1).
///
/// A problem with multiplicities is counted without them (the walk assumes every primary
/// item is covered once), as is one whose group is trivial.
///
/// ```
/// let problem = dancing::problems::queens(8);
/// let group = dancing::symmetry::group(&problem)?;
/// let counted = dancing::symmetry::count(&problem, &group, 1);
/// assert_eq!(counted.total, 92u64);
/// # Ok::<(), dancing::symmetry::SymmetryError>(())
/// ```
pub fn count(problem: &Problem, group: &Group, jobs: usize) -> SymmetricCount {
    count_until(problem, group, jobs, &|| false)
}

/// [`count`] that asks `stop` every few thousand nodes and stops when it says so: the total
/// is then a lower bound (written `N+`), the sum of the subproblems counted so far.
pub fn count_until(
    problem: &Problem,
    group: &Group,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> SymmetricCount {
    count_with(problem, group, Counting::on(jobs), stop)
}

/// [`count_until`] on the engine, threads and node budget of `how`: the total is a lower
/// bound when `stop` said to stop or the budget ran out ([`SymmetricCount::gave_up`]).
///
/// ```
/// use dancing::symmetry::{self, Counting};
/// let problem = dancing::problems::queens(8);
/// let group = symmetry::group(&problem)?;
/// let how = Counting { engine: dancing::Engine::Links, ..Counting::on(1) };
/// assert_eq!(symmetry::count_with(&problem, &group, how, &|| false).total, 92u64);
/// let short = Counting { max_nodes: Some(10), ..how };
/// let stopped = symmetry::count_with(&problem, &group, short, &|| false);
/// assert!(stopped.gave_up && !stopped.total.is_exact());
/// # Ok::<(), dancing::symmetry::SymmetryError>(())
/// ```
pub fn count_with(
    problem: &Problem,
    group: &Group,
    how: Counting,
    stop: &(dyn Fn() -> bool + Sync),
) -> SymmetricCount {
    let (leaves, order) = walk(problem, group);
    let narrowed = narrowed(problem, &leaves);
    let (problem, leaves) = narrowed
        .as_ref()
        .map_or((problem, &leaves), |(p, l)| (p, l));
    let counted = count_leaves(problem, leaves, how, stop);
    SymmetricCount {
        total: if counted.end == Ended::Exhausted {
            Count::exact(counted.total)
        } else {
            Count::at_least(counted.total)
        },
        order: BigUint::from(order),
        subproblems: leaves.len() as u64,
        stats: counted.stats,
        gave_up: counted.end == Ended::OutOfNodes,
    }
}

/// A node where only the identity is left: the options chosen on the way, and the product of
/// the orbits' sizes.
pub(super) type Leaf = (Vec<usize>, u64);

/// The leaves of the walk down the symmetric top of `problem`'s tree with `group` (a
/// subgroup of it where it is large), in the walk's order, and the order of the group used:
/// the root alone, and 1, where the problem has multiplicities, the group is trivial or the
/// walk ran out of its budget.
pub(super) fn walk(problem: &Problem, group: &Group) -> (Vec<Leaf>, u64) {
    let elements = if problem.has_multiplicities() {
        Vec::new()
    } else {
        group.subgroup_elements(
            WALK_ELEMENTS
                .min(WALK_ENTRIES / (problem.item_count() + problem.option_count()).max(1)),
        )
    };
    if elements.len() > 1 {
        let mut walk = Walk::new(problem, &elements);
        let all: Vec<usize> = (0..elements.len()).collect();
        walk.node(&all, 1);
        if walk.work <= WALK_BUDGET {
            return (walk.leaves, elements.len() as u64);
        }
    }
    (vec![(Vec::new(), 1)], 1)
}

/// The most option-leaf pairs [`narrowed`] tests.
const MAX_NARROWING: usize = 1 << 24;

/// The problem without the options that no leaf's search can take (each conflicts with an
/// option every leaf chose, and none chose it), and the leaves renumbered for it; `None` when
/// no option goes, or the test would cost more than [`MAX_NARROWING`]. The bit engine's
/// nodes cost by the options' words: the 6x10 pentomino leaves, which pin the X to one of 8
/// places, search 1,976 options instead of 2,056 (Knuth's hand-made pentomino-6x10-xq has
/// 2,032).
pub(super) fn narrowed(problem: &Problem, leaves: &[Leaf]) -> Option<(Problem, Vec<Leaf>)> {
    let options = problem.option_count();
    if leaves.len() < 2 || leaves.len().saturating_mul(options) > MAX_NARROWING {
        return None;
    }
    let mut used = vec![false; options];
    let mut state = vec![FREE; problem.item_count()];
    for (chosen, _) in leaves {
        for &k in chosen {
            used[k] = true;
            for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
                state[i] = c.map_or(0, |c| c + 1);
            }
        }
        for (k, used) in used.iter_mut().enumerate() {
            if !*used && live_in(problem, &state, k) {
                *used = true;
            }
        }
        for &k in chosen {
            for i in problem.option(k) {
                state[i] = FREE;
            }
        }
    }
    if used.iter().all(|&u| u) {
        return None;
    }
    let mut renumber = vec![usize::MAX; options];
    let mut builder =
        crate::problem::ProblemBuilder::new(problem.primary_items(), problem.secondary_items());
    for k in (0..options).filter(|&k| used[k]) {
        renumber[k] = builder
            .colored_option(problem.option(k).zip(problem.option_colors(k)))
            .ok()?;
    }
    let narrowed = builder.build().ok()?;
    let leaves = leaves
        .iter()
        .map(|(chosen, w)| (chosen.iter().map(|&k| renumber[k]).collect(), *w))
        .collect();
    Some((narrowed, leaves))
}

/// Whether option `k` is compatible with the items' `state` (see [`FREE`]).
pub(super) fn live_in(problem: &Problem, state: &[u32], k: usize) -> bool {
    problem
        .option(k)
        .zip(problem.option_colors(k))
        .all(|(i, c)| match (state[i], c) {
            (FREE, _) => true,
            (s, Some(c)) => s == c + 1,
            (_, None) => false,
        })
}

/// The nodes between two questions to `stop`.
const STOP_EVERY: u64 = 1 << 14;

/// How a count of [`count_stoppable`] or [`count_leaves`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// The search ran to its end.
    Exhausted,
    /// `stop` said to stop.
    Stopped,
    /// The node budget ran out.
    OutOfNodes,
}

/// Counts the solutions of `solver` (a fresh search, or one with options forced, its node
/// budget set or not), asking `stop` every [`STOP_EVERY`] nodes, and `spend` with the nodes
/// searched since it last asked (which says whether a shared budget is spent): the
/// solutions found, and how the search ended.
pub(super) fn count_stoppable(
    solver: &mut Solver,
    stop: &(dyn Fn() -> bool + Sync),
    spend: &dyn Fn(u64) -> bool,
) -> (u64, Ended) {
    solver.set_pause_every(Some(STOP_EVERY));
    let mut found = 0u64;
    let mut told = solver.stats().nodes;
    let mut spent = |solver: &Solver| {
        let nodes = solver.stats().nodes;
        let out = spend(nodes - told);
        told = nodes;
        out
    };
    loop {
        match solver.step() {
            Step::Solution => found += 1,
            Step::Paused if stop() => return (found, Ended::Stopped),
            Step::Paused if spent(solver) => return (found, Ended::OutOfNodes),
            Step::Paused => {}
            Step::Exhausted => {
                spent(solver);
                return (found, Ended::Exhausted);
            }
            Step::GaveUp => {
                spent(solver);
                return (found, Ended::OutOfNodes);
            }
        }
    }
}

/// What [`count_leaves`] counted.
struct Leaves {
    /// The weighted sum of the completions counted.
    total: BigUint,
    /// The engines' statistics, summed.
    stats: Stats,
    /// How the count ended: [`Ended::Exhausted`] when every leaf was counted to its end.
    end: Ended,
}

/// The weighted sum of the completions of every leaf, on the threads and engine of `how`,
/// within its node budget, until `stop` says to stop.
fn count_leaves(
    problem: &Problem,
    leaves: &[Leaf],
    how: Counting,
    stop: &(dyn Fn() -> bool + Sync),
) -> Leaves {
    let next = AtomicUsize::new(0);
    let (stopped, out_of_nodes) = (AtomicBool::new(false), AtomicBool::new(false));
    // The nodes searched by every thread, as each last told; the budget is spent when they
    // reach it.
    let spent = AtomicU64::new(0);
    let budget = how.max_nodes.unwrap_or(u64::MAX);
    let spend = |nodes: u64| spent.fetch_add(nodes, Ordering::Relaxed) + nodes >= budget;
    let sum = Mutex::new((BigUint::from(0u32), Stats::default()));
    let work = || {
        let mut solver = Solver::with_engine(problem, how.engine);
        let mut mine = BigUint::from(0u32);
        let mut stats = Stats::default();
        while !stopped.load(Ordering::Relaxed) {
            let at = next.fetch_add(1, Ordering::Relaxed);
            let Some((chosen, weight)) = leaves.get(at) else {
                break;
            };
            let left = budget.saturating_sub(spent.load(Ordering::Relaxed));
            if left == 0 {
                out_of_nodes.store(true, Ordering::Relaxed);
                stopped.store(true, Ordering::Relaxed);
                break;
            }
            solver.reset();
            if solver.force_all(chosen).is_err() {
                continue;
            }
            solver.set_max_nodes(how.max_nodes.map(|_| left));
            let (found, end) = count_stoppable(&mut solver, stop, &spend);
            if end != Ended::Exhausted {
                out_of_nodes.fetch_or(end == Ended::OutOfNodes, Ordering::Relaxed);
                stopped.store(true, Ordering::Relaxed);
            }
            // A leaf cut short adds what it found: the total stays a lower bound.
            mine += BigUint::from(found) * *weight;
            stats += solver.stats();
        }
        let mut sum = sum.lock().expect("no thread panics holding it");
        sum.0 += mine;
        sum.1 += stats;
    };
    let jobs = how.jobs.max(1);
    if jobs == 1 || leaves.len() == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..jobs.min(leaves.len()) {
                s.spawn(work);
            }
        });
    }
    let (total, stats) = sum.into_inner().expect("no thread panicked");
    let end = match (stopped.into_inner(), out_of_nodes.into_inner()) {
        (false, _) => Ended::Exhausted,
        (true, false) => Ended::Stopped,
        (true, true) => Ended::OutOfNodes,
    };
    Leaves { total, stats, end }
}

/// The walk down the symmetric top of the tree (see the module docs).
struct Walk<'a> {
    problem: &'a Problem,
    elements: &'a [Permutation],
    /// The options of each item.
    uses: Vec<Vec<usize>>,
    /// Each item's state ([`FREE`] or its color plus one).
    state: Vec<u32>,
    /// The options chosen on the way to this node.
    chosen: Vec<usize>,
    /// The nodes where only the identity is left: their options, and the product of the
    /// orbits' sizes on the way.
    leaves: Vec<Leaf>,
    /// The steps taken; past [`WALK_BUDGET`] the walk stops short and its leaves are void.
    work: u64,
}

impl<'a> Walk<'a> {
    fn new(problem: &'a Problem, elements: &'a [Permutation]) -> Walk<'a> {
        let mut uses = vec![Vec::new(); problem.item_count()];
        for k in 0..problem.option_count() {
            for i in problem.option(k) {
                uses[i].push(k);
            }
        }
        Walk {
            problem,
            elements,
            uses,
            state: vec![FREE; problem.item_count()],
            chosen: Vec::new(),
            leaves: Vec::new(),
            work: 0,
        }
    }

    /// Whether option `k` is compatible with every option chosen.
    fn live(&self, k: usize) -> bool {
        live_in(self.problem, &self.state, k)
    }

    /// Chooses option `k`, returning the states it overwrote (for [`Walk::unchoose`]).
    fn choose(&mut self, k: usize) -> Vec<(usize, u32)> {
        let mut old = Vec::new();
        for (i, c) in self.problem.option(k).zip(self.problem.option_colors(k)) {
            old.push((i, self.state[i]));
            self.state[i] = c.map_or(0, |c| c + 1);
        }
        self.chosen.push(k);
        old
    }

    fn unchoose(&mut self, old: Vec<(usize, u32)>) {
        self.chosen.pop();
        for (i, s) in old.into_iter().rev() {
            self.state[i] = s;
        }
    }

    /// The node of the options chosen, with `group` (indices of elements) the symmetries
    /// kept and `weight` the orbits' sizes so far.
    fn node(&mut self, group: &[usize], weight: u64) {
        if self.work > WALK_BUDGET {
            return;
        }
        if group.len() <= 1 {
            self.leaves.push((self.chosen.clone(), weight));
            return;
        }
        // The live options of every free primary item; the candidates are the items with
        // the fewest (at most twice the least), of which the one with the fewest orbits of
        // live options under its stabilizer is taken.
        let mut lives: Vec<(usize, Vec<usize>)> = Vec::new();
        for i in 0..self.problem.primary_items() {
            if self.state[i] != FREE {
                continue;
            }
            self.work += self.uses[i].len() as u64;
            let live: Vec<usize> = self.uses[i]
                .iter()
                .copied()
                .filter(|&k| self.live(k))
                .collect();
            if live.is_empty() {
                return;
            }
            lives.push((i, live));
        }
        let least = lives.iter().map(|(_, l)| l.len()).min().unwrap_or(0);
        lives.retain(|(_, l)| l.len() <= 2 * least);
        lives.sort_by_key(|(_, l)| l.len());
        lives.truncate(CANDIDATES);
        let mut best: Option<(usize, usize, usize)> = None;
        for (i, live) in &lives {
            let stab: Vec<&Permutation> = group
                .iter()
                .map(|&g| &self.elements[g])
                .filter(|g| g.item(*i) == *i)
                .collect();
            self.work += (group.len() + stab.len() * live.len()) as u64;
            let reps = live
                .iter()
                .filter(|&&k| stab.iter().all(|g| g.option(k) >= k))
                .count();
            if best.is_none_or(|(r, n, _)| (reps, live.len()) < (r, n)) {
                best = Some((reps, live.len(), *i));
            }
        }
        let Some((_, _, item)) = best else {
            self.leaves.push((self.chosen.clone(), weight));
            return;
        };
        let mut orbit: Vec<usize> = group.iter().map(|&g| self.elements[g].item(item)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        let covers_bound = orbit.iter().try_fold(1u64, |n, &i| {
            let live = self.uses[i].iter().filter(|&&k| self.live(k)).count() as u64;
            n.checked_mul(live).filter(|&n| n <= MAX_COVERS)
        });
        let (items, kept): (Vec<usize>, Vec<usize>) = if orbit.len() > 1 && covers_bound.is_some() {
            (orbit, group.to_vec())
        } else {
            let stab = group
                .iter()
                .copied()
                .filter(|&g| self.elements[g].item(item) == item);
            (vec![item], stab.collect())
        };
        let mut covers = Vec::new();
        let mut cover = Vec::new();
        self.covers(&items, &mut cover, &mut covers);
        self.work += (covers.len() * kept.len()) as u64;
        for mut cover in covers {
            if self.work > WALK_BUDGET {
                return;
            }
            cover.sort_unstable();
            let mut least = true;
            let mut stab = Vec::new();
            let mut image = Vec::with_capacity(cover.len());
            for &g in &kept {
                image.clear();
                image.extend(cover.iter().map(|&k| self.elements[g].option(k)));
                image.sort_unstable();
                match image.cmp(&cover) {
                    std::cmp::Ordering::Less => {
                        least = false;
                        break;
                    }
                    std::cmp::Ordering::Equal => stab.push(g),
                    std::cmp::Ordering::Greater => {}
                }
            }
            if !least {
                continue;
            }
            let orbit_size = (kept.len() / stab.len()) as u64;
            let olds: Vec<_> = cover.iter().map(|&k| self.choose(k)).collect();
            self.node(&stab, weight * orbit_size);
            for old in olds.into_iter().rev() {
                self.unchoose(old);
            }
        }
    }

    /// Every set of live options that covers each item of `items` once, added to `covers`.
    fn covers(&mut self, items: &[usize], cover: &mut Vec<usize>, covers: &mut Vec<Vec<usize>>) {
        let Some(&i) = items.iter().find(|&&i| self.state[i] == FREE) else {
            covers.push(cover.clone());
            return;
        };
        for at in 0..self.uses[i].len() {
            let k = self.uses[i][at];
            if !self.live(k) {
                continue;
            }
            let old = self.choose(k);
            cover.push(k);
            self.covers(items, cover, covers);
            cover.pop();
            self.unchoose(old);
        }
    }
}
