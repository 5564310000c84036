"""The AI seats as the game offers them: the solo Master's script seat (ai/master.py) answers
the Master's own choices, and the turn's question of which figure acts next is answered by the
Master's order of §6.3 (the figures not roused first, in roster order; then the roused ones,
nearest their target first); the companions (ai/companions.py) set their heroes down by the
stairs (§3.6) and play by their script."""
from __future__ import annotations

from ...engine.game import DUNGEON, Action, Controller, Decision, Game
from .ai import controllers as script_seats
from .ai.master import actions_of_one
from .ai.plan import name
from .kept_maps import map_for

ACTIVATE = "activate"


class SoloMaster:
    def __init__(self, seat: Controller) -> None:
        self.seat = seat

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        offered = [] if actions_of_one(d) else d.offers_of(ACTIVATE)
        if not offered:
            return self.seat.choose(game, d)
        ids = [a.get("figure") for a in offered]
        # On the map of the decision's moment: the chosen figure's own choice comes next with
        # nothing done in between, and reads the same map (turns.master_act hands it on).
        first = self.seat.first(game, ids, map_for(game, d))  # type: ignore[attr-defined]
        fig = game.state.figures[first]
        roused = "roused" if fig.activated else "not roused"
        # The first offer for it, found by the ids already read (one per offer, in order).
        return offered[ids.index(first)], f"{name(fig)} acts next ({roused})"


class Companion:
    """A hero seat given to the AI: it sets its hero down on the square nearest the stairs
    (§3.6; the game offers them nearest first), then plays by its script seat."""

    def __init__(self, seat: Controller) -> None:
        self.seat = seat

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        # A choice of squares lists only them: asked by kind, a figure's offers are not made.
        if not actions_of_one(d) and d.offers_of("deploy") and d.options[0].kind == "deploy":
            return d.options[0], "the free square nearest the stairs"
        return self.seat.choose(game, d)


def controllers() -> dict[str, Controller]:
    seats = script_seats()
    return {DUNGEON: SoloMaster(seats[DUNGEON]), "*": Companion(seats["*"])}
