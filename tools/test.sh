#!/usr/bin/env bash
# The test suite: install what is missing, build with GCC (oracles, tests),
# run every test (preflight first, then unit, property, golden replay,
# schema, differential and fuzz-regression tests), then replay the golden
# families in a Clang build as well, bit for bit.
#
#   tools/test.sh            everything
#   ONEPATH_JOBS=N           parallel build/test jobs (default: nproc)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=${ONEPATH_JOBS:-$(nproc)}
"$root/tools/setup.sh"

step() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

gcc_build="$root/build/test-gcc"
step "configure and build: GCC, oracles and tests"
if [ ! -f "$gcc_build/build.ninja" ]; then
  CXX=g++ CC=gcc meson setup "$gcc_build" "$root" -Dtests=true -Doracles=true
fi
ninja -C "$gcc_build" -j "$jobs"

step "test suite (GCC build)"
meson test -C "$gcc_build" --num-processes "$jobs" --print-errorlogs

clang_build="$root/build/test-clang"
step "configure and build: Clang, golden replay"
if [ ! -f "$clang_build/build.ninja" ]; then
  CXX=clang++-14 CC=clang-14 meson setup "$clang_build" "$root" -Dtests=false -Doracles=false
fi
ninja -C "$clang_build" -j "$jobs" tools/onepath

step "golden replay (Clang build)"
"$clang_build/tools/onepath" conformance --quiet --source-dir "$root" \
  --report-dir "$clang_build/report"

step "done"
