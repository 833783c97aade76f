#!/usr/bin/env bash
# Runs shrink_bench (Mesh2DPipeline::Shrink and Region::Offset on the noisy
# tile map, Clipper 6.4.2's ClipperOffset with round joins doing the same
# job, and both engines on the shrink's own pieces) and prints, in
# Markdown: the input and every case's output (rings, vertices, area
# against the input's, vertices per circle), the ratios ours / Clipper at
# every map side, and per pair of cases the CPU time, peak RSS and the
# call's own memory, each with its ratio.
#
# usage: tools/bench/shrink_ratio.sh BUILDDIR/tools/bench/shrink_bench \
#          [REPETITIONS (default 3)] [extra flags for shrink_bench...]
# e.g. --max_side=512 (a quick run), --offset_max_side=512 (Region::Offset
# at sides up to 512 only), --benchmark_filter=shrink/1024. Build BUILDDIR
# with -Dbuildtype=release -Dbenchmarks=true.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import sys

from bench_report import (arguments, collect, fmt_ratio, machine_line, output_of, ratios, run,
                          time_and_memory_table)

bench, repetitions, flags = arguments(sys.argv[1:], 3)
side_flags = [f for f in flags if f.startswith(("--max_side=", "--offset_max_side="))]
sides = json.loads(output_of(bench, "--check", *side_flags))
report = run(bench, repetitions, flags)
runs = collect(report, ("input_vertices", "output", "rings", "per_circle", "peak_MiB",
                        "delta_MiB"))

# (ours, peer, short name, title)
PAIRS = [
    ("shrink", "clipper_round_m8", "Shrink / Clipper m8",
     "Mesh2DPipeline::Shrink / ClipperOffset jtRound, 8 steps per circle"),
    ("shrink", "clipper_round_tol", "Shrink / Clipper tol",
     "Mesh2DPipeline::Shrink / ClipperOffset jtRound, ArcTolerance 0.0825"),
    ("offset_round", "clipper_round_m8", "Offset round / Clipper m8",
     "Region::Offset(-1, Round) / ClipperOffset jtRound, 8 steps per circle"),
    ("offset_square", "clipper_round_m8", "Offset square / Clipper m8",
     "Region::Offset(-1, Square) / ClipperOffset jtRound, 8 steps per circle"),
    ("shrink_pieces", "clipper_pieces", "pieces: ours / Clipper",
     "The shrink's pieces whole: RegionAccess::FromEdges / Clipper::Execute(ctDifference)"),
    ("shrink", "clipper_pieces", "Shrink / Clipper on the pieces",
     "Mesh2DPipeline::Shrink / Clipper::Execute(ctDifference) of the shrink's pieces"),
]

print(machine_line(report) + "\n")
print("### Input and outputs: noisy tile map, seed 1, cell 0.25, SnapBits 16, radius 1.0\n")
print("Area: the output's doubled area as a fraction of the input's. Per circle: vertices "
      "of a full circle (ours: offset.vertex-count; Clipper: pi / acos(1 - tol / r)).\n")
print("| side | case | rings | vertices | area / input's | per circle |")
print("| --- | --- | --- | --- | --- | --- |")
for s in sides:
    print(f"| {s['side']} | input (FromTileMap) | {s['rings']} | {s['vertices']} | 1 | |")
    for c in s["cases"]:
        area = int(c["doubled_area"]) / int(s["doubled_area"])
        per = f"{c['per_circle']:.2f}" if c["per_circle"] else ""
        print(f"| | {c['case']} | {c['rings']} | {c['vertices']} | {area:.6f} | {per} |")
print()

print("### Ratios ours / Clipper: time; peak RSS; the call's own memory\n")
print("| side | " + " | ".join(short for _, _, short, _ in PAIRS) + " |")
print("| --- " * (len(PAIRS) + 1) + "|")
for side in sorted({arg for _, peer, _, _ in PAIRS for arg in runs.get(peer, {})}):
    cells = [str(side)]
    for ours, peer, _, _ in PAIRS:
        if side in runs.get(ours, {}) and side in runs.get(peer, {}):
            cells.append("; ".join(fmt_ratio(x) for x in ratios(runs[ours][side],
                                                                   runs[peer][side])))
        else:
            cells.append("")
    print("| " + " | ".join(cells) + " |")
print()

for ours, peer, _, title in PAIRS:
    time_and_memory_table(runs, f"{title} (argument: map side)", ours, peer, "Clipper")
PY
