"""The rout test (§5.9): at the start of its turn a side that has lost a quarter of its models
tests on its leader's Leadership, or the best left standing; a failure loses the battle."""
from __future__ import annotations

from ...engine.game import Game, Procedure
from .rolls import ld_test
from .state import GONE, STUNNED, Model, State


def must_test(s: State, side: int) -> bool:
    return 4 * s.lost(side) >= s.starting[str(side)]


def tester(s: State, side: int) -> Model | None:
    """The leader, unless out of action or stunned; then the best Ld among the models neither
    stunned nor out of action (lowest id on a tie); None when there is none."""
    lead = s.leader(side)
    if lead is not None and lead.status not in (*GONE, STUNNED):
        return lead
    able = [m for m in s.side_models(side) if m.on_table and m.status != STUNNED]
    return min(able, key=lambda m: (-m.ld, m.id), default=None)


def rout_test(game: Game, side: int) -> Procedure:
    """True when the side holds; False when it routs (and loses at once)."""
    s: State = game.state
    if not must_test(s, side):
        return True
    who = tester(s, side)
    if who is None:
        game.emit("note", side=side, text="No model is left able to hold the warband together.")
        return False
    return (yield from ld_test(game, "sk.rout.test", who, "for the warband's rout", ld=who.ld))
