//! Hints: the next step a person could take, read from the exact-cover view of the puzzle.
//!
//! After the givens are placed, every item of the Sudoku matrix (see [`super::solve`]) has a
//! number of options left, those that conflict with no given. A primary item with exactly one
//! option left is a deduction a person can make:
//! - a *cell* item `(r, c)` with one option is a **naked single**: "r3c4 can only be 7";
//! - a *house-digit* item (a box, row or column, and a digit; under a variant's rules also a
//!   jigsaw region, a diagonal, a window or an extra region) with one option is a **hidden
//!   single**: "in row 5, 3 can only go in c8", "in the main diagonal, 4 can only go in r2c2".
//!
//! The variants need nothing else: their houses are more primary items, read the same way,
//! and their cliques (anti-knight, anti-king) are secondary items, which a placed digit
//! covers, removing the options that share them, but which make no single of their own (no
//! digit must appear in a clique). So the same reading holds for every shape and variant
//! [`Rules`] describe.
//!
//! Placing that option removes the options that conflict with it, which may leave other items
//! with one option, and so on: [`solve_path`] follows singles until the grid is full or none is
//! left, and then says so, naming the cell with the fewest candidates (where a search would
//! branch). An item with no option left means the givens admit no solution.
//!
//! This module only reads the matrix; it never searches. [`super::rate`] uses it to tell
//! whether singles alone solve a puzzle. The words of a step, with its digit written as the
//! puzzle writes it, are `words`'s.

mod words;

use super::grid::{Conflict, Grid, Unit};
use super::rules::{House, Rules};
use super::solve::Encoding;

/// The kind of deduction behind a [`Hint`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Single {
    /// A cell with one candidate digit left.
    Naked,
    /// A digit with one place left in a house: a box, row or column, or a variant's region,
    /// diagonal, window or extra region (`index` 0-based among the houses of its kind, as
    /// [`super::rules::House`] numbers them).
    Hidden {
        /// The kind of house.
        unit: Unit,
        /// Which one of its kind, 0-based.
        index: usize,
    },
}

/// One step a person could take: place `digit` at (`row`, `col`), because of `single`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    /// 0-based row of the cell.
    pub row: usize,
    /// 0-based column of the cell.
    pub col: usize,
    /// The digit that goes there.
    pub digit: u8,
    /// Why.
    pub single: Single,
}

impl Hint {
    /// The houses the deduction reads, under the `rules` it was found under: the house of a
    /// hidden single (where the digit has one place left); for a naked single, every house
    /// through the cell (whose digits leave it one candidate; a variant's cliques, which
    /// may rule out digits too, are not houses and are not listed).
    pub fn houses(&self, rules: &Rules) -> Vec<House> {
        let cell = self.row * rules.shape().side() + self.col;
        rules
            .houses()
            .into_iter()
            .filter(|house| match self.single {
                Single::Naked => house.cells.contains(&cell),
                Single::Hidden { unit, index } => house.unit == unit && house.index == index,
            })
            .collect()
    }
}

/// The candidates of each cell of `puzzle` under `rules`, in reading order: the digits that
/// conflict with no digit placed (the options left in the cell's item of the exact-cover
/// view), in increasing order; none for a filled cell.
///
/// ```
/// use dancing::sudoku::{hint, read::parse_line, rules::Rules};
/// let mut line = String::from("12345678.");
/// line.push_str(&".".repeat(72));
/// let puzzle = parse_line(&line).unwrap();
/// let candidates = hint::candidates_under(&Rules::classic(puzzle.shape()), &puzzle).unwrap();
/// assert_eq!(candidates[8], vec![9]);
/// assert_eq!(candidates[0], Vec::<u8>::new());
/// assert_eq!(candidates[9], vec![4, 5, 6, 7, 8, 9]);
/// ```
///
/// # Errors
/// The first two givens that break a rule, as [`Grid::conflict_under`] finds them.
pub fn candidates_under(rules: &Rules, puzzle: &Grid) -> Result<Vec<Vec<u8>>, Conflict> {
    if let Some(conflict) = puzzle.conflict_under(rules) {
        return Err(conflict);
    }
    let view = View::new(rules, puzzle);
    Ok((0..view.n * view.n)
        .map(|cell| {
            if view.covered[cell] {
                Vec::new()
            } else {
                view.candidates(cell)
            }
        })
        .collect())
}

/// Where the singles stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// Every cell is filled: singles alone solve the puzzle.
    Solved,
    /// The grid was full before any step, breaking no rule: it is solved, and there is no
    /// step to give (only [`next_under`] says so; a path from a full grid is [`Stuck::Solved`]
    /// with no step).
    Full,
    /// No single is left; the cell with the fewest candidates is (`row`, `col`), with these
    /// candidates (a search would branch there or on a unit-digit item as short).
    NoSingle {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Its candidate digits, in increasing order.
        candidates: Vec<u8>,
    },
    /// An item has no option left: the grid cannot be completed (a cell with no candidate,
    /// or a digit with no place in a house).
    Contradiction(Empty),
    /// Two givens break a rule (the puzzle is invalid): no step is given from such a grid.
    Conflict(Conflict),
}

/// The item with no option left in a [`Stuck::Contradiction`], 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// A blank cell with no candidate left.
    Cell {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A digit with no place left in a house.
    Digit {
        /// The digit, 1 to `N`.
        digit: u8,
        /// The kind of house.
        unit: Unit,
        /// Which one of its kind, 0-based.
        index: usize,
    },
}

/// The whole solve by singles: the steps, in order, and where they stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The steps taken.
    pub steps: Vec<Hint>,
    /// Why they stopped.
    pub end: Stuck,
    /// The grid after the steps.
    pub grid: Grid,
}

/// The next step for `puzzle` under the classic rules of its shape: [`next_under`].
///
/// ```
/// use dancing::sudoku::{hint, read::parse_line};
/// let puzzle = parse_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ).unwrap();
/// let step = hint::next(&puzzle).unwrap();
/// assert_eq!(step.to_string(), "r5c5 can only be 5");
/// ```
///
/// # Errors
/// [`Stuck`] when no single is left, or the grid is full or contradictory.
pub fn next(puzzle: &Grid) -> Result<Hint, Stuck> {
    next_under(&Rules::classic(puzzle.shape()), puzzle)
}

/// The next step for `puzzle` under `rules` (of its shape): a naked single if there is one
/// (the first in row-major order), else a hidden single (in the houses' order: boxes or
/// regions, rows, columns, then the variant's diagonals, windows and extra regions, each
/// digit in order); or why there is none.
///
/// ```
/// use dancing::sudoku::{grid::Shape, hint, read::parse_line, rules::Rules};
/// // 1 to 8 down the main diagonal, r9c9 blank: under the X rule it can only be 9.
/// let mut puzzle = parse_line(&".".repeat(81)).unwrap();
/// for d in 1..=8u8 {
///     puzzle.set(usize::from(d) - 1, usize::from(d) - 1, d);
/// }
/// let x = Rules::classic(Shape::CLASSIC).with_x();
/// assert_eq!(hint::next_under(&x, &puzzle).unwrap().to_string(), "r9c9 can only be 9");
/// assert_ne!(hint::next(&puzzle).map(|h| h.to_string()), Ok("r9c9 can only be 9".into()));
/// ```
///
/// # Errors
/// [`Stuck`] when no single is left, or the grid is contradictory, or two givens conflict
/// ([`Stuck::Conflict`], checked first), or the grid is already full ([`Stuck::Full`]).
pub fn next_under(rules: &Rules, puzzle: &Grid) -> Result<Hint, Stuck> {
    if let Some(conflict) = puzzle.conflict_under(rules) {
        return Err(Stuck::Conflict(conflict));
    }
    if puzzle.givens() == puzzle.cells().len() {
        return Err(Stuck::Full);
    }
    View::new(rules, puzzle).single()
}

/// Follows singles from `puzzle` under the classic rules of its shape: [`solve_path_under`].
pub fn solve_path(puzzle: &Grid) -> Path {
    solve_path_under(&Rules::classic(puzzle.shape()), puzzle)
}

/// Follows singles from `puzzle` under `rules` (of its shape) until none is left (see the
/// module docs); no step at all when two givens conflict ([`Stuck::Conflict`]).
pub fn solve_path_under(rules: &Rules, puzzle: &Grid) -> Path {
    if let Some(conflict) = puzzle.conflict_under(rules) {
        return Path {
            steps: Vec::new(),
            end: Stuck::Conflict(conflict),
            grid: puzzle.clone(),
        };
    }
    let mut view = View::new(rules, puzzle);
    let mut steps = Vec::new();
    let end = loop {
        match view.single() {
            Ok(hint) => {
                view.place(hint.row, hint.col, hint.digit);
                steps.push(hint);
            }
            Err(end) => break end,
        }
    };
    Path {
        steps,
        end,
        grid: view.grid,
    }
}

/// Whether naked singles alone (no hidden single) solve `puzzle` under the classic rules of
/// its shape.
pub fn naked_singles_solve(puzzle: &Grid) -> bool {
    naked_singles_solve_under(&Rules::classic(puzzle.shape()), puzzle)
}

/// Whether naked singles alone (no hidden single) solve `puzzle` under `rules`.
pub fn naked_singles_solve_under(rules: &Rules, puzzle: &Grid) -> bool {
    let mut view = View::new(rules, puzzle);
    loop {
        match view.single() {
            Ok(hint) if hint.single == Single::Naked => view.place(hint.row, hint.col, hint.digit),
            Ok(_) => return false,
            Err(end) => return end == Stuck::Solved,
        }
    }
}

/// The exact-cover view of a partly filled grid: which options of the matrix are still
/// possible, and how many each item has left.
struct View {
    encoding: Encoding,
    /// The side of the grid.
    n: usize,
    grid: Grid,
    /// The items of option `k`: `items[starts[k]..starts[k + 1]]`.
    items: Vec<usize>,
    starts: Vec<usize>,
    /// For each item, its options.
    options: Vec<Vec<usize>>,
    /// Whether each option still conflicts with nothing placed.
    alive: Vec<bool>,
    /// Whether each item is covered by a placed digit.
    covered: Vec<bool>,
    /// Options alive in each item.
    len: Vec<usize>,
}

impl View {
    /// The view of `puzzle`'s givens placed on the matrix of `rules`.
    ///
    /// # Panics
    /// If the puzzle's shape is not the rules'.
    fn new(rules: &Rules, puzzle: &Grid) -> View {
        let shape = rules.shape();
        assert_eq!(
            shape,
            puzzle.shape(),
            "the rules are for the puzzle's shape"
        );
        let n = shape.side();
        let encoding = Encoding::new(rules);
        let (mut items, mut starts) = (Vec::new(), vec![0]);
        for cell in 0..n * n {
            for d in 0..n {
                items.extend(encoding.option(cell, d));
                starts.push(items.len());
            }
        }
        let mut options = vec![Vec::new(); encoding.primary() + encoding.secondary()];
        for k in 0..n * n * n {
            for &i in &items[starts[k]..starts[k + 1]] {
                options[i].push(k);
            }
        }
        let len = options.iter().map(Vec::len).collect();
        let mut view = View {
            encoding,
            n,
            grid: Grid::empty(shape),
            alive: vec![true; n * n * n],
            covered: vec![false; options.len()],
            items,
            starts,
            options,
            len,
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                view.place(cell / n, cell % n, digit);
            }
        }
        view
    }

    /// The items of option `k`.
    fn items(&self, k: usize) -> &[usize] {
        &self.items[self.starts[k]..self.starts[k + 1]]
    }

    /// Places `digit` at (`row`, `col`): covers the option's items and removes every option
    /// that shares an item with it.
    fn place(&mut self, row: usize, col: usize, digit: u8) {
        let n = self.n;
        self.grid.set(row, col, digit);
        let option = (row * n + col) * n + usize::from(digit) - 1;
        for t in self.starts[option]..self.starts[option + 1] {
            let i = self.items[t];
            self.covered[i] = true;
            for k in 0..self.options[i].len() {
                let other = self.options[i][k];
                if self.alive[other] {
                    self.alive[other] = false;
                    for u in self.starts[other]..self.starts[other + 1] {
                        self.len[self.items[u]] -= 1;
                    }
                }
            }
        }
    }

    /// The first single, or why there is none.
    fn single(&self) -> Result<Hint, Stuck> {
        let n = self.n;
        let cells = n * n;
        let primary = self.encoding.primary();
        let open = |i: usize| !self.covered[i];
        if let Some(i) = (0..primary).find(|&i| open(i) && self.len[i] == 0) {
            return Err(Stuck::Contradiction(self.empty(i)));
        }
        // Cells first, then the house-digit items: the matrix's item order.
        let Some(i) = (0..primary).find(|&i| open(i) && self.len[i] == 1) else {
            return Err(self.no_single());
        };
        let k = self.options[i]
            .iter()
            .copied()
            .find(|&k| self.alive[k])
            .expect("an item of length 1 has a live option");
        debug_assert!(self.items(k).contains(&i));
        let (row, col, digit) = (k / n / n, k / n % n, (k % n) as u8 + 1);
        let single = if i < cells {
            Single::Naked
        } else {
            let house = &self.encoding.houses()[(i - cells) / n];
            Single::Hidden {
                unit: house.unit,
                index: house.index,
            }
        };
        Ok(Hint {
            row,
            col,
            digit,
            single,
        })
    }

    /// The end of the singles: solved, or the open cell with the fewest candidates.
    fn no_single(&self) -> Stuck {
        let n = self.n;
        let best = (0..n * n)
            .filter(|&i| !self.covered[i])
            .min_by_key(|&i| self.len[i]);
        match best {
            None => Stuck::Solved,
            Some(cell) => Stuck::NoSingle {
                row: cell / n,
                col: cell % n,
                candidates: self.candidates(cell),
            },
        }
    }

    /// The digits of the options alive in the item of `cell`, in increasing order.
    fn candidates(&self, cell: usize) -> Vec<u8> {
        self.options[cell]
            .iter()
            .filter(|&&k| self.alive[k])
            .map(|&k| (k % self.n) as u8 + 1)
            .collect()
    }

    /// What the primary item `i`, with no option left, stands for.
    fn empty(&self, i: usize) -> Empty {
        let n = self.n;
        let cells = n * n;
        if i < cells {
            return Empty::Cell {
                row: i / n,
                col: i % n,
            };
        }
        let house = &self.encoding.houses()[(i - cells) / n];
        Empty::Digit {
            digit: ((i - cells) % n + 1) as u8,
            unit: house.unit,
            index: house.index,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Shape;
    use crate::sudoku::read::parse_line;
    use crate::sudoku::symbols::Symbols;

    #[test]
    fn an_empty_cell_of_a_full_row_is_a_naked_single() {
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(72));
        let hint = next(&parse_line(&line).unwrap()).unwrap();
        assert_eq!((hint.row, hint.col, hint.digit), (0, 8, 9));
        assert_eq!(hint.to_string(), "r1c9 can only be 9");
    }

    #[test]
    fn the_words_write_the_digits_in_the_puzzles_symbols() {
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(72));
        let hint = next(&parse_line(&line).unwrap()).unwrap();
        assert_eq!(hint.text(Symbols::Letters), "r1c9 can only be I");
        assert_eq!(hint.text(Symbols::FromZero), "r1c9 can only be 8");
        assert_eq!(hint.record(Symbols::Letters)["digit"], 9);
        assert_eq!(hint.record(Symbols::Letters)["text"], "r1c9 can only be I");
        let hidden = Hint {
            single: Single::Hidden {
                unit: Unit::Row,
                index: 0,
            },
            ..hint
        };
        assert_eq!(
            hidden.text(Symbols::Letters),
            "in row 1, I can only go in c9"
        );
        let empty = Stuck::Contradiction(Empty::Digit {
            digit: 12,
            unit: Unit::Box,
            index: 0,
        });
        assert_eq!(empty.to_string(), "no solution: 12 has no place in box 1");
        assert_eq!(
            empty.text(Symbols::FromOne),
            "no solution: C has no place in box 1"
        );
        let stuck = Stuck::NoSingle {
            row: 0,
            col: 0,
            candidates: vec![1, 10, 16],
        };
        assert!(stuck.text(Symbols::FromZero).ends_with("r1c1: 0 9 F"));
        assert!(stuck.to_string().ends_with("r1c1: 1 10 16"));
    }

    #[test]
    fn an_empty_grid_has_no_single_and_names_a_cell_with_every_candidate() {
        let end = next(&Grid::empty(Shape::CLASSIC)).unwrap_err();
        let Stuck::NoSingle { candidates, .. } = &end else {
            panic!("{end:?}")
        };
        assert_eq!(candidates.len(), 9);
    }

    #[test]
    fn a_full_grid_that_breaks_no_rule_is_said_full_rather_than_solved_by_singles() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let end = next(&parse_line(solved).unwrap()).unwrap_err();
        assert_eq!(end, Stuck::Full);
        assert_eq!(end.record(Symbols::FromOne)["end"], "full");
        // One blank: the single that fills it, and the path from there ends solved.
        let one_blank = format!(".{}", &solved[1..]);
        let grid = parse_line(&one_blank).unwrap();
        assert_eq!(next(&grid).unwrap().to_string(), "r1c1 can only be 5");
        assert_eq!(solve_path(&grid).end, Stuck::Solved);
    }

    #[test]
    fn a_cell_with_no_candidate_is_a_contradiction() {
        // r1c9 sees 1..8 in its row and 9 in its column.
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(8));
        line.push('9');
        line.push_str(&".".repeat(63));
        let end = next(&parse_line(&line).unwrap()).unwrap_err();
        assert_eq!(end, Stuck::Contradiction(Empty::Cell { row: 0, col: 8 }));
        assert_eq!(end.to_string(), "no solution: r1c9 has no candidate");
    }

    #[test]
    fn conflicting_givens_get_no_step_and_are_named() {
        let mut line = String::from("5...5....");
        line.push_str(&".".repeat(72));
        let puzzle = parse_line(&line).unwrap();
        let end = next(&puzzle).unwrap_err();
        assert!(matches!(end, Stuck::Conflict(_)), "{end:?}");
        assert_eq!(
            end.to_string(),
            "the givens conflict: digit 5 appears twice in row 1: at r1c1 and r1c5"
        );
        let path = solve_path(&puzzle);
        assert!(path.steps.is_empty());
        assert_eq!(path.end, end);
    }
}
