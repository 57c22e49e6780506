//! The `dancing` command: parses the arguments, runs the command, maps the result to an exit
//! code. Everything else lives in the library and in the small `cli` modules.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code.into(),
        Err(err) if cli::is_broken_pipe(&err) => cli::Exit::Success.into(),
        Err(err) => {
            cli::report::say(format!("{err:#}"));
            cli::Exit::Error.into()
        }
    }
}
