"""Shared helpers of the package's tests: the shared data sets beside the checkout, and an
independent check of exact-cover solutions."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import pytest

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
