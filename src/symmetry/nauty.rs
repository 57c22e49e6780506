//! The automorphism group of a problem's incidence graph, computed by nauty (McKay and
//! Piperno's program, through the `nauty-Traces-sys` binding, which builds nauty 2.9 from its
//! bundled source).
//!
//! The graph has a vertex for each item, each option and each colored use of an item, and an
//! edge between an option and each item it names (through the use's vertex where the option
//! gives the item a color). Its vertices are colored so that an automorphism keeps what the
//! search sees: primary items by their bounds, secondary items apart, options by their cost,
//! uses by their color. An automorphism of that graph, restricted to items and options, is a
//! symmetry of the problem, and every symmetry extends to one (a use's vertex goes where its
//! option and item go); so the two groups have the same order.
//!
//! nauty reports the order as the product of the indices of the stabilizer chain it walks
//! (`userlevelproc`'s `index`), which this module multiplies exactly; `stats.grpsize1` is only
//! a floating-point copy of it.

use std::cell::RefCell;
use std::os::raw::c_int;

use nauty_Traces_sys::{FALSE, SparseGraph, optionblk, sparsegraph, sparsenauty, statsblk};
use num_bigint::BigUint;

use crate::problem::Problem;

/// The largest incidence graph (vertices plus edges) handed to nauty; past it
/// [`automorphisms`] gives up rather than have a huge problem wait on its group.
pub(super) const MAX_GRAPH: usize = 20_000_000;

/// What nauty found: generators, each a permutation of the items then the options (entry `p`
/// is the image of point `p`; items are points `0..items`, options `items..`), and the order.
pub(super) struct Found {
    pub(super) generators: Vec<Vec<u32>>,
    pub(super) order: BigUint,
}

thread_local! {
    /// The generators and indices collected by nauty's callbacks during one call of
    /// [`automorphisms`] on this thread (nauty is built with thread-local state).
    static COLLECTED: RefCell<(usize, Vec<Vec<u32>>, BigUint)> =
        RefCell::new((0, Vec::new(), BigUint::from(1u32)));
}

/// nauty's `userautomproc`: one generator, a permutation of all `n` vertices.
extern "C" fn on_automorphism(
    _count: c_int,
    perm: *mut c_int,
    _orbits: *mut c_int,
    _numorbits: c_int,
    _stabvertex: c_int,
    n: c_int,
) {
    COLLECTED.with(|c| {
        let mut c = c.borrow_mut();
        let points = c.0;
        // SAFETY: nauty passes `perm` pointing at its `n` entries, valid during the call,
        // and `points` (items plus options) is at most `n`, as `automorphisms` built it.
        let perm = unsafe { std::slice::from_raw_parts(perm, n as usize) };
        c.1.push(perm[..points].iter().map(|&p| p as u32).collect());
    });
}

/// nauty's `userlevelproc`: the index of one level of the stabilizer chain.
#[allow(clippy::too_many_arguments)]
extern "C" fn on_level(
    _lab: *mut c_int,
    _ptn: *mut c_int,
    _level: c_int,
    _orbits: *mut c_int,
    _stats: *mut statsblk,
    _tv: c_int,
    index: c_int,
    _tcellsize: c_int,
    _numcells: c_int,
    _childcount: c_int,
    _n: c_int,
) {
    COLLECTED.with(|c| c.borrow_mut().2 *= index.max(1) as u32);
}

/// The key that sorts a vertex into its cell of the coloring: kind, then what the kind keeps.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Primary(u32, u32),
    Secondary,
    Option(u64),
    Use(u32),
}

/// The automorphisms of `problem`, or `None` when its graph passes [`MAX_GRAPH`].
pub(super) fn automorphisms(problem: &Problem) -> Option<Found> {
    let items = problem.item_count();
    let options = problem.option_count();
    let points = items + options;
    let mut keys: Vec<Key> = (0..items)
        .map(|i| {
            if problem.is_primary(i) {
                let (u, v) = problem.bounds(i).unwrap_or((1, 1));
                Key::Primary(u, v)
            } else {
                Key::Secondary
            }
        })
        .chain((0..options).map(|k| Key::Option(problem.option_cost(k))))
        .collect();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for k in 0..options {
        let o = (items + k) as u32;
        for (i, color) in problem.option(k).zip(problem.option_colors(k)) {
            match color {
                None => edges.push((o, i as u32)),
                Some(c) => {
                    let u = keys.len() as u32;
                    keys.push(Key::Use(c));
                    edges.push((o, u));
                    edges.push((u, i as u32));
                }
            }
        }
        if keys.len() + 2 * edges.len() > MAX_GRAPH {
            return None;
        }
    }
    let n = keys.len();
    let mut graph = SparseGraph::new(n, 2 * edges.len());
    for &(a, b) in &edges {
        graph.d[a as usize] += 1;
        graph.d[b as usize] += 1;
    }
    let mut next = vec![0usize; n];
    let mut at = 0;
    for (v, start) in next.iter_mut().enumerate() {
        graph.v[v] = at;
        *start = at;
        at += graph.d[v] as usize;
    }
    for &(a, b) in &edges {
        graph.e[next[a as usize]] = b as c_int;
        next[a as usize] += 1;
        graph.e[next[b as usize]] = a as c_int;
        next[b as usize] += 1;
    }
    let mut lab: Vec<c_int> = (0..n as c_int).collect();
    lab.sort_by_key(|&v| keys[v as usize]);
    let mut ptn: Vec<c_int> = vec![1; n];
    for w in 0..n {
        if w + 1 == n || keys[lab[w] as usize] != keys[lab[w + 1] as usize] {
            ptn[w] = 0;
        }
    }
    let mut orbits: Vec<c_int> = vec![0; n];
    let mut options_block = optionblk {
        defaultptn: FALSE,
        userautomproc: Some(on_automorphism),
        userlevelproc: Some(on_level),
        ..optionblk::default_sparse()
    };
    let mut stats = statsblk::default();
    COLLECTED.with(|c| *c.borrow_mut() = (points, Vec::new(), BigUint::from(1u32)));
    let mut sg = sparsegraph::from(&mut graph);
    if n > 0 {
        // SAFETY: `sg` borrows `graph`'s three arrays, which outlive the call and hold a
        // valid undirected sparse graph on `n` vertices (every edge stored both ways);
        // `lab`, `ptn` and `orbits` have `n` entries each, `lab` a permutation and `ptn`
        // ending its last cell with 0, as nauty requires; the callbacks only read what
        // nauty passes them. nauty is built thread-safe (its `tls` feature).
        unsafe {
            sparsenauty(
                &mut sg,
                lab.as_mut_ptr(),
                ptn.as_mut_ptr(),
                orbits.as_mut_ptr(),
                &mut options_block,
                &mut stats,
                std::ptr::null_mut(),
            );
        }
    }
    let (_, generators, order) =
        COLLECTED.with(|c| c.replace((0, Vec::new(), BigUint::from(1u32))));
    Some(Found { generators, order })
}
