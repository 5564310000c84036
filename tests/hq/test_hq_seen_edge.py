"""The seen corridor's edge (companions._seen_edge), brought up to date as more is seen by
asking again only the squares beside what was seen since, is the edge worked out afresh, at
every time the leader asks through whole AI quests."""
from __future__ import annotations

from typing import Any

import pytest

from dungeon_tui.batch import game_seed
from dungeon_tui.rulesets.heroquest.ai import companions
from dungeon_tui.rulesets.heroquest.game import GAME


@pytest.mark.parametrize("quest", ["crypt_of_the_bone_lantern", "warlocks_cellar"])
def test_the_edge_kept_up_to_date_is_the_edge_worked_out_afresh(quest: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept_edge = companions._seen_edge
    asked = []

    def checked(p: Any, seen: Any) -> list[Any]:
        memo = p.s.grid.memo
        before = memo.get("seen_edge")
        found = kept_edge(p, seen)
        after = memo.pop("seen_edge")
        assert found == kept_edge(p, seen), (quest, p.s.round)  # from nothing kept
        memo["seen_edge"] = after
        asked.append(before is not None and before[0] != after[0])  # brought up to date
        return found

    monkeypatch.setattr(companions, "_seen_edge", checked)
    for n in range(2):
        game = GAME.new_game({"adventure": quest}, game_seed(2027, n))
        ctl = GAME.ai_controllers()
        while not game.over:
            d = game.pending
            game.play((ctl.get(d.seat) or ctl["*"]).choose(game, d)[0])
    assert sum(asked) > 20
