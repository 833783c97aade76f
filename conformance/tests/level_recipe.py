#!/usr/bin/env python3
"""A second implementation of the 3D level recipe, written from the comment
at the top of conformance/generators/levels.hpp alone (and the hash and noise
it cites from noisy_tilemap.hpp and predicate_cases.hpp), standard library
only. It regenerates levels and compares their soup SHA-256 (LevelSoupBytes:
u32 vertex count, u32 triangle count, the binary32 coordinates, the int32
indices, little-endian) with what `onepath generate level` writes in its OBJ
header, so the recipe text is complete and the C++ follows it.

Usage: level_recipe.py ONEPATH            compare the standard set of levels
       level_recipe.py --print KIND SIZE SEED K    print one level's hash
"""
import hashlib
import re
import struct
import subprocess
import sys

MASK = (1 << 64) - 1


# Randomness: SplitMix64, H, R, U, N.
class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return (self.next() * n) >> 64


def S(v):
    return SplitMix64(v).next()


def H(seed, k, i, j):
    return S((S((S((seed + k) & MASK) + (i & MASK)) & MASK) + (j & MASK)) & MASK)


class R:
    def __init__(self, seed, k, i, j):
        self.g = SplitMix64(H(seed, k, i, j))

    def U(self, n):
        return self.g.below(n)


def N(seed, k, s, x, y):
    side = 1 << s
    i, j = x // side, y // side
    fx, fy = x - i * side, y - j * side
    L = lambda a, b: H(seed, k, a, b) >> 48
    return ((side - fx) * (side - fy) * L(i, j) + fx * (side - fy) * L(i + 1, j)
            + (side - fx) * fy * L(i, j + 1) + fx * fy * L(i + 1, j + 1))


# Primitives: each appends its own vertices, then its triangles.
class Soup:
    def __init__(self):
        self.v = []  # (x, y, z) integers in u
        self.t = []  # index triples

    def add(self, points, triangles):
        base = len(self.v)
        self.v.extend(points)
        self.t.extend((base + a, base + b, base + c) for a, b, c in triangles)

    def quad(self, a, b, c, d):
        self.add([a, b, c, d], [(0, 1, 2), (0, 2, 3)])

    def floor(self, x0, z0, x1, z1, y):
        self.quad((x0, y, z0), (x0, y, z1), (x1, y, z1), (x1, y, z0))

    def tri(self, a, b, c):
        self.add([a, b, c], [(0, 1, 2)])

    def prism(self, c, y0, y1):
        n = len(c)
        pts = [(x, y0, z) for x, z in c] + [(x, y1, z) for x, z in c]
        tris = [(n, n + k + 1, n + k) for k in range(n - 2, 0, -1)]
        tris += [(0, k, k + 1) for k in range(1, n - 1)]
        for i in range(n):
            j = (i + 1) % n
            tris += [(i, n + i, n + j), (i, n + j, j)]
        self.add(pts, tris)

    def box(self, x0, y0, z0, x1, y1, z1):
        self.prism([(x0, z0), (x1, z0), (x1, z1), (x0, z1)], y0, y1)

    def wedge(self, c, y0, h):
        pts = [(x, y0, z) for x, z in c] + [(c[1][0], y0 + h, c[1][1]), (c[2][0], y0 + h, c[2][1])]
        self.add(pts, [(0, 3, 5), (0, 5, 4), (0, 1, 2), (0, 2, 3), (0, 4, 1), (1, 4, 5),
                       (1, 5, 2), (2, 5, 3)])

    def grid(self, x0, z0, q, nx, nz, y):
        pts = [(x0 + i * q, y(i, j), z0 + j * q) for j in range(nz + 1) for i in range(nx + 1)]
        tris = []
        for j in range(nz):
            for i in range(nx):
                a = j * (nx + 1) + i
                b = a + nx + 1
                tris += [(a, b, b + 1), (a, b + 1, a + 1)]
        self.add(pts, tris)


class Block:
    """A block's frame: W(s, t) = (X, Z) + r_d(s, t)."""

    def __init__(self, soup, bx, bz, d=0):
        self.soup, self.X, self.Z, self.d = soup, 4096 * bx, 4096 * bz, d

    def W(self, p):
        s, t = p
        r = [(s, t), (4096 - t, s), (4096 - s, 4096 - t), (t, 4096 - s)][self.d]
        return (self.X + r[0], self.Z + r[1])

    def local_box(self, s0, t0, s1, t1, y0, y1):
        self.soup.prism([self.W((s0, t0)), self.W((s1, t0)), self.W((s1, t1)),
                         self.W((s0, t1))], y0, y1)

    def local_wedge(self, p, a, b, y0, h):
        add = lambda u, v: (u[0] + v[0], u[1] + v[1])
        self.soup.wedge([self.W(p), self.W(add(p, a)), self.W(add(add(p, a), b)),
                         self.W(add(p, b))], y0, h)

    def ground(self):
        self.soup.floor(self.X, self.Z, self.X + 4096, self.Z + 4096, 0)


def blocks(nb):
    return [(bx, bz) for bz in range(nb) for bx in range(nb)]


def rotated_blocks(o, seed, nb, k, motifs, make):
    """Per block: Ground, R(k, bx, bz), d = U(4), then make(block, m, r)."""
    for bx, bz in blocks(nb):
        b = Block(o, bx, bz)
        b.ground()
        r = R(seed, k, bx, bz)
        b.d = r.U(4)
        make(b, (bx + nb * bz) % motifs, r)


# Kinds.
def rooms(o, seed, nb, S_):
    room, edge = {}, {}
    for bx, bz in blocks(nb):
        r = R(seed, 16, bx, bz)
        X, Z = 4096 * bx, 4096 * bz
        mw, me, ms, mn = (256 * (1 + r.U(3)) for _ in range(4))
        t = 64 * (1 + r.U(4))
        hw = 256 * (3 + r.U(2))
        room[bx, bz] = dict(x0=X + mw, x1=X + 4096 - me, z0=Z + ms, z1=Z + 4096 - mn, t=t, hw=hw)
    for bx, bz in blocks(nb):
        for side, k in (("east", 17), ("north", 18)):
            r = R(seed, k, bx, bz)
            is_open = r.U(10) < 8
            w = 384 + 128 * r.U(3)
            c = 1536 + 64 * r.U(17)
            dh = (480, 544, 576, 0)[r.U(4)]
            inside = bx + 1 < nb if side == "east" else bz + 1 < nb
            base = 4096 * bz if side == "east" else 4096 * bx
            edge[side, bx, bz] = dict(open=is_open and inside, e0=base + c - w // 2,
                                      e1=base + c + w // 2, dh=dh)
    closed = dict(open=False)

    def wall(x0, z0, x1, z1, hw, door, along_x):
        if not door["open"]:
            o.box(x0, 0, z0, x1, hw, z1)
        elif along_x:
            o.box(x0, 0, z0, door["e0"], hw, z1)
            o.box(door["e1"], 0, z0, x1, hw, z1)
            if door["dh"] > 0:
                o.box(door["e0"], door["dh"], z0, door["e1"], hw, z1)
        else:
            o.box(x0, 0, z0, x1, hw, door["e0"])
            o.box(x0, 0, door["e1"], x1, hw, z1)
            if door["dh"] > 0:
                o.box(x0, door["dh"], door["e0"], x1, hw, door["e1"])

    for bx, bz in blocks(nb):
        m = room[bx, bz]
        x0, x1, z0, z1, t, hw = m["x0"], m["x1"], m["z0"], m["z1"], m["t"], m["hw"]
        o.floor(x0, z0, x1, z1, 0)
        wall(x0, z0, x0 + t, z1, hw, edge["east", bx - 1, bz] if bx > 0 else closed, False)
        wall(x1 - t, z0, x1, z1, hw, edge["east", bx, bz], False)
        wall(x0 + t, z0, x1 - t, z0 + t, hw, edge["north", bx, bz - 1] if bz > 0 else closed, True)
        wall(x0 + t, z1 - t, x1 - t, z1, hw, edge["north", bx, bz], True)
        e = edge["east", bx, bz]
        if e["open"]:
            xn = room[bx + 1, bz]["x0"]
            o.floor(x1, e["e0"], xn, e["e1"], 0)
            o.box(x1, 0, e["e0"] - 64, xn, 768, e["e0"])
            o.box(x1, 0, e["e1"], xn, 768, e["e1"] + 64)
        n = edge["north", bx, bz]
        if n["open"]:
            zn = room[bx, bz + 1]["z0"]
            o.floor(n["e0"], z1, n["e1"], zn, 0)
            o.box(n["e0"] - 64, 0, z1, n["e0"], 768, zn)
            o.box(n["e1"], 0, z1, n["e1"] + 64, 768, zn)


def stairs(o, seed, nb, S_):
    def make(b, m, r):
        W = 256 * (2 + r.U(4))
        t0, t1 = 2048 - W // 2, 2048 + W // 2
        if m < 8:
            h = (128, 192, 200, 208, 224, 240, 256, 320)[m]
            g = 64 * (2 + r.U(5))
            n = 3 + r.U(4)
            for i in range(n):
                b.local_box(512 + i * g, t0, 512 + (i + 1) * g, t1, 0, (i + 1) * h)
            b.local_box(512 + n * g, t0, 1024 + n * g, t1, 0, n * h)
        else:
            h, w = ((256, 768), (512, 1024))[m - 8]
            b.local_wedge((512, t0), (w, 0), (0, W), 0, h)
            b.local_box(512 + w, t0, 1024 + w, t1, 0, h)

    rotated_blocks(o, seed, nb, 32, 10, make)


def terrain(o, seed, nb, S_):
    n = S_ // 2
    P = 768

    def y(i, j):
        v = 8192 * N(seed, 48, 5, i, j) // 2**26 + 4096 * N(seed, 49, 3, i, j) // 2**22
        T = P * (v // P) + max(0, 4 * (v % P) - 3 * P)
        return T + 128 * N(seed, 50, 0, i, j) // 2**16

    o.grid(0, 0, 512, n, n, y)


def multifloor(o, seed, nb, S_):
    C = (480, 496, 512, 528, 544, 768)

    def make(b, m, r):
        if m == 0:
            c1 = C[r.U(6)]
            c2 = C[r.U(6)]
            yA = c1 + 64
            yB = yA + c2 + 64
            b.local_box(1280, 256, 3840, 3840, c1, yA)
            b.local_box(1280, 256, 3840, 2304, yA + c2, yB)
            for s, t in ((1280, 256), (3712, 256), (3712, 3712), (1280, 3712)):
                b.local_box(s, t, s + 128, t + 128, 0, c1)
            for s, t in ((1280, 256), (3712, 256), (3712, 2176), (1280, 2176)):
                b.local_box(s, t, s + 128, t + 128, yA, yA + c2)
            r1 = 3 * yA // 2
            r2 = 3 * (c2 + 64) // 2
            b.local_wedge((1280 - r1, 2688), (r1, 0), (0, 768), 0, yA)
            b.local_wedge((2560, 2304 + r2), (0, -r2), (768, 0), yA, c2 + 64)
        elif m == 1:
            c = C[r.U(6)]
            b.local_box(1792, 1536, 2304, 2560, c, c + 64)
            rr = 3 * (c + 64) // 2
            b.local_wedge((2304, 1536 - rr), (0, rr), (-512, 0), 0, c + 64)
            b.local_wedge((1792, 2560 + rr), (0, -rr), (512, 0), 0, c + 64)
        else:
            b.local_box(3584, 256, 3840, 3840, 0, 1536)
            for q in range(4):
                c = C[r.U(6)]
                b.local_box(2048, 256 + 896 * q, 3584, 256 + 896 * (q + 1), c, c + 128)

    rotated_blocks(o, seed, nb, 64, 3, make)


def slopes(o, seed, nb, S_):
    rises = (451, 1478, 2148, 2472, 2551, 2559, 2560, 2561, 2569, 2651, 3051, 4434)

    def make(b, m, r):
        h = rises[m]
        diagonal = r.U(2)
        v = r.U(3)
        if not diagonal:
            W = 256 * (2 + v)
            b.local_wedge((768, 2048 - W // 2), (2560, 0), (0, W), 0, h)
        else:
            q = 64 * (2 + v)
            b.local_wedge((1280, 512), (1536, 2048), (-4 * q, 3 * q), 0, h)

    rotated_blocks(o, seed, nb, 80, 12, make)


def clutter(o, seed, nb, S_):
    o.floor(0, 0, 256 * S_, 256 * S_, 0)
    o.tri((0, 2048, 0), (0, 2048, 1024), (256 * S_, 2048, 256 * S_))
    for bx, bz in blocks(nb):
        X, Z = 4096 * bx, 4096 * bz
        m = (bx + nb * bz) % 4
        r = R(seed, 96, bx, bz)
        if m == 0:
            for _ in range(4 + r.U(5)):
                turned = r.U(2)
                i = r.U(4)
                px = X + 512 + r.U(3072)
                pz = Z + 512 + r.U(3072)
                ph = 256 * (2 + r.U(3))
                if not turned:
                    p = (48, 64, 128, 256)[i]
                    o.box(px, 0, pz, px + p, ph, pz + p)
                else:
                    f = (8, 16, 32, 32)[i]
                    o.prism([(px, pz), (px + 3 * f, pz + 4 * f), (px - f, pz + 7 * f),
                             (px - 4 * f, pz + 3 * f)], 0, ph)
        elif m == 1:
            for _ in range(2 + r.U(3)):
                orient = r.U(3)
                i = r.U(3)
                l = r.U(5)
                px = X + 512 + r.U(1024)
                pz = Z + 512 + r.U(1024)
                wh = 256 * (1 + r.U(3))
                L = 256 * (2 + l)
                T = (16, 32, 64)[i]
                if orient == 0:
                    o.box(px, 0, pz, px + L, wh, pz + T)
                elif orient == 1:
                    o.box(px, 0, pz, px + T, wh, pz + L)
                else:
                    g = (4, 8, 12)[i]
                    f = 64 * (1 + l)
                    o.prism([(px, pz), (px + 3 * f, pz + 4 * f),
                             (px + 3 * f - 4 * g, pz + 4 * f + 3 * g), (px - 4 * g, pz + 3 * g)],
                            0, wh)
            o.quad((X + 512, 0, Z + 3584), (X + 2560, 0, Z + 3584), (X + 2560, 512, Z + 3584),
                   (X + 512, 512, Z + 3584))
        elif m == 2:
            px = X + 512 + r.U(2048)
            pz = Z + 512 + r.U(2048)
            o.grid(px, pz, 4, 32, 32, lambda i, j: 16)
            for _ in range(16 + r.U(17)):
                sx = X + 256 + r.U(3584)
                sy = 64 + r.U(512)
                sz = Z + 256 + r.U(3584)
                e = 1 + r.U(4)
                o.tri((sx, sy, sz), (sx, sy, sz + e), (sx + e, sy, sz))
        else:
            px = X + 512 + r.U(1024)
            pz = Z + 512 + r.U(2048)
            for i in range(256):
                o.tri((px, 32, pz + i), (px, 32, pz + i + 1), (px + 2048, 32, pz + i + 1))
                o.tri((px, 32, pz + i), (px + 2048, 32, pz + i + 1), (px + 2048, 32, pz + i))
            p = (X + 3840, 64, Z + 256)
            q = (p[0] + 64, 64, p[2])
            mid = (p[0] + 32, 64, p[2])
            for a, b2, c in ((p, p, q), (p, q, q), (p, mid, q), (p, p, p)):
                o.tri(a, b2, c)


def islands(o, seed, nb, S_):
    gaps = (32, 128, 256, 512)
    isl, plank = {}, {}
    for bx, bz in blocks(nb):
        r = R(seed, 112, bx, bz)
        top = 256 + 64 * r.U(17)
        mw, me, ms, mn = (gaps[r.U(4)] for _ in range(4))
        isl[bx, bz] = (top, mw, me, ms, mn)
    for bx, bz in blocks(nb):
        for side, k in (("east", 113), ("north", 114)):
            r = R(seed, k, bx, bz)
            is_open = r.U(3) > 0
            v = 128 * (1 + r.U(3))
            c = 1536 + 64 * r.U(17)
            inside = bx + 1 < nb if side == "east" else bz + 1 < nb
            plank[side, bx, bz] = (is_open and inside, v, c)
    for bx, bz in blocks(nb):
        X, Z = 4096 * bx, 4096 * bz
        top, mw, me, ms, mn = isl[bx, bz]
        o.box(X + mw, 0, Z + ms, X + 4096 - me, top, Z + 4096 - mn)
        ok, v, c = plank["east", bx, bz]
        if ok:
            other = isl[bx + 1, bz]
            low = min(top, other[0])
            o.box(X + 4096 - me, low - 64, Z + c - v, X + 4096 + other[1], low, Z + c + v)
        ok, v, c = plank["north", bx, bz]
        if ok:
            other = isl[bx, bz + 1]
            low = min(top, other[0])
            o.box(X + c - v, low - 64, Z + 4096 - mn, X + c + v, low, Z + 4096 + other[3])


def pits(o, seed, nb, S_):
    def y(i, j):
        return 1024 * ((1 if i % 4 == 0 else 0) + (1 if j % 3 == 0 else 0))

    o.grid(0, 0, 256, S_, S_, y)


KINDS = {"rooms": rooms, "stairs": stairs, "terrain": terrain, "multifloor": multifloor,
         "slopes": slopes, "clutter": clutter, "islands": islands, "pits": pits}


def subdivide(o, K):
    out = Soup()
    for t in o.t:
        v0, v1, v2 = (o.v[i] for i in t)
        e1 = [v1[c] - v0[c] for c in range(3)]
        e2 = [v2[c] - v0[c] for c in range(3)]
        index, pts = {}, []
        for j in range(K + 1):
            for i in range(K - j + 1):
                index[i, j] = len(pts)
                pts.append(tuple(K * v0[c] + i * e1[c] + j * e2[c] for c in range(3)))
        tris = []
        for j in range(K):
            for i in range(K - j):
                tris.append((index[i, j], index[i + 1, j], index[i, j + 1]))
                if i + j <= K - 2:
                    tris.append((index[i + 1, j], index[i + 1, j + 1], index[i, j + 1]))
        out.add(pts, tris)
    return out


def level_sha256(kind, size, seed, K):
    o = Soup()
    KINDS[kind](o, seed, size // 16, size)
    bits = 8
    if K > 1:
        o = subdivide(o, K)
        bits += K.bit_length() - 1
    data = bytearray(struct.pack("<II", len(o.v), len(o.t)))
    for p in o.v:
        for c in p:
            assert abs(c) <= 2**24
            data += struct.pack("<f", c / 2**bits)  # exact: |c| <= 2^24, a power-of-two scale
    for t in o.t:
        data += struct.pack("<iii", *t)
    return hashlib.sha256(bytes(data)).hexdigest()


# The levels compared: every kind at the size the unit tests pin, other
# seeds and sizes (not multiples of 16), and subdivision.
CASES = ([(k, 64, 1, 1) for k in KINDS] + [(k, 40, 5, 1) for k in KINDS]
         + [(k, 17, 2, 2) for k in KINDS] + [("terrain", 37, 3, 4), ("clutter", 32, 9, 1)])


def main():
    if sys.argv[1] == "--print":
        print(level_sha256(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])))
        return
    onepath = sys.argv[1]
    failures = 0
    for kind, size, seed, K in CASES:
        obj = subprocess.run([onepath, "generate", "level", "--kind", kind, "--size", str(size),
                              "--seed", str(seed), "--subdivide", str(K)], check=True,
                             capture_output=True, text=True).stdout
        theirs = re.search(r"soup SHA-256 ([0-9a-f]{64})", obj).group(1)
        ours = level_sha256(kind, size, seed, K)
        status = "same" if ours == theirs else "DIFFERENT"
        failures += ours != theirs
        print(f"{kind:10} size {size:3} seed {seed} K {K}: {ours} {status}")
    if failures:
        sys.exit(f"{failures} of {len(CASES)} levels differ from the C++ generator")
    print(f"level recipe: {len(CASES)} levels regenerated from the header alone, bit for bit")


if __name__ == "__main__":
    main()
