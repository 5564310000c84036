"""Whole HeroQuest games: every quest played by AI on every seat ends for many seeds, random
legal play keeps the invariants, and hero views never hold anything Zargon keeps hidden (§6.4)
— checked after every decision."""
from __future__ import annotations

import pytest

from dungeon_tui.ai.controllers import random_controllers
from dungeon_tui.engine import record
from dungeon_tui.engine.game import DUNGEON
from dungeon_tui.rulesets import game_from_record, get
from dungeon_tui.rulesets.heroquest import board, invariants
from dungeon_tui.rulesets.heroquest.game import GAME

QUESTS = ("the_trial", "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern")


def play(game, controllers, check=None):
    while not game.over:
        d = game.pending
        action, why = (controllers.get(d.seat) or controllers["*"]).choose(game, d)
        game.play(action, why)
        if check is not None:
            check(game)
    return game.result


def check_all(game):
    """The ruleset's invariants (dungeon_tui/rulesets/heroquest/invariants.py), shared with `fuzz`."""
    assert invariants.check(game) == []


@pytest.mark.parametrize("quest,seeds", [("the_trial", 10), ("rescue_of_sir_ragnar", 3),
                                         ("warlocks_cellar", 3), ("crypt_of_the_bone_lantern", 3)])
def test_ai_games_end_and_hide_secrets_at_every_step(quest, seeds):
    outcomes = []
    for seed in range(seeds):
        game = GAME.new_game({"adventure": quest}, seed)
        result = play(game, get("heroquest").ai_controllers(), check_all)
        outcomes.append(result["outcome"])
        assert result["outcome"] in ("success", "failure") and "200 rounds" not in result["why"]
    assert len(outcomes) == seeds


@pytest.mark.parametrize("quest", QUESTS)
def test_random_legal_play_keeps_the_invariants(quest):
    for seed in range(3):
        game = GAME.new_game({"adventure": quest}, 100 + seed)
        play(game, random_controllers(seed), check_all)


def test_the_escort_quest_is_won_by_bringing_sir_ragnar_out():
    for seed in range(6):
        game = GAME.new_game({"adventure": "rescue_of_sir_ragnar"}, seed)
        play(game, get("heroquest").ai_controllers())
        if game.result["outcome"] == "success":
            s = game.state
            assert s.figures["sir_ragnar"].pos in board.stairway(game.content.quests[s.quest])
            living = [h for h in s.heroes() if h.status != "dead"]
            assert sum(game.result["reward"].values()) == 240 and set(game.result["reward"]) == {h.id for h in living}
            return
    pytest.fail("no AI party brought Sir Ragnar out in 6 games")


def test_a_saved_heroquest_game_replays_to_the_same_hash(tmp_path):
    game = GAME.new_game({"adventure": "the_trial"}, 5)
    game.run(get("heroquest").ai_controllers())
    path = tmp_path / "hq.json"
    record.save(game, path, "test")
    again = record.replay(record.read(path), game_from_record)
    assert again.state_hash() == game.state_hash() and again.over
    assert GAME.view(again.state, DUNGEON)["figures"].keys() == GAME.view(game.state, DUNGEON)["figures"].keys()


def test_the_kept_seen_corridor_is_the_revealed_list_at_every_step():
    """`board.seen_corridor` is kept with the map and brought up to date as squares are seen
    (doors opening clear it): at every step of AI games it holds exactly the revealed list."""
    def check(game):
        s = game.state
        assert board.seen_corridor(s) == {tuple(sq) for sq in s.revealed_corridor}
    for quest in ("crypt_of_the_bone_lantern", "warlocks_cellar"):
        game = GAME.new_game({"adventure": quest}, 5)
        play(game, get("heroquest").ai_controllers(), check)
        assert len(game.state.revealed_corridor) > 20
