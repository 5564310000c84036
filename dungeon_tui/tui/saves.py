"""Where games are saved: the folder named by DUNGEON_TUI_SAVES, else saves/ here.  On its own so
the title screen can list saves without importing the engine."""
from __future__ import annotations

import os
from pathlib import Path


def saves_dir() -> Path:
    return Path(os.environ.get("DUNGEON_TUI_SAVES") or "saves")
