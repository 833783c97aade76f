#!/usr/bin/env python3
"""Re-measures one failing input: runs one command alone, CPU time and peak RSS.

libFuzzer's -timeout is wall-clock time, so on a loaded machine an input
that needs a fraction of a second of CPU can be reported as a timeout.
tools/fuzz_nightly.sh therefore replays every timeout-/oom- artifact with
this script before it counts: the command (a fuzz binary or a replay driver
with the one input) runs as one process, polled every --poll seconds, and
is stopped as soon as its CPU time (user + system) exceeds --timeout or its
peak RSS exceeds --rss-limit-mb (the answer is known then), or after
--wall-cap seconds of wall-clock time (a starved replay: undecided, counted
as over the limits). The figures include the process's start-up and exit
(for a sanitized build, LeakSanitizer's check), a few hundredths of a second.

The result, as JSON (--json): cpu_s, user_s, sys_s, peak_rss_mb, wall_s,
exit (exit code, or -N for signal N), stopped (null, "cpu", "rss" or
"wall"), over (why it breaches the limits: "cpu", "rss", "failed" for a
non-zero exit of its own, "wall-cap"; empty when within the limits).

Exit status: 0 within the limits, 1 over them, 2 on a usage error.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def proc_usage(pid):
    """(CPU seconds, peak RSS in MiB) of a running process, from /proc."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            # the fields after the command name, which may hold spaces
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime
        hwm = 0
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    hwm = int(line.split()[1])  # kB
        return cpu, hwm / 1024.0
    except (OSError, IndexError, ValueError):
        return 0.0, 0.0  # exited meanwhile


def measure(argv, timeout, rss_limit_mb, wall_cap=None, log_path=None, poll=0.1):
    """Runs argv alone and returns its measurement (see the module's text)."""
    if wall_cap is None:
        wall_cap = max(60.0, 10.0 * timeout)
    log = open(log_path, "wb") if log_path else subprocess.DEVNULL
    start = time.monotonic()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT)
    finally:
        if log_path:
            log.close()
    stopped = None
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        cpu, rss = proc_usage(proc.pid)
        wall = time.monotonic() - start
        if stopped is None:
            if cpu > timeout:
                stopped = "cpu"
            elif rss > rss_limit_mb:
                stopped = "rss"
            elif wall > wall_cap:
                stopped = "wall"
            if stopped:
                proc.send_signal(signal.SIGKILL)
        time.sleep(poll)
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    wall = time.monotonic() - start
    result = {
        "argv": [str(a) for a in argv],
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
        "user_s": round(usage.ru_utime, 3),
        "sys_s": round(usage.ru_stime, 3),
        "peak_rss_mb": round(usage.ru_maxrss / 1024.0, 1),  # ru_maxrss is in KiB
        "wall_s": round(wall, 3),
        "exit": proc.returncode,
        "stopped": stopped,
        "timeout_s": timeout,
        "rss_limit_mb": rss_limit_mb,
        "wall_cap_s": wall_cap,
    }
    over = []
    if result["cpu_s"] > timeout or stopped == "cpu":
        over.append("cpu")
    if result["peak_rss_mb"] > rss_limit_mb or stopped == "rss":
        over.append("rss")
    if stopped == "wall" and not over:
        over.append("wall-cap")
    if stopped is None and proc.returncode != 0:
        over.append("failed")  # it failed on its own: an error, or libFuzzer's malloc limit
    result["over"] = over
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeout", type=float, required=True, help="CPU seconds allowed")
    ap.add_argument("--rss-limit-mb", type=float, required=True, help="peak RSS allowed, MiB")
    ap.add_argument("--wall-cap", type=float, help="stop after this many wall-clock seconds "
                    "(default: 10 x --timeout, at least 60)")
    ap.add_argument("--json", help="write the result here (default: stdout)")
    ap.add_argument("--log", help="the command's output (default: discarded)")
    ap.add_argument("command", nargs="+", help="the command and its arguments, after --")
    args = ap.parse_args()
    try:
        result = measure(args.command, args.timeout, args.rss_limit_mb, args.wall_cap, args.log)
    except OSError as e:
        print("measure: cannot run %s: %s" % (args.command[0], e), file=sys.stderr)
        return 2
    text = json.dumps(result, indent=1) + "\n"
    if args.json:
        with open(args.json, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 1 if result["over"] else 0


if __name__ == "__main__":
    sys.exit(main())
