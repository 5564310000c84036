import pytest


@pytest.fixture(autouse=True)
def saves_in_tmp(tmp_path, monkeypatch):
    """Every app test saves into its own temporary folder."""
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))


@pytest.fixture(autouse=True)
def utf8_terminal(monkeypatch):
    """The map picks ASCII glyphs when the locale is not UTF-8: every app test (and snapshot)
    runs as in a UTF-8 terminal, whatever the machine's locale."""
    for var in ("LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
