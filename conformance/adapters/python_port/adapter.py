#!/usr/bin/env python3
"""An example port of the OnePath Mesh spec in Python 3, standard library
only, written from docs/spec/ alone, behind its adapter (protocol 1,
docs/adapter-protocol.md).

It implements a real subset: the canonical encoder itself
(Canonical.Encode, canon.*), the snap grid (grid.*), the exact predicates
(Predicates.Orient2D, Predicates.InCircle) and Region.FromTileMap (the
boundary traced from the cells, region.rings, region.simplify,
region.ring-order, region.canonical). Every other operation is left out of
the handshake, so the runner skips its vectors.

    onepath conformance --impl 'python3 conformance/adapters/python_port/adapter.py'

--inject-bug NAME (or ONEPATH_PORT_BUG=NAME; repeatable, comma-separated)
plants a known defect, for the tests of the runner, the reducer and the
metamorphic checks:

    ring-start  rings start at their lowest vertex by (y, x), not at their
                smallest directed edge (region.ring-order)
    collinear   collinear vertices of degree 2 are kept (region.simplify)
    snap-away   snapping rounds halves away from zero, not to even (grid.snap)
    int32       grid coordinates wrap as 32-bit integers (beyond 2^31 units)
    negzero     -0.0 is written as +0.0 (canon.float)
"""
import argparse
import json
import os
import sys
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import predicates  # noqa: E402
import tilemap  # noqa: E402
from canonical import sign_bytes, value_bytes  # noqa: E402
from errors import SpecError  # noqa: E402

BUGS = ("ring-start", "collinear", "snap-away", "int32", "negzero")
number = tilemap.number


def point(inp, name):
    return tuple(number(v) for v in inp[name])


def orient2d(inp, bugs):
    return sign_bytes(predicates.orient2d(*(point(inp, n) for n in "abc")))


def incircle(inp, bugs):
    return sign_bytes(predicates.incircle(*(point(inp, n) for n in "abcd")))


def encode(inp, bugs):
    return b"".join(value_bytes(v, number, "negzero" in bugs) for v in inp["values"])


OPERATIONS = {
    "Canonical.Encode": encode,
    "Predicates.Orient2D": orient2d,
    "Predicates.InCircle": incircle,
    "Region.FromTileMap": tilemap.from_tilemap,
}


def json_value(v):
    """err.fields values as the protocol writes them: non-finite doubles as strings."""
    if isinstance(v, float) and v != v:
        return "NaN"
    if isinstance(v, float) and v in (float("inf"), float("-inf")):
        return "Infinity" if v > 0 else "-Infinity"
    return v


class Port:
    def __init__(self, bugs):
        self.bugs = frozenset(bugs)

    def answer(self, msg):
        """The reply to one message from the runner; None for the shutdown."""
        if "protocol" in msg:
            name = "onepath-python-port 0.1"
            if self.bugs:
                name += " (injected bug: %s)" % ", ".join(sorted(self.bugs))
            return {"protocol": 1, "implementation": name, "operations": sorted(OPERATIONS)}
        if msg.get("shutdown"):
            return None
        reply = {"id": msg["id"]}
        try:
            reply["output"] = OPERATIONS[msg["op"]](msg["input"], self.bugs).hex()
        except SpecError as e:
            fields = {k: json_value(v) for k, v in e.fields.items()}
            reply["error"] = {"type": e.type_name, "fields": fields}
        except Exception as e:  # a defect of the port: say so, do not crash (err.nothing-else)
            traceback.print_exc(file=sys.stderr)
            reply["error"] = {"type": type(e).__name__, "fields": {}, "message": str(e)}
        return reply


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inject-bug", action="append", default=[], metavar="NAME",
                        help="plant a known defect: " + ", ".join(BUGS))
    args = parser.parse_args()
    bugs = [b for spec in args.inject_bug + [os.environ.get("ONEPATH_PORT_BUG", "")]
            for b in spec.split(",") if b]
    unknown = [b for b in bugs if b not in BUGS]
    if unknown:
        parser.error("unknown bug %s; known: %s" % (", ".join(unknown), ", ".join(BUGS)))
    port = Port(bugs)
    if bugs:
        print("python port: injected bug: %s" % ", ".join(bugs), file=sys.stderr, flush=True)
    for line in sys.stdin:  # one JSON object a line, until the shutdown or end of input
        if not line.strip():
            continue
        reply = port.answer(json.loads(line))
        if reply is None:
            return
        print(json.dumps(reply, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
