"""Canonical bytes (docs/spec/canonical.md): little-endian, fixed width."""
import struct


class Writer:
    def __init__(self):
        self.parts = []

    def u8(self, v):  # canon.int
        self.parts.append(struct.pack("<B", v))

    def i8(self, v):
        self.parts.append(struct.pack("<b", v))

    def u32(self, v):
        self.parts.append(struct.pack("<I", v))

    def i64(self, v):
        self.parts.append(struct.pack("<q", v))

    def count(self, items):  # canon.list: the element count as u32, then the elements
        self.u32(len(items))

    def bytes(self):
        return b"".join(self.parts)


INT_FORMATS = {"u8": "<B", "i8": "<b", "u16": "<H", "i16": "<h",
               "u32": "<I", "i32": "<i", "u64": "<Q", "i64": "<q"}
FLOAT_FORMATS = {"f32": "<f", "f64": "<d"}  # canon.float: the IEEE 754 bits as they are


def value_bytes(item, number, negzero_bug=False):
    """One typed value [tag, value] of Canonical.Encode (canon.int, canon.float,
    canon.string, canon.list, canon.sign)."""
    tag, value = item
    if tag in INT_FORMATS:
        return struct.pack(INT_FORMATS[tag], value)
    if tag in FLOAT_FORMATS:
        x = number(value)
        if negzero_bug and x == 0:
            x = 0.0  # the planted defect: -0.0 normalised to +0.0
        return struct.pack(FLOAT_FORMATS[tag], x)
    if tag == "string":  # canon.string: u32 UTF-8 byte length, then the bytes
        data = value.encode("utf-8")
        return struct.pack("<I", len(data)) + data
    if tag == "list":  # canon.list
        return struct.pack("<I", len(value)) + b"".join(
            value_bytes(v, number, negzero_bug) for v in value)
    if tag == "sign":
        return sign_bytes(value)
    raise ValueError("unknown tag %r" % tag)


def sign_bytes(s):  # canon.sign
    w = Writer()
    w.i8(s)
    return w.bytes()


def region_bytes(snap_bits, rings):  # region.canonical
    w = Writer()
    w.u8(snap_bits)
    w.count(rings)
    for ring in rings:
        w.count(ring)
        for x, y in ring:
            w.i64(x)
            w.i64(y)
    return w.bytes()
