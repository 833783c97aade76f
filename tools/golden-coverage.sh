#!/usr/bin/env bash
# Golden-only coverage of src/: builds the reference with coverage, replays
# the golden vectors and nothing else, and says which lines and branches of
# src/ they reach, for all of src/ and for its normative part (src/ without
# the result-neutral code of tools/quality/result-neutral.txt), then the
# normative lines no vector reaches. See --help.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<'EOF'
usage: tools/golden-coverage.sh [options]

Builds `onepath` with GCC's coverage instrumentation (-O0) in its own build
dir, replays the golden vectors with it (`onepath conformance`: every
family, every vector, and their derived checks unless --no-metamorphic;
no unit test, property, differential or fuzz input), and measures with
gcovr (tools/setup.sh installs it) the lines and branches of src/ the
replay reached. Prints

  golden-only coverage: lines X %, branches Y %            (all of src/)
  golden-only coverage (normative): lines X %, branches Y %

then the result-neutral code, counted apart (tools/quality/result-neutral.txt:
code the spec says changes no result, with the clause that says so), and
the normative lines not reached, as file:first-last ranges with the clause
cited nearest above them.

Branches are counted as gcovr counts them with --exclude-throw-branches and
--exclude-unreachable-branches: the hidden branches of every call that can
throw are not branches of the spec's rules.

options:
  --build-dir DIR   coverage build (default build/coverage; configured with
                    g++ -Db_coverage=true -Dbuildtype=debug -Dtests=false
                    if it does not exist yet)
  --jobs N          build jobs (default 2)
  --json FILE       the figures for the compliance report (default
                    DIR/golden-coverage.json): lines_pct, branches_pct,
                    normative_lines_pct, normative_branches_pct, the counts,
                    the neutral entries and the unreached normative ranges
  --markdown FILE   the same as a Markdown section (default
                    DIR/golden-coverage.md)
  --html DIR        also gcovr's annotated HTML pages of src/ (a directory)
  --neutral FILE    result-neutral ranges (default
                    tools/quality/result-neutral.txt)
  --unreachable FILE  normative code no operation's input can reach, each
                    range with its reason (default
                    tools/quality/unreachable.txt): unreached lines there
                    are printed as documented exceptions, the others listed
  --no-metamorphic  replay the stored vectors only, without the derived checks
  --max-ranges N    unreached normative ranges printed (default 60, 0: all; all are
                    in the JSON)
  --no-build        use the build as it is
  -h, --help        this text

Exit status: 0 when the replay passed and the figures were written, 1 when
the replay failed (figures still written), 2 on a usage or build error.
EOF
}

die() {
  echo "golden-coverage: $*" >&2
  exit 2
}

build_dir="$root/build/coverage" jobs=2 json="" markdown="" html="" neutral="$root/tools/quality/result-neutral.txt"
unreachable="$root/tools/quality/unreachable.txt"
metamorphic=1 max_ranges=60 do_build=1
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --no-metamorphic) metamorphic=0; shift; continue ;;
    --no-build) do_build=0; shift; continue ;;
    --build-dir | --jobs | --json | --markdown | --html | --neutral | --unreachable | --max-ranges)
      [ $# -ge 2 ] || die "$1 needs a value (see --help)" ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  case "$1" in
    --build-dir) build_dir=$2 ;;
    --jobs) jobs=$2 ;;
    --json) json=$2 ;;
    --markdown) markdown=$2 ;;
    --html) html=$2 ;;
    --neutral) neutral=$2 ;;
    --unreachable) unreachable=$2 ;;
    --max-ranges) max_ranges=$2 ;;
  esac
  shift 2
done
for n in "$jobs" "$max_ranges"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "not a whole number: $n"
done
[ "$jobs" -ge 1 ] || die "--jobs must be at least 1"
[ -f "$neutral" ] || die "no file $neutral (--neutral)"
[ -f "$unreachable" ] || die "no file $unreachable (--unreachable)"
command -v gcovr >/dev/null || die "gcovr is missing: run tools/setup.sh (Debian package gcovr)"

mkdir -p "$build_dir"
build_dir=$(cd "$build_dir" && pwd)
json=${json:-$build_dir/golden-coverage.json}
markdown=${markdown:-$build_dir/golden-coverage.md}

# --- build ---------------------------------------------------------------------
if [ "$do_build" = 1 ]; then
  if [ ! -f "$build_dir/build.ninja" ]; then
    echo "== configure $build_dir (g++, coverage, -O0)"
    # GCC's own gcov reads the counters: no ccache, no clang.
    CXX=g++ CC=gcc meson setup "$build_dir" "$root" -Db_coverage=true -Dbuildtype=debug \
      -Dtests=false -Doracles=false >"$build_dir/configure.log" 2>&1 ||
      die "meson setup failed: $build_dir/configure.log"
  fi
  echo "== build tools/onepath in $build_dir (-j$jobs)"
  ninja -C "$build_dir" -j "$jobs" tools/onepath >"$build_dir/build.log" 2>&1 ||
    die "build failed: $build_dir/build.log"
fi
onepath="$build_dir/tools/onepath"
[ -x "$onepath" ] || die "no $onepath"

# --- replay: the golden vectors alone -------------------------------------------
find "$build_dir" -name '*.gcda' -delete
replay=(conformance --quiet --source-dir "$root" --report-dir "$build_dir/golden-report")
[ "$metamorphic" = 1 ] || replay+=(--no-metamorphic)
echo "== replay the golden vectors: onepath ${replay[*]}"
status=0
"$onepath" "${replay[@]}" >"$build_dir/replay.log" 2>&1 || status=$?
tail -n 3 "$build_dir/replay.log" | sed 's/^/   /'
[ "$status" = 0 ] || echo "golden-coverage: the replay failed (exit $status): $build_dir/replay.log" >&2

# --- measure ---------------------------------------------------------------------
echo "== gcovr"
gcovr_args=(--root "$root" --object-directory "$build_dir" --filter "$root/src/"
  --exclude-throw-branches --exclude-unreachable-branches -j "$jobs")
gcovr "${gcovr_args[@]}" --json "$build_dir/gcovr.json" >"$build_dir/gcovr.log" 2>&1 ||
  die "gcovr failed: $build_dir/gcovr.log"
if [ -n "$html" ]; then
  mkdir -p "$html"
  gcovr "${gcovr_args[@]}" --html-details "$html/index.html" >>"$build_dir/gcovr.log" 2>&1 ||
    die "gcovr --html-details failed: $build_dir/gcovr.log"
fi
python3 "$root/tools/quality/golden_coverage.py" --root "$root" --gcovr-json "$build_dir/gcovr.json" \
  --neutral "$neutral" --unreachable "$unreachable" --json "$json" --markdown "$markdown" --max-ranges "$max_ranges" \
  --replay "onepath ${replay[*]}" --replay-status "$status" || die "summary failed"
echo "== figures: $json, $markdown"
[ "$status" = 0 ] || exit 1
