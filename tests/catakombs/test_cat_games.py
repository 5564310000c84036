"""Whole games of Catakombs: every quest played with the AI on every seat to a win or a loss,
the invariants held after every decision; a hotseat Master's decisions; save and replay."""
from __future__ import annotations

import pytest

from dungeon_tui.engine.game import CHANCE, DUNGEON
from dungeon_tui.rulesets import get

GAME = get("catakombs")
QUESTS = [qid for qid, _ in GAME.adventures()]


def play_out(setup: dict, seed: int, controllers: dict | None = None):
    game = GAME.new_game(setup, seed)
    ctl = controllers or GAME.ai_controllers()
    check = GAME.invariants().check
    count = 0
    while not game.over:
        d = game.pending
        action, why = (ctl.get(d.seat) or ctl["*"]).choose(game, d)
        assert why, f"no reason given for {action}"
        game.play(action, why)
        problems = check(game)
        assert not problems, f"after {action}: {problems}"
        count += 1
        assert count < 20000
    return game


@pytest.mark.parametrize("quest", QUESTS)
def test_every_quest_ends_in_a_win_or_a_loss(quest):
    for seed in (1, 2):
        game = play_out({"adventure": quest}, seed)
        assert game.result["outcome"] in ("victory", "defeat"), game.result
        assert game.result["why"]


def test_hotseat_master_deploys_and_plays():
    game = GAME.new_game({"adventure": "end_of_the_reign", "mode": "hotseat", "turn_limit": 2}, 3)
    d = game.pending
    assert d.seat == DUNGEON and d.options[0].kind == "muster"  # §3.3: the Master picks the roster first
    game.play(next(a for a in d.options if a.kind == "muster_done"))  # the Tomb King alone
    d = game.pending
    assert d.seat == DUNGEON and d.options[0].kind == "deploy" and game.state.roster == ["tomb_king"]
    board = game.content.boards["end_of_the_reign"]
    assert all("entrance" not in board.zones_of(a.get("to")) for a in d.options)
    ai = GAME.ai_controllers()
    while not game.over:
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
    assert game.result["outcome"] in ("victory", "defeat")
    assert "cat.solo.inactive" not in {e.data.get("rule") for e in game.events if e.kind == "roll"}


def test_party_and_roster_by_points():
    setup = GAME.normalise_setup({"points": 200, "heroes": ["torgils", "irf"]})
    assert setup["roster"] == ["tomb_king"] + ["revenant"] * 6 + ["rat"] * 8
    full = GAME.normalise_setup({})
    assert full["roster"][-2:] == ["skell", "vampire"] and full["heroes"] == ["torgils", "esterella", "irf"]
    from dungeon_tui.engine.contract import SetupError
    with pytest.raises(SetupError, match="costs 300 points"):
        GAME.normalise_setup({"points": 200})
    with pytest.raises(SetupError, match="exactly one leader"):
        GAME.normalise_setup({"roster": ["revenant", "skell"]})


def test_a_game_replays_from_its_decisions():
    game = play_out({"adventure": "burglary", "turn_limit": 3}, 5)
    again = GAME.new_game(game.setup, game.seed)
    again.replay_actions(game.decisions)
    assert again.state_hash() == game.state_hash() and again.result == game.result


def test_the_chance_seat_only_rolls():
    game = GAME.new_game({"adventure": "lost_treasure", "turn_limit": 1}, 1)
    ai = GAME.ai_controllers()
    while not game.over:
        d = game.pending
        assert (d.seat == CHANCE) == (d.chance is not None)
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))


def test_the_presenter_draws_the_board_and_names_figures():
    game = GAME.new_game({"adventure": "lost_treasure"}, 1)
    ai = GAME.ai_controllers()
    while game.pending.seat == CHANCE or game.pending.options[0].kind == "deploy":
        d = game.pending
        game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
    p = GAME.presenter()
    seat = game.pending.seat
    cells = p.board(game, seat).cells
    assert cells[(19, 3)] == ("~~", "pit") and cells[(24, 4)] == ("[]", "door") and cells[(0, 0)][1] == "wall"
    assert cells[(30, 13)] == ("[L", "door") and cells[(29, 4)][0] == "▣ "
    assert "Torgils the Dark Wolf: 4 AP" in p.status(game, seat) and "of 20" in p.status(game, seat)
    sheet = p.sheet(game, seat, "esterella")
    assert "Armour: head 0, torso 1, arms 0, legs 0" in sheet and "Freya's healing" in sheet and "fate 2" in sheet
    assert all(" AP" in a.text or a.kind == "end_heroes_turn" for a in game.pending.options)
    ids = set(game.state.figures) - {"irf", "skell", "vampire"}  # ids that are also the names' words
    for a in game.pending.options:
        assert not any(i in a.text for i in ids), a.text
    assert "Tomb King" in "\n".join(p.party(game, seat))


def test_every_spell_has_its_effect_and_content_is_clean():
    from dungeon_tui.rulesets.catakombs.spells import SPELLS
    content = GAME.content()
    assert SPELLS.ids() == sorted(content.spells) and GAME.content_problems(content) == []
    assert SPELLS.problems([*content.spells, "fireball"], "spells.yaml") == [
        "spells.yaml: spell 'fireball' has no effect in the code"]


def test_a_hotseat_master_handed_to_the_ai_sets_up_by_the_solo_rules():
    # The human Master presses space at set-up: the Tomb King goes by the objective as the solo
    # rules put him, not on the first square of the list.
    from dungeon_tui.engine.dice import SeededChance
    from dungeon_tui.rulesets.catakombs.deployment import solo_deployment
    from dungeon_tui.rulesets.catakombs.terrain import board_of
    game = GAME.new_game({"adventure": "liberation", "mode": "hotseat"}, 4)
    game.play(*GAME.ai_controllers()[DUNGEON].choose(game, game.pending))  # the roster, as solo
    while game.pending.seat == CHANCE:
        game.play(*SeededChance().choose(game, game.pending))
    d = game.pending
    assert d.seat == DUNGEON and d.context["figure"] == "tomb_king"
    action, why = GAME.ai_controllers()[DUNGEON].choose(game, d)
    s = game.state
    squares = dict(solo_deployment(board_of(game), game.content.quests["liberation"], "tomb_king",
                                   [f for f in s.roster if f != "tomb_king"]))
    assert tuple(action.get("to")) == squares["tomb_king"] != tuple(d.options[0].get("to"))
    assert why == "set up in the objective's zone"
