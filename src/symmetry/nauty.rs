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
//!
//! nauty's time grows as the cube of the number of interchangeable parts (n items each
//! covered by an option of its own, the group S_n: n = 1,000 1.6 s, 4,000 85 s, 10,000 past
//! 19 minutes), so a call can be stopped ([`automorphisms`]'s `stop`): a watchdog thread asks
//! `stop` every [`PAUSE_TIME`] (as often as a search paced by the clock pauses) and, when it
//! says so, sets nauty's `nauty_kill_request`, which nauty reads at each node of its search
//! tree and then returns with `NAUKILLED`. A kill waits for the node under way, whose
//! refinement is near-linear in the graph's size (milliseconds on the graphs measured). If
//! the watchdog's thread cannot be started, the call runs to its end, as one without `stop`.
//!
//! Invariant: that flag is process-global (nautil.c declares it without nauty's thread-local
//! attribute, on purpose) while the rest of nauty's state is per thread, so every call of
//! nauty holds [`NAUTY`] from the moment it clears the flag until it has cleared it again
//! after nauty returned: a kill meant for one call never reaches another thread's, and a
//! kill raised as nauty was returning never reaches the next call. The price is that nauty
//! runs on one thread at a time in the process.

use std::cell::RefCell;
use std::os::raw::c_int;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use nauty_Traces_sys::{
    FALSE, NAUKILLED, SparseGraph, optionblk, sparsegraph, sparsenauty, statsblk,
};
use num_bigint::BigUint;

use crate::problem::Problem;
use crate::solver::PAUSE_TIME;

/// The largest incidence graph (vertices plus edges) handed to nauty; past it
/// [`automorphisms`] gives up rather than have a huge problem wait on its group.
pub(super) const MAX_GRAPH: usize = 20_000_000;

/// What nauty found: generators, each a permutation of the items then the options (entry `p`
/// is the image of point `p`; items are points `0..items`, options `items..`), and the order.
pub(super) struct Found {
    pub(super) generators: Vec<Vec<u32>>,
    pub(super) order: BigUint,
}

/// Why [`automorphisms`] gave no group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refused {
    /// The graph passes [`MAX_GRAPH`].
    TooLarge,
    /// `stop` said to stop while nauty was searching, and nauty was killed.
    Stopped,
}

// nauty's kill switch (nautil.c, `volatile int nauty_kill_request`; nauty.h declares it
// `extern volatile`), which the binding does not declare. nauty only reads it; this module
// writes it, always holding [`NAUTY`].
unsafe extern "C" {
    static mut nauty_kill_request: c_int;
}

/// Held by every call of nauty, so that one kill request hits one call (see the module docs).
static NAUTY: Mutex<()> = Mutex::new(());

/// Sets nauty's kill request to `value`.
fn set_kill_request(value: c_int) {
    // SAFETY: the symbol is a C `int` defined by nautil.c, linked into this crate; written
    // through a raw pointer with a volatile store (as its `volatile` declaration asks), never
    // through a reference. nauty only reads it, from the thread it runs on, and a torn read
    // of an aligned int does not happen on the platforms nauty builds for.
    unsafe { std::ptr::write_volatile(&raw mut nauty_kill_request, value) }
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

/// The automorphisms of `problem`. With `stop`, a watchdog asks it every [`PAUSE_TIME`]
/// while nauty runs and kills nauty when it says so; without it, nothing stops nauty.
///
/// # Errors
/// [`Refused::TooLarge`] when the graph passes [`MAX_GRAPH`]; [`Refused::Stopped`] when
/// nauty was killed.
pub(super) fn automorphisms(
    problem: &Problem,
    stop: Option<&(dyn Fn() -> bool + Sync)>,
) -> Result<Found, Refused> {
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
            return Err(Refused::TooLarge);
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
        // The guarded value is nothing: a call that panicked while holding the lock left no
        // state behind but the kill request, which is cleared below before every call.
        let _serial = NAUTY
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        set_kill_request(0);
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let watchdog = stop.and_then(|stop| {
                let done = &done;
                let watch = move || {
                    while !done.load(Ordering::Acquire) {
                        if stop() {
                            set_kill_request(1);
                            return;
                        }
                        std::thread::park_timeout(PAUSE_TIME);
                    }
                };
                std::thread::Builder::new()
                    .name("nauty watchdog".into())
                    .spawn_scoped(scope, watch)
                    .ok()
            });
            // SAFETY: `sg` borrows `graph`'s three arrays, which outlive the call and hold a
            // valid undirected sparse graph on `n` vertices (every edge stored both ways);
            // `lab`, `ptn` and `orbits` have `n` entries each, `lab` a permutation and `ptn`
            // ending its last cell with 0, as nauty requires; the callbacks only read what
            // nauty passes them. nauty is built thread-safe (its `tls` feature), and
            // `_serial` keeps any other thread's nauty call out while this one runs.
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
            done.store(true, Ordering::Release);
            if let Some(watchdog) = watchdog {
                watchdog.thread().unpark();
            }
        });
        // The watchdog has ended (the scope joined it): a kill it raised as nauty returned
        // is cleared here, before another call can start.
        set_kill_request(0);
    }
    let (_, generators, order) =
        COLLECTED.with(|c| c.replace((0, Vec::new(), BigUint::from(1u32))));
    if stats.errstatus == NAUKILLED as c_int {
        return Err(Refused::Stopped);
    }
    Ok(Found { generators, order })
}
