"""Doors (spec §5.12) [H D17]: face-down tokens on door sides block steps, the tile graph and
exploring; a hero along the side reveals one (free): unlocked goes, trapped hurts each hero
along the side for 1 and goes, locked stays until an attack slot rolls 10+ (ash.door.unlock)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll_event
from ...engine.game import Action, Game, Procedure
from . import board, combat
from .geometry import OPPOSITE, beyond, parse_door, side_squares
from .state import Figure, State

UNLOCK = 10


def along(s: State, key: str) -> list[Any]:
    """The squares from which a door side is reached: its own cell's border row, and the
    neighbour's facing row if that tile is placed."""
    cell, side = parse_door(key)
    out = side_squares(cell, side)
    other = beyond(cell, side)
    if board.lay(s).placed(other):
        out += side_squares(other, OPPOSITE[side])
    return out


def remove(game: Game, key: str) -> None:
    s: State = game.state
    s.doors.pop(key, None)
    if key in s.revealed_doors:
        s.revealed_doors.remove(key)
    board.relayout(s, game.content)


def reveal_along(game: Game, hero: Figure) -> Procedure:
    """Reveal every face-down door token on a side the hero stands along."""
    s: State = game.state
    for key in sorted(s.doors):
        if key in s.revealed_doors or not hero.on_board or hero.pos not in along(s, key):
            continue
        kind = s.doors[key]
        game.emit("door", door=key, token=kind, text=f"{hero.name} finds the door {kind}.")
        if kind == "locked":
            s.revealed_doors.append(key)
            continue
        if kind == "trapped":
            for o in s.heroes():
                if o.up and o.pos in along(s, key):
                    yield from combat.hurt(game, o, 1, "a trapped door")
        remove(game, key)


def unlock_options(game: Game, hero: Figure, seat: str) -> list[Action]:
    s: State = game.state
    return [Action.make(seat, "unlock", text="Force the locked door (d20, 10+)", hero=hero.id, door=key)
            for key in sorted(s.revealed_doors) if hero.on_board and hero.pos in along(s, key)]


def unlock(game: Game, hero: Figure, a: Action) -> Procedure:
    key = a.get("door")
    face = yield from combat.d20(game, "ash.door.unlock")
    ok = face >= UNLOCK
    roll_event(game, "ash.door.unlock", "1d20", (face,), target=UNLOCK, outcome="pass" if ok else "fail",
               text=f"{hero.name} forces the door: d20 {face} vs {UNLOCK}: " + ("it gives way" if ok else "it holds"))
    if ok:
        remove(game, key)
