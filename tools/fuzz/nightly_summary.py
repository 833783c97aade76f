#!/usr/bin/env python3
"""Summary of one tools/fuzz_nightly.sh run: reads its work dir, writes JSON and Markdown.

Per target (work dir targets/<target>/): runs.tsv (run, exit code, start,
end), logs/run-N.log (libFuzzer with -print_final_stats=1), logs/merge.log,
artifacts/ (crash-, leak-, timeout-, oom-<sha1>), minimized/<artifact>, and
logs/replay-[min-]<artifact>.log (one run of the input, for its stack).

Numbers: executions are the sum of stat::number_of_executed_units over the
runs, exec/s that over the runs' wall time; cov and ft are libFuzzer's
last status line (edges and features reached by the run, corpus included);
corpus_* are the merged corpus and the merge's own count of its features.

A failure's signature is its kind, its message (the target's own line
before abort, a sanitizer's SUMMARY or runtime error, an uncaught
exception) with numbers and addresses blanked, and the top three stack
frames outside libFuzzer, the sanitizers and the C library. Failures with
one signature are one finding, shown by its smallest input. A finding is
known when one of its inputs (original or minimized) is, byte for byte, a
file of fuzz/regressions/<target>/; otherwise it is new, and copied to
findings/<target>/<sha1> in the work dir, ready to be added there.

Resource failures (timeout-, oom-) are re-measured before they count, as
libFuzzer's -timeout is wall-clock time and a loaded machine starves the
fuzzer: logs/measure-<artifact>.json is the input replayed alone in the
fuzzing build (tools/fuzz/measure.py: CPU time, user + system, and peak RSS),
logs/measure-limits-<artifact>.json the same in the --limits-build-dir build
without sanitizers, when one was given. A resource failure counts when its
replay breaches the limits (CPU time > timeout, peak RSS > limit, or a
failure of its own) in the fuzzing build and, if there is one, in the limits
build too. Otherwise it is listed under "uncounted" with its measurements,
as "not reproduced" or "over the limits only under sanitizers", and is no
finding. Without a measurement (an older work dir) it counts, as before.

Exit status: 1 when there is a new finding, 3 when a target could not run
(no executions, or a failure without an artifact), else 0.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

KINDS = ("crash", "leak", "timeout", "oom")
RESOURCE_KINDS = ("timeout", "oom")  # re-measured before they count
NOT_REPRODUCED = "not reproduced"
SANITIZERS_ONLY = "over the limits only under sanitizers"
STATUS = re.compile(r"^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+)(?: corp: (\d+)/(\S+))?")
STAT = re.compile(r"^stat::(\w+):\s+(\d+)")
MERGE = re.compile(r"MERGE-OUTER: (\d+) new files with (\d+) new features added; "
                   r"(\d+) new coverage edges")
FRAME = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (.*)$")
SKIP_FRAME = re.compile(
    r"^(__sanitizer|__asan|__ubsan|__lsan|__interceptor|__interception|fuzzer::|__libc|"
    r"__GI_|__pthread|pthread_kill|raise|gsignal|abort|std::terminate|__cxa|__cxxabiv1|"
    r"__gnu_cxx::__verbose_terminate|std::__terminate|_start|main$|malloc|calloc|realloc|"
    r"operator new|operator delete|free$)")
MESSAGE = [
    re.compile(r"^(fuzz[ _][\w ]*?: .*)$"),  # the targets' own Fail() lines
    re.compile(r"runtime error: (.*)$"),  # UBSan
    re.compile(r"^(terminate called after throwing .*|\s*what\(\): .*)$"),  # libstdc++
    re.compile(r"(libc\+\+abi: terminating .*)$"),
    re.compile(r"^SUMMARY: (.*)$"),
]


def sha1_file(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def frame_function(rest):
    """The function of a symbolized frame, without its location."""
    rest = re.sub(r"\s+\(BuildId: [0-9a-f]+\)$", "", rest)
    rest = re.sub(r"\s+\(\S+\+0x[0-9a-f]+\)$", "", rest)  # (module+offset)
    rest = re.sub(r"\s+\S+:\d+(:\d+)?$", "", rest)  # file:line[:col]
    rest = re.sub(r"\s+/\S+$", "", rest)  # a bare file
    return rest.strip()


def signature(kind, log):
    """(message, frames, key) of the first failure in a replay log."""
    lines = log.splitlines()
    message = ""
    for pattern in MESSAGE:
        for line in lines:
            m = pattern.search(line)
            if m:
                message = m.group(1).strip()
                break
        if message:
            break
    frames, started = [], False
    for line in lines:
        m = FRAME.match(line)
        if not m:
            if started and frames:
                break
            continue
        started = True
        function = frame_function(m.group(2))
        if function and not SKIP_FRAME.match(function):
            frames.append(function)
        if len(frames) == 3 or function == "LLVMFuzzerTestOneInput":
            break  # what calls the target is libFuzzer's
    message = re.sub(r"\b\d+\b", "N", re.sub(r"0x[0-9a-fA-F]+", "0x?", message))
    message = re.sub(r"(/[^\s:]+/)([^/\s:]+)", r"\2", message)  # paths to base names
    key = hashlib.sha1("\n".join([kind, message] + frames).encode()).hexdigest()[:12]
    return message, frames, key


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def resource_verdict(measured, limits_measured, with_limits_build):
    """(verdict, counts) of a resource failure from its re-measurements.

    measured: the replay in the fuzzing build (tools/fuzz/measure.py's
    result, or None when there is none); limits_measured: the replay in the
    limits build (None when not run)."""
    if measured is None:
        return "not re-measured", True
    if not measured["over"]:
        return NOT_REPRODUCED, False
    if not with_limits_build:
        return "confirmed", True
    if limits_measured is None:
        return "confirmed (no measurement without sanitizers)", True
    if not limits_measured["over"]:
        return SANITIZERS_ONLY, False
    return "confirmed without sanitizers", True


def target_summary(args, target, regression_sha1s):
    tw = os.path.join(args.work_dir, "targets", target)
    facts = dict(line.split("=", 1) for line in read(os.path.join(tw, "facts")).splitlines()
                 if "=" in line)
    runs = []
    for line in read(os.path.join(tw, "runs.tsv")).splitlines():
        run, rc, start, end = line.split("\t")
        runs.append({"run": int(run), "exit": int(rc), "seconds": float(end) - float(start)})
    executions, seconds, peak_rss, slowest, new_units = 0, 0.0, 0, 0, 0
    first_status, last_status, seed = None, None, None
    for r in runs:
        log = read(os.path.join(tw, "logs", "run-%d.log" % r["run"]))
        seconds += r["seconds"]
        for line in log.splitlines():
            m = STAT.match(line)
            if m:
                name, value = m.group(1), int(m.group(2))
                if name == "number_of_executed_units":
                    executions += value
                elif name == "peak_rss_mb":
                    peak_rss = max(peak_rss, value)
                elif name == "slowest_unit_time_sec":
                    slowest = max(slowest, value)
                elif name == "new_units_added":
                    new_units += value
            m = STATUS.match(line)
            if m:
                status = {"cov": int(m.group(3)), "ft": int(m.group(4))}
                if first_status is None and m.group(2) == "INITED":
                    first_status = status
                last_status = status
            m = re.match(r"^INFO: Seed: (\d+)", line)
            if m and seed is None:
                seed = int(m.group(1))
    merge = MERGE.search(read(os.path.join(tw, "logs", "merge.log")))
    corpus = os.path.join(args.corpus_dir, target)
    corpus_files = [os.path.join(corpus, f) for f in os.listdir(corpus)] if os.path.isdir(
        corpus) else []

    failures = []
    artifacts = os.path.join(tw, "artifacts")
    for name in sorted(os.listdir(artifacts)) if os.path.isdir(artifacts) else []:
        kind = name.split("-", 1)[0]
        if kind not in KINDS:
            continue
        path = os.path.join(artifacts, name)
        minimized = os.path.join(tw, "minimized", name)
        has_min = os.path.isfile(minimized)
        replay = read(os.path.join(tw, "logs", "replay-%s.log" % name))
        message, frames, key = signature(kind, replay)
        entry = {
            "kind": kind,
            "artifact": path,
            "sha1": sha1_file(path),
            "size": os.path.getsize(path),
            "reproduces": bool(replay) and ("ERROR:" in replay or "SUMMARY:" in replay
                                            or "runtime error" in replay),
            "signature": key,
            "message": message,
            "frames": frames,
        }
        if has_min:
            entry.update(minimized=minimized, minimized_sha1=sha1_file(minimized),
                         minimized_size=os.path.getsize(minimized))
            min_replay = read(os.path.join(tw, "logs", "replay-min-%s.log" % name))
            entry["minimized_signature"] = signature(kind, min_replay)[2]
        entry["known"] = bool({entry["sha1"], entry.get("minimized_sha1")} & regression_sha1s)
        if kind in RESOURCE_KINDS:
            measured = load_json(os.path.join(tw, "logs", "measure-%s.json" % name))
            limits_measured = load_json(os.path.join(tw, "logs", "measure-limits-%s.json" % name))
            verdict, counts = resource_verdict(measured, limits_measured,
                                               bool(args.limits_build_dir))
            entry["resource_check"] = {"verdict": verdict, "counts": counts,
                                       "measured": measured,
                                       "limits_build_measured": limits_measured}
        failures.append(entry)

    # Resource failures that stayed within the limits when re-measured are
    # listed, and are no findings.
    counted, uncounted = [], []
    for f in failures:
        check = f.get("resource_check")
        if check is None or check["counts"]:
            counted.append(f)
        else:
            uncounted.append({k: f[k] for k in ("kind", "artifact", "sha1", "size", "known")}
                             | {"verdict": check["verdict"], "measured": check["measured"],
                                "limits_build_measured": check["limits_build_measured"]})
    findings = {}
    for f in counted:
        findings.setdefault(f["signature"], []).append(f)
    out_findings = []
    for key, group in sorted(findings.items()):
        def best_input(f):
            # the minimized input when it still fails the same way, else the original
            if f.get("minimized_signature") == key:
                return f["minimized"], f["minimized_sha1"], f["minimized_size"]
            return f["artifact"], f["sha1"], f["size"]

        inputs = sorted((best_input(f) for f in group), key=lambda x: (x[2], x[1]))
        path, sha, size = inputs[0]
        known = any(f["known"] for f in group)
        finding = {
            "signature": key,
            "kind": group[0]["kind"],
            "message": group[0]["message"],
            "frames": group[0]["frames"],
            "count": len(group),
            "known": known,
            "input_sha1": sha,
            "input_size": size,
            "artifacts": [f["artifact"] for f in group],
        }
        checks = [f["resource_check"] for f in group if "resource_check" in f]
        if checks:
            finding["resource_check"] = checks[0]
        if not known:
            keep = os.path.join(args.work_dir, "findings", target)
            os.makedirs(keep, exist_ok=True)
            shutil.copyfile(path, os.path.join(keep, sha))
            finding["input"] = os.path.join(keep, sha)
            finding["regression_path"] = "fuzz/regressions/%s/%s" % (target, sha)
        out_findings.append(finding)

    error = None
    if not runs:
        error = "not run"
    elif executions == 0:
        error = "no executions (see %s)" % os.path.join(tw, "logs")
    elif any(r["exit"] != 0 for r in runs) and not failures:
        error = "libFuzzer exited non-zero without an artifact (see %s)" % os.path.join(tw, "logs")
    new = sum(not f["known"] for f in out_findings)
    return {
        "target": target,
        "binary": facts.get("binary"),
        "max_len": int(facts["max_len"]) if facts.get("max_len") else None,
        "dict": facts.get("dict") or None,
        "runs": len(runs),
        "seconds": round(seconds, 1),
        "executions": executions,
        "exec_per_s": round(executions / seconds) if seconds > 0 else 0,
        "cov": last_status["cov"] if last_status else None,
        "ft": last_status["ft"] if last_status else None,
        "cov_at_start": first_status["cov"] if first_status else None,
        "ft_at_start": first_status["ft"] if first_status else None,
        "new_units": new_units,
        "peak_rss_mb": peak_rss,
        "slowest_unit_s": slowest,
        "seed": seed,
        "corpus_files_before": int(facts.get("corpus_before", 0)),
        "corpus_files": len(corpus_files),
        "corpus_bytes": sum(os.path.getsize(f) for f in corpus_files),
        "corpus_features": int(merge.group(2)) if merge else None,
        "corpus_edges": int(merge.group(3)) if merge else None,
        "findings": out_findings,
        "new_findings": new,
        "known_findings": len(out_findings) - new,
        "limits_binary": facts.get("limits_binary") or None,
        "uncounted": uncounted,
        "uncounted_failures": len(uncounted),
        "status": "error" if error else ("new finding" if new else (
            "known finding" if out_findings else "ok")),
        "error": error,
    }


def sanitizers(build_dir):
    path = os.path.join(build_dir, "meson-info", "intro-buildoptions.json")
    try:
        with open(path) as f:
            for option in json.load(f):
                if option.get("name") == "fuzz_sanitizers":
                    return option.get("value") or "none"
    except (OSError, ValueError):
        pass
    return "as built (not a meson build dir)"


def git(root, *argv):
    try:
        return subprocess.run(["git", "-C", root] + list(argv), capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def number(n):
    return "–" if n is None else "{:,}".format(n)


def figures(m):
    """A measurement as text: CPU seconds and peak MiB (and why it stopped)."""
    if not m:
        return "not measured"
    text = "%.2f s CPU, %.0f MiB" % (m["cpu_s"], m["peak_rss_mb"])
    if m.get("stopped"):
        text += " (stopped at the %s)" % {"cpu": "CPU limit", "rss": "RSS limit",
                                          "wall": "wall-clock cap"}.get(m["stopped"], m["stopped"])
    elif "failed" in m.get("over", []):
        text += " (failed, exit %d)" % m["exit"]
    return text


def markdown(summary):
    s = summary
    out = ["# Nightly fuzzing, %s" % s["finished"], ""]
    out.append("Commit `%s`%s; build `%s` (sanitizers: %s). Budget %d s a target; limits: "
               "%d MB RSS and %d s an input, `-max_len` from `fuzz/<target>.options`." %
               (s["commit"] or "?", " with local changes" if s["dirty"] else "", s["build_dir"],
                s["sanitizers"], s["budget_seconds"], s["limits"]["rss_limit_mb"],
                s["limits"]["timeout_seconds"]))
    out += ["", "| target | time (s) | executions | exec/s | cov | ft | corpus files | "
            "corpus KiB | new findings | known | not counted | status |",
            "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for t in s["targets"]:
        out.append("| %s | %.0f | %s | %s | %s | %s | %s | %.1f | %d | %d | %d | %s |" % (
            t["target"], t["seconds"], number(t["executions"]), number(t["exec_per_s"]),
            number(t["cov"]), number(t["ft"]), number(t["corpus_files"]),
            t["corpus_bytes"] / 1024.0, t["new_findings"], t["known_findings"],
            t.get("uncounted_failures", 0), t["status"]))
    tot = s["totals"]
    out += ["", "Totals: %s executions in %.0f s; %d new and %d known findings; %d resource "
            "failure(s) not counted." % (number(tot["executions"]), tot["seconds"],
                                       tot["new_findings"], tot["known_findings"],
                                       tot.get("uncounted_failures", 0)), ""]
    out.append("cov and ft are libFuzzer's edge and feature counts at the end of the run "
               "(at start-up, from the corpus and seeds: %s). Peak RSS: %s MB; slowest input: "
               "%s s." % (", ".join("%s %s/%s" % (t["target"], number(t["cov_at_start"]),
                                                   number(t["ft_at_start"]))
                                     for t in s["targets"]),
                          max((t["peak_rss_mb"] for t in s["targets"]), default=0),
                          max((t["slowest_unit_s"] for t in s["targets"]), default=0)))
    limits = s["limits"]
    out += ["", "Which failures count: every crash and leak. A timeout or out-of-memory "
            "failure (libFuzzer's -timeout is wall-clock time, and a loaded machine starves "
            "the fuzzer) counts only when its input, replayed alone, needs more than %d s of "
            "CPU time (user + system) or more than %d MiB peak RSS, or fails otherwise" %
            (limits["timeout_seconds"], limits["rss_limit_mb"])]
    if s.get("limits_build_dir"):
        out[-1] += (", in the fuzzing build and again in `%s` (sanitizers: %s), where the "
                    "limits are measured: they bound the implementation, not the "
                    "instrumentation (ASan and UBSan cost 2 to 5 times the time, ASan more "
                    "memory)." % (s["limits_build_dir"], s.get("limits_build_sanitizers")))
    else:
        out[-1] += (" (measured in the fuzzing build, sanitizers included: no "
                    "`--limits-build-dir` was given).")
    out += ["", "## Findings", ""]
    any_finding = False
    for t in s["targets"]:
        if t["error"]:
            out.append("- **%s: %s**" % (t["target"], t["error"]))
            any_finding = True
        for f in t["findings"]:
            any_finding = True
            state = "known (already in fuzz/regressions)" if f["known"] else "**new**"
            out.append("- %s `%s` %s, %s: %s" % (t["target"], f["signature"], f["kind"], state,
                                                  f["message"] or "(no message)"))
            if f["frames"]:
                out.append("  - stack: %s" % " ← ".join("`%s`" % fr for fr in f["frames"]))
            out.append("  - input: %d bytes, SHA-1 `%s`, seen %d time(s)" %
                       (f["input_size"], f["input_sha1"], f["count"]))
            check = f.get("resource_check")
            if check:
                line = "  - re-measured: %s; fuzzing build: %s" % (check["verdict"],
                                                                figures(check["measured"]))
                if check.get("limits_build_measured"):
                    line += "; without sanitizers: %s" % figures(check["limits_build_measured"])
                out.append(line)
            if not f["known"]:
                out.append("  - keep it: `cp %s %s`, add a line to that folder's README.md, "
                           "fix the bug" % (f["input"], f["regression_path"]))
    if not any_finding:
        out.append("None.")
    uncounted = [(t["target"], u) for t in s["targets"] for u in t.get("uncounted", [])]
    if uncounted:
        out += ["", "## Resource failures not counted", "",
                "Reported by libFuzzer, within the limits when re-measured (no findings):", "",
                "| target | kind | input (SHA-1) | bytes | verdict | fuzzing build | "
                "without sanitizers |", "|---|---|---|--:|---|---|---|"]
        for target, u in uncounted:
            out.append("| %s | %s | `%s` | %d | %s | %s | %s |" % (
                target, u["kind"], u["sha1"], u["size"], u["verdict"], figures(u["measured"]),
                figures(u["limits_build_measured"]) if u.get("limits_build_measured") else "–"))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag in ("--root", "--work-dir", "--corpus-dir", "--build-dir", "--targets", "--json",
                 "--markdown"):
        ap.add_argument(flag, required=True)
    ap.add_argument("--budget", type=int, required=True)
    ap.add_argument("--rss-limit-mb", type=int, required=True)
    ap.add_argument("--timeout", type=int, required=True)
    ap.add_argument("--limits-build-dir", default="",
                    help="the build without sanitizers resource failures were re-measured in")
    ap.add_argument("--limits-build-sanitizers", default="",
                    help="what the script found about that build's sanitizers")
    args = ap.parse_args()

    targets = []
    for target in args.targets.split(","):
        regressions = os.path.join(args.root, "fuzz", "regressions", target)
        # Every stored finding counts as known, the slow/ ones included.
        known = {sha1_file(os.path.join(d, f)) for d, _, files in os.walk(regressions)
                 for f in files if f != "README.md"}
        targets.append(target_summary(args, target, known))
    totals = {k: sum(t[k] for t in targets)
              for k in ("executions", "new_findings", "known_findings", "uncounted_failures")}
    totals["seconds"] = round(sum(t["seconds"] for t in targets), 1)
    summary = {
        "tool": "tools/fuzz_nightly.sh",
        "finished": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": git(args.root, "rev-parse", "--short=12", "HEAD"),
        "dirty": bool(git(args.root, "status", "--porcelain", "--untracked-files=no")),
        "build_dir": os.path.abspath(args.build_dir),
        "sanitizers": sanitizers(args.build_dir),
        "limits_build_dir": os.path.abspath(args.limits_build_dir) if args.limits_build_dir
        else None,
        "limits_build_sanitizers": args.limits_build_sanitizers or None,
        "work_dir": args.work_dir,
        "corpus_dir": args.corpus_dir,
        "budget_seconds": args.budget,
        "limits": {"rss_limit_mb": args.rss_limit_mb, "timeout_seconds": args.timeout,
                   "max_len": {t["target"]: t["max_len"] for t in targets}},
        "targets": targets,
        "totals": totals,
    }
    exit_code = 1 if totals["new_findings"] else (3 if any(t["error"] for t in targets) else 0)
    summary["exit_code"] = exit_code
    with open(args.json, "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    with open(args.markdown, "w") as f:
        f.write(markdown(summary))
    print(markdown(summary))
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
