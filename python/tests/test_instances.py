"""The shared instances of ``../shared/data`` read with ExactCover.from_dlx and counted, with
the counts of the Rust tests (tests/integration/instances.rs and colors.rs): published
counts (OEIS A000170 and A014552, the pentomino rectangles) and DLX2/DLX3's. Skipped, saying
so, when the data is absent."""

from __future__ import annotations

import pytest

import dancing
from conftest import shared_data

# OEIS A000170.
QUEENS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200}

CASES = (
    [(f"exact-cover/nqueens-{n}.dlx", c) for n, c in QUEENS.items()]
    + [(f"exact-cover/nqueens-{n}-primary.dlx", c) for n, c in QUEENS.items()]
    + [
        ("exact-cover/langford-7.dlx", 52),
        ("exact-cover/langford-7-half.dlx", 26),
        ("exact-cover/langford-8.dlx", 300),
        ("exact-cover/langford-8-half.dlx", 150),
        ("exact-cover/langford-11-half.dlx", 17792),
        ("exact-cover/pentomino-6x10-xq.dlx", 2339),
        ("exact-cover/pentomino-5x12.dlx", 4040),
        ("exact-cover/pentomino-4x15.dlx", 1472),
        ("exact-cover/pentomino-3x20.dlx", 8),
        ("exact-cover/sudoku-hard.dlx", 1),
        ("exact-cover-colors/debruijn-0-2-6.dlx", 4),
        ("exact-cover-colors/debruijn-1-2-7.dlx", 8),
        ("exact-cover-colors/debruijn-2-3-6.dlx", 60),
        ("exact-cover-colors/windmill-3-4.dlx", 0),
        ("exact-cover-multiplicities/motley-4-4.dlx", 8),
        ("exact-cover-multiplicities/motley-5-5.dlx", 150),
        ("exact-cover-multiplicities/queendom-4-4.dlx", 1636),
        ("exact-cover-multiplicities/redrect-4-4.dlx", 55137),
    ]
)


@pytest.mark.parametrize("relative, count", CASES)
def test_a_shared_instance_has_its_published_count(relative: str, count: int) -> None:
    problem = dancing.ExactCover.from_dlx(shared_data(relative))
    assert problem.count() == count


def test_writing_an_instance_and_reading_it_back_keeps_its_count() -> None:
    problem = dancing.ExactCover.from_dlx(shared_data("exact-cover-colors/debruijn-1-2-7.dlx"))
    again = dancing.ExactCover.from_dlx(problem.to_dlx())
    assert again.to_dlx() == problem.to_dlx()
    assert again.count(jobs=2) == 8


def test_the_first_puzzles_of_top95_are_solved_by_the_rules() -> None:
    lines = shared_data("sudoku/top95.txt").read_text().split()
    from test_sudoku import as_rows, check_solution

    for line in lines[:20]:
        solved = dancing.sudoku.solve(line)
        assert solved is not None
        check_solution(as_rows(line), solved, (3, 3))
