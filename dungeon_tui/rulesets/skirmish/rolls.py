"""The tests every part of the rules rolls: Leadership (2D6 <= Ld), Initiative (D6 <= I, a
natural 6 fails) and the D3, each asked of the chance seat and logged as one Roll event."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll
from ...engine.game import Game, Procedure
from .state import Model, State
from .distance import distance
from .tables import d3

LEADER_REACH = 6  # a model within this distance of its standing leader may use the leader's Ld


def sk_roll(game: Game, rule: str, faces: list[int], *, target: int | None = None,
            inputs: dict[str, Any] | None = None, modifiers: dict[str, int] | None = None,
            outcome: Any = None, text: str = "", **extra: Any) -> None:
    """One Roll event, as engine.dice.roll_event makes it, with the fields a rule adds (a
    critical, a killing blow)."""
    game.emit("roll", rule=rule, dice=f"{len(faces)}d6", faces=list(faces), target=target,
              inputs=dict(inputs or {}), modifiers=dict(modifiers or {}), outcome=outcome, text=text, **extra)


def leadership(s: State, model: Model) -> tuple[int, str]:
    """The Ld a model tests on, and whose it is: its own, or its standing, non-fleeing leader's
    within 6 when that is better."""
    lead = s.leader(model.side)
    if (lead is not None and lead is not model and lead.standing and not lead.fleeing
            and distance(lead.at, model.at) <= LEADER_REACH and lead.ld > model.ld):
        return lead.ld, lead.name
    return model.ld, model.name


def ld_test(game: Game, rule: str, model: Model, why: str, ld: int | None = None) -> Procedure:
    """2D6 <= Ld (§5.8); True when passed.  Immune models pass without rolling."""
    s: State = game.state
    if model.immune and rule != "sk.rout.test":
        game.emit("note", model=model.id, text=f"{model.name} is not troubled by {why}.")
        return True
    whose = model.name
    if ld is None:
        ld, whose = leadership(s, model)
    faces = yield from roll(game, 2, 6, rule)
    total = sum(faces)
    ok = total <= ld
    on = "its own" if whose == model.name else f"{whose}'s"
    sk_roll(game, rule, list(faces), target=ld, inputs={"ld": ld, "whose": whose}, outcome="success" if ok else "fail",
            text=f"{model.name} tests {why} on {on} Leadership {ld}: {faces[0]} + {faces[1]} = {total}, "
                 + ("passed." if ok else "failed."))
    return ok


def i_test(game: Game, rule: str, model: Model, why: str) -> Procedure:
    """D6 <= I, and a natural 6 always fails (§5.1); True when passed."""
    (face,) = yield from roll(game, 1, 6, rule)
    ok = face <= model.i and face != 6
    sk_roll(game, rule, [face], target=model.i, inputs={"i": model.i}, outcome="success" if ok else "fail",
            text=f"{model.name} tests Initiative {model.i} to {why}: rolls {face}, " + ("passed." if ok else "failed."))
    return ok


def roll_d3(game: Game, rule: str, what: str) -> Procedure:
    (face,) = yield from roll(game, 1, 6, rule)
    n = d3(face)
    sk_roll(game, rule, [face], outcome=n, text=f"D3 for {what}: {face} gives {n}.")
    return n
