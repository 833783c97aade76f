#!/usr/bin/env python3
"""Writes the new files of the golden family `cdt/` (docs/golden-format.md):

  stages.jsonl   Cdt.InsertPoints: the slots after Lawson's insertion of the
                 points, before any constraint (cdt.locate, cdt.split,
                 cdt.flip, cdt.legalize, cdt.order): slot numbers after a
                 split and after a flip, points on edges, cocircular sets,
                 and points at +-2^39 whose in-circle tests reach
                 differences of at most -2^30 in all six coordinates
  order.jsonl    Cdt.ConstrainedDelaunay of >= 64 points with cocircular
                 sets where the insertion order (cdt.order) decides the
                 diagonals: each differs from the sorted-order insertion
  promise.jsonl  Cdt.ConstrainedDelaunay of the constrained inputs of
                 cdt.jsonl with their constraints reordered, reversed and
                 repeated (cdt.promise): the same hash as the original

Expected bytes come from tools/golden/cdt_spec.py, a transcription of
docs/spec/cdt.md's point insertion in plain Python (nothing of src/); the
reference must agree (the golden replay). promise.jsonl's expected hashes
are cdt.jsonl's, by the clause. A vector names a clause among cdt.locate,
cdt.split, cdt.flip, cdt.legalize and cdt.order only when the
transcription with one rule of that clause changed (cdt_spec.VARIANTS: a
walk from another slot, other pieces in the split's slots, a flip's
triangles swapped, the legalising order reversed, sorted or reversed
insertion, ...) gives other bytes for it: the vector can tell the rule.

Inputs are hand-made or drawn with SplitMix64 (seeds in the provenance).

    gen_cdt.py OUT_DIR [GOLDEN_CDT_DIR]

GOLDEN_CDT_DIR (default: golden/cdt/ next to this script) holds cdt.jsonl,
read for promise.jsonl.
"""
import json
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cdt_spec as C  # noqa: E402

MASK = (1 << 64) - 1
SEED = 0x6364747374616765  # "cdtstage"
CLAUSE_ORDER = ["cdt.input", "cdt.structure", "cdt.bounding-triangle", "cdt.order",
                "cdt.locate", "cdt.split", "cdt.flip", "cdt.legalize", "cdt.constraint",
                "cdt.final-passes", "cdt.canonical", "cdt.promise"]
PROVENANCE = ("expected bytes from tools/golden/cdt_spec.py (docs/spec/cdt.md's insertion "
              "transcribed in Python, no code of src/); the reference agrees")


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return C.mix(self.state)

    def below(self, n):
        return self.next() % n


def points_key(points):
    out = [struct.pack("<I", len(points))]
    out += [struct.pack("<qq", x, y) for x, y in points]
    return b"".join(out)


def cdt_key(points, constraints):
    out = [points_key(points), struct.pack("<I", len(constraints))]
    out += [struct.pack("<II", a, b) for a, b in constraints]
    return b"".join(out)


def told_clauses(points, form):
    """The clauses among cdt_spec.VARIANTS whose changed rule gives other
    bytes (form: slot_bytes or canonical_bytes), and the mesh."""
    m = C.insert_points(points)
    base = form(m)
    told = set()
    for clause, variants in C.VARIANTS.items():
        for variant in variants:
            try:
                other = form(C.insert_points(points, variant))
            except (AssertionError, KeyError, IndexError):
                other = None  # the changed rule breaks the mesh: told apart
            if other != base:
                told.add(clause)
                break
    return m, base, told


def flags_of(kind, m):
    flags = [kind]
    if m.stats["edge_splits"]:
        flags.append("edge_split")
    if m.stats["cocircular_kept"]:
        flags.append("cocircular")
    return flags


def stage_vector(kind, points, why):
    points = sorted(set(points))
    m, data, told = told_clauses(points, C.slot_bytes)
    clauses = {"cdt.structure", "cdt.bounding-triangle"} | told
    nb = m.neighbours()
    return {
        "id": "cdt_insert_points/%s/%s" % (kind, C.sha256(points_key(points))[:12]),
        "op": "Cdt.InsertPoints",
        "clauses": [c for c in CLAUSE_ORDER if c in clauses],
        "input": {"points": [list(p) for p in points]},
        "expect": {"sha256": C.sha256(data),
                   "value": {"points": m.n,
                             "slots": [v + n for v, n in zip(m.v, nb)]}},
        "flags": flags_of(kind, m),
        "provenance": "tools/golden/gen_cdt.py: %s; %s; stats %s" % (
            why, PROVENANCE, json.dumps(m.stats, sort_keys=True)),
    }


def decoded_cdt(m):
    tris = []
    for v in m.v:
        k = v.index(min(v))
        tris.append(v[k:] + v[:k] + [0])
    return {"points": m.n, "triangles": sorted(tris)}


def order_vector(kind, points, why):
    points = sorted(set(points))
    m, data, told = told_clauses(points, C.canonical_bytes)
    sorted_hash = C.sha256(C.canonical_bytes(C.insert_points(points, "sorted")))
    if sorted_hash == C.sha256(data):
        return None  # the order is not told apart: not an order vector
    clauses = {"cdt.input", "cdt.bounding-triangle", "cdt.canonical"} | told
    return {
        "id": "cdt/%s/%s" % (kind, C.sha256(cdt_key(points, []))[:12]),
        "op": "Cdt.ConstrainedDelaunay",
        "clauses": [c for c in CLAUSE_ORDER if c in clauses],
        "input": {"points": [list(p) for p in points], "constraints": []},
        "expect": {"sha256": C.sha256(data), "value": decoded_cdt(m)},
        "flags": flags_of(kind, m) + ["order"],
        "provenance": "tools/golden/gen_cdt.py: %s; %s; inserted in sorted order instead "
                      "(the wrong order) the hash is %s" % (why, PROVENANCE, sorted_hash),
    }


def lattice_subset(rng, side, count, step=1):
    cells = [(x * step, y * step) for x in range(side) for y in range(side)]
    chosen = []
    while len(chosen) < count:
        chosen.append(cells.pop(rng.below(len(cells))))
    return chosen


def circle_points(radius, centre=(0, 0)):
    out = []
    for x in range(-radius, radius + 1):
        for y in range(-radius, radius + 1):
            if x * x + y * y == radius * radius:
                out.append((centre[0] + x, centre[1] + y))
    return out


def stage_vectors():
    out = []
    big = 1 << 39
    hand = [
        ([(0, 0)], "one point: the split of slot 0"),
        ([(0, 0), (3, -1)], "the second point on the edge from the first to corner n+1: "
                            "a split on an edge"),
        ([(0, 0), (3, -1), (6, -2)], "two points on the edge to corner n+1 in turn"),
        ([(0, 0), (3, -1), (3, 0)], "a split on an edge, then inside"),
        ([(0, 0), (0, 2), (2, 0), (2, 2)], "the corners of a square: cocircular, the "
                                           "diagonal kept by the rules"),
        ([(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], "a square and its centre"),
        ([(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
         "a 4 x 2 lattice: cocircular cells"),
        ([(-big, -big), (-big, big), (0, 0), (big, -big), (big, big)],
         "points at +-2^39 and the origin: walks near the bounding corners"),
        ([(-big, 0), (0, 1), (big, 0)], "the example of cdt.bounding-triangle"),
        ([(0, 0), (1, 5), (2, -5), (3, 5), (4, -5), (5, 5), (6, -5)],
         "a zigzag: every insertion flips"),
        (circle_points(5), "the integer points of the circle of radius 5: all cocircular"),
        ([(x, 0) for x in range(0, 12)], "twelve collinear points"),
        ([(3 * k, -k) for k in range(0, 8)], "eight points on the edge to corner n+1"),
    ]
    for points, why in hand:
        out.append(stage_vector("hand_made", points, "hand-made, " + why))
    for kind, count, make in [
        ("small_lattice", 16, lambda rng: lattice_subset(rng, 5, 4 + rng.below(18))),
        ("lattice", 8, lambda rng: lattice_subset(rng, 12, 64 + rng.below(64))),
        ("random", 4, lambda rng: [(rng.below(1 << 21) - (1 << 20), rng.below(1 << 21) - (1 << 20))
                                   for _ in range(64 + rng.below(40))]),
    ]:
        seed = SEED ^ hash_name(kind)
        rng = SplitMix64(seed)
        for draw in range(count):
            out.append(stage_vector(kind, make(rng), "drawn: SplitMix64 seed %#x draw %d"
                                    % (seed, draw)))
    out += far_vectors()
    return out


FAR = -(1 << 30)


def wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


class Stuck(Exception):
    pass


def far_wrapped_slots(points):
    """The slots when every in-circle test whose six coordinate differences
    to d are all <= -2^30 is evaluated as a port with a fast path for small
    differences would evaluate it had it misjudged "small": lifts and 2 x 2
    minors wrapped to 64 bits, their products and sum to 128. None when the
    insertion does not finish (a walk or the flips go round in circles)."""
    exact, orient = C.incircle, C.orient
    steps = [0]

    def count():
        steps[0] += 1
        if steps[0] > 200000:
            raise Stuck()

    def incircle(a, b, c, d):
        count()
        diffs = [p[k] - d[k] for p in (a, b, c) for k in (0, 1)]
        if max(diffs) > FAR:
            return exact(a, b, c, d)
        ax, ay, bx, by, cx, cy = diffs
        lifts = [wrap(x * x + y * y, 64) for x, y in ((ax, ay), (bx, by), (cx, cy))]
        minors = [wrap(bx * cy - cx * by, 64), wrap(cx * ay - ax * cy, 64),
                  wrap(ax * by - bx * ay, 64)]
        det = 0
        for lift, minor in zip(lifts, minors):
            det = wrap(det + wrap(lift * minor, 128), 128)
        return (det > 0) - (det < 0)

    def counted_orient(p, q, r):
        count()
        return orient(p, q, r)

    C.incircle, C.orient = incircle, counted_orient
    try:
        return C.slot_bytes(C.insert_points(points))
    except Stuck:
        return None
    finally:
        C.incircle, C.orient = exact, orient


def far_vectors():
    """pred.incircle far from d: 64 random points at +-2^39, so that
    cdt.order's rounds insert points below and left of earlier ones and
    some in-circle test has all six coordinate differences to d at most
    -2^30 (lifts beyond 2^63). Drawn until that test, evaluated wrapped
    (far_wrapped_slots), gives other slots and the insertion still ends."""
    out = []
    seed = SEED ^ hash_name("far_random")
    rng = SplitMix64(seed)
    big = 1 << 39
    for draw in range(64):
        points = sorted(set((rng.below(2 * big + 1) - big, rng.below(2 * big + 1) - big)
                            for _ in range(64)))
        if len(points) < 64:
            continue
        wrapped = far_wrapped_slots(points)
        if wrapped is None or wrapped == C.slot_bytes(C.insert_points(points)):
            continue
        v = stage_vector("far_random", points,
                         "drawn: 64 points at +-2^39, SplitMix64 seed %#x draw %d, the first "
                         "draw where an in-circle test with all six differences to d at most "
                         "-2^30, its lifts and minors wrapped to 64 bits, gives other slots "
                         "(hash %s) and the insertion ends" % (seed, draw, C.sha256(wrapped)))
        v["clauses"].append("pred.incircle")
        out.append(v)
        break
    assert out, "no draw reaches pred.incircle far from d"
    return out


def hash_name(name):
    return int(C.sha256(name.encode())[:16], 16)


def order_vectors():
    out = []
    rings = circle_points(65) + circle_points(25) + circle_points(5)
    for points, why in [
        (rings, "the integer points of the concentric circles of radius 65, 25 and 5"),
        ([(x, y) for x in range(8) for y in range(8)], "the 8 x 8 lattice"),
        ([(x, y) for x in range(16) for y in range(5)], "the 16 x 5 lattice"),
        ([(2 * x + (y % 2), y) for x in range(9) for y in range(8)],
         "a 9 x 8 lattice with every other row shifted by one"),
    ]:
        v = order_vector("order_hand_made", points, "hand-made, " + why)
        if v:
            out.append(v)
    seed = SEED ^ hash_name("order_lattice")
    rng = SplitMix64(seed)
    made = 0
    for draw in range(64):
        if made == 12:
            break
        side = 10 + rng.below(8)
        count = min(side * side, 64 + rng.below(100))
        v = order_vector("order_lattice", lattice_subset(rng, side, count),
                         "drawn: a random subset of a lattice, SplitMix64 seed %#x draw %d"
                         % (seed, draw))
        if v and v["id"] not in {w["id"] for w in out}:
            out.append(v)
            made += 1
    seed = SEED ^ hash_name("order_circles")
    rng = SplitMix64(seed)
    made = 0
    for draw in range(64):
        if made == 4:
            break
        pts = set()
        while len(pts) < 64:
            r = [5, 10, 13, 15, 17, 25, 65][rng.below(7)]
            c = (rng.below(41) - 20, rng.below(41) - 20)
            pts.update(circle_points(r, c))
        v = order_vector("order_circles", list(pts),
                         "drawn: integer points of circles of radii 5 .. 65 with random "
                         "centres, SplitMix64 seed %#x draw %d" % (seed, draw))
        if v and v["id"] not in {w["id"] for w in out}:
            out.append(v)
            made += 1
    return out


def promise_vectors(cdt_dir):
    out = []
    with open(os.path.join(cdt_dir, "cdt.jsonl")) as f:
        originals = [json.loads(line) for line in f if line.strip()]
    for v in originals:
        cons = v["input"]["constraints"]
        if len(cons) < 2:
            continue
        pts = v["input"]["points"]
        for how, changed in [
            ("in reverse list order", cons[::-1]),
            ("each as (B, A)", [[b, a] for a, b in cons]),
            ("each twice, the copies reversed", cons + [[b, a] for a, b in cons]),
        ]:
            if changed == cons:
                continue
            clauses = {"cdt.input", "cdt.constraint", "cdt.canonical", "cdt.promise"}
            out.append({
                "id": "cdt/promise/%s" % C.sha256(cdt_key([tuple(p) for p in pts],
                                                          [tuple(c) for c in changed]))[:12],
                "op": "Cdt.ConstrainedDelaunay",
                "clauses": [c for c in CLAUSE_ORDER if c in clauses],
                "input": {"points": pts, "constraints": changed},
                "expect": {"sha256": v["expect"]["sha256"], "value": v["expect"]["value"]},
                "flags": ["promise"],
                "provenance": "tools/golden/gen_cdt.py: %s with its constraints %s; expected "
                              "hash that vector's (cdt.promise: the result depends only on the "
                              "sorted points and the set of constraints); the reference "
                              "agrees" % (v["id"], how),
            })
    return out


def write(path, vectors, seen):
    with open(path, "w") as f:
        for v in vectors:
            assert v["id"] not in seen, v["id"]
            seen.add(v["id"])
            f.write(json.dumps(v, sort_keys=True, separators=(",", ":")) + "\n")
    print("%s: %d vectors" % (path, len(vectors)))


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[0])
        print("usage: gen_cdt.py OUT_DIR [GOLDEN_CDT_DIR]")
        return 0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2
    here = os.path.dirname(os.path.abspath(__file__))
    cdt_dir = sys.argv[2] if len(sys.argv) == 3 else os.path.join(here, "..", "..", "golden",
                                                                   "cdt")
    os.makedirs(sys.argv[1], exist_ok=True)
    seen = set()
    write(os.path.join(sys.argv[1], "stages.jsonl"), stage_vectors(), seen)
    write(os.path.join(sys.argv[1], "order.jsonl"), order_vectors(), seen)
    write(os.path.join(sys.argv[1], "promise.jsonl"), promise_vectors(cdt_dir), seen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
