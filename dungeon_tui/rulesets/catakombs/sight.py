"""Line of sight and the corner rule (spec §5.3, §5.4).

What is an obstacle or a blocking figure changes in play, so callers pass predicates:
`obstacle(sq)` is true for walls, pillars, tombs, rubble, closed doors and a closed secret
door; `blocks(sq)` says whether a figure on sq blocks this viewer and target (size rules).

Sight runs from centre to centre.  A square's inside blocks; touching a corner does not,
except passing exactly between two obstacles that touch diagonally.  The squares a line
crosses depend only on its ends, so they are worked out once per pair, in whole numbers.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ...engine.grid import chebyshev as chebyshev
from .board import Square

Test = Callable[[Square], bool]


def diagonal_ok(a: Square, b: Square, obstacle: Test) -> bool:
    """A diagonal step or attack from a to b is illegal when either square beside it (sharing
    a side with both) is an obstacle; orthogonal ones always pass this rule."""
    if a[0] == b[0] or a[1] == b[1]:
        return True
    return not obstacle((b[0], a[1])) and not obstacle((a[0], b[1]))


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


@lru_cache(maxsize=65536)
def crossing(a: Square, b: Square) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """The squares whose inside the segment a-b crosses (a and b left out), in order from a,
    and the pairs of squares it passes exactly between at a shared corner."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    # The line meets a square's open inside when its distance across the line, scaled by the
    # direction's length, is under the square's half-width that way: |n.(c-a)| < (|dx|+|dy|)/2.
    # Doubled to stay in whole numbers; equality means the line only touches a corner.
    reach = abs(dx) + abs(dy)
    inside: list[tuple[int, Square]] = []
    x0, x1 = min(a[0], b[0]), max(a[0], b[0])
    for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
        lo, hi = x0, x1
        if dy:
            # Only the squares near the line's own x on this row can pass the test: the window
            # holds every x within reach / 2|dy| (+2 for rounding) of it, the test decides.
            centre = a[0] + dx * (y - a[1]) // dy
            spread = reach // (2 * abs(dy)) + 2
            lo, hi = max(x0, centre - spread), min(x1, centre + spread)
        for x in range(lo, hi + 1):
            if (x, y) in (a, b):
                continue
            if 2 * abs(dx * (y - a[1]) - dy * (x - a[0])) < reach:
                inside.append((dx * (x - a[0]) + dy * (y - a[1]), (x, y)))
    inside.sort()
    return tuple(sq for _, sq in inside), _corners(a, dx, dy)


def _corners(a: Square, dx: int, dy: int) -> tuple[tuple[Square, Square], ...]:
    """The pairs of squares a line from a, dx and dy long, passes exactly between at a shared
    corner."""
    corners: list[tuple[Square, Square]] = []
    sx, sy = _sign(dx), _sign(dy)
    if sx and sy:
        # Corner points lie where x is a half step (j/2 squares along x, j odd) and y too.
        for j in range(1, 2 * abs(dx), 2):
            num = abs(dy) * j
            if num % abs(dx) or (num // abs(dx)) % 2 == 0:
                continue
            # The corner at (a.x + sx*j/2, a.y + sy*k/2); the squares beside the line there
            # are the one ahead in x only and the one ahead in y only.
            k = num // abs(dx)
            before_x, before_y = a[0] + sx * (j - 1) // 2, a[1] + sy * (k - 1) // 2
            corners.append(((before_x + sx, before_y), (before_x, before_y + sy)))
    return tuple(corners)


def terrain_los(a: Square, b: Square, obstacle: Test) -> bool:
    """Sight for activation and fear: only obstacles block (lava, barrels, chests do not)."""
    inside, corners = crossing(a, b)
    return not any(obstacle(sq) for sq in inside) and not any(obstacle(p) and obstacle(q) for p, q in corners)


def targeting_los(a: Square, b: Square, obstacle: Test, blocks: Test) -> bool:
    """Sight for shots and spells: terrain sight, and no blocking figure's square crossed."""
    return terrain_los(a, b, obstacle) and not any(blocks(sq) for sq in crossing(a, b)[0])


# -- the same questions on bits ----------------------------------------------------------------
# A map keeps its blocking squares as one integer, square (x, y) at bit y * width + x, so a line
# is clear when its crossed squares' bits miss them.  The squares a line crosses depend only on
# its direction and length, so each line shape is worked out once, from the top left corner of
# the box the line spans, and moved into place by a shift.

# (the crossed squares, and the corner pairs grouped by how far apart their bit numbers lie:
# that distance and the lower square of every pair that far apart, as bits)
Shape = tuple[int, tuple[tuple[int, int], ...]]
_SHAPES: dict[tuple[int, int, int], Shape] = {}


def line_shape(width: int, a: Square, b: Square) -> Shape:
    """The crossed squares of a-b as bits from the corner of its box, and the corner pairs it
    passes exactly between, from there: by how far apart the pair's bit numbers are, the lower
    of each pair as bits (the pairs of one line all lie the same way, so that is one group: a
    pair is blocked where a square of the group and the one that far on both are, one test)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    found = _SHAPES.get((width, dx, dy))
    if found is None:
        inside, corners = box_crossing(dx, dy)
        mask = 0
        for x, y in inside:
            mask |= 1 << (y * width + x)
        apart: dict[int, int] = {}
        for p, q in corners:
            i, j = sorted((p[1] * width + p[0], q[1] * width + q[0]))
            apart[j - i] = apart.get(j - i, 0) | 1 << i
        # The line the other way round spans the same box and crosses the same squares
        # (box_crossing reads only the sizes and whether the signs differ): sight is asked
        # both ways, the hero's of a foe and the foe's of the hero.
        found = _SHAPES[(width, dx, dy)] = _SHAPES[(width, -dx, -dy)] = (mask, tuple(sorted(apart.items())))
    return found


def box_crossing(dx: int, dy: int) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """`crossing` of a line dx, dy long drawn in its own box (its top left corner at 0, 0): the
    squares crossed and the corner pairs passed between, in no promised order.  A line and its
    mirror images cross the mirrored squares, so only lines going right and down, at most as
    steep as the diagonal, are worked out (a fresh process would otherwise make a thousand or
    two shapes, each a scan of its box), the rest mirrored from them."""
    w, h = abs(dx), abs(dy)
    inside, corners = _flat_crossing(max(w, h), min(w, h))
    if w < h:  # steep: the flat line's squares across the diagonal
        inside = tuple((y, x) for x, y in inside)
        corners = tuple(((p[1], p[0]), (q[1], q[0])) for p, q in corners)
    if dx * dy < 0:  # rising: the falling line's squares mirrored left to right (either end first, the same squares)
        inside = tuple((w - x, y) for x, y in inside)
        corners = tuple(((w - p[0], p[1]), (w - q[0], q[1])) for p, q in corners)
    return inside, corners


@lru_cache(maxsize=4096)
def _flat_crossing(w: int, h: int) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """`crossing` of (0, 0)-(w, h), w >= h >= 0, by columns: the test |w*y - h*x| < (w + h) / 2
    holds, in column x, for the whole numbers y strictly between (2hx - w - h) / 2w and
    (2hx + w + h) / 2w, so these are listed, not tested (a fresh process makes a few hundred
    shapes, the scan of each box was most of a first quest's sight)."""
    if w == 0:
        return (), ()
    reach, across = w + h, 2 * w
    inside = []
    for x in range(w + 1):
        mid = 2 * h * x
        for y in range(max(0, (mid - reach) // across + 1), min(h, -((-mid - reach) // across) - 1) + 1):
            inside.append((w * x + h * y, (x, y)))
    inside.sort()
    ends = ((0, 0), (w, h))
    return tuple(sq for _, sq in inside if sq not in ends), _corners((0, 0), w, h)


def crossed(width: int, a: Square, b: Square, blocked: int) -> int:
    """terrain_los for two squares on the board, with the obstacles given as bits: the squares
    the line crosses as bits, or -1 when the terrain blocks it."""
    # line_shape's lookup written out: a map works out a thousand lines a quest.
    ax, ay = a
    bx, by = b
    shape = _SHAPES.get((width, bx - ax, by - ay))
    mask, pairs = line_shape(width, a, b) if shape is None else shape
    corner = (ay if ay < by else by) * width + (ax if ax < bx else bx)  # the top left of the line's box
    near = blocked >> corner
    if near & mask:
        return -1
    for apart, lower in pairs:
        if near & (near >> apart) & lower:  # both squares of some pair block
            return -1
    return mask << corner
