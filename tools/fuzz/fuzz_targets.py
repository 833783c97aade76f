#!/usr/bin/env python3
"""The fuzz targets as fuzz/targets.txt lists them, and a check that the
list agrees with the files.

fuzz/targets.txt is the one list of targets: fuzz/meson.build,
tools/test.sh, tools/fuzz_nightly.sh, tools/fuzz/make_seed_corpus.py and
.clusterfuzzlite/build.sh read it. Each line is "target smoke oracle"
(comments after #). --check verifies, for a repository root:

  - every line has three fields, a target named once, smoke a positive
    whole number, oracle "boost" or "-";
  - every listed target has fuzz/<target>.cpp defining
    LLVMFuzzerTestOneInput with at least one `// clauses:` line,
    fuzz/<target>.options with a max_len (and, when it names a dict, that
    file), and a folder fuzz/regressions/<target>/;
  - every fuzz/*.cpp that defines LLVMFuzzerTestOneInput, every
    fuzz/*.options and fuzz/*.dict and every folder of fuzz/regressions/
    belongs to a listed target;
  - a target listed with oracle "boost" includes oracles/boost_mp/, one
    listed "recast" includes oracles/recast/, and none includes the other
    oracle's headers ("-": neither; meson links the oracle by this field).

  tools/fuzz/fuzz_targets.py --check [--root DIR]   exit 1 and one line per problem
  tools/fuzz/fuzz_targets.py --names                the targets, one a line
  tools/fuzz/fuzz_targets.py --oracles              per target, a line "target oracle"
  tools/fuzz/fuzz_targets.py --smoke                per target, a line "target runs
      -max_len=N [-dict=PATH]": tools/test.sh's smoke run (max_len and dict
      from fuzz/<target>.options)
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# A definition (not the replay driver's declaration) of the libFuzzer entry.
DEFINES_TARGET = re.compile(r"LLVMFuzzerTestOneInput\([^)]*\)\s*\{")
# The oracle column: the oracles/ folder a target's source must include.
ORACLES = {"boost": "oracles/boost_mp/", "recast": "oracles/recast/", "-": None}


def read_targets(root=ROOT):
    """[(target, smoke_runs, oracle)] in list order; raises ValueError on a bad line."""
    out = []
    with open(os.path.join(root, "fuzz", "targets.txt")) as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 3 or not words[1].isdigit() or int(words[1]) <= 0 or \
                    words[2] not in ORACLES:
                raise ValueError("fuzz/targets.txt:%d: want \"target smoke oracle\" (smoke a "
                                 "positive whole number, oracle boost, recast or -), got %r"
                                 % (number, line.strip()))
            out.append((words[0], int(words[1]), words[2]))
    return out


def names(root=ROOT):
    return [t for t, _, _ in read_targets(root)]


def options(root, target):
    """{key: value} of fuzz/<target>.options (the [libfuzzer] section's lines)."""
    out = {}
    path = os.path.join(root, "fuzz", target + ".options")
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*([a-z_]+)\s*=\s*([^\s#]*)", line)
            if m:
                out[m.group(1)] = m.group(2)
    return out


def check(root):
    """Problems found, as sentences (empty when the list and the files agree)."""
    problems = []
    try:
        listed = read_targets(root)
    except (OSError, ValueError) as e:
        return [str(e)]
    fuzz = os.path.join(root, "fuzz")
    seen = set()
    for target, _, oracle in listed:
        if target in seen:
            problems.append("%s is listed twice" % target)
        seen.add(target)
        source = os.path.join(fuzz, target + ".cpp")
        if not os.path.isfile(source):
            problems.append("%s is listed but fuzz/%s.cpp does not exist" % (target, target))
        else:
            with open(source) as f:
                text = f.read()
            if not DEFINES_TARGET.search(text):
                problems.append("fuzz/%s.cpp defines no LLVMFuzzerTestOneInput" % target)
            if not re.search(r"^// clauses: \S", text, re.M):
                problems.append("fuzz/%s.cpp has no `// clauses:` line" % target)
            folder = ORACLES[oracle]
            if folder and folder not in text:
                problems.append("%s is listed with oracle %s but includes no %s header"
                                % (target, oracle, folder))
            if oracle == "-" and "oracles/" in text:
                problems.append("%s includes an oracles/ header but is listed with oracle -"
                                % target)
            for other, other_folder in ORACLES.items():
                if other_folder and other != oracle and other_folder in text:
                    problems.append("%s includes an %s header but is listed with oracle %s"
                                    % (target, other_folder, oracle))
        opts = options(root, target)
        if opts is None:
            problems.append("%s is listed but fuzz/%s.options does not exist" % (target, target))
        else:
            if "max_len" not in opts:
                problems.append("fuzz/%s.options sets no max_len" % target)
            if "dict" in opts and not os.path.isfile(os.path.join(fuzz, opts["dict"])):
                problems.append("fuzz/%s.options names dict %s, which does not exist"
                                % (target, opts["dict"]))
        if not os.path.isdir(os.path.join(fuzz, "regressions", target)):
            problems.append("%s is listed but fuzz/regressions/%s/ does not exist"
                            % (target, target))
    for name in sorted(os.listdir(fuzz)):
        stem, ext = os.path.splitext(name)
        path = os.path.join(fuzz, name)
        if ext == ".cpp" and stem not in seen:
            with open(path) as f:
                if DEFINES_TARGET.search(f.read()):
                    problems.append("fuzz/%s defines a fuzz target but %s is not in "
                                    "fuzz/targets.txt" % (name, stem))
        elif ext in (".options", ".dict") and stem not in seen:
            problems.append("fuzz/%s belongs to no target of fuzz/targets.txt" % name)
    regressions = os.path.join(fuzz, "regressions")
    if os.path.isdir(regressions):
        for name in sorted(os.listdir(regressions)):
            if os.path.isdir(os.path.join(regressions, name)) and name not in seen:
                problems.append("fuzz/regressions/%s/ belongs to no target of fuzz/targets.txt"
                                % name)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT, help="repository root (default: this checkout)")
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--check", action="store_true", help="check the list against the files")
    what.add_argument("--names", action="store_true", help="print the targets, one a line")
    what.add_argument("--oracles", action="store_true",
                      help="print \"target oracle\" per target (boost, recast or -)")
    what.add_argument("--smoke", action="store_true",
                      help="print \"target runs -max_len=N [-dict=PATH]\" per target")
    args = ap.parse_args()
    if args.names:
        print("\n".join(names(args.root)))
        return 0
    if args.oracles:
        for target, _, oracle in read_targets(args.root):
            print(target, oracle)
        return 0
    if args.smoke:
        for target, runs, _ in read_targets(args.root):
            opts = options(args.root, target) or {}
            words = [target, str(runs)]
            if "max_len" in opts:
                words.append("-max_len=" + opts["max_len"])
            if "dict" in opts:
                words.append("-dict=" + os.path.join(os.path.abspath(args.root), "fuzz",
                                                     opts["dict"]))
            print(" ".join(words))
        return 0
    problems = check(args.root)
    for p in problems:
        print("fuzz targets: " + p, file=sys.stderr)
    if not problems:
        print("fuzz/targets.txt: %d targets, agreeing with fuzz/ and fuzz/regressions/"
              % len(read_targets(args.root)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
