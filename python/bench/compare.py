#!/usr/bin/env python3
"""Times the Python package dancing against xcover and exact-cover, and its Sudoku loop
against the `dancing sudoku` command, on one machine in one run.

usage: compare.py [-n RUNS] [--data DIR] [--dancing PROGRAM] [--no-exact-cover]

Needs dancing, xcover and exact-cover installed in the running Python (in a venv outside
the checkout: `pip install ./python xcover exact-cover`), the shared data (`--data`,
default ../shared/data beside the checkout) and the `dancing` command (default
target/release/dancing of the checkout).

Measures, each the median of RUNS runs after one warm-up run (xcover compiles with numba
on its first call), CPU seconds (user + system: less disturbed than wall time on a shared
machine; every search here runs on one thread):
- counting pentomino-6x10-xq (read in Python as lists of items) and the 14 queens (built in
  Python): dancing's ExactCover.count(), xcover's covers() counted, exact-cover's
  get_solution_count() (which has no secondary items: the queens' diagonals become primary
  with one slack option each, which keeps the count);
- iterating over every solution of the 14 queens, per solution: dancing's solutions(),
  xcover's covers();
- solving the first 1,000 puzzles of top1465 in a Python loop (sudoku.solve) against the
  `dancing sudoku --jobs 1` command on the same file (the whole process).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import dancing
from dancing import sudoku

ROOT = Path(__file__).resolve().parents[2]


def children_time() -> float:
    """The CPU seconds of the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_time(
    runs: int, work: Callable[[], object], clock: Callable[[], float] = time.process_time
) -> tuple[float, object]:
    """The median CPU time (by `clock`) of `runs` calls of `work` after one warm-up call,
    and its answer."""
    answer = work()
    times = []
    for _ in range(runs):
        start = clock()
        again = work()
        times.append(clock() - start)
        assert again == answer, (again, answer)
    return statistics.median(times), answer


def read_dlx(path: Path) -> tuple[list[str], list[str], list[list[str]]]:
    """Primary items, secondary items and options of a file in Knuth's format (no bounds)."""
    lines = [l.split() for l in path.read_text().splitlines() if l.strip() and not l.lstrip().startswith("|")]
    items = lines[0]
    bar = items.index("|") if "|" in items else len(items)
    return items[:bar], items[bar + 1 :], lines[1:]


def queens(n: int) -> tuple[list[str], list[str], list[list[str]]]:
    """The n queens problem: rows and columns primary, diagonals secondary."""
    primary = [f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return primary, secondary, options


def matrix(primary: list[str], secondary: list[str], options: list[list[str]]):  # type: ignore[no-untyped-def]
    """exact-cover's boolean matrix: every item primary, a slack option per secondary item."""
    import numpy

    columns = {name: k for k, name in enumerate(primary + secondary)}
    rows = options + [[s] for s in secondary]
    out = numpy.zeros((len(rows), len(columns)), dtype=bool)
    for r, option in enumerate(rows):
        for item in option:
            out[r, columns[item]] = True
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=5, help="counted runs of each (default 5)")
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--dancing", default=str(ROOT / "target" / "release" / "dancing"))
    ap.add_argument("--no-exact-cover", action="store_true", help="leave exact-cover out (slow)")
    args = ap.parse_args()
    import xcover

    print(f"python {sys.version.split()[0]}, {args.n} runs after a warm-up, median CPU seconds")
    print()
    print("| problem | solutions | dancing count() | xcover covers() | exact-cover | xcover / dancing | exact-cover / dancing |")
    print("|---|---|---|---|---|---|---|")
    cases = [
        ("pentomino-6x10-xq", read_dlx(args.data / "exact-cover" / "pentomino-6x10-xq.dlx")),
        ("queens 14", queens(14)),
    ]
    for name, (primary, secondary, options) in cases:
        problem = dancing.ExactCover(primary, secondary)
        for option in options:
            problem.add_option(option)
        ours, count = median_time(args.n, problem.count)
        theirs, other = median_time(
            args.n, lambda: sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary))
        )
        assert other == count
        if args.no_exact_cover:
            third, third_text, ratio3 = None, "-", "-"
        else:
            import exact_cover

            m = matrix(primary, secondary, options)
            third, other = median_time(max(1, args.n // 2), lambda: int(exact_cover.get_solution_count(m)))
            assert other == count
            third_text, ratio3 = f"{third:.3f}", f"{third / ours:.1f}"
        print(f"| {name} | {count:,} | {ours:.3f} | {theirs:.3f} | {third_text} | {theirs / ours:.1f} | {ratio3} |")

    primary, secondary, options = queens(14)
    problem = dancing.ExactCover(primary, secondary)
    for option in options:
        problem.add_option(option)
    ours, count = median_time(args.n, lambda: sum(1 for _ in problem.solutions()))
    theirs, _ = median_time(args.n, lambda: sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary)))
    counted, _ = median_time(args.n, problem.count)
    per = lambda t: f"{t / count * 1e6:.2f}"  # noqa: E731
    print()
    print("| queens 14, every solution | dancing solutions() | xcover covers() | dancing count() |")
    print("|---|---|---|---|")
    print(f"| µs per solution ({count:,}) | {per(ours)} | {per(theirs)} | {per(counted)} |")

    lines = (args.data / "sudoku" / "top1465.txt").read_text().splitlines()
    puzzles = [l.strip() for l in lines if l.strip() and not l.startswith("#")][:1000]
    loop, _ = median_time(args.n, lambda: [sudoku.solve(p).line for p in puzzles])  # type: ignore[union-attr]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(puzzles) + "\n")
        f.flush()
        command = [args.dancing, "sudoku", "--jobs", "1", "--format", "line", "--quiet", f.name]
        run = lambda: subprocess.run(command, check=True, capture_output=True).stdout  # noqa: E731
        whole, _ = median_time(args.n, run, children_time)
    print()
    print("| 1,000 puzzles of top1465 | seconds | µs per puzzle |")
    print("|---|---|---|")
    print(f"| sudoku.solve in a Python loop | {loop:.3f} | {loop * 1000:.0f} |")
    print(f"| `dancing sudoku --jobs 1` (whole process) | {whole:.3f} | {whole * 1000:.0f} |")
    print(f"| loop / command | {loop / whole:.2f} | |")


if __name__ == "__main__":
    main()
