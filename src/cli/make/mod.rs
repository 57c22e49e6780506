//! `dancing sudoku` and its actions `generate`, `rate` and `hint`: argument definitions and
//! output only; the puzzles, ratings and hints come from
//! `dancing::sudoku::{generate, rate, hint}`.
//!
//! This file owns the command and its dispatch: to the solver of `super::sudoku`, or to an
//! action, each in a file of its own (`generate.rs`, `rate.rs`, `hint.rs`). `hint.rs` takes
//! its output format from `rate.rs`; the actions import nothing else from each other.

mod generate;
mod hint;
mod rate;

use clap::{Args, Subcommand};

use super::Exit;
use generate::{GenerateArgs, generate};
use hint::{HintArgs, hint_one};
use rate::{RateArgs, rate_all};

/// Solve Sudoku puzzles: one from standard input, or whole files and directories of them.
///
/// Input formats, detected for each file (or forced with --input-format): a grid (nine lines of nine digits separated by
/// spaces, 0 = blank, as in programming contests; or nine characters a line, `.` or `0`
/// blank; `|` and separator lines ignored); one puzzle a line (81 characters, `.` `0` or `_`
/// blank, anything after a space, tab, `,`, `;` or `:` ignored; `#` lines skipped); or CSV
/// with a `puzzle` or `quizzes` column.
///
/// Exit codes: 0 every puzzle solved; 1 some puzzle unsolvable, invalid (two equal givens in
/// a unit), or not unique under --unique; 2 usage error, or input that could not be read or
/// parsed (the rest of the batch is still solved); 3 --max-nodes or --max-time ran out on
/// some puzzle.
///
/// Also `dancing sudoku generate`, `rate` and `hint` (each with its own --help): make
/// puzzles, rate their difficulty, explain the next step.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  \
    dancing sudoku < puzzles/classic.txt          one grid in, the solved grid out\n  \
    dancing sudoku puzzles/batch/                 every puzzle of every file, a line each\n  \
    dancing sudoku --format jsonl --unique FILE   a JSON object per puzzle\n  \
    dancing sudoku --count --limit 10 FILE        how many solutions, up to 10 (10+: more)\n  \
    dancing sudoku generate --count 10 --seed 1   ten minimal puzzles"
)]
pub struct SudokuCommand {
    #[command(subcommand)]
    action: Option<Action>,
    #[command(flatten)]
    solve: super::sudoku::SudokuArgs,
}

/// The actions. As the top-level subcommands are, each one's arguments are defined only when
/// it runs (`defer`): building the three actions' definitions took 107,000 of the 1.22
/// million instructions of a run of `dancing sudoku` on one puzzle. So the list in `dancing
/// sudoku --help` reads these summaries, the first paragraph of each action's own `--help`
/// (a test checks that they agree).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
enum Action {
    /// Make minimal puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// Rate puzzles: a difficulty band read from the exact-cover search.
    Rate(RateArgs),
    /// Explain the next step a person could take, from the exact-cover view.
    Hint(HintArgs),
}

/// Runs `dancing sudoku` or one of its actions.
pub fn run(command: SudokuCommand) -> anyhow::Result<Exit> {
    match command.action {
        None => super::sudoku::run(command.solve),
        Some(Action::Generate(args)) => generate(&args),
        Some(Action::Rate(args)) => rate_all(&args),
        Some(Action::Hint(args)) => hint_one(&args),
    }
}
