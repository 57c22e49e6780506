"""Types of the extension module ``dancing._dancing`` (see ``dancing`` and
``dancing.sudoku``, which re-export it)."""

import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, Literal, Optional, TypeVar, Union, overload

_T = TypeVar("_T")

class GaveUp(Exception):
    """A search ran out of its budget (``max_nodes`` or ``max_time``): the answer is unknown."""

    nodes: int
    """Nodes searched until then."""
    solutions: int
    """Solutions found until then."""

class ExactCover:
    """An exact-cover problem: primary items to cover exactly once (or within bounds),
    secondary items at most once (or with one color), and options, each a list of items.
    Several threads may search one problem at once, each search on a state of its own."""

    def __init__(
        self,
        primary: Sequence[str],
        secondary: Sequence[str] = ...,
        bounds: Optional[Mapping[str, Union[int, tuple[int, int]]]] = None,
    ) -> None:
        """Items and no options yet. A primary item may carry bounds as in Knuth's format
        (``"2:3|x"``, ``"2|x"``) or in ``bounds``: name to ``n`` or ``(lower, upper)``; not
        in both (``ValueError``)."""
    def add_option(self, items: Sequence[str], cost: Optional[int] = None) -> int:
        """Adds an option (``"x"`` or ``"x:color"`` items); returns its index. ``cost``
        (a whole number, Knuth's DLX5 ``|n``) is what :meth:`min_cost` adds up."""
    def cost(self, k: int) -> int:
        """The cost of option ``k`` (0 unless one was given)."""
    def min_cost(
        self,
        k: int = 1,
        jobs: Optional[int] = None,
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
    ) -> list[tuple[int, list[int]]]:
        """The ``k`` cheapest solutions (Knuth's DLX5), cheapest first, as ``(cost,
        options)`` pairs (the cost the exact sum of the options' costs, past 2**64 too);
        ``jobs``: threads sharing the cutoff (None: one; 0: one a core);
        budgets raise :class:`GaveUp`; bounds raise ``ValueError``."""
    def preprocess(self) -> Optional[tuple["ExactCover", list[int]]]:
        """Knuth's DLX-PRE reductions (``dancing cover --preprocess``): ``(reduced,
        options)``, ``options[i]`` the index here of the reduced problem's option ``i``;
        ``None`` when the reductions prove there is no solution; bounds raise
        ``ValueError``."""
    def estimate(
        self, paths: int = 1000, seed: int = 0, max_time: Optional[float] = None
    ) -> dict[str, float]:
        """Knuth's estimate of the links' search before it runs (``dancing cover
        --estimate``): ``nodes``, ``low``, ``high``, ``spread``, ``max``, ``paths`` and
        ``seconds`` (the time implied on this machine)."""
    @staticmethod
    def from_dlx(source: Union[str, bytes, bytearray, os.PathLike[str]]) -> "ExactCover":
        """Reads Knuth's format: text (a ``str`` with a line break, or ``bytes``) or a path."""
    def to_dlx(self) -> str:
        """The problem in Knuth's format, with its names, bounds and colors."""
    def __len__(self) -> int:
        """The number of options."""
    @property
    def items(self) -> list[str]:
        """The item names, primary first."""
    def option(self, k: int) -> list[str]:
        """The items of option ``k``."""
    def group(self) -> "Group":
        """The problem's symmetry group, found in its matrix by nauty (``dancing cover
        --group``); a problem too large for nauty raises ``ValueError``. nauty runs without
        the GIL and Ctrl-C stops it (``KeyboardInterrupt``): its time grows as the cube of
        the number of interchangeable parts."""
    def count(
        self,
        jobs: Optional[int] = None,
        limit: Optional[int] = None,
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
        memo: bool = False,
        symmetry: bool = False,
        up_to_symmetry: bool = False,
    ) -> int:
        """The number of solutions. ``jobs``: threads (None: one; 0: one a core);
        ``limit``: stop after that many; budgets raise :class:`GaveUp`; ``memo=True``
        counts by memo (Knuth's Algorithm Z), without limit, max_nodes or jobs;
        ``symmetry=True`` counts with the symmetry group (the same total),
        ``up_to_symmetry=True`` the essentially different solutions (both without limit,
        max_nodes or memo)."""
    @overload
    def solutions(
        self,
        limit: Optional[int] = None,
        names: Literal[False] = False,
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
        up_to_symmetry: Literal[False] = False,
    ) -> "Solutions[list[int]]": ...
    @overload
    def solutions(
        self,
        limit: Optional[int] = None,
        *,
        names: Literal[True],
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
        up_to_symmetry: Literal[False] = False,
    ) -> "Solutions[list[list[str]]]": ...
    @overload
    def solutions(
        self,
        limit: Optional[int] = None,
        names: Literal[False] = False,
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
        *,
        up_to_symmetry: Literal[True],
    ) -> "Solutions[tuple[int, list[int]]]": ...
    @overload
    def solutions(
        self,
        limit: Optional[int] = None,
        *,
        names: Literal[True],
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
        up_to_symmetry: Literal[True],
    ) -> "Solutions[tuple[int, list[list[str]]]]": ...
    @overload
    def first(
        self,
        names: Literal[False] = False,
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
    ) -> Optional[list[int]]: ...
    @overload
    def first(
        self,
        names: Literal[True],
        max_nodes: Optional[int] = None,
        max_time: Optional[float] = None,
    ) -> Optional[list[list[str]]]: ...
    def picture(self, solution: Sequence[int]) -> "Picture":
        """A solution of a problem made by :func:`polyomino`, :func:`polycube`,
        :func:`queens` or :func:`langford`, drawn as the command line's ``--svg`` draws it
        (Jupyter shows it); indices that are no solution raise ``ValueError``."""
    def svg(self, solution: Sequence[int]) -> str:
        """The SVG document of ``picture(solution)``."""

class Picture:
    """A solution drawn: Jupyter shows it; ``svg`` and ``str()`` give the SVG document."""

    @property
    def svg(self) -> str:
        """The SVG document."""
    def _repr_svg_(self) -> str:
        """The SVG document, for Jupyter."""

class Group:
    """The symmetry group of an :class:`ExactCover`: the permutations of its items and
    options that map it onto itself (bounds, colors and costs kept)."""

    order: int
    """The number of its elements, exact."""
    generators: list[list[list[str]]]
    """Generators, each the cycles of the items it moves (item names, as ``dancing cover
    --group`` prints them); empty for a generator that moves only options."""
    option_cycles: list[list[list[int]]]
    """For each generator, the cycles of the options it moves (option indices)."""

class Solutions(Generic[_T]):
    """The solutions of an :class:`ExactCover`, searched for as the iterator advances;
    threads advancing one iterator take turns, each solution going to one of them."""

    def __iter__(self) -> "Solutions[_T]": ...
    def __next__(self) -> _T: ...

def queens(n: int, order: Literal["organ-pipe", "natural"] = "organ-pipe") -> ExactCover:
    """The n queens problem: rows ``r0..`` and columns ``c0..`` primary, diagonals secondary."""

def langford(n: int, half: bool = False) -> ExactCover:
    """Langford pairs L(2, n); with ``half``, one solution of each mirror-image pair."""

def polyomino(
    board: str,
    pieces: str = "pentominoes",
    copies: int = 1,
    orientations: Literal["all", "rotations", "fixed"] = "all",
    symmetry: bool = False,
) -> ExactCover:
    """Packing polyominoes into a board (``"6x10"`` or a drawing)."""

def polycube(
    board: str,
    pieces: str = "soma",
    copies: int = 1,
    orientations: Literal["all", "rotations", "fixed"] = "rotations",
    symmetry: bool = False,
) -> ExactCover:
    """Packing polycubes into a box (``"3x3x3"`` or layers drawn)."""

class Grid:
    """A Sudoku grid; ``str()`` writes rows of digits (0 for a blank)."""

    def __init__(self, puzzle: Any) -> None: ...
    @property
    def size(self) -> int:
        """The side of the grid."""
    @property
    def line(self) -> str:
        """The grid on one line, ``.`` for a blank."""
    @property
    def givens(self) -> int:
        """The number of filled cells."""
    def to_list(self) -> list[list[int]]:
        """The rows, each a list of digits (0 for a blank)."""
    def to_numpy(self) -> Any:
        """The rows as a numpy array of shape (N, N); needs numpy."""
    def __getitem__(self, at: tuple[int, int]) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> str:
        """The grid as an SVG picture: givens black, found digits blue."""

_Variant = Optional[Union[str, Sequence[str]]]

def sudoku_solve(
    puzzle: Any,
    variant: _Variant,
    jigsaw: Optional[str],
    max_nodes: Optional[int],
    max_time: Optional[float],
) -> Optional[Grid]: ...
def sudoku_count(
    puzzle: Any,
    limit: Optional[int],
    variant: _Variant,
    jigsaw: Optional[str],
    max_nodes: Optional[int],
    max_time: Optional[float],
) -> int: ...
def sudoku_is_unique(puzzle: Any, variant: _Variant, jigsaw: Optional[str]) -> bool: ...
def sudoku_generate(
    seed: Optional[int],
    symmetric: Union[bool, str],
    size: int,
    variant: _Variant,
    jigsaw: Optional[str],
    min_givens: Optional[int],
) -> Grid: ...
def sudoku_rate(puzzle: Any, variant: _Variant, jigsaw: Optional[str]) -> str: ...
def sudoku_hint(
    puzzle: Any, variant: _Variant, jigsaw: Optional[str]
) -> Optional[tuple[int, int, int, str]]: ...
def _panic_for_test(message: str) -> None: ...
