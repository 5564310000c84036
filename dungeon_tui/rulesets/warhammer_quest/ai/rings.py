"""Step counts over the map ring by ring, only as far as the squares a question asks about: the
companions' way to the nearest doorway and the dungeon script's nearest warrior ask of a few
squares, usually near, where a whole-map search would count hundreds."""
from __future__ import annotations

from collections.abc import Collection

from ....engine.grid import Sq
from ..state import State


def steps_until(s: State, start: Sq, taken: Collection[Sq | None], wanted: set[Sq]) -> dict[Sq, int]:
    """`grid.distances(start, lambda q: q not in taken)` as far as the ring that finds the last
    of `wanted` (the counts found are the same: breadth first, one ring of steps at a time)."""
    best = {start: 0}
    left = wanted - {start}
    ring = [start]
    neighbours = s.grid.neighbours
    steps = 0
    while ring and left:
        steps += 1
        found = []
        for sq in ring:
            for nb in neighbours(sq):
                if nb not in best and nb not in taken:
                    best[nb] = steps
                    found.append(nb)
                    left.discard(nb)
        ring = found
    return best
