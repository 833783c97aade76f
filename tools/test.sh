#!/usr/bin/env bash
# The test suite: install what is missing, build with GCC (oracles, tests),
# run every test (preflight first, then unit, property, golden replay,
# schema, differential and fuzz-regression tests), run the unit tests, the
# golden replay and the fuzz regressions again in an ASan + UBSan build
# (clang; meson suite "sanitize"), then replay the golden
# families in GCC and Clang builds at -O0 and -O3, bit for bit
# (tools/matrix.sh --light; the full matrix adds aarch64 and negative
# controls, see docs/platforms.md).
#
#   tools/test.sh            everything
#   ONEPATH_JOBS=N           parallel build/test jobs (default: nproc)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=${ONEPATH_JOBS:-$(nproc)}
"$root/tools/setup.sh"

# A compiler launcher when ccache is installed (not required): later runs
# and other checkouts then reuse unchanged objects.
launcher=""
if command -v ccache >/dev/null 2>&1; then launcher="ccache "; fi

step() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

gcc_build="$root/build/test-gcc"
step "configure and build: GCC, oracles and tests"
if [ ! -f "$gcc_build/build.ninja" ]; then
  CXX="${launcher}g++" CC="${launcher}gcc" meson setup "$gcc_build" "$root" -Dtests=true -Doracles=true
fi
ninja -C "$gcc_build" -j "$jobs"

step "test suite (GCC build)"
meson test -C "$gcc_build" --num-processes "$jobs" --print-errorlogs

fuzz_build="$root/build/test-fuzz"
step "fuzz smoke: clang + libFuzzer + ASan/UBSan, a fixed number of runs"
if [ ! -f "$fuzz_build/build.ninja" ]; then
  CXX="${launcher}clang++-14" CC="${launcher}clang-14" meson setup "$fuzz_build" "$root" \
    -Dtests=false -Doracles=true -Dfuzzing=true >/dev/null
fi
# Every target of fuzz/targets.txt, for the number of inputs listed there
# (sized to cost about the same per target), with max_len and dict from its
# fuzz/<target>.options.
smoke_text=$(/usr/bin/python3 "$root/tools/fuzz/fuzz_targets.py" --smoke)
mapfile -t smoke_lines <<<"$smoke_text"
smoke_targets=()
for line in "${smoke_lines[@]}"; do smoke_targets+=("fuzz/fuzz_${line%% *}"); done
ninja -C "$fuzz_build" -j "$jobs" "${smoke_targets[@]}"
# New inputs go to a scratch corpus; the regressions only seed it. A finding
# stops the run with a non-zero exit and a crash-* file in the build dir.
# Run counts are fixed (no time limits): each target's executions differ in cost.
# The seeds are the files directly in fuzz/regressions/<target>/, copied:
# libFuzzer reads corpus directories recursively, and the slow/ findings
# there (seconds each under ASan) would be mutated thousands of times.
fuzz_smoke() {
  local target=$1 runs=$2
  shift 2
  local corpus seeds
  corpus=$(mktemp -d)
  seeds=$(mktemp -d)
  find "$root/fuzz/regressions/$target" -maxdepth 1 -type f ! -name README.md \
    -exec cp {} "$seeds/" \;
  echo "-- $target, $runs inputs"
  "$fuzz_build/fuzz/fuzz_$target" -runs="$runs" -seed=1 "$@" \
    -artifact_prefix="$fuzz_build/" "$corpus" "$seeds" 2>&1 | tail -n 2
  rm -rf "$corpus" "$seeds"
}
for line in "${smoke_lines[@]}"; do
  read -r -a words <<<"$line"
  fuzz_smoke "${words[@]}"
done

asan_build="$root/build/test-sanitize"
step "sanitizers: ASan + UBSan build (clang), unit tests, golden replay, fuzz regressions"
if [ ! -f "$asan_build/build.ninja" ]; then
  CXX="${launcher}clang++-14" CC="${launcher}clang-14" meson setup "$asan_build" "$root" \
    -Dtests=true -Doracles=true -Doptimization=1 \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dcpp_args=-fno-sanitize-recover=all >/dev/null
fi
# Only what the suite "sanitize" runs (no CGAL translation unit).
mapfile -t replays < <(ninja -C "$asan_build" -t targets all | sed -n 's/^\(fuzz\/[a-z_0-9]*_replay\): .*/\1/p')
ninja -C "$asan_build" -j "$jobs" conformance/tests/unit_tests conformance/tests/pipeline_tests \
  conformance/tests/level_tests conformance/tests/tile_layers_tests \
  tools/onepath "${replays[@]}"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  meson test -C "$asan_build" --no-rebuild --suite sanitize --num-processes "$jobs" \
  --print-errorlogs --timeout-multiplier 4

step "bit-exactness, light matrix: GCC and Clang at -O0 and -O3, golden replay"
"$root/tools/matrix.sh" --light --jobs "$jobs"

step "done"
# One plain closing line for CI log readers: the meson tests of the GCC build.
/usr/bin/python3 - "$gcc_build/meson-logs/testlog.json" <<'PY'
import json, sys
results = [json.loads(line)["result"] for line in open(sys.argv[1]) if line.strip()]
ok = sum(r in ("OK", "EXPECTEDFAIL") for r in results)
skipped = sum(r == "SKIP" for r in results)
print(f"tests: {ok} passed, {len(results) - ok - skipped} failed, {skipped} skipped")
PY
