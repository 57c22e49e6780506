#!/usr/bin/env python3
"""Measures `dancing` against its peers and prints the performance table of docs/performance.md.

usage: scripts/perf_table.py [-n RUNS] [--only peers|parallel]

Builds `dancing` and `../shared/bench-peers` in release mode, then times each task side by
side as whole processes with `../shared/bench-peers/compare.py` (alternating runs, medians of
CPU time, pair-by-pair ratios, identical output required), single thread. Prints one
Markdown row per task: the median CPU time per puzzle (Sudoku) or per run (exact cover) of
each engine (`--engine bits`, `--engine links`) and of the peer, and the median ratios
bits/peer, links/peer and bits/links, each from its own alternating runs. Then a table of
`--jobs 2` against `--jobs 1` (median of 3N pair-by-pair wall-time ratios, identical output
required, the peak RSS of a `--jobs 2` run by GNU time), and the wall time of one puzzle
from standard input.
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
PEERS_TARGET = os.path.join(ROOT, "target", "bench-peers")
DANCING = os.path.join(ROOT, "target", "release", "dancing")
PEER = os.path.join(PEERS_TARGET, "release", "bench-peers")
SUDOKU = os.path.join(SHARED, "data", "sudoku")
COVER = os.path.join(SHARED, "data", "exact-cover")


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    env = dict(os.environ, CARGO_TARGET_DIR=PEERS_TARGET)
    subprocess.run(["cargo", "build", "--release", "--quiet"],
                   cwd=os.path.join(SHARED, "bench-peers"), env=env, check=True)


def compare(a, b, runs):
    out = subprocess.run([sys.executable, os.path.join(SHARED, "bench-peers", "compare.py"),
                          "-n", str(runs), "--same", a, b],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"compare.py failed:\n{out.stdout}{out.stderr}")
    cpu = re.findall(r"cpu median ([0-9.]+)s", out.stdout)
    ratio = re.search(r"ratio cpu A/B median ([0-9.]+)", out.stdout).group(1)
    return float(cpu[0]), float(cpu[1]), float(ratio)


def wall(cmd, stdin=None):
    """Runs `cmd` and returns its wall seconds and its output."""
    start = time.perf_counter()
    out = subprocess.run(shlex.split(cmd), stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, check=True).stdout
    return time.perf_counter() - start, out


def peak_rss(cmd):
    """The peak resident memory of `cmd` in KiB, by GNU time (`/usr/bin/time -f %M`); the
    rusage of a child that Python forks also counts the pages shared with Python itself."""
    err = subprocess.run(["/usr/bin/time", "-f", "%M", *shlex.split(cmd)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         check=True).stderr
    return int(err.split()[-1])


def speedup(a, b, runs):
    """The median of pair-by-pair wall-time ratios b/a (alternating runs, after one warm-up
    pair), both commands required to print the same bytes."""
    wall(a), wall(b)
    ratios = []
    for _ in range(runs):
        (ta, out_a), (tb, out_b) = wall(a), wall(b)
        if out_a != out_b:
            sys.exit(f"different outputs:\n{a}\n{b}")
        ratios.append(tb / ta)
    return statistics.median(ratios)


def one_puzzle(runs):
    """Median wall milliseconds of `dancing sudoku < puzzles/classic.txt`, and of `true`."""
    def median(cmd):
        times = []
        for _ in range(runs):
            with open(os.path.join(ROOT, "puzzles", "classic.txt"), "rb") as grid:
                times.append(wall(cmd, stdin=grid)[0])
        return 1e3 * statistics.median(times)
    return median(f"{DANCING} sudoku"), median("true")


def count_puzzles(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if line.strip() and not line.startswith(b"#"))


def engines_row(task, a_cmd, peer_cmd, peer, unit, scale, runs):
    """One row of the peers table: both engines (`A_CMD` names the engine as `{engine}`)
    against the peer, and bits against links, each pair timed side by side."""
    bits, links = a_cmd.format(engine="bits"), a_cmd.format(engine="links")
    tb, tp, rb = compare(bits, peer_cmd, runs)
    tl, _, rl = compare(links, peer_cmd, runs)
    _, _, r = compare(bits, links, runs)
    print(f"| {task} | {scale * tb:.{2 if unit == 's' else 1}f} {unit} "
          f"| {scale * tl:.{2 if unit == 's' else 1}f} {unit} | `{peer}` "
          f"| {scale * tp:.{2 if unit == 's' else 1}f} {unit} | {rb:.2f} | {rl:.2f} | {r:.2f} |",
          flush=True)


def peers(runs):
    """The single-thread table: both engines of dancing against the peers, and against each
    other (each ratio the median of its own pair-by-pair runs)."""
    print("| task | bits | links | peer | peer's time | bits / peer | links / peer "
          "| bits / links |")
    print("|---|---|---|---|---|---|---|---|")
    for name in ["top1465.txt", "17-clue.txt", "forum-hardest-1106.txt"]:
        path = os.path.join(SUDOKU, name)
        n = count_puzzles(path)
        for count in ["", " --count"]:
            for peer in ["sudoku-crate", "dlx-crate"]:
                a = (f"{DANCING} sudoku --format line --jobs 1 --quiet --engine {{engine}}"
                     f"{count} {path}")
                b = f"{PEER} sudoku {peer}{count} {path}"
                task = f"Sudoku {name}, {'count to 2' if count else 'first solution'}"
                engines_row(task, a, b, peer, "µs/puzzle", 1e6 / n, runs)
    for name in ["pentomino-6x10-xq.dlx", "pentomino-6x10.dlx", "nqueens-14.dlx",
                 "langford-12-half.dlx"]:
        path = os.path.join(COVER, name)
        a = f"{DANCING} cover --count --jobs 1 --engine {{engine}} {path}"
        engines_row(f"count {name}", a, f"{PEER} cover dlx {path}", "dlx", "s", 1,
                    runs)
    for name in ["exact-cover-colors/debruijn-2-3-8.dlx",
                 "exact-cover-multiplicities/redrect-4-5.dlx"]:
        path = os.path.join(SHARED, "data", name)
        a = f"{DANCING} cover --count --jobs 1 --engine {{engine}} {path}"
        engines_row(f"count {os.path.basename(name)}", a, f"{PEER} cover dlx {path}", "dlx",
                    "s", 1, runs)


def parallel(runs):
    """The parallel table, and one puzzle from standard input."""
    print("| parallel task | `--jobs 2` against `--jobs 1` (wall) | peak memory, `--jobs 2` |")
    print("|---|---|---|")
    sets = [("sudoku", os.path.join(SUDOKU, "17-clue.txt"), "--quiet"),
            ("cover --count", os.path.join(COVER, "pentomino-6x10.dlx"), ""),
            ("cover --count", os.path.join(COVER, "nqueens-15.dlx"), "")]
    for command, path, flags in sets:
        two = f"{DANCING} {command} --jobs 2 {flags} {path}"
        # Two threads are more exposed to a busy host than one: three times the pairs.
        r = speedup(two, f"{DANCING} {command} --jobs 1 {flags} {path}", 3 * runs)
        rss = peak_rss(two)
        print(f"| `{command}` {os.path.basename(path)} | {r:.2f}x | {rss / 1024:.1f} MiB |",
              flush=True)
    ms, true_ms = one_puzzle(20 * runs)
    print()
    print(f"One puzzle from standard input (`dancing sudoku < puzzles/classic.txt`, the whole "
          f"process): {ms:.2f} ms, median of {20 * runs} runs; `true` takes {true_ms:.2f} ms "
          f"the same way.")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=5, help="runs of each command (default 5)")
    ap.add_argument("--only", choices=["peers", "parallel"],
                    help="print only the table against the peers, or only the parallel one")
    args = ap.parse_args()
    build()
    if args.only != "parallel":
        peers(args.n)
    if args.only is None:
        print()
    if args.only != "peers":
        parallel(args.n)


if __name__ == "__main__":
    main()
