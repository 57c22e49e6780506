"""ExactCover.preprocess (Knuth's DLX-PRE) and ExactCover.estimate (Knuth's estimate of a
search): the reduced problem has the same solutions, mapped back; the estimate lands near
the true number of nodes."""

from __future__ import annotations

import pytest

import dancing
from conftest import check_cover, random_costed


def random_problem(seed: int) -> tuple[dancing.ExactCover, list[str]]:
    """A small random problem with colors and costs, and its primary items."""
    return random_costed(seed, 6, 16, 5)


def as_sets(problem: dancing.ExactCover, solutions: list[list[int]]) -> set[frozenset[int]]:
    return {frozenset(s) for s in solutions}


@pytest.mark.parametrize("seed", range(60))
def test_the_reduced_problem_has_the_same_solutions_mapped_back(seed: int) -> None:
    problem, primary = random_problem(seed)
    every = as_sets(problem, list(problem.solutions()))
    reduced = problem.preprocess()
    if reduced is None:
        assert every == set()
        return
    smaller, options = reduced
    assert len(smaller) <= len(problem)
    assert options == sorted(options)
    mapped = {frozenset(options[k] for k in s) for s in smaller.solutions()}
    assert mapped == every
    for s in smaller.solutions():
        check_cover(primary, [problem.option(options[k]) for k in s])
        # The names, colors and costs come along; an option may lose the items that another
        # item implies, no other.
        for k in s:
            assert set(smaller.option(k)) <= set(problem.option(options[k]))
            assert smaller.cost(k) == problem.cost(options[k])


def test_preprocess_removes_what_cannot_be_chosen_and_refuses_bounds() -> None:
    problem = dancing.ExactCover(["a", "b", "c"])
    problem.add_option(["a", "b"])
    problem.add_option(["a"])  # leaves b to {b c}, which is fine
    problem.add_option(["b", "c"])
    problem.add_option(["c"])
    problem.add_option(["a", "c"])  # leaves b only with {a b} and {b c}: both clash
    reduced = problem.preprocess()
    assert reduced is not None
    smaller, options = reduced
    assert 4 not in options
    assert {frozenset(options[k] for k in s) for s in smaller.solutions()} == {
        frozenset(s) for s in problem.solutions()
    }
    stuck = dancing.ExactCover(["a", "b"])
    stuck.add_option(["a"])
    assert stuck.preprocess() is None
    with pytest.raises(ValueError, match="multiplicities"):
        dancing.ExactCover(["2|a"]).preprocess()


def test_on_a_tree_whose_every_node_has_three_children_the_estimate_is_exact() -> None:
    # Four items, each with three options of its own: every path meets degrees 3, 3, 3, 3,
    # so each path's estimate, and the mean, is 1 + 3 + 9 + 27 + 81 nodes, with no spread.
    problem = dancing.ExactCover(["a", "b", "c", "d"])
    for item in "abcd":
        for _ in range(3):
            problem.add_option([item])
    e = problem.estimate(paths=50, seed=1)
    assert e["nodes"] == 1 + 3 + 9 + 27 + 81
    assert e["low"] == e["high"] == e["nodes"] == e["max"]
    assert e["spread"] == 0 and e["paths"] == 50


def test_the_time_of_a_tree_past_any_duration_is_given_whole_not_capped() -> None:
    # 40 items of 10 options each, one item an option: 10^40 leaves, some 10^30 s at any
    # rate a machine has; a Duration stops at 2^64 s (about 1.8e19).
    items = [f"i{k}" for k in range(40)]
    problem = dancing.ExactCover(items)
    for item in items:
        for _ in range(10):
            problem.add_option([item])
    e = problem.estimate(paths=10, seed=1)
    assert e["nodes"] > 1e40
    assert e["seconds"] > 1e21


def test_the_estimate_of_8_queens_is_repeatable_by_its_seed_and_honest_about_its_spread() -> None:
    queens = dancing.queens(8)
    e = queens.estimate(paths=2000, seed=3)
    assert e["paths"] == 2000
    assert e["low"] <= e["nodes"] <= e["high"]
    assert e["max"] >= e["nodes"] and e["spread"] > 0 and e["seconds"] >= 0
    again = queens.estimate(paths=2000, seed=3)
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in e.items() if k != "seconds"
    }
    assert queens.estimate(paths=1, max_time=0.0)["paths"] == 1
    with pytest.raises(ValueError):
        queens.estimate(paths=-1)
