#!/usr/bin/env python3
"""The exact binary64 constants of offset.half-angles, offset.unit-ring,
shrink.lambda and shrink.equal-area-ring, transcribed from docs/spec/offset.md
and docs/spec/shrink.md into Python (whose float is IEEE binary64 with
correctly rounded + - * / and math.sqrt), independently of the C++ reference.

    offset_constants.py                 prints the table
    offset_constants.py --check FILE    exits 1 unless FILE is exactly the table

conformance/tests/data/offset_constants.txt is this table; test_offset.cpp
compares the reference's values with it bit for bit.
"""
import math
import sys


def hexf(v):
    return float.hex(v)


def half_angle_tables():
    # offset.half-angles: C[4] = 0, S[4] = 1; C[k] = sqrt((1 + C[k/2]) / 2),
    # S[k] = S[k/2] / (2 * C[k]).
    c, s = {4: 0.0}, {4: 1.0}
    k = 8
    while k <= 512:
        c[k] = math.sqrt((1.0 + c[k // 2]) / 2.0)
        s[k] = s[k // 2] / (2.0 * c[k])
        k *= 2
    return c, s


C, S = half_angle_tables()


def unit_ring(m):
    # offset.unit-ring: u_0 = (1, t), t = S[2m] / C[2m]; rotation by (C[m], S[m])
    # within the first quadrant; quarter turns (x, y) -> (-y, x) for the rest.
    q = m // 4
    t = S[2 * m] / C[2 * m]
    ring = [(1.0, t)]
    for _ in range(1, q):
        x, y = ring[-1]
        ring.append((x * C[m] - y * S[m], x * S[m] + y * C[m]))
    for k in range(q, m):
        x, y = ring[k - q]
        ring.append((-y, x))
    return ring


def quadrant(m, lam):
    # shrink.lambda: e_0 = (1, lam t), e_k = lam u_k (1 <= k <= q - 2),
    # e_(q-1) = (lam t, 1).
    q = m // 4
    u = unit_ring(m)
    t = u[0][1]
    e = [(1.0, lam * t)]
    for k in range(1, q - 1):
        e.append((lam * u[k][0], lam * u[k][1]))
    e.append((lam * t, 1.0))
    return e


def doubled_area(m, lam):
    poly = [(0.0, 0.0), (1.0, 0.0)] + quadrant(m, lam) + [(0.0, 1.0)]
    total = 0.0
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        total = total + (x0 * y1 - x1 * y0)
    return total


HALF_PI = float.fromhex("0x1.921fb54442d18p+0")


def equal_area_lambda(m):
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if doubled_area(m, mid) < HALF_PI:
            lo = mid
        else:
            hi = mid
    return hi


def table():
    lines = []
    k = 4
    while k <= 512:
        lines.append(f"C {k} {hexf(C[k])}")
        lines.append(f"S {k} {hexf(S[k])}")
        k *= 2
    for m in (8, 16, 32, 64, 128, 256):
        for i, (x, y) in enumerate(unit_ring(m)):
            lines.append(f"U {m} {i} {hexf(x)} {hexf(y)}")
        lam = equal_area_lambda(m)
        lines.append(f"L {m} {hexf(lam)}")
        q = m // 4
        e = quadrant(m, lam)
        for i in range(m):
            x, y = e[i % q]
            for _ in range(i // q):
                x, y = -y, x
            lines.append(f"E {m} {i} {hexf(x)} {hexf(y)}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    text = table()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                print(f"{sys.argv[2]} is not what offset_constants.py computes", file=sys.stderr)
                sys.exit(1)
        print("offset constants: the table matches the Python transcription")
    else:
        sys.stdout.write(text)
