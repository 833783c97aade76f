#!/usr/bin/env bash
# Runs build3d_regions_bench (the three partitions and the contour trace of
# every tile of each generated level kind at size 256 and of a terrain of
# size 512, with Recast doing the same stages on the same compact
# heightfields) and prints, in Markdown: the inputs and both sides' region,
# contour and vertex counts, the ratios ours / Recast per stage and input
# (CPU time; peak RSS; the pass's own memory), and the times and memory.
#
# usage: tools/bench/build3d_regions_ratio.sh BUILDDIR/tools/bench/build3d_regions_bench \
#          [REPETITIONS (default 3)] [extra flags for build3d_regions_bench...]
# e.g. --max_input=6 (the levels only). Build BUILDDIR with
# -Dbuildtype=release -Dbenchmarks=true.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, machine_line, output_of, ratios, run,
                          time_and_memory_table)

STAGES = ("watershed", "monotone", "layers", "trace")

bench, repetitions, flags = arguments(sys.argv[1:], 3)
input_flags = [f for f in flags if f.startswith("--max_input=")]
inputs = json.loads(output_of(bench, "--check", *input_flags))
report = run(bench, repetitions, flags)
runs = collect(report, ("tiles", "spans", "regions", "contours", "peak_MiB", "delta_MiB"))

print(machine_line(report) + "\n")
print("### Inputs: default NavSettings, seed 1; both sides' results (ours / Recast)\n")
print("| input | name | tiles | compact spans | regions watershed | monotone | layers "
      "| contours | vertices |")
print("| --- " * 9 + "|")
for s in inputs:
    cells = [f"{s['ours_' + k + '_regions']} / {s['recast_' + k + '_regions']}"
             for k in STAGES[:3]]
    cells += [f"{s['ours_trace_' + k]} / {s['recast_trace_' + k]}"
              for k in ("contours", "vertices")]
    print(f"| {s['input']} | {s['name']} | {s['tiles']} | {s['spans']} | " + " | ".join(cells)
          + " |")
print()

names = {s["input"]: s["name"] for s in inputs}
print("### Ratios ours / Recast: time; peak RSS; the pass's own memory\n")
print("| input | name | " + " | ".join(STAGES) + " |")
print("| --- " * (2 + len(STAGES)) + "|")
args = sorted(set().union(*(set(v) for v in runs.values()))) if runs else []
for arg in args:
    cells = []
    for k in STAGES:
        a, b = runs.get("ours_" + k, {}).get(arg), runs.get("recast_" + k, {}).get(arg)
        cells.append("; ".join(fmt_ratio(x) for x in ratios(a, b)) if a and b else "")
    print(f"| {arg} | {names.get(arg, '')} | " + " | ".join(cells) + " |")
print()

for k in STAGES:
    time_and_memory_table(runs, f"{k} of every tile (argument: input)", "ours_" + k,
                          "recast_" + k, "Recast")
PY
