"""Skirmish positions laid by hand, and one rule run with forced dice."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules
from dungeon_tui.rulesets.skirmish.content import load_content
from dungeon_tui.rulesets.skirmish.muster import model_of
from dungeon_tui.rulesets.skirmish.state import Model, State


def unit(pid: str, mid: str, at: tuple[int, int] | None, name: str | None = None, **changes: Any) -> Model:
    """A model of a shipped profile on a square."""
    out = model_of(load_content(), pid, mid, name, leader=changes.pop("leader", False))
    out.pos = at
    for key, value in changes.items():
        setattr(out, key, value)
    return out


def state(*models: Model, scenario: str = "border_patrol") -> State:
    s = State(scenario, ["empire_patrol", "orc_raiders"], {"1": "hero:warband_1", "2": "dungeon"})
    for m in models:
        s.models[m.id] = m
    s.starting = {"1": len(s.side_models(1)) or 1, "2": len(s.side_models(2)) or 1}
    s.active = 1
    return s


def model(mid: str, name: str, at: tuple[int, int] | None = (0, 0), *, m: int = 4, ws: int = 3, bs: int = 3,
          s: int = 3, t: int = 3, w: int = 1, i: int = 3, a: int = 1, ld: int = 7, save: int | None = None,
          shield: int = 0, **more: Any) -> Model:
    side = int(mid[1])
    out = Model(mid, side, name.lower().replace(" ", "_"), name, more.pop("role", "melee"), more.pop("leader", False),
                m, ws, bs, s, t, w, i, a, ld, pos=at, wounds=w, save_base=save, shield=shield, **more)
    return out


class Picks:
    """A seat that makes the listed choices in order, each (kind, {arg: value}); then the first option."""

    def __init__(self, *picks: tuple[str, dict[str, Any]]) -> None:
        self.picks = list(picks)

    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        if self.picks:
            kind, args = self.picks[0]
            for a in d.options:
                if a.kind == kind and all(a.get(k) in (v, tuple(v) if isinstance(v, list) else v)
                                          for k, v in args.items()):
                    self.picks.pop(0)
                    return a, "scripted"
            raise AssertionError(f"{kind} {args} not offered: {[str(a) for a in d.options]}")
        return d.options[0], "first option"


def run(s: State, proc: Callable[[Game], Any], dice: list[Any], seats: Any = None, content: Any = None) -> Game:
    """Play `proc` on the state with faces from `dice` in order; every forced face must be used."""
    game = Game(ScenarioRules(s, proc), {}, 0, content or load_content())
    forced = ForcedChance(dice)
    while not game.over:
        assert len(game.decisions) < 5000, "the procedure never ends"
        d = game.pending
        if d.seat == CHANCE:
            action, why = forced.choose(game, d)
        elif seats is not None:
            action, why = seats.choose(game, d)
        else:
            action, why = d.options[0], "test"
        game.play(action, why)
    assert not forced.outcomes, f"unused forced dice: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == kind]
