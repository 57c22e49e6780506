//! The geometry of tiling: cells, shapes up to translation, the 48 signed permutations of
//! the cube and the orientations they give a shape, and a board's cells with the
//! placements of a shape inside it. It knows nothing of pieces, items or options.

use std::collections::HashMap;
use std::fmt;

/// A cell: `[layer, row, column]`. Plane problems keep every cell in layer 0.
pub type Cell = [i32; 3];

/// The dimension a tiling problem lives in, which decides its orientations and symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    /// Squares in a plane (layer 0): 8 symmetries, 4 of them rotations.
    Plane,
    /// Cubes in space: 48 symmetries, 24 of them rotations.
    Space,
}

/// Which orientations a piece may be placed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Orientations {
    /// Only as drawn: translations alone.
    Fixed,
    /// Turned: the rotations of the plane (4) or of space (24).
    Rotations,
    /// Turned and flipped over: every symmetry of the square (8) or of the cube (48).
    #[default]
    All,
}

/// A signed permutation of the three coordinates: one of the 48 symmetries of the cube
/// about the origin. Cell `c` goes to `out[i] = sign[i] * c[axis[i]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Transform {
    axis: [usize; 3],
    sign: [i32; 3],
}

impl Transform {
    pub(super) fn apply(self, c: Cell) -> Cell {
        [0, 1, 2].map(|i| self.sign[i] * c[self.axis[i]])
    }

    /// +1 for a rotation, -1 for a reflection.
    fn determinant(self) -> i32 {
        let [a, b, c] = self.axis;
        // The parity of the permutation: even permutations are cyclic shifts.
        let parity = if (a + 1) % 3 == b && (b + 1) % 3 == c {
            1
        } else {
            -1
        };
        parity * self.sign.iter().product::<i32>()
    }

    /// Whether it keeps the layer axis where it is (a symmetry of the plane).
    fn is_planar(self) -> bool {
        self.axis[0] == 0 && self.sign[0] == 1
    }

    /// All 48, the identity first.
    fn all() -> Vec<Transform> {
        let perms = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut all = Vec::with_capacity(48);
        for axis in perms {
            for s in 0..8 {
                let sign = [0, 1, 2].map(|i| if s >> i & 1 == 0 { 1 } else { -1 });
                all.push(Transform { axis, sign });
            }
        }
        all
    }

    /// The symmetries of the dimension's square or cube.
    pub(super) fn ambient(dimension: Dimension) -> Vec<Transform> {
        let all = Transform::all();
        match dimension {
            Dimension::Plane => all.into_iter().filter(|t| t.is_planar()).collect(),
            Dimension::Space => all,
        }
    }

    /// The transformations a piece may be placed with.
    pub(super) fn orientations(dimension: Dimension, orientations: Orientations) -> Vec<Transform> {
        // A planar transformation keeps the layer axis, so its determinant is the plane's.
        let ambient = Transform::ambient(dimension);
        match orientations {
            Orientations::Fixed => ambient.into_iter().take(1).collect(),
            Orientations::Rotations => ambient
                .into_iter()
                .filter(|t| t.determinant() == 1)
                .collect(),
            Orientations::All => ambient,
        }
    }
}

/// A finite, non-empty set of cells up to translation: a piece, or a board. Kept normalized:
/// the least coordinate on each axis is 0, and the cells are sorted in reading order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    pub(super) cells: Vec<Cell>,
}

impl Shape {
    /// The shape made of the given cells (repeats ignored), moved so that its least
    /// coordinates are 0; `None` if there is no cell.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let first = *cells.first()?;
        let min = cells
            .iter()
            .fold(first, |m, c| [0, 1, 2].map(|i| m[i].min(c[i])));
        for c in &mut cells {
            *c = [0, 1, 2].map(|i| c[i] - min[i]);
        }
        cells.sort_unstable();
        cells.dedup();
        Some(Shape { cells })
    }

    /// A shape in the plane, from `(row, column)` pairs.
    pub fn plane(cells: impl IntoIterator<Item = (i32, i32)>) -> Option<Shape> {
        Shape::new(cells.into_iter().map(|(r, c)| [0, r, c]))
    }

    /// The full box of `layers x rows x columns` cells (`None` if a side is 0).
    pub fn cuboid(layers: usize, rows: usize, columns: usize) -> Option<Shape> {
        let [l, r, c] = [layers, rows, columns].map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        Shape::new((0..l).flat_map(|z| (0..r).flat_map(move |y| (0..c).map(move |x| [z, y, x]))))
    }

    /// The cells, in reading order (layer, then row, then column).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The size of the bounding box: `[layers, rows, columns]`.
    pub fn extent(&self) -> [i32; 3] {
        self.cells
            .iter()
            .fold([0; 3], |m, c| [0, 1, 2].map(|i| m[i].max(c[i] + 1)))
    }

    /// Whether every cell can be reached from every other through cells that share a face.
    pub fn is_connected(&self) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(k) = stack.pop() {
            let c = self.cells[k];
            for axis in 0..3 {
                for step in [-1, 1] {
                    let mut n = c;
                    n[axis] += step;
                    if let Ok(j) = self.cells.binary_search(&n)
                        && !seen[j]
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// The distinct orientations of the shape in `dimension`, the shape as given first.
    pub fn orientations_in(&self, dimension: Dimension, orientations: Orientations) -> Vec<Shape> {
        self.orientations(&Transform::orientations(dimension, orientations))
    }

    /// The least of [`Shape::orientations_in`]: equal for two shapes exactly when one can be
    /// turned (and flipped, as allowed) into the other.
    pub fn canonical(&self, dimension: Dimension, orientations: Orientations) -> Shape {
        self.orientations_in(dimension, orientations)
            .into_iter()
            .min()
            .expect("a shape has an orientation")
    }

    pub(super) fn transformed(&self, t: Transform) -> Shape {
        Shape::new(self.cells.iter().map(|&c| t.apply(c))).expect("a shape is not empty")
    }

    /// The distinct orientations under the given transformations, in the order first met.
    pub(super) fn orientations(&self, transforms: &[Transform]) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::new();
        for &t in transforms {
            let s = self.transformed(t);
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }
}

impl fmt::Display for Shape {
    /// Layers side by side, `#` for a cell and `.` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [layers, rows, columns] = self.extent();
        for r in 0..rows {
            let mut line = String::new();
            for l in 0..layers {
                if l > 0 {
                    line.push(' ');
                }
                for c in 0..columns {
                    let filled = self.cells.binary_search(&[l, r, c]).is_ok();
                    line.push(if filled { '#' } else { '.' });
                }
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The board's cells with their indices.
pub(super) struct Board {
    pub(super) cells: Vec<Cell>,
    pub(super) index: HashMap<Cell, usize>,
    extent: [i32; 3],
}

impl Board {
    pub(super) fn new(shape: &Shape) -> Board {
        Board {
            cells: shape.cells.clone(),
            index: shape
                .cells
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, i))
                .collect(),
            extent: shape.extent(),
        }
    }

    /// Every placement of the orientations inside the board, as sorted cell indices:
    /// orientation by orientation, then by offset in reading order.
    pub(super) fn placements(&self, orientations: &[Shape]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for o in orientations {
            let e = o.extent();
            for dz in 0..=self.extent[0] - e[0] {
                for dy in 0..=self.extent[1] - e[1] {
                    for dx in 0..=self.extent[2] - e[2] {
                        let cells: Option<Vec<usize>> = o
                            .cells
                            .iter()
                            .map(|c| self.index.get(&[c[0] + dz, c[1] + dy, c[2] + dx]).copied())
                            .collect();
                        if let Some(cells) = cells {
                            // Translations keep reading order, so the indices are sorted.
                            out.push(cells);
                        }
                    }
                }
            }
        }
        out
    }
}
