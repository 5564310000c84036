"""The player's settings kept between runs (a small JSON file): today only whether the plain
mode is the default.  On its own so the command line reads it without the app or the engine.

The file named by DUNGEON_TUI_SETTINGS comes first (empty: none is read or written, as the tests
run); else settings.json in the platform's folder for a user's settings
(platformdirs: ~/.config/dungeon-tui on Linux)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

ENV = "DUNGEON_TUI_SETTINGS"
# Each setting, its values as typed, and the value it has until the player sets it.
KNOWN: dict[str, tuple[tuple[str, ...], str]] = {"plain": (("on", "off"), "off")}
MOST_BYTES = 4096  # a settings file is a few lines; anything bigger is not ours


def settings_file() -> Path | None:
    named = os.environ.get(ENV)
    if named is not None:
        return Path(named) if named else None
    import platformdirs
    return Path(platformdirs.user_config_dir("dungeon-tui", appauthor=False)) / "settings.json"


def read() -> dict[str, str]:
    """Every setting, each its saved value or its default; a missing or broken file (or a value
    not offered) leaves the defaults."""
    out = {key: default for key, (_values, default) in KNOWN.items()}
    path = settings_file()
    try:
        if path is None or not path.is_file() or path.stat().st_size > MOST_BYTES:
            return out
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if isinstance(data, dict):
        out.update({k: v for k, v in data.items() if k in KNOWN and v in KNOWN[k][0]})
    return out


def write(key: str, value: str) -> Path:
    """Keep one setting; raises ValueError for a setting or value not offered, naming them."""
    if key not in KNOWN:
        raise ValueError(f"unknown setting {key!r}; the settings are {', '.join(KNOWN)}")
    if value not in KNOWN[key][0]:
        raise ValueError(f"{key} is one of {', '.join(KNOWN[key][0])}, not {value!r}")
    path = settings_file()
    if path is None:
        raise ValueError(f"{ENV} is empty: settings are not kept")
    kept = read() | {key: value}
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")  # renamed over the old: a crash leaves one or the other whole
    fresh.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(fresh, path)
    return path
