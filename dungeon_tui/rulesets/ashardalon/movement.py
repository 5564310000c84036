"""How far a hero moves in one move slot, and where to (spec §5.2)."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any

from ...engine.game import Game
from ...engine.grid import Grid, Sq
from ...engine.spreading import Spreading, path_back
from . import board, combat
from .state import Figure, State, squares_of


def speed(game: Game, hero: Figure) -> int:
    return hero.speed + max((i.speed_bonus for _, i in combat.ready_items(game, hero)), default=0)


def walks(game: Game, hero: Figure, steps: int | None = None) -> dict[Sq, list[Sq]]:
    """Where one move slot can end, each with its path: up to speed (or `steps`) steps, never
    through a monster or villager, past heroes but not ending on one (§5.2).  A hero who took
    the dwarven hammer's still-footed bonus may not move this phase."""
    found = _reach(game, hero, steps)
    if found is None:
        return {}
    if found.paths is None:
        found.paths = {q: path_back(found.parent, found.at, q)[1:] for q in found.ends}
    return found.paths


def ends(game: Game, hero: Figure) -> dict[Sq, int]:
    """`walks`' squares with the steps to each, without their paths (a replayed move asks one)."""
    found = _reach(game, hero, None)
    return {} if found is None else found.ends


def path_to(game: Game, hero: Figure, sq: Sq) -> list[Sq]:
    """`walks(game, hero)[sq]`: the one path."""
    found = _reach(game, hero, None)
    if found is None or sq not in found.ends:
        raise KeyError(sq)
    if found.paths is not None:
        return found.paths[sq]
    return path_back(found.parent, found.at, sq)[1:]


@dataclass(slots=True)
class _Reach:
    """A hero's walks as kept: where he may end and in how many steps, the search's parents,
    and the paths once someone asks for all of them."""

    at: Sq
    ends: dict[Sq, int]
    parent: dict[Sq, Sq]
    paths: dict[Sq, list[Sq]] | None = None


def _reach(game: Game, hero: Figure, steps: int | None) -> _Reach | None:
    terms = _terms(game, hero, steps)
    if terms is None:
        return None
    g, kept, key = terms
    found = kept.get(key)
    if found is None:
        if len(kept) >= 8:  # the oldest first: figures have moved on since
            del kept[next(iter(kept))]
        at, n, blocked, heroes = key
        dist, parent = g.bfs(at, avoid=blocked, most=n)  # no further than he may go
        found = kept[key] = _Reach(at, {q: d for q, d in dist.items() if 0 < d <= n and q not in heroes}, parent)
    return found


def can_walk(game: Game, hero: Figure) -> bool:
    """Whether `walks` has anywhere to go: ring by ring only until a square he may end on (a
    count of his options asks no more, and most of his choices are not moves)."""
    terms = _terms(game, hero, None)
    if terms is None:
        return False
    g, kept, key = terms
    found = kept.get(key)
    if found is not None:
        return bool(found.ends)
    at, n, blocked, heroes = key
    rings = Spreading(g, (at,), blocked)
    seen = 1
    for k in range(1, n + 1):
        dist = rings.grow(k)
        if len(dist) == seen:  # nowhere further to go
            return False
        if any(q not in heroes for q in islice(dist, seen, None)):  # this ring's squares (dicts keep order)
            return True
        seen = len(dist)
    return False


def _terms(game: Game, hero: Figure, steps: int | None) -> tuple[Grid, dict[Any, _Reach], Any] | None:
    """What a hero's walks depend on (None: he may not move), with where they are kept."""
    s: State = game.state
    if not hero.on_board or "cage" in hero.curses or hero.flags.get("no_move"):
        return None
    # The side asked first: most figures are heroes or gone (a defeated monster stays listed).
    blocked = frozenset(q for f in s.figures.values() if f.side != "hero" and f.on_board for q in squares_of(f))
    heroes = frozenset(f.pos for f in s.heroes() if f is not hero and f.on_board)
    g = board.lay(s).grid
    n = speed(game, hero) if steps is None else steps
    # Kept with the layout while nobody moves: the hero's options, the companion weighing them
    # and the move itself each ask (the answer is shared: never change it).
    return g, g.memo.setdefault("hero_walks", {}), (hero.at, n, blocked, heroes)
