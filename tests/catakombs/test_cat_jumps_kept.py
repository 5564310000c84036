"""A companion's jumps (ai/leaps.py) kept by what they read of the ground round each take-off
(`sign_of`) and the figures on its lines, and their worth kept by the armed traps and the
hero's odds, are what the rules' jumps from that take-off, priced afresh on the walk's own map,
would be: checked at every take-off every companion search asks, in AI quests where doors open
and barrels and traps stand (burglary, old_fool, lost_treasure)."""
from __future__ import annotations

from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs.ai import leaps, plan
from dungeon_tui.rulesets.catakombs.ai.walks import ground_for, ground_key
from dungeon_tui.rulesets.catakombs.movement import jumps_from
from dungeon_tui.rulesets.catakombs.numbering import grid_numbers
from dungeon_tui.rulesets.catakombs.paths import Search
from dungeon_tui.rulesets.catakombs.state import Figure
from dungeon_tui.rulesets.catakombs.terrain import Map


def _afresh(m: Map, fig: Figure) -> Any:
    """The landings from a square by number, what each adds to a search and its bit, from the
    rules' jumps on this map and the hero's costs, nothing kept."""
    board, costs = m.snapshot(), leaps.jump_costs(fig)
    places = grid_numbers(m.steps())
    entering = ground_for(m, fig, False, ground_key(m, fig, False))[2]

    def landings(i: int) -> tuple[tuple[int, int, int], ...]:
        sq = places.squares[i]
        assert sq is not None
        if sq != fig.at and not board.free(sq):
            return ()
        out = []
        for landing, skipped in jumps_from(board, sq):
            middle = skipped[(len(skipped) + 1) // 2 - 1]
            cost = costs[(len(skipped), not m.lava.isdisjoint(skipped), board.trap(middle))]
            if cost is not None:
                j = places.number[landing]
                out.append((j, cost + entering.get(j, 1) - 1, 1 << j))
        return tuple(out)
    return landings


def test_the_kept_jumps_are_the_rules_jumps_priced_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    real = leaps.leap_walk
    seen = {"asked": 0, "landings": 0}

    wrapped: dict[int, Search] = {}

    def checked(m: Map, fig: Figure) -> Search:
        walk = real(m, fig)
        if wrapped.get(id(walk)) is walk:  # a walk found again: checked already
            return walk
        wrapped[id(walk)] = walk
        kept, afresh = walk._leaps, _afresh(m, fig)
        assert kept is not None

        def both(i: int) -> Any:
            got = kept(i)
            assert tuple(got) == afresh(i)
            seen["asked"] += 1
            seen["landings"] += len(got)
            return got
        walk._leaps = both
        return walk
    monkeypatch.setattr(plan, "leap_walk", checked)
    monkeypatch.setattr(leaps, "_WALKS", {})  # every walk made here, so each is checked
    monkeypatch.setattr(leaps, "_handed_on", lambda *args: None)  # and a search of its own
    for quest in ("burglary", "old_fool", "lost_treasure"):
        play_ai_quest(quest, 0)
        play_ai_quest(quest, 1)
    assert seen["asked"] > 1000 and seen["landings"] > 500, seen
