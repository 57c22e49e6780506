"""The Python examples of the documentation run as written: every ```python block of
README.md and docs/python.md, each in a fresh namespace, from the checkout's root (so that
paths like ``puzzles/...`` resolve). (The ```sh blocks are run by the Rust test
tests/integration/docs.rs; it does not run Python.)"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import ROOT

DOCUMENTS = ["README.md", "docs/python.md"]


def blocks(path: Path) -> list[tuple[int, str]]:
    """The ```python blocks of a document, with the line each starts on."""
    text = path.read_text()
    found = []
    for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
        found.append((text[: match.start()].count("\n") + 1, match.group(1)))
    return found


CASES = [(doc, line, code) for doc in DOCUMENTS for line, code in blocks(ROOT / doc)]


def test_the_readme_and_the_python_guide_have_python_examples() -> None:
    assert {doc for doc, _, _ in CASES} == set(DOCUMENTS)


@pytest.mark.parametrize("doc, line, code", CASES, ids=[f"{d}:{n}" for d, n, _ in CASES])
def test_a_documented_example_runs(doc: str, line: int, code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"{doc}:{line}", "exec"), {"__name__": "__doc_example__"})
    assert os.getcwd() == str(ROOT)
