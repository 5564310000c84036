"""Load content/catakombs/*.yaml and check what crosses between files: spells and their owners,
quests against their tiles, the tactics scripts against the AI's words.

Every problem is one line: `content/catakombs/<file>.yaml: <yaml path>: <problem>`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine import tactics
from ...engine.content import Bundle, load_bundle
from .board import LINE, Board, slot_of
from .models import MODELS, OVERLAYS, TACTICS_WORDS, Card, Event, Quest, Spell, TileFile

ID = "catakombs"
WHERE = f"content/{ID}"
ENTRANCE = "entrance"  # the heroes' tile in every quest
# What the quest's objective square must show at setup.
OBJECTIVE_SYMBOL = {"open_chest": "C", "open_cell": "L", "carry_gem_out": "K", "uncle_out": "P", "all_escape": "S"}
ENTRIES_PER_MAP = 2  # D8


@dataclass(frozen=True)
class Content:
    bundle: Bundle
    cards: dict[str, Card]
    default_party: tuple[str, ...]
    solo_roster: tuple[str, ...]  # the order a solo Master's roster is filled (§3.3)
    spells: dict[str, Spell]
    tiles: dict[str, TileFile]
    quests: dict[str, Quest]
    events: tuple[Event, ...]
    tactics: dict[str, Any]  # the scripts as written; the AI compiles them with its words
    boards: dict[str, Board]

    @property
    def digest(self) -> str:
        return self.bundle.digest

    def event_for(self, roll: int) -> Event:
        return next(e for e in self.events if e.min <= roll <= e.max)


def _no_op(ctx: Any, **_: Any) -> None:  # the AI registers the real functions (ai/)
    return None


def words_registry() -> tactics.Registry:
    """A registry holding TACTICS_WORDS, so the engine's compiler checks names and types."""
    reg = tactics.Registry()
    for kind, table in (("conditions", reg.conditions), ("actions", reg.actions)):
        for name, params in TACTICS_WORDS[kind].items():
            table[name] = tactics.Primitive(
                name, _no_op, {p: (int if spec is int else str) for p, spec in params.items()}, tuple(params))
    return reg


def tactics_problems(scripts: dict[str, Any], spells: set[str]) -> list[str]:
    where = f"{WHERE}/tactics.yaml: scripts"
    try:
        compiled = tactics.compile_scripts(scripts, words_registry(), where)
    except tactics.TacticsError as err:
        return [str(err)]
    problems = []
    for name, script in compiled.items():
        for i, entry in enumerate(script.entries):
            calls = [(c, "when") for c, _ in ((entry.condition, False), *entry.also) if c is not None]
            calls += [(c, "do" if entry.condition is not None else "default") for c in entry.calls]
            for call, part in calls:
                table = TACTICS_WORDS["conditions" if part == "when" else "actions"][call.name]
                for key, value in call.params:
                    allowed = table[key]
                    if isinstance(allowed, tuple) and value not in allowed:
                        problems.append(f"{where}.{name}[{i}].{part}: {call.name}.{key}: "
                                        f"{value!r} is not one of {', '.join(allowed)}")
                    if key == "spell" and value != "most_harmful" and value not in spells:
                        problems.append(f"{where}.{name}[{i}].{part}: {call.name}.spell: unknown spell {value!r}")
    return problems


def _tile_rows(tile: TileFile, mirror: str | None) -> list[str]:
    if mirror == "h":
        return [r[::-1] for r in tile.rows]
    if mirror == "v":
        return list(reversed(tile.rows))
    return list(tile.rows)


def _map_problems(qid: str, q: Quest, tiles: dict[str, TileFile]) -> list[str]:
    """The map drawn square by square against its tiles, its wall lines, entries and objective."""
    where = f"{WHERE}/quests.yaml: quests.{qid}"
    problems: list[str] = []
    for i, slot in enumerate(q.slots):
        if slot.tile not in tiles:
            problems.append(f"{where}.slots[{i}].tile: unknown tile {slot.tile!r}")
            continue
        c, r = slot_of(i)
        for ty, row in enumerate(_tile_rows(tiles[slot.tile], slot.mirror)):
            for tx, want in enumerate(row):
                x, y = LINE * c + 1 + tx, LINE * r + 1 + ty
                got = q.map[y][x]
                if got != want and got not in OVERLAYS.get(want, ""):
                    problems.append(f"{where}.map[{y}]: square {x},{y} is {got!r} but tile {slot.tile} "
                                    f"has {want!r} there")
    if problems:
        return problems
    zones = [s.tile for s in q.slots]
    for y, row in enumerate(q.map):
        for x, ch in enumerate(row):
            outer = x in (0, len(row) - 1) or y in (0, len(q.map) - 1)
            on_line = x % LINE == 0 or y % LINE == 0
            if outer and ch not in "#RS":
                problems.append(f"{where}.map[{y}]: square {x},{y} in the outer wall is {ch!r} (only # R S)")
            elif not outer and ch in "RS":
                problems.append(f"{where}.map[{y}]: square {x},{y}: {ch!r} belongs in the outer wall")
            elif on_line and x % LINE == 0 and y % LINE == 0 and ch != "#":
                problems.append(f"{where}.map[{y}]: square {x},{y}: the corner of four tiles must be wall")
            elif on_line and not outer and ch not in "#.D^":
                problems.append(f"{where}.map[{y}]: square {x},{y}: a link square holds {ch!r} (only # . D ^)")
    entries = sum(row.count("R") for row in q.map)
    if entries != ENTRIES_PER_MAP:
        problems.append(f"{where}.map: {entries} entries R, expected {ENTRIES_PER_MAP}")
    if ENTRANCE not in zones:
        problems.append(f"{where}.slots: the {ENTRANCE} tile is missing")
    if sorted(q.zone_order) != sorted(z for z in zones if z != ENTRANCE):
        problems.append(f"{where}.zone_order: must name every zone but the {ENTRANCE}, once")
    if q.objective_zone is not None and q.objective_zone not in zones:
        problems.append(f"{where}.objective_zone: {q.objective_zone!r} is not one of the quest's tiles")
    element = OBJECTIVE_SYMBOL.get(q.objective)
    at = q.objective_at
    if element is not None and (at is None or q.map[at[1]][at[0]] != element):
        problems.append(f"{where}.objective_at: the {q.objective} objective needs a {element!r} square there")
    for ex in q.exits:
        if not any(ex in row for row in q.map):
            problems.append(f"{where}.exits: no {ex!r} on the map")
    return problems


def cross_check(bundle: Bundle) -> list[str]:
    problems: list[str] = []
    cards: dict[str, Card] = bundle["cards.yaml"].cards
    spells: dict[str, Spell] = bundle["spells.yaml"].spells
    for cid, card in cards.items():
        for k, sid in enumerate(card.spells):
            if sid not in spells:
                problems.append(f"{WHERE}/cards.yaml: cards.{cid}.spells[{k}]: unknown spell {sid!r}")
            elif spells[sid].owner != cid:
                problems.append(f"{WHERE}/cards.yaml: cards.{cid}.spells[{k}]: {sid} belongs to {spells[sid].owner}")
    for sid, spell in spells.items():
        owner = cards.get(spell.owner)
        if owner is None or sid not in owner.spells:
            problems.append(f"{WHERE}/spells.yaml: spells.{sid}.owner: {spell.owner!r} has no such spell on its card")
    for key, group in (("default_party", ("hero",)), ("solo_roster", ("master_leader", "master_troop"))):
        for k, cid in enumerate(getattr(bundle["cards.yaml"], key)):
            if cid not in cards or cards[cid].group not in group:
                problems.append(f"{WHERE}/cards.yaml: {key}[{k}]: {cid!r} is not a {' or '.join(group)} card")
    tiles = bundle["tiles.yaml"].tiles
    for qid, q in bundle["quests.yaml"].quests.items():
        problems.extend(_map_problems(qid, q, tiles))
    return problems + tactics_problems(bundle["tactics.yaml"].scripts, set(spells))


def _board(q: Quest) -> Board:
    return Board.from_map(q.map, [s.tile for s in q.slots], q.exits, q.objective_at)


def build(bundle: Bundle) -> Content:
    cf = bundle["cards.yaml"]
    quests = bundle["quests.yaml"].quests
    return Content(
        bundle=bundle, cards=cf.cards, default_party=tuple(cf.default_party), solo_roster=tuple(cf.solo_roster),
        spells=bundle["spells.yaml"].spells, tiles=bundle["tiles.yaml"].tiles,
        quests=dict(sorted(quests.items(), key=lambda kv: kv[1].number)),
        events=tuple(bundle["events.yaml"].events), tactics=bundle["tactics.yaml"].scripts,
        boards={qid: _board(q) for qid, q in quests.items()})


@lru_cache(maxsize=1)
def load_content() -> Content:
    return build(load_bundle(ID, MODELS, cross_check))


def content_problems(content: Content) -> list[str]:
    """The checks `content check` runs on loaded content beyond the loader's: for now the
    scripts against the tactics words (the loader did it too); the AI's own registry joins
    here once ai/ exists.  Core's game.py calls this from its content_problems."""
    return tactics_problems(content.tactics, set(content.spells))
