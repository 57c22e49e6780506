//! Counts up to symmetry: [`count_up_to_symmetry`] by Burnside's lemma, and [`families`], one
//! solution of each orbit.
//!
//! The solutions an element `g` fixes are the unions of its cycles of options that cover every
//! primary item once and every secondary item at most once (colors agreeing): an exact-cover
//! problem whose items are `g`'s cycles of items and whose options are its cycles of options
//! whose members are pairwise compatible (the quotient). Burnside's lemma makes the number of
//! orbits of solutions the average of those counts over the group; the identity's is the
//! total, which [`super::count`] counts with the group's help.

use num_bigint::BigUint;

use super::orbits::{Ended, count_stoppable};
use super::{Group, Permutation, SymmetryError};
use crate::count::Count;
use crate::problem::{Problem, ProblemBuilder};
use crate::solver::Solver;

/// The number of orbits of the solutions of `problem` under `group`: its essentially
/// different solutions.
///
/// ```
/// let problem = dancing::problems::queens(8);
/// let group = dancing::symmetry::group(&problem)?;
/// let classes = dancing::symmetry::count_up_to_symmetry(&problem, &group, 1)?;
/// assert_eq!(classes, 12u64); // 92 solutions in 12 classes
/// # Ok::<(), dancing::symmetry::SymmetryError>(())
/// ```
///
/// # Errors
/// [`SymmetryError::GroupTooLarge`] for a group of more than [`Group::listable`] elements,
/// [`SymmetryError::Multiplicities`] for a problem with bounds.
pub fn count_up_to_symmetry(
    problem: &Problem,
    group: &Group,
    jobs: usize,
) -> Result<Count, SymmetryError> {
    let classes = count_up_to_symmetry_until(problem, group, jobs, &|| false)?;
    Ok(classes.expect("a count that nothing stops ends"))
}

/// [`count_up_to_symmetry`] that asks `stop` before each element of the group and every few
/// thousand nodes of each count, and gives up when it says so: then `Ok(None)` (a part of
/// Burnside's sum says nothing useful about the whole).
///
/// # Errors
/// As [`count_up_to_symmetry`].
pub fn count_up_to_symmetry_until(
    problem: &Problem,
    group: &Group,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Count>, SymmetryError> {
    if problem.has_multiplicities() {
        return Err(SymmetryError::Multiplicities);
    }
    let elements = group.elements()?;
    let total = super::count_until(problem, group, jobs, stop).total;
    if !total.is_exact() {
        return Ok(None);
    }
    let mut sum = total.value();
    for g in elements.iter().filter(|g| !g.is_identity()) {
        if stop() {
            return Ok(None);
        }
        if let Some(quotient) = quotient(problem, g) {
            let (fixed, end) = count_stoppable(&mut Solver::new(&quotient), stop, &|_| false);
            if end != Ended::Exhausted {
                return Ok(None);
            }
            sum += fixed;
        }
    }
    let order = BigUint::from(elements.len());
    debug_assert_eq!(
        &sum % &order,
        BigUint::from(0u32),
        "Burnside's sum is a multiple of the order"
    );
    Ok(Some(Count::exact(sum / order)))
}

/// The problem whose solutions are those of `problem` that `g` maps onto themselves, on `g`'s
/// cycles; `None` when no cycle of options is compatible with itself and some primary item
/// cannot be covered (the count is then 0 as well, so `None` also stands for "no solution").
fn quotient(problem: &Problem, g: &Permutation) -> Option<Problem> {
    let items = problem.item_count();
    // Each item's cycle, numbered in the order of their least items: the primary cycles
    // first, since the primary items come first and `g` keeps them primary.
    let mut cycle_of = vec![usize::MAX; items];
    let (mut cycles, mut primary) = (0, 0);
    for start in 0..items {
        if cycle_of[start] != usize::MAX {
            continue;
        }
        let mut i = start;
        while cycle_of[i] == usize::MAX {
            cycle_of[i] = cycles;
            i = g.item(i);
        }
        cycles += 1;
        if problem.is_primary(start) {
            primary = cycles;
        }
    }
    let mut builder = ProblemBuilder::new(primary, cycles - primary);
    let mut seen = vec![false; problem.option_count()];
    // Each item's mark while a cycle is read: 0 untouched, 1 touched without a color, `c + 2`
    // touched with color `c`.
    let mut mark = vec![0u32; items];
    let mut touched: Vec<usize> = Vec::new();
    for start in 0..problem.option_count() {
        if seen[start] {
            continue;
        }
        let mut members = Vec::new();
        let mut k = start;
        while !seen[k] {
            seen[k] = true;
            members.push(k);
            k = g.option(k);
        }
        // The cycle's options are pairwise compatible when no item is touched twice but a
        // secondary item given one color.
        let mut ok = true;
        for &k in &members {
            for (i, c) in problem.option(k).zip(problem.option_colors(k)) {
                let m = c.map_or(1, |c| c + 2);
                if mark[i] == 0 {
                    mark[i] = m;
                    touched.push(i);
                } else if m == 1 || mark[i] != m {
                    ok = false;
                }
            }
        }
        let mut option: Vec<(usize, Option<u32>)> = Vec::new();
        for &i in &touched {
            let id = cycle_of[i];
            if ok && !option.iter().any(|&(j, _)| j == id) {
                option.push((id, mark[i].checked_sub(2)));
            }
            mark[i] = 0;
        }
        touched.clear();
        if ok {
            builder.colored_option(option).ok()?;
        }
    }
    builder.build().ok()
}

/// One orbit of solutions: its least member (as sorted options) and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// The least solution of the orbit, its options in increasing order, where solutions
    /// compare as sorted lists of options.
    pub representative: Vec<usize>,
    /// How many solutions the orbit has (the group's order over the representative's
    /// stabilizer's).
    pub size: usize,
}

/// Tells which solutions are the least of their orbit under a group, and the orbit's size:
/// the test behind [`families`], for callers that run the search themselves (with budgets
/// or pauses of their own).
///
/// Invariant: `elements` lists every element of the group once, the identity among them.
#[derive(Clone, Debug)]
pub struct Representatives {
    elements: Vec<Permutation>,
}

impl Representatives {
    /// The test for the orbits of `problem`'s solutions under `group`.
    ///
    /// # Errors
    /// As [`count_up_to_symmetry`].
    pub fn new(problem: &Problem, group: &Group) -> Result<Representatives, SymmetryError> {
        if problem.has_multiplicities() {
            return Err(SymmetryError::Multiplicities);
        }
        Ok(Representatives {
            elements: group.elements()?,
        })
    }

    /// The family of `solution` (its options in any order) if it is the least member of its
    /// orbit, `None` if another member is less. Listing every solution and keeping those
    /// that have a family gives each orbit once.
    pub fn family(&self, solution: &[usize]) -> Option<Family> {
        let mut solution = solution.to_vec();
        solution.sort_unstable();
        let mut image = Vec::with_capacity(solution.len());
        let mut fixed = 0;
        for g in &self.elements {
            image.clear();
            image.extend(solution.iter().map(|&k| g.option(k)));
            image.sort_unstable();
            match image.cmp(&solution) {
                std::cmp::Ordering::Less => return None,
                std::cmp::Ordering::Equal => fixed += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        Some(Family {
            size: self.elements.len() / fixed,
            representative: solution,
        })
    }
}

/// Calls `each` with one [`Family`] of each orbit of `problem`'s solutions under `group`, in
/// the order the engine finds the representatives, until it returns `false`.
///
/// # Errors
/// As [`count_up_to_symmetry`].
pub fn families(
    problem: &Problem,
    group: &Group,
    mut each: impl FnMut(Family) -> bool,
) -> Result<(), SymmetryError> {
    let representatives = Representatives::new(problem, group)?;
    let mut solver = Solver::new(problem);
    while let Some(solution) = solver.next_solution().expect("no budget is set") {
        if let Some(family) = representatives.family(&solution)
            && !each(family)
        {
            break;
        }
    }
    Ok(())
}
