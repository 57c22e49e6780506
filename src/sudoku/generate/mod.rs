//! Making puzzles: a random full grid, then givens removed while the solution stays unique.
//!
//! 1. **A random full grid** comes from the solver of the checks: `N` random cells get
//!    random digits that share no item with each other (so every rule still holds), the
//!    search finds the first solution of that puzzle, and a random permutation renames its
//!    digits. A 9x9 grid takes some 70,000 instructions that way, a third of the way before.
//!    When that puzzle has no solution within [`RESTART_UNIT`] nodes beyond one a primary
//!    item (a few random digits can rule out every grid of a variant, or of 4x4), the grid
//!    comes from the dancing links of the empty grid's matrix instead, kept from grid to
//!    grid and threaded through its options in a random order (as if the matrix had been
//!    built in that order, without building it), so the search (the leftmost shortest item,
//!    its options in list order) tries digits in a random order and stops at a random grid.
//!    That search gets the same budget; when it runs out it goes on by randomized restarts
//!    ([`crate::restart`]). The first grid of X with anti-knight, searched in one fixed
//!    random order, took from 2 s to more than two minutes (the heavy tail that restarts
//!    cut).
//! 2. **Removal**: the cells are visited in a random order (by orbits of the chosen
//!    [`Symmetry`], all cells of an orbit together); an orbit's givens are removed for good
//!    when the puzzle still has exactly one solution, and put back otherwise. For an orbit
//!    of one cell, that is when no solution avoids the cell's digit (a search for one
//!    solution with that digit excluded, [`SudokuSolver::count_avoiding_watched`]: the
//!    solutions that place it are the one of the puzzle before), which took 15% of the
//!    instructions out of `dancing sudoku generate` (see `docs/performance.md`); for a larger
//!    orbit, and under a node budget ([`Generator::with_check_nodes`]), a count up to two.
//!    Two shortcuts come first: a removal that leaves one of the grid's small unavoidable
//!    sets without a given (two digits that can swap there, see `unavoidable.rs`) allows a
//!    second solution, and one whose cells the remaining givens force by singles
//!    (`Generator::forced`) keeps the one solution.
//!
//! The solver of the checks runs on the engine `auto` picks for classic 9x9 (the band
//! engine: each check a reset, its givens forced in bulk, a search of a node or a few) and on
//! the bits for every other shape and variant (each check from the root of the last,
//! `Solver::reroot`). Instructions of `valgrind --tool=callgrind dancing sudoku generate
//! --count 200 --jobs 1 --quiet` (CI profile build): 293M on the bits, 182M on the band
//! engine; with `--symmetry rotate180` (50 puzzles) 63.7M and 39.1M; but `--x` (50) 303M and
//! 319M on the band engine's frames, so the variants keep the bits. The full grid is the
//! first solution of the band engine's tree, not DLX1's, so a seed gives other puzzles than
//! on the bits, made the same way; a node budget ([`Generator::with_check_nodes`]) counts the
//! band engine's nodes.
//!
//! The result is **minimal**: removing any remaining given (any remaining orbit, with a
//! symmetry) gives a puzzle with several solutions. One pass suffices: a given kept because
//! its removal allowed a second solution still allows it after later removals, since removing
//! givens never removes solutions.
//!
//! Two limits make puzzles that are unique but not minimal, for grids whose minimal puzzles
//! are too slow to make or to solve (25x25 and 36x36): [`Generator::with_min_givens`] stops
//! the removal at a number of givens, and [`Generator::with_check_nodes`] gives each
//! uniqueness count a node budget, a removal whose count runs out being undone as if it had
//! allowed a second solution. Every removal kept was still proved to leave one solution, so
//! the puzzle stays unique; and since the last removal kept was counted within the budget
//! (or forced by singles), the finished puzzle solves within about that many nodes.
//!
//! Everything random comes from one [`Rng`] seeded by the caller, so a seed always gives the
//! same puzzle, on any machine; [`puzzle_seed`] derives the seed of the `k`-th puzzle of a
//! run, so a run's puzzles do not depend on how many threads made them.

mod unavoidable;

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use super::grid::{Grid, Shape};
use super::rules::Rules;
use super::solve::{Progress, SolveError, SudokuSolver, matrix, option_of};
use crate::restart::{RESTART_UNIT, Restarts};
use crate::{Engine, Problem, Solver, Step};
use unavoidable::Unavoidable;

pub use crate::rng::Rng;

/// The seed of puzzle `k` of a run seeded with `seed`: independent of how the run is split.
pub fn puzzle_seed(seed: u64, k: u64) -> u64 {
    Rng::new(seed ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Which cells' givens are kept or removed together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every cell on its own.
    #[default]
    None,
    /// A cell with its image under a half turn.
    Rotate180,
    /// A cell with its images under quarter turns.
    Rotate90,
    /// A cell with its mirror image across the vertical axis.
    Mirror,
    /// A cell with its mirror image across the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// `none`, `rotate180`, `rotate90`, `mirror` or `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cells of the orbit of (`row`, `col`) in a grid of side `n`, as row-major indices,
    /// sorted and without repeats.
    pub fn orbit(self, n: usize, row: usize, col: usize) -> Vec<usize> {
        let last = n - 1;
        let mut cells: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(row, col)],
            Symmetry::Rotate180 => vec![(row, col), (last - row, last - col)],
            Symmetry::Rotate90 => vec![
                (row, col),
                (col, last - row),
                (last - row, last - col),
                (last - col, row),
            ],
            Symmetry::Mirror => vec![(row, col), (row, last - col)],
            Symmetry::Diagonal => vec![(row, col), (col, row)],
        };
        cells.sort_unstable();
        cells.dedup();
        cells.into_iter().map(|(r, c)| r * n + c).collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name [`Symmetry::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}`, expected none, rotate180, rotate90, mirror or diagonal")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|y| y.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSymmetry(s.to_owned()))
    }
}

/// A generated puzzle and its one solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The puzzle, with exactly one solution: minimal, unless the generator has a limit
    /// ([`Generator::with_min_givens`], [`Generator::with_check_nodes`]).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
}

/// Makes puzzles of one shape, reusing its solver.
#[derive(Clone, Debug)]
pub struct Generator {
    shape: Shape,
    solver: SudokuSolver,
    /// The matrix of the empty grid, whose solutions are the full grids.
    problem: Problem,
    /// The links of that matrix, rethreaded in a random order for each full grid.
    full: Solver,
    /// The options of each item of that matrix.
    lists: Vec<Vec<usize>>,
    /// The orbits of the symmetry, each a sorted list of cells, in the order of their first
    /// cells.
    orbits: Vec<Vec<usize>>,
    /// For each item of the matrix, how many givens of the puzzle being made cover it
    /// (their options name it), kept as givens are removed and put back, for
    /// [`Generator::forced`].
    covers: Vec<u32>,
    /// The two-digit unavoidable sets of the full grid, with their givens left.
    unavoidable: Unavoidable,
    /// The removal never leaves fewer givens than this (0: no limit).
    min_givens: usize,
    /// The node budget of each uniqueness check, if any.
    check_nodes: Option<u64>,
    /// How often the searches pause by the clock to call a watch ([`Generator::with_watch_time`]).
    watch_time: Option<Duration>,
}

impl Generator {
    /// A generator of classic puzzles of `shape` whose givens have `symmetry`.
    pub fn new(shape: Shape, symmetry: Symmetry) -> Generator {
        Generator::with_rules(Rules::classic(shape), symmetry)
    }

    /// A generator of puzzles under `rules` (any shape and variant) whose givens have
    /// `symmetry`: the full grid and the uniqueness counts come from the variant's matrix.
    ///
    /// ```
    /// use dancing::sudoku::{check, generate::{Generator, Symmetry}, grid::Shape, rules::Rules};
    /// let rules = Rules::classic(Shape::with_boxes(2, 3).unwrap()).with_anti_king();
    /// let made = Generator::with_rules(rules.clone(), Symmetry::None).generate(1);
    /// assert_eq!(check::verify_under(&rules, &made.puzzle, &made.solution), Ok(()));
    /// ```
    pub fn with_rules(rules: Rules, symmetry: Symmetry) -> Generator {
        let shape = rules.shape();
        let problem = matrix(&rules);
        let mut lists = vec![Vec::new(); problem.item_count()];
        for k in 0..problem.option_count() {
            for i in problem.option(k) {
                lists[i].push(k);
            }
        }
        let unavoidable = Unavoidable::new(shape.side(), problem.item_count());
        let classic = rules.shape() == Shape::CLASSIC && rules.is_classic();
        let mut solver = SudokuSolver::with_rules(rules);
        // The checks of a classic 9x9 grid run on the engine `auto` picks (the band engine),
        // each from a reset with its givens forced; the others on the bits, from the root of
        // the last check (see `on_knuth_tree`), the band engine's frames having measured
        // slower on X.
        if !classic {
            solver.on_knuth_tree();
        }
        Generator {
            shape,
            unavoidable,
            solver,
            full: Solver::with_engine(&problem, Engine::Links),
            problem,
            lists,
            orbits: orbits(shape.side(), symmetry),
            covers: Vec::new(),
            min_givens: 0,
            check_nodes: None,
            watch_time: None,
        }
    }

    /// Stops removing givens before fewer than `givens` would remain: an orbit whose removal
    /// would go below is kept. The puzzles are unique, and minimal only if the removal
    /// stopped by itself above `givens`.
    pub fn with_min_givens(mut self, givens: usize) -> Generator {
        self.min_givens = givens;
        self
    }

    /// Gives each uniqueness count a budget of `nodes` nodes (`None`: none): a removal whose
    /// count runs out is undone, as one that allows a second solution is. The puzzles are
    /// unique, not necessarily minimal, and their search stays near `nodes` nodes; see the
    /// module docs.
    pub fn with_check_nodes(mut self, nodes: Option<u64>) -> Generator {
        self.solver.set_max_nodes(nodes);
        self.check_nodes = nodes;
        self
    }

    /// Pauses each uniqueness count every `nodes` nodes (`None`: never) to call the watch of
    /// [`Generator::generate_watched`].
    pub fn with_watch_every(mut self, nodes: Option<u64>) -> Generator {
        self.solver.set_watch_every(nodes);
        self
    }

    /// Pauses each uniqueness count about every `time` (`None`: not by the clock) to call the
    /// watch of [`Generator::generate_watched`], whatever a node of its search costs
    /// ([`SudokuSolver::set_watch_time`]): how a caller stops the making of a puzzle within
    /// a fraction of a second (Ctrl-C, a budget of time).
    pub fn with_watch_time(mut self, time: Option<Duration>) -> Generator {
        self.solver.set_watch_time(time);
        self.watch_time = time;
        self
    }

    /// A random full grid (see the module docs).
    ///
    /// # Panics
    /// If the rules leave the empty grid without a solution (some variants on small shapes
    /// do): [`Generator::try_full_grid`] tells.
    pub fn full_grid(&mut self, rng: &mut Rng) -> Grid {
        self.try_full_grid(rng)
            .expect("the rules leave the empty grid a solution (see try_full_grid)")
    }

    /// A random full grid, or `None` when the rules leave the empty grid without a solution
    /// (X with anti-king on 4x4, say), so that no puzzle can be made.
    ///
    /// ```
    /// use dancing::sudoku::generate::{Generator, Rng, Symmetry};
    /// use dancing::sudoku::{grid::Shape, rules::Rules};
    /// let rules = Rules::classic(Shape::new(2).unwrap()).with_x().with_anti_king();
    /// let mut generator = Generator::with_rules(rules, Symmetry::None);
    /// assert_eq!(generator.try_full_grid(&mut Rng::new(1)), None);
    /// ```
    pub fn try_full_grid(&mut self, rng: &mut Rng) -> Option<Grid> {
        match self.try_full_grid_watched(rng, |_| ControlFlow::Continue(())) {
            ControlFlow::Continue(grid) => grid,
            ControlFlow::Break(()) => unreachable!("a watch that never stops"),
        }
    }

    /// [`Generator::try_full_grid`], calling `watch` at the pauses of its randomized restarts
    /// ([`Generator::with_watch_time`]; never without it), which may stop it:
    /// [`ControlFlow::Break`] then. A full grid of 36x36 can take half a minute.
    pub fn try_full_grid_watched(
        &mut self,
        rng: &mut Rng,
        mut watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> ControlFlow<(), Option<Grid>> {
        match self.seeded_full_grid(rng, &mut watch)? {
            Some(grid) => ControlFlow::Continue(Some(grid)),
            None => self.shuffled_full_grid(rng, watch),
        }
    }

    /// A full grid from the empty grid's links threaded in a random order (step 1 of the
    /// module docs, when [`Generator::seeded_full_grid`] fails), or `None` when the rules
    /// leave the empty grid without a solution; stopped when `watch`, called at the pauses of
    /// the restarts, breaks.
    fn shuffled_full_grid(
        &mut self,
        rng: &mut Rng,
        mut watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> ControlFlow<(), Option<Grid>> {
        let mut order: Vec<usize> = (0..self.problem.option_count()).collect();
        rng.shuffle(&mut order);
        let threaded = self.full.thread_in_order(&order);
        debug_assert!(threaded, "the links of a Sudoku matrix are DLX1's");
        self.full
            .set_max_nodes(Some(RESTART_UNIT + self.problem.primary_items() as u64));
        let chosen: Vec<usize> = match self.full.next_solution() {
            Ok(Some(chosen)) => chosen,
            Ok(None) => return ControlFlow::Continue(None),
            Err(_) => {
                let mut restarts = Restarts::new(&self.problem, rng.next_u64(), Engine::Links);
                restarts.set_pause_time(self.watch_time);
                // Without a budget a search ends at a solution or at the end of its tree.
                loop {
                    match restarts.step() {
                        Step::Solution => break,
                        Step::Paused => {
                            let nodes = restarts.stats().nodes;
                            watch(Progress {
                                nodes,
                                explored: 0.0,
                            })?;
                        }
                        Step::Exhausted | Step::GaveUp => return ControlFlow::Continue(None),
                    }
                }
                restarts.solution()
            }
        };
        let n = self.shape.side();
        let mut grid = Grid::empty(self.shape);
        for option in chosen {
            let cell = option / n;
            grid.set(cell / n, cell % n, (option % n) as u8 + 1);
        }
        ControlFlow::Continue(Some(grid))
    }

    /// A full grid from the solver (step 1 of the module docs): `N` random cells get random
    /// digits, each sharing no item with the ones before, and the first solution of that
    /// puzzle has its digits renamed by a random permutation (every rule of [`Rules`] says
    /// that some cells hold different digits, so a renamed grid keeps them). `None` when
    /// that puzzle has no solution within [`RESTART_UNIT`] nodes beyond one a primary item;
    /// stopped when `watch`, called at the pauses of the search, breaks.
    fn seeded_full_grid(
        &mut self,
        rng: &mut Rng,
        watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> ControlFlow<(), Option<Grid>> {
        let n = self.shape.side();
        let mut taken = vec![false; self.problem.item_count()];
        let mut cells: Vec<usize> = (0..n * n).collect();
        let mut puzzle = Grid::empty(self.shape);
        for k in 0..n {
            cells.swap(k, k + rng.below(n * n - k));
            let cell = cells[k];
            let free = |d: &usize| !self.problem.option(cell * n + d).any(|i| taken[i]);
            let choices = (0..n).filter(free).count();
            if choices == 0 {
                continue;
            }
            let Some(d) = (0..n).filter(free).nth(rng.below(choices)) else {
                return ControlFlow::Continue(None);
            };
            for i in self.problem.option(cell * n + d) {
                taken[i] = true;
            }
            puzzle.set(cell / n, cell % n, d as u8 + 1);
        }
        self.solver
            .set_max_nodes(Some(RESTART_UNIT + self.problem.primary_items() as u64));
        let solved = self.solver.solve_watched(&puzzle, 1, watch);
        self.solver.set_max_nodes(self.check_nodes);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        let solved = match solved {
            Ok(solved) => solved.grid,
            Err(SolveError::Stopped { .. }) => return ControlFlow::Break(()),
            Err(_) => return ControlFlow::Continue(None),
        };
        let cells = solved.cells().iter();
        let cells = cells.map(|&d| digits[usize::from(d) - 1]).collect();
        ControlFlow::Continue(Some(Grid::from_checked(self.shape, cells)))
    }

    /// A minimal puzzle with exactly one solution, made from `seed` (see the module docs).
    pub fn generate(&mut self, seed: u64) -> Generated {
        self.generate_watched(seed, |_| ControlFlow::Continue(()))
            .expect("a watch that never stops")
    }

    /// [`Generator::generate`], calling `watch` after each uniqueness count and at the pauses
    /// of a long one ([`Generator::with_watch_every`], [`Generator::with_watch_time`]), with
    /// the nodes of the counts so far and the share of the orbits visited; `None` when `watch`
    /// stopped it by returning [`ControlFlow::Break`]. The random full grid, made first, is
    /// watched at the pauses by the clock of its restarts, if any (with the share 0).
    ///
    /// # Panics
    /// As [`Generator::full_grid`].
    ///
    /// ```
    /// use dancing::sudoku::generate::{Generator, Symmetry};
    /// use dancing::sudoku::grid::Shape;
    /// use std::ops::ControlFlow;
    /// let mut generator = Generator::new(Shape::CLASSIC, Symmetry::None);
    /// let mut last = 0.0;
    /// let made = generator.generate_watched(1, |p| {
    ///     assert!(p.explored >= last);
    ///     last = p.explored;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(made, Some(generator.generate(1)));
    /// assert!(generator.generate_watched(1, |_| ControlFlow::Break(())).is_none());
    /// ```
    pub fn generate_watched(
        &mut self,
        seed: u64,
        mut watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Option<Generated> {
        let mut rng = Rng::new(seed);
        let solution = self
            .try_full_grid_watched(&mut rng, &mut watch)
            .continue_value()?
            .expect("the rules leave the empty grid a solution (see try_full_grid)");
        // The orbits in a random order (the same order as shuffling the orbits themselves).
        let orbits = std::mem::take(&mut self.orbits);
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let result = self.remove(&mut watch, &orbits, &order, solution);
        self.orbits = orbits;
        result
    }

    /// The removal of [`Generator::generate_watched`] from the full grid `solution`, visiting
    /// the orbits in `order`.
    fn remove(
        &mut self,
        watch: &mut impl FnMut(Progress) -> ControlFlow<()>,
        orbits: &[Vec<usize>],
        order: &[usize],
        solution: Grid,
    ) -> Option<Generated> {
        let n = self.shape.side();
        let mut puzzle = solution.clone();
        let mut avoid = Grid::empty(self.shape);
        let mut givens = n * n;
        let mut nodes = 0;
        self.covers.clear();
        self.covers.resize(self.problem.item_count(), 0);
        for cell in 0..n * n {
            self.cover(cell, &solution, 1);
        }
        self.unavoidable.find(&self.problem, solution.cells());
        for (visited, orbit) in order.iter().map(|&k| &orbits[k]).enumerate() {
            if givens < self.min_givens + orbit.len() {
                continue;
            }
            givens -= orbit.len();
            let mut open = false;
            for &c in orbit {
                puzzle.set(c / n, c % n, 0);
                self.cover(c, &solution, -1);
                open |= self.unavoidable.remove(c);
            }
            if open {
                // An unavoidable set without a given: a second solution, no search needed.
                self.put_back(orbit, &solution, &mut puzzle);
                givens += orbit.len();
                continue;
            }
            if self.forced(orbit, &solution) {
                continue;
            }
            let share = |explored: f64| (visited as f64 + explored) / orbits.len() as f64;
            let watched = |p: Progress| {
                watch(Progress {
                    nodes: nodes + p.nodes,
                    explored: share(p.explored),
                })
            };
            // Unique when proved so within the node budget, if any: for one cell, when no
            // solution avoids its digit; for several, or under a budget (which bounds the
            // finished puzzle's own count), by a count up to two.
            let count = match orbit[..] {
                [c] if self.check_nodes.is_none() => {
                    avoid.set(c / n, c % n, solution.cells()[c]);
                    let avoiding = self
                        .solver
                        .count_avoiding_watched(&puzzle, &avoid, 1, watched);
                    avoid.set(c / n, c % n, 0);
                    avoiding.map(|count| count == 0)
                }
                _ => (self.solver.count_watched(&puzzle, 2, watched)).map(|count| count == 1),
            };
            nodes += self.solver.stats().nodes;
            let unique = match count {
                Err(SolveError::Stopped { .. }) => return None,
                count => count.unwrap_or(false),
            };
            if !unique {
                self.put_back(orbit, &solution, &mut puzzle);
                givens += orbit.len();
            }
            let progress = Progress {
                nodes,
                explored: share(1.0),
            };
            if watch(progress).is_break() {
                return None;
            }
        }
        Some(Generated { puzzle, solution })
    }

    /// Puts the givens of `orbit` back into `puzzle`, from `solution`.
    fn put_back(&mut self, orbit: &[usize], solution: &Grid, puzzle: &mut Grid) {
        let n = self.shape.side();
        for &c in orbit {
            puzzle.set(c / n, c % n, solution.cells()[c]);
            self.cover(c, solution, 1);
            self.unavoidable.restore(c);
        }
    }

    /// Adds `delta` to the cover counts of the items of `cell`'s option in `solution` (a
    /// given put in, 1, or taken out, -1).
    fn cover(&mut self, cell: usize, solution: &Grid, delta: i32) {
        let n = self.shape.side();
        let option = option_of(n, cell, solution.cells()[cell]);
        for &i in self.problem.option_items(option) {
            self.covers[i as usize] = self.covers[i as usize].wrapping_add_signed(delta);
        }
    }

    /// Whether the givens alone (as [`Generator::cover`] counts them) force the digits of
    /// `solution` into the blank cells of `orbit`: for each such cell, either every other
    /// option of the cell, or every other option of one of the items of the cell's solution
    /// option (the digit in a box, a row, a column), shares an item with a given's option: a
    /// naked or a hidden single made by the givens alone. Then the puzzle has the solutions of
    /// the puzzle before the orbit was removed, one, and no search is needed. Early in the
    /// removal, when most cells are still given, this settles most orbits.
    fn forced(&self, orbit: &[usize], solution: &Grid) -> bool {
        let n = self.shape.side();
        let dead = |k: usize| {
            let items = self.problem.option_items(k);
            items.iter().any(|&i| self.covers[i as usize] != 0)
        };
        orbit.iter().all(|&cell| {
            let keep = option_of(n, cell, solution.cells()[cell]);
            let naked = (cell * n..cell * n + n).all(|k| k == keep || dead(k));
            naked
                || self.problem.option_items(keep).iter().any(|&i| {
                    let i = i as usize;
                    // Only a primary item must be covered: a hidden single.
                    self.problem.is_primary(i)
                        && self.lists[i].iter().all(|&k| k == keep || dead(k))
                })
        })
    }
}

/// The orbits of `symmetry` on a grid of side `n`, each a sorted list of cells (row-major),
/// in the order of their first cells.
fn orbits(n: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut orbits = Vec::new();
    let mut seen = vec![false; n * n];
    for cell in 0..n * n {
        if !seen[cell] {
            let orbit = symmetry.orbit(n, cell / n, cell % n);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
    }
    orbits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::check::{self, verify};

    #[test]
    fn orbits_partition_the_grid_for_every_symmetry() {
        for symmetry in Symmetry::ALL {
            for n in [4, 9] {
                let mut count = vec![0; n * n];
                for cell in 0..n * n {
                    let orbit = symmetry.orbit(n, cell / n, cell % n);
                    assert!(orbit.contains(&cell), "{symmetry} {n}");
                    for &c in &orbit {
                        // Every cell of an orbit has the same orbit.
                        assert_eq!(symmetry.orbit(n, c / n, c % n), orbit);
                        count[c] += 1;
                    }
                }
                assert!(count.iter().all(|&k| k > 0));
            }
        }
    }

    #[test]
    fn both_ways_to_a_full_grid_give_valid_grids_that_depend_only_on_the_seed() {
        let six = Shape::with_boxes(2, 3).unwrap();
        for rules in [
            Rules::classic(Shape::CLASSIC),
            Rules::classic(Shape::CLASSIC)
                .with_x()
                .with_hyper()
                .unwrap(),
            Rules::classic(six).with_anti_king(),
            Rules::classic(Shape::new(4).unwrap()),
        ] {
            let mut g = Generator::with_rules(rules.clone(), Symmetry::None);
            let empty = Grid::empty(rules.shape());
            let mut seeded = 0;
            let go_on = |_| ControlFlow::Continue(());
            let made = |flow: ControlFlow<(), Option<Grid>>| flow.continue_value().unwrap();
            for seed in 0..6 {
                let made_seeded = made(g.seeded_full_grid(&mut Rng::new(seed), go_on));
                if let Some(grid) = &made_seeded {
                    seeded += 1;
                    assert_eq!(check::verify_under(&rules, &empty, grid), Ok(()));
                }
                let again = made(g.seeded_full_grid(&mut Rng::new(seed), go_on));
                assert_eq!(made_seeded, again);
                let shuffled = made(g.shuffled_full_grid(&mut Rng::new(seed), go_on)).unwrap();
                assert_eq!(check::verify_under(&rules, &empty, &shuffled), Ok(()));
                let again = made(g.shuffled_full_grid(&mut Rng::new(seed), go_on));
                assert_eq!(Some(shuffled), again);
            }
            assert!(seeded > 0, "{rules}");
        }
    }

    #[test]
    fn a_full_grid_is_a_valid_solution_and_depends_only_on_the_seed() {
        let mut g = Generator::new(Shape::CLASSIC, Symmetry::None);
        let a = g.full_grid(&mut Rng::new(7));
        verify(&Grid::empty(Shape::CLASSIC), &a).unwrap();
        assert_eq!(a, g.full_grid(&mut Rng::new(7)));
        assert_ne!(a, g.full_grid(&mut Rng::new(8)));
    }
}
