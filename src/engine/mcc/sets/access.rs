//! Unchecked access to the arrays of [`Sets`], for the steps' inner loops (measured: the
//! bounds checks were 21% of the instructions on redrect-4-4, fat LTO, 236.2M -> 187.2M).
//!
//! Every index these accessors take is one the invariants of [`super`] guarantee: a node's
//! `item` is an item and its `loc` a slot of `set`; `set` holds node indices; the
//! `start` offsets of [`Sets::new`] bound the node indices of each option; `list` and `pos`
//! hold items and positions; none of these ever changes but by permutation within its own
//! range. [`Sets::check`] tests them, and each accessor asserts its bound in debug builds
//! (the unit tests run in debug mode too).

use super::{Item, Node, Sets};

impl Sets {
    /// Node `x`, unchecked (see the module docs).
    #[inline(always)]
    pub(super) fn node(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a node index (see the module docs).
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    /// Node `x`, mutable, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    /// Item `i`'s state, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn item(&self, i: u32) -> &Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item (a node's `item`, or an entry of `list`).
        unsafe { self.items.get_unchecked(i as usize) }
    }

    /// Item `i`'s state, mutable, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn item_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as in `item`.
        unsafe { self.items.get_unchecked_mut(i as usize) }
    }

    /// The node in slot `s` of `set`, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn slot(&self, s: u32) -> u32 {
        debug_assert!((s as usize) < self.set.len());
        // SAFETY: `s` is a node's `loc` or lies in an item's slice.
        unsafe { *self.set.get_unchecked(s as usize) }
    }

    /// Slot `s` of `set`, mutable, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn slot_mut(&mut self, s: u32) -> &mut u32 {
        debug_assert!((s as usize) < self.set.len());
        // SAFETY: as in `slot`.
        unsafe { self.set.get_unchecked_mut(s as usize) }
    }

    /// The item at position `p` of `list`, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn list_at(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.list.len());
        // SAFETY: `p` is an item's `pos` or below an active count.
        unsafe { *self.list.get_unchecked(p as usize) }
    }

    /// Position `p` of `list`, mutable, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn list_mut(&mut self, p: u32) -> &mut u32 {
        debug_assert!((p as usize) < self.list.len());
        // SAFETY: as in `list_at`.
        unsafe { self.list.get_unchecked_mut(p as usize) }
    }

    /// Item `i`'s position in `list`, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn pos_at(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.pos.len());
        // SAFETY: `i` is an item.
        unsafe { *self.pos.get_unchecked(i as usize) }
    }

    /// Item `i`'s position in `list`, mutable, unchecked as [`Sets::node`].
    #[inline(always)]
    pub(super) fn pos_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.pos.len());
        // SAFETY: as in `pos_at`.
        unsafe { self.pos.get_unchecked_mut(i as usize) }
    }
}
