"""Goblin Cellar's AI: the goblins (the dungeon seat) and the hero companions.  Each reads only
the decision it is offered and the seat's view, and says why it chose."""
from __future__ import annotations

from typing import Any

from dungeon_tui.engine.game import Action, Decision, Game

from .state import GOBLIN, HERO, distance


def _nearest(view: dict[str, Any], me: str, side: str, square: Any) -> int:
    foes = [f for f in view["figures"].values() if f["side"] == side and f["hp"] > 0 and f["id"] != me]
    return min((distance(tuple(square), tuple(f["pos"])) for f in foes), default=0)


def _choose(game: Game, decision: Decision, foe_side: str) -> tuple[Action, str]:
    view = game.view(decision.seat)
    me = decision.context["figure"]
    attacks = [a for a in decision.options if a.kind == "attack"]
    if attacks:  # the weakest foe beside me first
        best = min(attacks, key=lambda a: (view["figures"][a.get("target")]["hp"], a.get("target")))
        return best, f"attack the weakest foe beside me ({view['figures'][best.get('target')]['name']})"
    here = _nearest(view, me, foe_side, view["figures"][me]["pos"])
    steps = [(a, _nearest(view, me, foe_side, a.get("to"))) for a in decision.options if a.kind == "step"]
    closer = [(a, d) for a, d in steps if d < here]
    if closer:
        step, left = min(closer, key=lambda ad: (ad[1], ad[0].get("to")))
        return step, f"close in: the nearest foe is {left} squares away after this step"
    end = next(a for a in decision.options if a.kind == "end")
    return end, "no foe within reach and no step brings one closer"


class Goblins:
    """The dungeon seat: every goblin attacks the weakest hero beside it, else closes in."""

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        return _choose(game, decision, HERO)


class Companion:
    """A hero companion: the same plain plan against the goblins."""

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        return _choose(game, decision, GOBLIN)
