"""What the report scripts of tools/bench share (arrangement_scaling.sh,
region_ratio.sh): running a Google Benchmark program with repetitions,
reading its JSON output, and printing times, memory and ratios in Markdown.
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

TO_S = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def arguments(argv, default_repetitions):
    """The report script's arguments, argv = [SCRIPT, BENCH, [REPETITIONS],
    [BENCH FLAGS...]], as (bench, repetitions, flags)."""
    if len(argv) < 2:
        print(f"usage: {argv[0]} PATH/TO/BENCH [REPETITIONS (default {default_repetitions})] "
              "[BENCH FLAGS...]", file=sys.stderr)
        sys.exit(2)
    repetitions = argv[2] if len(argv) > 2 else str(default_repetitions)
    return argv[1], repetitions, argv[3:]


def run(bench, repetitions, flags=()):
    """Runs `bench` (its own flags first) `repetitions` times per benchmark,
    in random interleaving (a slow spell of a shared machine then hits every
    benchmark alike), and returns its JSON report. Stops with the benchmark's
    stderr when it fails; lines of stderr that report a failed benchmark are
    shown."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        p = subprocess.run(
            [bench, *flags, f"--benchmark_repetitions={repetitions}",
             "--benchmark_enable_random_interleaving=true",
             f"--benchmark_out={out}", "--benchmark_out_format=json"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
            sys.exit(1)
        for line in p.stderr.splitlines():
            if "failed" in line.lower():
                print(line, file=sys.stderr)
        with open(out) as f:
            return json.load(f)


def output_of(bench, *flags, ok_codes=(0,)):
    """The standard output of `bench` run with `flags` (a mode that prints
    and exits, such as --tilemap-stats); stops when its exit status is not
    in ok_codes."""
    p = subprocess.run([bench, *flags], capture_output=True, text=True)
    if p.returncode not in ok_codes:
        sys.stdout.write(p.stdout)
        sys.stderr.write(p.stderr)
        sys.exit(f"{bench} {' '.join(flags)} failed (exit {p.returncode})")
    return p.stdout


def collect(report, counters, manual_time_cases=(), per_repetition=()):
    """case -> argument -> {"cpu": [seconds, one per repetition], counter:
    value..., "error": message}, from benchmarks named BM_<case>/<argument>.
    The cases in manual_time_cases report their time as manual (real) time.
    The counters in per_repetition are kept as lists, one value per
    repetition (the others are the same in every repetition)."""
    runs = {}
    for b in report["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        name = b["run_name"].split("/")
        case, arg = name[0][len("BM_"):], int(name[1])
        entry = runs.setdefault(case, {}).setdefault(arg, {"cpu": []})
        if b.get("error_occurred"):
            entry["error"] = b.get("error_message", "error")
            continue
        t = b["real_time"] if case in manual_time_cases else b["cpu_time"]
        entry["cpu"].append(t * TO_S[b["time_unit"]])
        for k in counters:
            if k in b:
                entry[k] = b[k]
        for k in per_repetition:
            if k in b:
                entry.setdefault(k, []).append(b[k])
    return runs


def median(entry, key="cpu"):
    """The median of a list of the entry's (its times by default); None when
    there is none (a failed benchmark)."""
    return statistics.median(entry[key]) if entry.get(key) else None


def median_of(runs, case, arg):
    """The median time of one case at one argument; None when it did not run."""
    e = runs.get(case, {}).get(arg)
    return median(e) if e else None


def quotient(a, b):
    """a / b to three digits; empty when either is missing or b is 0."""
    return f"{a / b:.3g}" if a is not None and b else ""


def fmt_median_time(entry, key="cpu"):
    """The median time, or FAILED with the benchmark's error."""
    t = median(entry, key)
    if t is None:
        return f"FAILED: {entry.get('error', '?')}"
    return fmt_time(t) + (f" (a run FAILED: {entry['error']})" if "error" in entry else "")


def fmt_time(s):
    return f"{s * 1e3:.3g} ms" if s < 1 else f"{s:.3g} s"


def fmt_mib(entry, key):
    return f"{entry[key]:.1f} MiB" if key in entry else "n/a"


def exponent(points):
    """Least-squares slope of log(time) on log(n) over (n, time) points."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def machine_line(report):
    ctx = report["context"]
    return (f"{ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at "
            f"{ctx.get('mhz_per_cpu', '?')} MHz, {ctx.get('date', '')}; times are the median "
            f"CPU time over the repetitions.")


def ratio_table(runs, title, ours, peer):
    """Times of two cases at equal arguments and their ratios."""
    if ours not in runs or peer not in runs:
        return
    rows = []
    for arg in sorted(set(runs[ours]) & set(runs[peer])):
        a, b = median(runs[ours][arg]), median(runs[peer][arg])
        if a is None or b is None:
            rows.append(f"| {arg} | | | failed | |")
            continue
        rows.append(f"| {arg} | {fmt_time(a)} | {fmt_time(b)} | {a / b:.3g} | {b / a:.3g} |")
    if rows:
        print(f"### {title}\n")
        print("| argument | ours | peer | ours / peer | peer / ours |")
        print("| --- | --- | --- | --- | --- |")
        print("\n".join(rows))
        print()


def ratios(a, b):
    """Ratios a / b of two entries' median times, peak RSS and the calls' own
    memory; None where either side has no figure."""
    ta, tb = median(a), median(b)
    out = [ta / tb if ta is not None and tb else None]
    for key in ("peak_MiB", "delta_MiB"):
        out.append(a[key] / b[key] if key in a and key in b and b[key] > 0 else None)
    return out


def fmt_ratio(r):
    return "" if r is None else f"{r:.3g}"


def time_and_memory_table(runs, title, ours, peer, peer_name):
    """Time, peak RSS and the call's own memory of two cases at equal
    arguments, each with its ratio ours / peer."""
    if ours not in runs or peer not in runs:
        return
    print(f"### {title}\n")
    print(f"| argument | time ours | {peer_name} | ratio | peak RSS ours | {peer_name} | ratio "
          f"| call's own ours | {peer_name} | ratio |")
    print("| --- " * 10 + "|")
    for arg in sorted(set(runs[ours]) & set(runs[peer])):
        a, b = runs[ours][arg], runs[peer][arg]
        r = ratios(a, b)
        cells = [str(arg)]
        for k, key in enumerate((None, "peak_MiB", "delta_MiB")):
            if key is None:
                cells += [fmt_median_time(e) for e in (a, b)]
            else:
                cells += [fmt_mib(a, key), fmt_mib(b, key)]
            cells.append(fmt_ratio(r[k]))
        print("| " + " | ".join(cells) + " |")
    print()
