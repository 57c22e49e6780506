"""The edges of the binding: sizes checked before anything is allocated, whole numbers out of
range, arguments of the wrong shape, input the library refuses (never a panic), and one
object searched from several threads at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

import dancing
from dancing import sudoku

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize(
    "build",
    [
        lambda: dancing.queens(2**31),
        lambda: dancing.queens(10**12),
        lambda: dancing.queens(5000),
        lambda: dancing.queens(1001),
        lambda: dancing.queens(0),
        lambda: dancing.langford(10**9),
        lambda: dancing.langford(0),
    ],
)
def test_a_front_end_refuses_a_size_beyond_its_range_before_allocating(
    build: Callable[[], Any],
) -> None:
    with pytest.raises(ValueError, match="out of range: expected 1 to 1000"):
        build()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: dancing.queens(-1), "n=-1: expected a whole number, at least 0"),
        (lambda: dancing.queens(10**30), "n=10{30}: expected a whole number, at most"),
        (lambda: dancing.langford(-3), "n=-3"),
        (lambda: dancing.polyomino("6x10", copies=-1), "copies=-1"),
        (lambda: dancing.queens(4).count(limit=-1), "limit=-1"),
        (lambda: dancing.queens(4).count(jobs=-2), "jobs=-2"),
        (lambda: dancing.queens(4).count(max_nodes=2**70), "max_nodes=1180591620717411303424"),
        (lambda: dancing.queens(4).solutions(limit=-1), "limit=-1"),
        (lambda: dancing.queens(4).first(max_nodes=-1), "max_nodes=-1"),
        (lambda: dancing.queens(4).option(-1), "k=-1"),
        (lambda: dancing.polyomino("3x20").svg([-1]), "an option of the solution=-1"),
        (lambda: sudoku.count(WIKIPEDIA, limit=-1), "limit=-1"),
        (lambda: sudoku.count(WIKIPEDIA, limit=0), "limit=0: expected at least 1 solution"),
        (lambda: dancing.queens(4).count(limit=0), "limit=0: expected at least 1 solution"),
        (lambda: dancing.queens(4).solutions(limit=0), "limit=0: expected at least 1 solution"),
        (lambda: sudoku.solve(WIKIPEDIA, max_nodes=-5), "max_nodes=-5"),
        (lambda: sudoku.generate(seed=-1), "seed=-1"),
        (lambda: sudoku.generate(seed=2**64), "seed=18446744073709551616"),
        (lambda: sudoku.generate(size=-9), "size=-9"),
        (lambda: sudoku.generate(min_givens=-1), "min_givens=-1"),
    ],
)
def test_a_whole_number_out_of_range_is_a_value_error_naming_the_argument(
    call: Callable[[], Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_board_whose_options_would_pass_the_limit_is_refused_before_they_are_made() -> None:
    with pytest.raises(ValueError, match="could have 18144000 nodes, but a tiling may have at most"):
        dancing.polyomino("200x240", copies=800)
    with pytest.raises(ValueError, match="at most 1048576 cells"):
        dancing.polyomino("2000x2000", pieces="domino", copies=2000000)


def test_a_time_budget_beyond_the_clock_is_no_limit() -> None:
    assert dancing.queens(6).count(max_time=1e19) == 4
    assert dancing.queens(6).count(jobs=2, max_time=1e19) == 4
    assert sudoku.count(WIKIPEDIA, max_time=1e19) == 1
    for bad in [-1.0, float("nan"), float("inf"), 1e300]:
        with pytest.raises(ValueError, match="expected a number of seconds"):
            dancing.queens(6).count(max_time=bad)


def test_a_source_of_the_wrong_type_says_what_a_problem_is() -> None:
    with pytest.raises(TypeError, match="a problem is its text") as info:
        dancing.ExactCover.from_dlx(5)  # type: ignore[arg-type]
    assert "Source" not in str(info.value)
    assert dancing.ExactCover.from_dlx(bytearray(b"A\nA\n")).count() == 1


def test_a_value_of_the_wrong_type_is_a_type_error_naming_the_argument() -> None:
    with pytest.raises(TypeError, match="expected an int, got str(.|\n)*'n'"):
        dancing.queens("8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected an int, got float(.|\n)*'n'"):
        dancing.queens(8.0)  # type: ignore[arg-type]


def test_bounds_out_of_range_or_of_the_wrong_shape_do_not_show_the_bindings_types() -> None:
    for bounds, error, message in [
        ({"a": (1, 10**30)}, ValueError, "the upper bound of `a`=10{30}: expected a whole"),
        ({"a": -1}, ValueError, "the lower bound of `a`=-1: expected a whole number"),
        ({"a": "x"}, TypeError, "a bound is an int n"),
        ({"a": (1, 2, 3)}, TypeError, "a bound is an int n"),
    ]:
        with pytest.raises(error, match=message) as info:
            dancing.ExactCover(["a"], bounds=bounds)  # type: ignore[arg-type]
        assert "Bounds" not in str(info.value) and "extract" not in str(info.value)
    assert dancing.ExactCover(["a"], bounds={"a": (0, 2)}).to_dlx().startswith("0:2|a")


def test_bounds_given_in_the_name_and_in_bounds_are_refused() -> None:
    for name in ["2|a", "1|a", "1:2|a"]:
        with pytest.raises(ValueError, match="bounds given twice for `a`"):
            dancing.ExactCover([name], bounds={"a": 3})


def test_a_variant_or_a_symmetry_of_the_wrong_type_says_what_it_takes() -> None:
    with pytest.raises(TypeError, match="variant is a name") as info:
        sudoku.solve(WIKIPEDIA, variant=5)  # type: ignore[arg-type]
    assert "Variants" not in str(info.value)
    with pytest.raises(TypeError, match="symmetric is True, False or a name"):
        sudoku.generate(seed=1, symmetric=3)  # type: ignore[arg-type]


def test_rules_that_leave_no_full_grid_are_a_value_error_as_on_the_command_line() -> None:
    with pytest.raises(ValueError, match="no puzzle can be made: these rules leave the empty 4x4"):
        sudoku.generate(seed=1, size=4, variant="anti-king")
    made = sudoku.generate(seed=1, size=6, variant="anti-king")
    assert sudoku.is_unique(made, variant="anti-king")


def test_options_that_do_not_tile_the_board_have_no_picture() -> None:
    tiling = dancing.polyomino("3x20")
    with pytest.raises(ValueError, match="not a solution: no option covers cell"):
        tiling.svg([])
    with pytest.raises(ValueError, match="not a solution: two options cover cell"):
        tiling.svg([0, 0])
    with pytest.raises(ValueError, match="there is no option 99999"):
        tiling.svg([99999])
    first = tiling.first()
    assert first is not None
    assert tiling.svg(first).count('class="piece"') == 12


def test_bytes_are_read_as_text_when_they_are_utf8() -> None:
    solved = sudoku.solve(WIKIPEDIA.encode())
    assert solved is not None and solved == sudoku.solve(WIKIPEDIA)
    assert sudoku.Grid(bytearray(WIKIPEDIA.encode())).line == sudoku.Grid(WIKIPEDIA).line
    with pytest.raises(ValueError, match="not UTF-8 text .byte 2 is not.: give the puzzle as a str"):
        sudoku.solve(b"5\xff" + b"." * 79)


@pytest.mark.parametrize(
    "digit, message",
    [
        (-1, "row 3, column 5: -1 is not a digit: expected 0 .a blank. to 9"),
        (10**30, "row 3, column 5: 10{30} is not a digit"),
        (256, "row 3, column 5: 256 is not a digit"),
        (10, "10"),
    ],
)
def test_a_digit_out_of_range_is_a_value_error_naming_its_cell(digit: int, message: str) -> None:
    rows = [[0] * 9 for _ in range(9)]
    rows[2][4] = digit
    with pytest.raises(ValueError, match=message):
        sudoku.solve(rows)
    flat = [0] * 81
    flat[2 * 9 + 4] = digit
    with pytest.raises(ValueError, match=message):
        sudoku.solve(flat)


def test_a_list_longer_than_the_largest_grid_is_refused_before_it_is_copied() -> None:
    with pytest.raises(ValueError, match="1297 cells: a grid has at most 36 rows of 36"):
        sudoku.solve([0] * 1297)
    with pytest.raises(ValueError, match="row 2 has 37 cells: a grid has at most 36 rows"):
        sudoku.solve([[0] * 4, [0] * 37, [0] * 4, [0] * 4])


def test_a_cell_outside_the_grid_is_an_index_error() -> None:
    grid = sudoku.Grid(WIKIPEDIA)
    assert grid[0, 0] == 5
    for at in [(-1, 0), (0, 9), (10**30, 0)]:
        with pytest.raises(IndexError, match="outside a 9x9 grid"):
            grid[at]


def run_together(work: Callable[[], Any], threads: int = 4) -> list[Any]:
    """Runs ``work`` on ``threads`` threads started together; their results, or raises the
    first exception one of them raised."""
    start = threading.Barrier(threads)
    results: list[Any] = [None] * threads
    errors: list[BaseException] = []

    def run(k: int) -> None:
        start.wait()
        try:
            results[k] = work()
        except BaseException as error:
            errors.append(error)

    pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if errors:
        raise errors[0]
    return results


def test_one_exact_cover_counts_and_iterates_on_four_threads_at_once() -> None:
    # Long enough (some 60 ms a count) for the four searches to overlap.
    problem = dancing.queens(12)
    assert run_together(problem.count) == [14200] * 4
    assert run_together(lambda: len(list(problem.solutions()))) == [14200] * 4
    assert run_together(lambda: problem.count(jobs=2)) == [14200] * 4


def test_threads_advancing_one_iterator_share_its_solutions_without_repeats() -> None:
    problem = dancing.queens(12)
    solutions = problem.solutions()
    found = run_together(lambda: [sorted(s) for s in solutions])
    every = [tuple(s) for part in found for s in part]
    assert len(every) == len(set(every)) == 14200
    assert set(every) == {tuple(sorted(s)) for s in problem.solutions()}


def test_options_added_while_other_threads_search_reach_the_next_search() -> None:
    problem = dancing.ExactCover(["a", "b"])
    problem.add_option(["a", "b"])

    def add_and_count() -> int:
        problem.add_option(["a"])
        return problem.count()

    # Until `b` has an option of its own, {a b} is the one solution, whatever was added.
    assert run_together(add_and_count) == [1] * 4
    assert len(problem) == 5
    problem.add_option(["b"])
    assert problem.count() == 1 + 4
