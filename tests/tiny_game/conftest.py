import pytest

from dungeon_tui import rulesets

from . import game


@pytest.fixture(autouse=True)
def goblin_cellar_registered(tmp_path, monkeypatch):
    """The tiny game is registered the way a plug-in would be (one call, outside the project's
    own files), and only for these tests: the other tests see the project's games alone."""
    monkeypatch.setattr(rulesets, "GAMES", dict(rulesets.GAMES))
    rulesets.register("goblin-cellar", game.__name__, aliases=("gc",))
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
