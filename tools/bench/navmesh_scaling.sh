#!/usr/bin/env bash
# Runs navmesh_stages_bench (issue 30, "Targets") and prints, in Markdown:
# (1) per level kind at size 256, the time of each stage of the tile flow
# summed over the tiles, ours / Recast+Detour, beside the whole build's
# (navmesh_stages_bench --stages); (2) both whole builds on one thread as
# the triangle count grows from about 10^4 to 10^6 (LevelOptions::subdivide
# K: the same surfaces, K^2 more triangles) and as the extent grows (size 64
# to 1024 at K = 1): triangles, tiles, CPU and elapsed time, peak RSS and the
# build's own increase (a fresh child process per side and level), and the
# fitted exponent of each (least squares of log time, or log memory, on log
# triangles; also between the last two levels alone).
#
# usage: tools/bench/navmesh_scaling.sh BUILDDIR/tools/bench/navmesh_stages_bench \
#          [REPETITIONS (default 3)] [--no-stages] [--no-growth] [--no-extent]
# Build BUILDDIR with -Dbuildtype=release -Dbenchmarks=true. Levels of more
# than 10^6 triangles are timed min(REPETITIONS, 2) times. A full run with 3
# repetitions takes about 3 minutes on 2 vCPUs.
PYTHONPATH="$(dirname "$0")" exec /usr/bin/python3 - "$0" "$@" <<'PY'
import json
import statistics
import sys

from bench_report import arguments, exponent, output_of

bench, repetitions, flags = arguments(sys.argv[1:], 3)
reps = int(repetitions)

# The growth series: (title, [(kind, size, subdivide), ...], triangles-or-extent).
SERIES = []
if "--no-growth" not in flags:
    SERIES.append(("terrain, size 256, subdivide 1 to 8",
                   [("terrain", 256, k) for k in (1, 2, 4, 8)]))
    SERIES.append(("islands, size 256, subdivide 1 to 16",
                   [("islands", 256, k) for k in (1, 2, 4, 8, 16)]))
if "--no-extent" not in flags:
    SERIES.append(("terrain, size 64 to 1024, subdivide 1",
                   [("terrain", s, 1) for s in (64, 128, 256, 512, 1024)]))

if "--no-stages" not in flags:
    print("### Stages (one thread)\n")
    print(output_of(bench, "--stages", f"--reps={reps}"))


def ms(s):
    return f"{s * 1e3:.0f}" if s >= 0.1 else f"{s * 1e3:.1f}"


def mib(kb):
    return f"{kb / 1024:.1f}" if kb >= 0 else "n/a"


def fmt_exp(points):
    """The exponent over all points, then over the last two (the growth at
    the largest sizes, where the per-tile cost that does not depend on the
    triangle count weighs least)."""
    points = [(n, v) for n, v in points if v > 0]
    e, last = exponent(points), exponent(points[-2:])
    return "" if e is None else f"{e:.2f} (last step {last:.2f})"


for title, levels in SERIES:
    rows = []
    for kind, size, k in levels:
        # A level's triangles: 10^6 and more get fewer timed runs.
        r = reps if (kind, k) != ("terrain", 8) and (kind, k) != ("islands", 16) else min(reps, 2)
        rows.append(json.loads(output_of(bench, f"--grow={kind}:{size}:{k}", f"--reps={r}")))
        print(f"{kind} {size} {k} done", file=sys.stderr)
    print(f"### Growth: {title} (one thread)\n")
    print("| size | K | triangles | tiles ours / R+D | CPU ms ours | R+D | ratio "
          "| elapsed ms ours | R+D | peak RSS MiB ours | R+D | build's own MiB ours | R+D |")
    print("| --- " * 13 + "|")
    fits = {key: [] for key in ("ours_cpu", "recast_cpu", "ours_wall", "recast_wall",
                                "ours_peak", "recast_peak", "ours_own", "recast_own")}
    for row in rows:
        n = row["triangles"]
        med = {key: statistics.median(row[key])
               for key in ("ours_cpu", "recast_cpu", "ours_wall", "recast_wall")}
        for key, v in med.items():
            fits[key].append((n, v))
        for side in ("ours", "recast"):
            fits[f"{side}_peak"].append((n, row[f"{side}_peak_kb"]))
            fits[f"{side}_own"].append((n, row[f"{side}_peak_kb"] - row[f"{side}_before_kb"]))
        print(f"| {row['size']} | {row['subdivide']} | {n} | "
              f"{row['ours_tiles']} / {row['recast_tiles']} | {ms(med['ours_cpu'])} | "
              f"{ms(med['recast_cpu'])} | {med['ours_cpu'] / med['recast_cpu']:.2f} | "
              f"{ms(med['ours_wall'])} | {ms(med['recast_wall'])} | "
              f"{mib(row['ours_peak_kb'])} | {mib(row['recast_peak_kb'])} | "
              f"{mib(row['ours_peak_kb'] - row['ours_before_kb'])} | "
              f"{mib(row['recast_peak_kb'] - row['recast_before_kb'])} |")
    print()
    print("Fitted exponents (least squares of log value on log triangles; in brackets between "
          "the last two levels), ours / R+D: "
          f"CPU time {fmt_exp(fits['ours_cpu'])} / {fmt_exp(fits['recast_cpu'])}, "
          f"elapsed {fmt_exp(fits['ours_wall'])} / {fmt_exp(fits['recast_wall'])}, "
          f"peak RSS {fmt_exp(fits['ours_peak'])} / {fmt_exp(fits['recast_peak'])}, "
          f"build's own memory {fmt_exp(fits['ours_own'])} / {fmt_exp(fits['recast_own'])}.\n")
PY
