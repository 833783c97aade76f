#!/usr/bin/env python3
"""Writes the golden family `canonical/` (docs/golden-format.md): the
canonical encoder (docs/spec/canonical.md, canon.*) checked directly, so a
port's byte-level mistakes are named before any geometry vector fails.

The expected bytes and hashes are derived here from the text of
canonical.md alone, with Python's struct and hashlib: nothing of src/ or of
the runner is used. The reference (the runner's Canonical.Encode, which
writes the values with src/'s CanonicalWriter) must give the same bytes:
the golden replay checks it, and check_regenerates.sh checks that this
writer still writes the committed file byte for byte.

    gen_canonical.py OUT_DIR

One vector is one sequence of typed values (`Canonical.Encode`):

    {"values": [["i32", -2], ["f64", -0.0], ["string", "é"],
                ["list", [["u8", 1], ["u8", 2]]], ["sign", 1]]}

and its output is the values' canonical bytes one after the other, no
padding, no alignment (canon.int, canon.float, canon.string, canon.list,
canon.sign); expect.sha256 is their SHA-256 (canon.hash).
"""
import hashlib
import json
import math
import os
import struct
import sys

sys.dont_write_bytecode = True

INTS = {  # canon.int: little-endian, fixed width, two's complement
    "u8": "<B", "i8": "<b", "u16": "<H", "i16": "<h",
    "u32": "<I", "i32": "<i", "u64": "<Q", "i64": "<q",
}
FLOATS = {"f32": "<f", "f64": "<d"}  # canon.float: the IEEE 754 bit pattern


def encode(item):
    """The canonical bytes of one typed value [tag, value]."""
    tag, value = item
    if tag in INTS:
        return struct.pack(INTS[tag], value)
    if tag in FLOATS:
        return struct.pack(FLOATS[tag], value)
    if tag == "string":  # canon.string: u32 UTF-8 length, then the bytes
        data = value.encode("utf-8")
        return struct.pack("<I", len(data)) + data
    if tag == "list":  # canon.list: u32 count, then the elements
        return struct.pack("<I", len(value)) + b"".join(encode(v) for v in value)
    if tag == "sign":  # canon.sign: one signed byte
        assert value in (-1, 0, 1)
        return struct.pack("<b", value)
    raise ValueError(tag)


def key(item):
    """An item's key bytes (the id's hash): the tag as canon.string, then
    the value's canonical bytes (a list: its count, then its items' keys)."""
    tag, value = item
    head = encode(["string", tag])
    if tag == "list":
        return head + struct.pack("<I", len(value)) + b"".join(key(v) for v in value)
    return head + encode(item)


def exact_f32(x):
    """x is a binary32 value (the runner converts the JSON double to float)."""
    return math.isnan(x) or struct.unpack("<f", struct.pack("<f", x))[0] == x


def to_json(item):
    tag, value = item
    if tag == "list":
        return [tag, [to_json(v) for v in value]]
    if tag in FLOATS and math.isinf(value):
        return [tag, "Infinity" if value > 0 else "-Infinity"]
    return [tag, value]


def clauses_of(item, out):
    tag, value = item
    if tag in INTS:
        out.add("canon.int")
    elif tag in FLOATS:
        out.add("canon.float")
    elif tag == "string":
        out.update(("canon.string", "canon.int"))
    elif tag == "list":
        out.update(("canon.list", "canon.int"))
        for v in value:
            clauses_of(v, out)
    elif tag == "sign":
        out.add("canon.sign")


ORDER = ["canon.int", "canon.float", "canon.list", "canon.string", "canon.sign", "canon.hash"]


def vector(kind, values, why, flags=()):
    for v in values:
        check(v)
    data = b"".join(encode(v) for v in values)
    kb = b"".join(key(v) for v in values)
    clauses = set()
    for v in values:
        clauses_of(v, clauses)
    clauses.add("canon.hash")
    return {
        "id": "canonical_encode/%s/%s" % (kind, hashlib.sha256(kb).hexdigest()[:12]),
        "op": "Canonical.Encode",
        "clauses": [c for c in ORDER if c in clauses],
        "input": {"values": [to_json(v) for v in values]},
        "expect": {"sha256": hashlib.sha256(data).hexdigest(),
                   "value": {"bytes": len(data), "hex": data.hex()}},
        "flags": [kind] + list(flags),
        "provenance": "tools/golden/gen_canonical.py: hand-made, %s; expected bytes and "
                      "SHA-256 written from docs/spec/canonical.md with Python's struct "
                      "and hashlib (no code of src/); the reference agrees" % why,
    }


def check(item):
    tag, value = item
    if tag == "f32":
        assert exact_f32(value), value
    if tag == "list":
        for v in value:
            check(v)


def vectors():
    out = []
    # canon.int: every width at its limits, and values whose bytes differ
    # so that a wrong byte order shows.
    limits = {
        "u8": [0, 1, 0x80, 0xFF],
        "i8": [0, -1, -0x80, 0x7F],
        "u16": [0, 0x0102, 0x8000, 0xFFFF],
        "i16": [-2, 0x0102, -0x8000, 0x7FFF],
        "u32": [0, 0x01020304, 0x80000000, 0xFFFFFFFF],
        "i32": [-2, 0x01020304, -0x80000000, 0x7FFFFFFF],
        "u64": [0, 0x0102030405060708, 1 << 63, (1 << 64) - 1, (1 << 53) + 1],
        "i64": [-2, 0x0102030405060708, -(1 << 63), (1 << 63) - 1, (1 << 53) + 1,
                -(1 << 53) - 1, 1 << 39, -(1 << 39)],
    }
    for tag, vals in limits.items():
        for v in vals:
            why = "%s %d" % (tag, v)
            if (tag, v) == ("i32", -2):
                why += " (canon.int's example: fe ff ff ff)"
            if abs(v) > 1 << 53:
                why += " (not a binary64 value: a reader that parses JSON numbers as doubles fails)"
            out.append(vector("int", [[tag, v]], why))
    # canon.float: the bit pattern as it is.
    f64 = [0.0, -0.0, 1.0, -1.5, 0.1, 5e-324, -5e-324, 2.225073858507201e-308,
           2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
           float("inf"), float("-inf"), 2.0 ** 39 + 0.5, 2.0 ** -1022 * 3]
    for v in f64:
        flags = []
        if v == 0 and math.copysign(1, v) < 0:
            flags.append("negative_zero")
        elif v != 0 and abs(v) < 2.2250738585072014e-308:
            flags.append("subnormal")
        out.append(vector("float", [["f64", v]], "f64 %r" % v, flags))
    f32 = [0.0, -0.0, 1.0, -2.5, struct.unpack("<f", struct.pack("<f", 0.1))[0],
           2.0 ** -149, -(2.0 ** -149), 2.0 ** -126 - 2.0 ** -149, 2.0 ** -126,
           struct.unpack("<f", b"\xff\xff\x7f\x7f")[0], float("inf"), float("-inf")]
    for v in f32:
        flags = []
        if v == 0 and math.copysign(1, v) < 0:
            flags.append("negative_zero")
        elif v != 0 and abs(v) < 2.0 ** -126:
            flags.append("subnormal")
        out.append(vector("float", [["f32", v]], "f32 %r" % v, flags))
    # canon.string: UTF-8 byte length, not characters; no terminator.
    for s, why in [("", "the empty string"), ("a", "one byte"), ("OnePath", "ASCII"),
                   ("\u00e9", "U+00E9, 2 UTF-8 bytes"), ("\u20ac", "U+20AC, 3 UTF-8 bytes"),
                   ("\U0001F600", "U+1F600, 4 UTF-8 bytes (a surrogate pair in UTF-16)"),
                   ("a\u0000b", "an embedded U+0000"),
                   ("r\u00e9gion \u2192 mesh", "mixed widths")]:
        out.append(vector("string", [["string", s]], "string: " + why))
    # canon.list: the count as u32, then the elements.
    out.append(vector("list", [["list", []]], "the empty list"))
    out.append(vector("list", [["list", [["i32", 1], ["i32", -1], ["i32", 2]]]],
                      "a list of i32"))
    out.append(vector("list", [["list", [["list", []], ["list", [["u8", 7]]],
                                         ["list", [["i64", -1], ["i64", 1 << 40]]]]]],
                      "a list of lists"))
    out.append(vector("list", [["list", [["string", "x"], ["string", ""], ["string", "\u00e9"]]]],
                      "a list of strings"))
    out.append(vector("list", [["list", [["f64", -0.0], ["f64", 5e-324], ["f32", -0.0]]]],
                      "a list of floats with -0.0 and a subnormal"))
    out.append(vector("list", [["list", [["u8", i % 256] for i in range(300)]]],
                      "a list of 300 u8 (the count's second byte is not 0)"))
    # canon.sign.
    for s in (-1, 0, 1):
        why = "sign %+d" % s
        if s == 1:
            why += " (canon.hash's example: 4bf5122f…459a)"
        out.append(vector("sign", [["sign", s]], why))
    # canon.hash: SHA-256 of the bytes, at the lengths where its padding
    # changes (55, 56, 63, 64, 65 bytes) and of nothing at all.
    out.append(vector("hash", [], "no values: the SHA-256 of no bytes"))
    for total in (55, 56, 63, 64, 65, 119, 120, 1000):
        text = "".join(chr(ord("a") + i % 26) for i in range(total - 4))
        out.append(vector("hash", [["string", text]],
                          "%d bytes in all (SHA-256 padding boundaries)" % total))
    # Several values one after the other: no padding, no alignment.
    out.append(vector("mixed", [["u8", 1], ["u64", 2], ["i16", -3], ["f32", 0.5], ["u32", 4]],
                      "values of mixed widths, unaligned"))
    out.append(vector("mixed", [["u32", 3], ["list", [["i64", -(1 << 39)], ["i64", 1 << 39]]],
                                ["i32", 16], ["f64", -0.0], ["string", "cdt"], ["sign", -1]],
                      "a record as an output form writes one"))
    return out


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[0])
        print("usage: gen_canonical.py OUT_DIR")
        return 0 if len(sys.argv) == 2 else 2
    # canon.hash's example, as the clause gives it: sign +1 hashes to 4bf5…459a.
    assert hashlib.sha256(encode(["sign", 1])).hexdigest() == (
        "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a")
    assert encode(["i32", -2]) == bytes.fromhex("feffffff")  # canon.int's example
    assert encode(["f64", -0.0]) == bytes.fromhex("0000000000000080")  # canon.float's
    os.makedirs(sys.argv[1], exist_ok=True)
    path = os.path.join(sys.argv[1], "canonical.jsonl")
    seen = set()
    with open(path, "w", encoding="utf-8") as f:
        for v in vectors():
            assert v["id"] not in seen, v["id"]
            seen.add(v["id"])
            f.write(json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                               allow_nan=False) + "\n")
    print("%s: %d vectors" % (path, len(seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
