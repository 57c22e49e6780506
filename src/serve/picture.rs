//! The front ends' pictures: `GET /api/picture/polyomino`, the first packing of polyominoes
//! on a board, drawn as `dancing polyomino --svg` draws it ([`svg::sheet`]), and
//! `GET /api/picture/queens`, the first solution of the N queens drawn as `dancing queens
//! --svg` draws it ([`Board::svg`](crate::problems::queens::Board::svg)).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;

use super::api::{ApiError, Params};
use crate::problems::polyomino::{self, Letters};
use crate::problems::queens::{Order, Queens};
use crate::problems::svg;
use crate::problems::tiling::{Dimension, TilingBuilder};
use crate::restart::{DEFAULT_SEED, Restarts};
use crate::{Engine, PAUSE_TIME, Solver, Step};

/// The query of `/api/picture/polyomino`.
#[derive(Debug, Deserialize)]
pub(crate) struct PolyominoQuery {
    /// The board, `ROWSxCOLUMNS` (`6x10` by default).
    board: Option<String>,
    /// The pieces, as `dancing polyomino --pieces` names them (`pentominoes` by default).
    pieces: Option<String>,
    /// Copies of each piece (1 by default, at most 100).
    copies: Option<usize>,
}

/// `GET /api/picture/polyomino`: the first packing of the pieces on the board as an SVG
/// picture; 400 for a board or pieces that cannot be read, or a board the pieces cannot
/// fill; 422 when no packing exists, or none was found within the server's time.
pub(crate) async fn polyomino(
    State(state): State<Arc<super::State>>,
    Params(query): Params<PolyominoQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let board = query.board.as_deref().unwrap_or("6x10");
    let board = polyomino::rectangle(board).map_err(|e| ApiError::bad(format!("board: {e}")))?;
    let pieces = query.pieces.as_deref().unwrap_or("pentominoes");
    let pieces = polyomino::named_pieces(pieces, Letters::Golomb)
        .map_err(|e| ApiError::bad(format!("pieces: {e}")))?;
    let copies = query.copies.unwrap_or(1).clamp(1, 100);
    let mut builder = TilingBuilder::new(Dimension::Plane, board);
    builder.pieces(pieces, copies);
    let tiling = builder.build().map_err(|e| ApiError::bad(e.to_string()))?;
    let max_time = state.config.max_time;
    let picture = state
        .pool
        .run(move |stop| {
            let deadline = Instant::now() + max_time;
            let mut solver = Solver::new(tiling.problem());
            solver.set_pause_time(Some(PAUSE_TIME));
            loop {
                match solver.step() {
                    Step::Solution => {
                        let packing = tiling.decode(&solver.solution());
                        return Some(svg::sheet(&tiling, &[packing], 1));
                    }
                    Step::Paused if !stop.stopped() && Instant::now() < deadline => {}
                    _ => return None,
                }
            }
        })
        .await?;
    let picture = picture.ok_or(ApiError {
        status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        message: "no packing found (none exists, or none within the server's --max-time)".into(),
    })?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], picture))
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
            let deadline = Instant::now() + max_time;
            let mut search = Restarts::new(queens.problem(), DEFAULT_SEED, Engine::Auto);
            search.set_pause_time(Some(PAUSE_TIME));
            loop {
                match search.step() {
                    Step::Solution => return Some(queens.decode(&search.solution()).svg()),
                    Step::Paused if !stop.stopped() && Instant::now() < deadline => {}
                    _ => return None,
                }
            }
        })
        .await?;
    let picture = picture.ok_or(ApiError {
        status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        message: "no solution found (none exists, or none within the server's --max-time)".into(),
    })?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], picture))
}
