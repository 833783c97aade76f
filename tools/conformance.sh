#!/usr/bin/env bash
# The main job: install what is missing, build the reference, replay every
# golden family against it, print the per-clause summary and write the
# compliance report (report/report.md, .json, .html and .junit.xml).
#
#   tools/conformance.sh [onepath conformance options, e.g. --family predicates]
#   tools/conformance.sh --impl 'python3 my_adapter.py'   a port, docs/adapter-protocol.md
#   tools/conformance.sh --test-results build/test-gcc/test-results
#                         credit clauses with the tests that ran (after tools/test.sh);
#                         without it the report says test coverage is unknown
#   tools/conformance.sh reduce --impl '...' --vector ID  shrink a failing vector (onepath reduce)
#   (the reference adapter is built too: build/release/tools/onepath-adapter)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/tools/setup.sh"

build="$root/build/release"
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" --buildtype=release -Dtests=false -Doracles=false >/dev/null
fi
ninja -C "$build" tools/onepath tools/onepath-adapter >/dev/null
if [ "${1:-}" = reduce ]; then
  shift
  exec "$build/tools/onepath" reduce --source-dir "$root" \
    --out "${ONEPATH_REPORT_DIR:-$root/report}/reduce" "$@"
fi
exec "$build/tools/onepath" conformance --source-dir "$root" \
  --report-dir "${ONEPATH_REPORT_DIR:-$root/report}" "$@"
