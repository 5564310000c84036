"""The battlefield a game is fought on, built once per scenario from the content (terrain.py
caches it): rules ask for it through the game rather than keep it in the state."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from .content import load_content
from .terrain import Battlefield, battlefield_for

# scenario -> (content, its battlefield), for the content the game ships with: the rules ask for
# the battlefield thousands of times a battle, and battlefield_for looks it up by digest.
_SHIPPED: dict[str, tuple[Any, Battlefield]] = {}


def field_of(game: Game) -> Battlefield:
    s: Any = game.state
    kept = _SHIPPED.get(s.scenario)
    if kept is not None and kept[0] is game.content:
        return kept[1]
    field = battlefield_for(game.content, s.scenario)
    if game.content is load_content():
        _SHIPPED[s.scenario] = (game.content, field)
    return field
