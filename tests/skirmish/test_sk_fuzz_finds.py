"""Games the fuzz runner broke, played again as it played them (seed 1, AI with one choice in
four random): each must now keep every invariant to its end."""
from __future__ import annotations

import pytest

from dungeon_tui import fuzz
from dungeon_tui.rulesets import get


# Games 252 and 512 of `fuzz --game skirmish --games 600 --players mixed`: a charge intercepted
# while its route crossed a square no model may stand on (a wall it climbed over) ended there.
@pytest.mark.parametrize("index", [252, 512])
def test_an_intercepted_charge_stops_where_a_model_may_stand(index, tmp_path):
    check = get("skirmish").invariants().check
    game, _adventure, failures, capped = fuzz.fuzz_game("skirmish", index, 1, 5000, 250, check, tmp_path, "mixed")
    assert failures == [] and not capped and game is not None and game.over
