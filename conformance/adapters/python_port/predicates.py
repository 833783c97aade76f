"""Exact predicates (docs/spec/predicates.md): pred.domain, pred.orient2d,
pred.incircle, pred.exact.

Every double in the domain is m * 2^e with integers m and e; all points are
scaled by one power of two so that every coordinate is an integer, and the
determinants are evaluated in Python's unbounded integers: the sign is exact.
Scaling every coordinate by the same positive factor keeps the sign.
"""
from errors import out_of_range

SMALLEST, LARGEST = 2.0**-200, 2.0**200


def in_domain(v):
    return v == 0 or SMALLEST <= abs(v) <= LARGEST  # NaN compares false


def exact_points(points, names):
    """The points as integers over one common power of two; pred.domain
    checked in argument order a.x, a.y, b.x, ..."""
    ratios = []
    for vertex, (name, point) in enumerate(zip(names, points)):
        for axis, v in zip("xy", point):
            if not in_domain(v):
                raise out_of_range(argument=name + "." + axis, vertex=vertex, value=v)
            ratios.append(v.as_integer_ratio())  # the denominator is a power of two
    scale = max(d for _, d in ratios)
    ints = [n * (scale // d) for n, d in ratios]
    return [(ints[k], ints[k + 1]) for k in range(0, len(ints), 2)]


def sign(v):
    return (v > 0) - (v < 0)


def orient2d(a, b, c):  # pred.orient2d
    (ax, ay), (bx, by), (cx, cy) = exact_points((a, b, c), "abc")
    return sign((ax - cx) * (by - cy) - (ay - cy) * (bx - cx))


def incircle(a, b, c, d):  # pred.incircle
    pts = exact_points((a, b, c, d), "abcd")
    dx, dy = pts[3]
    rows = []
    for px, py in pts[:3]:
        x, y = px - dx, py - dy
        rows.append((x, y, x * x + y * y))
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = rows
    det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0)
    return sign(det)


def orient_int(a, b, c):
    """Orientation of integer grid points (pred.orient2d.int)."""
    return sign((a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0]))

