#!/usr/bin/env bash
# The platform matrix (docs/platforms.md): build libonepath and the `onepath`
# tool in a matrix of cells (compiler x optimisation x CPU architecture), each
# in its own build directory build/matrix/<cell>, replay every golden family
# in each cell and print a table of the results.
#
# Positive cells must pass every golden vector, bit for bit. Negative
# controls are built with flags that break the FP rules (docs/spec/numerics.md)
# on purpose; they must fail (different hashes, or stopped by the FP
# preflight). A negative control that passes means the matrix cannot see the
# problem it exists to catch, and the script fails.
#
# Exit status: 0 when every positive cell passed and every negative control
# failed as expected; 1 otherwise; 2 on bad usage.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: tools/matrix.sh [--light | --full] [options]

Builds libonepath + the onepath tool in a matrix of cells and replays every
golden family in each (onepath conformance --quiet).

Modes:
  --full       (default) GCC 12 and Clang 14 x {-O0, -O2, -O3 -march=native}
               on x86-64; GCC 12 for aarch64 (Debian cross toolchain, run
               under qemu-user) at -O0, -O2, -O3; and the negative controls
               (they must fail):
                 x86-64  GCC -O2 -march=native -ffp-contract=fast  (FMA)
                 aarch64 GCC -O2 -ffp-contract=fast                (FMA)
                 x86-64  GCC -O2 -mfpmath=387        (x87 excess precision)
               Installs the aarch64 cross toolchain, qemu-user and the arm64
               libraries (Debian multiarch) when missing.
  --light      GCC 12 and Clang 14 at -O0 and -O3 on x86-64: 4 cells, golden
               replay only, no negative controls.

Options:
  --with-i686  with --full, add 32-bit x86 cells (Debian's i686 cross
               toolchain, i386 libraries): GCC -O2 with the project's SSE2
               flags, and the negative control -O2 -m32 -mfpmath=387. The
               reference does not build for 32-bit targets yet (__int128).
  --cell NAME  run only this cell (repeatable; see --list)
  --list       list the cells of the mode and exit
  --fresh      delete each cell's build directory before building it
  --jobs N     parallel build jobs (default 2)
  -h, --help   this text

Each cell is configured with `meson setup --buildtype=plain -Dcpp_args=FLAGS`,
so its compiler flags are exactly the project's (meson.build) plus FLAGS.
Build directories: build/matrix/<cell>; logs: build/matrix/logs/.
Runs as root, or with sudo for apt-get.
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
matrix_dir="$root/build/matrix"
log_dir="$matrix_dir/logs"

mode=full
jobs=2
fresh=0
with_i686=0
list_only=0
only_cells=()
while [ $# -gt 0 ]; do
  case "$1" in
    --light) mode=light ;;
    --full) mode=full ;;
    --cell) [ $# -ge 2 ] || { echo "--cell needs a name" >&2; exit 2; }; only_cells+=("$2"); shift ;;
    --list) list_only=1 ;;
    --fresh) fresh=1 ;;
    --with-i686) with_i686=1 ;;
    --jobs) [ $# -ge 2 ] || { echo "--jobs needs a number" >&2; exit 2; }; jobs=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$jobs" in ''|*[!0-9]*|0) echo "--jobs takes a positive number, got '$jobs'" >&2; exit 2 ;; esac

# ---------------------------------------------------------------------------
# The cells: name | kind | toolchain | flags (-Dcpp_args) | modes
#   kind:      pass = must pass every vector; negative = must fail
#   toolchain: gcc (g++-12), clang (clang++-14), aarch64 (cross, qemu-user),
#              i686 (cross, runs natively or under qemu-i386)
cells=(
  "gcc12-x86_64-O0|pass|gcc|-O0|light full"
  "gcc12-x86_64-O3|pass|gcc|-O3|light"
  "clang14-x86_64-O0|pass|clang|-O0|light full"
  "clang14-x86_64-O3|pass|clang|-O3|light"
  "gcc12-x86_64-O2|pass|gcc|-O2|full"
  "gcc12-x86_64-O3-native|pass|gcc|-O3 -march=native|full"
  "clang14-x86_64-O2|pass|clang|-O2|full"
  "clang14-x86_64-O3-native|pass|clang|-O3 -march=native|full"
  "gcc12-aarch64-O0|pass|aarch64|-O0|full"
  "gcc12-aarch64-O2|pass|aarch64|-O2|full"
  "gcc12-aarch64-O3|pass|aarch64|-O3|full"
  "NEG-gcc12-x86_64-O2-native-fp-contract-fast|negative|gcc|-O2 -march=native -ffp-contract=fast|full"
  "NEG-gcc12-aarch64-O2-fp-contract-fast|negative|aarch64|-O2 -ffp-contract=fast|full"
  "NEG-gcc12-x86_64-O2-x87|negative|gcc|-O2 -mfpmath=387|full"
  # 32-bit x86 (--with-i686): the reference does not build there yet, as it
  # uses __int128 (src/onepath/exact/predicates.cpp, Orient2DInt), which
  # 32-bit targets lack; the x87 control above runs on x86-64 meanwhile.
  # The binaries run natively, or under qemu-i386 where the kernel cannot.
  "gcc12-i686-O2-sse2|pass|i686|-O2|i686"
  "NEG-gcc12-i686-O2-x87|negative|i686|-O2 -m32 -mfpmath=387|i686"
)

selected=()
for c in "${cells[@]}"; do
  IFS='|' read -r name kind tc flags modes <<<"$c"
  case " $modes " in
    *" $mode "*) ;;
    *" i686 "*) [ $with_i686 -eq 1 ] && [ "$mode" = full ] || continue ;;
    *) continue ;;
  esac
  if [ ${#only_cells[@]} -gt 0 ]; then
    keep=0
    for o in "${only_cells[@]}"; do [ "$o" = "$name" ] && keep=1; done
    [ $keep -eq 1 ] || continue
  fi
  selected+=("$c")
done
for o in "${only_cells[@]}"; do
  found=0
  for c in "${selected[@]}"; do [ "${c%%|*}" = "$o" ] && found=1; done
  [ $found -eq 1 ] || { echo "no cell '$o' in --$mode (see --list)" >&2; exit 2; }
done

if [ $list_only -eq 1 ]; then
  for c in "${selected[@]}"; do
    IFS='|' read -r name kind tc flags modes <<<"$c"
    printf '%-46s %-9s %-8s %s\n' "$name" "$kind" "$tc" "$flags"
  done
  exit 0
fi

needs_tc() {  # needs_tc TOOLCHAIN: is a selected cell built with it?
  local c name kind tc flags modes
  for c in "${selected[@]}"; do
    IFS='|' read -r name kind tc flags modes <<<"$c"
    [ "$tc" = "$1" ] && return 0
  done
  return 1
}

# ---------------------------------------------------------------------------
# Debian packages (idempotent: silent when everything is present).
install_packages() {
  local pkgs=(meson ninja-build pkg-config python3 binutils
              libssl-dev libfmt-dev nlohmann-json3-dev libcli11-dev)
  local arches=()
  if needs_tc gcc; then pkgs+=(g++-12); fi
  if needs_tc clang; then pkgs+=(clang-14); fi
  if needs_tc aarch64; then
    pkgs+=(g++-aarch64-linux-gnu qemu-user libssl-dev:arm64 libfmt-dev:arm64)
    arches+=(arm64)
  fi
  if needs_tc i686; then
    pkgs+=(g++-i686-linux-gnu qemu-user libssl-dev:i386 libfmt-dev:i386)
    arches+=(i386)
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  local a
  for a in "${arches[@]}"; do
    if ! dpkg --print-foreign-architectures | grep -x "$a" >/dev/null; then
      echo "matrix: dpkg --add-architecture $a" >&2
      $sudo dpkg --add-architecture "$a"
    fi
  done
  local missing=() p
  for p in "${pkgs[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  # Multi-Arch: same libraries must have one version in every architecture:
  # name the native -dev packages too, so apt upgrades them in step.
  local native=()
  for p in "${missing[@]}"; do
    case "$p" in *:arm64|*:i386) native+=("${p%%:*}") ;; esac
  done
  echo "matrix: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" "${native[@]}" >/dev/null
  echo "matrix: packages installed" >&2
}

# ---------------------------------------------------------------------------
# Helpers.
now() { echo "${EPOCHREALTIME}"; }
seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# check_compile_commands DIR FLAGS: every compile command must still carry
# the project's -ffp-contract=off, followed by the cell's flags (meson puts
# -Dcpp_args after add_project_arguments). Prints the effective settings
# (last -ffp-contract=, last -mfpmath=) or an error line; non-zero on error.
check_compile_commands() {
  python3 - "$1/compile_commands.json" "$2" <<'EOF'
import json, shlex, sys
path, flags = sys.argv[1], shlex.split(sys.argv[2])
entries = json.load(open(path))
want_contract = "off"
for f in flags:
    if f.startswith("-ffp-contract="):
        want_contract = f.split("=", 1)[1]
seen = set()
for e in entries:
    args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    src = e["file"]
    if "-ffp-contract=off" not in args:
        print(f"project flag -ffp-contract=off missing in the compile of {src}")
        sys.exit(1)
    after = args[args.index("-ffp-contract=off") + 1:]
    pos = 0
    for f in flags:  # the cell's flags, in order, after the project's
        try:
            pos = after.index(f, pos) + 1
        except ValueError:
            print(f"cell flag {f} not after the project's -ffp-contract=off in the compile of {src}")
            sys.exit(1)
    contract = [a.split("=", 1)[1] for a in args if a.startswith("-ffp-contract=")][-1]
    if contract != want_contract:
        print(f"effective -ffp-contract={contract}, expected {want_contract}, in the compile of {src}")
        sys.exit(1)
    fpmath = [a.split("=", 1)[1] for a in args if a.startswith("-mfpmath=")]
    seen.add((contract, fpmath[-1] if fpmath else ""))
if len(seen) != 1:
    print(f"compile commands differ in FP flags: {sorted(seen)}")
    sys.exit(1)
contract, fpmath = seen.pop()
print(f"contract={contract}" + (f" fpmath={fpmath}" if fpmath else ""))
EOF
}

elf_machine() {
  readelf -h "$1" 2>/dev/null | sed -n 's/^ *Machine: *//p' | sed 's/Advanced Micro Devices X86-64/x86-64/'
}

# ---------------------------------------------------------------------------
# Thread count (b3d.build.parallel): NavMesh.Build may build tiles on several
# threads, and no byte of its result may depend on how many. Every cell
# replays all families as the vectors say (their own thread count, 1), then
# replays the whole-mesh families again with ONEPATH_BUILD_THREADS set to
# each further count (the runner's NavMesh.Build takes it in place of a
# vector's in-range count; conformance/runner/ops/navmesh_build.cpp): the
# same expected hashes must pass.
thread_counts=(1 8)
thread_families=(build3d/mesh-levels build3d/mesh-layers-chunk)
thread_note="threads: every cell replays all families at the vectors' own thread count (1), then ${thread_families[*]} with ONEPATH_BUILD_THREADS=${thread_counts[*]:1} against the same hashes"

# ---------------------------------------------------------------------------
# One cell: configure, build, check flags, replay. Sets the cell_* variables.
run_cell() {
  local name=$1 kind=$2 tc=$3 flags=$4
  local dir="$matrix_dir/$name"
  local build_log="$log_dir/$name.build.log" run_log="$log_dir/$name.run.log"
  local cxx=g++-12 cross=() wrapper=()
  case "$tc" in
    gcc) cxx=g++-12 ;;
    clang) cxx=clang++-14 ;;
    aarch64)
      cross=(--cross-file "$root/tools/matrix/aarch64-linux-gnu.ini")
      wrapper=(qemu-aarch64 -L /usr/aarch64-linux-gnu) ;;
    i686) cross=(--cross-file "$root/tools/matrix/i686-linux-gnu.ini") ;;
  esac
  cell_result="" cell_effective="" cell_elf="" cell_build_s="" cell_run_s="" cell_detail=""
  cell_status=error  # pass | mismatch | preflight | error

  # A build directory is reused only when it was configured for exactly
  # this cell (toolchain, flags, cross file); otherwise it is made afresh.
  local stamp="$tc|$flags"
  if [ ${#cross[@]} -gt 0 ]; then stamp="$stamp|$(cksum <"${cross[1]}")"; fi
  if [ $fresh -eq 1 ] || [ ! -f "$dir/build.ninja" ] || [ "$(cat "$dir/.matrix-cell" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$dir"
  fi

  local t0 rc
  t0=$(now)
  : >"$build_log"
  if [ ! -f "$dir/build.ninja" ]; then
    if ! CXX=$cxx meson setup "$dir" "$root" "${cross[@]}" --buildtype=plain \
        -Dtests=false -Doracles=false -Dfuzzing=false -Dbenchmarks=false \
        "-Dcpp_args=$flags" >>"$build_log" 2>&1; then
      cell_build_s=$(seconds_since "$t0")
      cell_result="BUILD FAILED (meson setup; $build_log)"
      return
    fi
    echo "$stamp" >"$dir/.matrix-cell"
  fi
  if ! ninja -C "$dir" -j "$jobs" tools/onepath >>"$build_log" 2>&1; then
    cell_build_s=$(seconds_since "$t0")
    cell_result="BUILD FAILED (ninja; $build_log)"
    return
  fi
  cell_build_s=$(seconds_since "$t0")

  if ! cell_effective=$(check_compile_commands "$dir" "$flags"); then
    cell_result="FLAGS WRONG: $cell_effective"
    cell_effective="?"
    return
  fi
  # 32-bit x86 binaries run natively when the kernel can run them (IA32
  # emulation), under qemu-user when not (some VMs and containers).
  if [ "$tc" = i686 ] && ! "$dir/tools/onepath" --version >/dev/null 2>&1; then
    wrapper=(qemu-i386 -L /usr/i686-linux-gnu)
  fi
  cell_elf=$(elf_machine "$dir/tools/onepath")
  if [ ${#wrapper[@]} -gt 0 ]; then cell_elf="$cell_elf (${wrapper[0]})"; fi

  t0=$(now)
  rc=0
  "${wrapper[@]}" "$dir/tools/onepath" conformance --quiet --source-dir "$root" \
    --report-dir "$dir/report" >"$run_log" 2>&1 || rc=$?
  cell_run_s=$(seconds_since "$t0")

  local n k ids checks threads family_args=() trc
  for family in "${thread_families[@]}"; do family_args+=(--family "$family"); done
  case $rc in
    0)
      n=$(sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p' "$run_log" | tail -n 1)
      if [ -n "$n" ]; then
        cell_status=pass
        cell_result="pass ($n vectors)"
        # The thread-count dimension: the whole-mesh families again.
        for threads in "${thread_counts[@]:1}"; do
          trc=0
          ONEPATH_BUILD_THREADS=$threads "${wrapper[@]}" "$dir/tools/onepath" conformance --quiet \
            --source-dir "$root" "${family_args[@]}" >"$run_log.threads$threads" 2>&1 || trc=$?
          if [ $trc -ne 0 ]; then
            cell_status=mismatch
            cell_result="MISMATCH with $threads threads (exit $trc; $run_log.threads$threads)"
            cell_detail=$(grep -m 1 '^FAIL ' "$run_log.threads$threads" || true)
            break
          fi
          cell_result="$cell_result, mesh families pass with $threads threads"
        done
      else
        cell_result="ERROR (exit 0 without a count; $run_log)"
      fi ;;
    1)
      k=$(sed -n 's/^\([0-9]* of [0-9]*\) vectors failed$/\1/p' "$run_log" | tail -n 1)
      ids=$(sed -n 's/^FAIL \([^ ]*\) .*/\1/p' "$run_log" | awk 'NR <= 3' | paste -sd, - | sed 's/,/, /g')
      cell_status=mismatch
      cell_result="MISMATCH (${k:-? of ?}; first ids $ids)"
      cell_detail=$(grep -m 1 '^FAIL ' "$run_log" || true) ;;
    3)
      checks=$(sed -n 's/^ *\[FAIL\] *\([^ ]*\) .*/\1/p' "$run_log" | paste -sd, - | sed 's/,/, /g')
      cell_status=preflight
      cell_result="stopped by preflight ($checks)"
      cell_detail=$(grep '\[FAIL\]' "$run_log" | sed 's/^ *//' | sed 's/  */ /g' || true) ;;
    *)
      cell_result="ERROR (exit $rc; $run_log)" ;;
  esac
}

# ---------------------------------------------------------------------------
unset CFLAGS CXXFLAGS CPPFLAGS LDFLAGS  # the cell's flags and nothing else
install_packages
mkdir -p "$log_dir"

t_start=$(now)
echo "platform matrix (--$mode): ${#selected[@]} cells, build dirs under build/matrix/, ninja -j $jobs"
echo "machine: $(uname -m), $(nproc) cores, CPU FMA: $(grep -qw fma /proc/cpuinfo && echo yes || echo no)"
needs_tc gcc && echo "gcc:     $(g++-12 --version | head -n 1)"
needs_tc clang && echo "clang:   $(clang++-14 --version | head -n 1)"
needs_tc aarch64 && echo "aarch64: $(aarch64-linux-gnu-g++-12 --version | head -n 1); $(qemu-aarch64 --version | head -n 1)"
needs_tc i686 && echo "i686:    $(i686-linux-gnu-g++-12 --version | head -n 1)"
echo "$thread_note"

rows=()
details=()
failures=0
i=0
for c in "${selected[@]}"; do
  i=$((i + 1))
  IFS='|' read -r name kind tc flags modes <<<"$c"
  printf '\n== [%d/%d] %s (%s): %s\n' "$i" "${#selected[@]}" "$name" "$kind" "$flags"
  # The x86-64 FMA control needs a CPU with FMA for -march=native to use.
  if [ "$tc" = gcc ] && [[ "$flags" == *-march=native*-ffp-contract=fast* ]] &&
     ! grep -qw fma /proc/cpuinfo; then
    verdict="skipped: this CPU has no FMA, -march=native cannot contract"
    rows+=("| $name | $kind | \`$flags\` | - | - | $verdict | - | - |")
    echo "   $verdict"
    continue
  fi
  run_cell "$name" "$kind" "$tc" "$flags"
  if [ "$kind" = pass ]; then
    verdict=$cell_result
    if [ "$cell_status" != pass ]; then failures=$((failures + 1)); verdict="**$cell_result**"; fi
  else
    case "$cell_status" in
      mismatch|preflight) verdict="failed as expected: $cell_result" ;;
      pass)
        verdict="**NEGATIVE CONTROL PASSED ($cell_result): the matrix cannot see this problem**"
        failures=$((failures + 1)) ;;
      *)
        verdict="**negative control did not run: $cell_result**"
        failures=$((failures + 1)) ;;
    esac
  fi
  threads="${thread_counts[*]}"
  rows+=("| $name | $kind | \`$flags\` | ${cell_elf:--} | ${cell_effective:--} | $verdict | ${cell_build_s:--} | ${cell_run_s:--} |")
  [ -n "$cell_detail" ] && details+=("$name: $(echo "$cell_detail" | awk 'NR > 1 { printf "; " } { printf "%s", $0 }')")
  echo "   $verdict (build ${cell_build_s:--} s, run ${cell_run_s:--} s, threads: $threads)"
done

total=$(seconds_since "$t_start")
echo
echo "## Platform matrix (--$mode)"
echo
echo "| cell | kind | flags (-Dcpp_args) | ELF machine | effective FP flags | result | build s | run s |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
if [ ${#details[@]} -gt 0 ]; then
  echo "Details:"
  printf -- '- %s\n' "${details[@]}"
  echo
fi
echo "$thread_note"
echo "total: $total s for ${#selected[@]} cells (build + run, ninja -j $jobs, $(nproc) cores)"
if [ $failures -gt 0 ]; then
  echo "matrix: $failures cell(s) FAILED" >&2
  exit 1
fi
negatives=0
for c in "${selected[@]}"; do
  IFS='|' read -r name kind tc flags modes <<<"$c"
  [ "$kind" = negative ] && negatives=$((negatives + 1))
done
if [ $negatives -gt 0 ]; then
  echo "matrix: all positive cells bit-exact; all negative controls failed as expected"
else
  echo "matrix: all cells bit-exact (this mode has no negative controls; --full has them)"
fi
