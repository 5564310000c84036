"""Asking whether a warrior may do something never changes the game: options are made only
when someone reads them (the AI does, a replay does not), so a query that wrote to the state
made a live game and its replay differ.  Found by fuzz (seed 96, game 269, The Sword of the
Electors): the sword's list of warriors who had tried was started by `can_act`."""
from __future__ import annotations

from dungeon_tui import fuzz
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.warhammer_quest.adventures import hooks_for


def test_the_sword_of_the_electors_is_tried_by_the_rules_not_by_asking(tmp_path) -> None:
    rs = get("warhammer-quest")
    game = rs.new_game({"adventure": "ic6"}, 7)
    seats = rs.ai_controllers()
    while not game.over and len(game.decisions) < 60:
        before = game.state_hash()
        for warrior in game.state.heroes():
            hooks_for(game).can_act(game, warrior)
            hooks_for(game).extra_options(game, warrior)
        assert game.state_hash() == before  # nothing written by asking
        d = game.pending
        game.play(*(seats.get(d.seat) or seats["*"]).choose(game, d))
    assert "tried" in game.state.adv  # the rules keep the list as the warriors are asked


def test_the_fuzzed_game_that_found_it_saves_and_loads(tmp_path) -> None:
    rs = get("warhammer-quest")
    game, adventure, failures, _capped = fuzz.fuzz_game("warhammer-quest", 269, 96, 300, 50,
                                                         rs.invariants().check, tmp_path, "mixed")
    assert adventure == "ic6" and game is not None and len(game.decisions) >= 250
    assert failures == []
