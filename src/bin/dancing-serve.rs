//! `dancing-serve`: the local web page and JSON API of `dancing serve`, an executable of its
//! own so that the server's crates (tokio, hyper, axum) are linked here and not into
//! `dancing`. `dancing serve ARGS` checks ARGS and runs this with them (`src/cli/serve/`);
//! run directly, it reads the same arguments, defined once in `src/cli/serve/args.rs`, and
//! speaks as `dancing serve` does: the same `--help` and messages.
//!
//! The server is the library's ([`dancing::serve`]); this only parses, prints the address
//! and maps the result to an exit code: 0 when Ctrl-C or SIGTERM stopped it, 2 when it
//! could not start (the address taken, a usage error).

#[path = "../cli/serve/args.rs"]
mod args;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

// The command line: `dancing serve`'s arguments, under that name. (No `///` here: it would
// be the `--help` text, in place of `ServeArgs`'s.)
#[derive(Debug, Parser)]
#[command(
    name = "dancing serve",
    bin_name = "dancing serve",
    version,
    max_term_width = 100
)]
struct Cli {
    #[command(flatten)]
    args: args::ServeArgs,
}

fn main() -> ExitCode {
    let args = Cli::parse().args;
    let config = args.config();
    let (bind, port) = (config.bind, config.port);
    let served = dancing::serve::run(config, |bound| {
        // An IPv6 address is written in brackets, as a URL writes it.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "http://{bound}/");
        let _ = out.flush();
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // As `dancing` says its errors (src/cli/report.rs), dropped if stderr is closed.
            let message = format!("dancing: cannot serve on {bind}:{port}: {err}\n");
            let _ = std::io::stderr().lock().write_all(message.as_bytes());
            ExitCode::from(2)
        }
    }
}
