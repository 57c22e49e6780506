//! `dancing.ExactCover` and its iterator `dancing.Solutions`: a problem built by name with
//! [`NamedBuilder`] (or read by [`dancing::knuth`], or made by a front end, and replayed into
//! one), counted and searched through [`crate::run`].
//!
//! An option is given as the list of its items (`"x"`, or `"x:color"` for a secondary item);
//! its name in the [`NamedBuilder`] is that list joined by blanks, which is also its line in
//! Knuth's format, so `solutions(names=True)` gives the lists back by splitting it.
//!
//! # Threads
//! Searches run without the GIL, so Python threads may search one object at once. Both
//! classes are `frozen` (PyO3 takes no borrow of them, which would refuse a second thread
//! with "Already borrowed") and keep what changes behind a [`Mutex`]:
//! - an `ExactCover`'s items and options ([`State`]) are locked only to add an option or to
//!   take the problem as built ([`ExactCover::problem`]), never during a search: each
//!   search has a [`Solver`] of its own over the shared, immutable [`NamedProblem`];
//! - a `Solutions` iterator's solver is locked for one `next()`, so threads advancing one
//!   iterator take turns and each solution goes to one of them.
//!
//! No lock is waited for while this thread holds the GIL and another holder could need it:
//! an `ExactCover`'s lock is held only with the GIL and never across a search, and a
//! `Solutions`' lock, held across a search that takes the GIL at its pauses, is waited for
//! with the GIL released.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use dancing::named::{NamedBuilder, NamedProblem};
use dancing::symmetry::Representatives;
use dancing::{Problem, Solver};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::args::{self, Bounds, Source, Whole};
use crate::picture::{FrontEnd, Picture};
use crate::run::{self, Budget};
use crate::{guard, value_error};

/// Registers the classes of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ExactCover>()?;
    m.add_class::<Solutions>()?;
    Ok(())
}

/// An exact-cover problem: primary items to cover exactly once (or within bounds),
/// secondary items to cover at most once (or with one color), and options, each a list of
/// items. Count its solutions, iterate over them, or write it in Knuth's format.
#[pyclass(module = "dancing", frozen)]
pub struct ExactCover {
    /// The items and options, locked to change or to build them (see the module docs).
    state: Mutex<State>,
    /// The front end that made this problem, which draws its solutions.
    pub(crate) front: Option<FrontEnd>,
}

/// What an `ExactCover` changes as options are added.
struct State {
    /// Items and options as given, the source of truth.
    builder: NamedBuilder,
    /// The problem built from `builder`, until the next option is added.
    built: Option<Arc<NamedProblem>>,
}

impl State {
    /// Adds an option with its cost; its index.
    fn add(&mut self, items: &[String], cost: u64) -> PyResult<usize> {
        let k = self.builder.option_count();
        self.builder
            .option_with_cost(&items.join(" "), items, cost)
            .map_err(value_error)?;
        self.built = None;
        Ok(k)
    }

    /// The problem as built now, kept until the next option is added.
    fn problem(&mut self) -> PyResult<Arc<NamedProblem>> {
        if let Some(built) = &self.built {
            return Ok(built.clone());
        }
        let built = Arc::new(self.builder.clone().build().map_err(value_error)?);
        self.built = Some(built.clone());
        Ok(built)
    }
}

impl ExactCover {
    /// A problem with these items (primary with their bounds, then secondary), no options.
    fn with_items(
        primary: &[(String, Option<(u32, u32)>)],
        secondary: &[String],
    ) -> PyResult<ExactCover> {
        let mut builder = NamedBuilder::new();
        for (name, bounds) in primary {
            match bounds {
                Some((lower, upper)) => builder.primary_with_bounds(name, *lower, *upper),
                None => builder.primary(name),
            }
            .map_err(value_error)?;
        }
        for name in secondary {
            builder.secondary(name).map_err(value_error)?;
        }
        Ok(ExactCover {
            state: Mutex::new(State {
                builder,
                built: None,
            }),
            front: None,
        })
    }

    /// A copy of `problem` with these item names (primary first) and color names.
    pub(crate) fn from_problem(
        problem: &Problem,
        item_names: &[String],
        color_names: &[String],
    ) -> PyResult<ExactCover> {
        let primary: Vec<_> = (0..problem.primary_items())
            .map(|i| (item_names[i].clone(), problem.bounds(i)))
            .collect();
        let cover = ExactCover::with_items(&primary, &item_names[primary.len()..])?;
        let mut state = cover.state();
        for k in 0..problem.option_count() {
            let items: Vec<String> = problem
                .option(k)
                .zip(problem.option_colors(k))
                .map(|(i, color)| match color {
                    None => item_names[i].clone(),
                    Some(c) => format!("{}:{}", item_names[i], color_names[c as usize]),
                })
                .collect();
            state.add(&items, problem.option_cost(k))?;
        }
        drop(state);
        Ok(cover)
    }

    /// The items and options, locked. A thread that panicked while holding the lock (a bug)
    /// leaves them as a completed call left them: each call changes them in one step.
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The problem as built now, kept until the next option is added; a search holds it
    /// (not the lock) while it runs.
    pub(crate) fn problem(&self) -> PyResult<Arc<NamedProblem>> {
        self.state().problem()
    }
}

/// Reads `"u:v|x"` or `"v|x"` (Knuth's bounds) into the name and the bounds; a name without
/// `|` has none.
fn primary_item(token: &str) -> PyResult<(String, Option<(u32, u32)>)> {
    if !token.contains('|') {
        return Ok((token.to_owned(), None));
    }
    let read = dancing::knuth::parse_str(token)
        .map_err(|e| value_error(format!("primary item `{token}`: {}", e.kind)))?;
    match &read.item_names[..] {
        [name] if read.problem.primary_items() == 1 => Ok((
            name.clone(),
            read.problem.bounds(0).filter(|&b| b != (1, 1)),
        )),
        _ => Err(value_error(format!(
            "primary item `{token}`: expected one name, with bounds `u:v|name` or `v|name`"
        ))),
    }
}

#[pymethods]
impl ExactCover {
    /// A problem with these items and no options yet. A primary item may carry bounds as in
    /// Knuth's format (`"2:3|x"`: covered 2 or 3 times; `"2|x"`: exactly twice), or in
    /// `bounds`, a mapping of item names to `n` or `(lower, upper)`.
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new(), bounds = None))]
    fn new(
        primary: Vec<String>,
        secondary: Vec<String>,
        bounds: Option<HashMap<String, Bounds>>,
    ) -> PyResult<ExactCover> {
        guard(|| {
            let mut items = primary
                .iter()
                .map(|token| primary_item(token))
                .collect::<PyResult<Vec<_>>>()?;
            for (name, given) in bounds.unwrap_or_default() {
                let Some(at) = items.iter().position(|(n, _)| *n == name) else {
                    return Err(value_error(format!(
                        "bounds given for `{name}`, which is not a primary item"
                    )));
                };
                if primary[at].contains('|') {
                    return Err(value_error(format!(
                        "bounds given twice for `{name}`: in the item `{}` and in bounds=; \
                         give them in one place",
                        primary[at]
                    )));
                }
                items[at].1 = Some(given.get(&name)?);
            }
            ExactCover::with_items(&items, &secondary)
        })
    }

    /// Adds an option naming `items` (`"x"`, or `"x:color"` for a secondary item) and
    /// returns its index, the number of options added before it. `cost` (a whole number,
    /// Knuth's DLX5 `|n`) is what `min_cost` adds up; every other search ignores it.
    #[pyo3(signature = (items, cost = None))]
    fn add_option(&self, items: Vec<String>, cost: Option<Whole>) -> PyResult<usize> {
        guard(|| {
            let cost: u64 = cost.map(|c| c.get("cost")).transpose()?.unwrap_or(0);
            self.state().add(&items, cost)
        })
    }

    /// The cost of option `k` (0 unless one was given).
    fn cost(&self, k: Whole) -> PyResult<u64> {
        guard(|| {
            let built = self.problem()?;
            let k: usize = k.get("k")?;
            if k >= built.problem().option_count() {
                return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "option {k} out of range: there are {} options",
                    built.problem().option_count()
                )));
            }
            Ok(built.problem().option_cost(k))
        })
    }

    /// The `k` cheapest solutions (Knuth's DLX5), cheapest first, as `(cost, options)` pairs
    /// (options as `solutions()` gives them; the cost the exact sum of their costs, past 2^64
    /// too); fewer if there are fewer solutions. `jobs`:
    /// threads sharing the cutoff (None: one; 0: one a core); `max_nodes`, `max_time`
    /// (seconds): budgets, which raise `GaveUp` when spent. Problems with bounds raise
    /// `ValueError`. Among solutions of equal cost, which make the `k` may depend on `jobs`.
    #[pyo3(signature = (k = None, jobs = None, max_nodes = None, max_time = None))]
    fn min_cost(
        &self,
        py: Python<'_>,
        k: Option<Whole>,
        jobs: Option<Whole>,
        max_nodes: Option<Whole>,
        max_time: Option<f64>,
    ) -> PyResult<Vec<(u128, Vec<usize>)>> {
        guard(|| {
            let k: usize = k.map(|k| k.get("k")).transpose()?.unwrap_or(1);
            let jobs = match jobs.map(|j| j.get::<usize>("jobs")).transpose()? {
                None => 1,
                Some(0) => std::thread::available_parallelism().map_or(1, usize::from),
                Some(j) => j,
            };
            let max_nodes: Option<u64> = max_nodes.map(|m| m.get("max_nodes")).transpose()?;
            let built = self.problem()?;
            let budget = Budget::new(max_nodes, max_time)?;
            run::min_cost(py, built.problem(), k, jobs, &budget)
        })
    }

    /// Knuth's DLX-PRE reductions to a fixpoint (`dancing cover --preprocess`): an equivalent
    /// problem with fewer options and items, as `(reduced, options)` where `options[i]` is
    /// the index here of the reduced problem's option `i` (so a solution of the reduced
    /// problem maps back by `[options[k] for k in solution]`); `None` when the reductions
    /// prove that the problem has no solution. Names, colors and costs are kept. Problems
    /// with bounds raise `ValueError`.
    fn preprocess(&self, py: Python<'_>) -> PyResult<Option<(ExactCover, Vec<usize>)>> {
        guard(|| {
            let built = self.problem()?;
            let reduced = py.detach(|| dancing::preprocess::preprocess(built.problem()));
            let reduced = match reduced {
                Ok(reduced) => reduced,
                Err(dancing::preprocess::PreprocessError::Unsolvable { .. }) => return Ok(None),
                Err(e) => return Err(value_error(e)),
            };
            let items: Vec<String> = reduced
                .items
                .iter()
                .map(|&i| built.item_name(i).to_owned())
                .collect();
            let colors: Vec<String> = built
                .problem()
                .names()
                .map_or_else(Vec::new, |names| names.colors().to_vec());
            let cover = ExactCover::from_problem(&reduced.problem, &items, &colors)?;
            Ok(Some((cover, reduced.options)))
        })
    }

    /// Knuth's estimate of the search before it runs (`dancing cover --estimate`): `paths`
    /// random paths down the links' tree, drawn from `seed`, stopping after `max_time`
    /// seconds (at least one path). A dict: `nodes` (the estimated nodes of the whole
    /// search), `low` and `high` (the mean +- 2 standard errors), `spread` (standard
    /// deviation over the mean: how uneven the paths were), `max` (the largest path's
    /// estimate), `paths` (walked) and `seconds` (the time implied at the links' speed,
    /// measured on a tenth of a second of the real search).
    #[pyo3(signature = (paths = None, seed = None, max_time = None))]
    fn estimate(
        &self,
        py: Python<'_>,
        paths: Option<Whole>,
        seed: Option<Whole>,
        max_time: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        guard(|| {
            let paths: u64 = paths.map(|p| p.get("paths")).transpose()?.unwrap_or(1000);
            let seed: u64 = seed.map(|s| s.get("seed")).transpose()?.unwrap_or(0);
            let deadline = Budget::new(None, max_time)?.deadline();
            let built = self.problem()?;
            let (e, rate) = py.detach(|| {
                let problem = built.problem();
                let e = dancing::estimate::estimate(problem, paths, seed, deadline);
                let rate =
                    dancing::estimate::nodes_per_second(problem, dancing::estimate::SPEED_RUN);
                (e, rate)
            });
            let (low, high) = e.interval();
            let answer = pyo3::types::PyDict::new(py);
            answer.set_item("nodes", e.mean)?;
            answer.set_item("low", low)?;
            answer.set_item("high", high)?;
            answer.set_item("spread", e.spread())?;
            answer.set_item("max", e.max)?;
            answer.set_item("paths", e.paths)?;
            answer.set_item("seconds", e.seconds(rate))?;
            Ok(answer.into_any().unbind())
        })
    }

    /// Reads a problem in Knuth's format (DLX1, DLX2 colors, DLX3 bounds): `source` is its
    /// text (a `str` with a line break, or `bytes`) or the path of a file. Errors name the
    /// file, line and column.
    #[staticmethod]
    fn from_dlx(source: Source) -> PyResult<ExactCover> {
        guard(|| {
            let (name, bytes) = match source {
                Source::Text(text) if text.contains('\n') => ("<string>".into(), text.into()),
                Source::Bytes(bytes) => ("<bytes>".into(), bytes),
                Source::Text(path) => read_file(PathBuf::from(path))?,
                Source::Path(path) => read_file(path)?,
            };
            let read = dancing::knuth::parse(&bytes)
                .map_err(|e| value_error(format!("{name}:{}:{}: {}", e.line, e.column, e.kind)))?;
            ExactCover::from_problem(&read.problem, &read.item_names, &read.color_names)
        })
    }

    /// The problem in Knuth's format, with its names (bounds and colors included).
    fn to_dlx(&self) -> PyResult<String> {
        guard(|| Ok(self.problem()?.to_dlx()))
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.state().builder.option_count()
    }

    /// The names of the items, primary first.
    #[getter]
    fn items(&self) -> PyResult<Vec<String>> {
        guard(|| {
            let built = self.problem()?;
            let problem = built.problem();
            Ok((0..problem.item_count())
                .map(|i| built.item_name(i).to_owned())
                .collect())
        })
    }

    /// The items of option `k`, as given to `add_option`.
    fn option(&self, k: Whole) -> PyResult<Vec<String>> {
        guard(|| {
            let built = self.problem()?;
            let k: usize = k.get("k")?;
            if k >= built.problem().option_count() {
                return Err(value_error(format!(
                    "there is no option {k}: the problem has {}",
                    built.problem().option_count()
                )));
            }
            Ok(split(built.option_name(k)))
        })
    }

    /// The problem's symmetry group, found in its matrix by nauty (as `dancing cover
    /// --group`): a `dancing.Group` with its `order` and `generators` by item names. A
    /// problem too large for nauty raises `ValueError`. nauty runs without the GIL and
    /// Ctrl-C stops it (`KeyboardInterrupt`): its time grows as the cube of the number of
    /// interchangeable parts.
    fn group(&self, py: Python<'_>) -> PyResult<crate::symmetry::Group> {
        guard(|| {
            let built = self.problem()?;
            crate::symmetry::group(py, built.problem(), |i| built.item_name(i).to_owned())
        })
    }

    /// The number of solutions (a Python int, exact at any size). `jobs`: threads to count
    /// on (None: one; 0: one a core); `limit`: stop after that many (a count equal to the
    /// limit may be short of the total); `max_nodes`, `max_time` (seconds): budgets, which
    /// raise `GaveUp` when spent. `limit` and `max_nodes` need one thread. `memo=True`
    /// counts by memo (Knuth's Algorithm Z: each set of open items counted once), which
    /// reaches counts far beyond enumeration (domino tilings of 16x16) but is slower where
    /// solutions are few; it takes no `limit`, `max_nodes` or `jobs` (multiplicities it takes).
    /// `symmetry=True` counts with the problem's symmetry group (`group()`): the same total,
    /// one branch of each orbit searched; `up_to_symmetry=True` counts the orbits of
    /// solutions, the essentially different ones. Both take `jobs` and `max_time`, not
    /// `limit`, `max_nodes` or `memo`.
    #[pyo3(signature = (
        jobs = None, limit = None, max_nodes = None, max_time = None, memo = false,
        symmetry = false, up_to_symmetry = false
    ))]
    #[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
    fn count(
        &self,
        py: Python<'_>,
        jobs: Option<Whole>,
        limit: Option<Whole>,
        max_nodes: Option<Whole>,
        max_time: Option<f64>,
        memo: bool,
        symmetry: bool,
        up_to_symmetry: bool,
    ) -> PyResult<Py<PyAny>> {
        guard(|| {
            let jobs: Option<usize> = jobs.map(|j| j.get("jobs")).transpose()?;
            let limit = args::limit(limit)?;
            let max_nodes: Option<u64> = max_nodes.map(|m| m.get("max_nodes")).transpose()?;
            let built = self.problem()?;
            let budget = Budget::new(max_nodes, max_time)?;
            if symmetry || up_to_symmetry {
                if symmetry && up_to_symmetry {
                    return Err(value_error(
                        "symmetry=True counts every solution, up_to_symmetry=True the \
                         essentially different ones: choose one",
                    ));
                }
                if memo || limit.is_some() || max_nodes.is_some() {
                    return Err(value_error(
                        "a count with the symmetry group counts every solution: it takes no \
                         limit, max_nodes or memo (jobs and max_time it takes)",
                    ));
                }
                let jobs = match jobs {
                    None => 1,
                    Some(0) => std::thread::available_parallelism().map_or(1, usize::from),
                    Some(j) => j,
                };
                let count =
                    crate::symmetry::count(py, built.problem(), up_to_symmetry, jobs, &budget)?;
                return run::count_to_py(py, &count);
            }
            if memo {
                if limit.is_some() || max_nodes.is_some() || jobs.is_some_and(|j| j != 1) {
                    return Err(value_error(
                        "memo=True counts every solution on one thread: it takes no limit, \
                         max_nodes or jobs (max_time it takes)",
                    ));
                }
                let count = run::count_memo(py, built.problem(), &budget)?;
                return run::count_to_py(py, &count);
            }
            let count = match jobs {
                None | Some(1) => run::count(py, built.problem(), limit, &budget)?,
                Some(jobs) if limit.is_none() && !budget.has_nodes() => {
                    run::count_parallel(py, built.problem(), jobs, &budget)?
                }
                Some(jobs) => {
                    return Err(value_error(format!(
                        "jobs={jobs} with limit or max_nodes: a count on several threads \
                         counts every solution; use jobs=1 for a limit or a node budget"
                    )));
                }
            };
            run::count_to_py(py, &count)
        })
    }

    /// An iterator over the solutions, found one at a time as it is advanced: each a list
    /// of option indices in the order the search chose them, or with `names=True` a list of
    /// options, each the list of its items. `limit` stops after that many; the budgets raise
    /// `GaveUp` from `next()` when spent (`max_time` counts from this call).
    /// `up_to_symmetry=True` gives one solution of each family of solutions that the
    /// problem's symmetry group maps onto each other, as a `(size, solution)` pair: the
    /// family's size and its least member, its options in increasing order; `limit` counts
    /// families, the budgets the search's nodes and time.
    #[pyo3(signature = (
        limit = None, names = false, max_nodes = None, max_time = None, up_to_symmetry = false
    ))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<Whole>,
        names: bool,
        max_nodes: Option<Whole>,
        max_time: Option<f64>,
        up_to_symmetry: bool,
    ) -> PyResult<Solutions> {
        guard(|| {
            let limit = args::limit(limit)?;
            let max_nodes: Option<u64> = max_nodes.map(|m| m.get("max_nodes")).transpose()?;
            let built = self.problem()?;
            let budget = Budget::new(max_nodes, max_time)?;
            let representatives = if up_to_symmetry {
                let problem = built.problem();
                let group = crate::symmetry::watched_group(py, problem, Some(&budget))?;
                let listed = py.detach(|| Representatives::new(problem, &group));
                Some(listed.map_err(value_error)?)
            } else {
                None
            };
            Ok(Solutions {
                walk: Mutex::new(Walk {
                    solver: budget.solver(built.problem()),
                    left: limit.unwrap_or(u64::MAX),
                    buffer: Vec::new(),
                }),
                built,
                budget,
                names,
                representatives,
            })
        })
    }

    /// The first solution (as `solutions()` gives them), or None if there is none.
    #[pyo3(signature = (names = false, max_nodes = None, max_time = None))]
    fn first(
        &self,
        py: Python<'_>,
        names: bool,
        max_nodes: Option<Whole>,
        max_time: Option<f64>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let solutions =
            self.solutions(py, Some(Whole::from(1)), names, max_nodes, max_time, false)?;
        solutions.__next__(py)
    }

    /// A solution (option indices, as `solutions()` gives them) of a problem made by
    /// `dancing.polyomino`, `polycube`, `queens` or `langford`, drawn as a `dancing.Picture`
    /// (Jupyter shows it); indices that are no solution raise `ValueError`.
    fn picture(&self, solution: Vec<Whole>) -> PyResult<Picture> {
        guard(|| {
            let Some(front) = &self.front else {
                return Err(value_error(
                    "only the problems of dancing.polyomino, polycube, queens and langford \
                     have pictures",
                ));
            };
            let solution = solution
                .iter()
                .map(|k| k.get("an option of the solution"))
                .collect::<PyResult<Vec<usize>>>()?;
            front.draw(&solution)
        })
    }

    /// The SVG document of `picture(solution)`.
    fn svg(&self, solution: Vec<Whole>) -> PyResult<String> {
        self.picture(solution).map(Picture::into_svg)
    }

    fn __repr__(&self) -> String {
        format!(
            "<dancing.ExactCover: {} options>",
            self.state().builder.option_count()
        )
    }
}

/// Reads a whole file; its name for messages.
fn read_file(path: PathBuf) -> PyResult<(String, Vec<u8>)> {
    let name = path.display().to_string();
    let bytes = std::fs::read(&path)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{name}: cannot read: {e}")))?;
    Ok((name, bytes))
}

/// An option's items, from its name (the items joined by blanks).
fn split(name: &str) -> Vec<String> {
    name.split(' ').map(str::to_owned).collect()
}

/// An iterator over the solutions of an `ExactCover`, searching as it is advanced; threads
/// that advance one iterator take turns (see the module docs).
#[pyclass(module = "dancing", frozen)]
pub struct Solutions {
    /// The search, locked for one `next()`.
    walk: Mutex<Walk>,
    built: Arc<NamedProblem>,
    budget: Budget,
    names: bool,
    /// With `up_to_symmetry=True`, the test that keeps the least solution of each family.
    representatives: Option<Representatives>,
}

/// Where a `Solutions` iterator's search stands.
struct Walk {
    solver: Solver,
    /// Solutions still to give before the limit.
    left: u64,
    buffer: Vec<usize>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        guard(|| {
            // The lock is waited for without the GIL: its holder's search takes the GIL at
            // its pauses.
            py.detach(|| {
                let walk = self.walk.lock();
                Python::attach(|py| match walk {
                    Ok(mut walk) => self.advance(py, &mut walk),
                    Err(_) => Err(PyRuntimeError::new_err(
                        "this iterator stopped at an internal error (reported then): start a \
                         new one with solutions()",
                    )),
                })
            })
        })
    }
}

impl Solutions {
    /// The next solution of `walk` (with `representatives`, the next least member of a
    /// family, after its family's size), searched for without the GIL.
    fn advance(&self, py: Python<'_>, walk: &mut Walk) -> PyResult<Option<Py<PyAny>>> {
        if walk.left == 0 {
            return Ok(None);
        }
        let size = loop {
            if !run::search(py, &mut walk.solver, &self.budget, || false)? {
                walk.left = 0;
                return Ok(None);
            }
            walk.solver.solution_into(&mut walk.buffer);
            let Some(representatives) = &self.representatives else {
                break None;
            };
            let solution = &walk.buffer;
            if let Some(family) = py.detach(|| representatives.family(solution)) {
                walk.buffer = family.representative;
                break Some(family.size);
            }
        };
        walk.left -= 1;
        let list = if self.names {
            let options = walk
                .buffer
                .iter()
                .map(|&k| split(self.built.option_name(k)));
            PyList::new(py, options)?
        } else {
            PyList::new(py, &walk.buffer)?
        };
        Ok(Some(match size {
            Some(size) => (size, list).into_pyobject(py)?.into_any().unbind(),
            None => list.into_any().unbind(),
        }))
    }
}
