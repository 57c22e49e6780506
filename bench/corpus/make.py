#!/usr/bin/env python3
"""Writes the corpus of `auto`: several hundred exact-cover instances in Knuth's format,
made by the project's own front ends (through the `dancing` binary) and by seeded random
problems written here, into a folder outside git (target/corpus/ by default).

Deterministic: the same binary writes the same files (every random choice comes from a
`random.Random` seeded by the instance's name, and the front ends' own seeds are fixed).
Standard library only. Each instance's first line is a comment that says what it is and
how the timing script searches it: `| corpus: mode=count` (count every solution) or
`| corpus: mode=first` (the first solution), written also to `manifest.csv` beside them.

Families: Sudoku 9x9 to 36x36 (the repository's minimal and hard puzzles, counted; and
grids at fullnesses from empty to half full, drawn from their solutions, searched for a
first solution), variants (X, hyper, anti-knight, anti-king), N queens (some with queens
pinned), Langford pairs, polyomino packings in boards with holes (solvable and not),
polycubes, and random XCC (colors) and MCC (multiplicities) problems, with a planted
solution or without.

Usage: python3 bench/corpus/make.py [--dancing target/release/dancing] [--out target/corpus]
"""

import argparse
import csv
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Corpus:
    """The folder being written, the binary that writes most of it, and the manifest."""

    def __init__(self, dancing, out):
        self.dancing = dancing
        self.out = out
        self.rows = []
        os.makedirs(out, exist_ok=True)

    def run(self, args, stdin=None):
        """The binary's stdout for `args`, run in the corpus folder (so that the files it
        names are named the same wherever the folder is), which must succeed (exit 0 or 1)."""
        done = subprocess.run(
            [self.dancing] + args,
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.out,
        )
        if done.returncode not in (0, 1):
            sys.exit(f"dancing {' '.join(args)}: exit {done.returncode}: {done.stderr}")
        return done.stdout

    def add(self, name, family, mode, text):
        """Writes instance `name` (Knuth's format `text`) with its mode."""
        assert mode in ("count", "first")
        path = os.path.join(self.out, name + ".dlx")
        with open(path, "w") as f:
            f.write(f"| corpus: mode={mode} family={family}\n")
            f.write(text)
        self.rows.append((name, family, mode))

    def finish(self):
        with open(os.path.join(self.out, "manifest.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["name", "family", "mode"])
            w.writerows(self.rows)
        print(f"{len(self.rows)} instances in {self.out}")


def lines(path, k):
    """The first `k` puzzle lines of a repository file."""
    with open(os.path.join(ROOT, path)) as f:
        return [line.strip() for line in f if line.strip()][:k]


def thinned(solution, fraction, seed):
    """`solution` with about `fraction` of its cells kept, the others `.`."""
    rng = random.Random(seed)
    return "".join(c if rng.random() < fraction else "." for c in solution)


# Fullnesses of the grids drawn from a solution: empty to half full (1/36 for issue 37's
# near-empty 36x36 grids).
FULLNESS = [0.0, 1 / 36, 0.05, 0.1, 0.2, 0.35, 0.5]


def sudoku(corpus):
    """Sudoku of every size: puzzles counted, and grids thinned from their solutions."""
    sets = [
        (9, "puzzles/sudoku/17-clue-first50.txt", "puzzles/sudoku/17-clue-first50.solutions.txt", 12),
        (9, "puzzles/sudoku/forum-hardest-first20.txt", "puzzles/sudoku/forum-hardest-first20.solutions.txt", 12),
        (16, "puzzles/generated/16x16-seed16.txt", None, 20),
        (25, "puzzles/generated/25x25-seed25.txt", None, 20),
        (36, "puzzles/generated/36x36-seed36.txt", None, 20),
    ]
    for size, path, solutions, k in sets:
        puzzles = lines(path, k)
        stem = os.path.basename(path).split(".")[0]
        for i, puzzle in enumerate(puzzles):
            dlx = corpus.run(["sudoku", "--size", str(size), "--to-dlx"], puzzle + "\n")
            corpus.add(f"sudoku{size}-{stem}-{i + 1}", f"sudoku{size}", "count", dlx)
        # Thinned grids from the first four solutions.
        if solutions:
            sols = lines(solutions, 4)
        else:
            sols = [
                corpus.run(["sudoku", "--size", str(size), "--jobs", "1"], p + "\n").split()[0]
                for p in puzzles[:4]
            ]
        for j, sol in enumerate(sols):
            for fraction in FULLNESS:
                name = f"sudoku{size}-{stem}-grid{j + 1}-{round(fraction * 1000):03d}"
                grid = thinned(sol, fraction, name)
                dlx = corpus.run(["sudoku", "--size", str(size), "--to-dlx"], grid + "\n")
                corpus.add(name, f"sudoku{size}-grid", "first", dlx)


def variants(corpus):
    """9x9 variants: the empty grid, and grids thinned from its first solution."""
    for flag in ["--x", "--hyper", "--anti-knight", "--anti-king"]:
        empty = "." * 81
        sol = corpus.run(["sudoku", flag, "--jobs", "1"], empty + "\n").split()[0]
        for fraction in [0.0, 0.1, 0.2, 0.3, 0.45]:
            name = f"variant{flag[1:]}-{round(fraction * 100):02d}"
            grid = thinned(sol, fraction, name)
            dlx = corpus.run(["sudoku", flag, "--to-dlx"], grid + "\n")
            mode = "count" if fraction >= 0.3 else "first"
            corpus.add(name, "variant", mode, dlx)


def queens_text(n, pinned):
    """N queens in Knuth's format (rows and columns primary, diagonals secondary), with the
    queens of `pinned` placed: their rows and columns keep only them."""
    rows = {r: c for r, c in pinned}
    cols = {c: r for r, c in pinned}
    items = [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]
    diagonals = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    out = [" ".join(items) + " | " + " ".join(diagonals)]
    for r in range(n):
        for c in range(n):
            if rows.get(r, c) != c or cols.get(c, r) != r:
                continue
            out.append(f"r{r} c{c} a{r + c} b{r - c + n - 1}")
    return "\n".join(out) + "\n"


def queens(corpus):
    """N queens: counted up to 12, first solutions beyond; some with queens pinned."""
    for n in range(6, 13):
        corpus.add(f"queens-{n}", "queens", "count", queens_text(n, []))
    for n in [16, 20, 24, 32, 40]:
        corpus.add(f"queens-{n}", "queens", "first", queens_text(n, []))
    for n in [8, 10, 12, 16, 20, 28]:
        for pins in [1, 2, 3]:
            name = f"queens-{n}-pinned{pins}"
            rng = random.Random(name)
            rows = rng.sample(range(n), pins)
            cols = rng.sample(range(n), pins)
            mode = "count" if n <= 12 else "first"
            corpus.add(name, "queens-pinned", mode, queens_text(n, list(zip(rows, cols))))


def langford(corpus):
    """Langford pairs: counted where small, first solutions (or none) where large."""
    for n in [7, 8, 9, 10, 11]:
        corpus.add(f"langford-{n}", "langford", "count", corpus.run(["langford", str(n), "--to-dlx"]))
        half = corpus.run(["langford", str(n), "--half", "--to-dlx"])
        corpus.add(f"langford-{n}-half", "langford", "count", half)
    for n in [12, 15, 16, 19, 20, 23, 24]:
        corpus.add(f"langford-{n}", "langford", "first", corpus.run(["langford", str(n), "--to-dlx"]))


def board(rows, cols, holes):
    """A board drawn with `#` for cells and `.` for the `holes`."""
    return "\n".join(
        "".join("." if (r, c) in holes else "#" for c in range(cols)) for r in range(rows)
    ) + "\n"


def polyomino(corpus):
    """Pentominoes, tetrominoes and dominoes in boards with holes, solvable and not."""
    tmp = os.path.join(corpus.out, ".boards")
    os.makedirs(tmp, exist_ok=True)
    cases = []
    centre = {(3, 3), (3, 4), (4, 3), (4, 4)}
    corners = {(0, 0), (0, 7), (7, 0), (7, 7)}
    cases.append(("pento-8x8-centre", 8, 8, centre, ["--pieces", "pentominoes"], "count"))
    cases.append(("pento-8x8-corners", 8, 8, corners, ["--pieces", "pentominoes"], "count"))
    for k in range(6):
        name = f"pento-8x8-random{k}"
        rng = random.Random(name)
        cells = [(r, c) for r in range(8) for c in range(8)]
        cases.append((name, 8, 8, set(rng.sample(cells, 4)), ["--pieces", "pentominoes"], "count"))
    for rows, cols in [(3, 20), (4, 15), (5, 12), (6, 10)]:
        cases.append((f"pento-{rows}x{cols}", rows, cols, set(), ["--pieces", "pentominoes"], "first"))
    for k in range(4):
        name = f"pento-6x11-holes{k}"
        rng = random.Random(name)
        cells = [(r, c) for r in range(6) for c in range(11)]
        cases.append((name, 6, 11, set(rng.sample(cells, 6)), ["--pieces", "pentominoes"], "first"))
    for k in range(4):
        name = f"tetro-6x7-holes{k}"
        rng = random.Random(name)
        cells = [(r, c) for r in range(6) for c in range(7)]
        pieces = ["--pieces", "tetrominoes", "--copies", "2"]
        cases.append((name, 6, 7, set(rng.sample(cells, 2)), pieces, "count"))
    for k, holes in enumerate([set(), {(0, 0), (5, 5)}, {(0, 0), (0, 1)}, {(2, 2), (3, 2)}]):
        copies = (36 - len(holes)) // 2
        pieces = ["--pieces", "domino", "--copies", str(copies)]
        cases.append((f"domino-6x6-holes{k}", 6, 6, holes, pieces, "count"))
    for name, rows, cols, holes, pieces, mode in cases:
        with open(os.path.join(tmp, name + ".txt"), "w") as f:
            f.write(board(rows, cols, holes))
        path = os.path.join(".boards", name + ".txt")
        corpus.add(name, "polyomino", mode, corpus.run(["polyomino", path, "--to-dlx"] + pieces))
    for box, extra, mode in [("3x3x3", [], "count"), ("3x3x6", ["--copies", "2"], "first"),
                             ("2x3x9", ["--copies", "2"], "first")]:
        name = f"polycube-{box}" + ("-2" if extra else "")
        corpus.add(name, "polycube", mode, corpus.run(["polycube", box, "--to-dlx"] + extra))


def random_xcc(corpus, k):
    """A random problem with colors: `k` even ones with a planted solution."""
    name = f"xcc-{k:02d}"
    rng = random.Random(name)
    primary = rng.randint(8, 30)
    secondary = rng.randint(2, 8)
    colors = "abc"
    options = []
    if k % 2 == 0:
        items = list(range(primary))
        rng.shuffle(items)
        coloring = {s: rng.choice(colors) for s in range(secondary)}
        while items:
            take = rng.randint(1, 3)
            part, items = items[:take], items[take:]
            sec = rng.sample(range(secondary), rng.randint(0, 2))
            options.append(([f"p{i}" for i in part], [f"s{s}:{coloring[s]}" for s in sec]))
    for _ in range(rng.randint(primary, 4 * primary)):
        part = rng.sample(range(primary), rng.randint(1, 3))
        sec = rng.sample(range(secondary), rng.randint(0, 2))
        options.append(([f"p{i}" for i in part], [f"s{s}:{rng.choice(colors)}" for s in sec]))
    rng.shuffle(options)
    head = " ".join(f"p{i}" for i in range(primary)) + " | " + " ".join(f"s{s}" for s in range(secondary))
    body = "\n".join(" ".join(p + s) for p, s in options)
    mode = "count" if primary <= 20 else "first"
    corpus.add(name, "xcc", mode, head + "\n" + body + "\n")


def random_mcc(corpus, k):
    """A random problem with multiplicities: `k` even ones with a planted solution."""
    name = f"mcc-{k:02d}"
    rng = random.Random(name)
    primary = rng.randint(6, 16)
    bounds = {}
    for i in range(primary):
        lo = rng.randint(1, 2)
        bounds[i] = (lo, lo + rng.randint(0, 1))
    options = []
    if k % 2 == 0:
        need = {i: rng.randint(*bounds[i]) for i in range(primary)}
        while any(need.values()):
            live = [i for i in need if need[i] > 0]
            part = rng.sample(live, min(len(live), rng.randint(1, 3)))
            for i in part:
                need[i] -= 1
            options.append([f"p{i}" for i in part])
    for _ in range(rng.randint(2 * primary, 5 * primary)):
        options.append([f"p{i}" for i in rng.sample(range(primary), rng.randint(1, 3))])
    rng.shuffle(options)
    head = " ".join(
        (f"{lo}:{hi}|p{i}" if lo != hi else f"{lo}|p{i}") if (lo, hi) != (1, 1) else f"p{i}"
        for i, (lo, hi) in bounds.items()
    )
    corpus.add(name, "mcc", "count" if primary <= 10 else "first",
               head + "\n" + "\n".join(" ".join(o) for o in options) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dancing", default=os.path.join(ROOT, "target/release/dancing"))
    parser.add_argument("--out", default=os.path.join(ROOT, "target/corpus"))
    args = parser.parse_args()
    corpus = Corpus(os.path.abspath(args.dancing), os.path.abspath(args.out))
    sudoku(corpus)
    variants(corpus)
    queens(corpus)
    langford(corpus)
    polyomino(corpus)
    for k in range(40):
        random_xcc(corpus, k)
    for k in range(30):
        random_mcc(corpus, k)
    corpus.finish()


if __name__ == "__main__":
    main()
