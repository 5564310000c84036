"""The barrow relic's rules every other part of the battle touches (§7.3): its carrier drops it
on its square when it goes down, flees or is removed; a standing model takes up a free relic by
ending any move on or next to it."""
from __future__ import annotations

from ...engine.game import Game
from .distance import distance
from .state import Model, State


def drop(game: Game, model: Model, why: str) -> None:
    s: State = game.state
    if not model.carrying or model.pos is None:
        return
    model.carrying = False
    s.objectives["relic_at"] = list(model.pos)
    game.emit("relic_dropped", model=model.id, at=list(model.pos),
              text=f"{model.name} drops the relic at {model.pos[0]},{model.pos[1]} ({why}).")


def take_up(game: Game, model: Model) -> None:
    """At the end of a walk, a charge, a failed charge or an interception alike: §7.3 says "its
    move", and each of these is one.  Never in flight: a fleeing model drops it."""
    s: State = game.state
    at = s.objectives.get("relic_at")
    if not at or not model.standing or model.fleeing or distance(model.at, (at[0], at[1])) > 1:
        return
    model.carrying = True
    s.objectives["relic_at"] = None
    game.emit("relic", model=model.id, text=f"{model.name} takes up the relic.")
