//! `dancing serve`: a local web page and a JSON API over the library, for people who do not
//! live in a terminal and for scripts and notebooks.
//!
//! The server owns no decision of its own about puzzles or problems: every handler reads its
//! input with the readers the command line uses, calls the same library functions, and answers
//! the same JSON records (`sudoku --format jsonl`'s for a puzzle, [`crate::Total`]'s
//! `{"count":…}` for a count). What it adds is what a server must keep:
//!
//! - **Bounded work.** Every search runs on a blocking thread of the [`pool`], at most
//!   [`Config::jobs`] at once, behind a queue of at most [`Config::queue`] waiting searches;
//!   a request that finds the queue full is answered 503 at once. Bodies are cut at
//!   [`Config::body_limit`] bytes (413), and a memo table at [`MEMO_BYTES`]; the bytes of the
//!   bodies held at once are at most ([`Config::jobs`] + [`Config::queue`] + [`MORE_BODIES`])
//!   times [`Config::body_limit`], counted as they arrive (503 past them), so that the memory
//!   of the bodies and of the searches is bounded whatever the requests.
//! - **Clients that stall.** A request's head and its body must each arrive within
//!   [`Config::read_timeout`] (the connection closed, or 408), and a request takes a place of
//!   the pool only once its body is in (`intake`): clients that send a head and then nothing
//!   keep no one else waiting, and are let go when their clock runs out (`listen`).
//! - **Requests of this machine's pages only.** A `Host` that is not one of the server's
//!   names (DNS rebinding) and an `Origin` other than its own page (a cross-site request)
//!   are refused with 403 (`guard`).
//! - **Budgets.** `?max_time=2s&max_nodes=N` as the command line's `--max-time` and
//!   `--max-nodes`, each capped by the server's own ([`Config::max_time`],
//!   [`Config::max_nodes`]): no request searches longer than the server allows.
//! - **Searches that stop.** A search whose client goes away (a closed connection, the page's
//!   Stop button) is stopped: the handler's future, dropped by the server, raises the search's
//!   stop flag, which the search reads at its pauses ([`crate::PAUSE_TIME`]).
//! - **No panic reaches the server.** A search that panics answers 500; the server lives on.
//!
//! The page (`GET /`) is one HTML file, one style sheet and two plain scripts, inside the
//! binary (`page.rs`, `page/`); nothing is fetched at run time. The endpoints are listed in
//! `docs/guide.md`.

mod api;
mod cover;
mod guard;
mod intake;
mod listen;
mod page;
mod picture;
pub mod pool;
mod sudoku;

use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tokio::sync::Semaphore;

use self::pool::Pool;

/// The most bytes a memo table of a count may take on the server (`memo=1`): with
/// [`Config::jobs`] counts at once, the memory of the server stays below jobs times this.
pub const MEMO_BYTES: usize = 64 << 20;

/// How the server runs: its address, its pool, its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on: loopback unless another is asked for.
    pub bind: IpAddr,
    /// The port; 0 takes a free one.
    pub port: u16,
    /// Searches that run at once, each on a thread of its own.
    pub jobs: usize,
    /// Searches that may wait for a thread; one more is answered 503.
    pub queue: usize,
    /// The largest body read, in bytes; a larger one is answered 413.
    pub body_limit: usize,
    /// The longest a search may run: a request's `max_time` is capped at it.
    pub max_time: Duration,
    /// The most nodes a search may visit, if bounded: a request's `max_nodes` is capped at it.
    pub max_nodes: Option<u64>,
    /// The longest a request's head may take to arrive, and then its body: a client slower
    /// than that is let go (the connection closed, or 408).
    pub read_timeout: Duration,
    /// Names the server answers to beyond `localhost` and its addresses (a request with
    /// another `Host` is refused, see `guard`).
    pub allowed_hosts: Vec<String>,
}

impl Default for Config {
    /// Loopback, port 8080, two jobs, a queue of 64, bodies of 1 MiB, 60 s a search, 10 s
    /// to read a head and a body, no other name.
    fn default() -> Config {
        Config {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            jobs: 2,
            queue: 64,
            body_limit: 1 << 20,
            max_time: Duration::from_secs(60),
            max_nodes: None,
            read_timeout: Duration::from_secs(10),
            allowed_hosts: Vec::new(),
        }
    }
}

/// The bodies the server holds at once beyond those of the searches running and queued, in
/// units of [`Config::body_limit`]: room for the bodies being read and those of the answers
/// that do not search (a puzzle read, a picture drawn), while every search thread is busy and
/// the queue full.
pub const MORE_BODIES: usize = 64;

/// What every handler shares: the limits and the pool.
#[derive(Debug)]
pub(crate) struct State {
    /// The server's configuration.
    pub(crate) config: Config,
    /// The threads of the searches.
    pub(crate) pool: Pool,
    /// A permit for each byte of the bodies held (see `intake`).
    pub(crate) bodies: Arc<Semaphore>,
}

/// The router: the page, its files and the API, behind `guard` (the `Host` and the
/// `Origin`), then `intake` (the body read whole).
fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/style.css", get(page::style))
        .route("/app.js", get(page::script))
        .route("/cover.js", get(page::cover_script))
        .route("/favicon.svg", get(page::icon))
        .route("/favicon.ico", get(page::icon))
        .route("/api/sudoku/choices", get(sudoku::choices))
        .route("/api/sudoku/read", post(sudoku::read))
        .route("/api/sudoku/solve", post(sudoku::solve))
        .route("/api/sudoku/hint", post(sudoku::hint))
        .route("/api/sudoku/rate", post(sudoku::rate))
        .route("/api/sudoku/candidates", post(sudoku::candidates))
        .route("/api/sudoku/generate", get(sudoku::generate))
        .route("/api/sudoku/svg", post(sudoku::svg))
        .route("/api/cover/count", post(cover::count))
        .route("/api/cover/solve", post(cover::solve))
        .route("/api/cover/cheapest", post(cover::cheapest))
        .route(
            "/api/picture/{kind}",
            get(picture::first).post(picture::draw),
        )
        .route("/api/export/{kind}", get(picture::export))
        .fallback(api::not_found)
        // The body is read, and its limit kept, by `intake`, before the handlers.
        .layer(DefaultBodyLimit::disable())
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            intake::intake,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            guard::guard,
        ))
        .with_state(state)
}

/// Runs the server until Ctrl-C or SIGTERM: binds the address, calls `ready` with the address
/// bound (the port chosen when 0 was asked), then answers requests. Either signal stops it
/// cleanly: no new connection is taken, and the answers under way are finished.
///
/// # Errors
/// When the runtime cannot start or the address cannot be bound.
pub fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> io::Result<()> {
    // The server's own threads only read and write sockets; the searches run on the pool's
    // blocking threads, at most `jobs` at once.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::new(config.bind, config.port)).await?;
        ready(listener.local_addr()?);
        let read_timeout = config.read_timeout;
        let state = Arc::new(State {
            pool: Pool::new(config.jobs, config.queue),
            bodies: Arc::new(Semaphore::new(intake::budget(&config))),
            config,
        });
        listen::serve(listener, router(state), read_timeout, stop_signal()).await;
        Ok(())
    })
}

/// Ends at Ctrl-C (SIGINT) or, on Unix, at SIGTERM (what `kill`, systemd and container
/// runtimes send): either one stops the server cleanly. A handler that cannot be installed
/// leaves that signal's default action, which stops the server at once.
async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                let mut interrupt = std::pin::pin!(interrupt);
                std::future::poll_fn(|context| {
                    let interrupted = interrupt.as_mut().poll(context).is_ready();
                    if interrupted || terminate.poll_recv(context).is_ready() {
                        std::task::Poll::Ready(())
                    } else {
                        std::task::Poll::Pending
                    }
                })
                .await;
            }
            Err(_) => interrupt.await,
        }
    }
    #[cfg(not(unix))]
    interrupt.await;
}
