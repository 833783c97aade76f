"""The snap grid (docs/spec/grid.md): grid.snapbits, grid.coordinates,
grid.snap, grid.tilemap-lines."""
import math

from errors import out_of_range

LIMIT = 2.0**21  # grid.coordinates: finite, magnitude at most 2^21


def check_snap_bits(bits):  # grid.snapbits: 0..16
    if not 0 <= bits <= 16:
        raise out_of_range(setting="SnapBits", value=float(bits))
    return bits


def in_limits(v):
    return math.isfinite(v) and abs(v) <= LIMIT  # NaN fails both


def snap(v, bits, bugs=()):
    """grid.snap: the integer nearest to v * 2^bits, ties to even.

    v * 2^bits is exact (a power of two scales a double exactly), and
    Python's round() of a float is exact and rounds halves to even.
    """
    scaled = v * 2**bits
    if "snap-away" in bugs:  # the injected bug: halves away from zero
        return int(math.copysign(math.floor(abs(scaled) + 0.5), scaled))
    i = round(scaled)
    if "int32" in bugs:  # the injected bug: grid coordinates kept in 32-bit integers
        i = (i + 2**31) % 2**32 - 2**31
    return i


def check_cell_size(cell_size, bits):
    """grid.tilemap-lines: cellSize * 2^SnapBits >= 1, evaluated exactly;
    zero, negative, NaN and infinite sizes fail."""
    if not (math.isfinite(cell_size) and cell_size * 2**bits >= 1):
        raise out_of_range(argument="cellSize", value=cell_size)


def tilemap_line(origin, cell_size, i):
    """Grid line i in double: one multiplication, one addition, each rounded."""
    return origin + float(i) * cell_size


def tilemap_lines(origin, cell_size, count, bits, axis, bugs=()):
    """Lines 0..count of one axis, checked (grid.coordinates) and snapped."""
    lines = []
    for i in range(count + 1):
        v = tilemap_line(origin, cell_size, i)
        if not in_limits(v):
            raise out_of_range(argument="gridLine." + axis, vertex=i, value=v)
        lines.append(snap(v, bits, bugs))
    return lines
