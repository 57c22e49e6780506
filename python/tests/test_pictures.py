"""The front ends' solutions as pictures (``picture(solution)``, a ``dancing.Picture`` that
Jupyter draws through ``_repr_svg_``): each SVG parsed as XML and read back against the
solution's own option names, independently of the code that drew it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import dancing

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: dancing.Picture) -> ET.Element:
    """The picture's document, checked to be the same through every way of reading it."""
    assert picture.svg == str(picture) == picture._repr_svg_()
    assert picture.svg.startswith("<?xml")
    return ET.fromstring(picture.svg)


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def number(element: ET.Element, name: str) -> float:
    return float(element.get(name, "nan"))


def title(element: ET.Element) -> str:
    """The text of the element's ``<title>``."""
    found = element.find(SVG + "title")
    assert found is not None and found.text is not None
    return found.text


def test_a_queens_picture_draws_the_8_queens_of_the_solution_none_attacking() -> None:
    problem = dancing.queens(8)
    solution = problem.first()
    assert solution is not None
    picture = problem.picture(solution)
    assert isinstance(picture, dancing.Picture)
    assert repr(picture) == "<dancing.Picture: 8 queens>"
    assert problem.svg(solution) == picture.svg
    root = parse(picture)
    squares = of_class(root, "square")
    assert len(squares) == 64
    drawn = set()
    for queen in of_class(root, "queen"):
        x, y = number(queen, "x"), number(queen, "y")
        (k,) = [
            k
            for k, s in enumerate(squares)
            if number(s, "x") < x < number(s, "x") + number(s, "width")
            and number(s, "y") < y < number(s, "y") + number(s, "height")
        ]
        drawn.add((k // 8, k % 8))
    assert len(drawn) == 8
    for r1, c1 in drawn:
        for r2, c2 in drawn:
            if (r1, c1) != (r2, c2):
                assert r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)
    # The squares of the solution, from its options' names (`r3 c5 ...`, one digit each).
    named = {
        (int(next(i for i in o if i.startswith("r"))[1:]), int(next(i for i in o if i.startswith("c"))[1:]))
        for o in (problem.option(k) for k in solution)
    }
    assert drawn == named


def test_a_langford_picture_joins_each_pair_of_the_solution_v_plus_1_cells_apart() -> None:
    problem = dancing.langford(7)
    solution = problem.first()
    assert solution is not None
    picture = problem.picture(solution)
    assert repr(picture) == "<dancing.Picture: Langford pairs of 7>"
    root = parse(picture)
    slots = of_class(root, "slot")
    assert len(slots) == 14

    def cell(x: float) -> int:
        (k,) = [k for k, s in enumerate(slots) if number(s, "x") < x < number(s, "x") + number(s, "width")]
        return k

    values = {}
    for text in root.iter(SVG + "text"):
        values[cell(number(text, "x"))] = int(text.text or "0")
    pairs = {}
    for arc in of_class(root, "pair"):
        # `M x1 y A rx ry 0 0 1 x2 y`
        words = (arc.get("d") or "").replace("M", "").replace("A", " ").split()
        pairs[int(title(arc))] = (cell(float(words[0])), cell(float(words[7])))
    assert sorted(pairs) == list(range(1, 8))
    for v, (left, right) in pairs.items():
        assert right - left == v + 1 and values[left] == values[right] == v
    # The slots of each value, from the options' names (`v3 s2 s6`, slots from 1).
    for option in (problem.option(k) for k in solution):
        v = int(next(i for i in option if i.startswith("v"))[1:])
        assert sorted(int(i[1:]) - 1 for i in option if i.startswith("s")) == list(pairs[v])


@pytest.mark.parametrize(
    "problem, pieces, named",
    [
        (dancing.polyomino("3x20"), 12, True),
        # Copies of one piece: no item names them (and each is drawn apart).
        (dancing.polyomino("4x4", pieces="domino", copies=8), 8, False),
        (dancing.polycube("3x3x3"), 7, True),
        (dancing.polycube("2x3x10", pieces="pentominoes"), 12, True),
    ],
)
def test_a_tiling_picture_draws_one_shape_per_piece_of_the_solution(
    problem: dancing.ExactCover, pieces: int, named: bool
) -> None:
    solution = problem.first()
    assert solution is not None
    picture = problem.picture(solution)
    assert repr(picture) == f"<dancing.Picture: a packing of {pieces} pieces>"
    shapes = of_class(parse(picture), "piece")
    assert len(shapes) == pieces and all(s.tag == SVG + "path" for s in shapes)
    if named:
        # One piece an option, named by its first item, and each shape titled by it.
        names = sorted(problem.option(k)[0] for k in solution)
        assert sorted(title(s) for s in shapes) == names


def test_a_soma_solution_is_drawn_as_three_layers_side_by_side() -> None:
    problem = dancing.polycube("3x3x3")
    solution = problem.first()
    assert solution is not None
    root = parse(problem.picture(solution))
    # Three layers of 3 cells of 24 px, a cell apart, in a margin of 12 px.
    assert (number(root, "width"), number(root, "height")) == (12 + 11 * 24 + 12, 12 + 3 * 24 + 12)


@pytest.mark.parametrize(
    "draw, message",
    [
        (lambda: dancing.queens(8).picture([0, 1]), "not a solution: two options cover item r0"),
        (lambda: dancing.queens(8).picture([64]), "there is no option 64: the problem has 64"),
        (lambda: dancing.langford(3).picture([]), "not a solution: no option covers item v1"),
        (lambda: dancing.polycube("3x3x3").picture([]), "not a solution: no option covers cell"),
        (lambda: dancing.ExactCover(["a"]).picture([0]), "only the problems of dancing.polyomino"),
    ],
)
def test_options_that_are_no_solution_have_no_picture(draw: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        draw()  # type: ignore[operator]
