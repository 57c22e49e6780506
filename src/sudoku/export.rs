//! One puzzle's exact-cover problem, written in Knuth's format ([`to_dlx`]) for `dancing
//! cover` or Knuth's DLX1 to solve, and the decoding of its options back into cells
//! ([`decode_option`]).
//!
//! The problem is the matrix of [`super::solve`] *reduced by the givens*: each given's
//! option is chosen in advance, so its items are left out, and so is every option that
//! names one of them (the other digits of the given's cell, the same digit elsewhere in its
//! houses and cliques). What is left has exactly the solutions of the puzzle minus its
//! givens, one option per blank cell.
//!
//! Items have readable names, with rows, columns and digits counted from 1 (digits as
//! numbers, whatever the puzzle's symbols):
//!
//! | name | item |
//! |---|---|
//! | `r3c4` | the cell in row 3, column 4 holds a digit |
//! | `r3#5`, `c4#5`, `b2#5` | row 3, column 4, box 2 holds digit 5 |
//! | `j2#5` | jigsaw region 2 holds digit 5 |
//! | `d1#5`, `d2#5` | the main diagonal, the anti-diagonal holds digit 5 (X) |
//! | `w1#5` | window 1 holds digit 5 (hyper) |
//! | `e1#5` | extra region 1 holds digit 5 |
//! | `n.r1c2.r2c4#5` | at most one of two cells a knight's move apart holds 5 (secondary) |
//! | `k.r1c2#5` | at most one cell of the 2x2 block at r1c2 holds 5 (secondary) |
//!
//! Every option names its cell first, then items ending in `#d` for its digit `d`.

use std::fmt::Write as _;

use super::grid::{Grid, Unit};
use super::rules::Rules;
use super::solve::{Encoding, SolveError};
use super::symbols::Symbols;
use crate::{Names, ProblemBuilder, knuth};

/// Why [`to_dlx`] wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The puzzle is of another shape than the rules, or two givens conflict.
    #[error(transparent)]
    Invalid(SolveError),
    /// No blank cell: every item is covered by the givens, and Knuth's format cannot write
    /// a problem without items.
    #[error("the puzzle has no blank cell, so no item is left to cover")]
    Complete,
}

impl ExportError {
    /// The error in words with a digit (that of conflicting givens) as `symbols` write it,
    /// as the puzzle shows it ([`SolveError::text`]).
    pub fn text(&self, symbols: Symbols) -> String {
        match self {
            ExportError::Invalid(error) => error.text(symbols),
            ExportError::Complete => self.to_string(),
        }
    }
}

/// The names of every item of the matrix of `encoding`, in item order (see the
/// [module documentation](self)).
fn item_names(encoding: &Encoding, side: usize) -> Vec<String> {
    let mut names = Vec::with_capacity(encoding.primary() + encoding.secondary());
    for cell in 0..side * side {
        names.push(cell_name(side, cell));
    }
    for house in encoding.houses() {
        let prefix = match house.unit {
            Unit::Row => 'r',
            Unit::Column => 'c',
            Unit::Box => 'b',
            Unit::Region => 'j',
            Unit::Diagonal => 'd',
            Unit::Window => 'w',
            _ => 'e',
        };
        for d in 1..=side {
            names.push(format!("{prefix}{}#{d}", house.index + 1));
        }
    }
    for clique in encoding.cliques() {
        let cells = match clique.unit {
            Unit::Knight => clique.cells.iter().fold(String::from("n"), |name, &c| {
                name + "." + &cell_name(side, c)
            }),
            _ => format!("k.{}", cell_name(side, clique.cells[0])),
        };
        for d in 1..=side {
            names.push(format!("{cells}#{d}"));
        }
    }
    names
}

/// `r3c4` for a row-major cell index.
fn cell_name(side: usize, cell: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// The exact-cover problem of `puzzle` under `rules`, reduced by its givens, in Knuth's
/// format with the names of the [module documentation](self), after comment lines saying
/// what it is.
///
/// ```
/// use dancing::sudoku::{export, grid::Shape, read::parse_line_as, rules::Rules};
/// let shape = Shape::new(2).unwrap();
/// let puzzle = parse_line_as(shape, "1234341221434.21").unwrap();
/// let text = export::to_dlx(&Rules::classic(shape), &puzzle)?;
/// // One blank cell, r4c2, and one digit left for it: an item line and one option.
/// assert!(text.ends_with("\nr4c2 b3#3 r4#3 c2#3\nr4c2 b3#3 r4#3 c2#3\n"));
/// # Ok::<(), export::ExportError>(())
/// ```
///
/// # Errors
/// [`ExportError::Invalid`] if the shapes differ or two givens conflict;
/// [`ExportError::Complete`] if no cell is blank.
pub fn to_dlx(rules: &Rules, puzzle: &Grid) -> Result<String, ExportError> {
    let shape = rules.shape();
    let n = shape.side();
    if puzzle.shape() != shape {
        return Err(ExportError::Invalid(SolveError::WrongShape {
            expected: n,
            found: puzzle.shape().side(),
        }));
    }
    if let Some(conflict) = puzzle.conflict_under(rules) {
        return Err(ExportError::Invalid(SolveError::Conflict(conflict)));
    }
    if puzzle.is_complete() {
        return Err(ExportError::Complete);
    }
    let encoding = Encoding::new(rules);
    let (primary, secondary) = (encoding.primary(), encoding.secondary());
    let mut covered = vec![false; primary + secondary];
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            for item in encoding.option(cell, usize::from(digit) - 1) {
                covered[item] = true;
            }
        }
    }
    // The items left, renumbered in order: primary ones first, as the builder wants them.
    let mut index = vec![usize::MAX; primary + secondary];
    let kept: Vec<usize> = (0..primary + secondary).filter(|&i| !covered[i]).collect();
    for (k, &i) in kept.iter().enumerate() {
        index[i] = k;
    }
    let kept_primary = kept.iter().take_while(|&&i| i < primary).count();
    let mut builder = ProblemBuilder::new(kept_primary, kept.len() - kept_primary);
    for cell in 0..n * n {
        for d in 0..n {
            if encoding.option(cell, d).all(|item| !covered[item]) {
                builder
                    .option(encoding.option(cell, d).map(|item| index[item]))
                    .expect("a subset of a Sudoku option is well formed");
            }
        }
    }
    let mut all = item_names(&encoding, n);
    let names = Names::new(kept.iter().map(|&i| std::mem::take(&mut all[i])))
        .expect("the Sudoku item names are valid and distinct");
    let problem = builder
        .build()
        .expect("a reduced Sudoku matrix fits the arena")
        .with_names(names)
        .expect("one name per item left");
    let mut about = format!("Sudoku {shape}, rules: {rules}");
    let _ = write!(about, "; {} givens", puzzle.givens());
    let line = format!("puzzle: {}", puzzle.to_line());
    let comments = [
        about.as_str(),
        line.as_str(),
        "each option names its cell rRcC first; items named X#d say digit d",
    ];
    let mut text: String = comments.iter().map(|c| format!("| {c}\n")).collect();
    text += &knuth::write_with_names(&problem);
    Ok(text)
}

/// The cell (0-based row and column) and digit that an option of [`to_dlx`]'s output
/// places, from its text (the item names, as `dancing cover` prints a chosen option):
/// `r3c4 b2#5 r3#5 c4#5` is digit 5 at row 3, column 4, so `(2, 3, 5)`. `None` if the text
/// is not such an option.
///
/// ```
/// use dancing::sudoku::export::decode_option;
/// assert_eq!(decode_option("r3c4 b2#5 r3#5 c4#5"), Some((2, 3, 5)));
/// assert_eq!(decode_option("x0 x1"), None);
/// ```
pub fn decode_option(text: &str) -> Option<(usize, usize, u8)> {
    let mut names = text.split_whitespace();
    let (row, col) = names.next()?.strip_prefix('r')?.split_once('c')?;
    let row = row.parse::<usize>().ok()?.checked_sub(1)?;
    let col = col.parse::<usize>().ok()?.checked_sub(1)?;
    let digit = names.next()?.rsplit_once('#')?.1.parse().ok()?;
    Some((row, col, digit))
}
