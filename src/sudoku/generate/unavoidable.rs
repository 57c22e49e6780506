//! Unavoidable sets of a full grid found by swapping two digits, which settle many removals
//! without a search.
//!
//! Swapping two digits `a` and `b` in some cells of a full grid gives another full grid when
//! every rule still holds. The smallest such sets of cells are found from the matrix: cell
//! `x` holding `a` takes `b` instead, whose option meets items that the grid's own options
//! cover; the cells owning those items must change too, so the cells holding `a` or `b` fall
//! into the components of "x's swapped option meets y's option", each closed under that
//! need. A component whose cells all hold `a` or `b` and whose swapped grid covers every
//! primary item once and every secondary item at most once (checked on the items it
//! touches) is *unavoidable*: a puzzle with none of its cells given has both grids as
//! solutions. In classic Sudoku they are the rectangles of two digits across two boxes and
//! their larger kin.
//!
//! The generator counts the givens left in each set: when a removal would leave a set
//! without any, the puzzle would have a second solution, so the removal is undone at once.
//! Of the removals of `dancing sudoku generate --count 200` that allow a second solution,
//! 37% are settled that way (some 1,790 of 4,886, sets of at most [`LARGEST`] cells), each
//! a search of some 60 nodes and a move of the root spared; finding the sets costs about
//! half of what they save (some 130,000 instructions a 9x9 grid against 300,000). The
//! answers are those of the search, so the puzzles are the same.

use crate::problem::Problem;
use crate::sudoku::solve::option_of;

/// No cell owns the item (a secondary item the grid leaves uncovered); no mark.
const NONE: u32 = u32::MAX;

/// The most cells a set may have. Of the sets that settled a removal in 200 puzzles of
/// `dancing sudoku generate`, 1,790 of 1,853 had at most 8 cells; following larger ones
/// costs more than it saves (`generate --count 200`: 238.9M instructions with 12, 234.8M
/// with 8, 235.5M with 6).
const LARGEST: usize = 8;

/// The two-digit unavoidable sets of a full grid, and how many of each set's cells are given.
#[derive(Clone, Debug)]
pub(super) struct Unavoidable {
    /// The side of the grid: the options of cell `c` are `c * n..c * n + n`, by digit.
    n: usize,
    /// The cells of set `k`: `cells[start[k]..start[k + 1]]`.
    cells: Vec<u32>,
    start: Vec<u32>,
    /// For each cell, the sets holding it: `sets[at[c]..at[c + 1]]`.
    sets: Vec<u32>,
    at: Vec<u32>,
    /// For each set, how many of its cells are given.
    given: Vec<u32>,
    /// For each item, the cell whose option covers it in the grid, or [`NONE`].
    owner: Vec<u32>,
    /// For each cell, the component that reached it last, or [`NONE`]; components are
    /// numbered in the order they are met, across all pairs of digits.
    mark: Vec<u32>,
    /// The cells of each digit, `n` a digit.
    by_digit: Vec<u32>,
    /// Room for a component, and for the items its swap changes.
    component: Vec<u32>,
    change: Vec<i32>,
    touched: Vec<u32>,
}

impl Unavoidable {
    /// For grids of side `n` whose matrix has `items` items, digit `d` of cell `c` being its
    /// option `c * n + d - 1` (the matrix itself is lent to [`Unavoidable::find`]).
    pub(super) fn new(n: usize, items: usize) -> Unavoidable {
        Unavoidable {
            n,
            cells: Vec::new(),
            start: Vec::new(),
            sets: Vec::new(),
            at: Vec::new(),
            given: Vec::new(),
            owner: Vec::new(),
            mark: Vec::new(),
            by_digit: Vec::new(),
            component: Vec::new(),
            change: vec![0; items],
            touched: Vec::new(),
        }
    }

    /// Finds the sets of `grid` (digits `1..=n` a cell, row-major) under `matrix`, every cell
    /// given.
    pub(super) fn find(&mut self, matrix: &Problem, grid: &[u8]) {
        let (n, cells) = (self.n, grid.len());
        self.owner.clear();
        self.owner.resize(matrix.item_count(), NONE);
        self.by_digit.clear();
        self.by_digit.resize(cells, 0);
        let mut next: Vec<usize> = (0..n).map(|d| d * n).collect();
        for (c, &d) in grid.iter().enumerate() {
            for &i in matrix.option_items(option_of(n, c, d)) {
                self.owner[i as usize] = c as u32;
            }
            self.by_digit[next[usize::from(d) - 1]] = c as u32;
            next[usize::from(d) - 1] += 1;
        }
        self.mark.clear();
        self.mark.resize(cells, NONE);
        self.cells.clear();
        self.start.clear();
        self.start.push(0);
        let mut id = 0;
        for a in 1..=n as u8 {
            for b in a + 1..=n as u8 {
                // The first component of this pair: a mark from `pair` on is this pair's.
                let pair = id;
                let of = |d: u8| (usize::from(d) - 1) * n..usize::from(d) * n;
                for k in of(a).chain(of(b)) {
                    let seed = self.by_digit[k];
                    if self.mark[seed as usize] != NONE && self.mark[seed as usize] >= pair {
                        continue;
                    }
                    if self.component_of(matrix, grid, seed, id, pair, [a, b])
                        && self.swap_holds(matrix, grid, [a, b])
                    {
                        self.cells.extend_from_slice(&self.component);
                        self.start.push(self.cells.len() as u32);
                    }
                    id += 1;
                }
            }
        }
        self.index(cells);
    }

    /// Gathers in `component`, marked `id`, the cells that swapping digits `a` and `b` in
    /// `seed` makes change (the owners of its swapped option's items, and theirs in turn);
    /// returns whether they all hold `a` or `b`, meet no other component of the pair (one
    /// marked from `pair` on) and number at most [`LARGEST`], so that they may be a set.
    /// It stops at the first cell that says they are not.
    fn component_of(
        &mut self,
        matrix: &Problem,
        grid: &[u8],
        seed: u32,
        id: u32,
        pair: u32,
        [a, b]: [u8; 2],
    ) -> bool {
        let Unavoidable {
            n,
            owner,
            mark,
            component,
            ..
        } = self;
        component.clear();
        component.push(seed);
        mark[seed as usize] = id;
        let mut k = 0;
        while let Some(&x) = component.get(k) {
            k += 1;
            let x = x as usize;
            let swapped = if grid[x] == a { b } else { a };
            let o = option_of(*n, x, swapped);
            for &i in matrix.option_items(o) {
                let y = owner[i as usize];
                if y == NONE || mark[y as usize] == id {
                    continue;
                }
                let d = grid[y as usize];
                if (mark[y as usize] != NONE && mark[y as usize] >= pair)
                    || (d != a && d != b)
                    || component.len() == LARGEST
                {
                    return false;
                }
                mark[y as usize] = id;
                component.push(y);
            }
        }
        true
    }

    /// Whether swapping digits `a` and `b` in the cells of `component` leaves every primary
    /// item covered once and every secondary item at most once.
    fn swap_holds(&mut self, matrix: &Problem, grid: &[u8], [a, b]: [u8; 2]) -> bool {
        for k in 0..self.component.len() {
            let x = self.component[k] as usize;
            let swapped = if grid[x] == a { b } else { a };
            for (d, delta) in [(grid[x], -1), (swapped, 1)] {
                let o = option_of(self.n, x, d);
                for &i in matrix.option_items(o) {
                    let i = i as usize;
                    if self.change[i] == 0 {
                        self.touched.push(i as u32);
                    }
                    self.change[i] += delta;
                }
            }
        }
        let mut holds = true;
        for &i in &self.touched {
            let i = i as usize;
            let covers = i32::from(self.owner[i] != NONE) + self.change[i];
            holds &= covers == 1 || (covers == 0 && !matrix.is_primary(i));
            self.change[i] = 0;
        }
        self.touched.clear();
        holds
    }

    /// The sets of each cell, and every cell given.
    fn index(&mut self, cells: usize) {
        self.at.clear();
        self.at.resize(cells + 1, 0);
        for &c in &self.cells {
            self.at[c as usize + 1] += 1;
        }
        for c in 0..cells {
            self.at[c + 1] += self.at[c];
        }
        self.sets.clear();
        self.sets.resize(self.cells.len(), 0);
        let mut next = self.at.clone();
        for k in 0..self.start.len() - 1 {
            for &c in &self.cells[self.start[k] as usize..self.start[k + 1] as usize] {
                self.sets[next[c as usize] as usize] = k as u32;
                next[c as usize] += 1;
            }
        }
        self.given.clear();
        self.given
            .extend(self.start.windows(2).map(|w| w[1] - w[0]));
    }

    /// Takes the given of `cell` away; returns whether that leaves some set without a given,
    /// so that the puzzle has a second solution.
    pub(super) fn remove(&mut self, cell: usize) -> bool {
        let mut open = false;
        for &k in &self.sets[self.at[cell] as usize..self.at[cell + 1] as usize] {
            self.given[k as usize] -= 1;
            open |= self.given[k as usize] == 0;
        }
        open
    }

    /// Puts the given of `cell` back.
    pub(super) fn restore(&mut self, cell: usize) {
        for &k in &self.sets[self.at[cell] as usize..self.at[cell + 1] as usize] {
            self.given[k as usize] += 1;
        }
    }

    /// The sets, each as its cells.
    #[cfg(test)]
    pub(super) fn sets(&self) -> impl Iterator<Item = &[u32]> {
        self.start
            .windows(2)
            .map(|w| &self.cells[w[0] as usize..w[1] as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::check::verify_under;
    use crate::sudoku::generate::{Generator, Rng, Symmetry};
    use crate::sudoku::grid::{Grid, Shape};
    use crate::sudoku::rules::Rules;

    /// `grid` with digits `a` and `b` swapped in `cells`.
    fn swapped(grid: &Grid, cells: &[u32], [a, b]: [u8; 2]) -> Grid {
        let mut out = grid.clone();
        let n = grid.shape().side();
        for &c in cells {
            let c = c as usize;
            let d = grid.cells()[c];
            out.set(c / n, c % n, if d == a { b } else { a });
        }
        out
    }

    /// The sets of a random full grid under `rules`, with the grid.
    fn sets_of(rules: &Rules, seed: u64) -> (Grid, Vec<Vec<u32>>) {
        let mut generator = Generator::with_rules(rules.clone(), Symmetry::None);
        let grid = generator.full_grid(&mut Rng::new(seed));
        let mut unavoidable = generator.unavoidable.clone();
        unavoidable.find(&generator.problem, grid.cells());
        let sets = unavoidable.sets().map(<[u32]>::to_vec).collect();
        (grid, sets)
    }

    #[test]
    fn every_set_swaps_two_digits_into_another_valid_grid() {
        let six = Shape::with_boxes(2, 3).unwrap();
        let mut found = 0;
        for rules in [
            Rules::classic(Shape::CLASSIC),
            Rules::classic(Shape::CLASSIC).with_x(),
            Rules::classic(Shape::CLASSIC).with_hyper().unwrap(),
            Rules::classic(Shape::CLASSIC).with_anti_knight(),
            Rules::classic(six).with_anti_king(),
            Rules::classic(Shape::new(2).unwrap()),
        ] {
            let empty = Grid::empty(rules.shape());
            for seed in 0..4 {
                let (grid, sets) = sets_of(&rules, seed);
                for set in &sets {
                    assert!(set.len() <= LARGEST);
                    let mut digits: Vec<u8> =
                        set.iter().map(|&c| grid.cells()[c as usize]).collect();
                    digits.sort_unstable();
                    digits.dedup();
                    assert_eq!(digits.len(), 2, "{rules}: {set:?}");
                    let other = swapped(&grid, set, [digits[0], digits[1]]);
                    assert_ne!(other, grid);
                    assert_eq!(
                        verify_under(&rules, &empty, &other),
                        Ok(()),
                        "{rules}: {set:?}"
                    );
                }
                found += sets.len();
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn every_swap_of_four_cells_in_a_classic_grid_is_a_set() {
        let rules = Rules::classic(Shape::CLASSIC);
        let empty = Grid::empty(Shape::CLASSIC);
        for seed in 0..2 {
            let (grid, sets) = sets_of(&rules, seed);
            let mut sorted: Vec<Vec<u32>> = sets
                .into_iter()
                .map(|mut s| {
                    s.sort_unstable();
                    s
                })
                .collect();
            sorted.sort();
            let mut fours = 0;
            for a in 1..=9u8 {
                for b in a + 1..=9 {
                    let q: Vec<u32> = (0..81u32)
                        .filter(|&c| [a, b].contains(&grid.cells()[c as usize]))
                        .collect();
                    for i in 0..q.len() {
                        for j in i + 1..q.len() {
                            for k in j + 1..q.len() {
                                for l in k + 1..q.len() {
                                    let cells = [q[i], q[j], q[k], q[l]];
                                    let other = swapped(&grid, &cells, [a, b]);
                                    if verify_under(&rules, &empty, &other).is_ok() {
                                        fours += 1;
                                        assert!(sorted.binary_search(&cells.to_vec()).is_ok());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            assert!(fours > 0, "seed {seed}");
        }
    }

    #[test]
    fn a_set_opens_when_its_last_given_goes_and_closes_when_it_comes_back() {
        let rules = Rules::classic(Shape::CLASSIC);
        let mut generator = Generator::with_rules(rules, Symmetry::None);
        let grid = generator.full_grid(&mut Rng::new(1));
        let unavoidable = &mut generator.unavoidable;
        unavoidable.find(&generator.problem, grid.cells());
        let set: Vec<u32> = unavoidable.sets().next().expect("a set").to_vec();
        let (last, rest) = set.split_last().unwrap();
        for &c in rest {
            assert!(!unavoidable.remove(c as usize));
        }
        assert!(unavoidable.remove(*last as usize));
        unavoidable.restore(*last as usize);
        unavoidable.restore(rest[0] as usize);
        assert!(!unavoidable.remove(*last as usize));
        assert!(unavoidable.remove(rest[0] as usize));
    }
}
