//! The connections: accepted from the listener, each served by hyper's HTTP/1 on a task of
//! its own, with a clock for the head of every request, and all of them finished cleanly
//! when the server stops.
//!
//! `axum::serve` gives hyper no timer, and so no timeout for a head: a client that sends half
//! a head and then nothing would keep its connection for ever. Here hyper's
//! `header_read_timeout` is [`Config::read_timeout`](super::Config::read_timeout): a head
//! (the first of a connection, or the next one of a connection kept alive) that is not whole
//! within it closes the connection. The body's clock is [`super::intake`]'s.

use std::io;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

/// How long the server waits before it accepts again after an error that is not the
/// connection's own (out of file descriptors, say): a loop that retried at once would take a
/// core while nothing can be accepted.
const ACCEPT_PAUSE: Duration = Duration::from_secs(1);

/// Answers the connections of `listener` with `router` until `stop` ends; then accepts no
/// more, lets every connection finish the request under way (an idle one is closed) and
/// returns when all are closed.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    read_timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(read_timeout);
    let connections = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(err) if is_connection_error(&err) => continue,
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let connection = connections.watch(connection);
        tokio::spawn(async move {
            // A connection that ends in an error (a timeout, a client gone) is only closed.
            let _ = connection.await;
        });
    }
    drop(listener);
    connections.shutdown().await;
}

/// Whether `err` is about the one connection being accepted (refused, aborted or reset
/// before it was taken), so that the next may be accepted at once.
fn is_connection_error(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
