"""The registry of games: the one place a game is named, and the only way the app and the
command line reach one.  A game's package holds a `game` module whose `GAME` meets the
contract in engine/contract.py; it is imported the first time it is asked for, so the title
screen loads no game."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..engine.errors import RecordError

if TYPE_CHECKING:  # the registry's names load nothing else: the command line reads them first
    from ..engine.contract import Ruleset
    from ..engine.game import Game

# id -> (the module holding GAME, other names the command line and old records use).
# The first game is the one the app and the command line offer first.
GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "warhammer-quest": ("dungeon_tui.rulesets.warhammer_quest.game", ("whq", "warhammer_quest")),
    "heroquest": ("dungeon_tui.rulesets.heroquest.game", ("hq",)),
    "ashardalon": ("dungeon_tui.rulesets.ashardalon.game", ("wrath-of-ashardalon", "woa")),
    "catakombs": ("dungeon_tui.rulesets.catakombs.game", ("cat",)),
    "skirmish": ("dungeon_tui.rulesets.skirmish.game", ("sk", "warhammer-skirmish")),
}
DEFAULT = next(iter(GAMES))


def register(game: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """Add a game kept outside this package (a plug-in, or the tiny game of the tests); the
    games of dungeon-tui itself are the lines of GAMES above."""
    if game in GAMES and GAMES[game][0] != module:
        raise ValueError(f"game {game!r} is already registered by {GAMES[game][0]}")
    GAMES[game] = (module, aliases)


def game_id(name: str) -> str:
    """A game's id from its id or one of its other names; KeyError lists the known ids."""
    if name in GAMES:
        return name
    for gid, (_module, aliases) in GAMES.items():
        if name in aliases:
            return gid
    raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")


def get(name: str) -> Ruleset[Any, Any]:
    """The game for an id or another of its names; raises KeyError with the known ids."""
    game: Ruleset[Any, Any] = importlib.import_module(GAMES[game_id(name)][0]).GAME
    return game


def game_ids() -> list[str]:
    """Every registered game's id, in the registry's order."""
    return list(GAMES)


def all_games() -> list[Ruleset[Any, Any]]:
    return [get(gid) for gid in GAMES]


def game_from_record(rec: Any) -> Game:
    """A fresh game with a record's ruleset, setup and seed; problems are RecordErrors."""
    try:
        rs = get(rec.ruleset)
    except KeyError as err:
        raise RecordError(f"the record is for a game this build does not have: {err.args[0]}") from None
    from ..engine.packs import PackError
    try:
        # exactly the content packs the record was made with (none for a record that names none)
        return rs.new_game(rec.setup, rec.seed, packs=rec.meta.get("packs") or [])
    except PackError as err:
        raise RecordError(err.problems[0]) from None
    except (ValueError, KeyError, TypeError) as err:
        raise RecordError(f"the record's setup is not valid: {err}") from None
