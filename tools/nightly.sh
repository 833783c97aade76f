#!/usr/bin/env bash
# The nightly job: fuzzing (tools/fuzz_nightly.sh), the golden-only
# coverage of src/ (tools/golden-coverage.sh) and a sample of the mutation
# check (tools/mutation.py), each into its own folder of one report dir,
# with a Markdown page joining their summaries. Not part of CI
# (tools/test.sh): it takes about an hour and a half on two cores. See
# --help.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<'EOF'
usage: tools/nightly.sh [options]

Runs, one after the other (each at low priority, nice -n 19):
  1. tools/fuzz_nightly.sh --budget FUZZ_BUDGET       -> DIR/fuzz/summary.{md,json}
  2. tools/golden-coverage.sh                         -> DIR/coverage/golden-coverage.{md,json}
  3. tools/mutation.py --sample N --budget S --seed D -> DIR/mutation/{report.md,summary.json,survivors.txt}
  4. tools/nightly_detour.sh (the Detour differential on built meshes with
     5 x 10^4 query pairs per level, build/test-gcc) -> DIR/detour.log
and writes DIR/nightly.md (the three summaries) and DIR/status.txt (each
step's exit status). The mutation sample's seed is the date (YYYYMMDD) unless
--mutation-seed is given, so that successive nights try other mutants; its
results are kept in build/mutation/ and reused.

options:
  --report-dir DIR       where the reports go (default build/nightly/<UTC time>)
  --jobs N               build jobs and parallel mutants (default 2)
  --fuzz-budget SECONDS  fuzzing time per target (default 600)
  --mutation-sample N    mutants sampled (default 120)
  --mutation-budget S    start no mutant after S seconds (default 2400)
  --mutation-seed N      the sample's seed (default: today's date, YYYYMMDD)
  --mutation-bounds-checks
                         build the mutants with -D_GLIBCXX_ASSERTIONS
                         (tools/mutation.py --bounds-checks: a mutant that only
                         indexes past a std::vector's end is killed, as in a
                         port in a bounds-checked language); results in
                         build/mutation-bounds/
  --skip-fuzz            leave out step 1 (e.g. where ClusterFuzzLite fuzzes:
                         .github/workflows/cflite_batch.yml)
  --skip-coverage        leave out step 2
  --skip-mutation        leave out step 3
  --skip-detour          leave out step 4
  -h, --help             this text

Exit status: 0 when every step exited 0; 1 when a step reported a finding
or failed (a new fuzz finding, a failing golden replay, ...: see
DIR/status.txt); 2 on a usage error.
EOF
}

die() {
  echo "nightly: $*" >&2
  exit 2
}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
report_dir="" jobs=2 fuzz_budget=600 mut_sample=120 mut_budget=2400 mut_seed=$(date -u +%Y%m%d)
skip_fuzz=0 skip_cov=0 skip_mut=0 skip_detour=0 mut_bounds=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --skip-fuzz) skip_fuzz=1; shift; continue ;;
    --skip-coverage) skip_cov=1; shift; continue ;;
    --skip-mutation) skip_mut=1; shift; continue ;;
    --skip-detour) skip_detour=1; shift; continue ;;
    --mutation-bounds-checks) mut_bounds=(--bounds-checks); shift; continue ;;
    --report-dir | --jobs | --fuzz-budget | --mutation-sample | --mutation-budget | --mutation-seed)
      [ $# -ge 2 ] || die "$1 needs a value (see --help)" ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  case "$1" in
    --report-dir) report_dir=$2 ;;
    --jobs) jobs=$2 ;;
    --fuzz-budget) fuzz_budget=$2 ;;
    --mutation-sample) mut_sample=$2 ;;
    --mutation-budget) mut_budget=$2 ;;
    --mutation-seed) mut_seed=$2 ;;
  esac
  shift 2
done
for n in "$jobs" "$fuzz_budget" "$mut_sample" "$mut_budget" "$mut_seed"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "not a whole number: $n"
done
[ "$jobs" -ge 1 ] || die "--jobs must be at least 1"

report_dir=${report_dir:-$root/build/nightly/$stamp}
mkdir -p "$report_dir"
report_dir=$(cd "$report_dir" && pwd)
: >"$report_dir/status.txt"

worst=0
step() { # step NAME COMMAND...: runs it, records its exit status
  local name=$1
  shift
  echo "== nightly: $name"
  local rc
  set +e
  nice -n 19 "$@" 2>&1 | tee "$report_dir/$name.log"
  rc=${PIPESTATUS[0]}
  set -e
  echo "$name $rc" >>"$report_dir/status.txt"
  [ "$rc" = 0 ] || worst=1
}

if [ "$skip_fuzz" = 0 ]; then
  step fuzz "$root/tools/fuzz_nightly.sh" --budget "$fuzz_budget" --jobs "$jobs" \
    --report-dir "$report_dir/fuzz"
fi
if [ "$skip_cov" = 0 ]; then
  mkdir -p "$report_dir/coverage"
  step coverage "$root/tools/golden-coverage.sh" --jobs "$jobs" \
    --json "$report_dir/coverage/golden-coverage.json" \
    --markdown "$report_dir/coverage/golden-coverage.md"
fi
if [ "$skip_mut" = 0 ]; then
  step mutation python3 "$root/tools/mutation.py" --sample "$mut_sample" --seed "$mut_seed" \
    --budget "$mut_budget" --jobs "$jobs" "${mut_bounds[@]}"
  mkdir -p "$report_dir/mutation"
  mut_dir="$root/build/mutation"
  [ ${#mut_bounds[@]} = 0 ] || mut_dir="$root/build/mutation-bounds"
  for f in report.md summary.json survivors.txt; do
    [ ! -f "$mut_dir/$f" ] || cp "$mut_dir/$f" "$report_dir/mutation/"
  done
fi
if [ "$skip_detour" = 0 ]; then
  step detour "$root/tools/nightly_detour.sh" "$root/build/test-gcc" 50000
fi

{
  echo "# Nightly $stamp"
  echo
  echo "Exit status per step: $(tr '\n' ' ' <"$report_dir/status.txt")"
  for f in fuzz/summary.md coverage/golden-coverage.md mutation/report.md; do
    if [ -f "$report_dir/$f" ]; then
      echo
      cat "$report_dir/$f"
    fi
  done
} >"$report_dir/nightly.md"
echo "== nightly: $report_dir/nightly.md"
exit "$worst"
