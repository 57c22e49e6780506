//! [`Engine`]: the engines a [`Solver`](super::Solver) can run, what each takes, and why one
//! refuses a problem ([`Engine::refusal`]). Which one [`Engine::Auto`] runs is in the module
//! docs of `solver`, "Which engine".

use crate::problem::Problem;

/// The engine a [`Solver`](super::Solver) runs on a problem without multiplicities. The links and the bits
/// search the same tree (DLX1's on plain exact cover, DLX2's with colors), so the choice
/// between them changes only the time and the memory a search takes, never its results or
/// its [`Stats`](super::Stats); [`Engine::Propagate`] finds the same solutions in another tree. A problem with
/// multiplicities runs on [`Engine::Mcc`] under [`Engine::Auto`] (but where two options are
/// copies), and on the links (DLX3) otherwise: the bit engine does plain exact cover and
/// colors only, and asking for it falls back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// [`Engine::Band`] where it recognizes the matrix (9x9 Sudoku: options that are (cell,
    /// digit) pairs); [`Engine::Learn`] where the propagating engine's grouped frames take the problem (plain
    /// exact cover with a class of items that partitions the options and more than 1,424 of
    /// them, as Sudoku of 16x16, 25x25 and 36x36: see the module docs, "Which engine"), but
    /// a portfolio of the links and the learning engine, taking turns until one finds a
    /// solution, for a search whose problem, after the options forced and excluded, is
    /// nearly full (an empty or near-empty grid, [`AUTO_FULL`](super::AUTO_FULL) and
    /// [`AUTO_NEAR`](super::AUTO_NEAR); the turns: [`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS),
    /// slices in a unit both engines' time follows);
    /// otherwise the bit engine when
    /// the problem has at most [`AUTO_MAX_OPTIONS`](super::AUTO_MAX_OPTIONS) options (those with a primary item) and
    /// fits its memory bound, else the links; a search that starts on
    /// the bits moves to the links at the probe if its work so far says that the links
    /// would do its nodes faster (see the module docs, "Which engine"), and comes back to
    /// the bits at a reset.
    #[default]
    Auto,
    /// Dancing links (Knuth's DLX1, or DLX2 with colors): any problem, memory proportional to
    /// its size.
    Links,
    /// Bitsets over the options, copied on backtracking instead of uncovered: at most 16,383
    /// options and 64 MiB of bitsets and saved states (with colors, two more bitsets for each
    /// (item, color) named), no multiplicities. A problem beyond that runs on the links
    /// instead: asking for this engine never fails.
    Bits,
    /// Propagation before branching (see `docs/engines.md`): at every node the singles and
    /// subsets rules of exact cover run to a fixpoint, and the search branches only where
    /// nothing is forced. The same solutions and counts as the others, found in another
    /// order, with its own [`Stats`](super::Stats) (`nodes` counts its much smaller tree; `updates` the
    /// options removed; `forced`, `pruned` and `probes` its rules' work). Plain exact cover
    /// only, within the bit engine's limits: a problem with colors or multiplicities, or
    /// beyond those limits, runs as under [`Engine::Links`] (see
    /// [`Engine::refusal`]).
    Propagate,
    /// The propagating engine's tree with nogoods learned from its failures (conflict
    /// analysis, as CDCL SAT solvers do; see `docs/engines.md`): the same solutions and
    /// counts, in its own order, with its own [`Stats`](super::Stats) (`nodes` its tree, failures
    /// included; `updates` the options put out; `forced` its singles; `pruned` the options
    /// its nogoods put out). For the hardest puzzles, those made with a learning solver's
    /// help (the published 25x25 and 36x36 Sudoku). Plain exact cover only: a problem with
    /// colors or multiplicities runs as under [`Engine::Links`] (see [`Engine::refusal`]).
    Learn,
    /// Knuth and Stappers' SSMCC tree on sparse sets (see `docs/engines.md`): binary
    /// branching (include an option, or remove it and choose again), items that run out of
    /// options once their lower bound is met leave without a node of their own, and a step
    /// fails as soon as an item can no longer reach its lower bound. What
    /// [`Engine::Auto`] runs on problems with multiplicities (colors too) but where two
    /// options name the same items with the same colors (DLX3 then); any problem by
    /// name. The same solutions as the links, in another order, with its own [`Stats`](super::Stats)
    /// (`nodes` its binary tree, `updates` the options it removed from items' sets).
    Mcc,
    /// The tree of [`Engine::Mcc`] with the state of a node as bits (see `docs/engines.md`):
    /// the live options as a bitset, each primary item's remaining bound in a byte, a frame
    /// copied at each node instead of undone. Problems of at most 512 options with a
    /// primary item and upper bounds of at most 65,535; others run on [`Engine::Mcc`]. What
    /// [`Engine::Auto`] runs on the problems with multiplicities it takes, no two options
    /// alike. The same nodes
    /// and solutions as [`Engine::Mcc`] (but for a root that fails, which [`Engine::Mcc`]
    /// counts as a dead end); `updates` counts the options that leave its live set.
    MccBits,
    /// Sudoku's layout, found in the matrix (see `docs/engines.md`): where every option is a
    /// (cell, digit) pair and every item a cell or a (house, digit) (9x9 Sudoku, its givens
    /// taken out or forced, whatever the order and names of items and options), nine
    /// 81-bit boards (on the whole classic matrix, JCZSolve's three 27-bit bands a digit)
    /// with singles and locked candidates in bulk and a branch on a cell with two
    /// candidates. The same solutions and counts, in its own order, with its own
    /// [`Stats`](super::Stats) (`nodes` its tree; `updates` the options placed; `forced` its singles;
    /// `pruned` its locked candidates). [`Engine::Auto`] takes it wherever it recognizes the
    /// matrix; a matrix it does not recognize runs as under [`Engine::Links`] (see
    /// [`Engine::refusal`]).
    Band,
}

impl Engine {
    /// The engine of a search whose statistics are reported: `self`, but under
    /// [`Engine::Auto`] where `Auto` would take an engine with a tree of its own for speed
    /// ([`Engine::Band`] on 9x9 Sudoku's matrix, [`Engine::MccBits`] or [`Engine::Mcc`] on
    /// multiplicities, [`Engine::Learn`] on a matrix of a Latin square's shape that the
    /// grouping test does not take, [`AUTO_LATIN_OPTIONS`](super::AUTO_LATIN_OPTIONS)),
    /// [`Engine::Bits`], which searches Knuth's tree (DLX1, DLX2, or DLX3 on
    /// the links), so that the nodes and updates are his, comparable with his programs'.
    /// `dancing cover --count --stats` searches this tree, and so do the parts of
    /// [`crate::parts`], whose statistics add up to that one search's; both also branch by
    /// [`Choice::Mrv`](crate::Choice::Mrv) where `Auto` would choose SSXCC2's rule
    /// ([`Solver::set_choice`](super::Solver::set_choice)).
    ///
    /// ```
    /// use dancing::Engine;
    /// let mut b = dancing::ProblemBuilder::new(1, 0);
    /// b.bounds(0, 1, 2)?;
    /// b.option([0])?;
    /// let bounded = b.build()?;
    /// assert_eq!(Engine::Auto.for_stats(&bounded), Engine::Bits);
    /// assert_eq!(Engine::Mcc.for_stats(&bounded), Engine::Mcc);
    /// let queens = dancing::problems::queens(8);
    /// assert_eq!(Engine::Auto.for_stats(&queens), Engine::Auto);
    /// # Ok::<(), dancing::BuildError>(())
    /// ```
    pub fn for_stats(self, problem: &Problem) -> Engine {
        let own_tree = || {
            problem.has_multiplicities()
                || crate::engine::band::Band::fits(problem)
                || super::choice::latin_learns_alone(problem)
        };
        if self == Engine::Auto && own_tree() {
            Engine::Bits
        } else {
            self
        }
    }

    /// Why `self` cannot run `problem` as asked, if it cannot: [`Engine::Propagate`] takes
    /// neither colors nor multiplicities, nor more options than the bit engine unless its
    /// grouped frames take the problem (36x36 Sudoku); [`Engine::Learn`] neither colors nor
    /// multiplicities, within the same table's limits. The library
    /// falls back to the links then; a caller that asked for this engine by name can refuse
    /// instead with this reason.
    pub fn refusal(self, problem: &Problem) -> Option<&'static str> {
        let (learn, fits) = match self {
            Engine::Propagate => (false, crate::engine::propagate::Propagate::fits(problem)),
            Engine::Learn => (true, crate::engine::learn::Learn::fits(problem)),
            Engine::Band => {
                return (!crate::engine::band::Band::fits(problem)).then_some(
                    "the band engine takes only Sudoku's matrix, (cell, digit) options (use --engine links or auto)",
                );
            }
            _ => return None,
        };
        if fits {
            return None;
        }
        let (multiplicities, colors) = (problem.has_multiplicities(), problem.has_colors());
        Some(match (learn, multiplicities, colors) {
            (false, true, _) => {
                "the propagate engine does not take multiplicities (use --engine links or auto)"
            }
            (false, _, true) => {
                "the propagate engine does not take colors (use --engine links or auto)"
            }
            (false, ..) => {
                "the problem is beyond the propagate engine's limits (use --engine links or auto)"
            }
            (true, true, _) => {
                "the learn engine does not take multiplicities (use --engine links or auto)"
            }
            (true, _, true) => "the learn engine does not take colors (use --engine links or auto)",
            (true, ..) => {
                "the problem is beyond the learn engine's limits (use --engine links or auto)"
            }
        })
    }
}
