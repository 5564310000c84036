"""Whole Ashardalon games played by AI on every seat end with a result, and replaying the
decision list on a fresh game reaches the same state hash."""
from __future__ import annotations

import pytest

from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.ashardalon.game import GAME

CASES = [
    ("a_day_in_the_life", ["keyleth"]),
    ("a_day_in_the_life", ["quinn", "vistra"]),
    ("monster_hunt", ["quinn", "vistra", "keyleth", "tarak", "heskan"]),
]


@pytest.mark.parametrize("adventure,heroes", CASES, ids=["day-solo1", "day-2heroes", "hunt-5heroes"])
def test_ai_games_end_and_replay_to_the_same_hash(adventure, heroes):
    outcomes = []
    for seed in range(10):
        setup = {"adventure": adventure, "heroes": heroes}
        game = GAME.new_game(setup, seed)
        result = game.run(get("ashardalon").ai_controllers())
        assert game.over
        assert result.get("outcome") in ("victory", "defeat"), result
        assert "ran past" not in result.get("why", ""), result
        again = GAME.new_game(setup, seed)
        again.replay_actions(game.decisions)
        assert again.over and again.result == game.result
        assert again.state_hash() == game.state_hash()
        outcomes.append(result["outcome"])
    assert len(outcomes) == 10
