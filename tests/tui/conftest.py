import pytest


@pytest.fixture(autouse=True)
def saves_in_tmp(tmp_path, monkeypatch):
    """Every app test saves into its own temporary folder."""
    monkeypatch.setenv("DUNGEON_TUI_SAVES", str(tmp_path))
