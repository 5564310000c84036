"""The solo Master's entry found by one search from the targets (reinforcements._nearest_to_targets)
is the one found entry by entry (_nearest_by_entries): at every entry chosen in whole AI
quests, and for random heroes on every quest's board with its doors shut, then all open; and
the steps the searches take go both ways there."""
from __future__ import annotations

import random
from typing import Any

import pytest

from cat_ai_quests import play_ai_quest
from dungeon_tui.rulesets import get
from dungeon_tui.rulesets.catakombs import reinforcements
from dungeon_tui.rulesets.catakombs.numbering import bits, terrain
from dungeon_tui.rulesets.catakombs.state import Square
from dungeon_tui.rulesets.catakombs.terrain import Map

QUESTS = ("lost_treasure", "liberation", "end_of_the_reign", "escape", "burglary", "old_fool")


def _both(m: Map, targets: list[Square]) -> tuple[Square, Square] | None:
    steps = m.steps()
    for a, near in steps.items():  # a step goes both ways
        assert all(a in steps.get(b, ()) for b in near)
    entries = list(m.board.entries)
    ground = terrain(steps, m.floor_bits() | bits(steps, targets), {})
    insides = bits(steps, (e.inside for e in entries))
    if not (insides and insides & ground[0] == insides and insides.bit_count() == len(entries)):
        return None
    return (reinforcements._nearest_to_targets(steps, ground, targets, insides),
            reinforcements._nearest_by_entries(m, entries, targets, ground))


def test_in_ai_quests_the_entry_is_the_one_found_entry_by_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"asked": 0}
    by_targets = reinforcements._nearest_to_targets

    def checked(steps: Any, ground: Any, targets: list[Square], insides: int) -> Square:
        found = by_targets(steps, ground, targets, insides)
        m = Map(game_now[0])
        assert found == reinforcements._nearest_by_entries(m, list(m.board.entries), targets, ground)
        seen["asked"] += 1
        return found

    game_now: list[Any] = []
    entry = reinforcements.solo_entry

    def solo_entry(game: Any) -> Square:
        game_now[:] = [game]
        return entry(game)

    monkeypatch.setattr(reinforcements, "_nearest_to_targets", checked)
    monkeypatch.setattr(reinforcements, "solo_entry", solo_entry)
    monkeypatch.setattr(reinforcements, "_ENTRIES", {})
    from dungeon_tui.rulesets.catakombs.ai import master
    monkeypatch.setattr(master, "solo_entry", solo_entry)
    for quest in QUESTS:
        for n in (0, 1):
            play_ai_quest(quest, n)
    assert seen["asked"] > 20, seen


@pytest.mark.parametrize("quest", QUESTS)
def test_for_random_heroes_the_entry_is_the_one_found_entry_by_entry(quest: str) -> None:
    game_set = get("catakombs")
    game = game_set.new_game({"adventure": quest}, 7)
    rng = random.Random(quest)
    s = game.state
    for doors in ("closed", "open"):
        for k in s.doors:
            s.doors[k] = doors
        m = Map(game)
        floor = sorted(m.floor)
        compared = 0
        for _ in range(60):
            targets = rng.sample(floor, rng.randint(1, 3))
            both = _both(m, targets)
            if both is not None:
                assert both[0] == both[1], (doors, targets)
                compared += 1
        assert compared == 60
