"""Sight, cover, hiding and detection on the battlefield (spec §5.2, house D4, D5, D23).

A line runs from the centre of the viewer's square to the centre of the target's and crosses
every square it touches (at an exact corner, both squares beside it).  Its height at a crossed
square is interpolated between the viewer's eye and a point of the target; the square blocks
it when its terrain, or the top of a model standing on it, is strictly higher.

Models come in as `blockers`: a mapping from each occupied square to whether the model there
stands tall (a down or hidden model is half as high).  The module holds no game state.  All
heights are counted in quarter levels so every comparison is exact integer arithmetic.
"""
from __future__ import annotations

from typing import Any, cast
from collections.abc import Iterable, Mapping
from collections import defaultdict
from functools import lru_cache

from .distance import around, distance, grid_squares
from .recent import Recent
from .terrain import Battlefield, Cover, Square

Blockers = Mapping[Square, bool]  # square -> the model there is standing (False: down or hidden)
Q = 4  # quarter levels


class KeptLines(dict[Square, bool]):
    """Blockers that also keep what each line crossing them was found to cross: the rules and
    the AI look along the same lines many times while no model moves (seeing.sightlines makes
    one per arrangement of the models), and a line's answer depends only on the terrain and
    the blockers on its own squares.

    `last`: the kept lines of the same game state's arrangement before this one.  Its answers
    are taken over (its tables are handed on, not copied: nothing asks the old arrangement
    again) but for the lines over a square where a model came, went or changed its height:
    a move changes two squares, and most lines cross neither.  A crossing is kept (by
    _crossing) under each square on it where a model would change it (`through`)."""

    __slots__ = ("covers", "crossings", "hiding", "sight", "through")

    def __init__(self, blockers: Mapping[Square, bool], last: KeptLines | None = None) -> None:
        super().__init__(blockers)
        # hiding on a square out of sight of one side's standing models: (square, side) -> may hide
        # (never handed on: it depends on where the spotters stand, not only on the lines)
        self.hiding: dict[tuple[Square, int], bool] = {}
        if last is None or len(last.crossings) >= LINES_KEPT:
            self.crossings: dict[tuple[Square, Square, int, int], tuple[tuple[Cover, ...], int]] = {}
            self.sight: dict[tuple[Square, Square, bool], bool] = {}  # can_see: (a, b, target low)
            self.covers: dict[tuple[Square, Square, bool], Cover] = {}  # cover: (a, b, target low)
            # square -> the crossings kept whose answer a model there would change
            self.through: defaultdict[Square, list[tuple[Square, Square, int, int]]] = defaultdict(list)
            return
        self.crossings, self.sight, self.covers, self.through = last.crossings, last.sight, last.covers, last.through
        changed = [sq for sq, tall in self.items() if last.get(sq) is not tall]
        changed += [sq for sq in last if sq not in self]
        crossings, sight, covers, through = self.crossings, self.sight, self.covers, self.through
        for sq in changed:
            for key in through.pop(sq, ()):
                if crossings.pop(key, None) is not None:
                    # What was read off that crossing: either posture of the target (the
                    # crossing of the other may still hold; it is simply looked along again).
                    ends = key[0], key[1]
                    for low in (False, True):
                        sight.pop((*ends, low), None)
                        covers.pop((*ends, low), None)


def line_squares(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares the segment from a's centre to b's touches, from a to b, endpoints excluded;
    where it passes exactly through a corner, the two squares beside the corner both count."""
    x, y = a
    return tuple((x + u, y + v) for u, v in _offsets(b[0] - x, b[1] - y))


def _offsets(dx: int, dy: int) -> tuple[Square, ...]:
    """line_squares from (0, 0) to (dx, dy): a line's squares depend only on how far apart its
    ends are.  Not kept: the rules read lines through `_shape`, which keeps its own table (two
    tables of the same shapes were 4 MB more for one battlefield)."""
    x = y = 0
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    out: list[Square] = []
    ix = iy = 0
    while ix < nx or iy < ny:
        # Which square edge the line meets next: the vertical one (x), the horizontal one (y) or a corner.
        ahead = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if ahead == 0:
            out += [(x + sx, y), (x, y + sy)]
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif ahead < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        out.append((x, y))
    return tuple(out[:-1])


def eye(field: Battlefield, sq: Square) -> int:
    """The viewer's eye, in quarter levels: a level above its floor (whatever its posture)."""
    return ((field.height_at(sq) or 0) + 1) * Q


def top(field: Battlefield, sq: Square, standing: bool = True) -> int:
    """The top of a model, in quarter levels: a level above its floor, half that when down or hidden."""
    return (field.height_at(sq) or 0) * Q + (Q if standing else Q // 2)


def mid(field: Battlefield, sq: Square, standing: bool = True) -> int:
    """The middle of a model, in quarter levels."""
    return (field.height_at(sq) or 0) * Q + (Q // 2 if standing else Q // 4)


# A line's terrain part never changes: per battlefield, what the terrain on it gives as cover, the
# wood squares it crosses and the squares where a model would rise above it, worked out once.
# Bounded: a long fuzz run meets many lines, and a full table lets go of the line asked least
# recently (recent.Recent; emptied when full, 20 border_patrol battles worked out 2,500 lines
# more, 0.7% of their instructions).  A battle asks about 3,000; each line kept is about 550
# bytes, so 10,000 keep a few battles' lines in 6 MB, for four battlefields (200,000 for each
# grew a long run by hundreds of MB).
LINES_KEPT = 10_000
Line = tuple[tuple[Cover, ...], int, tuple[tuple[Square, bool], ...]]


@lru_cache(maxsize=4)
def _lines(field: Battlefield) -> Recent[tuple[Square, Square, int, int], Line]:
    return Recent(LINES_KEPT)


def _line(field: Battlefield, a: Square, b: Square, z_from: int, z_to: int) -> Line:
    """The terrain that blocks the line a->b (the cover each blocking square gives), how many
    wood squares it crosses, and the free squares on it where a model would block it: (square,
    even a down or hidden one)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    width, floor_q, block_q, woods, covers = field.width, field.floor_q, field.block_q, field.woods, field.covers
    blocked: list[Cover] = []
    models: list[tuple[Square, bool]] = []
    wood = 0
    first = a[1] * width + a[0]
    steps, alongs = _shape(dx, dy, width)
    tall, squares = _heights(field)
    # The squares where the line runs below the top of the terrain or of a model standing there,
    # with its height there (most squares of most lines have neither: one test for both), in
    # quarter levels rounded down: z_from + rise * t, t the square's projection on the line
    # (along / length, 0 to 1).  A whole height is above the line exactly when it is above that,
    # so every test is of small numbers.  Most lines are level (two standing models on one
    # floor), their height z_from all along: no height is worked out a square.
    below: list[tuple[int, int]] = []
    rise = z_to - z_from
    if not rise:
        for step in steps:
            at = first + step
            if woods[at]:
                wood += 1
            if tall[at] > z_from:
                below.append((at, z_from))
    else:
        for step, along in zip(steps, alongs, strict=True):
            at = first + step
            if woods[at]:
                wood += 1
            z = z_from + rise * along // length
            if tall[at] > z:
                below.append((at, z))
    for at, z in below:
        if block_q[at] > z:
            blocked.append("hard" if floor_q[at] > z else covers[at])  # type: ignore[arg-type]
        else:
            # Every square of a line between two squares on the table is on it, so its number says where.
            models.append((squares[at], floor_q[at] + Q // 2 > z))
    return tuple(blocked), wood, tuple(models)


@lru_cache(maxsize=16)
def _heights(field: Battlefield) -> tuple[tuple[int, ...], tuple[Square, ...]]:
    """Per square, by number: the higher of its terrain's top and a standing model's top there
    (a line passing above both is neither blocked nor blockable there), and the square itself
    (the one tuple a line's models name, not a fresh one per line)."""
    tall = tuple(max(b, f + Q) for b, f in zip(field.block_q, field.floor_q, strict=True))
    return tall, grid_squares(field.width, field.height)


# One object for each number the shapes hold: the same offsets and projections recur in line
# after line, and a number above 256 is otherwise a fresh object in each.
_NUMBERS: dict[int, int] = {}


@lru_cache(maxsize=8192)
def _shape(dx: int, dy: int, width: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A line's squares from (0, 0) to (dx, dy) as how far on each one's number lies on a table
    `width` squares wide, and each one's projection on the line (u * dx + v * dy), in order.
    Two tuples of shared numbers rather than a tuple per square: a battlefield's two thousand
    shapes came to 7 MB that way, now about a fifth of it."""
    offsets = _offsets(dx, dy)
    number = _NUMBERS.setdefault
    return (tuple(number(n, n) for n in (v * width + u for u, v in offsets)),
            tuple(number(n, n) for n in (u * dx + v * dy for u, v in offsets)))


def _crossing(field: Battlefield, a: Square, b: Square, z_from: int, z_to: int,
              blockers: Blockers) -> tuple[tuple[Cover, ...], int]:
    """What blocks the line a->b (the cover each blocking square gives: a model's is soft) and
    how many wood squares it crosses."""
    key = (a, b, z_from, z_to)
    if type(blockers) is KeptLines:
        seen = blockers.crossings.get(key)
        if seen is None:
            # _crossing_now and keep in one loop over the line's free squares: asked some
            # two thousand times a battle, as lines are dropped when a model moves.
            terrain, wood, models = _terrain(field, key)
            if models:
                blocked, through = list(terrain), blockers.through
                for sq, low in models:
                    standing = blockers.get(sq)
                    if standing is not None and (standing or low):
                        blocked.append("soft")
                    through[sq].append(key)
                seen = (tuple(blocked), wood)
            else:
                seen = (terrain, wood)
            blockers.crossings[key] = seen
        return seen
    return _crossing_now(_terrain(field, key), blockers)


def _terrain(field: Battlefield, key: tuple[Square, Square, int, int]) -> Line:
    """A line's terrain part, kept per battlefield."""
    lines = _lines(field)
    found = lines.find(key)
    if found is None:
        found = _line(field, *key)
        lines.keep(key, found)
    return found


def _crossing_now(line: Line, blockers: Blockers) -> tuple[tuple[Cover, ...], int]:
    """A line's terrain part with the models standing on it."""
    terrain, wood, models = line
    if not models:
        return terrain, wood
    blocked = list(terrain)
    for sq, low in models:
        standing = blockers.get(sq)
        if standing is not None and (standing or low):
            blocked.append("soft")
    return tuple(blocked), wood


def can_see(field: Battlefield, a: Square, b: Square, blockers: Blockers, *, target_low: bool = False) -> bool:
    """The model on a sees the model on b (§5.2): nothing rises above the line from a's eye to
    b's top, and it crosses at most one wood square.  `target_low`: b is down or hidden."""
    if a == b:
        return True
    if type(blockers) is KeptLines:
        # The kept answer read here rather than through _kept: the rules and the AI ask it
        # some six thousand times a battle, most of them answered from the table.
        found = blockers.sight.get((a, b, target_low))
        if found is None:
            found = blockers.sight[(a, b, target_low)] = _can_see(field, a, b, blockers, target_low)
        return found
    return _can_see(field, a, b, blockers, target_low)


def _kept(table: dict[Any, Any], work: Any, field: Battlefield, a: Square, b: Square, blockers: Blockers,
          target_low: bool) -> Any:
    """A line's answer from the kept lines, worked out the first time it is asked."""
    found = table.get((a, b, target_low))
    if found is None:
        found = table[(a, b, target_low)] = work(field, a, b, blockers, target_low)
    return found


def _can_see(field: Battlefield, a: Square, b: Square, blockers: Blockers, target_low: bool) -> bool:
    # eye(a) and top(b) read straight off the quarter-level floors: a line drawn for every
    # pair of models and every square weighed, without two calls and two lookups each time.
    floor_q, width = field.floor_q, field.width
    blocked, woods = _crossing(field, a, b, floor_q[a[1] * width + a[0]] + Q,
                               floor_q[b[1] * width + b[0]] + (Q // 2 if target_low else Q), blockers)
    return not blocked and woods <= 1


def cover(field: Battlefield, a: Square, b: Square, blockers: Blockers, *, target_low: bool = False) -> Cover:
    """The cover the model on b has against the model on a (§5.2): by what blocks the line from
    a's eye to b's middle (a wall, raised floor or low wall: hard; a hedge or a model: soft), a
    wood crossed or the target in a wood (soft), and a building's upper floor against a shooter
    below (hard)."""
    if type(blockers) is KeptLines:
        return cast(Cover, _kept(blockers.covers, _cover, field, a, b, blockers, target_low))
    return _cover(field, a, b, blockers, target_low)


def _cover(field: Battlefield, a: Square, b: Square, blockers: Blockers, target_low: bool) -> Cover:
    floor_q, width = field.floor_q, field.width  # eye(a) and mid(b), as in _can_see
    blocked, woods = _crossing(field, a, b, floor_q[a[1] * width + a[0]] + Q,
                               floor_q[b[1] * width + b[0]] + (Q // 4 if target_low else Q // 2), blockers)
    fa, fb = field.height_at(a) or 0, field.height_at(b) or 0
    if "hard" in blocked or (fb >= 2 and fa < fb and field.building_at(b) is not None):
        return "hard"
    if blocked or woods or field.wood(b):
        return "soft"
    return "none"


def hiding_place(field: Battlefield, sq: Square) -> bool:
    """A square a model may hide on (§5.2): next to a wall, an obstacle or a floor at least a level
    above its own, or a wood square next to one that is not wood."""
    return sq in _hiding_places(field)


@lru_cache(maxsize=16)
def _hiding_places(field: Battlefield) -> frozenset[Square]:
    """The terrain never changes: every hiding place of a battlefield, worked out once, read
    straight off its per-square floors, crossings and woods (every scenario's first battle in a
    process builds it)."""
    width, height, floors, moves, woods = field.width, field.height, field.floors, field.moves, field.woods
    found = []
    neighbours = around(width, height)
    for y in range(height):
        for x in range(width):
            own, in_wood = (floors[y * width + x] or 0) + 1, woods[y * width + x]
            for _dx, _dy, at in neighbours[y * width + x]:
                floor = floors[at]
                # Next to a wall, an obstacle or a floor at least a level up, or a wood's edge.
                if moves[at] in ("impassable", "obstacle") or (floor is not None and floor >= own) \
                        or (in_wood and not woods[at]):
                    found.append((x, y))
                    break
    return frozenset(found)


def detects(field: Battlefield, spotter: Square, initiative: int, hidden: Square, blockers: Blockers) -> bool:
    """A standing enemy on `spotter` finds the model hidden on `hidden` (§5.2): it is within the
    spotter's Initiative, or (out of a wood) the spotter sees its lowered top over no wood."""
    if distance(spotter, hidden) <= initiative:
        return True
    if field.wood(hidden):
        return False
    blocked, woods = _crossing(field, spotter, hidden, eye(field, spotter), top(field, hidden, False), blockers)
    return not blocked and woods == 0


def hidden_ok(field: Battlefield, sq: Square, spotters: Iterable[tuple[Square, int]], blockers: Blockers) -> bool:
    """A model may hide, or stay hidden, on `sq`: a hiding place that no standing enemy (its
    square and Initiative, in `spotters`) detects."""
    return hiding_place(field, sq) and not any(detects(field, s, i, sq, blockers) for s, i in spotters)
