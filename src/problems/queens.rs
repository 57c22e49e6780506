//! The N queens problem: put `n` queens on an `n x n` board so that no two share a row, a
//! column or a diagonal.
//!
//! # Items and options
//! - Primary items `r0 .. r{n-1}` and `c0 .. c{n-1}`, the rows and columns: each holds
//!   exactly one queen, since `n` queens in `n` rows with at most one per row fill every row.
//! - Secondary items `a{d}` for the diagonals with `r + c = d`, and `b{d}` for those with
//!   `c - r + n - 1 = d`: at most one queen each. They are secondary because most diagonals
//!   stay empty (there are `2(2n - 1)` of them for `n` queens).
//! - One option per square, in reading order (option `r * n + c` is row `r`, column `c`):
//!   `r{r} c{c} a{r+c} b{c-r+n-1}`.
//!
//! Numbers in names are one character, `0-9a-zA-Z` (as in Knuth's files: `ra` is row 10),
//! when `2n - 1 <= 62`, and decimal otherwise.
//!
//! # Item order
//! The search branches on the leftmost item of minimum length, so the order of the items
//! decides the ties, and with them the size of the search tree.
//! - [`Order::Natural`]: rows, columns, `a` diagonals, then `b` diagonals by `r - c`; this is
//!   [`super::queens()`].
//! - [`Order::OrganPipe`]: Knuth's order for his `nqueens-N.dlx`: the rows and columns from
//!   the middle out, `r{m} c{m} r{m-1} c{m-1} r{m+1} c{m+1} ...` with `m = n / 2`, and the
//!   diagonals `a1 b1 a2 b2 ...`. It leaves out the four diagonals of one square
//!   (`a0`, `b0` and the two of the far corners): a secondary item that only one option
//!   names can never be covered twice, so it changes nothing but the text. The middle of the
//!   board is the most constrained part, and branching there first prunes sooner: the
//!   search tree of 14 queens has 38% fewer nodes (see [`Queens::new`] for the numbers).

use std::fmt::{self, Write};

use super::NotASolution;
use super::size::{self, SizeError};
use crate::Problem;

/// The largest board [`Queens::new`] makes: 1000 queens is 1,000,000 options and 4 million
/// nodes (`dancing queens 1000` peaks at 130 MB); the options grow as `n * n`, so that
/// 10,000 queens would take gigabytes before the search began.
pub const MAX_N: usize = 1000;

/// The order of the items, which decides the search's ties (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// Rows, then columns, then diagonals: [`super::queens()`].
    #[default]
    Natural,
    /// Knuth's organ-pipe order: rows and columns from the middle out, interleaved.
    OrganPipe,
}

/// The N queens problem, encoded.
///
/// ```
/// use dancing::problems::queens::{Order, Queens};
/// use dancing::Solver;
/// let queens = Queens::new(8, Order::OrganPipe)?;
/// let mut solver = Solver::new(queens.problem());
/// let board = queens.decode(&solver.next_solution().unwrap().unwrap());
/// assert_eq!(board.columns().len(), 8);
/// assert_eq!(solver.count(None).unwrap(), 91); // the 91 other solutions
/// # Ok::<(), dancing::problems::size::SizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    order: Order,
    /// With its item names.
    problem: Problem,
}

impl Queens {
    /// `n` queens with items in the given order.
    ///
    /// Nodes of the whole search (as `dancing::count_parallel` reports them; `dancing cover
    /// --count --stats` on the export gives the same), natural against organ-pipe order:
    ///
    /// | n | natural | organ-pipe | organ-pipe / natural |
    /// |---|---|---|---|
    /// | 8 | 1,199 | 1,049 | 0.875 |
    /// | 10 | 16,448 | 11,578 | 0.704 |
    /// | 12 | 327,813 | 211,716 | 0.646 |
    /// | 13 | 1,651,935 | 1,046,319 | 0.633 |
    /// | 14 | 8,770,997 | 5,474,542 | 0.624 |
    ///
    /// The organ-pipe numbers for 14 are those of Knuth's DLX1 on `nqueens-14.dlx` (5,474,542
    /// nodes, 91,497,926 updates; natural order: 166,857,253 updates).
    ///
    /// # Errors
    /// [`SizeError`] for `n` outside `1..=`[`MAX_N`], before anything is allocated.
    pub fn new(n: usize, order: Order) -> Result<Queens, SizeError> {
        let n = size::check("queens n", n, 1, MAX_N)?;
        let diagonals = (2 * n).saturating_sub(1);
        let digit = |k: usize| number(k, diagonals);
        let mut item_names = Vec::new();
        // `item[..]` of each row, column, a and b diagonal; `None` for a diagonal left out.
        let mut row = vec![0; n];
        let mut column = vec![0; n];
        let mut a: Vec<Option<usize>> = vec![None; diagonals];
        let mut b: Vec<Option<usize>> = vec![None; diagonals];
        match order {
            Order::Natural => {
                for (r, item) in row.iter_mut().enumerate() {
                    *item = item_names.len();
                    item_names.push(format!("r{}", digit(r)));
                }
                for (c, item) in column.iter_mut().enumerate() {
                    *item = item_names.len();
                    item_names.push(format!("c{}", digit(c)));
                }
                for (d, item) in a.iter_mut().enumerate() {
                    *item = Some(item_names.len());
                    item_names.push(format!("a{}", digit(d)));
                }
                // By n - 1 + r - c, as `queens` always had them; named by c - r + n - 1.
                for k in 0..diagonals {
                    b[diagonals - 1 - k] = Some(item_names.len());
                    item_names.push(format!("b{}", digit(diagonals - 1 - k)));
                }
            }
            Order::OrganPipe => {
                for k in organ_pipe(n) {
                    row[k] = item_names.len();
                    item_names.push(format!("r{}", digit(k)));
                    column[k] = item_names.len();
                    item_names.push(format!("c{}", digit(k)));
                }
                for d in 1..diagonals.saturating_sub(1) {
                    a[d] = Some(item_names.len());
                    item_names.push(format!("a{}", digit(d)));
                    b[d] = Some(item_names.len());
                    item_names.push(format!("b{}", digit(d)));
                }
            }
        }
        let problem = super::build_named(
            2 * n,
            item_names,
            (0..n * n).map(|k| {
                let (r, c) = (k / n, k % n);
                let mut option = vec![row[r], column[c]];
                option.extend(a[r + c]);
                option.extend(b[c + n - 1 - r]);
                option
            }),
        );
        Ok(Queens { n, order, problem })
    }

    /// The size of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The item order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The items' names, in item order (the problem's own: [`Problem::names`]).
    pub fn item_names(&self) -> &[String] {
        super::item_names(&self.problem)
    }

    /// The problem in Knuth's format, as in `nqueens-N.dlx` for the organ-pipe order.
    pub fn to_dlx(&self) -> String {
        let text = crate::knuth::write_with_names(&self.problem);
        let order = match self.order {
            Order::Natural => "natural order",
            Order::OrganPipe => "organ-pipe order",
        };
        super::with_comment(
            &format!(
                "{} queens, rows/cols primary ({order}), diagonals secondary (dancing queens)",
                self.n
            ),
            &text,
        )
    }

    /// Reads option indices that may not be a solution (a caller's, as Python's) back as a
    /// board: [`Queens::decode`] once they are checked to be one.
    ///
    /// # Errors
    /// [`NotASolution`] naming the index that is no option, or the row, column or diagonal
    /// with two queens, or the row or column with none.
    pub fn try_decode(&self, solution: &[usize]) -> Result<Board, NotASolution> {
        super::check(&self.problem, solution)?;
        Ok(self.decode(solution))
    }

    /// Reads a solution (option indices) back as a board.
    ///
    /// # Panics
    /// If the options are not a solution: an index out of range, or a row without a queen.
    pub fn decode(&self, solution: &[usize]) -> Board {
        let mut columns = vec![usize::MAX; self.n];
        for &k in solution {
            assert!(k < self.n * self.n, "option {k} is not a square");
            columns[k / self.n] = k % self.n;
        }
        assert!(
            columns.iter().all(|&c| c != usize::MAX),
            "not a solution: a row has no queen"
        );
        Board { columns }
    }
}

/// `0..n` from the middle out: `n/2, n/2 - 1, n/2 + 1, n/2 - 2, ...`.
fn organ_pipe(n: usize) -> Vec<usize> {
    let m = n / 2;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        // k = 0, 1, 2, 3, ... goes to m, m - 1, m + 1, m - 2, ...
        let step = k.div_ceil(2);
        let at = if k % 2 == 1 { m - step } else { m + step };
        out.push(at);
    }
    out
}

/// `k` as one character of `0-9a-zA-Z` when every number of the problem (below `count`)
/// fits in one, else in decimal.
pub(crate) fn number(k: usize, count: usize) -> String {
    const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if count <= DIGITS.len() {
        char::from(DIGITS[k]).to_string()
    } else {
        k.to_string()
    }
}

/// A solution: the column of the queen in each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    columns: Vec<usize>,
}

impl Board {
    /// The column of the queen in each row, from the top.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// The board as a printable SVG document (`dancing queens N --svg FILE`): `n * n`
    /// squares (`class="square"`, light and dark as on a chessboard, in reading order) in a
    /// thin frame, and one `♛` (`class="queen"`) centred on the square of each queen.
    pub fn svg(&self) -> String {
        /// The side of a square, in pixels.
        const SQUARE: usize = 32;
        /// The margin around the board, in pixels.
        const MARGIN: usize = 12;
        let n = self.columns.len();
        let side = 2 * MARGIN + n * SQUARE;
        let title = format!("{n} queens by dancing");
        let mut out = super::svg::document(side, side, &title);
        let _ = writeln!(
            out,
            "<rect width=\"{side}\" height=\"{side}\" fill=\"white\"/>"
        );
        for r in 0..n {
            for c in 0..n {
                let fill = if (r + c) % 2 == 0 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let _ = writeln!(
                    out,
                    "<rect class=\"square\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                     height=\"{SQUARE}\" fill=\"{fill}\"/>",
                    MARGIN + c * SQUARE,
                    MARGIN + r * SQUARE
                );
            }
        }
        let _ = writeln!(
            out,
            "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{0}\" height=\"{0}\" \
             fill=\"none\" stroke=\"black\" stroke-width=\"1.5\"/>",
            n * SQUARE
        );
        for (r, &c) in self.columns.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text class=\"queen\" x=\"{}\" y=\"{}\" font-family=\"serif\" \
                 font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\
                 ♛</text>",
                MARGIN + c * SQUARE + SQUARE / 2,
                MARGIN + r * SQUARE + SQUARE / 2,
                SQUARE * 4 / 5
            );
        }
        out += "</svg>\n";
        out
    }
}

impl fmt::Display for Board {
    /// One line a row, `Q` for a queen and `.` for an empty square, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.columns.len();
        for &q in &self.columns {
            let row: Vec<&str> = (0..n).map(|c| if c == q { "Q" } else { "." }).collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organ_pipe_order_starts_in_the_middle() {
        assert_eq!(organ_pipe(8), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(5), [2, 1, 3, 0, 4]);
        assert_eq!(organ_pipe(1), [0]);
    }

    #[test]
    fn organ_pipe_names_match_knuths_file() {
        let q = Queens::new(4, Order::OrganPipe).unwrap();
        let text = q.to_dlx();
        let mut lines = text.lines().skip(1);
        assert_eq!(
            lines.next(),
            Some("r2 c2 r1 c1 r3 c3 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5")
        );
        assert_eq!(lines.next(), Some("r0 c0 b3"));
        assert_eq!(lines.next(), Some("r0 c1 a1 b4"));
    }
}
