"""The barrow relic's one rule every other part of the battle touches (§7.3): its carrier drops
it on its square when it goes down, flees or is removed."""
from __future__ import annotations

from ...engine.game import Game
from .state import Model, State


def drop(game: Game, model: Model, why: str) -> None:
    s: State = game.state
    if not model.carrying or model.pos is None:
        return
    model.carrying = False
    s.objectives["relic_at"] = list(model.pos)
    game.emit("relic_dropped", model=model.id, at=list(model.pos),
              text=f"{model.name} drops the relic at {model.pos[0]},{model.pos[1]} ({why}).")
