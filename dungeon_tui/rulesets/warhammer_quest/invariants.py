"""Warhammer Quest invariants, checked after every decision by the fuzz runner and the tests.

Each check returns a list of one-line problems (empty when the state is sound)."""
from __future__ import annotations

from typing import Any

from ...engine.game import DUNGEON
from .state import ACTIVE, UNCONSCIOUS


def check_board(game: Any) -> list[str]:
    """One figure per square, on the map; Wounds within bounds; the fallen never asked to act."""
    s = game.state
    out: list[str] = []
    seen: dict[Any, Any] = {}
    for f in s.figures.values():
        if f.on_board:
            if f.pos not in s.grid.terrain:
                out.append(f"{f.id} is off the map at {f.pos}")
            if f.pos in seen:
                out.append(f"{f.id} and {seen[f.pos]} share {f.pos}")
            seen[f.pos] = f.id
        if f.status in (ACTIVE, UNCONSCIOUS) and not 0 <= f.wounds <= f.max_wounds:
            out.append(f"{f.id} has {f.wounds} Wounds outside 0..{f.max_wounds}")
    d = game.pending
    if d is not None:
        for key, who in (("figure", "a fallen warrior"), ("monster", "a dead monster")):
            fid = d.context.get(key)
            if fid and fid in s.figures and s.figures[fid].status != ACTIVE:
                out.append(f"{who} ({fid}, {s.figures[fid].status}) is asked to act")
            elif fid and fid not in s.figures:
                out.append(f"the pending decision names unknown {key} {fid}")
    return out


def check_hero_view(game: Any, seat: str = "hero:barbarian") -> list[str]:
    """Hero seats never see the piles, the decks or the set-aside cards in order."""
    view = game.ruleset.view(game.state, seat)
    out: list[str] = []
    if not all(isinstance(v, int) for v in view["piles"].values()):
        out.append("hero view shows the monster piles")
    for key in ("event_deck", "treasure_deck", "set_aside"):
        if not isinstance(view[key], int):
            out.append(f"hero view shows the {key.replace('_', ' ')}")
    dungeon = game.ruleset.view(game.state, DUNGEON)
    if not all(isinstance(v, list) for v in dungeon["piles"].values()):
        out.append("the dungeon view lacks the monster piles")
    return out


def check(game: Any) -> list[str]:
    """Every Warhammer Quest invariant."""
    return check_board(game) + check_hero_view(game)


def fuzz_adventures() -> tuple[str, ...]:
    """The adventures the fuzz runner plays in rotation."""
    from .adventures import PLAYABLE
    return PLAYABLE
