"""The canonical state hash: orjson's fast path writes json's very bytes on every game's states,
and whatever orjson would write differently (or refuses) is hashed through json, to the same
hash as before."""
from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Any

import pytest

from dungeon_tui.engine import canonical, record
from dungeon_tui.engine import game as engine_game
from dungeon_tui.engine.canonical import canonical_hash, canonical_json, json_bytes
from dungeon_tui.rulesets import game_from_record

RECORDS = Path(__file__).parents[1] / "records"
orjson = pytest.importorskip("orjson")


def json_hash(data: Any) -> str:
    return hashlib.sha256(json_bytes(data)).hexdigest()[:16]


@pytest.mark.parametrize("name", ["hq-the_trial-finished", "hq-ragnar-midgame", "whq-fp6-finished",
                                  "ash-closed_doors-finished", "ash-day-midgame",
                                  "cat-liberation-midgame", "sk-barrow_tomb-finished"])
def test_both_encodings_agree_on_every_checkpoint_state(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state a kept record hashes (the five games): orjson's bytes are json's, and the
    fast path took them (no state falls back)."""
    states: list[Any] = []

    def keep(data: Any) -> str:
        states.append(data)
        return canonical_hash(data)

    monkeypatch.setattr(engine_game, "canonical_hash", keep)
    game = record.replay(record.read(RECORDS / f"{name}.json"), game_from_record)
    assert len(states) == len(game.checkpoints) > 0
    for data in states:
        fast = orjson.dumps(data, option=canonical._OPTIONS)
        assert fast == json_bytes(data) and canonical._plain(fast)


SLOW = {
    "exponent floats": {"a": [1e-05, 2.5e-07, 1e16, 1e300]},
    "plain floats": {"a": 1.5, "b": -0.0},
    "non-ASCII text": {"name": "Skórzany"},
    "DEL": {"a": "x\x7fy"},
    "int keys": {1: "a", 2: "b"},
    "an int beyond 64 bits": {"a": 2 ** 70, "b": -(2 ** 64)},
    "a text like a float": {"a": "v1.2 and 3e4"},
    "ids with dots, no float": {"s1.d0": "s1.entry", "-": "+"},
}


@pytest.mark.parametrize("what", sorted(SLOW))
def test_what_orjson_writes_otherwise_goes_through_json(what: str) -> None:
    data = SLOW[what]
    assert canonical_json(data) == json_bytes(data)
    assert canonical_hash(data) == json_hash(data)


@dataclasses.dataclass
class Point:
    x: int


@pytest.mark.parametrize("data", [{"at": Point(1)}, {"a": {(1, 2): 3}}, {1: "a", "b": 2}])
def test_what_json_refuses_is_refused(data: Any) -> None:
    with pytest.raises(TypeError):
        json_bytes(data)
    with pytest.raises(TypeError):
        canonical_hash(data)


def test_plain_data_takes_the_fast_path_and_keeps_its_hash() -> None:
    data = {"b": [1, -2, 2 ** 63, True, None, (3, "x")], "a": {"z": "\n\t\"\\/\x01", "y": []}}
    assert canonical._plain(orjson.dumps(data, option=canonical._OPTIONS))
    assert canonical_hash(data) == json_hash(data) == "e550aa93245184b4"  # main's hash, by json alone


def test_without_orjson_the_hashes_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"b": [1, 2], "a": {"x": "y"}, "floats": [0.5]}
    fast = canonical_hash(data)
    monkeypatch.setattr(canonical, "orjson", None)
    assert canonical_hash(data) == fast == json_hash(data)


@pytest.mark.parametrize("value", [1.5, -0.5, 0.0, 1e-05, -2.5e-07, 1e16, -1e16, 1e300, 0.0001, 123456.75])
def test_every_float_orjson_writes_is_seen_as_one(value: float) -> None:
    """Where orjson and json may write a float apart (exponents), the float must be found:
    every float token, with its signs, sends the data to json."""
    for data in ({"a": value}, [value, -1], {"e": [-value, "e-1"]}):
        assert not canonical._plain(orjson.dumps(data, option=canonical._OPTIONS))
        assert canonical_json(data) == json_bytes(data)
