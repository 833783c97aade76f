#!/usr/bin/env bash
# Runs cdt_bench (ConstrainedDelaunay on random points with and without
# constraints, and the Build2D stages on the noisy tile map, with CGAL's
# CDT and approx_convex_partition_2 doing the same jobs) and prints, in
# Markdown: the --check figures (input sizes, output sizes, flips per point
# with the spec's and with sorted order, Build2D polygons with the octagon
# and quarter-cell rules), then per pair of cases the CPU time, peak RSS and
# the call's own memory with their ratios ours / CGAL, bytes per point, and
# the times of the stages CGAL has no peer for.
#
# usage: tools/bench/cdt_ratio.sh BUILDDIR/tools/bench/cdt_bench \
#          [REPETITIONS (default 3)] [extra flags for cdt_bench...]
# e.g. --points=100000 --constraints=10000 --side=512 (a quick run). Build
# BUILDDIR with -Dbuildtype=release -Dbenchmarks=true.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_median_time, fmt_mib, machine_line, median,
                          output_of, run, time_and_memory_table)

bench, repetitions, flags = arguments(sys.argv[1:], 3)
size_flags = [f for f in flags if f.startswith(("--points=", "--constraints=", "--side="))]
check = json.loads(output_of(bench, "--check", *size_flags))
report = run(bench, repetitions, flags)
runs = collect(report, ("n", "output", "constraints", "peak_MiB", "delta_MiB"))

print(machine_line(report) + "\n")
print("### --check\n")
print("```json")
print(json.dumps(check, indent=1))
print("```\n")

PAIRS = [
    ("cdt_points", "cgal_points", "ConstrainedDelaunay / CGAL CDT insert(range), random points"),
    ("cdt_constrained", "cgal_constrained",
     "ConstrainedDelaunay / CGAL CDT insert_constraints, random points and constraints"),
    ("cdt_shrunk", "cgal_shrunk",
     "ConstrainedDelaunay / CGAL CDT, the shrunk tile map's ring vertices and edges"),
    ("triangulate", "cgal_shrunk",
     "Region::Triangulate (CDT and face labelling) / CGAL CDT of the same rings"),
    ("partition_holefree", "cgal_partition_holefree",
     "PartitionConvex(6) of the hole-free outer rings (its Triangulate included) / "
     "approx_convex_partition_2 of each"),
]
for ours, peer, title in PAIRS:
    time_and_memory_table(runs, f"{title} (argument: points or map side)", ours, peer, "CGAL")

print("### Bytes per point (the call's own memory / input points; peak RSS / input points)\n")
print("| case | n | call's own | peak RSS |")
print("| --- | --- | --- | --- |")
for case in ("cdt_points", "cgal_points", "cdt_constrained", "cgal_constrained", "cdt_shrunk",
             "cgal_shrunk"):
    for arg, e in sorted(runs.get(case, {}).items()):
        if "n" in e and "delta_MiB" in e:
            print(f"| {case} | {int(e['n'])} | {e['delta_MiB'] * 2**20 / e['n']:.0f} | "
                  f"{e['peak_MiB'] * 2**20 / e['n']:.0f} |")
print()

print("### Build2D stages, ours (argument: map side)\n")
print("| stage | side | input size | output | time | peak RSS | call's own |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for case in ("region_tilemap", "shrink", "triangulate", "partition", "build"):
    for arg, e in sorted(runs.get(case, {}).items()):
        print(f"| {case} | {arg} | {int(e.get('n', 0))} | {int(e.get('output', 0))} | "
              f"{fmt_median_time(e)} | {fmt_mib(e, 'peak_MiB')} | {fmt_mib(e, 'delta_MiB')} |")
print()
failed = [c for c, a in runs.items() for e in a.values() if "error" in e or median(e) is None]
if failed:
    print("FAILED: " + ", ".join(sorted(set(failed))))
    sys.exit(1)
PY
