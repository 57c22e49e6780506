//! The exact-cover endpoints: a count (`{"count":…}` as [`Total`] writes it, the JSON of the
//! command line's counts, with the search's `status`) and the first solutions by their
//! options, for a problem in Knuth's format in the body, read by [`knuth::parse`] as `dancing
//! cover` reads it.

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::{ApiError, Body, Budget, BudgetQuery, NAME, Params};
use super::pool::Stop;
use crate::knuth::{self, KnuthProblem};
use crate::memo::{Memo, MemoConfig};
use crate::sudoku::verdict::seconds;
use crate::{Count, PAUSE_TIME, Solver, Step, Total};

/// The query of the cover endpoints.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct CoverQuery {
    /// Count by memoization (`cover --count --memo`): subproblems met again are counted once.
    #[serde(default)]
    memo: bool,
    /// `/api/cover/solve`: how many solutions to list (1 by default, at most
    /// [`MAX_LISTED`]).
    limit: Option<u64>,
}

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
    let answer = format!("{found} solutions found; the answer is unknown");
    match end {
        End::Finished => ("complete", None),
        End::GaveUp => (
            "gave-up",
            Some(format!(
                "gave up after {nodes} nodes (--max-nodes) with {answer}"
            )),
        ),
        End::OutOfTime => (
            "gave-up",
            Some(format!(
                "gave up after {} (--max-time), {nodes} nodes, with {answer}",
                seconds(budget.max_time)
            )),
        ),
        End::Stopped => ("stopped", Some(format!("stopped after {nodes} nodes"))),
    }
}

/// Searches `problem` for up to `limit` solutions under `budget`, calling `found` at each;
/// stops when `stop` is raised. Answers how it ended and the solver (for its statistics).
fn search(
    parsed: &KnuthProblem,
    limit: u64,
    budget: Budget,
    stop: &Stop,
    mut found: impl FnMut(&Solver),
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
) -> Result<Json<Value>, ApiError> {
    let parsed = read_problem(&body)?;
    let budget = budget.budget(&state.config)?;
    let answer = state
        .pool
        .run(move |stop| {
            if query.memo {
                return memo_count(&parsed, budget, stop);
            }
            let (end, solver) = search(&parsed, u64::MAX, budget, stop, |_| {});
            let stats = solver.stats();
            let mut total = Total::from(stats);
            let (status, error) = status(&end, budget, stats.nodes, stats.solutions);
            if !matches!(end, End::Finished) {
                total.solutions = Count::at_least(stats.solutions);
            }
            record(&total, status, error)
        })
        .await?;
    Ok(Json(answer))
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

/// `POST /api/cover/solve`: the first `limit` solutions, each the list of its options as
/// written in the body (as `dancing cover --all --limit N` prints them), with the count
/// found, the search's `status` and its statistics.
pub(crate) async fn solve(
    State(state): State<Arc<super::State>>,
    Params(query): Params<CoverQuery>,
    Params(budget): Params<BudgetQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let parsed = read_problem(&body)?;
    let budget = budget.budget(&state.config)?;
    let limit = query.limit.unwrap_or(1).clamp(1, MAX_LISTED);
    let answer = state
        .pool
        .run(move |stop| {
            let mut solutions: Vec<Vec<String>> = Vec::new();
            let mut chosen = Vec::new();
            let (end, solver) = search(&parsed, limit, budget, stop, |solver| {
                solver.solution_into(&mut chosen);
                let options = chosen.iter().map(|&k| parsed.options[k].text.clone());
                solutions.push(options.collect());
            });
            let stats = solver.stats();
            let found = solutions.len() as u64;
            let (status, error) = status(&end, budget, stats.nodes, found);
            let mut object = json!({
                "solutions": solutions,
                "found": Count::from_search(found, Some(limit)),
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
