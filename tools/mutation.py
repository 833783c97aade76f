#!/usr/bin/env python3
"""Mutation check of the golden vectors: how many single-site faults of
src/ the golden replay catches, per spec chapter, and which it misses.

For each mutant (one fault at one place: tools/quality/mutants.py lists the
operators) it writes the faulty file into a private copy of the
repository (WORK/tree-K; the checkout itself is never changed), rebuilds
only `onepath` there, and replays the golden vectors with it (`onepath
conformance`, with --source-dir pointing at this checkout's golden/). A
mutant is

  killed      the replay failed (a vector or derived check failed, the
              program crashed, or it ran past --timeout: a hang is killed)
  survived    the replay passed
  equivalent  the rebuilt program is byte for byte the unmutated one (the
              compiler proved the fault changes nothing), not counted
  argued      it survived, and tools/quality/equivalent-mutants.txt argues
              that no input can tell it from the reference (an entry per
              mutant: the mutated line before and after, and why), not
              counted; an entry that matches no mutant of the source is an
              error (the code moved: argue again)
  stillborn   it did not compile, not counted

--bounds-checks builds the copies with -D_GLIBCXX_ASSERTIONS: an index out
of a std::vector's bounds aborts, as it would in a port written in a
bounds-checked language, so a mutant whose only effect is reading or
writing past the end is killed rather than surviving by luck. The checks
only add aborts, so a stored result "killed" without them stands with them;
every other result is run again in that mode.

Kill rate = killed / (killed + survived), per chapter (the clause cited
nearest above the line: tools/quality/srcmap.py) and overall; mutants in
the result-neutral code of tools/quality/result-neutral.txt get rows of
their own. A full run takes many hours on two cores: --sample picks N
mutants at random (--seed), --budget stops starting new ones after that
many seconds, and a later run with the same work dir resumes: a mutant
whose result is stored (WORK/results.jsonl, keyed by the file's content) is
not run again.

Writes WORK/report.md, WORK/summary.json and WORK/survivors.txt (one line
per surviving mutant: file:line, operator, the line before and after).

Exit status: 0 when the run finished (whatever the kill rate), 1 when the
unmutated reference fails its own golden replay, 2 on a usage or build
error, 130 when interrupted (the copies are restored; rerun to resume).
"""
import argparse
import collections
import datetime
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "quality"))
import mutants as mutants_mod  # noqa: E402
import srcmap  # noqa: E402


def die(msg):
    print(f"mutation: {msg}", file=sys.stderr)
    sys.exit(2)


def positive_int(s):
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s}")
    if v < 0:
        raise argparse.ArgumentTypeError(f"negative: {s}")
    return v


class UsageParser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"mutation: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def parse_args(argv):
    p = UsageParser(
        prog="tools/mutation.py",
        description=__doc__,
        epilog="Example (the nightly sample, about 40 minutes on two cores): "
               "nice -n 19 tools/mutation.py --sample 120 --budget 2400 --jobs 2",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sample", type=positive_int, default=100, metavar="N",
                   help="mutants to run, picked at random (default 100; 0: every mutant)")
    p.add_argument("--seed", type=positive_int, default=1,
                   help="the sample's random seed (default 1; the same seed, files and source "
                        "give the same mutants)")
    p.add_argument("--files", action="append", metavar="GLOB",
                   help="only files matching this pattern, relative to the repository "
                        "(repeatable; default src/*; e.g. 'src/onepath/geom2d/arrangement*')")
    p.add_argument("--operators", metavar="LIST",
                   help="comma-separated operators (default all: " + ",".join(mutants_mod.OPERATORS) + ")")
    p.add_argument("--jobs", type=positive_int, default=1,
                   help="mutants in parallel, each in its own copy and build (default 1)")
    p.add_argument("--build-jobs", type=positive_int, default=1, metavar="N",
                   help="ninja jobs per build (default 1)")
    p.add_argument("--work-dir", default=os.path.join(ROOT, "build", "mutation"), metavar="DIR",
                   help="copies, builds, results (default build/mutation); results there are reused")
    p.add_argument("--timeout", type=positive_int, default=0, metavar="SECONDS",
                   help="replay time after which a mutant counts as hanging, and killed "
                        "(default: 5 x the unmutated replay, at least 60)")
    p.add_argument("--budget", type=positive_int, default=0, metavar="SECONDS",
                   help="start no mutant after this much time (default 0: no limit); "
                        "the rest run when resumed")
    p.add_argument("--no-metamorphic", action="store_true",
                   help="replay the stored vectors only, not their derived checks")
    p.add_argument("--bounds-checks", action="store_true",
                   help="build with -D_GLIBCXX_ASSERTIONS (std::vector indices checked); reuses "
                        "stored kills, runs the other mutants again")
    p.add_argument("--fresh", action="store_true", help="forget the stored results first")
    p.add_argument("--list", action="store_true", help="print the selected mutants and exit")
    p.add_argument("--report-only", action="store_true",
                   help="write the report from the stored results, run nothing")
    a = p.parse_args(argv)
    ops = mutants_mod.OPERATORS
    if a.operators:
        ops = [o.strip() for o in a.operators.split(",") if o.strip()]
        bad = [o for o in ops if o not in mutants_mod.OPERATORS]
        if bad or not ops:
            p.error(f"unknown operator {','.join(bad) or '(none)'}; "
                    f"known: {','.join(mutants_mod.OPERATORS)}")
    a.operators_given = bool(a.operators)
    a.operators = ops
    if a.jobs < 1:
        p.error("--jobs must be at least 1")
    a.build_jobs = max(a.build_jobs, 1)
    a.work_dir = os.path.abspath(a.work_dir)
    if os.path.commonpath([a.work_dir, os.path.join(ROOT, "src")]) == os.path.join(ROOT, "src"):
        p.error("--work-dir must not be inside src/")
    return a


# --- the mutants ------------------------------------------------------------------

EQUIVALENTS = os.path.join(ROOT, "tools", "quality", "equivalent-mutants.txt")


def load_equivalents():
    try:
        return mutants_mod.load_equivalents(EQUIVALENTS)
    except ValueError as e:
        die(str(e))


def all_mutants(args):
    files = srcmap.source_files(ROOT, args.files or ["src/*"])
    if not files:
        die(f"no file of src/ matches {' '.join(args.files)} (--files)")
    out = []
    for rel in files:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            out.extend(mutants_mod.mutants_of(rel, f.read(), args.operators))
    return out


def select(mutants, args):
    """The sample, in a random order: a run cut short by --budget has run a
    random part of it."""
    n = args.sample if args.sample and args.sample < len(mutants) else len(mutants)
    return random.Random(args.seed).sample(mutants, n)


class Where:
    """Chapter, clause and result-neutral entry of a mutant's line."""

    def __init__(self):
        self.clauses = srcmap.load_clauses(ROOT)
        try:
            self.neutral = srcmap.Neutral(ROOT, os.path.join(ROOT, "tools", "quality", "result-neutral.txt"))
        except ValueError as e:
            die(str(e))
        self.maps = {}

    def of(self, m):
        if m.file not in self.maps:
            with open(os.path.join(ROOT, m.file), encoding="utf-8") as f:
                self.maps[m.file] = srcmap.FileMap(m.file, f.read().split("\n"), self.clauses)
        fm = self.maps[m.file]
        n = self.neutral.find(m.file, m.line)
        chapter = fm.chapter[m.line]
        if n:
            chapter = f"result-neutral ({n[3]})"
        return chapter, fm.clause[m.line]


# --- copies and builds ---------------------------------------------------------------

def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         check=True, capture_output=True).stdout.decode().split("\0")
    # golden/ is read from the checkout (--source-dir), not from the copy.
    return [f for f in out if f and not f.startswith(("golden/", "build/")) and
            os.path.isfile(os.path.join(ROOT, f))]


def sync_tree(tree):
    """Make the copy's files equal to the checkout's, writing only those
    that differ (so that a resumed run rebuilds little)."""
    for rel in tracked_files():
        src, dst = os.path.join(ROOT, rel), os.path.join(tree, rel)
        with open(src, "rb") as f:
            data = f.read()
        try:
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        except OSError:
            pass
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class Stopped(Exception):
    pass


class Runner:
    """Runs commands in their own process groups, so that an interrupt or a
    timeout stops everything they started."""

    def __init__(self):
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.procs = set()

    def run(self, cmd, timeout=None, env=None, log=None):
        """(exit status or None on timeout, output, seconds)."""
        if self.stop.is_set():
            raise Stopped()
        t0 = time.monotonic()
        with open(log, "wb") if log else open(os.devnull, "wb") as out:
            p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
            with self.lock:
                self.procs.add(p)
            try:
                rc = p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill(p)
                rc = None
            finally:
                with self.lock:
                    self.procs.discard(p)
        if self.stop.is_set():
            raise Stopped()
        text = ""
        if log:
            with open(log, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        return rc, text, time.monotonic() - t0

    @staticmethod
    def kill(p):
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()

    def interrupt(self):
        self.stop.set()
        with self.lock:
            procs = list(self.procs)
        for p in procs:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class Worker:
    def __init__(self, k, args, runner):
        self.k = k
        self.args = args
        self.runner = runner
        self.tree = os.path.join(args.work_dir, f"tree-{k}")
        # The build inside the copy: every copy's compile commands are the
        # same, so ccache builds the second copy from the first.
        self.build = os.path.join(self.tree, "build",
                                  "mutation-bounds" if args.bounds_checks else "mutation")
        self.logs = os.path.join(args.work_dir, f"logs-{k}")
        self.binary = os.path.join(self.build, "tools", "onepath")
        self.baseline = None

    def env(self, store):
        e = dict(os.environ)
        if not store:
            e["CCACHE_READONLY"] = "1"  # mutants do not go into the shared cache
        return e

    def prepare(self):
        os.makedirs(self.tree, exist_ok=True)
        os.makedirs(self.logs, exist_ok=True)
        sync_tree(self.tree)
        if not os.path.isfile(os.path.join(self.build, "build.ninja")):
            cxx, cc = "g++", "gcc"
            if shutil.which("ccache"):
                cxx, cc = "ccache g++", "ccache gcc"
            env = self.env(True)
            env.update(CXX=cxx, CC=cc)
            setup = ["meson", "setup", self.build, self.tree, "-Dtests=false", "-Doracles=false",
                     "-Doptimization=2", "-Ddebug=false"]
            if self.args.bounds_checks:
                setup.append("-Dcpp_args=-D_GLIBCXX_ASSERTIONS")
            rc, _, _ = self.runner.run(setup,
                env=env, log=os.path.join(self.logs, "configure.log"))
            if rc != 0:
                die(f"meson setup failed: {self.logs}/configure.log")
        rc, _, _ = self.runner.run(["ninja", "-C", self.build, "-j", str(self.args.build_jobs), "tools/onepath"],
                                   env=self.env(True), log=os.path.join(self.logs, "build.log"))
        if rc != 0:
            die(f"the unmutated build failed: {self.logs}/build.log")
        self.baseline = sha256_file(self.binary)

    def replay_cmd(self):
        cmd = [self.binary, "conformance", "--quiet", "--source-dir", ROOT,
               "--report-dir", os.path.join(self.args.work_dir, f"report-{self.k}")]
        if self.args.no_metamorphic:
            cmd.append("--no-metamorphic")
        return cmd

    def replay(self, timeout):
        return self.runner.run(self.replay_cmd(), timeout=timeout, log=os.path.join(self.logs, "replay.log"))

    def run_mutant(self, m, timeout):
        path = os.path.join(self.tree, m.file)
        with open(path, encoding="utf-8") as f:
            original = f.read()
        t0 = time.monotonic()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(m.apply(original))
            rc, out, _ = self.runner.run(["ninja", "-C", self.build, "-j", str(self.args.build_jobs), "tools/onepath"],
                                         timeout=1800, env=self.env(False),
                                         log=os.path.join(self.logs, "mutant-build.log"))
            if rc != 0:
                return {"status": "stillborn", "detail": "does not compile" if rc else "build timed out",
                        "seconds": round(time.monotonic() - t0, 1)}
            if sha256_file(self.binary) == self.baseline:
                return {"status": "equivalent", "detail": "same program as unmutated",
                        "seconds": round(time.monotonic() - t0, 1)}
            rc, out, secs = self.replay(timeout)
            if rc is None:
                status, detail = "killed", f"hang: no end within {timeout} s"
            elif rc == 0:
                status, detail = "survived", ""
            elif rc < 0:
                status, detail = "killed", f"crash: signal {-rc}"
            else:
                fails = [ln for ln in out.splitlines() if ln.startswith("FAIL")]
                detail = f"exit {rc}"
                if fails:
                    detail = f"{len(fails)} FAIL lines; first: {fails[0][:200]}"
                else:
                    tail = [ln for ln in out.splitlines() if ln.strip()][-1:] or [""]
                    detail += ": " + tail[0][:200]
                status = "killed"
            return {"status": status, "detail": detail, "seconds": round(time.monotonic() - t0, 1),
                    "replay_seconds": round(secs, 1)}
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)


# --- results and report ------------------------------------------------------------------

def load_results(path, bounds_checks=False):
    """The stored result of each mutant for this mode (with or without
    bounds checks); with them, a kill stored without them counts too (the
    checks only add aborts)."""
    out, reused = {}, {}
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    try:
                        r = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut by an interrupt
                    if bool(r.get("bounds_checks")) == bounds_checks:
                        out[r["id"]] = r
                    elif bounds_checks and r["status"] == "killed":
                        reused[r["id"]] = r
    for k, r in reused.items():
        out.setdefault(k, r)
    return out


def record(m, where, result, bounds_checks=False):
    chapter, clause = where.of(m)
    r = {"id": m.id, "file": m.file, "line": m.line, "op": m.op, "before": m.before, "after": m.after,
         "chapter": chapter, "clause": clause}
    if bounds_checks:
        r["bounds_checks"] = True
    r.update(result)
    return r


def pct(k, n):
    return None if n == 0 else round(100.0 * k / n, 1)


def summarize(selected, results, args, meta, equivalents=None, where=None):
    """The report's figures; `where` (today's result-neutral list and
    clauses) re-files stored results by chapter, so that a report written
    again after result-neutral.txt changed follows the new list."""
    equivalents = equivalents or {}
    rows = collections.OrderedDict()
    total = collections.Counter()
    survivors = []
    argued = []
    for m in selected:
        r = results.get(m.id)
        if not r:
            total["not run"] += 1
            continue
        if where is not None:
            r = dict(r)
            r["chapter"], r["clause"] = where.of(m)
        status = r["status"]
        if status == "survived" and m.key in equivalents:
            status = "argued"
            argued.append(dict(r, why=equivalents[m.key]))
        c = rows.setdefault(r["chapter"], collections.Counter())
        c[status] += 1
        total[status] += 1
        if status == "survived":
            survivors.append(r)
    chapters = []
    for name in sorted(rows, key=lambda x: (x.startswith("result-neutral"), x)):
        c = rows[name]
        chapters.append({"chapter": name, "killed": c["killed"], "survived": c["survived"],
                         "equivalent": c["equivalent"], "argued": c["argued"], "stillborn": c["stillborn"],
                         "kill_rate_pct": pct(c["killed"], c["killed"] + c["survived"])})
    normative = [x for x in chapters if not x["chapter"].startswith("result-neutral")]
    nk = sum(x["killed"] for x in normative)
    ns = sum(x["survived"] for x in normative)
    return {
        "generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "selected": len(selected), "of_all": meta["all"], "seed": args.seed, "sample": args.sample,
        "files": args.files or ["src/*"], "operators": args.operators,
        "metamorphic": not args.no_metamorphic, "bounds_checks": args.bounds_checks,
        "timeout_seconds": meta.get("timeout"),
        "baseline_replay_seconds": meta.get("baseline"),
        "killed": total["killed"], "survived": total["survived"], "equivalent": total["equivalent"],
        "argued": total["argued"], "stillborn": total["stillborn"], "not_run": total["not run"],
        "kill_rate_pct": pct(total["killed"], total["killed"] + total["survived"]),
        "normative_kill_rate_pct": pct(nk, nk + ns),
        "chapters": chapters,
        "survivors": [{k: r[k] for k in ("file", "line", "op", "before", "after", "chapter", "clause")}
                      for r in survivors],
        "argued_equivalent": [{k: r[k] for k in ("file", "line", "op", "before", "after", "chapter", "why")}
                              for r in argued],
    }


def write_report(s, work):
    with open(os.path.join(work, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(s, f, indent=1)
        f.write("\n")
    with open(os.path.join(work, "survivors.txt"), "w", encoding="utf-8") as f:
        for r in s["survivors"]:
            f.write(f"{r['file']}:{r['line']}: {r['op']}: `{r['before']}` -> `{r['after']}`"
                    f"  [{r['chapter']}; {r['clause'] or 'no clause cited'}]\n")
    run = s["killed"] + s["survived"]
    lines = [
        "## Mutation check of the golden vectors",
        "",
        f"{s['generated']}: {s['selected']} mutants sampled (seed {s['seed']}) of {s['of_all']} in "
        f"{', '.join(s['files'])}; operators {','.join(s['operators'])}; replay "
        f"{'with' if s['metamorphic'] else 'without'} derived checks"
        f"{'; bounds checks (-D_GLIBCXX_ASSERTIONS; kills stored without them reused)' if s.get('bounds_checks') else ''}.",
        "",
        f"**Kill rate {s['kill_rate_pct']} %** ({s['killed']} killed of {run}; normative code: "
        f"{s['normative_kill_rate_pct']} %); {s['equivalent']} equivalent (same program), "
        f"{s['argued']} argued equivalent (tools/quality/equivalent-mutants.txt), {s['stillborn']} stillborn (do not compile), {s['not_run']} not run yet.",
        "",
        "| chapter | killed | survived | kill rate | equivalent | argued | stillborn |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for c in s["chapters"]:
        rate = "–" if c["kill_rate_pct"] is None else f"{c['kill_rate_pct']} %"
        lines.append(f"| {c['chapter']} | {c['killed']} | {c['survived']} | {rate} | "
                     f"{c['equivalent']} | {c['argued']} | {c['stillborn']} |")
    lines += ["", f"### Survivors ({len(s['survivors'])})", ""]
    for r in s["survivors"]:
        lines.append(f"- `{r['file']}:{r['line']}` {r['op']} ({r['clause'] or r['chapter']}): "
                     f"`{r['before']}` → `{r['after']}`")
    lines += ["", f"### Argued equivalent ({len(s['argued_equivalent'])})", ""]
    for r in s["argued_equivalent"]:
        lines.append(f"- `{r['file']}:{r['line']}` {r['op']}: `{r['before']}` → `{r['after']}`: {r['why']}")
    with open(os.path.join(work, "report.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# --- main ---------------------------------------------------------------------------------

def main(argv):
    args = parse_args(argv)
    os.makedirs(args.work_dir, exist_ok=True)
    results_path = os.path.join(args.work_dir, "results.jsonl")
    if args.fresh and os.path.exists(results_path):
        os.remove(results_path)
    every = all_mutants(args)
    equivalents = load_equivalents()
    if not args.files and not args.operators_given:
        stale = mutants_mod.stale_equivalents(equivalents, every)
        if stale:
            die(f"{EQUIVALENTS}: {len(stale)} entr{'y' if len(stale) == 1 else 'ies'} match no mutant "
                f"of the source (the code changed: argue again or remove): {stale[0]}")
    selected = select(every, args)
    where = Where()
    if args.list:
        for m in selected:
            chapter, clause = where.of(m)
            print(f"{m.id} {m.describe()}  [{chapter}; {clause or '-'}]")
        return 0
    results = load_results(results_path, args.bounds_checks)
    meta = {"all": len(every)}
    meta_path = os.path.join(args.work_dir, "meta.json")
    if os.path.isfile(meta_path):
        with open(meta_path) as f:
            meta.update({k: v for k, v in json.load(f).items() if k in ("baseline", "timeout")})
    todo = [m for m in selected if m.id not in results]
    print(f"mutation: {len(selected)} mutants selected of {len(every)}; "
          f"{len(selected) - len(todo)} have results, {len(todo)} to run")
    if args.report_only or not todo:
        write_report(summarize(selected, results, args, meta, equivalents, where), args.work_dir)
        print(f"mutation: {os.path.join(args.work_dir, 'report.md')}")
        return 0

    runner = Runner()

    def on_signal(signum, frame):
        print(f"\nmutation: interrupted (signal {signum}); restoring the copies", file=sys.stderr)
        runner.interrupt()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    workers = [Worker(k, args, runner) for k in range(min(args.jobs, len(todo)))]
    start = time.monotonic()
    try:
        print(f"mutation: preparing {len(workers)} cop{'y' if len(workers) == 1 else 'ies'} "
              f"under {args.work_dir} and building onepath")
        for w in workers:
            w.prepare()
        rc, out, secs = workers[0].replay(None)
        if rc != 0:
            print(f"mutation: the unmutated reference fails its golden replay (exit {rc}):\n{out[-2000:]}",
                  file=sys.stderr)
            return 1
        meta["baseline"] = round(secs, 1)
        meta["timeout"] = args.timeout or max(60, int(5 * secs) + 1)
        with open(meta_path, "w") as f:
            json.dump(meta, f)
        print(f"mutation: unmutated replay {secs:.1f} s; a mutant hangs after {meta['timeout']} s")
    except Stopped:
        return 130

    start = time.monotonic()
    queue = collections.deque(todo)
    qlock = threading.Lock()
    out_lock = threading.Lock()
    done = [0]

    def next_mutant():
        with qlock:
            if not queue or (args.budget and time.monotonic() - start > args.budget):
                return None
            return queue.popleft()

    def work(w):
        with open(results_path, "a", encoding="utf-8") as res:
            while not runner.stop.is_set():
                m = next_mutant()
                if m is None:
                    return
                try:
                    result = w.run_mutant(m, meta["timeout"])
                except Stopped:
                    return
                r = record(m, where, result, args.bounds_checks)
                with out_lock:
                    results[m.id] = r
                    res.write(json.dumps(r) + "\n")
                    res.flush()
                    done[0] += 1
                    elapsed = time.monotonic() - start
                    print(f"[{done[0]}/{len(todo)} {elapsed / 60:.0f} min] {r['status']:<10} "
                          f"{m.file}:{m.line} {m.op}: {m.after[:90]}", flush=True)

    threads = [threading.Thread(target=work, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        while t.is_alive():
            t.join(0.5)
    for w in workers:  # the copies as the checkout has them (run_mutant restores; this is a check)
        sync_tree(w.tree)
    s = summarize(selected, results, args, meta, equivalents, where)
    write_report(s, args.work_dir)
    print(f"mutation: kill rate {s['kill_rate_pct']} % ({s['killed']} killed, {s['survived']} survived, "
          f"{s['equivalent']} equivalent, {s['argued']} argued equivalent, {s['stillborn']} stillborn, {s['not_run']} not run)")
    print(f"mutation: {os.path.join(args.work_dir, 'report.md')}, survivors in "
          f"{os.path.join(args.work_dir, 'survivors.txt')}")
    return 130 if runner.stop.is_set() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
