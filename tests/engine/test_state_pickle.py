"""Keyframe copies (engine/state_pickle.py): a state pickled field by field reads back equal,
leaves its objects' attributes in Python's compact form (no `__dict__` made) in the state and
in the copy, and anything that is not exactly its fields is pickled as pickle always does."""
from __future__ import annotations

import dataclasses
import enum
import gc
import pickle
from pathlib import Path
from typing import Any

import pytest

from dungeon_tui.engine import record, state_pickle
from dungeon_tui.engine.game import freeze_state, thaw_state
from dungeon_tui.rulesets import game_from_record

RECORDS = Path(__file__).parents[1] / "records"


def compact(obj: Any) -> bool:
    """Whether the object's attributes are still in the compact array (no dict made): the
    collector then sees each field's value itself, not one dict (asking for `__dict__` here
    would make it)."""
    values = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    seen = gc.get_referents(obj)  # the values, then the class
    return len(seen) == len(values) + 1 and all(a is b for a, b in zip(seen, values, strict=False))


@dataclasses.dataclass
class Figure:
    name: str
    at: tuple[int, int]
    wounds: int = 0
    kit: list[str] = dataclasses.field(default_factory=list)


class Side(enum.Enum):
    HEROES = "heroes"


@dataclasses.dataclass(frozen=True)
class Mark:
    what: str


@dataclasses.dataclass
class Board:
    figures: dict[str, Figure]
    marks: list[Mark]


def test_a_dataclass_is_copied_field_by_field_and_stays_compact() -> None:
    elf, dwarf = Figure("Elf", (1, 2), kit=["bow"]), Figure("Dwarf", (3, 4), 2)
    board = Board({"elf": elf, "dwarf": dwarf}, [Mark("x")])
    board.figures["again"] = elf  # one object twice: one object twice in the copy too
    copy = pickle.loads(state_pickle.dumps(board))
    assert copy == board and copy.figures["again"] is copy.figures["elf"]
    assert all(compact(o) for o in (elf, dwarf, board, copy, copy.figures["elf"], copy.figures["dwarf"]))


def test_what_is_not_exactly_its_fields_is_pickled_as_usual() -> None:
    extra = Figure("Wizard", (0, 0))
    extra.spells = 3  # type: ignore[attr-defined]
    with_dict = Figure("Barbarian", (5, 5))
    assert with_dict.__dict__ and not compact(with_dict)  # a dict made before the copy
    deleted = Figure("Troll", (6, 6))
    del deleted.wounds
    copy = pickle.loads(state_pickle.dumps([extra, with_dict, deleted, Mark("y"), Side, Side.HEROES, Figure, len]))
    assert copy[4:] == [Side, Side.HEROES, Figure, len]
    assert copy[0].spells == 3 and (copy[0].name, copy[0].at) == ("Wizard", (0, 0))
    assert copy[1] == with_dict and "wounds" not in vars(copy[2]) and copy[3] == Mark("y")


@pytest.mark.parametrize("name", ["hq-the_trial-finished", "whq-fp6-finished", "ash-day-midgame",
                                  "cat-liberation-midgame", "sk-barrow_tomb-finished"])
def test_every_game_state_reads_back_the_same(name: str) -> None:
    """A kept record's game, with keyframes kept: each keyframe reads back to a state of the same
    hash as the game's at that checkpoint, and a copy read back hashes as the state it copies."""
    rec = record.read(RECORDS / f"{name}.json")
    game = record.replay(rec, game_from_record, upto=0)
    game.keep_keyframes, game.keyframe_gap = True, 1
    game = record.play_on(rec, game, 0)
    assert len(game.keyframes) > 2
    hashes = {at: digest for at, _round, digest in game.checkpoints}
    for frame in game.keyframes:
        state = thaw_state(frame.frozen)
        assert canonical(game, state) == hashes[frame.decisions]
    assert canonical(game, thaw_state(freeze_state(game.state))) == game.state_hash()


def canonical(game: Any, state: Any) -> str:
    from dungeon_tui.engine.canonical import canonical_hash
    return canonical_hash(game.ruleset.state_dict(state))
