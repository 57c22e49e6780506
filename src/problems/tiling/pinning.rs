//! The symmetries of a tiling problem and the pinned configurations that remove them (see
//! the parent module's docs, "Symmetry", for the method and why it is exact).

use std::collections::BTreeMap;

use super::geometry::{Board, Cell, Dimension, Shape, Transform};
use super::{Piece, TilingError};

/// The symmetry group of a problem, each element as its action on board cells and on
/// pieces. The identity comes first.
pub(super) struct Symmetries {
    /// `cells[g][i]`: where symmetry `g` takes board cell `i`.
    cells: Vec<Vec<usize>>,
    /// `pieces[g][p]`: the piece that symmetry `g` turns piece `p` into.
    pieces: Vec<Vec<usize>>,
}

impl Symmetries {
    pub(super) fn new(
        dimension: Dimension,
        shape: &Shape,
        board: &Board,
        pieces: &[Piece],
        orientations: &[Transform],
    ) -> Symmetries {
        // Pieces with the same set of orientations, in order, by that set.
        let class = |s: &Shape| {
            let mut o = s.orientations(orientations);
            o.sort();
            o
        };
        let classes: Vec<Vec<Shape>> = pieces.iter().map(|p| class(&p.shape)).collect();
        let mut members: BTreeMap<&Vec<Shape>, Vec<usize>> = BTreeMap::new();
        for (p, c) in classes.iter().enumerate() {
            members.entry(c).or_default().push(p);
        }
        let mut group = Symmetries {
            cells: Vec::new(),
            pieces: Vec::new(),
        };
        for t in Transform::ambient(dimension) {
            if shape.transformed(t) != *shape {
                continue;
            }
            let image: Vec<Cell> = board.cells.iter().map(|&c| t.apply(c)).collect();
            let min = image
                .iter()
                .fold(image[0], |m, c| [0, 1, 2].map(|i| m[i].min(c[i])));
            let cells: Vec<usize> = image
                .iter()
                .map(|c| board.index[&[0, 1, 2].map(|i| c[i] - min[i])])
                .collect();
            let Some(pieces) = Self::piece_map(pieces, &members, t) else {
                continue;
            };
            // Two transformations that move every cell and piece alike are one symmetry
            // (flipping a board of one row over leaves it as it was).
            let known =
                (0..group.len()).any(|g| group.cells[g] == cells && group.pieces[g] == pieces);
            if !known {
                group.cells.push(cells);
                group.pieces.push(pieces);
            }
        }
        group
    }

    /// Where `t` sends each piece: the k-th piece of a class goes to the k-th piece of the
    /// class of its image; `None` if some image is not a piece, or has other copies.
    fn piece_map(
        pieces: &[Piece],
        members: &BTreeMap<&Vec<Shape>, Vec<usize>>,
        t: Transform,
    ) -> Option<Vec<usize>> {
        let mut map = vec![0; pieces.len()];
        for (class, from) in members {
            let mut image: Vec<Shape> = class.iter().map(|s| s.transformed(t)).collect();
            image.sort();
            let to = members.get(&image)?;
            if to.len() != from.len() {
                return None;
            }
            for (&a, &b) in from.iter().zip(to) {
                if pieces[a].copies != pieces[b].copies {
                    return None;
                }
                map[a] = b;
            }
        }
        Some(map)
    }

    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }
}

/// A partial packing: pieces with their sorted cells, sorted by piece.
pub(super) type Config = Vec<(usize, Vec<usize>)>;

/// The result of symmetry reduction: the pieces pinned first, and the options that replace
/// all of their placements.
pub(super) struct Pinning {
    /// The pieces whose placements are replaced (the first pinned unit).
    pub(super) first: Vec<usize>,
    /// The kept configurations, each one option.
    pub(super) configs: Vec<Config>,
}

impl Pinning {
    pub(super) fn new(
        group: &Symmetries,
        pieces: &[Piece],
        placements: &[Vec<Vec<usize>>],
        cells: usize,
    ) -> Result<Pinning, TilingError> {
        let pinner = Pinner {
            group,
            pieces,
            placements,
        };
        let mut configs = Vec::new();
        if group.len() == 1 {
            // No symmetry: nothing to pin.
            return Ok(Pinning {
                first: Vec::new(),
                configs,
            });
        }
        let all: Vec<usize> = (0..group.len()).collect();
        let first = pinner.pin(&Vec::new(), &vec![false; cells], &all, &mut configs)?;
        Ok(Pinning {
            first: first.unwrap_or_default(),
            configs,
        })
    }
}

/// The recursive search for pinned configurations.
struct Pinner<'a> {
    group: &'a Symmetries,
    pieces: &'a [Piece],
    placements: &'a [Vec<Vec<usize>>],
}

/// A unit of pieces to pin, with the orbit representatives of its joint placements.
struct Candidate {
    unit: Vec<usize>,
    /// Each kept joint placement with its stabilizer.
    reps: Vec<(Config, Vec<usize>)>,
}

impl Pinner<'_> {
    /// Emits the configurations that extend `config`, whose stabilizer is `stabilizer`, one
    /// per orbit; returns the unit pinned at this level (`None` if none was needed).
    fn pin(
        &self,
        config: &Config,
        used: &[bool],
        stabilizer: &[usize],
        out: &mut Vec<Config>,
    ) -> Result<Option<Vec<usize>>, TilingError> {
        let all_placed = config.len() == self.pieces.len();
        if stabilizer.len() == 1 || all_placed {
            out.push(config.clone());
            return Ok(None);
        }
        let best = self
            .candidates(config, stabilizer)
            .map(|unit| self.orbits(unit, used, stabilizer))
            .min_by_key(|c| {
                let symmetric = c.reps.iter().filter(|(_, s)| s.len() > 1).count();
                (c.unit.len(), symmetric, c.reps.len())
            })
            .ok_or(TilingError::NothingToPin)?;
        for (joint, inner) in &best.reps {
            let mut next = config.clone();
            next.extend(joint.iter().cloned());
            next.sort();
            let mut now_used = used.to_vec();
            for (_, cells) in joint {
                for &c in cells {
                    now_used[c] = true;
                }
            }
            self.pin(&next, &now_used, inner, out)?;
        }
        Ok(Some(best.unit))
    }

    /// The units that may be pinned next: orbits of unplaced pieces under the stabilizer,
    /// each piece used once; the smallest units first.
    fn candidates<'b>(
        &'b self,
        config: &'b Config,
        stabilizer: &'b [usize],
    ) -> impl Iterator<Item = Vec<usize>> + 'b {
        let mut units: Vec<Vec<usize>> = Vec::new();
        for p in 0..self.pieces.len() {
            if config.iter().any(|(q, _)| *q == p) || units.iter().any(|u| u.contains(&p)) {
                continue;
            }
            let mut unit: Vec<usize> = stabilizer
                .iter()
                .map(|&g| self.group.pieces[g][p])
                .collect();
            unit.sort_unstable();
            unit.dedup();
            if unit.iter().all(|&q| self.pieces[q].copies == 1) {
                units.push(unit);
            }
        }
        let smallest = units.iter().map(Vec::len).min().unwrap_or(0);
        units.into_iter().filter(move |u| u.len() == smallest)
    }

    /// The joint placements of `unit` that fit beside `config`, one per orbit under the
    /// stabilizer (the least image), each with its own stabilizer.
    /// The stabilizer fixes the configuration already placed, so comparing the images of
    /// the joint placement alone compares the images of the whole.
    fn orbits(&self, unit: Vec<usize>, used: &[bool], stabilizer: &[usize]) -> Candidate {
        let mut joints = Vec::new();
        self.joint(&unit, &mut Vec::new(), &mut used.to_vec(), &mut joints);
        let mut reps = Vec::new();
        for joint in joints {
            let mut least = true;
            let mut fixers = Vec::new();
            for &g in stabilizer {
                let image = self.image(g, &joint);
                match image.cmp(&joint) {
                    std::cmp::Ordering::Less => {
                        least = false;
                        break;
                    }
                    std::cmp::Ordering::Equal => fixers.push(g),
                    std::cmp::Ordering::Greater => {}
                }
            }
            if least {
                reps.push((joint, fixers));
            }
        }
        Candidate { unit, reps }
    }

    /// Every way to place the pieces of `unit` (after those in `partial`) on unused cells.
    fn joint(
        &self,
        unit: &[usize],
        partial: &mut Config,
        used: &mut Vec<bool>,
        out: &mut Vec<Config>,
    ) {
        let Some((&p, rest)) = unit.split_first() else {
            let mut c = partial.clone();
            c.sort();
            out.push(c);
            return;
        };
        for cells in &self.placements[p] {
            if cells.iter().any(|&c| used[c]) {
                continue;
            }
            for &c in cells {
                used[c] = true;
            }
            partial.push((p, cells.clone()));
            self.joint(rest, partial, used, out);
            partial.pop();
            for &c in cells {
                used[c] = false;
            }
        }
    }

    /// The image of a configuration under symmetry `g`.
    fn image(&self, g: usize, config: &Config) -> Config {
        let mut out: Config = config
            .iter()
            .map(|(p, cells)| {
                let mut c: Vec<usize> = cells.iter().map(|&i| self.group.cells[g][i]).collect();
                c.sort_unstable();
                (self.group.pieces[g][*p], c)
            })
            .collect();
        out.sort();
        out
    }
}
