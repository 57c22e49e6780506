#!/usr/bin/env python3
"""Times every engine of `dancing cover` (and the weighted choice on the links and the bits)
on every instance of the corpus that bench/corpus/make.py wrote, and writes the table of
`auto` against the fastest: `table.md` and `table.csv` in the corpus folder.

Each run is a whole process, `dancing cover --jobs 1 --engine E [--choose wdeg] [--count]`,
timed by its CPU (user + system, from the kernel's accounting of the child), with a cap in
seconds of wall time (a run that reaches it is written `>cap` and counts as the cap); an
engine that refuses the problem (exit 2) is `n/a`. A run under a tenth of a second is run
twice more and its median kept. For each instance the ratio is `auto`'s time over the least
of all, each time raised to a floor first (10 ms by default: a whole process that starts,
reads its file and answers in less is not told apart from another by its CPU time on a
shared machine); the summary gives the worst and the median ratio. Counts must agree between
the engines (a disagreement is printed and stops the script). `--rescore` reads the times
of a previous run back from `table.csv` and writes the table again (with another floor, say).

Usage: python3 bench/corpus/time.py [--dancing target/release/dancing] [--corpus target/corpus]
                                    [--cap 10] [--floor 0.01] [--only SUBSTRING] [--rescore]
"""

import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The configurations timed: a column name and the flags after `--engine`.
CONFIGS = [
    ("auto", ["auto"]),
    ("links", ["links"]),
    ("bits", ["bits"]),
    ("links-wdeg", ["links", "--choose", "wdeg"]),
    ("bits-wdeg", ["bits", "--choose", "wdeg"]),
    ("propagate", ["propagate"]),
    ("learn", ["learn"]),
    ("mcc", ["mcc"]),
    ("mcc-bits", ["mcc-bits"]),
    ("band", ["band"]),
]

SHORT = 0.1


def cpu_of(cmd, cap):
    """Runs `cmd`; returns (CPU seconds, exit code, stdout), the code None past the cap."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=cap)
        code, out = done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        code, out = None, ""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, code, out


def time_one(dancing, path, mode, flags, cap):
    """The CPU time of one configuration on one instance: seconds, 'n/a' or None (past the
    cap), with the count printed (mode count) or None."""
    cmd = [dancing, "cover", "--jobs", "1", "--engine"] + flags
    if mode == "count":
        cmd.append("--count")
    cmd.append(path)
    cpu, code, out = cpu_of(cmd, cap)
    if code is None:
        return None, None
    if code == 2:
        return "n/a", None
    if code not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {code}")
    times = [cpu]
    if cpu < SHORT:
        times += [cpu_of(cmd, cap)[0] for _ in range(2)]
    count = out.strip() if mode == "count" else None
    return statistics.median(times), count


def parse(text):
    """A cell of `table.csv` back: seconds, 'n/a', or None (past the cap)."""
    if text == "n/a":
        return "n/a"
    if text.startswith(">"):
        return None
    return float(text)


def ratio_of(times, cap, floor):
    """The fastest configuration and `auto`'s time over its, both raised to `floor`; past
    the cap counts as the cap, n/a is left out."""
    usable = {n: (cap if t is None else t) for n, t in times.items() if t != "n/a"}
    fastest = min(usable, key=usable.get)
    return fastest, max(usable["auto"], floor) / max(usable[fastest], floor)


def cell(t, cap):
    if t == "n/a":
        return "n/a"
    if t is None:
        return f">{cap:g}"
    return f"{t:.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dancing", default=os.path.join(ROOT, "target/release/dancing"))
    parser.add_argument("--corpus", default=os.path.join(ROOT, "target/corpus"))
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--floor", type=float, default=0.01)
    parser.add_argument("--only", default="")
    parser.add_argument("--rescore", action="store_true")
    args = parser.parse_args()
    names = [name for name, _ in CONFIGS]
    rows = []
    if args.rescore:
        with open(os.path.join(args.corpus, "table.csv")) as f:
            for r in csv.DictReader(f):
                times = {n: parse(r[n]) for n in names}
                fastest, ratio = ratio_of(times, args.cap, args.floor)
                rows.append((r, times, fastest, ratio))
        write(args, names, rows)
        return
    with open(os.path.join(args.corpus, "manifest.csv")) as f:
        manifest = [r for r in csv.DictReader(f) if args.only in r["name"]]
    for k, inst in enumerate(manifest):
        path = os.path.join(args.corpus, inst["name"] + ".dlx")
        times, counts = {}, {}
        for name, flags in CONFIGS:
            times[name], count = time_one(args.dancing, path, inst["mode"], flags, args.cap)
            if count is not None:
                counts[name] = count
        if len(set(counts.values())) > 1:
            sys.exit(f"{inst['name']}: the counts disagree: {counts}")
        fastest, ratio = ratio_of(times, args.cap, args.floor)
        rows.append((inst, times, fastest, ratio))
        print(f"[{k + 1}/{len(manifest)}] {inst['name']}: auto {cell(times['auto'], args.cap)}, "
              f"fastest {fastest} {cell(times[fastest], args.cap)}, ratio {ratio:.2f}",
              file=sys.stderr)
    write(args, names, rows)


def write(args, names, rows):
    """Writes `table.csv` and `table.md`, and prints the summary."""
    ratios = [r for *_, r in rows]
    worst = max(rows, key=lambda r: r[3])
    summary = (f"{len(rows)} instances, cap {args.cap:g} s, floor {args.floor:g} s: auto / fastest worst "
               f"{worst[3]:.2f} ({worst[0]['name']}), median {statistics.median(ratios):.2f}; "
               f"within 1.25x on {sum(r <= 1.25 for r in ratios)}")
    with open(os.path.join(args.corpus, "table.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "family", "mode"] + names + ["fastest", "auto/fastest"])
        for inst, times, fastest, ratio in rows:
            w.writerow([inst["name"], inst["family"], inst["mode"]]
                       + [cell(times[n], args.cap) for n in names] + [fastest, f"{ratio:.2f}"])
    with open(os.path.join(args.corpus, "table.md"), "w") as f:
        f.write(summary + "\n\n")
        f.write("| instance | mode | " + " | ".join(names) + " | fastest | auto/fastest |\n")
        f.write("|---|---|" + "---:|" * len(names) + "---|---:|\n")
        for inst, times, fastest, ratio in rows:
            f.write(f"| {inst['name']} | {inst['mode']} | "
                    + " | ".join(cell(times[n], args.cap) for n in names)
                    + f" | {fastest} | {ratio:.2f} |\n")
    print(summary)


if __name__ == "__main__":
    main()
