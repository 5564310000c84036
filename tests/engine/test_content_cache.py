"""The parsed content kept as JSON between runs (engine/content_cache.py): used when the files
are the same, never when one changed, skipped when it cannot be written or read."""
import json

import pytest
from pydantic import BaseModel

from dungeon_tui.engine import content as content_module
from dungeon_tui.engine import content_cache
from dungeon_tui.engine.content import ContentError, load_bundle


class Beast(BaseModel):
    name: str
    wounds: int


class Beasts(BaseModel):
    beasts: dict[str, Beast]


MODELS = {"beasts.yaml": Beasts}


def write(root, text):
    (root / "g").mkdir(exist_ok=True)
    (root / "g" / "beasts.yaml").write_text(text)


def kept(cache):
    return sorted(p.name for p in (cache / "content").glob("*.json")) if (cache / "content").is_dir() else []


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(content_cache.ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def parses(monkeypatch):
    """How many times a file's YAML is parsed."""
    count = [0]
    parse = content_module.parse_yaml

    def counted(raw, shown):
        count[0] += 1
        return parse(raw, shown)
    monkeypatch.setattr(content_module, "parse_yaml", counted)
    return count


def test_the_second_load_reads_the_kept_copy_and_gives_the_same_content(tmp_path, cache, parses):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    first = load_bundle("g", MODELS, root=tmp_path)
    assert parses[0] == 1 and len(kept(cache)) == 1
    second = load_bundle("g", MODELS, root=tmp_path)
    assert parses[0] == 1  # not parsed again
    assert second["beasts.yaml"] == first["beasts.yaml"] and second.digest == first.digest


def test_an_edited_file_is_parsed_again_and_its_old_copy_goes(tmp_path, cache, parses):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    load_bundle("g", MODELS, root=tmp_path)
    before = kept(cache)
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 3}\n")
    assert load_bundle("g", MODELS, root=tmp_path)["beasts.yaml"].beasts["rat"].wounds == 3
    assert parses[0] == 2 and len(kept(cache)) == 1 and kept(cache) != before


def test_the_models_check_the_kept_copy_every_time(tmp_path, cache):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    load_bundle("g", MODELS, root=tmp_path)

    class Stricter(BaseModel):  # the code changed, the file did not
        beasts: dict[str, dict[str, str]]
    with pytest.raises(ContentError, match=r"beasts\.rat\.wounds"):
        load_bundle("g", {"beasts.yaml": Stricter}, root=tmp_path)


def test_a_folder_that_cannot_be_written_is_skipped(tmp_path, monkeypatch, parses):
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv(content_cache.ENV, str(tmp_path / "a-file"))  # content/ cannot be made in it
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    for _ in range(2):
        assert load_bundle("g", MODELS, root=tmp_path)["beasts.yaml"].beasts["rat"].wounds == 1
    assert parses[0] == 2


def test_a_damaged_copy_is_ignored_and_written_again(tmp_path, cache, parses):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    load_bundle("g", MODELS, root=tmp_path)
    [name] = kept(cache)
    (cache / "content" / name).write_text('{"beasts.yaml": {"beasts": ')
    assert load_bundle("g", MODELS, root=tmp_path)["beasts.yaml"].beasts["rat"].wounds == 1
    assert parses[0] == 2
    assert json.loads((cache / "content" / name).read_text())["beasts.yaml"]["beasts"]["rat"]["wounds"] == 1


def test_data_json_cannot_give_back_is_never_kept(tmp_path, cache, parses):
    class Counts(BaseModel):
        counts: dict[int, str]
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "counts.yaml").write_text("counts: {1: one, 2: two}\n")  # numbers as keys
    for _ in range(2):
        assert load_bundle("g", {"counts.yaml": Counts}, root=tmp_path)["counts.yaml"].counts[2] == "two"
    assert parses[0] == 2 and kept(cache) == []


def test_no_cache_when_the_variable_is_empty(tmp_path, monkeypatch, parses):
    monkeypatch.setenv(content_cache.ENV, "")
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    load_bundle("g", MODELS, root=tmp_path)
    load_bundle("g", MODELS, root=tmp_path)
    assert parses[0] == 2 and not (tmp_path / "content").exists()


def test_a_file_with_problems_is_not_kept(tmp_path, cache):
    write(tmp_path, "beasts:\n  rat: {name: Rat\n")
    with pytest.raises(ContentError, match="YAML syntax error"):
        load_bundle("g", MODELS, root=tmp_path)
    assert kept(cache) == []
