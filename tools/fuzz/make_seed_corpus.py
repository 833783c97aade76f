#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets in fuzz/, made from the golden vectors.

Every golden vector (golden/<family>/*.jsonl, docs/golden-format.md) whose
operation one of the fuzz targets runs is encoded in that target's byte
encoding (the comment at the top of fuzz/<target>.cpp, and
fuzz/region_input.hpp for the region targets). An encoding is kept only when
decoding it again, by the Python decoders below that mirror the C++ ones,
gives back the vector's input exactly (bit for bit, NaN equal to NaN); a
vector the encoding cannot express is counted as skipped, with the reason.
The regression inputs of fuzz/regressions/<target>/ are added as well.

    target                 golden vectors used (by "op")
    predicates             Predicates.Orient2D, Predicates.InCircle   (raw mode)
    arrangement            Arrangement.Build
    region_from_outlines   Region.FromOutlines
    region_from_tilemap    Region.FromTileMap
    region_boolean         Region.Union, .Intersection, .Difference,
                           .SymmetricDifference
    offset                 Region.Offset
    shrink                 Mesh2DPipeline.Shrink
    triangulate,           the regions of Region.FromOutlines, Region.FromTileMap
    partition_convex       and Mesh2DPipeline.Shrink (limit 6)
    build2d                Mesh2DPipeline.Shrink (region and settings, limit 6)
    cdt                    none (regression inputs only)
    build3d_spans          none (regression inputs only)

What the encodings cannot express (so those vectors are skipped):
arrangement: more than 64 edges, coordinates that are not u * 2^k for one
box for the whole input, an operand outside 0..2, an out-of-range
coordinate other than the last edge's q.x; regions: more than 4 outlines
(3 per boolean operand), 5 or more rings, 12 or more vertices, an outline
without rings, -0.0, coordinates that are not u * 2^(scale-8) with |u| <
2^15 for one scale per outline set (except the special values of
region_input.hpp); tile maps: a cell size other than the eight the target
can pick, more than 24 cells a side, negative sizes other than -1. Tile-map
cells given as bytes are read as the spec reads them (non-zero is solid).
offset and shrink (fuzz/offset_input.hpp): regions as for region_from_outlines
(at most 3 outlines) or tile maps of at most 8 x 8 cells of 2^j grid units
(j < 5) with the origin on the grid (int16 units); an unknown join. Their
scalars (distance, arc tolerance, settings) take any double.

Seed files are named by the SHA-1 of their content, like libFuzzer's own.
Output is reproducible: the same golden files give the same bytes (the zip
entries have fixed dates and are sorted).

usage:
  tools/fuzz/make_seed_corpus.py --zip-dir OUT          OUT/<target>_seed_corpus.zip
  tools/fuzz/make_seed_corpus.py --dir CORPUS           CORPUS/<target>/<sha1>
  options: --targets a,b  --no-regressions  --manifest FILE.json  --quiet
"""
import argparse
import collections
import hashlib
import json
import math
import os
import struct
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_targets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = fuzz_targets.names()  # fuzz/targets.txt, the one list
BOOLEAN_OPS = ["Region.Union", "Region.Intersection", "Region.Difference",
               "Region.SymmetricDifference"]


class Unexpressible(Exception):
    """The target's encoding cannot give this input; the message says why."""


def number(v):
    """A golden-format number (docs/golden-format.md) as a Python float or int."""
    if isinstance(v, str):
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[v]
    return v


def same_double(x, y):
    """Bit-equal doubles, any NaN equal to any NaN."""
    x, y = float(x), float(y)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return struct.pack("<d", x) == struct.pack("<d", y)


class Bytes:
    """Reads like the targets' readers: little-endian, zero past the end."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def u8(self):
        b = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return b

    def i16(self):
        lo, hi = self.u8(), self.u8()
        return struct.unpack("<h", bytes([lo, hi]))[0]


def i16_bytes(u):
    return struct.pack("<h", u)


# --- predicates: raw mode (fuzz/predicates.cpp), selector bit 0 picks InCircle.

def encode_predicates(vec):
    incircle = vec["op"] == "Predicates.InCircle"
    names = "abcd" if incircle else "abc"
    coords = [float(number(c)) for n in names for c in vec["input"][n]]
    return bytes([1 if incircle else 0]) + b"".join(struct.pack("<d", c) for c in coords)


def decode_predicates(data):
    head = data[0] if data else 0
    if head & 0b111 not in (0, 1):
        raise ValueError("not raw mode")
    count = 4 if head & 1 else 3
    body = data[1:].ljust(16 * count, b"\0")
    return struct.unpack("<%dd" % (2 * count), body[:16 * count])


def check_predicates(vec, data):
    names = "abcd" if vec["op"] == "Predicates.InCircle" else "abc"
    want = [number(c) for n in names for c in vec["input"][n]]
    got = decode_predicates(data)
    return len(got) == len(want) and all(same_double(a, b) for a, b in zip(got, want))


# --- arrangement (fuzz/arrangement.cpp): box byte, then 9 bytes an edge.

MAX_ARR_COORD = 1 << 39


def arr_coordinate(u, bits):
    """u * 2^bits / 32768 rounded toward zero, as the target computes it."""
    q = abs(u) * (1 << bits) // 32768
    return -q if u < 0 else q


def decode_arrangement(data):
    head = data[0] if data else 0
    bits = head % 40
    count = min((len(data) - 1) // 9, 64) if len(data) > 1 else 0
    r = Bytes(data)
    r.u8()
    edges = []
    for _ in range(count):
        c = [arr_coordinate(r.i16(), bits) for _ in range(4)]
        edges.append(c + [r.u8() % 3])
    if edges and head % 64 >= 60:
        edges[-1][2] = MAX_ARR_COORD + 1 + (data[1] if len(data) > 1 else 0)
    return edges


def arr_u_range(c, bits):
    """The int16 values u that the target turns into c, as (lo, hi), or None."""
    if bits >= 15:
        step = 1 << (bits - 15)
        lo = hi = c // step
        if c % step:
            return None
    else:
        k = 1 << (15 - bits)
        lo, hi = c * k, c * k  # then widen by what rounding toward zero allows
        if c >= 0:
            hi += k - 1
        if c <= 0:
            lo -= k - 1
    lo, hi = max(lo, -32768), min(hi, 32767)
    return (lo, hi) if lo <= hi else None


def encode_arrangement(vec):
    edges = [list(e) for e in vec["input"]["edges"]]
    if len(edges) > 64:
        raise Unexpressible("more than 64 edges")
    if any(not 0 <= e[4] <= 2 for e in edges):
        raise Unexpressible("operand outside 0..2")
    want_oor = bool(edges) and edges[-1][2] > MAX_ARR_COORD
    extra = 0
    if want_oor:
        extra = edges[-1][2] - MAX_ARR_COORD - 1
        if not 0 <= extra <= 255:
            raise Unexpressible("out-of-range value not 2^39 + 1 + byte")
        edges[-1][2] = 0  # replaced by the decoder
    if any(abs(c) > MAX_ARR_COORD for e in edges for c in e[:4]):
        raise Unexpressible("out-of-range coordinate other than the last edge's q.x")
    heads = [h for h in range(256) if (h % 64 >= 60) == want_oor]
    # Prefer B = 2^15 (coordinates are the int16 values themselves).
    heads.sort(key=lambda h: (h % 40 != 15, h))
    for head in heads:
        bits = head % 40
        ranges = [[arr_u_range(c, bits) for c in e[:4]] for e in edges]
        if any(r is None for e in ranges for r in e):
            continue
        # the smallest |u| in each range
        us = [[0 if lo <= 0 <= hi else (lo if lo > 0 else hi) for lo, hi in e] for e in ranges]
        if want_oor:  # byte 1 is also the low byte of edge 0's p.x
            lo, hi = ranges[0][0]
            u = lo + (extra - lo) % 256
            if u > hi:
                continue
            us[0][0] = u
        return bytes([head]) + b"".join(
            b"".join(i16_bytes(u) for u in eu) + bytes([e[4]]) for eu, e in zip(us, edges))
    raise Unexpressible("coordinates not on one box's grid")


def check_arrangement(vec, data):
    return decode_arrangement(data) == [list(e) for e in vec["input"]["edges"]]


# --- regions (fuzz/region_input.hpp)

BIG = 2.0**21
# The double just above 2^21 (math.nextafter needs Python 3.9).
ABOVE_BIG = struct.unpack("<d", struct.pack("<Q", struct.unpack("<Q", struct.pack("<d", BIG))[0]
                                            + 1))[0]


def special(b):
    return [math.nan, math.inf, -math.inf, BIG, -BIG, ABOVE_BIG, -ABOVE_BIG,
            0.5 * math.ldexp(1.0, -(b // 8))][b % 8]


def decode_coordinate(r, scale):
    u = r.i16()
    if u == -32768:
        return special(r.u8())
    return math.ldexp(float(u), scale - 8)


def encode_coordinate(v, scale):
    v = float(v)
    if not (math.isnan(v) or math.isinf(v)) and not same_double(v, -0.0):
        u = math.ldexp(v, 8 - scale)
        if u.is_integer() and abs(u) <= 32767:
            return i16_bytes(int(u))
    for b in range(256):
        if same_double(special(b), v):
            return i16_bytes(-32768) + bytes([b])
    raise Unexpressible("coordinate not u * 2^(scale-8) nor a special value")


def decode_snapbits(r):
    b = r.u8() % 32
    return b % 17 if b < 30 else (-1 if b == 30 else 17)


def encode_snapbits(n):
    if 0 <= n <= 16:
        return bytes([n])
    if n in (-1, 17):
        return bytes([30 if n == -1 else 31])
    raise Unexpressible("SnapBits other than 0..17 and -1")


def decode_outlines(r, max_outlines):
    scale = r.u8() % 16 - 4
    outlines = []
    for _ in range(r.u8() % (max_outlines + 1)):
        rings = []
        for _ in range(r.u8() % 4 + 1):
            ring = []
            for _ in range(r.u8() % 12):
                x = decode_coordinate(r, scale)
                ring.append([x, decode_coordinate(r, scale)])
            rings.append(ring)
        outlines.append(rings)
    return outlines


def encode_outlines(outlines, max_outlines):
    if len(outlines) > max_outlines:
        raise Unexpressible("more than %d outlines" % max_outlines)
    for rings in outlines:
        if not rings:
            raise Unexpressible("an outline without rings")
        if len(rings) > 4:
            raise Unexpressible("more than 4 rings in an outline")
        if any(len(ring) > 11 for ring in rings):
            raise Unexpressible("a ring of 12 or more vertices")
    for scale in range(11, -5, -1):  # coarsest first
        try:
            body = bytearray([scale + 4, len(outlines)])
            for rings in outlines:
                body.append(len(rings) - 1)
                for ring in rings:
                    body.append(len(ring))
                    for p in ring:
                        body += encode_coordinate(number(p[0]), scale)
                        body += encode_coordinate(number(p[1]), scale)
            return bytes(body)
        except Unexpressible:
            pass
    raise Unexpressible("coordinates on no common scale (or -0.0)")


def same_outlines(got, want):
    if len(got) != len(want):
        return False
    for go, wo in zip(got, want):
        if len(go) != len(wo) or any(len(gr) != len(wr) for gr, wr in zip(go, wo)):
            return False
        for gr, wr in zip(go, wo):
            for gp, wp in zip(gr, wr):
                if not (same_double(gp[0], number(wp[0])) and same_double(gp[1], number(wp[1]))):
                    return False
    return True


def encode_operand(inp, max_outlines):
    return encode_snapbits(inp["options"]["SnapBits"]) + encode_outlines(inp["outlines"],
                                                                        max_outlines)


def check_operand(r, inp, max_outlines):
    bits = decode_snapbits(r)
    return bits == inp["options"]["SnapBits"] and same_outlines(
        decode_outlines(r, max_outlines), inp["outlines"])


def encode_from_outlines(vec):
    return encode_operand(vec["input"], 4)


def check_from_outlines(vec, data):
    return check_operand(Bytes(data), vec["input"], 4)


def encode_boolean(vec):
    op = BOOLEAN_OPS.index(vec["op"])
    return bytes([op]) + encode_operand(vec["input"]["a"], 3) + encode_operand(
        vec["input"]["b"], 3)


def check_boolean(vec, data):
    r = Bytes(data)
    return (r.u8() % 4 == BOOLEAN_OPS.index(vec["op"]) and check_operand(r, vec["input"]["a"], 3)
            and check_operand(r, vec["input"]["b"], 3))


# --- tile maps (fuzz/region_from_tilemap.cpp)

def cell_size(b, bits):
    unit = math.ldexp(1.0, -(bits if bits > 0 else 0))
    return [unit, unit * 0.25 * 16, unit / 3 * 7, unit * 1.5, 2.0**-20, math.nan, math.inf,
            2.0**18][b % 8]


def decode_tilemap(data):
    r = Bytes(data)
    bits = decode_snapbits(r)
    flags = r.u8()
    width, height = r.u8() % 25, r.u8() % 25
    size = cell_size(r.u8(), bits)
    origin = [decode_coordinate(r, 0), decode_coordinate(r, 0)]
    cells = []
    while len(cells) < width * height:
        b = r.u8()
        cells += [(b >> j) & 1 for j in range(8)][:width * height - len(cells)]
    if flags & 1:
        width = -1
    if flags & 2:
        height = -1
    if flags & 4 and cells:
        cells.pop()
    return {"SnapBits": bits, "width": width, "height": height, "cellSize": size,
            "origin": origin, "cells": cells}


def solid(cells):
    """Row-major cells as 0/1: a string of '0'/'1' or bytes, non-zero solid."""
    return [int(c != "0") for c in cells] if isinstance(cells, str) else [int(c != 0)
                                                                         for c in cells]


def encode_tilemap(vec):
    inp = vec["input"]
    bits, width, height = inp["options"]["SnapBits"], inp["width"], inp["height"]
    cells = solid(inp["cells"])
    head = encode_snapbits(bits)
    sizes = [b for b in range(8) if same_double(cell_size(b, bits), number(inp["cellSize"]))]
    if not sizes:
        raise Unexpressible("cell size not one of the eight")
    origin = b"".join(encode_coordinate(number(c), 0) for c in inp["origin"])
    for dim in (width, height):
        if dim != -1 and not 0 <= dim <= 24:
            raise Unexpressible("width or height beyond 24")
    # Sizes read before flags set -1; one cell may be dropped (flags bit 2).
    for ew in ([width] if width >= 0 else range(25)):
        for eh in ([height] if height >= 0 else range(25)):
            for drop in (0, 1):
                if ew * eh - drop != len(cells) or (drop and ew * eh == 0):
                    continue
                full = cells + [0] * drop
                packed = bytes(
                    sum(bit << j for j, bit in enumerate(full[k:k + 8]))
                    for k in range(0, len(full), 8))
                flags = (width == -1) | (height == -1) << 1 | drop << 2
                return head + bytes([flags, ew, eh, sizes[0]]) + origin + packed
    raise Unexpressible("cell count")


def check_tilemap(vec, data):
    inp, got = vec["input"], decode_tilemap(data)
    return (got["SnapBits"] == inp["options"]["SnapBits"] and got["width"] == inp["width"]
            and got["height"] == inp["height"]
            and same_double(got["cellSize"], number(inp["cellSize"]))
            and all(same_double(g, number(w)) for g, w in zip(got["origin"], inp["origin"]))
            and got["cells"] == solid(inp["cells"]))


# --- offset and shrink (fuzz/offset_input.hpp, fuzz/offset.cpp, fuzz/shrink.cpp)

NEXT_BEYOND_2P20 = struct.unpack("<d", struct.pack("<Q", struct.unpack(
    "<Q", struct.pack("<d", 2.0**20))[0] + 1))[0]


def decode_scalar(r, bits):
    s, u = r.u8(), r.i16()
    sign = -1.0 if u < 0 else 1.0
    k = s % 16
    if k < 7:
        return [0.0, -0.0, math.nan, math.inf, -math.inf, sign * 2.0**20,
                sign * NEXT_BEYOND_2P20][k]
    if k == 7:
        return struct.unpack("<d", bytes(r.u8() for _ in range(8)))[0]
    return math.ldexp(float(u), s % 8 - 3 + 4 * (s // 16) - bits)


def encode_scalar(v, bits):
    v = float(number(v))
    specials = [(0.0, 0, 0), (-0.0, 1, 0), (math.nan, 2, 0), (math.inf, 3, 0),
                (-math.inf, 4, 0), (2.0**20, 5, 1), (-(2.0**20), 5, -1),
                (NEXT_BEYOND_2P20, 6, 1), (-NEXT_BEYOND_2P20, 6, -1)]
    for value, s, u in specials:
        if same_double(v, value):
            return bytes([s]) + i16_bytes(u)
    if not math.isnan(v) and not math.isinf(v):
        for s in range(8, 256):
            if s % 16 < 8:
                continue
            u = math.ldexp(v, bits + 3 - s % 8 - 4 * (s // 16))
            if u.is_integer() and abs(u) <= 32767 and same_double(
                    math.ldexp(u, s % 8 - 3 + 4 * (s // 16) - bits), v):
                return bytes([s]) + i16_bytes(int(u))
    return bytes([7]) + i16_bytes(0) + struct.pack("<d", v)


def decode_region_operand(r):
    if r.u8() % 2 == 0:
        bits = decode_snapbits(r)
        return {"options": {"SnapBits": bits}, "outlines": decode_outlines(r, 3)}
    bits = r.u8() % 17
    width, height = r.u8() % 9, r.u8() % 9
    size = math.ldexp(1.0, r.u8() % 5 - bits)
    origin = [math.ldexp(float(r.i16()), -bits), math.ldexp(float(r.i16()), -bits)]
    cells, byte = [], 0
    for k in range(width * height):
        if k % 8 == 0:
            byte = r.u8()
        cells.append((byte >> (k % 8)) & 1)
    return {"options": {"SnapBits": bits}, "width": width, "height": height, "cellSize": size,
            "origin": origin, "cells": cells}


def encode_region_operand(region):
    if "outlines" in region:
        return b"\0" + encode_operand(region, 3)
    bits, width, height = region["options"]["SnapBits"], region["width"], region["height"]
    if not 0 <= bits <= 16 or not (0 <= width <= 8 and 0 <= height <= 8):
        raise Unexpressible("tile map beyond 8 x 8 cells or SnapBits outside 0..16")
    sizes = [j for j in range(5) if same_double(math.ldexp(1.0, j - bits),
                                                number(region["cellSize"]))]
    if not sizes:
        raise Unexpressible("tile-map cell size not 2^j grid units, j < 5")
    origin = b""
    for c in region["origin"]:
        u = math.ldexp(float(number(c)), bits)
        if not u.is_integer() or abs(u) > 32767 or same_double(number(c), -0.0):
            raise Unexpressible("tile-map origin not an int16 of grid units")
        origin += i16_bytes(int(u))
    cells = solid(region["cells"])
    if len(cells) != width * height:
        raise Unexpressible("cell count")
    packed = bytes(sum(bit << j for j, bit in enumerate(cells[k:k + 8]))
                   for k in range(0, len(cells), 8))
    return bytes([1, bits, width, height, sizes[0]]) + origin + packed


def same_region_operand(got, want):
    if got["options"]["SnapBits"] != want["options"]["SnapBits"]:
        return False
    if "outlines" in want:
        return "outlines" in got and same_outlines(got["outlines"], want["outlines"])
    return ("cells" in got and got["width"] == want["width"] and got["height"] == want["height"]
            and same_double(got["cellSize"], number(want["cellSize"]))
            and all(same_double(g, number(w)) for g, w in zip(got["origin"], want["origin"]))
            and got["cells"] == solid(want["cells"]))


def valid_bits(region):
    return 0 <= region["options"]["SnapBits"] <= 16


def encode_offset(vec):
    inp = vec["input"]
    if inp["join"] not in ("Round", "Square"):
        raise Unexpressible("a join other than Round and Square")
    bits = inp["region"]["options"]["SnapBits"]
    # Flags: the join (bit 0) and every extra check that applies to it; a
    # round distance beyond the clamp also sets bits 5 and 6 (a far offset).
    flags = 0x06
    if inp["join"] == "Round":
        flags = 0x69 if round_distance_clamped(number(inp["distance"]), bits, 0x09) else 0x09
    return (bytes([flags]) + encode_region_operand(inp["region"]) +
            encode_scalar(inp["distance"], bits) + encode_scalar(inp["arcTolerance"], bits))


def round_distance_clamped(distance, bits, flags):
    """Whether fuzz/offset.cpp clamps this round distance to +-64 grid units."""
    return ((flags & 0x60) != 0x60 and math.isfinite(distance)
            and abs(distance) > math.ldexp(64.0, -bits))


def check_offset(vec, data):
    inp, r = vec["input"], Bytes(data)
    flags = r.u8()
    if (flags % 2 == 1) != (inp["join"] == "Round"):
        return False
    region = decode_region_operand(r)
    if not same_region_operand(region, inp["region"]):
        return False
    if not valid_bits(region):  # FromOutlines throws before the scalars are read
        return True
    bits = region["options"]["SnapBits"]
    distance = decode_scalar(r, bits)
    if flags % 2 == 1 and round_distance_clamped(distance, bits, flags):
        distance = math.copysign(math.ldexp(64.0, -bits), distance)
    return (same_double(distance, number(inp["distance"]))
            and same_double(decode_scalar(r, bits), number(inp["arcTolerance"])))


def encode_shrink(vec):
    inp = vec["input"]
    bits = inp["region"]["options"]["SnapBits"]
    return (encode_region_operand(inp["region"]) + encode_scalar(inp["settings"]["CellSize"], bits)
            + encode_scalar(inp["settings"]["AgentRadius"], bits))


def check_shrink(vec, data):
    inp, r = vec["input"], Bytes(data)
    region = decode_region_operand(r)
    if not same_region_operand(region, inp["region"]):
        return False
    if not valid_bits(region):
        return True
    bits = region["options"]["SnapBits"]
    return (same_double(decode_scalar(r, bits), number(inp["settings"]["CellSize"]))
            and same_double(decode_scalar(r, bits), number(inp["settings"]["AgentRadius"])))


# --- triangulate, partition_convex, build2d (fuzz/mesh_input.hpp, fuzz/build2d.cpp)
# No golden family runs them yet: their seeds are the regions of the
# FromOutlines, FromTileMap and Shrink vectors (build2d: the Shrink vectors'
# regions and settings), with the default limit 6.

LIMIT_6 = b"\x03"


def mesh_region(vec):
    return vec["input"]["region"] if vec["op"] == "Mesh2DPipeline.Shrink" else vec["input"]


def encode_triangulate(vec):
    return encode_region_operand(mesh_region(vec))


def check_triangulate(vec, data):
    return same_region_operand(decode_region_operand(Bytes(data)), mesh_region(vec))


def encode_partition_convex(vec):
    return encode_triangulate(vec) + LIMIT_6


def check_partition_convex(vec, data):
    r = Bytes(data)
    return same_region_operand(decode_region_operand(r), mesh_region(vec)) and r.u8() == 3


def encode_build2d(vec):
    region, settings = vec["input"]["region"], vec["input"]["settings"]
    bits = max(region["options"]["SnapBits"], 0)
    # Flags: CellSize given (bit 0) unless a tile map's cell size is it;
    # AgentRadius given (bit 1).
    if "outlines" in region:
        flags, cell = 3, encode_scalar(settings["CellSize"], bits)
    elif same_double(number(settings["CellSize"]), number(region["cellSize"])):
        flags, cell = 2, b""
    else:
        raise Unexpressible("tile-map cell size other than CellSize")
    return (encode_region_operand(region) + bytes([flags]) + cell +
            encode_scalar(settings["AgentRadius"], bits) + LIMIT_6)


def check_build2d(vec, data):
    region, settings, r = vec["input"]["region"], vec["input"]["settings"], Bytes(data)
    got = decode_region_operand(r)
    if not same_region_operand(got, region):
        return False
    bits = max(got["options"]["SnapBits"], 0)
    flags = r.u8()
    cell = decode_scalar(r, bits) if flags & 1 else got.get("cellSize", 0.25)
    return (flags & 2 == 2 and same_double(cell, number(settings["CellSize"]))
            and same_double(decode_scalar(r, bits), number(settings["AgentRadius"]))
            and r.u8() == 3)


MESH_OPS = ["Region.FromOutlines", "Region.FromTileMap", "Mesh2DPipeline.Shrink"]

# target: (ops, encoder, checker)
CODECS = {
    "predicates": (["Predicates.Orient2D", "Predicates.InCircle"], encode_predicates,
                   check_predicates),
    "arrangement": (["Arrangement.Build"], encode_arrangement, check_arrangement),
    "region_from_outlines": (["Region.FromOutlines"], encode_from_outlines, check_from_outlines),
    "region_from_tilemap": (["Region.FromTileMap"], encode_tilemap, check_tilemap),
    "region_boolean": (BOOLEAN_OPS, encode_boolean, check_boolean),
    "offset": (["Region.Offset"], encode_offset, check_offset),
    "shrink": (["Mesh2DPipeline.Shrink"], encode_shrink, check_shrink),
    "triangulate": (MESH_OPS, encode_triangulate, check_triangulate),
    "partition_convex": (MESH_OPS, encode_partition_convex, check_partition_convex),
    "build2d": (["Mesh2DPipeline.Shrink"], encode_build2d, check_build2d),
}


def golden_vectors():
    golden = os.path.join(ROOT, "golden")
    with open(os.path.join(golden, "suite.json")) as f:
        families = json.load(f)["families"]
    for family in families:
        folder = os.path.join(golden, family)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".jsonl"):
                with open(os.path.join(folder, name)) as f:
                    for line in f:
                        if line.strip():
                            yield json.loads(line)


def regression_inputs(target):
    folder = os.path.join(ROOT, "fuzz", "regressions", target)
    if not os.path.isdir(folder):
        return
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name != "README.md" and os.path.isfile(path):
            with open(path, "rb") as f:
                yield name, f.read()


def encode_one(target, vec, seeds, manifest, stats):
    _, encode, check = CODECS[target]
    stats[target]["vectors"] += 1
    try:
        data = encode(vec)
    except Unexpressible as e:
        stats[target]["skipped: " + str(e)] += 1
        return
    if not check(vec, data):
        raise SystemExit("make_seed_corpus: %s: the encoding of %s does not decode back "
                         "(encoder bug)" % (target, vec["id"]))
    name = hashlib.sha1(data).hexdigest()
    seeds[target][name] = data
    manifest[target][name].append(vec["id"])
    stats[target]["encoded"] += 1


def build(targets, with_regressions):
    """{target: {sha1: bytes}}, per-target counts, and a manifest sha1 -> sources."""
    seeds = {t: {} for t in targets}
    manifest = {t: collections.defaultdict(list) for t in targets}
    stats = {t: collections.Counter() for t in targets}
    by_op = collections.defaultdict(list)
    for t in targets:
        for op in CODECS.get(t, ([],))[0]:
            by_op[op].append(t)
    for vec in golden_vectors():
        for target in by_op.get(vec["op"], []):
            encode_one(target, vec, seeds, manifest, stats)
    if with_regressions:
        for target in targets:
            for name, data in regression_inputs(target):
                sha = hashlib.sha1(data).hexdigest()
                seeds[target][sha] = data
                manifest[target][sha].append("fuzz/regressions/%s/%s" % (target, name))
                stats[target]["regressions"] += 1
    return seeds, stats, manifest


def write_zip(path, files):
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name])
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--zip-dir", help="write <target>_seed_corpus.zip here")
    ap.add_argument("--dir", help="write <target>/<sha1> files here")
    ap.add_argument("--targets", default=",".join(TARGETS), help="comma list (default: all)")
    ap.add_argument("--no-regressions", action="store_true",
                    help="leave out fuzz/regressions/<target>/")
    ap.add_argument("--manifest", help="write JSON: target -> seed sha1 -> golden ids")
    ap.add_argument("--quiet", action="store_true", help="no summary on stdout")
    args = ap.parse_args()
    targets = [t for t in args.targets.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        ap.error("not in fuzz/targets.txt: %s" % ", ".join(unknown))
    for t in targets:
        if t not in CODECS and not args.quiet:
            print("%-21s no golden encoding known: regression inputs only" % t)
    if not args.zip_dir and not args.dir and not args.manifest:
        ap.error("nothing to write: give --zip-dir, --dir or --manifest")

    seeds, stats, manifest = build(targets, not args.no_regressions)
    for target in targets:
        if args.zip_dir:
            os.makedirs(args.zip_dir, exist_ok=True)
            write_zip(os.path.join(args.zip_dir, target + "_seed_corpus.zip"), seeds[target])
        if args.dir:
            folder = os.path.join(args.dir, target)
            os.makedirs(folder, exist_ok=True)
            for name, data in seeds[target].items():
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(data)
        if not args.quiet:
            s = stats[target]
            print("%-21s %5d vectors, %5d encoded, %3d regression inputs, %5d unique seeds" %
                  (target, s["vectors"], s["encoded"], s["regressions"], len(seeds[target])))
            for key in sorted(k for k in s if k.startswith("skipped")):
                print("%-21s   %5d %s" % ("", s[key], key))
    if args.manifest:
        with open(args.manifest, "w") as f:
            json.dump({t: dict(sorted(m.items())) for t, m in manifest.items()}, f, indent=1,
                      sort_keys=True)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
