//! The policy for one Sudoku puzzle that `dancing sudoku` and `dancing serve` share: what
//! the user asked to know about it ([`Request`]), what became of it ([`Verdict`], with a
//! [`Status`] named as the output names it), and its JSON record ([`record`], the line of
//! `sudoku --format jsonl` and the answer of the server's `/api/sudoku/solve`). The solver
//! solves and counts; deciding that two solutions make a failure, or that a count stopped at
//! its limit is not exact, is this module's business.

use std::ops::ControlFlow;
use std::time::Duration;

use serde_json::{Value, json};

use crate::sudoku::grid::Grid;
use crate::sudoku::read::{Puzzle, ReadError};
use crate::sudoku::solve::{Progress, Solution, SolveError, SudokuSolver};
use crate::sudoku::symbols::Symbols;
use crate::{Count, Stats};

/// What the user asked to know about each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Count solutions up to this many (1: find one and stop).
    pub limit: u64,
    /// A puzzle with more than one solution fails ([`Status::Multiple`]); raises the limit
    /// to at least 2.
    pub unique: bool,
}

impl Request {
    /// The number of solutions the search looks for.
    fn limit(self) -> u64 {
        if self.unique {
            self.limit.max(2)
        } else {
            self.limit.max(1)
        }
    }
}

/// The outcome of one puzzle, as reported to users.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A solution was found (and, under [`Request::unique`], it is the only one).
    Solved,
    /// The givens agree, but no grid completes them.
    Unsolvable,
    /// The puzzle breaks a rule (two equal givens in a unit) or could not be read.
    Invalid,
    /// More than one solution, when a unique one was required.
    Multiple,
    /// A budget (nodes or time) ran out before the answer was known.
    GaveUp,
}

impl Status {
    /// The name used in output: `solved`, `unsolvable`, `invalid`, `multiple`, `gave-up`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Invalid => "invalid",
            Status::Multiple => "multiple",
            Status::GaveUp => "gave-up",
        }
    }
}

/// Everything known about one puzzle after [`judge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The outcome.
    pub status: Status,
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Solutions counted, up to the request's limit, when the search finished (solved,
    /// multiple or unsolvable): exact when it ended before the limit, `N+` at it. `None` for an
    /// invalid puzzle or a spent budget, whose count is unknown.
    pub count: Option<Count>,
    /// Why the puzzle was not solved, for people.
    pub error: Option<String>,
    /// The work of the search (zero when there was none).
    pub stats: Stats,
}

impl Verdict {
    /// The verdict on a puzzle that could not be searched: `error` says why.
    pub fn invalid(error: String) -> Verdict {
        Verdict {
            status: Status::Invalid,
            solution: None,
            count: None,
            error: Some(error),
            stats: Stats::default(),
        }
    }

    /// The count as the `line` format writes it: `N`, or `N+` when the search stopped at the
    /// limit (there may be more); `None` where there is no count.
    pub fn count_text(&self) -> Option<String> {
        self.count.as_ref().map(Count::to_string)
    }
}

/// Solves `puzzle` as `request` asks, and says what became of it, a digit in its `error` as
/// the puzzle's `symbols` write it (conflicting givens: [`SolveError::text`]); `watch` sees the search's
/// progress every so often ([`SudokuSolver::set_watch_every`],
/// [`SudokuSolver::set_watch_time`]) and stops it by answering [`ControlFlow::Break`] (on
/// Ctrl-C, or when the client of the server went away). `None` when it was stopped so: the
/// puzzle has no verdict.
pub fn judge(
    solver: &mut SudokuSolver,
    puzzle: &Grid,
    symbols: Symbols,
    request: Request,
    watch: impl FnMut(Progress) -> ControlFlow<()>,
) -> Option<Verdict> {
    let limit = request.limit();
    let result = solver.solve_watched(puzzle, limit, watch);
    if let Err(SolveError::Stopped { .. }) = result {
        return None;
    }
    let stats = solver.stats();
    Some(match result {
        Ok(Solution { grid, count }) => {
            let status = if request.unique && count != 1 {
                Status::Multiple
            } else {
                Status::Solved
            };
            Verdict {
                status,
                error: (status == Status::Multiple).then(|| "more than one solution".to_string()),
                solution: Some(grid),
                count: Some(count),
                stats,
            }
        }
        Err(err) => Verdict {
            status: match err {
                SolveError::Unsolvable => Status::Unsolvable,
                SolveError::GaveUp { .. } | SolveError::OutOfTime { .. } => Status::GaveUp,
                // Conflicting givens, a wrong shape, or an error of a later version.
                _ => Status::Invalid,
            },
            solution: None,
            count: (err == SolveError::Unsolvable).then(Count::default),
            error: Some(match err {
                SolveError::OutOfTime { limit, .. } => out_of_time(limit),
                _ => err.text(symbols),
            }),
            stats,
        },
    })
}

/// What the JSON record of a puzzle holds beside its source, puzzle, status, solution and
/// error: the count (`solutions`, `complete`) and the statistics (`nodes`, `updates`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// Add `solutions` (the count, `null` when unknown or past 2^64) and `complete` (whether
    /// it is exact): `sudoku --count`.
    pub count: bool,
    /// Add `nodes` and `updates`: `sudoku --stats`.
    pub stats: bool,
}

/// The JSON record of a puzzle and its verdict, as `sudoku --format jsonl` writes it a line:
/// `source` (`name:line`), `puzzle` and `solution` as lines in the puzzle's symbols,
/// `status` ([`Status::name`]), the [`Fields`] asked for, and `error` when there is one.
pub fn record(name: &str, puzzle: &Puzzle, verdict: &Verdict, fields: Fields) -> Value {
    let mut object = json!({
        "source": format!("{name}:{}", puzzle.line),
        "puzzle": puzzle.grid.to_line_in(puzzle.symbols),
        "status": verdict.status.name(),
        "solution": verdict.solution.as_ref().map(|g| g.to_line_in(puzzle.symbols)),
    });
    if fields.count {
        let count = verdict.count.as_ref();
        object["solutions"] = json!(count.and_then(Count::to_u64));
        object["complete"] = json!(count.is_some_and(Count::is_exact));
    }
    if fields.stats {
        object["nodes"] = json!(verdict.stats.nodes);
        object["updates"] = json!(verdict.stats.updates);
    }
    if let Some(error) = &verdict.error {
        object["error"] = json!(error);
    }
    object
}

/// The JSON record of a puzzle that could not be read, as `sudoku --format jsonl` writes it:
/// status `invalid`, no puzzle nor solution, and the reading error (`line:column: what`).
pub fn unreadable_record(name: &str, err: &ReadError, fields: Fields) -> Value {
    let mut object = json!({
        "source": format!("{name}:{}", err.line),
        "puzzle": null,
        "status": Status::Invalid.name(),
        "solution": null,
        "error": err.to_string(),
    });
    if fields.count {
        object["solutions"] = json!(null);
        object["complete"] = json!(false);
    }
    if fields.stats {
        object["nodes"] = json!(0);
        object["updates"] = json!(0);
    }
    object
}

/// The message of a search stopped by `--max-time`.
pub fn out_of_time(limit: Duration) -> String {
    format!("gave up after {} (--max-time)", seconds(limit))
}

/// A duration in seconds, as people read it: `2 s`, `0.5 s`.
pub fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use crate::Engine;
    use crate::sudoku::check::verify;
    use crate::sudoku::grid::Shape;
    use crate::sudoku::read::parse_line;
    use crate::sudoku::rules::Rules;

    use super::*;

    /// [`judge`], never stopped.
    fn judged(
        solver: &mut SudokuSolver,
        puzzle: &Grid,
        request: Request,
        mut watch: impl FnMut(Progress),
    ) -> Verdict {
        judge(solver, puzzle, Symbols::FromOne, request, |p| {
            watch(p);
            ControlFlow::Continue(())
        })
        .expect("not stopped")
    }

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The first puzzle of `puzzles/sudoku/hardest.txt` (thousands of nodes).
    const HARD: &str =
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    const FIND_ONE: Request = Request {
        limit: 1,
        unique: false,
    };
    const UNIQUE: Request = Request {
        limit: 1,
        unique: true,
    };

    fn grid(line: &str) -> Grid {
        parse_line(line).unwrap()
    }

    fn solver() -> SudokuSolver {
        SudokuSolver::new(Shape::CLASSIC)
    }

    #[test]
    fn a_solved_puzzle_is_solved_with_its_solution_and_an_exact_count() {
        let puzzle = grid(CLASSIC);
        for request in [FIND_ONE, UNIQUE] {
            let v = judged(&mut solver(), &puzzle, request, |_| {});
            assert_eq!(v.status, Status::Solved, "{request:?}");
            assert_eq!(v.status.name(), "solved");
            assert_eq!(v.count.as_ref().unwrap().value(), 1u32.into());
            assert_eq!(v.error, None);
            assert!(v.stats.nodes > 0);
            assert_eq!(verify(&puzzle, &v.solution.unwrap()), Ok(()));
        }
        // Found one, asked for one: there may be more. Under --unique, 1 of 2 is exact.
        let count = |request| judged(&mut solver(), &puzzle, request, |_| {}).count_text();
        assert_eq!(count(FIND_ONE).as_deref(), Some("1+"));
        assert_eq!(count(UNIQUE).as_deref(), Some("1"));
    }

    #[test]
    fn a_puzzle_without_completion_is_unsolvable_with_an_exact_count_of_0() {
        let puzzle = grid(
            ".12345678......................................................9.................",
        );
        let v = judged(&mut solver(), &puzzle, FIND_ONE, |_| {});
        assert_eq!(v.status, Status::Unsolvable);
        assert_eq!(v.status.name(), "unsolvable");
        assert_eq!(v.solution, None);
        assert_eq!(v.count_text().as_deref(), Some("0"));
        assert_eq!(v.error.as_deref(), Some("no solution"));
    }

    #[test]
    fn conflicting_givens_and_a_wrong_shape_are_invalid_without_a_search() {
        let puzzle = grid(
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let mut solver = solver();
        // A search first, so that its statistics could linger.
        judged(&mut solver, &grid(CLASSIC), FIND_ONE, |_| {});
        let v = judged(&mut solver, &puzzle, FIND_ONE, |_| {});
        assert_eq!(v.status, Status::Invalid);
        assert_eq!(v.status.name(), "invalid");
        assert_eq!((&v.solution, v.count_text()), (&None, None));
        assert_eq!(v.stats, Stats::default());
        assert_eq!(
            v.error.as_deref(),
            Some("digit 5 appears twice in row 1: at r1c1 and r1c2")
        );
        let v = judged(
            &mut solver,
            &Grid::empty(Shape::new(4).unwrap()),
            FIND_ONE,
            |_| {},
        );
        assert_eq!(v.status, Status::Invalid);
        assert_eq!(v.solution, None);
    }

    #[test]
    fn two_solutions_are_multiple_only_when_unique_is_asked_and_a_count_at_its_limit_is_marked() {
        let empty = Grid::empty(Shape::CLASSIC);
        let v = judged(&mut solver(), &empty, UNIQUE, |_| {});
        assert_eq!(v.status, Status::Multiple);
        assert_eq!(v.status.name(), "multiple");
        assert_eq!(
            v.count_text().as_deref(),
            Some("2+"),
            "unique raises the limit to 2"
        );
        assert!(v.error.is_some());
        assert_eq!(verify(&empty, &v.solution.unwrap()), Ok(()));

        let v = judged(&mut solver(), &empty, FIND_ONE, |_| {});
        assert_eq!(
            (v.status, v.count_text().as_deref()),
            (Status::Solved, Some("1+"))
        );

        let ten = Request {
            limit: 10,
            unique: false,
        };
        let v = judged(&mut solver(), &empty, ten, |_| {});
        assert_eq!(v.status, Status::Solved);
        assert_eq!(v.count_text().as_deref(), Some("10+"));

        let v = judged(&mut solver(), &grid(CLASSIC), ten, |_| {});
        assert_eq!(v.count_text().as_deref(), Some("1"), "unique: exact");

        let five_unique = Request {
            limit: 5,
            unique: true,
        };
        let v = judged(&mut solver(), &empty, five_unique, |_| {});
        assert_eq!(
            (v.status, v.count_text().as_deref()),
            (Status::Multiple, Some("5+"))
        );
    }

    #[test]
    fn a_spent_node_or_time_budget_gives_up_without_a_count() {
        let puzzle = grid(HARD);
        // On the links (DLX1's tree, thousands of nodes): the band engine, which `auto` takes
        // for 9x9, settles this puzzle at its root, in the one node the budget allows.
        let mut solver = SudokuSolver::with_engine(Rules::classic(Shape::CLASSIC), Engine::Links);
        solver.set_max_nodes(Some(1));
        let v = judged(&mut solver, &puzzle, FIND_ONE, |_| {});
        assert_eq!(v.status, Status::GaveUp);
        assert_eq!(v.status.name(), "gave-up");
        assert_eq!((v.solution.as_ref(), v.count_text()), (None, None));
        assert!(v.error.as_deref().unwrap().starts_with("gave up after"));
        solver.set_max_nodes(None);

        // The empty grid has billions of solutions: counting them all runs out of time.
        solver.set_max_time(Some(Duration::ZERO));
        let all = Request {
            limit: u64::MAX,
            unique: false,
        };
        let v = judged(&mut solver, &Grid::empty(Shape::CLASSIC), all, |_| {});
        assert_eq!(v.status, Status::GaveUp);
        assert_eq!(v.error.as_deref(), Some("gave up after 0 s (--max-time)"));
        solver.set_max_time(None);

        // Without the budgets the same solver solves it, and the answer verifies.
        let v = judged(&mut solver, &puzzle, UNIQUE, |_| {});
        assert_eq!(
            (v.status, v.count_text().as_deref()),
            (Status::Solved, Some("1"))
        );
        assert_eq!(verify(&puzzle, &v.solution.unwrap()), Ok(()));
    }
}
