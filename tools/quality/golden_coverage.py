#!/usr/bin/env python3
"""The figures of tools/golden-coverage.sh from gcovr's JSON: lines and
branches of src/ reached by the golden replay, for all of src/ and for its
normative part (without tools/quality/result-neutral.txt), the neutral
entries on their own, and the normative lines not reached as ranges
(file:first-last, with the clause cited nearest above them).

Counts as gcovr does: a line is code unless gcovr marks it non-code or
excluded; it is reached when its count is positive; each branch gcov
reports on a code line counts once, reached when taken at least once.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srcmap  # noqa: E402


class Tally:
    def __init__(self):
        self.lines = self.lines_hit = self.branches = self.branches_hit = 0

    def add(self, line):
        self.lines += 1
        self.lines_hit += line["count"] > 0
        for b in line["branches"]:
            self.branches += 1
            self.branches_hit += b["count"] > 0

    @staticmethod
    def pct(k, n):
        return None if n == 0 else round(100.0 * k / n, 1)

    def line_pct(self):
        return self.pct(self.lines_hit, self.lines)

    def branch_pct(self):
        return self.pct(self.branches_hit, self.branches)

    def text(self):
        def f(p):
            return "–" if p is None else f"{p} %"
        return f"lines {f(self.line_pct())}, branches {f(self.branch_pct())}"


def ranges(numbers):
    """[3, 4, 5, 9] -> [(3, 5), (9, 9)]."""
    out = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [tuple(r) for r in out]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--root", required=True)
    p.add_argument("--gcovr-json", required=True)
    p.add_argument("--neutral", required=True)
    p.add_argument("--unreachable", default="",
                   help="normative code no operation's input can reach, each with its reason "
                        "(result-neutral.txt's format): unreached lines there are listed as "
                        "documented exceptions, still counted as normative lines not reached")
    p.add_argument("--json", required=True)
    p.add_argument("--markdown", required=True)
    p.add_argument("--max-ranges", type=int, default=60)
    p.add_argument("--replay", default="")
    p.add_argument("--replay-status", type=int, default=0)
    a = p.parse_args(argv)

    root = os.path.abspath(a.root)
    try:
        neutral = srcmap.Neutral(root, a.neutral)
        documented = srcmap.Neutral(root, a.unreachable) if a.unreachable else None
    except ValueError as e:
        print(f"golden-coverage: {e}", file=sys.stderr)
        return 2
    clauses = srcmap.load_clauses(root)
    with open(a.gcovr_json, encoding="utf-8") as f:
        data = json.load(f)

    everything, normative = Tally(), Tally()
    per_neutral = {}  # entry index -> Tally
    unreached = []  # (file, first, last, clause)
    files_seen = set()
    for fj in data["files"]:
        rel = os.path.relpath(os.path.join(root, fj["file"]), root)
        if not rel.startswith("src/"):
            continue
        files_seen.add(rel)
        with open(os.path.join(root, rel), encoding="utf-8") as g:
            fm = srcmap.FileMap(rel, g.read().split("\n"), clauses)
        missed = []
        for line in fj["lines"]:
            if line.get("gcovr/noncode") or line.get("gcovr/excluded"):
                continue
            everything.add(line)
            n = line["line_number"]
            e = neutral.find(rel, n)
            if e:
                per_neutral.setdefault(neutral.entries.index(e), Tally()).add(line)
                continue
            normative.add(line)
            if line["count"] == 0:
                missed.append(n)
        for first, last in ranges(missed):
            # A range is documented when every line of it lies in an entry
            # of --unreachable (the entry's reason is shown with it).
            why = None
            if documented is not None:
                entries = {documented.find(rel, n) for n in range(first, last + 1)}
                if None not in entries:
                    why = "; ".join(sorted(e[4] for e in entries))
            unreached.append((rel, first, last, fm.clause[first] or fm.chapter[first], why))
    # A source file no object of the build reached at all would be missing
    # from gcovr's output: name it rather than leave it out of the figures.
    never_compiled = [f for f in srcmap.source_files(root, ["*.cpp"]) if f not in files_seen]

    neutral_out = []
    for k, e in enumerate(neutral.entries):
        t = per_neutral.get(k, Tally())
        rel, first, last, clause, reason = e
        neutral_out.append({"file": rel, "first": first, "last": last, "clause": clause, "reason": reason,
                            "lines": t.lines, "lines_hit": t.lines_hit, "lines_pct": t.line_pct(),
                            "branches": t.branches, "branches_hit": t.branches_hit,
                            "branches_pct": t.branch_pct()})
    out = {
        "tool": "tools/golden-coverage.sh",
        "replay": a.replay,
        "replay_passed": a.replay_status == 0,
        "branches_counted": "gcovr --exclude-throw-branches --exclude-unreachable-branches",
        "lines_pct": everything.line_pct(),
        "branches_pct": everything.branch_pct(),
        "normative_lines_pct": normative.line_pct(),
        "normative_branches_pct": normative.branch_pct(),
        "lines": everything.lines, "lines_hit": everything.lines_hit,
        "branches": everything.branches, "branches_hit": everything.branches_hit,
        "normative_lines": normative.lines, "normative_lines_hit": normative.lines_hit,
        "normative_branches": normative.branches, "normative_branches_hit": normative.branches_hit,
        "neutral": neutral_out,
        "normative_unreached": [{"file": f, "first": s, "last": e, "clause": c, "documented": w}
                                for f, s, e, c, w in unreached],
        "normative_unreached_documented_lines": sum(e - s + 1 for _, s, e, _, w in unreached if w),
        "normative_unreached_undocumented_lines": sum(e - s + 1 for _, s, e, _, w in unreached
                                                      if not w),
        "not_in_build": never_compiled,
    }
    with open(a.json, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")

    head = [
        f"golden-only coverage: {everything.text()}",
        f"golden-only coverage (normative): {normative.text()}"
        f"  ({normative.lines - normative.lines_hit} of {normative.lines} lines, "
        f"{normative.branches - normative.branches_hit} of {normative.branches} branches not reached)",
    ]
    for x in neutral_out:
        where = x["file"] if (x["first"], x["last"]) == (1, _length(root, x["file"])) else \
            f"{x['file']}:{x['first']}-{x['last']}"
        head.append(f"  result-neutral {where} ({x['clause']}): "
                    f"lines {_p(x['lines_pct'])}, branches {_p(x['branches_pct'])}")
    for line in head:
        print(line)
    undocumented = [u for u in unreached if not u[4]]
    docs = [u for u in unreached if u[4]]
    listed = undocumented[:a.max_ranges] if a.max_ranges else undocumented
    print(f"normative lines not reached: {normative.lines - normative.lines_hit} in {len(unreached)} ranges; "
          f"{out['normative_unreached_documented_lines']} lines in {len(docs)} ranges documented as "
          f"unreachable by any operation ({os.path.relpath(a.unreachable, root) if a.unreachable else '-'}), "
          f"{out['normative_unreached_undocumented_lines']} lines in {len(undocumented)} ranges not"
          + (f" (first {len(listed)} below; all in {a.json})" if len(listed) < len(undocumented) else ""))
    for f, s, e, c, _ in listed:
        print(f"  {f}:{s}" + (f"-{e}" if e != s else "") + f"  ({c})")
    for f in never_compiled:
        print(f"  {f}: in no object of the build (not counted)")

    md = ["## Golden-only coverage of src/", "",
          f"The golden replay alone (`{a.replay}`) on a coverage build of `src/`"
          f"{'' if a.replay_status == 0 else ' (the replay FAILED)'}; branches as gcovr counts them "
          "without throw and unreachable branches.", "",
          "| part | lines | branches |", "|---|---:|---:|",
          f"| all of src/ | {_p(everything.line_pct())} ({everything.lines_hit}/{everything.lines}) | "
          f"{_p(everything.branch_pct())} ({everything.branches_hit}/{everything.branches}) |",
          f"| normative | {_p(normative.line_pct())} ({normative.lines_hit}/{normative.lines}) | "
          f"{_p(normative.branch_pct())} ({normative.branches_hit}/{normative.branches}) |"]
    for x in neutral_out:
        md.append(f"| result-neutral: `{x['file']}` {x['first']}-{x['last']} ({x['clause']}) | "
                  f"{_p(x['lines_pct'])} ({x['lines_hit']}/{x['lines']}) | "
                  f"{_p(x['branches_pct'])} ({x['branches_hit']}/{x['branches']}) |")
    md += ["", f"Normative lines not reached ({normative.lines - normative.lines_hit}, "
               f"{len(unreached)} ranges):", ""]
    md += [f"- `{f}:{s}" + (f"-{e}" if e != s else "") + f"` ({c})" + (f": documented, {w}" if w else "")
           for f, s, e, c, w in unreached]
    with open(a.markdown, "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    return 0


def _p(x):
    return "–" if x is None else f"{x} %"


def _length(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return len(f.read().splitlines())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
