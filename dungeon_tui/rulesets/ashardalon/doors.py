"""Doors (spec §5.12) [H D17]: face-down tokens on door sides block steps, the tile graph and
exploring; a hero along the side reveals one (free); a locked door needs a d20 of 10+."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from .state import Figure

Proc = Generator[Decision, Action, Any]


def reveal_along(game: Game, h: Figure) -> Proc:
    """Reveal every face-down door token on a side the hero stands along."""
    yield from ()


def unlock_options(game: Game, h: Figure, seat: str) -> list[Action]:
    return []


def unlock(game: Game, h: Figure, a: Action) -> Proc:
    yield from ()
