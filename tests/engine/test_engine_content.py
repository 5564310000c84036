"""Content loading: every problem names the file, the YAML path and what is wrong."""
import pytest
from pydantic import BaseModel

from dungeon_tui.engine.content import ContentError, load_bundle


class Beast(BaseModel):
    name: str
    wounds: int


class Beasts(BaseModel):
    beasts: dict[str, Beast]


def write(root, text):
    (root / "g").mkdir(exist_ok=True)
    (root / "g" / "beasts.yaml").write_text(text)


def test_valid_content_and_a_stable_digest(tmp_path):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 1}\n")
    a = load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path)
    b = load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path)
    assert a["beasts.yaml"].beasts["rat"].wounds == 1 and a.digest == b.digest
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: 2}\n")
    assert load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path).digest != a.digest


def test_type_error_names_file_path_and_problem(tmp_path):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: many}\n")
    with pytest.raises(ContentError) as err:
        load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path)
    assert err.value.problems == ["content/g/beasts.yaml: beasts.rat.wounds: Input should be a valid integer, "
                                  "unable to parse string as an integer"]


def test_syntax_error_and_missing_file(tmp_path):
    write(tmp_path, "beasts:\n  rat: {name: Rat\n")
    with pytest.raises(ContentError, match="YAML syntax error at line"):
        load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path)
    with pytest.raises(ContentError, match=r"other\.yaml: file is missing"):
        load_bundle("g", {"other.yaml": Beasts}, root=tmp_path)


def test_a_number_too_long_is_one_problem_not_a_traceback(tmp_path):
    write(tmp_path, "beasts:\n  rat: {name: Rat, wounds: " + "9" * 5000 + "}\n")
    with pytest.raises(ContentError) as err:
        load_bundle("g", {"beasts.yaml": Beasts}, root=tmp_path)
    assert err.value.problems == ["content/g/beasts.yaml: a number too long to read"]
