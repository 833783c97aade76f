#!/usr/bin/env python3
"""Rebuilt resource findings on star outlines (issue 8), and the worst case.

Two resource findings of an earlier session, `Region.Offset(2^20, Square)`
and `Mesh2DPipeline.Shrink` with AgentRadius 2^20, both on star outlines
whose pieces nearly all overlap, were lost with their branch. This script
rebuilds them on the star outlines of the kept finding
fuzz/regressions/offset/slow/427b983c5e32fb5c2a74c6a2ebbad9d836dd85c7: its
region operand (bytes 1 to 366: tile-map byte 0, SnapBits 0, scale byte 8,
so coordinates are int16 sixteenths of a public unit, and two outlines of
four rings each, every ring an 11-vertex {11/4} self-crossing star of
radius about 100 about the origin) is copied byte for byte, and only the
flags and scalars around it change. Each file is decoded again with the
Python decoders of tools/fuzz/make_seed_corpus.py (which mirror
fuzz/offset_input.hpp and fuzz/region_input.hpp) and checked before it is
written.

  offset (fuzz/offset.cpp): flags 0x00 (the square join, no extra check),
    the kept operand, distance selector 5 with u = +1 (+2^20: k = 2^20 grid
    units) and the kept file's arc-tolerance bytes (selector 7, the double
    0.0; the square join does not use it). Byte for byte the kept finding
    with its first byte 0x61 changed to 0x00.
  shrink (fuzz/shrink.cpp): the kept operand, CellSize 4096 (selector 9,
    u = 16384), AgentRadius +2^20 (selector 5, u = +1). shrink.arc-tolerance
    gives max(1024, min(86507.52, 2048)) = 2048 grid units, so m = 64
    (offset.vertex-count: r / cos(pi/64) - r = 1264.6 <= 2048 < 5075.9 for
    m = 32). Of the CellSize values tried (m = 32 from CellSize 1, whose
    tolerance 0.5 < 1 falls back to r / 128 as the kept finding's 0.0 does,
    and from 16384; m = 64, 128, 256, 16, 8) m = 64 and 128 cost most,
    about 5 % above m = 32 (fuzz/regressions/shrink/slow/README.md).

--worst FILE writes, for information only (far over issue 8's limits, not
committed), the most expensive offset input found: flags 0x61 (round join,
flag bits 5 and 6: the far distance as decoded), SnapBits --worst-snapbits
(default 16), three outlines of four 11-vertex stars (the kept two, the
second moved by +300 public units in x, and a third of {11/4} stars made
here from a fixed seed and moved by -300: moved apart, the outlines' rings
keep their vertices instead of merging in the union), distance +2^20, arc
tolerance 2^-SnapBits (one grid unit, the finest offset.vertex-count
takes: no m qualifies, so 256-gons). The cost grows at least with the
square of the region's vertex count (every rectangle's long sides cross
every m-gon; two scratch variants with 32-gons: 1,556 vertices 6.0 s,
2,888 vertices 28.9 s) and
with SnapBits (fewer crossings round to a shared hot pixel). Measured with
the debugoptimized replay driver, tools/fuzz/measure.py --timeout 120
--rss-limit-mb 6000, machine under load: SnapBits 0 (2,873 region vertices)
72.7 s, 2,729 MiB, passes; SnapBits 4 (3,759) stopped at 120 s CPU with
4,383 MiB; SnapBits 16 (3,840) stopped at 120 s CPU with 2,511 MiB, and
given 400 s it passed 6,000 MiB after 234 s CPU. For
comparison, the kept finding (1,590 vertices, 32-gons) takes 6.2 s, 451 MiB.
These figures are of the library's calls: since the fuzz targets bound far
radii to small regions (fuzz/README.md, "Far radii"), all three inputs,
and the worst case, decode with the radius clamped to 64 grid units.

usage: tools/fuzz/make_star_inputs.py [--write] [--worst FILE [--worst-snapbits N]]
  prints each input's path (named by its SHA-1), its size and whether the
  file in fuzz/regressions/ holds exactly those bytes; --write writes them.
"""
import argparse
import hashlib
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import make_seed_corpus as codec  # noqa: E402  (the Python decoders)

KEPT = os.path.join(ROOT, "fuzz", "regressions", "offset", "slow",
                    "427b983c5e32fb5c2a74c6a2ebbad9d836dd85c7")


def kept():
    with open(KEPT, "rb") as f:
        data = f.read()
    if hashlib.sha1(data).hexdigest() != os.path.basename(KEPT):
        sys.exit("%s: content does not match its name" % KEPT)
    return data


def kept_operand(data):
    """The kept finding's region operand: its bytes and their decoding."""
    r = codec.Bytes(data)
    r.u8()  # flags
    start = r.at
    region = codec.decode_region_operand(r)
    return data[start:r.at], region


def check_region(r, region):
    got = codec.decode_region_operand(r)
    assert codec.same_region_operand(got, region), "region operand"


def offset_square(data):
    operand, region = kept_operand(data)
    tail = data[1 + len(operand):]  # distance and arc tolerance, as kept
    out = bytes([0x00]) + operand + tail
    r = codec.Bytes(out)
    assert r.u8() == 0x00  # bit 0 clear: the square join; bits 1 to 6 clear
    check_region(r, region)
    assert codec.decode_scalar(r, 0) == 2.0 ** 20
    assert codec.same_double(codec.decode_scalar(r, 0), 0.0)
    return out


def shrink_radius(data, cell_size):
    operand, region = kept_operand(data)
    out = operand + codec.encode_scalar(cell_size, 0) + codec.encode_scalar(2.0 ** 20, 0)
    r = codec.Bytes(out)
    check_region(r, region)
    assert codec.decode_scalar(r, 0) == cell_size
    assert codec.decode_scalar(r, 0) == 2.0 ** 20
    return out


def star(rng, cx, cy):
    """An {11/4} star: 11 vertices 4 steps of 2 pi / 11 apart, radius 100
    with up to 25 % jitter per vertex, random rotation, on sixteenths."""
    rot = rng.uniform(0.0, 2.0 * math.pi)
    ring = []
    for i in range(11):
        a = rot + i * 4 * 2.0 * math.pi / 11
        rad = 100.0 * (1.0 + 0.5 * (rng.random() - 0.5))
        ring.append([round((cx + rad * math.cos(a)) * 16) / 16,
                     round((cy + rad * math.sin(a)) * 16) / 16])
    return ring


def worst(data, bits):
    _, region = kept_operand(data)
    rng = random.Random(11)
    third = [star(rng, rng.uniform(-4, 4), rng.uniform(-4, 4)) for _ in range(4)]
    moved = lambda outline, dx: [[[x + dx, y] for x, y in ring] for ring in outline]
    outlines = [region["outlines"][0], moved(region["outlines"][1], 300), moved(third, -300)]
    tolerance = math.ldexp(1.0, -bits)
    out = (bytes([0x61, 0, bits]) + codec.encode_outlines(outlines, 3)
           + codec.encode_scalar(2.0 ** 20, bits) + codec.encode_scalar(tolerance, bits))
    r = codec.Bytes(out)
    assert r.u8() == 0x61
    got = codec.decode_region_operand(r)
    assert got["options"]["SnapBits"] == bits and codec.same_outlines(got["outlines"], outlines)
    assert codec.decode_scalar(r, bits) == 2.0 ** 20
    assert codec.decode_scalar(r, bits) == tolerance
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true",
                    help="write the regression inputs into fuzz/regressions/")
    ap.add_argument("--worst", metavar="FILE", help="write the worst-case offset input here")
    ap.add_argument("--worst-snapbits", type=int, default=16, choices=range(17), metavar="N",
                    help="its SnapBits (default 16)")
    args = ap.parse_args()
    data = kept()
    inputs = [("offset", "slow", offset_square(data)),
              ("shrink", "slow", shrink_radius(data, 4096.0))]
    for target, sub, content in inputs:
        folder = os.path.join(ROOT, "fuzz", "regressions", target, sub)
        path = os.path.join(folder, hashlib.sha1(content).hexdigest())
        if args.write:
            os.makedirs(folder, exist_ok=True)
            with open(path, "wb") as f:
                f.write(content)
        present = os.path.isfile(path) and open(path, "rb").read() == content
        print("%s (%d bytes, %s)" % (os.path.relpath(path, ROOT), len(content),
                                     "present" if present else "missing"))
    if args.worst:
        content = worst(data, args.worst_snapbits)
        with open(args.worst, "wb") as f:
            f.write(content)
        print("%s: %d bytes, SHA-1 %s" % (args.worst, len(content),
                                         hashlib.sha1(content).hexdigest()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
