//! Minimum-cost solutions: the K cheapest solutions of a problem whose options have costs
//! (Knuth's DLX5; TAOCP 7.2.2.1), through [`MinCost`].
//!
//! A problem's options may carry costs (Knuth's `|n` tokens, read by [`crate::knuth`];
//! [`crate::ProblemBuilder::cost`]; [`crate::named::NamedBuilder::option_with_cost`]); a solution
//! costs the sum of its options' costs. Every other search of the crate ignores costs; this
//! module is the one that reads them.
//!
//! Costs are exact: an option's is a `u64`, and every sum (a solution's cost, the cost so
//! far of a node, the cutoff, the lower bounds) a `u128`, which no sum of fewer than 2^64
//! such costs passes; so a solution of cost 2^64 - 1 is kept like any other, and one of
//! 2^64 or more costs what it costs ([`Costed::cost`]).
//!
//! ```
//! use dancing::knuth::parse_str;
//! use dancing::mincost::MinCost;
//! // Cover a and b: both at once for 5, or one at a time for 1 + 2.
//! let problem = parse_str("a b\na b |5\na |1\nb |2\n")?.problem;
//! let found = MinCost::new(&problem).best(2).run()?;
//! let costs: Vec<u128> = found.solutions.iter().map(|s| s.cost).collect();
//! assert_eq!(costs, [3, 5]);
//! assert_eq!(found.solutions[0].options, [1, 2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The search
//! DLX5's, on links of its own (`links`) or on bitsets over the options (`bits`, which the
//! library takes whenever their masks fit: [`MinCostEngine`]): costs become *net costs* (each primary item
//! taxed by its cheapest option, so that it has one of net cost 0); each item list is
//! sorted cheapest first, so options are tried cheapest first; the K best solutions found so
//! far are kept (`best`) and every branch that cannot beat the K-th of them is cut, down
//! to the covers, which stop at the first option too dear to matter; and a lower bound on
//! what the open primary items still cost, from their cheapest live options, leaves a node
//! that cannot beat the K-th best before it branches (DLX5 has such a bound only under its
//! `Z` and `z` parameters). Colors work as in DLX2; multiplicities are refused
//! ([`MinCostError::Multiplicities`]: DLX5 has none, and Algorithm M's null moves have no
//! cost model).
//!
//! With [`MinCost::jobs`] above 1, the top of the tree is cut into subtrees (the nodes a few
//! levels down, cheapest prefix first) that threads take in turn (a pool of
//! [`crate::parallel::pool`]'s: fewer if the system cannot start them all, said in
//! [`Cheapest::threads`]), all of them reading one cutoff (an atomic the threads read at
//! every node). The costs found are the same whatever the threads; among solutions of equal
//! cost, which ones make the K may differ, and so do the statistics.
//!
//! The statistics: the links count DLX5's nodes, updates and cleansings; the bitsets count
//! nodes and solutions only (their `updates` and `cleansings` stay 0), and their tree may
//! differ a little from the links' (see `bits`).
//!
//! Budgets: [`MinCost::max_nodes`], [`MinCost::deadline`] and [`MinCost::stop_flag`] (for
//! Ctrl-C) end the search early; [`Cheapest::complete`] then says that the solutions are the
//! best found, not the best there are.

pub(crate) mod best;
mod bits;
mod bound;
mod links;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use thiserror::Error;

use crate::Problem;
use crate::search::Stats;
use best::Best;
use bits::Bits;
use links::Links;

/// Why [`MinCost::run`] cannot search.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MinCostError {
    /// The problem has multiplicities (bounds on primary items), which DLX5 does not take.
    #[error(
        "minimum-cost search takes no multiplicities (bounds u:v|x): DLX5 covers each primary item exactly once"
    )]
    Multiplicities,
    /// K = 0: no solution asked for.
    #[error("asked for the 0 cheapest solutions: expected at least 1")]
    ZeroBest,
}

/// One solution and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costed {
    /// The sum of the costs of its options, exact: each option costs less than 2^64 and
    /// a solution has fewer than 2^64 options, so the sum fits 128 bits.
    pub cost: u128,
    /// Its options, as the problem numbers them, in the order the search chose them.
    pub options: Vec<usize>,
}

/// What [`MinCost::run`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cheapest {
    /// The K cheapest solutions (fewer if the problem has fewer), cheapest first; among
    /// equal costs, in the order of their options.
    pub solutions: Vec<Costed>,
    /// The work done (nodes as DLX5 counts them, a solution being a node; `solutions`
    /// counts every solution that was the best K so far when found).
    pub stats: Stats,
    /// Whether the search ran to the end; `false` when a budget stopped it, and then the
    /// solutions are the cheapest found, not necessarily the cheapest there are.
    pub complete: bool,
    /// The threads the search asked the system for: 1, or [`MinCost::jobs`] (fewer when the
    /// tree has fewer subtrees to hand out).
    pub threads_asked: usize,
    /// The threads it ran on: [`threads_asked`](Self::threads_asked), or fewer when the system
    /// could not start them all ([`crate::parallel::pool`]).
    pub threads: usize,
}

/// A search for the K cheapest solutions of a problem: set it up, then [`MinCost::run`].
#[derive(Clone, Debug)]
pub struct MinCost<'p> {
    problem: &'p Problem,
    best: usize,
    jobs: usize,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    engine: MinCostEngine,
}

/// Which representation [`MinCost::run`] searches on; the costs found are the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum MinCostEngine {
    /// The bitsets whenever their masks fit in 64 MiB (items and colors named, times the
    /// options, one bit each), else the links: on the costed instances of
    /// `docs/performance.md` the bitsets take 1/2 to 1/4 of the links' time.
    #[default]
    Auto,
    /// DLX5's dancing links, any size (with Knuth's `updates` and `cleansings`).
    Links,
}

impl From<crate::Engine> for MinCostEngine {
    /// [`MinCostEngine::Links`] for [`crate::Engine::Links`] (Knuth's links asked for), the
    /// library's choice for any other engine, none of which has a min-cost search.
    fn from(engine: crate::Engine) -> Self {
        match engine {
            crate::Engine::Links => MinCostEngine::Links,
            _ => MinCostEngine::Auto,
        }
    }
}

/// What a min-cost search runs on: the links or the bitsets, behind the calls [`parallel`]
/// makes (the prefixes are nodes of the links, option numbers of the bitsets).
trait Tree: Clone + Send + Sync {
    /// The children of the node after the choices `prefix`; `None` at a solution.
    fn children(&mut self, prefix: &[u32]) -> Option<Vec<u32>>;
    /// The net cost of the choices `prefix`.
    fn cost_of(&self, prefix: &[u32]) -> u128;
    /// Searches below `prefix`; `false` if the budget ran out.
    fn search(&mut self, prefix: &[u32], best: &Best, budget: &Budget) -> bool;
    /// The work done so far.
    fn stats(&self) -> Stats;
}

impl Tree for Links {
    fn children(&mut self, prefix: &[u32]) -> Option<Vec<u32>> {
        Links::children(self, prefix)
    }
    fn cost_of(&self, prefix: &[u32]) -> u128 {
        Links::cost_of(self, prefix)
    }
    fn search(&mut self, prefix: &[u32], best: &Best, budget: &Budget) -> bool {
        Links::search(self, prefix, best, budget)
    }
    fn stats(&self) -> Stats {
        self.stats
    }
}

impl Tree for Bits {
    fn children(&mut self, prefix: &[u32]) -> Option<Vec<u32>> {
        Bits::children(self, prefix)
    }
    fn cost_of(&self, prefix: &[u32]) -> u128 {
        Bits::cost_of(self, prefix)
    }
    fn search(&mut self, prefix: &[u32], best: &Best, budget: &Budget) -> bool {
        Bits::search(self, prefix, best, budget)
    }
    fn stats(&self) -> Stats {
        self.stats
    }
}

/// What a search did: its statistics, whether it ended, and the threads it asked for and
/// ran on.
struct Ran {
    stats: Stats,
    complete: bool,
    threads_asked: usize,
    threads: usize,
}

/// Runs the search on `tree`, on `jobs` threads.
fn run_on<T: Tree>(mut tree: T, jobs: usize, best: &Best, budget: &Budget) -> Ran {
    if jobs == 1 {
        let complete = tree.search(&[], best, budget);
        Ran {
            stats: tree.stats(),
            complete,
            threads_asked: 1,
            threads: 1,
        }
    } else {
        parallel(&tree, jobs, best, budget)
    }
}

impl<'p> MinCost<'p> {
    /// The search for the cheapest solution of `problem`, on one thread, without budget.
    pub fn new(problem: &'p Problem) -> Self {
        MinCost {
            problem,
            best: 1,
            jobs: 1,
            max_nodes: None,
            deadline: None,
            stop: None,
            engine: MinCostEngine::Auto,
        }
    }

    /// Searches on `engine` (default [`MinCostEngine::Auto`]).
    pub fn engine(mut self, engine: MinCostEngine) -> Self {
        self.engine = engine;
        self
    }

    /// Asks for the `k` cheapest solutions (DLX5's `k` parameter).
    pub fn best(mut self, k: usize) -> Self {
        self.best = k;
        self
    }

    /// Searches on `jobs` threads (at least 1) sharing the cutoff.
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// Gives up after about `nodes` nodes (exactly, on one thread); `None`: no limit.
    pub fn max_nodes(mut self, nodes: Option<u64>) -> Self {
        self.max_nodes = nodes;
        self
    }

    /// Gives up at `deadline`; `None`: no deadline.
    pub fn deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Gives up once `stop` is set (a Ctrl-C handler's flag).
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Runs the search.
    ///
    /// # Errors
    /// [`MinCostError::Multiplicities`] for a problem with bounds; [`MinCostError::ZeroBest`]
    /// when asked for 0 solutions.
    pub fn run(&self) -> Result<Cheapest, MinCostError> {
        if self.problem.has_multiplicities() {
            return Err(MinCostError::Multiplicities);
        }
        if self.best == 0 {
            return Err(MinCostError::ZeroBest);
        }
        let budget = Budget {
            max_nodes: self.max_nodes.unwrap_or(u64::MAX),
            deadline: self.deadline,
            stop: self.stop.clone(),
            spent: AtomicU64::new(0),
            halted: AtomicBool::new(false),
        };
        let best = Best::new(self.best);
        let bits = match self.engine {
            MinCostEngine::Auto => Bits::new(self.problem),
            MinCostEngine::Links => None,
        };
        let (tax, ran) = match bits {
            Some(bits) => (bits.total_tax, run_on(bits, self.jobs, &best, &budget)),
            None => {
                let links = Links::new(self.problem);
                (links.total_tax, run_on(links, self.jobs, &best, &budget))
            }
        };
        let solutions = best
            .into_sorted()
            .into_iter()
            .map(|(net, options)| Costed {
                cost: net + tax,
                options,
            })
            .collect();
        Ok(Cheapest {
            solutions,
            stats: ran.stats,
            complete: ran.complete,
            threads_asked: ran.threads_asked,
            threads: ran.threads,
        })
    }
}

/// The subtrees per thread that [`parallel`] aims for.
const TASKS_PER_JOB: usize = 16;

/// The deepest level [`parallel`] cuts the tree at.
const MAX_CUT: usize = 8;

/// Cuts the top of the tree into subtrees (see the module docs) and searches them on `jobs`
/// threads (fewer if the system cannot start them all); the statistics summed and whether
/// every subtree was searched.
fn parallel<T: Tree>(tree: &T, jobs: usize, best: &Best, budget: &Budget) -> Ran {
    let mut cutter = tree.clone();
    let mut tasks: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..MAX_CUT {
        if tasks.len() >= jobs * TASKS_PER_JOB {
            break;
        }
        let mut next = Vec::new();
        for task in tasks {
            match cutter.children(&task) {
                None => next.push(task),
                Some(children) => next.extend(children.into_iter().map(|x| {
                    let mut child = task.clone();
                    child.push(x);
                    child
                })),
            }
        }
        tasks = next;
    }
    tasks.sort_by_key(|t| cutter.cost_of(t));
    let taken = AtomicUsize::new(0);
    // A thread's work: subtrees taken in turn until none is left or the budget runs out.
    let work = |mut tree: T| loop {
        let Some(task) = tasks.get(taken.fetch_add(1, Ordering::Relaxed)) else {
            return (tree.stats(), true);
        };
        if !tree.search(task, best, budget) {
            return (tree.stats(), false);
        }
    };
    let threads_asked = jobs.min(tasks.len().max(1));
    // As many threads as the system can start, or the calling thread alone.
    let Some(pool) = crate::parallel::pool(threads_asked) else {
        let (stats, complete) = work(tree.clone());
        return Ran {
            stats,
            complete,
            threads_asked,
            threads: 1,
        };
    };
    let results = pool.broadcast(|_| work(tree.clone()));
    Ran {
        stats: results.iter().map(|&(stats, _)| stats).sum(),
        complete: results.iter().all(|&(_, complete)| complete),
        threads_asked,
        threads: results.len(),
    }
}

/// The nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 4096;

/// One thread's account with the [`Budget`]: the nodes it has reported, and the node count at
/// which it reports next.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Meter {
    /// The node count at which the budget is checked next.
    pub(crate) check_at: u64,
    /// The nodes already reported to the budget.
    reported: u64,
}

impl Meter {
    /// Reports the nodes since the last report (`nodes` is the thread's count so far) to
    /// `budget`, and sets the next check; whether the search may go on.
    pub(crate) fn check(&mut self, nodes: u64, budget: &Budget) -> bool {
        let go_on = budget.spend(nodes - self.reported);
        self.reported = nodes;
        self.check_at = nodes + budget.next_check();
        go_on
    }
}

/// The budget of a search, shared by its threads: nodes, a deadline and a stop flag.
#[derive(Debug)]
pub(crate) struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Nodes reported by the threads so far.
    spent: AtomicU64,
    /// Set once any limit is reached, so that every thread stops.
    halted: AtomicBool,
}

impl Budget {
    /// No limit at all.
    #[cfg(test)]
    pub(crate) fn unlimited() -> Budget {
        Budget {
            max_nodes: u64::MAX,
            deadline: None,
            stop: None,
            spent: AtomicU64::new(0),
            halted: AtomicBool::new(false),
        }
    }

    /// Records `nodes` more nodes; whether the search may go on.
    pub(crate) fn spend(&self, nodes: u64) -> bool {
        let spent = self.spent.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let over = spent > self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
        if over {
            self.halted.store(true, Ordering::Relaxed);
        }
        !self.halted.load(Ordering::Relaxed)
    }

    /// The nodes a thread may enter before it calls [`Budget::spend`] again: at most
    /// [`CHECK_EVERY`], and no more than one past the node budget.
    pub(crate) fn next_check(&self) -> u64 {
        let left = self
            .max_nodes
            .saturating_sub(self.spent.load(Ordering::Relaxed))
            .saturating_add(1);
        left.clamp(1, CHECK_EVERY)
    }
}
