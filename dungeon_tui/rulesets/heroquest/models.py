"""Pydantic models for content/heroquest/*.yaml (spec §2)."""
from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from typing_extensions import TypedDict

from ...engine.content import Strict

Sq = tuple[int, int]
Edge = tuple[Sq, Sq]
GROUPS = ("air", "earth", "fire", "water")


class BoardFile(Strict):
    width: int = Field(ge=1, le=64)
    height: int = Field(ge=1, le=64)
    rows: list[str]  # one character per square: "." corridor, a letter = that room

    @model_validator(mode="after")
    def _shape(self) -> BoardFile:
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
    draft: list[Literal["air", "earth", "fire", "water"]] = []  # the AI's order of preference for spell groups


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
    kind: Literal["weapon", "helmet", "shield", "body_armour", "tool", "relic"]  # relic: used from the hand
    dice: int = Field(0, ge=0, le=6)
    defend: int = Field(0, ge=0, le=3)
    diagonal: bool = False
    ranged: bool = False
    two_handed: bool = False
    not_wizard: bool = True
    wizard_only: bool = False  # wizards_cloak, wizards_staff: no other hero may use them
    metal: bool = False
    move_dice: int | None = None  # plate mail: one red die
    undead_dice: int | None = None  # the spirit blade strikes harder at the undead
    orc_attacks: int = Field(1, ge=1, le=3)  # orc's bane: attacks per action against orcs
    mind: int = Field(0, ge=0, le=3)  # talisman of lore
    gold: int = Field(ge=0)
    text: str = ""  # what it does, for the sheet and the hand


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
    """A trapped piece of furniture: a fixed Body loss or a number of combat dice (1 per skull)."""
    body_loss: int | None = Field(None, ge=1, le=6)
    dice: int | None = Field(None, ge=1, le=6)

    @model_validator(mode="after")
    def _one(self) -> FurnitureTrap:
        if (self.body_loss is None) == (self.dice is None):
            raise ValueError("give exactly one of body_loss or dice")
        return self


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
    overrides: dict[Literal["move", "attack", "defend", "body", "mind"], int] = {}
    spells: list[str] = []
    script: str = "zargon_default"
    guard: Sq | None = None


class TreasureItem(Strict):
    """One thing a special treasure holds: gold, a named item (a potion may say how much it
    heals) or an artifact."""
    gold: int | None = Field(None, ge=1)
    item: str | None = None
    artifact: str | None = None
    heal: int | None = Field(None, ge=1, le=12)

    @model_validator(mode="after")
    def _one(self) -> TreasureItem:
        if sum(v is not None for v in (self.gold, self.item, self.artifact)) != 1:
            raise ValueError("give exactly one of gold, item or artifact")
        if self.heal is not None and self.item != "potion_of_healing":
            raise ValueError("heal is only for item potion_of_healing")
        return self


class SpecialTreasure(Strict):
    room: str
    furniture: str | None = None
    items: list[TreasureItem] = []


# Event triggers and actions are short strings in the quest file (spec 7.2):
# `door_opened [[6,11],[7,11]]`, `item_taken bone_lantern`; `place_escort(controller: opener)`,
# `set_flag(alarm)`, `open_all_doors`, `place_all_monsters`, `reveal_all`.
WHEN_RE = re.compile(r"^(?P<kind>\w+)(?:\s+(?P<arg>.+?))?\s*$")
DO_RE = re.compile(r"^(?P<verb>\w+)\s*(?:\((?P<args>[^()]*)\))?\s*$")
WORD_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# verb -> allowed named arguments and their allowed values; "*" = one bare word (a flag name).
ACTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "place_escort": {"controller": ("opener",)},
    "set_flag": {"*": ()},
    "open_all_doors": {},
    "place_all_monsters": {},
    "reveal_all": {},
}


def parse_when(text: str) -> tuple[str, Any]:
    """`door_opened <edge>` -> ("door_opened", ((x, y), (x, y))); `item_taken <item>` ->
    ("item_taken", item).  Raises ValueError naming what is wrong."""
    m = WHEN_RE.match(text.strip())
    kind, arg = (m["kind"], m["arg"]) if m else ("", None)
    if kind == "door_opened":
        try:
            pair = json.loads(arg or "")
        except ValueError:
            pair = None
        if not (isinstance(pair, list) and len(pair) == 2 and all(
                isinstance(p, list) and len(p) == 2 and all(type(v) is int for v in p) for p in pair)):
            raise ValueError(f"{text!r}: door_opened needs an edge like [[6,11],[7,11]]")
        return kind, (tuple(pair[0]), tuple(pair[1]))
    if kind == "item_taken":
        if not arg or not WORD_RE.match(arg):
            raise ValueError(f"{text!r}: item_taken needs an item id")
        return kind, arg
    raise ValueError(f"{text!r}: when must be 'door_opened <edge>' or 'item_taken <item>'")


def parse_do(text: str) -> tuple[str, dict[str, str]]:
    """`set_flag(alarm)` -> ("set_flag", {"*": "alarm"}); `place_escort(controller: opener)` ->
    ("place_escort", {"controller": "opener"}).  Raises ValueError naming what is wrong."""
    m = DO_RE.match(text.strip())
    if not m or m["verb"] not in ACTIONS:
        raise ValueError(f"{text!r}: unknown action; one of {', '.join(ACTIONS)}")
    verb, allowed = m["verb"], ACTIONS[m["verb"]]
    args: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in (m["args"] or "").split(","))):
        key, _, value = part.partition(":")
        key, value = (key.strip(), value.strip()) if value else ("*", key.strip())
        if key not in allowed or (allowed[key] and value not in allowed[key]) or not WORD_RE.match(value):
            raise ValueError(f"{text!r}: {verb} does not take {part!r}")
        args[key] = value
    if "*" in allowed and "*" not in args:
        raise ValueError(f"{text!r}: {verb} needs a name, like {verb}(alarm)")
    return verb, args


def _check_when(text: str) -> str:
    parse_when(text)
    return text


def _check_do(text: str) -> str:
    parse_do(text)
    return text


class QuestEvent(Strict):
    when: Annotated[str, AfterValidator(_check_when)]
    do: list[Annotated[str, AfterValidator(_check_do)]] = Field(min_length=1)

    @property
    def trigger(self) -> tuple[str, Any]:
        return parse_when(self.when)

    @property
    def actions(self) -> list[tuple[str, dict[str, str]]]:
        return [parse_do(d) for d in self.do]


class Objective(Strict):
    kind: Literal["kill", "escort", "carry"]
    target: str | None = None  # kill: a monster id
    figure: str | None = None  # escort: the quest's escort id
    item: str | None = None  # carry: an item in the special treasure

    @model_validator(mode="after")
    def _fields(self) -> Objective:
        need = {"kill": "target", "escort": "figure", "carry": "item"}[self.kind]
        given = {k for k in ("target", "figure", "item") if getattr(self, k) is not None}
        if given != {need}:
            raise ValueError(f"objective {self.kind} takes {need} only")
        return self


# Plain dicts (rules code reads them with [] and .get) whose keys are still checked.
class QuestEscort(TypedDict):
    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    id: str
    at: Sq


class FailIf(TypedDict):
    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    dead: str


class Reward(TypedDict, total=False):
    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    gold_total: Annotated[int, Field(ge=0)]
    gold_each: Annotated[int, Field(ge=0)]


def _unique_ids(kind: str, items: list[Any]) -> None:
    seen: set[str] = set()
    for x in items:
        if x.id in seen:
            raise ValueError(f"{kind} id {x.id!r} is used twice")
        seen.add(x.id)


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
    escort: QuestEscort | None = None
    events: list[QuestEvent] = []
    objective: Objective
    fail_if: FailIf | None = None
    reward: Reward = {}

    @model_validator(mode="after")
    def _ids(self) -> Quest:
        # The loader checks and messages name pieces by id, so ids must be unique.
        _unique_ids("trap", self.traps)
        _unique_ids("furniture", self.furniture)
        _unique_ids("monster", self.monsters)
        if len(self.reward) > 1:
            raise ValueError("reward is gold_total or gold_each, not both")
        return self


class MonsterChange(Strict):
    name: str | None = None
    move: int | None = Field(None, ge=1, le=12)
    attack: int | None = Field(None, ge=0, le=8)
    defend: int | None = Field(None, ge=0, le=8)
    body: int | None = Field(None, ge=1, le=8)
    mind: int | None = Field(None, ge=0, le=8)


class Variant(Strict):
    name: str
    text: str
    monsters: dict[str, MonsterChange] = {}
    all_body: int | None = Field(None, ge=1, le=8)  # every monster's Body, before the per-monster changes
    search_combined: bool = False
    dread_names: dict[str, str] = {}


class VariantsFile(Strict):
    variants: dict[str, Variant]


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
    "variants.yaml": VariantsFile,
    **{f"quests/{q}.yaml": Quest for q in QUESTS},
}
