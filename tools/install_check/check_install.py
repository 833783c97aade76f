#!/usr/bin/env python3
"""The installed library, used as a user uses it (README.md, "Using the library").

1. `meson install --destdir` of the build into a scratch directory.
2. The installed headers are exactly the umbrella headers' include closure
   in src/ (no internal/ header, none missing), and each compiles on its
   own against the installed tree alone.
3. consumer.cpp, compiled with the flags of `pkg-config --cflags --libs
   onepath` pointed at the scratch prefix (and -ffp-contract=fast, a flag
   the library's own objects never see), runs and prints the hashes of two
   golden vectors, compared with their expected hashes in golden/.
With --subproject, instead: a tiny Meson project (subproject/meson.build)
takes this repository as subprojects/onepath, finds it with
dependency('onepath'), builds the same consumer (at -O0, with
-ffp-contract=fast), and it prints the same hashes.

    check_install.py --meson MESON --build-dir B --source-dir S --work-dir W
                     --cxx 'ccache g++' [--subproject]
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

UMBRELLAS = ["onepath/core.hpp", "onepath/exact.hpp", "onepath/geom2d.hpp", "onepath/build3d.hpp",
             "onepath/navmesh.hpp"]
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](onepath/[^>"]+)[>"]', re.M)
HERE = Path(__file__).resolve().parent


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], text=True, capture_output=True, **kw)
    if r.returncode != 0:
        print("$", " ".join(shlex.quote(str(c)) for c in cmd))
        print(r.stdout, r.stderr, sep="\n")
        fail(f"exit status {r.returncode}")
    return r.stdout


def closure(src):
    """The headers the umbrellas include, transitively, relative to src/."""
    seen, todo = set(), list(UMBRELLAS)
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        path = src / h
        if not path.is_file():
            fail(f"{h} is included but not in src/")
        todo += INCLUDE.findall(path.read_text())
    return seen


def expected_hashes(golden, ids):
    """Each id's expect.sha256 in golden/**/*.jsonl."""
    found = {}
    for f in sorted(golden.rglob("*.jsonl")):
        for line in f.read_text().splitlines():
            if any(f'"id":"{i}"' in line for i in ids):
                v = json.loads(line)
                if v["id"] in ids:
                    found[v["id"]] = v["expect"]["sha256"]
    missing = set(ids) - set(found)
    if missing:
        fail(f"no golden vector {sorted(missing)}")
    return found


def check_output(out, golden, what):
    lines = [l.split() for l in out.splitlines() if l.strip()]
    got = {l[0]: l[1] for l in lines}
    if len(got) != 2 or any(len(l) != 2 for l in lines):
        fail(f"{what}: expected two lines 'id sha256', got:\n{out}")
    want = expected_hashes(golden, list(got))
    for vid, h in got.items():
        if h != want[vid]:
            fail(f"{what}: {vid} {h}, expected {want[vid]} (golden)")
        print(f"ok {what}: {vid} {h}")


def check_subproject(a, meson, work):
    """The consumer in a parent project whose subprojects/onepath is this repository."""
    proj = work / "parent"
    (proj / "subprojects").mkdir(parents=True)
    shutil.copy(HERE / "subproject" / "meson.build", proj / "meson.build")
    shutil.copy(HERE / "consumer.cpp", proj / "consumer.cpp")
    (proj / "subprojects" / "onepath").symlink_to(a.source_dir.resolve())
    env = dict(os.environ, CXX=a.cxx)
    run(meson + ["setup", proj / "build", proj, "--buildtype=plain"], env=env)
    run(["ninja", "-C", proj / "build", "-j1", "consumer"])
    # The library's objects keep the project's flags (num.no-contraction)
    # whatever the parent compiles its own code with.
    commands = json.loads((proj / "build" / "compile_commands.json").read_text())
    lib = [c for c in commands if "subprojects/onepath/src/" in c["file"]]
    if len(lib) < 10:
        fail(f"only {len(lib)} compile commands of the library in the parent's build")
    for c in lib:
        contract = [w for w in shlex.split(c["command"]) if w.startswith("-ffp-contract=")]
        if contract[-1:] != ["-ffp-contract=off"]:
            fail(f"{c['file']} compiled with {contract or 'no -ffp-contract'} in the parent's build")
    print(f"ok {len(lib)} library files compiled with -ffp-contract=off in the parent's build")
    check_output(run([proj / "build" / "consumer"]), a.source_dir / "golden",
                 "subproject consumer")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meson", required=True)
    ap.add_argument("--build-dir", required=True, type=Path)
    ap.add_argument("--source-dir", required=True, type=Path)
    ap.add_argument("--work-dir", required=True, type=Path)
    ap.add_argument("--cxx", required=True, help="the C++ compiler command, e.g. 'ccache g++'")
    ap.add_argument("--subproject", action="store_true")
    a = ap.parse_args()
    meson = shlex.split(a.meson)
    cxx = shlex.split(a.cxx)
    src = a.source_dir / "src"
    work = a.work_dir.resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    if a.subproject:
        check_subproject(a, meson, work)
        shutil.rmtree(work, ignore_errors=True)
        print("ok")
        return

    # 1. Install.
    dest = work / "dest"
    run(meson + ["install", "-C", a.build_dir, "--no-rebuild", "--quiet", "--destdir", dest])
    opts = {o["name"]: o["value"]
            for o in json.loads(run(meson + ["introspect", "--buildoptions", a.build_dir]))}
    prefix = Path(opts["prefix"])
    root = dest / prefix.relative_to(prefix.anchor)
    include = root / opts["includedir"]
    pcdir = root / opts["libdir"] / "pkgconfig"

    # 2. The headers.
    installed = {str(p.relative_to(include)) for p in include.rglob("*") if p.is_file()}
    public = closure(src)
    if installed != public:
        fail(f"installed headers differ from the umbrellas' closure: not installed "
             f"{sorted(public - installed)}, installed but not public {sorted(installed - public)}")
    bad = [h for h in installed if "/internal/" in h]
    if bad:
        fail(f"internal headers installed: {bad}")
    print(f"ok {len(installed)} headers installed, exactly the umbrellas' closure")
    tu_dir = work / "headers"
    tu_dir.mkdir()
    for h in sorted(installed):
        tu = tu_dir / (h.replace("/", "_") + ".cpp")
        tu.write_text(f"#include <{h}>\n")
        run(cxx + ["-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
                   "-I", include, tu])
    print(f"ok each installed header compiles on its own against {include}")

    # 3. pkg-config and the consumer.
    env = dict(os.environ, PKG_CONFIG_PATH=str(pcdir), PKG_CONFIG_SYSROOT_DIR=str(dest))
    if not (pcdir / "onepath.pc").is_file():
        fail(f"no onepath.pc in {pcdir}")
    flags = shlex.split(run(["pkg-config", "--cflags", "--libs", "onepath"], env=env))
    if any(f.startswith("-I") and Path(f[2:]).resolve() == src.resolve() for f in flags):
        fail("pkg-config points into the source tree")
    exe = work / "consumer"
    run(cxx + ["-std=c++20", "-O2", "-ffp-contract=fast", HERE / "consumer.cpp", "-o", exe] + flags,
        env=env, cwd=work)
    check_output(run([exe]), a.source_dir / "golden", "pkg-config consumer")
    shutil.rmtree(work, ignore_errors=True)
    print("ok")


if __name__ == "__main__":
    main()
