"""Where the player's own content packs are kept.  Apart from engine/packs.py, so the command
line sees that there are none without loading pydantic on the way to the title screen."""
from __future__ import annotations

import os
from pathlib import Path

ENV = "DUNGEON_TUI_PACKS"


def data_folder() -> Path | None:
    """DUNGEON_TUI_PACKS when set (set but empty: none), else the platform's folder for a user's
    data (platformdirs: ~/.local/share/dungeon-tui/packs on Linux), beside the saves of an
    installed program."""
    named = os.environ.get(ENV)
    if named is not None:
        return Path(named) if named else None
    import platformdirs
    return Path(platformdirs.user_data_dir("dungeon-tui", appauthor=False)) / "packs"


def has_packs() -> bool:
    where = data_folder()
    return where is not None and where.is_dir() and any(not p.name.startswith(".") for p in where.iterdir())
