"""The front ends: N queens, Langford pairs and polyominoes, against published counts, with
every solution checked against the rules."""

from __future__ import annotations

import pytest

import dancing
from conftest import check_cover

# OEIS A000170.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


@pytest.mark.parametrize("n", range(1, 11))
def test_n_queens_counts_match_oeis_a000170(n: int) -> None:
    assert dancing.queens(n).count() == QUEENS[n - 1]
    assert dancing.queens(n, order="natural").count() == QUEENS[n - 1]


def test_every_8_queens_solution_places_non_attacking_queens() -> None:
    problem = dancing.queens(8)
    boards = set()
    for solution in problem.solutions(names=True):
        squares = []
        for option in solution:
            row = next(int(i[1:]) for i in option if i.startswith("r"))
            col = next(int(i[1:]) for i in option if i.startswith("c"))
            squares.append((row, col))
        for a in range(8):
            for b in range(a + 1, 8):
                (r1, c1), (r2, c2) = squares[a], squares[b]
                assert r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)
        boards.add(frozenset(squares))
    assert len(boards) == 92


@pytest.mark.parametrize("n, count", [(3, 2), (4, 2), (7, 52), (8, 300)])
def test_langford_counts_match_oeis_a014552_doubled(n: int, count: int) -> None:
    assert dancing.langford(n).count() == count
    assert dancing.langford(n, half=True).count() == count // 2


def test_langford_solutions_put_v_slots_between_the_two_vs() -> None:
    problem = dancing.langford(7)
    for solution in problem.solutions(names=True):
        places = {}
        for option in solution:
            value = next(int(i[1:]) for i in option if i.startswith("v"))
            slots = sorted(int(i[1:]) for i in option if i.startswith("s"))
            places[value] = slots
        assert sorted(places) == list(range(1, 8))
        assert all(b - a == v + 1 for v, (a, b) in places.items())


def test_pentomino_rectangles_have_the_published_counts() -> None:
    assert dancing.polyomino("3x20", symmetry=True).count() == 2
    assert dancing.polyomino("6x10", symmetry=True).count(jobs=2) == 2339


def test_a_tiling_covers_every_cell_once_and_its_picture_draws_every_piece() -> None:
    problem = dancing.polyomino("3x20", symmetry=True)
    solution = problem.first()
    assert solution is not None
    cells = [i for i in problem.items if any(ch.isdigit() for ch in i)]
    check_cover(problem.items, [problem.option(k) for k in solution])
    assert len(cells) == 60
    picture = problem.svg(solution)
    assert picture.startswith("<?xml") and picture.count('class="piece"') == 12


def test_dominoes_tile_a_4x4_board_in_36_ways() -> None:
    assert dancing.polyomino("4x4", pieces="domino", copies=8).count() == 36
