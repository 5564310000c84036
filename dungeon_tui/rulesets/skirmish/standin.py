"""A stand-in for the warbands' AI until the tactics scripts of §6 (ai/) take the seats: every
model advances on the nearest enemy, charges what it can reach, shoots the easiest target and
fights.  Plain and deterministic; each choice says why in a player's words."""
from __future__ import annotations

from ...engine.game import Action, Decision, Game
from .distance import distance
from .state import Model, State

PREFERRED = ("go_first", "stand_and_shoot", "hold", "stand_up", "dispel", "search", "stay_seen")


class Advance:
    """The stand-in controller for either warband seat."""

    def choose(self, game: Game, decision: Decision) -> tuple[Action, str]:
        s: State = game.state
        options = decision.options
        kinds = [a.kind for a in options]
        for kind in PREFERRED:
            if kind in kinds:
                return options[kinds.index(kind)], f"{kind.replace('_', ' ')}: the plain choice"
        if kinds[0] == "deploy":
            return _deploy(s, options)
        if "declare_charge" in kinds:
            return _charge(s, options)
        if "move_model" in kinds:
            pick = next(a for a in options if a.kind == "move_model")
            return pick, f"{s.models[pick.get('model')].name} moves next"
        if "move" in kinds or "climb" in kinds:
            return _advance(s, options)
        if "shoot" in kinds:
            shots = [a for a in options if a.kind == "shoot"]
            best = min(shots, key=lambda a: (_need(a), a.get("model"), a.get("target")))
            return best, f"the easiest shot: {best}"
        if "cast" in kinds:
            return next(a for a in options if a.kind == "cast"), "cast the first spell offered"
        return options[0], "the first choice offered"


def _deploy(s: State, options: list[Action]) -> tuple[Action, str]:
    best = min(options, key=lambda a: (distance(tuple(a.get("at")), (17, 17)), a.get("at")[1], a.get("at")[0]))
    return best, "as near the middle of the field as the zone allows"


def _foes(s: State, m: Model) -> list[Model]:
    return [e for e in s.on_table(3 - m.side) if not e.hidden]


def _charge(s: State, options: list[Action]) -> tuple[Action, str]:
    best: tuple[int, Action] | None = None
    for a in options:
        if a.kind != "declare_charge":
            continue
        m, t = s.models[a.get("model")], s.models[a.get("target")]
        d = distance(m.at, t.at)
        if d <= 2 * m.m and (best is None or d < best[0]):
            best = (d, a)
    if best is None:
        return next(a for a in options if a.kind == "end_charges"), "no enemy within charge reach"
    return best[1], f"{s.models[best[1].get('target')].name} is {best[0]} squares away, within reach"


def _advance(s: State, options: list[Action]) -> tuple[Action, str]:
    m = s.models[options[0].get("model")]
    foes = _foes(s, m)
    if not foes:
        return next(a for a in options if a.kind == "stay"), "no enemy in sight"

    def gap(sq: tuple[int, int]) -> int:
        return min(distance(sq, e.at) for e in foes)

    moves = [a for a in options if a.kind in ("move", "climb")]
    best = min(moves, key=lambda a: (gap(tuple(a.get("to"))), a.get("to")[1], a.get("to")[0]))
    if gap(tuple(best.get("to"))) >= gap(m.at):
        return next(a for a in options if a.kind == "stay"), "no move brings it nearer an enemy"
    return best, f"closer to the nearest enemy ({gap(tuple(best.get('to')))} squares)"


def _need(a: Action) -> int:
    return int(a.get("need"))
