#!/usr/bin/env python3
"""Checks that golden files differ from an earlier version in provenance only.

For a change that records more provenance (an oracle that now agrees) and
must not touch any input or expected value: every file has the same vectors
in the same order, and each vector has the same fields with the same values
(compared as parsed JSON, where 0 and 0.0, -0.0 and 0.0 differ, and again as
the text of the line before "provenance"), except "provenance", which may
only grow (the new one starts with the old one).

  tools/golden/same_but_provenance.py OLD NEW            two files or two folders of *.jsonl
  tools/golden/same_but_provenance.py --git REV PATH...  PATH (files or folders) against REV

Prints one line per file and exits 1 on the first kind of difference found
in any file.
"""
import argparse
import json
import os
import subprocess
import sys


def exact(value):
    """A JSON value as text that keeps int and float, and the sign of zero, apart."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def before_provenance(line):
    at = line.rfind(',"provenance":')
    return line if at < 0 else line[:at]


def compare(name, old_text, new_text):
    """Problems found between two versions of one .jsonl file, and the count
    of vectors whose provenance grew."""
    old_lines = [l for l in old_text.splitlines() if l.strip()]
    new_lines = [l for l in new_text.splitlines() if l.strip()]
    problems, grown = [], 0
    if len(old_lines) != len(new_lines):
        return ["%s: %d vectors, was %d" % (name, len(new_lines), len(old_lines))], 0
    for number, (a_line, b_line) in enumerate(zip(old_lines, new_lines), 1):
        a, b = json.loads(a_line), json.loads(b_line)
        where = "%s:%d (%s)" % (name, number, a.get("id"))
        if sorted(a) != sorted(b):
            problems.append("%s: fields %s, were %s" % (where, sorted(b), sorted(a)))
            continue
        for key in a:
            if key != "provenance" and exact(a[key]) != exact(b[key]):
                problems.append("%s: field %s differs" % (where, key))
        if before_provenance(a_line) != before_provenance(b_line):
            problems.append("%s: the text before the provenance differs" % where)
        old_p, new_p = a.get("provenance", ""), b.get("provenance", "")
        if not new_p.startswith(old_p):
            problems.append("%s: the provenance does not start with the old one" % where)
        grown += new_p != old_p
    return problems, grown


def pairs_from_paths(old, new):
    if os.path.isdir(old):
        names = sorted(set(f for f in os.listdir(old) if f.endswith(".jsonl")) |
                       set(f for f in os.listdir(new) if f.endswith(".jsonl")))
        return [(os.path.join(new, n), os.path.join(old, n), os.path.join(new, n)) for n in names]
    return [(new, old, new)]


def read(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def git_show(rev, path):
    p = subprocess.run(["git", "show", "%s:./%s" % (rev, path)], capture_output=True, text=True)
    return p.stdout if p.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--git", metavar="REV", help="compare PATHs with their version at REV")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    jobs = []  # (name, old text, new text)
    if args.git:
        for path in args.paths:
            files = [os.path.join(path, f) for f in sorted(os.listdir(path))
                     if f.endswith(".jsonl")] if os.path.isdir(path) else [path]
            for f in files:
                jobs.append((f, git_show(args.git, f), read(f)))
    else:
        if len(args.paths) != 2:
            ap.error("give OLD and NEW, or --git REV and paths")
        for name, old, new in pairs_from_paths(*args.paths):
            jobs.append((name, read(old), read(new)))
    failed = False
    for name, old, new in jobs:
        if old is None or new is None:
            print("%s: only in the %s version" % (name, "new" if old is None else "old"))
            failed = True
            continue
        problems, grown = compare(name, old, new)
        for p in problems[:20]:
            print(p)
        if problems:
            failed = True
        else:
            print("%s: same inputs and expectations, %d provenances grown" % (name, grown))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
