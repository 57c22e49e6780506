//! A step's words, and where the singles stop in words. They name digits: `Display` writes
//! them as numbers (`1` to `N`, as a [`Grid`](super::Grid) holds them); `text(symbols)`
//! and `record(symbols)` write them as a puzzle's own [`Symbols`] show them, so that the
//! words on a 25x25 board in `A`-`Y` say "r6c11 can only be B", and on a hexadoku in `0`-`F`
//! "r8c14 can only be E", as the board reads.

use std::fmt;

use serde_json::{Value, json};

use super::{Empty, Hint, Single, Stuck};
use crate::sudoku::grid::Unit;
use crate::sudoku::symbols::Symbols;

/// How a step's words write a digit (see the module docs).
#[derive(Clone, Copy)]
enum Digits {
    /// As a number, `1` to `N`.
    Numbers,
    /// As the puzzle's symbols show it.
    In(Symbols),
}

impl Digits {
    /// The digit `d` (1 to `N`) in words.
    fn show(self, d: u8) -> String {
        match self {
            Digits::Numbers => d.to_string(),
            Digits::In(symbols) => symbols.char_of(d).to_string(),
        }
    }
}

impl fmt::Display for Hint {
    /// `r3c4 can only be 7`, `in row 5, 3 can only go in c8`, `in box 2, 3 can only go in
    /// r1c5`, `in the main diagonal, 4 can only go in r2c2` (1-based, as people count; the
    /// digit as a number: [`Hint::text`] writes it in a puzzle's symbols).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Digits::Numbers))
    }
}

impl Hint {
    /// The deduction in words with the digit as `symbols` write it, as the puzzle's board
    /// shows it: `r6c11 can only be B` on a 25x25 board in `A`-`Y` (digit 2), `in row 3, E
    /// can only go in c7` on a hexadoku in `0`-`F` (digit 15).
    pub fn text(&self, symbols: Symbols) -> String {
        self.words(Digits::In(symbols))
    }

    /// The deduction in words, the digit written by `digits`.
    fn words(&self, digits: Digits) -> String {
        let (r, c, d) = (self.row + 1, self.col + 1, digits.show(self.digit));
        match self.single {
            Single::Naked => format!("r{r}c{c} can only be {d}"),
            Single::Hidden {
                unit: Unit::Row, ..
            } => format!("in row {r}, {d} can only go in c{c}"),
            Single::Hidden {
                unit: Unit::Column, ..
            } => format!("in column {c}, {d} can only go in r{r}"),
            Single::Hidden { unit, index } => {
                format!("{}, {d} can only go in r{r}c{c}", unit.place(index))
            }
        }
    }

    /// The JSON record of the step, as `sudoku hint --format jsonl` writes it a line and the
    /// server's `/api/sudoku/hint` answers it: the cell (`row`, `col`, 1-based), the `digit`
    /// (a number, 1 to `N`), and the deduction in words with the digit in the puzzle's
    /// `symbols` (`text`, [`Hint::text`]).
    pub fn record(&self, symbols: Symbols) -> Value {
        json!({
            "row": self.row + 1, "col": self.col + 1, "digit": self.digit,
            "text": self.text(symbols),
        })
    }
}

impl fmt::Display for Empty {
    /// `r1c9 has no candidate`, `5 has no place in row 3` (1-based; the digit as a number:
    /// [`Empty::text`] writes it in a puzzle's symbols).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Digits::Numbers))
    }
}

impl Empty {
    /// As `Display`, with the digit as `symbols` write it.
    pub fn text(&self, symbols: Symbols) -> String {
        self.words(Digits::In(symbols))
    }

    fn words(&self, digits: Digits) -> String {
        match *self {
            Empty::Cell { row, col } => format!("r{}c{} has no candidate", row + 1, col + 1),
            Empty::Digit { digit, unit, index } => {
                format!("{} has no place {}", digits.show(digit), unit.place(index))
            }
        }
    }
}

impl fmt::Display for Stuck {
    /// Where the singles stop in words (the digits as numbers: [`Stuck::text`] writes them
    /// in a puzzle's symbols).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Digits::Numbers))
    }
}

impl Stuck {
    /// Where the singles stop in words, with the digits (the candidates of
    /// [`Stuck::NoSingle`], the digit of a [`Stuck::Contradiction`]) as `symbols` write them,
    /// as the puzzle's board shows them; a conflict of givens in
    /// [`Conflict::text`](crate::sudoku::grid::Conflict::text)'s words, its digit so too.
    pub fn text(&self, symbols: Symbols) -> String {
        self.words(Digits::In(symbols))
    }

    fn words(&self, digits: Digits) -> String {
        match self {
            Stuck::Solved => "solved by singles alone".to_owned(),
            Stuck::Full => "the grid is full and breaks no rule: it is solved".to_owned(),
            Stuck::NoSingle {
                row,
                col,
                candidates,
            } => {
                let list: Vec<String> = candidates.iter().map(|&d| digits.show(d)).collect();
                format!(
                    "no single left; the cell with the fewest candidates is r{}c{}: {}",
                    row + 1,
                    col + 1,
                    list.join(" ")
                )
            }
            Stuck::Contradiction(empty) => format!("no solution: {}", empty.words(digits)),
            Stuck::Conflict(conflict) => {
                let words = match digits {
                    Digits::Numbers => conflict.to_string(),
                    Digits::In(symbols) => conflict.text(symbols),
                };
                format!("the givens conflict: {words}")
            }
        }
    }

    /// The JSON record of where the singles stop, as `sudoku hint --format jsonl` writes it:
    /// `end` (`solved`, `full`, `no-single`, `contradiction`, or `invalid` for conflicting
    /// givens) and `text` (the conflict alone for `invalid`, else [`Stuck::text`]), the
    /// digits in the puzzle's `symbols`.
    pub fn record(&self, symbols: Symbols) -> Value {
        let end = match self {
            Stuck::Conflict(conflict) => {
                return json!({"end": "invalid", "text": conflict.text(symbols)});
            }
            Stuck::Solved => "solved",
            Stuck::Full => "full",
            Stuck::NoSingle { .. } => "no-single",
            Stuck::Contradiction(_) => "contradiction",
        };
        json!({"end": end, "text": self.text(symbols)})
    }
}
