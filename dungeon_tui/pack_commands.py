"""The command line's part in content packs (engine/packs.py): which packs a run offers, and the
schema files an editor checks content with.  Kept out of cli.py, which only calls in here."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import pack_folder
from .engine.errors import ContentError

if TYPE_CHECKING:
    from .engine.contract import Ruleset
    from .engine.packs import Pack


def _ruleset(folder: str) -> Ruleset[Any, Any]:
    """A game by its folder's name (warhammer_quest), which a pack was checked to name."""
    from .rulesets import get
    return get(folder.replace("_", "-"))


def offer_packs(folders: list[str], check: bool = True) -> None:
    """The packs this run may use: those --content names (a bad one stops the command, unless it
    is `content check`, which says all that is wrong), then the player's own folder's (a bad one
    is skipped with a line on stderr, and changes nothing)."""
    if not folders and not pack_folder.has_packs():
        if "dungeon_tui.engine.packs" in sys.modules:  # offered by an earlier command of this process
            sys.modules["dungeon_tui.engine.packs"].offer([])
        return  # the usual start: no pydantic loaded for nothing
    from .engine import packs
    from .rulesets import game_ids
    games = {packs.game_folder(g) for g in game_ids()}
    named = [packs.read(Path(folder), games) for folder in folders]
    kept_here = pack_folder.data_folder() if pack_folder.has_packs() else None
    own: list[Pack] = []
    for folder in sorted(p for p in kept_here.iterdir() if not p.name.startswith(".")) if kept_here else ():
        try:
            pack = packs.read(folder, games)
            if any(p.name == pack.name for p in named):
                continue  # the copy --content names is the one wanted (a new version being made)
            twin = next((p for p in own if p.name == pack.name), None)
            packs.offer([pack])  # alone, so its own problems are its own
            problems = [f"{folder}/pack.yaml: name: {pack.name!r} is the name of {twin.shown} too"] if twin else \
                [line for g in pack.games for line in _ruleset(g).check()]
        except ContentError as err:
            problems = err.problems
        if problems:
            print(f"dungeon-tui: content pack {folder} is skipped: {problems[0]}", file=sys.stderr)
        else:
            own.append(pack)
    packs.offer(named)
    # What the models cannot see (a new spell or power without the code behind it) stops the
    # command here, before a game meets it.
    problems = [line for g in sorted({g for p in named for g in p.games}) if check for line in _ruleset(g).check()]
    if problems:
        raise ContentError(problems)
    packs.offer(named + own)


def write_schemas(rulesets: list[Ruleset[Any, Any]], out: Path) -> int:
    """One JSON Schema file per kind of content file of each game (engine.content.schemas), and
    pack.schema.json; how many were written."""
    from .engine import packs
    from .engine.content import schemas
    out.mkdir(parents=True, exist_ok=True)
    found = {kind: schema for rs in rulesets
             for kind, schema in schemas(packs.game_folder(rs.id), rs.content()).items()}
    found["pack.schema.json"] = packs.PackFile.model_json_schema()
    for kind, schema in found.items():
        (out / kind).write_text(json.dumps(schema, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return len(found)
