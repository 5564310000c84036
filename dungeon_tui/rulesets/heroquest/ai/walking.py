"""A hero's walk as the companions ask about it: breadth first from where he stands, grown only
as far as the squares asked about.  A hero walks one step a decision, and wherever his kept
walk is given up (keeping.py) the script asks afresh from a new square, mostly about squares
close by (the leader beside him, the next door), so a search of the whole board each time (a
tenth of a quest when every step asked) was mostly wasted.  The rings
grow in the order `Grid.bfs` finds them, so every step count and parent read here is the one
the whole search gives, and paths walked back from them are the same."""
from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, Mapping
from itertools import islice

from ....engine.grid import Grid, Sq
from ....engine.spreading import Spreading

# How many (start, avoid) walks one map keeps: a round's heroes and the squares they walked
# from (a whole script asked again where a hero stood earlier in the round finds its walk
# grown already; 16 made the Crypt's walks again about 0.4% of its instructions).
KEPT = 64


class Walk(Mapping[Sq, int]):
    """Step counts from the start, read like `bfs`'s dict (`in`, `[]`, `get`, `items`), each
    read growing the rings until the square is found (or the walk is whole); `parent` holds
    the parents of every square found so far."""

    __slots__ = ("_area", "_avoid", "_spread", "_start", "parent")

    def __init__(self, grid: Grid, start: Sq, avoid: frozenset[Sq]) -> None:
        self.parent: dict[Sq, Sq] = {}
        self._spread = Spreading(grid, (start,), avoid, None, self.parent)
        self._start, self._avoid, self._area = start, avoid, area(grid, start)

    def _steps(self, sq: Sq) -> int:
        """The square's steps, -1 where the walk never comes: a square off the start's part of
        the map, or one it must avoid, is answered without growing the whole walk."""
        if sq not in self._area or (sq in self._avoid and sq != self._start):
            return -1
        return self._spread.get(sq, -1)

    def get(self, sq: Sq, default: int | None = None) -> int | None:  # type: ignore[override]
        found = self._steps(sq)
        return default if found < 0 else found

    def __contains__(self, sq: object) -> bool:
        return isinstance(sq, tuple) and self._steps(sq) >= 0

    def __getitem__(self, sq: Sq) -> int:
        found = self._steps(sq)
        if found < 0:
            raise KeyError(sq)
        return found

    def within(self, sq: Sq, most: int) -> int | None:
        """The square's steps if `most` or fewer (growing no further than that)."""
        if sq not in self._area or (sq in self._avoid and sq != self._start):
            return None
        x, y = self._start
        if abs(sq[0] - x) + abs(sq[1] - y) > most:  # further as the crow flies: no walk is shorter
            return None
        found = self._spread.grow(most).get(sq)
        return found if found is not None and found <= most else None

    def nearest(self, goals: list[Sq], ok: Callable[[Sq], bool]) -> tuple[int, int, int] | None:
        """(steps, y, x) of the nearest goal reached that passes `ok`, ties in reading order:
        `min` over every goal in the walk, growing only to the nearest (a goal not found yet is
        further than every one found)."""
        goals = [g for g in goals if g in self._area and (g not in self._avoid or g == self._start)]
        if not goals:
            return None
        dist, wanted = self._spread.dist, set(goals)
        found = [(d, g[1], g[0]) for g in goals if (d := dist.get(g)) is not None and ok(g)]
        if not found:
            # No goal is nearer than it is as the crow flies: the rings short of that are grown
            # at once, without looking for one (the same rings either way).
            x, y = self._start
            self._spread.grow(min(abs(g[0] - x) + abs(g[1] - y) for g in goals) - 1)
        while not found:
            size = len(dist)
            self._spread.grow(dist[next(reversed(dist))] + 1)  # one ring past the outermost
            if len(dist) == size:
                return None
            # The new ring is the last of the dict: a goal in it, and the goals are read again.
            if not wanted.isdisjoint(islice(reversed(dist), len(dist) - size)):
                found = [(d, g[1], g[0]) for g in goals if (d := dist.get(g)) is not None and ok(g)]
        return min(found)

    def first(self, ok: Callable[[Sq], bool]) -> Sq | None:
        """The nearest square past the start that passes `ok`, ties in reading order: the
        `min` of (steps, y, x) over the whole walk, read in the order the rings were found
        (their steps never fall) and grown only until a ring holds one."""
        dist, spread = self._spread.dist, self._spread
        order = list(dist)
        best: tuple[int, int, int] | None = None
        i = 0
        while True:
            if i == len(order):
                if best is not None:
                    break
                size = len(dist)
                spread.grow(dist[order[-1]] + 1)  # one ring past the outermost
                if len(dist) == size:
                    break
                order.extend(list(islice(reversed(dist), len(dist) - size))[::-1])  # the new ring
            sq = order[i]
            i += 1
            n = dist[sq]
            if best is not None and n > best[0]:
                break
            if n > 0 and ok(sq) and (best is None or (n, sq[1], sq[0]) < best):
                best = (n, sq[1], sq[0])
        return None if best is None else (best[2], best[1])

    def items(self) -> ItemsView[Sq, int]:
        """Every square the walk reaches (the whole search)."""
        return self._spread.grow().items()

    def __iter__(self) -> Iterator[Sq]:
        return iter(self._spread.grow())

    def __len__(self) -> int:
        return len(self._spread.grow())


def area(grid: Grid, start: Sq) -> dict[Sq, int]:
    """The squares joined to `start` whoever stands where (closed doors and walls apart), kept
    with the map: the squares of one part share the one dict."""
    parts: dict[Sq, dict[Sq, int]] = grid.memo.setdefault("hero_areas", {})
    found = parts.get(start)
    if found is None:
        found = grid.steps_from((start,))
        for sq in found:
            parts[sq] = found
    return found


def walk(grid: Grid, start: Sq, avoid: frozenset[Sq]) -> tuple[Walk, dict[Sq, Sq]]:
    """The walk from `start` around `avoid`, kept with the map while it and `avoid` stand as
    they are (the memo is cleared when the map changes); its parents beside it."""
    kept: dict[tuple[Sq, frozenset[Sq]], Walk] = grid.memo.setdefault("hero_walks", {})
    found = kept.get((start, avoid))
    if found is None:
        if len(kept) >= KEPT:  # the oldest first (dicts keep their order)
            del kept[next(iter(kept))]
        found = kept[(start, avoid)] = Walk(grid, start, avoid)
    return found, found.parent


def within(dist: Mapping[Sq, int], sq: Sq, most: int) -> int | None:
    """A square's steps in a field (a hero's walk or a monster's dict) if `most` or fewer."""
    if isinstance(dist, Walk):
        return dist.within(sq, most)
    found = dist.get(sq)
    return found if found is not None and found <= most else None


def by_rings(dist: Mapping[Sq, int], most: int) -> Iterator[tuple[Sq, int]]:
    """The squares of a field `most` steps away or nearer, with their steps, nearest first (a
    ring in the field's order): a hero's walk grown one ring at a time as they are read, so a
    caller that has found what it wants stops the growing too."""
    if not isinstance(dist, Walk):
        yield from sorted(((sq, d) for sq, d in dist.items() if d <= most), key=lambda sd: sd[1])
        return
    spread = dist._spread
    steps = spread.dist
    order = list(steps)
    i = 0
    while True:
        while i < len(order):
            sq = order[i]
            n = steps[sq]
            if n > most:
                return
            yield sq, n
            i += 1
        size = len(steps)
        if steps[order[-1]] >= most:
            return
        spread.grow(steps[order[-1]] + 1)  # one ring past the outermost
        if len(steps) == size:
            return
        order.extend(list(islice(reversed(steps), len(steps) - size))[::-1])  # the new ring


def nearest(dist: Mapping[Sq, int], goals: list[Sq], ok: Callable[[Sq], bool]) -> tuple[int, int, int] | None:
    """(steps, y, x) of the nearest goal in the field passing `ok`, ties in reading order."""
    if isinstance(dist, Walk):
        return dist.nearest(goals, ok)
    return min(((d, g[1], g[0]) for g in goals if (d := dist.get(g)) is not None and ok(g)), default=None)
