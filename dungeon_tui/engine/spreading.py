"""Breadth-first searches over squares, ring by ring: from several starts, as far as asked,
with parents when wanted (`Spreading`), over any neighbours (`spread`), and the path back
along the parents.  A grid's own searches (`Grid.bfs`, `steps_from`) are these; a ruleset
uses them directly where it grows a search only as far as it asks.
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
