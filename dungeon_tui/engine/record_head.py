"""A record read without its models (pydantic): the file's checks (size, UTF-8, JSON, depth,
format and version, each a one-line RecordError) and its head for the saves list.  The saves
list, Continue and the plain title read only heads, so they never load pydantic (85 ms of the
list's first rows); engine/record.py validates whole records on top of this.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError

FORMAT = "dungeon-tui-record"

FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 64

HEAD_BYTES = 64 * 1024  # a record's head (setup and meta) fits in this; its decisions need not be read
TAIL_BYTES = 64


def _depth(value: Any, limit: int) -> int:
    """Depth of nested JSON (a value inside a container one deeper than it), checked level by
    level so deep input cannot blow the stack; only containers are walked (a record's thousands
    of numbers and words are counted with their container, not one by one)."""
    if type(value) is not dict and type(value) is not list:
        return 1
    level, depth = [value], 1
    deepest = 1
    while level:
        if depth > limit:
            return depth
        deeper = []
        for item in level:
            children = item.values() if type(item) is dict else item
            inner = [v for v in children if type(v) is dict or type(v) is list]
            if len(inner) < len(children):
                deepest = depth + 1  # a plain value one level down
            deeper += inner
        if deeper:
            deepest = max(deepest, depth + 1)
        level, depth = deeper, depth + 1
    return deepest


def read_text(path: Path) -> str:
    """A record file's text, refused in one line when it is missing, not a file, too big or
    not UTF-8."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as err:
        raise RecordError(f"cannot open {path}: {err.strerror or err}") from None
    if not path.is_file():
        raise RecordError(f"{path} is not a file")
    if size > MAX_BYTES:
        raise RecordError(f"{path} is {size} bytes; records are at most {MAX_BYTES} bytes")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text, so not a record") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None


def parse_json(text: str, name: str = "record") -> dict[str, Any]:
    """A record's JSON, checked up to its format and version (not its fields)."""
    if not text.strip():
        raise RecordError(f"{name} is empty")
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError(f"{name} is nested too deeply (limit {MAX_DEPTH})") from None
    except json.JSONDecodeError as err:
        raise RecordError(f"{name} is not valid JSON ({err.msg} at line {err.lineno})") from None
    except ValueError as err:  # e.g. an integer too long to convert
        raise RecordError(f"{name} is not valid JSON ({err})") from None
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise RecordError(f"{name} is nested too deeply (limit {MAX_DEPTH})")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{name} is not a dungeon-tui record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{name} has record format version {version!r}, not a whole number")
    if version > FORMAT_VERSION or version < 1:
        raise RecordError(f"{name} has record format version {version!r}; this build reads version {FORMAT_VERSION}")
    return data


@dataclass
class RecordHead:
    """What a list of saves shows of a record: its game, setup and meta, not its decisions."""

    format: str
    version: int
    ruleset: str
    seed: int
    setup: dict[str, Any]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def checked(cls, found: dict[str, Any], name: str) -> RecordHead:
        """The head's fields, each checked as the record's model checks it; a wrong one named."""
        def wrong(key: str, problem: str) -> RecordError:
            return RecordError(f"{name}: {key}: {problem}")
        ruleset, seed = found.get("ruleset"), found.get("seed")
        if not isinstance(ruleset, str) or len(ruleset) > 64:
            raise wrong("ruleset", "should be a string of at most 64 characters")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 63:
            raise wrong("seed", "should be a whole number from 0 to 2**63 - 1")
        for key in ("setup", "meta"):
            if not isinstance(found.get(key, {}), dict):
                raise wrong(key, "should be a mapping")
        if "setup" not in found:
            raise wrong("setup", "Field required")
        return cls(found["format"], found["version"], ruleset, seed, found["setup"], found.get("meta", {}))


def _leading_keys(text: str) -> dict[str, Any] | None:
    """The top-level keys of a JSON object up to "decisions", read from the start of `text`
    one value at a time; None when the object does not start there or `text` ends first."""
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    i, n = 0, len(text)
    found: dict[str, Any] = {}
    while i < n and text[i] in ws:
        i += 1
    if i >= n or text[i] != "{":
        return None
    i += 1
    try:
        while True:
            while i < n and text[i] in ws + ",":
                i += 1
            if i < n and text[i] == "}":
                return found
            key, i = decoder.raw_decode(text, i)
            while i < n and text[i] in ws:
                i += 1
            if not isinstance(key, str) or i >= n or text[i] != ":":
                return None
            if key == "decisions":
                return found
            value, i = decoder.raw_decode(text, i + 1)
            found[key] = value
    except (ValueError, RecursionError):  # cut off inside a value, or not JSON at all
        return None


def read_head(path: Path) -> RecordHead:
    """A record's head without its decisions, for the saves list: the first HEAD_BYTES and the
    last bytes only (a record written whole ends with "}"; one cut short by a crash does not).
    A record written before meta came first, or with a head too long, is read in full (its
    JSON, not its decisions' fields)."""
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise RecordError(f"{path} is not a file")
        if size > MAX_BYTES:
            raise RecordError(f"{path} is {size} bytes; records are at most {MAX_BYTES} bytes")
        with path.open("rb") as fh:
            head = fh.read(HEAD_BYTES)
            fh.seek(max(0, size - TAIL_BYTES))
            tail = fh.read()
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    found = _leading_keys(head.decode("utf-8", errors="replace"))
    if found is None or "meta" not in found:
        return RecordHead.checked(parse_json(read_text(path), str(path)), str(path))
    if not tail.rstrip().endswith(b"}"):
        raise RecordError(f"{path} is cut short (not a whole record)")
    if found.get("format") != FORMAT:
        raise RecordError(f"{path} is not a dungeon-tui record")
    version = found.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= FORMAT_VERSION:
        raise RecordError(f"{path} has record format version {version!r}; this build reads version {FORMAT_VERSION}")
    return RecordHead.checked(found, str(path))
