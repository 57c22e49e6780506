//! Packing pieces into a board as exact cover: the encoding shared by [`super::polyomino`]
//! (squares in the plane) and [`super::polycube`] (cubes in space).
//!
//! # Items and options
//! A *board* is a finite set of cells and a *piece* a finite set of cells up to translation
//! (a [`Shape`]), to be used `copies` times. The problem has
//! - one primary item per piece, named by it, in the order the pieces were given, so that
//!   every piece is used: exactly once, or, for a piece of `k > 1` copies, exactly `k` times
//!   (DLX3's multiplicities: bounds `k:k`, written `k|F` in Knuth's format);
//! - one primary item per board cell, in reading order (layer by layer, row by row), so that
//!   every cell is covered exactly once.
//!
//! When the only piece has several copies (dominoes tiling a board), there is no piece item
//! at all: the cells alone say everything, since the pieces' area is the board's.
//!
//! An option places one copy of a piece: its item, then the cells it covers. Options come
//! piece by piece, orientation by orientation, and then by position in reading order. This
//! is Knuth's layout (the pieces first, then the cells), so the pentomino 6x10 board is
//! searched exactly as his `pentomino-6x10.dlx`, node for node: the branching item is the
//! leftmost shortest, and which items come first decides the ties.
//!
//! # Orientations
//! A piece may be placed in any orientation of [`Orientations`]: only as drawn, turned
//! (rotations of the plane, or of space), or turned and flipped over (every symmetry of the
//! square or the cube, reflections included). Two placements that cover the same cells are
//! one placement: a symmetric piece has fewer distinct orientations.
//!
//! # Copies
//! Copies of one piece are interchangeable: a *packing* says which cells each copy covers,
//! not which copy is where, and the problem's solutions are the distinct packings. One item
//! with multiplicity `k` does that, since a solution is a set of options (DLX3 finds each set
//! once), and so do the cells alone. Numbering the copies instead (an item per copy) would
//! find every packing `k!` times, or need more items to put the copies in order, which
//! multiplied the search: 348 s for the domino tilings of 8x8 against 1.7 s now.
//!
//! # Symmetry
//! The symmetries of the problem form a group `G`: the transformations of the plane (the 8
//! of the square) or of space (the 48 of the cube) that map the board onto itself and the
//! set of pieces onto itself. A transformation may exchange two pieces, as a reflection
//! exchanges the two mirror-image screws of the Soma cube; then it maps the orientations of
//! one onto those of the other, and both have the same number of copies.
//!
//! Every solution has `|G|` images (fewer if it is symmetric itself), and
//! [`TilingBuilder::reduce_symmetry`] keeps one of each family. It uses Knuth's trick for the
//! 6x10 pentomino problem (TAOCP 7.2.2.1): *pin* one piece that every symmetry maps to
//! itself. Its placements fall into orbits under `G`, and only the least placement of each
//! orbit (by its sorted cells) is kept; for the 6x10 board that puts the X in one quarter
//! of the board, as in `pentomino-6x10-xq.dlx`. A solution with the pinned piece at a kept
//! placement `r` stands for its images under the symmetries that fix `r`, its *stabilizer*
//! `H`. When `H` has only the identity (no X placement of the 6x10 board is symmetric) that
//! is all. When it does not (an X in the middle row of the 5x12 board; a piece on the
//! diagonal of a square), a second piece, mapped to itself by every symmetry of `H`, is
//! pinned to the least placement of each orbit under `H`, given the first; the two are placed
//! together by one option, and so on until the stabilizer is trivial or every piece is
//! placed. Each family of solutions then has exactly one member in the reduced problem: the
//! one whose pinned pieces sit at the chosen placements, level after level.
//!
//! At each level the piece pinned is the one whose kept placements are symmetric the least
//! often, then the one with the fewest kept placements: on 6x10 the X (8 options instead of
//! 32, as Knuth chose), on 5x12 the V (30 options, some of them placing a second piece
//! beside a V on the middle row), in the Soma cube the Z. When no single piece is mapped to
//! itself by every symmetry of `H`, the smallest set of pieces that is (one orbit of pieces)
//! is pinned jointly. A pinned piece must be used once: a piece of several copies has
//! several placements in a solution, and no one of them stands for it.
//!
//! Two transformations that move every cell and every piece alike count as one symmetry:
//! turning a board of one row over (about its long axis) changes nothing, and would
//! otherwise make every placement look symmetric.
//!
//! # Files
//! This file owns the encoding: the pieces, the builder's checks, the layout of items and
//! options above, and reading solutions back. Below it, `geometry.rs` (cells, shapes,
//! transformations, the board's placements) imports nothing from its siblings;
//! `pinning.rs` (the symmetry group and the pinned configurations) and `drawing.rs` (sizes
//! and drawings read into shapes) import from `geometry.rs` and, for the pinning, this
//! file's pieces and errors; neither imports the other. `picture.rs` (the characters of the
//! pieces and their copies, and the letter pictures) imports this file's problem and packing.

mod drawing;
mod geometry;
mod picture;
mod pinning;

use std::ops::Range;

use thiserror::Error;

pub(crate) use self::drawing::read_size;
pub use self::drawing::{
    Drawing, MAX_CELLS, SpecError, board_from_drawing, pieces_from_drawing, read_drawing,
};
use self::geometry::{Board, Transform};
pub use self::geometry::{Cell, Dimension, Orientations, Shape};
use crate::{BuildError, NameError, Names, Problem, ProblemBuilder};
use pinning::{Pinning, Symmetries};

/// A mistake in a tiling problem, found by [`TilingBuilder::build`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TilingError {
    /// A shape (a piece or the board) with no cell.
    #[error("{what} has no cell")]
    EmptyShape {
        /// What was empty: `the board` or `piece NAME`.
        what: String,
    },
    /// The problem has no piece.
    #[error("no pieces: give at least one piece")]
    NoPieces,
    /// A piece with `copies` of 0.
    #[error("piece {name} is used 0 times: give at least one copy")]
    NoCopies {
        /// The piece.
        name: String,
    },
    /// A piece name that Knuth's format cannot hold, or that would be confused with the
    /// names made from it: it must be non-empty, without blanks, `:`, `|`, `#` or `<`.
    #[error(
        "`{name}` is not a valid piece name: use letters, digits and punctuation other than `:`, `|`, `#` and `<`, without blanks"
    )]
    BadName {
        /// The offending name.
        name: String,
    },
    /// Two items would have the same name (two pieces of one name, or a piece named like a
    /// cell).
    #[error(
        "two items are named `{name}`: give the pieces names unlike each other and unlike the cells"
    )]
    DuplicateName {
        /// The repeated name.
        name: String,
    },
    /// A piece has more cells than the dimension allows (a cell outside layer 0 for a plane
    /// problem).
    #[error("{what} leaves the plane: every cell of a plane problem is in layer 0")]
    NotPlanar {
        /// `the board` or `piece NAME`.
        what: String,
    },
    /// The pieces do not cover the board exactly.
    #[error("the pieces have {pieces} cells in all, but the board has {board}: they must be equal")]
    AreaMismatch {
        /// Cells of all copies of all pieces.
        pieces: usize,
        /// Cells of the board.
        board: usize,
    },
    /// Symmetry reduction found no piece to pin: every piece that the remaining symmetries
    /// map to itself (or every orbit of such pieces) has several copies.
    #[error(
        "cannot remove the symmetric solutions: no piece used once is left to pin (a piece with several copies has no one placement that stands for it)"
    )]
    NothingToPin,
    /// The options could have more nodes than a tiling may ([`MAX_TILING_NODES`]): found
    /// before they are made, from the board's cells and the pieces' orientations.
    #[error(
        "the problem is too large: its options could have {bound} nodes, but a tiling may have at most {max}; use a smaller board"
    )]
    TooLarge {
        /// The bound on the options' nodes: a placement of each orientation a board cell.
        bound: usize,
        /// [`MAX_TILING_NODES`].
        max: usize,
    },
    /// The engine refused the problem (too large).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Option indices that are no packing of the board, found by
/// [`TilingProblem::try_decode`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// An index that is not an option.
    #[error("there is no option {option}: the problem has {options}")]
    NoOption {
        /// The index given.
        option: usize,
        /// The number of options.
        options: usize,
    },
    /// Two options that cover one cell.
    #[error("not a solution: two options cover cell {cell}")]
    CoveredTwice {
        /// The cell's name ([`TilingProblem::cell_name`]).
        cell: String,
    },
    /// A cell that no option covers.
    #[error("not a solution: no option covers cell {cell}")]
    NotCovered {
        /// The cell's name ([`TilingProblem::cell_name`]).
        cell: String,
    },
}

/// A piece of a tiling problem: a name (an item name in Knuth's format), a shape, and how
/// many copies must be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name, which is its item's name.
    pub name: String,
    /// Its cells as drawn.
    pub shape: Shape,
    /// How many copies are placed (at least 1).
    pub copies: usize,
}

/// Collects a board and pieces, then checks and encodes them as a [`TilingProblem`].
///
/// ```
/// use dancing::problems::tiling::{Dimension, Shape, TilingBuilder};
/// use dancing::Solver;
/// // Dominoes on a 2x3 board: three tilings, one of them up to symmetry.
/// let board = Shape::cuboid(1, 2, 3).unwrap();
/// let domino = Shape::plane([(0, 0), (0, 1)]).unwrap();
/// let mut builder = TilingBuilder::new(Dimension::Plane, board);
/// builder.piece("D", domino, 3);
/// let tiling = builder.build()?;
/// assert_eq!(Solver::new(tiling.problem()).count(None).unwrap(), 3);
/// # Ok::<(), dancing::problems::tiling::TilingError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TilingBuilder {
    dimension: Dimension,
    board: Shape,
    pieces: Vec<Piece>,
    orientations: Orientations,
    reduce_symmetry: bool,
}

impl TilingBuilder {
    /// A problem on `board` with no pieces yet, every orientation allowed and no symmetry
    /// reduction.
    pub fn new(dimension: Dimension, board: Shape) -> TilingBuilder {
        TilingBuilder {
            dimension,
            board,
            pieces: Vec::new(),
            orientations: Orientations::All,
            reduce_symmetry: false,
        }
    }

    /// Adds a piece to be placed `copies` times.
    pub fn piece(&mut self, name: impl Into<String>, shape: Shape, copies: usize) -> &mut Self {
        self.pieces.push(Piece {
            name: name.into(),
            shape,
            copies,
        });
        self
    }

    /// Adds pieces, each to be placed `copies` times.
    pub fn pieces<N: Into<String>>(
        &mut self,
        pieces: impl IntoIterator<Item = (N, Shape)>,
        copies: usize,
    ) -> &mut Self {
        for (name, shape) in pieces {
            self.piece(name, shape, copies);
        }
        self
    }

    /// Sets the orientations the pieces may take (every one by default).
    pub fn orientations(&mut self, orientations: Orientations) -> &mut Self {
        self.orientations = orientations;
        self
    }

    /// Keeps one solution of each family of symmetric images (see the module docs).
    pub fn reduce_symmetry(&mut self, reduce: bool) -> &mut Self {
        self.reduce_symmetry = reduce;
        self
    }

    /// Checks the pieces and the board and encodes the problem.
    ///
    /// # Errors
    /// [`TilingError`]: no pieces, a bad or repeated name, a piece outside the plane of a
    /// plane problem, pieces whose cells do not add up to the board's, no piece to pin, or a
    /// problem too large for the engine.
    pub fn build(&self) -> Result<TilingProblem, TilingError> {
        self.check()?;
        let orientation_transforms = Transform::orientations(self.dimension, self.orientations);
        let orientations: Vec<Vec<Shape>> = self
            .pieces
            .iter()
            .map(|p| p.shape.orientations(&orientation_transforms))
            .collect();
        self.check_size(&orientations)?;
        let board = Board::new(&self.board);
        let placements: Vec<Vec<Vec<usize>>> =
            orientations.iter().map(|o| board.placements(o)).collect();
        let symmetries = Symmetries::new(
            self.dimension,
            &self.board,
            &board,
            &self.pieces,
            &orientation_transforms,
        );
        let pinned = if self.reduce_symmetry {
            Some(Pinning::new(
                &symmetries,
                &self.pieces,
                &placements,
                board.cells.len(),
            )?)
        } else {
            None
        };
        encode(self, &board, &placements, pinned.as_ref(), symmetries.len())
    }

    fn check(&self) -> Result<(), TilingError> {
        if self.pieces.is_empty() {
            return Err(TilingError::NoPieces);
        }
        let planar = |s: &Shape| self.dimension == Dimension::Space || s.extent()[0] == 1;
        if !planar(&self.board) {
            return Err(TilingError::NotPlanar {
                what: "the board".into(),
            });
        }
        for p in &self.pieces {
            let bad = |c: char| c.is_whitespace() || matches!(c, ':' | '|' | '#' | '<');
            if p.name.is_empty() || p.name.chars().any(bad) {
                return Err(TilingError::BadName {
                    name: p.name.clone(),
                });
            }
            if p.copies == 0 {
                return Err(TilingError::NoCopies {
                    name: p.name.clone(),
                });
            }
            if !planar(&p.shape) {
                return Err(TilingError::NotPlanar {
                    what: format!("piece {}", p.name),
                });
            }
        }
        let pieces = self.pieces.iter().fold(0usize, |sum, p| {
            sum.saturating_add(p.copies.saturating_mul(p.shape.len()))
        });
        if pieces != self.board.len() {
            return Err(TilingError::AreaMismatch {
                pieces,
                board: self.board.len(),
            });
        }
        Ok(())
    }

    /// Refuses, before anything is allocated, a problem whose options could have more than
    /// [`MAX_TILING_NODES`] nodes: each orientation of a piece is placed at most once a board
    /// cell, and each placement has a node a cell and one for the piece.
    fn check_size(&self, orientations: &[Vec<Shape>]) -> Result<(), TilingError> {
        let bound = self
            .pieces
            .iter()
            .zip(orientations)
            .fold(0usize, |sum, (p, o)| {
                let each = self.board.len().saturating_mul(p.shape.len() + 1);
                sum.saturating_add(o.len().saturating_mul(each))
            });
        if bound > MAX_TILING_NODES {
            return Err(TilingError::TooLarge {
                bound,
                max: MAX_TILING_NODES,
            });
        }
        Ok(())
    }
}

/// The most nodes the options of a tiling may have, bounded before they are made
/// ([`TilingError::TooLarge`]): 2^24, about 16.8 million. The pentominoes in all
/// orientations on a board of 43,200 cells come near it (16.3 million): `dancing polyomino
/// 200x216 --copies 720 --max-nodes 1` peaks at 0.9 GB, `dancing.polyomino` in Python at
/// 1.2 GB. A board of a million cells, the most a size may say, takes dominoes (6 million
/// nodes) but not pentominoes.
pub const MAX_TILING_NODES: usize = 1 << 24;

/// One piece placed by an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The piece, as an index into [`TilingProblem::pieces`]. Copies of a piece are not
    /// told apart: a packing with `k` copies of it has `k` placements of the piece.
    pub piece: usize,
    /// The board cells it covers, as indices into the board's cells, sorted.
    pub cells: Vec<usize>,
}

/// What symmetry reduction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The pieces pinned first (usually one), whose placements were replaced.
    pub pinned: Vec<usize>,
    /// The options that replace them: one per kept placement, some placing several pieces.
    pub options: usize,
}

/// A tiling problem encoded as exact cover, with what is needed to name its items and to
/// read its solutions back as packings.
#[derive(Clone, Debug)]
pub struct TilingProblem {
    /// With its item names.
    problem: Problem,
    dimension: Dimension,
    board: Shape,
    pieces: Vec<Piece>,
    /// The characters of pictures: the pieces' runs end to end (`picture`).
    glyphs: Vec<char>,
    /// Each piece's run in `glyphs`.
    runs: Vec<Range<usize>>,
    placed: Vec<Vec<Placed>>,
    symmetries: usize,
    reduction: Option<Reduction>,
}

/// A solution read back: which piece covers each board cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// The pieces placed, in the order of the solution's options.
    pub placed: Vec<Placed>,
    /// For each board cell, the index into `placed` of the piece covering it.
    pub cover: Vec<usize>,
}

impl TilingProblem {
    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The items' names (see the module docs), in item order (the problem's own:
    /// [`Problem::names`]).
    pub fn item_names(&self) -> &[String] {
        super::item_names(&self.problem)
    }

    /// The dimension the problem lives in.
    pub fn dimension(&self) -> Dimension {
        self.dimension
    }

    /// The board.
    pub fn board(&self) -> &Shape {
        &self.board
    }

    /// The pieces, in the order given.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The pieces that option `k` places (one, or several for a pinned configuration).
    ///
    /// # Panics
    /// If `k` is not an option of the problem.
    pub fn placed(&self, k: usize) -> &[Placed] {
        &self.placed[k]
    }

    /// The number of symmetries of the problem (the order of the group `G` of the module
    /// docs), whether or not they were removed.
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// What symmetry reduction did, if it was asked for: the solutions are then counted up
    /// to symmetry.
    pub fn reduction(&self) -> Option<&Reduction> {
        self.reduction.as_ref()
    }

    /// The name of board cell `i`: one character per coordinate (`0-9a-zA-Z`, row then
    /// column, with the layer first in space) when every side is at most 62, as in Knuth's
    /// files; otherwise the numbers joined by `.`.
    pub fn cell_name(&self, i: usize) -> String {
        cell_name(self.dimension, self.board.extent(), self.board.cells[i])
    }

    /// Reads a solution (option indices, as [`crate::Solver::solution`] gives them) back as
    /// a packing.
    ///
    /// # Panics
    /// If the options are not a packing of the board ([`TilingProblem::try_decode`] says
    /// why): a solution of this problem always is.
    pub fn decode(&self, solution: &[usize]) -> Packing {
        self.try_decode(solution)
            .unwrap_or_else(|e| panic!("a solution of the problem: {e}"))
    }

    /// Reads option indices given by a user back as a packing, checking that they are one:
    /// every index an option, every cell of the board covered exactly once.
    ///
    /// # Errors
    /// [`DecodeError`] naming the option or the cell that makes them no packing.
    pub fn try_decode(&self, solution: &[usize]) -> Result<Packing, DecodeError> {
        let options = self.placed.len();
        if let Some(&option) = solution.iter().find(|&&k| k >= options) {
            return Err(DecodeError::NoOption { option, options });
        }
        let placed: Vec<Placed> = solution
            .iter()
            .flat_map(|&k| self.placed[k].iter().cloned())
            .collect();
        let mut cover = vec![usize::MAX; self.board.len()];
        for (n, p) in placed.iter().enumerate() {
            for &c in &p.cells {
                if cover[c] != usize::MAX {
                    let cell = self.cell_name(c);
                    return Err(DecodeError::CoveredTwice { cell });
                }
                cover[c] = n;
            }
        }
        if let Some(c) = cover.iter().position(|&n| n == usize::MAX) {
            let cell = self.cell_name(c);
            return Err(DecodeError::NotCovered { cell });
        }
        Ok(Packing { placed, cover })
    }

    /// The problem in Knuth's format, with a comment line saying what it is.
    pub fn to_dlx(&self, comment: &str) -> String {
        let text = crate::knuth::write_with_names(&self.problem);
        super::with_comment(comment, &text)
    }
}

/// The digits of cell names: Knuth's 0-9a-z, then A-Z.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn cell_name(dimension: Dimension, extent: [i32; 3], cell: Cell) -> String {
    let axes = match dimension {
        Dimension::Plane => 1..3,
        Dimension::Space => 0..3,
    };
    if extent.iter().all(|&e| e <= 62) {
        axes.map(|a| char::from(DIGITS[cell[a] as usize])).collect()
    } else {
        axes.map(|a| cell[a].to_string())
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// Lays out items and options (see the module docs for the layout).
fn encode(
    spec: &TilingBuilder,
    board: &Board,
    placements: &[Vec<Vec<usize>>],
    pinning: Option<&Pinning>,
    symmetries: usize,
) -> Result<TilingProblem, TilingError> {
    let pieces = &spec.pieces;
    let extent = spec.board.extent();
    // Items: the pieces (none when one piece is the only one and has copies), then the cells.
    let cells_only = pieces.len() == 1 && pieces[0].copies > 1;
    let mut names: Vec<String> = if cells_only {
        Vec::new()
    } else {
        pieces.iter().map(|p| p.name.clone()).collect()
    };
    let first_cell = names.len();
    names.extend(
        board
            .cells
            .iter()
            .map(|&c| cell_name(spec.dimension, extent, c)),
    );
    let names = Names::new(names).map_err(|e| match e {
        NameError::DuplicateName { name, .. } => TilingError::DuplicateName { name },
        // Piece names were checked (more strictly) with the pieces, and cell names are
        // digits and dots; and `Names::new` has no other complaint.
        NameError::BadName { name, .. } => TilingError::BadName { name },
        e => TilingError::BadName {
            name: e.to_string(),
        },
    })?;

    let mut builder = ProblemBuilder::new(names.item_count(), 0);
    if !cells_only {
        for (p, piece) in pieces.iter().enumerate() {
            if piece.copies > 1 {
                let k = u32::try_from(piece.copies).unwrap_or(u32::MAX);
                builder.bounds(p, k, k)?;
            }
        }
    }
    let piece_item = |p: usize| (!cells_only).then_some(p);
    let mut placed = Vec::new();
    let first_pinned = pinning.and_then(|p| p.first.first().copied());
    let mut items = Vec::new();
    for (p, here) in placements.iter().enumerate() {
        let pinning_here = pinning.filter(|_| first_pinned == Some(p));
        if let Some(pin) = pinning_here {
            for config in &pin.configs {
                items.clear();
                items.extend(config.iter().filter_map(|(q, _)| piece_item(*q)));
                let mut cells: Vec<usize> =
                    config.iter().flat_map(|(_, c)| c.iter().copied()).collect();
                cells.sort_unstable();
                items.extend(cells.iter().map(|&c| first_cell + c));
                builder.option(items.iter().copied())?;
                placed.push(
                    config
                        .iter()
                        .map(|(q, cells)| Placed {
                            piece: *q,
                            cells: cells.clone(),
                        })
                        .collect(),
                );
            }
            continue;
        }
        if pinning_here.is_none() && pinning.is_some_and(|pin| pin.first.contains(&p)) {
            // A pinned piece is placed only by the configurations.
            continue;
        }
        for cells in here {
            items.clear();
            items.extend(piece_item(p));
            items.extend(cells.iter().map(|&c| first_cell + c));
            builder.option(items.iter().copied())?;
            placed.push(vec![Placed {
                piece: p,
                cells: cells.clone(),
            }]);
        }
    }
    let (glyphs, runs) = picture::runs(pieces);
    Ok(TilingProblem {
        problem: builder
            .build()?
            .with_names(names)
            .expect("one name per item"),
        dimension: spec.dimension,
        board: spec.board.clone(),
        pieces: pieces.clone(),
        glyphs,
        runs,
        placed,
        symmetries,
        reduction: pinning.map(|p| Reduction {
            pinned: p.first.clone(),
            options: p.configs.len(),
        }),
    })
}
