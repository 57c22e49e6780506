//! The Sudoku endpoints: solve (the record of `sudoku --format jsonl`), hint (the step of
//! `sudoku hint --format jsonl`), rate, generate, and the SVG picture of a grid. The puzzle in
//! the body is read as `dancing sudoku` reads standard input (any layout it reads); the
//! variants are query switches (`x`, `hyper`, `anti_knight`, `anti_king`), as the command's
//! flags, `jigsaw=LABELS`, the regions as `--jigsaw` reads them, and `extra_regions=TEXT`,
//! the text of an `--extra-regions` file; `symbols=NAME` reads the body's digits in that
//! convention, as `--symbols` does (the page sends the convention `read` found, so that a
//! board of letters or of hexadoku's `0`-`F` stays in its own symbols).

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::{ApiError, Body, Budget, BudgetQuery, NAME, Params, at_least_one};
use crate::sudoku::generate::{Generator, Symmetry};
use crate::sudoku::grid::Shape;
use crate::sudoku::read::{Puzzle, PuzzleReader};
use crate::sudoku::rules::{PartNames, Rules, Variant};
use crate::sudoku::solve::SudokuSolver;
use crate::sudoku::symbols::Symbols;
use crate::sudoku::verdict::{self, Fields, Request};
use crate::sudoku::{hint, rate, svg};

/// The rules asked for beyond the classic ones: the variants' switches.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct VariantQuery {
    /// Both main diagonals hold each digit once.
    #[serde(default)]
    x: bool,
    /// The four windows of hyper Sudoku hold each digit once (9x9).
    #[serde(default)]
    hyper: bool,
    /// No two cells a knight's move apart hold the same digit.
    #[serde(default)]
    anti_knight: bool,
    /// No two cells a king's move apart hold the same digit.
    #[serde(default)]
    anti_king: bool,
    /// The regions of a jigsaw Sudoku in place of the boxes: `N * N` labels in reading order,
    /// as `--jigsaw` reads them (`AAABBBCCC...`, whitespace ignored, or words; lines starting
    /// with `#` left out).
    jigsaw: Option<String>,
    /// More regions that each hold every digit once: the text of an `--extra-regions` file
    /// (a region a line, `r1c1 r1c2 ...`, or a grid of `N * N` labels, `.` for no region).
    extra_regions: Option<String>,
}

/// The names of a variant's parts in the server's messages: its query fields.
const PART_NAMES: PartNames<'static> = PartNames {
    jigsaw: "jigsaw",
    hyper: "hyper",
    extra_regions: "extra_regions",
};

impl VariantQuery {
    /// The rules of `shape` with the variants asked for.
    fn rules(&self, shape: Shape) -> Result<Rules, ApiError> {
        let mut variant = Variant {
            x: self.x,
            hyper: self.hyper,
            anti_knight: self.anti_knight,
            anti_king: self.anti_king,
            ..Variant::default()
        };
        variant
            .read_regions(
                self.jigsaw.as_deref(),
                self.extra_regions.as_deref(),
                PART_NAMES,
            )
            .and_then(|()| variant.named_rules(shape, PART_NAMES))
            .map_err(|e| ApiError::bad(e.to_string()))
    }
}

/// The query of `/api/sudoku/solve`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SolveQuery {
    /// Count the solutions up to `limit` (`sudoku --count`): the record gets `solutions` and
    /// `complete`.
    #[serde(default)]
    count: bool,
    /// With `count`: the most solutions counted (2 by default: "is it unique?"; 0 is
    /// refused).
    limit: Option<u64>,
    /// More than one solution is a failure (`sudoku --unique`).
    #[serde(default)]
    unique: bool,
}

/// The convention of the body's digits, as `--symbols` takes it: detected from each puzzle
/// where none is named.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SymbolsQuery {
    /// `1-9A-Z`, `0-9A-Z` (`hex`) or `A-Z` (`letters`).
    symbols: Option<String>,
}

/// Reads the one puzzle of a body, as the command line reads standard input, its digits in
/// the convention `symbols` names (detected when it names none).
fn read_puzzle(body: &[u8], symbols: &SymbolsQuery) -> Result<Puzzle, ApiError> {
    let mut reader = PuzzleReader::new(body);
    if let Some(name) = &symbols.symbols {
        let named: Symbols = name
            .parse()
            .map_err(|e| ApiError::bad(format!("symbols: {e}")))?;
        reader = reader.with_symbols(named);
    }
    match reader.next() {
        Some(Ok(puzzle)) => Ok(puzzle),
        Some(Err(err)) => Err(ApiError::bad(format!("{NAME}:{err}"))),
        None => Err(ApiError::bad(format!("{NAME}: no puzzle found"))),
    }
}

/// A solver of `rules` under `budget`, pausing often enough for its stop flag.
fn solver(rules: Rules, budget: Budget) -> SudokuSolver {
    let mut solver = SudokuSolver::with_engine(rules, crate::Engine::Auto);
    solver.set_max_time(Some(budget.max_time));
    solver.set_max_nodes(budget.max_nodes);
    solver.set_watch_time(Some(crate::PAUSE_TIME));
    solver
}

/// `POST /api/sudoku/read`: the puzzle of the body as the page's board takes it: `puzzle`
/// (one line in the puzzle's own symbols, `.` for a blank, as the command line writes its
/// answers), `symbols` (the name of that convention, for `symbols=` on later requests),
/// `size` and `givens`.
pub(crate) async fn read(
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    Ok(Json(json!({
        "puzzle": puzzle.grid.to_line_in(puzzle.symbols),
        "symbols": puzzle.symbols.name(),
        "size": puzzle.grid.shape().side(),
        "givens": puzzle.grid.givens(),
    })))
}

/// `GET /api/sudoku/choices`: what `/api/sudoku/generate` takes, from the library's own
/// lists, so that the page offers nothing the server refuses: `difficulties` (the bands of
/// `sudoku rate`), `symmetries` and `sizes`.
pub(crate) async fn choices() -> Json<Value> {
    Json(json!({
        "difficulties": rate::Band::ALL.map(rate::Band::name),
        "symmetries": Symmetry::ALL.map(Symmetry::name),
        "sizes": GENERATED_SIDES,
    }))
}

/// `POST /api/sudoku/solve`: the JSON record of `sudoku --format jsonl --stats` for the
/// puzzle of the body (`--count` with `count`).
pub(crate) async fn solve(
    State(state): State<Arc<super::State>>,
    Params(query): Params<SolveQuery>,
    Params(budget): Params<BudgetQuery>,
    Params(variants): Params<VariantQuery>,
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    let budget = budget.budget(&state.config)?;
    let rules = variants.rules(puzzle.grid.shape())?;
    let limit = at_least_one("limit", query.limit)?;
    let request = Request {
        limit: if query.count { limit.unwrap_or(2) } else { 1 },
        unique: query.unique,
    };
    let fields = Fields {
        count: query.count,
        stats: true,
    };
    let answer = state
        .pool
        .run(move |stop| {
            let mut solver = solver(rules, budget);
            let verdict = verdict::judge(&mut solver, &puzzle.grid, puzzle.symbols, request, |p| {
                stop.watch(p)
            });
            verdict.map(|v| verdict::record(NAME, &puzzle, &v, fields))
        })
        .await?;
    // `None` only when the client went away: nobody reads this.
    Ok(Json(answer.unwrap_or(Value::Null)))
}

/// `POST /api/sudoku/hint`: the next step by singles (`sudoku hint --format jsonl`): the cell,
/// the digit (and `symbol`, its character in the puzzle's symbols), the deduction in words,
/// and `cells`, the cells of the houses it reads ([`hint::Hint::houses`], `[row, col]`
/// 1-based); or where the singles stop.
pub(crate) async fn hint(
    State(state): State<Arc<super::State>>,
    Params(query): Params<VariantQuery>,
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    let rules = query.rules(puzzle.grid.shape())?;
    let answer = state
        .pool
        .run(move |_| match hint::next_under(&rules, &puzzle.grid) {
            Ok(step) => {
                let side = puzzle.grid.shape().side();
                let mut cells: Vec<usize> = step
                    .houses(&rules)
                    .into_iter()
                    .flat_map(|house| house.cells)
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                let mut record = step.record(puzzle.symbols);
                record["symbol"] = json!(puzzle.symbols.char_of(step.digit).to_string());
                record["cells"] = json!(
                    cells
                        .iter()
                        .map(|&c| [c / side + 1, c % side + 1])
                        .collect::<Vec<_>>()
                );
                record
            }
            Err(end) => end.record(puzzle.symbols),
        })
        .await?;
    Ok(Json(answer))
}

/// `POST /api/sudoku/candidates`: the candidates of every cell ([`hint::candidates_under`]),
/// `candidates`, one string a cell in reading order, of the digits in the puzzle's symbols
/// (empty for a filled cell); 400 when two givens break a rule, naming them.
pub(crate) async fn candidates(
    State(state): State<Arc<super::State>>,
    Params(query): Params<VariantQuery>,
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    let puzzle_symbols = puzzle.symbols;
    let rules = query.rules(puzzle.grid.shape())?;
    let answer = state
        .pool
        .run(move |_| {
            hint::candidates_under(&rules, &puzzle.grid).map(|all| {
                let text = |digits: Vec<u8>| -> String {
                    digits
                        .into_iter()
                        .map(|d| puzzle.symbols.char_of(d))
                        .collect()
                };
                json!({ "candidates": all.into_iter().map(text).collect::<Vec<_>>() })
            })
        })
        .await?;
    answer.map(Json).map_err(|conflict| {
        ApiError::bad(format!(
            "the givens conflict: {}",
            conflict.text(puzzle_symbols)
        ))
    })
}

/// `POST /api/sudoku/rate`: the band of the puzzle (`sudoku rate --format jsonl`'s fields:
/// `status` `rated` with `band`, `nodes`, `extra_nodes`; or the status and the error).
pub(crate) async fn rate(
    State(state): State<Arc<super::State>>,
    Params(budget): Params<BudgetQuery>,
    Params(variants): Params<VariantQuery>,
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    let budget = budget.budget(&state.config)?;
    let rules = variants.rules(puzzle.grid.shape())?;
    let answer = state
        .pool
        .run(move |stop| {
            let mut solver = solver(rules, budget);
            let rated = rate::rate_watched(&mut solver, &puzzle.grid, |p| stop.watch(p));
            let text = puzzle.grid.to_line_in(puzzle.symbols);
            match rated {
                Ok(r) => json!({
                    "puzzle": text, "status": "rated", "band": r.band.name(),
                    "nodes": r.nodes, "extra_nodes": r.extra_nodes,
                }),
                Err(err) => json!({
                    "puzzle": text, "status": "unrated", "band": null, "error": err.text(puzzle.symbols),
                }),
            }
        })
        .await?;
    Ok(Json(answer))
}

/// The query of `/api/sudoku/generate`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct GenerateQuery {
    /// The side of the grid: 4, 6, 8, 9 (by default), 12 or 16.
    size: Option<usize>,
    /// `none` (by default), `rotate180`, `rotate90`, `mirror` or `diagonal`.
    symmetry: Option<String>,
    /// The seed: the same seed makes the same puzzle; by default one from the clock.
    seed: Option<u64>,
    /// Make puzzles until one rates in this band (one of [`rate::Band::ALL`], as
    /// `/api/sudoku/choices` lists them), up to 50 tries.
    difficulty: Option<String>,
}

/// The sides the server generates: larger grids take minutes.
const GENERATED_SIDES: [usize; 6] = [4, 6, 8, 9, 12, 16];
/// How many puzzles `/api/sudoku/generate` makes at most to find one of the band asked for.
const DIFFICULTY_TRIES: u64 = 50;

/// `GET /api/sudoku/generate`: a minimal puzzle with one solution (`sudoku generate --format
/// jsonl`'s fields: `seed`, `puzzle`, `solution`, `clues`, `rating`, and `symbols`, the
/// convention of the lines, as `read` names it). The seed is answered
/// as a string of its digits: a seed is any 64-bit number, and JavaScript reads a JSON
/// number past 2^53 rounded, so that a page would show a seed that makes another puzzle.
pub(crate) async fn generate(
    State(state): State<Arc<super::State>>,
    Params(query): Params<GenerateQuery>,
    Params(variants): Params<VariantQuery>,
) -> Result<Json<Value>, ApiError> {
    let side = query.size.unwrap_or(9);
    let shape = Shape::from_side(side)
        .filter(|s| s.side() == side && GENERATED_SIDES.contains(&side))
        .ok_or_else(|| ApiError::bad(format!("size {side}: expected 4, 6, 8, 9, 12 or 16")))?;
    let symmetry: Symmetry = match &query.symmetry {
        Some(name) => name.parse().map_err(|e| ApiError::bad(format!("{e}")))?,
        None => Symmetry::None,
    };
    let band: Option<rate::Band> = match &query.difficulty {
        Some(name) if !name.is_empty() => {
            Some(name.parse().map_err(|e| ApiError::bad(format!("{e}")))?)
        }
        _ => None,
    };
    let rules = variants.rules(shape)?;
    let seed = query.seed.unwrap_or_else(clock_seed);
    let budget = BudgetQuery::default().budget(&state.config)?;
    let answer = state
        .pool
        .run(move |stop| {
            let deadline = Instant::now() + budget.max_time;
            let mut generator = Generator::with_rules(rules.clone(), symmetry);
            let mut solver = solver(rules, budget);
            let mut k = 0;
            loop {
                let made = generator.generate(crate::sudoku::generate::puzzle_seed(seed, k));
                let rating = rate::rate(&mut solver, &made.puzzle).ok();
                let band_found = rating.map(|r| r.band);
                let last = k + 1 == DIFFICULTY_TRIES || stop.stopped() || Instant::now() > deadline;
                if band.is_none() || band_found == band || last {
                    return json!({
                        "seed": seed.to_string(),
                        "puzzle": made.puzzle.to_line(),
                        "symbols": Symbols::default_for(shape).name(),
                        "solution": made.solution.to_line(),
                        "clues": made.puzzle.givens(),
                        "rating": band_found.map(rate::Band::name),
                        "nodes": rating.map(|r| r.nodes),
                        "extra_nodes": rating.map(|r| r.extra_nodes),
                        "tries": k + 1,
                    });
                }
                k += 1;
            }
        })
        .await?;
    Ok(Json(answer))
}

/// A seed from the clock, for a request that names none.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// `POST /api/sudoku/svg`: the grid of the body as a printable SVG picture with the units of
/// the variants asked for drawn ([`svg::with_rules`]: jigsaw regions in place of the boxes,
/// the X diagonals, hyper windows, extra regions); 400 for variants that cannot be read or do
/// not fit the grid.
pub(crate) async fn svg(
    Params(variants): Params<VariantQuery>,
    Params(symbols): Params<SymbolsQuery>,
    Body(body): Body,
) -> Result<impl IntoResponse, ApiError> {
    let puzzle = read_puzzle(&body, &symbols)?;
    let rules = variants.rules(puzzle.grid.shape())?;
    let picture = svg::with_rules(&puzzle.grid, None, &rules);
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], picture))
}
