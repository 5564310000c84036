"""What a fallen hero leaves where he fell (§5.11): the first hero to end a step near it takes
it, unless a monster ends a move there first and destroys it."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from . import board
from .state import MONSTER, Figure, State


def near(s: State, a: Any, b: Any) -> bool:
    """Same room, or (in a corridor) in sight of the square."""
    a, b = tuple(a), tuple(b)
    area = board.area_of(s, b)
    if area != board.CORRIDOR:
        return board.area_of(s, a) == area
    return board.terrain_sight(s, a, b)


def take_remains(game: Game, hero: Figure, pile: dict[str, Any]) -> None:
    gather(game.state, hero, pile)
    game.emit("remains", figure=hero.id, text=f"{hero.name} takes {pile['name']}'s belongings.")


def gather(s: State, hero: Figure, pile: dict[str, Any]) -> None:
    """The pile leaves the floor for his pack: gold, gear, potions, quest items."""
    s.remains.remove(pile)
    hero.gold += pile["gold"]
    hero.equipment.extend(pile["equipment"])
    hero.potions.extend(pile["potions"])
    if pile["items"]:
        hero.flags.setdefault("items", []).extend(pile["items"])


def destroy_remains(game: Game, pile: dict[str, Any]) -> None:
    s: State = game.state
    s.remains.remove(pile)
    game.emit("remains_lost", text=f"The monsters destroy {pile['name']}'s belongings.")


def after_move(game: Game, figure: Figure) -> None:
    """Remains left lying wait for the first hero to end a step near them, unless a monster
    ends a move there first (§5.11)."""
    s: State = game.state
    for pile in list(s.remains):
        if not near(s, figure.pos, pile["at"]):
            continue
        if figure.side == MONSTER:
            destroy_remains(game, pile)
        elif figure.kind in game.content.heroes:
            take_remains(game, figure, pile)
