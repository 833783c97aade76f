#!/usr/bin/env python3
"""Checks `onepath build`, `onepath path` and `onepath render` from the outside.

Usage: check_mesh_commands.py ONEPATH OUTPUT_DIR

A generated level (onepath generate level) is built with 1 and 2 threads:
both exit 0, print the summary and write identical files. The mesh file is
read here on its own, from its layout in `onepath build --help`
(tools/onepath/mesh_file.hpp) and the tile bytes of nav.serialize
(docs/spec/navmesh-format.md): the summary's counts are the file's, every
tile's length is nav.serialize's size formula. `path` between two polygons
that share an edge is found, its straight path runs from the printed
nearest start point to the printed nearest goal point; a point far from the
mesh exits 3. `render` writes SVG that parses as XML with one <polygon> per
polygon of the file. Usage errors exit 2, a setting out of range exits 1
with the library's exception.
"""
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
    b = path.read_bytes()
    assert b[:4] == b"OPNF", b[:4]
    version, climb, count = struct.unpack_from("<IfI", b, 4)
    assert version == 1
    at, tiles = 16, []
    for _ in range(count):
        (n,) = struct.unpack_from("<I", b, at)
        tiles.append(parse_tile(b[at + 4:at + 4 + n]))
        at += 4 + n
    assert at == len(b), "bytes after the last tile"
    keys = [t[0] for t in tiles]
    assert keys == sorted(keys, key=lambda k: (k[1], k[0], k[2])), "not in nav.mesh order"
    return climb, tiles


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


def main():
    onepath, out = sys.argv[1], Path(sys.argv[2])
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

    climb, tiles = parse_mesh(meshes[1])
    assert climb == f32(0.9), climb  # NavSettings' default AgentMaxClimb
    polygons = sum(len(t[4]) for t in tiles)
    assert (int(summary[1]), int(summary[2]), int(summary[3]), int(summary[4])) == (
        len(tiles), len({t[0][:2] for t in tiles}), polygons,
        sum(len(t[3]) for t in tiles)), p.stdout
    assert polygons > 10, polygons

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
    garbage = out / "garbage.mesh"
    garbage.write_bytes(b"OPNF\x01\x00\x00\x00")
    m = meshes[1]
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
        (["path", garbage, "--from", "1,2,3", "--to", "1,2,3"], 2, "garbage.mesh"),
        (["render", m, "-o", out / "x.svg", "--color", "region"], 2, "--color takes"),
        (["render", m, "-o", out / "x.svg", "--path", "1,2,3"], 2, "--path takes"),
    ]
    for args, code, message in cases:
        p = run(onepath, *args)
        assert p.returncode == code, (args, p.returncode, p.stderr)
        assert message in p.stderr, (args, p.stderr)
    assert "CellSize" in run(onepath, *cases[7][0]).stderr
    assert not (out / "x.mesh").exists(), "a failed build wrote a file"
    # --settings changes the mesh: a Layers partition on smaller tiles.
    p = run(onepath, "build", level, "-o", out / "layers.mesh", "--settings",
            settings("layers.json", {"Partition": "Layers", "TileSize": 4.8}))
    assert p.returncode == 0, p
    assert len(parse_mesh(out / "layers.mesh")[1]) > len(tiles)
    for command in ("build", "path", "render"):
        h = run(onepath, command, "--help")
        assert h.returncode == 0 and "Exit status" in h.stdout, command
    print(f"mesh commands: {len(tiles)} tiles, {polygons} polygons, 1 and 2 threads identical, "
          f"path across the mesh {far_status}, {len(cases)} error cases")


if __name__ == "__main__":
    main()
