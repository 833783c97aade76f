"""Region.FromTileMap (docs/spec/region.md, region.from-tilemap): the
boundary traced directly from the cells, without noding."""
import canonical
import grid
import rings
from errors import argument, out_of_range


def cells_from_json(cells):
    """A string of 0 and 1, or a list of integers 0..255; non-zero is solid."""
    if isinstance(cells, str):
        return [c == "1" for c in cells]
    return [c != 0 for c in cells]


def boundary_edges(solid, width, height, xs, ys):
    """Each piece of a grid line between two neighbouring cells (or a cell
    and the outside) with exactly one solid side, directed with that side
    on its left; zero-length pieces skipped; pieces that fall on the same
    place summed (+1 for a -> b with a < b, -1 for b -> a), kept when the
    sum is not zero."""
    net = {}

    def add(p, q):
        if p == q:
            return
        key, step = ((p, q), 1) if p < q else ((q, p), -1)
        net[key] = net.get(key, 0) + step

    def cell(x, y):
        return 0 <= x < width and 0 <= y < height and solid[y * width + x]

    for i in range(width + 1):  # vertical pieces: cell i - 1 on the left going up
        for y in range(height):
            left, right = cell(i - 1, y), cell(i, y)
            if left != right:
                lo, hi = (xs[i], ys[y]), (xs[i], ys[y + 1])
                add(lo, hi) if left else add(hi, lo)
    for j in range(height + 1):  # horizontal pieces: cell above on the left going +x
        for x in range(width):
            below, above = cell(x, j - 1), cell(x, j)
            if below != above:
                lo, hi = (xs[x], ys[j]), (xs[x + 1], ys[j])
                add(lo, hi) if above else add(hi, lo)
    return [(a, b) if n > 0 else (b, a) for (a, b), n in net.items() if n != 0]


def from_tilemap(inp, bugs=()):
    """The canonical bytes of Region.FromTileMap(cells, width, height,
    cellSize, origin, options); checks in the order the spec gives."""
    bits = grid.check_snap_bits(inp["options"]["SnapBits"])
    width, height = inp["width"], inp["height"]
    if width < 0:
        raise out_of_range(argument="width", value=float(width))
    if height < 0:
        raise out_of_range(argument="height", value=float(height))
    solid = cells_from_json(inp["cells"])
    if len(solid) != width * height:
        raise argument(argument="cells", count=len(solid))
    cell_size = number(inp["cellSize"])
    ox, oy = (number(v) for v in inp["origin"])
    grid.check_cell_size(cell_size, bits)
    if not solid:  # no cells: only line 0 (the origin) is checked
        width = height = 0
    xs = grid.tilemap_lines(ox, cell_size, width, bits, "x", bugs)
    ys = grid.tilemap_lines(oy, cell_size, height, bits, "y", bugs)
    if not solid:
        return canonical.region_bytes(bits, [])
    edges = boundary_edges(solid, width, height, xs, ys)
    traced = rings.trace(edges)
    if "collinear" not in bugs:  # the injected bug keeps collinear vertices
        traced = rings.simplify(traced, edges)
    return canonical.region_bytes(bits, rings.order(traced, bugs))


SPECIAL = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


def number(v):
    """A double as the golden format writes it (docs/golden-format.md)."""
    return SPECIAL[v] if isinstance(v, str) else float(v)
