"""Ctrl-C stops a long search: the search looks at Python's signals between batches of
nodes, without the GIL, so KeyboardInterrupt arrives while Rust is searching. Each search
here would take hours; its max_time (60 s) only keeps a broken interrupt from hanging the
tests, and would fail them with GaveUp instead."""

from __future__ import annotations

import _thread
import threading
from collections.abc import Callable

import pytest

import dancing


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


def test_ctrl_c_stops_an_iteration_between_two_solutions() -> None:
    # Langford pairs L(2, 22) have no solution (22 mod 4 is 2: Davies, 1959), and the
    # search takes hours to find that out.
    problem = dancing.langford(22)
    interrupted(lambda: next(problem.solutions(max_time=60)))


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
