//! The front ends' pictures, each the first solution drawn as the command line draws it with
//! `--svg FILE`: `GET /api/picture/polyomino` and `GET /api/picture/polycube`, the first
//! packing of the pieces in the board or the box ([`svg::sheet`], a box's layers side by
//! side); `GET /api/picture/queens`, the first solution of the N queens as a chessboard
//! ([`Board::svg`](crate::problems::queens::Board::svg)); `GET /api/picture/langford`, the
//! first Langford sequence as a row of numbers with each pair joined
//! ([`Sequence::svg`](crate::problems::langford::Sequence::svg)).
//!
//! Each runs on the [`super::pool`] for at most the server's `--max-time`, and stops when its
//! client goes away; the sizes are those the library's front ends accept (a board of at most
//! [`MAX_CELLS`](crate::problems::tiling::MAX_CELLS) cells and options of at most
//! [`MAX_TILING_NODES`](crate::problems::tiling::MAX_TILING_NODES) nodes, 1 to 1000 queens
//! or Langford's `n`), checked before anything is built.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::Deserialize;

use super::api::{ApiError, Params};
use super::pool::Stop;
use crate::problems::langford::Langford;
use crate::problems::polycube;
use crate::problems::polyomino::{self, Letters};
use crate::problems::queens::{Order, Queens};
use crate::problems::svg;
use crate::problems::tiling::{Dimension, Orientations, TilingBuilder};
use crate::restart::{DEFAULT_SEED, Restarts};
use crate::{Engine, PAUSE_TIME, Solver, Step};

/// The query of `/api/picture/polyomino` and `/api/picture/polycube`.
#[derive(Debug, Deserialize)]
pub(crate) struct TilingQuery {
    /// The board, `ROWSxCOLUMNS` (`6x10` by default), or the box, `LAYERSxROWSxCOLUMNS`
    /// (`3x3x3` by default).
    board: Option<String>,
    /// The pieces, as `dancing polyomino --pieces` or `dancing polycube --pieces` names them
    /// (`pentominoes`, `soma` by default).
    pieces: Option<String>,
    /// Copies of each piece (1 by default, at most 100).
    copies: Option<usize>,
}

/// `GET /api/picture/polyomino`: the first packing of the pieces on the board as an SVG
/// picture; 400 for a board or pieces that cannot be read, or a board the pieces cannot
/// fill; 422 when no packing exists, or none was found within the server's time.
pub(crate) async fn polyomino(
    State(state): State<Arc<super::State>>,
    Params(query): Params<TilingQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let board = query.board.as_deref().unwrap_or("6x10");
    let board = polyomino::rectangle(board).map_err(|e| ApiError::bad(format!("board: {e}")))?;
    let pieces = query.pieces.as_deref().unwrap_or("pentominoes");
    let pieces = polyomino::named_pieces(pieces, Letters::Golomb)
        .map_err(|e| ApiError::bad(format!("pieces: {e}")))?;
    let mut builder = TilingBuilder::new(Dimension::Plane, board);
    builder.pieces(pieces, query.copies.unwrap_or(1).clamp(1, 100));
    packing(&state, builder).await
}

/// `GET /api/picture/polycube`: the first packing of the pieces in the box, turned in space
/// but not reflected as `dancing polycube` turns them, drawn as its layers side by side;
/// 400 for a box or pieces that cannot be read, or a box the pieces cannot fill; 422 when no
/// packing exists, or none was found within the server's time.
pub(crate) async fn polycube(
    State(state): State<Arc<super::State>>,
    Params(query): Params<TilingQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let board = query.board.as_deref().unwrap_or("3x3x3");
    let board = polycube::cuboid(board).map_err(|e| ApiError::bad(format!("board: {e}")))?;
    let pieces = query.pieces.as_deref().unwrap_or("soma");
    let pieces =
        polycube::named_pieces(pieces).map_err(|e| ApiError::bad(format!("pieces: {e}")))?;
    let mut builder = TilingBuilder::new(Dimension::Space, board);
    builder
        .pieces(pieces, query.copies.unwrap_or(1).clamp(1, 100))
        .orientations(Orientations::Rotations);
    packing(&state, builder).await
}

/// The first packing of `builder`'s problem, found as `dancing polyomino` or `polycube`
/// `--limit 1` finds it (the search in the problem's order), as an SVG picture.
async fn packing(
    state: &super::State,
    builder: TilingBuilder,
) -> Result<impl IntoResponse + use<>, ApiError> {
    let tiling = builder.build().map_err(|e| ApiError::bad(e.to_string()))?;
    let max_time = state.config.max_time;
    let picture = state
        .pool
        .run(move |stop| {
            let mut solver = Solver::new(tiling.problem());
            solver.set_pause_time(Some(PAUSE_TIME));
            found(stop, max_time, || solver.step())
                .then(|| svg::packing(&tiling, &tiling.decode(&solver.solution())))
        })
        .await?;
    answer(picture, "no packing found")
}

/// The query of `/api/picture/queens`.
#[derive(Debug, Deserialize)]
pub(crate) struct QueensQuery {
    /// The size of the board (8 by default), 1 to [`crate::problems::queens::MAX_N`] as
    /// for `dancing queens`.
    n: Option<usize>,
}

/// `GET /api/picture/queens`: the first solution of the N queens problem, found as
/// `dancing queens N --limit 1` finds it (organ-pipe order, randomized restarts from the
/// default seed), as an SVG chessboard; 400 for a size out of range; 422 when no solution
/// exists (2 and 3 queens), or none was found within the server's time.
pub(crate) async fn queens(
    State(state): State<Arc<super::State>>,
    Params(query): Params<QueensQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let queens = Queens::new(query.n.unwrap_or(8), Order::OrganPipe)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let max_time = state.config.max_time;
    let picture = state
        .pool
        .run(move |stop| {
            let mut search = Restarts::new(queens.problem(), DEFAULT_SEED, Engine::Auto);
            search.set_pause_time(Some(PAUSE_TIME));
            found(stop, max_time, || search.step()).then(|| queens.decode(&search.solution()).svg())
        })
        .await?;
    answer(picture, "no solution found")
}

/// The query of `/api/picture/langford`.
#[derive(Debug, Deserialize)]
pub(crate) struct LangfordQuery {
    /// The largest number (7 by default), 1 to [`crate::problems::langford::MAX_N`] as for
    /// `dancing langford`.
    n: Option<usize>,
}

/// `GET /api/picture/langford`: the first Langford sequence of `n`, found as `dancing
/// langford N --limit 1` finds it (randomized restarts from the default seed), as an SVG
/// row of numbers with each pair joined; 400 for an `n` out of range; 422 at once when
/// none exists (`n mod 4` is 1 or 2: [`Langford::has_solutions`]), or when none was found
/// within the server's time.
pub(crate) async fn langford(
    State(state): State<Arc<super::State>>,
    Params(query): Params<LangfordQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let langford =
        Langford::new(query.n.unwrap_or(7), false).map_err(|e| ApiError::bad(e.to_string()))?;
    if !langford.has_solutions() {
        return Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "Langford pairs of {} have no solution: they exist only when n mod 4 is 0 or 3",
                langford.n()
            ),
        });
    }
    let max_time = state.config.max_time;
    let picture = state
        .pool
        .run(move |stop| {
            let mut search = Restarts::new(langford.problem(), DEFAULT_SEED, Engine::Auto);
            search.set_pause_time(Some(PAUSE_TIME));
            found(stop, max_time, || search.step())
                .then(|| langford.decode(&search.solution()).svg())
        })
        .await?;
    answer(picture, "no solution found")
}

/// Steps a search until its first solution (`true`), or until it ends without one, its
/// client goes away (`stop`) or `max_time` has passed (`false`); `step` pauses every
/// [`PAUSE_TIME`] at most, when the other two are read.
fn found(stop: &Stop, max_time: Duration, mut step: impl FnMut() -> Step) -> bool {
    let deadline = Instant::now() + max_time;
    loop {
        match step() {
            Step::Solution => return true,
            Step::Paused if !stop.stopped() && Instant::now() < deadline => {}
            _ => return false,
        }
    }
}

/// The SVG `picture`, or 422 with `none` when there is none.
fn answer(picture: Option<String>, none: &str) -> Result<impl IntoResponse + use<>, ApiError> {
    let picture = picture.ok_or_else(|| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!("{none} (none exists, or none within the server's --max-time)"),
    })?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], picture))
}
