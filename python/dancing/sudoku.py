"""Sudoku on the exact-cover engine: solve, count, check uniqueness, generate, rate, hint.

A *puzzle* is any of: a ``str`` in a layout the ``dancing sudoku`` command reads (a line of
81 cells with ``.`` or ``0`` for blanks, a grid of rows, ...), a list of rows of digits (0
for a blank), a flat list of N*N digits, a numpy array of either shape, or a :class:`Grid`.
Grids of side 4, 6, 8, 9, 10, 12, 16, 25 and 36 are read; the shape comes from the puzzle.

``variant`` adds rules: ``"x"`` (both diagonals), ``"hyper"`` (the windows),
``"anti-knight"``, ``"anti-king"``, or a list of them; ``jigsaw`` replaces the boxes by
regions given as N*N labels, row-major. Bad puzzles raise ``ValueError`` with the reader's
message (line and column, or the two conflicting cells). The searches run without the GIL
and Ctrl-C stops them (``KeyboardInterrupt``), as ``ExactCover``'s.

>>> from dancing import sudoku
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> sudoku.solve(puzzle).line[:9]
'534678912'
>>> sudoku.is_unique(puzzle)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

from dancing import _dancing
from dancing._dancing import Grid

__all__ = ["Grid", "count", "generate", "hint", "is_unique", "rate", "solve"]

Variant = Optional[Union[str, Sequence[str]]]


def solve(
    puzzle: Any,
    variant: Variant = None,
    jigsaw: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_time: Optional[float] = None,
) -> Optional[Grid]:
    """The first solution of ``puzzle`` (a :class:`Grid` that remembers the givens), or
    ``None`` if it has none. Conflicting givens raise ``ValueError``; a spent budget
    (``max_nodes`` nodes, ``max_time`` seconds) raises :class:`dancing.GaveUp`."""
    return _dancing.sudoku_solve(puzzle, variant, jigsaw, max_nodes, max_time)


def count(
    puzzle: Any,
    limit: Optional[int] = 2,
    variant: Variant = None,
    jigsaw: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_time: Optional[float] = None,
) -> int:
    """The number of solutions of ``puzzle``, counted up to ``limit`` (``None``: all): with
    the default 2, 2 means "more than one". A spent budget raises :class:`dancing.GaveUp`,
    whose ``solutions`` are those found until then."""
    return _dancing.sudoku_count(puzzle, limit, variant, jigsaw, max_nodes, max_time)


def is_unique(puzzle: Any, variant: Variant = None, jigsaw: Optional[str] = None) -> bool:
    """Whether ``puzzle`` has exactly one solution."""
    return _dancing.sudoku_is_unique(puzzle, variant, jigsaw)


def generate(
    seed: Optional[int] = None,
    symmetric: Union[bool, str] = False,
    size: int = 9,
    variant: Variant = None,
    jigsaw: Optional[str] = None,
    min_givens: Optional[int] = None,
) -> Grid:
    """A new puzzle with exactly one solution, minimal (no given can go) unless
    ``min_givens`` stops the removal earlier. The same ``seed`` gives the same puzzle
    (``None``: a random one). ``symmetric``: ``True`` keeps the givens symmetric under a
    half turn; or one of ``"rotate180"``, ``"rotate90"``, ``"mirror"``, ``"diagonal"``."""
    return _dancing.sudoku_generate(seed, symmetric, size, variant, jigsaw, min_givens)


def rate(puzzle: Any, variant: Variant = None, jigsaw: Optional[str] = None) -> str:
    """The difficulty band of a puzzle with one solution: ``"simple"`` (naked singles),
    ``"easy"`` (hidden singles too), ``"medium"``, ``"hard"`` or ``"expert"`` (more and
    more search). A puzzle without exactly one solution raises ``ValueError``."""
    return _dancing.sudoku_rate(puzzle, variant, jigsaw)


def hint(
    puzzle: Any, variant: Variant = None, jigsaw: Optional[str] = None
) -> Optional[tuple[int, int, int, str]]:
    """The next step a person could take: ``(row, col, digit, why)``, ``why`` in words
    (``"r3c4 can only be 7"``: row 3, column 4). Row and column count from 1, as the words,
    the JSON API of ``dancing serve`` and ``dancing sudoku hint --format jsonl`` do (a
    ``Grid`` indexes from 0: ``grid[row - 1, col - 1]``); ``None`` when the grid is full or
    no single is left (which says nothing of whether the grid can be completed: ``count``
    does). Givens that break a rule, or a cell or a digit left with no place, raise
    ``ValueError``."""
    return _dancing.sudoku_hint(puzzle, variant, jigsaw)
