//! The arguments of `dancing serve`, defined once for the two binaries that read them:
//! `dancing`, which checks them (its `--help` and its usage errors) before it runs the
//! server, and `dancing-serve`, the server, which reads them again from the same words
//! (`src/bin/dancing-serve.rs` includes this file by its path). So this file names nothing of
//! either binary's own: only clap and the library.

use std::net::IpAddr;
use std::time::Duration;

use clap::Args;
use dancing::serve::Config;

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
    /// The longest a request's head may take to arrive, and then its body: a slower client is
    /// let go (its connection closed, or 408), so that stalled clients hold nothing for long.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = some_time)]
    read_timeout: Duration,
    /// A name the server answers to beyond localhost and its addresses (repeat for more): a
    /// request with another Host is refused, against DNS rebinding.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
}

impl ServeArgs {
    /// The server's configuration: the arguments, with `--jobs` defaulting to the cores.
    pub fn config(&self) -> Config {
        let jobs = self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |n| n as usize,
        );
        Config {
            bind: self.bind,
            port: self.port,
            jobs,
            queue: self.queue,
            body_limit: self.body_limit,
            max_time: self.max_time,
            max_nodes: self.max_nodes,
            read_timeout: self.read_timeout,
            allowed_hosts: self.allow_host.clone(),
        }
    }
}

/// A duration as `--max-time` reads it, but not zero: a timeout of nothing would let no
/// request in.
fn some_time(text: &str) -> Result<Duration, String> {
    match dancing::units::parse_duration(text)? {
        Duration::ZERO => Err("expected a time longer than 0".into()),
        time => Ok(time),
    }
}
