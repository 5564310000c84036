"""The whole suite: content is parsed from its YAML in every test process (no kept copy in the
user's cache folder); the cache's own tests name a folder of their own."""
import os

import pytest

os.environ["DUNGEON_TUI_CACHE"] = ""
# No test reads or writes the player's own settings (a kept `plain on` would change what runs).
os.environ["DUNGEON_TUI_SETTINGS"] = ""
# No content pack from the player's own folder joins a test's games; the packs' tests name theirs.
os.environ["DUNGEON_TUI_PACKS"] = ""


@pytest.fixture(autouse=True)
def own_tmux_server(tmp_path_factory, monkeypatch):
    """Each test's tmux sessions run on a tmux server of their own.  On one shared server a test
    ending its last session stops the server while another test's session is starting on it
    ("server exited unexpectedly": seen under load with -n 2, in CI too)."""
    monkeypatch.setenv("TMUX_TMPDIR", str(tmp_path_factory.mktemp("tmux")))
    monkeypatch.delenv("TMUX", raising=False)  # run inside tmux, commands would go to that server
