"""The content's YAML, once parsed, kept as JSON: reading YAML (and importing the YAML library)
was a good part of the time before a game's first map, JSON reads in a fraction of it.

What is kept is the parsed data of a game's files, not validated models: the pydantic models
still check it at every start, so a change of the code can never meet stale content.  A kept
copy is found by the digest of the files' own bytes (and the format below), so editing a file
makes another name and the old copy is never read again (it is deleted when the new one is
written).  Data that JSON does not give back the same (a date, a number as a mapping's key)
is not kept: those files are parsed every time.  A folder that cannot be written, or a copy
that cannot be read, is skipped without a word: the cache only ever saves time.

The folder: DUNGEON_TUI_CACHE when set (set but empty: no cache), else the platform's folder
for a user's caches (platformdirs: ~/.cache/dungeon-tui on Linux), in content/.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

ENV = "DUNGEON_TUI_CACHE"
FORMAT = 1  # what a kept file holds; a new number leaves the old files unread


def root() -> Path | None:
    """The app's cache folder (None: no cache); content and kept keyframes have their own in it."""
    named = os.environ.get(ENV)
    if named is not None:
        return Path(named) if named else None
    import platformdirs
    return Path(platformdirs.user_cache_dir("dungeon-tui", appauthor=False))


def folder() -> Path | None:
    where = root()
    return None if where is None else where / "content"


def _path(game_dir: str, digest: str) -> Path | None:
    where = folder()
    return None if where is None else where / f"{game_dir}-{digest}-v{FORMAT}.json"


def read(game_dir: str, digest: str, names: list[str]) -> dict[str, Any] | None:
    """The parsed data of each of `names` kept for files with this digest, else None."""
    path = _path(game_dir, digest)
    if path is None:
        return None
    try:
        kept = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or sorted(kept) != sorted(names):
        return None  # not a file this code wrote
    return kept


def write(game_dir: str, digest: str, parsed: dict[str, Any]) -> None:
    """Keep the parsed data when JSON gives it back the same; best effort, never an error."""
    path = _path(game_dir, digest)
    if path is None:
        return
    try:
        text = json.dumps(parsed, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError):
        return  # a date, bytes or a set: YAML keeps what JSON cannot
    if json.loads(text) != parsed:
        return  # a number as a mapping's key comes back as text
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under another name, then renamed: a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        earlier = re.compile(re.escape(game_dir) + r"-[0-9a-f]{64}-v\d+\.json")
        for old in path.parent.iterdir():  # the copies of the game's earlier files
            if old != path and earlier.fullmatch(old.name):
                old.unlink(missing_ok=True)
    except OSError:
        return
