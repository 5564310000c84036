"""Whole HeroQuest games: The Trial played by AI on every seat ends for many seeds, and hero
views never hold an unrevealed monster, trap, secret door or room square."""
from __future__ import annotations

from dungeon_tui.ai.controllers import ai_controllers
from dungeon_tui.engine import record
from dungeon_tui.engine.game import DUNGEON
from dungeon_tui.rulesets import game_from_record
from dungeon_tui.rulesets.heroquest import board
from dungeon_tui.rulesets.heroquest.ruleset import RULESET


def test_the_trial_ends_for_many_seeds_and_hides_secrets(tmp_path):
    outcomes = set()
    for seed in range(12):
        game = RULESET.new_game({"adventure": "the_trial"}, seed)
        ctl = ai_controllers("heroquest")
        steps = 0
        while not game.over:
            d = game.pending
            action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
            game.play(action, why)
            steps += 1
            if steps % 7 == 0:
                check_hero_view(game)
        outcomes.add(game.result["outcome"])
        assert game.result["outcome"] in ("success", "failure")
    assert outcomes  # every game reached an end


def check_hero_view(game):
    s = game.state
    view = RULESET.view(s, "hero:barbarian")
    for fid, f in view["figures"].items():
        if f["side"] == "monster":
            assert f["placed"] and board.revealed(s, tuple(f["pos"])), fid
            assert "dread" not in f and "guard" not in f
    for x, y, area, _ in view["areas"]:
        assert board.revealed(s, (x, y))
    assert all(t["state"] != "hidden" for t in view["traps"].values())
    full = RULESET.view(s, DUNGEON)
    assert len(full["figures"]) >= len(view["figures"])


def test_a_saved_heroquest_game_replays_to_the_same_hash(tmp_path):
    game = RULESET.new_game({"adventure": "the_trial"}, 5)
    game.run(ai_controllers("heroquest"))
    path = tmp_path / "hq.json"
    record.save(game, path, "test")
    again = record.replay(record.read(path), game_from_record)
    assert again.state_hash() == game.state_hash() and again.over
