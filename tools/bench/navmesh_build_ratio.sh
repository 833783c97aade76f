#!/usr/bin/env bash
# Runs navmesh_build_bench (NavMesh::Build on every generated level kind at
# size 256, one thread and all cores, next to a Recast + Detour tiled build
# of the same soup with the same settings and tile size) and prints, in
# Markdown: the settings, both sides' tiles, polygons and vertices, the
# ratios ours / Recast+Detour per level (elapsed time and peak RSS, one
# thread and all cores; the speed-up of all cores over one on each side),
# and the times and memory.
#
# usage: tools/bench/navmesh_build_ratio.sh BUILDDIR/tools/bench/navmesh_build_bench \
#          [REPETITIONS (default 3)] [extra flags for navmesh_build_bench...]
# e.g. --max_input=2 (rooms, stairs, terrain only). Build BUILDDIR with
# -Dbuildtype=release -Dbenchmarks=true.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, fmt_time, median, median_of, output_of,
                          quotient, ratios, run, time_and_memory_table)

CASES = ("ours_1", "recast_1", "ours_all", "recast_all")

bench, repetitions, flags = arguments(sys.argv[1:], 3)
input_flags = [f for f in flags if f.startswith("--max_input=")]
check = json.loads(output_of(bench, "--check", *input_flags))
settings, inputs = check[0]["settings"], check[1:]
report = run(bench, repetitions, flags)
runs = collect(report, ("threads", "tiles", "polygons", "vertices", "peak_MiB", "delta_MiB"),
               manual_time_cases=CASES)
cpu_runs = collect(report, ())  # the process's CPU time (all threads)

ctx = report["context"]
print(f"{ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at "
      f"{ctx.get('mhz_per_cpu', '?')} MHz, {ctx.get('date', '')}; {repetitions} repetitions, "
      f"times are the median elapsed (real) time; all cores = {settings['threads_all']} "
      "threads.\n")
print("### Settings (both sides)\n")
print(f"TileCells {settings['tileCells']}, border B {settings['border']}, cs "
      f"{settings['cs']:.9g}, ch {settings['ch']:.9g}, walkable height / climb / radius "
      f"{settings['walkableHeight']} / {settings['walkableClimb']} / "
      f"{settings['walkableRadius']} (cells, rows), regions {settings['minRegionArea']} / "
      f"{settings['mergeRegionArea']} cells, contour error {settings['maxError']:g} cells, "
      f"edge {settings['maxEdgeCells']} cells, {settings['nvp']} vertices per polygon, detail "
      f"{settings['sampleDist']:g} / {settings['sampleMaxError']:g}.\n")
print("### Inputs: size 256, seed 1; both sides' results (ours / Recast+Detour)\n")
print("| input | name | triangles | tiles | polygons | vertices | same counts on all cores "
      "| tiles only ours has | only Recast+Detour has ([x, z, polygons]) |")
print("| --- " * 9 + "|")
for s in inputs:
    same = all(s[f"{side}_1_{k}"] == s[f"{side}_all_{k}"]
               for side in ("ours", "recast") for k in ("tiles", "polygons", "vertices"))
    print(f"| {s['input']} | {s['name']} | {s['triangles']} | "
          f"{s['ours_1_tiles']} / {s['recast_1_tiles']} | "
          f"{s['ours_1_polygons']} / {s['recast_1_polygons']} | "
          f"{s['ours_1_vertices']} / {s['recast_1_vertices']} | {'yes' if same else 'NO'} | "
          f"{' '.join(map(str, s['only_ours']))} | {' '.join(map(str, s['only_recast']))} |")
print()

names = {s["input"]: s["name"] for s in inputs}


print("### Ratios ours / Recast+Detour (time; peak RSS) and speed-ups\n")
print("Time is elapsed time; CPU is the process's CPU time (all threads: on all cores the "
      "total work), the steadier figure on a loaded machine.\n")
print("| input | name | time, 1 thread | time, all cores | CPU, 1 thread | CPU, all cores "
      "| peak RSS, 1 thread | peak RSS, all cores | speed-up ours (1 / all) "
      "| speed-up Recast+Detour |")
print("| --- " * 10 + "|")
args = sorted(set().union(*(set(v) for v in runs.values()))) if runs else []
for arg in args:
    cells = []
    r1 = r_all = [None] * 3
    a, b = runs.get("ours_1", {}).get(arg), runs.get("recast_1", {}).get(arg)
    if a and b:
        r1 = ratios(a, b)
    a, b = runs.get("ours_all", {}).get(arg), runs.get("recast_all", {}).get(arg)
    if a and b:
        r_all = ratios(a, b)
    cpu = [quotient(*(median(cpu_runs[c][arg]) if arg in cpu_runs.get(c, {}) else None
                      for c in pair)) for pair in (("ours_1", "recast_1"),
                                                   ("ours_all", "recast_all"))]
    cells = [fmt_ratio(r1[0]), fmt_ratio(r_all[0]), *cpu, fmt_ratio(r1[1]), fmt_ratio(r_all[1]),
             quotient(median_of(runs, "ours_1", arg), median_of(runs, "ours_all", arg)),
             quotient(median_of(runs, "recast_1", arg), median_of(runs, "recast_all", arg))]
    print(f"| {arg} | {names.get(arg, '')} | " + " | ".join(cells) + " |")
print()

time_and_memory_table(runs, "One thread (argument: input)", "ours_1", "recast_1",
                      "Recast+Detour")
time_and_memory_table(runs, "All cores (argument: input)", "ours_all", "recast_all",
                      "Recast+Detour")
print("### CPU time of the process (argument: input)\n")
print("| argument | ours, 1 thread | Recast+Detour | ours, all cores | Recast+Detour |")
print("| --- " * 5 + "|")
for arg in args:
    cells = []
    for c in CASES:
        e = cpu_runs.get(c, {}).get(arg)
        m = median(e) if e else None
        cells.append(fmt_time(m) if m is not None else "")
    print(f"| {arg} | " + " | ".join(cells) + " |")
print()
PY
