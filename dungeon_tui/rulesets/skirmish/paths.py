"""Paths over the battlefield priced in half squares (§5.1): orthogonal 2, diagonal 3, wood and
water double, an obstacle 2 more, a ladder 2 per square of (1 + height).  A move of allowance
N may spend up to 2N + 1 half squares (floor(total / 2) <= N)."""
from __future__ import annotations

import heapq
from functools import lru_cache
from collections.abc import Callable
from typing import Any

Sq = tuple[int, int]


def step_cost(field: Any, a: Sq, b: Sq, kind: str) -> int:
    if kind == "ladder":
        fa, fb = field.height_at(a) or 0, field.height_at(b) or 0
        return 2 * (1 + abs(fa - fb))
    cost = 2 if a[0] == b[0] or a[1] == b[1] else 3
    if field.difficult(b):
        cost *= 2
    if field.obstacle(b):
        cost += 2
    return cost


@lru_cache(maxsize=8)
def steps(field: Any) -> dict[Sq, tuple[tuple[Sq, str, int], ...]]:
    """Every square's possible steps (neighbour, kind, cost in half squares; 0 for a drop, whose
    tests the path counts), in the canonical order N, NE, E, SE, S, SW, W, NW: the battlefield
    never changes, so this is built once."""
    out = {}
    for sq in field.squares():
        row = []
        for nb in field.neighbours(sq):
            kind = field.step_kind(sq, nb)
            if kind is not None:
                row.append((nb, kind, 0 if kind in ("drop", "climb") else step_cost(field, sq, nb, kind)))
        out[sq] = tuple(row)
    return out


def reach(field: Any, start: Sq, allowance: int, *, passable: Callable[[Sq], bool],
          normal_only: bool = True) -> dict[Sq, int]:
    """Every square reachable within the allowance by normal steps and ladders, with its cost in
    half squares; `passable` says which squares a path may cross."""
    return {sq: cost for sq, (cost, _tests, _prev) in routes(field, start, allowance, passable=passable,
                                                            drops=not normal_only).items()}


def routes(field: Any, start: Sq, allowance: int, *, passable: Callable[[Sq], bool], drops: bool = False,
           stop: Callable[[Sq], bool] | None = None) -> dict[Sq, tuple[int, int, Sq | None]]:
    """The canonical path to every reachable square (§5.3 step 6): lowest cost, then fewest
    tests (a drop tests once per full 2 levels), then neighbours tried N, NE, E, SE, S, SW, W,
    NW.  Each square maps to (cost, tests, the square before it).  A path goes on from no square
    `stop` names (a square in contact with an enemy ends a charge)."""
    limit = 2 * allowance + 1
    table = steps(field)
    best: dict[Sq, tuple[int, int, Sq | None]] = {start: (0, 0, None)}
    todo: list[tuple[int, int, int, Sq]] = [(0, 0, 0, start)]
    order = 0
    while todo:
        cost, tests, _, sq = heapq.heappop(todo)
        if (cost, tests) > best[sq][:2] or (stop is not None and sq != start and stop(sq)):
            continue
        for nb, kind, price in table[sq]:
            if kind == "climb" or (kind == "drop" and not drops) or not passable(nb):
                continue
            if kind == "drop":
                total, more = cost, tests + ((field.height_at(sq) or 0) - (field.height_at(nb) or 0)) // 2
            else:
                total, more = cost + price, tests
            if total <= limit and (total, more) < best.get(nb, (1 << 30, 0, None))[:2]:
                best[nb] = (total, more, sq)
                order += 1
                heapq.heappush(todo, (total, more, order, nb))
    return best


def path_to(found: dict[Sq, tuple[int, int, Sq | None]], to: Sq) -> list[Sq]:
    """The squares from the start (left out) to `to`."""
    out = []
    cur: Sq | None = to
    while cur is not None and found[cur][2] is not None:
        out.append(cur)
        cur = found[cur][2]
    return out[::-1]
