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
