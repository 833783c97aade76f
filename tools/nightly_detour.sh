#!/usr/bin/env bash
# The Detour differential on built meshes (differential-navmesh-detour,
# conformance/differential/navmesh_detour_differential.cpp) with 5 x 10^4
# seeded query pairs per level (the test suite runs issue 29's 10^4).
# About 2.5 minutes on one core. Writes the test's table to stdout; the exit status
# is the test's.
#
# usage: tools/nightly_detour.sh [BUILD_DIR] [QUERIES]
#   BUILD_DIR  a build with -Dtests=true -Doracles=true (default build/test-gcc)
#   QUERIES    query pairs per level (default 50000)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build/test-gcc}
queries=${2:-50000}
[[ "$queries" =~ ^[0-9]+$ ]] || { echo "nightly_detour: not a whole number: $queries" >&2; exit 2; }
ninja -C "$build" -j1 conformance/differential/navmesh_detour_differential >/dev/null
ONEPATH_DETOUR_QUERIES=$queries nice -n 19 \
  "$build/conformance/differential/navmesh_detour_differential" \
  --gtest_filter='NavMeshDetourDifferential.BuiltLevels'
