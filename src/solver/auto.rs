//! The strategy of [`Engine::Auto`] and the registry of engines: which engine runs which
//! problem ([`Solver::with_engine`]'s choice, [`Inner`]), the constants of the choice
//! ([`AUTO_MAX_OPTIONS`] and the probe, [`AUTO_PROBE_NODES`] and [`AUTO_SWITCH_RATIO`]), and the
//! move of a search from the bits to the links at the probe and back at a reset ([`Switch`]).
//! Why these numbers, and what the move keeps, is in the docs of [`crate::solver`], "Which
//! engine".

use std::sync::Arc;

use super::{Engine, Solver};
use crate::engine::band::Band;
use crate::engine::bits::Bits;
use crate::engine::bits::table::Table;
use crate::engine::dlx::Dlx;
use crate::engine::dlx2::Dlx2;
use crate::engine::dlx3::Dlx3;
use crate::engine::learn::Learn;
use crate::engine::propagate::Propagate;
use crate::engine::{Counters, Search};
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

/// What a solver under [`Engine::Auto`] that started on the bits needs to move its search to
/// the links, and back to the bits at a reset.
#[derive(Clone, Debug)]
pub(super) struct Switch {
    rule: Rule,
    /// The words of the bit engine's bitsets: its options over 64, rounded up.
    words: u64,
    /// The problem, to build the links at the first move.
    problem: Arc<Problem>,
    /// The engine not running now: the bits while the links run; the links, once built,
    /// while the bits run (reset at the next move, so a solver builds them once).
    parked: Option<Inner>,
}

/// The engine a solver runs.
#[derive(Clone, Debug)]
pub(super) enum Inner {
    Dlx(Dlx),
    Bits(Bits),
    Dlx2(Dlx2),
    Dlx3(Dlx3),
    Propagate(Propagate),
    /// Boxed: its state is the largest.
    Learn(Box<Learn>),
    Band(Band),
}

/// The links engine for a problem without multiplicities: DLX2 with colors, else DLX1.
fn links_engine(problem: &Problem) -> Inner {
    if problem.has_colors() {
        Inner::Dlx2(Dlx2::new(problem))
    } else {
        Inner::Dlx(Dlx::new(problem))
    }
}

/// Runs `$body` with `$e` bound to the solver's engine, whichever it is.
macro_rules! each {
    ($inner:expr, $e:ident => $body:expr) => {
        match $inner {
            Inner::Dlx($e) => $body,
            Inner::Bits($e) => $body,
            Inner::Dlx2($e) => $body,
            Inner::Dlx3($e) => $body,
            Inner::Propagate($e) => $body,
            Inner::Learn($e) => $body,
            Inner::Band($e) => $body,
        }
    };
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
        })
    }

    /// [`Solver::with_engine`], with `rule` for [`Engine::Auto`].
    pub(super) fn with_rule(problem: &Problem, engine: Engine, rule: Rule) -> Solver {
        // Asked for by name, the propagating and learning engines fall back to the links
        // where they cannot run (see `Engine::refusal`).
        // Under `Auto`, the bit table is built once, for the grouped frames' detection and
        // then, if they do not take the problem, for the bits.
        let table = (engine == Engine::Auto && !problem.has_colors() && Bits::fits(problem))
            .then(|| Arc::new(Table::new(problem)));
        // Under `Auto`, the learning engine takes the problems that the propagating engine's
        // grouped frames take (Sudoku of 16x16, 25x25 and 36x36): faster there than the
        // propagation alone and the bits, and it solves the published 25x25 and 36x36
        // puzzles that the others do not (see the module docs, "Which engine").
        let learn = match engine {
            Engine::Learn => Learn::fits(problem),
            Engine::Auto => match &table {
                Some(table) => Propagate::grouped_on(table).is_some(),
                // Past the bits' limits, only where there are choices to learn from: at
                // least four options a primary item on average (36x36 Sudoku has nine; a
                // chain of forced levels, one, runs on the links in no time).
                None => {
                    Learn::fits(problem)
                        && !Bits::fits(problem)
                        && problem.option_count() >= 4 * problem.primary_items()
                        && Propagate::grouped(problem).is_some()
                }
            },
            _ => false,
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
        let fits = engine != Engine::Links && !problem.has_multiplicities() && Bits::fits(problem);
        let options = if fits { Bits::options(problem) } else { 0 };
        let bits = fits && (engine == Engine::Bits || options <= AUTO_MAX_OPTIONS);
        let mut switch = None;
        let engine = if learn {
            Inner::Learn(Box::new(Learn::on(problem)))
        } else if let Some(propagate) = propagate {
            Inner::Propagate(propagate)
        } else if problem.has_multiplicities() {
            Inner::Dlx3(Dlx3::new(problem))
        } else if bits {
            let mut bits = match table {
                Some(table) => Bits::on(problem, table),
                None => Bits::new(problem),
            };
            if engine == Engine::Auto {
                bits.counters_mut().set_probe(Some(rule.probe));
                switch = Some(Box::new(Switch {
                    rule,
                    words: options.div_ceil(64) as u64,
                    problem: Arc::new(problem.clone()),
                    parked: None,
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
        }
    }

    /// The probe of [`Engine::Auto`] (see the docs of [`crate::solver`]): moves the search to
    /// the links if `r` is at least the rule's ratio.
    #[cold]
    pub(super) fn probe(&mut self) {
        let Some(switch) = &self.switch else {
            return;
        };
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
    fn move_to_links(&mut self) {
        let (Some(switch), Inner::Bits(bits)) = (&mut self.switch, &mut self.engine) else {
            return;
        };
        let (mut forced, mut choices) = (Vec::new(), Vec::new());
        bits.solution(&mut forced);
        bits.choices(&mut choices);
        forced.truncate(forced.len() - choices.len());
        let excluded = bits.excluded();
        let counters: Counters = bits.counters_mut().clone();
        let stats = bits.stats();
        let work = (stats.updates, stats.cleansings);
        let mut links = switch
            .parked
            .take()
            .unwrap_or_else(|| links_engine(&switch.problem));
        match &mut links {
            Inner::Dlx(e) => e.take_over(&forced, &excluded, &choices, self.floor, counters, work),
            Inner::Dlx2(e) => e.take_over(&forced, &excluded, &choices, self.floor, counters, work),
            Inner::Bits(_)
            | Inner::Dlx3(_)
            | Inner::Propagate(_)
            | Inner::Learn(_)
            | Inner::Band(_) => {
                unreachable!("the links of a problem for the bits")
            }
        }
        switch.parked = Some(std::mem::replace(&mut self.engine, links));
    }

    /// Puts back the bits if [`Engine::Auto`] moved the search to the links, with the links'
    /// counters (the budget and the pauses set since), for a reset to follow; parks the links
    /// for the next move.
    pub(super) fn back_to_start(&mut self) {
        self.floor = 0;
        let Some(switch) = &mut self.switch else {
            return;
        };
        if matches!(self.engine, Inner::Bits(_)) {
            return;
        }
        let mut bits = switch
            .parked
            .take()
            .expect("the bits are parked while the links run");
        let counters = each!(&mut self.engine, e => e.counters_mut().clone());
        *each!(&mut bits, e => e.counters_mut()) = counters;
        switch.parked = Some(std::mem::replace(&mut self.engine, bits));
    }
}
