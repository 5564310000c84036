"""Content packs: a player's own folder of YAML that adds adventures, quests, heroes and
monsters to a game without touching the installed package (docs/content.md says how to make one).

    my-pack/
      pack.yaml                  name, version, games, replaces
      heroquest/                 one folder per game, named as the game's folder in content/
        monsters.yaml            entries added to the tables of the installed file of that name
        quests/my_quest.yaml     a whole new file, of a kind the game keeps one to a file

A pack is untrusted input, like a save from someone else: it is read whole, once, before any
of it is used, and refused with one line for anything outside plain data in plain files inside
its own folder.  The same pydantic models as the installed content then check what it holds
(content.load_bundle), and an error names the pack's file.

Which packs a game uses is kept here for the process: every pack offered (`offer`) unless a
record being replayed names others (`select`), so a replay meets the content it was made with.
"""
from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError
from .pack_folder import ENV as ENV, data_folder as data_folder  # where the player's own are

MAX_FILE_BYTES = 256 * 1024  # the largest installed file is under 100 KB
MAX_TOTAL_BYTES = 2 * 1024 * 1024
MAX_FILES = 200
MAX_ENTRIES = 1000  # files and folders of any kind, notes and hidden ones too
MAX_DEPTH = 32  # nesting of the data in one file
MAX_FOLDER_DEPTH = 4  # my-pack/heroquest/quests/x.yaml is 3
NOTES = (".md", ".txt")  # a pack's own notes, never read


class PackError(ContentError):
    """A pack refused before any of it is used: one line naming the pack's file and why."""

    def __init__(self, line: str) -> None:
        super().__init__(["".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in line)])


class PackFile(BaseModel):
    """pack.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    version: str = Field(pattern=r"^[A-Za-z0-9._-]+$", max_length=20)
    games: list[str] = Field(min_length=1, max_length=10)
    about: str = Field("", max_length=500)
    replaces: list[str] = Field([], max_length=200)


@dataclass(frozen=True)
class Pack:
    name: str
    version: str
    games: tuple[str, ...]  # the games' folders in content/ (warhammer_quest, heroquest, ...)
    shown: str  # the folder as the player named it, for messages
    digest: str
    replaces: tuple[str, ...]
    files: dict[str, Any] = field(default_factory=dict)  # "heroquest/monsters.yaml" -> its data

    def stamp(self) -> dict[str, str]:
        """What a record keeps of the pack."""
        return {"name": self.name, "version": self.version, "digest": self.digest}

    def where(self, rel: str) -> str:
        return f"{self.shown.rstrip('/')}/{rel}"


def game_folder(game: str) -> str:
    """A game's folder in content/ (and in a pack) from its id: warhammer-quest -> warhammer_quest."""
    return game.replace("-", "_")


# -- reading a pack ------------------------------------------------------------------------

def parse(raw: bytes, shown: str) -> Any:
    """Plain YAML data: no tags, no anchors or aliases (a few lines of aliases can stand for
    billions of values once expanded), nesting at most MAX_DEPTH."""
    import yaml
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PackError(f"{shown}: not UTF-8 text") from None
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        depth = 0
        for event in yaml.parse(text, Loader=loader_class):
            line = f"line {event.start_mark.line + 1}" if event.start_mark is not None else "(top)"
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise PackError(f"{shown}: {line}: anchors and aliases (& and *) are not allowed in a pack")
            if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag is not None:
                raise PackError(f"{shown}: {line}: tags ({event.tag}) are not allowed in a pack")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise PackError(f"{shown}: {line}: nested deeper than {MAX_DEPTH} levels")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        loader = loader_class(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise PackError(f"{shown}: YAML syntax error{where}: {err.problem}") from None
    except (yaml.YAMLError, RecursionError) as err:
        raise PackError(f"{shown}: cannot parse YAML ({type(err).__name__})") from None
    except ValueError as err:  # a number too long to convert, a date that is no date
        raise PackError(f"{shown}: cannot read a value ({err})") from None


def _files(root: Path, shown: str) -> dict[str, bytes]:
    """Every .yaml file under `root`, read whole, by its path inside the pack; one line for a
    link that leaves the folder, anything but plain files and folders, or a limit passed."""
    found: dict[str, bytes] = {}
    total = seen = 0
    stack: list[tuple[Path, str, int]] = [(root, "", 0)]
    while stack:
        folder, prefix, depth = stack.pop()
        entries = []
        try:
            with os.scandir(folder) as listing:
                for entry in listing:  # counted as they come: a folder of a million names stops early
                    seen += 1
                    if seen > MAX_ENTRIES:
                        raise PackError(f"{shown}: more than {MAX_ENTRIES} files and folders")
                    entries.append(entry)
        except OSError as err:
            raise PackError(f"{shown}/{prefix or '.'}: cannot read the folder ({err.strerror or err})") from None
        entries.sort(key=lambda e: e.name)
        for entry in entries:
            if entry.name.startswith("."):
                continue  # .git and an editor's own files
            rel = prefix + entry.name
            where = f"{shown}/{rel}"
            try:
                real = Path(entry.path).resolve(strict=True)
            except (OSError, RuntimeError):
                raise PackError(f"{where}: a link to nothing") from None
            if not real.is_relative_to(root):
                raise PackError(f"{where}: a link out of the pack's folder (to {real}); "
                                "a pack keeps all its files inside")
            try:
                info = real.stat()
            except OSError as err:
                raise PackError(f"{where}: cannot read ({err.strerror or err})") from None
            if stat.S_ISDIR(info.st_mode):
                if entry.name.endswith(".yaml"):
                    raise PackError(f"{where}: is a folder, not a file")
                if depth + 1 >= MAX_FOLDER_DEPTH:
                    raise PackError(f"{where}: folders nested deeper than {MAX_FOLDER_DEPTH - 1} levels")
                stack.append((real, rel + "/", depth + 1))
                continue
            if not stat.S_ISREG(info.st_mode):
                raise PackError(f"{where}: not a plain file")
            if entry.name.endswith(NOTES):
                continue
            if not entry.name.endswith(".yaml"):
                raise PackError(f"{where}: a file that is not .yaml "
                                "(a pack holds folders, .yaml files, and notes in .md or .txt)")
            if len(found) >= MAX_FILES:
                raise PackError(f"{shown}: more than {MAX_FILES} files")
            if info.st_size > MAX_FILE_BYTES:
                raise PackError(f"{where}: {info.st_size} bytes; a pack's file is at most {MAX_FILE_BYTES}")
            try:
                with open(real, "rb") as fh:
                    raw = fh.read(MAX_FILE_BYTES + 1)
            except OSError as err:
                raise PackError(f"{where}: cannot read ({err.strerror or err})") from None
            if len(raw) > MAX_FILE_BYTES:  # grown since it was looked at
                raise PackError(f"{where}: more than {MAX_FILE_BYTES} bytes; a pack's file is at most that")
            total += len(raw)
            if total > MAX_TOTAL_BYTES:
                raise PackError(f"{shown}: more than {MAX_TOTAL_BYTES} bytes in all")
            found[rel] = raw
    return found


def read(folder: Path, games: set[str] | None = None) -> Pack:
    """The pack in `folder`, checked whole; `games` are the game folders this build has."""
    shown = str(folder).rstrip("/") or "/"
    try:
        root = Path(folder).resolve(strict=True)
    except (OSError, RuntimeError):
        raise PackError(f"{shown}: no such folder") from None
    if not root.is_dir():
        raise PackError(f"{shown}: a content pack is a folder (holding pack.yaml), not a file")
    raws = _files(root, shown)
    if "pack.yaml" not in raws:
        raise PackError(f"{shown}/pack.yaml: file is missing (every pack names itself there)")
    try:
        head = PackFile.model_validate(parse(raws["pack.yaml"], f"{shown}/pack.yaml"))
    except ValidationError as err:
        first = err.errors()[0]
        path = ".".join(str(p) for p in first["loc"]) or "(top)"
        raise PackError(f"{shown}/pack.yaml: {path}: {first['msg']}") from None
    folders = [game_folder(g) for g in head.games]
    for g, name in zip(folders, head.games, strict=True):
        if games is not None and g not in games:
            raise PackError(f"{shown}/pack.yaml: games: unknown game {name!r}; known: {', '.join(sorted(games))}")
    data: dict[str, Any] = {}
    for rel in sorted(raws):
        if rel == "pack.yaml":
            continue
        top = rel.split("/", 1)[0]
        if top not in folders:
            raise PackError(f"{shown}/{rel}: not in the folder of a game pack.yaml names ({', '.join(folders)})")
        data[rel] = parse(raws[rel], f"{shown}/{rel}")
    for g in folders:
        if not any(rel.startswith(g + "/") for rel in data):
            raise PackError(f"{shown}/{g}: pack.yaml names the game, but the pack has no folder of it")
    digest = hashlib.sha256()
    for rel in sorted(raws):
        digest.update(rel.encode() + b"\0" + raws[rel] + b"\0")
    return Pack(head.name, head.version, tuple(folders), shown, digest.hexdigest()[:16],
                tuple(head.replaces), data)


# -- which packs a game uses ----------------------------------------------------------------

_offered: list[Pack] = []
_chosen: dict[str, tuple[Pack, ...]] = {}  # game folder -> the packs a replayed record named


def offer(packs: list[Pack]) -> None:
    """The packs this run may use (--content folders and the player's folder); names are unique."""
    seen: dict[str, Pack] = {}
    for pack in packs:
        if pack.name in seen:
            raise PackError(f"{pack.where('pack.yaml')}: name: {pack.name!r} is the name of "
                            f"{seen[pack.name].shown} too")
        seen[pack.name] = pack
    _offered[:] = sorted(packs, key=lambda p: p.name)
    _chosen.clear()


def offered() -> list[Pack]:
    return list(_offered)


def for_game(game_dir: str) -> tuple[Pack, ...]:
    """The packs a game's content is loaded with now."""
    if game_dir in _chosen:
        return _chosen[game_dir]
    return tuple(p for p in _offered if game_dir in p.games)


def select(game_dir: str, stamps: Any) -> None:
    """Load the game with exactly the packs a record names (None: every pack offered).  A pack
    named but not offered, or offered with other files, is one line."""
    if stamps is None:
        _chosen.pop(game_dir, None)
        return
    if not isinstance(stamps, list) or not all(isinstance(s, dict) for s in stamps):
        raise PackError("the record's meta.packs is not a list of packs")
    chosen = []
    for s in stamps:
        name, version, digest = (str(s.get(k, "")) for k in ("name", "version", "digest"))
        pack = next((p for p in _offered if p.name == name and game_dir in p.games), None)
        if pack is None:
            raise PackError(f"the record was made with content pack '{name}' {version}, which is not loaded "
                            f"(give its folder with --content DIR)")
        if pack.digest != digest:
            raise PackError(f"the record was made with content pack '{name}' {version} (digest {digest}); "
                            f"the one loaded from {pack.shown} is {pack.version} (digest {pack.digest})")
        chosen.append(pack)
    _chosen[game_dir] = tuple(sorted(chosen, key=lambda p: p.name))


def stale(content: Any, game_dir: str) -> bool:
    """Whether a game's loaded content has other packs than it should have now."""
    bundle = getattr(content, "bundle", content)
    return tuple(p.digest for p in getattr(bundle, "packs", ())) != tuple(p.digest for p in for_game(game_dir))


def stamps(content: Any) -> list[dict[str, str]]:
    """What a record of a game keeps of the packs its content was loaded with."""
    bundle = getattr(content, "bundle", content)
    return [p.stamp() for p in getattr(bundle, "packs", ())]


# -- a game's content with its packs ----------------------------------------------------------

@dataclass
class Merged:
    """The installed files' data with the packs' laid over it, and where each entry came from."""

    models: dict[str, Any]
    parsed: dict[str, Any]
    problems: list[str]
    origin: dict[tuple[str, ...], str]  # (file,) or (file, table, id) -> the pack file it came from

    def shown(self, name: str, loc: tuple[Any, ...], installed: str) -> str:
        """The file an error at `loc` of `name` is in: a pack's, or the installed one."""
        key = (name, *(str(p) for p in loc[:2]))
        return self.origin.get((name,)) or self.origin.get(key) or installed

    def relabel(self, line: str, installed_prefix: str) -> str:
        """A cross-file check's line about an installed file, moved to the pack file that
        brought the entry it names ("content/heroquest/monsters.yaml: monsters.orc2.body: ...")."""
        if not line.startswith(installed_prefix):
            return line
        name, sep, rest = line[len(installed_prefix):].partition(": ")
        if not sep:
            return line
        path = re.split(r"[.\[\]]+", rest.partition(": ")[0])
        found = self.origin.get((name,)) or self.origin.get((name, *path[:2]))
        return f"{found}: {rest}" if found else line


def merge(game_dir: str, models: dict[str, Any], parsed: dict[str, Any], packs: tuple[Pack, ...],
          installed: str) -> Merged:
    """Lay each pack's files over the installed data.  A file of a kind the game keeps one to a
    folder (quests/*.yaml) is added whole; any other file adds entries to the installed file's
    tables of entries by id.  An id already there is refused unless pack.yaml replaces it."""
    models, parsed = dict(models), dict(parsed)
    kinds: dict[str, set[Any]] = {}
    for name, model in models.items():
        if "/" in name:
            kinds.setdefault(name.rsplit("/", 1)[0], set()).add(model)
    one_to_a_file = {folder: next(iter(ms)) for folder, ms in kinds.items() if len(ms) == 1}
    origin: dict[tuple[str, ...], str] = {}
    problems: list[str] = []
    for pack in packs:
        used: set[str] = set()
        replaces = set(pack.replaces)
        for rel_in_pack, data in pack.files.items():
            if not rel_in_pack.startswith(game_dir + "/"):
                continue
            rel = rel_in_pack[len(game_dir) + 1:]
            shown = pack.where(rel_in_pack)
            folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
            if folder in one_to_a_file:
                if rel in models and rel_in_pack not in replaces:
                    problems.append(f"{shown}: clashes with {origin.get((rel,), f'{installed}/{rel}')} "
                                    f"(pack.yaml may list it under replaces)")
                    continue
                if rel in models:
                    used.add(rel_in_pack)
                models[rel], parsed[rel], origin[(rel,)] = one_to_a_file[folder], data, shown
                continue
            if rel not in models:
                known = sorted({n if "/" not in n else n.rsplit("/", 1)[0] + "/*.yaml" for n in models})
                problems.append(f"{shown}: not a content file of this game (its files: {', '.join(known)})")
                continue
            have = parsed.get(rel)
            if not isinstance(data, dict) or not isinstance(have, dict):
                problems.append(f"{shown}: (top): a pack's {rel} holds tables of entries by id, as the game's own")
                continue
            parsed[rel] = have = dict(have)
            for table, entries in data.items():
                if not isinstance(entries, dict) or not isinstance(have.get(table), dict):
                    problems.append(f"{shown}: {table}: a pack adds entries to a table of entries by id; "
                                    f"{installed}/{rel} has no such table")
                    continue
                have[table] = merged = dict(have[table])
                for eid, entry in entries.items():
                    key = (rel, str(table), str(eid))
                    wanted = f"{rel_in_pack}: {table}.{eid}"
                    if eid in merged and wanted not in replaces:
                        problems.append(f"{shown}: {table}.{eid}: clashes with {origin.get(key, f'{installed}/{rel}')} "
                                        f"(pack.yaml may list it under replaces)")
                        continue
                    if wanted in replaces:
                        if eid not in merged:
                            continue  # not used: said below
                        used.add(wanted)
                    merged[eid] = entry
                    origin[key] = shown
        for r in sorted(replaces - used):
            if r.split("/", 1)[0] == game_dir:
                problems.append(f"{pack.where('pack.yaml')}: replaces: {r!r} names nothing the pack "
                                f"holds that the game has already")
    return Merged(models, parsed, problems, origin)
