#!/usr/bin/env python3
"""Measures `dancing` against its peers and prints the README's performance table.

usage: scripts/perf_table.py [-n RUNS]

Builds `dancing` and `../shared/bench-peers` in release mode, then times each task side by
side as whole processes with `../shared/bench-peers/compare.py` (alternating runs, medians of
CPU time, pair-by-pair ratios, identical output required), single thread. Prints one
Markdown row per comparison: the task, both commands' median CPU time per puzzle (Sudoku) or
per run (exact cover), and the median ratio dancing/peer.
"""
import argparse
import os
import re
import subprocess
import sys

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


def count_puzzles(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if line.strip() and not line.startswith(b"#"))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=5, help="runs of each command (default 5)")
    args = ap.parse_args()
    build()
    print("| task | dancing | peer | peer's time | dancing / peer |")
    print("|---|---|---|---|---|")
    for name in ["top1465.txt", "17-clue.txt"]:
        path = os.path.join(SUDOKU, name)
        n = count_puzzles(path)
        for count in ["", " --count"]:
            for peer in ["sudoku-crate", "dlx-crate"]:
                a = f"{DANCING} sudoku --format line --jobs 1 --quiet{count} {path}"
                b = f"{PEER} sudoku {peer}{count} {path}"
                ta, tb, r = compare(a, b, args.n)
                task = f"Sudoku {name}, {'count to 2' if count else 'first solution'}"
                print(f"| {task} | {1e6 * ta / n:.1f} µs/puzzle | `{peer}` "
                      f"| {1e6 * tb / n:.1f} µs/puzzle | {r:.2f} |", flush=True)
    for name in ["pentomino-6x10.dlx", "nqueens-14.dlx", "langford-12-half.dlx"]:
        path = os.path.join(COVER, name)
        ta, tb, r = compare(f"{DANCING} cover --count {path}", f"{PEER} cover dlx {path}",
                            args.n)
        print(f"| count {name} | {ta:.2f} s | `dlx` crate | {tb:.2f} s | {r:.2f} |", flush=True)


if __name__ == "__main__":
    main()
