#!/usr/bin/env python3
"""Writes the golden family `navmesh/tiles/` (docs/golden-format.md): one
navigation-mesh tile on its own (docs/spec/navmesh-format.md), through
`NavTile.Deserialize` and `NavTileAssembler.FromLocalPolygons`, and a
mesh's bytes read back through `NavMesh.Deserialize` (nav.mesh-bytes).

Nothing of src/ or of the runner is used. The tiles' bytes are written
here from the table of nav.serialize with Python's struct, and hashed with
hashlib (canon.hash). The links of the assembler's vectors are derived
here from the rules of nav.assemble, and the detail flags from nav.detail;
each hand-made tile is also checked here against nav.convex and nav.link
(a transcription of the clause text), so that a positive vector is a valid
tile by the spec's text alone. The expected error of every negative vector
is written by hand in this file from the clause text, with the check that
fires named in its provenance. The reference must give the same hashes
and errors: the golden replay checks it, and check_regenerates.sh checks
that this writer still writes the committed files byte for byte.

    gen_navmesh_tiles.py OUT_DIR

Inputs: `NavTile.Deserialize` takes {"bytes": hex}; its output is
Serialize(Deserialize(bytes)), which for a valid tile is the bytes given
(nav.deserialize), so expect.sha256 is the SHA-256 of the bytes.
`NavTileAssembler.FromLocalPolygons` takes {"tileX", "tileZ", "layer",
"origin": [x, y, z], "tileSize", "vertices": [[x, y, z], ...], "polygons":
[{"vertices": [...], "area", "flags"}, ...], "detailPolygons": [[vertexBase,
vertexCount, triangleBase, triangleCount], ...], "detailVertices": [...],
"detailTriangles": [[a, b, c, flags], ...]}; its output is the tile's bytes.
`NavMesh.Deserialize` takes {"bytes": hex}; its output is Serialize of the
mesh read: the mesh's bytes written here from nav.mesh-bytes' table with
the tiles sorted in nav.mesh's order (ascending tileZ, tileX, layer), which
are the bytes given when they list the tiles in that order.
"""
import copy
import hashlib
import json
import math
import os
import struct
import sys

sys.dont_write_bytecode = True

NAN = float("nan")
INF = float("inf")
TX, TZ = 2, -1  # the base tile's key: every nav.create error carries it


def f32(x):
    """The binary32 value nearest x (struct rounds to nearest)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_next(x):
    """The next binary32 value above a positive binary32 x."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return struct.unpack("<f", struct.pack("<I", bits + 1))[0]


def bits32(x):
    return struct.pack("<f", x)


# ---- nav.serialize, from its table ---------------------------------------

def serialize(t, count_override=None):
    """The bytes of tile t (a dict), field by field as nav.serialize lists
    them. count_override maps a list's name to a count written instead of
    its length (for truncated lists)."""
    co = count_override or {}
    out = bytearray(b"OPNT")
    out += struct.pack("<H", t.get("version", 1))
    out += struct.pack("<iiH", t["tileX"], t["tileZ"], t["layer"])
    out += struct.pack("<ddd", *t["origin"])
    out += struct.pack("<f", t["tileSize"])
    out += struct.pack("<I", co.get("vertices", len(t["vertices"])))
    for v in t["vertices"]:
        out += struct.pack("<fff", *v)
    out += struct.pack("<I", co.get("polygons", len(t["polygons"])))
    for p in t["polygons"]:
        n = p.get("n", len(p["corners"]))
        out += struct.pack("<B", n)
        for c in p["corners"]:
            out += struct.pack("<H", c)
        for kind, value in p["links"]:
            out += struct.pack("<BI", kind, value)
        out += struct.pack("<BH", p["area"], p["flags"])
    out += struct.pack("<I", co.get("detailPolygons", len(t["detailPolygons"])))
    for d in t["detailPolygons"]:
        out += struct.pack("<IIII", *d)
    out += struct.pack("<I", co.get("detailVertices", len(t["detailVertices"])))
    for v in t["detailVertices"]:
        out += struct.pack("<fff", *v)
    out += struct.pack("<I", co.get("detailTriangles", len(t["detailTriangles"])))
    for tr in t["detailTriangles"]:
        out += struct.pack("<BBBB", *tr)
    return bytes(out)


def size_formula(t):
    """nav.serialize: 64 + 12V + 20P + 7N + 12D + 4T bytes."""
    V, P = len(t["vertices"]), len(t["polygons"])
    N = sum(len(p["corners"]) for p in t["polygons"])
    return 64 + 12 * V + 20 * P + 7 * N + 12 * len(t["detailVertices"]) + 4 * len(
        t["detailTriangles"])


# ---- nav.orient, nav.convex, nav.link, nav.detail: validity of the hand-made tiles

def orient(a, b, c):
    """nav.orient: Orient2D((a.z, a.x), (b.z, b.x), (c.z, c.x)), exact (the
    inputs are binary32 values, so Python's float products of their
    differences are exact enough only when small; use fractions)."""
    from fractions import Fraction as F
    az, ax, bz, bx, cz, cx = (F(a[2]), F(a[0]), F(b[2]), F(b[0]), F(c[2]), F(c[0]))
    d = (bz - az) * (cx - ax) - (bx - ax) * (cz - az)
    return (d > 0) - (d < 0)


def convex_ok(t, p):
    pos = [t["vertices"][i] for i in p["corners"]]
    n = len(pos)
    for k in range(n):
        for i in range(k):
            assert not (pos[i][0] == pos[k][0] and pos[i][2] == pos[k][2]), p
    for k in range(n):
        for j in range(n):
            if j in (k, (k + 1) % n):
                continue
            assert orient(pos[k], pos[(k + 1) % n], pos[j]) >= 0, (p, k, j)
    assert any(orient(pos[k - 1], pos[k], pos[(k + 1) % n]) > 0 for k in range(n)), p


def on_side(t, a, b, side):
    s = bits32(t["tileSize"])
    zero = bits32(0.0)
    if side == 0:
        return bits32(a[0]) == zero and bits32(b[0]) == zero
    if side == 1:
        return bits32(a[2]) == zero and bits32(b[2]) == zero
    if side == 2:
        return bits32(a[0]) == s and bits32(b[0]) == s
    return bits32(a[2]) == s and bits32(b[2]) == s


def detail_flags(tris):
    """nav.detail: bit k set exactly when edge k (a->b, b->c, c->a) of the
    triangle has no reversed twin among the polygon's triangles."""
    edges = set()
    for a, b, c in tris:
        edges.update({(a, b), (b, c), (c, a)})
    out = []
    for a, b, c in tris:
        f = 0
        for k, (u, v) in enumerate(((a, b), (b, c), (c, a))):
            if (v, u) not in edges:
                f |= 1 << k
        out.append((a, b, c, f))
    return out


def check_valid(t):
    """A transcription of nav.create's conditions (not its error order):
    the positive tiles must satisfy every one."""
    for c in t["origin"]:
        assert math.isfinite(c) and not (c == 0 and math.copysign(1, c) < 0)
    assert math.isfinite(t["tileSize"]) and t["tileSize"] > 0 and t["layer"] <= 1023
    assert len(t["vertices"]) <= 65536
    for vs in (t["vertices"], t["detailVertices"]):
        for v in vs:
            for k, c in enumerate(v):
                assert math.isfinite(c) and not (c == 0 and math.copysign(1, c) < 0)
                if k == 1:
                    assert abs(c) <= 2.0 ** 22
                else:
                    assert 0 <= c <= t["tileSize"]
    P = len(t["polygons"])
    for pi, p in enumerate(t["polygons"]):
        n = len(p["corners"])
        assert 3 <= n <= 6 and len(p["links"]) == n
        assert len(set(p["corners"])) == n and max(p["corners"]) < len(t["vertices"])
        assert p["area"] <= 63
        convex_ok(t, p)
    for pi, p in enumerate(t["polygons"]):
        n = len(p["corners"])
        for k, (kind, value) in enumerate(p["links"]):
            a, b = p["corners"][k], p["corners"][(k + 1) % n]
            assert kind <= 2
            if kind == 0:
                assert value == 0
            elif kind == 1:
                assert value < P and value != pi
                q = t["polygons"][value]
                m = len(q["corners"])
                back = [j for j in range(m) if q["corners"][j] == b and q["corners"][(j + 1) % m] == a]
                assert back and q["links"][back[0]] == (1, pi), (pi, k)
            else:
                assert value <= 3
                assert on_side(t, t["vertices"][a], t["vertices"][b], value), (pi, k)
    assert len(t["detailPolygons"]) == P
    vsum = tsum = 0
    for pi, (vb, vc, tb, tc) in enumerate(t["detailPolygons"]):
        n = len(t["polygons"][pi]["corners"])
        assert vb == vsum and tb == tsum and n + vc <= 255 and 1 <= tc <= 255
        tris = t["detailTriangles"][tb:tb + tc]
        for a, b, c, f in tris:
            assert max(a, b, c) < n + vc and len({a, b, c}) == 3
        assert [tuple(x) for x in tris] == detail_flags([x[:3] for x in tris])
        vsum += vc
        tsum += tc
    assert vsum == len(t["detailVertices"]) and tsum == len(t["detailTriangles"])


# ---- nav.assemble: the links from the corners, by the clause's rules -------

def assemble_links(t_vertices, tile_size, polygons):
    count = {}
    for pi, p in enumerate(polygons):
        n = len(p["vertices"])
        for k in range(n):
            a, b = p["vertices"][k], p["vertices"][(k + 1) % n]
            count.setdefault(frozenset((a, b)), []).append((pi, k, a, b))
    links = [[None] * len(p["vertices"]) for p in polygons]
    for key, edges in count.items():
        if len(edges) == 2:
            (p1, k1, a1, b1), (p2, k2, a2, b2) = edges
            if p1 != p2 and a1 == b2 and b1 == a2:
                links[p1][k1] = (1, p2)
                links[p2][k2] = (1, p1)
    probe = {"tileSize": tile_size}
    for pi, p in enumerate(polygons):
        n = len(p["vertices"])
        for k in range(n):
            if links[pi][k] is not None:
                continue
            a, b = p["vertices"][k], p["vertices"][(k + 1) % n]
            links[pi][k] = (0, 0)
            if a < len(t_vertices) and b < len(t_vertices):
                for side in range(4):
                    if on_side(probe, t_vertices[a], t_vertices[b], side):
                        links[pi][k] = (2, side)
                        break
    return links


def assembler_input(t):
    """The FromLocalPolygons input of tile t (its links left out)."""
    return {
        "tileX": t["tileX"], "tileZ": t["tileZ"], "layer": t["layer"],
        "origin": [jnum(c) for c in t["origin"]], "tileSize": jnum(t["tileSize"]),
        "vertices": [[jnum(c) for c in v] for v in t["vertices"]],
        "polygons": [{"vertices": list(p["corners"]), "area": p["area"], "flags": p["flags"]}
                     for p in t["polygons"]],
        "detailPolygons": [list(d) for d in t["detailPolygons"]],
        "detailVertices": [[jnum(c) for c in v] for v in t["detailVertices"]],
        "detailTriangles": [list(x) for x in t["detailTriangles"]],
    }


def assembled(t):
    """Tile t with its links replaced by nav.assemble's."""
    u = copy.deepcopy(t)
    links = assemble_links(t["vertices"], t["tileSize"],
                           [{"vertices": p["corners"]} for p in t["polygons"]])
    for p, l in zip(u["polygons"], links):
        p["links"] = l
    return u


def assemble_key(t):
    """The runner's key bytes of a FromLocalPolygons input (ops/navmesh_tiles.cpp)."""
    out = bytearray(struct.pack("<iiH", t["tileX"], t["tileZ"], t["layer"]))
    out += struct.pack("<ddd", *t["origin"]) + struct.pack("<f", t["tileSize"])
    for vs in (t["vertices"],):
        out += struct.pack("<I", len(vs)) + b"".join(struct.pack("<fff", *v) for v in vs)
    out += struct.pack("<I", len(t["polygons"]))
    for p in t["polygons"]:
        out += struct.pack("<I", len(p["corners"]))
        out += b"".join(struct.pack("<H", c) for c in p["corners"])
        out += struct.pack("<BH", p["area"], p["flags"])
    out += struct.pack("<I", len(t["detailPolygons"]))
    out += b"".join(struct.pack("<IIII", *d) for d in t["detailPolygons"])
    vs = t["detailVertices"]
    out += struct.pack("<I", len(vs)) + b"".join(struct.pack("<fff", *v) for v in vs)
    out += struct.pack("<I", len(t["detailTriangles"]))
    out += b"".join(struct.pack("<BBBB", *x) for x in t["detailTriangles"])
    return bytes(out)


def jnum(x):
    """A JSON number for a double (an integer when it is one, so that long
    vertex lists stay short), or "NaN", "Infinity", "-Infinity"."""
    if math.isfinite(x) and x == int(x) and abs(x) < 2.0 ** 53 and math.copysign(1, x) > 0:
        return int(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


# ---- the hand-made tiles --------------------------------------------------

def square_tile():
    """The base tile: key (2, -1), layer 0, tileSize 8, a local square
    [0, 8]² cut into four polygons around the centre (4, 4): three quads
    and a hexagon (NE) with two collinear corners on the sides z = 8 and
    x = 8. Every edge on the square's boundary is a portal, every inner
    edge a polygon link both ways; heights vary; SW has a detail with one
    extra vertex (its centre), the others one or two triangles on their
    corners."""
    V = [(0.0, 0.5, 0.0), (4.0, 0.5, 0.0), (8.0, 1.0, 0.0), (8.0, 1.0, 4.0),  # v0..v3
         (8.0, 2.0, 8.0), (4.0, 1.5, 8.0), (0.0, 1.0, 8.0), (0.0, 0.5, 4.0),  # v4..v7
         (4.0, 1.0, 4.0), (6.0, 1.75, 8.0), (8.0, 1.5, 6.0)]                  # v8..v10
    P = [
        # P0 SW: v0 -> v7 (x = 0, side 0), v7 -> v8 (P1), v8 -> v1 (P2), v1 -> v0 (z = 0, side 1)
        {"corners": [0, 7, 8, 1], "links": [(2, 0), (1, 1), (1, 2), (2, 1)], "area": 0, "flags": 1},
        # P1 NW: v7 -> v6 (side 0), v6 -> v5 (z = 8, side 3), v5 -> v8 (P3), v8 -> v7 (P0)
        {"corners": [7, 6, 5, 8], "links": [(2, 0), (2, 3), (1, 3), (1, 0)], "area": 5, "flags": 2},
        # P2 SE: v1 -> v8 (P0), v8 -> v3 (P3), v3 -> v2 (x = 8, side 2), v2 -> v1 (side 1)
        {"corners": [1, 8, 3, 2], "links": [(1, 0), (1, 3), (2, 2), (2, 1)], "area": 63, "flags": 0x8000},
        # P3 NE hexagon: v8 -> v5 (P1), v5 -> v9, v9 -> v4 (side 3), v4 -> v10, v10 -> v3 (side 2), v3 -> v8 (P2)
        {"corners": [8, 5, 9, 4, 10, 3], "links": [(1, 1), (2, 3), (2, 3), (2, 2), (2, 2), (1, 2)],
         "area": 1, "flags": 0xFFFF},
    ]
    dv = [(2.0, 0.75, 2.0)]
    # SW: a fan from its extra vertex (number 4) over its four edges; the
    # others a fan from corner 0 over their corners.
    tris = (detail_flags([(0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)]) +
            detail_flags([(0, 1, 2), (0, 2, 3)]) + detail_flags([(0, 1, 2), (0, 2, 3)]) +
            detail_flags([(0, 1, 2), (0, 2, 3), (0, 3, 4), (0, 4, 5)]))
    dp = [(0, 1, 0, 4), (1, 0, 4, 2), (1, 0, 6, 2), (1, 0, 8, 4)]
    return {"tileX": TX, "tileZ": TZ, "layer": 0, "origin": (16.0, 1.5, -8.0), "tileSize": 8.0,
            "vertices": V, "polygons": P, "detailPolygons": dp, "detailVertices": dv,
            "detailTriangles": tris}


def limits_tile():
    """A triangle with walls only, at the limits of the key and the values:
    tileX -2^31, tileZ 2^31 - 1, layer 1023, area 63, flags 0xffff, y at
    +2^22 and -2^22, a vertex at x = tileSize (a non-integer binary32), a
    subnormal origin and a large one."""
    s = f32(9.6)
    V = [(0.0, 2.0 ** 22, 1.0), (s, -(2.0 ** 22), 0.5), (0.0, 0.0, s)]
    # orient(v0, v1, v2) = (0.5 - 1)·(0 - 0) - (s - 0)·(s - 1) < 0, so the
    # corners run v0, v2, v1: edge v0 -> v2 lies on x = 0 (side 0).
    assert orient(V[0], V[2], V[1]) > 0
    P = [{"corners": [0, 2, 1], "links": [(2, 0), (0, 0), (0, 0)], "area": 63, "flags": 0xFFFF}]
    return {"tileX": -2 ** 31, "tileZ": 2 ** 31 - 1, "layer": 1023,
            "origin": (5e-324, -1.7976931348623157e308, 2.0 ** 60), "tileSize": s,
            "vertices": V, "polygons": P, "detailPolygons": [(0, 0, 0, 1)], "detailVertices": [],
            "detailTriangles": detail_flags([(0, 1, 2)])}


def walls_tile():
    """Two quads sharing the edge v1 - v4 with walls on both sides (nav.create:
    two polygons that share an edge need not link), and a wall on the tile
    side x = 0 (a wall may lie on a side); the other side edges are portals."""
    V = [(0.0, 0.0, 0.0), (2.0, 0.0, 0.0), (4.0, 0.0, 0.0), (0.0, 0.0, 2.0), (2.0, 0.0, 2.0),
         (4.0, 0.0, 2.0)]
    P = [{"corners": [0, 3, 4, 1], "links": [(0, 0), (0, 0), (0, 0), (2, 1)], "area": 2, "flags": 0},
         {"corners": [1, 4, 5, 2], "links": [(0, 0), (0, 0), (2, 2), (2, 1)], "area": 2, "flags": 0}]
    return {"tileX": 0, "tileZ": 0, "layer": 7, "origin": (0.0, 0.0, 0.0), "tileSize": 4.0,
            "vertices": V, "polygons": P, "detailPolygons": [(0, 0, 0, 2), (0, 0, 2, 2)],
            "detailVertices": [],
            "detailTriangles": detail_flags([(0, 1, 2), (0, 2, 3)]) + detail_flags(
                [(0, 1, 2), (0, 2, 3)])}


def empty_tile():
    return {"tileX": 0, "tileZ": 0, "layer": 0, "origin": (0.0, 0.0, 0.0), "tileSize": 1.0,
            "vertices": [], "polygons": [], "detailPolygons": [], "detailVertices": [],
            "detailTriangles": []}


def detail_limit_tile():
    """A triangle whose detail is at the limits: 3 corners + 252 extra
    vertices = 255, and 255 triangles (nav.limits)."""
    V = [(0.0, 0.0, 0.0), (0.0, 0.0, 4.0), (4.0, 0.0, 0.0)]
    assert orient(*V) > 0
    P = [{"corners": [0, 1, 2], "links": [(2, 0), (0, 0), (2, 1)], "area": 0, "flags": 0}]
    dv = [(1.0, 0.0, 1.0 + j / 256.0) for j in range(252)]
    raw = [(0, 1, 3 + j) for j in range(252)] + [(1, 2, 3), (2, 0, 3), (3, 4, 5)]
    return {"tileX": 0, "tileZ": 0, "layer": 0, "origin": (0.0, 0.0, 0.0), "tileSize": 4.0,
            "vertices": V, "polygons": P, "detailPolygons": [(0, 252, 0, 255)],
            "detailVertices": dv, "detailTriangles": detail_flags(raw)}


def many_vertices_tile(count):
    """count vertices (all at (0, 0, 0) except the last three), one triangle
    on the last three: the vertex limit, and a vertex index of 65,535."""
    V = [(0.0, 0.0, 0.0)] * (count - 3) + [(1.0, 0.0, 1.0), (1.0, 0.0, 2.0), (2.0, 0.0, 1.0)]
    c = [count - 3, count - 2, count - 1]
    assert orient(V[c[0]], V[c[1]], V[c[2]]) > 0
    return {"tileX": TX, "tileZ": TZ, "layer": 0, "origin": (0.0, 0.0, 0.0), "tileSize": 4.0,
            "vertices": V, "polygons": [{"corners": c, "links": [(0, 0)] * 3, "area": 0,
                                         "flags": 0}],
            "detailPolygons": [(0, 0, 0, 1)], "detailVertices": [],
            "detailTriangles": detail_flags([(0, 1, 2)])}


# ---- the vectors ----------------------------------------------------------

ORDER = ["nav.orient", "nav.limits", "nav.tile", "nav.link", "nav.detail", "nav.mesh",
         "nav.serialize", "nav.deserialize", "nav.mesh-bytes", "nav.create", "nav.convex",
         "nav.assemble", "canon.hash"]


def ordered(clauses):
    clauses = set(clauses) | {"canon.hash"}
    return [c for c in ORDER if c in clauses]


def bytes_vector(op, kind, data, clauses, why, expected, positive, error, flags):
    """A vector of an operation that takes {"bytes": hex} (its key: the bytes
    as a list of u8): expected = the output's bytes, positive = the
    provenance of a positive vector; or error = (type, fields)."""
    key = struct.pack("<I", len(data)) + data
    v = {
        "id": "%s/%s/%s" % (op.lower().replace(".", "_"), kind,
                            hashlib.sha256(key).hexdigest()[:12]),
        "op": op,
        "clauses": clauses,
        "input": {"bytes": data.hex()},
        "flags": [kind] + list(flags),
    }
    if error is None:
        v["expect"] = {"sha256": hashlib.sha256(expected).hexdigest(),
                       "value": {"bytes": len(expected)}}
        v["provenance"] = positive
    else:
        etype, fields = error
        v["expect"] = {"error": {"type": etype, "fields": fields}}
        v["flags"].append("negative")
        v["provenance"] = ("tools/golden/gen_navmesh_tiles.py: hand-made bytes, %s; expected "
                           "error written by hand from the clause text (no code of src/); the "
                           "reference agrees" % why)
    return v


def deserialize_vector(kind, data, clauses, why, error=None, flags=()):
    return bytes_vector(
        "NavTile.Deserialize", kind, data, ordered(clauses), why, data,
        "tools/golden/gen_navmesh_tiles.py: hand-made tile, %s; its bytes "
        "written from nav.serialize's table with Python's struct, checked "
        "valid against a transcription of nav.create/nav.convex/nav.link/"
        "nav.detail, SHA-256 with hashlib (no code of src/); "
        "Serialize(Deserialize(b)) = b; the reference agrees" % why, error, flags)


def assemble_vector(kind, t, clauses, why, error=None, flags=()):
    v = {
        "id": "navtileassembler_fromlocalpolygons/%s/%s" % (
            kind, hashlib.sha256(assemble_key(t)).hexdigest()[:12]),
        "op": "NavTileAssembler.FromLocalPolygons",
        "clauses": ordered(set(clauses) | {"nav.assemble"}),
        "input": assembler_input(t),
        "flags": [kind] + list(flags),
    }
    if error is None:
        u = assembled(t)
        check_valid(u)
        data = serialize(u)
        v["expect"] = {"sha256": hashlib.sha256(data).hexdigest(), "value": {"bytes": len(data)}}
        v["provenance"] = ("tools/golden/gen_navmesh_tiles.py: hand-made polygons, %s; links "
                           "derived by a transcription of nav.assemble's rules, the tile "
                           "checked valid against nav.create's conditions and its bytes "
                           "written from nav.serialize's table with Python's struct (no code "
                           "of src/); the reference agrees" % why)
    else:
        etype, fields = error
        v["expect"] = {"error": {"type": etype, "fields": fields}}
        v["flags"].append("negative")
        v["provenance"] = ("tools/golden/gen_navmesh_tiles.py: hand-made polygons, %s; "
                           "expected error written by hand from the clause text (nav.assemble "
                           "adds no check: nav.create's); the reference agrees" % why)
    return v


AE, AOORE = "ArgumentException", "ArgumentOutOfRangeException"


def tf(**fields):
    """An error's fields with the base tile's key (nav.create: every error
    sets tileX and tileZ)."""
    fields.setdefault("tileX", TX)
    fields.setdefault("tileZ", TZ)
    return fields


def mut(t, f):
    u = copy.deepcopy(t)
    f(u)
    return u


def setv(t, i, k, value):
    v = list(t["vertices"][i])
    v[k] = value
    t["vertices"][i] = tuple(v)


def setlink(t, p, k, link):
    t["polygons"][p]["links"][k] = link


CREATE = ["nav.deserialize", "nav.create"]


def deserialize_vectors():
    T = square_tile()
    check_valid(T)
    B = serialize(T)
    assert len(B) == size_formula(T)
    out = []

    def pos(kind, t, clauses, why, flags=()):
        check_valid(t)
        data = serialize(t)
        assert len(data) == size_formula(t), why
        out.append(deserialize_vector(kind, data, ["nav.serialize", "nav.deserialize",
                                                   "nav.create"] + clauses, why, flags=flags))

    def neg(kind, data, clauses, why, error):
        out.append(deserialize_vector(kind, data, ["nav.deserialize"] + clauses, why, error))

    def bad(kind, t, clauses, why, error):
        neg(kind, serialize(t), ["nav.serialize", "nav.create"] + clauses, why, error)

    # ---- positive tiles
    pos("tile", T, ["nav.orient", "nav.tile", "nav.link", "nav.detail", "nav.convex"],
        "the square cut into three quads and a hexagon with two collinear corners (orient 0), "
        "portals on all four sides, polygon links both ways, areas 0/5/63/1, flags 1/2/0x8000/"
        "0xffff, an extra detail vertex")
    L = limits_tile()
    pos("limits", L, ["nav.limits", "nav.tile", "nav.orient", "nav.link", "nav.convex"],
        "at the limits: tileX -2^31, tileZ 2^31-1, layer 1023, area 63, flags 0xffff, "
        "y = +2^22 and -2^22, x and z = tileSize = f32(9.6), a portal on side 0, origin "
        "(5e-324, -1.797e308, 2^60)")
    pos("links", walls_tile(), ["nav.link", "nav.tile", "nav.convex"],
        "two quads sharing an edge whose links are walls on both sides, and a wall on the "
        "tile side x = 0 (nav.create: neither is an error); portals on sides 1 and 2")
    pos("empty", empty_tile(), ["nav.tile"],
        "no vertex, no polygon: the 64 bytes of nav.serialize's size formula")
    pos("limits", detail_limit_tile(), ["nav.limits", "nav.detail"],
        "a triangle with 252 extra detail vertices (3 + 252 = 255) and 255 detail triangles")

    # ---- nav.deserialize's own checks, in its order
    neg("magic", b"", [], "no bytes: check 1 (fewer than four bytes)", (AE, {"argument": "magic"}))
    neg("magic", b"OPN", [], "three bytes: check 1", (AE, {"argument": "magic"}))
    neg("magic", b"OPNM" + B[4:], [], "a valid tile with the mesh's magic OPNM: check 1",
        (AE, {"argument": "magic"}))
    neg("magic", b"OPNX\x02\x00", [], "a wrong magic and a wrong version: check 1 comes first",
        (AE, {"argument": "magic"}))
    for version in (0, 2, 0xFFFF):
        data = B[:4] + struct.pack("<H", version) + B[6:]
        neg("version", data, [], "a valid tile with version %d: check 2" % version,
            (AOORE, {"argument": "version", "value": float(version)}))
    neg("version", b"OPNT\x02\x00", [],
        "magic and version 2, nothing after: check 2 fires when the version is read, before "
        "the bytes run out (check 3)", (AOORE, {"argument": "version", "value": 2.0}))
    neg("bytes", b"OPNT\x01", [], "the bytes end inside the version: check 3",
        (AE, {"argument": "bytes", "count": 5}))
    neg("bytes", B[:20], [], "the bytes end inside originX (bytes 16..23): check 3",
        (AE, {"argument": "bytes", "count": 20}))
    neg("bytes", B[:-1], [], "the bytes end inside the last detail triangle: check 3",
        (AE, {"argument": "bytes", "count": len(B) - 1}))
    neg("bytes", B + b"\x00", [], "a valid tile and one byte more: check 4",
        (AE, {"argument": "bytes", "count": len(B) + 1}))
    nan_x = mut(T, lambda t: t.update(origin=(NAN, 1.5, -8.0)))
    neg("bytes", serialize(nan_x) + b"\x00\x00", ["nav.create"],
        "originX NaN and two bytes left over: check 4 (reading) comes before nav.create's "
        "header check", (AE, {"argument": "bytes", "count": len(B) + 2}))
    E = empty_tile()
    E.update(tileX=TX, tileZ=TZ)
    head = serialize(E)[:44]
    neg("bytes", head + struct.pack("<I", 1) + b"\x00" * 11, [],
        "vertex count 1 with 11 bytes left: check 3, the count times 12 exceeds what remains",
        (AE, {"argument": "bytes", "count": 59}))
    neg("bytes", head + struct.pack("<I", 1) + b"\x00" * 12, [],
        "vertex count 1 and its 12 bytes, then the bytes end before the polygon count: check 3",
        (AE, {"argument": "bytes", "count": 60}))
    neg("bytes", serialize(T, {"vertices": 0xFFFFFFFF})[:200], [],
        "vertex count 2^32-1: check 3 when the count is read (its elements are never read)",
        (AE, {"argument": "bytes", "count": 200}))
    neg("bytes", head + struct.pack("<II", 0, 1) + b"\x03\x00\x00", [],
        "polygon count 1 with 3 bytes left (a polygon is at least 4: corner count, area, flags): "
        "check 3", (AE, {"argument": "bytes", "count": 55}))
    neg("bytes", serialize(T, {"detailPolygons": 0x40000000}), [],
        "detail entry count 2^30 (16 bytes each): check 3 at the count",
        (AE, {"argument": "bytes", "count": len(B)}))
    neg("bytes", serialize(T, {"detailTriangles": 13}) , [],
        "detail triangle count 13 where 12 follow: 48 bytes remain, 13 x 4 = 52: check 3",
        (AE, {"argument": "bytes", "count": len(B)}))
    # A corner count outside 3 .. 6 is read as written, then rejected by nav.create.
    zero = mut(E, lambda t: t.update(polygons=[{"corners": [], "links": [], "area": 0,
                                                "flags": 0}]))
    neg("corner_count", serialize(zero), ["nav.create", "nav.limits"],
        "a polygon with corner count 0 (4 bytes) and a detail list of 0 entries: read, then "
        "nav.create 3.1 (n not in 3..6)",
        (AE, tf(argument="polygons", polygon=0, count=0)))
    seven = mut(T, lambda t: t["polygons"][2].update(corners=[1, 8, 3, 2, 4, 5, 6],
                                                     links=[(0, 0)] * 7))
    neg("corner_count", serialize(seven), ["nav.create", "nav.limits"],
        "polygon 2 with 7 corners and 7 links: nav.create 3.1",
        (AE, tf(argument="polygons", polygon=2, count=7)))
    two = mut(T, lambda t: t["polygons"][1].update(corners=[7, 6], links=[(0, 0)] * 2))
    neg("corner_count", serialize(two), ["nav.create", "nav.limits"],
        "polygon 1 with 2 corners: nav.create 3.1",
        (AE, tf(argument="polygons", polygon=1, count=2)))

    # ---- nav.create 1, the header
    def origin(x, y, z):
        return lambda t: t.update(origin=(x, y, z))
    for (o, why, err) in [
            ((NAN, 1.5, -8.0), "originX NaN", (AE, tf(argument="originX", value="NaN"))),
            ((16.0, INF, -8.0), "originY +inf", (AE, tf(argument="originY", value="Infinity"))),
            ((16.0, 1.5, -INF), "originZ -inf", (AE, tf(argument="originZ", value="-Infinity"))),
            ((-0.0, 1.5, -8.0), "originX -0", (AOORE, tf(argument="originX", value=-0.0))),
            ((16.0, 1.5, -0.0), "originZ -0", (AOORE, tf(argument="originZ", value=-0.0))),
            ((-0.0, NAN, -8.0), "originX -0 and originY NaN: x first",
             (AOORE, tf(argument="originX", value=-0.0))),
            ((16.0, NAN, -0.0), "originY NaN and originZ -0: y first",
             (AE, tf(argument="originY", value="NaN")))]:
        bad("header", mut(T, origin(*o)), [], why + ": nav.create 1", err)
    for s, why, value in [(0.0, "0", 0.0), (-0.0, "-0", -0.0), (NAN, "NaN", "NaN"),
                          (INF, "+inf", "Infinity"), (-8.0, "-8", -8.0)]:
        bad("header", mut(T, lambda t: t.update(tileSize=s)), [],
            "tileSize %s (not finite or not > 0): nav.create 1, AOORE even when not finite" % why,
            (AOORE, tf(argument="tileSize", value=value)))
    for layer in (1024, 65535):
        bad("header", mut(T, lambda t: t.update(layer=layer)), ["nav.limits"],
            "layer %d: nav.create 1" % layer, (AOORE, tf(argument="layer", value=float(layer))))
    bad("header", mut(T, lambda t: t.update(tileSize=0.0, layer=1024)), [],
        "tileSize 0 and layer 1024: tileSize first", (AOORE, tf(argument="tileSize", value=0.0)))
    bad("header", mut(T, lambda t: t.update(origin=(16.0, 1.5, INF), tileSize=0.0)), [],
        "originZ +inf and tileSize 0: the origin first",
        (AE, tf(argument="originZ", value="Infinity")))
    bad("header", mut(T, lambda t: (t.update(layer=1024), setv(t, 0, 0, NAN))), [],
        "layer 1024 and vertex 0's x NaN: the header (1) before the vertices (2)",
        (AOORE, tf(argument="layer", value=1024.0)))

    # ---- nav.create 2, the vertices
    big = f32_next(8.0)
    above = 2.0 ** 22 + 0.5
    assert f32_next(2.0 ** 22) == above
    for (i, k, c, err, why) in [
            (3, 0, NAN, AE, "NaN"), (5, 1, INF, AE, "+inf"), (10, 2, -INF, AE, "-inf"),
            (0, 0, -0.0, AOORE, "-0"), (0, 2, -0.0, AOORE, "-0"), (8, 1, -0.0, AOORE, "-0"),
            (2, 0, big, AOORE, "the next binary32 above tileSize"), (1, 2, -1.0, AOORE, "-1"),
            (4, 2, big, AOORE, "the next binary32 above tileSize"),
            (8, 1, above, AOORE, "2^22 + 0.5 (magnitude above 2^22)"),
            (8, 1, -above, AOORE, "-(2^22 + 0.5)")]:
        name = "vertices." + "xyz"[k]
        bad("vertices", mut(T, lambda t: setv(t, i, k, c)), ["nav.limits"],
            "vertex %d's %s %s: nav.create 2" % (i, "xyz"[k], why),
            (err, tf(argument=name, vertex=i, value=jnum(c))))
    bad("vertices", mut(T, lambda t: (setv(t, 1, 0, -0.0), setv(t, 1, 1, NAN))), [],
        "vertex 1's x -0 and y NaN: x before y",
        (AOORE, tf(argument="vertices.x", vertex=1, value=-0.0)))
    bad("vertices", mut(T, lambda t: (setv(t, 2, 2, 9.0), setv(t, 4, 0, NAN))), [],
        "vertex 2's z 9 (above tileSize 8) and vertex 4's x NaN: vertex 2 first",
        (AOORE, tf(argument="vertices.z", vertex=2, value=9.0)))
    bad("vertices", mut(T, lambda t: (setv(t, 9, 1, NAN), t["polygons"][0].update(area=64))),
        [], "vertex 9's y NaN and polygon 0's area 64: the vertices (2) before the polygons (3)",
        (AE, tf(argument="vertices.y", vertex=9, value="NaN")))

    # ---- nav.create 3, the polygons
    def corners(p, c, links=None):
        def f(t):
            t["polygons"][p]["corners"] = c
            if links is not None:
                t["polygons"][p]["links"] = links
        return f
    bad("polygons", mut(T, corners(1, [7, 6, 11, 8])), [],
        "polygon 1's corner 2 is vertex 11 of 11: nav.create 3.2",
        (AOORE, tf(argument="polygons", polygon=1, vertex=2, value=11.0)))
    bad("polygons", mut(T, corners(3, [8, 5, 9, 4, 10, 65535])), ["nav.limits"],
        "polygon 3's corner 5 is vertex 65535: nav.create 3.2",
        (AOORE, tf(argument="polygons", polygon=3, vertex=5, value=65535.0)))
    bad("polygons", mut(T, corners(0, [0, 7, 8, 0])), [],
        "polygon 0's corner 3 repeats corner 0: nav.create 3.2",
        (AE, tf(argument="polygons", polygon=0, vertex=3)))
    bad("polygons", mut(T, corners(0, [0, 0, 99, 1])), [],
        "polygon 0's corner 1 repeats corner 0 and corner 2 is out of range: corner 1 first",
        (AE, tf(argument="polygons", polygon=0, vertex=1)))
    bad("polygons", mut(T, corners(0, [0, 99, 0, 1])), [],
        "polygon 0's corner 1 out of range and corner 2 repeating corner 0: corner 1 first",
        (AOORE, tf(argument="polygons", polygon=0, vertex=1, value=99.0)))
    for area in (64, 255):
        bad("polygons", mut(T, lambda t: t["polygons"][2].update(area=area)), ["nav.limits"],
            "polygon 2's area %d: nav.create 3.3" % area,
            (AOORE, tf(argument="area", polygon=2, value=float(area))))
    bad("polygons", mut(T, lambda t: (t["polygons"][0].update(area=64),
                                      corners(1, [7, 6, 50, 8])(t))), [],
        "polygon 0's area 64 and polygon 1's corner out of range: polygon 0 first",
        (AOORE, tf(argument="area", polygon=0, value=64.0)))
    bad("polygons", mut(T, lambda t: (t["polygons"][0].update(area=64),
                                      corners(0, [1, 8, 7, 0])(t))), ["nav.convex"],
        "polygon 0 clockwise with area 64: the area (3.3) before the convexity (3.4)",
        (AOORE, tf(argument="area", polygon=0, value=64.0)))
    bad("polygons", mut(T, lambda t: (corners(0, [1, 8, 7, 0])(t),
                                      t["polygons"][1].update(area=64))), ["nav.convex"],
        "polygon 0 clockwise and polygon 1's area 64: polygon 0 completely before polygon 1",
        (AE, tf(argument="convex", polygon=0, edge=0, vertex=2)))
    bad("polygons", mut(T, lambda t: (setlink(t, 0, 0, (3, 0)),
                                      t["polygons"][3].update(area=64))), ["nav.link"],
        "polygon 0's edge 0 of kind 3 and polygon 3's area 64: every polygon (3) before the "
        "links (4)", (AOORE, tf(argument="area", polygon=3, value=64.0)))

    # ---- nav.convex
    # v11 has v8's (x, z) and another y; v12 has v0's.
    def extra(t):
        t["vertices"] += [(4.0, 3.0, 4.0), (0.0, 9.0, 0.0), (2.0, 1.0, 2.0)]
    bad("convex", mut(T, lambda t: (extra(t), corners(0, [0, 7, 8, 11])(t))),
        ["nav.convex", "nav.orient"],
        "polygon 0's corners 2 and 3 (vertices 8 and 11) have equal (x, z) and different y: "
        "nav.convex 1, vertex = the later corner",
        (AE, tf(argument="convex", polygon=0, vertex=3)))
    bad("convex", mut(T, lambda t: (extra(t), corners(0, [0, 7, 8, 11, 12], [(0, 0)] * 5)(t))),
        ["nav.convex", "nav.orient"],
        "polygon 0's corners (2, 3) and (0, 4) equal in (x, z): pairs in order of k, then i, "
        "so (2, 3) first: nav.convex 1",
        (AE, tf(argument="convex", polygon=0, vertex=3)))
    assert orient(T["vertices"][1], T["vertices"][8], T["vertices"][7]) < 0
    bad("convex", mut(T, corners(0, [1, 8, 7, 0])), ["nav.convex", "nav.orient"],
        "polygon 0 clockwise (its corners reversed): edge 0 (v1 -> v8), corner 2 (v7): "
        "orient = 4·(0 - 4) - 0·(4 - 0) = -16 < 0: nav.convex 2",
        (AE, tf(argument="convex", polygon=0, edge=0, vertex=2)))
    dart = mut(T, lambda t: (extra(t), corners(0, [0, 6, 13, 2], [(0, 0)] * 4)(t)))
    V = dart["vertices"]
    assert orient(V[6], V[13], V[0]) > 0 and orient(V[6], V[13], V[2]) < 0
    bad("convex", dart, ["nav.convex", "nav.orient"],
        "polygon 0 = (0,0), (0,8), (2,2), (8,0) in (x, z): a reflex corner; edge 0 holds, edge 1 "
        "(v6 -> v13): corner 0 gives (2-8)·(0-0) - (2-0)·(0-8) = 16 >= 0, corner 3 gives "
        "(2-8)·(8-0) - (2-0)·(0-8) = -32: nav.convex 2 at edge 1, vertex 3",
        (AE, tf(argument="convex", polygon=0, edge=1, vertex=3)))
    bad("convex", mut(T, corners(0, [0, 1, 2], [(0, 0)] * 3)), ["nav.convex", "nav.orient"],
        "polygon 0 = v0, v1, v2, all on z = 0: every orient is 0, no corner turns: "
        "nav.convex 3", (AE, tf(argument="convex", polygon=0)))
    bad("convex", mut(T, lambda t: (extra(t), corners(0, [1, 8, 11, 0])(t))),
        ["nav.convex", "nav.orient"],
        "polygon 0 clockwise with two equal corners (v8, v11): nav.convex 1 before 2",
        (AE, tf(argument="convex", polygon=0, vertex=2)))

    # ---- nav.create 4, the links
    for (p, k, link, err, why) in [
            (0, 1, (3, 1), (AOORE, tf(argument="links.kind", polygon=0, edge=1, value=3.0)),
             "polygon 0's edge 1 of kind 3: 4.1"),
            (2, 3, (255, 1), (AOORE, tf(argument="links.kind", polygon=2, edge=3, value=255.0)),
             "kind 255: 4.1"),
            (0, 0, (0, 1), (AOORE, tf(argument="links.value", polygon=0, edge=0, value=1.0)),
             "a wall with value 1: 4.2"),
            (0, 1, (1, 4), (AOORE, tf(argument="links.value", polygon=0, edge=1, value=4.0)),
             "a polygon link to polygon 4 of 4: 4.2"),
            (1, 2, (1, 1), (AOORE, tf(argument="links.value", polygon=1, edge=2, value=1.0)),
             "polygon 1's polygon link to itself: 4.2"),
            (3, 1, (2, 4), (AOORE, tf(argument="links.value", polygon=3, edge=1, value=4.0)),
             "a portal of side 4: 4.2"),
            (0, 0, (1, 2), (AE, tf(argument="links.polygon", polygon=0, edge=0)),
             "polygon 0's edge 0 (v0 -> v7) links to polygon 2, which has no edge v7 -> v0: 4.3"),
            (0, 0, (2, 2), (AE, tf(argument="links.portal", polygon=0, edge=0)),
             "polygon 0's edge 0 (on x = 0) claims side 2: 4.4"),
            (0, 0, (2, 1), (AE, tf(argument="links.portal", polygon=0, edge=0)),
             "polygon 0's edge 0 (v0 at z = 0, v7 at z = 4) claims side 1: 4.4")]:
        bad("links", mut(T, lambda t: setlink(t, p, k, link)), ["nav.link"],
            why + " (nav.create)", err)
    bad("links", mut(T, lambda t: setlink(t, 1, 3, (0, 0))), ["nav.link"],
        "polygon 1's edge 3 (v8 -> v7) made a wall: polygon 0's edge 1 links to polygon 1, "
        "which does not return it: 4.3 at polygon 0, the first", 
        (AE, tf(argument="links.polygon", polygon=0, edge=1)))
    bad("links", mut(T, lambda t: setlink(t, 1, 3, (1, 2))), ["nav.link"],
        "polygon 1's edge 3 (v8 -> v7) links to polygon 2: polygon 0's edge 1 is not returned "
        "to polygon 0: 4.3 at polygon 0",
        (AE, tf(argument="links.polygon", polygon=0, edge=1)))
    bad("links", mut(T, lambda t: (setlink(t, 0, 1, (2, 0)), setlink(t, 1, 3, (0, 0)))),
        ["nav.link"], "polygon 0's inner edge 1 (v7 -> v8) claims side 0: 4.4",
        (AE, tf(argument="links.portal", polygon=0, edge=1)))
    bad("links", mut(T, lambda t: setv(t, 2, 0, f32(8.0 - 2.0 ** -21))), ["nav.link"],
        "vertex 2 at x = 8 - 2^-21, near but not on side 2 (x = 8), with polygon 2's edge 2 "
        "(v3 -> v2) a portal of side 2: 4.4",
        (AE, tf(argument="links.portal", polygon=2, edge=2)))
    bad("links", mut(T, lambda t: (setlink(t, 0, 0, (2, 2)), setlink(t, 0, 1, (3, 0)))),
        ["nav.link"], "polygon 0's edge 0 a portal off its side (4.4) and edge 1 of kind 3 "
        "(4.1): edge by edge, every check of edge 0 before edge 1",
        (AE, tf(argument="links.portal", polygon=0, edge=0)))
    bad("links", mut(T, lambda t: (setlink(t, 0, 3, (2, 3)), setlink(t, 1, 0, (7, 0)))),
        ["nav.link"], "polygon 0's edge 3 a portal of side 3 (it lies on side 1) and polygon "
        "1's edge 0 of kind 7: polygon 0 first",
        (AE, tf(argument="links.portal", polygon=0, edge=3)))

    # ---- nav.create 5, the detail
    def dpoly(i, entry):
        return lambda t: t["detailPolygons"].__setitem__(i, entry)
    bad("detail", mut(T, lambda t: t["detailPolygons"].pop()), ["nav.detail"],
        "3 detail entries for 4 polygons: 5.1", (AE, tf(argument="detailPolygons", count=3)))
    bad("detail", mut(T, lambda t: t["detailPolygons"].append((1, 0, 12, 1))), ["nav.detail"],
        "5 detail entries for 4 polygons: 5.1", (AE, tf(argument="detailPolygons", count=5)))
    for (i, entry, err, why) in [
            (1, (0, 0, 4, 2), (AE, tf(argument="detailPolygons.vertexBase", polygon=1, value=0.0)),
             "entry 1's vertexBase 0 (the sum before it is 1)"),
            (2, (1, 0, 5, 2), (AE, tf(argument="detailPolygons.triangleBase", polygon=2,
                                      value=5.0)),
             "entry 2's triangleBase 5 (the sum before it is 6)"),
            (1, (2, 0, 3, 2), (AE, tf(argument="detailPolygons.vertexBase", polygon=1, value=2.0)),
             "entry 1's vertexBase and triangleBase both wrong: vertexBase first"),
            (3, (1, 250, 8, 4), (AOORE, tf(argument="detailPolygons.vertexCount", polygon=3,
                                           count=250)),
             "entry 3 (a hexagon): 6 + 250 = 256 > 255"),
            (0, (0, 252, 0, 4), (AOORE, tf(argument="detailPolygons.vertexCount", polygon=0,
                                           count=252)),
             "entry 0 (a quad): 4 + 252 = 256 > 255"),
            (1, (1, 0, 4, 0), (AOORE, tf(argument="detailPolygons.triangleCount", polygon=1,
                                         count=0)),
             "entry 1's triangleCount 0"),
            (3, (1, 0, 8, 256), (AOORE, tf(argument="detailPolygons.triangleCount", polygon=3,
                                           count=256)),
             "entry 3's triangleCount 256"),
            (3, (1, 250, 7, 4), (AE, tf(argument="detailPolygons.triangleBase", polygon=3,
                                        value=7.0)),
             "entry 3's triangleBase wrong and vertexCount 250: the base first"),
            (3, (1, 250, 8, 0), (AOORE, tf(argument="detailPolygons.vertexCount", polygon=3,
                                           count=250)),
             "entry 3's vertexCount 250 and triangleCount 0: vertexCount first")]:
        bad("detail", mut(T, dpoly(i, entry)), ["nav.detail", "nav.limits"],
            why + ": nav.create 5.2", err)
    bad("detail", mut(T, lambda t: t["detailVertices"].append((1.0, 0.0, 1.0))), ["nav.detail"],
        "2 detail vertices, the counts sum to 1: 5.3", (AE, tf(argument="detailVertices", count=2)))
    bad("detail", mut(T, lambda t: t["detailVertices"].pop()), ["nav.detail"],
        "no detail vertex, the counts sum to 1: 5.3", (AE, tf(argument="detailVertices", count=0)))
    bad("detail", mut(T, lambda t: t["detailTriangles"].append((0, 1, 2, 7))), ["nav.detail"],
        "13 detail triangles, the counts sum to 12: 5.3",
        (AE, tf(argument="detailTriangles", count=13)))
    bad("detail", mut(T, lambda t: (t["detailTriangles"].append((0, 1, 2, 7)),
                                    t["detailVertices"].pop())), ["nav.detail"],
        "both lengths wrong: detailVertices first (5.3)",
        (AE, tf(argument="detailVertices", count=0)))
    for (k, c, err, why) in [(0, NAN, AE, "NaN"), (1, -0.0, AOORE, "-0"), (2, 8.5, AOORE, "8.5"),
                             (1, above, AOORE, "2^22 + 0.5")]:
        def f(t, k=k, c=c):
            v = list(t["detailVertices"][0])
            v[k] = c
            t["detailVertices"][0] = tuple(v)
        bad("detail", mut(T, f), ["nav.detail", "nav.limits"],
            "detail vertex 0's %s %s: 5.4 (as 2)" % ("xyz"[k], why),
            (err, tf(argument="detailVertices." + "xyz"[k], vertex=0, value=jnum(c))))

    def tri(i, value):
        return lambda t: t["detailTriangles"].__setitem__(i, value)
    sw0 = T["detailTriangles"][0]
    assert sw0 == (0, 1, 4, 1)  # edge 0 -> 1 on the boundary; 1 -> 4 and 4 -> 0 shared
    for (i, value, err, why) in [
            (0, (0, 1, 5, 1), (AOORE, tf(argument="detailTriangles", polygon=0, triangle=0,
                                         value=5.0)),
             "polygon 0 (4 corners, 1 extra vertex) triangle 0 names vertex 5"),
            (5, (0, 2, 4, 0), (AOORE, tf(argument="detailTriangles", polygon=1, triangle=5,
                                         value=4.0)),
             "polygon 1 (4 corners, no extra) triangle 5 names vertex 4"),
            (6, (0, 0, 2, 0), (AE, tf(argument="detailTriangles", polygon=2, triangle=6)),
             "polygon 2's triangle 6 names vertex 0 twice"),
            (4, (7, 0, 0, 0), (AOORE, tf(argument="detailTriangles", polygon=1, triangle=4,
                                         value=7.0)),
             "triangle 4 (7, 0, 0): a out of range before the equal numbers"),
            (4, (0, 0, 9, 0), (AOORE, tf(argument="detailTriangles", polygon=1, triangle=4,
                                         value=9.0)),
             "triangle 4 (0, 0, 9): every number's range (a, b, c) before equal numbers"),
            (0, (0, 1, 4, 1 | 8), (AE, tf(argument="detailTriangles.flags", polygon=0,
                                          triangle=0, value=9.0)),
             "triangle 0's flags with bit 3 set"),
            (0, (0, 1, 4, 0), (AE, tf(argument="detailTriangles.flags", polygon=0, triangle=0,
                                      value=0.0)),
             "triangle 0's boundary edge 0 -> 1 without its bit 0"),
            (0, (0, 1, 4, 3), (AE, tf(argument="detailTriangles.flags", polygon=0, triangle=0,
                                      value=3.0)),
             "triangle 0's bit 1 set on edge 1 -> 4, which triangle 1 (1, 2, 4) has reversed")]:
        bad("detail", mut(T, tri(i, value)), ["nav.detail"], why + ": 5.5", err)
    bad("detail", mut(T, lambda t: (t["detailVertices"].__setitem__(0, (2.0, NAN, 2.0)),
                                    tri(0, (0, 1, 4, 0))(t))), ["nav.detail"],
        "detail vertex 0's y NaN and triangle 0's flags wrong: the vertices (5.4) first",
        (AE, tf(argument="detailVertices.y", vertex=0, value="NaN")))
    bad("detail", mut(T, lambda t: (setlink(t, 3, 1, (2, 1)), t["detailPolygons"].pop())),
        ["nav.detail", "nav.link"],
        "polygon 3's edge 1 claims side 1 (4.4) and 3 detail entries (5.1): the links first",
        (AE, tf(argument="links.portal", polygon=3, edge=1)))
    return out


def assembler_vectors():
    out = []

    def pos(kind, t, clauses, why):
        out.append(assemble_vector(kind, t, clauses, why))

    def neg(kind, t, clauses, why, error):
        out.append(assemble_vector(kind, t, ["nav.create"] + clauses, why, error))

    T = square_tile()
    assert assembled(T) == T  # the assembler's links are the hand-written ones
    pos("tile", T, ["nav.link", "nav.tile", "nav.convex", "nav.create"],
        "the base tile of NavTile.Deserialize's vectors; the derived links equal its "
        "hand-written ones")
    L = limits_tile()
    assert assembled(L) == L
    pos("limits", L, ["nav.limits", "nav.link"],
        "the limits tile; a portal on side 0 at tileSize = f32(9.6) corners")
    W = walls_tile()
    pos("links", W, ["nav.link"], "the two quads of the walls tile: the assembler links their "
        "shared edge both ways and makes the edge on x = 0 a portal")
    pos("empty", empty_tile(), ["nav.tile"], "no vertex, no polygon")
    # Rule 1's other cases: three edges on {a, b}; two in the same direction.
    a, b = (2.0, 0.0, 2.0), (2.0, 0.0, 4.0)
    base = {"tileX": 3, "tileZ": 4, "layer": 2, "origin": (96.0, -3.25, 128.0), "tileSize": 8.0,
            "detailVertices": []}
    three = dict(base, vertices=[a, b, (3.0, 0.0, 3.0), (1.0, 0.0, 3.0), (0.5, 0.0, 3.0)],
                 polygons=[{"corners": [0, 1, 2], "area": 1, "flags": 1},
                           {"corners": [1, 0, 3], "area": 2, "flags": 2},
                           {"corners": [1, 0, 4], "area": 3, "flags": 3}],
                 detailPolygons=[(0, 0, 0, 1), (0, 0, 1, 1), (0, 0, 2, 1)],
                 detailTriangles=detail_flags([(0, 1, 2)]) * 3)
    u = assembled(three)
    assert all(l == (0, 0) for p in u["polygons"] for l in p["links"])
    pos("adjacency", three, ["nav.link"],
        "three triangles on the edge {v0, v1} (one a -> b, two b -> a): rule 1 links none, "
        "every edge a wall")
    same = dict(base, vertices=[a, b, (3.0, 0.0, 3.0), (3.5, 0.0, 3.5)],
                polygons=[{"corners": [0, 1, 2], "area": 0, "flags": 0},
                          {"corners": [0, 1, 3], "area": 0, "flags": 0}],
                detailPolygons=[(0, 0, 0, 1), (0, 0, 1, 1)],
                detailTriangles=detail_flags([(0, 1, 2)]) * 2)
    assert all(l == (0, 0) for p in assembled(same)["polygons"] for l in p["links"])
    pos("adjacency", same, ["nav.link"],
        "two triangles with the edge v0 -> v1 in the same direction: rule 1 links neither")
    # Rule 2: bitwise on a side only; 2^-149 is near x = 0 but a wall.
    tiny = 2.0 ** -149
    near = dict(base, vertices=[(0.0, 0.0, 0.0), (tiny, 0.0, 4.0), (4.0, 0.0, 4.0),
                                (4.0, 0.0, 0.0)],
                polygons=[{"corners": [0, 1, 2, 3], "area": 0, "flags": 0}],
                detailPolygons=[(0, 0, 0, 2)],
                detailTriangles=detail_flags([(0, 1, 2), (0, 2, 3)]))
    links = assembled(near)["polygons"][0]["links"]
    assert links[0] == (0, 0) and links[3] == (2, 1), links
    pos("portals", near, ["nav.link"],
        "a quad whose edge from (0, 0) to (2^-149, 4) lies near side 0 but not on it: rule 2 "
        "makes it a wall; its edge on z = 0 a portal of side 1")
    corner = dict(base, vertices=[(0.0, 0.0, 0.0), (0.0, 0.0, 8.0), (8.0, 0.0, 8.0),
                                  (8.0, 0.0, 0.0)],
                  polygons=[{"corners": [0, 1, 2, 3], "area": 0, "flags": 0}],
                  detailPolygons=[(0, 0, 0, 2)],
                  detailTriangles=detail_flags([(0, 1, 2), (0, 2, 3)]))
    assert [l for l in assembled(corner)["polygons"][0]["links"]] == [(2, 0), (2, 3), (2, 2),
                                                                       (2, 1)]
    pos("portals", corner, ["nav.link"],
        "one quad covering the whole tile: a portal on each side, in the side order of rule 2")
    # Errors: nav.create's, on the assembled tile. The vertex limit is
    # here rather than in NavTile.Deserialize's vectors: its input is a
    # third as long as the tile's bytes in hex (golden/ stays small).
    many = many_vertices_tile(65536)
    many["vertices"].append((0.0, 0.0, 0.0))
    many.update(polygons=[], detailPolygons=[], detailTriangles=[])
    neg("limits", many, ["nav.limits"], "65,537 vertices, no polygon: nav.create 2",
        (AOORE, tf(argument="vertices", count=65537)))
    neg("errors", mut(T, lambda t: setv(t, 0, 0, -0.0)), ["nav.limits"],
        "vertex 0's x -0 (on no side by rule 2): nav.create 2",
        (AOORE, tf(argument="vertices.x", vertex=0, value=-0.0)))
    neg("errors", mut(T, lambda t: t["polygons"][1].update(corners=[7, 6, 20, 8])), [],
        "polygon 1's corner 2 is vertex 20 of 11 (rule 1 uses it as an index, rule 2 puts it "
        "on no side): nav.create 3.2",
        (AOORE, tf(argument="polygons", polygon=1, vertex=2, value=20.0)))
    neg("errors", mut(T, lambda t: t["polygons"][2].update(corners=[1, 8, 3, 2, 4, 5, 6])),
        ["nav.limits"], "polygon 2 with 7 corners (the assembler derives 7 links): nav.create "
        "3.1", (AE, tf(argument="polygons", polygon=2, count=7)))
    neg("errors", mut(T, lambda t: t["polygons"][0].update(corners=[1, 8, 7, 0])),
        ["nav.convex"], "polygon 0 clockwise: nav.convex 2 at edge 0, corner 2",
        (AE, tf(argument="convex", polygon=0, edge=0, vertex=2)))
    neg("errors", mut(T, lambda t: t["detailPolygons"].pop()), ["nav.detail"],
        "3 detail entries for 4 polygons: nav.create 5.1",
        (AE, tf(argument="detailPolygons", count=3)))
    return out


# ---- nav.mesh-bytes: a mesh's bytes, from its table ----------------------

def mesh_order(t):
    """nav.mesh: tiles in ascending (tileZ, tileX, layer), signed."""
    return (t["tileZ"], t["tileX"], t["layer"])


def serialize_mesh(tiles, count=None, version=1, magic=b"OPNM"):
    """The bytes of nav.mesh-bytes with the tiles in the order given (a
    valid mesh's bytes when that is the mesh's order): magic, u16 version,
    u32 count, then per tile u32 length and its nav.serialize bytes. A
    tile may be given as bytes (written as they are, with their length)."""
    out = bytearray(magic) + struct.pack("<HI", version, len(tiles) if count is None else count)
    for t in tiles:
        data = t if isinstance(t, bytes) else serialize(t)
        out += struct.pack("<I", len(data)) + data
    return bytes(out)


def rekey(t, x, z, layer):
    """Tile t under another key (a tile's validity does not depend on its key)."""
    return mut(t, lambda u: u.update(tileX=x, tileZ=z, layer=layer))


def mesh_vector(kind, data, clauses, why, expected=None, error=None, flags=()):
    return bytes_vector(
        "NavMesh.Deserialize", kind, data, ordered(set(clauses) | {"nav.mesh-bytes"}), why,
        expected,
        "tools/golden/gen_navmesh_tiles.py: hand-made mesh, %s; its bytes "
        "written from nav.mesh-bytes' and nav.serialize's tables with "
        "Python's struct, every tile checked valid against a transcription "
        "of nav.create/nav.convex/nav.link/nav.detail, the expected bytes "
        "the tiles in nav.mesh's order (ascending tileZ, tileX, layer), "
        "SHA-256 with hashlib (no code of src/); the reference agrees" % why, error, flags)


def mesh_vectors():
    T = square_tile()  # key (2, -1, 0)
    W = walls_tile()   # key (0, 0, 7)
    L = limits_tile()  # key (-2^31, 2^31 - 1, 1023)
    E = empty_tile()   # key (0, 0, 0), 64 bytes
    for t in (T, W, L, E):
        check_valid(t)
    out = []
    TILES = ["nav.serialize", "nav.deserialize", "nav.create", "nav.tile"]

    def pos(kind, tiles, clauses, why):
        """A valid mesh given with its tiles in the order listed; the
        output lists them in the mesh's order."""
        keys = [mesh_order(t) for t in tiles]
        assert len(set(keys)) == len(keys), why
        data = serialize_mesh(tiles)
        expected = serialize_mesh(sorted(tiles, key=mesh_order))
        assert (data == expected) == (keys == sorted(keys)), why
        out.append(mesh_vector(kind, data, clauses + (TILES if tiles else []), why, expected,
                               flags=() if data == expected else ("reordered",)))

    def neg(kind, data, clauses, why, error):
        out.append(mesh_vector(kind, data, clauses, why, error=error))

    # ---- valid meshes
    empty = serialize_mesh([])
    assert empty == bytes.fromhex("4f504e4d010000000000")  # nav.mesh-bytes' ten bytes
    pos("empty", [], [], "the empty mesh: the ten bytes 4f 50 4e 4d 01 00 00 00 00 00")
    pos("tile", [T], ["nav.link", "nav.detail", "nav.convex"],
        "one tile (the base tile of NavTile.Deserialize's vectors, key (2, -1, 0))")
    several = [T, E, rekey(E, 5, 0, 0), W, L]
    pos("tiles", several, ["nav.mesh", "nav.link", "nav.detail", "nav.convex", "nav.limits"],
        "five tiles given in the mesh's order: (2, -1, 0), (0, 0, 0), (5, 0, 0), (0, 0, 7), "
        "(-2^31, 2^31-1, 1023) as (tileX, tileZ, layer); the output is the bytes given")
    pos("order", several[::-1], ["nav.mesh", "nav.link", "nav.detail", "nav.convex",
                                 "nav.limits"],
        "the same five tiles given in reverse order: accepted, and Serialize lists them in the "
        "mesh's order (a port that keeps the input's order fails)")
    keyed = [rekey(E, x, z, l) for (x, z, l) in
             [(-1, 0, 0), (0, -1, 5), (0, 0, 1), (0, 1, 0), (1, 0, 0)]]
    pos("order", keyed, ["nav.mesh"],
        "five empty tiles given in (tileX, tileZ, layer) order: the mesh's order is (tileZ, "
        "tileX, layer), signed: (0, -1, 5), (-1, 0, 0), (0, 0, 1), (1, 0, 0), (0, 1, 0) (tileX "
        "-1 before 1: a port comparing unsigned or tileX first fails)")
    pos("order", [rekey(E, 2, -1, 1023), rekey(E, -3, -1, 0), rekey(E, 2, -2, 4),
                  rekey(E, 2, -1, 0), rekey(E, 1, -1, 1)], ["nav.mesh"],
        "five empty tiles whose order the layer decides only last: (2, -2, 4), then row -1: "
        "(-3, -1, 0), (1, -1, 1), (2, -1, 0), (2, -1, 1023) (a port ordering by layer first "
        "fails)")
    pos("layers", [rekey(T, 2, -1, 1), T], ["nav.mesh", "nav.link", "nav.detail",
                                            "nav.convex"],
        "two layers of one (tileX, tileZ) = (2, -1), the base tile as layer 1 given before "
        "layer 0: both kept (the key is (tileX, tileZ, layer)), layer 0 first")
    pos("layers", [rekey(W, 3, -1, 0), rekey(W, 2, -1, 3), T, rekey(E, 2, -1, 1)],
        ["nav.mesh", "nav.link", "nav.detail", "nav.convex"],
        "three layers 3, 0, 1 of (2, -1) and a tile (3, -1, 0), given in that order: (2, -1, "
        "0), (2, -1, 1), (2, -1, 3), (3, -1, 0)")

    # ---- the mesh's checks, in the clause's order
    one = serialize_mesh([T])
    neg("magic", b"", [], "no bytes: fewer than four", (AE, {"argument": "magic"}))
    neg("magic", b"OPN", [], "three bytes, the start of the magic: fewer than four",
        (AE, {"argument": "magic"}))
    neg("magic", b"OPNT" + one[4:], [],
        "a mesh of one tile with the tile's magic OPNT: not the magic",
        (AE, {"argument": "magic"}))
    neg("magic", serialize(T), ["nav.serialize"],
        "a tile's bytes given as a mesh: not the magic", (AE, {"argument": "magic"}))
    neg("magic", b"opnm" + empty[4:], [], "the empty mesh with a lowercase magic opnm",
        (AE, {"argument": "magic"}))
    neg("magic", b"OPNX\x02\x00", [], "a wrong magic and version 2: the magic first",
        (AE, {"argument": "magic"}))
    for version in (0, 2, 0xFFFF):
        neg("version", serialize_mesh([], version=version), [],
            "the empty mesh with version %d" % version,
            (AOORE, {"argument": "version", "value": float(version)}))
    neg("version", serialize_mesh([T], version=2), [], "a mesh of one tile with version 2",
        (AOORE, {"argument": "version", "value": 2.0}))
    neg("version", b"OPNM\x02\x00", [],
        "the magic and version 2, nothing after: the version is checked when read, before the "
        "bytes end inside the count", (AOORE, {"argument": "version", "value": 2.0}))
    neg("version", serialize_mesh([b"OPNT"], version=0), [],
        "version 0 and a bad tile after it: the version first",
        (AOORE, {"argument": "version", "value": 0.0}))
    neg("bytes", b"OPNM", [], "the magic only: the bytes end before the version",
        (AE, {"argument": "bytes", "count": 4}))
    neg("bytes", b"OPNM\x01", [], "the bytes end inside the version",
        (AE, {"argument": "bytes", "count": 5}))
    neg("bytes", b"OPNM\x01\x00", [], "the bytes end before the tile count",
        (AE, {"argument": "bytes", "count": 6}))
    neg("bytes", empty[:-1], [], "the empty mesh less its last byte: inside the tile count",
        (AE, {"argument": "bytes", "count": 9}))
    cut = serialize_mesh([E], count=2) + b"\x40\x00"
    assert len(cut) == 80
    neg("bytes", cut, ["nav.deserialize"],
        "tile count 2 (8 <= 70 bytes remain), the first tile read, then 2 bytes: the bytes end "
        "inside the second tile's length", (AE, {"argument": "bytes", "count": 80}))
    neg("bytes", one[:200], [],
        "a mesh of one tile (length %d) cut after 200 bytes: the bytes end inside the tile; "
        "the error is the mesh's (count = the 200 bytes given), not the tile reader's"
        % len(serialize(T)), (AE, {"argument": "bytes", "count": 200}))
    neg("bytes", one[:-1], [],
        "a mesh of one tile less its last byte: the tile's length exceeds what remains by one",
        (AE, {"argument": "bytes", "count": len(one) - 1}))
    neg("count", serialize_mesh([b"XXXX"], count=3), [],
        "tile count 3 with 8 bytes left (12 needed), the first being a tile of length 4 with "
        "a bad magic: the count is checked before any tile is read",
        (AE, {"argument": "bytes", "count": 18}))
    neg("count", serialize_mesh([T], count=0xFFFFFFFF), [],
        "tile count 2^32-1 before one valid tile: the count, before any tile",
        (AE, {"argument": "bytes", "count": len(one)}))
    neg("count", serialize_mesh([b"", b""]), ["nav.deserialize"],
        "tile count 2 with exactly 8 bytes left (two lengths 0): the count passes (8 is not "
        "more than 8); the first tile's 0 bytes fail nav.deserialize's magic check",
        (AE, {"argument": "magic"}))
    data = one[:10] + struct.pack("<I", 0xFFFFFFFF) + one[14:]
    neg("bytes", data, [], "one tile whose length is 2^32-1: beyond the bytes that remain",
        (AE, {"argument": "bytes", "count": len(one)}))
    bad_magic = b"OPNX" + serialize(T)[4:]
    data = serialize_mesh([bad_magic])
    data = data[:10] + struct.pack("<I", len(bad_magic) + 1) + data[14:]
    neg("bytes", data, [],
        "one tile with a bad magic whose length is one more than the bytes that remain: the "
        "length is checked before the tile is read", (AE, {"argument": "bytes",
                                                           "count": len(data)}))
    neg("bytes", one + b"\x00", [], "a mesh of one tile and one byte more: bytes after the "
        "last tile", (AE, {"argument": "bytes", "count": len(one) + 1}))
    neg("bytes", empty + b"\x00\x00\x00\x00", [],
        "the empty mesh and four zero bytes (a tile length 0 the count does not announce): "
        "bytes after the last tile", (AE, {"argument": "bytes", "count": 14}))

    # ---- a tile's own errors, thrown as they are (nav.deserialize, nav.create)
    neg("tile", serialize_mesh([empty]), ["nav.deserialize"],
        "one tile whose bytes are the empty mesh's (magic OPNM, not OPNT): nav.deserialize 1",
        (AE, {"argument": "magic"}))
    bad_version = serialize(T)[:4] + struct.pack("<H", 2) + serialize(T)[6:]
    neg("tile", serialize_mesh([bad_version]), ["nav.deserialize"],
        "one tile of version 2: nav.deserialize 2", (AOORE, {"argument": "version",
                                                             "value": 2.0}))
    tb = serialize(T)
    neg("tile", serialize_mesh([tb[:-1]]), ["nav.deserialize", "nav.serialize"],
        "one tile less its last byte, its length saying so: nav.deserialize 3 with count = "
        "the tile's %d bytes (not the mesh's)" % (len(tb) - 1),
        (AE, {"argument": "bytes", "count": len(tb) - 1}))
    neg("tile", serialize_mesh([tb + b"\x00"]), ["nav.deserialize", "nav.serialize"],
        "one tile with one byte more inside its length: nav.deserialize 4 with count = the "
        "tile's %d bytes" % (len(tb) + 1), (AE, {"argument": "bytes", "count": len(tb) + 1}))
    area = mut(T, lambda t: t["polygons"][2].update(area=64))
    neg("tile", serialize_mesh([area]), ["nav.deserialize", "nav.create", "nav.serialize",
                                         "nav.limits"],
        "one tile whose polygon 2 has area 64: nav.create 3.3",
        (AOORE, tf(argument="area", polygon=2, value=64.0)))
    neg("tile", serialize_mesh([E, W, rekey(area, 7, 9, 2)]),
        ["nav.deserialize", "nav.create", "nav.serialize"],
        "three tiles, the third (7, 9, 2) with polygon 2's area 64: nav.create 3.3 at it",
        (AOORE, {"argument": "area", "polygon": 2, "value": 64.0, "tileX": 7, "tileZ": 9}))

    # ---- a key met twice: nav.mesh's error, when the second tile is added
    def dup(x, z, layer):
        return (AE, {"argument": "tile", "tileX": x, "tileZ": z, "layer": layer})
    neg("duplicate", serialize_mesh([T, T]), ["nav.mesh", "nav.deserialize"],
        "the base tile twice: nav.mesh's error with its key", dup(2, -1, 0))
    neg("duplicate", serialize_mesh([T, rekey(W, 2, -1, 1), rekey(E, 0, 0, 0),
                                     rekey(E, 2, -1, 1)]), ["nav.mesh", "nav.deserialize"],
        "tiles (2, -1, 0), (2, -1, 1), (0, 0, 0), then another tile (2, -1, 1): layers 0 and 1 "
        "of one (tileX, tileZ) are two keys; the fourth tile repeats the second's key",
        dup(2, -1, 1))
    neg("duplicate", serialize_mesh([rekey(E, -5, 7, 1023), W, rekey(T, -5, 7, 1023)]),
        ["nav.mesh", "nav.deserialize", "nav.limits"],
        "tiles (-5, 7, 1023), (0, 0, 7), then a different tile with the first's key: nav.mesh's "
        "error names the key", dup(-5, 7, 1023))

    # ---- two errors at once: the first in the clause's order wins
    neg("first", serialize_mesh([area]) + b"\x00", ["nav.deserialize", "nav.create",
                                                    "nav.serialize"],
        "a tile with area 64 (nav.create 3.3) and a byte after the last tile: the tiles are "
        "read (and checked) before the end is", (AOORE, tf(argument="area", polygon=2,
                                                           value=64.0)))
    neg("first", serialize_mesh([T, T]) + b"\x00", ["nav.mesh", "nav.deserialize"],
        "the base tile twice and a byte after the last tile: each tile is added when read, "
        "before the end is checked", dup(2, -1, 0))
    neg("first", serialize_mesh([T, T, bad_version]), ["nav.mesh", "nav.deserialize"],
        "the base tile twice, then a tile of version 2: the second tile's key fails when it is "
        "added, before the third is read", dup(2, -1, 0))
    neg("first", serialize_mesh([T, bad_version, T]), ["nav.mesh", "nav.deserialize"],
        "the base tile, a tile of version 2, the base tile again: the second tile's error "
        "before the third tile's key", (AOORE, {"argument": "version", "value": 2.0}))
    neg("first", serialize_mesh([T, area]), ["nav.mesh", "nav.deserialize", "nav.create",
                                             "nav.serialize"],
        "the base tile, then a tile with its key and polygon 2's area 64: the tile is read "
        "and checked (nav.create 3.3) before it is added",
        (AOORE, tf(argument="area", polygon=2, value=64.0)))
    data = serialize_mesh([bad_version], count=2) + struct.pack("<I", 1000) + b"\x00" * 8
    neg("first", data, ["nav.deserialize"],
        "tile count 2, a first tile of version 2, then a second tile whose length 1000 exceeds "
        "the 8 bytes that remain: tiles are read one by one, the first tile's error first",
        (AOORE, {"argument": "version", "value": 2.0}))
    neg("first", serialize_mesh([T, b"OPNX"]), ["nav.deserialize"],
        "the base tile, then a tile of 4 bytes with a bad magic: the second tile's error "
        "(nav.deserialize 1), the first tile being valid", (AE, {"argument": "magic"}))
    return out


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[0])
        print("usage: gen_navmesh_tiles.py OUT_DIR")
        return 0 if len(sys.argv) == 2 else 2
    os.makedirs(sys.argv[1], exist_ok=True)
    seen = set()
    for name, vs in (("deserialize.jsonl", deserialize_vectors()),
                     ("assemble.jsonl", assembler_vectors()),
                     ("mesh.jsonl", mesh_vectors())):
        path = os.path.join(sys.argv[1], name)
        with open(path, "w", encoding="utf-8") as f:
            for v in vs:
                assert v["id"] not in seen, v["id"]
                seen.add(v["id"])
                f.write(json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                                   allow_nan=False) + "\n")
        print("%s: %d vectors" % (path, len(vs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
