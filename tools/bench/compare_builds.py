#!/usr/bin/env python3
"""Before/after: the same benchmarks of two builds of the project, run in one
session, alternating, and their ratios new / old.

A refactor must not make a benchmark slower (the house rule for changes
that keep every golden hash): build the old commit and the new one
(-Dbuildtype=release -Dbenchmarks=true, each in its own checkout), then

    tools/bench/compare_builds.py OLD_BUILDDIR NEW_BUILDDIR [--rounds 5]
        [--programs predicates_bench,shrink_bench] [--filter REGEX]
        [--exclude REGEX]

Each round runs every selected benchmark once in the old build and once in
the new one, the order of the two swapped every round, so a slow spell of a
shared machine hits both alike. The peers (Clipper, CGAL) are left out by
default (--exclude): they are the same code in both builds. Prints a
Markdown table per program: the median CPU time of each benchmark in each
build, the ratio new / old, and the same for the `peak_MiB` counter where
the benchmark reports one; then the geometric mean of the time ratios.

--steady-malloc runs both builds with glibc's allocator told to keep its
memory (no mmap per large block, no trimming): a benchmark whose working
set sits near the allocator's mmap threshold otherwise pays the first
touch of fresh pages (~13.5 us each on these VMs) in some runs and not in
others, and which side of the threshold a build lands on depends on
allocation sizes, not on the code's speed (region_tilemap/128..1024 move
by 0.4x to 2.4x between runs of the same two builds). Use it for time
ratios; its peak_MiB includes the retained memory, so take memory ratios
from a run without it.

The two columns after the ratio judge it against the machine's noise: the
paired ratios (round r's new time / round r's old time, so that a slow
spell of the machine cancels) give a distribution-free interval for their
median (order statistics: [min, max] of 7 rounds holds the median with
98.4 % confidence, of 11 rounds the 2nd and 10th values 98.8 %), and a
benchmark counts as slower only when that whole interval lies above 1.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

TO_S = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
PROGRAMS = ["predicates_bench", "arrangement_bench", "region_bench", "shrink_bench", "cdt_bench"]


def listed(bench, regex, exclude):
    out = subprocess.run([bench, "--benchmark_list_tests=true", f"--benchmark_filter={regex}"],
                         capture_output=True, text=True, check=True).stdout
    return [n for n in out.split() if not re.search(exclude, n, re.IGNORECASE)]


STEADY_MALLOC = ("glibc.malloc.mmap_threshold=1073741824:"
                 "glibc.malloc.trim_threshold=4294967295:glibc.malloc.top_pad=268435456")
ENV = None  # the benchmarks' environment (--steady-malloc)


def run_once(bench, names):
    """One run of `names` (exact benchmark names): name -> (seconds, peak MiB or None)."""
    regex = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        p = subprocess.run([bench, f"--benchmark_filter={regex}", f"--benchmark_out={out}",
                            "--benchmark_out_format=json"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
        if p.returncode != 0:
            sys.exit(f"{bench} failed (exit {p.returncode}):\n{p.stderr}")
        with open(out) as f:
            report = json.load(f)
    result = {}
    for b in report["benchmarks"]:
        if b.get("error_occurred"):
            sys.exit(f"{bench}: {b['name']}: {b.get('error_message', 'error')}")
        result[b["name"]] = (b["cpu_time"] * TO_S[b["time_unit"]], b.get("peak_MiB"))
    return result


def median_interval(xs):
    """The widest symmetric order-statistic interval [x(k), x(n+1-k)] that
    holds the median of the paired ratios with at least 95 % confidence
    (binomial, p = 1/2), else [min, max]; returns (low, high, confidence)."""
    xs = sorted(xs)
    n = len(xs)

    def coverage(k):  # P(x(k) <= median <= x(n+1-k)) = 1 - 2 P(Bin(n, 1/2) < k)
        return 1.0 - 2.0 * sum(math.comb(n, i) for i in range(k)) / 2.0 ** n

    k = 1
    while k + 1 <= (n + 1) // 2 and coverage(k + 1) >= 0.95:
        k += 1
    return xs[k - 1], xs[n - k], coverage(k)


def fmt_time(s):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if s >= scale:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="build directory of the old commit")
    ap.add_argument("new", help="build directory of the new commit")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--filter", default=".", help="benchmarks to run (regex)")
    ap.add_argument("--exclude", default="clipper|cgal", help="benchmarks to leave out (regex)")
    ap.add_argument("--steady-malloc", action="store_true",
                    help="keep freed memory in the allocator (time ratios without page-fault noise)")
    args = ap.parse_args()
    if args.steady_malloc:
        global ENV
        ENV = dict(os.environ, GLIBC_TUNABLES=STEADY_MALLOC)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")

    all_ratios = []
    verdicts = {"slower": 0, "level": 0, "faster": 0}
    for program in args.programs.split(","):
        old = os.path.join(args.old, "tools", "bench", program)
        new = os.path.join(args.new, "tools", "bench", program)
        for path in (old, new):
            if not os.access(path, os.X_OK):
                ap.error(f"{path}: not built (configure with -Dbenchmarks=true)")
        names = listed(new, args.filter, args.exclude)
        missing = set(names) - set(listed(old, args.filter, args.exclude))
        names = [n for n in names if n not in missing]
        if not names:
            continue
        times = {n: ([], []) for n in names}
        peaks = {n: ([], []) for n in names}
        for r in range(args.rounds):
            print(f"{program}: round {r + 1}/{args.rounds}", file=sys.stderr)
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for side in order:
                got = run_once((old, new)[side], names)
                for n, (t, peak) in got.items():
                    if n in times:
                        times[n][side].append(t)
                        if peak is not None:
                            peaks[n][side].append(peak)
        print(f"\n### {program} ({args.rounds} rounds)\n")
        print("| benchmark | old | new | new / old | paired interval | verdict "
              "| peak MiB old | new | new / old |")
        print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
        for n in names:
            t_old, t_new = (statistics.median(v) for v in times[n])
            ratio = t_new / t_old
            all_ratios.append(ratio)
            p_old, p_new = peaks[n]
            if p_old and p_new:
                m_old, m_new = statistics.median(p_old), statistics.median(p_new)
                mem = f"{m_old:.1f} | {m_new:.1f} | {m_new / m_old:.3f}"
            else:
                mem = "– | – | –"
            lo, hi, conf = median_interval([b / a for a, b in zip(*times[n])])
            verdict = "slower" if lo > 1.0 else "faster" if hi < 1.0 else "level"
            verdicts[verdict] += 1
            print(f"| {n} | {fmt_time(t_old)} | {fmt_time(t_new)} | {ratio:.3f} "
                  f"| {lo:.3f}-{hi:.3f} ({conf:.1%}) | {verdict} | {mem} |")
        if missing:
            print(f"\n(only in the new build: {', '.join(sorted(missing))})")
    if all_ratios:
        geo = math.exp(sum(math.log(r) for r in all_ratios) / len(all_ratios))
        print(f"\nGeometric mean of the time ratios new / old over {len(all_ratios)} "
              f"benchmarks: {geo:.3f} (min {min(all_ratios):.3f}, max {max(all_ratios):.3f}); "
              f"slower {verdicts['slower']}, level {verdicts['level']}, faster {verdicts['faster']} "
              "(paired interval wholly above 1 / containing 1 / wholly below 1)")


if __name__ == "__main__":
    main()
