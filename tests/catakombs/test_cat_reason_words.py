"""The AI's reasons say "1 step", not "1 steps": the counts in them agree with their nouns."""
from __future__ import annotations

import re

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets import get

GAME = get("catakombs")
ONE_MANY = re.compile(r"\b1 (steps|squares)\b")


def test_counts_in_the_reasons_agree_with_their_nouns() -> None:
    game = GAME.new_game({"adventure": "liberation"}, game_seed(1, 0))
    game.keep_events = False
    game.run(GAME.ai_controllers())
    whys = [why for _action, why in game.decisions]
    assert not [w for w in whys if ONE_MANY.search(w)]
    # The quest does bring a figure one step from its goal, so the singular was asked for.
    assert any("(1 step to go)" in w for w in whys)
