"""dancing.sudoku: every answer checked against the rules by a checker of its own."""

from __future__ import annotations

import pytest

from dancing import GaveUp, sudoku

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def check_solution(puzzle: list[list[int]], grid: sudoku.Grid, box: tuple[int, int]) -> None:
    """Asserts that ``grid`` keeps the givens of ``puzzle`` and holds every digit once in
    every row, column and box (``box`` rows high and columns wide)."""
    rows = grid.to_list()
    n = len(rows)
    digits = set(range(1, n + 1))
    for r in range(n):
        for c in range(n):
            assert puzzle[r][c] in (0, rows[r][c])
    for r in range(n):
        assert set(rows[r]) == digits
    for c in range(n):
        assert {rows[r][c] for r in range(n)} == digits
    h, w = box
    for br in range(0, n, h):
        for bc in range(0, n, w):
            assert {rows[r][c] for r in range(br, br + h) for c in range(bc, bc + w)} == digits


def as_rows(line: str) -> list[list[int]]:
    return [[0 if ch == "." else int(ch) for ch in line[r * 9 : r * 9 + 9]] for r in range(9)]


def test_wikipedias_puzzle_is_solved_uniquely_and_rated_simple() -> None:
    solved = sudoku.solve(WIKIPEDIA)
    assert solved is not None
    check_solution(as_rows(WIKIPEDIA), solved, (3, 3))
    assert sudoku.count(WIKIPEDIA) == 1
    assert sudoku.is_unique(WIKIPEDIA)
    assert sudoku.rate(WIKIPEDIA) == "simple"


def test_a_puzzle_reads_from_a_line_rows_a_flat_list_a_grid_and_text_rows() -> None:
    rows = as_rows(WIKIPEDIA)
    flat = [d for row in rows for d in row]
    text = "\n".join(" ".join(str(d) for d in row) for row in rows)
    grids = [sudoku.Grid(p) for p in (WIKIPEDIA, rows, flat, text, sudoku.Grid(WIKIPEDIA))]
    assert all(g == grids[0] for g in grids)
    assert grids[0].line == WIKIPEDIA and grids[0].givens == 30 and grids[0][0, 0] == 5
    assert str(grids[0]).splitlines()[0] == "5 3 0 0 7 0 0 0 0"
    assert grids[0].to_list() == rows


def test_a_numpy_array_is_a_puzzle() -> None:
    numpy = pytest.importorskip("numpy")
    solved = sudoku.solve(numpy.array(as_rows(WIKIPEDIA)))
    assert solved is not None and solved == sudoku.solve(WIKIPEDIA)
    assert solved.to_numpy().shape == (9, 9)
    assert (solved.to_numpy() == numpy.array(solved.to_list())).all()
    assert sudoku.Grid(numpy.array(as_rows(WIKIPEDIA)).flatten()).line == WIKIPEDIA


def test_the_empty_4x4_grid_has_288_solutions() -> None:
    assert sudoku.count([[0] * 4] * 4, limit=None) == 288


def test_a_puzzle_with_two_solutions_is_not_unique() -> None:
    solved = sudoku.solve(WIKIPEDIA)
    assert solved is not None
    rows = solved.to_list()
    # Blank a rectangle of two digits swapped in two rows and two columns of two boxes.
    empty_of_a_rectangle = [row[:] for row in rows]
    found = False
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    a, b = rows[r1][c1], rows[r1][c2]
                    same_band = r1 // 3 == r2 // 3 or c1 // 3 == c2 // 3
                    if not found and same_band and rows[r2][c1] == b and rows[r2][c2] == a:
                        for r, c in ((r1, c1), (r1, c2), (r2, c1), (r2, c2)):
                            empty_of_a_rectangle[r][c] = 0
                        found = True
    assert found
    assert sudoku.count(empty_of_a_rectangle) == 2
    assert not sudoku.is_unique(empty_of_a_rectangle)


def test_generated_puzzles_are_unique_and_their_seed_repeats_them() -> None:
    made = sudoku.generate(seed=7)
    assert sudoku.is_unique(made)
    assert sudoku.generate(seed=7) == made
    symmetric = sudoku.generate(seed=7, symmetric=True).to_list()
    assert all((symmetric[r][c] == 0) == (symmetric[8 - r][8 - c] == 0) for r in range(9) for c in range(9))
    small = sudoku.generate(seed=1, size=6)
    solved = sudoku.solve(small)
    assert small.size == 6 and solved is not None
    check_solution(small.to_list(), solved, (2, 3))


def test_variants_add_their_rules() -> None:
    made = sudoku.generate(seed=3, variant="x")
    solved = sudoku.solve(made, variant="x")
    assert solved is not None
    rows = solved.to_list()
    assert {rows[i][i] for i in range(9)} == set(range(1, 10))
    assert {rows[i][8 - i] for i in range(9)} == set(range(1, 10))
    assert sudoku.is_unique(made, variant=["x"])


def test_a_hint_is_a_true_step_and_a_full_grid_has_none() -> None:
    hint = sudoku.hint(WIKIPEDIA)
    assert hint is not None
    row, col, digit, why = hint
    solved = sudoku.solve(WIKIPEDIA)
    assert solved is not None and solved[row - 1, col - 1] == digit
    assert sudoku.hint(solved) is None


def test_a_hints_row_and_column_count_from_1_as_its_words_do() -> None:
    # Ten steps of the solve, each hint's digit written where the hint says.
    line = WIKIPEDIA
    for _ in range(10):
        hint = sudoku.hint(line)
        assert hint is not None
        row, col, digit, why = hint
        assert why.startswith(f"r{row}c{col} "), hint
        at = (row - 1) * 9 + (col - 1)
        assert line[at] == "."
        line = line[:at] + str(digit) + line[at + 1 :]
    solved, again = sudoku.solve(WIKIPEDIA), sudoku.solve(line)
    assert solved is not None and again is not None and again.line == solved.line


def test_the_picture_draws_givens_and_found_digits_apart() -> None:
    solved = sudoku.solve(WIKIPEDIA)
    assert solved is not None
    picture = solved._repr_svg_()
    assert picture.count('class="given"') == 30 and picture.count('class="found"') == 51


@pytest.mark.parametrize(
    "puzzle, message",
    [
        ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7a", "1:81: found .a."),
        ("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "5"),
        ([[1, 2], [3, 4]], "4 cells"),
        ([[0] * 9] * 8, "row 1 has 9 cells"),
        ([[10] + [0] * 8] + [[0] * 9] * 8, "10"),
        ("", "no puzzle"),
        (WIKIPEDIA + "\n" + WIKIPEDIA, "a second puzzle on line 2"),
    ],
)
def test_bad_puzzles_raise_value_error_saying_where(puzzle: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sudoku.solve(puzzle)


def test_conflicting_givens_name_the_digit_and_both_cells() -> None:
    with pytest.raises(ValueError) as info:
        sudoku.solve("55" + "." * 79)
    assert "5" in str(info.value) and "r1c1" in str(info.value) and "r1c2" in str(info.value)


def test_an_unsolvable_puzzle_has_no_solution_and_a_count_of_zero() -> None:
    # The first row misses 9 at its end, but column 9 already holds a 9.
    puzzle = "12345678." + "........9" + "." * 63
    assert sudoku.solve(puzzle) is None
    assert sudoku.count(puzzle) == 0


def test_bad_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        sudoku.solve(WIKIPEDIA, variant="diagonal")
    with pytest.raises(ValueError, match="size=7"):
        sudoku.generate(size=7)
    with pytest.raises(ValueError, match="more than one solution"):
        sudoku.rate("." * 81)
    with pytest.raises(TypeError):
        sudoku.solve(3.5)


def test_a_node_budget_gives_up() -> None:
    with pytest.raises(GaveUp):
        sudoku.count("." * 81, limit=None, max_nodes=100)
