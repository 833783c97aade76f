#!/usr/bin/env bash
# Nightly fuzzing: runs every libFuzzer target of fuzz/ for a time budget,
# merges what it found into a persistent corpus, minimizes and de-duplicates
# the failures, and writes a JSON + Markdown summary. Exit status: 0 when
# nothing new failed, 1 on a new finding, 2 on a usage or build error, 3
# when a target could not be run. Timeouts and out-of-memory failures are
# re-measured (CPU time, peak RSS) before they count. See fuzz/README.md;
# --help for the flags.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  cat <<'EOF'
usage: tools/fuzz_nightly.sh [options]

Runs each fuzz target for --budget seconds, with the limits of issue 8
(-rss_limit_mb=1024, -timeout=10: an input that takes more memory or time
is a finding, once re-measured: see "Which failures count") and -max_len,
-dict and any other flag from fuzz/<target>.options. Inputs come from the
persistent corpus, the seed corpus made from the golden vectors
(tools/fuzz/make_seed_corpus.py) and the files directly in
fuzz/regressions/<target>/ (not its slow/ findings).
After a finding the target is restarted for the rest of its budget (at most
--max-restarts times). Afterwards the corpora are merged (-merge=1) into
--corpus-dir/<target>, every failing input is minimized (-minimize_crash=1)
and the failures are de-duplicated by SHA-1 and by stack. A failure is new
unless its input (original or minimized) is already a file under
fuzz/regressions/<target>/.

Which failures count: every crash and leak. A timeout or out-of-memory
failure is re-measured first, because libFuzzer's -timeout is wall-clock
time and a loaded machine starves the fuzzer: its input is replayed alone
(tools/fuzz/measure.py) and counts only if that replay needs more CPU time
(user + system) than --timeout, more peak RSS than --rss-limit-mb, or fails
otherwise; else the summary lists it as "not reproduced", with the measured
CPU seconds and MiB. With --limits-build-dir, a failure confirmed in the
(sanitized) fuzzing build is measured again in that build without
sanitizers and counts only if it breaches the limits there too: the limits
bound the implementation, not ASan's and UBSan's overhead (2 to 5 times the
time, and ASan's shadow memory); else it is listed as "over the limits only
under sanitizers", with both measurements. Neither kind makes the exit
status non-zero.

options:
  --build-dir DIR     fuzz binaries: a meson build dir (DIR/fuzz/fuzz_<target>,
                      configured with -Doracles=true -Dfuzzing=true) or an $OUT
                      dir of .clusterfuzzlite/build.sh (DIR/<target>).
                      Default: build/fuzz-nightly, configured with clang
                      (CXX, default clang++-14) if it does not exist yet.
  --budget SECONDS    fuzzing time per target (default 600)
  --targets LIST      comma-separated targets (default: every target of
                      fuzz/targets.txt)
  --corpus-dir DIR    persistent corpus, DIR/<target>/ (default fuzz/corpus,
                      ignored by git)
  --work-dir DIR      logs, artifacts, findings (default
                      build/fuzz-nightly-work/<UTC time>)
  --report-dir DIR    where summary.json and summary.md go (default: work dir)
  --rss-limit-mb N    memory limit per input (default 1024)
  --timeout N         seconds per input (default 10): libFuzzer's wall-clock
                      -timeout, then the CPU time a re-measured input may take
  --limits-build-dir DIR
                      a build without sanitizers where the limits are checked
                      (see above): the replay drivers DIR/fuzz/<target>_replay
                      of a meson build with -Dtests=true -Doracles=true (any
                      compiler, e.g. debugoptimized GCC), else the libFuzzer
                      targets DIR/fuzz/fuzz_<target> of a build configured with
                      -Dfuzzing=true -Dfuzz_sanitizers= (empty), or an $OUT of
                      .clusterfuzzlite/build.sh without -fsanitize=address.
                      Not built by this script; a meson build with sanitizers
                      is refused. Default: none (limits checked in the
                      fuzzing build)
  --minimize-time N   seconds to minimize one failing input (default 60)
  --max-restarts N    restarts after findings within one budget (default 10)
  --sanitizers LIST   -Dfuzz_sanitizers when configuring (default
                      address,undefined)
  --jobs N            build jobs (default 1)
  --no-build          use the binaries as they are
  --seed N            libFuzzer -seed (default 0: a random seed each run)
  -h, --help          this text

Example (low priority, 10 minutes a target):
  nice -n 19 tools/fuzz_nightly.sh --budget 600 --report-dir report/fuzz
EOF
}

die() {
  echo "fuzz_nightly: $*" >&2
  exit 2
}

build_dir="" limits_build_dir="" budget=600 targets_csv="" corpus_dir="$root/fuzz/corpus" work_dir=""
report_dir="" rss=1024 timeout=10 minimize_time=60 max_restarts=10
sanitizers="address,undefined" jobs=1 do_build=1 seed=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --no-build) do_build=0; shift; continue ;;
    --build-dir | --budget | --targets | --corpus-dir | --work-dir | --report-dir | \
      --rss-limit-mb | --timeout | --minimize-time | --max-restarts | --sanitizers | \
      --jobs | --seed | --limits-build-dir)
      [ $# -ge 2 ] || die "$1 needs a value (see --help)" ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  case "$1" in
    --build-dir) build_dir=$2 ;;
    --limits-build-dir) limits_build_dir=$2 ;;
    --budget) budget=$2 ;;
    --targets) targets_csv=$2 ;;
    --corpus-dir) corpus_dir=$2 ;;
    --work-dir) work_dir=$2 ;;
    --report-dir) report_dir=$2 ;;
    --rss-limit-mb) rss=$2 ;;
    --timeout) timeout=$2 ;;
    --minimize-time) minimize_time=$2 ;;
    --max-restarts) max_restarts=$2 ;;
    --sanitizers) sanitizers=$2 ;;
    --jobs) jobs=$2 ;;
    --seed) seed=$2 ;;
  esac
  shift 2
done
for n in "$budget" "$rss" "$timeout" "$minimize_time" "$max_restarts" "$jobs" "$seed"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "not a whole number: $n"
done

# The targets: fuzz/targets.txt, the one list.
names=$(python3 "$root/tools/fuzz/fuzz_targets.py" --names) || die "cannot read fuzz/targets.txt"
mapfile -t all_targets <<<"$names"
if [ -n "$targets_csv" ]; then
  IFS=, read -r -a targets <<<"$targets_csv"
  for t in "${targets[@]}"; do
    case " ${all_targets[*]} " in
      *" $t "*) ;;
      *) die "no target $t (known: ${all_targets[*]})" ;;
    esac
  done
else
  targets=("${all_targets[@]}")
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
build_dir=${build_dir:-$root/build/fuzz-nightly}
work_dir=${work_dir:-$root/build/fuzz-nightly-work/$stamp}
report_dir=${report_dir:-$work_dir}
mkdir -p "$work_dir" "$report_dir" "$corpus_dir"
work_dir=$(cd "$work_dir" && pwd)
corpus_dir=$(cd "$corpus_dir" && pwd)

# --- the build the limits are checked in (--limits-build-dir) -----------------
limits_binary() { # the replay driver or fuzz binary of target $1 there, or nothing
  local d=$limits_build_dir
  if [ -x "$d/fuzz/$1_replay" ]; then
    echo "$d/fuzz/$1_replay"
  elif [ -x "$d/fuzz/fuzz_$1" ]; then
    echo "$d/fuzz/fuzz_$1"
  elif [ -x "$d/$1" ] && [ -f "$d/$1.options" ]; then
    echo "$d/$1"
  fi
}
limits_sanitizers=""  # for the summary
if [ -n "$limits_build_dir" ]; then
  [ -d "$limits_build_dir" ] || die "no directory $limits_build_dir (--limits-build-dir)"
  limits_build_dir=$(cd "$limits_build_dir" && pwd)
  for t in "${targets[@]}"; do
    lbin=$(limits_binary "$t")
    [ -n "$lbin" ] || die "no ${t}_replay or fuzz_$t under $limits_build_dir (--limits-build-dir)"
    # A meson build says whether it is sanitized: b_sanitize for anything,
    # fuzz_sanitizers for the libFuzzer targets.
    opts="$limits_build_dir/meson-info/intro-buildoptions.json"
    if [ -f "$opts" ]; then
      san=$(python3 - "$opts" "$lbin" <<'PY'
import json, os, sys
o = {x["name"]: x["value"] for x in json.load(open(sys.argv[1]))}
s = [o.get("b_sanitize", "none")]
if os.path.basename(sys.argv[2]).startswith("fuzz_"):
    s.append(o.get("fuzz_sanitizers", "").strip() or "none")
print(",".join(x for x in s if x != "none"))
PY
      )
      [ -z "$san" ] || die "--limits-build-dir $limits_build_dir is built with sanitizers ($san)"
      limits_sanitizers=none
    else
      limits_sanitizers="as built (not a meson build dir)"
    fi
  done
fi

# --- build -------------------------------------------------------------------
binary() { # the fuzz binary of target $1, or nothing
  if [ -x "$build_dir/fuzz/fuzz_$1" ]; then
    echo "$build_dir/fuzz/fuzz_$1"
  elif [ -x "$build_dir/$1" ] && [ -f "$build_dir/$1.options" ]; then
    echo "$build_dir/$1"
  fi
}
if [ "$do_build" = 1 ]; then
  if [ ! -f "$build_dir/build.ninja" ] && [ -z "$(binary "${targets[0]}")" ]; then
    echo "== configure $build_dir (clang, oracles, fuzzing: $sanitizers)"
    CXX=${CXX:-clang++-14} CC=${CC:-clang-14} meson setup "$build_dir" "$root" \
      -Dtests=false -Doracles=true -Dfuzzing=true -Dfuzz_sanitizers="$sanitizers" \
      >"$work_dir/configure.log" 2>&1 || die "meson setup failed: $work_dir/configure.log"
  fi
  if [ -f "$build_dir/build.ninja" ]; then
    echo "== build ${targets[*]} in $build_dir (-j$jobs)"
    ninja_targets=()
    for t in "${targets[@]}"; do ninja_targets+=("fuzz/fuzz_$t"); done
    ninja -C "$build_dir" -j "$jobs" "${ninja_targets[@]}" >"$work_dir/build.log" 2>&1 ||
      die "build failed: $work_dir/build.log"
  fi
fi
for t in "${targets[@]}"; do
  [ -n "$(binary "$t")" ] || die "no fuzz binary for $t under $build_dir"
done

# --- seeds -------------------------------------------------------------------
echo "== seed corpora from the golden vectors"
python3 "$root/tools/fuzz/make_seed_corpus.py" --dir "$work_dir/seeds" \
  --targets "$(IFS=,; echo "${targets[*]}")" --manifest "$work_dir/seeds/manifest.json" \
  >"$work_dir/seeds.log" || die "seed corpus failed: $work_dir/seeds.log"

option() { # option() TARGET KEY: a value of fuzz/TARGET.options
  sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\([^[:space:]#]*\).*/\1/p" \
    "$root/fuzz/$1.options" 2>/dev/null | head -n 1
}
now() { date +%s.%N; }

# --- fuzz, merge, minimize -----------------------------------------------------
for t in "${targets[@]}"; do
  bin=$(binary "$t")
  tw="$work_dir/targets/$t"
  mkdir -p "$tw/new" "$tw/artifacts" "$tw/logs" "$tw/minimized" "$tw/replays" "$corpus_dir/$t"
  limits=(-rss_limit_mb="$rss" -malloc_limit_mb="$rss" -timeout="$timeout")
  # A merge or replay that fails writes its artifact there, not into the
  # current dir.
  scratch=(-artifact_prefix="$tw/replays/")
  # A re-measured replay: libFuzzer's timeout off (measure.py stops it by
  # CPU time), its memory limits kept (they do not depend on the load).
  remeasure=(-timeout=0 -rss_limit_mb="$rss" -malloc_limit_mb="$rss" "${scratch[@]}")
  max_len=$(option "$t" max_len)
  dict=$(option "$t" dict)
  fuzz_flags=("${limits[@]}" -print_final_stats=1 -seed="$seed")
  [ -n "$max_len" ] && fuzz_flags+=(-max_len="$max_len")
  [ -n "$dict" ] && fuzz_flags+=(-dict="$root/fuzz/$dict")
  # Any other key of the options file is a libFuzzer flag too, as OSS-Fuzz
  # reads it (offset's entropic_scale_per_exec_time: fuzz/README.md, "Speed").
  while IFS= read -r kv; do
    case "$kv" in max_len=* | dict=* | "") ;; *) fuzz_flags+=(-"$kv") ;; esac
  done < <(sed -n 's/^[[:space:]]*\([a-z_]*\)[[:space:]]*=[[:space:]]*\([^[:space:]#]*\).*/\1=\2/p' \
    "$root/fuzz/$t.options" 2>/dev/null)
  {
    echo "binary=$bin"
    echo "max_len=$max_len"
    echo "dict=$dict"
    echo "corpus_before=$(find "$corpus_dir/$t" -type f | wc -l)"
    [ -z "$limits_build_dir" ] || echo "limits_binary=$(limits_binary "$t")"
  } >"$tw/facts"
  : >"$tw/runs.tsv"

  echo "== $t: ${budget}s (max_len ${max_len:-default})"
  remaining=$budget run=0
  while [ "$remaining" -gt 0 ] && [ "$run" -le "$max_restarts" ]; do
    before=$(find "$tw/artifacts" -type f | wc -l)
    start=$(now)
    rc=0
    "$bin" "${fuzz_flags[@]}" -max_total_time="$remaining" -artifact_prefix="$tw/artifacts/" \
      "$tw/new" "$corpus_dir/$t" "$work_dir/seeds/$t" >"$tw/logs/run-$run.log" 2>&1 || rc=$?
    end=$(now)
    printf '%s\t%s\t%s\t%s\n' "$run" "$rc" "$start" "$end" >>"$tw/runs.tsv"
    spent=$(awk -v a="$start" -v b="$end" 'BEGIN { d = b - a; printf "%d", d == int(d) ? d : int(d) + 1 }')
    remaining=$((remaining - spent))
    run=$((run + 1))
    [ "$rc" = 0 ] && break
    after=$(find "$tw/artifacts" -type f | wc -l)
    if [ "$after" = "$before" ]; then
      echo "   run $((run - 1)) failed (exit $rc) without an artifact: $tw/logs/run-$((run - 1)).log"
      break
    fi
    # A failure at start-up (an input of the corpora fails) would recur on
    # every restart: stop after the first.
    if grep -q 'INITED' "$tw/logs/run-$((run - 1)).log"; then
      echo "   finding in run $((run - 1)) ($((remaining > 0 ? remaining : 0))s left)"
    else
      echo "   an input of the corpora fails at start-up; not restarting"
      break
    fi
  done

  echo "   merge into $corpus_dir/$t"
  rm -rf "$tw/merged"
  mkdir -p "$tw/merged"
  if "$bin" -merge=1 "${limits[@]}" "${scratch[@]}" ${max_len:+-max_len="$max_len"} "$tw/merged" \
    "$corpus_dir/$t" "$work_dir/seeds/$t" "$tw/new" >"$tw/logs/merge.log" 2>&1; then
    rm -rf "$corpus_dir/$t.old"
    mv "$corpus_dir/$t" "$corpus_dir/$t.old"
    mv "$tw/merged" "$corpus_dir/$t"
    rm -rf "$corpus_dir/$t.old"
  else
    echo "   merge failed, corpus kept as it was: $tw/logs/merge.log"
  fi

  for artifact in "$tw"/artifacts/*; do
    [ -f "$artifact" ] || continue
    name=$(basename "$artifact")
    # (libFuzzer's slow-unit-* files are no failures: left alone.)
    case "$name" in crash-* | leak-* | timeout-* | oom-*) ;; *) continue ;; esac
    case "$name" in
      timeout-* | oom-*)
        # Re-measure alone, by CPU time and peak RSS. Within the limits: no
        # finding, not minimized, not replayed.
        echo "   re-measure $name"
        counts=1
        if python3 "$root/tools/fuzz/measure.py" --timeout "$timeout" --rss-limit-mb "$rss" \
          --json "$tw/logs/measure-$name.json" --log "$tw/logs/measure-$name.log" -- \
          "$bin" "${remeasure[@]}" "$artifact"; then
          counts=0
        elif [ -n "$limits_build_dir" ]; then
          lbin=$(limits_binary "$t")
          largs=()  # a libFuzzer binary gets the same flags, a replay driver none
          case "$(basename "$lbin")" in *_replay) ;; *) largs=("${remeasure[@]}") ;; esac
          echo "   re-measure $name without sanitizers"
          if python3 "$root/tools/fuzz/measure.py" --timeout "$timeout" --rss-limit-mb "$rss" \
            --json "$tw/logs/measure-limits-$name.json" \
            --log "$tw/logs/measure-limits-$name.log" -- "$lbin" "${largs[@]}" "$artifact"; then
            counts=0
          fi
        fi
        [ "$counts" = 1 ] || echo "   within the limits when re-measured: not counted"
        ;;
      *) counts=1 ;;
    esac
    # A failure that does not count needs no minimizing and no stack.
    [ "$counts" = 1 ] || continue
    echo "   minimize $name"
    "$bin" "${limits[@]}" -minimize_crash=1 -max_total_time="$minimize_time" \
      -exact_artifact_path="$tw/minimized/$name" "$artifact" \
      >"$tw/logs/minimize-$name.log" 2>&1 || true
    # Replays give the stacks the findings are de-duplicated by.
    "$bin" "${limits[@]}" "${scratch[@]}" "$artifact" >"$tw/logs/replay-$name.log" 2>&1 || true
    if [ -f "$tw/minimized/$name" ]; then
      "$bin" "${limits[@]}" "${scratch[@]}" "$tw/minimized/$name" \
        >"$tw/logs/replay-min-$name.log" 2>&1 || true
    fi
  done
done

# --- summary -------------------------------------------------------------------
status=0
python3 "$root/tools/fuzz/nightly_summary.py" --root "$root" --work-dir "$work_dir" \
  --corpus-dir "$corpus_dir" --build-dir "$build_dir" --budget "$budget" --rss-limit-mb "$rss" \
  --timeout "$timeout" --targets "$(IFS=,; echo "${targets[*]}")" \
  --limits-build-dir "$limits_build_dir" --limits-build-sanitizers "$limits_sanitizers" \
  --json "$report_dir/summary.json" --markdown "$report_dir/summary.md" || status=$?
echo "== summary: $report_dir/summary.md, $report_dir/summary.json"
exit "$status"
