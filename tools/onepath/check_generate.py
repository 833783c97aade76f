#!/usr/bin/env python3
"""Checks `onepath generate` (tools/onepath/generate.hpp) from the outside.

Usage: check_generate.py ONEPATH OUTPUT_DIR

Runs both subcommands and checks that every line is a shape with a name, an
op and an input of that op's form (docs/golden-format.md), that the noisy
tile map's cells for seed 1 at 200 x 150 have the SHA-256 docs/generators.md
pins, that the pillar rooms have unique names with suggested radii, that
--name and --list select, and that the SVG files are written.
"""
import hashlib
import json
import subprocess
import sys
from pathlib import Path

PINNED_200x150 = "855f18c5e9a5c0245574b0d6876e13c703d76dee3dcbaa720901e81743154531"


def run(onepath, *args):
    return subprocess.run([onepath, "generate", *args], check=True, capture_output=True,
                          text=True).stdout


def lines(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def main():
    onepath, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)

    run(onepath, "noisy-tilemap", "--width", "200", "--height", "150", "--out",
        str(out / "tilemap.jsonl"), "--svg", str(out / "tilemap.svg"))
    [tilemap] = lines(out / "tilemap.jsonl")
    assert tilemap["op"] == "Region.FromTileMap", tilemap["op"]
    inp = tilemap["input"]
    assert (inp["width"], inp["height"], inp["cellSize"], inp["origin"]) == (200, 150, 0.25, [0.0, 0.0])
    assert inp["options"] == {"SnapBits": 16}
    cells = bytes(int(c) for c in inp["cells"])
    assert len(cells) == 200 * 150
    assert hashlib.sha256(cells).hexdigest() == PINNED_200x150, "cells differ from the pinned map"
    assert (out / "tilemap.svg").read_text().startswith("<svg")

    run(onepath, "pillar-rooms", "--out", str(out / "rooms.jsonl"), "--svg", str(out / "rooms.svg"))
    rooms = lines(out / "rooms.jsonl")
    names = [r["name"] for r in rooms]
    assert len(names) == len(set(names)) and 6 <= len(names) <= 10, names
    for r in rooms:
        assert r["name"].startswith("pillar_rooms/"), r["name"]
        assert r["op"] == "Region.FromOutlines"
        assert r["radii"] and r["exercises"]
        outlines = r["input"]["outlines"]
        assert r["input"]["options"] == {"SnapBits": 16}
        assert all(len(ring) >= 3 and all(len(p) == 2 for p in ring)
                   for outline in outlines for ring in outline)
    assert (out / "rooms.svg").read_text().count("<path") == len(rooms)

    one = [json.loads(l) for l in run(onepath, "pillar-rooms", "--name", "l_room").splitlines()]
    assert [r["name"] for r in one] == ["pillar_rooms/l_room"], one
    listed = run(onepath, "pillar-rooms", "--list").splitlines()
    assert [l.split()[0] for l in listed] == [n.split("/")[1] for n in names], listed
    bad = subprocess.run([onepath, "generate", "pillar-rooms", "--name", "no_such_room"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown room" in bad.stderr, bad
    print("generate: 2 subcommands checked")


if __name__ == "__main__":
    main()
