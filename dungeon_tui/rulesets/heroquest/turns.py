"""The HeroQuest procedure: setup (§3), rounds of heroes then Zargon (§4), the end (§5.12)."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game, Procedure
from . import board, magic, relics
from .ending import check_end
from .hero_turn import hero_turn
from .monsters import dungeon_phase
from .state import ALIVE, State

MAX_ROUNDS = 200


def setup(game: Game) -> None:
    s: State = game.state
    c = game.content
    quest = c.quests[s.quest]
    for i, sq in enumerate(board.stairway(quest)[: len(s.party)]):
        s.figures[s.party[i]].pos = sq
    game.emit("briefing", text=f"{quest.name}: {quest.briefing}")
    for h in s.heroes():
        board.reveal_from(s, c, h.square)


def escort_turn(game: Game, hid: str) -> Procedure:
    """The escort moves right after the hero who leads him (the next living one if he fell)."""
    s: State = game.state
    if s.escort is None:
        return
    e = s.figures[s.escort]
    lead = s.figures.get(s.escort_controller or "")
    if lead is None or lead.status != ALIVE or lead.pos is None:
        from .rescue import hand_escort_on
        hand_escort_on(game)
    if s.escort_controller == hid and e.status == ALIVE and e.pos is not None:
        yield from hero_turn(game, e)


def procedure(game: Game) -> Procedure:
    s: State = game.state
    if not game.resuming:  # a game rebuilt at a keyframe goes straight on with the next round
        setup(game)
        yield from magic.draft(game)
        yield from relics.name_ring_spell(game)
    while s.round < MAX_ROUNDS:
        s.round += 1
        s.phase = "heroes"
        game.emit("round", round=s.round, text=f"Round {s.round}.")
        for hid in s.party:
            h = s.figures[hid]
            if h.status != ALIVE:
                continue
            yield from hero_turn(game, h)
            if check_end(game):
                return _finish(game)
            yield from escort_turn(game, hid)
            if check_end(game):
                return _finish(game)
        yield from dungeon_phase(game)
        if check_end(game):
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
    game.checkpoint(s.round, resumable=False)
    return result
