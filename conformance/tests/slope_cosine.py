#!/usr/bin/env python3
"""b3d.slope-cosine transcribed from docs/spec/build3d-tiles.md into Python,
independently of the C++ reference: Python's float is IEEE binary64 with
correctly rounded + - * /, and struct's 'f' format rounds a double to the
nearest binary32 (ties to even).

    slope_cosine.py                 prints the table
    slope_cosine.py --check FILE    exits 1 unless FILE is exactly the table

conformance/tests/data/slope_cosine.txt is this table, one line per angle:
the angle as a hex double, then the binary32 result as a hex float;
test_build3d_settings.cpp compares SlopeMath::CosineOfDegrees with it bit
for bit.
"""
import struct
import sys

K = float.fromhex("0x1.1df46a2529d39p-6")  # the double nearest pi / 180


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def cosine_of_degrees(d):
    x = d * K
    x2 = x * x
    terms = [1.0]
    for k in range(1, 14):
        dk = float((2 * k - 1) * (2 * k))
        terms.append(-((terms[-1] * x2) / dk))
    s = terms[13]
    for k in range(12, -1, -1):
        s = s + terms[k]
    return f32(s)


def angles():
    out = [float(d) for d in range(0, 91)]
    out += [0.5, 1e-3, 22.5, 44.999, 45.001, 45.5, 59.99, 60.01, 89.5, 89.9, 89.999]
    out += [float.fromhex("0x1.0p-30"), float.fromhex("0x1.67fffffffffffp+6")]  # tiny, just below 90
    return out


def table():
    return "".join(f"{float.hex(a)} {float.hex(cosine_of_degrees(a))}\n" for a in angles())


if __name__ == "__main__":
    text = table()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                print(f"{sys.argv[2]} is not what slope_cosine.py computes", file=sys.stderr)
                sys.exit(1)
        print("slope cosine: the table matches the Python transcription")
    else:
        sys.stdout.write(text)
