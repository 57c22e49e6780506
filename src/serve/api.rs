//! What every endpoint shares: the errors as HTTP answers (a status and `{"error": …}`), the
//! budgets of the query (`max_time`, `max_nodes`, capped by the server's), and the name of a
//! body in messages.

use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::Config;
use super::pool::Refused;

/// A request that gets no answer of its own: an HTTP status and a message.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ApiError {
    /// The status: 400, 403, 404, 408, 413, 422, 500 or 503.
    pub(crate) status: StatusCode,
    /// The message, in the command line's words (with line and column for input).
    pub(crate) message: String,
}

impl ApiError {
    /// 400: input that cannot be read, or a query that makes no sense.
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
}

impl ApiError {
    /// 503: every search thread taken and the queue full.
    pub(crate) fn busy() -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "the server is busy: every search thread is taken and the queue is full; \
                      try again later"
                .into(),
        }
    }
}

/// The most characters of a value of the request quoted whole in a message: a longer value
/// is quoted by its start and its length, so that an error is never the size of the request.
const QUOTED: usize = 40;

/// `text` in backquotes for a message: whole when short, else its first [`QUOTED`]
/// characters, `…` and its length in bytes.
pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => format!("`{text}`"),
        Some((end, _)) => format!("`{}…` ({} bytes)", &text[..end], text.len()),
    }
}

/// A count asked of the query (`limit`, `best`): at least 1, as the command line's flag of
/// the same name takes it; 0 is refused with 400 rather than taken as 1.
pub(crate) fn at_least_one(name: &str, value: Option<u64>) -> Result<Option<u64>, ApiError> {
    match value {
        Some(0) => Err(ApiError::bad(format!(
            "{name}=0: expected at least 1, as --{name} takes it"
        ))),
        value => Ok(value),
    }
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        match refused {
            Refused::Busy => ApiError::busy(),
            Refused::Failed => ApiError {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                message: "the search failed (a bug in dancing); the server goes on".into(),
            },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// Any path the server does not know: 404.
pub(crate) async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such page or endpoint; the API is described in docs/guide.md".into(),
    }
}

/// The budgets a request may ask for, as text (`?max_time=2s&max_nodes=1000`).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct BudgetQuery {
    /// As `--max-time`: a number and a unit (`ms`, `s`, `m`, `h`).
    pub(crate) max_time: Option<String>,
    /// As `--max-nodes`.
    pub(crate) max_nodes: Option<u64>,
}

/// The budgets of one search: the request's, capped by the server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// The longest the search runs.
    pub(crate) max_time: Duration,
    /// The most nodes it visits, if bounded.
    pub(crate) max_nodes: Option<u64>,
}

impl BudgetQuery {
    /// The budgets asked for, capped by `config`'s; the server's where none is asked.
    pub(crate) fn budget(&self, config: &Config) -> Result<Budget, ApiError> {
        let max_time = match &self.max_time {
            Some(text) => crate::units::parse_duration(text)
                .map_err(|e| match text.chars().nth(QUOTED) {
                    None => ApiError::bad(format!("max_time: {e}")),
                    // The reader's message quotes the whole value.
                    Some(_) => ApiError::bad(format!(
                        "max_time: found {}, expected a number and a unit, as in `10s`",
                        quoted(text)
                    )),
                })?
                .min(config.max_time),
            None => config.max_time,
        };
        let max_nodes = match (self.max_nodes, config.max_nodes) {
            (Some(asked), Some(cap)) => Some(asked.min(cap)),
            (asked, cap) => asked.or(cap),
        };
        Ok(Budget {
            max_time,
            max_nodes,
        })
    }
}

/// The body of a request, already read whole by [`super::intake`] (within the server's
/// limit and read timeout): the handler takes it as it is.
pub(crate) struct Body(pub(crate) Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body, ApiError> {
        match Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(Body(bytes)),
            Err(rejection) => Err(ApiError {
                status: rejection.status(),
                message: rejection.body_text(),
            }),
        }
    }
}

/// The query of a request, read into `T`: a query that does not read is answered 400, in
/// JSON. (Several `Params` may read the same query, each taking its fields.)
pub(crate) struct Params<T>(pub(crate) T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Params<T>, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(query)) => Ok(Params(query)),
            Err(rejection) => Err(ApiError::bad(rejection.body_text())),
        }
    }
}

/// The name a request's body goes by in messages, where the command line names a file.
pub(crate) const NAME: &str = "<body>";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_capped_by_the_servers_and_default_to_them() {
        let config = Config {
            max_time: Duration::from_secs(5),
            max_nodes: Some(1000),
            ..Config::default()
        };
        let query = |max_time: Option<&str>, max_nodes| BudgetQuery {
            max_time: max_time.map(str::to_string),
            max_nodes,
        };
        let budget = query(None, None).budget(&config).unwrap();
        assert_eq!(
            budget,
            Budget {
                max_time: Duration::from_secs(5),
                max_nodes: Some(1000)
            }
        );
        let budget = query(Some("1s"), Some(10)).budget(&config).unwrap();
        assert_eq!(
            budget,
            Budget {
                max_time: Duration::from_secs(1),
                max_nodes: Some(10)
            }
        );
        let budget = query(Some("1h"), Some(10_000)).budget(&config).unwrap();
        assert_eq!(
            budget,
            Budget {
                max_time: Duration::from_secs(5),
                max_nodes: Some(1000)
            }
        );
        let refused = query(Some("2 weeks"), None).budget(&config).unwrap_err();
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(
            refused.message.starts_with("max_time: found unit `weeks`"),
            "{}",
            refused.message
        );
    }
}
