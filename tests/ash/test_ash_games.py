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


def companion_goal(adventure: str, quinn, monster_at) -> str:
    from ash_scenario import dungeon, monster, run

    from dungeon_tui.rulesets.ashardalon.ai.companions import HeroAI
    s = dungeon({"quinn": quinn}, adventure=adventure)
    monster(s, "snake", monster_at)
    game = run(s, lambda g: iter(()), [])
    return HeroAI().goal_kind(game, s.figures["quinn"])


def test_the_companion_explores_rather_than_draw_an_encounter():
    # Quinn at 1,5 with the start tile's west edge a step away and a snake up north: ending the
    # phase off an edge costs an encounter card, so he goes to the edge (§5.6, §5.7).
    assert companion_goal("a_day_in_the_life", (1, 5), (2, 0)) == "an unexplored edge"
    # Along that edge with the snake beside him, he stays and fights there.
    assert companion_goal("a_day_in_the_life", (0, 5), (1, 5)) == "monster"
    # In the monster hunt the monsters are the goal.
    assert companion_goal("monster_hunt", (1, 5), (2, 0)) == "monster"
