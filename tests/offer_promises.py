"""Checks shared by the games whose decisions are lazy (`engine.game.LazyDecision`): the
promises a replay and an AI rely on, held at every such decision of a whole game."""
from __future__ import annotations

from typing import Any

from dungeon_tui.ai.controllers import mixed_controllers
from dungeon_tui.engine.game import Action, Decision, Game, LazyDecision


def played_through(rules: Any, setup: dict[str, Any], seed: int, mixed: bool, wrap: Any) -> tuple[Game, Any]:
    """A whole game of `setup`, the AI or mixed players (as fuzz has them) on every seat, seen
    through `wrap`, the checker: the game and the checker."""
    game = rules.new_game(setup, seed)
    game.keep_events = False
    checking = wrap(mixed_controllers(rules, seed ^ 0xF022, rules.invariants().shun) if mixed
                    else rules.ai_controllers())
    game.run({"*": checking})
    return game, checking


def words(actions: list[Action]) -> list[tuple[str, str]]:
    return [(str(a), a.text) for a in actions]


class CheckingFind:
    """Wraps the seats: at every lazy decision, the finder a replay uses (`find`, which makes
    only the played kind's offers) returns each element of the whole list, with its words, and
    nothing for the options of the decision before, unless the whole list holds them too."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats
        self.found = self.refused = 0
        self.before: list[Action] = []

    def choose(self, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, LazyDecision):
            find = d._find
            everything = d.options
            for a in everything:
                got = find(a)
                assert got is not None and (str(got), got.text) == (str(a), a.text), (a, d.prompt)
                self.found += 1
            for a in self.before:
                if a not in everything:
                    assert find(a) is None, (a, d.prompt)
                    self.refused += 1
            self.before = everything
        seat = self.seats.get(d.seat) or self.seats["*"]
        return seat.choose(game, d)  # type: ignore[no-any-return]
