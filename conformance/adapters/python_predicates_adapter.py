#!/usr/bin/env python3
"""A complete adapter, protocol 1 (docs/adapter-protocol.md), standard library only.

Serves Predicates.Orient2D and Predicates.InCircle: exact signs with
fractions.Fraction, the pred.domain check, the sign as one byte (canon.sign).
Run it:  onepath conformance --impl 'python3 python_predicates_adapter.py'
"""
import json
import sys
from fractions import Fraction

SPECIAL = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


class OutOfRange(Exception):
    """ArgumentOutOfRangeException; args[0] holds its fields (err.fields)."""


def points(inp, names):
    """The named points as exact fractions; checks pred.domain in argument order."""
    out = []
    for vertex, name in enumerate(names):
        point = []
        for axis, raw in zip("xy", inp[name]):
            v = SPECIAL[raw] if isinstance(raw, str) else float(raw)
            if v != 0 and not 2.0**-200 <= abs(v) <= 2.0**200:  # NaN fails this too
                raise OutOfRange({"argument": name + "." + axis, "vertex": vertex,
                                  "value": raw if isinstance(raw, str) else v})
            point.append(Fraction(v))
        out.append(point)
    return out


def sign(x):
    return (x > 0) - (x < 0)


def orient2d(inp):  # pred.orient2d
    (ax, ay), (bx, by), (cx, cy) = points(inp, "abc")
    return sign((ax - cx) * (by - cy) - (ay - cy) * (bx - cx))


def incircle(inp):  # pred.incircle
    a, b, c, d = points(inp, "abcd")
    m = [(px - d[0], py - d[1], (px - d[0]) ** 2 + (py - d[1]) ** 2) for px, py in (a, b, c)]
    return sign(m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


OPERATIONS = {"Predicates.Orient2D": orient2d, "Predicates.InCircle": incircle}


def answer(msg):
    """The reply to one message from the runner; None for the shutdown."""
    if "protocol" in msg:
        return {"protocol": 1, "implementation": "python-predicates-example 1.0",
                "operations": sorted(OPERATIONS)}
    if msg.get("shutdown"):
        return None
    try:
        s = OPERATIONS[msg["op"]](msg["input"])
        return {"id": msg["id"], "output": "%02x" % (s & 0xFF)}  # canon.sign: -1 is ff
    except OutOfRange as e:
        error = {"type": "ArgumentOutOfRangeException", "fields": e.args[0]}
        return {"id": msg["id"], "error": error}


def main(answer=answer):
    for line in sys.stdin:  # one JSON object a line, until the shutdown or end of input
        if line.strip():
            reply = answer(json.loads(line))
            if reply is None:
                return
            print(json.dumps(reply, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
