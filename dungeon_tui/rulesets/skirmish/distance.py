"""Distances and contact on the battlefield (spec §5.1, §5.3, house D2, D24): the one distance
every range and radius uses, the nearest of some squares, and which squares touch.  The moves
themselves (step costs, the squares an allowance reaches, charges) are in `moves`.
Models come in as squares; the module holds no game state.
"""
from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterable
from typing import Protocol

Square = tuple[int, int]  # (x, y): x west to east, y north to south
# Neighbours in the order the canonical path tries them (§5.3 step 6): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


class Battlefield(Protocol):
    """What moves and contact read of the battlefield (terrain.Battlefield), which sits above
    this module in the layers: distances come first, the map builds on them."""

    @property
    def width(self) -> int: ...  # squares are numbered row by row for the searches
    @property
    def height(self) -> int: ...
    @property
    def floors(self) -> tuple[int | None, ...]: ...  # row by row, None: a wall
    @property
    def moves(self) -> tuple[str, ...]: ...  # row by row: how each square is crossed
    def inside(self, sq: Square) -> bool: ...
    def squares(self) -> list[Square]: ...
    def height_at(self, sq: Square) -> int | None: ...
    def walkable(self, sq: Square) -> bool: ...
    def standable(self, sq: Square) -> bool: ...
    def obstacle(self, sq: Square) -> bool: ...
    def difficult(self, sq: Square) -> bool: ...
    def block_height(self, sq: Square) -> int: ...
    def neighbours(self, sq: Square) -> list[Square]: ...
    def step_kind(self, a: Square, b: Square) -> str | None: ...
    def __hash__(self) -> int: ...  # the step and contact tables are kept per battlefield


def distance(a: Square, b: Square) -> int:
    """d = max(dx, dy) + floor(min(dx, dy) / 2): whole inches, within 6% of the true distance,
    height ignored.  "Within N" is d <= N."""
    # Asked a million times a battle: written without abs(), max() and min() calls.
    dx, dy = a[0] - b[0], a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx + dy // 2 if dx >= dy else dy + dx // 2


def nearest_distance(sq: Square, squares: Iterable[Square], none: int = 999) -> int:
    """The distance from `sq` to the nearest of `squares` (`none` when there are none): the AI
    asks it of every square a model could move to, so distance() is written out in the loop."""
    x, y = sq
    best = _FAR
    for bx, by in squares:
        dx, dy = x - bx, y - by
        if dx < 0:
            dx = -dx
        if dy < 0:
            dy = -dy
        d = dx + dy // 2 if dx >= dy else dy + dx // 2
        if d < best:
            best = d
    return none if best == _FAR else best


_FAR = 1 << 30  # farther than any two squares


def within(sq: Square, squares: Iterable[Square], reach: int) -> bool:
    """Some square of `squares` is within `reach` of `sq` (nearest_distance(sq, squares) <= reach),
    looking no further than the first: whether any enemy is near, asked of every model at every
    turn.  A distance is at least the larger of the two axes' differences, so a square farther
    than `reach` on either axis is passed over without working its distance out."""
    x, y = sq
    x0, x1, y0, y1 = x - reach, x + reach, y - reach, y + reach
    for other in squares:  # noqa: SIM110 - a loop, not any() over a generator: asked of every model each turn
        if x0 <= other[0] <= x1 and y0 <= other[1] <= y1 and distance(sq, other) <= reach:
            return True
    return False


def nearest_of(goals: tuple[Square, ...]) -> dict[Square, int]:
    """A table to fill: square -> its distance to the nearest of `goals`.  The places the AI
    heads for (an edge, a building, the sarcophagi) stay the same all battle, so each square's
    distance to them is worked out once and kept."""
    return _nearest_tables(goals)


# Most goals are one square (the nearest enemy, the leader), and move with it: 30 battles asked
# for 96 tables, 94 of them of a single square, and 96% of the asks found theirs among the 32
# asked most lately (all among 128).  Each table is about 9 KB: 256 of them were 2.3 MB of a
# long run's memory.
@lru_cache(maxsize=32)
def _nearest_tables(goals: tuple[Square, ...]) -> dict[Square, int]:
    return {}


def spent(halves: int) -> int:
    """The squares of allowance a cost in half-squares uses."""
    return halves // 2


def in_contact(field: Battlefield, a: Square, b: Square) -> bool:
    """Models on a and b touch (§5.1): neighbours whose floors differ by a level at most, or two
    squares in a straight line through one obstacle square (fighting across a low wall)."""
    fa, fb = field.height_at(a), field.height_at(b)
    if fa is None or fb is None or abs(fa - fb) > 1:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) == 1:
        return True
    if max(abs(dx), abs(dy)) == 2 and dx % 2 == 0 and dy % 2 == 0:
        return field.obstacle((a[0] + dx // 2, a[1] + dy // 2))
    return False


def contact_squares(field: Battlefield, sq: Square) -> list[Square]:
    """The squares a model on `sq` touches, in the order N, NE, E, ... then across obstacles."""
    return list(contact_table(field).get(sq, ()))


def touching(field: Battlefield, sq: Square) -> frozenset[Square]:
    """The squares a model on `sq` touches, for asking whether another square is one of them
    (the same answer as in_contact, looked up)."""
    return _contact_sets(field).get(sq, _NONE)


_NONE: frozenset[Square] = frozenset()


@lru_cache(maxsize=16)
def grid_squares(width: int, height: int) -> tuple[Square, ...]:
    """Every square of a table `width` x `height`, by number (row by row): the one tuple for
    each square that a battlefield's tables (steps, contacts) share, rather than one per entry."""
    return tuple((x, y) for y in range(height) for x in range(width))


@lru_cache(maxsize=16)
def around(width: int, height: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each square of a table `width` x `height`, by number (row by row), its neighbours on
    the table in DIRECTIONS order, each as (dx, dy, its number): what the per-battlefield
    tables (steps, hiding places) walk, with the edge left out once here."""
    return tuple(tuple((dx, dy, (y + dy) * width + x + dx) for dx, dy in DIRECTIONS
                       if 0 <= x + dx < width and 0 <= y + dy < height)
                 for y in range(height) for x in range(width))


@lru_cache(maxsize=16)
def contact_table(field: Battlefield) -> dict[Square, tuple[Square, ...]]:
    """Who could touch whom, worked out once per battlefield: what in_contact says of each
    square's neighbours, then of the squares two away in a straight line, read straight off the
    battlefield's floors and crossings."""
    width, height, floors, moves = field.width, field.height, field.floors, field.moves
    squares = grid_squares(width, height)  # one tuple per square, shared by the table's entries
    table = {}
    for y in range(height):
        for x in range(width):
            own = floors[y * width + x]
            if own is None:
                continue
            near: list[Square] = []
            across: list[Square] = []
            for dx, dy in DIRECTIONS:
                for gap, into in ((1, near), (2, across)):
                    bx, by = x + gap * dx, y + gap * dy
                    if not (0 <= bx < width and 0 <= by < height):
                        continue
                    floor = floors[by * width + bx]
                    if floor is None or not -1 <= floor - own <= 1:
                        continue
                    if gap == 1 or moves[(y + dy) * width + x + dx] == "obstacle":
                        into.append(squares[by * width + bx])
            table[squares[y * width + x]] = tuple(near + across)
    return table


@lru_cache(maxsize=16)
def _contact_sets(field: Battlefield) -> dict[Square, frozenset[Square]]:
    return {sq: frozenset(near) for sq, near in contact_table(field).items()}
