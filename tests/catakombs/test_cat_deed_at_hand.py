"""The rules' word that no deed can be offered (quests.deed_at_hand) is never wrong: whenever
a companion asks whether the quest's deed is at hand, every figure on the map it says so of is
offered none of the deeds, no leaving and, while the gem does not lie loose, no gem to take;
and the companions' answers are those the offers give (the same-quests table pins their play)."""
from __future__ import annotations

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs import quests
from dungeon_tui.rulesets.catakombs.acts import ACTS
from dungeon_tui.rulesets.catakombs.ai import hero_words
from dungeon_tui.rulesets.catakombs.items import lying_loose
from dungeon_tui.rulesets.catakombs.state import Figure
from dungeon_tui.rulesets.catakombs.terrain import Map


def _offered(m: Map, fig: Figure, gem: bool) -> list[str]:
    """The deeds, leaving and (unless the gem lies loose) taking the gem offered to the figure,
    by the rules' own offers, whatever it can pay."""
    kinds = [*quests.DEEDS, "leave", "take_item"]
    found = [a for k in kinds for a in ACTS[k].offers(m, fig, "seat")]
    return [a.kind for a in found if a.kind != "take_item" or (not gem and a.get("item") == hero_words.GEM)]


def test_no_deed_is_offered_where_the_rules_say_none_is_at_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = quests.deed_at_hand
    said = {"none": 0, "maybe": 0, "offered": 0}

    def checked(m: Map, fig: Figure, gem: bool, leaving: bool) -> bool:
        loose = lying_loose(m.s, hero_words.GEM)
        assert gem == loose
        for other in m.figures.values():  # every figure standing on the board, either side
            if not real(m, other, loose, True):
                assert _offered(m, other, loose) == [], other.id
                said["none"] += 1
            else:
                said["maybe"] += 1
                said["offered"] += bool(_offered(m, other, loose))
        answer = real(m, fig, gem, leaving)
        assert not answer or real(m, fig, gem, True)  # asked of less, never says more
        return answer
    monkeypatch.setattr(hero_words, "deed_at_hand", checked)
    for quest in ("lost_treasure", "liberation", "end_of_the_reign", "escape", "burglary", "old_fool"):
        play_ai_quest(quest, 0)
        play_ai_quest(quest, 1)
    assert said["none"] > 1000 and said["offered"] > 10, said
