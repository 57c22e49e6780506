//! The front ends' problems on the server, made from a query as the command line makes them
//! from its arguments (`board`, `pieces`, `copies` for `polyomino` and `polycube`, `n` for
//! `queens` and `langford`), and what the page asks of them:
//!
//! - `GET /api/picture/{kind}`: the first solution drawn as the command line draws it with
//!   `--svg FILE`: the first packing of the pieces in the board or the box ([`svg::sheet`],
//!   a box's layers side by side), the first solution of the N queens as a chessboard
//!   ([`Board::svg`](crate::problems::queens::Board::svg)), the first Langford sequence as
//!   a row of numbers with each pair joined
//!   ([`Sequence::svg`](crate::problems::langford::Sequence::svg)).
//! - `GET /api/export/{kind}`: the problem in Knuth's format, the text of `dancing <kind>
//!   ... --to-dlx`, for the page's exact-cover panel to solve.
//! - `POST /api/picture/{kind}`: a given solution of that export drawn the same way, the
//!   body its option lines as `/api/cover/solve` lists them, read back to option indices
//!   ([`KnuthProblem::options_written`](crate::knuth::KnuthProblem::options_written)) and
//!   checked by the front end's `try_decode`: the picture is that of those very options.
//!
//! Each runs on the [`super::pool`], a search for at most the server's `--max-time`, and
//! stops when its client goes away; the sizes are those the library's front ends accept (a
//! board of at most [`MAX_CELLS`](crate::problems::tiling::MAX_CELLS) cells and options of
//! at most [`MAX_TILING_NODES`](crate::problems::tiling::MAX_TILING_NODES) nodes, 1 to 1000
//! queens or Langford's `n`), checked before anything is built.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::api::{ApiError, Body, NAME, Params, quoted};
use super::pool::Stop;
use crate::knuth;
use crate::problems::langford::Langford;
use crate::problems::polycube;
use crate::problems::polyomino::{self, Letters};
use crate::problems::queens::{Order, Queens};
use crate::problems::svg;
use crate::problems::tiling::{Dimension, Orientations, TilingBuilder, TilingProblem};
use crate::restart::{DEFAULT_SEED, Restarts};
use crate::{Engine, PAUSE_TIME, Solver, Step};

/// The query of the picture and export endpoints: the front end's arguments, each read by
/// the kinds that take it.
#[derive(Debug, Deserialize)]
pub(crate) struct MadeQuery {
    /// `polyomino`: the board, `ROWSxCOLUMNS` (`6x10` by default); `polycube`: the box,
    /// `LAYERSxROWSxCOLUMNS` (`3x3x3` by default).
    board: Option<String>,
    /// The pieces, as `dancing polyomino --pieces` or `dancing polycube --pieces` names them
    /// (`pentominoes`, `soma` by default).
    pieces: Option<String>,
    /// Copies of each piece (1 by default, at most 100).
    copies: Option<usize>,
    /// `queens`: the size of the board (8 by default); `langford`: the largest number (7 by
    /// default); each 1 to 1000, as the command line takes it.
    n: Option<usize>,
}

/// A front end's problem, made from a [`MadeQuery`] as the command line makes it from its
/// arguments (queens in organ-pipe order, all Langford sequences rather than one of each
/// mirror pair, pieces turned as `dancing polyomino` and `polycube` turn them by default).
enum Made {
    /// A packing of polyominoes on a board or polycubes in a box, with its export's comment.
    Tiling {
        /// The problem.
        tiling: TilingProblem,
        /// The comment line of its export, as the command line writes it.
        comment: String,
    },
    /// The N queens.
    Queens(Queens),
    /// Langford's pairs.
    Langford(Langford),
}

impl Made {
    /// The problem of the front end named `kind` (the path's last part) for `query`: 404
    /// for a kind the server does not draw, 400 for arguments the front end refuses, with
    /// its message.
    fn new(kind: Result<Path<String>, PathRejection>, query: MadeQuery) -> Result<Made, ApiError> {
        let kind = kind
            .map_err(|rejection| ApiError::bad(rejection.body_text()))?
            .0;
        let copies = query.copies.unwrap_or(1).clamp(1, 100);
        match kind.as_str() {
            "polyomino" => {
                let named = query.board.as_deref().unwrap_or("6x10");
                let board = polyomino::rectangle(named)
                    .map_err(|e| ApiError::bad(format!("board: {e}")))?;
                let names = query.pieces.as_deref().unwrap_or("pentominoes");
                let pieces = polyomino::named_pieces(names, Letters::Golomb)
                    .map_err(|e| ApiError::bad(format!("pieces: {e}")))?;
                let mut builder = TilingBuilder::new(Dimension::Plane, board);
                builder.pieces(pieces, copies);
                Made::tiling(builder, polyomino::export_comment(named, names))
            }
            "polycube" => {
                let named = query.board.as_deref().unwrap_or("3x3x3");
                let board =
                    polycube::cuboid(named).map_err(|e| ApiError::bad(format!("board: {e}")))?;
                let names = query.pieces.as_deref().unwrap_or("soma");
                let pieces = polycube::named_pieces(names)
                    .map_err(|e| ApiError::bad(format!("pieces: {e}")))?;
                let mut builder = TilingBuilder::new(Dimension::Space, board);
                builder
                    .pieces(pieces, copies)
                    .orientations(Orientations::Rotations);
                Made::tiling(builder, polycube::export_comment(named, names))
            }
            "queens" => Queens::new(query.n.unwrap_or(8), Order::OrganPipe)
                .map(Made::Queens)
                .map_err(|e| ApiError::bad(e.to_string())),
            "langford" => Langford::new(query.n.unwrap_or(7), false)
                .map(Made::Langford)
                .map_err(|e| ApiError::bad(e.to_string())),
            _ => Err(ApiError {
                status: StatusCode::NOT_FOUND,
                message: format!(
                    "no front end {}: the kinds are polyomino, polycube, queens and langford",
                    quoted(&kind)
                ),
            }),
        }
    }

    /// The packing problem of `builder`: 400 for a board the pieces cannot fill.
    fn tiling(builder: TilingBuilder, comment: String) -> Result<Made, ApiError> {
        let tiling = builder.build().map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(Made::Tiling { tiling, comment })
    }

    /// The problem in Knuth's format, as `dancing <kind> ... --to-dlx` writes it.
    fn to_dlx(&self) -> String {
        match self {
            Made::Tiling { tiling, comment } => tiling.to_dlx(comment),
            Made::Queens(queens) => queens.to_dlx(),
            Made::Langford(langford) => langford.to_dlx(),
        }
    }

    /// The first solution, found as `dancing <kind> ... --limit 1` finds it (a packing by
    /// the search in the problem's order, queens and Langford by randomized restarts from
    /// the default seed), drawn; `None` when the search ends without one, its client goes
    /// away (`stop`) or `max_time` passes.
    fn first(&self, stop: &Stop, max_time: Duration) -> Option<String> {
        match self {
            Made::Tiling { tiling, .. } => {
                let mut solver = Solver::new(tiling.problem());
                solver.set_pause_time(Some(PAUSE_TIME));
                found(stop, max_time, || solver.step())
                    .then(|| svg::packing(tiling, &tiling.decode(&solver.solution())))
            }
            Made::Queens(queens) => {
                let mut search = Restarts::new(queens.problem(), DEFAULT_SEED, Engine::Auto);
                search.set_pause_time(Some(PAUSE_TIME));
                found(stop, max_time, || search.step())
                    .then(|| queens.decode(&search.solution()).svg())
            }
            Made::Langford(langford) => {
                let mut search = Restarts::new(langford.problem(), DEFAULT_SEED, Engine::Auto);
                search.set_pause_time(Some(PAUSE_TIME));
                found(stop, max_time, || search.step())
                    .then(|| langford.decode(&search.solution()).svg())
            }
        }
    }

    /// The solution whose options are written as `lines` (the option lines of
    /// [`Made::to_dlx`], as `/api/cover/solve` lists them), drawn as [`Made::first`] draws
    /// one: 400 for a line that is no option of the problem, 422 with the front end's
    /// message for options that are no solution.
    fn draw(&self, lines: &[&str]) -> Result<String, ApiError> {
        let export = knuth::parse_str(&self.to_dlx()).map_err(|e| ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("the export does not read back (a bug in dancing): {e}"),
        })?;
        let solution = export.options_written(lines.iter().copied()).map_err(|e| {
            ApiError::bad(format!(
                "{NAME}:{}: {} is no option of this problem (the lines of a solution \
                     of its export are expected, one option a line)",
                e.line,
                quoted(&e.text)
            ))
        })?;
        let unprocessable = |message: String| ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message,
        };
        match self {
            Made::Tiling { tiling, .. } => tiling
                .try_decode(&solution)
                .map(|packing| svg::packing(tiling, &packing))
                .map_err(|e| unprocessable(e.to_string())),
            Made::Queens(queens) => queens
                .try_decode(&solution)
                .map(|board| board.svg())
                .map_err(|e| unprocessable(e.to_string())),
            Made::Langford(langford) => langford
                .try_decode(&solution)
                .map(|sequence| sequence.svg())
                .map_err(|e| unprocessable(e.to_string())),
        }
    }
}

/// `GET /api/picture/{kind}`: the first solution of the front end's problem as an SVG
/// picture ([`Made::first`]); 404 for an unknown kind; 400 for arguments the front end
/// refuses (a board or pieces that cannot be read, a board the pieces cannot fill, an `n`
/// out of range); 422 when no solution exists or none was found within the server's time,
/// at once for Langford's `n` when `n mod 4` is 1 or 2 ([`Langford::has_solutions`]).
pub(crate) async fn first(
    State(state): State<Arc<super::State>>,
    kind: Result<Path<String>, PathRejection>,
    Params(query): Params<MadeQuery>,
) -> Result<Response, ApiError> {
    let made = Made::new(kind, query)?;
    if let Made::Langford(langford) = &made
        && !langford.has_solutions()
    {
        return Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "Langford pairs of {} have no solution: they exist only when n mod 4 is 0 or 3",
                langford.n()
            ),
        });
    }
    let none = match made {
        Made::Tiling { .. } => "no packing found",
        _ => "no solution found",
    };
    let max_time = state.config.max_time;
    let picture = state
        .pool
        .run(move |stop| made.first(stop, max_time))
        .await?;
    let picture = picture.ok_or_else(|| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!("{none} (none exists, or none within the server's --max-time)"),
    })?;
    Ok(svg_answer(picture))
}

/// `POST /api/picture/{kind}`: the solution whose option lines are the body (one a line,
/// blank lines left out) drawn as its picture ([`Made::draw`]); the errors of
/// `GET /api/picture/{kind}` for the query, 400 for a body that is not UTF-8 or a line
/// that is no option of the problem, 422 for options that are no solution.
pub(crate) async fn draw(
    State(state): State<Arc<super::State>>,
    kind: Result<Path<String>, PathRejection>,
    Params(query): Params<MadeQuery>,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let made = Made::new(kind, query)?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| {
            ApiError::bad(format!(
                "{NAME}: expected the solution's lines as UTF-8 text"
            ))
        })?
        .to_owned();
    let picture = state
        .pool
        .run(move |_| {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            made.draw(&lines)
        })
        .await??;
    Ok(svg_answer(picture))
}

/// `GET /api/export/{kind}`: the front end's problem in Knuth's format
/// ([`Made::to_dlx`], `text/plain`), the text of `dancing <kind> ... --to-dlx`; the errors
/// of `GET /api/picture/{kind}` for the query.
pub(crate) async fn export(
    State(state): State<Arc<super::State>>,
    kind: Result<Path<String>, PathRejection>,
    Params(query): Params<MadeQuery>,
) -> Result<Response, ApiError> {
    let made = Made::new(kind, query)?;
    let text = state.pool.run(move |_| made.to_dlx()).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
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

/// An SVG picture as an answer.
fn svg_answer(picture: String) -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], picture).into_response()
}
