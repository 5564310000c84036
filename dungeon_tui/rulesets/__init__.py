"""The registry of rulesets: the only way the app and the command line reach a game."""
from __future__ import annotations

from typing import Any

GAMES = {
    "warhammer-quest": "dungeon_tui.rulesets.warhammer_quest.ruleset",
}


def get(game_id: str) -> Any:
    """The ruleset object for a game id; raises KeyError with the known ids."""
    import importlib
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[game_id]).RULESET
