//! The regions of a jigsaw Sudoku ([`Jigsaw`]): read from a grid of labels or built from
//! region numbers, and checked to be `N` regions of `N` cells, each in one piece; with the
//! cell arithmetic it shares with the rest of [`super`] (`offset`, `square_root`). It
//! imports nothing else of [`super`], which sits above it.

use std::collections::HashMap;

/// The irregular regions of a jigsaw Sudoku: `N` regions of `N` cells each, each in one
/// piece, replacing the boxes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jigsaw {
    pub(super) side: usize,
    /// The region of each cell, row-major, numbered from 0 in order of first appearance.
    pub(super) regions: Vec<u8>,
}

/// Why [`Jigsaw::parse`] or [`Jigsaw::from_regions`] refused its regions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JigsawError {
    /// The number of labels is not the square of a grid's side.
    #[error("found {found} region labels, expected N*N for a grid of side N (81 for 9x9)")]
    LabelCount {
        /// Labels found.
        found: usize,
    },
    /// The number of regions is not `N`.
    #[error("found {found} regions, expected {expected}")]
    RegionCount {
        /// Distinct labels.
        found: usize,
        /// `N`.
        expected: usize,
    },
    /// A region does not have `N` cells.
    #[error("region {label} has {found} cells, expected {expected}")]
    RegionSize {
        /// Its label.
        label: String,
        /// Its cells.
        found: usize,
        /// `N`.
        expected: usize,
    },
    /// A region is in several pieces.
    #[error("region {label} is in pieces: r{}c{} is not connected to r{}c{}",
        .apart.0 + 1, .apart.1 + 1, .first.0 + 1, .first.1 + 1)]
    NotContiguous {
        /// Its label.
        label: String,
        /// Its first cell, row-major (0-based row, column).
        first: (usize, usize),
        /// The first of its cells that cannot be reached from `first`.
        apart: (usize, usize),
    },
}

impl Jigsaw {
    /// The regions written as `N * N` labels, row-major: either one character per cell
    /// (`AAABBBCCC` ..., whitespace ignored) or, when the number of characters is not a
    /// square, whitespace-separated words (`1 1 2 ... 16`). Each distinct label is a region.
    ///
    /// ```
    /// use dancing::sudoku::rules::Jigsaw;
    /// let j = Jigsaw::parse("AABB AABB CCDD CCDD")?;
    /// assert_eq!((j.side(), j.region(1, 2)), (4, 1));
    /// assert!(Jigsaw::parse("AABB ABAB CCDD CCDD").is_err()); // A and B in pieces
    /// # Ok::<(), dancing::sudoku::rules::JigsawError>(())
    /// ```
    ///
    /// # Errors
    /// [`JigsawError`]: a count of labels that is not `N * N`, not `N` regions of `N` cells,
    /// or a region in several pieces.
    pub fn parse(text: &str) -> Result<Jigsaw, JigsawError> {
        let chars: Vec<String> = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect();
        let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
        let (side, labels) = match (square_root(chars.len()), square_root(words.len())) {
            (Some(side), _) => (side, chars),
            (None, Some(side)) => (side, words),
            (None, None) => return Err(JigsawError::LabelCount { found: chars.len() }),
        };
        let mut numbers: HashMap<&str, usize> = HashMap::new();
        let mut names = Vec::new();
        let regions: Vec<usize> = labels
            .iter()
            .map(|label| {
                let next = numbers.len();
                *numbers.entry(label.as_str()).or_insert_with(|| {
                    names.push(label.clone());
                    next
                })
            })
            .collect();
        Jigsaw::build(side, regions, |r| names[r].clone())
    }

    /// The regions given as a number per cell, row-major (any numbers: each distinct one is
    /// a region), for a grid of side `side`.
    ///
    /// # Errors
    /// As [`Jigsaw::parse`].
    pub fn from_regions(side: usize, regions: &[usize]) -> Result<Jigsaw, JigsawError> {
        if regions.len() != side * side {
            return Err(JigsawError::LabelCount {
                found: regions.len(),
            });
        }
        let mut numbers: HashMap<usize, usize> = HashMap::new();
        let mut names = Vec::new();
        let renumbered = regions
            .iter()
            .map(|&r| {
                let next = numbers.len();
                *numbers.entry(r).or_insert_with(|| {
                    names.push(r.to_string());
                    next
                })
            })
            .collect();
        Jigsaw::build(side, renumbered, |r| names[r].clone())
    }

    /// Checks regions numbered from 0 in order of first appearance; `name` gives a region's
    /// label for messages.
    fn build(
        side: usize,
        regions: Vec<usize>,
        name: impl Fn(usize) -> String,
    ) -> Result<Jigsaw, JigsawError> {
        let count = regions.iter().max().map_or(0, |&r| r + 1);
        if count != side {
            return Err(JigsawError::RegionCount {
                found: count,
                expected: side,
            });
        }
        let mut sizes = vec![0usize; side];
        for &r in &regions {
            sizes[r] += 1;
        }
        if let Some((r, &found)) = sizes.iter().enumerate().find(|&(_, &s)| s != side) {
            return Err(JigsawError::RegionSize {
                label: name(r),
                found,
                expected: side,
            });
        }
        // Each region must be reachable from its first cell by orthogonal steps.
        let mut reached = vec![false; side * side];
        for r in 0..side {
            let Some(first) = regions.iter().position(|&x| x == r) else {
                continue;
            };
            let mut stack = vec![first];
            reached[first] = true;
            while let Some(cell) = stack.pop() {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    if let Some(next) = offset(side, cell / side, cell % side, dr, dc)
                        && regions[next] == r
                        && !reached[next]
                    {
                        reached[next] = true;
                        stack.push(next);
                    }
                }
            }
            if let Some(apart) = (0..side * side).find(|&c| regions[c] == r && !reached[c]) {
                return Err(JigsawError::NotContiguous {
                    label: name(r),
                    first: (first / side, first % side),
                    apart: (apart / side, apart % side),
                });
            }
        }
        let regions = regions
            .into_iter()
            .map(|r| u8::try_from(r).unwrap_or(u8::MAX))
            .collect();
        Ok(Jigsaw { side, regions })
    }

    /// The side of the grid, `N`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The region (0-based, in order of first appearance row-major) of the cell at 0-based
    /// (`row`, `col`).
    ///
    /// # Panics
    /// If the cell is outside the grid.
    pub fn region(&self, row: usize, col: usize) -> usize {
        assert!(row < self.side && col < self.side, "cell outside the grid");
        usize::from(self.regions[row * self.side + col])
    }
}

/// `n` if `x == n * n` for some `n >= 2`.
pub(super) fn square_root(x: usize) -> Option<usize> {
    (2..=x).take_while(|n| n * n <= x).find(|n| n * n == x)
}

/// The row-major index of the cell `(row + dr, col + dc)` of a grid of side `n`, if inside.
pub(super) fn offset(n: usize, row: usize, col: usize, dr: isize, dc: isize) -> Option<usize> {
    let r = row.checked_add_signed(dr).filter(|&r| r < n)?;
    let c = col.checked_add_signed(dc).filter(|&c| c < n)?;
    Some(r * n + c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rules::{Rules, RulesError};
    use crate::sudoku::shape::Shape;

    #[test]
    fn jigsaws_are_checked_for_count_size_and_pieces() {
        assert_eq!(
            Jigsaw::parse("AAB"),
            Err(JigsawError::LabelCount { found: 3 })
        );
        assert_eq!(
            Jigsaw::parse("AAAA AAAB CCDD CCDD")
                .unwrap_err()
                .to_string(),
            "region A has 7 cells, expected 4"
        );
        assert_eq!(
            Jigsaw::parse("ABBA ABBA CCDD CCDD")
                .unwrap_err()
                .to_string(),
            "region A is in pieces: r1c4 is not connected to r1c1"
        );
        let words = Jigsaw::from_regions(4, &[7, 7, 9, 9, 7, 7, 9, 9, 1, 1, 2, 2, 1, 1, 2, 2]);
        assert_eq!(words.map(|j| j.region(3, 3)), Ok(3));
        let big = (0..16)
            .flat_map(|r| (0..16).map(move |c| format!("{}", (r / 4) * 4 + c / 4 + 1)))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(Jigsaw::parse(&big).map(|j| j.side()), Ok(16));
        let rules = Rules::classic(Shape::CLASSIC).with_jigsaw(Jigsaw::parse(&big).unwrap());
        assert_eq!(
            rules,
            Err(RulesError::JigsawSide {
                jigsaw: 16,
                grid: 9
            })
        );
    }
}
