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

from . import collector, packs
from .errors import RecordError as RecordError  # callers know it as record.RecordError too
from .game import _PLAIN, Action, Game, IllegalAction, freeze
# The file's checks and the saves list's head live where pydantic is not loaded; callers know
# them as record.* too.
from .record_head import FORMAT as FORMAT
from .record_head import FORMAT_VERSION as FORMAT_VERSION
from .record_head import HEAD_BYTES as HEAD_BYTES
from .record_head import MAX_BYTES as MAX_BYTES
from .record_head import MAX_DEPTH as MAX_DEPTH
from .record_head import RecordHead as RecordHead
from .record_head import parse_json, read_text
from .record_head import read_head as read_head

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
    """Read and validate a record file without replaying it (the collector paused: a long
    record's decisions are tens of thousands of objects made in one go, nothing to free)."""
    with collector.paused():
        return parse(read_text(path), str(path))


def parse(text: str, name: str = "record") -> RecordModel:
    data = parse_json(text, name)
    try:
        return RecordModel.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RecordError(f"{name}: {where}: {first['msg']}") from None


def action_of(d: DecisionModel) -> Action:
    """The recorded decision as the action `Action.make(d.seat, d.kind, **d.args)` makes (its
    arguments sorted by name, lists as tuples), made here without the keywords and the general
    freezing: a replay makes one for every decision, and a record's arguments are mostly texts,
    numbers and lists of them (half the cost of making them through `make`)."""
    args = d.args
    if not args:
        return _action(d.seat, d.kind, "", ())
    items = []
    for name, value in args.items():
        kind = type(value)
        if kind is list:
            for v in value:
                if type(v) not in _PLAIN:
                    value = freeze(value)
                    break
            else:
                value = tuple(value)
        elif value is not None and kind not in _PLAIN:
            value = freeze(value)
        items.append((name, value))
    if len(items) > 1:
        items.sort()  # the names differ: sorted by name
    return _action(d.seat, d.kind, "", tuple(items))


_action = Action.sorted_plain


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
    play = game.play
    # The collector paused while the record is played: a replay makes its states and events in
    # one go, and the collector's passes over them were 5-17% of a replay, with nothing to free.
    with collector.paused():
        for i in range(done, len(decisions)):
            d = decisions[i]
            if game.over:
                raise RecordError(f"decision {i + 1} comes after the end of the game")
            try:
                play(action_of(d), d.why)
            except IllegalAction as err:
                raise RecordError(f"decision {i + 1} is not legal here: {err}") from None
            except (TypeError, ValueError, KeyError) as err:
                raise RecordError(f"decision {i + 1} is malformed: {err}") from None
            if seen < len(game.checkpoints):  # most decisions end no round
                compare()
    return game
