//! Which requests the server answers at all: those addressed to it by a name it answers to
//! (their `Host`), sent by no page or by its own page (their `Origin`); the others get 403
//! before their bodies are read.
//!
//! A web page elsewhere can make the browser of a user who runs the server send requests to
//! it in two ways, and each leaves a mark the server reads (as Jupyter and other local
//! servers do):
//!
//! - **DNS rebinding**: a page of `attacker.example` has its name point at 127.0.0.1 after it
//!   loads, and its scripts then speak to the server as to their own site, reading the
//!   answers. The browser still sends `Host: attacker.example`: the server answers only to
//!   `localhost`, a loopback address, the address it is bound to (any address when bound to
//!   all, `0.0.0.0` or `::`), and the names of [`Config::allowed_hosts`].
//! - **Cross-site requests**: a page of `evil.example` posts to `http://127.0.0.1:8080/…`
//!   (a `text/plain` POST is sent without asking the server first), and the search runs even
//!   though the page cannot read its answer. The browser sends `Origin: http://evil.example`:
//!   the server takes a request with an `Origin` only when it is its own page's,
//!   `http://` and the request's `Host`.
//!
//! A request without `Host` (HTTP/1.0) or without `Origin` (curl, scripts, the page's own
//! `GET`s) is taken: browsers send both where it matters.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::Config;
use super::api::{ApiError, quoted};

/// Answers the request with `next` when its `Host` and `Origin` are taken (see the module's
/// docs), else 403 at once.
pub(crate) async fn guard(
    State(state): State<Arc<super::State>>,
    request: Request,
    next: Next,
) -> Response {
    match check(&state.config, request.headers()) {
        Ok(()) => next.run(request).await,
        Err(err) => err.into_response(),
    }
}

/// Whether the server takes a request with `headers`.
///
/// # Errors
/// 403 for a `Host` that is not one of the server's names, or an `Origin` other than the
/// server's own page.
fn check(config: &Config, headers: &HeaderMap) -> Result<(), ApiError> {
    let host = headers.get(HOST);
    if let Some(host) = host.filter(|&host| !answers_to(config, host)) {
        return Err(refused(format!(
            "the Host {} is not a name of this server: it answers to localhost, its address \
             and loopback addresses (a guard against DNS rebinding); start it with \
             --allow-host NAME to answer to another name",
            quoted(&String::from_utf8_lossy(host.as_bytes()))
        )));
    }
    if let Some(origin) = headers.get(ORIGIN) {
        let own = host.is_some_and(|host| same_origin(origin.as_bytes(), host.as_bytes()));
        if !own {
            return Err(refused(format!(
                "a request from another site's page (Origin {}) is refused: the server \
                 answers its own page and clients that send no Origin",
                quoted(&String::from_utf8_lossy(origin.as_bytes()))
            )));
        }
    }
    Ok(())
}

/// Whether `origin` is `http://` and `host`, in any case.
fn same_origin(origin: &[u8], host: &[u8]) -> bool {
    origin
        .strip_prefix(b"http://")
        .is_some_and(|rest| rest.eq_ignore_ascii_case(host))
}

/// Whether `host` (a `Host` header: a name or an address, and maybe a port) names the server.
fn answers_to(config: &Config, host: &HeaderValue) -> bool {
    let Some(authority) = host
        .to_str()
        .ok()
        .filter(|text| !text.contains('@'))
        .and_then(|text| text.parse::<Authority>().ok())
    else {
        return false;
    };
    let name = authority.host();
    // An IPv6 address is written in brackets.
    let literal = name
        .strip_prefix('[')
        .and_then(|inner| inner.strip_suffix(']'))
        .unwrap_or(name);
    match literal.parse::<IpAddr>() {
        Ok(address) => {
            address.is_loopback() || address == config.bind || config.bind.is_unspecified()
        }
        Err(_) => {
            name.eq_ignore_ascii_case("localhost")
                || config
                    .allowed_hosts
                    .iter()
                    .any(|allowed| allowed.eq_ignore_ascii_case(name))
        }
    }
}

/// 403 with `message`.
fn refused(message: String) -> ApiError {
    ApiError {
        status: StatusCode::FORBIDDEN,
        message,
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    fn headers(pairs: &[(axum::http::HeaderName, &str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (name.clone(), HeaderValue::from_str(value).unwrap()))
            .collect()
    }

    fn status(config: &Config, pairs: &[(axum::http::HeaderName, &str)]) -> Option<StatusCode> {
        check(config, &headers(pairs)).err().map(|err| err.status)
    }

    #[test]
    fn loopback_names_and_the_bound_address_are_taken_and_other_names_refused() {
        let config = Config::default();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "127.0.0.2",
        ] {
            assert_eq!(status(&config, &[(HOST, host)]), None, "{host}");
        }
        for host in [
            "attacker.example:8080",
            "localhost.attacker.example",
            "10.0.0.5:8080",
            "user@localhost:8080",
            "",
        ] {
            assert_eq!(
                status(&config, &[(HOST, host)]),
                Some(StatusCode::FORBIDDEN),
                "{host}"
            );
        }
        assert_eq!(status(&config, &[]), None, "no Host (HTTP/1.0)");
    }

    #[test]
    fn a_server_bound_elsewhere_answers_to_its_address_and_to_the_names_allowed() {
        let lan = Config {
            bind: IpAddr::V4(Ipv4Addr::new(10, 0, 0, 5)),
            allowed_hosts: vec!["box.lan".into()],
            ..Config::default()
        };
        assert_eq!(status(&lan, &[(HOST, "10.0.0.5:8080")]), None);
        assert_eq!(status(&lan, &[(HOST, "Box.LAN:8080")]), None);
        assert_eq!(
            status(&lan, &[(HOST, "10.0.0.6:8080")]),
            Some(StatusCode::FORBIDDEN)
        );
        let everywhere = Config {
            bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            ..Config::default()
        };
        assert_eq!(status(&everywhere, &[(HOST, "10.0.0.6:8080")]), None);
        assert_eq!(
            status(&everywhere, &[(HOST, "box.lan:8080")]),
            Some(StatusCode::FORBIDDEN)
        );
    }

    #[test]
    fn only_the_servers_own_page_is_taken_as_an_origin() {
        let config = Config::default();
        let own = [(HOST, "127.0.0.1:8080"), (ORIGIN, "http://127.0.0.1:8080")];
        assert_eq!(status(&config, &own), None);
        for origin in [
            "http://evil.example",
            "http://127.0.0.1:3000",
            "https://127.0.0.1:8080",
            "null",
        ] {
            let pairs = [(HOST, "127.0.0.1:8080"), (ORIGIN, origin)];
            assert_eq!(
                status(&config, &pairs),
                Some(StatusCode::FORBIDDEN),
                "{origin}"
            );
        }
        assert_eq!(
            status(&config, &[(ORIGIN, "http://127.0.0.1:8080")]),
            Some(StatusCode::FORBIDDEN),
            "an Origin without a Host to match"
        );
    }

    #[test]
    fn a_refusal_quotes_a_long_host_by_its_start() {
        let long = format!("{}.example", "a".repeat(5000));
        let err = check(&Config::default(), &headers(&[(HOST, &long)])).unwrap_err();
        assert!(err.message.len() < 400, "{}", err.message);
        assert!(err.message.contains("(5008 bytes)"), "{}", err.message);
    }
}
