"""Pydantic models for content/heroquest/*.yaml (spec §2)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]
GROUPS = ("air", "earth", "fire", "water")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardFile(Strict):
    width: int = Field(ge=1, le=64)
    height: int = Field(ge=1, le=64)
    rows: list[str]  # one character per square: "." corridor, a letter = that room

    @model_validator(mode="after")
    def _shape(self) -> "BoardFile":
        if len(self.rows) != self.height or any(len(r) != self.width for r in self.rows):
            raise ValueError(f"rows must be {self.height} strings of {self.width} characters")
        return self


class Hero(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    attack: int = Field(ge=1, le=6)
    defend: int = Field(ge=1, le=6)
    body: int = Field(ge=1, le=12)
    mind: int = Field(ge=0, le=12)
    weapon: str
    groups: int = Field(0, ge=0, le=3, description="spell groups drafted")
    disarms: bool = False  # the dwarf disarms without a tool kit
    wizard: bool = False  # armour and weapon limits
    blurb: str = ""


class Escort(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    move_dice: int = Field(ge=1, le=2)
    defend: int
    body: int
    mind: int


class HeroesFile(Strict):
    heroes: dict[str, Hero]
    escorts: dict[str, Escort] = {}


class Monster(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    move: int = Field(ge=1, le=12)
    attack: int = Field(ge=0, le=8)
    defend: int = Field(ge=0, le=8)
    body: int = Field(ge=1, le=8)
    mind: int = Field(ge=0, le=8)
    tags: list[Literal["undead", "orc"]] = []


class MonstersFile(Strict):
    monsters: dict[str, Monster]


class Furniture(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=2)
    size: tuple[int, int]


class FurnitureFile(Strict):
    furniture: dict[str, Furniture]


class Equipment(Strict):
    name: str
    kind: Literal["weapon", "helmet", "shield", "body_armour", "tool"]
    dice: int = Field(0, ge=0, le=6)
    defend: int = Field(0, ge=0, le=3)
    diagonal: bool = False
    ranged: bool = False
    two_handed: bool = False
    not_wizard: bool = True
    wizard_only: bool = False  # wizards_cloak, wizards_staff: no other hero may use them
    metal: bool = False
    move_dice: int | None = None  # plate mail: one red die
    gold: int = Field(ge=0)


class EquipmentFile(Strict):
    equipment: dict[str, Equipment]
    artifacts: dict[str, Equipment] = {}


class TreasureCard(Strict):
    name: str
    copies: int = Field(ge=1, le=8)
    kind: Literal["potion", "gold", "wandering_monster", "hazard"]
    gold: int = 0
    potion: Literal["healing", "heroic_brew", "strength", "defense"] | None = None
    hazard: Literal["arrow", "pit"] | None = None
    kept: bool = True
    text: str


class TreasureFile(Strict):
    treasure: dict[str, TreasureCard]


class Spell(Strict):
    name: str
    group: Literal["air", "earth", "fire", "water"]
    target: Literal["door_or_monster", "hero", "monster", "non_undead_monster"]
    text: str


class DreadSpell(Strict):
    name: str
    target: Literal["direction", "room", "hero", "heroes", "none"]
    text: str


class SpellsFile(Strict):
    spells: dict[str, Spell]
    dread_spells: dict[str, DreadSpell]


class Trap(Strict):
    id: str
    kind: Literal["pit", "spear", "falling_block"]
    at: Sq


class FurnitureTrap(Strict):
    body_loss: int | None = None
    dice: int | None = None


class FurniturePiece(Strict):
    id: str
    kind: str
    at: Sq
    size: tuple[int, int] | None = None  # W x H; default the footprint
    room: str
    trap: FurnitureTrap | None = None


class QuestMonster(Strict):
    id: str
    kind: str
    at: Sq
    name: str | None = None
    overrides: dict[str, int] = {}
    spells: list[str] = []
    script: str = "zargon_default"
    guard: Sq | None = None


class TreasureItem(Strict):
    gold: int | None = None
    item: str | None = None
    artifact: str | None = None
    heal: int | None = None


class SpecialTreasure(Strict):
    room: str
    furniture: str | None = None
    items: list[TreasureItem] = []


class QuestEvent(Strict):
    when: str
    do: list[str]


class Objective(Strict):
    kind: Literal["kill", "escort", "carry"]
    target: str | None = None
    figure: str | None = None
    item: str | None = None


class Quest(Strict):
    id: str
    name: str
    order: int
    briefing: str
    wandering_monster: str
    stairway: Sq
    escape_square: Sq | None = None
    doors: list[Edge] = []
    secret_doors: list[Edge] = []
    blocked: list[Sq] = []
    traps: list[Trap] = []
    furniture: list[FurniturePiece] = []
    monsters: list[QuestMonster] = []
    treasure: list[SpecialTreasure] = []
    no_search_rooms: list[str] = []
    escort: dict[str, Any] | None = None
    events: list[QuestEvent] = []
    objective: Objective
    fail_if: dict[str, str] | None = None
    reward: dict[str, int] = {}


class TacticsFile(Strict):
    scripts: dict[str, Any]


QUESTS = ("the_trial", "rescue_of_sir_ragnar", "warlocks_cellar", "crypt_of_the_bone_lantern")

MODELS: dict[str, type[BaseModel]] = {
    "board.yaml": BoardFile,
    "heroes.yaml": HeroesFile,
    "monsters.yaml": MonstersFile,
    "furniture.yaml": FurnitureFile,
    "equipment.yaml": EquipmentFile,
    "treasure.yaml": TreasureFile,
    "spells.yaml": SpellsFile,
    "tactics.yaml": TacticsFile,
    **{f"quests/{q}.yaml": Quest for q in QUESTS[:1]},
}
