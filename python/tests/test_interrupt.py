"""Ctrl-C stops a long search: the search looks at Python's signals between batches of
nodes, without the GIL, so KeyboardInterrupt arrives while Rust is searching. Each search
here would take hours; its max_time (60 s), where the function has one, only keeps a
broken interrupt from hanging the tests, and would fail them with GaveUp instead."""

from __future__ import annotations

import _thread
import threading
from collections.abc import Callable

import pytest

import dancing
from dancing import sudoku


def interrupted(search: Callable[[], object]) -> None:
    """Runs ``search`` while another thread presses Ctrl-C (``interrupt_main``) after 0.2 s,
    and asserts that it ends with KeyboardInterrupt."""
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search()
    finally:
        timer.cancel()


def test_ctrl_c_stops_a_count_on_one_thread() -> None:
    interrupted(lambda: dancing.queens(20).count(max_time=60))


def test_ctrl_c_stops_a_count_on_several_threads() -> None:
    interrupted(lambda: dancing.queens(20).count(jobs=2, max_time=60))


def test_ctrl_c_stops_a_count_with_the_symmetry_group() -> None:
    interrupted(lambda: dancing.queens(20).count(symmetry=True, jobs=2, max_time=60))


def test_ctrl_c_stops_a_count_up_to_symmetry() -> None:
    interrupted(lambda: dancing.queens(20).count(up_to_symmetry=True, max_time=60))


def test_ctrl_c_stops_an_iteration_between_two_solutions() -> None:
    # Langford pairs L(2, 22) have no solution (22 mod 4 is 2: Davies, 1959), and the
    # search takes hours to find that out.
    problem = dancing.langford(22)
    interrupted(lambda: next(problem.solutions(max_time=60)))


def test_ctrl_c_stops_an_iteration_over_families() -> None:
    problem = dancing.langford(22)
    interrupted(lambda: next(problem.solutions(max_time=60, up_to_symmetry=True)))


# The empty 9x9 grid has 6,670,903,752,021,072,936,960 solutions (Felgenhauer and Jarvis,
# 2005), and the search does not find the first grid of the empty 9x9 X-Sudoku with the
# anti-knight rule within seconds (nor a second one, which rate looks for).
X_ANTI_KNIGHT = ["x", "anti-knight"]


def test_ctrl_c_stops_a_sudoku_count() -> None:
    interrupted(lambda: sudoku.count("." * 81, limit=None, max_time=60))


def test_ctrl_c_stops_a_sudoku_solve() -> None:
    interrupted(lambda: sudoku.solve("." * 81, variant=X_ANTI_KNIGHT, max_time=60))


def test_ctrl_c_stops_a_sudoku_rating_and_uniqueness_check() -> None:
    interrupted(lambda: sudoku.rate("." * 81, variant=X_ANTI_KNIGHT))
    interrupted(lambda: sudoku.is_unique("." * 81, variant=X_ANTI_KNIGHT))


def test_ctrl_c_stops_a_sudoku_generation() -> None:
    # A minimal 25x25 puzzle takes far longer than the 0.2 s before the interrupt.
    interrupted(lambda: sudoku.generate(seed=1, size=25))


def test_a_stopped_sudoku_search_leaves_the_next_one_right() -> None:
    interrupted(lambda: sudoku.count("." * 81, limit=None, max_time=60))
    assert sudoku.count("." * 16, limit=None) == 288


def test_a_spent_sudoku_budget_says_the_solutions_found() -> None:
    # The empty 4x4 grid has 288 solutions; 100 nodes find some of them.
    with pytest.raises(dancing.GaveUp) as sudoku_gave_up:
        sudoku.count("." * 16, limit=None, max_nodes=100)
    assert sudoku_gave_up.value.nodes == 100
    assert 0 < sudoku_gave_up.value.solutions < 288


def test_other_threads_run_while_a_search_holds_no_gil() -> None:
    ticks = []
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.01)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        with pytest.raises(dancing.GaveUp):
            dancing.queens(20).count(max_time=0.3)
    finally:
        stop.set()
        thread.join()
    assert len(ticks) > 3


def chain(n: int) -> dancing.ExactCover:
    """``n`` items, each covered by an option of its own: every permutation of them is a
    symmetry, and nauty takes time cubic in ``n`` to find the group (4,000: 85 s)."""
    problem = dancing.ExactCover([f"i{k}" for k in range(n)])
    for k in range(n):
        problem.add_option([f"i{k}"])
    return problem


def test_ctrl_c_stops_nauty_finding_a_group_and_the_next_group_is_right() -> None:
    problem = chain(4000)
    interrupted(problem.group)
    assert dancing.queens(8).group().order == 8


def test_ctrl_c_stops_nauty_before_a_count_with_the_group_or_up_to_it() -> None:
    problem = chain(4000)
    interrupted(lambda: problem.count(symmetry=True, max_time=60))
    interrupted(lambda: problem.solutions(up_to_symmetry=True, max_time=60))


def test_a_time_budget_stops_nauty_before_a_count_with_the_group() -> None:
    problem = chain(4000)
    with pytest.raises(dancing.GaveUp, match="gave up after max_time=0.2 s"):
        problem.count(symmetry=True, max_time=0.2)
    with pytest.raises(dancing.GaveUp, match="gave up after max_time=0.2 s"):
        problem.solutions(up_to_symmetry=True, max_time=0.2)
