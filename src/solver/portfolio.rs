//! The slices of [`Engine::Auto`](super::Engine::Auto)'s portfolio of the links and the
//! learning engine on a nearly full problem ([`Slices`]), measured in a unit that both
//! engines' time follows, Knuth's *mems* (memory references): the learning engine counts
//! its own (`Learn::mems`), the links' are their updates and nodes weighted
//! ([`AUTO_LINKS_UPDATE_MEMS`], [`AUTO_LINKS_NODE_MEMS`]). Counted, never timed, so the
//! turns, and the first solution, do not depend on the machine's load. Why these numbers:
//! `docs/performance.md`, "`auto` on colors and empty grids".

use super::inner::Inner;
use crate::engine::Search;

/// The links' first slice of [`Engine::Auto`](super::Engine::Auto)'s portfolio past
/// [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS) (36x36 grids), in mems an open primary
/// item. A search as full as [`AUTO_FULL`](super::AUTO_FULL) (within
/// [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS), [`AUTO_NEAR`](super::AUTO_NEAR))
/// alternates between the links and the learning engine until one of them finds a
/// solution: the links run first, for this many mems an open primary item, then the
/// learning engine for as many mems, then each in turn for twice its last slice, each
/// resuming its own search where it paused. The engine that finds the first solution keeps
/// the search to its end: the other found none, so a count counts each solution once, on one
/// tree. On a 36x36 grid (5,184 open items when empty) the first slice is about 20 ms of
/// the links' time, which holds the grids they solve at once (16,000 to 48,000 nodes,
/// 450 to 1,500 mems an item), and a grid that either engine needs long for costs up to
/// about twice and a half the other's (measured: `docs/performance.md`).
pub const AUTO_TRY_MEMS: u64 = 2_000;

/// [`AUTO_TRY_MEMS`] within [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS) (12x12 to 25x25
/// grids), where the links solve nearly every grid as full as
/// [`AUTO_NEAR`](super::AUTO_NEAR) in fewer (the 25x25 grids measured but one: 60 to 230
/// mems an item).
pub const AUTO_TRY_MEMS_SMALL: u64 = 400;

/// Within [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS), the learning engine's slice of the
/// portfolio over the links' slice before it (past it, 1; see [`AUTO_TRY_MEMS`]): with a
/// fifth of the cells of a 25x25 grid given the links need 226,957 nodes (41.7 million
/// mems), the learning engine 677 (2.9 million), which its first slice holds.
pub const AUTO_LEARN_SHARE_SMALL: u64 = 4;

/// The links' mems for one update (an item unlinked, an option hidden) in
/// [`Engine::Auto`](super::Engine::Auto)'s portfolio, with [`AUTO_LINKS_NODE_MEMS`] for
/// one node (the scan of the items' lengths for the branch, the node's own bookkeeping):
/// fitted on the 36x36 grids (fat LTO: 4.0 ns an update, 224 ns a node, within 26% on
/// every grid) against the learning engine's 2.0 to 2.6 ns a mem where its search is
/// long, so that a mem of either engine takes about the same time.
pub const AUTO_LINKS_UPDATE_MEMS: u64 = 2;

/// The links' mems for one node: see [`AUTO_LINKS_UPDATE_MEMS`].
pub const AUTO_LINKS_NODE_MEMS: u64 = 100;

/// The share of a slice below which what is left of it is not run: a slice ends at the
/// first probe past `1 - 1/SLACK` of its mems.
const SLACK: u64 = 32;

/// The work of `nodes` nodes and `updates` updates of the links, in mems
/// ([`AUTO_LINKS_NODE_MEMS`], [`AUTO_LINKS_UPDATE_MEMS`]): the unit in which the portfolio
/// weighs the links against the learning engine, and a parallel count its replays against
/// its own search.
pub(crate) fn links_mems(nodes: u64, updates: u64) -> u64 {
    nodes
        .saturating_mul(AUTO_LINKS_NODE_MEMS)
        .saturating_add(updates.saturating_mul(AUTO_LINKS_UPDATE_MEMS))
}

/// The work of `engine` in mems, for the differences [`Slices`] takes within one slice (the
/// links' nodes are the counters', which count both engines' nodes: within a slice only
/// the links' change).
fn mems(engine: &mut Inner) -> u64 {
    match engine {
        Inner::Learn(learn) => learn.mems(),
        engine => {
            let stats = each!(engine, e => e.stats());
            links_mems(stats.nodes, stats.updates)
        }
    }
}

/// The turns of a search run as a portfolio (see [`AUTO_TRY_MEMS`]) that has found no
/// solution yet.
///
/// Invariant: while `links != 0`, the engine running has a probe set within its slice,
/// which ends when the engine's mems since `from` reach about `budget`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slices {
    /// The links' mems in their last slice (0: no portfolio).
    pub(super) links: u64,
    /// The learning engine's slice over the links' before it ([`AUTO_LEARN_SHARE_SMALL`],
    /// or 1).
    share: u64,
    /// The slice running: its mems, and the engine's mems and the nodes at its start.
    budget: u64,
    from: u64,
    nodes: u64,
}

impl Slices {
    /// The first slice, on the links (`engine`), of a portfolio on a problem of `items` open
    /// primary items, `small` if within [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS)
    /// ([`AUTO_TRY_MEMS_SMALL`]; else [`AUTO_TRY_MEMS`]).
    pub(super) fn first(engine: &mut Inner, items: u64, small: bool) -> Slices {
        let (try_mems, share) = if small {
            (AUTO_TRY_MEMS_SMALL, AUTO_LEARN_SHARE_SMALL)
        } else {
            (AUTO_TRY_MEMS, 1)
        };
        let links = try_mems.saturating_mul(items.max(1));
        let mut slices = Slices {
            links,
            share,
            ..Slices::default()
        };
        slices.start(engine, links);
        slices
    }

    /// The next slice, on `engine`, which the search has just moved to (the learning engine
    /// after the links, or the links for twice their last slice after it).
    pub(super) fn next(&mut self, engine: &mut Inner) {
        let budget = if matches!(engine, Inner::Learn(_)) {
            self.links.saturating_mul(self.share)
        } else {
            self.links = self.links.saturating_mul(2);
            self.links
        };
        self.start(engine, budget.max(1));
    }

    /// Starts a slice of `budget` mems on `engine`: the first probe after one node, to read
    /// its rate.
    fn start(&mut self, engine: &mut Inner, budget: u64) {
        self.budget = budget;
        self.from = mems(engine);
        let counters = each!(engine, e => e.counters_mut());
        self.nodes = counters.nodes;
        counters.set_probe(Some(self.nodes.saturating_add(1)));
    }

    /// At a probe of the slice running on `engine`: whether it is over; if not, sets the
    /// next probe at half the nodes its mems left would take at its rate so far, but no
    /// more than half the slice's nodes so far (a node's mems vary, and grow with the
    /// learning engine's nogoods: its first node after a pause may cost a thousandth of its
    /// later ones, and its nodes five times as much at the end of a slice as in its first
    /// half). So a slice takes a few probes more than the steps of one and a half times
    /// its nodes, and overruns its mems by at most what its last third of nodes cost over
    /// the rate before.
    pub(super) fn over(&mut self, engine: &mut Inner) -> bool {
        let spent = mems(engine) - self.from;
        let left = self.budget.saturating_sub(spent);
        if left <= self.budget / SLACK {
            return true;
        }
        let counters = each!(engine, e => e.counters_mut());
        let nodes = counters.nodes - self.nodes;
        let estimate = u128::from(left) * u128::from(nodes) / u128::from(spent.max(1));
        let next = u64::try_from(estimate / 2).map_or(nodes, |next| next.min(nodes / 2));
        counters.set_probe(Some(counters.nodes.saturating_add(next.max(1))));
        false
    }
}
