"""HeroQuest's content: the YAML files read and checked against each other, and what the
rest of the game reads from them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine.content import Bundle, load_bundle
from ...engine.grid import Sq
from . import board
from .models import MODELS, Quest
from .quest_check import Names, check_quest

ID = "heroquest"
# 2: monsters are named and drawn by their number among their kind; 3: a decision with one option
# is played without asking (asking.py); 5: issue 19's rule points (trapped furniture springs
# only on a room nobody searched for traps, the falling block's leap is forward or back, an
# opened door reveals what any hero sees, the wandering monster's blow)
RULES_VERSION = "5"
HERO_ORDER = ("barbarian", "dwarf", "elf", "wizard")


@dataclass(frozen=True)
class Content:
    bundle: Bundle
    heroes: dict[str, Any]
    escorts: dict[str, Any]
    monsters: dict[str, Any]
    furniture: dict[str, Any]
    equipment: dict[str, Any]
    artifacts: dict[str, Any]
    treasure: dict[str, Any]
    spells: dict[str, Any]
    dread_spells: dict[str, Any]
    variants: dict[str, Any]
    quests: dict[str, Any]
    tactics: dict[str, Any]  # the scripts as written; the AI compiles them with its words (ai/seat.py)
    areas: dict[Sq, str]
    room_squares: dict[str, list[Sq]]
    corridor_squares: list[Sq]
    rock: dict[str, list[str]]

    @property
    def digest(self) -> str:
        return self.bundle.digest


def cross_check(bundle: Bundle) -> list[str]:
    """Quest positions against the board (§2.11 loader checks) and names between files.  The
    tactics scripts are checked against the AI's words by `content check` (game.py)."""
    problems: list[str] = []
    where = "content/heroquest"
    names = Names(monsters=set(bundle["monsters.yaml"].monsters), furniture=bundle["furniture.yaml"].furniture,
                  dread_spells=set(bundle["spells.yaml"].dread_spells),
                  artifacts=set(bundle["equipment.yaml"].artifacts),
                  scripts=set(bundle["tactics.yaml"].scripts), escorts=set(bundle["heroes.yaml"].escorts))
    for name, quest in sorted(bundle.files.items()):
        if name.startswith("quests/"):
            problems.extend(check_quest(quest, f"{where}/{name}", bundle["board.yaml"], names))
    problems += glyph_clashes(bundle)
    for vid, v in bundle["variants.yaml"].variants.items():
        problems += [f"{where}/variants.yaml: variants.{vid}.monsters.{k}: unknown monster {k!r}"
                     for k in v.monsters if k not in names.monsters]
        problems += [f"{where}/variants.yaml: variants.{vid}.dread_names.{k}: unknown dread spell {k!r}"
                     for k in v.dread_names if k not in names.dread_spells]
    return problems


def glyph_clashes(bundle: Bundle) -> list[str]:
    """The compact board has one column a square, so a piece of furniture shows by the first
    letter of its mark: it must not be a figure's letter (a bookcase's B beside the Barbarian)."""
    he, mo = bundle["heroes.yaml"], bundle["monsters.yaml"]
    figures = {x.glyph: x.name for x in [*he.heroes.values(), *he.escorts.values(), *mo.monsters.values()]}
    return [f"content/heroquest/furniture.yaml: furniture.{fid}.glyph: {f.glyph!r} starts with {figures[f.glyph[0]]}'s "
            f"letter, the only one the compact board shows" for fid, f in bundle["furniture.yaml"].furniture.items()
            if f.glyph[0] in figures]


@lru_cache(maxsize=1)
def load_content() -> Content:
    bundle = load_bundle("heroquest", MODELS, cross_check)
    b = bundle["board.yaml"]
    areas = board.area_letters(b)
    rooms: dict[str, list[Sq]] = {}
    for sq in sorted(areas, key=lambda q: (q[1], q[0])):
        if areas[sq] != board.CORRIDOR:
            rooms.setdefault(areas[sq], []).append(sq)
    quests = {m.id: m for n, m in bundle.files.items() if n.startswith("quests/") and isinstance(m, Quest)}
    eq = bundle["equipment.yaml"]
    sp = bundle["spells.yaml"]
    he = bundle["heroes.yaml"]
    return Content(
        bundle=bundle, heroes=he.heroes, escorts=he.escorts, monsters=bundle["monsters.yaml"].monsters,
        furniture=bundle["furniture.yaml"].furniture, equipment=eq.equipment, artifacts=eq.artifacts,
        treasure=bundle["treasure.yaml"].treasure, spells=sp.spells, dread_spells=sp.dread_spells,
        variants=bundle["variants.yaml"].variants, quests=quests,
        tactics=bundle["tactics.yaml"].scripts,
        areas=areas, room_squares={k: rooms[k] for k in sorted(rooms)},
        corridor_squares=sorted((sq for sq, a in areas.items() if a == board.CORRIDOR), key=lambda q: (q[1], q[0])),
        rock={qid: board.rock_rooms(b, q) for qid, q in quests.items()},
    )
