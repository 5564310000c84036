"""A ruleset stand-in for running one rule on a hand-built state (tests, worked examples)."""
from __future__ import annotations

from typing import Any, Callable

from .game import Game


class ScenarioRules:
    """Plays `proc(game)` on `state`; the game ends when it returns (its value in the result)."""

    id = "scenario"
    rules_version = "test"

    def __init__(self, state: Any, proc: Callable[[Game], Any], view: Callable[[Any, str], Any] | None = None) -> None:
        self._state, self._proc, self._view = state, proc, view

    def new_state(self, setup: Any, content: Any, seed: int) -> Any:
        return self._state

    def procedure(self, game: Game) -> Any:
        result = yield from self._proc(game)
        return {"outcome": "done", "value": result}

    def state_dict(self, state: Any) -> dict[str, Any]:
        return state.to_dict()  # type: ignore[no-any-return]

    def view(self, state: Any, seat: str) -> Any:
        return self._view(state, seat) if self._view else state.to_dict()

    def seats(self, state: Any) -> list[str]:
        return []
