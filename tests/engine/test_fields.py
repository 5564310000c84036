"""A state hashed without `vars()` (engine/fields.py): the hash reads each object's fields by
name, the same keys and values `vars()` gives, and the state and its figures keep Python's
compact attributes after it (`vars()` made each a real dict for good, and the rules read them
more slowly for the rest of the game).  Catakombs' and Skirmish's figures and Ashardalon's state
have more fields than Python keeps compact (30): they hold a real dict from the start, and are
not asked."""
from __future__ import annotations

import dataclasses
import gc
from typing import Any

import pytest

from dungeon_tui.engine.fields import fields_of
from dungeon_tui.rulesets import get


def dict_made(obj: Any) -> bool:
    """Whether the object holds a real dict of its attributes (asking `__dict__` here would make
    one): the collector then sees that dict, not each attribute's value."""
    seen = gc.get_referents(obj)
    return len(seen) == 2 and type(seen[0]) is dict and all(f.name in seen[0] for f in dataclasses.fields(obj))


@dataclasses.dataclass
class Hero:
    name: str
    wounds: int = 0
    kit: list[str] = dataclasses.field(default_factory=list)


def test_the_fields_read_are_what_vars_gives_and_no_dict_is_made() -> None:
    elf = Hero("Elf", 2, ["bow"])
    assert fields_of(elf) == {"name": "Elf", "wounds": 2, "kit": ["bow"]}
    assert list(fields_of(elf)) == ["name", "wounds", "kit"]  # the fields' order, as vars() keeps it
    assert fields_of(elf, ("kit",)) == {"name": "Elf", "wounds": 2}
    assert not dict_made(elf)
    assert fields_of(elf) == vars(elf) and dict_made(elf)  # what vars() does, and what the check sees


@pytest.mark.parametrize(("game_id", "state_too", "figures_too"), [
    ("warhammer-quest", True, True), ("heroquest", True, True), ("ashardalon", False, True),
    ("catakombs", True, False), ("skirmish", True, False)])
def test_a_game_hashed_at_every_decision_keeps_its_objects_compact(game_id: str, state_too: bool,
                                                                   figures_too: bool) -> None:
    rs = get(game_id)
    game = rs.new_game({}, 7)
    game.keep_events = False
    seats = rs.ai_controllers()
    for _ in range(150):  # a turn or two of every game, hashed after each decision
        if game.pending is None:
            break
        d = game.pending
        action, why = (seats.get(d.seat) or seats["*"]).choose(game, d)
        game.play(action, why)
        game.state_hash()
    state = game.state
    assert not (state_too and dict_made(state))
    if figures_too:
        figures = state.figures
        assert figures and not any(dict_made(f) for f in figures.values())
