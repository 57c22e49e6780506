//! What the band engine's search asks of a node ([`Node`]), and its two kinds: the layout's
//! [`Frame`] (masks on nine boards, any recognized matrix) and the geometry's [`Grid`]
//! (JCZSolve's bands, the whole classic 9x9 matrix).

use std::fmt::Debug;

use super::frame::{Frame, Work};
use super::geometry::Geometry;
use super::grid::Grid;
use super::layout::{LAYERS, Layout};

/// What the search ([`super::Tree`]) asks of a node's state; a node is copied to branch, never
/// undone. A *cell* is what a level branches on; each option is one cell on one board.
pub(crate) trait Node: Copy + PartialEq + Debug {
    /// What the options are laid out on, shared by every node.
    type Shape: Debug;
    /// Whether the node needs the options placed on the search's trail (for its
    /// solution); where not, the search keeps no trail.
    const TRAIL: bool;
    /// Whether a node's last child is tried in the node's own frame, with no copy (its
    /// [`Node::propagate`] then given no parent): where the node needs no parent.
    const IN_PLACE: bool;
    /// The root: every option of the matrix live.
    fn root(shape: &Self::Shape) -> Self;
    /// The cell and the board of option `o`.
    fn place_of(shape: &Self::Shape, o: usize) -> (usize, usize);
    /// The number of options.
    fn options(shape: &Self::Shape) -> usize;
    /// Whether option `o` is live.
    fn is_live(&self, shape: &Self::Shape, o: usize) -> bool;
    /// Places option `o`, which must be live, without the rules.
    fn place(&mut self, shape: &Self::Shape, o: usize);
    /// [`Node::place`] on each of `options` in turn, up to the first that is not an option
    /// or not live once the ones before it are placed; the number placed.
    fn place_all(&mut self, shape: &Self::Shape, options: &[usize]) -> usize {
        for (k, &o) in options.iter().enumerate() {
            if o >= Self::options(shape) || !self.is_live(shape, o) {
                return k;
            }
            self.place(shape, o);
        }
        options.len()
    }
    /// Makes this node a copy of `parent`, to open a child in its frame: as an assignment,
    /// or by parts where that is cheaper.
    #[inline]
    fn copy_from(&mut self, parent: &Self) {
        *self = *parent;
    }
    /// Places option `o`, which must be live, as a branch's choice, before [`Node::propagate`]:
    /// as [`Node::place`], or with less where the rules find the rest.
    fn choose(&mut self, shape: &Self::Shape, o: usize) {
        self.place(shape, o);
    }
    /// Takes option `o` out if it is live; whether it was.
    fn remove(&mut self, shape: &Self::Shape, o: usize) -> bool;
    /// Runs the rules to a fixpoint, `parent` being the node this one was copied from
    /// (`None` at the root), pushing the options placed onto `trail` where the node needs
    /// it for its solution and counting its work; false if the node fails.
    fn propagate(
        &mut self,
        shape: &Self::Shape,
        parent: Option<&Self>,
        trail: &mut Vec<u16>,
        work: &mut Work,
    ) -> bool;
    /// The open cell to branch on, with its number of live options; `None` if none is open.
    fn branch_cell(&self) -> Option<(usize, u32)>;
    /// The number of live options of cell `c`.
    fn degree(&self, c: usize) -> u32;
    /// The option at cell `c` on the first board after `after` (from the first if `None`)
    /// where it is live.
    fn next_at(&self, shape: &Self::Shape, c: usize, after: Option<usize>) -> Option<usize>;
    /// The two options of cell `c`, which has two live: in the order of [`Node::next_at`].
    fn pair_at(&self, shape: &Self::Shape, c: usize) -> (usize, usize) {
        let first = self
            .next_at(shape, c, None)
            .expect("a pair has a first option");
        let after = Some(Self::place_of(shape, first).1);
        let second = self
            .next_at(shape, c, after)
            .expect("a pair has a second option");
        (first, second)
    }
    /// Writes into `out` (which it clears) the options of the solution at this (solved)
    /// node, `forced` being the options forced before the search and `trail` those placed
    /// since, where the node keeps them there; in the order of [`Search::solution`] as
    /// the band engine gives it (see the implementations).
    ///
    /// [`Search::solution`]: crate::engine::Search::solution
    fn solution(&self, shape: &Self::Shape, trail: &[u16], forced: &[usize], out: &mut Vec<usize>);
    /// Calls `f` on each option of [`Node::solution`]'s, in no set order (`out` is scratch
    /// space).
    fn each_solution_option(
        &self,
        shape: &Self::Shape,
        trail: &[u16],
        forced: &[usize],
        out: &mut Vec<usize>,
        f: impl FnMut(usize),
    ) {
        self.solution(shape, trail, forced, out);
        out.iter().copied().for_each(f);
    }
    /// Writes the options of this (solved) node's solution into `out` in increasing order,
    /// one a place, if the node has them so at hand (a grid's, [`Grid::solved_in_order`]);
    /// else false.
    fn solution_in_order(&self, _: &Self::Shape, _: &mut [u16; 81]) -> bool {
        false
    }
    /// The invariants of its module docs that a node alone shows.
    fn check(&self, shape: &Self::Shape) -> Result<(), String>;
}

impl Node for Frame {
    type Shape = Layout;
    const TRAIL: bool = true;
    /// The parent's boards spare the rules the boards it left unchanged.
    const IN_PLACE: bool = false;

    fn root(layout: &Layout) -> Frame {
        Frame::root(layout)
    }

    fn place_of(layout: &Layout, o: usize) -> (usize, usize) {
        let (c, l) = layout.place[o];
        (usize::from(c), usize::from(l))
    }

    fn options(layout: &Layout) -> usize {
        layout.place.len()
    }

    fn is_live(&self, layout: &Layout, o: usize) -> bool {
        Frame::is_live(self, layout, o)
    }

    fn place(&mut self, layout: &Layout, o: usize) {
        Frame::place(self, layout, o);
    }

    fn remove(&mut self, layout: &Layout, o: usize) -> bool {
        if !Frame::is_live(self, layout, o) {
            return false;
        }
        let (c, l) = layout.place[o];
        self.boards[usize::from(l)] &= !(1u128 << c);
        true
    }

    /// The hidden singles and the locked candidates skip the boards equal to the parent's.
    fn propagate(
        &mut self,
        layout: &Layout,
        parent: Option<&Frame>,
        trail: &mut Vec<u16>,
        work: &mut Work,
    ) -> bool {
        let mut stable = parent.map_or([u128::MAX; LAYERS], |p| p.boards);
        let before = trail.len();
        let ok = Frame::propagate(self, layout, &mut stable, trail, work);
        work.placed += (trail.len() - before) as u64;
        ok
    }

    fn branch_cell(&self) -> Option<(usize, u32)> {
        Frame::branch_cell(self)
    }

    fn degree(&self, c: usize) -> u32 {
        self.boards.iter().filter(|&&b| b >> c & 1 != 0).count() as u32
    }

    fn next_at(&self, layout: &Layout, c: usize, after: Option<usize>) -> Option<usize> {
        Frame::next_at(self, layout, c, after)
    }

    /// The forced options first, in the order forced, then the others in increasing order.
    fn solution(&self, layout: &Layout, trail: &[u16], forced: &[usize], out: &mut Vec<usize>) {
        out.clear();
        // One allocation for the whole solution.
        out.reserve(layout.cells.count_ones() as usize);
        out.extend_from_slice(forced);
        let start = out.len();
        out.extend(trail.iter().map(|&o| usize::from(o)));
        out[start..].sort_unstable();
    }

    fn check(&self, layout: &Layout) -> Result<(), String> {
        Frame::check(self, layout)
    }
}

impl Node for Grid {
    type Shape = Geometry;
    /// The solution is read out of the bands.
    const TRAIL: bool = false;
    /// The parent is not read: the subbands' `prev` tells the updates due.
    const IN_PLACE: bool = true;

    fn root(geometry: &Geometry) -> Grid {
        Grid::root(geometry)
    }

    fn place_of(geometry: &Geometry, o: usize) -> (usize, usize) {
        let (p, d) = geometry.place[o];
        (usize::from(p), usize::from(d))
    }

    fn options(geometry: &Geometry) -> usize {
        geometry.place.len()
    }

    fn is_live(&self, geometry: &Geometry, o: usize) -> bool {
        Grid::is_live(self, geometry, o)
    }

    fn place(&mut self, geometry: &Geometry, o: usize) {
        Grid::place(self, geometry, o);
    }

    fn place_all(&mut self, geometry: &Geometry, options: &[usize]) -> usize {
        Grid::place_all(self, geometry, options)
    }

    fn copy_from(&mut self, parent: &Grid) {
        Grid::copy_from(self, parent);
    }

    fn choose(&mut self, geometry: &Geometry, o: usize) {
        Grid::choose(self, geometry, o);
    }

    fn remove(&mut self, geometry: &Geometry, o: usize) -> bool {
        Grid::remove(self, geometry, o)
    }

    fn propagate(
        &mut self,
        _: &Geometry,
        _: Option<&Grid>,
        _: &mut Vec<u16>,
        work: &mut Work,
    ) -> bool {
        Grid::propagate(self, work)
    }

    fn branch_cell(&self) -> Option<(usize, u32)> {
        Grid::branch_cell(self)
    }

    fn degree(&self, p: usize) -> u32 {
        Grid::degree(self, p)
    }

    fn next_at(&self, geometry: &Geometry, p: usize, after: Option<usize>) -> Option<usize> {
        Grid::next_at(self, geometry, p, after)
    }

    fn pair_at(&self, geometry: &Geometry, p: usize) -> (usize, usize) {
        Grid::pair_at(self, geometry, p)
    }

    /// Every option of the solution, the forced ones among them, in increasing order: read
    /// straight out of the bands, in cell order, where the geometry is
    /// [`Geometry::in_order`] (as the Sudoku front end's matrix is), else sorted.
    fn solution(&self, geometry: &Geometry, _: &[u16], _: &[usize], out: &mut Vec<usize>) {
        out.clear();
        self.solved_options(geometry, out);
        if !geometry.in_order {
            out.sort_unstable();
        }
    }

    /// Straight out of the bands, place by place, with no buffer between.
    fn each_solution_option(
        &self,
        geometry: &Geometry,
        _: &[u16],
        _: &[usize],
        _: &mut Vec<usize>,
        f: impl FnMut(usize),
    ) {
        self.each_solved_option(geometry, f);
    }

    fn solution_in_order(&self, geometry: &Geometry, out: &mut [u16; 81]) -> bool {
        self.solved_in_order(geometry, out)
    }

    fn check(&self, geometry: &Geometry) -> Result<(), String> {
        Grid::check(self, geometry)
    }
}
