"""Whole quests played quietly by the AI on every seat, for tests that watch the rules or the
seats while they play (a check wrapped round a function) and count what they saw."""
from __future__ import annotations

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Game
from dungeon_tui.rulesets import get


def play_ai_quest(quest: str, n: int = 0) -> Game:
    """The quest played to its end with the AI on every seat: game `n` of seed 2027, no
    events or hashes kept."""
    game_set = get("catakombs")
    game = game_set.new_game({"adventure": quest}, game_seed(2027, n))
    game.keep_events = False
    game.hashes = False
    game.run(game_set.ai_controllers())
    assert game.result
    return game
