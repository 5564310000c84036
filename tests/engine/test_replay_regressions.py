"""Replay regressions: recorded games kept in tests/records/ must replay to the state hash stored
beside them in tests/records/manifest.json, under the rules version they were made with.

A failure here means a game now plays differently from the same decisions.  If that is a
deliberate rules change, bump the ruleset's RULES_VERSION (old saves then say clearly that
they were made with other rules) and make the records again:

    PYTHONPATH=. python tests/records/make_records.py

then review the manifest diff.  If no rule was meant to change, the change is a regression.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dungeon_tui.engine import record
from dungeon_tui.engine.record import RecordError
from dungeon_tui.rulesets import game_from_record, get

RECORDS = Path(__file__).resolve().parents[1] / "records"
MANIFEST = json.loads((RECORDS / "manifest.json").read_text(encoding="utf-8"))
REMAKE = "PYTHONPATH=. python tests/records/make_records.py"


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_record_replays_to_its_stored_hash(name):
    want = MANIFEST[name]
    current = get(want["ruleset"]).rules_version
    if current != want["rules_version"]:
        pytest.fail(f"{name} was recorded with {want['ruleset']} rules version {want['rules_version']}, "
                    f"the ruleset is now at {current}: re-record with `{REMAKE} {name}` and review the diff")
    path = RECORDS / want["file"]
    assert path.stat().st_size < 300_000, "records stay small"
    rec = record.read(path)
    assert rec.rules_version == want["rules_version"] and len(rec.decisions) == want["decisions"]
    game = record.replay(rec, game_from_record)  # also compares every round's hash with the record's
    assert game.over == want["over"]
    assert game.state_hash() == want["state_hash"], (
        f"{name} replays to another state with the same rules version {current}: a regression, or a rules "
        f"change that needs RULES_VERSION bumped and `{REMAKE}`")


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_record_from_other_rules_version_is_refused_in_one_line(name, tmp_path):
    """A record of another rules version is never replayed silently under the current rules."""
    data = json.loads((RECORDS / MANIFEST[name]["file"]).read_text(encoding="utf-8"))
    current = get(MANIFEST[name]["ruleset"]).rules_version
    data["rules_version"] = current + "-old"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as err:
        record.replay(record.read(path), game_from_record)
    message = str(err.value)
    assert "\n" not in message
    assert f"rules version {current}-old" in message and f"this build has {current}" in message


def test_manifest_names_every_record_kept():
    kept = {p.name for p in RECORDS.glob("*.json") if p.name != "manifest.json"}
    assert kept == {entry["file"] for entry in MANIFEST.values()}
    from dungeon_tui.rulesets import GAMES
    assert {entry["ruleset"] for entry in MANIFEST.values()} == set(GAMES)  # a record of every game
    assert any(not entry["over"] for entry in MANIFEST.values()), "a mid-game save is among the records"
