//! `dancing sudoku hint`: its arguments, and the run that writes the next step (or every
//! step) of one puzzle, as `dancing::sudoku::hint` finds it.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use dancing::sudoku::hint;

use crate::cli::Exit;

/// Explain the next step a person could take, from the exact-cover view.
///
/// A cell with one candidate left ("r3c4 can only be 7") or a digit with one place left in a
/// house ("in row 5, 3 can only go in c8"; with the variant flags also a jigsaw region, a
/// diagonal, a window or an extra region: "in the main diagonal, 4 can only go in r2c2"; the
/// anti-knight and anti-king rules remove candidates but name no place of their own). With
/// --all-steps, the whole solve as such steps; where singles run out, it says so and names
/// the cell with the fewest candidates. Digits are named as the puzzle writes them (a 25x25
/// board in A-Y: "r6c11 can only be B"); JSON's `digit` is the number.
#[derive(Debug, Args)]
pub(super) struct HintArgs {
    /// A file with one puzzle (the first is used); standard input when absent or `-`.
    path: Option<PathBuf>,
    /// Every step until the grid is full or singles run out.
    #[arg(long)]
    all_steps: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: HintFormat,
    #[command(flatten)]
    shape: crate::cli::sudoku::ShapeArgs,
    /// No message about an invalid puzzle: the exit code and the output tell everything (a
    /// hint is reasoning, not a search, so it takes no threads, budgets or statistics).
    #[arg(short, long)]
    quiet: bool,
}

/// How the steps are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum HintFormat {
    /// Each step in words ("r3c4 can only be 7"), then how the steps ended.
    Line,
    /// One JSON object a step (row, col, digit, text), then one for the end (end, text).
    Jsonl,
}

pub(super) fn hint_one(args: &HintArgs) -> anyhow::Result<Exit> {
    let variants = args.shape.variants()?;
    let (name, reader): (String, Box<dyn io::BufRead>) = match &args.path {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file = std::fs::File::open(path).with_context(|| format!("{name}: cannot read"))?;
            (name, Box::new(crate::cli::input::file(file)))
        }
        _ => ("<stdin>".into(), Box::new(crate::cli::input::stdin())),
    };
    let puzzle = match variants.reader(reader).next() {
        Some(entry) => entry.map_err(|e| anyhow::anyhow!("{name}:{e}"))?,
        None => anyhow::bail!("{name}: no puzzle found"),
    };
    let rules = variants
        .rules(puzzle.grid.shape())
        .with_context(|| format!("{name}:{}", puzzle.line))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let jsonl = args.format == HintFormat::Jsonl;
    let (steps, end) = if args.all_steps {
        let path = hint::solve_path_under(&rules, &puzzle.grid);
        (path.steps, Some(path.end))
    } else {
        match hint::next_under(&rules, &puzzle.grid) {
            Ok(step) => (vec![step], None),
            Err(end) => (Vec::new(), Some(end)),
        }
    };
    // The digits in the words as the puzzle writes them (`B` on a board in `A`-`Y`).
    let symbols = puzzle.symbols;
    for step in &steps {
        if jsonl {
            writeln!(out, "{}", step.record(symbols))?;
        } else {
            writeln!(out, "{}", step.text(symbols))?;
        }
    }
    let exit = match &end {
        Some(stuck @ hint::Stuck::Conflict(conflict)) => {
            // As `dancing sudoku` says it: the puzzle is invalid, and no step is given.
            out.flush()?;
            if !args.quiet {
                crate::cli::report::say(format_args!(
                    "{name}:{}: invalid: {}",
                    puzzle.line,
                    conflict.text(symbols)
                ));
            }
            if jsonl {
                writeln!(out, "{}", stuck.record(symbols))?;
            }
            Exit::NoSolution
        }
        Some(stuck) => {
            if jsonl {
                writeln!(out, "{}", stuck.record(symbols))?;
            } else {
                writeln!(out, "{}", stuck.text(symbols))?;
            }
            if matches!(stuck, hint::Stuck::Contradiction(_)) {
                Exit::NoSolution
            } else {
                Exit::Success
            }
        }
        None => Exit::Success,
    };
    out.flush()?;
    Ok(exit)
}
