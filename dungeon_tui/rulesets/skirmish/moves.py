"""Moves on the battlefield (spec §5.3, house D9): step costs, the squares a move allowance
reaches with the canonical path to each, and the squares a charge may end on.

Costs are counted in half-squares: an orthogonal step is 2, a diagonal one 3 (so diagonals cost
1, 2, 1... squares), wood and water double a step, an obstacle adds 2.  A move is legal while
floor(total / 2) <= its allowance.  Models come in as squares; the module holds no game state.
"""
from __future__ import annotations

import heapq
from functools import lru_cache
from collections.abc import Collection
from dataclasses import dataclass, field as dfield, replace
from typing import Literal, TypeVar

from .distance import DIRECTIONS, Battlefield, Square, around, contact_table, grid_squares, spent
from .recent import Recent

V = TypeVar("V")
# walk: every kind of step, a climb only as the first; run and charge: no climb (§5.3, D9);
# crawl: normal steps only (down models, D28); intercept: normal steps, into contact (§5.3 step 7);
# flee: normal steps and ladders (§5.8).  Only a charge may end in contact with an enemy.
Mode = Literal["walk", "run", "charge", "crawl", "intercept", "flee"]
StepWay = Literal["normal", "ladder", "climb", "drop", "leap"]



@dataclass(frozen=True)
class Step:
    to: Square
    way: StepWay
    cost: int  # half-squares
    levels: int = 0  # levels climbed, dropped or leapt... the height that makes a test or a fall
    # The number (row by row) of the square the step is taken from, for the battlefield's own
    # steps (-1 otherwise): a search's tree keeps the step by which it reached each square, and
    # reads the square before from it (a second table per search, of the squares before, was a
    # sixth of a long run's memory).  Not part of what a step is: routes compare without it.
    origin: int = dfield(default=-1, compare=False, repr=False)

    @property
    def tests(self) -> int:
        """Initiative tests the step asks for: one per full 2 levels of a drop, one for a climb or a leap."""
        if self.way == "drop":
            return self.levels // 2
        return 1 if self.way in ("climb", "leap") else 0


# A search's tree: each square reached (by number) -> the step it was reached by (whose origin
# is the square before).
_Tree = dict[int, "Step"]


class Route:
    """The canonical way to a square: lowest cost, then fewest tests (§5.3 step 6).

    A route a search found reads its steps off the search's tree when first asked: most routes
    offered are never walked, and a route's own tuple of steps, kept with thousands of others,
    is work for the garbage collector at every full pass."""

    __slots__ = ("_end", "_steps", "_tree", "cost", "tests", "ways")

    def __init__(self, cost: int, tests: int, steps: tuple[Step, ...], ways: int = -1) -> None:
        self.cost = cost  # half-squares
        self.tests = tests
        # The kinds of step it takes, one bit each (_WAY_BITS); -1: not worked out yet.
        self.ways = ways
        self._steps: tuple[Step, ...] | None = steps
        self._tree: _Tree | None = None
        self._end = -1

    @classmethod
    def found(cls, cost: int, tests: int, ways: int, tree: _Tree, end: int) -> Route:
        """The route a search found to square number `end`, its steps left in the search's tree."""
        route = cls.__new__(cls)
        route.cost, route.tests, route.ways = cost, tests, ways
        route._steps, route._tree, route._end = None, tree, end
        return route

    @property
    def steps(self) -> tuple[Step, ...]:
        if self._steps is None:
            assert self._tree is not None
            via = self._tree
            back, at = [], self._end
            while at in via:
                step = via[at]
                back.append(step)
                at = step.origin
            self._steps = tuple(reversed(back))
        return self._steps

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Route):
            return NotImplemented
        return (self.cost, self.tests, self.steps) == (other.cost, other.tests, other.steps)

    def __hash__(self) -> int:
        return hash((self.cost, self.tests, self.steps))

    def __repr__(self) -> str:
        return f"Route(cost={self.cost}, tests={self.tests}, steps={self.steps})"

    def takes(self, way: StepWay) -> bool:
        """Some step of the route is of this kind (the offers name a climb, a leap or a drop)."""
        return bool(self.kinds & _WAY_BITS[way])

    @property
    def kinds(self) -> int:
        """The kinds of step it takes, one bit each."""
        if self.ways < 0:
            # Read off the search's tree without making the steps (a hundred routes offered at a
            # move name their verb by it; few are walked), then kept.
            bits, ways = 0, _WAY_BITS
            if self._steps is None:
                assert self._tree is not None
                via, at = self._tree, self._end
                while at in via:
                    step = via[at]
                    bits |= ways[step.way]
                    at = step.origin
            else:
                for step in self._steps:
                    bits |= ways[step.way]
            self.ways = bits
        return self.ways

    @property
    def squares(self) -> int:
        return spent(self.cost)

    @property
    def path(self) -> tuple[Square, ...]:
        return tuple(s.to for s in self.steps)


def step_way(fa: int, fb: int, straight: bool, ladder: bool) -> str | None:
    """How a model steps from a floor of `fa` to a neighbouring one of `fb` (§5.1), the corners
    of walls aside: a level or less is a normal step; more needs a ladder (orthogonal, `ladder`:
    either square holds one), a climb (up) or a drop (2-6 levels down); None: it cannot."""
    rise = fb - fa
    if -1 <= rise <= 1:
        return "normal"
    if ladder and straight:
        return "ladder"
    if rise >= 2:
        return "climb"
    return "drop" if rise >= -6 else None


def _step_cost(straight: bool, into: str) -> int:
    """A normal step's cost in half-squares into a square crossed as `into` (the legend's move)."""
    cost = 2 if straight else 3
    if into == "difficult":
        cost *= 2
    return cost + 2 if into == "obstacle" else cost


_WAY_BITS: dict[str, int] = {"normal": 1, "ladder": 2, "climb": 4, "drop": 8, "leap": 16}
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
    the battlefield never changes, so this is worked out once.  Read straight off the
    battlefield's per-square floors and crossings (the battlefield's `step_kind`, square by
    square, without a call per question): every scenario's first battle in a process builds it."""
    width, height, floors, moves = field.width, field.height, field.floors, field.moves
    neighbours, squares = around(width, height), grid_squares(width, height)
    table: dict[Square, tuple[Step, ...]] = {}
    for y in range(height):
        for x in range(width):
            here = y * width + x
            fa = floors[here]
            if fa is None:
                continue
            a_ladder = moves[here] == "ladder"
            out: list[Step] = []
            for dx, dy, at in neighbours[here]:
                bx, by = x + dx, y + dy
                fb = floors[at]
                if fb is None:
                    continue
                straight = dx == 0 or dy == 0
                # A diagonal step may not slip past the corner of a wall.
                if not straight and (moves[y * width + bx] == "impassable" or moves[by * width + x] == "impassable"):
                    continue
                way, levels = step_way(fa, fb, straight, a_ladder or moves[at] == "ladder"), abs(fb - fa)
                to = squares[at]  # the table's one tuple for the square, not one per step
                if way == "normal":
                    out.append(Step(to, "normal", _step_cost(straight, moves[at]), 0, here))
                elif way == "ladder":
                    out.append(Step(to, "ladder", 2 + 2 * levels, levels, here))
                elif way is not None:  # a climb, or a drop, which may also be climbed down
                    out.append(Step(to, "climb", 2 * levels, levels, here))
                    if way == "drop":
                        out.append(Step(to, "drop", 0, levels, here))
            table[squares[here]] = tuple(out + _leaps(field, squares[here], here) if fa >= 2 else out)
    return table


def _leaps(field: Battlefield, a: Square, origin: int) -> list[Step]:
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
                out.append(Step(land, "leap", one * (gap + 1) * (2 if field.difficult(land) else 1), 0, origin))
                break
    return out


@dataclass(frozen=True, eq=False)
class _Graph:
    """One battlefield's steps for one mode, squares numbered row by row (y * width + x): what
    every search reads, built once.  `steps[i]`: (to, the place of its key in `adds`, the Step);
    `later[i]`: the same without climbs (a climb only as a move's first step).  `adds`: the keys
    (cost << 10 | tests) a step adds, a battlefield's few, lowest first."""
    square: tuple[Square, ...]  # number -> square
    steps: tuple[tuple[tuple[int, int, Step], ...], ...]
    later: tuple[tuple[tuple[int, int, Step], ...], ...]
    standable: tuple[bool, ...]
    contact: tuple[tuple[int, ...], ...]  # the squares a model there touches
    adds: tuple[int, ...]


@lru_cache(maxsize=16)
def _numbered(field: Battlefield) -> _Graph:
    """The parts of the graph every mode shares, with each square's steps of every kind."""
    squares = grid_squares(field.width, field.height)
    number = {sq: i for i, sq in enumerate(squares)}
    table = _step_table(field)
    contacts = contact_table(field)
    adds = tuple(sorted({_step_key(st) for out in table.values() for st in out}))
    # Every step costs something or takes a test (a drop, of 2 levels or more, takes one): the
    # search never puts a square back into the bucket it is reading.
    assert all(add > 0 for add in adds)
    place = {add: i for i, add in enumerate(adds)}
    steps = tuple(tuple((number[st.to], place[_step_key(st)], st) for st in table.get(sq, ())) for sq in squares)
    return _Graph(
        square=squares, steps=steps, later=_no_climbs(steps),
        standable=tuple(field.standable(sq) for sq in squares),
        contact=tuple(tuple(number[c] for c in contacts.get(sq, ())) for sq in squares), adds=adds)


def _step_key(step: Step) -> int:
    """What a step adds to a search's key (cost << 10 | tests)."""
    return (step.cost << 10) + step.tests


def _no_climbs(steps: tuple[tuple[tuple[int, int, Step], ...], ...]) -> tuple[tuple[tuple[int, int, Step], ...], ...]:
    return tuple(tuple(s for s in out if s[2].way != "climb") for out in steps)


@lru_cache(maxsize=64)
def _graph(field: Battlefield, mode: Mode) -> _Graph:
    return _graph_of(field, _WAYS[mode])


@lru_cache(maxsize=64)
def _graph_of(field: Battlefield, ways: frozenset[str]) -> _Graph:
    """The graph of the steps of these kinds: modes taking the same kinds of step share one (a
    run and a charge; a crawl and an interception), and a walk, taking every kind, is the whole
    graph: every scenario's first battle in a process builds them."""
    base = _numbered(field)
    if all(st[2].way in ways for out in base.steps for st in out):
        return base
    steps = tuple(tuple(s for s in out if s[2].way in ways) for out in base.steps)
    return replace(base, steps=steps, later=_no_climbs(steps))


# Searches asked again on the same board (the AI's look and the rule's offer of the same move,
# a charge weighed by the AI then checked by the rules) are answered from a bounded table per
# battlefield: the same squares in, the same routes out.  Routes are frozen, so they are shared.
# Four battlefields' tables (fuzz plays the scenarios in turn), 512 searches each (about 40 KB a
# search): 4,096 for every battlefield grew a 400-battle run to 436 MB.  A battle makes about
# 300, and the next battle on the same field still finds its first turns' searches here; fewer
# (256, or one battlefield's tables) cost a fuzz run a quarter of its speed.  A full table lets
# go of the search asked least recently (recent.Recent), not of all of them: 40 border_patrol
# battles searched 2,838 times so, 3,858 times when a full table was emptied, and 2,697 times
# with 640 kept: 1,000 border_patrol battles in one process then hold 57.7 MB (54.6 with 512
# emptied when full; 768 went over 60 MB).
SEARCHES_KEPT = 640
_KEYS: dict[int, int] = {}  # one object for each key (cost << 10 | tests) a kept search holds


@lru_cache(maxsize=4)
def _searches(field: Battlefield) -> Recent[tuple[object, ...], dict[Square, Route]]:
    return Recent(SEARCHES_KEPT)


@lru_cache(maxsize=4)
def _wholes(field: Battlefield) -> Recent[tuple[object, ...], _Whole]:
    """Searches that settled every square they could reach, by start, allowance, mode and enemies."""
    return Recent(SEARCHES_KEPT)


@dataclass(eq=False)
class _Whole:
    """A search that ran until nothing more could be reached: every square it settled with its
    key (cost << 10 | tests), and its tree.  A route's kinds of step are read off its own steps
    when asked (a table of every square's kinds, kept with each search, was a twentieth of a
    long run's memory, and the rules and the AI ask it of the one route taken).  A search for some goals from the
    same start among the same enemies settles the same squares the same way until it stops, so
    its routes are read off this one (a charger weighing several targets searches once when
    the first search found some contact square out of reach)."""
    graph: _Graph
    first: int
    best: dict[int, int]
    tree: _Tree
    _ends: list[int] | None = None
    _costs: dict[Square, int] | None = None

    def ends(self) -> list[int]:
        """The squares (by number, row by row) a move may end on: every one settled but the start
        where a model may stand (worked out once)."""
        if self._ends is None:
            standable, first = self.graph.standable, self.first
            self._ends = [at for at in sorted(self.best) if at != first and standable[at]]
        return self._ends

    def costs(self) -> dict[Square, int]:
        """Each square a move may end on and its cost in half-squares, row by row (kept: the
        AI weighs a model's moves again on every board where no enemy near it moved)."""
        if self._costs is None:
            square, best = self.graph.square, self.best
            self._costs = {square[at]: best[at] >> 10 for at in self.ends()}
        return self._costs

    def routes(self, wanted: Collection[int] | None) -> dict[Square, Route]:
        """The routes to the squares wanted (None: all) a model may stand on, row by row."""
        found, best, tree, standable, square = Route.found, self.best, self.tree, self.graph.standable, \
            self.graph.square
        if wanted is None:
            return {square[at]: found(best[at] >> 10, best[at] & 1023, -1, tree, at) for at in self.ends()}
        return {square[at]: found(best[at] >> 10, best[at] & 1023, -1, tree, at)
                for at in sorted(w for w in wanted if w in best) if at != self.first and standable[at]}


def move_options(field: Battlefield, start: Square, allowance: int, *, mode: Mode = "walk",
                 enemies: Collection[Square] = (), friends: Collection[Square] = (),
                 goals: Collection[Square] | None = None) -> dict[Square, Route]:
    """The squares a model on `start` may end a move of `allowance` squares on, each with its
    canonical route, row by row.  It steps through friends but ends on none, never enters an
    enemy's square, and (but for a charge or an interception) never a square touching an enemy;
    a charge may end touching one but not pass one.  `goals`: only these squares are wanted
    (a charge's contact squares), the search stops once they are all settled."""
    key = _key(start, allowance, mode, enemies, goals)
    kept = _searches(field)
    found = kept.find(key)
    if found is None:
        whole = _wholes(field).find(key[:4])
        if whole is None:
            found, whole = _search(field, *key)
        if found is None:
            assert whole is not None
            found = whole.routes(None if key[4] is None else _numbers(field, key[4]))
        kept.keep(key, found)
    return _without(found, friends)


def _without(found: dict[Square, V], friends: Collection[Square]) -> dict[Square, V]:
    """A copy of a search's answer without the friends' squares (in the same order): a copy,
    then the few friends taken out, rather than every square tested."""
    out = dict(found)
    for sq in friends:
        out.pop(sq, None)
    return out


def move_costs(field: Battlefield, start: Square, allowance: int, *, mode: Mode = "walk",
               enemies: Collection[Square] = (), friends: Collection[Square] = ()) -> dict[Square, int]:
    """move_options' squares with each route's cost in half-squares, row by row, without making
    the routes (the AI weighs every square a model could reach; the rules make the offers)."""
    return _without(_whole(field, _key(start, allowance, mode, enemies, None)).costs(), friends)


def kept_costs(field: Battlefield, start: Square, allowance: int, *, mode: Mode = "walk",
               enemies: Collection[Square] = ()) -> dict[Square, int]:
    """move_costs before the friends' squares are taken out: the kept table itself, row by row
    (shared: never changed by its readers), for asking whether a move reaches a square."""
    return _whole(field, _key(start, allowance, mode, enemies, None)).costs()


def reachable(field: Battlefield, start: Square, allowance: int, *, mode: Mode = "walk",
              enemies: Collection[Square] = (), friends: Collection[Square] = ()) -> list[Square]:
    """move_options' squares alone, row by row (where a fleeing model may end)."""
    whole = _whole(field, _key(start, allowance, mode, enemies, None))
    friend_at = set(_numbers(field, friends))
    square = whole.graph.square
    return [square[at] for at in whole.ends() if at not in friend_at]


_Key = tuple[Square, int, Mode, tuple[Square, ...], tuple[Square, ...] | None]


def _key(start: Square, allowance: int, mode: Mode, enemies: Collection[Square],
         goals: Collection[Square] | None) -> _Key:
    """What a search depends on: the start, the allowance, the mode, the enemies that matter and
    the goals.  An enemy matters only if its square or a square touching it (at most 2 squares
    off) could be reached: every square a move reaches is within `allowance` squares of the
    start on both axes.  Leaving the others out lets a search be reused while they move."""
    x, y = start
    near = allowance + 2
    # Compared as ranges, without abs() calls: asked of every enemy at every move and charge.
    x0, x1, y0, y1 = x - near, x + near, y - near, y + near
    # A list, not a set: the squares are distinct (a model a square), and one given twice would
    # only key the same search twice (the search reads them as a set).
    enemy_at = tuple(sorted([e for e in enemies if x0 <= e[0] <= x1 and y0 <= e[1] <= y1]))
    return start, allowance, mode, enemy_at, None if goals is None else tuple(sorted(set(goals)))


def _whole(field: Battlefield, key: _Key) -> _Whole:
    """The whole search for a key without goals, kept."""
    whole = _wholes(field).find(key[:4])
    if whole is None:
        _found, whole = _search(field, *key)
        assert whole is not None
    return whole


def _numbers(field: Battlefield, squares: Collection[Square]) -> list[int]:
    """The squares on the table by number (row by row: y * width + x)."""
    width, height = field.width, field.height  # (field.inside written out: asked of every goal and friend)
    return [y * width + x for x, y in squares if 0 <= x < width and 0 <= y < height]


def _search(field: Battlefield, start: Square, allowance: int, mode: Mode, enemies: tuple[Square, ...],
            goals: tuple[Square, ...] | None) -> tuple[dict[Square, Route] | None, _Whole | None]:
    """move_options without the friends (they only keep a move from ending on their squares):
    Dijkstra on cost, then tests, then the order squares were first reached.  The routes to
    the goals, and the whole search (kept) when it ran until nothing more could be reached
    (None when it stopped at its goals); no routes without goals, the whole search makes them."""
    graph = _graph(field, mode)
    width = field.width
    limit = 2 * allowance + 1
    # Squares off the table count for nothing (as they did when squares were looked up by name).
    enemy_at = {sq[1] * width + sq[0] for sq in enemies if field.inside(sq)}
    touching = {c for e in enemy_at for c in graph.contact[e]}
    first = start[1] * width + start[0]
    # A charger stops at the first square touching an enemy (but its start, which it leaves
    # freely); only a charge or an interception enters one (any other move never settles one
    # but its start).
    stop_at = touching - {first} if mode == "charge" else set()
    wanted = None if goals is None else set(_numbers(field, goals))
    left = len(goals) if goals is not None else -1  # a goal off the table is never settled
    # The squares no step may enter: those settled, the enemies' and (but for a charge or an
    # interception) those touching an enemy; the start is settled first, wherever it is.
    closed = enemy_at | touching if mode not in ("charge", "intercept") else set(enemy_at)
    closed.discard(first)
    # Dijkstra with a bucket per (cost, tests), keyed cost << 10 | tests (a path never takes a
    # thousand tests): costs are small integers, so the heap holds the few keys in use, not every
    # square pushed, and each bucket is taken in the order its squares were reached.
    # Each square's best key so far, by number: unseen ones at the limit, closed ones -1 (so no
    # step into a settled or closed square is better: the inner loop tests nothing else).
    limit_key = (limit + 1) << 10
    best = [limit_key] * len(graph.square)
    for at in closed:
        best[at] = -1
    best[first] = 0
    via: dict[int, Step] = {}  # the step each square was reached by (from its origin)
    keys: list[int] = [0]
    buckets: dict[int, list[int]] = {0: [first]}
    settled: list[int] = []
    # The squares the search stops at or for, looked up in one set as each square is settled.
    special = stop_at if wanted is None else stop_at | wanted
    steps, later, pop, push = graph.steps, graph.later, heapq.heappop, heapq.heappush
    whole = True  # till it stops at its goals
    adds = graph.adds
    while keys:
        key = pop(keys)
        # The key each kind of step reaches from this bucket: looked up by the step rather than
        # added at each (a sum over 256 is a fresh number, made and dropped for every step).
        reached = [key + add for add in adds]
        for at in buckets.pop(key):
            # Reached again more cheaply since.  A square is put in a bucket only when its key
            # falls to the bucket's, so it is in each bucket at most once, and settled once: a
            # settled square's key is never bettered.  Every step adds something (_numbered), so
            # a square reached goes into a later bucket, never the one being read.
            if best[at] != key:
                continue
            settled.append(at)
            if at in special:
                if wanted is not None and at in wanted:
                    left -= 1
                    if left == 0:
                        break
                if at in stop_at:
                    continue
            for to, kind, step in later[at] if at != first else steps[at]:
                new = reached[kind]
                if new < best[to]:
                    best[to] = new
                    via[to] = step
                    found = buckets.get(new)
                    if found is None:
                        buckets[new] = [to]
                        push(keys, new)
                    else:
                        found.append(to)
        else:
            continue
        whole = False
        break
    tree = via
    # A kept whole search keeps the settled squares' keys alone, not a list the size of the table,
    # each key one shared number (_KEYS): a key is at least 1024, a fresh object of its own
    # otherwise, and the same few dozen costs and tests recur in every search (a seventh of a
    # kept search's memory).
    if whole:
        shared = _KEYS.setdefault
        keys = list(map(best.__getitem__, settled))
        kept: _Whole | None = _Whole(graph, first, dict(zip(settled, map(shared, keys, keys), strict=True)), tree)
    else:
        kept = None
    if kept is not None:
        _wholes(field).keep((start, allowance, mode, enemies), kept)
        if wanted is None:  # the routes are made from it when asked for
            return None, kept
    out: dict[Square, Route] = {}
    standable, square, make_route = graph.standable, graph.square, Route.found
    for at in sorted(settled):  # row by row
        if at != first and standable[at] and (wanted is None or at in wanted):
            key = best[at]
            out[square[at]] = make_route(key >> 10, key & 1023, -1, tree, at)
    return out, kept


def charge_squares(field: Battlefield, start: Square, allowance: int, target: Square, *,
                   enemies: Collection[Square] = (), friends: Collection[Square] = ()) -> dict[Square, Route]:
    """Where a charge at the model on `target` may end (§5.3 step 5): a free square touching it,
    reached by a canonical route within the charge allowance (2M), with no climb and no earlier
    square touching an enemy.  Row by row; empty: the charge fails."""
    # contact_squares(field, target) where a model may stand, read off the graph's tables (asked
    # of every target the AI weighs, without a call a square).
    graph = _numbered(field)
    square, standable = graph.square, graph.standable
    goals = [square[at] for at in graph.contact[target[1] * field.width + target[0]] if standable[at]]
    # The target is one of the enemies (a search reads them as a set, in any order): they are
    # handed on as they are, not copied without it and with it again, when it is among them.
    foes = enemies if target in enemies else [*enemies, target]
    return move_options(field, start, allowance, mode="charge", enemies=foes, friends=friends, goals=goals)


def route_toward(field: Battlefield, start: Square, goals: Collection[Square], *, mode: Mode = "walk",
                 enemies: Collection[Square] = (), friends: Collection[Square] = (),
                 reach: int = 72) -> Route | None:
    """The canonical route to the nearest (cheapest) of `goals`, however long (a failed charge
    follows it for M squares; the AI walks along it); None if none can be reached."""
    found = move_options(field, start, reach, mode=mode, enemies=enemies, friends=friends, goals=goals)
    if not found:
        return None
    # A route ends on its own square: the tie goes to the lowest y, x.
    return min(found.items(), key=lambda kv: (kv[1].cost, kv[1].tests, kv[0][1], kv[0][0]))[1]


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
