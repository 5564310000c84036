"""When a quest is over (§5.12): the objective, success at the stairway, failure."""
from __future__ import annotations

from ...engine.game import Game
from . import board
from .state import ALIVE, DEAD, LEFT, State


def objective_met(game: Game) -> bool:
    s: State = game.state
    obj = game.content.quests[s.quest].objective
    if obj.kind == "kill":
        return bool(s.flags.get(f"dead:{obj.target}"))
    return False


def check_end(game: Game) -> bool:
    """Sets the result and returns True when the quest is over (checked after every step,
    action and attack)."""
    s: State = game.state
    if s.result is not None:
        return True
    stairs = set(board.stairway(game.content.quests[s.quest]))
    heroes = s.heroes()
    if objective_met(game) and any(h.status == ALIVE and h.pos in stairs for h in heroes):
        s.result = {"outcome": "success", "why": "the quest is done and the heroes are back at the stairway"}
    elif all(h.status == DEAD for h in heroes):
        s.result = {"outcome": "failure", "why": "every hero has fallen"}
    elif all(h.status in (DEAD, LEFT) for h in heroes):
        s.result = {"outcome": "failure", "why": "the heroes left the dungeon with the quest undone"}
    if s.result is None:
        return False
    game.emit("game_over", outcome=s.result["outcome"], text=f"Quest over: {s.result['outcome']}. {s.result['why']}.")
    return True
