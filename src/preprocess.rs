//! Preprocessing, as Knuth's DLX-PRE does it: a [`Problem`] reduced to an equivalent one with
//! fewer options and items, and the map from the reduced problem's options back to the
//! original's.
//!
//! The reductions, applied round after round until a round changes nothing:
//! - an option with no primary item is dropped (no search chooses it);
//! - an option is *blocked*, and dropped, when choosing it would leave some other primary item
//!   with no compatible option. Two options are compatible when they share no primary item and
//!   agree on the color of every secondary item they share (an item without a color agrees
//!   with nothing). This covers Knuth's rule "every option of primary item `i` contains item
//!   `j`, so an option of `j` without `i` goes": such an option conflicts with all of `i`'s;
//! - an item `j` is dropped from every option when its options are those of a primary item
//!   `i` (a primary `j`: the same options; a secondary `j`: a subset of them), since a
//!   solution chooses exactly one of `i`'s options and so covers `j` exactly once (primary)
//!   or at most once (secondary, whatever its colors);
//! - a secondary item with no option left is dropped.
//!
//! Each step keeps the set of solutions (as sets of original options), so the reduced
//! problem has exactly the original's solutions, mapped by [`Reduced::options`]. A primary
//! item left with no option proves the problem unsolvable ([`PreprocessError::Unsolvable`]).
//! Multiplicities (bounds other than `1:1`) are refused: these rules assume each primary item
//! is covered once.
//!
//! # Copies of one option
//! Options with the same items and colors (in any order) are distinct options, each in its
//! own solutions, but every rule treats them alike: a copy is blocked exactly when the
//! others are (a copy conflicts with every other, but only on its own items, which the rule
//! does not look at), and an item's options contain an item exactly when one copy does. So
//! the rules run on one option of each *class* of copies, which stands for all of them and
//! weighs as many in the live counts of its items; the reduced problem keeps every copy of
//! a class that stays. Without the classes, the test of each option walked the lists of its
//! items, every copy of it included: 100,000 copies of `a b` took 10^10 steps.
//!
//! # Stopping
//! [`preprocess_until`] asks a stop test (a deadline, a Ctrl-C flag) every
//! [`STOP_EVERY`] steps of its rules, a step being an entry of an item's list looked at.

use std::time::{Duration, Instant};

use crate::names::Names;
use crate::{Problem, ProblemBuilder};

/// What [`preprocess`] removed, and at what cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreprocessStats {
    /// Options of the original problem that the reduced one lacks.
    pub removed_options: usize,
    /// Items of the original problem that the reduced one lacks.
    pub removed_items: usize,
    /// Rounds run, the last of which changed nothing (or found the problem unsolvable).
    pub rounds: usize,
    /// The time it took.
    pub elapsed: Duration,
}

/// A problem reduced by [`preprocess`].
#[derive(Debug, Clone)]
pub struct Reduced {
    /// The reduced problem: the kept items in their original order (primary, then
    /// secondary) and the kept options in their original order, colors unchanged; with the
    /// names of its items and colors when the original had names.
    pub problem: Problem,
    /// For each option of the reduced problem, the index of the original option it is.
    /// Invariant: increasing, so the reduced problem's options keep their original order.
    pub options: Vec<usize>,
    /// For each item of the reduced problem, the index of the original item it is.
    /// Invariant: increasing, so primary items stay before secondary ones.
    pub items: Vec<usize>,
    /// What was removed.
    pub stats: PreprocessStats,
}

impl Reduced {
    /// A solution of the reduced problem (indices of its options) as the original options.
    pub fn original(&self, solution: &[usize]) -> Vec<usize> {
        solution.iter().map(|&k| self.options[k]).collect()
    }
}

/// Why [`preprocess`] gave no reduced problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PreprocessError {
    /// The problem has bounds other than `1:1`, which these rules do not handle.
    #[error(
        "the problem has multiplicities (bounds other than 1:1): preprocessing handles only \
         items covered exactly once"
    )]
    Multiplicities,
    /// A primary item was left with no option: the problem has no solution.
    #[error("the problem has no solution: primary item {item} has no option left")]
    Unsolvable {
        /// The item (an index of the original problem).
        item: usize,
        /// What was removed until then.
        stats: PreprocessStats,
    },
    /// The stop test of [`preprocess_until`] said yes before the rules were done.
    #[error("preprocessing was stopped before it was done")]
    Stopped {
        /// What was removed until then.
        stats: PreprocessStats,
    },
}

/// How many steps (entries of an item's list looked at) go by between two calls of the stop
/// test of [`preprocess_until`]: some 0.1 ms.
pub const STOP_EVERY: u64 = 1 << 16;

/// The stop test of a run, asked every [`STOP_EVERY`] steps.
struct Watch<'s> {
    stop: &'s mut dyn FnMut() -> bool,
    steps: u64,
    next: u64,
}

/// The stop test said yes.
struct Halted;

impl Watch<'_> {
    /// Counts `steps` more; asks the stop test when [`STOP_EVERY`] have gone by since it
    /// was last asked.
    fn tick(&mut self, steps: usize) -> Result<(), Halted> {
        self.steps += steps as u64;
        if self.steps >= self.next {
            self.next = self.steps + STOP_EVERY;
            if (self.stop)() {
                return Err(Halted);
            }
        }
        Ok(())
    }
}

/// The working state: which options and items are still alive, and each option's items.
/// The rules look only at the first option of each class of copies (see the module docs),
/// its *representative*.
struct State<'a> {
    problem: &'a Problem,
    /// Each option's items and stored colors (`0` for none, as [`Problem::raw_colors`]).
    options: Vec<Vec<(usize, u32)>>,
    /// The representative of each option's class (itself for a representative).
    class: Vec<usize>,
    /// The options of each representative's class (0 for the others).
    copies: Vec<usize>,
    /// Whether each representative's class is alive (the others' entries are not read).
    live_option: Vec<bool>,
    live_item: Vec<bool>,
    /// The live representatives of each item; rebuilt at the start of each round.
    lists: Vec<Vec<usize>>,
    /// The live options of each item (every copy counted), kept exact while options are
    /// removed in a round.
    live_count: Vec<usize>,
}

impl State<'_> {
    /// Rebuilds `lists` and `live_count` from the live options and items.
    fn rebuild(&mut self) {
        for list in &mut self.lists {
            list.clear();
        }
        self.live_count.fill(0);
        for (k, option) in self.options.iter().enumerate() {
            if self.class[k] == k && self.live_option[k] {
                for &(i, _) in option {
                    if self.live_item[i] {
                        self.lists[i].push(k);
                        self.live_count[i] += self.copies[k];
                    }
                }
            }
        }
    }

    /// Removes representative `k` and its copies.
    fn remove_option(&mut self, k: usize) {
        self.live_option[k] = false;
        for &(i, _) in &self.options[k] {
            if self.live_item[i] {
                self.live_count[i] -= self.copies[k];
            }
        }
    }

    /// Whether option `k` is in the reduced problem: its class is alive.
    fn kept(&self, k: usize) -> bool {
        self.live_option[self.class[k]]
    }

    /// Whether option `k` contains item `i`.
    fn contains(&self, k: usize, i: usize) -> bool {
        self.options[k].iter().any(|&(x, _)| x == i)
    }

    /// Drops the items whose options are (a subset of, for a secondary item) those of a
    /// primary item, and the secondary items with no option; returns whether it dropped any.
    /// `lists` must be fresh (no option removed since [`State::rebuild`]).
    fn drop_items(&mut self, watch: &mut Watch) -> Result<bool, Halted> {
        let primary = self.problem.primary_items();
        let mut changed = false;
        let mut seen = vec![0usize; self.live_item.len()];
        for j in primary..self.live_item.len() {
            if self.live_item[j] && self.lists[j].is_empty() {
                self.live_item[j] = false;
                changed = true;
            }
        }
        for i in 0..primary {
            if !self.live_item[i] || self.lists[i].is_empty() {
                continue;
            }
            watch.tick(self.lists[i].len())?;
            // Count, for each item, the options of `i` that contain it.
            for &k in &self.lists[i] {
                for &(j, _) in &self.options[k] {
                    seen[j] += 1;
                }
            }
            let all = self.lists[i].len();
            let mut common = Vec::new();
            for &k in &self.lists[i] {
                for &(j, _) in &self.options[k] {
                    if seen[j] == all && j != i && self.live_item[j] {
                        common.push(j);
                    }
                    seen[j] = 0;
                }
            }
            for j in common {
                // `i`'s options are all `j`'s; `j` goes when it has no others.
                let redundant = if j < primary {
                    self.lists[j].len() == all
                } else {
                    watch.tick(self.lists[j].len())?;
                    self.lists[j].iter().all(|&k| self.contains(k, i))
                };
                if self.live_item[j] && redundant {
                    self.live_item[j] = false;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Removes the blocked options: those whose choice leaves some other primary item with no
    /// compatible option. Returns whether it removed any.
    fn drop_blocked(&mut self, watch: &mut Watch) -> Result<bool, Halted> {
        let primary = self.problem.primary_items();
        let items = self.live_item.len();
        let mut changed = false;
        // `stamp[q] == o` once option `q` is known to conflict with the option tested.
        let mut stamp = vec![usize::MAX; self.options.len()];
        let mut conflicts = vec![0usize; primary];
        let mut touched = Vec::new();
        let mut in_option = vec![false; items];
        for o in 0..self.options.len() {
            if self.class[o] != o || !self.live_option[o] {
                continue;
            }
            for &(x, color) in &self.options[o] {
                if !self.live_item[x] {
                    continue;
                }
                in_option[x] = true;
                watch.tick(self.lists[x].len())?;
                // `o`'s copies conflict with it on its own items only, which do not count.
                for &q in &self.lists[x] {
                    if q == o || stamp[q] == o || !self.live_option[q] {
                        continue;
                    }
                    let clash = x < primary
                        || color == 0
                        || self.options[q].iter().any(|&(y, c)| y == x && c != color);
                    if clash {
                        stamp[q] = o;
                        for &(p, _) in &self.options[q] {
                            if p < primary && self.live_item[p] {
                                if conflicts[p] == 0 {
                                    touched.push(p);
                                }
                                conflicts[p] += self.copies[q];
                            }
                        }
                    }
                }
            }
            let blocked = touched
                .iter()
                .any(|&p| !in_option[p] && conflicts[p] == self.live_count[p]);
            for p in touched.drain(..) {
                conflicts[p] = 0;
            }
            for &(x, _) in &self.options[o] {
                in_option[x] = false;
            }
            if blocked {
                self.remove_option(o);
                changed = true;
            }
        }
        Ok(changed)
    }

    /// The reduced problem and its maps.
    fn finish(self, stats: PreprocessStats) -> Reduced {
        let primary = self.problem.primary_items();
        let items: Vec<usize> = (0..self.live_item.len())
            .filter(|&i| self.live_item[i])
            .collect();
        let mut rename = vec![usize::MAX; self.live_item.len()];
        for (new, &old) in items.iter().enumerate() {
            rename[old] = new;
        }
        let kept_primary = items.iter().filter(|&&i| i < primary).count();
        let mut builder = ProblemBuilder::new(kept_primary, items.len() - kept_primary);
        let mut options = Vec::new();
        for (k, option) in self.options.iter().enumerate() {
            if !self.kept(k) {
                continue;
            }
            let mentions = option
                .iter()
                .filter(|&&(i, _)| self.live_item[i])
                .map(|&(i, c)| (rename[i], c.checked_sub(1)));
            let new = builder
                .colored_option(mentions)
                .expect("a kept option of a valid problem is valid");
            builder
                .cost(new, self.problem.option_cost(k))
                .expect("the option was just added");
            options.push(k);
        }
        let mut problem = builder
            .build()
            .expect("a reduced problem is smaller than its valid original");
        if let Some(names) = self.problem.names() {
            let kept = items.iter().map(|&i| names.item_name(i).to_string());
            let reduced = Names::new(kept)
                .and_then(|n| n.with_colors(names.colors().iter().cloned()))
                .and_then(|n| problem.clone().with_names(n));
            if let Ok(named) = reduced {
                problem = named;
            }
        }
        Reduced {
            problem,
            options,
            items,
            stats,
        }
    }
}

/// Reduces `problem` by DLX-PRE's rules (see the module docs) until they change nothing.
///
/// ```
/// use dancing::preprocess::preprocess;
/// use dancing::{Solver, problems::knuth_example};
/// let reduced = preprocess(&knuth_example())?;
/// // Knuth's example reduces to three singleton options (his dlx-pre.w says so).
/// assert_eq!(reduced.problem.option_count(), 3);
/// let solution = Solver::new(&reduced.problem).next_solution().unwrap().unwrap();
/// let mut original = reduced.original(&solution);
/// original.sort();
/// assert_eq!(original, [0, 3, 4]);
/// # Ok::<(), dancing::preprocess::PreprocessError>(())
/// ```
///
/// # Errors
/// [`PreprocessError::Multiplicities`] for a problem with bounds;
/// [`PreprocessError::Unsolvable`] when a primary item is left with no option.
pub fn preprocess(problem: &Problem) -> Result<Reduced, PreprocessError> {
    preprocess_until(problem, || false)
}

/// [`preprocess`], unless `stop` answers `true` first (it is asked every [`STOP_EVERY`]
/// steps, see the module docs).
///
/// # Errors
/// As [`preprocess`]; [`PreprocessError::Stopped`] when `stop` said yes.
pub fn preprocess_until(
    problem: &Problem,
    mut stop: impl FnMut() -> bool,
) -> Result<Reduced, PreprocessError> {
    if problem.has_multiplicities() {
        return Err(PreprocessError::Multiplicities);
    }
    let start = Instant::now();
    let raw = problem.raw_colors();
    let mut at = 0;
    let options: Vec<Vec<(usize, u32)>> = (0..problem.option_count())
        .map(|k| {
            let option: Vec<(usize, u32)> = problem
                .option(k)
                .enumerate()
                .map(|(n, i)| (i, raw.get(at + n).copied().unwrap_or(0)))
                .collect();
            at += option.len();
            option
        })
        .collect();
    let live_option = options
        .iter()
        .map(|o| o.iter().any(|&(i, _)| problem.is_primary(i)))
        .collect();
    let (class, copies) = classes(&options);
    let items = problem.item_count();
    let mut state = State {
        problem,
        options,
        class,
        copies,
        live_option,
        live_item: vec![true; items],
        lists: vec![Vec::new(); items],
        live_count: vec![0; items],
    };
    let mut rounds = 0;
    let stats = |state: &State, rounds| PreprocessStats {
        removed_options: (0..state.options.len()).filter(|&k| !state.kept(k)).count(),
        removed_items: state.live_item.iter().filter(|&&l| !l).count(),
        rounds,
        elapsed: start.elapsed(),
    };
    loop {
        rounds += 1;
        state.rebuild();
        if let Some(item) =
            (0..problem.primary_items()).find(|&i| state.live_item[i] && state.live_count[i] == 0)
        {
            return Err(PreprocessError::Unsolvable {
                item,
                stats: stats(&state, rounds),
            });
        }
        let mut watch = Watch {
            stop: &mut stop,
            steps: 0,
            next: STOP_EVERY,
        };
        let ran = state
            .drop_items(&mut watch)
            .and_then(|dropped| Ok(state.drop_blocked(&mut watch)? || dropped));
        match ran {
            Ok(true) => {}
            Ok(false) => break,
            Err(Halted) => {
                return Err(PreprocessError::Stopped {
                    stats: stats(&state, rounds),
                });
            }
        }
    }
    let stats = stats(&state, rounds);
    Ok(state.finish(stats))
}

/// The classes of copies of `options` (see the module docs): the representative of each
/// option (the first of its class), and the size of each representative's class (0 for the
/// others). Sorted, so `n log n` for `n` options.
fn classes(options: &[Vec<(usize, u32)>]) -> (Vec<usize>, Vec<usize>) {
    let sorted: Vec<Vec<(usize, u32)>> = options
        .iter()
        .map(|option| {
            let mut option = option.clone();
            option.sort_unstable();
            option
        })
        .collect();
    let mut order: Vec<usize> = (0..options.len()).collect();
    // Stable: the first of a class comes first.
    order.sort_by(|&a, &b| sorted[a].cmp(&sorted[b]));
    let mut class: Vec<usize> = (0..options.len()).collect();
    let mut copies = vec![0; options.len()];
    for run in order.chunk_by(|&a, &b| sorted[a] == sorted[b]) {
        for &k in run {
            class[k] = run[0];
        }
        copies[run[0]] = run.len();
    }
    (class, copies)
}
