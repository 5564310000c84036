"""The AI seats ask for side choices (fate, a failed block, crushing, entries, raising), an
activation or a deployment only outside a figure's choice of action (master.actions_of_one),
which never offers one: at every such choice of whole AI quests, on either side, none is
among all its offers."""
from __future__ import annotations

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine.game import Action, Decision, Game
from dungeon_tui.rulesets.catakombs import seats
from dungeon_tui.rulesets.catakombs.acts import ACTS
from dungeon_tui.rulesets.catakombs.ai.master import SIDE_KINDS, actions_of_one

NEVER = {*SIDE_KINDS, seats.ACTIVATE, "deploy"}


def test_no_action_a_figure_pays_for_is_a_side_choice() -> None:
    assert not NEVER & set(ACTS)


def test_a_figures_choice_of_action_never_holds_a_side_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = {"one": 0, "other": 0}

    def checking(choose):  # type: ignore[no-untyped-def]
        def checked(seat: object, game: Game, d: Decision) -> tuple[Action, str]:
            if actions_of_one(d):
                asked["one"] += 1
                assert not [a for a in d.options if a.kind in NEVER]  # every offer made
                assert all(a.get("figure") in (None, d.context["figure"]) for a in d.options)
            else:
                asked["other"] += 1
            return choose(seat, game, d)
        return checked
    for seat in (seats.SoloMaster, seats.Companion):
        monkeypatch.setattr(seat, "choose", checking(seat.choose))
    for quest in ("lost_treasure", "burglary", "old_fool", "end_of_the_reign"):
        play_ai_quest(quest, 0)
    assert asked["one"] > 500 and asked["other"] > 50, asked
