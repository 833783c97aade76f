#!/bin/bash -eu
# Builds the libFuzzer targets of fuzz/ the OSS-Fuzz / ClusterFuzzLite way:
# with $CXX and $CXXFLAGS (which carry the sanitizer and coverage flags) and
# linked with $LIB_FUZZING_ENGINE, into $OUT, together with each target's
# <target>.dict, <target>.options and <target>_seed_corpus.zip (made from
# the golden vectors by tools/fuzz/make_seed_corpus.py; never committed).
#
# Every target of fuzz/targets.txt (fuzz/<target>.cpp) becomes
# $OUT/<target> (the name the .dict, .options and seed zip carry). It is
# linked with:
#   - the library, every src/onepath/**/*.cpp, compiled here with the same
#     flags (so it carries the coverage instrumentation and sanitizers);
#   - the independent checkers the targets call
#     (conformance/generators/{arrangement,region,triangulation,cdt}_validity.cpp,
#     tile_squares.cpp) and the Boost.Multiprecision oracles (oracles/boost_mp/*.cpp);
#   - for a target listed with oracle "recast", the Recast oracle
#     (oracles/recast/*.cpp) and Recast (see below);
#   - fmt header-only (-DFMT_HEADER_ONLY) and OpenSSL's libcrypto statically,
#     so the binaries need no shared library beyond the C/C++ runtime (the
#     ClusterFuzzLite runner image has neither).
# The exact arithmetic and the arrangement stage (onepath_arith_sources in
# src/meson.build, read from there) are compiled with
# -fno-sanitize-coverage=trace-cmp added, as fuzz/meson.build does: edge
# coverage stays, libFuzzer's comparison hooks go (they were most of the
# CPU time; fuzz/README.md, "Speed").
# The project's bit-exactness flags (-ffp-contract=off -fno-fast-math,
# docs/spec/numerics.md) come after $CXXFLAGS so that nothing overrides
# them: the exact predicates' error bounds assume no contraction.
#
# Locally, with clang and libFuzzer installed (tools/setup.sh):
#   CXX=clang++-14 CXXFLAGS="-fsanitize=address,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out SRC=$PWD .clusterfuzzlite/build.sh
# SRC may be the checkout or the folder holding it as onepath/ (the Docker
# layout); ONEPATH_SRC names the checkout outright. Optional: WORK (scratch
# folder for objects, default a temporary one), JOBS (parallel compiles,
# default 1). Without an -O flag in $CXXFLAGS the build uses -O1.
set -o pipefail

: "${CXX:?set CXX (clang++)}"
: "${OUT:?set OUT (where the fuzzers go)}"
: "${LIB_FUZZING_ENGINE:?set LIB_FUZZING_ENGINE (e.g. -fsanitize=fuzzer)}"
CXXFLAGS=${CXXFLAGS:-}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=""
for candidate in "${ONEPATH_SRC:-}" "$here/.." "${SRC:-}/onepath" "${SRC:-}" "$PWD"; do
  if [ -n "$candidate" ] && [ -f "$candidate/fuzz/standalone_main.cpp" ]; then
    root=$(cd "$candidate" && pwd)
    break
  fi
done
if [ -z "$root" ]; then
  echo "build.sh: cannot find the OnePath checkout (set ONEPATH_SRC or SRC)" >&2
  exit 1
fi

jobs=${JOBS:-1}
work_root=${WORK:-}
if [ -z "$work_root" ]; then
  work_root=$(mktemp -d)
  trap 'rm -rf "$work_root"' EXIT
fi
work="$work_root/onepath-fuzz"
rm -rf "$work"
mkdir -p "$work/obj" "$OUT"

# Header-only dependencies: a pinned checkout under $SRC (the Dockerfile
# clones them) wins over the system's.
includes=(-I"$root" -I"$root/src")
defines=(-DFMT_HEADER_ONLY)
if [ -d "${SRC:-/nonexistent}/fmt/include" ]; then includes+=(-I"$SRC/fmt/include"); fi
if [ -d "${SRC:-/nonexistent}/multiprecision/include" ]; then
  includes+=(-I"$SRC/multiprecision/include")
  defines+=(-DBOOST_MP_STANDALONE)
fi

optimise=(-O1 -gline-tables-only)
case " $CXXFLAGS " in *" -O"*) optimise=() ;; esac
# shellcheck disable=SC2206  # CXXFLAGS is a list of words by convention
cxxflags=("${optimise[@]}" $CXXFLAGS -std=c++20 -ffp-contract=off -fno-fast-math
  -Wno-missing-field-initializers "${defines[@]}" "${includes[@]}")

# OpenSSL's libcrypto, static when the static archive is there.
libdir=$(pkg-config --variable=libdir libcrypto 2>/dev/null || true)
crypto=(-lcrypto)
for dir in "$libdir" /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib; do
  if [ -n "$dir" ] && [ -f "$dir/libcrypto.a" ]; then
    crypto=("$dir/libcrypto.a")
    break
  fi
done
crypto+=(-ldl -pthread)

cd "$root"
# The untraced sources first (as in fuzz/meson.build: where an inline
# function is defined in several objects, the first one's copy is linked).
untraced=()
while IFS= read -r f; do untraced+=("src/$f"); done < <(
  sed -n '/^onepath_arith_sources = files(/,/^)/p' src/meson.build | grep -o "'[^']*[.]cpp'" | tr -d "'")
if [ "${#untraced[@]}" = 0 ]; then
  echo "build.sh: no onepath_arith_sources in src/meson.build" >&2
  exit 1
fi
support=("${untraced[@]}")
while IFS= read -r f; do
  case " ${untraced[*]} " in *" $f "*) ;; *) support+=("$f") ;; esac
done < <(find src/onepath -name '*.cpp' | sort)
support+=(
  conformance/generators/arrangement_validity.cpp
  conformance/generators/region_validity.cpp
  conformance/generators/triangulation_validity.cpp
  conformance/generators/cdt_validity.cpp
  conformance/generators/tile_squares.cpp
  oracles/boost_mp/predicates_mp.cpp
  oracles/boost_mp/arrangement_bruteforce.cpp
)

echo "build.sh: compiling ${#support[@]} support sources (jobs: $jobs)"
failed="$work/failed"
running=0
objects=()
for src in "${support[@]}"; do
  obj="$work/obj/$(echo "${src%.cpp}" | tr '/' '_').o"
  objects+=("$obj")
  extra=()
  case " ${untraced[*]} " in *" $src "*) extra=(-fno-sanitize-coverage=trace-cmp) ;; esac
  { "$CXX" "${cxxflags[@]}" "${extra[@]}" -c "$src" -o "$obj" || echo "$src" >>"$failed"; } &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
if [ -s "$failed" ]; then
  echo "build.sh: failed to compile: $(tr '\n' ' ' <"$failed")" >&2
  exit 1
fi
ar rcs "$work/libonepath_fuzz.a" "${objects[@]}"

# The Recast oracle (oracles/recast), for the targets listed with oracle
# "recast" in fuzz/targets.txt: its sources, and Recast e75adf8 itself from
# a checkout in $SRC/recastnavigation (the Dockerfile clones it; its
# Recast/Source compiled here, its headers reached as
# <recastnavigation/...> through a link in the work dir), else the
# system's librecast-dev (-lRecast, a shared library).
oracles_text=$(python3 tools/fuzz/fuzz_targets.py --oracles)
recast_link=()
if grep -q ' recast$' <<<"$oracles_text"; then
  recast_include="$work/include/recastnavigation"
  mkdir -p "$work/include"
  recast_sources=(oracles/recast/*.cpp)
  if [ -d "${SRC:-/nonexistent}/recastnavigation/Recast/Include" ]; then
    ln -s "$SRC/recastnavigation/Recast/Include" "$recast_include"
    recast_sources+=("$SRC"/recastnavigation/Recast/Source/*.cpp)
  else
    ln -s /usr/include/recastnavigation "$recast_include"
    recast_link=(-lRecast)
  fi
  recast_objects=()
  for src in "${recast_sources[@]}"; do
    obj="$work/obj/recast_$(basename "${src%.cpp}").o"
    recast_objects+=("$obj")
    "$CXX" "${cxxflags[@]}" -I"$work/include" -I"$recast_include" -c "$src" -o "$obj"
  done
  ar rcs "$work/liboracle_recast.a" "${recast_objects[@]}"
  recast_link=("$work/liboracle_recast.a" "${recast_link[@]}")
fi

# The targets: fuzz/targets.txt, the one list.
names=$(python3 tools/fuzz/fuzz_targets.py --names)
mapfile -t targets <<<"$names"

for t in "${targets[@]}"; do
  echo "build.sh: $t"
  oracle_link=()
  if grep -qx "$t recast" <<<"$oracles_text"; then oracle_link=("${recast_link[@]}"); fi
  # shellcheck disable=SC2086  # LIB_FUZZING_ENGINE may hold several words
  "$CXX" "${cxxflags[@]}" "fuzz/$t.cpp" -o "$OUT/$t" $LIB_FUZZING_ENGINE \
    "$work/libonepath_fuzz.a" "${oracle_link[@]}" "${crypto[@]}"
  for extra in dict options; do
    if [ -f "fuzz/$t.$extra" ]; then cp "fuzz/$t.$extra" "$OUT/"; fi
  done
done

# Seed corpora from the golden vectors and the regression inputs.
targets_csv=$(IFS=,; echo "${targets[*]}")
python3 tools/fuzz/make_seed_corpus.py --zip-dir "$OUT" --targets "$targets_csv"
echo "build.sh: done: ${targets[*]} in $OUT"
