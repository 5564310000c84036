"""Campaign files of every game: JSON read with limits, validated, written atomically.

A campaign file is data a player may have edited (or a stranger sent), so reading it never
trusts it: size, JSON, format name, version and shape are checked, and anything wrong is one
CampaignError line.  Writes go through a temporary file, so a crash keeps the old file.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .record import MAX_BYTES, write_atomic

M = TypeVar("M", bound=BaseModel)


class CampaignError(Exception):
    """A campaign file or a between-quests change that cannot be used; str() is one line."""


def first_error(err: ValidationError, prefix: str = "") -> str:
    """Pydantic's first complaint as one line: 'where.it.is: what is wrong'."""
    e = err.errors()[0]
    where = ".".join(p for p in [prefix, *map(str, e["loc"])] if p)
    return f"{where}: {e['msg']}" if where else e["msg"]


def read(path: Path, fmt: str, model: type[M], what: str, version: int | None = None,
         max_bytes: int = MAX_BYTES) -> M:
    """The file as `model`; `what` names the kind of file in messages ("a HeroQuest campaign file")."""
    path = Path(path)
    try:
        if path.stat().st_size > max_bytes:
            raise CampaignError(f"{path} is too large to be {what}")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        raise CampaignError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    except (ValueError, RecursionError):
        raise CampaignError(f"{path} is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise CampaignError(f"{path} is not {what}")
    if version is not None:
        v = data.get("version")
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise CampaignError(f"{path} has no valid format version")
        if v > version:
            raise CampaignError(f"{path} has format version {v}, written by a newer dungeon-tui; "
                                f"this one reads version {version}")
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise CampaignError(f"{path}: {first_error(err)}") from None


def write(campaign: BaseModel, path: Path) -> None:
    write_atomic(Path(path), json.dumps(campaign.model_dump(), indent=1))


def format_of(path: Path, max_bytes: int = MAX_BYTES) -> str | None:
    """The `format` a JSON file names, or None when it is missing or unreadable: lets a command
    tell which game a campaign file belongs to before loading it properly."""
    try:
        path = Path(path)
        if path.stat().st_size > max_bytes:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    fmt = data.get("format") if isinstance(data, dict) else None
    return fmt if isinstance(fmt, str) else None
