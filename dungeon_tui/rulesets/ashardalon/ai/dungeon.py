"""The dungeon seat of Wrath of Ashardalon (spec §6.2): the rules offer one activation, the
line of the figure's tactics script that fired, so the seat carries it out and gives its reason."""
from __future__ import annotations

from ....engine.game import Action, Decision, Game


class DungeonSeat:
    """The rules offer one activation, the line the figure's script fired; its reason is the why."""

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        return decision.options[0], str(decision.context.get("reason") or "tactics script")
