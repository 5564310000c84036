"""Potions (§2.8): healing at any time, strength and heroic brew on one's own turn."""
from __future__ import annotations

from ...engine.dice import roll, roll_event
from ...engine.game import Game, Procedure
from . import magic
from .state import Figure
from .words import potion_name

# Potions drunk on one's own turn, and the flag each sets; healing is rolled instead.
TURN_POTIONS = {"strength": "strength", "heroic_brew": "brew"}


def drink(game: Game, figure: Figure, index: int) -> Procedure:
    potion = figure.potions.pop(index)
    if potion in TURN_POTIONS:
        figure.flags[TURN_POTIONS[potion]] = True
        game.emit("drink", figure=figure.id, potion=potion,
                  text=f"{figure.name} drinks the {potion_name(game.content, potion)}.")
        return
    # "healing" rolls a red die; "healing:N" (a quest's own potion) heals N.
    _, _, amount_text = potion.partition(":")
    fixed = int(amount_text) if amount_text not in ("", "0") else None
    if fixed is None:
        face = (yield from roll(game, 1, 6, "hq.item.potion_healing"))[0]
        roll_event(game, "hq.item.potion_healing", "1d6", [face], outcome=face,
                   text=f"{figure.name} drinks a potion of healing: {face}.")
        amount = face
    else:
        amount = fixed
    magic.heal(game, figure, amount)
