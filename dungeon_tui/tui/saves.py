"""Where games are saved.  On its own so the title screen can list saves without importing the
engine.

The folder named by DUNGEON_TUI_SAVES comes first; then, when the program runs from a checkout
of its source (the package's parent folder holds pyproject.toml or .git), that checkout's own
saves/ folder, so a developer's games stay beside the code; else the platform's folder for a
user's data (platformdirs: ~/.local/share/dungeon-tui/saves on Linux), so an installed program
saves to the same place whatever folder it is started from."""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "dungeon-tui"
ENV = "DUNGEON_TUI_SAVES"
PACKAGE_HOME = Path(__file__).resolve().parents[2]  # the folder that holds the dungeon_tui package


def checkout_of(home: Path) -> Path | None:
    """`home` when it is a source checkout of the program, else None."""
    return home if (home / "pyproject.toml").is_file() or (home / ".git").exists() else None


def saves_dir() -> Path:
    named = os.environ.get(ENV)
    if named:
        return Path(named)
    checkout = checkout_of(PACKAGE_HOME)
    if checkout is not None:
        return checkout / "saves"
    import platformdirs  # only for an installed program
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


def where_saves_go() -> str:
    """One line for the title screen and --help: the folder and why it is that one."""
    folder = saves_dir()
    if os.environ.get(ENV):
        why = f"named by {ENV}"
    elif checkout_of(PACKAGE_HOME) is not None:
        why = f"this checkout's; {ENV} names another"
    else:
        why = f"your data folder; {ENV} names another"
    return f"{folder} ({why})"
