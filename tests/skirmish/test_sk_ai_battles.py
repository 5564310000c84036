"""Whole battles with the §6 scripts on both warband seats: every scenario ends by its own rules
(a rout, a wipe-out, its objective or its turn limit) for several seeds, and every AI decision
carries a reason naming models, never their ids."""
from __future__ import annotations

import re

import pytest

from dungeon_tui.engine.dice import SeededChance
from dungeon_tui.engine.game import CHANCE
from dungeon_tui.rulesets.skirmish.ai import controllers
from dungeon_tui.rulesets.skirmish.game import GAME

IDS = re.compile(r"\bw\d_\d\d\b")


def battle(scenario, seed):
    game = GAME.new_game({"adventure": scenario}, seed)
    seats = {CHANCE: SeededChance(), **controllers()}
    while not game.over:
        assert len(game.decisions) < 20000, "the battle never ends"
        d = game.pending
        action, why = (seats.get(d.seat) or seats["*"]).choose(game, d)
        if d.seat != CHANCE:
            assert why and not IDS.search(why), why
        game.play(action, why)
    return game


@pytest.mark.parametrize("scenario", ["border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin"])
def test_ai_battles_end_by_the_scenarios_rules(scenario):
    for seed in range(2):
        game = battle(scenario, seed)
        assert game.result["outcome"] in ("side_1", "side_2", "draw")
        assert game.result["why"]
