//! What every engine and the API share, at the bottom of the crate: the counters of work
//! ([`Stats`]), what one step of the search ends with ([`Step`]), the errors of forcing an
//! option ([`ForceError`]), and the limits of the engines' representations (the most nodes an
//! arena addresses, the most options an item may be in), which [`crate::ProblemBuilder`]
//! checks. [`crate::problem`], every engine and [`crate::Solver`] take these from here; nothing
//! here imports them.

/// Work done by a search so far. Parts of one search add up with `+` (or [`Iterator::sum`]).
/// `#[non_exhaustive]`: an engine may add its own counters (as [`Stats::forced`] came with
/// the propagating engine); build one with [`Stats::default`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes of the search tree entered, solutions included (Knuth's `nodes`).
    pub nodes: u64,
    /// Items covered plus option nodes hidden (Knuth's `updates`).
    pub updates: u64,
    /// Purifications plus option nodes cleansed, on problems with colors (Knuth's
    /// `cleansings`, which DLX2 and DLX3 count apart from the updates); 0 otherwise.
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Options chosen because an item had no other live option, by the propagating engine
    /// (its singles rule); 0 on the others.
    pub forced: u64,
    /// Options removed by the propagating engine's subsets rule; 0 on the others.
    pub pruned: u64,
}

impl std::ops::Add for Stats {
    type Output = Stats;

    fn add(self, other: Stats) -> Stats {
        Stats {
            nodes: self.nodes + other.nodes,
            updates: self.updates + other.updates,
            cleansings: self.cleansings + other.cleansings,
            solutions: self.solutions + other.solutions,
            forced: self.forced + other.forced,
            pruned: self.pruned + other.pruned,
        }
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Stats {
    fn sum<I: Iterator<Item = Stats>>(iter: I) -> Stats {
        iter.fold(Stats::default(), |a, b| a + b)
    }
}

/// How the links and the bit engine choose the item to branch on at a node
/// ([`crate::Solver::set_choice`]). The engines with a tree of their own (band, learn,
/// propagate, the MCC engines) keep their own rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Choice {
    /// DLX1's rule, "minimum remaining values": the leftmost active primary item with the
    /// fewest options. Knuth's tree, so his `nodes` and `updates`.
    #[default]
    Mrv,
    /// SSXCC2's rule (Boussemart, Hemery, Lecoutre and Sais, ECAI 2004, "dom/wdeg"; Solnon's
    /// dancing cells): each primary item has a weight, 1 at the start of a search, raised by 1
    /// each time the search reaches a node where that item has no option left (a wipe-out);
    /// an item with at most one option is forced (the fewest first, as MRV), else the branch
    /// goes to the leftmost item of least options over weight. Failures teach the search which
    /// items are hard, so its tree can be far smaller than MRV's on hard instances (a 16x16
    /// Sudoku: see `docs/performance.md`), at the cost of a second pass over the items at a
    /// node that branches. The weights belong to one search: a reset, and a subtree (a part,
    /// a thread's share of a count), start them at 1 again.
    Wdeg,
}

impl Choice {
    /// The rule's name on the command line and in statistics: `mrv` or `wdeg`.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Mrv => "mrv",
            Choice::Wdeg => "wdeg",
        }
    }
}

/// What one call of [`crate::Solver::step`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution is on the stack: read it with [`crate::Solver::solution`].
    Solution,
    /// The whole tree has been searched.
    Exhausted,
    /// The node budget set by [`crate::Solver::set_max_nodes`] is spent. Raising the budget and
    /// stepping again resumes the search where it stopped.
    GaveUp,
    /// [`crate::Solver::set_pause_every`] nodes went by: a chance to report progress. Stepping
    /// again resumes.
    Paused,
}

/// An option could not be forced (one of its items is already covered, say) or excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option conflicts with an option forced earlier.
    #[error("option {option} conflicts with an option chosen before it")]
    Conflict {
        /// The rejected option.
        option: usize,
    },
    /// The option has no primary item, so the engine ignores it, or does not exist.
    #[error("option {option} cannot be chosen: it does not exist or has no primary item")]
    NotInSearch {
        /// The rejected option.
        option: usize,
    },
    /// Options can be forced or excluded only before the search starts (or after a reset).
    #[error("options can be forced or excluded only before the search starts")]
    SearchStarted,
    /// The option to exclude is forced.
    #[error("option {option} cannot be excluded: it is forced")]
    Forced {
        /// The rejected option.
        option: usize,
    },
}

/// The size in bytes of a node of the dancing links of DLX1 (`engine::links`: up, down and
/// item, `u32` each); the links check that it is their node's size.
pub(crate) const LINKS_NODE_BYTES: u32 = 12;

/// The size in bytes of a node of the colored links of DLX2 and DLX3 (`engine::colored`: up,
/// down, item and color, `u32` each); the colored links check that it is their node's size.
pub(crate) const COLORED_NODE_BYTES: u32 = 16;

/// The largest node count an arena of `u32` node addresses can hold: every node's address,
/// its index times the node's size, must fit in a `u32`. [`crate::ProblemBuilder::build`]
/// refuses larger problems.
pub(crate) const MAX_NODES: u64 = u32::MAX as u64 / LINKS_NODE_BYTES as u64;

/// [`MAX_NODES`] for the colored links (problems with colors or multiplicities), whose nodes
/// are larger.
pub(crate) const MAX_COLORED_NODES: u64 = u32::MAX as u64 / COLORED_NODE_BYTES as u64;

/// The nodes the arena of a problem needs: the root, the item headers, one node per item
/// mention, one spacer per option and the last spacer.
pub(crate) fn nodes_needed(items: usize, mentions: usize, options: usize) -> u64 {
    1 + items as u64 + mentions as u64 + options as u64 + 1
}

/// The most options an item may be in, plus one: the links flag a covered item by adding
/// this to its length (their `COVERED`), so a length must stay below it.
pub(crate) const MAX_ITEM_LENGTH: u64 = 1 << 30;
