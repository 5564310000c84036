"""Asking a seat only when it has a real choice: a decision with a single option is played at
once and the log says why, so nobody is stopped to confirm what the rules already settle."""
from __future__ import annotations

from collections.abc import Generator

from ...engine.game import Action, Decision, Game


def ask(game: Game, decision: Decision, why: str) -> Generator[Decision, Action, Action]:
    """The option the seat picks; with only one on offer, that one, and `why` in the log."""
    if len(decision.options) == 1:
        only = decision.options[0]
        who = only.get("who")
        game.emit("settled", text=why, **({"figure": who} if who is not None else {}))
        return only
    pick: Action = yield decision
    return pick
