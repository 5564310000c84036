"""Asking a seat only when it has a real choice: a decision with a single option is played at
once and the log says why, so nobody is stopped to confirm what the rules already settle."""
from __future__ import annotations

from collections.abc import Callable, Generator

from ...engine.game import Action, Decision, Game, LazyDecision


def ask(game: Game, decision: Decision, why: str | Callable[[Action], str],
        only: Action | None = None) -> Generator[Decision, Action, Action]:
    """The option the seat picks; with only one on offer, that one, and `why` (or `why` of it)
    in the log.  A decision whose options are made when read (a LazyDecision) comes with its
    `only` option found by its maker, or None when it has several: counting would make them."""
    if only is None and not isinstance(decision, LazyDecision) and len(decision.options) == 1:
        only = decision.options[0]
    if only is not None:
        return settled(game, only, why if isinstance(why, str) else why(only))
    pick: Action = yield decision
    return pick


def settled(game: Game, only: Action, why: str) -> Action:
    """`ask`'s lone option played at once, and the log's line saying why (for a caller that
    asks every step of a turn, without a generator of its own each time)."""
    who = only.get("who")
    game.emit("settled", text=why, **({"figure": who} if who is not None else {}))
    return only
