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
        failures.append(entry)

    findings = {}
    for f in failures:
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


def markdown(summary):
    s = summary
    out = ["# Nightly fuzzing, %s" % s["finished"], ""]
    out.append("Commit `%s`%s; build `%s` (sanitizers: %s). Budget %d s a target; limits: "
               "%d MB RSS and %d s an input, `-max_len` from `fuzz/<target>.options`." %
               (s["commit"] or "?", " with local changes" if s["dirty"] else "", s["build_dir"],
                s["sanitizers"], s["budget_seconds"], s["limits"]["rss_limit_mb"],
                s["limits"]["timeout_seconds"]))
    out += ["", "| target | time (s) | executions | exec/s | cov | ft | corpus files | "
            "corpus KiB | new findings | known | status |",
            "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for t in s["targets"]:
        out.append("| %s | %.0f | %s | %s | %s | %s | %s | %.1f | %d | %d | %s |" % (
            t["target"], t["seconds"], number(t["executions"]), number(t["exec_per_s"]),
            number(t["cov"]), number(t["ft"]), number(t["corpus_files"]),
            t["corpus_bytes"] / 1024.0, t["new_findings"], t["known_findings"], t["status"]))
    tot = s["totals"]
    out += ["", "Totals: %s executions in %.0f s; %d new and %d known findings." %
            (number(tot["executions"]), tot["seconds"], tot["new_findings"],
             tot["known_findings"]), ""]
    out.append("cov and ft are libFuzzer's edge and feature counts at the end of the run "
               "(at start-up, from the corpus and seeds: %s). Peak RSS: %s MB; slowest input: "
               "%s s." % (", ".join("%s %s/%s" % (t["target"], number(t["cov_at_start"]),
                                                   number(t["ft_at_start"]))
                                     for t in s["targets"]),
                          max((t["peak_rss_mb"] for t in s["targets"]), default=0),
                          max((t["slowest_unit_s"] for t in s["targets"]), default=0)))
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
            if not f["known"]:
                out.append("  - keep it: `cp %s %s`, add a line to that folder's README.md, "
                           "fix the bug" % (f["input"], f["regression_path"]))
    if not any_finding:
        out.append("None.")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag in ("--root", "--work-dir", "--corpus-dir", "--build-dir", "--targets", "--json",
                 "--markdown"):
        ap.add_argument(flag, required=True)
    ap.add_argument("--budget", type=int, required=True)
    ap.add_argument("--rss-limit-mb", type=int, required=True)
    ap.add_argument("--timeout", type=int, required=True)
    args = ap.parse_args()

    targets = []
    for target in args.targets.split(","):
        regressions = os.path.join(args.root, "fuzz", "regressions", target)
        # Every stored finding counts as known, the slow/ ones included.
        known = {sha1_file(os.path.join(d, f)) for d, _, files in os.walk(regressions)
                 for f in files if f != "README.md"}
        targets.append(target_summary(args, target, known))
    totals = {k: sum(t[k] for t in targets)
              for k in ("executions", "new_findings", "known_findings")}
    totals["seconds"] = round(sum(t["seconds"] for t in targets), 1)
    summary = {
        "tool": "tools/fuzz_nightly.sh",
        "finished": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": git(args.root, "rev-parse", "--short=12", "HEAD"),
        "dirty": bool(git(args.root, "status", "--porcelain", "--untracked-files=no")),
        "build_dir": os.path.abspath(args.build_dir),
        "sanitizers": sanitizers(args.build_dir),
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
