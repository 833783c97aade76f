#!/usr/bin/env python3
"""Checks `onepath build`, `onepath path` and `onepath render` from the outside.

Usage: check_mesh_commands.py ONEPATH OUTPUT_DIR CHECK_BUILD_BYTES LEVELS.jsonl

A generated level (onepath generate level) is built with 1 and 2 threads:
both exit 0, print the summary and write identical files. The mesh file is
read here on its own, from the tables of nav.mesh-bytes and nav.serialize
(docs/spec/navmesh-format.md): the summary's counts are the file's, every
tile's length is nav.serialize's size formula. CHECK_BUILD_BYTES
(check_build_bytes.cpp) builds the same OBJ with the same settings through
the library and says the file is Serialize(NavMesh::Build), byte for byte
(default settings and a Layers partition on smaller tiles). For every
vector of golden/build3d/mesh-levels/levels.jsonl (a level by its recipe,
settings, and the sha256 of the `mesh` stage, nav.mesh-bytes, that the
golden replay checks the library against), `onepath generate level` writes
the level, `onepath build` builds it with the vector's settings, and the
file's sha256 is the vector's. `path` between
two polygons that share an edge is found, its straight path runs from the
printed nearest start point to the printed nearest goal point; a point far
from the mesh exits 3. The climb path and render stitch with comes from
--settings or --climb (default: the default AgentMaxClimb); both is a usage
error. `render` writes SVG that parses as XML with one <polygon> per polygon
of the file. Usage errors exit 2, a setting out of range exits 1 with the
library's exception; a file that is not a mesh's bytes (truncated, wrong
magic or version, a byte too many) exits 2 with NavMesh.Deserialize's
exception and the file's name, and never crashes.
"""
import hashlib
import json
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def run(onepath, *args):
    return subprocess.run([onepath, *map(str, args)], capture_output=True, text=True)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def parse_tile(b):
    """nav.serialize: (key, origin, vertices, polygons as (corners, links, area))."""
    assert b[:4] == b"OPNT", b[:4]
    at = 4
    def take(fmt):
        nonlocal at
        v = struct.unpack_from("<" + fmt, b, at)
        at += struct.calcsize("<" + fmt)
        return v
    (version,) = take("H")
    assert version == 1
    tx, tz, layer = take("iiH")
    origin = take("ddd")
    (tile_size,) = take("f")
    (nv,) = take("I")
    vertices = [take("fff") for _ in range(nv)]
    (np_,) = take("I")
    polygons, corners = [], 0
    for _ in range(np_):
        (n,) = take("B")
        idx = take(f"{n}H")
        links = [take("BI") for _ in range(n)]
        (area,) = take("B")
        take("H")
        polygons.append((idx, links, area))
        corners += n
    (nd,) = take("I")
    take(f"{4 * nd}I")
    (ndv,) = take("I")
    take(f"{3 * ndv}f")
    (nt,) = take("I")
    take(f"{4 * nt}B")
    assert at == len(b), "bytes after the last triangle"
    # nav.serialize: 64 + 12V + 20P + 7N + 12D + 4T bytes
    assert len(b) == 64 + 12 * nv + 20 * np_ + 7 * corners + 12 * ndv + 4 * nt
    return (tx, tz, layer), origin, tile_size, vertices, polygons


def parse_mesh(path):
    """nav.mesh-bytes: magic "OPNM" (4f 50 4e 4d), u16 version 1, u32 tile
    count, then per tile in the mesh's order (ascending tileZ, tileX, layer)
    a u32 length L and the tile's L bytes (nav.serialize); no padding,
    nothing after the last tile."""
    b = path.read_bytes()
    assert b[:4] == bytes([0x4F, 0x50, 0x4E, 0x4D]) == b"OPNM", b[:4]
    version, count = struct.unpack_from("<HI", b, 4)
    assert version == 1, version
    at, tiles = 10, []
    for _ in range(count):
        (n,) = struct.unpack_from("<I", b, at)
        assert at + 4 + n <= len(b), "a tile's length beyond the file"
        tiles.append(parse_tile(b[at + 4:at + 4 + n]))
        at += 4 + n
    assert at == len(b), "bytes after the last tile"
    keys = [t[0] for t in tiles]
    assert keys == sorted(keys, key=lambda k: (k[1], k[0], k[2])), "not in nav.mesh order"
    assert len(set(keys)) == len(keys), "a key twice"
    return tiles


def world(tile, i):
    (_, origin, _, vertices, _) = tile
    v = vertices[i]
    return (origin[0] + v[0], origin[1] + v[1], origin[2] + v[2])


def centre(tile, polygon):
    points = [world(tile, i) for i in polygon[0]]
    return tuple(sum(p[k] for p in points) / len(points) for k in range(3))


POINT = r"\((-?[0-9.e+-]+), (-?[0-9.e+-]+), (-?[0-9.e+-]+)\)"


def check_path(onepath, mesh, a, b):
    """Runs path from a to b; returns (status, exit code)."""
    p = run(onepath, "path", mesh, "--from", "%r,%r,%r" % a, "--to", "%r,%r,%r" % b)
    assert p.returncode in (0, 1), p
    start = re.search(r"^start: .*nearest polygon \d+ of tile .* at " + POINT + "$", p.stdout, re.M)
    goal = re.search(r"^goal: .*nearest polygon \d+ of tile .* at " + POINT + "$", p.stdout, re.M)
    status = re.search(r"^status: (found|partial|unreachable)$", p.stdout, re.M)[1]
    assert start and goal, p.stdout
    assert (p.returncode == 0) == (status == "found"), p
    count = int(re.search(r"^straight path: (\d+) points, length ", p.stdout, re.M)[1])
    points = re.findall(r"^  " + POINT + "$", p.stdout, re.M)
    assert len(points) == count >= 1, p.stdout
    assert re.search(r"^corridor: \d+ polygons, cost ", p.stdout, re.M), p.stdout
    # The straight path begins at the nearest start point and, when found,
    # ends at the nearest goal point (nav.query.straight), bit for bit.
    assert tuple(map(float, points[0])) == tuple(map(float, start.groups())), p.stdout
    if status == "found":
        assert tuple(map(float, points[-1])) == tuple(map(float, goal.groups())), p.stdout
    return status, p


def portal_links(onepath, mesh, *args):
    """The portal links `render` stitched (its summary line)."""
    p = run(onepath, "render", mesh, "-o", Path(mesh).with_suffix(".links.svg"), *args)
    assert p.returncode == 0, p
    return int(re.search(r", (\d+) portal links", p.stdout)[1])


def check_golden_levels(onepath, out, levels):
    """Each NavMesh.Build vector of a level recipe: the file `onepath build`
    writes hashes to the vector's `mesh` stage (sha256 of Serialize(mesh))."""
    count = 0
    for line in Path(levels).read_text().splitlines():
        v = json.loads(line)
        given = v["input"]
        assert v["op"] == "NavMesh.Build" and "level" in given, v["id"]
        level = given["level"]
        obj = out / f"golden-{level['kind']}-{level['size']}-{level['seed']}.obj"
        if not obj.exists():
            args = ["--kind", level["kind"], "--size", level["size"], "--seed", level["seed"]]
            if "subdivide" in level:
                args += ["--subdivide", level["subdivide"]]
            p = run(onepath, "generate", "level", *args, "--out", obj)
            assert p.returncode == 0, p
        settings = out / "golden-settings.json"
        settings.write_text(json.dumps(given["settings"]))
        mesh = out / "golden.mesh"
        p = run(onepath, "build", obj, "--settings", settings, "--threads",
                given.get("threads", 1), "-o", mesh)
        assert p.returncode == 0, (v["id"], p)
        got = hashlib.sha256(mesh.read_bytes()).hexdigest()
        assert got == v["expect"]["stages"]["mesh"], (v["id"], got)
        count += 1
    assert count >= 1, levels
    return count


def main():
    onepath, out, check_bytes = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    levels = sys.argv[4]
    out.mkdir(parents=True, exist_ok=True)
    level = out / "level.obj"
    p = run(onepath, "generate", "level", "--kind", "multifloor", "--size", "32", "--seed", "3",
            "--out", level)
    assert p.returncode == 0, p

    meshes = {}
    for threads in (1, 2):
        meshes[threads] = out / f"level-{threads}.mesh"
        p = run(onepath, "build", level, "--threads", threads, "-o", meshes[threads])
        assert p.returncode == 0, p
        summary = re.fullmatch(
            r"built (\d+) tiles \((\d+) tile positions\), (\d+) polygons, (\d+) vertices in "
            r"[0-9.]+ s on (\d+) threads?: (.*)\n", p.stdout)
        assert summary, p.stdout
        assert int(summary[5]) == threads and summary[6] == str(meshes[threads]), p.stdout
        assert p.stderr == "", "a progress line on a pipe: " + p.stderr
    assert meshes[1].read_bytes() == meshes[2].read_bytes(), "1 and 2 threads differ"

    tiles = parse_mesh(meshes[1])
    polygons = sum(len(t[4]) for t in tiles)
    assert (int(summary[1]), int(summary[2]), int(summary[3]), int(summary[4])) == (
        len(tiles), len({t[0][:2] for t in tiles}), polygons,
        sum(len(t[3]) for t in tiles)), p.stdout
    assert polygons > 10, polygons
    # The file is the library's Serialize(NavMesh::Build) of the same OBJ
    # with the default settings, byte for byte (check_build_bytes.cpp).
    p = run(check_bytes, level, meshes[1])
    assert p.returncode == 0, p

    golden = check_golden_levels(onepath, out, levels)

    # Two polygons of one tile that share an edge (an in-tile link, kind 1):
    # the path between their centres is found.
    tile = next(t for t in tiles if any(l[0] == 1 for poly in t[4] for l in poly[1]))
    i = next(k for k, poly in enumerate(tile[4]) if any(l[0] == 1 for l in poly[1]))
    j = next(l[1] for l in tile[4][i][1] if l[0] == 1)
    status, _ = check_path(onepath, meshes[1], centre(tile, tile[4][i]), centre(tile, tile[4][j]))
    assert status == "found", status
    # Across the mesh: whatever the status, the exit code and the ends agree.
    far_status, _ = check_path(onepath, meshes[1], centre(tiles[0], tiles[0][4][0]),
                               centre(tiles[-1], tiles[-1][4][-1]))
    # Nowhere near the mesh: exit 3.
    p = run(onepath, "path", meshes[1], "--from", "1000,0,1000", "--to", "1,1,1")
    assert p.returncode == 3 and "no polygon near the start" in p.stderr, p

    # render: one <polygon> per polygon, for every colouring, and the path.
    ns = "{http://www.w3.org/2000/svg}"
    a, b = centre(tile, tile[4][i]), centre(tile, tile[4][j])
    for colour in ("layer", "area", "island"):
        svg = out / f"level-{colour}.svg"
        p = run(onepath, "render", meshes[1], "-o", svg, "--color", colour, "--path",
                "%r,%r,%r:%r,%r,%r" % (a + b))
        assert p.returncode == 0, p
        root = ET.parse(svg).getroot()
        assert root.tag == ns + "svg", root.tag
        assert len(root.findall(f".//{ns}polygon")) == polygons, colour
        assert len(root.findall(f".//{ns}polyline")) == 1, colour
        text = " ".join(t.text for t in root.iter(ns + "text"))
        assert "x to the right, z down" in text and f"fill by {colour}" in text, text
        assert not re.search(r"\d\.\d{4}", svg.read_text()), "coordinates not rounded to 3 decimals"
    p = run(onepath, "render", meshes[1], "-o", out / "plain.svg")
    assert p.returncode == 0, p
    assert len(ET.parse(out / "plain.svg").getroot().findall(f".//{ns}polyline")) == 0

    # Usage errors exit 2 and name the problem; a setting out of range is
    # the library's exception, exit 1.
    def settings(name, value):
        f = out / name
        f.write_text(json.dumps(value))
        return f
    m = meshes[1]
    good = m.read_bytes()
    # Files that are not a mesh's bytes (nav.mesh-bytes, NavMesh.Deserialize's
    # checks in order): the magic, the version, the bytes ending inside a
    # field or a tile, bytes after the last tile; each tile's own checks
    # (nav.deserialize). Every one exits 2 naming the file and the
    # exception, without a crash.
    first_length = struct.unpack_from("<I", good, 10)[0]
    bad_files = {
        "empty": (b"", "ArgumentException", "argument=magic"),
        "three-bytes": (good[:3], "ArgumentException", "argument=magic"),
        "wrong-magic": (b"OPNF" + good[4:], "ArgumentException", "argument=magic"),
        "a-tile": (good[14:14 + first_length], "ArgumentException", "argument=magic"),
        "version-2": (good[:4] + b"\x02\x00" + good[6:], "ArgumentOutOfRangeException",
                      "argument=version, value=2"),
        "inside-version": (good[:5], "ArgumentException", "argument=bytes, count=5"),
        "inside-count": (good[:8], "ArgumentException", "argument=bytes, count=8"),
        "no-tiles": (good[:10], "ArgumentException", "argument=bytes, count=10"),
        "inside-a-tile": (good[:14 + first_length // 2], "ArgumentException",
                          f"argument=bytes, count={14 + first_length // 2}"),
        "last-byte-cut": (good[:-1], "ArgumentException", f"argument=bytes, count={len(good) - 1}"),
        "byte-too-many": (good + b"\x00", "ArgumentException",
                          f"argument=bytes, count={len(good) + 1}"),
        # The first tile's L bytes with its magic broken: nav.deserialize's
        # own error, thrown as it is.
        "tile-magic": (good[:14] + b"X" + good[15:], "ArgumentException", "argument=magic"),
        # The first tile twice (count + 1): nav.mesh's repeated key.
        "tile-twice": (good[:6] + struct.pack("<I", len(tiles) + 1) + good[10:14 + first_length]
                       + good[10:], "ArgumentException", "argument=tile"),
    }
    for name, (data, kind, fields) in bad_files.items():
        f = out / f"bad-{name}.mesh"
        f.write_bytes(data)
        for args in (["path", f, "--from", "1,2,3", "--to", "1,2,3"],
                     ["render", f, "-o", out / "bad.svg"]):
            p = run(onepath, *args)
            assert p.returncode == 2, (name, args[0], p.returncode, p.stderr)
            assert f"bad-{name}.mesh: not a mesh's bytes" in p.stderr, (name, p.stderr)
            assert kind + ":" in p.stderr and fields in p.stderr, (name, p.stderr)
            assert p.stderr.count("\n") == 1 and p.stdout == "", (name, p)
    # The spec's empty mesh (nav.mesh-bytes: ten bytes) is a mesh: no polygon
    # near any point, an empty picture.
    empty = out / "empty.mesh"
    empty.write_bytes(bytes.fromhex("4f504e4d010000000000"))
    p = run(onepath, "path", empty, "--from", "1,2,3", "--to", "1,2,3")
    assert p.returncode == 3 and "no polygon near the start" in p.stderr, p
    p = run(onepath, "render", empty, "-o", out / "empty.svg")
    assert p.returncode == 0 and "drew 0 polygons of 0 tiles, 0 portal links" in p.stdout, p
    cases = [
        (["build", level, "-o", out / "x.mesh", "--bogus"], 2, "--bogus"),
        (["build", level, "-o", out / "x.mesh", "--threads", "0"], 2, "--threads"),
        (["build", level, "-o", out / "x.mesh", "--threads", "65"], 2, "--threads"),
        (["build", level], 2, "--out"),
        (["build", out / "missing.obj", "-o", out / "x.mesh"], 2, "missing.obj"),
        (["build", level, "-o", out / "x.mesh", "--settings", settings("typo.json", {"CelSize": 0.3})],
         2, "unknown setting 'CelSize'; did you mean 'CellSize'?"),
        (["build", level, "-o", out / "x.mesh", "--settings", settings("type.json", {"CellSize": "a"})],
         2, "CellSize takes a number"),
        (["build", level, "-o", out / "x.mesh", "--settings", settings("range.json", {"CellSize": -1})],
         1, "ArgumentOutOfRangeException"),
        (["path", m, "--from", "1,2", "--to", "1,2,3"], 2, "--from takes a point"),
        (["path", m, "--to", "1,2,3"], 2, "--from"),
        (["path", out / "missing.mesh", "--from", "1,2,3", "--to", "1,2,3"], 2,
         "cannot read " + str(out / "missing.mesh")),
        (["render", out, "-o", out / "x.svg"], 2, "cannot read " + str(out)),  # a directory
        (["path", m, "--from", "1,2,3", "--to", "1,2,3", "--climb", "1",
          "--settings", settings("climb.json", {"AgentMaxClimb": 1})], 2,
         "--settings and --climb both give the climb"),
        (["render", m, "-o", out / "x.svg", "--climb", "1",
          "--settings", settings("climb.json", {"AgentMaxClimb": 1})], 2,
         "--settings and --climb both give the climb"),
        (["path", m, "--from", "1,2,3", "--to", "1,2,3", "--climb", "high"], 2, "--climb takes"),
        (["render", m, "-o", out / "x.svg", "--climb", "1e999"], 2, "--climb takes"),
        (["path", m, "--from", "1,2,3", "--to", "1,2,3", "--settings",
          settings("climb-typo.json", {"AgentMaxClim": 1})], 2, "did you mean 'AgentMaxClimb'?"),
        # nav.stitch: a negative climb is the library's error (exit 1).
        (["render", m, "-o", out / "x.svg", "--climb", "-1"], 1,
         "ArgumentOutOfRangeException: climb is negative (argument=climb, value=-1)"),
        (["path", m, "--from", "1,2,3", "--to", "1,2,3", "--settings",
          settings("climb-neg.json", {"AgentMaxClimb": -0.5})], 1,
         "ArgumentOutOfRangeException: climb is negative (argument=climb, value=-0.5)"),
        (["render", m, "-o", out / "x.svg", "--color", "region"], 2, "--color takes"),
        (["render", m, "-o", out / "x.svg", "--path", "1,2,3"], 2, "--path takes"),
    ]
    for args, code, message in cases:
        p = run(onepath, *args)
        assert p.returncode == code, (args, p.returncode, p.stderr)
        assert message in p.stderr, (args, p.stderr)
    assert "CellSize" in run(onepath, *cases[7][0]).stderr
    assert not (out / "x.mesh").exists(), "a failed build wrote a file"
    # --settings changes the mesh: a Layers partition on smaller tiles, every
    # field named (check_build_bytes reads it with the runner's reader, which
    # takes every field; the values are NavSettings' defaults of
    # b3d.settings but Partition 2 = Layers and TileSize 4.8).
    layers_settings = settings("layers.json", {
        "CellSize": 0.3, "CellHeight": 0.2, "TileSize": 4.8, "OriginX": 0.0, "OriginZ": 0.0,
        "AgentHeight": 2.0, "AgentRadius": 0.6, "AgentMaxClimb": 0.9,
        "AgentMaxSlopeDegrees": 45.0, "Partition": 2, "MinRegionArea": 64,
        "MergeRegionArea": 400, "ContourMaxError": 1.3, "MaxEdgeLength": 12.0,
        "MaxVertsPerPoly": 6, "DetailSampleDistance": 1.8, "DetailMaxError": 0.2,
        "MaxLocalExtent": 4194304.0, "Area": 63, "Flags": 1})
    p = run(onepath, "build", level, "-o", out / "layers.mesh", "--settings", layers_settings)
    assert p.returncode == 0, p
    assert len(parse_mesh(out / "layers.mesh")) > len(tiles)
    p = run(check_bytes, level, out / "layers.mesh", layers_settings)
    assert p.returncode == 0, p
    # A check that can fail: the default-settings mesh is not this one.
    p = run(check_bytes, level, meshes[1], layers_settings)
    assert p.returncode == 1 and "differ at byte" in p.stderr, p

    # The climb (nav.stitch): --settings' AgentMaxClimb, --climb, the default
    # (f32(0.9)) give the links of that climb; a very large climb lets
    # overlapping floors link.
    default_links = portal_links(onepath, meshes[1])
    assert default_links == portal_links(onepath, meshes[1], "--climb", "0.9")
    assert default_links == portal_links(onepath, meshes[1], "--settings", layers_settings)
    tall = settings("tall.json", {"AgentMaxClimb": 1000})
    tall_links = portal_links(onepath, meshes[1], "--settings", tall)
    assert tall_links == portal_links(onepath, meshes[1], "--climb", "1000")
    flat_links = portal_links(onepath, meshes[1], "--climb", "0")
    assert flat_links <= default_links <= tall_links, (flat_links, default_links, tall_links)
    assert flat_links < tall_links, (flat_links, tall_links)
    for command in ("build", "path", "render"):
        h = run(onepath, command, "--help")
        assert h.returncode == 0 and "Exit status" in h.stdout, command
        assert "nav.mesh-bytes" in h.stdout and "OPNF" not in h.stdout, command
    for command in ("path", "render"):
        h = " ".join(run(onepath, command, "--help").stdout.split())
        assert "--climb" in h and "--settings" in h and "default settings' AgentMaxClimb, 0.9" in h
        assert "giving both is a usage error" in h, h
    h = " ".join(run(onepath, "render", "--help").stdout.split())
    assert "Tiles store no region ids" in h and "stands for regions" in h, h
    print(f"mesh commands: {len(tiles)} tiles, {polygons} polygons, 1 and 2 threads identical, "
          f"path across the mesh {far_status}, {len(cases)} error cases, {len(bad_files)} bad "
          f"files, {golden} golden meshes' sha256, portal links {flat_links}/{default_links}/{tall_links} for climb 0/0.9/1000")


if __name__ == "__main__":
    main()
