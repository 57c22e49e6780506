//! The body of every request, read whole before a handler sees it: within the server's
//! [`Config::read_timeout`] (408 past it), [`Config::body_limit`] (413 past it), and a
//! budget of the bytes of all the bodies the server holds at once (503 past it).
//!
//! A request takes no place of the [`super::pool`] (and no thread) until its body is in, so
//! that clients that send a head and then stall cost nothing but their sockets and the bytes
//! they sent, until their clock runs out: they cannot keep others waiting.
//!
//! Invariant: the permits of [`State::bodies`] held by a request are the bytes of its body
//! received so far, taken as each piece arrives (never the length the head announces, which
//! costs a client nothing to write), and given back when its answer's head is written; so
//! the bytes of the bodies held at once never pass the budget,
//! ([`Config::jobs`] + [`Config::queue`] + [`MORE_BODIES`]) times [`Config::body_limit`].
//! (The buffers they are read into take at most twice their bytes.)

use std::pin::Pin;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::Body as _;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use super::api::ApiError;
use super::{Config, MORE_BODIES};

/// The budget of [`State::bodies`]: the bytes of the bodies the server holds at once.
pub(crate) fn budget(config: &Config) -> usize {
    (config.jobs + config.queue + MORE_BODIES)
        .saturating_mul(config.body_limit)
        .min(Semaphore::MAX_PERMITS)
}

/// Reads the body of `request` whole, then hands the request, its body in memory, to
/// `next`; answers the error at once when the body cannot be read (see [`read`]).
pub(crate) async fn intake(
    State(state): State<Arc<super::State>>,
    request: Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    match read(&state, body).await {
        Ok((bytes, held)) => {
            let answer = next
                .run(Request::from_parts(parts, Body::from(bytes)))
                .await;
            drop(held);
            answer
        }
        Err(err) => err.into_response(),
    }
}

/// The bytes of `body` and the permits of their budget.
///
/// # Errors
/// 413 as soon as the body is known to pass the limit (by its announced length, else by the
/// bytes received); 408 when it is not whole within the read timeout from its head; 503 when
/// its bytes would pass the budget of the bodies held at once; 400 when the connection
/// breaks before its end.
async fn read(
    state: &super::State,
    mut body: Body,
) -> Result<(Bytes, Option<OwnedSemaphorePermit>), ApiError> {
    let limit = state.config.body_limit;
    if body.size_hint().lower() > limit as u64 {
        return Err(too_large());
    }
    let deadline = Instant::now() + state.config.read_timeout;
    let mut bytes = Vec::new();
    let mut held: Option<OwnedSemaphorePermit> = None;
    loop {
        let next = std::future::poll_fn(|context| Pin::new(&mut body).poll_frame(context));
        let frame = match tokio::time::timeout_at(deadline, next).await {
            Ok(Some(frame)) => frame.map_err(|e| ApiError::bad(format!("the body: {e}")))?,
            Ok(None) => break,
            Err(_) => return Err(timed_out(&state.config)),
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if bytes.len() + data.len() > limit {
            return Err(too_large());
        }
        if data.is_empty() {
            continue;
        }
        let permit = u32::try_from(data.len())
            .ok()
            .and_then(|n| Arc::clone(&state.bodies).try_acquire_many_owned(n).ok())
            .ok_or_else(too_many_bodies)?;
        match &mut held {
            Some(held) => held.merge(permit),
            None => held = Some(permit),
        }
        bytes.extend_from_slice(&data);
    }
    Ok((Bytes::from(bytes), held))
}

/// 413: a body over `--body-limit`.
fn too_large() -> ApiError {
    ApiError {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: "the body is larger than the server takes (--body-limit)".into(),
    }
}

/// 408: a body not whole within `--read-timeout`.
fn timed_out(config: &Config) -> ApiError {
    ApiError {
        status: StatusCode::REQUEST_TIMEOUT,
        message: format!(
            "the body did not arrive within {} (--read-timeout)",
            crate::sudoku::verdict::seconds(config.read_timeout)
        ),
    }
}

/// 503: the bodies held at once at the budget.
fn too_many_bodies() -> ApiError {
    ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: "the server is busy: it holds as many bytes of request bodies as it takes at \
                  once; try again later"
            .into(),
    }
}
