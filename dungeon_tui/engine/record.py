"""Records: one JSON format for saves and replays.

A record holds the setup, the seed and every decision in order (chance outcomes too), so
loading is replaying.  Files are written atomically and read with size and depth limits;
anything wrong becomes a RecordError with a one-line reason, never a traceback.
"""
from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import packs
from .errors import RecordError as RecordError  # callers know it as record.RecordError too
from .game import Action, Game, IllegalAction

FORMAT = "dungeon-tui-record"

FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 64
MAX_DECISIONS = 2_000_000


class DecisionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str = Field(max_length=64)
    kind: str = Field(max_length=64)
    args: dict[str, Any] = {}
    why: str = Field(default="", max_length=2000)


class RecordModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: str
    version: int
    app_version: str
    ruleset: str
    rules_version: str
    content_digest: str
    seed: int = Field(ge=0, lt=1 << 63)
    setup: dict[str, Any]
    decisions: list[DecisionModel] = Field(max_length=MAX_DECISIONS)
    checkpoints: list[tuple[int, int, str]] = []
    meta: dict[str, Any] = {}


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


def to_json(game: Game, app_version: str, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    # The content packs the game was played with are its own to say, whatever a caller passes.
    kept = {k: v for k, v in (meta or {}).items() if k != "packs"}
    if used := packs.stamps(game.content):
        kept = {"packs": used, **kept}
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": app_version,
        "ruleset": game.ruleset.id,
        "rules_version": game.ruleset.rules_version,
        "content_digest": game.content_digest,
        "seed": game.seed,
        "setup": game.setup,
        # Meta before the decisions: the saves list reads a record's head only (`read_head`).
        "meta": kept,
        "decisions": [{**a.to_json(), "why": why} for a, why in game.decisions],
        "checkpoints": [list(c) for c in game.checkpoints],
    }


def write_atomic(path: Path, text: str) -> None:
    """Temporary file in the same folder, fsync, rename: a crash leaves the old file whole."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a plain file stands where a folder of the path should be: say which
        blocker = next(p for p in (path.parent, *path.parent.parents) if p.exists() and not p.is_dir())
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(blocker)) from None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except BaseException as err:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(err, OSError) and not err.filename:  # a full disk names no file: say which
            raise OSError(err.errno, err.strerror, str(path)) from err
        raise


def save(game: Game, path: Path, app_version: str, meta: dict[str, Any] | None = None) -> None:
    write_atomic(Path(path), json.dumps(to_json(game, app_version, meta), separators=(",", ":")))


def read(path: Path) -> RecordModel:
    """Read and validate a record file without replaying it."""
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
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text, so not a record") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    return parse(text, str(path))


HEAD_BYTES = 64 * 1024  # a record's head (setup and meta) fits in this; its decisions need not be read
TAIL_BYTES = 64


class RecordHead(BaseModel):
    """What a list of saves shows of a record: its game, setup and meta, not its decisions."""

    model_config = ConfigDict(extra="ignore")
    format: str
    version: int
    ruleset: str = Field(max_length=64)
    seed: int = Field(ge=0, lt=1 << 63)
    setup: dict[str, Any]
    meta: dict[str, Any] = {}


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
    A record written before meta came first, or with a head too long, is read in full."""
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
        return RecordHead.model_validate(read(path).model_dump(exclude={"decisions", "checkpoints"}))
    if not tail.rstrip().endswith(b"}"):
        raise RecordError(f"{path} is cut short (not a whole record)")
    if found.get("format") != FORMAT:
        raise RecordError(f"{path} is not a dungeon-tui record")
    version = found.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= FORMAT_VERSION:
        raise RecordError(f"{path} has record format version {version!r}; this build reads version {FORMAT_VERSION}")
    try:
        return RecordHead.model_validate(found)
    except ValidationError as err:
        first = err.errors()[0]
        raise RecordError(f"{path}: {'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None


def parse(text: str, name: str = "record") -> RecordModel:
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
    try:
        return RecordModel.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(f"{name}: {where}: {first['msg']}") from None


def action_of(d: DecisionModel) -> Action:
    return Action.make(d.seat, d.kind, **d.args)  # Action.from_json, without its dict


def replay(record: RecordModel, make_game: Callable[[RecordModel], Game], upto: int | None = None,
           check: bool = True) -> Game:
    """Rebuild the game by playing the recorded decisions (the first `upto` of them)."""
    return play_on(record, _made(record, make_game), 0, upto, check)


def load(record: RecordModel, make_game: Callable[[RecordModel], Game]) -> Game:
    """The game a save holds, to play on: as `replay` (every decision and checkpoint checked),
    but from the last keyframe this app kept of the game (engine/keyframe_cache.py) when the
    record agrees with it, so a long save is not played again from the start."""
    from . import keyframe_cache
    game = _made(record, make_game)
    resumed = keyframe_cache.resume_for_load(record, game)
    if resumed is None:
        return play_on(record, game, 0)
    return play_on(record, resumed, len(resumed.decisions))


def _made(record: RecordModel, make_game: Callable[[RecordModel], Game]) -> Game:
    """A fresh game for the record, refused when the record's rules are not this build's."""
    game = make_game(record)
    if game.ruleset.rules_version != record.rules_version:
        raise RecordError(f"record was made with {record.ruleset} rules version {record.rules_version}; "
                          f"this build has {game.ruleset.rules_version}")
    return game


def play_on(record: RecordModel, game: Game, done: int, upto: int | None = None, check: bool = True) -> Game:
    """Play the recorded decisions after the first `done` (the first `upto` in all) on a game
    that has played those `done`: one replayed from this record, or from an earlier save of the
    same game whose decisions this record starts with (the caller makes sure).  What a replay
    from the start would check is checked: each decision is legal, and every checkpoint the
    game has made, those of the first `done` included, has the record's hash."""
    # A ruleset may checkpoint twice after one decision (the last round, then the end): keep
    # every checkpoint of a decision count, in order, and compare the k-th with the k-th.
    expected: dict[int, list[str]] = {}
    for at_, _round, digest_ in record.checkpoints if check else ():
        expected.setdefault(at_, []).append(digest_)
    count_at: dict[int, int] = {}
    seen = 0

    def compare() -> None:
        nonlocal seen
        while seen < len(game.checkpoints):
            at, round_no, digest = game.checkpoints[seen]
            seen += 1
            k = count_at[at] = count_at.get(at, -1) + 1
            wants = expected.get(at, [])
            if k < len(wants) and wants[k] != digest:
                raise RecordError(f"desync at round {round_no}: state hash {digest} differs from "
                                  f"the record's {wants[k]}")

    if done:  # the checkpoints of the decisions played before
        compare()
    decisions = record.decisions if upto is None else record.decisions[:upto]
    for i in range(done, len(decisions)):
        d = decisions[i]
        if game.over:
            raise RecordError(f"decision {i + 1} comes after the end of the game")
        try:
            game.play(action_of(d), d.why)
        except IllegalAction as err:
            raise RecordError(f"decision {i + 1} is not legal here: {err}") from None
        except (TypeError, ValueError, KeyError) as err:
            raise RecordError(f"decision {i + 1} is malformed: {err}") from None
        compare()
    return game
