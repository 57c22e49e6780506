//! What the front ends (`queens`, `langford`, `polyomino`, `polycube`) share: the flags
//! that say what to find and how hard to look (the shared flags of every command among them),
//! and the search, which is `dancing cover`'s ([`super::search`]), with its exit codes. Each front end builds its problem in the library and says how
//! to print a solution.

use std::io::{IsTerminal, Write};

use clap::{Args, ValueEnum};
use dancing::{Choice, Problem};

use super::Exit;
use super::common::{ChooseArgs, CommonArgs, EngineArgs, SeedArgs};
use super::memo::MemoArgs;
use super::report::Report;
use super::search::{Search, TEMPLATE};
use super::symmetry::{self, FrontSymmetryArgs};

/// What to find, and how hard to look.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every solution, a blank line between two.
    #[arg(long)]
    all: bool,
    /// Stop after N solutions (a count that reaches N is written `N+`: there may be more).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print the problem in Knuth's DLX format, exactly as it is solved, and stop (`dancing
    /// cover` reads it).
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "stats", "max_nodes", "max_time",
                                      "seed", "memo", "zdd", "sample"])]
    to_dlx: bool,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    choose: ChooseArgs,
    #[command(flatten)]
    seed: SeedArgs,
    #[command(flatten)]
    memo: MemoArgs,
    #[command(flatten)]
    symmetry: FrontSymmetryArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// When to color pictures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// When standard output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Whether to color what goes to standard output.
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// A problem to solve, as a front end hands it over.
pub struct Family<'a> {
    /// The problem.
    pub problem: &'a Problem,
    /// The problem in Knuth's format, for `--to-dlx`.
    pub to_dlx: &'a dyn Fn() -> String,
    /// Whether the solutions are counted up to symmetry, and how many symmetries there are.
    pub up_to: Option<usize>,
    /// The seed of the randomized restarts that a search for first solutions uses unless
    /// `--seed` says otherwise: `Some` where they were measured to help (see
    /// [`dancing::restart`]).
    pub seed: Option<u64>,
}

impl SolveArgs {
    /// Whether `--to-dlx` was given.
    pub fn to_dlx(&self) -> bool {
        self.to_dlx
    }

    /// Whether solutions are printed (not `--count`).
    pub fn prints_solutions(&self) -> bool {
        !self.count
    }

    /// Whether `--quiet` was given: a front end says nothing beside its output.
    pub fn quiet(&self) -> bool {
        self.common.quiet()
    }

    /// Solves `family` as the flags ask. `show` writes one solution (option indices) to the
    /// output; it is called for each solution found, unless `--count`.
    pub fn run(
        &self,
        family: &Family,
        mut show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
    ) -> anyhow::Result<Exit> {
        if self.to_dlx {
            let mut out = std::io::stdout().lock();
            out.write_all((family.to_dlx)().as_bytes())?;
            out.flush()?;
            return Ok(Exit::Success);
        }
        if self.symmetry.group || self.symmetry.up_to_symmetry {
            return self.symmetric(family.problem, show);
        }
        if self.memo.active() {
            if let Some(choice) = self.choose.choice().filter(|&c| c != Choice::Mrv) {
                anyhow::bail!(
                    "--choose {} runs on the search without the memo: leave out the memo's \
                     flags",
                    choice.name()
                );
            }
            let seed = self.seed.seed(Some(0)).unwrap_or(0);
            return self
                .memo
                .run(family.problem, self.count, seed, &self.common, show);
        }
        let report = Report::new(self.common.quiet(), self.common.progress(), TEMPLATE);
        let search = Search {
            problem: family.problem,
            engine: self.engine.engine(),
            choice: self.choose.choice(),
            count: self.count,
            all: self.all,
            limit: self.limit,
            // `--choose wdeg` searches in the problem's order: the command's default seed
            // gives way to it (an explicit `--seed` is refused with it).
            seed: self.seed.seed(
                family
                    .seed
                    .filter(|_| self.choose.choice() != Some(Choice::Wdeg)),
            ),
            common: &self.common,
        };
        let outcome = search.run(&report, &mut show)?;
        if self.common.stats() {
            report.write(&symmetry::group_order_line(family.problem, false));
        }
        if let Some(symmetries) = family.up_to
            && outcome.complete
            && !outcome.found.is_zero()
        {
            report.note(format!(
                "{} solutions up to symmetry: each stands for its distinct images under the \
                 problem's {symmetries} symmetries",
                outcome.found
            ));
        }
        Ok(outcome.exit)
    }

    /// Runs `--group` and `--up-to-symmetry` on the problem as built.
    fn symmetric(
        &self,
        problem: &Problem,
        show: impl FnMut(&mut dyn Write, &[usize]) -> anyhow::Result<()>,
    ) -> anyhow::Result<Exit> {
        if self.memo.active()
            || self.seed.seed.is_some()
            || self.engine.engine() != dancing::Engine::Auto
        {
            anyhow::bail!(
                "--group and --up-to-symmetry take the problem as built: leave out --seed, \
                 --engine and the memo's flags"
            );
        }
        if self.symmetry.group {
            return symmetry::print_group(
                problem,
                |i| symmetry::item_name(problem, i),
                &self.common,
            );
        }
        if self.count {
            if self.limit.is_some() {
                anyhow::bail!("--count --up-to-symmetry counts every family: leave out --limit");
            }
            return symmetry::print_count(
                problem,
                true,
                dancing::Engine::Auto,
                &self.common,
                super::interrupted,
            );
        }
        if !self.all && self.limit.is_none() {
            anyhow::bail!("--up-to-symmetry goes with --count, --all or --limit");
        }
        symmetry::print_families(problem, &self.common, self.limit, show)
    }
}
