"""A map lists the figures' squares when first asked (terrain.FiguresOnFirstRead), not when it
is made: at every first question of every map of whole AI quests the squares and the figures
on them are the ones the map would have listed when it was made, and maps that never ask
(a walk's blocking test, a fear test) are made without them."""
from __future__ import annotations

from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs import kept_maps
from dungeon_tui.rulesets.catakombs.state import Figure, Square
from dungeon_tui.rulesets.catakombs.terrain import FiguresOnFirstRead, Map


def _listed(figures: dict[Square, Figure]) -> list[tuple[Square, int]]:
    return [(sq, id(f)) for sq, f in figures.items()]


def test_a_map_lists_at_its_first_question_the_figures_it_would_have_listed_when_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made_with: dict[int, list[tuple[Square, int]]] = {}
    tally = {"made": 0, "read": 0}
    make = Map.__init__

    def making(m: Map, game: Any) -> None:
        make(m, game)
        made_with[id(m)] = _listed(game.state.occupied())
        tally["made"] += 1

    lazy = FiguresOnFirstRead()

    class Checked(FiguresOnFirstRead):
        def __get__(self, m: Any, owner: type | None = None) -> Any:
            if m is None:
                return self
            figures = lazy.__get__(m, owner)
            assert _listed(figures) == made_with[id(m)]
            tally["read"] += 1
            return figures

    monkeypatch.setattr(Map, "__init__", making)
    monkeypatch.setattr(Map, "figures", Checked())
    monkeypatch.setattr(kept_maps, "_WAITING", [])  # no map kept from before the patch
    for quest in ("lost_treasure", "liberation", "end_of_the_reign", "escape", "burglary", "old_fool"):
        for n in (0, 1):
            play_ai_quest(quest, n)
            made_with.clear()  # ids of maps gone may be taken again
    # Read once per map at most (kept after), and many maps never read it.
    assert 1000 < tally["read"] < tally["made"] * 0.8, tally
