"""Catakombs rules run on a hand-built state with forced dice (the worked examples of §10)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeon_tui.engine.dice import ForcedChance
from dungeon_tui.engine.game import CHANCE, Game
from dungeon_tui.engine.scenario import ScenarioRules

# A power die's face as the six-sided pip the chance seat answers with.
PIP = {"blank": 1, "I": 3, "I*": 5}


def pd(*faces: str) -> list[int]:
    return [PIP[f] for f in faces]


class Picks:
    """A player who makes the listed choices in order: (kind, {arg: value}) matched against the
    offered actions; when the list runs out, the first offered of `then`."""

    def __init__(self, *picks: tuple[str, dict[str, Any]], then: tuple[str, ...] = ("keep_fate",)) -> None:
        self.picks = list(picks)
        self.then = then

    def choose(self, game: Game, d: Any) -> tuple[Any, str]:
        if self.picks:
            kind, args = self.picks[0]
            for a in d.options:
                if a.kind == kind and all(a.get(k) == (tuple(v) if isinstance(v, list) else v)
                                          for k, v in args.items()):
                    self.picks.pop(0)
                    return a, "scripted"
            raise AssertionError(f"{kind} {args} not offered: {[str(a) for a in d.options]}")
        for kind in self.then:
            for a in d.options:
                if a.kind == kind:
                    return a, "scripted"
        return d.options[0], "scripted"


def run(state: Any, proc: Callable[[Game], Any], dice: list[Any], players: Any = None,
        content: Any = None) -> Game:
    game = Game(ScenarioRules(state, proc), {}, 0, content)
    forced = ForcedChance(dice)
    players = players or Picks()
    while not game.over:
        d = game.pending
        action, why = forced.choose(game, d) if d.seat == CHANCE else players.choose(game, d)
        game.play(action, why)
    assert not forced.outcomes, f"dice left over: {forced.outcomes}"
    return game


def rolls(game: Game, rule: str | None = None) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "roll" and (rule is None or e.data["rule"] == rule)]
