//! The rules of a Sudoku: which cells must hold every digit once, and which cells must
//! differ. [`Rules`] starts from the classic rules of a [`Shape`] and adds variants, which
//! combine freely: X ([`Rules::with_x`]), hyper ([`Rules::with_hyper`]), jigsaw
//! ([`Rules::with_jigsaw`]), extra regions ([`Rules::with_region`]), anti-knight and
//! anti-king ([`Rules::with_anti_knight`], [`Rules::with_anti_king`]).
//!
//! Every rule is one of two kinds, and that is all the exact-cover encoding
//! ([`super::solve`]) needs to know of it:
//! - a [`House`]: `N` cells that hold every digit exactly once. Rows, columns and boxes;
//!   the regions of a jigsaw, which replace the boxes; the two main diagonals of an
//!   X-Sudoku; the windows of a hyper Sudoku; any extra region. Each (house, digit) is a
//!   *primary* item: covered exactly once.
//! - a [`Clique`]: cells of which no two hold the same digit, without having to hold every
//!   digit: the two cells of a knight's move, or the four cells of a 2x2 block (any two of
//!   which are a king's move apart, and every king's move lies in such a block). Each
//!   (clique, digit) is a *secondary* item: covered at most once. A clique whose cells
//!   already share houses pairwise adds nothing and is left out ([`Rules::cliques`]).
//!
//! The independent checker ([`super::check`]) reads the same description (the shape and the
//! flags: [`Rules::has_x`], [`Rules::jigsaw`], ...) but derives every unit itself.
//!
//! The regions of a jigsaw are [`Jigsaw`] (in `jigsaw.rs`), and extra regions are read from
//! text by [`parse_regions`] (in `regions.rs`); both are re-exported here. The variant as a
//! user asks for it, before the shape is known, is [`Variant`] (in `variant.rs`), which every
//! interface reads into [`Rules`] the same way.

mod jigsaw;
mod regions;
mod variant;

use std::fmt;

use self::jigsaw::offset;
pub use self::jigsaw::{Jigsaw, JigsawError};
pub use self::regions::{RegionsError, RegionsErrorKind, parse_regions};
pub use self::variant::{
    NamedVariantError, Part, PartNames, Switch, UnknownVariant, Variant, VariantError,
};
use super::grid::{Conflict, Grid};
use super::shape::{Shape, Unit};

/// The rules of one Sudoku variant; see the [module documentation](self).
///
/// ```
/// use dancing::sudoku::grid::{Shape, Unit};
/// use dancing::sudoku::rules::Rules;
/// let rules = Rules::classic(Shape::CLASSIC).with_x().with_anti_knight();
/// // 27 classic houses and the two diagonals.
/// assert_eq!(rules.houses().len(), 29);
/// assert!(rules.cliques().iter().all(|c| c.unit == Unit::Knight));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    jigsaw: Option<Jigsaw>,
    x: bool,
    hyper: bool,
    /// The extra regions, each `N` distinct row-major cell indices.
    extra: Vec<Vec<usize>>,
    anti_knight: bool,
    anti_king: bool,
}

impl From<Shape> for Rules {
    /// [`Rules::classic`].
    fn from(shape: Shape) -> Rules {
        Rules::classic(shape)
    }
}

impl fmt::Display for Rules {
    /// The variants, comma-separated (`X, anti-knight`), or `classic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let extra = match self.extra.len() {
            1 => "1 extra region".to_string(),
            n => format!("{n} extra regions"),
        };
        let parts = [
            (self.jigsaw.is_some(), "jigsaw"),
            (self.x, "X"),
            (self.hyper, "hyper"),
            (!self.extra.is_empty(), extra.as_str()),
            (self.anti_knight, "anti-knight"),
            (self.anti_king, "anti-king"),
        ];
        let names: Vec<&str> = parts.iter().filter(|p| p.0).map(|p| p.1).collect();
        if names.is_empty() {
            f.write_str("classic")
        } else {
            f.write_str(&names.join(", "))
        }
    }
}

/// Why a rule cannot be added to [`Rules`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Hyper Sudoku's windows sit between square boxes.
    #[error("hyper Sudoku needs square boxes, but the grid is {shape}")]
    HyperNeedsSquareBoxes {
        /// The grid's shape.
        shape: Shape,
    },
    /// The jigsaw's side is not the grid's.
    #[error("the jigsaw regions are for a {jigsaw}x{jigsaw} grid, but the grid is {grid}x{grid}")]
    JigsawSide {
        /// The jigsaw's side.
        jigsaw: usize,
        /// The grid's side.
        grid: usize,
    },
    /// An extra region does not have `N` cells.
    #[error("extra region {} has {found} cells, expected {expected}", .region + 1)]
    RegionSize {
        /// 0-based index of the region among the extra regions.
        region: usize,
        /// Its cells.
        found: usize,
        /// `N`.
        expected: usize,
    },
    /// An extra region names a cell twice.
    #[error("extra region {} names r{}c{} twice", .region + 1, .row + 1, .col + 1)]
    RepeatedCell {
        /// 0-based index of the region.
        region: usize,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// An extra region names a cell outside the grid.
    #[error("extra region {} names r{}c{}, outside the {side}x{side} grid",
        .region + 1, .row + 1, .col + 1)]
    CellOutside {
        /// 0-based index of the region.
        region: usize,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The grid's side.
        side: usize,
    },
}

/// `N` cells that hold every digit exactly once; see the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct House {
    /// Its kind: [`Unit::Box`], [`Unit::Region`], [`Unit::Row`], [`Unit::Column`],
    /// [`Unit::Diagonal`], [`Unit::Window`] or [`Unit::Extra`].
    pub unit: Unit,
    /// Which one of its kind, 0-based.
    pub index: usize,
    /// Its cells, as row-major indices.
    pub cells: Vec<usize>,
}

/// Cells of which no two hold the same digit; see the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clique {
    /// [`Unit::Knight`] (two cells a knight's move apart) or [`Unit::King`] (a 2x2 block).
    pub unit: Unit,
    /// Its cells, as row-major indices, in row-major order.
    pub cells: Vec<usize>,
}

impl Rules {
    /// The classic rules of `shape`: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Rules {
        Rules {
            shape,
            jigsaw: None,
            x: false,
            hyper: false,
            extra: Vec::new(),
            anti_knight: false,
            anti_king: false,
        }
    }

    /// Adds the two main diagonals as houses (X-Sudoku).
    #[must_use]
    pub fn with_x(mut self) -> Rules {
        self.x = true;
        self
    }

    /// Adds the windows of a hyper Sudoku (windoku): boxes shifted by one cell from the
    /// corner and separated by one row and one column, `(b - 1)^2` of them for boxes of
    /// `b x b` (four 3x3 windows in 9x9, with corners r2c2, r2c6, r6c2, r6c6).
    ///
    /// # Errors
    /// [`RulesError::HyperNeedsSquareBoxes`] for rectangular boxes.
    pub fn with_hyper(mut self) -> Result<Rules, RulesError> {
        if !self.shape.is_square() {
            return Err(RulesError::HyperNeedsSquareBoxes { shape: self.shape });
        }
        self.hyper = true;
        Ok(self)
    }

    /// Replaces the boxes by the regions of `jigsaw`.
    ///
    /// # Errors
    /// [`RulesError::JigsawSide`] if the jigsaw is not for grids of this side.
    pub fn with_jigsaw(mut self, jigsaw: Jigsaw) -> Result<Rules, RulesError> {
        if jigsaw.side != self.shape.side() {
            return Err(RulesError::JigsawSide {
                jigsaw: jigsaw.side,
                grid: self.shape.side(),
            });
        }
        self.jigsaw = Some(jigsaw);
        Ok(self)
    }

    /// Adds a region of `N` cells, 0-based (`row`, `col`), that must hold every digit once.
    ///
    /// # Errors
    /// [`RulesError::CellOutside`], [`RulesError::RepeatedCell`] or
    /// [`RulesError::RegionSize`].
    pub fn with_region(
        mut self,
        cells: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Rules, RulesError> {
        let n = self.shape.side();
        let region = self.extra.len();
        let mut indices = Vec::with_capacity(n);
        for (row, col) in cells {
            if row >= n || col >= n {
                return Err(RulesError::CellOutside {
                    region,
                    row,
                    col,
                    side: n,
                });
            }
            let cell = row * n + col;
            if indices.contains(&cell) {
                return Err(RulesError::RepeatedCell { region, row, col });
            }
            indices.push(cell);
        }
        if indices.len() != n {
            return Err(RulesError::RegionSize {
                region,
                found: indices.len(),
                expected: n,
            });
        }
        self.extra.push(indices);
        Ok(self)
    }

    /// Forbids equal digits a knight's move apart (anti-knight).
    #[must_use]
    pub fn with_anti_knight(mut self) -> Rules {
        self.anti_knight = true;
        self
    }

    /// Forbids equal digits a king's move apart, diagonally adjacent included (anti-king).
    #[must_use]
    pub fn with_anti_king(mut self) -> Rules {
        self.anti_king = true;
        self
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether these are the classic rules of the shape, with no variant.
    pub fn is_classic(&self) -> bool {
        *self == Rules::classic(self.shape)
    }

    /// Whether the two main diagonals are houses.
    pub fn has_x(&self) -> bool {
        self.x
    }

    /// Whether the windows of hyper Sudoku are houses.
    pub fn has_hyper(&self) -> bool {
        self.hyper
    }

    /// The jigsaw regions that replace the boxes, if any.
    pub fn jigsaw(&self) -> Option<&Jigsaw> {
        self.jigsaw.as_ref()
    }

    /// The extra regions, each as `N` row-major cell indices, in the order they were added.
    pub fn extra_regions(&self) -> &[Vec<usize>] {
        &self.extra
    }

    /// Whether equal digits a knight's move apart are forbidden.
    pub fn has_anti_knight(&self) -> bool {
        self.anti_knight
    }

    /// Whether equal digits a king's move apart are forbidden.
    pub fn has_anti_king(&self) -> bool {
        self.anti_king
    }

    /// The window (0-based, row-major) holding the cell at (`row`, `col`), if it is in one.
    fn window_of(&self, row: usize, col: usize) -> Option<usize> {
        let b = self.shape.box_rows();
        let band = |x: usize| {
            let i = x.checked_sub(1)? / (b + 1);
            ((x - 1) % (b + 1) < b && i + 1 < b).then_some(i)
        };
        Some(band(row)? * (b - 1) + band(col)?)
    }

    /// The box, or jigsaw region, of the cell at (`row`, `col`).
    #[inline]
    fn region_of(&self, row: usize, col: usize) -> usize {
        match &self.jigsaw {
            None => self.shape.box_of(row, col),
            Some(j) => usize::from(j.regions[row * self.shape.side() + col]),
        }
    }

    /// Every house, in the order of the matrix's items: the boxes (or jigsaw regions), the
    /// rows, the columns, then the diagonals, the windows and the extra regions. Boxes,
    /// rows and columns list their cells row-major; diagonals from the top row down.
    pub fn houses(&self) -> Vec<House> {
        let n = self.shape.side();
        let mut houses = Vec::with_capacity(3 * n + 2 + self.extra.len());
        let mut regions = vec![Vec::with_capacity(n); n];
        for cell in 0..n * n {
            regions[self.region_of(cell / n, cell % n)].push(cell);
        }
        let unit = if self.jigsaw.is_some() {
            Unit::Region
        } else {
            Unit::Box
        };
        houses.extend(regions.into_iter().enumerate().map(|(index, cells)| House {
            unit,
            index,
            cells,
        }));
        houses.extend((0..n).map(|r| House {
            unit: Unit::Row,
            index: r,
            cells: (0..n).map(|c| r * n + c).collect(),
        }));
        houses.extend((0..n).map(|c| House {
            unit: Unit::Column,
            index: c,
            cells: (0..n).map(|r| r * n + c).collect(),
        }));
        if self.x {
            houses.push(House {
                unit: Unit::Diagonal,
                index: 0,
                cells: (0..n).map(|r| r * n + r).collect(),
            });
            houses.push(House {
                unit: Unit::Diagonal,
                index: 1,
                cells: (0..n).map(|r| r * n + (n - 1 - r)).collect(),
            });
        }
        if self.hyper {
            let b = self.shape.box_rows();
            let windows = (b - 1) * (b - 1);
            let mut cells = vec![Vec::with_capacity(n); windows];
            for cell in 0..n * n {
                if let Some(w) = self.window_of(cell / n, cell % n) {
                    cells[w].push(cell);
                }
            }
            houses.extend(cells.into_iter().enumerate().map(|(index, cells)| House {
                unit: Unit::Window,
                index,
                cells,
            }));
        }
        houses.extend(self.extra.iter().enumerate().map(|(index, cells)| House {
            unit: Unit::Extra,
            index,
            cells: cells.clone(),
        }));
        houses
    }

    /// The cliques of the anti-knight and anti-king rules, knights first, each in row-major
    /// order of its cells; a clique is left out when every two of its cells a knight's or
    /// king's move apart already share a house (two knight-move cells in one box, a 2x2
    /// block inside one box), since the houses already forbid what it would.
    pub fn cliques(&self) -> Vec<Clique> {
        let n = self.shape.side();
        if !self.anti_knight && !self.anti_king {
            return Vec::new();
        }
        let mut houses_of = vec![Vec::new(); n * n];
        for (h, house) in self.houses().iter().enumerate() {
            for &cell in &house.cells {
                houses_of[cell].push(h);
            }
        }
        let share = |a: usize, b: usize| houses_of[a].iter().any(|h| houses_of[b].contains(h));
        let mut cliques = Vec::new();
        if self.anti_knight {
            for cell in 0..n * n {
                let (r, c) = (cell / n, cell % n);
                // The later cells a knight's move away, in row-major order.
                for (dr, dc) in [(1, -2), (1, 2), (2, -1), (2, 1)] {
                    let Some(other) = offset(n, r, c, dr, dc) else {
                        continue;
                    };
                    if !share(cell, other) {
                        cliques.push(Clique {
                            unit: Unit::Knight,
                            cells: vec![cell, other],
                        });
                    }
                }
            }
        }
        if self.anti_king {
            for r in 0..n.saturating_sub(1) {
                for c in 0..n - 1 {
                    let block = [
                        r * n + c,
                        r * n + c + 1,
                        (r + 1) * n + c,
                        (r + 1) * n + c + 1,
                    ];
                    // The orthogonal pairs share a row or a column; the diagonal ones may not.
                    if !share(block[0], block[3]) || !share(block[1], block[2]) {
                        cliques.push(Clique {
                            unit: Unit::King,
                            cells: block.to_vec(),
                        });
                    }
                }
            }
        }
        cliques
    }

    /// The first two equal digits of `grid` that the rules forbid; see
    /// [`Grid::conflict_under`]. `None` when the grid is of another shape.
    pub(crate) fn conflict(&self, grid: &Grid) -> Option<Conflict> {
        let n = self.shape.side();
        if grid.shape() != self.shape {
            return None;
        }
        // The houses each cell is in beyond its row, column and box: diagonals, windows,
        // extra regions, as (unit, index, slot) with slots numbered after the 3N classic ones.
        let mut more: Vec<Vec<(Unit, usize, usize)>> = Vec::new();
        let mut slots = 3 * n;
        if self.x || self.hyper || !self.extra.is_empty() {
            more = vec![Vec::new(); n * n];
            for house in self.houses().into_iter().skip(3 * n) {
                for &cell in &house.cells {
                    more[cell].push((house.unit, house.index, slots));
                }
                slots += 1;
            }
        }
        let region_unit = if self.jigsaw.is_some() {
            Unit::Region
        } else {
            Unit::Box
        };
        // For each house slot and digit, 1 + the row-major index of the cell holding it, or
        // 0. Index (slot * (n + 1) + digit); digits are at most n by the grid's invariant.
        let stride = n + 1;
        let mut seen = vec![0usize; slots * stride];
        let cells = grid.cells();
        for (i, &digit) in cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (row, col) = (i / n, i % n);
            let region = self.region_of(row, col);
            let d = usize::from(digit);
            let classic = [
                (Unit::Row, row, row),
                (Unit::Column, col, n + col),
                (region_unit, region, 2 * n + region),
            ];
            let extra = more.get(i).map_or(&[][..], Vec::as_slice);
            let mut found = None;
            for &(unit, index, slot) in classic.iter().chain(extra) {
                let Some(seen) = seen.get_mut(slot * stride + d) else {
                    continue;
                };
                if *seen != 0 && found.is_none() {
                    let j = *seen - 1;
                    found = Some(Conflict {
                        digit,
                        unit,
                        index,
                        first: (j / n, j % n),
                        second: (row, col),
                    });
                }
                *seen = i + 1;
            }
            let mut moves = Vec::new();
            if self.anti_knight {
                moves.extend([(Unit::Knight, -2, -1), (Unit::Knight, -2, 1)]);
                moves.extend([(Unit::Knight, -1, -2), (Unit::Knight, -1, 2)]);
            }
            if self.anti_king {
                moves.extend([(Unit::King, -1, -1), (Unit::King, -1, 1)]);
            }
            // The earlier cells a move away, in row-major order, knights before kings.
            for (unit, dr, dc) in moves {
                if found.is_some() {
                    break;
                }
                if let Some(j) = offset(n, row, col, dr, dc)
                    && cells[j] == digit
                {
                    found = Some(Conflict {
                        digit,
                        unit,
                        index: 0,
                        first: (j / n, j % n),
                        second: (row, col),
                    });
                }
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// Conflict detection among givens: it lives with the rules, which the grid does not know.
impl Grid {
    /// The first two equal digits sharing a row, column or box, if any: the classic rules'
    /// [`Grid::conflict_under`].
    ///
    /// "First" means: the pair whose later cell comes first in row-major order; if that cell
    /// repeats a digit in several units, the row is reported before the column, the column
    /// before the box. A grid without a conflict can still have no solution.
    pub fn conflict(&self) -> Option<Conflict> {
        Rules::classic(self.shape()).conflict(self)
    }

    /// The first two equal digits that `rules` forbid: in a row, column, box (or jigsaw
    /// region), diagonal, window or extra region, or a knight's or king's move apart.
    ///
    /// "First" as in [`Grid::conflict`], the units taken in the order of [`Unit`]. The grid
    /// and the rules must have the same shape (else no conflict is reported).
    pub fn conflict_under(&self, rules: &Rules) -> Option<Conflict> {
        rules.conflict(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(shape: Shape, cells: &[(usize, usize, u8)]) -> Grid {
        let mut g = Grid::empty(shape);
        for &(r, c, d) in cells {
            g.set(r, c, d);
        }
        g
    }

    #[test]
    fn classic_houses_are_boxes_rows_and_columns_of_n_cells() {
        let shape = Shape::with_boxes(2, 3).expect("6x6");
        let houses = Rules::classic(shape).houses();
        assert_eq!(houses.len(), 18);
        assert!(houses.iter().all(|h| h.cells.len() == 6));
        // Box 1 of a 2x3-box grid: rows 1-2, columns 4-6.
        assert_eq!(houses[1].cells, [3, 4, 5, 9, 10, 11]);
        assert_eq!((houses[6].unit, houses[12].unit), (Unit::Row, Unit::Column));
    }

    #[test]
    fn the_hyper_windows_of_9x9_are_the_four_classic_ones() {
        let rules = Rules::classic(Shape::CLASSIC).with_hyper().expect("square");
        let windows: Vec<House> = rules
            .houses()
            .into_iter()
            .filter(|h| h.unit == Unit::Window)
            .collect();
        let corners: Vec<usize> = windows.iter().map(|w| w.cells[0]).collect();
        assert_eq!(corners, [10, 14, 46, 50]); // r2c2, r2c6, r6c2, r6c6
        assert!(windows.iter().all(|w| w.cells.len() == 9));
        assert_eq!(
            Rules::classic(Shape::with_boxes(2, 3).expect("6x6")).with_hyper(),
            Err(RulesError::HyperNeedsSquareBoxes {
                shape: Shape::with_boxes(2, 3).expect("6x6")
            })
        );
    }

    #[test]
    fn cliques_leave_out_moves_inside_one_box() {
        let knights = Rules::classic(Shape::CLASSIC).with_anti_knight().cliques();
        // 224 knight-move pairs on a 9x9 board, 6 of them inside each of the 9 boxes.
        assert_eq!(knights.len(), 224 - 9 * 8);
        let kings = Rules::classic(Shape::CLASSIC).with_anti_king().cliques();
        // 64 2x2 blocks, 4 inside each box.
        assert_eq!(kings.len(), 64 - 9 * 4);
        assert!(kings.iter().all(|k| k.cells.len() == 4));
    }

    #[test]
    fn conflicts_name_the_variant_unit_that_holds_both_cells() {
        let s = Shape::CLASSIC;
        let x = Rules::classic(s).with_x();
        let c = grid(s, &[(0, 0, 4), (8, 8, 4)])
            .conflict_under(&x)
            .expect("diagonal");
        assert_eq!((c.unit, c.index), (Unit::Diagonal, 0));
        assert_eq!(
            c.to_string(),
            "digit 4 appears twice in the main diagonal: at r1c1 and r9c9"
        );
        let c = grid(s, &[(0, 8, 4), (8, 0, 4)])
            .conflict_under(&x)
            .expect("anti");
        assert_eq!(c.unit.place(c.index).to_string(), "in the anti-diagonal");
        let hyper = Rules::classic(s).with_hyper().expect("square");
        let c = grid(s, &[(1, 3, 2), (3, 1, 2)]).conflict_under(&hyper);
        assert_eq!(c.map(|c| (c.unit, c.index)), Some((Unit::Window, 0)));
        let knight = Rules::classic(s).with_anti_knight();
        let c = grid(s, &[(0, 2, 7), (1, 4, 7)])
            .conflict_under(&knight)
            .expect("knight");
        assert_eq!(
            c.to_string(),
            "digit 7 appears twice a knight's move apart: at r1c3 and r2c5"
        );
        let king = Rules::classic(s).with_anti_king();
        let c = grid(s, &[(2, 2, 1), (3, 3, 1)]).conflict_under(&king);
        assert_eq!(c.map(|c| c.unit), Some(Unit::King));
        // The classic rules see none of these.
        assert_eq!(grid(s, &[(2, 2, 1), (3, 3, 1)]).conflict(), None);
    }

    #[test]
    fn a_jigsaw_replaces_the_boxes_in_conflicts() {
        let three = Jigsaw::parse("AABB AABB AADD ADDD");
        assert_eq!(
            three,
            Err(JigsawError::RegionCount {
                found: 3,
                expected: 4
            })
        );
        let jigsaw = Jigsaw::parse("AAAB ACBB CCDB CDDD").expect("valid");
        let shape = Shape::new(2).expect("4x4");
        let rules = Rules::classic(shape).with_jigsaw(jigsaw).expect("4x4");
        // r1c3 and r2c1 are both in region A, not in one box.
        let c = grid(shape, &[(0, 2, 3), (1, 0, 3)]).conflict_under(&rules);
        assert_eq!(c.map(|c| (c.unit, c.index)), Some((Unit::Region, 0)));
        // r1c1 and r2c2 share a box but no region.
        assert_eq!(
            grid(shape, &[(0, 0, 3), (1, 1, 3)]).conflict_under(&rules),
            None
        );
    }

    #[test]
    fn extra_regions_are_checked_against_the_shape() {
        let s = Shape::new(2).expect("4x4");
        let ok = Rules::classic(s).with_region([(0, 0), (0, 3), (3, 0), (3, 3)]);
        assert_eq!(ok.map(|r| r.houses().len()), Ok(13));
        let small = Rules::classic(s).with_region([(0, 0)]).unwrap_err();
        assert_eq!(small.to_string(), "extra region 1 has 1 cells, expected 4");
        let twice = Rules::classic(s).with_region([(0, 0), (0, 0), (1, 1), (2, 2)]);
        assert_eq!(
            twice.unwrap_err().to_string(),
            "extra region 1 names r1c1 twice"
        );
        let outside = Rules::classic(s).with_region([(0, 4)]).unwrap_err();
        assert!(matches!(outside, RulesError::CellOutside { .. }));
    }
}
