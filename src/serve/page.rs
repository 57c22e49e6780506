//! The page: one HTML file, one style sheet, two plain scripts (no library; the Sudoku's and
//! the exact cover's) and its icon, inside the binary, so that nothing is fetched at run
//! time.

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

/// `GET /cover.js`: the script of its Exact cover and Pictures panels, loaded after
/// `app.js`.
pub(crate) async fn cover_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/cover.js"),
    )
}

/// `GET /favicon.svg`, and `GET /favicon.ico` for the browsers that ask for that name
/// whatever the page links: the icon, a small SVG (a board of 3x3 with a few digits).
pub(crate) async fn icon() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "image/svg+xml")],
        include_str!("page/favicon.svg"),
    )
}
