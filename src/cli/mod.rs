//! The command line: argument definitions (their `///` docs are the `--help` text), exit
//! codes, and the dispatch to each subcommand. The flags every command shares are in
//! [`common`], what goes to stderr in [`report`].

mod common;
mod cover;
mod generate;
mod input;
mod langford;
mod make;
mod memo;
mod mincost;
mod parts;
mod polyomino;
mod queens;
pub mod report;
mod search;
mod serve;
mod solve;
mod sudoku;
mod symmetry;
mod walk;

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

use clap::{Parser, Subcommand};

/// Exact cover by Dancing Links (Knuth's Algorithm X), and a Sudoku solver built on it.
///
/// Exit codes: 0 success; 1 no solution (or some puzzle not solved); 2 usage or input error;
/// 3 a budget (--max-nodes, --max-time) ran out before the answer was known; 4 some parts have
/// no result (cover --merge); 130 interrupted (Ctrl-C), after a summary of how far the work got.
///
/// Shell completions and the man page: `dancing --generate complete-bash` (or complete-zsh,
/// complete-fish, complete-powershell, man); the README says where to put them.
#[derive(Debug, Parser)]
#[command(
    version,
    propagate_version = true,
    max_term_width = 100,
    args_conflicts_with_subcommands = true,
    arg_required_else_help = true
)]
pub struct Cli {
    /// Print shell completions or the man page of dancing, and exit.
    #[arg(long, value_name = "KIND", value_enum)]
    generate: Option<generate::Kind>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands. Each one's arguments are defined only when it runs (`defer`): building
/// the definitions of all of them took 430,000 of the 1.89 million instructions of a run that
/// solves one puzzle. So the list in `dancing --help` reads these summaries, the first
/// paragraph of each one's own `--help` (a test checks that they agree).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
enum Command {
    /// Solve an exact-cover problem in Knuth's DLX format (as read by his DLX1, DLX2 and DLX3).
    Cover(cover::CoverArgs),
    /// Solve Sudoku puzzles: one from standard input, or whole files and directories of them.
    Sudoku(make::SudokuCommand),
    /// Place N queens on an NxN board so that no two attack each other.
    Queens(queens::QueensArgs),
    /// Arrange two 1s, two 2s, ..., two Ns in a row so that the two copies of each k have k
    /// numbers between them (Langford pairs; solutions exist when N mod 4 is 0 or 3).
    Langford(langford::LangfordArgs),
    /// Pack polyominoes (pieces of squares) into a board: Scott's pentomino problem and its kin.
    Polyomino(polyomino::PolyominoArgs),
    /// Pack polycubes (pieces of cubes) into a box: the Soma cube and its kin.
    Polycube(polyomino::PolycubeArgs),
    /// Serve a local web page and a JSON API: Sudoku (solve, check, hint, rate, generate, print)
    /// and exact cover (first solutions, counts), for a browser or a script.
    Serve(serve::args::ServeArgs),
}

/// The exit codes of `dancing`, as documented in `--help`, the README and `docs/guide.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything asked for was found.
    Success = 0,
    /// No solution exists (or, in a batch, some puzzle was not solved).
    NoSolution = 1,
    /// Bad usage, or input that could not be read or parsed.
    Error = 2,
    /// A budget (nodes or time) ran out before the answer was known.
    GaveUp = 3,
    /// Some parts of a split count have no result (`cover --merge`): they are listed.
    Incomplete = 4,
    /// Interrupted by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// Set by the Ctrl-C (SIGINT) handler; long work checks it between steps and stops cleanly.
pub(crate) static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// Whether Ctrl-C has been pressed.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Runs the chosen subcommand; `words` are the command line's words as parsed into `cli`
/// (`serve` hands those after its name to the server).
pub fn run(cli: Cli, words: &[OsString]) -> anyhow::Result<Exit> {
    // Without the handler, Ctrl-C kills the process at once: no summary, a half-written line.
    // If it cannot be installed, that is still what happens, which is acceptable. The handler
    // only sets a flag, so it needs no thread of its own (starting one took 0.1 ms of the 1
    // ms that solving one puzzle from standard input takes).
    if signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&INTERRUPTED)).is_ok() {
        input::stop_blocked_reads();
    }
    // Without a subcommand, clap has required `--generate` (`arg_required_else_help`).
    let Some(command) = cli.command else {
        return match cli.generate {
            Some(kind) => generate::run(kind),
            None => anyhow::bail!("a subcommand or --generate is needed: see dancing --help"),
        };
    };
    match command {
        Command::Cover(args) => cover::run(args),
        Command::Sudoku(args) => make::run(args),
        Command::Queens(args) => queens::run(args),
        Command::Langford(args) => langford::run(args),
        Command::Polyomino(args) => polyomino::run_polyomino(args),
        Command::Polycube(args) => polyomino::run_polycube(args),
        // `dancing` takes no option before its subcommand but `--help` and `--version`, which
        // exit: `serve` is the second word.
        Command::Serve(_) => serve::run(words.get(2..).unwrap_or_default()),
    }
}

/// Whether the error is a write to a closed pipe (`dancing ... | head -1`): not a failure.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// The list of `dancing --help` (each subcommand's summary, defined before its arguments
    /// are) says what each subcommand's own `--help` says first (its arguments' definition);
    /// so does the list of `dancing sudoku --help` for its actions.
    #[test]
    fn the_list_of_subcommands_reads_each_ones_own_summary() {
        fn agree(listed: &clap::Command, built: &clap::Command) {
            let about = |command: &clap::Command| command.get_about().map(ToString::to_string);
            assert!(listed.get_subcommands().next().is_some());
            for subcommand in listed.get_subcommands() {
                let name = subcommand.get_name();
                let own = built.find_subcommand(name).expect("the same subcommands");
                assert!(about(subcommand).is_some(), "{name} has no summary");
                assert_eq!(about(subcommand), about(own), "{name}");
            }
        }
        let mut built = super::Cli::command();
        built.build();
        agree(&super::Cli::command(), &built);
        // The actions as `dancing sudoku` lists them: its own arguments defined, theirs not.
        let sudoku =
            <super::make::SudokuCommand as clap::Args>::augment_args(clap::Command::new("sudoku"));
        let built_sudoku = built.find_subcommand("sudoku").expect("dancing sudoku");
        agree(&sudoku, built_sudoku);
    }
}
