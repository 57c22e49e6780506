//! Reading a solution back into a grid: the options the solver chose, numbered as the
//! matrix numbers them (option `N * cell + digit - 1`, [`option_of`]), become the digits of
//! their cells, in whatever order the solver hands them over, through a table of each
//! option's cell and digit ([`Places`]): dividing each option by `N` took 6% of the CPU
//! time of the 17-clue set. A 9x9 solution that the engine hands over at once as its
//! options in increasing order, as `u16`, is read by arithmetic instead, each option less
//! nine times its slot being its digit less one ([`put_in_cell_order`], on vectors: one
//! instruction a cell where the table takes seven); the same arithmetic on the `usize`
//! options of a buffer took more instructions than the table, the compiler not
//! vectorizing the narrowing.
//!
//! [`option_of`]: super::matrix::option_of

use crate::sudoku::grid::Shape;

/// For each option of the matrix of a shape, its cell (row-major) and its digit.
#[derive(Clone, Debug)]
pub(crate) struct Places(Vec<(u16, u8)>);

impl Places {
    /// The table of the matrix of `shape` (`N^3` options).
    pub(crate) fn new(shape: Shape) -> Places {
        // Cell by cell, digit by digit: no division an option.
        let side = shape.side();
        let mut places = Vec::with_capacity(shape.cells() * side);
        for cell in 0..shape.cells() as u16 {
            places.extend((1..=side as u8).map(|digit| (cell, digit)));
        }
        Places(places)
    }

    /// Writes option `option`'s digit into its cell of `cells`: each option of a solution
    /// of the matrix (each cell's once, in any order) fills the grid.
    #[inline]
    pub(crate) fn put(&self, cells: &mut [u8], option: usize) {
        let (cell, digit) = self.0[option];
        cells[usize::from(cell)] = digit;
    }
}

/// Writes into `cells` the digits of a 9x9 solution handed over as its 81 options in
/// increasing order (`sorted[k]` being cell `k`'s, `9 * k + digit - 1`), if each is its
/// cell's; else false, with `cells` written over (each option of a solution then put
/// again fills them). Arithmetic that the compiler runs on many cells at once, where
/// [`Places::put`] looks each option up.
pub(crate) fn put_in_cell_order(sorted: &[u16; 81], cells: &mut [u8; 81]) -> bool {
    let mut stray = false;
    for ((cell, &option), k) in cells.iter_mut().zip(sorted).zip(0u16..) {
        let digit = option.wrapping_sub(9 * k);
        stray |= digit >= 9;
        *cell = digit as u8 + 1;
    }
    !stray
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::sudoku::grid::Grid;

    /// The grid that the options `chosen` fill.
    fn decode(places: &Places, shape: Shape, chosen: &[usize]) -> Grid {
        let mut grid = Grid::empty(shape);
        for &option in chosen {
            places.put(grid.cells_mut(), option);
        }
        grid
    }

    /// A random full assignment of digits to the cells (not a Sudoku: the decoding does not
    /// care), as the options of its cells.
    fn options(shape: Shape, rng: &mut Rng) -> (Vec<u8>, Vec<usize>) {
        let side = shape.side();
        let digits: Vec<u8> = (0..shape.cells())
            .map(|_| 1 + rng.below(side) as u8)
            .collect();
        let options = (digits.iter().enumerate())
            .map(|(cell, &d)| side * cell + usize::from(d) - 1)
            .collect();
        (digits, options)
    }

    #[test]
    fn options_in_cell_order_give_their_cells_digits_or_are_refused() {
        let mut rng = Rng::new(38);
        let shape = Shape::new(3).unwrap();
        let places = Places::new(shape);
        for _ in 0..50 {
            let (digits, chosen) = options(shape, &mut rng);
            let mut sorted = [0u16; 81];
            for (s, &o) in sorted.iter_mut().zip(&chosen) {
                *s = o as u16;
            }
            let mut cells = [0u8; 81];
            assert!(put_in_cell_order(&sorted, &mut cells));
            assert_eq!(&cells[..], &digits[..]);
            assert_eq!(decode(&places, shape, &chosen).cells(), &cells[..]);
            // Two cells' options swapped: neither is its cell's.
            let (i, j) = (rng.below(81), rng.below(81));
            if i != j {
                sorted.swap(i, j);
                assert!(!put_in_cell_order(&sorted, &mut cells));
            }
        }
    }

    #[test]
    fn options_in_any_order_give_their_cells_digits() {
        let mut rng = Rng::new(38);
        for side in [2, 3, 4, 5] {
            let shape = Shape::new(side).unwrap();
            let places = Places::new(shape);
            for _ in 0..20 {
                let (digits, mut chosen) = options(shape, &mut rng);
                assert_eq!(decode(&places, shape, &chosen).cells(), &digits[..]);
                let (i, j) = (rng.below(chosen.len()), rng.below(chosen.len()));
                chosen.swap(i, j);
                assert_eq!(decode(&places, shape, &chosen).cells(), &digits[..]);
                chosen.reverse();
                assert_eq!(decode(&places, shape, &chosen).cells(), &digits[..]);
            }
        }
    }
}
