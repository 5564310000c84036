"""The registry of rulesets: the only way the app and the command line reach a game."""
from __future__ import annotations

from typing import Any

GAMES = {
    "warhammer-quest": "dungeon_tui.rulesets.warhammer_quest.ruleset",
    "heroquest": "dungeon_tui.rulesets.heroquest.ruleset",
    "ashardalon": "dungeon_tui.rulesets.ashardalon.ruleset",
}


def get(game_id: str) -> Any:
    """The ruleset object for a game id; raises KeyError with the known ids."""
    import importlib
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[game_id]).RULESET


ALIASES = {"whq": "warhammer-quest", "warhammer_quest": "warhammer-quest", "hq": "heroquest", "wrath-of-ashardalon": "ashardalon", "woa": "ashardalon"}


def game_from_record(rec: Any) -> Any:
    """A fresh game with a record's ruleset, setup and seed; problems are RecordErrors."""
    from ..engine.record import RecordError
    try:
        rs = get(ALIASES.get(rec.ruleset, rec.ruleset))
    except KeyError as err:
        raise RecordError(f"the record is for a game this build does not have: {err.args[0]}") from None
    try:
        return rs.new_game(rec.setup, rec.seed)
    except (ValueError, KeyError, TypeError) as err:
        raise RecordError(f"the record's setup is not valid: {err}") from None
