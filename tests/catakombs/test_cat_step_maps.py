"""The map of a run's or a wander's next step is the last step's map with that step taken
(kept_maps.stepped), not listed again: at every such step of whole AI quests it holds the figures
a map made there would list, each on its square (the stepping figure last), and the same ground."""
from __future__ import annotations

from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets.catakombs import kept_maps, movement
from dungeon_tui.rulesets.catakombs.state import Figure, Square
from dungeon_tui.rulesets.catakombs.terrain import Map


def test_a_next_steps_map_stands_as_a_map_made_there(monkeypatch: pytest.MonkeyPatch) -> None:
    tally = {"steps": 0, "carried": 0}
    step = kept_maps.stepped

    def checked(game: Any, placed: dict[Square, Figure], fig: Figure, left: Square) -> Map:
        m = step(game, placed, fig, left)
        carried = "figures" in vars(m)  # set by the step, not listed when first read
        fresh = Map(game)
        assert dict(m.figures) == fresh.figures  # the same squares and figures, order aside
        assert (m.ground_number, m.armed, m.floor, m.passages) == (fresh.ground_number, fresh.armed, fresh.floor,
                                                                    fresh.passages)
        tally["steps"] += 1
        tally["carried"] += carried
        return m

    monkeypatch.setattr(movement, "stepped", checked)
    for quest in ("burglary", "old_fool", "lost_treasure", "liberation", "end_of_the_reign", "escape"):
        for n in (0, 1):
            play_ai_quest(quest, n)
    # Runs and wanders take their second step many times a quest, most with nothing sprung.
    assert tally["steps"] > 500 and tally["carried"] > 0.9 * tally["steps"], tally
