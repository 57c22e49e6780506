"""The symmetry group of a problem (``group()``), totals counted with it
(``count(symmetry=True)``), essentially different solutions (``count(up_to_symmetry=True)``,
``solutions(up_to_symmetry=True)``): against OEIS, and against the square's symmetries
applied to the queens' boards here, independently of the library."""

from __future__ import annotations

import pytest

import dancing
from conftest import check_cover

# OEIS A000170 (all solutions) and A002562 (up to the square's symmetries), n = 1..10.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
QUEENS_UP_TO_SYMMETRY = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]

Board = frozenset[tuple[int, int]]


def board(solution: list[list[str]]) -> Board:
    """The squares of the queens of a solution of ``dancing.queens`` given by names."""
    squares = set()
    for option in solution:
        row = next(int(i[1:]) for i in option if i.startswith("r"))
        col = next(int(i[1:]) for i in option if i.startswith("c"))
        squares.add((row, col))
    return frozenset(squares)


def square_images(squares: Board, n: int) -> set[Board]:
    """The images of a board under the 8 symmetries of the n x n square."""
    images = set()
    for turn in range(4):
        current = set(squares)
        for _ in range(turn):
            current = {(c, n - 1 - r) for r, c in current}
        images.add(frozenset(current))
        images.add(frozenset((r, n - 1 - c) for r, c in current))
    return images


def apply(generator: list[list[str]], item: str) -> str:
    """The image of an item under a generator given as cycles of item names."""
    for cycle in generator:
        if item in cycle:
            return cycle[(cycle.index(item) + 1) % len(cycle)]
    return item


def test_the_8_queens_group_is_the_squares_with_generators_that_map_options_onto_options() -> None:
    problem = dancing.queens(8)
    group = problem.group()
    assert group.order == 8 and isinstance(group.order, int)
    assert group.generators and len(group.option_cycles) == len(group.generators)
    options = {frozenset(problem.option(k)) for k in range(len(problem))}
    items = set(problem.items)
    for generator in group.generators:
        assert all(len(cycle) >= 2 and set(cycle) <= items for cycle in generator)
        assert {frozenset(apply(generator, i) for i in option) for option in options} == options
    # The item permutations the generators make generate 8 of them.
    elements = {tuple(problem.items)}
    frontier = list(elements)
    while frontier:
        current = frontier.pop()
        for generator in group.generators:
            image = tuple(apply(generator, i) for i in current)
            if image not in elements:
                elements.add(image)
                frontier.append(image)
    assert len(elements) == 8


def test_option_cycles_say_where_each_generator_sends_the_options() -> None:
    problem = dancing.queens(6)
    group = problem.group()
    for generator, cycles in zip(group.generators, group.option_cycles):
        for cycle in cycles:
            for at, k in enumerate(cycle):
                image = cycle[(at + 1) % len(cycle)]
                assert sorted(apply(generator, i) for i in problem.option(k)) == sorted(
                    problem.option(image)
                )


def test_options_that_only_swap_have_a_generator_without_item_cycles() -> None:
    twins = dancing.ExactCover(["a"])
    twins.add_option(["a"])
    twins.add_option(["a"])
    group = twins.group()
    assert group.order == 2
    assert group.generators == [[]] and group.option_cycles == [[[0, 1]]]
    assert twins.count(symmetry=True) == 2 and twins.count(up_to_symmetry=True) == 1


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_counted_with_the_group_match_oeis_a000170_and_a002562(n: int) -> None:
    problem = dancing.queens(n)
    assert problem.count(symmetry=True) == QUEENS[n - 1]
    assert problem.count(symmetry=True, jobs=2) == QUEENS[n - 1]
    assert problem.count(up_to_symmetry=True) == QUEENS_UP_TO_SYMMETRY[n - 1]


@pytest.mark.parametrize("n", [6, 8])
def test_queens_families_are_the_orbits_of_the_boards_under_the_square(n: int) -> None:
    problem = dancing.queens(n)
    boards = {board(solution) for solution in problem.solutions(names=True)}
    orbits = {frozenset(square_images(b, n)) for b in boards}
    families = list(problem.solutions(names=True, up_to_symmetry=True))
    assert len(families) == len(orbits) == QUEENS_UP_TO_SYMMETRY[n - 1]
    assert sum(size for size, _ in families) == len(boards) == QUEENS[n - 1]
    for size, solution in families:
        check_cover(problem.items[: 2 * n], solution)
        orbit = square_images(board(solution), n)
        assert orbit in orbits and size == len(orbit)
    assert len({frozenset(square_images(board(s), n)) for _, s in families}) == len(families)


def test_a_family_is_its_least_solution_as_option_indices_in_increasing_order() -> None:
    problem = dancing.queens(8)
    families = list(problem.solutions(up_to_symmetry=True))
    named = list(problem.solutions(names=True, up_to_symmetry=True))
    assert [size for size, _ in families] == [size for size, _ in named]
    every = {tuple(sorted(s)) for s in problem.solutions()}
    for (size, solution), (_, by_names) in zip(families, named):
        assert solution == sorted(solution) and tuple(solution) in every
        assert by_names == [problem.option(k) for k in solution]
    assert list(problem.solutions(limit=5, up_to_symmetry=True)) == families[:5]


def test_langford_pairs_and_pentominoes_up_to_symmetry_match_the_published_counts() -> None:
    # OEIS A014552: L(2, 7) and L(2, 8) have 26 and 150 solutions up to reversal.
    for n, classes in [(7, 26), (8, 150)]:
        langford = dancing.langford(n)
        assert langford.group().order == 2
        assert langford.count(symmetry=True) == 2 * classes
        assert langford.count(up_to_symmetry=True) == classes
    # The 3x20 rectangle: 2 packings of the 12 pentominoes up to its 4 symmetries.
    strip = dancing.polyomino("3x20")
    assert strip.group().order == 4
    assert strip.count(up_to_symmetry=True) == 2
    assert sorted(size for size, _ in strip.solutions(up_to_symmetry=True)) == [4, 4]


def test_a_group_too_large_to_list_is_refused_with_the_librarys_message() -> None:
    # Ten items, each with an option of its own: every permutation of them is a symmetry.
    problem = dancing.ExactCover([f"x{i}" for i in range(10)])
    for i in range(10):
        problem.add_option([f"x{i}"])
    assert problem.group().order == 3_628_800
    message = "the symmetry group has 3628800 elements, more than the 1048576 that can be listed"
    with pytest.raises(ValueError, match=message):
        problem.count(up_to_symmetry=True)
    with pytest.raises(ValueError, match=message):
        problem.solutions(up_to_symmetry=True)


def test_bounds_and_arguments_a_count_with_the_group_does_not_take_raise_valueerror() -> None:
    pairs = dancing.ExactCover(["2|x", "y"])
    for option in (["x"], ["x"], ["x", "y"], ["y"]):
        pairs.add_option(option)
    bounds = "counts up to symmetry do not take items with bounds"
    with pytest.raises(ValueError, match=bounds):
        pairs.count(up_to_symmetry=True)
    with pytest.raises(ValueError, match=bounds):
        pairs.solutions(up_to_symmetry=True)
    queens = dancing.queens(6)
    with pytest.raises(ValueError, match="choose one"):
        queens.count(symmetry=True, up_to_symmetry=True)
    refused = "takes no limit, max_nodes or memo"
    with pytest.raises(ValueError, match=refused):
        queens.count(symmetry=True, limit=1)
    with pytest.raises(ValueError, match=refused):
        queens.count(up_to_symmetry=True, max_nodes=10)
    with pytest.raises(ValueError, match=refused):
        queens.count(symmetry=True, memo=True)


@pytest.mark.parametrize("up_to_symmetry", [False, True])
def test_a_count_with_the_group_gives_up_at_its_time_budget(up_to_symmetry: bool) -> None:
    # 20 queens take hours; the budget stops the count in a fraction of a second.
    symmetry = not up_to_symmetry
    with pytest.raises(dancing.GaveUp, match="gave up after max_time=0.2 s"):
        dancing.queens(20).count(symmetry=symmetry, up_to_symmetry=up_to_symmetry, max_time=0.2)
