//! The characters that stand for pieces and their copies in pictures, and the letter
//! pictures of packings.
//!
//! # Runs of characters
//! Every piece has a *run* of characters, one per copy while the pool lasts: first each
//! piece's own character, in piece order (its name when that is one character, else the
//! next of the pool: `A-Z`, `a-z`, `0-9`, less the pieces' one-character names); then more
//! for the pieces of several copies, one a piece in turn, until each has a character per
//! copy or the pool is spent. So a picture tells the copies of a piece apart (eight dominoes
//! are `A` to `H`), and a problem whose pieces are placed once draws each with the one
//! character it always had. The runs lie end to end in [`TilingProblem::glyphs`], in piece
//! order; a picture's colors follow that index, so each copy has its own color too.
//!
//! # Which copy is which
//! Copies are not told apart by the search (a packing says which cells the copies cover, not
//! which copy is where), so [`TilingProblem::labels`] decides it for each packing: the copies
//! of a piece, in the reading order of their first cells, take the characters of its run in
//! order. Invariant: two copies of a piece have different characters while the piece has at
//! most as many copies as characters; past that (720 dominoes, 62 characters), a copy takes
//! the first character of the run that no copy of the same piece sharing a face with it has
//! yet, so that neighbours still differ wherever the run is longer than a copy's number of
//! neighbours (a domino has at most 6 in the plane).

use std::ops::Range;

use super::{Packing, Piece, TilingProblem};

/// The characters of every piece's run, end to end, and each piece's run in them.
pub(super) fn runs(pieces: &[Piece]) -> (Vec<char>, Vec<Range<usize>>) {
    let single = |p: &Piece| {
        let mut chars = p.name.chars();
        chars.next().filter(|_| chars.next().is_none())
    };
    let taken: Vec<char> = pieces.iter().filter_map(single).collect();
    let mut pool = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .filter(|c| !taken.contains(c));
    let mut runs: Vec<Vec<char>> = pieces
        .iter()
        .map(|p| vec![single(p).or_else(|| pool.next()).unwrap_or('?')])
        .collect();
    // Each round gives one more character to every piece short of its copies, or ends.
    let mut more = true;
    while more {
        more = false;
        for (piece, run) in pieces.iter().zip(&mut runs) {
            if run.len() < piece.copies
                && let Some(c) = pool.next()
            {
                run.push(c);
                more = true;
            }
        }
    }
    let mut glyphs = Vec::new();
    let ranges = runs
        .into_iter()
        .map(|run| {
            let start = glyphs.len();
            glyphs.extend(run);
            start..glyphs.len()
        })
        .collect();
    (glyphs, ranges)
}

impl TilingProblem {
    /// Every character that stands for a piece or a copy in pictures: each piece's run (see
    /// the module docs), in piece order. A piece placed once has one, its name when that is
    /// one character, else a letter or digit that no piece is named.
    pub fn glyphs(&self) -> &[char] {
        &self.glyphs
    }

    /// The characters of the copies of piece `p` (its run), the first one the piece's own.
    ///
    /// # Panics
    /// If `p` is not a piece of the problem.
    pub fn piece_glyphs(&self, p: usize) -> &[char] {
        &self.glyphs[self.runs[p].clone()]
    }

    /// For each piece placed in `packing` (in the order of `packing.placed`), the index into
    /// [`Self::glyphs`] of the character (and color) it is drawn with: copies of a piece
    /// get the characters of its run in the reading order of their first cells (see the
    /// module docs for what happens when a piece has more copies than characters).
    pub fn labels(&self, packing: &Packing) -> Vec<usize> {
        let placed = &packing.placed;
        let mut order: Vec<usize> = (0..placed.len()).collect();
        order.sort_by_key(|&n| placed[n].cells.first().copied());
        let mut labels = vec![usize::MAX; placed.len()];
        let mut drawn = vec![0; self.pieces.len()];
        for n in order {
            let piece = placed[n].piece;
            let run = self.runs[piece].clone();
            let copy = drawn[piece];
            drawn[piece] += 1;
            labels[n] = if copy < run.len() {
                run.start + copy
            } else {
                let near: Vec<usize> = self
                    .neighbours(packing, n)
                    .map(|m| labels[m])
                    .filter(|label| run.contains(label))
                    .collect();
                run.clone()
                    .find(|label| !near.contains(label))
                    .unwrap_or(run.start)
            };
        }
        labels
    }

    /// The pieces of `packing` (indices into `packing.placed`) that share a face with piece
    /// `n`, each once per face shared.
    fn neighbours<'a>(&'a self, packing: &'a Packing, n: usize) -> impl Iterator<Item = usize> {
        let cells = self.board.cells();
        packing.placed[n].cells.iter().flat_map(move |&i| {
            let c = cells[i];
            (0..3).flat_map(move |axis| {
                [-1, 1].into_iter().filter_map(move |step| {
                    let mut next = c;
                    next[axis] += step;
                    let j = cells.binary_search(&next).ok()?;
                    Some(packing.cover[j]).filter(|&m| m != n)
                })
            })
        })
    }

    /// A packing as letters: one line per row, each piece's character ([`Self::labels`]) in
    /// its cells and `.` where there is no cell; the layers of a space problem side by
    /// side, separated by `gap`.
    pub fn picture(&self, packing: &Packing, gap: &str) -> String {
        let labels = self.labels(packing);
        let [depth, rows, columns] = self.board.extent();
        let (depth, rows, columns) = (depth as usize, rows as usize, columns as usize);
        let mut grid = vec![vec!['.'; depth * columns]; rows];
        for (i, c) in self.board.cells.iter().enumerate() {
            let label = labels[packing.cover[i]];
            grid[c[1] as usize][c[0] as usize * columns + c[2] as usize] = self.glyphs[label];
        }
        let mut out = String::new();
        for row in grid {
            for (l, layer) in row.chunks(columns).enumerate() {
                if l > 0 {
                    out += gap;
                }
                out.extend(layer);
            }
            out.push('\n');
        }
        out
    }
}
