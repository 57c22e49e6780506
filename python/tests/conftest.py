"""Shared helpers of the package's tests: the shared data sets beside the checkout, an
independent check of exact-cover solutions, and small random problems with costs."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import pytest

import dancing

ROOT = Path(__file__).resolve().parents[2]
"""The checkout's root."""

SHARED = ROOT.parent / "shared" / "data"
"""The public data sets, beside the checkout on the project's machine (as for the Rust
tests: ``../shared/data``)."""


def shared_data(relative: str) -> Path:
    """``../shared/data/<relative>``, or a skip when it is absent; with
    ``DANCING_REQUIRE_DATA=1`` (set by ``.ci/run`` where the folder is present), a failure."""
    path = SHARED / relative
    if not path.exists():
        if os.environ.get("DANCING_REQUIRE_DATA") == "1":
            pytest.fail(f"{path} is absent, and DANCING_REQUIRE_DATA=1 requires it")
        pytest.skip(f"SKIPPED: {path} is absent")
    return path


def check_cover(
    primary: Sequence[str],
    options: Sequence[Sequence[str]],
    bounds: Optional[dict[str, tuple[int, int]]] = None,
) -> None:
    """Asserts that ``options`` (each a list of ``item`` or ``item:color``) cover every
    primary item exactly once (or within ``bounds``) and give each secondary item at most
    one option, or one color."""
    counts: Counter[str] = Counter()
    colors: dict[str, set[Optional[str]]] = {}
    for option in options:
        for token in option:
            name, _, color = token.partition(":")
            if name in primary:
                counts[name] += 1
            else:
                colors.setdefault(name, set()).add(color or None)
                counts[name] += 1
    for name in primary:
        low, high = (bounds or {}).get(name, (1, 1))
        assert low <= counts[name] <= high, f"{name} covered {counts[name]} times"
    for name, seen in colors.items():
        assert counts[name] <= 1 or (len(seen) == 1 and None not in seen), name


def random_costed(
    seed: int, primaries: int, options: int, cost: int, base: int = 0
) -> tuple[dancing.ExactCover, list[str]]:
    """A small random problem from ``seed``: 2 to ``primaries`` primary items, 0 to 2
    secondary ones, 4 to ``options`` options of 1 to 3 items (a secondary item colored
    ``x`` or ``y`` most of the time), each costing ``base`` to ``base + cost``; and its
    primary items."""
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(rng.randint(2, primaries))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
    problem = dancing.ExactCover(primary, secondary)
    for _ in range(rng.randint(4, options)):
        items = rng.sample(primary + secondary, rng.randint(1, min(3, len(primary + secondary))))
        named = [i if i in primary or rng.random() < 0.3 else f"{i}:{rng.choice('xy')}" for i in items]
        problem.add_option(named, cost=base + rng.randint(0, cost))
    return problem, primary
