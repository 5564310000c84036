"""Pydantic models for content/warhammer_quest/*.yaml."""
from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from ...engine.content import Strict

DICE_RE = re.compile(r"^(\d*)D(\d+)(?:x(\d+))?([+-]\d+)?$|^(\d+)$")


def check_dice(value: str | int) -> str | int:
    """Dice expressions: 6, "D6", "2D6", "D3", "D6+9", "D6x100"."""
    if isinstance(value, int):
        return value
    if not DICE_RE.match(value):
        raise ValueError(f"not a dice expression: {value!r} (use forms like 6, D6, 2D6+1, D6x100)")
    return value


class Weapon(Strict):
    name: str
    dice: int = Field(1, ge=0, le=3, description="D6s rolled for damage")
    strength_bonus: bool = True  # damage adds the wielder's Strength
    bonus: int = 0
    missile: bool = False
    strength: int | None = None  # a bow's own Strength


class Warrior(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    wounds: str  # dice expression, e.g. "D6+9"
    move: int = Field(ge=1, le=12)
    ws: int = Field(ge=1, le=10)
    bs: int = Field(ge=2, le=7, description="the D6 score needed to hit when shooting")
    strength: int = Field(ge=0, le=10)
    toughness: int = Field(ge=1, le=10)
    armour: int = Field(0, ge=0, le=5)
    initiative: int = Field(ge=1, le=10)
    attacks: int = Field(ge=1, le=5)
    pin_escape: int | None = Field(None, ge=2, le=7)  # None: never pinned
    weapons: list[Weapon]
    equipment: list[str] = []
    specials: list[Literal["berserk", "great_axe", "dodge", "never_pinned", "spellcaster"]] = []
    tie_rank: int = Field(ge=0, le=9, description="D25 order for Initiative ties")
    blurb: str = ""

    _wounds = field_validator("wounds")(check_dice)


class Monster(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    move: int = Field(ge=1, le=12)
    ws: int = Field(ge=1, le=10)
    bs: int | None = Field(None, ge=2, le=7)
    strength: int = Field(ge=0, le=10)
    toughness: int = Field(ge=1, le=10)
    wounds: int = Field(ge=1, le=50)
    attacks: int = Field(ge=1, le=5)
    gold: int = Field(ge=0)
    damage_dice: int = Field(1, ge=0, le=3)
    bow_damage: int | None = None  # missile damage is D6 + this
    specials: list[Literal["missile", "reach2", "immediate", "swarm", "never_pinned", "switches",
                           "web", "frenzy_rat", "flees", "adventure_only"]] = []
    script: str
    blurb: str = ""


class MonsterGroup(Strict):
    monster: str
    count: str | int  # dice expression

    _count = field_validator("count")(check_dice)


class EventCard(Strict):
    name: str
    kind: Literal["E", "M"]
    copies: int = Field(1, ge=1, le=4)
    treasure: bool = False
    monsters: list[MonsterGroup] = []
    # When another Event card is drawn: never, always (at once), on a D6 of 1-3, or after placement.
    draw_another: Literal["never", "always", "d6_1_3", "before_fighting", "table"] = "never"
    text: str


class Spell(Strict):
    name: str
    type: Literal["attack", "defence", "healing"]
    cost: int = Field(ge=0, le=12)
    target: Literal["area", "section_monsters", "monster", "warrior", "warriors", "all_warriors",
                    "dead_warrior", "floor_area", "section_monster"]
    duration: Literal["instant", "turn", "full_turn", "permanent"]
    text: str


class TreasureCard(Strict):
    name: str
    kind: Literal["weapon", "armour", "shield", "other"]
    use: Literal["once", "adventure", "permanent", "charges", "gold"]
    value: int = Field(ge=0)
    copies: int = Field(1, ge=1, le=4)
    text: str


class Doorway(Strict):
    side: Literal["N", "E", "S", "W"]
    squares: list[tuple[int, int]] = Field(min_length=2, max_length=2)


class Template(Strict):
    rows: list[str] = Field(min_length=1)
    entry: Doorway
    # Each option is one way the card can be laid: a list of its exit doorways.
    exits: dict[str, list[Doorway]] = {}
    mirror_options: list[str] = []  # options that lay the template mirrored top to bottom
    features: dict[str, list[tuple[int, int]]] = {}

    @model_validator(mode="after")
    def _squares_inside(self) -> Template:
        width = max(len(r) for r in self.rows)
        for door in [self.entry] + [d for ds in self.exits.values() for d in ds]:
            for x, y in door.squares:
                if not (0 <= y < len(self.rows) and 0 <= x < width) or self.rows[y][x] == " ":
                    raise ValueError(f"doorway square {(x, y)} is not a square of the template")
        return self


class DungeonCard(Strict):
    name: str
    kind: Literal["corridor", "room", "objective"]
    copies: int = Field(1, ge=1, le=6)
    template: str
    junction: bool = False
    text: str = ""


class ObjectiveRow(Strict):
    monsters: list[MonsterGroup]


class Adventure(Strict):
    name: str
    room: str  # objective dungeon card
    needs: str | None = None  # a warrior type that must be in the party
    monsters: Literal["table", "fixed", "none"] = "table"
    fixed: list[MonsterGroup] = []
    table_modifier: int = 0
    goblins_as_skaven: bool = False
    goal: str
    reward: str
    rules: str  # id of the adventure rule module entry in adventures.py
    text: str


class WarriorsFile(Strict):
    warriors: dict[str, Warrior]
    combat_table: list[list[int]] = Field(min_length=10, max_length=10)

    @field_validator("combat_table")
    @classmethod
    def _ten_by_ten(cls, rows: list[list[int]]) -> list[list[int]]:
        for i, row in enumerate(rows):
            if len(row) != 10 or any(not 2 <= v <= 6 for v in row):
                raise ValueError(f"row {i + 1} must hold ten numbers from 2 to 6")
        return rows


class MonstersFile(Strict):
    monsters: dict[str, Monster]


class EventsFile(Strict):
    events: dict[str, EventCard]


class SpellsFile(Strict):
    spells: dict[str, Spell]


class TreasureFile(Strict):
    treasure: dict[str, TreasureCard]


class DungeonFile(Strict):
    templates: dict[str, Template]
    cards: dict[str, DungeonCard]


class AdventuresFile(Strict):
    objective_table: list[ObjectiveRow] = Field(min_length=6, max_length=6)
    adventures: dict[str, Adventure]


class TacticsFile(Strict):
    scripts: dict[str, Any]


MODELS: dict[str, type[BaseModel]] = {
    "warriors.yaml": WarriorsFile,
    "monsters.yaml": MonstersFile,
    "events.yaml": EventsFile,
    "spells.yaml": SpellsFile,
    "treasure.yaml": TreasureFile,
    "dungeon.yaml": DungeonFile,
    "adventures.yaml": AdventuresFile,
    "tactics.yaml": TacticsFile,
}
