"""The HeroQuest procedure: setup (§3), rounds of heroes then Zargon (§4), the end (§5.12)."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from . import board
from .combat import Proc
from .heroes import hero_turn
from .monsters import dungeon_phase
from .state import ALIVE, DEAD, LEFT, State

MAX_ROUNDS = 200


def objective_met(game: Game) -> bool:
    s: State = game.state
    obj = game.content.quests[s.quest].objective
    if obj.kind == "kill":
        return bool(s.flags.get(f"dead:{obj.target}"))
    return False


def check_end(game: Game) -> Proc:
    """Sets the result and returns True when the quest is over."""
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
    yield  # a generator, so rules can `yield from` it wherever they check


def setup(game: Game) -> Proc:
    s: State = game.state
    c = game.content
    quest = c.quests[s.quest]
    for i, sq in enumerate(board.stairway(quest)[: len(s.party)]):
        s.figures[s.party[i]].pos = sq
    game.emit("briefing", text=f"{quest.name}: {quest.briefing}")
    for h in s.heroes():
        board.reveal_from(s, c, h.pos)
    return
    yield


def procedure(game: Game) -> Proc:
    s: State = game.state
    yield from setup(game)
    while s.round < MAX_ROUNDS:
        s.round += 1
        s.phase = "heroes"
        game.emit("round", round=s.round, text=f"Round {s.round}.")
        for hid in s.party:
            h = s.figures[hid]
            if h.status != ALIVE:
                continue
            yield from hero_turn(game, h, check_end)
            if (yield from check_end(game)):
                return _finish(game)
        yield from dungeon_phase(game, check_end)
        if (yield from check_end(game)):
            return _finish(game)
        game.checkpoint(s.round)
    s.result = {"outcome": "failure", "why": f"the quest ran past {MAX_ROUNDS} rounds"}
    return _finish(game)


def _finish(game: Game) -> dict[str, Any]:
    s: State = game.state
    result = dict(s.result or {})
    result["round"] = s.round
    result["gold"] = {h.id: h.gold for h in s.heroes()}
    s.result = result
    game.checkpoint(s.round)
    return result
