#!/usr/bin/env bash
# Runs build3d_polys_bench (Polygonizer::Build and DetailMeshBuilder::Build
# on every tile of each generated level kind at size 256 and of a terrain
# of size 512, with Recast's rcBuildPolyMesh and rcBuildPolyMeshDetail on
# the same contours, fields and settings) and prints, in Markdown: the
# settings as both sides get them, the inputs and both sides' counts, the
# ratios ours / Recast per stage and input (CPU time; peak RSS; the pass's
# own memory) and of the two stages' summed times, and the times and memory.
#
# usage: tools/bench/build3d_polys_ratio.sh BUILDDIR/tools/bench/build3d_polys_bench \
#          [REPETITIONS (default 3)] [extra flags for build3d_polys_bench...]
# e.g. --max_input=6 (the levels only). Build BUILDDIR with
# -Dbuildtype=release -Dbenchmarks=true. The quality comparison is
# `build3d_polys_bench --quality`.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, fmt_time, machine_line, median,
                          median_of, output_of, quotient, ratios, run, time_and_memory_table)

STAGES = ("polys", "detail")

bench, repetitions, flags = arguments(sys.argv[1:], 3)
input_flags = [f for f in flags if f.startswith("--max_input=")]
check = json.loads(output_of(bench, "--check", *input_flags))
settings, inputs = check[0]["settings"], check[1:]
report = run(bench, repetitions, flags)
runs = collect(report, ("tiles", "spans", "polygons", "triangles", "peak_MiB", "delta_MiB"))

print(machine_line(report) + "\n")
print("### Settings (ours; Recast's)\n")
print(f"MaxVertsPerPoly {settings['MaxVertsPerPoly']} (nvp {settings['recast_nvp']}); "
      f"DetailSampleDistance {settings['DetailSampleDistance']:g} = "
      f"{settings['sd_cells']:g} cells (sampleDist {settings['recast_sampleDist']:.9g}); "
      f"DetailMaxError {settings['DetailMaxError']:g} (sampleMaxError "
      f"{settings['recast_sampleMaxError']:.9g}); Recast's height search radius "
      f"{settings['recast_heightSearchRadius']} cells; cs {settings['cs']:.17g} "
      f"(Recast {settings['recast_cs']:.9g}), CellHeight {settings['CellHeight']:g} "
      f"(Recast {settings['recast_ch']:.9g}).\n")
print("### Inputs: default NavSettings, seed 1; both sides' results (ours / Recast)\n")
print("| input | name | tiles | compact spans | contours (tiles differing) | polygons | vertices "
      "| detail extra vertices | detail triangles | Recast warnings; errors |")
print("| --- " * 10 + "|")
for s in inputs:
    cells = [f"{s['contours']} / {s['recast_contours']} ({s['tiles_with_differing_contours']})",
             f"{s['ours_polys_polygons']} / {s['recast_polys_polygons']}",
             f"{s['ours_polys_vertices']} / {s['recast_polys_vertices']}",
             f"{s['ours_detail_vertices']} / {s['recast_detail_vertices']}",
             f"{s['ours_detail_triangles']} / {s['recast_detail_triangles']}",
             f"{s['recast_polys_warnings'] + s['recast_detail_warnings']}; "
             f"{s['recast_polys_errors'] + s['recast_detail_errors']}"]
    print(f"| {s['input']} | {s['name']} | {s['tiles']} | {s['spans']} | " + " | ".join(cells)
          + " |")
print()

names = {s["input"]: s["name"] for s in inputs}


print("### Ratios ours / Recast: time; peak RSS; the pass's own memory\n")
print("Detail: the stage as the build runs it (`internal::BuildDetail`, no stage-input "
      "checks); detail (Build): the public `DetailMeshBuilder::Build` with its checks "
      "(`ours_detail_checked`: the compact heightfield, its grid, the cut, the mesh).\n")
print("| input | name | polygonizer | detail | detail (Build, time) "
      "| polygonizer + detail (time) | polygonizer + detail (Build, time) |")
print("| --- " * 7 + "|")
args = sorted(set().union(*(set(v) for v in runs.values()))) if runs else []
for arg in args:
    cells = []
    for k in STAGES:
        a, b = runs.get("ours_" + k, {}).get(arg), runs.get("recast_" + k, {}).get(arg)
        cells.append("; ".join(fmt_ratio(x) for x in ratios(a, b)) if a and b else "")
    op, rp, od, rd, oc = (median_of(runs, c, arg)
                          for c in ("ours_polys", "recast_polys", "ours_detail", "recast_detail",
                                    "ours_detail_checked"))
    cells.append(quotient(oc, rd))
    both = None if None in (op, od, rp, rd) else (op + od, rp + rd)
    cells.append(f"{quotient(*both)} ({fmt_time(both[0])} / {fmt_time(both[1])})" if both else "")
    bothc = None if None in (op, oc, rp, rd) else (op + oc, rp + rd)
    cells.append(f"{quotient(*bothc)} ({fmt_time(bothc[0])} / {fmt_time(bothc[1])})"
                 if bothc else "")
    print(f"| {arg} | {names.get(arg, '')} | " + " | ".join(cells) + " |")
print()

print("### The stage-input checks of DetailMeshBuilder::Build (argument: input)\n")
print("| argument | detail | Build | checks' share of Build |")
print("| --- | --- | --- | --- |")
for arg in args:
    od, oc = median_of(runs, "ours_detail", arg), median_of(runs, "ours_detail_checked", arg)
    if od is not None and oc:
        print(f"| {arg} | {fmt_time(od)} | {fmt_time(oc)} | {(oc - od) / oc:.2f} |")
print()

for k in STAGES:
    time_and_memory_table(runs, f"{k} of every tile (argument: input)", "ours_" + k,
                          "recast_" + k, "Recast")
PY
