import pytest

from dungeon_tui.rulesets import register

from . import game

# The tiny game is registered the way a plug-in would be: one line, outside the project's own files.
register("goblin-cellar", game.__name__, aliases=("gc",))


@pytest.fixture(autouse=True)
def saves_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
