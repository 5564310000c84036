"""Keyframes kept between runs, so loading a long save or watching a long record again needs
no replay from the start (issue 20: replaying a 5,000-decision save alone takes longer than
the 300 ms a load may take).

A record stays the whole truth: it holds decisions and hashes only, and a record made
anywhere loads by replaying it, as before.  What is kept here is this app's own copy of the
states it reached (`Keyframe`s, pickled), in the user's cache folder, which only this app
writes: never a save's bytes, which may come from a stranger (records are never pickles).  It
is read back only when it carries this install's seal (an HMAC of its bytes under a secret
made at random on first use and kept beside the files, readable by this user alone), so a
file copied or planted there from elsewhere is never unpickled; and even then by
`game.thaw_state`, which admits our own state classes and nothing else, so no file can call
anything as it is read.  A kept copy is found by the game
(ruleset, rules version, content digest, seed, setup) and by a stamp of this build's code, so
another version of the code never reads it; and it is used only when it agrees with the
record read:
- the decisions before the keyframe are the record's own, word for word (seat, kind,
  arguments, reason);
- for a load, the keyframe's checkpoints are the record's first ones, and its state hashes to
  the record's hash at that point; the decisions after it are then played and checked as a
  replay checks them (`record.play_on`).
Anything else (no copy, a copy of another game or of a path since undone, a folder that
cannot be read or written, a copy cut short) leaves the caller to replay: the cache only ever
saves time.

Two kinds per game: "load" (the last keyframe of a game being played in the app, written as
its autosaves go when a new round has been reached) and "view" (every keyframe of a record
the replay viewer went through once, or of a game played in the app to its end).

Why pickle at all, when saves are JSON: a keyframe is a running game's state (maps with their
sight bits, decks, figures of five rulesets), which no game writes as JSON; what is pickled is
only ever read back by the install that sealed it, as a cache.
"""
from __future__ import annotations

import copyreg
import functools
import hashlib
import hmac
import io
import json
import os
import pickle
import secrets
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import collector, content_cache
from .game import Action, Event, Game, Keyframe, canonical_hash, kept_action, thaw_state

FORMAT = 2  # what a kept file holds; a new number leaves the old files unread (2: sealed)
# The folder keeps the newest files only, as many and as big as these: a cache, not an archive
# (a 5,000-decision game's keyframes are 3 MB, its last one 1.2 MB).
KEEP_FILES = 64
KEEP_BYTES = 64 * 1024 * 1024

# A decision as the record writes it: seat, kind, arguments, reason.
Mark = tuple[str, str, dict[str, Any], str]


def folder() -> Path | None:
    where = content_cache.root()
    return None if where is None else where / "keyframes"


@functools.cache
def code_stamp() -> str:
    """This build's code (the package's version and every module's size and time): a kept
    state is read back only by the code that wrote it."""
    from .. import __version__
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(package.rglob("*.py")):
        st = path.stat()
        digest.update(f"{path.relative_to(package)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return digest.hexdigest()[:16]


SEAL = 32  # the bytes of a file's seal, before what it keeps
_SECRET = ".secret"  # the seal's key, in the keyframes' folder


def _secret(where: Path, make: bool) -> bytes | None:
    """This install's key for sealing its kept files (32 random bytes, readable by this user
    alone), made on the first write; None when there is none or it cannot be read."""
    path = where / _SECRET
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        if not make:
            return None
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".tmp-")  # mode 0600
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(SEAL))
            os.link(tmp, path)  # whole or not at all, and never over another writer's key
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        key = path.read_bytes()
    return key if len(key) == SEAL else None


def seal(where: Path, data: bytes) -> bytes:
    """`data` with this install's seal before it (made on first use)."""
    key = _secret(where, make=True)
    if key is None:
        raise OSError("the keyframes' key cannot be read")
    return hmac.new(key, data, hashlib.sha256).digest() + data


def unseal(where: Path, blob: bytes) -> bytes | None:
    """What a sealed file keeps, when this install sealed it; None for anything else."""
    key = _secret(where, make=False)
    data = blob[SEAL:]
    if key is None or not hmac.compare_digest(blob[:SEAL], hmac.new(key, data, hashlib.sha256).digest()):
        return None
    return data


def _path(kind: str, game: Game) -> Path | None:
    where = folder()
    if where is None:
        return None
    who = json.dumps([game.ruleset.id, game.ruleset.rules_version, game.content_digest, game.seed, game.setup],
                     sort_keys=True, default=str)
    name = hashlib.sha256(who.encode()).hexdigest()[:24]
    return where / f"{kind}-{name}-{code_stamp()}-v{FORMAT}.pickle"


def marks(played: Sequence[tuple[Action, str]]) -> list[Mark]:
    return [(a.seat, a.kind, a.to_json()["args"], why) for a, why in played]


def record_marks(decisions: Sequence[Any]) -> list[Mark]:
    """The same of a record's decisions (`record.DecisionModel`s)."""
    return [(d.seat, d.kind, d.args, d.why) for d in decisions]


def _dumps(data: Any) -> bytes:
    """Pickled with events and actions as their fields: a slotted dataclass pickles through
    `dataclasses.fields` for every instance, most of the time of reading back a long game's
    events (8,000 of them in a 5,000-decision HeroQuest game)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Event: _event, Action: _action}
    pickler.dump(data)
    return out.getvalue()


def _event(e: Event) -> tuple[Any, ...]:
    return Event, (e.kind, e.data)


def _action(a: Action) -> tuple[Any, ...]:
    return kept_action, (a.seat, a.kind, a.text, a.args)


def write(kind: str, game: Game, frames: list[Keyframe], played: Sequence[tuple[Action, str]]) -> None:
    """Keep `frames` of `game` and the decisions `played` (at least up to the last frame);
    best effort, never an error."""
    path = _path(kind, game)
    if path is None or not frames or len(played) < frames[-1].decisions:
        return
    # A keyframe's events and checkpoints are those of the game so far: kept once, as the
    # last frame's, and each frame as how many of them it has (not 100 lists of thousands).
    events, checkpoints = frames[-1].events, frames[-1].checkpoints
    if any(f.events != events[:len(f.events)] or f.checkpoints != checkpoints[:len(f.checkpoints)]
           for f in frames):
        return  # not one game's frames: nothing kept
    heads = [(f.decisions, f.frozen, len(f.checkpoints), len(f.events)) for f in frames]
    data = _dumps((FORMAT, heads, checkpoints, events, list(played), marks(played)))
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        sealed = seal(path.parent, data)
        # Written whole under another name, then renamed: a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(sealed)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        mine = path.name.split("-")[:2]  # the same game's copies by another build: never read again
        total = 0
        newest_first = sorted(((p.stat(), p) for p in path.parent.glob("*.pickle")),
                              key=lambda sp: sp[0].st_mtime_ns, reverse=True)
        for n, (st, old) in enumerate(newest_first):
            total += st.st_size
            if old != path and (n >= KEEP_FILES or total > KEEP_BYTES or old.name.split("-")[:2] == mine):
                old.unlink(missing_ok=True)
    except OSError:
        return


def read(kind: str, game: Game, decisions: Sequence[Any]) -> tuple[list[Keyframe], list[tuple[Action, str]]] | None:
    """The kept keyframes of `game` and the decisions played with them, when those decisions
    are the first of the record's `decisions`; else None."""
    path = _path(kind, game)
    if path is None:
        return None
    try:
        data = unseal(path.parent, path.read_bytes())
        if data is None:
            return None  # not sealed by this install: never unpickled
        with collector.paused():  # a long game's events and decisions: 100,000 objects at once
            fmt, heads, checkpoints, events, played, kept_marks = thaw_state(data)
            frames = [Keyframe(at, frozen, checkpoints[:c], events[:e]) for at, frozen, c, e in heads]
            for frame in frames:  # each state read back once here (0.15 ms): one naming anything
                thaw_state(frame.frozen)  # but our state classes is refused now, not at a seek
    except Exception:  # noqa: BLE001 - a cache: a file cut short or unreadable is only a miss
        return None
    if fmt != FORMAT or not frames or len(played) < frames[-1].decisions or len(decisions) < len(played):
        return None
    if kept_marks != record_marks(decisions[:len(played)]):
        return None  # another path of the game (undone since), or a record changed by hand
    return frames, played


def resume_for_load(rec: Any, game: Game) -> Game | None:
    """`game` (fresh, from `rec`) brought to the last kept keyframe of its app play that the
    record agrees with, checked (see the module's words); None when there is none.  The
    caller plays and checks the decisions after it (`record.play_on`)."""
    kept = read("load", game, rec.decisions)
    if kept is None:
        return None
    frames, played = kept
    frame = frames[-1]
    ours = [tuple(c) for c in frame.checkpoints]
    theirs = [tuple(c) for c in rec.checkpoints[:len(ours)]]
    if not ours or ours != theirs or ours[-1][0] != frame.decisions or not ours[-1][2]:
        return None
    if canonical_hash(game.ruleset.state_dict(frame.state)) != ours[-1][2]:
        return None  # hashed before resuming: the rules go on from the boundary at once
    return Game.resume(game.ruleset, game.setup, game.seed, game.content, frame, played, game.content_digest)
