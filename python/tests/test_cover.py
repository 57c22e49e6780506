"""ExactCover: building, reading and writing Knuth's format, counting and iterating, errors."""

from __future__ import annotations

import itertools

import pytest

import dancing
from conftest import check_cover

KNUTH = "| Knuth's example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"


def knuth_example() -> dancing.ExactCover:
    problem = dancing.ExactCover(["A", "B", "C", "D", "E"], ["F", "G"])
    for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]:
        problem.add_option(option.split())
    return problem


def test_knuths_example_has_one_solution_which_covers_every_item() -> None:
    problem = knuth_example()
    assert problem.count() == 1
    (solution,) = list(problem.solutions())
    options = [problem.option(k) for k in solution]
    check_cover(problem.items[:5], options)
    assert problem.first(names=True) == [problem.option(k) for k in solution]


def test_add_option_returns_the_index_and_solutions_name_the_items() -> None:
    problem = dancing.ExactCover(["a", "b"])
    assert problem.add_option(["a"]) == 0
    assert problem.add_option(["b"]) == 1
    assert problem.add_option(["a", "b"]) == 2
    assert len(problem) == 3
    found = sorted(sorted(map(sorted, s)) for s in problem.solutions(names=True))
    assert found == [[["a"], ["b"]], [["a", "b"]]]


def test_reading_and_writing_knuths_format_give_the_same_problem() -> None:
    read = dancing.ExactCover.from_dlx(KNUTH)
    written = read.to_dlx()
    assert written == knuth_example().to_dlx()
    again = dancing.ExactCover.from_dlx(written)
    assert again.to_dlx() == written
    assert list(again.solutions()) == list(knuth_example().solutions())


def test_from_dlx_reads_bytes_and_paths(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "knuth.dlx"  # type: ignore[operator]
    path.write_text(KNUTH)
    assert dancing.ExactCover.from_dlx(path).count() == 1
    assert dancing.ExactCover.from_dlx(str(path)).count() == 1
    assert dancing.ExactCover.from_dlx(KNUTH.encode()).count() == 1


def test_colors_let_options_share_a_secondary_item() -> None:
    # Two seats; the blind between them must suit both sitters.
    problem = dancing.ExactCover(["seat1", "seat2"], ["blind"])
    problem.add_option(["seat1", "blind:open"])
    problem.add_option(["seat2", "blind:open"])
    problem.add_option(["seat2", "blind:closed"])
    assert list(problem.solutions(names=True)) == [
        [["seat1", "blind:open"], ["seat2", "blind:open"]]
    ]
    assert "seat1 blind:open" in problem.to_dlx()


def brute_force(primary: list[str], options: list[list[str]], bounds: dict[str, tuple[int, int]]) -> int:
    """The number of sets of options covering each item within its bounds."""
    total = 0
    for r in range(len(options) + 1):
        for chosen in itertools.combinations(options, r):
            counts = {p: sum(p in o for o in chosen) for p in primary}
            if all(bounds.get(p, (1, 1))[0] <= n <= bounds.get(p, (1, 1))[1] for p, n in counts.items()):
                total += 1
    return total


def test_multiplicities_in_knuths_syntax_and_in_bounds_agree_with_brute_force() -> None:
    options = [["x"], ["x", "y"], ["y"], ["x", "z"], ["z"], ["y", "z"], ["x", "y", "z"]]
    bounds = {"x": (2, 3), "y": (1, 2), "z": (0, 1)}
    knuth = dancing.ExactCover(["2:3|x", "1:2|y", ":1|z"])
    mapping = dancing.ExactCover(["x", "y", "z"], bounds={"x": (2, 3), "y": (1, 2), "z": (0, 1)})
    for problem in (knuth, mapping):
        for option in options:
            problem.add_option(option)
    expected = brute_force(["x", "y", "z"], options, bounds)
    assert expected > 0
    assert knuth.count() == mapping.count() == expected
    assert knuth.count(memo=True) == mapping.count(memo=True) == expected
    assert knuth.to_dlx() == mapping.to_dlx()
    for solution in knuth.solutions(names=True):
        check_cover(["x", "y", "z"], solution, bounds)
    exactly = dancing.ExactCover(["x"], bounds={"x": 2})
    for _ in range(3):
        exactly.add_option(["x"])
    assert exactly.to_dlx().startswith("2|x")
    assert exactly.count() == exactly.count(memo=True) == 3  # any two of the three


def test_count_limit_stops_early_and_several_threads_count_the_same() -> None:
    queens = dancing.queens(8)
    assert queens.count(limit=5) == 5
    assert queens.count(limit=1000) == 92
    assert queens.count(jobs=2) == 92
    assert queens.count(jobs=0) == 92
    assert len(list(queens.solutions(limit=7))) == 7


def test_solutions_is_lazy_and_independent_of_other_iterators() -> None:
    queens = dancing.queens(6)
    one = queens.solutions()
    two = queens.solutions()
    first = next(one)
    assert next(two) == first
    assert len(list(one)) + 1 == 4
    assert next(two) != first


def test_a_problem_without_solutions_has_no_first_and_an_empty_iterator() -> None:
    problem = dancing.ExactCover(["a", "b"])
    problem.add_option(["a"])
    assert problem.first() is None
    assert list(problem.solutions()) == []
    assert problem.count() == 0 and problem.count(jobs=2) == 0


def test_counts_are_python_ints() -> None:
    count = dancing.langford(7).count()
    assert type(count) is int and count == 52


def test_a_node_budget_raises_gaveup_with_the_work_done() -> None:
    with pytest.raises(dancing.GaveUp) as info:
        dancing.queens(12).count(max_nodes=1000)
    assert info.value.nodes == 1000
    assert 0 <= info.value.solutions < 14200
    with pytest.raises(dancing.GaveUp):
        list(dancing.queens(12).solutions(max_nodes=1000))
    with pytest.raises(dancing.GaveUp):
        dancing.queens(20).count(max_time=0.05)
    with pytest.raises(dancing.GaveUp):
        dancing.queens(20).count(jobs=2, max_time=0.05)


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: dancing.ExactCover(["a", "a"]), "item `a` is declared twice"),
        (lambda: dancing.ExactCover(["a b"]), "`a b` is not a valid item name"),
        (lambda: dancing.ExactCover(["a\0b"]), "is not a valid item name: it must be nonempty, without blanks, NUL"),
        (lambda: dancing.ExactCover(["a"], ["x"]).add_option(["a", "x:r\0"]), "has a `:`, a NUL or a blank"),
        (lambda: dancing.ExactCover.from_dlx("a\0b\na\0b\n"), "<string>:1:2: found a NUL byte"),
        (lambda: dancing.ExactCover(["3:2|x"]), "lower bound exceeds the upper bound"),
        (lambda: dancing.ExactCover(["x"], bounds={"y": 1}), "`y`, which is not a primary item"),
        (lambda: dancing.ExactCover(["a"]).add_option(["b"]), "names `b`, which is not a declared item"),
        (lambda: dancing.ExactCover(["a"]).add_option(["a", "a"]), "names item `a` twice"),
        (lambda: dancing.ExactCover(["a"]).add_option(["a:red"]), "gives primary item `a` a color"),
        (lambda: dancing.ExactCover(["a"]).add_option([]), "is empty"),
        (lambda: dancing.ExactCover.from_dlx("A B\nA C\n"), "<string>:2:3: `C` is not an item"),
        (lambda: dancing.ExactCover.from_dlx(b"A\nA \xff\n"), "<bytes>:2:3: found bytes that are not UTF-8"),
        (lambda: dancing.queens(4).count(jobs=2, limit=3), "jobs=2 with limit"),
        (lambda: dancing.queens(4).count(max_time=-1.0), "max_time=-1"),
        (lambda: dancing.queens(0), "queens n 0 is out of range: expected 1 to 1000"),
        (lambda: dancing.polyomino("6x"), "board \"6x\""),
        (lambda: dancing.polyomino("6x10", pieces="nonominoes"), "nonominoes"),
        (lambda: dancing.ExactCover(["a"]).svg([0]), "only the problems of dancing.polyomino, polycube"),
        (lambda: dancing.queens(4).svg([0]), "not a solution: no option covers item"),
    ],
)
def test_bad_input_raises_value_error_with_the_librarys_message(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=".*" + message.replace("|", "\\|").replace("(", "\\(")):
        build()  # type: ignore[operator]


def test_a_missing_file_raises_os_error(tmp_path: pytest.TempPathFactory) -> None:
    with pytest.raises(OSError, match="cannot read"):
        dancing.ExactCover.from_dlx(tmp_path / "absent.dlx")  # type: ignore[operator]


def test_a_panic_in_the_library_reaches_python_as_runtime_error() -> None:
    with pytest.raises(RuntimeError, match="internal error in dancing.*boom"):
        dancing._dancing._panic_for_test("boom")


def dominoes(m: int, n: int) -> dancing.ExactCover:
    """The domino tilings of an m x n board: one primary item a cell, one option a domino."""
    problem = dancing.ExactCover([f"{r},{c}" for r in range(m) for c in range(n)])
    for r in range(m):
        for c in range(n):
            if c + 1 < n:
                problem.add_option([f"{r},{c}", f"{r},{c + 1}"])
            if r + 1 < m:
                problem.add_option([f"{r},{c}", f"{r + 1},{c}"])
    return problem


def test_a_count_by_memo_equals_the_search_and_reaches_past_128_bits() -> None:
    assert dominoes(4, 4).count(memo=True) == dominoes(4, 4).count() == 36
    assert dancing.queens(8).count(memo=True) == 92
    assert knuth_example().count(memo=True) == 1
    # OEIS A004003: the domino tilings of the 16x16 board, far beyond any enumeration.
    assert dominoes(16, 16).count(memo=True) == 2444888770250892795802079170816


def test_a_count_by_memo_refuses_what_it_cannot_honour() -> None:
    problem = dominoes(2, 2)
    with pytest.raises(ValueError, match="memo=True"):
        problem.count(memo=True, limit=3)
    with pytest.raises(ValueError, match="memo=True"):
        problem.count(memo=True, max_nodes=10)
    with pytest.raises(ValueError, match="memo=True"):
        problem.count(memo=True, jobs=2)
