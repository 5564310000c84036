"""The solo Master asks for its side choices (fate, a failed block, crushing, entries, raising)
only outside a figure's choice of action, which never offers one: at every figure's choice of
whole AI quests, side_choice would have found none."""
from __future__ import annotations

from typing import Any

import pytest

from dungeon_tui.batch import game_seed
from dungeon_tui.engine.game import Action, Decision, Game, LazyDecision
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.catakombs.acts import ACTS
from dungeon_tui.rulesets.catakombs.ai import master
from dungeon_tui.rulesets.catakombs.ai.master import SIDE_KINDS, MasterSeat, side_choice


def test_no_action_a_figure_pays_for_is_a_side_choice() -> None:
    assert not set(SIDE_KINDS) & set(ACTS)


def test_a_figures_choice_of_action_never_holds_a_side_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = {"figure": 0, "side": 0}
    choose = MasterSeat.choose

    def checked(seat: MasterSeat, game: Game, d: Decision) -> tuple[Action, str]:
        if isinstance(d, LazyDecision) and d.context.get("figure") is not None:
            asked["figure"] += 1
            assert side_choice(game, d) is None
            assert not [a for a in d.options if a.kind in SIDE_KINDS]  # every offer made, then
        return choose(seat, game, d)

    def counted(game: Game, d: Decision) -> Any:
        asked["side"] += 1
        return side_choice(game, d)
    monkeypatch.setattr(MasterSeat, "choose", checked)
    monkeypatch.setattr(master, "side_choice", counted)
    game_set = get("catakombs")
    for quest in ("lost_treasure", "burglary", "old_fool", "end_of_the_reign"):
        game = game_set.new_game({"adventure": quest}, game_seed(2027, 0))
        game.keep_events = False
        game.hashes = False
        game.run(game_set.ai_controllers())
        assert game.result
    assert asked["figure"] > 500 and asked["side"] > 20, asked
