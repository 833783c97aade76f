"""Lawson's point insertion of docs/spec/cdt.md, transcribed from the text
alone (cdt.order, cdt.bounding-triangle, cdt.locate, cdt.split, cdt.flip,
cdt.legalize, cdt.canonical), in plain Python with exact integers. It
shares nothing with src/: tools/golden/gen_cdt.py derives the expected
bytes of the stage vectors from it, and the reference must agree.

No constraints: cdt.constraint and cdt.final-passes are not transcribed
(after Lawson's insertion no edge is flippable, so the final passes flip
nothing when there are no constraints).
"""
import hashlib
import struct

MASK = (1 << 64) - 1
CORNER = 1 << 45


def orient(p, q, r):
    """pred.orient2d: the sign of (q - p) x (r - p)."""
    d = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (d > 0) - (d < 0)


def incircle(a, b, c, d):
    """pred.incircle: the sign of the determinant as the clause writes it."""
    rows = []
    for p in (a, b, c):
        x, y = p[0] - d[0], p[1] - d[1]
        rows.append((x, y, x * x + y * y))
    (a1, a2, a3), (b1, b2, b3), (c1, c2, c3) = rows
    det = a1 * (b2 * c3 - b3 * c2) - a2 * (b1 * c3 - b3 * c1) + a3 * (b1 * c2 - b2 * c1)
    return (det > 0) - (det < 0)


# cdt.order.
def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def h(i):
    return mix((i + 0x9E3779B97F4A7C15) & MASK)


def tz(z):
    return 64 if z == 0 else (z & -z).bit_length() - 1


def hilbert(cx, cy, n=4096):
    d = 0
    s = n // 2
    while s >= 1:
        rx = 1 if cx & s else 0
        ry = 1 if cy & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                cx = n - 1 - cx
                cy = n - 1 - cy
            cx, cy = cy, cx
        s //= 2
    return d


def insertion_order(points, threshold=64):
    """cdt.order; `threshold` other than 64 only to show what a wrong rule gives."""
    n = len(points)
    if n < threshold:
        return list(range(n))
    top = max(0, n.bit_length() - 1 - 3)  # floor(log2 n) - 3
    min_x = min(p[0] for p in points)
    min_y = min(p[1] for p in points)
    max_x = max(p[0] for p in points)
    max_y = max(p[1] for p in points)
    s = 0
    while ((max_x - min_x) >> s) >= 4096 or ((max_y - min_y) >> s) >= 4096:
        s += 1
    rounds = {}
    for i in range(n):
        rounds.setdefault(min(top, tz(h(i))), []).append(i)
    order = []
    for r in range(top, -1, -1):
        members = rounds.get(r, [])
        members.sort(key=lambda i: (hilbert((points[i][0] - min_x) >> s,
                                            (points[i][1] - min_y) >> s), i))
        order += members
    return order


# Variants: one rule of a clause changed, for the writer to ask whether a
# vector can tell the clause's rule from a plausible mistake
# (tools/golden/gen_cdt.py tags a vector with the clauses it can tell).
VARIANTS = {
    "cdt.locate": ["start-at-0", "start-at-newest", "edges-2-1-0"],
    "cdt.split": ["inside-rotated", "inside-apex-first", "edge-pieces-swapped"],
    "cdt.flip": ["flip-swapped", "flip-rotated"],
    "cdt.legalize": ["split-edges-reversed", "flip-edges-reversed", "cocircular-flipped",
                     "no-recursion"],
    "cdt.order": ["sorted", "reversed", "brio-below-64", "rounds-without-hilbert"],
}


class Mesh:
    """cdt.structure: slot t holds the vertices v[t]; its neighbour across
    edge i follows from the triangles (the slot holding the reverse edge),
    kept in the map `edge` (directed edge -> slot)."""

    def __init__(self, points, variant=None):
        self.n = len(points)
        self.variant = variant
        self.p = list(points) + [(-CORNER, -CORNER), (3 * CORNER, -CORNER),
                                 (-CORNER, 3 * CORNER)]
        self.v = []
        self.edge = {}
        n = self.n
        self.put(0, [n, n + 1, n + 2])  # cdt.bounding-triangle: slot 0
        self.stats = {"walk_steps": 0, "triangle_splits": 0, "edge_splits": 0, "flips": 0,
                      "cocircular_kept": 0}

    def put(self, t, tri):
        if t == len(self.v):
            self.v.append(None)
        old = self.v[t]
        if old is not None:
            for i in range(3):
                if self.edge.get((old[i], old[(i + 1) % 3])) == t:
                    del self.edge[(old[i], old[(i + 1) % 3])]
        self.v[t] = list(tri)
        for i in range(3):
            self.edge[(tri[i], tri[(i + 1) % 3])] = t

    def across(self, t, i):
        """n_i of slot t: the slot across edge i, or -1."""
        a, b = self.v[t][i], self.v[t][(i + 1) % 3]
        return self.edge.get((b, a), -1)

    def neighbours(self):
        return [[self.across(t, i) for i in range(3)] for t in range(len(self.v))]

    def locate(self, q, t):
        """cdt.locate from slot t: (slot, edge index or None)."""
        pq = self.p[q]
        edges = (2, 1, 0) if self.variant == "edges-2-1-0" else (0, 1, 2)
        while True:
            for i in edges:
                a, b = self.v[t][i], self.v[t][(i + 1) % 3]
                if orient(self.p[a], self.p[b], pq) < 0:
                    t = self.across(t, i)
                    self.stats["walk_steps"] += 1
                    break
            else:
                zeros = [i for i in range(3)
                         if orient(self.p[self.v[t][i]], self.p[self.v[t][(i + 1) % 3]], pq) == 0]
                assert len(zeros) <= 1, "a point is a vertex"
                return t, (zeros[0] if zeros else None)

    def insert(self, q, last):
        """cdt.locate, cdt.split, cdt.legalize for vertex q; the next walk's start."""
        if self.variant == "start-at-0":
            last = 0
        elif self.variant == "start-at-newest":
            last = len(self.v) - 1
        t, i = self.locate(q, last)
        T = len(self.v)  # the first free slot
        if i is None:  # cdt.split inside t = (a, b, c)
            a, b, c = self.v[t]
            pieces = [(t, [a, b, q]), (T, [b, c, q]), (T + 1, [c, a, q])]
            if self.variant == "inside-rotated":
                pieces = [(t, [b, c, q]), (T, [c, a, q]), (T + 1, [a, b, q])]
            elif self.variant == "inside-apex-first":
                pieces = [(s, [q, x, y]) for s, (x, y, _) in pieces]
            self.stats["triangle_splits"] += 1
            todo = [(a, b), (b, c), (c, a)]  # (t, 0), (T, 0), (T + 1, 0)
        else:  # cdt.split on edge i of t
            a, b, c = self.v[t][i], self.v[t][(i + 1) % 3], self.v[t][(i + 2) % 3]
            u = self.across(t, i)
            d = [x for x in self.v[u] if x not in (a, b)][0]
            pieces = [(t, [b, c, q]), (T, [c, a, q]), (u, [a, d, q]), (T + 1, [d, b, q])]
            if self.variant == "edge-pieces-swapped":
                pieces = [(t, [a, d, q]), (T, [d, b, q]), (u, [b, c, q]), (T + 1, [c, a, q])]
            self.stats["edge_splits"] += 1
            todo = [(b, c), (c, a), (a, d), (d, b)]  # (t, 0), (T, 0), (u, 0), (T + 1, 0)
        for s, tri in sorted(pieces):  # slots appended in order
            self.put(s, tri)
        if self.variant == "split-edges-reversed":
            todo.reverse()
        for x, y in todo:
            self.legalize(x, y, q)
        return t

    def legalize(self, x, y, q):
        """cdt.legalize of edge x -> y of the triangle with apex q, depth
        first: after a flip the edge of t (a, d), then the edge of u (d, b)."""
        stack = [(x, y)]
        while stack:
            a, b = stack.pop()
            t = self.edge[(a, b)]
            u = self.edge.get((b, a), -1)
            if u < 0:
                continue
            d = [z for z in self.v[u] if z not in (a, b)][0]
            s = incircle(*(self.p[z] for z in self.v[t]), self.p[d])
            if s == 0:
                self.stats["cocircular_kept"] += 1
            if s < 0 or (s == 0 and self.variant != "cocircular-flipped"):
                continue
            self.flip(t, u, a, b, q, d)
            if self.variant == "no-recursion":
                continue
            if self.variant == "flip-edges-reversed":
                stack += [(a, d), (d, b)]
            else:
                stack += [(d, b), (a, d)]  # (t, 1) completely, then (u, 0)

    def flip(self, t, u, a, b, c, d):
        """cdt.flip of edge a -> b of t = (a, b, c), u = (b, a, d)."""
        tt, uu = [c, a, d], [d, b, c]
        if self.variant == "flip-swapped":
            tt, uu = uu, tt
        elif self.variant == "flip-rotated":
            tt, uu = [a, d, c], [b, c, d]
        self.put(t, tt)
        self.put(u, uu)
        self.stats["flips"] += 1


def order_for(points, variant=None):
    """cdt.order, or one of its variants."""
    n = len(points)
    if variant == "sorted":
        return list(range(n))
    if variant == "reversed":
        return list(range(n))[::-1]
    if variant == "brio-below-64":
        return insertion_order(points, threshold=0)
    if variant == "rounds-without-hilbert":
        if n < 64:
            return list(range(n))
        top = max(0, n.bit_length() - 1 - 3)
        return sorted(range(n), key=lambda i: (-min(top, tz(h(i))), i))
    return insertion_order(points)


def insert_points(points, variant=None):
    """The mesh after Lawson's insertion of `points` (sorted, distinct) in
    cdt.order, with one rule changed when `variant` names one."""
    order = order_for(points, variant if variant in VARIANTS["cdt.order"] else None)
    m = Mesh(points, variant)
    last = 0
    for q in order:
        last = m.insert(q, last)
    return m


def u32(v):
    return struct.pack("<I", v)


def i32(v):
    return struct.pack("<i", v)


def canonical_bytes(m):
    """cdt.canonical (no constraints: every mark 0)."""
    tris = []
    for v in m.v:
        k = v.index(min(v))
        tris.append(tuple(v[k:] + v[:k]))
    tris.sort()
    out = [u32(m.n), u32(len(tris))]
    for t in tris:
        out += [u32(x) for x in t] + [b"\x00"]
    return b"".join(out)


def slot_bytes(m):
    """The slots as they are (Cdt.InsertPoints, docs/golden-format.md): u32 n,
    then the list of slots, each u32 v0, v1, v2, then i32 n0, n1, n2."""
    out = [u32(m.n), u32(len(m.v))]
    for v, nb in zip(m.v, m.neighbours()):
        out += [u32(x) for x in v] + [i32(x) for x in nb]
    return b"".join(out)


def sha256(data):
    return hashlib.sha256(data).hexdigest()
