"""From boundary edges to a region's rings (docs/spec/region.md):
region.rings, region.simplify, region.ring-order.

An edge is ((ax, ay), (bx, by)), directed with the region on its left;
points are integer grid points. Nothing here is specific to tile maps.
"""
from functools import cmp_to_key

from predicates import orient_int


def _half(d):
    """0 for directions in [0, pi) counter-clockwise from +x, 1 for [pi, 2 pi)."""
    return 0 if d[1] > 0 or (d[1] == 0 and d[0] > 0) else 1


def _by_angle(d, e):
    """Orders directions counter-clockwise starting from +x, exactly."""
    if _half(d) != _half(e):
        return _half(d) - _half(e)
    cross = d[0] * e[1] - d[1] * e[0]
    return -1 if cross > 0 else (1 if cross < 0 else 0)


def trace(edges):
    """region.rings: chains the edges into rings.

    After an edge u -> v the ring goes on along the edge leaving v that is
    met first turning clockwise from the direction v -> u: in the
    counter-clockwise order of the edges leaving v (from +x), the last one
    before the direction of u, wrapping around. Tracing starts at the
    smallest unused edge, compared as (from.x, from.y, to.x, to.y), and
    goes on until it is back at that edge.
    """
    leaving = {}
    for a, b in edges:
        leaving.setdefault(a, []).append(b)
    order = cmp_to_key(_by_angle)
    for v, ends in leaving.items():
        ends.sort(key=lambda w, v=v: order((w[0] - v[0], w[1] - v[1])))

    def after(u, v):
        back = order((u[0] - v[0], u[1] - v[1]))
        ends = leaving[v]
        before = [w for w in ends if order((w[0] - v[0], w[1] - v[1])) < back]
        return before[-1] if before else ends[-1]

    used, rings = set(), []
    for first in sorted(edges):
        if first in used:
            continue
        ring, edge = [], first
        while True:
            used.add(edge)
            ring.append(edge[0])
            edge = (edge[1], after(*edge))
            if edge == first:
                break
        rings.append(ring)
    return rings


def simplify(rings, edges):
    """region.simplify: drops every vertex of degree 2 (one edge in, one out,
    over the whole region) whose two edges are collinear, each tested
    against its traced neighbours."""
    arriving = {}
    for _, b in edges:
        arriving[b] = arriving.get(b, 0) + 1
    out = []
    for ring in rings:
        n = len(ring)
        out.append([v for k, v in enumerate(ring)
                    if arriving[v] != 1 or orient_int(ring[k - 1], v, ring[(k + 1) % n]) != 0])
    return out


def order(rings, bugs=()):
    """region.ring-order: each ring starts at its smallest directed edge,
    (from.x, from.y, to.x, to.y); rings sorted by that first edge."""
    started = []
    for ring in rings:
        n = len(ring)
        if "ring-start" in bugs:  # the injected bug: the lowest vertex, by (y, x)
            k = min(range(n), key=lambda k: (ring[k][1], ring[k][0]))
        else:
            k = min(range(n), key=lambda k: (ring[k], ring[(k + 1) % n]))
        started.append(ring[k:] + ring[:k])
    return sorted(started, key=lambda r: (r[0], r[1]))
