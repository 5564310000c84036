"""Chambers (spec §5.12): what happens when a chamber entrance is placed."""
from __future__ import annotations

from typing import Any, Generator

from ...engine.game import Action, Decision, Game
from .geometry import PlacedTile

Proc = Generator[Decision, Action, Any]


def entered(game: Game, new: list[PlacedTile]) -> Proc:
    """A chamber entrance among the new tiles builds its chamber (adventures 4 and later)."""
    for placed in new:
        if placed.tile.endswith("_entrance"):
            game.emit("chamber", tile=placed.tile, text="A chamber entrance: the chamber beyond is not built yet "
                                                          "in this version.")
    yield from ()
