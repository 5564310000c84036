"""The grouped offers keep their promise on real games: replaying each kept HeroQuest, Warhammer
Quest and Ashardalon record, every choice found without the options list is the very option
the whole list holds (the same action, the same words), and every decision settled as having
one option has exactly one in the whole list."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dungeon_tui.engine import game as engine_game
from dungeon_tui.engine import offers, record
from dungeon_tui.engine.game import Action, Decision, LazyDecision
from dungeon_tui.rulesets import game_from_record

RECORDS = Path(__file__).parents[1] / "records"


@pytest.mark.parametrize("name", ["hq-the_trial-finished", "hq-ragnar-midgame", "whq-fp6-finished",
                                  "ash-closed_doors-finished", "ash-day-midgame"])
def test_found_choices_are_the_listed_ones(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = {"found": 0, "only": 0}
    lazy_offered = LazyDecision.offered

    def offered(self: LazyDecision, action: Action) -> Action | None:
        make = self._make
        got = lazy_offered(self, action)
        if make is not None and make is not engine_game._played:
            whole = Decision(self.seat, self.prompt, make()).offered(action)
            assert got == whole and (got is None or got.text == whole.text), (name, action)  # type: ignore[union-attr]
            checked["found"] += 1
        return got

    grouped = offers.grouped_choice

    def grouped_choice(*args: Any) -> tuple[LazyDecision, Action | None]:
        decision, only = grouped(*args)
        whole = grouped(*args)[0].options
        assert (only is not None) == (len(whole) == 1) and (only is None or only.text == whole[0].text)
        checked["only"] += 1
        return decision, only

    monkeypatch.setattr(LazyDecision, "offered", offered)
    rec = record.read(RECORDS / f"{name}.json")
    game_from_record(rec)  # the ruleset's modules imported, so each one's grouped_choice is patched
    for module in ("heroquest.heroes", "heroquest.monsters", "warhammer_quest.warriors", "ashardalon.heroes"):
        mod = __import__(f"dungeon_tui.rulesets.{module}", fromlist=["grouped_choice"])
        monkeypatch.setattr(mod, "grouped_choice", grouped_choice)
    game = record.replay(rec, game_from_record)
    assert game.decisions and checked["found"] >= 5 and checked["only"] >= 5, checked
