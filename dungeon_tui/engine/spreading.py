"""Breadth-first searches over squares, ring by ring: from several starts, as far as asked,
with parents when wanted (`Spreading`), over any neighbours (`spread`), a move's squares when
every step costs 1 (`steps_within`, `steps_toward`), and the path back along the parents.
A grid's own searches (`Grid.bfs`, `steps_from`, `reachable`, `reaches`, `distances`) are
these; a ruleset uses them directly where it grows a search only as far as it asks.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable
from typing import Any, Protocol

Sq = tuple[int, int]


class Stepping(Protocol):
    """What a search reads of a map: each square's neighbours, kept (`_near`, filled as asked)
    or worked out (`neighbours`)."""

    _near: dict[Sq, list[Sq]]

    def neighbours(self, a: Sq) -> list[Sq]: ...


class Spreading:
    """Breadth first from the nearest of several starts, ring by ring (each in the order it was
    found: the order of a first-in-first-out queue, without one), only as far as asked: `get`
    gives a square's steps as the whole search would, growing rings until it is found, for
    callers that ask about a few squares near the starts.  Squares in `avoid` (or failing
    `can_enter`) are never entered; `parent`, when given, gets each square's parent.  (A map
    that changes must not be asked through an old one.)"""

    def __init__(self, grid: Stepping, starts: Iterable[Sq], avoid: Collection[Sq] = (),
                 can_enter: Callable[[Sq], bool] | None = None, parent: dict[Sq, Sq] | None = None) -> None:
        self._grid, self._avoid, self._can_enter, self._parent = grid, avoid, can_enter, parent
        self.dist: dict[Sq, int] = {}
        for sq in starts:
            self.dist.setdefault(sq, 0)
        self._ring, self._steps = list(self.dist), 0

    def get(self, sq: Sq, default: int) -> int:
        dist = self.dist
        while sq not in dist and self._ring:
            self.grow(self._steps + 1)
        return dist.get(sq, default)

    def reach_any(self, targets: Collection[Sq]) -> dict[Sq, int]:
        """Rings grown until one of `targets` is among them (or there is nowhere further to go):
        the counts so far, which hold every target as near as the nearest one."""
        dist = self.dist
        while self._ring and not any(q in dist for q in targets):
            self.grow(self._steps + 1)
        return dist

    def reach_all(self, targets: Collection[Sq]) -> dict[Sq, int]:
        """Rings grown until every one of `targets` is among them (or there is nowhere further
        to go): the counts so far, those of the whole search for every square they hold."""
        dist = self.dist
        left = [q for q in targets if q not in dist]
        while self._ring and left:
            self.grow(self._steps + 1)
            left = [q for q in left if q not in dist]
        return dist

    def grow(self, most: int = 1 << 30) -> dict[Sq, int]:
        """Every square up to `most` steps away (all there are by default): the counts so far."""
        dist, parent, avoid, can_enter = self.dist, self._parent, self._avoid, self._can_enter
        grid = self._grid
        near = grid._near
        ring, steps = self._ring, self._steps
        while ring and steps < most:
            steps += 1
            outer: list[Sq] = []
            for sq in ring:
                nbs = near.get(sq)
                if nbs is None:
                    nbs = grid.neighbours(sq)
                for nb in nbs:
                    if nb in dist or nb in avoid or (can_enter is not None and not can_enter(nb)):
                        continue
                    dist[nb] = steps
                    if parent is not None:
                        parent[nb] = sq
                    outer.append(nb)
            ring = outer
        self._ring, self._steps = ring, steps
        return dist


def steps_within(grid: Stepping, start: Sq, allowance: int, can_enter: Callable[[Sq], bool] | None,
                 step_ok: Callable[[Sq, Sq], bool] | None = None, avoid: Collection[Sq] = ()) -> dict[Sq, int]:
    """`Grid.reachable` when every step costs 1 (the squares within `allowance` steps, with their
    counts): breadth first, a whole count of steps at a time, each count's squares taken in the
    order of their coordinates, as the heap there takes them, so the answer is the same dict in
    the same order, without the heap's cost.  Squares in `avoid` are never entered: the same
    as a `can_enter` refusing them, looked up without a call (the squares figures stand on)."""
    best = {start: 0}
    layer = [start]
    steps = 0
    near = grid._near
    while layer and steps < allowance:
        steps += 1
        found = []
        if can_enter is None and step_ok is None:  # the map alone (`distances`), or less `avoid`
            for sq in layer:
                for nb in near.get(sq) or grid.neighbours(sq):
                    if nb not in best and nb not in avoid:
                        best[nb] = steps
                        found.append(nb)
        else:
            for sq in layer:
                for nb in near.get(sq) or grid.neighbours(sq):
                    if nb in best or nb in avoid or (can_enter is not None and not can_enter(nb)) or (
                            step_ok is not None and not step_ok(sq, nb)):
                        continue
                    best[nb] = steps
                    found.append(nb)
        found.sort()
        layer = found
    return best


def steps_toward(grid: Stepping, start: Sq, goal: Sq, allowance: int, can_enter: Callable[[Sq], bool] | None,
                 step_ok: Callable[[Sq, Sq], bool] | None) -> bool:
    """`steps_within`'s search for one square, on a map without links: a step moves one square
    at most along either axis, so a square further from the goal (the larger of the two) than
    the steps left cannot lead to it and is not searched from; the goal found ends the search.
    A square is found at its fewest steps either way, and a step's checks depend only on its
    two squares, so the answer is `steps_within`'s own."""
    gx, gy = goal
    seen = {start}
    layer = [start]
    steps = 0
    near = grid._near
    while layer and steps < allowance:
        steps += 1
        left = allowance - steps
        found = []
        for sq in layer:
            for nb in near.get(sq) or grid.neighbours(sq):
                if nb in seen or (can_enter is not None and not can_enter(nb)) or (
                        step_ok is not None and not step_ok(sq, nb)):
                    continue
                if nb == goal:
                    return True
                seen.add(nb)
                if abs(nb[0] - gx) <= left and abs(nb[1] - gy) <= left:
                    found.append(nb)
        layer = found
    return False


def spread(starts: Iterable[Any], neighbours: Callable[[Any], Iterable[Any]]) -> dict[Any, int]:
    """Steps from the nearest of several starts to everything reachable (breadth first; the
    starts in the order given, so equal distances never depend on hashing)."""
    dist: dict[Any, int] = {}
    for x in starts:
        dist.setdefault(x, 0)
    queue = deque(dist)
    while queue:
        x = queue.popleft()
        for n in neighbours(x):
            if n not in dist:
                dist[n] = dist[x] + 1
                queue.append(n)
    return dist


def path_back(parent: dict[Sq, Sq], start: Sq, goal: Sq) -> list[Sq]:
    """start..goal along the parents a `bfs` left."""
    out = [goal]
    while out[-1] != start:
        out.append(parent[out[-1]])
    return out[::-1]
