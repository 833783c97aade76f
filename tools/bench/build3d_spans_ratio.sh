#!/usr/bin/env bash
# Runs build3d_spans_bench (the span stages of a tiled 3D build on every
# generated level kind at size 256 and on a 10^6-triangle soup, with Recast
# doing the same stages on the same tiles) and prints, in Markdown: the
# inputs and both sides' compact spans, the ratios ours / Recast per input
# (CPU time; peak RSS; the pass's own memory), and the times and memory.
#
# usage: tools/bench/build3d_spans_ratio.sh BUILDDIR/tools/bench/build3d_spans_bench \
#          [REPETITIONS (default 3)] [extra flags for build3d_spans_bench...]
# e.g. --max_input=6 (the levels only). Build BUILDDIR with
# -Dbuildtype=release -Dbenchmarks=true.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, machine_line, output_of, ratios, run,
                          time_and_memory_table)

bench, repetitions, flags = arguments(sys.argv[1:], 3)
input_flags = [f for f in flags if f.startswith("--max_input=")]
inputs = json.loads(output_of(bench, "--check", *input_flags))
report = run(bench, repetitions, flags)
runs = collect(report, ("tiles", "triangles", "spans", "peak_MiB", "delta_MiB"))

print(machine_line(report) + "\n")
print("### Inputs: default NavSettings, seed 1; both sides' compact spans (all; area not 0)\n")
print("| input | name | triangles | tiles built | tile triangles | compact spans ours / Recast "
      "| walkable ours / Recast |")
print("| --- " * 7 + "|")
for s in inputs:
    print(f"| {s['input']} | {s['name']} | {s['triangles']} | {s['tiles']} | {s['tile_triangles']} "
          f"| {s['ours_spans']} / {s['recast_spans']} "
          f"| {s['ours_walkable']} / {s['recast_walkable']} |")
print()

print("### Ratios ours / Recast: time; peak RSS; the pass's own memory\n")
print("| input | name | ours / Recast |")
print("| --- | --- | --- |")
names = {s["input"]: s["name"] for s in inputs}
for arg in sorted(set(runs.get("ours", {})) & set(runs.get("recast", {}))):
    r = ratios(runs["ours"][arg], runs["recast"][arg])
    print(f"| {arg} | {names.get(arg, '')} | " + "; ".join(fmt_ratio(x) for x in r) + " |")
print()

time_and_memory_table(runs, "The span stages of every tile (argument: input)", "ours", "recast",
                      "Recast")
PY
