//! DLX3's tweaks (Algorithm M): taking the topmost node of an item's list out of the list,
//! option by option, and putting every node tweaked at one level back at once.

use super::{ColorLinks, at_mut, header, hide, node, node_mut, relink, unhide, unlink};

impl ColorLinks {
    /// Tweaks node `x`, the topmost of its item's list (Algorithm M): hides its option if
    /// `block` (the item is not covered, so the option is still visible elsewhere), then
    /// removes `x` from its list.
    #[inline]
    pub(crate) fn tweak(&mut self, x: u32, block: bool) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let mut updates = 1;
        if block {
            updates += hide(nodes, len, x);
        }
        unlink(nodes, len, node(nodes, x));
        self.updates += updates;
    }

    /// Undoes [`ColorLinks::tweak`] of `x` with `block`, the latest step in force: puts `x`
    /// back into its list, then unhides its option.
    pub(crate) fn untweak_one(&mut self, x: u32) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        relink(nodes, len, x);
        unhide(nodes, len, x);
    }

    /// Undoes every tweak of item `i` since its topmost node was `first`: puts the tweaked
    /// nodes back at the top of the list (they still point down to one another), unhides
    /// their options if `unblock`, and else unhides every option of the list, which the
    /// cover before the tweaks had hidden (DLX3's `untweak`).
    #[inline]
    pub(crate) fn untweak(&mut self, i: u32, first: u32, unblock: bool) {
        let head = header(i);
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let top = node(nodes, head).down;
        node_mut(nodes, head).down = first;
        let (mut rr, mut above, mut k) = (first, head, 0);
        while rr != top {
            node_mut(nodes, rr).up = above;
            k += 1;
            if unblock {
                unhide(nodes, len, rr);
            }
            above = rr;
            rr = node(nodes, rr).down;
        }
        node_mut(nodes, rr).up = above;
        *at_mut(len, i) += k;
        if !unblock {
            self.unhide_all(i);
        }
    }
}
