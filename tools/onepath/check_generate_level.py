#!/usr/bin/env python3
"""Checks `onepath generate level` (tools/onepath/generate.hpp) from the outside.

Usage: check_generate_level.py ONEPATH OUTPUT_DIR

--list names the seven kinds and then the limit kind pits; every kind writes OBJ text that this script
parses back on its own (v and f lines) into the counts and soup SHA-256 its
header states, inside [0, size] in x and z; standard output and --out agree
and two runs agree; the SVG holds a 512 x 512 PNG; every usage error exits 2 with a
message that names the problem.
"""
import base64
import hashlib
import re
import struct
import subprocess
import sys
from pathlib import Path

KINDS = ["rooms", "stairs", "terrain", "multifloor", "slopes", "clutter", "islands", "pits"]


def run(onepath, *args):
    return subprocess.run([onepath, "generate", "level", *args], capture_output=True, text=True)


def parse_obj(text):
    """(vertices as floats, triangles as 0-based index triples, comments)."""
    vertices, triangles, comments = [], [], []
    for line in text.splitlines():
        if line.startswith("#"):
            comments.append(line[2:])
        elif line.startswith("v "):
            x, y, z = (float(t) for t in line.split()[1:])
            vertices.append((x, y, z))
        elif line.startswith("f "):
            triangles.append(tuple(int(t) - 1 for t in line.split()[1:]))
    return vertices, triangles, comments


def soup_sha256(vertices, triangles):
    data = bytearray(struct.pack("<II", len(vertices), len(triangles)))
    for v in vertices:
        data += struct.pack("<fff", *v)
    for t in triangles:
        data += struct.pack("<iii", *t)
    return hashlib.sha256(bytes(data)).hexdigest()


def main():
    onepath, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)

    listed = run(onepath, "--list")
    assert listed.returncode == 0, listed
    lines = listed.stdout.splitlines()
    assert [l.split()[0] for l in lines] == KINDS, lines
    assert all(len(l.split()) > 4 for l in lines), lines

    size = 32
    for kind in KINDS:
        obj, svg = out / f"{kind}.obj", out / f"{kind}.svg"
        p = run(onepath, "--kind", kind, "--size", str(size), "--seed", "3", "--out", str(obj),
                "--svg", str(svg))
        assert p.returncode == 0 and p.stdout == "", p
        text = obj.read_text()
        vertices, triangles, comments = parse_obj(text)
        assert comments[0] == f"onepath generate level --kind {kind} --size {size} --seed 3 " \
                              "--subdivide 1", comments
        stated = re.match(r"(\d+) vertices, (\d+) triangles, soup SHA-256 ([0-9a-f]{64})",
                          comments[2])
        assert stated, comments
        assert (int(stated[1]), int(stated[2])) == (len(vertices), len(triangles)), kind
        assert soup_sha256(vertices, triangles) == stated[3], f"{kind}: the OBJ reads back differently"
        assert all(0 <= i < len(vertices) for t in triangles for i in t), kind
        assert all(0 <= x <= size and 0 <= z <= size for x, _, z in vertices), kind
        assert re.search(r"^g \w+$", text, re.M), f"{kind}: no groups"
        picture = svg.read_text()
        assert picture.startswith("<svg"), kind
        png = base64.b64decode(re.search(r'href="data:image/png;base64,([^"]+)"', picture)[1])
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", kind
        assert struct.unpack(">II", png[16:24]) == (512, 512), kind
        # Standard output is the same text; a second run is the same.
        again = run(onepath, "--kind", kind, "--size", str(size), "--seed", "3")
        assert again.returncode == 0 and again.stdout == text, kind

    # The default size is 256; --subdivide 2 gives four times the triangles.
    one = parse_obj(run(onepath, "--kind", "islands", "--size", "16").stdout)
    four = parse_obj(run(onepath, "--kind", "islands", "--size", "16", "--subdivide", "2").stdout)
    assert len(four[1]) == 4 * len(one[1]), (len(one[1]), len(four[1]))
    default = parse_obj(run(onepath, "--kind", "islands").stdout)
    assert max(v[0] for v in default[0]) > 200, "the default size is not 256"

    usage = [
        ([], "--kind is required"),
        (["--kind", "room"], "unknown kind 'room'"),
        (["--kind", "rooms", "--size", "15"], "argument=size"),
        (["--kind", "rooms", "--size", "65537"], "argument=size"),
        (["--kind", "rooms", "--size", "abc"], "--size"),
        (["--kind", "rooms", "--subdivide", "3"], "argument=subdivide"),
        (["--kind", "rooms", "--size", "2048", "--subdivide", "64"], "argument=subdivide"),
        (["--kind", "terrain", "--size", "8192"], "argument=triangles"),
        (["--kind", "rooms", "--no-such-option"], "--no-such-option"),
    ]
    for args, message in usage:
        p = run(onepath, *args)
        assert p.returncode == 2, (args, p.returncode, p.stderr)
        assert message in p.stderr, (args, p.stderr)
        assert p.stdout == "", args
    print(f"generate level: {len(KINDS)} kinds read back, {len(usage)} usage errors exit 2")


if __name__ == "__main__":
    main()
