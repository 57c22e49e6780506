//! The exact-cover matrix of a set of rules: its items (cells, then (house, digit), then the
//! cliques' secondary (clique, digit)) and its options (one per digit in a cell, numbered
//! [`option_of`]), as the docs of [`crate::sudoku::solve`] describe them. The solver, the
//! generator and the exports build it here.

use crate::Problem;
use crate::engine::propagate::Propagate;
use crate::sudoku::grid::Shape;
use crate::sudoku::rules::{Clique, House, Rules};

/// The items of the matrix of some rules: its houses and cliques, and which of them hold
/// each cell; see the docs of [`crate::sudoku::solve`].
#[derive(Clone, Debug)]
pub(crate) struct Encoding {
    side: usize,
    houses: Vec<House>,
    cliques: Vec<Clique>,
    /// For each cell, the first item (digit 0's) of each house and then each clique that
    /// holds it, in item order: the items of the option that places digit `d` in `cell`
    /// past the cell's own are `firsts[ends[cell - 1]..ends[cell]]`, each plus `d`. One
    /// flat array rather than a vector a cell: building the 9x9 matrix took 81 allocations
    /// more, and 203,000 instructions in all.
    firsts: Vec<u32>,
    /// Where each cell's entries of `firsts` end.
    ends: Vec<u32>,
}

impl Encoding {
    pub(crate) fn new(rules: &Rules) -> Encoding {
        let side = rules.shape().side();
        let cells = side * side;
        let houses = rules.houses();
        let cliques = rules.cliques();
        // Each cell's count of houses and cliques, then where its entries end.
        let mut ends = vec![0u32; cells];
        for unit in houses
            .iter()
            .map(|h| &h.cells)
            .chain(cliques.iter().map(|k| &k.cells))
        {
            for &cell in unit {
                ends[cell] += 1;
            }
        }
        let mut end = 0;
        for e in &mut ends {
            end += *e;
            *e = end;
        }
        // Filled from each cell's end backwards, the units taken last to first, so that a
        // cell's entries come out in item order.
        let mut firsts = vec![0u32; end as usize];
        let mut next = ends.clone();
        let first_secondary = side * (side + houses.len());
        let units = houses
            .iter()
            .enumerate()
            .map(|(h, house)| (cells + h * side, &house.cells))
            .chain(
                cliques
                    .iter()
                    .enumerate()
                    .map(|(k, clique)| (first_secondary + k * side, &clique.cells)),
            );
        for (first, unit) in units.rev() {
            for &cell in unit {
                next[cell] -= 1;
                firsts[next[cell] as usize] = first as u32;
            }
        }
        Encoding {
            side,
            houses,
            cliques,
            firsts,
            ends,
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

    /// The first items of the houses and cliques holding `cell` (see `firsts`).
    fn firsts(&self, cell: usize) -> &[u32] {
        let start = cell.checked_sub(1).map_or(0, |c| self.ends[c] as usize);
        &self.firsts[start..self.ends[cell] as usize]
    }

    /// The items of the option that places digit `d` (0-based) in `cell`.
    pub(crate) fn option(&self, cell: usize, d: usize) -> impl Iterator<Item = usize> + '_ {
        let units = self
            .firsts(cell)
            .iter()
            .map(move |&first| first as usize + d);
        std::iter::once(cell).chain(units)
    }

    /// The matrix itself: its options' items written straight into arrays of their final
    /// size (they are well formed by construction: `Problem::from_options`).
    pub(crate) fn problem(&self) -> Problem {
        let n = self.side;
        let mut items = Vec::with_capacity(n * (n * n + self.firsts.len()));
        let mut starts = Vec::with_capacity(n * n * n + 1);
        starts.push(0);
        for cell in 0..n * n {
            let firsts = self.firsts(cell);
            for d in 0..n as u32 {
                items.push(cell as u32);
                items.extend(firsts.iter().map(|&first| first + d));
                starts.push(items.len());
            }
        }
        Problem::from_options(self.primary(), self.secondary(), items, starts)
    }
}

/// The exact-cover matrix of an empty grid under `rules` (see the module docs):
/// `matrix(&Rules::classic(shape))` for the classic puzzle.
pub fn matrix(rules: &Rules) -> Problem {
    if rules.is_classic() {
        return classic(rules.shape());
    }
    Encoding::new(rules).problem()
}

/// The classic matrix of `shape`, the same as [`Encoding::problem`]'s, its items computed
/// from the place of each cell (the houses are the boxes, the rows and the columns, in
/// that order: [`Rules::houses`]) and each option written as one array of four, a cell's
/// nine at once: no house built, one capacity check a cell. The 9x9 matrix, which every
/// Sudoku solver builds once, took 69,000 instructions through the houses, 12,600 so
/// (fat LTO).
fn classic(shape: Shape) -> Problem {
    let n = shape.side();
    let cells = n * n;
    let mut options: Vec<[u32; 4]> = Vec::with_capacity(cells * n);
    for row in 0..n {
        for col in 0..n {
            let first = [
                row * n + col,
                cells + n * shape.box_of(row, col),
                2 * cells + n * row,
                3 * cells + n * col,
            ]
            .map(|x| x as u32);
            options.extend(
                (0..n as u32).map(|d| [first[0], first[1] + d, first[2] + d, first[3] + d]),
            );
        }
    }
    let starts = (0..=cells * n).map(|o| 4 * o).collect();
    Problem::from_options(4 * cells, 0, options.into_flattened(), starts)
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

    /// The classic matrix written from the places of the cells is the one built through the
    /// houses, on every classic shape from 4x4 to 36x36.
    #[test]
    fn the_classic_matrix_is_the_one_built_through_the_houses() {
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 4),
            (5, 5),
            (6, 6),
        ];
        for (rows, cols) in shapes {
            let rules = Rules::classic(Shape::with_boxes(rows, cols).unwrap());
            assert_eq!(
                matrix(&rules),
                Encoding::new(&rules).problem(),
                "{rows}x{cols} boxes"
            );
        }
    }

    /// Each option names its cell, then the item of its digit in each house holding the
    /// cell, in house order, then in each clique, in clique order: read here straight from
    /// the houses and cliques of the rules, on shapes from 4x4 to 16x16 and every variant.
    #[test]
    fn each_option_names_its_cell_and_its_digit_in_each_house_and_clique_holding_it() {
        let jigsaw = crate::sudoku::rules::Jigsaw::parse(include_str!(
            "../../puzzles/variants/jigsaw-janko-108.regions"
        ))
        .unwrap();
        let classic = Rules::classic(Shape::CLASSIC);
        let all = [
            Rules::classic(Shape::new(2).unwrap()),
            Rules::classic(Shape::with_boxes(2, 3).unwrap()),
            Rules::classic(Shape::new(4).unwrap()),
            classic.clone(),
            classic.clone().with_x(),
            classic.clone().with_hyper().unwrap(),
            classic.clone().with_anti_knight(),
            classic.clone().with_anti_king().with_x(),
            classic.clone().with_jigsaw(jigsaw).unwrap(),
            classic
                .clone()
                .with_region((0..9).map(|r| (r, 2 * r % 9)))
                .unwrap(),
        ];
        for rules in all {
            let n = rules.shape().side();
            let (houses, cliques) = (rules.houses(), rules.cliques());
            let problem = matrix(&rules);
            let primary = n * n + n * houses.len();
            assert_eq!(problem.primary_items(), primary, "{rules}");
            assert_eq!(problem.secondary_items(), n * cliques.len(), "{rules}");
            assert_eq!(problem.option_count(), n * n * n, "{rules}");
            for cell in 0..n * n {
                for d in 0..n {
                    let mut expected = vec![cell];
                    for (h, house) in houses.iter().enumerate() {
                        if house.cells.contains(&cell) {
                            expected.push(n * n + h * n + d);
                        }
                    }
                    for (k, clique) in cliques.iter().enumerate() {
                        if clique.cells.contains(&cell) {
                            expected.push(primary + k * n + d);
                        }
                    }
                    let digit = u8::try_from(d + 1).unwrap();
                    let option = option_of(n, cell, digit);
                    assert_eq!(
                        problem.option(option).collect::<Vec<_>>(),
                        expected,
                        "{rules}, cell {cell}, digit {digit}"
                    );
                }
            }
        }
    }

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
