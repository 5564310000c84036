"""The saves list reads a record's head only (issue 20): the same game, setup and meta as a full
read, from the first bytes and the last; old records and damaged files still listed right."""
import json

import pytest

from dungeon_tui.engine import record, record_head
from tests.engine.test_engine_records import toy_game


def saved(tmp_path, name="g.json", meta=None):
    path = tmp_path / name
    record.save(toy_game(), path, "test", meta or {"turn": 2, "party": ["a"], "date": "2026-11-25 23:00"})
    return path


def test_head_matches_the_full_read_without_reading_the_decisions(tmp_path, monkeypatch):
    path = saved(tmp_path)
    full = record.read(path)
    monkeypatch.setattr(record_head, "read_text", lambda p: pytest.fail("the head needs no full read"))
    head = record.read_head(path)
    assert (head.ruleset, head.seed, head.setup, head.meta) == (full.ruleset, full.seed, full.setup, full.meta)


def test_a_head_longer_than_the_first_bytes_falls_back_to_a_full_read(tmp_path, monkeypatch):
    monkeypatch.setattr(record_head, "HEAD_BYTES", 40)
    path = saved(tmp_path)
    assert record.read_head(path).meta["turn"] == 2


def test_a_record_written_with_meta_last_is_still_listed(tmp_path):
    path = saved(tmp_path)
    data = json.loads(path.read_text())
    data["meta"] = data.pop("meta")  # the order records had before the head came first
    path.write_text(json.dumps(data))
    assert record.read_head(path).meta["date"] == "2026-11-25 23:00"


@pytest.mark.parametrize("damage,needle", [
    (lambda t: t[: len(t) * 2 // 3], "cut short"),
    (lambda t: t.replace("dungeon-tui-record", "something-else"), "not a dungeon-tui record"),
    (lambda t: t.replace('"version":1', '"version":9'), "format version 9"),
    (lambda t: "[1, 2, 3]", "not a dungeon-tui record"),
    (lambda t: "", "empty"),
])
def test_damaged_files_are_marked_unreadable_in_one_line(tmp_path, damage, needle):
    path = saved(tmp_path)
    path.write_text(damage(path.read_text()))
    with pytest.raises(record.RecordError, match=needle):
        record.read_head(path)


def test_a_folder_named_like_a_save_is_unreadable_not_a_traceback(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(record.RecordError, match="not a file"):
        record.read_head(tmp_path / "folder.json")


def test_the_saves_list_reads_heads_without_the_record_models(tmp_path):
    """Reading heads (the saves list, Continue, the plain title) never loads pydantic: the
    import alone was a third of the list's first rows."""
    import subprocess
    import sys
    saved(tmp_path, meta={"turn": 2, "shown": {"game": "Toy", "adventure": "A walk", "party": ["Ann"]}})
    code = ("import sys; from pathlib import Path; from dungeon_tui.tui.app import describe; "
            f"row = describe(Path({str(tmp_path / 'g.json')!r})); "
            "assert row[1] != 'unreadable', row; assert 'pydantic' not in sys.modules, 'pydantic loaded'")
    subprocess.run([sys.executable, "-c", code], check=True, env={"DUNGEON_TUI_CACHE": "", "PATH": ""})
