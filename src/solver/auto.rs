//! The strategy of [`Engine::Auto`]: which engine of the registry ([`Inner`]) runs which
//! problem ([`Solver::with_engine`]'s choice), the constants of the choice
//! ([`AUTO_MAX_OPTIONS`] and the probe, [`AUTO_PROBE_NODES`] and [`AUTO_SWITCH_RATIO`]), and the
//! move of a search from the bits to the links at the probe, or between the links and the
//! learning engine at the start of a search and at the end of each slice of the portfolio
//! on a nearly full problem ([`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)), and back at a reset ([`Switch`]).
//! Why these numbers, and what the move keeps, is in the docs of [`crate::solver`], "Which
//! engine".

use std::cell::OnceCell;
use std::sync::Arc;

use super::choice::{duplicate_options, latin, latin_learns};
use super::inner::{Inner, links_engine};
use super::portfolio::Slices;
use super::{Choice, Engine, Solver};
use crate::engine::band::Band;
use crate::engine::bits::Bits;
use crate::engine::dlx3::Dlx3;
use crate::engine::learn::Learn;
use crate::engine::links::OpenLengths;
use crate::engine::mcc::Mcc;
use crate::engine::mccbits::MccBits;
use crate::engine::propagate::Propagate;
use crate::engine::{Counters, Root, Search};
use crate::problem::Problem;

/// The most options (those that name a primary item) for which [`Engine::Auto`] starts on the
/// bit engine: the bit engine's own limit (its counts are 16-bit). No smaller limit by size
/// is right: dense problems near it run four times faster on the bits (`polyomino 10x12
/// --copies 2`, 10,232 options: 0.23 of the links' CPU time), sparse ones of the same size
/// slower (`queens 100`, 10,000 options: 1.71). The probe sends the sparse ones to the links
/// instead (see the docs of [`crate::solver`], "Which engine").
pub const AUTO_MAX_OPTIONS: usize = 16_383;

/// The nodes after which [`Engine::Auto`] probes a search that runs on the bits, to decide
/// whether to move it to the links (see the docs of [`crate::solver`]). `r` at 10,000 nodes
/// is within about 10% of its value at 200,000 (N queens, Langford pairs, pentominoes, Sudoku
/// of 16x16 and 25x25), and a later probe leaves more of a search on the slower engine (the
/// 25x25 Sudoku of `puzzles/generated/` take 10,000 to 90,000 nodes each). Few 9x9 Sudoku
/// puzzles reach it (2 of the 49,158 17-clue puzzles, 18 of the 375 of forum-hardest-1106,
/// none of top1465), and those stay on the bits (`r` about 0.5): a probe that moves nothing
/// costs one pause.
pub const AUTO_PROBE_NODES: u64 = 10_000;

/// The least `r` (see the docs of [`crate::solver`]) at which [`Engine::Auto`] moves a search
/// from the bits to the links at the probe: above every search measured where the bits were
/// faster by 10% or more, below every one where the links were faster by 30% or more.
pub const AUTO_SWITCH_RATIO: f64 = 2.0;

/// The words that [`Engine::Auto`]'s probe adds to the bit engine's for a problem with colors:
/// the colored loop's own work at each node (it applies the chosen option's items one by one,
/// each with its color's bitsets, in DLX2's order), which a problem with few options and few
/// updates a node makes most of its cost. Measured on the empty grids of Knuth's masyu and
/// slitherlink generators (2 to 4 words, 5.6 to 5.8 updates a node at the probe, the links 1.5
/// to 1.9 times as fast as the bits), which the rule moves only with at least 10 more words,
/// and on his de Bruijn and word-rectangle generators (26 to 483 words, 110 to 850 updates a
/// node at the probe, the bits 1.0 to 2.0 times as fast), which it keeps with fewer than 150;
/// 24 leaves `r` 4.5 to 5.0 on the first and 0.3 to 1.2 on the others, well clear of the
/// ratio 2 on both sides: see `docs/performance.md`.
pub const AUTO_COLOR_WORDS: u64 = 24;

/// How full the problem of a search of more than [`AUTO_MAX_OPTIONS`] options (36x36 Sudoku)
/// must be, after the options forced and excluded, for [`Engine::Auto`] to run it as a
/// *portfolio* (see [`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)) instead of on the learning engine alone: the average
/// number of options of its open primary items over the largest. An empty Sudoku grid is 1,
/// a 36x36 grid with a thirty-sixth of its cells given about 0.93, one with 72 given 0.86,
/// with 100 given 0.81, the published and generated puzzles 0.28 to 0.50. From 0.85 up
/// neither engine is safe: the learning engine ran for minutes on the empty 36x36 (the
/// links: 2,415 nodes, 0.02 s), and for 9 s to more than 15 s on two grids of 3 and 12
/// givens that the links solve in 0.1 to 2.9 s, while the links took 1.6 s on the grid of 36
/// givens and 1.0 s on one of 65 that the learning engine solves in 0.2 s. Below, the
/// learning engine wins (100 cells given, 0.81: 0.06 to 0.28 s against the links' 0.31 s to
/// more than 10 s; a fifth, 0.57 to 0.61: 0.05 to 0.27 s against more than 10 s). See
/// `docs/performance.md`, "`auto` on colors and empty grids".
pub const AUTO_FULL: f64 = 0.85;

/// [`AUTO_FULL`] for a problem of at most [`AUTO_MAX_OPTIONS`] options (Sudoku of 12x12 to
/// 25x25): grids with a twentieth to a fifth of their cells given are 0.58 to 0.86 full,
/// and the links solve most of them in about one node a cell, where building the learning
/// engine alone costs more; nearly all the published and generated puzzles (0.33 to 0.50;
/// four of 47 at 0.57 to 0.63, whose portfolio costs little) go to the learning engine at
/// once. See `docs/performance.md`, "`auto` on colors and empty grids".
pub const AUTO_NEAR: f64 = 0.55;

/// The numbers of options of the primary items left open by the options `root` forces, among
/// those that it neither excludes nor puts out (by sharing an item with a forced one): see
/// [`AUTO_FULL`]. One pass over the matrix: for a search that would start on the learning
/// engine (the links read theirs from their lists, [`Dlx::open_lengths`]).
fn open_lengths(problem: &Problem, root: &[Root]) -> OpenLengths {
    let primary = problem.primary_items();
    let mut covered = vec![false; problem.item_count()];
    let mut out = vec![false; problem.option_count()];
    for &change in root {
        match change {
            Root::Forced(o) => {
                for &i in problem.option_items(o as usize) {
                    covered[i as usize] = true;
                }
            }
            Root::Excluded(o) => out[o as usize] = true,
        }
    }
    let mut lengths = vec![0u32; primary];
    'options: for (k, &out) in out.iter().enumerate() {
        let items = problem.option_items(k);
        if out {
            continue;
        }
        for &i in items {
            if covered[i as usize] {
                continue 'options;
            }
        }
        for &i in items {
            if let Some(length) = lengths.get_mut(i as usize) {
                *length += 1;
            }
        }
    }
    let mut open = OpenLengths::default();
    for (&length, _) in lengths
        .iter()
        .zip(&covered)
        .filter(|&(_, &covered)| !covered)
    {
        open.largest = open.largest.max(length);
        open.total += u64::from(length);
        open.items += 1;
    }
    open
}

/// When [`Engine::Auto`] moves a search from the bits to the links: at the probe, after
/// `probe` nodes, if `r`, the words of the bit engine's bitsets times the nodes over the
/// updates, is at least `ratio` (see the docs of [`crate::solver`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Rule {
    pub(super) probe: u64,
    pub(super) ratio: f64,
}

impl Rule {
    /// The rule of [`Engine::Auto`].
    pub(super) const AUTO: Rule = Rule {
        probe: AUTO_PROBE_NODES,
        ratio: AUTO_SWITCH_RATIO,
    };
}

/// What a solver under [`Engine::Auto`] that started on the bits, or that is for a problem
/// of the learning engine's, needs to move its search, and back at a reset.
#[derive(Clone, Debug)]
pub(super) struct Switch {
    rule: Rule,
    /// Whether the problem is the learning engine's (else the solver started on the bits):
    /// the solver starts on the links, and at the start of each search runs the portfolio
    /// if the problem left by the options forced and excluded is nearly full ([`AUTO_FULL`],
    /// [`AUTO_NEAR`]), else runs on the learning engine, built at the first search that
    /// runs on it; a reset brings back the learning engine once it is built. The probe
    /// then ends a slice of the portfolio.
    learn: bool,
    /// Under `learn`, the turns of a search run as a portfolio ([`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)) that
    /// has found no solution yet (`slices.links` 0: no portfolio).
    slices: Slices,
    /// Under `learn`, whether the engine parked is paused in this search (a slice of the
    /// portfolio), to resume where it stands; else it is started from the root when the
    /// search moves to it.
    resume: bool,
    /// Under `learn`, the options forced and excluded since the last reset, in order, to
    /// replay on the engine the search moves to.
    root: Vec<Root>,
    /// Whether the move may still come: under `learn`, from a reset until the search starts
    /// or a force is refused (the engine's state is then partly forced: the search stays
    /// where it is).
    may_move: bool,
    /// The words of the bit engine's bitsets (its options over 64, rounded up), and
    /// [`AUTO_COLOR_WORDS`] more for a problem with colors.
    words: u64,
    /// The problem, to build the engine of the first move.
    problem: Arc<Problem>,
    /// Under `learn`, whether the grouping test (`Propagate::groups`) has passed: else it is
    /// asked when a search would first run on the learning engine (past the bits' limits).
    grouped: bool,
    /// Under `learn`, whether the tree is handed out as subtrees ([`Solver::hand_out_subtrees`]):
    /// every search then runs on the learning engine, whose tree names the subtrees.
    subtrees: bool,
    /// The engine not running now, once built: the bits while the links run, the links
    /// while the bits run; under `learn`, the learning engine while the links run and the
    /// links while it runs (reset at the next move, so a solver builds each once).
    parked: Option<Inner>,
    /// Whether `Auto` chose [`Choice::Wdeg`] for the problem ([`latin`]), so that a solver
    /// whose tree is handed out as subtrees goes back to MRV ([`Solver::hand_out_subtrees`]);
    /// cleared by [`Solver::set_choice`], the caller's own choice.
    chose: bool,
}

impl Solver {
    /// A solver on the band engine, if `engine` is [`Engine::Auto`] or [`Engine::Band`] and
    /// the band engine recognizes `problem` (9x9 Sudoku: see `engine::band`); `None`
    /// otherwise. [`Solver::with_engine`] asks this first; a solver made by
    /// [`Solver::with_probe`] does not, so that it tests the bits' move to the links.
    pub(super) fn on_band(problem: &Problem, engine: Engine) -> Option<Solver> {
        if !matches!(engine, Engine::Auto | Engine::Band) {
            return None;
        }
        Some(Solver {
            engine: Inner::Band(Band::try_new(problem)?),
            switch: None,
            floor: 0,
            buffer: Vec::new(),
            pause_nodes: u64::MAX,
            pace: None,
            choice: Choice::Mrv,
        })
    }

    /// [`Solver::with_engine`], with `rule` for [`Engine::Auto`]; `shared`, if given, is
    /// `problem` already shared, which a solver that may move its search keeps instead of a
    /// copy, and `grouped` what the caller knows `Propagate::groups` answers for it.
    pub(super) fn with_rule(
        problem: &Problem,
        shared: Option<&Arc<Problem>>,
        grouped: Option<bool>,
        engine: Engine,
        rule: Rule,
    ) -> Solver {
        let share = || shared.map_or_else(|| Arc::new(problem.clone()), Arc::clone);
        let direct = grouped.is_none();
        // Asked for by name, the propagating and learning engines fall back to the links
        // where they cannot run (see `Engine::refusal`).
        // Under `Auto`, the learning engine takes the problems that the propagating engine's
        // grouped frames take (Sudoku of 16x16, 25x25 and 36x36): faster there than the
        // propagation alone and the bits, and it solves the published 25x25 and 36x36
        // puzzles that the others do not (see the module docs, "Which engine"). Past the
        // bits' limits, only where there are choices to learn from: at least four options a
        // primary item on average (36x36 Sudoku has nine; a chain of forced levels, one, runs
        // on the links in no time). The grouping is told without building the frames, and
        // the learning engine is built only for a search that runs on it. Within the bits'
        // limits the grouping decides between the bits and the learning engine here; past
        // them, both the grouping and whether the learning engine takes the problem are
        // asked when a search would first run on it (the links run it otherwise, as they
        // would have from the start), so that a nearly full grid never pays for them.
        // Within the bits' limits, a matrix of a Latin square's shape with more than
        // `AUTO_LATIN_OPTIONS` options (a Sudoku of 25x25 or 36x36 exported, which the
        // grouping test does not take) is the learning engine's too.
        let bits_fit = OnceCell::new();
        let bits_fit = || *bits_fit.get_or_init(|| Bits::fits(problem));
        let plain = !problem.has_colors() && !problem.has_multiplicities();
        let latin_shape = OnceCell::new();
        let latin_shape = || *latin_shape.get_or_init(|| latin(problem));
        let choices = problem.option_count() >= 4 * problem.primary_items();
        let (learn, grouped) = match (engine, grouped) {
            (Engine::Learn, _) => (Learn::fits(problem), true),
            (Engine::Auto, Some(grouped)) if plain => (grouped && (choices || bits_fit()), true),
            (Engine::Auto, None) if plain && bits_fit() => (
                Propagate::groups(problem) || latin_learns(problem, latin_shape),
                true,
            ),
            (Engine::Auto, None) if plain => (choices, false),
            _ => (false, false),
        };
        let propagate = match engine {
            Engine::Propagate => Propagate::try_new(problem),
            _ => None,
        };
        let engine = match engine {
            Engine::Propagate if propagate.is_none() => Engine::Links,
            Engine::Learn if !learn => Engine::Links,
            Engine::Band => Engine::Links,
            engine => engine,
        };
        let fits = !learn
            && !matches!(engine, Engine::Links | Engine::Mcc | Engine::MccBits)
            && !problem.has_multiplicities()
            && bits_fit();
        let options = if fits { Bits::options(problem) } else { 0 };
        let bits = fits && (engine == Engine::Bits || options <= AUTO_MAX_OPTIONS);
        let mut switch = None;
        let mut choice = Choice::Mrv;
        let engine = if learn && engine == Engine::Auto {
            switch = Some(Box::new(Switch {
                rule,
                learn: true,
                slices: Slices::default(),
                resume: false,
                root: Vec::new(),
                may_move: true,
                words: 0,
                problem: share(),
                grouped,
                subtrees: false,
                parked: None,
                chose: false,
            }));
            links_engine(problem)
        } else if learn {
            Inner::Learn(Box::new(Learn::on(problem)))
        } else if let Some(propagate) = propagate {
            Inner::Propagate(propagate)
        } else if matches!(engine, Engine::Mcc | Engine::MccBits)
            || (engine == Engine::Auto
                && problem.has_multiplicities()
                && !duplicate_options(problem))
        {
            // Multiplicities under `Auto`: SSMCC's binary tree, on bitsets where the frame
            // fits (at most 512 options), else on sparse sets: a quarter to a half of DLX3's
            // time on queendom and redrect, as much on motley (docs/performance.md); DLX3
            // stays for `Links` and `Bits`, and for `Auto` where two options are copies
            // (`duplicate_options`).
            if engine != Engine::Mcc && MccBits::fits(problem) {
                Inner::MccBits(MccBits::new(problem))
            } else {
                Inner::Mcc(Mcc::new(problem))
            }
        } else if problem.has_multiplicities() {
            Inner::Dlx3(Dlx3::new(problem))
        } else if bits {
            let mut bits = Bits::new(problem);
            if engine == Engine::Auto {
                // A problem given as a matrix (not by the Sudoku layer, which runs its
                // grids on the band or the learning engine), without colors, of Latin shape:
                // SSXCC2's rule (see `latin`).
                if direct && !problem.has_colors() && latin_shape() {
                    choice = Choice::Wdeg;
                    bits.set_choice(choice);
                }
                bits.counters_mut().set_probe(Some(rule.probe));
                switch = Some(Box::new(Switch {
                    rule,
                    learn: false,
                    slices: Slices::default(),
                    resume: false,
                    root: Vec::new(),
                    may_move: false,
                    words: options.div_ceil(64) as u64
                        + if problem.has_colors() {
                            AUTO_COLOR_WORDS
                        } else {
                            0
                        },
                    problem: share(),
                    grouped: false,
                    subtrees: false,
                    parked: None,
                    chose: choice == Choice::Wdeg,
                }));
            }
            Inner::Bits(bits)
        } else {
            links_engine(problem)
        };
        Solver {
            engine,
            switch,
            floor: 0,
            buffer: Vec::new(),
            pause_nodes: u64::MAX,
            pace: None,
            choice,
        }
    }

    /// The probe of [`Engine::Auto`] (see the docs of [`crate::solver`]): moves the search to
    /// the links if `r` is at least the rule's ratio. On a solver for a problem of the
    /// learning engine's, the end of a slice of the portfolio ([`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)): moves
    /// the search to the other engine for the next slice if no solution has been found and
    /// the search is `whole` (not a split, whose subtrees named so far are this engine's),
    /// else ends the portfolio, the search staying where it is.
    #[cold]
    pub(super) fn probe(&mut self, whole: bool) {
        let Some(switch) = &self.switch else {
            return;
        };
        if switch.learn {
            let solutions = each!(&mut self.engine, e => e.counters_mut().solutions);
            if whole && solutions == 0 && self.floor == 0 && switch.slices.links != 0 {
                let over = self
                    .switch
                    .as_deref_mut()
                    .is_some_and(|switch| switch.slices.over(&mut self.engine));
                if over {
                    self.next_slice();
                }
            } else {
                self.end_portfolio();
            }
            return;
        }
        let stats = self.stats();
        let r = switch.words as f64 * stats.nodes as f64 / stats.updates.max(1) as f64;
        if r >= switch.rule.ratio {
            self.move_to_links();
        }
    }

    /// Moves the search from the bits to the links, at the node where it stands (the bits
    /// stopped before entering it): the links force and exclude the same options, replay the same
    /// choices with the same floor, and take over the counters and the work, so that the
    /// search goes on with the rest of the same tree.
    ///
    /// Not under [`Choice::Wdeg`]: the links replay each choice from the item DLX1 would
    /// branch on, and go on to that item's next options when they back up, which is the bits'
    /// level only where both chose the same item (weights the links never learned do not
    /// say which); so a weighted search stays on the bits.
    fn move_to_links(&mut self) {
        let (Some(switch), Inner::Bits(bits)) = (&mut self.switch, &mut self.engine) else {
            return;
        };
        if bits.choice() == Some(Choice::Wdeg) {
            return;
        }
        let (mut forced, mut choices) = (Vec::new(), Vec::new());
        bits.solution(&mut forced);
        bits.choices(&mut choices);
        forced.truncate(forced.len() - choices.len());
        let excluded = bits.excluded();
        let counters: Counters = bits.counters_mut().clone();
        let stats = bits.stats();
        let work = (stats.updates, stats.cleansings);
        let mut links = switch.parked.take().unwrap_or_else(|| {
            let mut links = links_engine(&switch.problem);
            each!(&mut links, e => e.set_choice(self.choice));
            links
        });
        match &mut links {
            Inner::Dlx(e) => e.take_over(&forced, &excluded, &choices, self.floor, counters, work),
            Inner::Dlx2(e) => e.take_over(&forced, &excluded, &choices, self.floor, counters, work),
            Inner::Bits(_)
            | Inner::Dlx3(_)
            | Inner::Mcc(_)
            | Inner::MccBits(_)
            | Inner::Propagate(_)
            | Inner::Learn(_)
            | Inner::Band(_) => {
                unreachable!("the links of a problem for the bits")
            }
        }
        switch.parked = Some(std::mem::replace(&mut self.engine, links));
    }

    /// Gives the engine parked by [`Engine::Auto`], if any, the rule of
    /// [`Solver::set_choice`], which is the caller's from now on.
    pub(super) fn set_parked_choice(&mut self, choice: Choice) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        switch.chose = false;
        if let Some(parked) = switch.parked.as_mut() {
            each!(parked, e => e.set_choice(choice));
        }
    }

    /// Notes an option forced or excluded (`Err`: a force refused) for the move of a solver
    /// that started on the learning engine.
    pub(super) fn note_root<E>(&mut self, change: Result<Root, E>) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if !switch.may_move {
            return;
        }
        match change {
            Ok(change) => switch.root.push(change),
            Err(_) => switch.may_move = false,
        }
    }

    /// Under [`Engine::Auto`], on a solver for a problem of the learning engine's, at the start
    /// of a search (no node entered, no level descended): runs the search as a portfolio
    /// ([`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)), the links' slice first, if the problem left by the options forced
    /// and excluded is nearly full ([`AUTO_FULL`], [`AUTO_NEAR`] within [`AUTO_MAX_OPTIONS`]),
    /// else on the learning engine, moving it from one to the other if it is not already
    /// there: the engine it moves to forces and excludes the same options and takes over the
    /// counters (the budget and the pauses), so the search is that engine's from its root.
    /// The learning engine is built at its first search.
    pub(super) fn settle_at_root(&mut self) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if !switch.learn || !switch.may_move {
            return;
        }
        let started = each!(&mut self.engine, e => e.counters_mut().nodes != 0);
        if self.floor != 0 || started {
            return;
        }
        switch.may_move = false;
        if switch.subtrees {
            if !matches!(self.engine, Inner::Learn(_)) {
                self.move_at_root();
            }
            return;
        }
        let open = match &self.engine {
            Inner::Dlx(links) => links.open_lengths(),
            _ => open_lengths(&switch.problem, &switch.root),
        };
        let fullness = open.fullness();
        let small = switch.problem.option_count() <= AUTO_MAX_OPTIONS;
        let near = if small { AUTO_NEAR } else { AUTO_FULL };
        let on_links = fullness >= near;
        if on_links == matches!(self.engine, Inner::Learn(_)) {
            self.move_at_root();
        }
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if matches!(self.engine, Inner::Dlx(_)) {
            switch.slices = Slices::first(&mut self.engine, open.items, small);
        }
    }

    /// The next slice of the portfolio ([`AUTO_TRY_MEMS`](super::AUTO_TRY_MEMS)), at the end of one that found no
    /// solution: the search moves to the other engine (the learning engine from its root the
    /// first time, built if need be; after that each engine resumes where it paused), which
    /// takes over the counters (so the budget and the pauses count both engines' nodes) and
    /// runs until the probe at the end of its slice. If the learning engine cannot take the
    /// search, the portfolio ends on the links.
    fn next_slice(&mut self) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        let to_learn = !matches!(self.engine, Inner::Learn(_));
        if switch.resume {
            let Some(mut to) = switch.parked.take() else {
                return self.end_portfolio();
            };
            *each!(&mut to, e => e.counters_mut()) =
                each!(&mut self.engine, e => e.counters_mut().clone());
            switch.parked = Some(std::mem::replace(&mut self.engine, to));
        } else {
            self.move_at_root();
        }
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if matches!(self.engine, Inner::Learn(_)) != to_learn {
            return self.end_portfolio();
        }
        switch.resume = true;
        switch.slices.next(&mut self.engine);
    }

    /// Ends the portfolio of a search: it stays on the engine it is on, to its end.
    fn end_portfolio(&mut self) {
        if let Some(switch) = self.switch.as_deref_mut() {
            switch.slices.links = 0;
        }
        each!(&mut self.engine, e => e.counters_mut().set_probe(None));
    }

    /// Marks a solver whose tree is handed out as subtrees (the thread that shares a count,
    /// or the cut of a parts plan), before it searches or forces anything: under
    /// [`Engine::Auto`], on a problem of the learning engine's, its searches run on the
    /// learning engine, as the subtrees do ([`Solver::settle_before_descent`]), whatever the
    /// fullness, so that the subtrees it names are of the tree they are counted in.
    ///
    /// The move is decided here, once for the problem: the learning engine is built now if
    /// it takes the problem, so that every clone of this solver (the top and each worker of
    /// a count) starts on it; else the solver stays on the links and never moves, which is
    /// what each search would find out again (the grouping test is a pass over the matrix:
    /// asked for each subtree, it made a count of 100,000 options `a b` on two threads
    /// quadratic).
    pub(crate) fn hand_out_subtrees(&mut self) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if switch.chose {
            // The subtrees are MRV's, so that a count's statistics on several threads are
            // those of one (each subtree would learn its own weights from 1).
            self.set_choice(Choice::Mrv);
            return;
        }
        if !switch.learn {
            return;
        }
        switch.subtrees = true;
        if !matches!(self.engine, Inner::Learn(_)) {
            self.move_at_root();
        }
        if !matches!(self.engine, Inner::Learn(_)) {
            self.switch = None;
        }
    }

    /// Under [`Engine::Auto`], on a solver for a problem of the learning engine's, before
    /// the first level descended ([`Solver::descend`]: a subtree of a count on several
    /// threads) or the first search of a split (which names subtrees): the search runs on
    /// the learning engine, whose tree names the subtrees.
    pub(super) fn settle_before_descent(&mut self) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        if !switch.learn || !switch.may_move || self.floor != 0 {
            return;
        }
        switch.may_move = false;
        if !matches!(self.engine, Inner::Learn(_)) {
            self.move_at_root();
        }
    }

    /// Moves a search that has not started (or the links' try, which starts again from its
    /// root) between the learning engine and the links, the one built (or parked) forcing
    /// and excluding the options of the root and taking over the counters; if one of them
    /// is refused (no search would then move), it stays where it is.
    fn move_at_root(&mut self) {
        let Some(switch) = self.switch.as_deref_mut() else {
            return;
        };
        let mut to = match switch.parked.take() {
            Some(parked) => parked,
            None if matches!(self.engine, Inner::Learn(_)) => {
                let mut links = links_engine(&switch.problem);
                each!(&mut links, e => e.set_choice(self.choice));
                links
            }
            None if (switch.grouped || Propagate::groups(&switch.problem))
                && Learn::fits(&switch.problem) =>
            {
                Inner::Learn(Box::new(Learn::on(&switch.problem)))
            }
            // Past the learning engine's limits: the links, as from the start.
            None => return,
        };
        each!(&mut to, e => e.reset());
        let replayed = switch.root.iter().try_for_each(|&change| match change {
            Root::Forced(o) => each!(&mut to, e => e.force(o as usize)),
            Root::Excluded(o) => each!(&mut to, e => e.exclude(o as usize)),
        });
        if replayed.is_err() {
            switch.parked = Some(to);
            return;
        }
        // The counters after the replay: those of a search the links' try began count its
        // nodes, which an engine would take for a search started and refuse the forces.
        *each!(&mut to, e => e.counters_mut()) =
            each!(&mut self.engine, e => e.counters_mut().clone());
        switch.parked = Some(std::mem::replace(&mut self.engine, to));
    }

    /// Puts back the engine a solver under [`Engine::Auto`] started on (the bits, or the
    /// learning engine once built) if the search runs on the links, with the links' counters
    /// (the budget and the pauses set since), for a reset to follow; parks the links for the
    /// next move. Tells the pace of the pauses by the clock that the search restarts.
    pub(super) fn back_to_start(&mut self) {
        self.floor = 0;
        if let Some(pace) = &mut self.pace {
            pace.restart();
        }
        let Some(switch) = &mut self.switch else {
            return;
        };
        switch.root.clear();
        switch.may_move = switch.learn;
        switch.slices.links = 0;
        switch.resume = false;
        if switch.learn {
            // The links' try, if any, was this search's (`settle_at_root` sets the next).
            each!(&mut self.engine, e => e.counters_mut().set_probe(None));
        }
        if !matches!(self.engine, Inner::Dlx(_) | Inner::Dlx2(_)) {
            return;
        }
        // On the links: the bits are parked (they started), or the learning engine once
        // built, or nothing (no search has run on the learning engine yet).
        let Some(mut start) = switch.parked.take() else {
            return;
        };
        let counters = each!(&mut self.engine, e => e.counters_mut().clone());
        *each!(&mut start, e => e.counters_mut()) = counters;
        switch.parked = Some(std::mem::replace(&mut self.engine, start));
    }
}
