//! The `dancing` command: parses the arguments, runs the command, maps the result to an exit
//! code. Everything else lives in the library and in the small `cli` modules.

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

fn main() -> ExitCode {
    let args = parse();
    match cli::run(args) {
        Ok(code) => code.into(),
        Err(err) if cli::is_broken_pipe(&err) => cli::Exit::Success.into(),
        Err(err) => {
            cli::report::say(format!("{err:#}"));
            cli::Exit::Error.into()
        }
    }
}

/// Reads the command line as `clap::Parser::parse` does (the same messages and exit codes),
/// but leaves the command's definition and the parsed matches to the process's exit instead
/// of dropping them: freeing the definition of every subcommand's arguments cost 140,000 of
/// the 1.30 million instructions that a run on an empty file takes (`valgrind
/// --tool=callgrind`), where a batch of 300 puzzles takes 11 million in all.
fn parse() -> cli::Cli {
    let mut command = cli::Cli::command();
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|mut matches| {
            let args = cli::Cli::from_arg_matches_mut(&mut matches);
            std::mem::forget(matches);
            args
        });
    match parsed {
        Ok(args) => {
            std::mem::forget(command);
            args
        }
        Err(err) => err.format(&mut command).exit(),
    }
}
