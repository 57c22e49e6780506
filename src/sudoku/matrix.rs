//! The exact-cover matrix of a set of rules: its items (cells, then (house, digit), then the
//! cliques' secondary (clique, digit)) and its options (one per digit in a cell, numbered
//! [`option_of`]), as the docs of [`crate::sudoku::solve`] describe them. The solver, the
//! generator and the exports build it here.

use crate::engine::propagate::Propagate;
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

/// Whether the learning engine's grouped frames take `matrix(rules)` (what
/// `Propagate::groups` answers), told from the shape alone: the cells are the matrix's first
/// items, and each option names its own cell and no other, so the cells are the class of the
/// grouping, `side` options each. What `Engine::Auto` asks of a Sudoku solver, which then
/// makes no pass over the matrix for it.
pub(crate) fn grouped(rules: &Rules) -> bool {
    let side = rules.shape().side();
    let cells = side * side;
    Propagate::groups_by_class(cells * side, cells, side)
}

/// The option that places `digit` (1-based) at cell index `cell`.
pub(crate) fn option_of(side: usize, cell: usize, digit: u8) -> usize {
    cell * side + usize::from(digit) - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Shape;

    /// [`grouped`] answers as the pass over the matrix does, on every shape from 4x4 to
    /// 36x36 and with the variants that add houses and cliques.
    #[test]
    fn grouped_answers_as_the_pass_over_the_matrix() {
        let shapes = [
            Shape::new(2),
            Shape::with_boxes(2, 3),
            Shape::new(3),
            Shape::with_boxes(2, 5),
            Shape::with_boxes(3, 4),
            Shape::new(4),
            Shape::new(5),
            Shape::new(6),
        ];
        for shape in shapes.map(Option::unwrap) {
            let classic = Rules::classic(shape);
            let variants = [
                classic.clone().with_x(),
                classic.clone().with_anti_king(),
                classic.clone().with_anti_knight(),
            ];
            for rules in std::iter::once(classic).chain(variants) {
                let problem = matrix(&rules);
                assert_eq!(
                    grouped(&rules),
                    Propagate::groups(&problem),
                    "{} options",
                    problem.option_count()
                );
            }
        }
    }
}
