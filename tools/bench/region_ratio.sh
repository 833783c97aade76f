#!/usr/bin/env bash
# Runs region_bench (Region::FromTileMap, Union and Difference on the noisy
# tile map, and Clipper 6.4.2 doing the same jobs) and prints, in Markdown:
# the area check (each Clipper result against ours, exact), then per pair of
# cases the CPU time, peak RSS and the call's own memory at every map side,
# each with its ratio ours / Clipper.
#
# usage: tools/bench/region_ratio.sh BUILDDIR/tools/bench/region_bench \
#          [REPETITIONS (default 5)] [extra flags for region_bench...]
# e.g. --max_side=512 (a quick run). Build BUILDDIR with -Dbuildtype=release
# -Dbenchmarks=true. A full run takes about 5 minutes on a 2-vCPU machine.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, machine_line, output_of, ratios, run,
                          time_and_memory_table)

bench, repetitions, flags = arguments(sys.argv[1:], 5)
# --check exits 1 when a Clipper result's area differs from ours: the table
# below shows which, and this script then exits 1 too.
side_flags = [f for f in flags if f.startswith("--max_side=")]
sides = json.loads(output_of(bench, "--check", *side_flags, ok_codes=(0, 1)))
report = run(bench, repetitions, flags)
runs = collect(report, ("cells", "input_vertices", "output", "peak_MiB", "delta_MiB"))

# (ours, peer, short name, title)
PAIRS = [
    ("region_tilemap", "clipper_cells", "FromTileMap / cells",
     "FromTileMap / Clipper union of the cells as squares"),
    ("region_tilemap", "clipper_rings", "FromTileMap / rings",
     "FromTileMap / Clipper union of FromTileMap's rings"),
    ("region_union", "clipper_union", "Union",
     "A.Union(B) / Clipper ctUnion of A's and B's rings"),
    ("region_difference", "clipper_difference", "Difference",
     "A.Difference(B) / Clipper ctDifference of A's and B's rings"),
]

print(machine_line(report) + "\n")
print("### Input: noisy tile map, seed 1, cell 0.25, SnapBits 16; "
      "A at origin (0, 0), B at (0.3, 0.2)\n")
print("| side | solid cells | A: rings / vertices | B: rings / vertices |")
print("| --- | --- | --- | --- |")
for s in sides:
    print(f"| {s['side']} | {s['solid_cells']} | {s['a']['rings']} / {s['a']['vertices']} "
          f"| {s['b']['rings']} / {s['b']['vertices']} |")
print()

print("### Area check: each Clipper result against ours (doubled area in grid units^2, exact)\n")
print("| side | ours | Clipper | doubled area ours | Clipper's | equal "
      "| vertices ours / Clipper | rings ours / Clipper |")
print("| --- " * 8 + "|")
mismatches = 0
for s in sides:
    for p in s["pairs"]:
        o, c = p["ours_out"], p["peer_out"]
        mismatches += not p["equal"]
        print(f"| {s['side']} | {p['ours']} | {p['peer']} | {o['doubled_area']} "
              f"| {c['doubled_area']} | {'yes' if p['equal'] else '**NO**'} "
              f"| {o['vertices']} / {c['vertices']} | {o['rings']} / {c['rings']} |")
print()

print("### Ratios ours / Clipper: time; peak RSS; the call's own memory\n")
print("| side | " + " | ".join(short for _, _, short, _ in PAIRS) + " |")
print("| --- " * (len(PAIRS) + 1) + "|")
for side in sorted({arg for case in runs.values() for arg in case}):
    cells = [str(side)]
    for ours, peer, _, _ in PAIRS:
        if side in runs.get(ours, {}) and side in runs.get(peer, {}):
            cells.append("; ".join(fmt_ratio(r) for r in ratios(runs[ours][side], runs[peer][side])))
        else:
            cells.append("")
    print("| " + " | ".join(cells) + " |")
print()

for ours, peer, _, title in PAIRS:
    time_and_memory_table(runs, f"{title} (argument: map side)", ours, peer, "Clipper")

if mismatches:
    sys.exit(f"{mismatches} Clipper result(s) differ in area from ours")
PY
