"""Distances and moves on the battlefield (spec §5.1, §5.3, house D2, D9, D24): the one distance
every range and radius uses, contact, step costs, the squares a move allowance reaches with the
canonical path to each, and the squares a charge may end on.

Costs are counted in half-squares: an orthogonal step is 2, a diagonal one 3 (so diagonals cost
1, 2, 1... squares), wood and water double a step, an obstacle adds 2.  A move is legal while
floor(total / 2) <= its allowance.  Models come in as squares; the module holds no game state.
"""
from __future__ import annotations

import heapq
from functools import lru_cache
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal, Protocol

Square = tuple[int, int]  # (x, y): x west to east, y north to south
# Neighbours in the order the canonical path tries them (§5.3 step 6): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


class Battlefield(Protocol):
    """What moves and contact read of the battlefield (terrain.Battlefield), which sits above
    this module in the layers: distances come first, the map builds on them."""

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

# walk: every kind of step, a climb only as the first; run and charge: no climb (§5.3, D9);
# crawl: normal steps only (down models, D28); intercept: normal steps, into contact (§5.3 step 7);
# flee: normal steps and ladders (§5.8).  Only a charge may end in contact with an enemy.
Mode = Literal["walk", "run", "charge", "crawl", "intercept", "flee"]
StepWay = Literal["normal", "ladder", "climb", "drop", "leap"]


def distance(a: Square, b: Square) -> int:
    """d = max(dx, dy) + floor(min(dx, dy) / 2): whole inches, within 6% of the true distance,
    height ignored.  "Within N" is d <= N."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


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
    return list(_contact_table(field).get(sq, ()))


@lru_cache(maxsize=16)
def _contact_table(field: Battlefield) -> dict[Square, tuple[Square, ...]]:
    """Who could touch whom, worked out once per battlefield."""
    table = {}
    for sq in field.squares():
        if field.walkable(sq):
            near = [n for n in field.neighbours(sq) if in_contact(field, sq, n)]
            across = [(sq[0] + 2 * dx, sq[1] + 2 * dy) for dx, dy in DIRECTIONS]
            table[sq] = tuple(near + [s for s in across if field.inside(s) and in_contact(field, sq, s)])
    return table


@dataclass(frozen=True)
class Step:
    to: Square
    way: StepWay
    cost: int  # half-squares
    levels: int = 0  # levels climbed, dropped or leapt... the height that makes a test or a fall

    @property
    def tests(self) -> int:
        """Initiative tests the step asks for: one per full 2 levels of a drop, one for a climb or a leap."""
        if self.way == "drop":
            return self.levels // 2
        return 1 if self.way in ("climb", "leap") else 0


@dataclass(frozen=True)
class Route:
    """The canonical way to a square: lowest cost, then fewest tests (§5.3 step 6)."""
    cost: int  # half-squares
    tests: int
    steps: tuple[Step, ...]

    @property
    def squares(self) -> int:
        return spent(self.cost)

    @property
    def path(self) -> tuple[Square, ...]:
        return tuple(s.to for s in self.steps)


def _step_cost(field: Battlefield, a: Square, b: Square) -> int:
    cost = 2 if a[0] == b[0] or a[1] == b[1] else 3
    if field.difficult(b):
        cost *= 2
    return cost + (2 if field.obstacle(b) else 0)


# The kinds of step each mode may take (a walk's climb only as its first step).
_WAYS: dict[str, frozenset[str]] = {
    "walk": frozenset({"normal", "ladder", "climb", "drop", "leap"}),
    "run": frozenset({"normal", "ladder", "drop", "leap"}),
    "charge": frozenset({"normal", "ladder", "drop", "leap"}),
    "crawl": frozenset({"normal"}),
    "intercept": frozenset({"normal"}),
    "flee": frozenset({"normal", "ladder"}),
}


@lru_cache(maxsize=16)
def _step_table(field: Battlefield) -> dict[Square, tuple[Step, ...]]:
    """Every step from every walkable square, in the direction order N, NE, E, ... (leaps last):
    the battlefield never changes, so this is worked out once."""
    return {sq: tuple(_all_steps(field, sq)) for sq in field.squares() if field.walkable(sq)}


def _all_steps(field: Battlefield, a: Square) -> list[Step]:
    out = []
    for b in field.neighbours(a):
        kind = field.step_kind(a, b)
        if kind is None:
            continue
        fa, fb = field.height_at(a) or 0, field.height_at(b) or 0
        if kind == "normal":
            out.append(Step(b, "normal", _step_cost(field, a, b)))
        elif kind == "ladder":
            out.append(Step(b, "ladder", 2 + 2 * abs(fb - fa), abs(fb - fa)))
        elif kind in ("climb", "drop"):
            out.append(Step(b, "climb", 2 * abs(fb - fa), abs(fb - fa)))
        if kind == "drop":
            out.append(Step(b, "drop", 0, fa - fb))
    return out + _leaps(field, a)


def _leaps(field: Battlefield, a: Square) -> list[Step]:
    """Leaps from a floor of 2 or more straight over 1-3 squares lying at least 2 levels below
    the take-off, to a floor within a level of it (§5.1)."""
    take_off = field.height_at(a) or 0
    if take_off < 2:
        return []
    out = []
    for dx, dy in DIRECTIONS:
        one = 2 if dx == 0 or dy == 0 else 3
        for gap in (1, 2, 3):
            over = (a[0] + gap * dx, a[1] + gap * dy)
            if not field.inside(over) or field.block_height(over) > take_off - 2:
                break
            land = (a[0] + (gap + 1) * dx, a[1] + (gap + 1) * dy)
            floor = field.height_at(land) if field.inside(land) else None
            if floor is not None and abs(floor - take_off) <= 1 and not field.obstacle(land):
                out.append(Step(land, "leap", one * (gap + 1) * (2 if field.difficult(land) else 1), 0))
                break
    return out


def move_options(field: Battlefield, start: Square, allowance: int, *, mode: Mode = "walk",
                 enemies: Collection[Square] = (), friends: Collection[Square] = (),
                 goals: Collection[Square] | None = None) -> dict[Square, Route]:
    """The squares a model on `start` may end a move of `allowance` squares on, each with its
    canonical route, row by row.  It steps through friends but ends on none, never enters an
    enemy's square, and (but for a charge or an interception) never a square touching an enemy;
    a charge may end touching one but not pass one.  `goals`: only these squares are wanted
    (a charge's contact squares), the search stops once they are all settled."""
    limit = 2 * allowance + 1
    ways = _WAYS[mode]
    table = _step_table(field)
    enemy_at = frozenset(enemies)
    friend_at = frozenset(friends)
    touching = frozenset(sq for e in sorted(enemy_at) for sq in contact_squares(field, e))
    enters_contact = mode in ("charge", "intercept")
    wanted = None if goals is None else frozenset(goals)
    left = len(wanted) if wanted is not None else -1
    best: dict[Square, tuple[int, int]] = {start: (0, 0)}
    came: dict[Square, tuple[Square, Step]] = {}
    heap: list[tuple[int, int, int, Square]] = [(0, 0, 0, start)]
    settled: list[Square] = []
    done: set[Square] = set()  # membership only
    order = 0
    while heap:
        cost, tests, _, sq = heapq.heappop(heap)
        if sq in done:
            continue
        done.add(sq)
        settled.append(sq)
        if wanted is not None and sq in wanted:
            left -= 1
            if left == 0:
                break
        # A charger stops at the first square touching an enemy; an interceptor may step on.
        if sq != start and sq in touching and mode != "intercept":
            continue
        first = sq == start
        for step in table.get(sq, ()):
            if step.way not in ways or (step.way == "climb" and not first):
                continue
            to = step.to
            if to in done or to in enemy_at or (to in touching and not enters_contact):
                continue
            new = (cost + step.cost, tests + step.tests)
            if new[0] > limit:
                continue
            old = best.get(to)
            if old is None or new < old:
                best[to] = new
                came[to] = (sq, step)
                order += 1
                heapq.heappush(heap, (new[0], new[1], order, to))
    ends = [sq for sq in settled if sq != start and field.standable(sq) and sq not in friend_at
            and (wanted is None or sq in wanted)]
    return {sq: _route(sq, best[sq], came) for sq in sorted(ends, key=lambda s: (s[1], s[0]))}


def _route(end: Square, score: tuple[int, int], came: dict[Square, tuple[Square, Step]]) -> Route:
    steps = []
    sq = end
    while sq in came:
        sq, step = came[sq]
        steps.append(step)
    return Route(score[0], score[1], tuple(reversed(steps)))


def charge_squares(field: Battlefield, start: Square, allowance: int, target: Square, *,
                   enemies: Collection[Square] = (), friends: Collection[Square] = ()) -> dict[Square, Route]:
    """Where a charge at the model on `target` may end (§5.3 step 5): a free square touching it,
    reached by a canonical route within the charge allowance (2M), with no climb and no earlier
    square touching an enemy.  Row by row; empty: the charge fails."""
    goals = [sq for sq in contact_squares(field, target) if field.standable(sq)]
    others = [e for e in enemies if e != target]
    return move_options(field, start, allowance, mode="charge", enemies=[*others, target], friends=friends,
                        goals=goals)


def route_toward(field: Battlefield, start: Square, goals: Collection[Square], *, mode: Mode = "walk",
                 enemies: Collection[Square] = (), friends: Collection[Square] = (),
                 reach: int = 72) -> Route | None:
    """The canonical route to the nearest (cheapest) of `goals`, however long (a failed charge
    follows it for M squares; the AI walks along it); None if none can be reached."""
    found = move_options(field, start, reach, mode=mode, enemies=enemies, friends=friends, goals=goals)
    if not found:
        return None
    return min(found.values(), key=lambda r: (r.cost, r.tests, r.path[-1][1], r.path[-1][0]))


def along(route: Route, allowance: int) -> Route:
    """The part of a route a move of `allowance` squares covers, ending where a model may stop
    is the caller's business (a failed charge: up to M along the path)."""
    steps: list[Step] = []
    cost = tests = 0
    for step in route.steps:
        if spent(cost + step.cost) > allowance:
            break
        steps.append(step)
        cost, tests = cost + step.cost, tests + step.tests
    return Route(cost, tests, tuple(steps))
