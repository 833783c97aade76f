#!/usr/bin/env bash
# Runs arrangement_bench (BuildArrangement, arr.*, and its peers Clipper and
# CGAL) and prints, in Markdown: the noisy tile map's statistics, one scaling
# table per input (n, CPU time, peak memory, ns per edge), the growth
# exponent of each (least squares of log time on log n), and the ratios
# ours / Clipper and ours / CGAL at equal sizes.
#
# usage: tools/bench/arrangement_scaling.sh BUILDDIR/tools/bench/arrangement_bench \
#          [REPETITIONS (default 3)] [extra flags for arrangement_bench...]
# e.g. extra flags --max_n=100000 (a quick run), --cgal_max=10000 (CGAL at
# more sizes), --clustered_max=1000000. Build BUILDDIR with
# -Dbuildtype=release -Dbenchmarks=true. A full run takes about 8 minutes
# on a 2-vCPU machine.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, exponent, fmt_mib, fmt_time, machine_line, median,
                          output_of, ratio_table, run)

bench, repetitions, flags = arguments(sys.argv[1:], 3)
maps = json.loads(output_of(bench, "--tilemap-stats"))["maps"]
report = run(bench, repetitions, flags)
# CGAL's time is the child's CPU time, reported as manual (real) time.
runs = collect(report, ("edges", "output", "peak_MiB", "delta_MiB", "input_vertices"),
               manual_time_cases=("cgal_random",))

TARGET = 1.1  # growth exponent on evenly spread input

print(machine_line(report) + "\n")
print("### The noisy tile map (1024 x 1024, cell 0.25)\n")
print("| seed | solid | boundary edges | components | surviving erosion by 4 | eroded components |")
print("| --- | --- | --- | --- | --- | --- |")
for m in maps:
    print(f"| {m['seed']} | {m['solid_fraction']:.1%} | {m['boundary_edges']} | {m['components']} "
          f"| {m['surviving_components']} | {m['eroded_components']} |")
print()

TITLES = {
    "tilemap": "BuildArrangement, noisy tile map boundary (argument: map side)",
    "random": "BuildArrangement, random segments (argument: n)",
    "clustered": "BuildArrangement, clustered: 4 huge segments over tiny ones (argument: n)",
    "clipper_rings": "Clipper 6.4.2 union of the tile map's boundary rings (argument: map side)",
    "clipper_cells": "Clipper 6.4.2 union of the tile map's solid cells as squares (argument: map side)",
    "cgal_random": "CGAL 5.5.1 Snap_rounding_2 (assertions on), random segments (argument: n)",
}
exponents = {}
for case in ["tilemap", "random", "clustered", "clipper_rings", "clipper_cells", "cgal_random"]:
    if case not in runs:
        continue
    print(f"### {TITLES[case]}\n")
    print("| argument | n (edges) | time | peak RSS | call's own | ns / edge |")
    print("| --- | --- | --- | --- | --- | --- |")
    points = []
    for size in sorted(runs[case]):
        e = runs[case][size]
        n = int(e.get("edges", size))
        t = median(e)
        if t is None:
            print(f"| {size} | {n} | FAILED: {e.get('error', '?')} | | | |")
            continue
        print(f"| {size} | {n} | {fmt_time(t)} | {fmt_mib(e, 'peak_MiB')} "
              f"| {fmt_mib(e, 'delta_MiB')} | {t / n * 1e9:.0f} |")
        if n >= 1000:
            points.append((n, t))
    k = exponent(points)
    k4 = exponent([p for p in points if p[0] >= 10000])
    exponents[case] = k
    if k is not None:
        line = f"\nGrowth exponent (n >= 10^3): **{k:.3f}**"
        if k4 is not None:
            line += f"; n >= 10^4: {k4:.3f}"
        if case in ("tilemap", "random"):
            line += f" (target <= {TARGET}: {'ok' if k <= TARGET else 'ABOVE'})"
        print(line)
    failures = sum(1 for e in runs[case].values() if "error" in e)
    if case == "cgal_random":
        print(f"\nCGAL runs that failed (crash or assertion): {failures} of {len(runs[case])}")
    print()

ratio_table(runs, "Ratio: BuildArrangement / Clipper union of the boundary rings (same map)",
            "tilemap", "clipper_rings")
ratio_table(runs, "Ratio: BuildArrangement / Clipper union of the cells as squares (same map)",
            "tilemap", "clipper_cells")
ratio_table(runs, "Ratio: BuildArrangement / CGAL Snap_rounding_2 (same random segments)",
            "random", "cgal_random")
PY
