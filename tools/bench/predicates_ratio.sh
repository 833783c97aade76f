#!/usr/bin/env bash
# Runs predicates_bench with repetitions (interleaved at random, so that a
# slow spell of a shared machine hits both sides of a pair alike) and prints,
# from its JSON output, the CPU time per call of each benchmark, as the median
# and the minimum over the repetitions, and the ratios ours / plain.
#
# usage: tools/bench/predicates_ratio.sh BUILDDIR/tools/bench/predicates_bench [REPETITIONS]
# Build BUILDDIR with -Dbuildtype=release -Dbenchmarks=true for measurement.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 PATH/TO/predicates_bench [REPETITIONS (default 15)]" >&2
  exit 2
fi
bench="$1"
repetitions="${2:-15}"
json="$(mktemp)"
trap 'rm -f "$json" "$json.log"' EXIT

"$bench" --benchmark_repetitions="$repetitions" \
  --benchmark_enable_random_interleaving=true --benchmark_min_time=0.2 \
  --benchmark_out="$json" --benchmark_out_format=json >/dev/null 2>"$json.log" \
  || { cat "$json.log" >&2; exit 1; }

/usr/bin/python3 - "$json" <<'PY'
import json
import statistics
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)

TARGET = 1.5  # ours / plain, for the filtered predicates on random input
to_ns = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
runs = {}  # benchmark name -> CPU ns per call, one per repetition
for b in report["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    per_call = b["cpu_time"] * to_ns[b["time_unit"]] / b["cases"]
    runs.setdefault(b["run_name"], []).append(per_call)
SIZES = ["4096", "65536"]
FIRST = [f"{n}/{size}" for size in SIZES
         for n in ["BM_Orient2DPlain", "BM_Orient2D", "BM_InCirclePlain", "BM_InCircle"]]
order = [n for n in FIRST if n in runs] + sorted(n for n in runs if n not in FIRST)
median = {n: statistics.median(v) for n, v in runs.items()}
low = {n: min(v) for n, v in runs.items()}

ctx = report["context"]
print(f"{ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at "
      f"{ctx.get('mhz_per_cpu', '?')} MHz, {len(next(iter(runs.values())))} repetitions")
print("CPU time per call (ns):              median        min")
for n in order:
    print(f"  {n:32s} {median[n]:12.2f} {low[n]:10.2f}")

# /4096: the branch predictor has learnt the repeating sequence of cases;
# /65536: it cannot, as with fresh input (the realistic figure).
pairs = []
for size in SIZES:
    pairs += [
        (f"Orient2D /{size}", f"BM_Orient2D/{size}", f"BM_Orient2DPlain/{size}", True),
        (f"InCircle /{size}", f"BM_InCircle/{size}", f"BM_InCirclePlain/{size}", True),
        (f"Orient2DInt / Orient2D grid /{size}", f"BM_Orient2DGridInt/{size}",
         f"BM_Orient2DGridDouble/{size}", False),
    ]
pairs += [
    ("Orient2DExact / plain /4096", "BM_Orient2DExact/4096", "BM_Orient2DPlain/4096", False),
    ("InCircleExact / plain /4096", "BM_InCircleExact/4096", "BM_InCirclePlain/4096", False),
]
print("ratios (ours / plain):               median        min")
for label, ours, plain, targeted in pairs:
    if ours not in runs or plain not in runs:
        continue
    r_med = median[ours] / median[plain]
    r_min = low[ours] / low[plain]
    note = ""
    if targeted:
        note = f"  target <= {TARGET}: {'ok' if r_med <= TARGET else 'ABOVE'} (median)"
    print(f"  {label:32s} {r_med:11.2f}x {r_min:9.2f}x{note}")
PY
