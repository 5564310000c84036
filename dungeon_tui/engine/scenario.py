"""A ruleset stand-in for running one rule on a hand-built state (tests, worked examples)."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

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


def content_problems_after(tmp_root: Any, game_dir: str, rel_path: str, change: Callable[[Any], None],
                           models: Any, cross_check: Any) -> list[str]:
    """Copy a game's content, apply `change` to one file's YAML data, load it: the problems
    reported (content tests: a broken copy must give its exact one-line error)."""
    import shutil
    from pathlib import Path

    import yaml

    from .content import ContentError, content_root, load_bundle
    root = Path(tmp_root) / "content"
    shutil.copytree(content_root() / game_dir, root / game_dir)
    path = root / game_dir / rel_path
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    try:
        load_bundle(game_dir, models, cross_check, root=root)
    except ContentError as err:
        return list(err.problems)
    raise AssertionError("the changed content loaded without a problem")
