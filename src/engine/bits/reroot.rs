//! Moving the root: the state of a reset followed by forcing some options and excluding
//! others, reached from the root the engine holds by changing only what differs.
//!
//! The Sudoku generator checks puzzle after puzzle whose givens differ by one or two: forcing
//! all of them again from a reset (some 650 options removed for a 9x9 grid, each lowering the
//! counts of its four items) took a quarter of its instructions. Here the root's active
//! options are computed as a bitset, `root - (union of the forced options' conflicts) -
//! excluded` (a few dozen words), and only the options whose state differs from the root
//! held raise or lower the counts of their primary items; the items of the options forced
//! before and not now are uncovered first, those of the options forced now and not before
//! covered last. The statistics are those of the forcing from a reset, computed from the
//! same sets: `w(f) + 1` for each forced option, the sum of `w` over the options their
//! conflicts remove, and `w(x) + 1` for each option excluded while still active (see the
//! module docs of [`super`] on `updates`).
//!
//! Only for a problem without colors whose table keeps the conflicts (Sudoku's does), and
//! only when few forced options differ ([`MOST_CHANGES`]); otherwise, or when the slow way
//! would fail, the caller takes the slow way, which gives the errors. Measured on
//! `dancing sudoku generate` in `docs/performance.md`. (Keeping, for each option, how many
//! forced options conflict with it, so as to visit only the rows of the options that differ
//! instead of forming the union, was measured too: no fewer instructions on 9x9.)

use super::cover::others;
use super::table::{Table, has};
use super::{Bits, State};

/// The most forced options that may differ (released or added) for the root to be moved;
/// past this, forcing them all from a reset is about as quick.
const MOST_CHANGES: usize = 8;

impl Bits {
    /// Puts the engine in the state, statistics included, of [`crate::engine::Search::reset`]
    /// followed by `force_all(forced)` and `exclude` of each of `excluded` (options of the
    /// problem), from the root it holds (before or after a search), changing only what
    /// differs. `None` when it cannot (see the module docs), leaving a state that only a
    /// reset clears.
    pub(crate) fn reroot(&mut self, forced: &[usize], excluded: &[usize]) -> Option<()> {
        let table = &*self.table;
        if self.colors.is_some() || table.kept_conflicts(0).is_none() {
            return None;
        }
        let words = table.words;
        let started = self.search_started();
        // Four bitsets: the options forced now, those forced before, the union of the
        // conflicts of those forced now, the options excluded now.
        self.sets.clear();
        self.sets.resize(4 * words, 0);
        let (now, rest) = self.sets.split_at_mut(words);
        let (before, rest) = rest.split_at_mut(words);
        let (union, gone) = rest.split_at_mut(words);
        for &o in &self.forced {
            set(before, o);
        }
        // From here on `forced` lists the options forced now (and on `None`, a reset follows).
        self.forced.clear();
        for &option in forced {
            let o = table.option_of(option)?;
            set(now, o);
            self.forced.push(o);
        }
        let changes: u32 = (now.iter().zip(before.iter()))
            .map(|(&a, &b)| (a ^ b).count_ones())
            .sum();
        if changes as usize > MOST_CHANGES {
            return None;
        }
        if started {
            if !self.root_saved {
                return None;
            }
            self.frames.restore_root();
        }
        // The union of the conflicts of the options forced now, in order: an option in the
        // union of those before it conflicts with one of them (the slow way says which).
        for &o in &self.forced {
            if has(union, o) {
                return None;
            }
            for (u, &c) in union.iter_mut().zip(table.kept_conflicts(o)?) {
                *u |= c;
            }
        }
        // (The buffer of the exclusions before, which the state computed here replaces.)
        let mut live_excluded = std::mem::take(&mut self.excluded);
        live_excluded.clear();
        for &option in excluded {
            let x = table.option_of(option)?;
            if has(now, x) {
                return None;
            }
            if !has(union, x) && !has(gone, x) {
                live_excluded.push(x);
            }
            set(gone, x);
        }
        let (active, counts) = self.frames.frame_mut(0);
        // Uncover the items of the options forced before and not now.
        for w in 0..words {
            for f in ones(w, before[w] & !now[w]) {
                for &i in table.primary_items(f) {
                    counts[usize::from(i)] = table.keys.key(0, usize::from(i));
                }
            }
        }
        let step = table.keys.step();
        let mut removed_weight = 0;
        for w in 0..words {
            let target = table.root_active[w] & !union[w] & !gone[w];
            let (on, off) = (target & !active[w], active[w] & !target);
            active[w] = target;
            for (bits, delta) in [(on, step), (off, -step)] {
                for r in ones(w, bits) {
                    for &i in table.primary_items(r) {
                        counts[usize::from(i)] += delta;
                    }
                }
            }
            removed_weight += weight(table, w, table.root_active[w] & union[w]);
        }
        // Cover the items of the options forced now and not before.
        for w in 0..words {
            for o in ones(w, now[w] & !before[w]) {
                for &i in table.primary_items(o) {
                    counts[usize::from(i)] = table.keys.covered(usize::from(i));
                }
            }
        }
        let forced_updates: u64 = self.forced.iter().map(|&f| others(table, f) + 1).sum();
        let excluded_updates: u64 = live_excluded.iter().map(|&x| others(table, x) + 1).sum();
        self.excluded = live_excluded;
        self.levels.clear();
        self.cursor.top = 0;
        self.cursor.floor = 0;
        self.cursor.state = State::Forward;
        self.cursor.updates = forced_updates + removed_weight + excluded_updates;
        self.cursor.cleansings = 0;
        self.counters.restart();
        self.root_saved = false;
        Some(())
    }
}

/// Sets bit `k` of `bits`.
fn set(bits: &mut [u64], k: u32) {
    bits[k as usize / 64] |= 1 << (k % 64);
}

/// The options of the bits of `bits`, word `w` of a bitset over the options, in order.
fn ones(w: usize, mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let k = (w * 64) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            k
        })
    })
}

/// The sum of `w` over the options `bits` of word `w`.
fn weight(table: &Table, w: usize, bits: u64) -> u64 {
    match table.uniform {
        Some((_, weight)) => weight * u64::from(bits.count_ones()),
        None => ones(w, bits).map(|r| others(table, r)).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Search;
    use crate::problem::Problem;
    use crate::rng::Rng;
    use crate::search::Step;
    use crate::sudoku::{grid::Shape, rules::Rules, solve::matrix};

    /// The state of a reset followed by forcing `forced` and excluding `excluded`, or `None`
    /// if a call fails.
    fn fresh(problem: &Problem, forced: &[usize], excluded: &[usize]) -> Option<Bits> {
        let mut bits = Bits::new(problem);
        bits.force_all(forced).ok()?;
        for &x in excluded {
            bits.exclude(x).ok()?;
        }
        Some(bits)
    }

    /// Up to `steps` steps of the search, with the solution and statistics after each.
    fn run(bits: &mut Bits, steps: usize) -> Vec<(Step, Vec<usize>, crate::search::Stats)> {
        let mut out = Vec::new();
        let mut solution = Vec::new();
        for _ in 0..steps {
            let step = bits.search(usize::MAX).expect("no cut");
            bits.solution(&mut solution);
            out.push((step, solution.clone(), bits.stats()));
            if step == Step::Exhausted {
                break;
            }
        }
        out
    }

    /// Moves the root of one engine through a random walk of forced and excluded options
    /// (a solution's options, released and added a few at a time, and now and then an option
    /// that conflicts), searching a little in between: wherever `reroot` moves it, it holds
    /// the state and statistics of a fresh engine that forced and excluded the same, and
    /// searches on alike; it moves it most of the time.
    fn walk(problem: &Problem, seed: u64) {
        let mut rng = Rng::new(seed);
        let solution = {
            let mut links: crate::engine::dlx::Dlx = Search::new(problem);
            assert_eq!(links.search(usize::MAX), Some(Step::Solution));
            let mut s = Vec::new();
            links.solution(&mut s);
            s
        };
        let mut bits = Bits::new(problem);
        let mut forced: Vec<usize> = Vec::new();
        let (mut moved, mut rounds) = (0, 0);
        for _ in 0..300 {
            // Release one or two, add one or two; sometimes an option that may conflict.
            for _ in 0..rng.below(3) {
                if !forced.is_empty() {
                    forced.remove(rng.below(forced.len()));
                }
            }
            for _ in 0..rng.below(3) {
                let k = if rng.below(10) == 0 {
                    rng.below(problem.option_count())
                } else {
                    solution[rng.below(solution.len())]
                };
                if !forced.contains(&k) {
                    forced.push(k);
                }
            }
            let excluded: Vec<usize> = (0..rng.below(3))
                .map(|_| rng.below(problem.option_count()))
                .collect();
            let expected = fresh(problem, &forced, &excluded);
            rounds += 1;
            if bits.reroot(&forced, &excluded).is_some() {
                moved += 1;
                let mut expected = expected.expect("reroot moves only where the slow way works");
                assert!(
                    bits.same_state(&expected),
                    "seed {seed}, {forced:?} {excluded:?}"
                );
                assert_eq!(bits.stats(), expected.stats());
                bits.check().unwrap();
                let steps = rng.below(40);
                assert_eq!(run(&mut bits, steps), run(&mut expected, steps));
            } else {
                bits.reset();
                match expected {
                    Some(expected) => {
                        bits.force_all(&forced).unwrap();
                        for &x in &excluded {
                            bits.exclude(x).unwrap();
                        }
                        assert!(bits.same_state(&expected));
                        run(&mut bits, rng.below(40));
                    }
                    None => forced.clear(),
                }
            }
        }
        assert!(moved * 2 > rounds, "moved {moved} of {rounds}");
    }

    #[test]
    fn a_moved_root_is_the_root_of_a_fresh_engine_on_sudoku() {
        let problem = matrix(&Rules::classic(Shape::CLASSIC));
        for seed in 0..4 {
            walk(&problem, seed);
        }
    }

    #[test]
    fn a_moved_root_is_the_root_of_a_fresh_engine_on_queens() {
        // Secondary items, and options of two to four items (not uniform).
        let problem = crate::problems::queens(8);
        for seed in 0..4 {
            walk(&problem, seed);
        }
    }
}
