//! `dancing serve`: the arguments of the local web page and JSON API; the server is the
//! library's ([`dancing::serve`]).

use std::io::Write;
use std::net::IpAddr;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use dancing::serve::Config;

use super::Exit;

/// Serve a local web page and a JSON API: Sudoku (solve, check, hint, rate, generate, print)
/// and exact cover (first solutions, counts), for a browser or a script.
///
/// The first line on standard output is the page's address, `http://127.0.0.1:PORT/`. Ctrl-C
/// or SIGTERM stops the server cleanly (exit 0). The API is described in docs/guide.md.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing serve\n  \
    dancing serve --port 0 --jobs 4\n  \
    curl --data-binary @puzzles/exact-cover/nqueens-8.dlx http://127.0.0.1:8080/api/cover/count")]
pub struct ServeArgs {
    /// The address to listen on; another than loopback makes the server reachable from other
    /// machines.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The port; 0 takes a free one.
    #[arg(long, value_name = "P", default_value_t = 8080)]
    port: u16,
    /// Searches that run at once (default: the cores).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Searches that may wait for a thread; a request beyond is answered 503.
    #[arg(long, value_name = "N", default_value_t = 64)]
    queue: usize,
    /// The longest a search may run; a request's max_time is capped at it.
    #[arg(long, value_name = "TIME", default_value = "60s",
          value_parser = dancing::units::parse_duration)]
    max_time: Duration,
    /// The most nodes a search may visit; a request's max_nodes is capped at it.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// The largest request body, in bytes; a larger one is answered 413.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    body_limit: usize,
}

/// Runs `dancing serve` until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> anyhow::Result<Exit> {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let config = Config {
        bind: args.bind,
        port: args.port,
        jobs,
        queue: args.queue,
        body_limit: args.body_limit,
        max_time: args.max_time,
        max_nodes: args.max_nodes,
    };
    dancing::serve::run(config, |bound| {
        // An IPv6 address is written in brackets, as a URL writes it.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "http://{bound}/");
        let _ = out.flush();
    })
    .with_context(|| format!("cannot serve on {}:{}", args.bind, args.port))?;
    Ok(Exit::Success)
}
