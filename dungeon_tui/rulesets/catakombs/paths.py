"""Walking distances and paths on the board (spec §5.3, §6.1, §6.3).

Steps go to the 8 neighbours under the corner rule.  What may be entered and what counts as an
obstacle beside a diagonal change in play, so they come in as predicates; an optional `cost`
adds to a step into a square (the AI counts a closed door +1 for opening it).  Ties are
settled by the heap order (distance, y, x), so the same board always gives the same path.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet

from .board import Board, Square
from .numbering import Grid, Steps, Terrain, grid_numbers, marked, numbers_in, terrain
from .sight import diagonal_ok

Test = Callable[[Square], bool]
Cost = Callable[[Square], int]
SETUP_OBSTACLES = "#DLS"  # walls, closed doors and the closed secret door, as laid out
# Squares a figure may walk through when the zone order is measured: floor, traps, cells and
# doors (doors passable, §6.3); not lava, barrels or chests.
ORDER_WALKABLE = ".E^cDL"


def setup_obstacle(board: Board) -> Test:
    """Obstacles beside a diagonal as the quest is laid out (doors closed)."""
    return lambda sq: board.symbol(sq) in SETUP_OBSTACLES


Walk = tuple[dict[Square, int], dict[Square, Square]]  # steps to each square, and where from
Leaps = Callable[[Square], Iterable[tuple[Square, int]]]  # from a square: each landing, its cost
# The same by square numbers (a Search's `_grid`, numbering.grid_numbers): from a square's number, each landing's
# number, the steps it adds, its entering cost included (what `_leap_from` adds to the take-off's), and its bit.
NumberedLeaps = Callable[[int], Iterable[tuple[int, int, int]]]


class Search:
    """The one walking search, settled only as far as it is asked: `steps` gives each square's
    neighbours by the corner rule, `ground` (`terrain`) which squares may be entered and at
    what cost; `leaps`, when given, the moves beyond a step from a square reached (a
    companion's jumps: each landing and its cost in steps, at least 2, the landing's entering
    cost added), asked only from the `launches` squares when those are given (a leap from any
    other must be none).  `walk()` gives the steps to every square reached and the square each
    was reached from; `nearest` and `route` settle only as far as the goals they ask about, and
    a later question resumes where the last one stopped (most goals are a few steps off).

    It runs on sets of squares as the bits of one number (a square's bit is its place in
    reading order on the table's grid, numbering.py), a set per distance: the squares d steps away
    are found all at once, from those d - 1 away and less, a shift of the set per direction
    (what a step into a square costs is the square's own, so the first time a square is met is
    at its least distance, but for the leaps).  The squares are settled by (steps, y, x) as the
    ties are settled (paths.py's docstring), as a heap keyed so would: the square a step came
    from is the first in reading order at the distance before it, worked out when asked
    (`_came`); a leap's take-off is kept as it is found.  Every move costs at least a step, so
    once the sets below d are taken, every square d steps away is in set d: stopping there and
    resuming later gives what one search to the end would.  `leaps` must read only what stands
    still while the search lives (a map of one moment).  `numbered_leaps`, given instead of
    `leaps`, are the same by square numbers (`NumberedLeaps`): the companions' own, kept made."""

    __slots__ = (
        "_answers",
        "_buckets",
        "_costs",
        "_dear",
        "_dearer",
        "_every",
        "_grid",
        "_launch",
        "_leaped",
        "_leaps",
        "_pending",
        "_plain",
        "_reached",
        "_settled",
        "_start",
        "_taken",
        "_walk",
        "_ways",
        "found",
    )

    def __init__(self, steps: Steps, start: Square, ground: Terrain, leaps: Leaps | None = None,
                 launches: frozenset[Square] | None = None, numbered_leaps: NumberedLeaps | None = None,
                 also: int = 0) -> None:
        """`also`: more squares (as bits) the search starts from, each 0 steps away, so that a
        square's steps are to the nearest of them (its ways back are not to be asked: they
        lead to `start` alone)."""
        grid = self._grid = grid_numbers(steps)
        first = grid.number[start]
        self._every, classes, self._costs = ground
        # The squares a step's 1 enters (the ground's first class, `terrain`), and the dearer
        # ones by their cost with all of them as one set: most searches have none dearer.
        self._plain = classes[0][1]
        self._dear = classes[1:]
        self._dearer = 0
        for _, mask in self._dear:
            self._dearer |= mask
        if leaps is not None:
            numbered_leaps = _numbered(leaps, grid, self._costs)
        self._leaps = numbered_leaps
        # The squares leaps are asked from (all when `launches` does not narrow them), as bits.
        self._launch = 0 if numbered_leaps is None else marked(steps, launches)
        self._start = first
        self._buckets: list[int] = [1 << first | also]  # the squares d steps away (so far, past those taken)
        self._reached = 1 << first | also  # every square in a set
        self._taken = 0  # sets below this one have been taken: every square that near is settled
        # Squares reached by a leap: (take-off, its distance) while that is the least way known,
        # and, of those, the ones not yet settled; the squares settled.
        self._leaped: dict[int, tuple[int, int, int]] = {}  # ... and the landing's distance
        self._pending = 0
        self._settled = 0
        self._walk: Walk | None = None
        # The nearest goal of each set of goals asked as bits (its number and steps), and the
        # way to it when asked for: what a walk one step on along it knows already (`Onward`).
        # By the goals' bits, or by the key a test of goals came with (`nearest`).
        self._answers: dict[object, tuple[int, int]] = {}
        self._ways: dict[object, list[int]] = {}
        # Answers worked out from this walk by whoever asks (the AI's ranking of foes), kept as
        # long as the walk is.
        self.found: dict[object, object] = {}

    def _take(self) -> bool:
        """Take the next set (reach its squares' neighbours); False when none is left."""
        buckets, d = self._buckets, self._taken
        if d >= len(buckets):
            return False
        here = buckets[d]
        if here:
            self._settled |= here
            # The directions split by the sign of their offset (`Grid.ahead`, `Grid.behind`):
            # no test of the sign, and a part with no square shifts for nothing.
            grid = self._grid
            if grid.eight:  # the eight ways written out: every set taken shifts eight times
                o1, m1, o2, m2, o3, m3, o4, m4, p1, n1, p2, n2, p3, n3, p4, n4 = grid.eight
                ahead = ((here & m1) << o1 | (here & m2) << o2 | (here & m3) << o3 | (here & m4) << o4
                         | (here & n1) >> p1 | (here & n2) >> p2 | (here & n3) >> p3 | (here & n4) >> p4)
            else:
                ahead = 0
                for offset, mask in grid.ahead:
                    ahead |= (here & mask) << offset
                for offset, mask in grid.behind:
                    ahead |= (here & mask) >> offset
            new = ahead & self._every & ~self._reached
            if new:
                self._reached |= new
                plain = new & self._plain  # one step on: set d + 1, made now if not yet
                if plain:
                    if len(buckets) > d + 1:
                        buckets[d + 1] |= plain
                    else:
                        buckets.append(plain)
                if new & self._dearer:
                    for cost, mask in self._dear:
                        part = new & mask
                        if part:
                            nd = d + cost
                            while len(buckets) <= nd:
                                buckets.append(0)
                            buckets[nd] |= part
            if self._pending:
                self._pending &= ~here  # settled now
                nearer = ahead & self._pending & self._every
                if nearer:  # a step may come nearer than a leap did
                    self._stepped_into(nearer, d)
            launch = here & self._launch
            if launch:
                leaps = self._leaps
                assert leaps is not None
                while launch:
                    low = launch & -launch
                    launch ^= low
                    i = low.bit_length() - 1
                    landings = leaps(i)
                    if landings:  # most take-offs have none
                        self._leap_from(i, d, landings)
        self._taken = d + 1
        return True

    def _stepped_into(self, squares: int, d: int) -> None:
        """Squares reached by a leap and not yet settled, now a step from a square d away:
        the step's way wins when it is shorter (an equal one came later)."""
        buckets, costs, leaped = self._buckets, self._costs, self._leaped
        while squares:
            low = squares & -squares
            squares ^= low
            j = low.bit_length() - 1
            nd, known = d + costs.get(j, 1), leaped[j][2]
            if nd < known:
                buckets[known] &= ~low
                buckets[nd] |= low
                self._pending &= ~low
                del leaped[j]

    def _leap_from(self, i: int, d: int, landings: Iterable[tuple[int, int, int]]) -> None:
        """Reach the landings of the leaps from square i, settled d steps away."""
        # The sets read into locals and written back once: asked from every take-off settled.
        buckets, leaped = self._buckets, self._leaped
        reached, pending, settled = self._reached, self._pending, self._settled
        for j, added, bit in landings:
            if settled & bit:  # half the landings are settled already: the first test
                continue
            nd = d + added
            if reached & bit:
                if pending & bit:
                    known = leaped[j][2]
                else:  # reached by a step: the one set beyond d that holds it
                    known = d + 1
                    while not buckets[known] & bit:
                        known += 1
                if nd >= known:
                    continue
                buckets[known] &= ~bit
            reached |= bit
            if len(buckets) <= nd:  # the sets up to nd made at once: a leap goes two steps or more
                buckets += [0] * (nd + 1 - len(buckets))
            buckets[nd] |= bit
            leaped[j] = (i, d, nd)
            pending |= bit
        self._reached, self._pending = reached, pending

    def _came(self, j: int, dj: int) -> tuple[int, int]:
        """The square j (dj steps away) was reached from, and its distance: a leap's take-off
        as kept, else the first square in reading order a step before it."""
        leap = self._leaped.get(j)
        if leap is not None:
            return leap[0], leap[1]
        before = dj - self._costs.get(j, 1)
        came = self._buckets[before] & self._grid.steps_into(j)
        if not came:
            raise AssertionError("a square reached by a step has a square it came from")
        return (came & -came).bit_length() - 1, before  # the first in reading order

    def walk(self) -> Walk:
        """The steps to every square reached and the square each was reached from."""
        if self._walk is None:
            while self._take():
                pass
            squares, start = self._grid.squares, self._start
            dist: dict[Square, int] = {}
            came: dict[Square, Square] = {}
            for d, layer in enumerate(self._buckets):
                for i in numbers_in(layer):
                    sq = squares[i]
                    assert sq is not None
                    dist[sq] = d
                    if i != start:
                        came[sq] = squares[self._came(i, d)[0]]  # type: ignore[assignment]
            self._walk = (dist, came)
        return self._walk

    def _first(self, goal: Callable[[Square], bool]) -> tuple[int, int] | None:
        """The first square settled, in (steps, y, x) order, that is a goal, and its number
        and steps; None when none can be reached.  Settles no further than it."""
        squares = self._grid.squares
        for d, layer in self._layers():
            while layer:  # `numbers_in` written out: the goal is asked of every square on the way
                low = layer & -layer
                layer ^= low
                i = low.bit_length() - 1
                if goal(squares[i]):  # type: ignore[arg-type]
                    return i, d
        return None

    def _layers(self, most: int | None = None) -> Iterator[tuple[int, int]]:
        """Set d for d = 0, 1, ... (up to `most`), each once every square d steps away is in
        it (the sets below taken); ends where the search does."""
        buckets = self._buckets
        d = 0
        while most is None or d <= most:
            while self._taken < d and self._take():
                pass
            if d >= len(buckets):
                return
            yield d, buckets[d]
            d += 1

    def bits(self, goals: Iterable[Square] | int) -> int:
        """The squares as bits in this search's numbering (bits are taken as they are)."""
        if isinstance(goals, int):
            return goals
        bit = self._grid.bit.get
        out = 0
        for sq in goals:
            out |= bit(sq, 0)
        return out

    def nearest(self, goals: Iterable[Square] | int | Callable[[Square], bool],
                key: object = None) -> tuple[Square, int] | None:
        """The nearest goal reached and its steps (ties: smaller y, then x), settling no further
        than it; None when none can be reached.  `goals` lists the goals (or is their `bits`)
        or tells one; a test may come with a `key` naming the squares it tells (the answer is
        then kept by it, as by the bits of listed goals)."""
        squares = self._grid.squares
        if callable(goals):
            found = self._first(goals)
            if found is not None and key is not None:
                self._answers[key] = found
        else:
            wanted = self.bits(goals)
            found = self._first_of(wanted)
            if found is not None:
                self._answers[wanted] = found
        return None if found is None else (squares[found[0]], found[1])  # type: ignore[return-value]

    def way(self, wanted: object) -> list[int] | None:
        """The square numbers stepped on, in order, to the nearest of the goals (as bits, or
        the key of a test) when `nearest` has found it already; None when it has not been
        asked (or found none)."""
        way = self._ways.get(wanted)
        if way is None:
            found = self._answers.get(wanted)
            if found is None:
                return None
            i, d = found
            start, came = self._start, self._came
            way = []
            while i != start:
                way.append(i)
                i, d = came(i, d)
            way.reverse()
            self._ways[wanted] = way
        return way

    def answer(self, wanted: object) -> tuple[int, int] | None:
        """The nearest of the goals (as bits) as `nearest` found it: its number and steps."""
        return self._answers.get(wanted)

    def ways(self) -> Iterator[list[int]]:
        """The ways to the nearest goals found, those already made first (`way`)."""
        yield from list(self._ways.values())
        for wanted in list(self._answers):
            if wanted not in self._ways:
                way = self.way(wanted)
                assert way is not None
                yield way

    def layer(self, d: int) -> int:
        """The squares exactly d steps away, as bits, once the search has settled that far
        (after a goal d steps away was found); 0 beyond what it has taken."""
        return self._buckets[d] if d <= self._taken and d < len(self._buckets) else 0

    def cost(self, i: int) -> int:
        """What a step into square number i costs."""
        return self._costs.get(i, 1)

    @property
    def leaps(self) -> bool:
        """Whether moves beyond a step (a companion's jumps) are searched too."""
        return self._leaps is not None

    @property
    def grid(self) -> Grid:
        return self._grid

    @property
    def start(self) -> Square:
        """The square searched from."""
        return self._grid.squares[self._start]  # type: ignore[return-value]

    @property
    def taken(self) -> int:
        """How far it has settled: every square at most this many steps away is settled."""
        return self._taken

    def _first_of(self, wanted: int, most: int | None = None) -> tuple[int, int] | None:
        """`_first` for goals given as bits (up to `most` steps away): once the sets below d
        are taken, a goal in set d is d steps away, and the first in reading order is the
        lowest bit.  `_layers` written out: asked a few times every decision."""
        if not wanted:
            return None
        buckets = self._buckets
        # No goal settled: none is in a set taken (`_settled` is all of them, and they never
        # change), so the look starts at the first set not taken, not at 0 (most questions come
        # to a walk settled tens of sets out, for goals beyond them).
        d = 0 if wanted & self._settled else self._taken
        while most is None or d <= most:
            while self._taken < d and self._take():
                pass
            if d >= len(buckets):
                return None
            hits = wanted & buckets[d]
            if hits:
                return (hits & -hits).bit_length() - 1, d
            d += 1
        return None

    def nearest_within(self, goals: Iterable[Square] | int, steps: int) -> tuple[Square, int] | None:
        """`nearest` of the goals at most `steps` away (settling no further than that), None
        when none is: what a search asks when a goal farther off would not count."""
        found = self._first_of(self.bits(goals), steps)
        return None if found is None else (self._grid.squares[found[0]], found[1])  # type: ignore[return-value]

    def within(self, goals: Iterable[Square] | int, steps: int) -> bool:
        """Whether any goal is at most `steps` away, settling no further than that."""
        return self._first_of(self.bits(goals), steps) is not None

    def settled(self, sq: Square) -> int | None:
        """Steps to the square if the search has already settled it, None if not (yet)."""
        i = self._grid.number.get(sq)
        if i is None or not self._reached >> i & 1:
            return None
        bit, buckets = 1 << i, self._buckets
        for d in range(min(self._taken + 1, len(buckets))):  # a loop, not next() over a generator left open
            if buckets[d] & bit:
                return d
        return None

    def any_at(self, squares: Iterable[Square] | int, steps: int) -> bool:
        """Whether any of the squares is settled exactly `steps` away."""
        buckets = self._buckets
        return steps <= self._taken and steps < len(buckets) and bool(buckets[steps] & self.bits(squares))

    def route(self, goals: Iterable[Square] | int | Callable[[Square], bool],
              key: object = None) -> list[Square] | None:
        """The squares stepped on, in order, to the nearest goal (as `nearest`); [] when the
        start is a goal, None when none can be reached."""
        squares = self._grid.squares
        if not callable(goals) or key is not None:
            wanted: object = key
            if not callable(goals):
                goals = wanted = self.bits(goals)
            if self.nearest(goals, key) is None:
                return None
            way = self.way(wanted)
            assert way is not None
            return [squares[j] for j in way]  # type: ignore[misc]
        found = self.nearest(goals)
        if found is None:
            return None
        start = self._start
        i, d = self._grid.number[found[0]], found[1]
        path = []
        while i != start:
            path.append(squares[i])
            i, d = self._came(i, d)
        return path[::-1]  # type: ignore[return-value]


def _numbered(leaps: Leaps, grid: Grid, costs: dict[int, int]) -> NumberedLeaps:
    """Leaps by squares as a search reads them, by numbers: a landing adds its leap's steps and
    its entering cost less the step's 1 that the cost holds (a leap costs `far` instead)."""
    number, squares = grid.number, grid.squares

    def by_number(i: int) -> list[tuple[int, int, int]]:
        return [(number[landing], far + costs.get(number[landing], 1) - 1, 1 << number[landing])
                for landing, far in leaps(squares[i])]  # type: ignore[arg-type]
    return by_number


def search(steps: Steps, start: Square, open_squares: AbstractSet[Square], extra: Mapping[Square, int],
           leaps: Leaps | None = None) -> Walk:
    """The whole walk of a `Search` to the end: the steps to every square reached and the
    square each was reached from."""
    return Search(steps, start, terrain(steps, open_squares, extra), leaps).walk()


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
