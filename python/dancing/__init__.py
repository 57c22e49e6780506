"""Exact cover by Knuth's Dancing Links, in Rust: the ``dancing`` crate for Python.

An *exact-cover problem* has *items* and *options*, each option a set of items; a solution
is a set of options covering every *primary* item exactly once (or within its bounds) and
every *secondary* item at most once (or with one color). Build one with
:class:`ExactCover`, read one in Knuth's format with :meth:`ExactCover.from_dlx`, or make one
with :func:`queens`, :func:`langford`, :func:`polyomino` or :func:`polycube`; then count its
solutions (``count()``, a Python ``int``) or iterate over them (``solutions()``), with its symmetry
group (``group()``) or up to it (``up_to_symmetry=True``); a front end's solutions are drawn
by ``picture(solution)``, a :class:`Picture` that Jupyter shows. Sudoku lives in
:mod:`dancing.sudoku`.

Searches run without the GIL, can be interrupted with Ctrl-C (``KeyboardInterrupt``), and
take ``max_nodes``/``max_time`` budgets, which raise :class:`GaveUp` when spent. Bad input
raises ``ValueError`` with the library's message.

>>> import dancing
>>> dancing.queens(8).count()
92
"""

from dancing import sudoku
from dancing._dancing import (
    ExactCover,
    GaveUp,
    Group,
    Picture,
    Solutions,
    langford,
    polycube,
    polyomino,
    queens,
)

__all__ = [
    "ExactCover",
    "GaveUp",
    "Group",
    "Picture",
    "Solutions",
    "langford",
    "polycube",
    "polyomino",
    "queens",
    "sudoku",
]
