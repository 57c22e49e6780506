//! The symmetry of a problem, found in its matrix: the permutations of items and options that
//! map the problem onto itself, and what they buy.
//!
//! - [`group`] computes the [`Group`] with nauty (`nauty.rs`) on the problem's incidence graph:
//!   primary items go to primary items with the same bounds, secondary to secondary, options
//!   to options of the same cost, and a colored use of an item to a use of the same color.
//!   Its order is exact; its generators are [`Permutation`]s. [`group_until`] can be stopped
//!   (Ctrl-C, a deadline): nauty's time grows as the cube of the interchangeable parts.
//! - [`count`] (`orbits.rs`) counts every solution with the work divided by the group: it
//!   branches on a set of items that the group maps onto itself, searches one partial cover
//!   of each orbit and weights its count by the orbit's size, and goes on in the subproblem
//!   with the partial cover's stabilizer until that is trivial; the engines count the rest.
//! - [`Pieces`] (`pieces.rs`) cuts the top of that count into pieces for [`crate::parts`]:
//!   the walk's leaves, each options forced and a weight, cut further by plain branching.
//! - [`count_up_to_symmetry`] (`burnside.rs`) counts the orbits of solutions, the essentially
//!   different solutions, by Burnside's lemma: the average over the group of the number of
//!   solutions each element fixes, each an exact-cover problem on the element's cycles of
//!   items and options. [`families`] lists one solution of each orbit with its size.
//!
//! A count up to symmetry is not the total divided by the order: a solution that some
//! symmetry maps onto itself has a smaller orbit (8 queens: 92 solutions, 12 classes, one of
//! which has only 4 members).
//!
//! The methods that list the group's elements (all but [`group`] itself) take groups of at
//! most [`Group::listable`] elements; [`count`] uses a subgroup of a larger group (any
//! subgroup gives the same total), the others refuse it ([`SymmetryError::GroupTooLarge`]).
//! The walk of [`count`] has a budget of work of its own, past which it leaves the whole
//! count to the engines: symmetry costs a problem that has little of it a bounded overhead.

mod burnside;
mod elements;
mod nauty;
mod orbits;
mod pieces;
#[cfg(test)]
mod tests;

use std::fmt;

use num_bigint::BigUint;

use crate::problem::Problem;

pub use self::burnside::{
    Family, Representatives, count_up_to_symmetry, count_up_to_symmetry_until, families,
};
pub use self::orbits::{Counting, SymmetricCount, count, count_until, count_with};
pub use self::pieces::{Pieces, count_piece};

/// The most elements a group may have for the methods that list them (see the module docs).
pub const MAX_ELEMENTS: usize = 1 << 20;

/// The most entries (elements times points, 4 bytes each) a listed group may hold: a group of
/// a large problem is listed only as far as this (128 MiB) allows.
const MAX_STORED: usize = 1 << 25;

/// Why a question about symmetry was not answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SymmetryError {
    /// The problem's incidence graph has more vertices and edges than nauty is given (the
    /// number it has).
    ProblemTooLarge(usize),
    /// The group has more elements than can be listed for the problem (its order, and the
    /// most that can be: [`MAX_ELEMENTS`], or fewer for a problem of many items and options).
    GroupTooLarge(BigUint, usize),
    /// The problem has multiplicities (bounds other than 1), which the counts up to symmetry
    /// do not take yet.
    Multiplicities,
    /// nauty was stopped ([`group_until`]'s `stop` said so) before it found the group.
    Stopped,
}

impl fmt::Display for SymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymmetryError::ProblemTooLarge(n) => write!(
                f,
                "the problem's graph has {n} vertices and edges, more than the {} the symmetry finder takes",
                nauty::MAX_GRAPH
            ),
            SymmetryError::GroupTooLarge(order, cap) => write!(
                f,
                "the symmetry group has {order} elements, more than the {cap} that can be listed \
                 for this problem"
            ),
            SymmetryError::Multiplicities => {
                f.write_str("counts up to symmetry do not take items with bounds (multiplicities)")
            }
            SymmetryError::Stopped => {
                f.write_str("stopped while nauty was still computing the symmetry group")
            }
        }
    }
}

impl std::error::Error for SymmetryError {}

/// A symmetry of a problem: where it sends each item and each option.
///
/// Invariant: `images` holds the images of the items (`0..items`) then of the options, as a
/// permutation of items onto items and options onto options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Permutation {
    items: usize,
    images: Vec<u32>,
}

impl Permutation {
    /// The image of item `i`.
    pub fn item(&self, i: usize) -> usize {
        self.images[i] as usize
    }

    /// The image of option `k`.
    pub fn option(&self, k: usize) -> usize {
        self.images[self.items + k] as usize - self.items
    }

    /// Whether it moves nothing.
    pub fn is_identity(&self) -> bool {
        self.images
            .iter()
            .enumerate()
            .all(|(p, &q)| p == q as usize)
    }

    /// The items it moves, as cycles of length at least 2, each from its least item.
    pub fn item_cycles(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.items];
        let mut cycles = Vec::new();
        for start in 0..self.items {
            if seen[start] || self.item(start) == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                cycle.push(i);
                i = self.item(i);
            }
            cycles.push(cycle);
        }
        cycles
    }
}

/// The automorphism group of a problem (see the module docs), as nauty found it.
#[derive(Clone, Debug)]
pub struct Group {
    items: usize,
    options: usize,
    order: BigUint,
    generators: Vec<Permutation>,
}

impl Group {
    /// The number of its elements, exact.
    pub fn order(&self) -> &BigUint {
        &self.order
    }

    /// Generators of the group (none for the trivial group), in the order nauty found them:
    /// those of the deepest stabilizer first.
    pub fn generators(&self) -> &[Permutation] {
        &self.generators
    }

    /// Whether the group has only the identity.
    pub fn is_trivial(&self) -> bool {
        self.order == BigUint::from(1u32)
    }

    /// The most elements of this problem's group that can be listed: [`MAX_ELEMENTS`], or
    /// fewer where the problem has so many items and options that their images would take
    /// more than 128 MiB.
    pub fn listable(&self) -> usize {
        MAX_ELEMENTS.min(MAX_STORED / (self.items + self.options).max(1))
    }

    /// Its elements, the identity first, if it has at most [`Group::listable`] of them.
    ///
    /// # Errors
    /// [`SymmetryError::GroupTooLarge`] past it.
    pub fn elements(&self) -> Result<Vec<Permutation>, SymmetryError> {
        let cap = self.listable();
        if self.order > BigUint::from(cap) {
            return Err(SymmetryError::GroupTooLarge(self.order.clone(), cap));
        }
        let gens: Vec<&[u32]> = self.generators.iter().map(|g| &g.images[..]).collect();
        let points = self.items + self.options;
        let all = elements::closure(points, &gens, cap).expect("nauty's order bounds the closure");
        Ok(self.wrap(all))
    }

    /// The elements of the subgroup generated by the longest run of the generators, in
    /// nauty's order (the deepest stabilizer's first), with at most `cap` elements: the whole
    /// group when it has at most `cap`; the identity alone when even the first generator's
    /// subgroup is larger.
    pub(crate) fn subgroup_elements(&self, cap: usize) -> Vec<Permutation> {
        let points = self.items + self.options;
        let mut gens: Vec<&[u32]> = Vec::new();
        let mut best = vec![(0..points as u32).collect::<Vec<u32>>()];
        for g in &self.generators {
            gens.push(&g.images);
            match elements::closure(points, &gens, cap) {
                Some(all) => best = all,
                None => break,
            }
        }
        self.wrap(best)
    }

    fn wrap(&self, all: Vec<Vec<u32>>) -> Vec<Permutation> {
        all.into_iter()
            .map(|images| Permutation {
                items: self.items,
                images,
            })
            .collect()
    }
}

/// The largest incidence graph ([`graph_size`]) whose group a search's statistics give
/// (`dancing cover --stats`): some milliseconds of nauty (the empty 16x16 Sudoku's 21,504,
/// 0.03 s; pentomino 6x10's 14,464 and 9x9 Sudoku's 3,969, under 0.01 s), where a larger one
/// can take longer than the search it describes (the empty 36x36 Sudoku's, 0.7 s).
pub const STATS_GRAPH: usize = 30_000;

/// The size of `problem`'s incidence graph: its items, its options and its options' items
/// (the vertices and edges [`group`] hands to nauty, colored uses aside).
pub fn graph_size(problem: &Problem) -> usize {
    problem.item_count() + problem.option_count() + problem.option_nodes()
}

/// The automorphism group of `problem` (see the module docs). nauty's time grows as the cube
/// of the number of interchangeable parts (4,000 one-item options: 85 s): [`group_until`]
/// can be stopped.
///
/// ```
/// let problem = dancing::problems::queens(8);
/// let group = dancing::symmetry::group(&problem)?;
/// assert_eq!(*group.order(), 8u32.into()); // the square's symmetries
/// # Ok::<(), dancing::symmetry::SymmetryError>(())
/// ```
///
/// # Errors
/// [`SymmetryError::ProblemTooLarge`] when the problem's graph passes the size nauty is given.
pub fn group(problem: &Problem) -> Result<Group, SymmetryError> {
    found(problem, nauty::automorphisms(problem, None))
}

/// [`group`], asking `stop` about every 10 ms ([`crate::PAUSE_TIME`]) while nauty runs, on a
/// watchdog thread, and stopping nauty when it says so: the shape of the library's other
/// stoppable work ([`count_until`]), where `stop` looks at a flag, a deadline or both.
///
/// nauty's stop switch is one for the whole process, so the calls of [`group`] and
/// [`group_until`] run one at a time (each waits for the one under way).
///
/// ```
/// use std::time::{Duration, Instant};
///
/// let problem = dancing::problems::queens(8);
/// let deadline = Instant::now() + Duration::from_secs(60);
/// let group = dancing::symmetry::group_until(&problem, &|| Instant::now() >= deadline)?;
/// assert_eq!(*group.order(), 8u32.into());
/// # Ok::<(), dancing::symmetry::SymmetryError>(())
/// ```
///
/// # Errors
/// [`SymmetryError::Stopped`] when `stop` stopped nauty before it found the group; as
/// [`group`] otherwise.
pub fn group_until(
    problem: &Problem,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Group, SymmetryError> {
    found(problem, nauty::automorphisms(problem, Some(stop)))
}

/// The [`Group`] of what nauty found on `problem`, or why it found none.
fn found(
    problem: &Problem,
    found: Result<nauty::Found, nauty::Refused>,
) -> Result<Group, SymmetryError> {
    let found = found.map_err(|refused| match refused {
        nauty::Refused::TooLarge => SymmetryError::ProblemTooLarge(graph_size(problem)),
        nauty::Refused::Stopped => SymmetryError::Stopped,
    })?;
    Ok(Group {
        items: problem.item_count(),
        options: problem.option_count(),
        order: found.order,
        generators: found
            .generators
            .into_iter()
            .map(|images| Permutation {
                items: problem.item_count(),
                images,
            })
            .collect(),
    })
}
