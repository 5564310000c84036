"""A companion's walk with jumps handed on along its way (ai/leap_onward.py) answers as a search
of its own would, at every question of whole AI quests, and answers most of them itself."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs.ai import leap_onward
from dungeon_tui.rulesets.catakombs.ai.leap_onward import LeapOnward
from dungeon_tui.rulesets.catakombs.onward import Onward


answer_within = LeapOnward.within


def _checked(name: str, tally: dict[str, int]) -> Callable[..., Any]:
    answer = getattr(LeapOnward, name)

    def check(self: Onward, *args: Any) -> Any:
        if self._real is not None:
            return answer(self, *args)
        fresh = self.fresh()  # asked what this walk was, before the question
        got = answer(self, *args)
        assert got == getattr(fresh, name)(*args), (name, args)
        if self._real is None:  # answered from the walk before the move
            tally[name] = tally.get(name, 0) + 1
            if name == "nearest" and got is not None and not callable(args[0]):
                # As near or one step nearer: settling no further than the nearest did.
                for steps in (got[1], got[1] - 1):
                    assert answer_within(self, args[0], steps) == self.fresh().within(args[0], steps)
        return got
    return check


def test_a_companions_walk_handed_on_answers_as_its_own_search_would(monkeypatch: pytest.MonkeyPatch) -> None:
    tally: dict[str, int] = {}
    for name in ("nearest", "route", "within", "any_at"):
        monkeypatch.setattr(LeapOnward, name, _checked(name, tally))
    made: list[LeapOnward] = []
    handing_on = leap_onward.hand_on

    def counted(*args: Any) -> LeapOnward | None:
        walk = handing_on(*args)
        if walk is not None:
            made.append(walk)
        return walk
    monkeypatch.setattr("dungeon_tui.rulesets.catakombs.ai.leaps.hand_on", counted)
    for quest in ("lost_treasure", "burglary", "old_fool", "liberation"):
        for i in range(2):
            play_ai_quest(quest, i)
    # Walks were handed on, and some moved jumps (the test that they change no answer ran).
    print("MADE", len(made), sum(1 for w in made if w._changed), tally)
    assert len(made) > 50, len(made)
    assert sum(1 for w in made if w._changed) > 10
    assert tally.get("nearest", 0) > 50 and tally.get("route", 0) > 20, (len(made), tally)
