//! The page: one HTML file, one style sheet and one plain script (no library), inside the
//! binary, so that nothing is fetched at run time.

use axum::http::header;
use axum::response::{Html, IntoResponse};

/// `GET /`: the page.
pub(crate) async fn index() -> Html<&'static str> {
    Html(include_str!("page/index.html"))
}

/// `GET /style.css`: its style sheet.
pub(crate) async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("page/style.css"),
    )
}

/// `GET /app.js`: its script.
pub(crate) async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/app.js"),
    )
}
