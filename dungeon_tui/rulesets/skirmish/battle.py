"""The battlefield a game is fought on, built once per scenario from the content (terrain.py
caches it): rules ask for it through the game rather than keep it in the state."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from .terrain import Battlefield, battlefield_for


def field_of(game: Game) -> Battlefield:
    s: Any = game.state
    return battlefield_for(game.content, s.scenario)
