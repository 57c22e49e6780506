//! The data of the lower bound shared by both min-cost searches: the *classes* of primary
//! items that never share an option, and the weights of the items of no class (see the
//! module docs of [`super::links`], "The search", for the bound they give).

/// The most classes of items that never share an option (see [`weights`]).
pub(crate) const CLASSES: usize = 7;

/// DLX5's `lenthresh`: at most this many options are counted in an item's list when the
/// item is chosen; past it, the item's length stands for the count.
pub(crate) const LEN_THRESHOLD: u32 = 10;

/// The dearest net cost under `limit` (at least 1), or `u64::MAX` when every option is
/// under it: an option of net cost `c` is under `limit` exactly when `c <= dearest_under(limit)`.
/// The sums of net costs are `u128`s (see [`super`]); this lets the loops over options compare
/// `u64`s (a `u128` there took up to 6% more instructions).
#[inline]
pub(crate) fn dearest_under(limit: u128) -> u64 {
    debug_assert!(limit >= 1);
    u64::try_from(limit - 1).unwrap_or(u64::MAX)
}

/// The lower bound of a node as its open items are read, each with the net cost of its
/// cheapest option (see the module docs of [`super::links`], "The search"): both searches
/// choose their item with it.
///
/// The weighted bound is exact (a `u128` holds any sum of fewer than 2^32 net costs below
/// 2^64 weighted by at most [`MAX_SCALE`]); the sums of the classes saturate at 2^64 - 1,
/// which leaves them lower bounds of the true sums: a class sum cuts only when it reaches
/// the limit, and a saturated one cuts only a limit below 2^64 - 1, which the true sum
/// passes too; the reductions they give are never more than the true ones.
pub(crate) struct Tally {
    /// The dearest net cost under `cutoff - curcost` ([`dearest_under`]): an option must
    /// cost at most this to lead anywhere.
    dearest: u64,
    /// `(cutoff - curcost - 1) * scale` (saturated): the node is a dead end when the
    /// weighted bound passes it.
    bound_limit: u128,
    /// The weighted sum of the cheapest costs of the items of no class.
    bound: u128,
    /// For each class, the sum (saturated) and the largest of its open items' cheapest
    /// costs.
    sums: [u64; CLASSES + 1],
    most: [u64; CLASSES + 1],
}

impl Tally {
    /// An empty tally for options under `limit` (at least 1), the bound scaled by `scale`.
    #[inline]
    pub(crate) fn new(limit: u128, scale: u64) -> Tally {
        Tally {
            dearest: dearest_under(limit),
            bound_limit: (limit - 1).saturating_mul(u128::from(scale)),
            bound: 0,
            sums: [0; CLASSES + 1],
            most: [0; CLASSES + 1],
        }
    }

    /// Adds an open item of `class` and `weight` whose cheapest option costs `mincost`;
    /// `false` when the node is now a dead end (its bound or its class's sum too large).
    #[inline]
    pub(crate) fn add(&mut self, mincost: u64, weight: u64, class: usize) -> bool {
        self.bound += u128::from(mincost) * u128::from(weight);
        self.sums[class] = self.sums[class].saturating_add(mincost);
        self.most[class] = self.most[class].max(mincost);
        self.bound <= self.bound_limit && (class == 0 || self.sums[class] <= self.dearest)
    }

    /// What every option leaves of every class, whatever its items: the reduction of an
    /// item of no class.
    #[inline]
    pub(crate) fn reduction(&self) -> u64 {
        (1..=CLASSES)
            .map(|c| self.sums[c] - self.most[c])
            .max()
            .unwrap_or(0)
    }

    /// The reduction of an item of `class` whose cheapest option costs `mincost`, given the
    /// node's [`Tally::reduction`].
    #[inline]
    pub(crate) fn reduce(&self, reduction: u64, class: usize, mincost: u64) -> u64 {
        if class == 0 {
            reduction
        } else {
            reduction.max(self.sums[class] - mincost)
        }
    }
}

/// The largest `scale` of the lower bound.
const MAX_SCALE: u64 = 1 << 20;

/// The classes, weights and scale of the lower bound, by header (index 0 unused):
/// `lists[h]` are the members (nodes or options) of primary header `h`, `primaries[j]` the
/// primary headers of option `j`, and `option(x)` the option of member `x`.
///
/// Returns the class of each header (0 for none), its weight (`scale / m_h` for an item of
/// no class, `m_h` being the most items of no class an option of `h` has; 0 for the
/// others), and `scale`, the least common multiple of the `m_h` or [`MAX_SCALE`] when
/// that is smaller.
pub(crate) fn weights(
    lists: &[Vec<u32>],
    primaries: &[Vec<u32>],
    option: impl Fn(u32) -> usize,
) -> (Vec<u8>, Vec<u64>, u64) {
    let class = classes(lists, primaries, option);
    let mut maxnp = vec![0u64; lists.len()];
    for option in primaries {
        let free = option.iter().filter(|&&h| class[h as usize] == 0).count() as u64;
        for &h in option.iter().filter(|&&h| class[h as usize] == 0) {
            maxnp[h as usize] = maxnp[h as usize].max(free);
        }
    }
    let mut scale = 1u64;
    for &m in &maxnp[1..] {
        if m > 0 && scale <= MAX_SCALE {
            scale = scale / gcd(scale, m) * m;
        }
    }
    let scale = scale.min(MAX_SCALE);
    let weight = maxnp
        .iter()
        .zip(&class)
        .map(|(&m, &c)| if c == 0 { scale / m.max(1) } else { 0 })
        .collect();
    (class, weight, scale)
}

/// Sorts the primary items into at most [`CLASSES`] classes of items that never share an
/// option, greedily in the order of the items (an item joins the first class none of whose
/// items shares an option with it): `lists[h]` are the nodes of header `h`, `primaries[j]`
/// the primary headers of option `j`, and `option(x)` the option of node `x`. Returns the
/// class of each header, 0 for none.
fn classes(lists: &[Vec<u32>], primaries: &[Vec<u32>], option: impl Fn(u32) -> usize) -> Vec<u8> {
    let mut class = vec![0u8; lists.len()];
    for c in 1..=CLASSES as u8 {
        let mut blocked = vec![false; lists.len()];
        let mut members = 0;
        for h in 1..lists.len() {
            if class[h] != 0 || blocked[h] || lists[h].is_empty() {
                continue;
            }
            class[h] = c;
            members += 1;
            for &x in &lists[h] {
                for &g in &primaries[option(x)] {
                    blocked[g as usize] = true;
                }
            }
        }
        if members == 0 {
            break;
        }
    }
    class
}

/// The greatest common divisor (of positive numbers).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
