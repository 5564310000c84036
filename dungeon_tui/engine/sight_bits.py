"""How a map's sight is laid out as bits (`Grid._sight_bits`): `BITS` bits a square, in rows,
bit d set when sight cannot leave the square in direction DIRS8[d] and the last bit when the
square is opaque.  A line of sight is then one mask per shape (`line_bits`), and a door set on
the map changes only the bits whose look crosses its edge (`ACROSS`)."""
from __future__ import annotations

from .directions import DIRS4, DIRS8

Sq = tuple[int, int]

BITS = 9  # per square: the eight directions sight may leave it by, and whether it is opaque
OPAQUE = 1 << 8
SQUARE = (1 << BITS) - 1
# Lines of sight looked at on one map before it is worth making its bits.
LOOKS_BEFORE_BITS = 200
# (row width, dx, dy) -> (lowest bit, the bits a line must find clear from there, the squares
# between its ends): the same steps as `Grid._walk_sight`, worked out once per shape.
LINES: dict[tuple[int, int, int], tuple[int, int, tuple[Sq, ...]]] = {}
# A step's direction -> the sight bit of the square it leaves (its place in DIRS8).
_STEP_BIT = {d: i for i, d in enumerate(DIRS8)}


def line_bits(width: int, dx: int, dy: int) -> tuple[int, int, tuple[Sq, ...]]:
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    # The line's three kinds of step, each as (its move in x and in y, its move in bits, the
    # sight bit of the square it leaves): looked up once a shape, not at every step.
    across = (sx, 0, sx * BITS, _STEP_BIT.get((sx, 0), 0))
    down = (0, sy, sy * width * BITS, _STEP_BIT.get((0, sy), 0))
    corner = (sx, sy, (sx + sy * width) * BITS, _STEP_BIT.get((sx, sy), 0))
    x = y = ix = iy = at = 0  # `at`: the bit where the square (x, y) starts
    bits: list[int] = []
    between: list[Sq] = []
    while ix < nx or iy < ny:
        dec = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if dec == 0:
            step = corner
            ix, iy = ix + 1, iy + 1
        elif dec < 0:
            step = across
            ix += 1
        else:
            step = down
            iy += 1
        bits.append(at + step[3])
        x, y, at = x + step[0], y + step[1], at + step[2]
        bits.append(at + 8)
        between.append((x, y))
    # The last step lands on the far end, whose own opacity is not asked.
    bits.pop()
    between.pop()
    lo = min(bits)
    found = (lo, sum(1 << (bit - lo) for bit in bits), tuple(between))
    # Many maps of many widths in one process (a Warhammer Quest dungeon's width changes with
    # every section): start again when full.  A long line's mask on a wide map is a big integer,
    # so 100,000 shapes could come to tens of MB; 20,000 stay a few MB (bench/README.md, "Memory").
    if len(LINES) > 20_000:
        LINES.clear()
    LINES[(width, dx, dy)] = found
    return found


def _across_edge(u: Sq) -> tuple[tuple[Sq, int], ...]:
    """The sight bits whose look crosses the edge from a square to the one beside it in
    direction `u`, as (the square's offset from the first, the direction's index in DIRS8):
    the step across it from either side; for each side w of it, the diagonals from either
    square that turn its corner (a to b + w, b to a + w), and those from a + w to b and from
    b + w to a, whose corner turns at a or b across it."""
    ux, uy = u
    out = [((0, 0), DIRS8.index(u)), (u, DIRS8.index((-ux, -uy)))]
    for wx, wy in ((uy, ux), (-uy, -ux)):
        out += [((0, 0), DIRS8.index((ux + wx, uy + wy))), (u, DIRS8.index((wx - ux, wy - uy))),
                ((wx, wy), DIRS8.index((ux - wx, uy - wy))), ((ux + wx, uy + wy), DIRS8.index((-ux - wx, -uy - wy)))]
    return tuple(out)


ACROSS = {u: _across_edge(u) for u in DIRS4}
