"""A companion's badly hurt allies (ai/hero_words.py `_badly_hurt_now`) are the same when each
heal on each hurt hero is asked of the rules alone (`offer_for`) as when read from the casts'
every offer: checked at every companion decision that asks, in AI quests of old_fool (the
quest with a healer at hand most often) and liberation."""
from __future__ import annotations

import pytest

from cat_ai_quests import play_ai_quest
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


def test_the_heals_asked_alone_find_the_allies_every_cast_offer_does(monkeypatch: pytest.MonkeyPatch) -> None:
    real = hero_words._badly_hurt_now
    seen = {"asked": 0, "reached": 0}

    def checked(p: Plan) -> list[Figure]:
        got = real(p)  # first, so the casts' offers read below are not there for it to find in
        if p.decision is not None and hero_words._healing_spells(p, downed=False):
            assert got == _from_every_cast(p)
            seen["asked"] += 1
            seen["reached"] += bool(got)
        return got
    monkeypatch.setattr(hero_words, "_badly_hurt_now", checked)
    for quest in ("old_fool", "liberation"):
        play_ai_quest(quest, 0)
        play_ai_quest(quest, 1)
    assert seen["asked"] > 20 and seen["reached"] > 5, seen
