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
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 PATH/TO/arrangement_bench [REPETITIONS (default 3)] [BENCH FLAGS...]" >&2
  exit 2
fi
bench="$1"
repetitions="${2:-3}"
shift $(($# >= 2 ? 2 : 1))
json="$(mktemp)"
stats="$(mktemp)"
trap 'rm -f "$json" "$json.log" "$stats"' EXIT

"$bench" --tilemap-stats >"$stats"
"$bench" "$@" --benchmark_repetitions="$repetitions" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="$json" --benchmark_out_format=json >/dev/null 2>"$json.log" \
  || { cat "$json.log" >&2; exit 1; }
# Failures (CGAL) are printed by the benchmark on stderr; show them.
grep -i "failed" "$json.log" >&2 || true

/usr/bin/python3 - "$json" "$stats" <<'PY'
import json
import math
import statistics
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)
with open(sys.argv[2]) as f:
    maps = json.load(f)["maps"]

TARGET = 1.1  # growth exponent on evenly spread input
to_s = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}

# case -> size -> {"cpu": [seconds...], counters..., "error": message}
runs = {}
for b in report["benchmarks"]:
    if b.get("run_type", "iteration") != "iteration":
        continue
    name = b["run_name"].split("/")
    case, size = name[0][len("BM_"):], int(name[1])
    entry = runs.setdefault(case, {}).setdefault(size, {"cpu": []})
    if b.get("error_occurred"):
        entry["error"] = b.get("error_message", "error")
        continue
    # CGAL's time is the child's CPU time, reported as manual (real) time.
    t = b["real_time"] if case == "cgal_random" else b["cpu_time"]
    entry["cpu"].append(t * to_s[b["time_unit"]])
    for k in ("edges", "output", "peak_MiB", "delta_MiB", "input_vertices"):
        if k in b:
            entry[k] = b[k]

def median(entry):
    return statistics.median(entry["cpu"]) if entry["cpu"] else None

def fmt_time(s):
    return f"{s * 1e3:.3g} ms" if s < 1 else f"{s:.3g} s"

def exponent(points):
    """Least-squares slope of log(time) on log(n)."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx

ctx = report["context"]
print(f"{ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at "
      f"{ctx.get('mhz_per_cpu', '?')} MHz, {ctx.get('date', '')}; times are the median "
      f"CPU time over the repetitions.\n")

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
        peak = f"{e['peak_MiB']:.1f} MiB" if "peak_MiB" in e else "n/a"
        delta = f"{e['delta_MiB']:.1f} MiB" if "delta_MiB" in e else "n/a"
        print(f"| {size} | {n} | {fmt_time(t)} | {peak} | {delta} | {t / n * 1e9:.0f} |")
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

def ratio_table(title, ours, peer):
    if ours not in runs or peer not in runs:
        return
    rows = []
    for size in sorted(set(runs[ours]) & set(runs[peer])):
        a, b = median(runs[ours][size]), median(runs[peer][size])
        if a is None or b is None:
            rows.append(f"| {size} | | | failed | |")
            continue
        rows.append(f"| {size} | {fmt_time(a)} | {fmt_time(b)} | {a / b:.3g} | {b / a:.3g} |")
    if rows:
        print(f"### {title}\n")
        print("| argument | ours | peer | ours / peer | peer / ours |")
        print("| --- | --- | --- | --- | --- |")
        print("\n".join(rows))
        print()

ratio_table("Ratio: BuildArrangement / Clipper union of the boundary rings (same map)",
            "tilemap", "clipper_rings")
ratio_table("Ratio: BuildArrangement / Clipper union of the cells as squares (same map)",
            "tilemap", "clipper_cells")
ratio_table("Ratio: BuildArrangement / CGAL Snap_rounding_2 (same random segments)",
            "random", "cgal_random")
PY
