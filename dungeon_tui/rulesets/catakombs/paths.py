"""Walking distances and paths on the board (spec §5.3, §6.1, §6.3).

Steps go to the 8 neighbours under the corner rule.  What may be entered and what counts as an
obstacle beside a diagonal change in play, so they come in as predicates; an optional `cost`
adds to a step into a square (the AI counts a closed door +1 for opening it).  Ties are
settled by the heap order (distance, y, x), so the same board always gives the same path.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet

from .board import Board, Square
from .sight import diagonal_ok

Test = Callable[[Square], bool]
Cost = Callable[[Square], int]
SETUP_OBSTACLES = "#DLS"  # walls, closed doors and the closed secret door, as laid out
# Squares a figure may walk through when the zone order is measured: floor, traps, cells and
# doors (doors passable, §6.3); not lava, barrels or chests.
ORDER_WALKABLE = ".E^cDL"
FAR = 1 << 40  # farther than any walk: not reached, or not to be entered


def setup_obstacle(board: Board) -> Test:
    """Obstacles beside a diagonal as the quest is laid out (doors closed)."""
    return lambda sq: board.symbol(sq) in SETUP_OBSTACLES


Steps = Mapping[Square, Sequence[Square]]
Walk = tuple[dict[Square, int], dict[Square, Square]]  # steps to each square, and where from
Leaps = Callable[[Square], Iterable[tuple[Square, int]]]  # from a square: each landing, its cost


class Search:
    """The one walking search, settled only as far as it is asked: `steps` gives each square's
    neighbours by the corner rule, `open_squares` those that may be entered, `extra` what
    entering a square costs over the step; `leaps`, when given, the moves beyond a step from a
    square reached (a companion's jumps: each landing and its cost in steps, the landing's
    `extra` added), asked only from the `launches` squares when those are given (a leap from
    any other must be none).  `walk()` gives the steps to every square reached and the square each was
    reached from; `nearest` and `route` settle only as far as the goals they ask about, and
    a later question resumes where the last one stopped (most goals are a few steps off).

    It runs on square numbers in reading order, a bucket of squares per distance, each bucket
    taken in number order: the squares are settled by (steps, y, x) as the ties are settled
    (paths.py's docstring), as a heap keyed so would.  Every move costs at least a step, so
    once the buckets below d are taken, every square d steps away is in bucket d with its
    final distance and the square it was reached from: stopping there and resuming later
    gives what one search to the end would.  `ground` (`terrain`) says which squares may be
    entered and at what cost; `leaps` must read only what stands still while the search lives
    (a map of one moment)."""

    __slots__ = (
        "_around",
        "_buckets",
        "_came",
        "_cost",
        "_dist",
        "_launch",
        "_leaps",
        "_number",
        "_reached",
        "_squares",
        "_step",
        "_taken",
        "_walk",
        "found",
    )

    def __init__(self, steps: Steps, start: Square, ground: Terrain, leaps: Leaps | None = None,
                 launches: frozenset[Square] | None = None) -> None:
        squares, number, around = _numbered(steps)
        n = len(squares)
        step, cost = ground
        first = number[start]
        self._squares, self._number, self._around = squares, number, around
        self._step, self._cost, self._leaps = step, cost, leaps
        # The squares leaps are asked from (all when `launches` does not narrow them), by number.
        self._launch = None if leaps is None else _marked(steps, launches)
        self._dist, self._came, self._reached = [FAR] * n, [-1] * n, [first]
        self._dist[first] = 0
        self._buckets: list[list[int]] = [[first]]
        self._taken = 0  # buckets below this one have been taken: every square that near is settled
        self._walk: Walk | None = None
        # Answers worked out from this walk by whoever asks (the AI's ranking of foes), kept as
        # long as the walk is.
        self.found: dict[object, object] = {}

    def _take(self) -> bool:
        """Take the next bucket (settle its squares' neighbours); False when none is left."""
        buckets, d = self._buckets, self._taken
        if d >= len(buckets):
            return False
        dist, came, reached, step = self._dist, self._came, self._reached, self._step
        around, launch = self._around, self._launch
        layer = buckets[d]
        layer.sort()
        # A square j is reached at nd through i when that is nearer than known; the test is
        # written out in the loops below rather than called, as it runs for every step looked at
        # (most of a search's time).  A square that may not be entered costs FAR to step into
        # and one not reached yet is FAR away, so one comparison says both.
        for i in layer:
            if dist[i] != d:  # reached again more cheaply since it was put here
                continue
            for j in around[i]:
                nd = d + step[j]
                if nd < dist[j]:
                    if dist[j] == FAR:
                        reached.append(j)
                    dist[j], came[j] = nd, i
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(j)
            if launch is not None and launch[i]:
                self._leap_from(i, d)
        self._taken = d + 1
        return True

    def _leap_from(self, i: int, d: int) -> None:
        """Reach the landings of the leaps from square i, settled d steps away."""
        dist, came, reached, cost = self._dist, self._came, self._reached, self._cost
        number, buckets = self._number, self._buckets
        assert self._leaps is not None
        for landing, far in self._leaps(self._squares[i]):
            j = number[landing]
            nd, dj = d + far + cost[j] - 1, dist[j]  # cost[j] holds a step's 1: a leap costs `far` instead
            if nd < dj:
                if dj == FAR:
                    reached.append(j)
                dist[j], came[j] = nd, i
                while len(buckets) <= nd:
                    buckets.append([])
                buckets[nd].append(j)

    def walk(self) -> Walk:
        """The steps to every square reached and the square each was reached from."""
        if self._walk is None:
            while self._take():
                pass
            squares, dist, came = self._squares, self._dist, self._came
            reached = self._reached
            self._walk = ({squares[i]: dist[i] for i in reached},
                          {squares[i]: squares[came[i]] for i in reached if came[i] >= 0})
        return self._walk

    def _first(self, goal: Callable[[int], bool]) -> int | None:
        """The number of the first square settled, in (steps, y, x) order, that is a goal;
        None when none can be reached.  Settles no further than it."""
        dist = self._dist
        for d, layer in self._layers():
            layer.sort()
            for i in layer:
                if dist[i] == d and goal(i):
                    return i
        return None

    def _layers(self, most: int | None = None) -> Iterator[tuple[int, list[int]]]:
        """Bucket d for d = 0, 1, ... (up to `most`), each once every square d steps away is in
        it with its final distance (the buckets below taken); ends where the search does."""
        buckets = self._buckets
        d = 0
        while most is None or d <= most:
            while self._taken < d and self._take():
                pass
            if d >= len(buckets):
                return
            yield d, buckets[d]
            d += 1

    def nearest(self, goals: Iterable[Square] | Callable[[Square], bool]) -> tuple[Square, int] | None:
        """The nearest goal reached and its steps (ties: smaller y, then x), settling no further
        than it; None when none can be reached.  `goals` lists the goals or tells one."""
        squares = self._squares
        if callable(goals):
            is_goal = goals
            i = self._first(lambda i: is_goal(squares[i]))
        else:
            i = self._first_of([i for i in map(self._number.get, goals) if i is not None])
        return None if i is None else (squares[i], self._dist[i])

    def _first_of(self, wanted: list[int]) -> int | None:
        """`_first` for goals listed by number, a bucket at a time: once the buckets below d
        are taken, a goal in bucket d is d steps away (had it been nearer, an earlier bucket
        would have held it), so the lowest-numbered goal there is the one."""
        goals = set(wanted)
        if goals:
            for _d, layer in self._layers():
                hits = goals.intersection(layer)
                if hits:
                    return min(hits)
        return None

    def within(self, goals: Iterable[Square], steps: int) -> bool:
        """Whether any goal is at most `steps` away, settling no further than that (read a
        bucket at a time, as `_first_of`)."""
        wanted = {i for i in map(self._number.get, goals) if i is not None}
        return any(not wanted.isdisjoint(layer) for _d, layer in self._layers(steps))

    def settled(self, sq: Square) -> int | None:
        """Steps to the square if the search has already settled it, None if not (yet)."""
        i = self._number.get(sq)
        d = FAR if i is None else self._dist[i]
        return d if d <= self._taken else None

    def route(self, goals: Iterable[Square] | Callable[[Square], bool]) -> list[Square] | None:
        """The squares stepped on, in order, to the nearest goal (as `nearest`); [] when the
        start is a goal, None when none can be reached."""
        found = self.nearest(goals)
        if found is None:
            return None
        squares, came = self._squares, self._came
        i = self._number[found[0]]
        path = []
        while came[i] >= 0:
            path.append(squares[i])
            i = came[i]
        return path[::-1]


def search(steps: Steps, start: Square, open_squares: AbstractSet[Square], extra: Mapping[Square, int],
           leaps: Leaps | None = None) -> Walk:
    """The whole walk of a `Search` to the end: the steps to every square reached and the
    square each was reached from."""
    return Search(steps, start, terrain(steps, open_squares, extra), leaps).walk()


# By square number (paths._numbered): what a step into a square costs (FAR when it may not be
# entered), and what entering it costs (a step's 1 and its `extra`: a leap's landing, which the
# leaps have already found open).  Shared by every search over the same ground; none changes it.
Terrain = tuple[list[int], list[int]]


def terrain(steps: Steps, open_squares: AbstractSet[Square], extra: Mapping[Square, int]) -> Terrain:
    """What a step into each square costs (FAR when it may not be entered) and what entering
    each costs, by square number."""
    squares, number, _ = _numbered(steps)
    n = len(squares)
    where = number.get
    cost = [1] * n
    for sq, c in extra.items():
        i = where(sq)
        if i is not None:
            cost[i] = 1 + c
    step = [FAR] * n
    for sq in open_squares:
        i = where(sq)
        if i is not None:
            step[i] = cost[i]
    return step, cost


_MARKED: dict[tuple[int, int], tuple[Steps, frozenset[Square] | None, bytearray]] = {}


def _marked(steps: Steps, squares: frozenset[Square] | None) -> bytearray:
    """The squares (all when None) as flags by square number, worked out once per table and set."""
    found = _MARKED.get((id(steps), id(squares)))
    if found is None or found[0] is not steps or found[1] is not squares:
        if len(_MARKED) > 256:
            _MARKED.clear()
        _, number, _ = _numbered(steps)
        marks = bytearray(len(number)) if squares is not None else bytearray(b"\x01" * len(number))
        for sq in squares or ():
            i = number.get(sq)
            if i is not None:
                marks[i] = 1
        found = _MARKED[id(steps), id(squares)] = (steps, squares, marks)
    return found[2]


Numbered = tuple[list[Square], dict[Square, int], list[tuple[int, ...]]]
_NUMBERED: dict[int, tuple[Steps, Numbered]] = {}


def _numbered(steps: Steps) -> Numbered:
    """The steps table by square numbers (reading order), worked out once per table."""
    found = _NUMBERED.get(id(steps))
    if found is None or found[0] is not steps:
        if len(_NUMBERED) > 64:
            _NUMBERED.clear()
        squares = sorted(steps, key=lambda sq: (sq[1], sq[0]))
        number = {sq: i for i, sq in enumerate(squares)}
        around = [tuple(number[m] for m in steps[sq] if m in number) for sq in squares]
        found = _NUMBERED[id(steps)] = (steps, (squares, number, around))
    return found[1]


def steps_by_corner_rule(board: Board, obstacle: Test) -> dict[Square, tuple[Square, ...]]:
    """Each square's neighbours in the board's direction order, less the diagonals the corner
    rule forbids with these obstacles."""
    return {sq: tuple(n for n in board.neighbours(sq) if diagonal_ok(sq, n, obstacle)) for sq in board.squares()}


def _search(board: Board, start: Square, passable: Test, obstacle: Test | None, cost: Cost | None,
            steps: Steps | None = None) -> Walk:
    # The predicates are pure, so each is asked once per square rather than once per step.
    if steps is None:
        steps = steps_by_corner_rule(board, obstacle or setup_obstacle(board))
    open_squares = {sq for sq in board.squares() if passable(sq)}
    extra = {sq: cost(sq) for sq in open_squares} if cost else {}
    return search(steps, start, open_squares, extra)


def walking_distances(board: Board, start: Square, passable: Test, obstacle: Test | None = None,
                      cost: Cost | None = None, steps: Steps | None = None) -> dict[Square, int]:
    """Steps from `start` to every square reachable through `passable` squares (the start
    itself need not be passable).  `obstacle` defaults to the board as laid out; `steps`, when
    given, is the corner rule's table for those obstacles (terrain.Map keeps one)."""
    return _search(board, start, passable, obstacle, cost, steps)[0]


def route(walk: Walk, start: Square, goals: Iterable[Square]) -> list[Square] | None:
    """The squares stepped on, in order, to the nearest of `goals` reached by the walk (ties:
    smaller y, then x); [] when the start is a goal, None when none was reached."""
    dist, came = walk
    reached = [g for g in goals if g in dist]
    if not reached:
        return None
    goal = min(reached, key=lambda g: (dist[g], g[1], g[0]))
    path = []
    while goal != start:
        path.append(goal)
        goal = came[goal]
    return path[::-1]


def path_to(board: Board, start: Square, goals: Iterable[Square], passable: Test,
            obstacle: Test | None = None, cost: Cost | None = None) -> list[Square] | None:
    """The squares stepped on, in order, to the nearest of `goals` (ties: smaller y, then x);
    [] when the start is a goal, None when none can be reached."""
    return route(_search(board, start, passable, obstacle, cost), start, goals)


def zone_order(board: Board) -> dict[str, int]:
    """Each zone's walking distance from the stairs `E` (§6.3 "Zone order"), the entrance left
    out: doors passable, no jumps, measured to the nearest square of the zone's own tile.  The
    link squares a zone shares with its neighbour are not counted: the spec's §7 numbers all
    measure to the tile (counting links would make each one step shorter)."""
    stairs = next(board.squares("E"))
    dist = walking_distances(board, stairs, lambda sq: board.symbol(sq) in ORDER_WALKABLE)
    out: dict[str, int] = {}
    for zone in board.zone_ids:
        tile = [dist[sq] for sq in board.zone_squares(zone) if sq in dist and not board.is_link(sq)]
        if stairs not in board.zone_squares(zone) and tile:
            out[zone] = min(tile)
    return out
