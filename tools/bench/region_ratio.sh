#!/usr/bin/env bash
# Runs region_bench (Region::FromTileMap, Union and Difference on the noisy
# tile map, and Clipper 6.4.2 and CGAL 5.5.1's Polygon_set_2 doing the same
# jobs) and prints, in Markdown: the area check (each peer's result against
# ours, exact), then per peer the ratios ours / peer at every map side, and
# per pair of cases the CPU time, peak RSS and the call's own memory at
# every map side, each with its ratio ours / peer; for CGAL also the time of
# its operation alone (its polygon sets already built).
#
# usage: tools/bench/region_ratio.sh BUILDDIR/tools/bench/region_bench \
#          [REPETITIONS (default 5)] [extra flags for region_bench...]
# e.g. --max_side=512 (a quick run), --cgal_max_side=512 (CGAL up to side
# 512; default 256). Build BUILDDIR with -Dbuildtype=release
# -Dbenchmarks=true. A full run takes about 6 minutes on a 2-vCPU machine.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_median_time, fmt_ratio, fmt_time, machine_line,
                          median, output_of, ratios, run, time_and_memory_table)

CGAL_CASES = ("cgal_cells", "cgal_union", "cgal_difference")

bench, repetitions, flags = arguments(sys.argv[1:], 5)
# --check exits 1 when a peer's area differs from ours or a CGAL run fails:
# the table below shows which, and this script then exits 1 too.
side_flags = [f for f in flags if f.startswith(("--max_side=", "--cgal_max_side="))]
sides = json.loads(output_of(bench, "--check", *side_flags, ok_codes=(0, 1)))
report = run(bench, repetitions, flags)
# CGAL's times are the forked child's CPU time, reported as manual (real)
# time; op_s is its operation alone, per repetition.
runs = collect(report, ("cells", "input_vertices", "output", "peak_MiB", "delta_MiB"),
               manual_time_cases=CGAL_CASES, per_repetition=("op_s",))

# (ours, peer, short name, title), per peer
PAIRS = {
    "Clipper": [
        ("region_tilemap", "clipper_cells", "FromTileMap / cells",
         "FromTileMap / Clipper union of the cells as squares"),
        ("region_tilemap", "clipper_rings", "FromTileMap / rings",
         "FromTileMap / Clipper union of FromTileMap's rings"),
        ("region_union", "clipper_union", "Union",
         "A.Union(B) / Clipper ctUnion of A's and B's rings"),
        ("region_difference", "clipper_difference", "Difference",
         "A.Difference(B) / Clipper ctDifference of A's and B's rings"),
    ],
    "CGAL": [
        ("region_tilemap", "cgal_cells", "FromTileMap / cells",
         "FromTileMap / CGAL Polygon_set_2 join of the cells as squares"),
        ("region_union", "cgal_union", "Union",
         "A.Union(B) / CGAL Polygon_set_2: A's and B's sets from their rings, join"),
        ("region_difference", "cgal_difference", "Difference",
         "A.Difference(B) / CGAL Polygon_set_2: A's and B's sets from their rings, difference"),
    ],
}

print(machine_line(report) + "\n")
print("### Input: noisy tile map, seed 1, cell 0.25, SnapBits 16; "
      "A at origin (0, 0), B at (0.3, 0.2)\n")
print("| side | solid cells | A: rings / vertices | B: rings / vertices |")
print("| --- | --- | --- | --- |")
for s in sides:
    print(f"| {s['side']} | {s['solid_cells']} | {s['a']['rings']} / {s['a']['vertices']} "
          f"| {s['b']['rings']} / {s['b']['vertices']} |")
print()

print("### Area check: each peer's result against ours (doubled area in grid units^2, exact)\n")
print("CGAL's input polygons: the squares, or A's and B's rings, a ring that passes a vertex "
      "twice cut there into simple loops. CGAL keeps collinear vertices (the squares' corners "
      "along an edge).\n")
print("| side | ours | peer | doubled area ours | peer's | equal "
      "| vertices ours / peer | rings ours / peer | CGAL's input polygons |")
print("| --- " * 9 + "|")
mismatches = 0
for s in sides:
    for p in s["pairs"]:
        o, c = p["ours_out"], p["peer_out"]
        mismatches += not p["equal"]
        if "error" in c:
            print(f"| {s['side']} | {p['ours']} | {p['peer']} | {o['doubled_area']} "
                  f"| FAILED: {c['error']} | **NO** | | | {c.get('input_polygons', '')} |")
            continue
        print(f"| {s['side']} | {p['ours']} | {p['peer']} | {o['doubled_area']} "
              f"| {c['doubled_area']} | {'yes' if p['equal'] else '**NO**'} "
              f"| {o['vertices']} / {c['vertices']} | {o['rings']} / {c['rings']} "
              f"| {c.get('input_polygons', '')} |")
print()

for peer_name, pairs in PAIRS.items():
    print(f"### Ratios ours / {peer_name}: time; peak RSS; the call's own memory\n")
    print("| side | " + " | ".join(short for _, _, short, _ in pairs) + " |")
    print("| --- " * (len(pairs) + 1) + "|")
    for side in sorted({arg for _, peer, _, _ in pairs for arg in runs.get(peer, {})}):
        cells = [str(side)]
        for ours, peer, _, _ in pairs:
            if side in runs.get(ours, {}) and side in runs.get(peer, {}):
                r = ratios(runs[ours][side], runs[peer][side])
                cells.append("; ".join(fmt_ratio(x) for x in r))
            else:
                cells.append("")
        print("| " + " | ".join(cells) + " |")
    print()

for peer_name, pairs in PAIRS.items():
    for ours, peer, _, title in pairs:
        time_and_memory_table(runs, f"{title} (argument: map side)", ours, peer, peer_name)

# CGAL's operation alone: the union or difference of its two polygon sets,
# already built from the rings (the build is most of the time above).
print("### CGAL: the operation alone (A's and B's sets built) against ours\n")
print("| side | case | CGAL build + operation | operation alone | ours | ours / operation alone |")
print("| --- | --- | --- | --- | --- | --- |")
for ours, peer in (("region_union", "cgal_union"), ("region_difference", "cgal_difference")):
    for side in sorted(runs.get(peer, {})):
        c, o = runs[peer][side], runs.get(ours, {}).get(side)
        op, t = median(c, "op_s"), median(o) if o else None
        print(f"| {side} | {peer} | {fmt_median_time(c)} | {fmt_time(op) if op else ''} "
              f"| {fmt_time(t) if t else ''} | {fmt_ratio(t / op if t and op else None)} |")
print()

failures = sum(1 for case in CGAL_CASES for e in runs.get(case, {}).values() if "error" in e)
print(f"CGAL benchmarks that failed (crash or assertion): {failures} of "
      f"{sum(len(runs.get(case, {})) for case in CGAL_CASES)}")

if mismatches:
    sys.exit(f"{mismatches} peer result(s) differ in area from ours or failed")
PY
