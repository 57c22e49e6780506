//! Counting the solutions of one problem on several threads.
//!
//! The search tree is cut at a shallow level: one solver searches the levels above the cut
//! (`Solver::split`) and collects the subtrees below it, each named by the options chosen
//! on the way down. Then a pool of `jobs` threads (rayon's work stealing) searches the
//! subtrees, each thread on its own copy of the dancing links, replaying a subtree's choices
//! (`Solver::descend`) before counting below them, and the counts are summed.
//!
//! The cut is placed at the first level with at least [`SUBTREES_PER_JOB`] subtrees per job,
//! so that a thread that draws small subtrees can steal others while one thread is still in
//! a large one. Because the tree is cut exactly at its nodes, the summed [`Stats`] equal the
//! sequential search's: every node and every update is counted once, either above the cut or
//! in the one subtree it belongs to.

use rayon::prelude::*;

use crate::{Problem, Solver, Stats};

/// How many subtrees per job the cut aims at: enough for the busy threads to even out.
pub const SUBTREES_PER_JOB: usize = 64;

/// Counts every solution of `problem` with `jobs` threads (at least one), and returns the
/// work done: `stats.solutions` is the count, and `nodes` and `updates` are those of the
/// sequential search, as [`Solver::count`] reports them.
///
/// ```
/// use dancing::{ProblemBuilder, Solver};
/// // The 4 queens: rows and columns primary, diagonals secondary.
/// let mut b = ProblemBuilder::new(8, 14);
/// for r in 0..4 {
///     for c in 0..4 {
///         b.option([r, 4 + c, 8 + r + c, 15 + r + 3 - c])?;
///     }
/// }
/// let problem = b.build()?;
/// let stats = dancing::count_parallel(&problem, 2);
/// assert_eq!(stats.solutions, 2);
/// let mut solver = Solver::new(&problem);
/// solver.count(None).unwrap();
/// assert_eq!(stats, solver.stats());
/// # Ok::<(), dancing::BuildError>(())
/// ```
///
/// # Panics
/// If the thread pool cannot be created.
pub fn count_parallel(problem: &Problem, jobs: usize) -> Stats {
    let jobs = jobs.max(1);
    let pristine = Solver::new(problem);
    let mut top = pristine.clone();
    if jobs == 1 {
        top.count(None).expect("no node budget is set");
        return top.stats();
    }
    // Deepen the cut until it yields enough subtrees, or no subtree at all (the whole tree
    // lies above the cut, and `top` has searched it).
    let mut depth = 0;
    let subtrees = loop {
        depth += 1;
        top.reset();
        let subtrees = top.split(depth);
        if subtrees.is_empty() || subtrees.len() >= SUBTREES_PER_JOB * jobs {
            break subtrees;
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("a thread pool");
    let below = pool.install(|| {
        subtrees
            .par_iter()
            .map_init(
                || pristine.clone(),
                |solver, choices| {
                    solver.reset();
                    for &x in choices {
                        solver.descend(x);
                    }
                    solver.count(None).expect("no node budget is set");
                    solver.stats()
                },
            )
            .reduce(Stats::default, add)
    });
    add(top.stats(), below)
}

fn add(a: Stats, b: Stats) -> Stats {
    Stats {
        nodes: a.nodes + b.nodes,
        updates: a.updates + b.updates,
        solutions: a.solutions + b.solutions,
    }
}
