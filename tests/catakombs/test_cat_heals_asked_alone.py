"""A companion's badly hurt allies (ai/hero_words.py `_badly_hurt_now`), and its heals for a
downed ally (`_heals_on_downed`), are the same when each heal on each hero is asked of the rules
alone (`offer_for`) as when read from the casts' every offer: checked at every companion
decision that asks, in AI quests of old_fool (the quest with a healer at hand most often) and
liberation."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.engine.game import Action
from dungeon_tui.rulesets.catakombs.ai import hero_words
from dungeon_tui.rulesets.catakombs.ai.plan import Plan
from dungeon_tui.rulesets.catakombs.state import Figure


def _from_every_cast(p: Plan) -> list[Figure]:
    """The hurt heroes whose id is the target of one of the heals among the casts' offers."""
    hurt = [f for f in p.s.hero_side() if f.standing and 2 * f.pv <= f.max_pv]
    heals = hero_words._healing_spells(p, downed=False) if hurt else []
    if not heals:
        return []
    targets = {a.get("target") for a in hero_words._offered(p, "cast") if a.get("spell") in heals}
    return [f for f in hurt if f.id in targets]


def _watched(monkeypatch: pytest.MonkeyPatch, name: str, expected: Callable[..., list[Any] | None]) -> dict[str, int]:
    """hero_words' `name` checked against `expected` (None: nothing to check) at every call while
    two AI quests each of old_fool and liberation play; how often it was checked, and found some."""
    real = getattr(hero_words, name)
    seen = {"asked": 0, "found": 0}

    def checked(*args: Any) -> Any:
        got = real(*args)  # first, so the casts' offers read below are not there for it to find in
        want = expected(*args)
        if want is not None:
            assert got == want
            seen["asked"] += 1
            seen["found"] += bool(got)
        return got
    monkeypatch.setattr(hero_words, name, checked)
    for quest in ("old_fool", "liberation"):
        play_ai_quest(quest, 0)
        play_ai_quest(quest, 1)
    return seen


def test_the_heals_asked_alone_find_the_allies_every_cast_offer_does(monkeypatch: pytest.MonkeyPatch) -> None:
    def every_cast(p: Plan) -> list[Figure] | None:
        return _from_every_cast(p) if p.decision is not None and hero_words._healing_spells(p, downed=False) else None
    seen = _watched(monkeypatch, "_badly_hurt_now", every_cast)
    assert seen["asked"] > 20 and seen["found"] > 5, seen


def test_the_heals_for_the_downed_asked_alone_are_every_cast_offer_s_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    def every_cast(p: Plan, downed: set[str]) -> list[Action]:
        spells = p.game.content.spells
        return [a for a in hero_words._offered(p, "cast") if a.get("target") in downed
                and spells[a.get("spell")].band(1) is not None and spells[a.get("spell")].downed_ok]
    seen = _watched(monkeypatch, "_heals_on_downed", every_cast)
    assert seen["asked"] > 5 and seen["found"] > 2, seen
