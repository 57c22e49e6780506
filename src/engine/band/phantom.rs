//! The digits of a matrix that has its givens taken out ([`givens`]): once its cells have
//! places and its units houses ([`super::houses`]), what is left to find is which digit
//! each *layer* is (the units joined through options: a digit, or a part of one whose
//! options fall apart) and which digit each place without a cell held. Any choice that
//! covers each (house, digit) exactly once, by a layer's item or by a place's digit, will
//! do: placed on a grid, those places leave the matrix's own problem (its options, under
//! its items), so every such choice gives the same solutions. They are *phantom givens*:
//! the grid's root holds them, no option stands for them, and a solution never names them.
//!
//! # The search
//! That is a small exact cover: a *slot* (a layer, or a place without a cell) takes one
//! digit and covers its houses for that digit (a layer its units' houses, a place its row,
//! column and box), each (house, digit) once. The houses of the slots must number 243, the
//! items of the whole matrix; then the slots filled without covering a (house, digit)
//! twice cover every one. A depth-first search on an explicit stack fills, at each step, a
//! slot with the fewest digits left, the layers first (largest first) among equals; the
//! digits not yet used are alike, so only the first of them is tried. Most exports take no
//! backtracking: each layer meets one already placed, and each place then has its given's
//! digit alone. It gives up after [`NODES`] steps, as where no choice covers the items (a
//! matrix missing a house's item that no given explains, which is not a puzzle's export):
//! the engine then keeps the layout's frames, which need no givens.

/// The most placements tried before giving up.
const NODES: u32 = 4096;

/// The 27 houses of a digit, as bits: row `r` is bit `r`, column `c` bit `9 + c`, box `b`
/// bit `18 + b`.
const ALL: u32 = (1 << 27) - 1;

/// The houses of place `p`, as bits.
fn houses(p: usize) -> u32 {
    let (r, c) = (p / 9, p % 9);
    1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3)
}

/// The digits of a matrix's layers and its phantom givens (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Phantoms {
    /// For each layer, its digit.
    pub(crate) digit: Vec<u8>,
    /// The phantom givens, as (place, digit).
    pub(crate) givens: Vec<(u8, u8)>,
}

/// A slot filled: the slot, its digits left to try (the lowest the one taken), and the
/// houses each digit lacked and the number of digits used before it.
struct Step {
    slot: u8,
    digits: u16,
    before: ([u32; 9], u8),
}

/// The digits of the layers whose houses are `layers` (bits), and of the places not in
/// `open` (bits), that cover each (house, digit) once (see the module docs); `None` if none
/// is found.
pub(crate) fn givens(open: u128, layers: &[u32]) -> Option<Phantoms> {
    // The slots: the layers, largest first, then the places without a cell; each with its
    // houses.
    let mut order: Vec<usize> = (0..layers.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(layers[k].count_ones()));
    let places: Vec<u8> = (0..81u8).filter(|&p| open >> p & 1 == 0).collect();
    let mut slot_houses: Vec<u32> = order.iter().map(|&k| layers[k]).collect();
    slot_houses.extend(places.iter().map(|&p| houses(usize::from(p))));
    let slots = slot_houses.len();
    if slots > 128 || slot_houses.iter().map(|h| h.count_ones()).sum::<u32>() != 243 {
        return None;
    }
    // The houses each digit lacks, and the digits used so far (0 to `used - 1`: the others,
    // alike, are tried only as the first of them).
    let mut need = [ALL; 9];
    let mut used = 0u8;
    let mut filled = 0u128;
    let mut stack: Vec<Step> = Vec::with_capacity(slots);
    let mut nodes = 0;
    loop {
        // The slot with the fewest digits left, the first among equals.
        let mut best: Option<(u8, u16)> = None;
        for (k, &h) in slot_houses.iter().enumerate() {
            if filled >> k & 1 != 0 {
                continue;
            }
            let mut digits =
                (0..usize::from(used)).fold(0u16, |m, d| m | u16::from(need[d] & h == h) << d);
            if used < 9 {
                digits |= 1 << used;
            }
            if best.is_none_or(|(_, b)| digits.count_ones() < b.count_ones()) {
                best = Some((k as u8, digits));
                if digits & digits.wrapping_sub(1) == 0 {
                    break;
                }
            }
        }
        let Some((slot, digits)) = best else {
            let mut digit = vec![0u8; layers.len()];
            let mut givens = Vec::with_capacity(places.len());
            for s in &stack {
                let d = s.digits.trailing_zeros() as u8;
                match order.get(usize::from(s.slot)) {
                    Some(&k) => digit[k] = d,
                    None => givens.push((places[usize::from(s.slot) - order.len()], d)),
                }
            }
            return Some(Phantoms { digit, givens });
        };
        if digits != 0 {
            stack.push(Step {
                slot,
                digits,
                before: (need, used),
            });
        } else {
            // Back up to the last slot with another digit to try.
            loop {
                let top = stack.last_mut()?;
                (need, used) = top.before;
                filled &= !(1 << top.slot);
                top.digits &= top.digits - 1;
                if top.digits != 0 {
                    break;
                }
                stack.pop();
            }
        }
        nodes += 1;
        if nodes > NODES {
            return None;
        }
        let top = stack.last().expect("a slot is being filled");
        let d = top.digits.trailing_zeros() as u8;
        need[usize::from(d)] &= !slot_houses[usize::from(top.slot)];
        used = used.max(d + 1);
        filled |= 1 << top.slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The places with a cell (bits) and the houses of each digit that has some (bits) once
    /// `grid`'s givens (a line, `.` for none) are taken out.
    fn present(grid: &str) -> (u128, Vec<u32>) {
        let mut open = 0u128;
        let mut present = [ALL; 9];
        for (p, ch) in grid.bytes().enumerate() {
            match ch {
                b'.' => open |= 1 << p,
                _ => present[usize::from(ch - b'1')] &= !houses(p),
            }
        }
        (open, present.into_iter().filter(|&h| h != 0).collect())
    }

    /// Whether `found` covers each (house, digit) exactly once with `layers` and the places
    /// not in `open`.
    fn covers(open: u128, layers: &[u32], found: &Phantoms) -> bool {
        let mut covered = [0u32; 9];
        let mut places = 0u128;
        let mut cover = |d: u8, h: u32| {
            let c = &mut covered[usize::from(d)];
            let twice = *c & h != 0;
            *c |= h;
            !twice
        };
        for (k, &h) in layers.iter().enumerate() {
            if !cover(found.digit[k], h) {
                return false;
            }
        }
        for &(p, d) in &found.givens {
            if places >> p & 1 != 0 || !cover(d, houses(usize::from(p))) {
                return false;
            }
            places |= 1 << p;
        }
        places == !open & ((1 << 81) - 1) && covered == [ALL; 9]
    }

    #[test]
    fn the_digits_of_a_puzzle_are_found_from_what_its_givens_cover() {
        for grid in [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            ".........................3......3.2...1.4......5....6..3......4.7..8...962...7...",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            ".................................................................................",
        ] {
            let (open, layers) = present(grid);
            let found = givens(open, &layers).expect("found");
            assert!(covers(open, &layers, &found), "{grid}");
        }
        // A digit in two layers: digit 1 of the first grid, its row-1 item apart from the
        // rest (as if its options fell apart), is found as two layers of one digit or as
        // layers of two, with the givens to match.
        let grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let (open, mut layers) = present(grid);
        let ones = layers[0];
        let first = ones & ones.wrapping_neg();
        layers[0] &= !first;
        layers.push(first);
        let found = givens(open, &layers).expect("found");
        assert!(covers(open, &layers, &found));
    }

    #[test]
    fn missing_items_that_no_givens_cover_are_refused() {
        let grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let (open, layers) = present(grid);
        // Digit 1's item of row 9 taken out too: 242 (house, digit) items.
        assert_eq!(layers[0] >> 8 & 1, 1);
        let mut more = layers.clone();
        more[0] &= !(1 << 8);
        assert_eq!(givens(open, &more), None);
        // r9c1 taken out with digit 1's item of row 9, digit 2's of column 1 and digit 3's
        // of box 7: the count fits, but no digit at r9c1 covers the three.
        let mut more = layers.clone();
        more[0] &= !(1 << 8);
        more[1] &= !(1 << 9);
        more[2] &= !(1 << 24);
        assert_eq!(givens(open & !(1 << 72), &more), None);
        // With the three one digit's (1: none of its givens in row 9, column 1 or box 7),
        // r9c1 takes that digit.
        let mut more = layers.clone();
        more[0] &= !houses(72);
        let found = givens(open & !(1 << 72), &more).expect("found");
        assert!(covers(open & !(1 << 72), &more, &found));
        assert!(found.givens.contains(&(72, found.digit[0])));
    }
}
