"""The AI Master's set-up in a hotseat game whose Master seat was handed to the AI: each figure
goes where the solo rules would put it (§6.3, deployment.py), troops dealt in roster order as
no shuffle was drawn; the first offered square if that one is not offered."""
from __future__ import annotations

from ....engine.game import Action, Decision, Game, thaw
from ..deployment import solo_deployment
from ..state import State
from ..terrain import board_of


def deploy_choice(game: Game, d: Decision) -> tuple[Action, str]:
    s: State = game.state
    leader = next(fid for fid in s.roster if s.figures[fid].has("leader"))
    troops = [fid for fid in s.roster if fid != leader]
    quest = game.content.quests[s.quest]
    squares = dict(solo_deployment(board_of(game), quest, leader, troops))
    want = squares.get(d.context.get("figure", ""))
    chosen = next((a for a in d.options if want is not None and tuple(thaw(a.get("to"))) == want), None)
    if chosen is None:
        return d.options[0], "the first free square"
    zone = "the objective's zone" if d.context.get("figure") == leader else "its zone by the solo rules"
    return chosen, f"set up in {zone}"
