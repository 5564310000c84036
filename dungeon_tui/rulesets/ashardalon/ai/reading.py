"""What a companion reads off the table before it acts (issue 19): how hurt each hero is, who
holds healing, which foes matter for the adventure, whether the party should open another tile
and what the environment and curses cost where a hero ends his phase.

Only what a player at the table sees: figures, placed tiles, markers, the environment, held
cards and experience, and the size of the dungeon stack (never its order)."""
from __future__ import annotations

from typing import Any

from ....engine.game import Game
from ....engine.grid import Sq
from .. import board
from ..geometry import cell_of
from ..state import VILLAIN, Figure, State

HEALS = {"healing_hymn": 2, "lay_on_hands": 2, "dwarven_resilience": 4}
LOW = 2  # at or under this many HP a hero is one bad villain phase from falling


def heal_amount(game: Game, pid: str | None, heal: Any) -> int:
    """HP a healing power or item gives back (items carry it on the action)."""
    return int(heal) if heal else HEALS.get(str(pid), 0)


def in_danger(h: Figure) -> bool:
    return h.hp <= min(LOW, h.max_hp - 2)


def chamber_goal_foes(game: Game) -> set[str]:
    """The figures whose defeat wins the adventure: its villain, or every chamber monster."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    goal: set[str] = set()
    kinds = {v.kind for v in adv.victory}
    for f in s.foes():
        if f.side == VILLAIN and ("villain_defeated" in kinds or "chamber_goal" in kinds
                                  or "chamber_monsters_defeated" in kinds):
            goal.add(f.id)
        elif f.chamber and ("chamber_monsters_defeated" in kinds or "chamber_goal" in kinds):
            goal.add(f.id)
    obj = s.chamber.get("object") if s.chamber else None
    if obj:
        goal.add(str(obj))
    return goal


def stack_left(s: State) -> int:
    return len(s.decks.get("dungeon", []))


def party_ready(game: Game) -> bool:
    """Whether the party is fit to open a tile that may hold the chamber: nobody close to falling."""
    s: State = game.state
    return all(not in_danger(h) for h in s.heroes() if h.on_board)


def chamber_near(game: Game) -> bool:
    """Whether the next tiles may bring the chamber: the adventure put its entrance at a known
    depth in the stack, and the tiles laid so far say how close it is."""
    s: State = game.state
    adv = game.content.adventures[s.adventure]
    if s.chamber or not any(p.tile.endswith("_entrance") for p in adv.placements):
        return False
    laid = sum(1 for t in s.tiles if t.tile != "start")
    depth = min(p.position + (len(s.party) if p.plus_heroes else 0)
                for p in adv.placements if p.tile.endswith("_entrance"))
    return laid >= depth - 2


def end_cost(game: Game, h: Figure, sq: Sq) -> int:
    """HP the environment takes from a hero ending his phase on this square."""
    s: State = game.state
    cost = 0
    if s.environment == "walls_of_magma" and board.lay(s).along_wall(sq):
        cost += 1
    if s.environment == "hidden_snipers" and not any(
            o is not h and o.on_board and o.pos is not None and cell_of(o.pos) == cell_of(sq) for o in s.heroes()):
        cost += 1
    return cost


def step_cost(h: Figure, path: list[Sq], start: Sq) -> int:
    """HP a walk costs: Dragon Fear bites at each new tile entered."""
    if "dragon_fear" not in h.curses:
        return 0
    cost, here = 0, cell_of(start)
    for q in path:
        if cell_of(q) != here:
            cost, here = cost + 1, cell_of(q)
    return cost
