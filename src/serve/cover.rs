//! The exact-cover endpoints: a count (`{"count":…}` as [`Total`] writes it, the JSON of the
//! command line's counts, with the search's `status`), the first solutions by their options
//! and the cheapest solutions (`cover --min-cost --best K`, [`MinCost`]) with their costs, for a problem in Knuth's format in the body, read by [`knuth::parse`] as `dancing
//! cover` reads it.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use http_body::Frame;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::api::{ApiError, Body, Budget, BudgetQuery, NAME, Params, at_least_one};
use super::pool::Stop;
use crate::knuth::{self, KnuthProblem};
use crate::memo::{Memo, MemoConfig};
use crate::mincost::MinCost;
use crate::sudoku::verdict::seconds;
use crate::units;
use crate::{Count, PAUSE_TIME, Solver, Step, Total};

/// The query of the cover endpoints.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct CoverQuery {
    /// Count by memoization (`cover --count --memo`): subproblems met again are counted once.
    #[serde(default)]
    memo: bool,
    /// `/api/cover/count`: answer a line of progress every [`PROGRESS_EVERY`] while the search
    /// runs, then the count's record (JSON lines).
    #[serde(default)]
    progress: bool,
    /// `/api/cover/count?progress=true`: first a line with Knuth's estimate of the search's
    /// nodes (`cover --estimate`, [`ESTIMATE_PATHS`] paths within [`ESTIMATE_TIME`]), so that
    /// a reader can tell how far the count has gone.
    #[serde(default)]
    estimate: bool,
    /// `/api/cover/solve`: how many solutions to list (1 by default, at most
    /// [`MAX_LISTED`]; 0 is refused).
    limit: Option<u64>,
    /// `/api/cover/cheapest`: how many of the cheapest solutions (5 by default, at most
    /// [`MAX_LISTED`]; 0 is refused).
    best: Option<u64>,
}

/// How often a count with `progress` writes a line.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The random paths of the estimate before a count with `estimate`: enough to land within
/// a factor of about 1.5 of the nodes on the usual problems (see `--estimate` in the guide).
pub const ESTIMATE_PATHS: u64 = 2000;

/// The longest the estimate before a count takes: past it, the paths walked so far give it.
pub const ESTIMATE_TIME: Duration = Duration::from_millis(200);

/// The most solutions `/api/cover/solve` lists.
pub const MAX_LISTED: u64 = 100;

/// Reads the problem of a body as `dancing cover` reads its file: 400 with the line and the
/// column where it cannot.
fn read_problem(body: &[u8]) -> Result<KnuthProblem, ApiError> {
    knuth::parse(body)
        .map_err(|e| ApiError::bad(format!("{NAME}:{}:{}: {}", e.line, e.column, e.kind)))
}

/// How a search ended.
enum End {
    /// It ran to the end of the tree or to the limit.
    Finished,
    /// Its node budget ran out.
    GaveUp,
    /// Its time ran out.
    OutOfTime,
    /// Its client went away.
    Stopped,
}

/// The end's `status` and, for a search cut short, the message the command line writes.
fn status(end: &End, budget: Budget, nodes: u64, found: u64) -> (&'static str, Option<String>) {
    let answer = format!(
        "{} found; the answer is unknown",
        units::counted(found, "solution")
    );
    let nodes = units::counted(nodes, "node");
    match end {
        End::Finished => ("complete", None),
        End::GaveUp => (
            "gave-up",
            Some(format!("gave up after {nodes} (--max-nodes) with {answer}")),
        ),
        End::OutOfTime => (
            "gave-up",
            Some(format!(
                "gave up after {} (--max-time), {nodes}, with {answer}",
                seconds(budget.max_time)
            )),
        ),
        End::Stopped => ("stopped", Some(format!("stopped after {nodes}"))),
    }
}

/// Searches `problem` for up to `limit` solutions under `budget`, calling `found` at each
/// and `paused` at each pause; stops when `stop` is raised or `paused` answers `false`.
/// Answers how it ended and the solver (for its statistics).
fn search(
    parsed: &KnuthProblem,
    limit: u64,
    budget: Budget,
    stop: &Stop,
    mut found: impl FnMut(&Solver),
    mut paused: impl FnMut(&Solver) -> bool,
) -> (End, Solver) {
    let deadline = Instant::now() + budget.max_time;
    let mut solver = Solver::new(&parsed.problem);
    solver.set_max_nodes(budget.max_nodes);
    solver.set_pause_time(Some(PAUSE_TIME));
    let mut solutions = 0;
    let end = loop {
        if solutions >= limit {
            break End::Finished;
        }
        match solver.step() {
            Step::Solution => {
                solutions += 1;
                found(&solver);
            }
            Step::Paused if stop.stopped() => break End::Stopped,
            Step::Paused if Instant::now() >= deadline => break End::OutOfTime,
            Step::Paused if !paused(&solver) => break End::Stopped,
            Step::Paused => {}
            Step::Exhausted => break End::Finished,
            Step::GaveUp => break End::GaveUp,
        }
    };
    (end, solver)
}

/// `POST /api/cover/count`: the number of solutions, as `{"count": N, "nodes": …, "updates":
/// …, "status": "complete"}`; a count cut short by a budget is written `"N+"` (the solutions
/// found so far, and maybe more) with status `gave-up` and the command line's message in
/// `error`. With `memo`, the count of the memo (its statistics are not nodes: none given).
pub(crate) async fn count(
    State(state): State<Arc<super::State>>,
    Params(query): Params<CoverQuery>,
    Params(budget): Params<BudgetQuery>,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let parsed = read_problem(&body)?;
    let budget = budget.budget(&state.config)?;
    if query.progress && !query.memo {
        return Ok(count_with_progress(state, parsed, budget, query.estimate).await);
    }
    let answer = state
        .pool
        .run(move |stop| {
            if query.memo {
                return memo_count(&parsed, budget, stop);
            }
            counted(&parsed, budget, stop, |_| true)
        })
        .await?;
    Ok(Json(answer).into_response())
}

/// The count of `parsed` under `budget`, by the links; `paused` as [`search`]'s.
fn counted(
    parsed: &KnuthProblem,
    budget: Budget,
    stop: &Stop,
    paused: impl FnMut(&Solver) -> bool,
) -> Value {
    let (end, solver) = search(parsed, u64::MAX, budget, stop, |_| {}, paused);
    let stats = solver.stats();
    let mut total = Total::from(stats);
    let (status, error) = status(&end, budget, stats.nodes, stats.solutions);
    if !matches!(end, End::Finished) {
        total.solutions = Count::at_least(stats.solutions);
    }
    record(&total, status, error)
}

/// `POST /api/cover/count?progress=true`: JSON lines, `{"progress": {"nodes", "solutions",
/// "seconds"}}` every [`PROGRESS_EVERY`] while the search runs, then the count's record (as
/// without `progress`); with `estimate`, first `{"estimate": {"nodes", "low", "high",
/// "paths"}}`: the mean of the estimate's paths and its interval of two standard errors. The answer is 200 from its first line: an error of the pool (503,
/// 500) comes as a last line `{"error": …}`. When the client goes away, the next line cannot
/// be written and the search stops.
async fn count_with_progress(
    state: Arc<super::State>,
    parsed: KnuthProblem,
    budget: Budget,
    estimate: bool,
) -> Response {
    let (lines, receiver) = mpsc::channel::<Bytes>(4);
    tokio::spawn(async move {
        let progress = lines.clone();
        let answer = state
            .pool
            .run(move |stop| {
                let start = Instant::now();
                if estimate {
                    let deadline = start + ESTIMATE_TIME;
                    let guess = crate::estimate::estimate_watched(
                        &parsed.problem,
                        ESTIMATE_PATHS,
                        0,
                        || Instant::now() < deadline && !stop.stopped(),
                    );
                    let (low, high) = guess.interval();
                    let line = json!({"estimate": {
                        "nodes": guess.mean, "low": low, "high": high, "paths": guess.paths,
                    }});
                    let _ = progress.try_send(Bytes::from(format!("{line}\n")));
                }
                let mut last = start;
                counted(&parsed, budget, stop, |solver| {
                    if progress.is_closed() {
                        return false;
                    }
                    if last.elapsed() >= PROGRESS_EVERY {
                        last = Instant::now();
                        let stats = solver.stats();
                        let line = json!({"progress": {
                            "nodes": stats.nodes, "solutions": stats.solutions,
                            "seconds": start.elapsed().as_secs_f64(),
                        }});
                        // A full channel (a slow reader) skips a line.
                        let _ = progress.try_send(Bytes::from(format!("{line}\n")));
                    }
                    true
                })
            })
            .await
            .unwrap_or_else(|refused| json!({ "error": ApiError::from(refused).message }));
        let _ = lines.send(Bytes::from(format!("{answer}\n"))).await;
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        axum::body::Body::new(Lines(receiver)),
    )
        .into_response()
}

/// The body of a streamed answer: the lines sent, until the sender is dropped.
struct Lines(mpsc::Receiver<Bytes>);

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(cx)
            .map(|line| line.map(|l| Ok(Frame::data(l))))
    }
}

/// The count of a memo, under the budget's time.
fn memo_count(parsed: &KnuthProblem, budget: Budget, stop: &Stop) -> Value {
    let config = MemoConfig {
        max_bytes: super::MEMO_BYTES,
        ..MemoConfig::default()
    };
    let mut memo = match Memo::new(&parsed.problem, config) {
        Ok(memo) => memo,
        Err(e) => return json!({"count": null, "status": "refused", "error": e.to_string()}),
    };
    let deadline = Instant::now() + budget.max_time;
    let mut late = false;
    let counted = memo.count_until(|| {
        late = Instant::now() >= deadline;
        late || stop.stopped()
    });
    match counted {
        Some(count) => json!({"count": count, "status": "complete"}),
        None if late => json!({
            "count": null, "status": "gave-up",
            "error": format!("gave up after {} (--max-time)", seconds(budget.max_time)),
        }),
        None => json!({"count": null, "status": "stopped"}),
    }
}

/// A count's record: the [`Total`]'s JSON, then its `status` and `error`.
fn record(total: &Total, status: &str, error: Option<String>) -> Value {
    let mut object = serde_json::to_value(total).unwrap_or(Value::Null);
    object["status"] = json!(status);
    if let Some(error) = error {
        object["error"] = json!(error);
    }
    object
}

/// The options of a solution, by their indices, as written in the body.
fn as_written<'a>(
    parsed: &'a KnuthProblem,
    options: &'a [usize],
) -> impl Iterator<Item = &'a str> + 'a {
    options.iter().map(|&k| parsed.options[k].text.as_str())
}

/// `POST /api/cover/solve`: the first `limit` solutions, each the list of its options as
/// written in the body (as `dancing cover --all --limit N` prints them), with the count
/// found (`"N+"` at the limit), the search's `status` (`complete` when it saw every
/// solution, `limit` when it stopped at the limit, `gave-up` or `stopped`) and its
/// statistics.
pub(crate) async fn solve(
    State(state): State<Arc<super::State>>,
    Params(query): Params<CoverQuery>,
    Params(budget): Params<BudgetQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let parsed = read_problem(&body)?;
    let budget = budget.budget(&state.config)?;
    let limit = at_least_one("limit", query.limit)?
        .unwrap_or(1)
        .min(MAX_LISTED);
    let answer = state
        .pool
        .run(move |stop| {
            let mut solutions: Vec<Vec<String>> = Vec::new();
            let mut chosen = Vec::new();
            let found = |solver: &Solver| {
                solver.solution_into(&mut chosen);
                let options = as_written(&parsed, &chosen).map(str::to_owned);
                solutions.push(options.collect());
            };
            let (end, solver) = search(&parsed, limit, budget, stop, found, |_| true);
            let stats = solver.stats();
            let found = Count::from_search(solutions.len() as u64, Some(limit));
            let (mut status, error) = status(&end, budget, stats.nodes, solutions.len() as u64);
            if matches!(end, End::Finished) && !found.is_exact() {
                // It stopped at the limit: there may be more, so the search is not complete.
                status = "limit";
            }
            let mut object = json!({
                "solutions": solutions,
                "found": found,
                "status": status,
                "nodes": stats.nodes,
                "updates": stats.updates,
            });
            if let Some(error) = error {
                object["error"] = json!(error);
            }
            object
        })
        .await?;
    Ok(Json(answer))
}

/// A solution's cost in JSON, as a count is written ([`Count`]'s `Serialize`): a number when
/// it fits 64 bits, else its decimal string (a reader of JSON may take a larger number for a
/// float).
fn cost_json(cost: u128) -> Value {
    match u64::try_from(cost) {
        Ok(cost) => json!(cost),
        Err(_) => json!(cost.to_string()),
    }
}

/// `POST /api/cover/cheapest`: the `best` cheapest solutions (`cover --min-cost --best K`,
/// costs as `|n` on the option lines), cheapest first, each `{"cost": N, "options": [...]}`
/// (`N` exact, a string past 2^64 - 1) with its options as written in the body; the
/// search's `status` and statistics. A search cut short by a budget answers the cheapest
/// found so far, with status `gave-up` (or `stopped`); a problem with multiplicities is
/// refused with 400, as the command line refuses it.
pub(crate) async fn cheapest(
    State(state): State<Arc<super::State>>,
    Params(query): Params<CoverQuery>,
    Params(budget): Params<BudgetQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let parsed = read_problem(&body)?;
    let budget = budget.budget(&state.config)?;
    let best = at_least_one("best", query.best)?
        .unwrap_or(5)
        .min(MAX_LISTED);
    let answer = state
        .pool
        .run(move |stop| {
            let search = MinCost::new(&parsed.problem)
                .best(best as usize)
                .max_nodes(budget.max_nodes)
                .deadline(Instant::now().checked_add(budget.max_time))
                .stop_flag(stop.flag());
            let cheapest = match search.run() {
                Ok(cheapest) => cheapest,
                Err(e) => return Err(e.to_string()),
            };
            let solutions: Vec<Value> = cheapest
                .solutions
                .iter()
                .map(|s| {
                    let options: Vec<&str> = as_written(&parsed, &s.options).collect();
                    json!({"cost": cost_json(s.cost), "options": options})
                })
                .collect();
            let stats = cheapest.stats;
            let status = if cheapest.complete {
                "complete"
            } else if stop.stopped() {
                "stopped"
            } else {
                "gave-up"
            };
            Ok(json!({
                "solutions": solutions,
                "status": status,
                "nodes": stats.nodes,
                "updates": stats.updates,
            }))
        })
        .await?;
    answer.map(Json).map_err(ApiError::bad)
}
