#!/usr/bin/env bash
# The main job: install what is missing, build the reference, replay every
# golden family against it, print the per-clause summary and write the
# compliance report (report.md, .json, .html and .junit.xml).
#
#   tools/conformance.sh [onepath conformance options, e.g. --family predicates]
#   tools/conformance.sh --impl 'python3 my_adapter.py'   a port, docs/adapter-protocol.md
#   tools/conformance.sh --test-results build/test-gcc/test-results
#                         credit clauses with the tests that ran (after tools/test.sh);
#                         without it the report says test coverage is unknown
#   tools/conformance.sh reduce --impl '...' --vector ID  shrink a failing vector (onepath reduce)
#   (the reference adapter is built too: build/release/tools/onepath-adapter)
#
# Where the report goes, first that applies:
#   --report-dir DIR (reduce: --out DIR)   given on this command line
#   $ONEPATH_REPORT_DIR                    (reduce: $ONEPATH_REPORT_DIR/reduce)
#   the reference (no --impl):             report/ in this repository
#   a port (--impl), and reduce:           conformance-report/ in the current directory
#                                          (reduce: conformance-report/reduce); when that
#                                          is inside this repository, build/port-report/
#                                          instead: a port's report is not the project's
# $ONEPATH_BIN: run this onepath binary as it is (no setup, no build).
# The exit status is onepath's (onepath conformance --help).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [ -n "${ONEPATH_BIN:-}" ]; then
  onepath=$ONEPATH_BIN
else
  "$root/tools/setup.sh"
  build="$root/build/release"
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$root" --buildtype=release -Dtests=false -Doracles=false >/dev/null
  fi
  ninja -C "$build" tools/onepath tools/onepath-adapter >/dev/null
  onepath=$build/tools/onepath
fi

command=conformance
if [ "${1:-}" = reduce ]; then
  command=reduce
  shift
fi
# What the arguments already say (an option's value is never taken for one).
given_dir=no
impl=no
skip_value=no
for arg in "$@"; do
  if [ "$skip_value" = yes ]; then
    skip_value=no
    continue
  fi
  case $arg in
    --report-dir | --out) given_dir=yes; skip_value=yes ;;
    --report-dir=* | --out=*) given_dir=yes ;;
    --impl) impl=yes; skip_value=yes ;;
    --impl=*) impl=yes ;;
    --*=*) ;;
    -q | --quiet | --no-metamorphic | --help | -h) ;;
    --*) skip_value=yes ;;
  esac
done

# The default report directory of a port's run: not this repository's tree.
port_default() {
  case $PWD/ in
    "$root"/*) echo "$root/build/port-report" ;;
    *) echo "$PWD/conformance-report" ;;
  esac
}

dir_option=()
if [ "$command" = reduce ]; then
  if [ "$given_dir" = no ]; then
    if [ -n "${ONEPATH_REPORT_DIR:-}" ]; then
      dir_option=(--out "$ONEPATH_REPORT_DIR/reduce")
    else
      dir_option=(--out "$(port_default)/reduce")
    fi
  fi
  exec "$onepath" reduce --source-dir "$root" "${dir_option[@]}" "$@"
fi
if [ "$given_dir" = no ]; then
  if [ -n "${ONEPATH_REPORT_DIR:-}" ]; then
    dir_option=(--report-dir "$ONEPATH_REPORT_DIR")
  elif [ "$impl" = yes ]; then
    dir_option=(--report-dir "$(port_default)")
  else
    dir_option=(--report-dir "$root/report")
  fi
fi
exec "$onepath" conformance --source-dir "$root" "${dir_option[@]}" "$@"
