"""ExactCover.min_cost: the k cheapest solutions (Knuth's DLX5) against an enumeration of all
solutions, costs in Knuth's format, errors and budgets."""

from __future__ import annotations

import pytest

import dancing
from conftest import ROOT, check_cover, random_costed


def costed(seed: int) -> tuple[dancing.ExactCover, list[str]]:
    """A small random problem with colors and costs 0..3 (ties are common), and its primary
    items."""
    return random_costed(seed, 5, 12, 3)


@pytest.mark.parametrize("seed", range(40))
def test_the_k_cheapest_costs_are_those_of_all_solutions(seed: int) -> None:
    problem, primary = costed(seed)
    every = sorted(sum(problem.cost(k) for k in s) for s in problem.solutions())
    for k in (1, 3):
        for jobs in (None, 2):
            found = problem.min_cost(k=k, jobs=jobs)
            assert [c for c, _ in found] == every[:k]
            for cost, options in found:
                assert sum(problem.cost(o) for o in options) == cost
                check_cover(primary, [problem.option(o) for o in options])


@pytest.mark.parametrize("seed", range(20))
def test_costs_near_2_to_the_64_add_up_past_it_exactly_and_no_solution_is_lost(seed: int) -> None:
    problem, primary = random_costed(seed, 5, 12, 2, base=2**64 - 3)
    every = sorted(sum(problem.cost(k) for k in s) for s in problem.solutions())
    for jobs in (None, 2):
        found = problem.min_cost(k=4, jobs=jobs)
        assert [c for c, _ in found] == every[:4]
        for cost, options in found:
            assert sum(problem.cost(o) for o in options) == cost
            check_cover(primary, [problem.option(o) for o in options])


def test_a_cost_of_2_to_the_64_less_1_is_kept_and_one_of_2_to_the_64_printed_whole() -> None:
    top = 2**64 - 1
    alone = dancing.ExactCover.from_dlx(f"a\na |{top}\na |0\n")
    assert alone.min_cost(k=2) == [(0, [1]), (top, [0])]
    past = dancing.ExactCover.from_dlx(f"a b\na |{top}\nb |1\n")
    assert past.min_cost() == [(2**64, [0, 1])]


def test_costs_are_read_written_and_default_to_zero() -> None:
    problem = dancing.ExactCover.from_dlx("a b\na |2 |3\nb\na b |1\n")
    assert [problem.cost(k) for k in range(3)] == [5, 0, 1]
    assert problem.to_dlx() == "a b\na |5\nb\na b |1\n"
    assert problem.min_cost(k=2) == [(1, [2]), (5, [0, 1])]
    plain = dancing.ExactCover(["a"])
    plain.add_option(["a"])
    assert plain.min_cost() == [(0, [0])]


def test_a_bad_cost_names_its_line_and_column() -> None:
    with pytest.raises(ValueError, match=r"<string>:2:3: .*cost"):
        dancing.ExactCover.from_dlx("a b\na |x\n")
    with pytest.raises(ValueError, match="cost"):
        dancing.ExactCover(["a"]).add_option(["a"], cost=-1)


def test_bounds_and_k_zero_are_refused_and_budgets_raise_gave_up() -> None:
    bounded = dancing.ExactCover(["2|a"])
    bounded.add_option(["a"], cost=1)
    with pytest.raises(ValueError, match="multiplicities"):
        bounded.min_cost()
    with pytest.raises(ValueError):
        costed(1)[0].min_cost(k=0)
    queens = dancing.ExactCover.from_dlx(ROOT / "puzzles/exact-cover/nqueens-8-costs.dlx")
    with pytest.raises(dancing.GaveUp):
        queens.min_cost(max_nodes=5)
    assert len(queens.min_cost(k=5)) == 5
