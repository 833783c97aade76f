#!/usr/bin/env python3
"""Writes the hand-made regression inputs of fuzz_predicates.

Each input goes to fuzz/regressions/predicates/ under the SHA-1 of its
content (the name libFuzzer gives its own findings), and a Markdown table of
name and description is printed for regressions/predicates/README.md.
The input encoding is documented at the top of fuzz/predicates.cpp.

usage: fuzz/make_predicate_regressions.py [--write]
"""
import hashlib
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "regressions", "predicates")

ORIENT, INCIRCLE = 0, 1
RAW, FLOAT32, GRID, NEAR = 0, 1, 2, 3


def selector(predicate, mode, parameter=0):
    return bytes([predicate | (mode << 1) | (parameter << 3)])


def d(v):
    return struct.pack("<d", v)


def d_bits(bits):
    return struct.pack("<Q", bits)


def f_bits(bits):
    return struct.pack("<I", bits)


def f(v):
    return struct.pack("<f", v)


def raw(predicate, coords):
    return selector(predicate, RAW) + b"".join(c if isinstance(c, bytes) else d(c) for c in coords)


def float32(predicate, coords):
    return selector(predicate, FLOAT32) + b"".join(
        c if isinstance(c, bytes) else f(c) for c in coords)


BOUNDS = [39, 20, 6, 2]


def grid(predicate, bound_index, snap_bits, ints):
    b = 1 << BOUNDS[bound_index]
    body = b"".join(struct.pack("<Q", i + b) for i in ints)  # u % (2B+1) - B == i
    return selector(predicate, GRID, bound_index) + bytes([snap_bits]) + body


def base(m, e):
    return struct.pack("<ib", m, e)


def near(predicate, order, scale, bases, ts, ulps):
    out = selector(predicate, NEAR, order) + struct.pack("<H", scale + 200)
    out += b"".join(base(m, e) for m, e in bases)
    out += b"".join(struct.pack("<h", t) for t in ts)
    out += bytes(u & 0xFF for u in ulps)
    return out


NAN = d_bits(0x7FF8000000000000)
INF = d_bits(0x7FF0000000000000)
SUBNORMAL = d_bits(1)
MINUS_ZERO = d_bits(0x8000000000000000)

CASES = [
    (b"", "empty input: Orient2D raw with all six coordinates 0; returns 0 (all points equal)"),
    (raw(ORIENT, [0, 0, 1, 0, 0, 1]), "Orient2D raw (0,0) (1,0) (0,1): counter-clockwise, +1"),
    (raw(INCIRCLE, [1, 0, 0, 1, -1, 0, 0.5, 0.5]),
     "InCircle raw: unit circle through (1,0) (0,1) (-1,0), d=(0.5,0.5) inside, +1"),
    (raw(INCIRCLE, [1, 0, 0, 1, -1, 0, 0, -1]),
     "InCircle raw: d=(0,-1) exactly on the unit circle, 0 (exact path)"),
    (raw(ORIENT, [2.0**-200, 2.0**-200, 2.0**200, 2.0**200, 0, 0]),
     "Orient2D raw: (2^-200,2^-200) (2^200,2^200) (0,0), the domain's extremes, exactly "
     "collinear, 0 (exact path)"),
    (raw(ORIENT, [0.5, 0.5, 12.0, 12.0, 24.0, 24.0 + 2.0**-48]),
     "Orient2D raw: c.y one ulp above the line y=x through far points; the filter cannot "
     "decide, +1 from the exact path"),
    (raw(ORIENT, [MINUS_ZERO, 0, 1, MINUS_ZERO, 0, 1]),
     "Orient2D raw with -0.0 coordinates (inside pred.domain), +1"),
    (raw(ORIENT, [0, 0, 1, NAN, 0, 1]), "Orient2D raw: b.y quiet NaN, error names b.y, vertex 1"),
    (raw(ORIENT, [0, 0, 1, 0, INF, 1]), "Orient2D raw: c.x +infinity, error names c.x, vertex 2"),
    (raw(INCIRCLE, [1, 0, 0, 1, -1, 0, 2.0**201, 0]),
     "InCircle raw: d.x = 2^201, error names d.x, vertex 3"),
    (raw(ORIENT, [SUBNORMAL, 0, 1, 0, 0, 1]),
     "Orient2D raw: a.x the smallest subnormal, error names a.x, vertex 0"),
    (raw(ORIENT, [0, 2.0**-201, 1, 0, INF, NAN]),
     "Orient2D raw: a.y = 2^-201 and c out too; the error names the first, a.y, vertex 0"),
    (raw(INCIRCLE, [1, 0, 0, 1, -1, 0, 0, -(2.0**200)]),
     "InCircle raw: d.y = -2^200, the largest magnitude inside pred.domain; the huge lifts "
     "cancel, exact path, -1"),
    (float32(ORIENT, [f_bits(1), 0, 1, 0, 0, f_bits(0x7F7FFFFF)]),
     "Orient2D float32: smallest float subnormal (2^-149, inside pred.domain once widened) "
     "and FLT_MAX, +1"),
    (float32(INCIRCLE, [1, 0, 0, 1, -1, 0, f_bits(0x7FC00000), 0]),
     "InCircle float32: d.x float NaN widened, error names d.x, vertex 3"),
    (float32(ORIENT, [0, 0, f_bits(0x7F800000), 0, 0, 1]),
     "Orient2D float32: b.x float +infinity widened, error names b.x, vertex 1"),
    (grid(ORIENT, 2, 8, [-3, -3, 1, 1, 5, 5]),
     "Orient2D grid (bound 2^6, snap bits 8): (-3,-3) (1,1) (5,5) x 2^-8, collinear, 0; "
     "Orient2DInt agrees"),
    (grid(ORIENT, 0, 20, [-(2**39), 2**39, 2**39 - 1, -(2**39) + 3, 2**39, -(2**39)]),
     "Orient2D grid (bound 2^39, snap bits 20): coordinates at +-2^39, Orient2DInt agrees"),
    (grid(INCIRCLE, 2, 0, [5, 0, 3, 4, -4, 3, 0, -5]),
     "InCircle grid (bound 2^6): (5,0) (3,4) (-4,3) (0,-5) on the circle of radius 5, 0"),
    (grid(INCIRCLE, 3, 3, [4, 0, 0, 4, -4, 0, 1, 1]),
     "InCircle grid (bound 2^2, snap bits 3): d inside the circle, +1"),
    (near(ORIENT, 0, -10, [(12345, 0), (-678, 3), (99991, -2), (31, 5)], [1500], [0] * 6),
     "Orient2D near-degenerate: c = a + (1500/4096)(b - a) rounded, not moved; exact path, 0"),
    (near(ORIENT, 0, -10, [(12345, 0), (-678, 3), (99991, -2), (31, 5)], [1500], [0, 0, 0, 0, 1, -1]),
     "Orient2D near-degenerate: the same c moved +1 ulp in x and -1 ulp in y; the filter "
     "decides, -1"),
    (near(ORIENT, 4, 150, [(-2**31, 31), (2**31 - 1, 31), (7, -31), (-5, -31)], [-8000],
          [8, -8, 0, 0, 0, 0]),
     "Orient2D near-degenerate at scale 2^150 (some coordinates leave pred.domain: error "
     "path), order (a, c, b)"),
    (near(INCIRCLE, 0, -180, [(1000, 0), (-1000, 0), (777, 0)], [0, 200, -300, 4000],
          [0, 0, 0, 0, 0, 0, 1, 0]),
     "InCircle near-degenerate at scale 2^-180: four rounded rational points of one circle, "
     "d.x +1 ulp; exact path, +1"),
    (near(INCIRCLE, 0, 0, [(3, 0), (-2, 0), (1, 0)], [0, 256, -256, 512], [0] * 8),
     "InCircle near-degenerate: s = 0, 1, -1 give exact points of the unit circle around "
     "(3,-2), s = 2 the rounded (2.4,-1.2); exact path, -1"),
]


def main():
    write = "--write" in sys.argv[1:]
    if write:
        os.makedirs(OUT, exist_ok=True)
    print("| file | input |")
    print("| --- | --- |")
    for data, text in CASES:
        name = hashlib.sha1(data).hexdigest()
        if write:
            with open(os.path.join(OUT, name), "wb") as out:
                out.write(data)
        print(f"| `{name}` | {text} |")


if __name__ == "__main__":
    main()
