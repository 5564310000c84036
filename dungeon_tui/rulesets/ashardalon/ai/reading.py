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
    kinds = {v.kind for v in adv.victory}
    villain_counts = bool(kinds & {"villain_defeated", "chamber_goal", "chamber_monsters_defeated"})
    guards_count = bool(kinds & {"chamber_monsters_defeated", "chamber_goal"})
    goal = {f.id for f in s.foes() if (f.side == VILLAIN and villain_counts) or (f.chamber and guards_count)}
    obj = s.chamber.get("object") if s.chamber else None
    if obj:
        goal.add(str(obj))
    return goal


def stack_left(s: State) -> int:
    return len(s.decks.get("dungeon", []))


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
