//! The exact-cover matrix of a set of rules: its items (cells, then (house, digit), then the
//! cliques' secondary (clique, digit)) and its options (one per digit in a cell, numbered
//! [`option_of`]), as the docs of [`crate::sudoku::solve`] describe them. The solver, the
//! generator and the exports build it here.

use crate::sudoku::rules::{Clique, House, Rules};
use crate::{Problem, ProblemBuilder};

/// The items of the matrix of some rules: its houses and cliques, and which of them hold
/// each cell; see the docs of [`crate::sudoku::solve`].
#[derive(Clone, Debug)]
pub(crate) struct Encoding {
    side: usize,
    houses: Vec<House>,
    cliques: Vec<Clique>,
    /// The houses holding each cell, in house order.
    houses_of: Vec<Vec<usize>>,
    /// The cliques holding each cell, in clique order.
    cliques_of: Vec<Vec<usize>>,
}

impl Encoding {
    pub(crate) fn new(rules: &Rules) -> Encoding {
        let side = rules.shape().side();
        let houses = rules.houses();
        let cliques = rules.cliques();
        let mut houses_of = vec![Vec::new(); side * side];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                houses_of[cell].push(h);
            }
        }
        let mut cliques_of = vec![Vec::new(); side * side];
        for (k, clique) in cliques.iter().enumerate() {
            for &cell in &clique.cells {
                cliques_of[cell].push(k);
            }
        }
        Encoding {
            side,
            houses,
            cliques,
            houses_of,
            cliques_of,
        }
    }

    /// The houses, in item order.
    pub(crate) fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The cliques, in item order.
    pub(crate) fn cliques(&self) -> &[Clique] {
        &self.cliques
    }

    /// The number of primary items: cells, then (house, digit).
    pub(crate) fn primary(&self) -> usize {
        self.side * (self.side + self.houses.len())
    }

    /// The number of secondary items: (clique, digit).
    pub(crate) fn secondary(&self) -> usize {
        self.side * self.cliques.len()
    }

    /// The items of the option that places digit `d` (0-based) in `cell`.
    pub(crate) fn option(&self, cell: usize, d: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.side;
        let houses = self.houses_of[cell].iter().map(move |h| n * n + h * n + d);
        let first_secondary = self.primary();
        let cliques = self.cliques_of[cell]
            .iter()
            .map(move |k| first_secondary + k * n + d);
        std::iter::once(cell).chain(houses).chain(cliques)
    }

    /// The matrix itself.
    pub(crate) fn problem(&self) -> Problem {
        let n = self.side;
        let mut b = ProblemBuilder::new(self.primary(), self.secondary());
        for cell in 0..n * n {
            for d in 0..n {
                b.option(self.option(cell, d))
                    .expect("the Sudoku options are well formed");
            }
        }
        b.build().expect("a Sudoku matrix fits the arena")
    }
}

/// The exact-cover matrix of an empty grid under `rules` (see the module docs):
/// `matrix(&Rules::classic(shape))` for the classic puzzle.
pub fn matrix(rules: &Rules) -> Problem {
    Encoding::new(rules).problem()
}

/// The option that places `digit` (1-based) at cell index `cell`.
pub(crate) fn option_of(side: usize, cell: usize, digit: u8) -> usize {
    cell * side + usize::from(digit) - 1
}
