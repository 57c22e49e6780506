//! Langford pairs L(2, n): arrange two copies of each of `1, 2, ..., n` in a row of `2n`
//! slots so that the two copies of `v` have exactly `v` slots between them (for `n = 3`:
//! `3 1 2 1 3 2`). Solutions exist only when `n mod 4` is 0 or 3.
//!
//! # Items and options
//! - Primary items `v1 .. v{n}`, the values: each is placed exactly once (as a pair).
//! - Primary items `s1 .. s{2n}`, the slots: each holds exactly one copy.
//! - One option per value `v` and first slot `i` with `i + v + 1 <= 2n`: `v{v} s{i}
//!   s{i+v+1}`, in value order, then by `i`. These are the names of Knuth's
//!   `langford-N.dlx`.
//!
//! Every solution read backwards is another solution, so the count is even. With `half`,
//! value 1 may start only in slots `1 .. n - 1`: of a solution and its mirror image exactly
//! one has its first 1 in the left half (the 1s are two apart, so they cannot be placed
//! symmetrically about the middle), and the count is OEIS A014552 exactly.

use std::fmt::{self, Write};

use super::NotASolution;
use super::size::{self, SizeError};
use crate::Problem;

/// The largest `n` [`Langford::new`] makes: L(2, 1000) has some 1.5 million options and 4.5
/// million nodes (`dancing langford 1000` peaks at 190 MB); the options grow as `1.5 * n * n`.
pub const MAX_N: usize = 1000;

/// Langford pairs, encoded.
///
/// ```
/// use dancing::problems::langford::Langford;
/// use dancing::Solver;
/// let langford = Langford::new(3, true)?;
/// let mut solver = Solver::new(langford.problem());
/// let first = solver.next_solution().unwrap().unwrap();
/// assert_eq!(langford.decode(&first).to_string(), "3 1 2 1 3 2");
/// # Ok::<(), dancing::problems::size::SizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    half: bool,
    /// With its item names.
    problem: Problem,
    /// The value and first slot (both from 1) of each option.
    options: Vec<(usize, usize)>,
}

impl Langford {
    /// L(2, `n`); with `half`, one solution of each mirror-image pair.
    ///
    /// # Errors
    /// [`SizeError`] for `n` outside `1..=`[`MAX_N`], before anything is allocated.
    pub fn new(n: usize, half: bool) -> Result<Langford, SizeError> {
        let n = size::check("langford n", n, 1, MAX_N)?;
        let mut options = Vec::new();
        for value in 1..=n {
            let last_start = if half && value == 1 {
                n.saturating_sub(1)
            } else {
                (2 * n).saturating_sub(value + 1)
            };
            options.extend((1..=last_start).map(|start| (value, start)));
        }
        let values = (1..=n).map(|v| format!("v{v}"));
        let names = values.chain((1..=2 * n).map(|s| format!("s{s}"))).collect();
        let problem = super::build_named(
            3 * n,
            names,
            options
                .iter()
                .map(|&(value, start)| vec![value - 1, n + start - 1, n + start + value]),
        );
        Ok(Langford {
            n,
            half,
            problem,
            options,
        })
    }

    /// The largest value.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether only one of each mirror-image pair is kept.
    pub fn half(&self) -> bool {
        self.half
    }

    /// Whether the problem has solutions: exactly when `n mod 4` is 0 or 3 (Davies, 1959),
    /// with or without `half`.
    pub fn has_solutions(&self) -> bool {
        matches!(self.n % 4, 0 | 3)
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The items' names: `v1 .. v{n}`, then `s1 .. s{2n}` (a copy of the problem's own:
    /// [`Problem::names`]).
    pub fn item_names(&self) -> Vec<String> {
        super::item_names(&self.problem).to_vec()
    }

    /// The problem in Knuth's format, as in `langford-N.dlx` (or `-half`).
    pub fn to_dlx(&self) -> String {
        let text = crate::knuth::write_with_names(&self.problem);
        let which = if self.half {
            "one of each mirror pair"
        } else {
            "all"
        };
        super::with_comment(
            &format!("Langford pairs L(2,{}), {which} (dancing langford)", self.n),
            &text,
        )
    }

    /// Reads option indices that may not be a solution (a caller's, as Python's) back as a
    /// sequence: [`Langford::decode`] once they are checked to be one.
    ///
    /// # Errors
    /// [`NotASolution`] naming the index that is no option, or the value or slot covered
    /// twice, or the value or slot left empty.
    pub fn try_decode(&self, solution: &[usize]) -> Result<Sequence, NotASolution> {
        super::check(&self.problem, solution)?;
        Ok(self.decode(solution))
    }

    /// Reads a solution (option indices) back as the sequence of values in the slots.
    ///
    /// # Panics
    /// If an index is not an option, or the options leave a slot empty.
    pub fn decode(&self, solution: &[usize]) -> Sequence {
        let mut slots = vec![0; 2 * self.n];
        for &k in solution {
            let (value, start) = self.options[k];
            slots[start - 1] = value;
            slots[start + value] = value;
        }
        assert!(
            slots.iter().all(|&v| v != 0),
            "not a solution: a slot is empty"
        );
        Sequence { slots }
    }
}

/// A solution: the value in each slot, from the left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    slots: Vec<usize>,
}

impl Sequence {
    /// The value in each slot.
    pub fn slots(&self) -> &[usize] {
        &self.slots
    }

    /// The sequence as a printable SVG document (`dancing langford N --svg FILE`): a row of
    /// `2n` numbered cells (`class="slot"`, from the left, each `<text>` its value), filled
    /// with the color of their value ([`super::svg::color`] of `value - 1`), and above the
    /// row one arc for each value (`class="pair"`, `<title>` the value) in its color, from
    /// the middle of the top of one copy's cell to the other's. The arcs of larger values,
    /// which span more cells, rise higher, so that nested arcs stay apart.
    pub fn svg(&self) -> String {
        /// The side of a cell, in pixels.
        const CELL: usize = 32;
        /// The margin around the picture, in pixels.
        const MARGIN: usize = 12;
        /// The height of the highest arc, in cells (that of value `n`; value `v` rises
        /// `v / n` of it).
        const RISE: usize = 3;
        let n = self.slots.len() / 2;
        let rise = CELL * RISE.min(n.max(1));
        let width = 2 * MARGIN + self.slots.len() * CELL;
        let height = 2 * MARGIN + rise + CELL;
        let title = format!("Langford pairs L(2,{n}) by dancing");
        let mut out = super::svg::document(width, height, &title);
        let _ = writeln!(
            out,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
        );
        let top = MARGIN + rise;
        let mut first = vec![None; n + 1];
        for (i, &v) in self.slots.iter().enumerate() {
            let x = MARGIN + i * CELL;
            let color = super::svg::color(v - 1);
            let _ = writeln!(
                out,
                "<rect class=\"slot\" x=\"{x}\" y=\"{top}\" width=\"{CELL}\" \
                 height=\"{CELL}\" fill=\"{color}\" stroke=\"black\"/>"
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\">{v}</text>",
                x + CELL / 2,
                top + CELL / 2,
                CELL / 2
            );
            // The arc is drawn at the second copy, from the first.
            match first.get_mut(v).and_then(Option::take) {
                Some(start) => {
                    let (x1, x2) = (MARGIN + start * CELL + CELL / 2, x + CELL / 2);
                    let _ = writeln!(
                        out,
                        "<path class=\"pair\" d=\"M{x1} {top} A{} {} 0 0 1 {x2} {top}\" \
                         fill=\"none\" stroke=\"{color}\" stroke-width=\"3\">\
                         <title>{v}</title></path>",
                        (x2 - x1) / 2,
                        (rise * v / n).max(CELL / 4)
                    );
                }
                None => {
                    if let Some(slot) = first.get_mut(v) {
                        *slot = Some(i);
                    }
                }
            }
        }
        out += "</svg>\n";
        out
    }
}

impl fmt::Display for Sequence {
    /// The values separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.slots.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}
