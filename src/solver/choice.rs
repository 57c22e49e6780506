//! The rule by which the links and the bits choose the item to branch on ([`Choice`]): the
//! solver's setting ([`Solver::set_choice`], [`Solver::choice`]), and the shape of problem
//! on which [`Engine::Auto`] takes SSXCC2's weighted rule by itself ([`latin`]), or the
//! learning engine past [`AUTO_LATIN_OPTIONS`]. The engines keep their weights; `auto.rs`
//! gives the rule to each engine a search moves to.

#[cfg(doc)]
use super::Engine;
use super::inner::Inner;
use super::{Choice, Solver};
use crate::engine::Search;
use crate::engine::bits::Bits;
use crate::engine::learn::Learn;
use crate::engine::propagate::Propagate;
use crate::problem::Problem;

impl Solver {
    /// Sets the rule by which the links and the bit engine choose the item to branch on
    /// ([`Choice`]; [`Choice::Mrv`], DLX1's, by default), from the next node, with every
    /// weight of [`Choice::Wdeg`] at 1. The weights are the solver's own, learned in its
    /// search and set back to 1 by [`Solver::reset`]; under [`Engine::Auto`], an engine the
    /// search moves to starts its own at 1. The engines whose tree has a rule of its own
    /// keep it, as [`Solver::choice`] tells.
    ///
    /// ```
    /// use dancing::{Choice, Engine, Solver};
    /// let problem = dancing::problems::queens(8);
    /// let mut mrv = Solver::with_engine(&problem, Engine::Links);
    /// let mut wdeg = Solver::with_engine(&problem, Engine::Links);
    /// wdeg.set_choice(Choice::Wdeg);
    /// assert_eq!(wdeg.choice(), Some(Choice::Wdeg));
    /// assert_eq!(mrv.count(None), wdeg.count(None)); // the same 92 solutions
    /// ```
    pub fn set_choice(&mut self, choice: Choice) {
        self.choice = choice;
        each!(&mut self.engine, e => e.set_choice(choice));
        self.set_parked_choice(choice);
    }

    /// The rule by which the engine running now chooses the item to branch on
    /// ([`Solver::set_choice`]), or `None` if its tree has a rule of its own (the band,
    /// learning, propagating and MCC engines, and DLX3).
    pub fn choice(&self) -> Option<Choice> {
        each!(&self.engine, e => e.choice())
    }
}

/// Whether [`Engine::Auto`] branches by [`Choice::Wdeg`] on `problem`, a problem without
/// colors that starts on the bits (with more than
/// [`AUTO_LATIN_OPTIONS`](super::AUTO_LATIN_OPTIONS) options, such a problem is the
/// learning engine's instead): whether it has the shape of a Latin square, every option
/// naming exactly `k >= 3` primary items, the `j`-th of which (in the order given) always
/// belongs to the `j`-th of `k` classes (a primary item is never named at two places). A
/// Sudoku exported with `--to-dlx` is such a problem (cell, row and digit, column and digit,
/// box and digit), so is a Latin square or a Sudoku variant without extra items; N queens
/// (two classes), Langford pairs and packings (a cell named at any place) are not. One pass
/// over the matrix.
///
/// On the corpus of `bench/corpus/` (see `docs/performance.md`, "Weighted choice against
/// SSXCC2"), SSXCC2's rule on the bits took 0.03 to 0.5 of MRV's time on the hard 16x16
/// exports that the bits take under `Auto` (2,208,670 nodes to 16,481 on the first of
/// `puzzles/generated/16x16-seed16.txt`), and more on the counts of the other families
/// (Langford pairs and pentomino packings: 18% to 36% more nodes, up to twice the time).
pub(super) fn latin(problem: &Problem) -> bool {
    let primary = problem.primary_items();
    // The place of each primary item in its options (`u32::MAX`: not seen yet).
    let mut place = vec![u32::MAX; primary];
    let mut k = None;
    for o in 0..problem.option_count() {
        let mut j = 0;
        for &i in problem.option_items(o) {
            let Some(p) = place.get_mut(i as usize) else {
                continue;
            };
            if *p != j && *p != u32::MAX {
                return false;
            }
            *p = j;
            j += 1;
        }
        // An option without a primary item is not in the search.
        if j != 0 && *k.get_or_insert(j) != j {
            return false;
        }
    }
    k.is_some_and(|k| k >= 3)
}

/// The most options of a problem given as a matrix, of a Latin square's shape (every option
/// naming one primary item of each of at least three classes, as `sudoku --to-dlx` writes
/// them), that [`Engine::Auto`] searches on the bits by SSXCC2's rule ([`Choice::Wdeg`]);
/// with more (more than sixteen words in the bits' bitsets), it runs them as the problems
/// of the learning engine's, on that engine or the portfolio by their fullness
/// ([`AUTO_NEAR`](super::AUTO_NEAR)), as it runs the Sudoku that the grouping test takes.
/// The bits' work at a node grows with their words, the learning engine's does not: on the
/// corpus of `bench/corpus/`, the 16x16 puzzles exported (766 to 933 options) take the
/// learning engine up to twice the bits' wdeg time (0.019 s against 0.009 s), while the
/// 25x25 puzzles (1,750 to 2,168 options) take it 0.28 to about 1 of theirs, the 36x36
/// puzzles (about 4,800) 0.3 to 1, and two 25x25 grids half full (1,750 options) a tenth
/// (0.025 s against 0.26 s). See `docs/performance.md`, "Larger Latin matrices on the
/// learning engine".
pub const AUTO_LATIN_OPTIONS: usize = 1_024;

/// Whether [`Engine::Auto`] runs `problem`, given as a matrix without colors or
/// multiplicities that fits the bits, as a problem of the learning engine's for its Latin
/// shape ([`AUTO_LATIN_OPTIONS`]); `latin` answers [`latin`] for it.
pub(super) fn latin_learns(problem: &Problem, latin: impl FnOnce() -> bool) -> bool {
    problem.option_count() > AUTO_LATIN_OPTIONS && latin() && Learn::fits(problem)
}

/// Whether [`Engine::Auto`] would search `problem`, given as a matrix, on the learning
/// engine for its Latin shape ([`AUTO_LATIN_OPTIONS`]), where the bits by MRV search
/// Knuth's tree: for [`Engine::for_stats`](super::Engine::for_stats).
pub(super) fn latin_learns_alone(problem: &Problem) -> bool {
    !problem.has_colors()
        && !problem.has_multiplicities()
        && Bits::fits(problem)
        && !Propagate::groups(problem)
        && latin_learns(problem, || latin(problem))
}

/// Whether `problem` has two options that name the same items with the same colors (in
/// any order), among those with a primary item: on multiplicities, [`Engine::Auto`] then
/// runs DLX3's tree on the links rather than SSMCC's binary tree ([`Engine::MccBits`],
/// [`Engine::Mcc`]). Each copy of an option is a node of its own in the binary tree, where
/// DLX3 chooses among an item's options in one branching; on the four random MCC problems
/// of `bench/corpus/` that count the most solutions (all have copies, up to seven of an
/// option), the binary tree took 1.3 to 1.5 times DLX3's nodes and 3.6 to 5.2 times its
/// time on bitsets (twice on mcc-02 in the fat-LTO build; see `docs/performance.md`,
/// "`auto` on the corpus (issue 53)"), while Knuth's queendom, redrect and motley, which
/// have no copies, take the bitsets a quarter to a half of DLX3's time. One pass over the
/// matrix: a hash of each option that does not depend on the order of its items, in a
/// table of open addressing; only where two hashes are equal are the options sorted and
/// compared.
pub(super) fn duplicate_options(problem: &Problem) -> bool {
    let primary = problem.primary_items() as u32;
    let colors = problem.raw_colors();
    let (items, starts) = problem.raw_options();
    let mask = (2 * problem.option_count()).next_power_of_two() - 1;
    let mut table = vec![0u64; mask + 1];
    for span in starts.windows(2) {
        let row = &items[span[0]..span[1]];
        if row.iter().all(|&i| i >= primary) {
            continue;
        }
        let hash = match colors.get(span[0]..span[1]) {
            Some(c) => row.iter().zip(c).fold(1u64, |h, (&i, &c)| {
                h.wrapping_add(mix(u64::from(i) << 32 | u64::from(c)))
            }),
            None => row
                .iter()
                .fold(1u64, |h, &i| h.wrapping_add(mix(u64::from(i)))),
        } | 1;
        let mut slot = (hash >> 32) as usize & mask;
        while table[slot] != 0 {
            if table[slot] == hash {
                return equal_options(problem);
            }
            slot = (slot + 1) & mask;
        }
        table[slot] = hash;
    }
    false
}

/// Whether `problem` has two options with a primary item that name the same items with the
/// same colors, each option's mentions sorted and the options sorted: the exact test behind
/// [`duplicate_options`]'s hashes.
fn equal_options(problem: &Problem) -> bool {
    let primary = problem.primary_items() as u32;
    let colors = problem.raw_colors();
    let (items, starts) = problem.raw_options();
    let mut options: Vec<Vec<(u32, u32)>> = starts
        .windows(2)
        .filter(|span| items[span[0]..span[1]].iter().any(|&i| i < primary))
        .map(|span| {
            let mut option: Vec<(u32, u32)> = (span[0]..span[1])
                .map(|m| (items[m], colors.get(m).copied().unwrap_or(0)))
                .collect();
            option.sort_unstable();
            option
        })
        .collect();
    options.sort_unstable();
    options.windows(2).any(|w| w[0] == w[1])
}

/// The hash of one mention for [`duplicate_options`]: a multiplication by the golden ratio
/// and a fold of its high half onto the low, so that the sum over an option is no linear
/// function of its items (equal sums only send a problem to [`equal_options`]).
fn mix(x: u64) -> u64 {
    let y = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    y ^ (y >> 29)
}
