"""A walk handed on along the way an earlier walk found (onward.py) answers as a search of its
own would, at every question of whole AI games: the Master's walks, and a companion's walks with
jumps (ai/leaps.py), which also say no to a goal out of reach from the root's answers alone."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs.onward import Onward


def _checked(name: str, tally: dict[str, int]) -> Callable[..., Any]:
    answer = getattr(Onward, name)

    def check(self: Onward, *args: Any) -> Any:
        if self._real is not None:  # it searches for itself now
            return answer(self, *args)
        fresh = self.fresh()  # asked what this walk was, before the question
        got = answer(self, *args)
        assert got == getattr(fresh, name)(*args), (name, args)
        if self._real is None:
            kind = f"{name} with leaps" if self.root.leaps else name
            tally[kind] = tally.get(kind, 0) + 1
            if callable(args[0]):
                tally["a test of goals"] = tally.get("a test of goals", 0) + 1
            if name == "nearest" and got is not None and not callable(args[0]):
                # As near or one step nearer: settling no further than the nearest did.
                for steps in (got[1], got[1] - 1):
                    assert Onward.within(self, args[0], steps) == self.fresh().within(args[0], steps)
        return got
    return check


def _checked_and_counted(monkeypatch: pytest.MonkeyPatch, hands_on: str) -> tuple[dict[str, int], list[Onward]]:
    """Every walk handed on checked at every question against a search of its own, the answers
    tallied by question; and the walks that `hands_on` (a module's function, by its path)
    handed on."""
    tally: dict[str, int] = {}
    for name in ("nearest", "route", "within", "any_at"):
        monkeypatch.setattr(Onward, name, _checked(name, tally))
    made: list[Onward] = []
    module, function = hands_on.rsplit(".", 1)
    handing_on = getattr(importlib.import_module(module), function)

    def counted(*args: Any) -> Onward | None:
        walk = handing_on(*args)
        if walk is not None:
            made.append(walk)
        return walk
    monkeypatch.setattr(hands_on, counted)
    return tally, made


def test_a_walk_handed_on_answers_as_its_own_search_would(monkeypatch: pytest.MonkeyPatch) -> None:
    tally, made = _checked_and_counted(monkeypatch, "dungeon_tui.rulesets.catakombs.ai.walks.onward")
    for quest in ("lost_treasure", "burglary", "old_fool", "escape"):
        for i in range(2):
            play_ai_quest(quest, i)
    # The games handed walks on and answered from them, every kind of question.
    assert len(made) > 100
    assert tally.get("nearest", 0) > 100 and tally.get("route", 0) > 100
    assert tally.get("any_at", 0) > 10 and tally.get("a test of goals", 0) > 10, tally


def test_a_companions_walk_handed_on_answers_as_its_own_search_would(monkeypatch: pytest.MonkeyPatch) -> None:
    tally, made = _checked_and_counted(monkeypatch, "dungeon_tui.rulesets.catakombs.ai.leaps._handed_on")
    for quest in ("lost_treasure", "burglary", "old_fool", "escape", "liberation", "end_of_the_reign"):
        for i in range(2):
            play_ai_quest(quest, i)
    # The companions' walks were handed on and answered from, the way on and no foe near.
    assert len(made) > 100, len(made)
    assert tally.get("route with leaps", 0) > 50 and tally.get("within with leaps", 0) > 50, tally
