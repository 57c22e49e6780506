//! Sudoku as exact cover: the constraint matrix, the givens, and the decoding of a solution.
//!
//! For a grid of side `N` (9 for the classic puzzle; boxes of `r x c` with `N = r * c`), the
//! classic matrix has `4 N^2` primary items, in four blocks of `N^2` (324 items for 9x9):
//!
//! | items | meaning: covered once when |
//! |---|---|
//! | cell `(r, c)` | the cell holds a digit |
//! | box-digit `(b, d)` | box `b` holds digit `d` |
//! | row-digit `(r, d)` | row `r` holds digit `d` |
//! | column-digit `(c, d)` | column `c` holds digit `d` |
//!
//! and `N^3` options (729), one per "digit `d` in cell `(r, c)`", each naming its four items.
//! The order of the blocks decides which item the search branches on when several are
//! equally short (the leftmost). Of the orders tried, cells first then boxes searched the
//! fewest nodes on top1465: 361 per puzzle, against 374 with boxes last and 411 to 467 with
//! cells not first (17-clue: 91.9, 91.4 and 93 to 105).
//! Option `(r * N + c) * N + (d - 1)` places digit `d` at `(r, c)`, so decoding a solution is
//! arithmetic, not a search.
//!
//! # Variants: more items, never another solver
//! [`Rules`] describe every variant as [`House`]s and [`Clique`]s, and [`matrix`] turns them
//! into items, the same way for all:
//! - each house (boxes, or a jigsaw's regions in their place; rows; columns; then diagonals,
//!   windows, extra regions) gives `N` primary items (house, digit), house `h`'s digit `d`
//!   being item `N^2 + h * N + (d - 1)`: the classic blocks above are houses 0 to `3N - 1`;
//! - each clique (a knight's move, a 2x2 block for anti-king) gives `N` secondary items
//!   (clique, digit), after the primary ones: at most one of its cells holds `d`;
//! - the option "digit `d` in cell `(r, c)`" names the cell, then (house, `d`) for every
//!   house holding the cell, then (clique, `d`) for every clique holding it.
//!
//! The options and their numbering do not change, so neither do forcing the givens nor
//! decoding; the search is the same DLX1 on a matrix with more items.
//!
//! [`House`]: crate::sudoku::rules::House
//! [`Clique`]: crate::sudoku::rules::Clique
//!
//! # Givens: forced options on one reused matrix
//! The matrix does not depend on the puzzle, so [`SudokuSolver`] builds it once, and for each
//! puzzle *forces* the options of the givens ([`Solver::force`]): their items are covered and
//! every conflicting option hidden, leaving exactly the lists of the reduced matrix (the one
//! without the givens' items and options), in the same order, so the search tree is the same
//! as on the reduced matrix. Before each puzzle, the solver's arena is restored by copying a
//! snapshot taken when the matrix was built (some 52 KB for 9x9), rather than by
//! [`Solver::reset`], which uncovers every choice and given in reverse order: the copy
//! measured 9% less CPU time on top1465 and 26% less on the 17-clue set (whose puzzles need
//! few nodes, so the reset weighs more). Building the reduced matrix per puzzle instead
//! allocates and links a fresh arena each time, for the same search. The `sudoku/givens`
//! criterion group measures both on top1465 (first solution of each puzzle): 177 ms forcing
//! on the reused matrix, 195 ms building the reduced matrix, so forcing wins by the cost of
//! allocating and linking some 2,000 nodes per puzzle (building the whole matrix takes 15 µs,
//! `sudoku/build-matrix`).
//!
//! Two equal givens in one unit are reported before any search, naming the digit and both
//! cells ([`Grid::conflict_under`], which runs only when a given cannot be forced); a puzzle whose givens agree but that has no solution is
//! [`SolveError::Unsolvable`], a different outcome.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::sudoku::decode::{Places, put_in_cell_order};
use crate::sudoku::grid::{Conflict, Grid, Shape};
pub use crate::sudoku::matrix::matrix;
pub(crate) use crate::sudoku::matrix::{Encoding, grouped, option_of};
use crate::sudoku::rules::Rules;
use crate::sudoku::symbols::Symbols;
use crate::{Choice, Count, Engine, ForceError, Solver, Step};

/// Why a puzzle has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Two givens break a rule: the puzzle is invalid, and no search was made.
    #[error("{0}")]
    Conflict(Conflict),
    /// The givens agree with each other, but no grid completes them.
    #[error("no solution")]
    Unsolvable,
    /// The node budget ran out before the answer was known.
    #[error("gave up after {}", crate::units::counted(.nodes, "node"))]
    GaveUp {
        /// Nodes searched.
        nodes: u64,
        /// Solutions found before the budget ran out.
        solutions: u64,
    },
    /// The time budget ran out before the answer was known.
    #[error("gave up after {} s, the time allowed ({nodes} nodes)", limit.as_secs_f64())]
    OutOfTime {
        /// The time budget.
        limit: Duration,
        /// Nodes searched.
        nodes: u64,
        /// Solutions found before the time ran out.
        solutions: u64,
    },
    /// The watch of [`SudokuSolver::solve_watched`] (or of another `_watched` search) stopped
    /// the search before the answer was known.
    #[error("stopped after {nodes} nodes")]
    Stopped {
        /// Nodes searched.
        nodes: u64,
        /// Solutions found before the search was stopped.
        solutions: u64,
    },
    /// The puzzle's shape is not the solver's.
    #[error(
        "found a {found}x{found} puzzle, expected {expected}x{expected}, the shape of the rules"
    )]
    WrongShape {
        /// The solver's side.
        expected: usize,
        /// The puzzle's side.
        found: usize,
    },
}

impl SolveError {
    /// The error in words with a digit (that of a [`SolveError::Conflict`]) as `symbols`
    /// write it, as the puzzle shows it ([`Conflict::text`]); the other errors name no digit
    /// and read as their `Display`.
    pub fn text(&self, symbols: Symbols) -> String {
        match self {
            SolveError::Conflict(conflict) => conflict.text(symbols),
            other => other.to_string(),
        }
    }
}

/// A solved puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The first solution found.
    pub grid: Grid,
    /// The number of solutions, counted up to the limit asked for: at least 1, exact when
    /// below the limit (with a limit of 2, "2+" means "more than one").
    pub count: Count,
}

/// How far a long search has got, as [`SudokuSolver::solve_watched`] shows it at each
/// pause.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Knuth's estimate of the fraction of the search tree explored ([`Solver::progress`]).
    pub explored: f64,
}

/// Solves Sudoku puzzles of one shape and one set of rules, reusing one matrix for all of
/// them.
///
/// ```
/// use dancing::sudoku::{grid::Shape, read::parse_line, solve::SudokuSolver};
/// let puzzle = parse_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ).unwrap();
/// let mut solver = SudokuSolver::new(Shape::CLASSIC);
/// let solved = solver.solve(&puzzle, 2).unwrap();
/// assert_eq!(solved.count, 1); // the solution is unique
/// assert!(solved.grid.to_line().starts_with("534678912"));
/// ```
#[derive(Clone, Debug)]
pub struct SudokuSolver {
    rules: Rules,
    solver: Solver,
    /// A copy of `solver` as built, before any puzzle.
    pristine: Solver,
    /// The rule of choice asked for ([`SudokuSolver::set_choice`]; kept in the solver too),
    /// `None` for the engine's own.
    choice: Option<Choice>,
    /// The node budget of each search (kept in the solver too).
    max_nodes: Option<u64>,
    /// The time budget of each search.
    max_time: Option<Duration>,
    /// Nodes between two calls of the watch of [`SudokuSolver::solve_watched`].
    watch_every: Option<u64>,
    /// The time between two calls of that watch.
    watch_time: Option<Duration>,
    /// The options of the givens of the puzzle being solved, in its first slots (kept as long
    /// as the largest grid so far, to reuse the buffer).
    givens: Vec<usize>,
    /// The options of the digits it avoids ([`SudokuSolver::count_avoiding_watched`]).
    avoided: Vec<usize>,
    /// The options of the solution being decoded, for an engine that hands them over through
    /// a buffer (kept to reuse it; the band engine on a grid leaves it empty).
    chosen: Vec<usize>,
    /// For each option of the matrix ([`option_of`]): its cell (row-major) and its digit.
    places: Places,
}

impl SudokuSolver {
    /// A solver for classic puzzles of this shape.
    pub fn new(shape: Shape) -> SudokuSolver {
        SudokuSolver::with_rules(Rules::classic(shape))
    }

    /// A solver for puzzles under `rules` (any shape and variants).
    ///
    /// ```
    /// use dancing::sudoku::{check, grid::Shape, read::parse_line_as, rules::Rules};
    /// use dancing::sudoku::solve::SudokuSolver;
    /// // A 6x6 X-Sudoku: boxes of 2x3, both diagonals hold every digit.
    /// let rules = Rules::classic(Shape::with_boxes(2, 3).unwrap()).with_x();
    /// let puzzle = parse_line_as(rules.shape(), "1.....2.....3.....4.....5.....6.....").unwrap();
    /// let solved = SudokuSolver::with_rules(rules.clone()).solve(&puzzle, 1).unwrap();
    /// assert_eq!(check::verify_under(&rules, &puzzle, &solved.grid), Ok(()));
    /// ```
    pub fn with_rules(rules: Rules) -> SudokuSolver {
        SudokuSolver::with_engine(rules, Engine::Auto)
    }

    /// A solver for puzzles under `rules`, searching on the given engine (see [`Engine`]:
    /// the solutions and statistics are the same on both; only the time differs).
    pub fn with_engine(rules: Rules, engine: Engine) -> SudokuSolver {
        let solver = Solver::with_engine_shared(&Arc::new(matrix(&rules)), engine, grouped(&rules));
        let places = Places::new(rules.shape());
        SudokuSolver {
            rules,
            pristine: solver.clone(),
            solver,
            choice: None,
            max_nodes: None,
            max_time: None,
            watch_every: None,
            watch_time: None,
            givens: Vec::new(),
            avoided: Vec::new(),
            chosen: Vec::new(),
            places,
        }
    }

    /// The engine its searches run on (see [`Solver::engine`]).
    pub fn engine(&self) -> Engine {
        self.solver.engine()
    }

    /// Moves the solver from the band engine, if it runs on it, to the bits, which search
    /// DLX1's tree, keeping its budgets: for the rater, whose reading of the search is
    /// DLX1's nodes ([`crate::sudoku::rate`]), and for the generator of variants, whose
    /// checks differ by a given or two and start from the root of the last search
    /// (`Solver::reroot`, the bits' alone): with a reset for each, the band engine's frames
    /// took 1.05 times the bits' instructions to make 50 X puzzles. The generator of classic
    /// 9x9 puzzles stays on the band engine's grids, which took 0.62 times the bits'
    /// instructions (see [`crate::sudoku::generate`]).
    pub fn on_knuth_tree(&mut self) {
        if self.solver.engine() != Engine::Band {
            return;
        }
        self.solver = Solver::with_engine(&matrix(&self.rules), Engine::Bits);
        self.solver.set_max_nodes(self.max_nodes);
        if let Some(choice) = self.choice {
            self.solver.set_choice(choice);
        }
        self.pristine = self.solver.clone();
        self.set_pauses();
    }

    /// The rules this solver solves by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets the rule by which the links and the bits choose the cell, row, column or box to
    /// branch on in every search from now ([`Solver::set_choice`]): [`Choice::Mrv`],
    /// Knuth's tree, or [`Choice::Wdeg`], with weights learned anew for each puzzle. Without
    /// it, the engine's own ([`Engine::Auto`] takes wdeg on the bits for a 16x16 or larger
    /// grid); the band engine keeps its own rule either way.
    ///
    /// ```
    /// use dancing::Choice;
    /// use dancing::sudoku::{grid::Shape, read::parse_line_as, solve::SudokuSolver};
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let puzzle = parse_line_as(Shape::CLASSIC, line).unwrap();
    /// let mut mrv = SudokuSolver::new(Shape::CLASSIC);
    /// let mut wdeg = SudokuSolver::new(Shape::CLASSIC);
    /// mrv.set_choice(Choice::Mrv);
    /// wdeg.set_choice(Choice::Wdeg);
    /// assert_eq!(mrv.solve(&puzzle, 1).unwrap().grid, wdeg.solve(&puzzle, 1).unwrap().grid);
    /// ```
    pub fn set_choice(&mut self, choice: Choice) {
        self.choice = Some(choice);
        self.solver.set_choice(choice);
        self.pristine.set_choice(choice);
    }

    /// Limits every search to `max_nodes` nodes of the search tree (`None`: no limit).
    pub fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        self.max_nodes = max_nodes;
        self.solver.set_max_nodes(max_nodes);
    }

    /// Limits every search to `max_time` (`None`: no limit), counted from the start of each
    /// [`SudokuSolver::solve`]. The clock is read at pauses about every
    /// [`crate::PAUSE_TIME`] ([`Solver::set_pause_time`]), so a search may run over by that
    /// much, on any engine; without a budget it is never read.
    pub fn set_max_time(&mut self, max_time: Option<Duration>) {
        self.max_time = max_time;
        self.set_pauses();
    }

    /// Makes [`SudokuSolver::solve_watched`] show its progress every `nodes` nodes (`None`:
    /// never). The search pauses that often, which costs one comparison per node whether or
    /// not pauses are set (the node budget's), and nothing measurable every many thousand
    /// nodes.
    pub fn set_watch_every(&mut self, nodes: Option<u64>) {
        self.watch_every = nodes.map(|n| n.max(1));
        self.set_pauses();
    }

    /// Makes [`SudokuSolver::solve_watched`] call its watch about every `time` (`None`: not
    /// by the clock), whatever a node costs: the search pauses by the clock
    /// ([`Solver::set_pause_time`]), the first time at the search's first pause (so that a
    /// search ended before it reads no clock). How a caller stops a search within a
    /// fraction of a second (Ctrl-C, a budget of its own over many searches), however long
    /// it runs.
    pub fn set_watch_time(&mut self, time: Option<Duration>) {
        self.watch_time = time;
        self.set_pauses();
    }

    /// Pauses as often as the clock or the watch needs, never if neither does.
    fn set_pauses(&mut self) {
        self.solver.set_pause_every(self.watch_every);
        let clock = self.max_time.map(|_| crate::PAUSE_TIME);
        let time = match (clock, self.watch_time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.solver.set_pause_time(time);
    }

    /// Solves `puzzle`, counting its solutions up to `limit`, the number of solutions to stop
    /// after, as everywhere in the crate (see [its limits](crate#limits)): 1 just finds one, 2
    /// finds out whether it is unique. A solve looks for one solution at least, so 0 is taken
    /// as 1.
    ///
    /// # Errors
    /// [`SolveError`]: conflicting givens, no solution, a budget spent, wrong shape.
    pub fn solve(&mut self, puzzle: &Grid, limit: u64) -> Result<Solution, SolveError> {
        self.solve_watched(puzzle, limit, |_| ControlFlow::Continue(()))
    }

    /// [`SudokuSolver::solve`], calling `watch` with the search's progress every so many
    /// nodes ([`SudokuSolver::set_watch_every`]; never without it): a caller shows it for a
    /// search that runs long, or stops the search by returning [`ControlFlow::Break`], which
    /// ends it at once with [`SolveError::Stopped`] (Ctrl-C, say). The watch is called at the
    /// search's pauses only, never at each node.
    ///
    /// ```
    /// use dancing::sudoku::{grid::Grid, grid::Shape, solve::SudokuSolver};
    /// let mut solver = SudokuSolver::new(Shape::new(5).unwrap());
    /// solver.set_watch_every(Some(100));
    /// solver.set_max_nodes(Some(1000));
    /// let mut seen = Vec::new();
    /// // Counting every solution of the empty 25x25 grid gives up at the budget.
    /// let empty = Grid::empty(Shape::new(5).unwrap());
    /// let result = solver.solve_watched(&empty, u64::MAX, |p| {
    ///     seen.push(p.nodes);
    ///     std::ops::ControlFlow::Continue(())
    /// });
    /// assert!(result.is_err());
    /// assert_eq!(seen, [100, 200, 300, 400, 500, 600, 700, 800, 900]);
    /// ```
    ///
    /// # Errors
    /// As [`SudokuSolver::solve`], and [`SolveError::Stopped`] when `watch` stops the search.
    pub fn solve_watched(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        mut watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Solution, SolveError> {
        let mut first = None;
        let limit = limit.max(1);
        let found = self.search(
            puzzle,
            None,
            limit,
            |solver| {
                if first.is_none() {
                    first = Some(solver.decode());
                }
            },
            &mut watch,
        )?;
        first
            .map(|grid| Solution {
                grid,
                count: Count::from_search(found, Some(limit)),
            })
            .ok_or(SolveError::Unsolvable)
    }

    /// Counts the solutions of `puzzle` up to `limit`, the number of solutions to stop after
    /// (see [the crate's limits](crate#limits): a count below `limit` is exact, and a limit
    /// of 0 counts nothing and answers "at least 0"; `u64::MAX` is no limit), without decoding
    /// any: 0 when it has none.
    ///
    /// # Errors
    /// [`SolveError`]: conflicting givens, budget spent, wrong shape (never
    /// [`SolveError::Unsolvable`]: that is a count of 0).
    pub fn count(&mut self, puzzle: &Grid, limit: u64) -> Result<Count, SolveError> {
        self.count_watched(puzzle, limit, |_| ControlFlow::Continue(()))
    }

    /// [`SudokuSolver::count`], calling `watch` at the pauses as
    /// [`SudokuSolver::solve_watched`] does, which may stop the count.
    ///
    /// # Errors
    /// As [`SudokuSolver::count`], and [`SolveError::Stopped`] when `watch` stops the count.
    pub fn count_watched(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Count, SolveError> {
        let found = self.search(puzzle, None, limit, |_| {}, watch)?;
        Ok(Count::from_search(found, Some(limit)))
    }

    /// [`SudokuSolver::count_watched`] of the solutions of `puzzle` that place none of the
    /// digits of `avoid` (a grid of the same shape) in its cell: those digits are excluded
    /// from the search ([`crate::Solver::exclude`]), not filtered out after it. A puzzle whose
    /// known solution has digit `d` in a blank cell has another solution exactly when it has
    /// one avoiding `d` there, and a search for one such solution is smaller than a count to
    /// two: how [`super::generate`] checks that a removal keeps a puzzle unique.
    ///
    /// ```
    /// use dancing::sudoku::{grid::Grid, grid::Shape, read::parse_line, solve::SudokuSolver};
    /// let puzzle = parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// ).unwrap();
    /// let mut solver = SudokuSolver::new(Shape::CLASSIC);
    /// // The one solution has 4 in row 1, column 3: no solution avoids it.
    /// let mut avoid = Grid::empty(Shape::CLASSIC);
    /// avoid.set(0, 2, 4);
    /// let go_on = |_| std::ops::ControlFlow::Continue(());
    /// assert_eq!(solver.count_avoiding_watched(&puzzle, &avoid, 1, go_on).unwrap(), 0);
    /// // Without the 5 given in row 1, column 1, none avoids a 5 there: it stays unique.
    /// let mut fewer = puzzle.clone();
    /// fewer.set(0, 0, 0);
    /// avoid.set(0, 0, 5);
    /// assert_eq!(solver.count_avoiding_watched(&fewer, &avoid, 1, go_on).unwrap(), 0);
    /// // The empty grid has solutions that avoid both: at least one.
    /// let empty = Grid::empty(Shape::CLASSIC);
    /// let some = solver.count_avoiding_watched(&empty, &avoid, 1, go_on).unwrap();
    /// assert_eq!(some.to_string(), "1+");
    /// ```
    ///
    /// # Errors
    /// As [`SudokuSolver::count_watched`]; `avoid` of another shape than the rules' is
    /// [`SolveError::WrongShape`].
    pub fn count_avoiding_watched(
        &mut self,
        puzzle: &Grid,
        avoid: &Grid,
        limit: u64,
        watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Count, SolveError> {
        let found = self.search(puzzle, Some(avoid), limit, |_| {}, watch)?;
        Ok(Count::from_search(found, Some(limit)))
    }

    /// Places the givens of `puzzle`, excludes the digits of `avoid` from their cells, and
    /// searches up to `limit` solutions, calling `found` at each and `watch` every
    /// `watch_every` nodes, which may stop the search; returns how many it found.
    fn search(
        &mut self,
        puzzle: &Grid,
        avoid: Option<&Grid>,
        limit: u64,
        mut found: impl FnMut(&mut Self),
        mut watch: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<u64, SolveError> {
        // The clock is read here for a time budget only: a batch of puzzles solved before
        // their first pause reads none (as the pace means, `crate::solver::pace`), and the
        // watch by the clock is due at the first pause, then every `watch_time`.
        let started = self.max_time.map(|_| Instant::now());
        // A budget past what the clock can hold is no limit (rather than a panic).
        let deadline = match (self.max_time, started) {
            (Some(t), Some(s)) => s.checked_add(t).map(|d| (t, d)),
            _ => None,
        };
        let mut next_watch = self.watch_every.unwrap_or(u64::MAX);
        let mut last_watch = started;
        let shape = self.rules.shape();
        let side = shape.side();
        if let Some(wrong) = [Some(puzzle), avoid]
            .into_iter()
            .flatten()
            .find(|grid| grid.shape() != shape)
        {
            // Reset, so that `stats` is zero for a puzzle refused before any search.
            self.solver.reset_from(&self.pristine);
            return Err(SolveError::WrongShape {
                expected: side,
                found: wrong.shape().side(),
            });
        }
        // The givens' options into the first slots of a buffer as long as the grid (stores
        // without a push's bookkeeping); `k` of them.
        let cells = puzzle.cells().len();
        if self.givens.len() < cells {
            self.givens.resize(cells, 0);
        }
        let (slots, mut k) = (&mut self.givens[..], 0);
        puzzle.for_each_filled(|cell, digit| {
            slots[k] = option_of(side, cell, digit);
            k += 1;
        });
        let givens = &self.givens[..k];
        self.avoided.clear();
        let avoided = avoid.map_or(&[][..], |grid| grid.cells()).iter();
        let avoided = avoided.enumerate().filter(|&(_, &d)| d != 0);
        self.avoided
            .extend(avoided.map(|(cell, &digit)| option_of(side, cell, digit)));
        // From the root of the last search when few givens differ (the generator's checks),
        // else from a reset.
        if !self.solver.reroot(givens, &self.avoided) {
            self.solver.reset_from(&self.pristine);
            // Two givens in conflict share an item, so forcing the second fails: the conflict
            // is looked for (to name it) only then, which spares the scan for every puzzle.
            if self.solver.force_all(givens).is_err() {
                self.solver.reset_from(&self.pristine);
                // (Givens that cannot all be forced leave no solution, named or not.)
                return Err(puzzle
                    .conflict_under(&self.rules)
                    .map_or(SolveError::Unsolvable, SolveError::Conflict));
            }
            for &option in &self.avoided {
                match self.solver.exclude(option) {
                    Ok(()) => {}
                    // A given to avoid: no solution.
                    Err(ForceError::Forced { .. }) => return Ok(0),
                    Err(e) => unreachable!("every digit of a grid is an option of its matrix: {e}"),
                }
            }
        }
        let mut count = 0;
        while count < limit {
            match self.solver.step() {
                Step::Solution => {
                    count += 1;
                    found(self);
                }
                Step::Exhausted => break,
                Step::Paused => {
                    let nodes = self.solver.stats().nodes;
                    let now = (deadline.is_some() || self.watch_time.is_some()).then(Instant::now);
                    if let (Some((limit, deadline)), Some(now)) = (deadline, now)
                        && now >= deadline
                    {
                        return Err(SolveError::OutOfTime {
                            limit,
                            nodes,
                            solutions: count,
                        });
                    }
                    let watch_due = match (self.watch_time, now) {
                        (Some(time), Some(now))
                            if last_watch.is_none_or(|last| now >= last + time) =>
                        {
                            last_watch = Some(now);
                            true
                        }
                        _ => false,
                    };
                    if nodes >= next_watch || watch_due {
                        let progress = Progress {
                            nodes,
                            explored: self.solver.progress(),
                        };
                        if watch(progress).is_break() {
                            return Err(SolveError::Stopped {
                                nodes,
                                solutions: count,
                            });
                        }
                        next_watch = nodes.saturating_add(self.watch_every.unwrap_or(u64::MAX));
                    }
                }
                Step::GaveUp => {
                    return Err(SolveError::GaveUp {
                        nodes: self.solver.stats().nodes,
                        solutions: count,
                    });
                }
            }
        }
        Ok(count)
    }

    /// The work done by the last search (zero for a puzzle refused before any search: a
    /// wrong shape, or conflicting givens).
    pub fn stats(&self) -> crate::Stats {
        self.solver.stats()
    }

    /// The grid of the solution on the solver's stack: each option the solver chose,
    /// handed over as it is read ([`Solver::each_solution_option`]; an engine that needs
    /// a buffer for them has one kept from one puzzle to the next), writes its digit into
    /// its cell ([`Places::put`]) of a blank grid, which holds a 9x9 grid's cells without an
    /// allocation. A 9x9 solution that the engine hands over as its options in increasing order
    /// ([`Solver::solution_in_order`]) is decoded by arithmetic ([`put_in_cell_order`]),
    /// if each option is its cell's.
    fn decode(&mut self) -> Grid {
        let mut grid = Grid::empty(self.rules.shape());
        let mut sorted = [0u16; 81];
        if let Ok(cells) = <&mut [u8; 81]>::try_from(grid.cells_mut())
            && self.solver.solution_in_order(&mut sorted)
            && put_in_cell_order(&sorted, cells)
        {
            return grid;
        }
        let (places, cells) = (&self.places, grid.cells_mut());
        (self.solver).each_solution_option(&mut self.chosen, |o| places.put(cells, o));
        grid
    }
}

#[cfg(test)]
mod tests;
