//! The elements of a permutation group from its generators, listed by a breadth-first closure.

use rustc_hash::FxHashSet;

/// Every element of the group that `generators` (permutations of `0..points`) generate, the
/// identity first; `None` as soon as there are more than `cap`.
pub(super) fn closure(points: usize, generators: &[&[u32]], cap: usize) -> Option<Vec<Vec<u32>>> {
    let identity: Vec<u32> = (0..points as u32).collect();
    let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
    seen.insert(identity.clone());
    let mut all = vec![identity];
    let mut at = 0;
    while at < all.len() {
        for g in generators {
            // The element `all[at]` followed by `g`.
            let next: Vec<u32> = all[at].iter().map(|&p| g[p as usize]).collect();
            if seen.insert(next.clone()) {
                if all.len() == cap {
                    return None;
                }
                all.push(next);
            }
        }
        at += 1;
    }
    Some(all)
}
