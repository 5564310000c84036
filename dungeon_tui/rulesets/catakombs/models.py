"""Pydantic models for content/catakombs/*.yaml (spec §2, §5.15, §6.2, §7).

Each model checks what one file can check alone; names that cross files (a spell's owner, a
quest's tiles, a map against its tiles) are checked in content.py.
"""
from __future__ import annotations

from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from ...engine.content import Strict

STATS = ("cc", "def", "tir", "mag", "str", "pv", "wil", "cha", "agi", "dex", "int", "fate", "ap")
ZONES = ("head", "torso", "arms", "legs")  # the body zones of the location die
WIDTH, HEIGHT = 33, 17
TILE = 7
SYMBOLS = "#.~DLcSERbCK^P"  # §2.7
# Symbols a quest map lays over a tile's square: things on the floor, the prisoner in his cell.
OVERLAYS = {".": "bCK^", "c": "P"}

Group = Literal["hero", "master_leader", "master_troop", "escort"]
Skill = Literal["fear", "fearful", "flaming_attack", "poisoned_attack", "web_attack", "blunt", "swarm", "flight",
                "regeneration", "magic_weapon", "magic_armour", "large", "small", "invisible", "immaterial",
                "gigantic", "leader", "whirlwind", "shoot_through_crowd", "on_the_lookout", "chivalrous"]
# Skills written with a level, fear: 1; the others take null.
LEVELLED = frozenset({"fear", "poisoned_attack", "web_attack", "swarm", "regeneration"})


class Armour(Strict):
    head: int = Field(ge=0, le=10)
    torso: int = Field(ge=0, le=10)
    arms: int = Field(ge=0, le=10)
    legs: int = Field(ge=0, le=10)

    def best(self) -> int:
        return max(self.head, self.torso, self.arms, self.legs)

    def of(self, zone: str) -> int:
        return int(getattr(self, zone))


class Card(Strict):
    name: str
    group: Group
    size: Literal["small", "standard", "large"] = "standard"
    stats: dict[str, int]
    armour: Armour
    dmg_melee: int = Field(ge=0)
    dmg_shoot: int | None = None  # null: cannot shoot
    value: int | None = Field(None, ge=0)  # points in party and roster building; an escort has none
    box: int | None = Field(None, ge=1)  # figures in the box (Master cards)
    skills: dict[Skill, int | None] = {}
    spells: list[str] = []

    @field_validator("stats")
    @classmethod
    def _stats(cls, v: dict[str, int]) -> dict[str, int]:
        missing = [s for s in STATS if s not in v]
        unknown = [s for s in v if s not in STATS]
        if missing or unknown:
            raise ValueError("stats need exactly " + ", ".join(STATS)
                             + (f"; missing {', '.join(missing)}" if missing else "")
                             + (f"; unknown {', '.join(unknown)}" if unknown else ""))
        if any(n < 0 for n in v.values()):
            raise ValueError("stats cannot be negative")
        if v["pv"] < 1:
            raise ValueError("pv must be at least 1")
        return v

    @field_validator("skills")
    @classmethod
    def _skills(cls, v: dict[str, int | None]) -> dict[str, int | None]:
        if "gigantic" in v:
            raise ValueError("gigantic is not supported (D26)")
        for name, level in v.items():
            if name in LEVELLED and (level is None or level < 1):
                raise ValueError(f"{name} needs a level of 1 or more")
            if name not in LEVELLED and level is not None:
                raise ValueError(f"{name} takes no level (write {name}: null)")
        return v

    @model_validator(mode="after")
    def _group(self) -> Card:
        if self.group != "escort" and self.value is None:
            raise ValueError(f"a {self.group} card needs a value")
        if self.group.startswith("master") and self.box is None:
            raise ValueError("a Master card needs its box count")
        if (self.group == "master_leader") != ("leader" in self.skills):
            raise ValueError("the leader skill and the master_leader group go together")
        return self

    def level(self, skill: str) -> int:
        """A skill's level (1 for a skill without one), 0 when the card lacks it."""
        if skill not in self.skills:
            return 0
        return self.skills[skill] or 1


class CardsFile(Strict):
    default_party: list[str]
    solo_roster: list[str]
    cards: dict[str, Card]


class Band(Strict):
    min: int = Field(ge=1)
    max: int | None = None  # null: this score and above
    effect: Literal["none", "heal", "web", "bless", "damage", "raise"]
    n: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _n(self) -> Band:
        if (self.effect == "none") != (self.n == 0):
            raise ValueError("n is given exactly when the band has an effect")
        if self.max is not None and self.max < self.min:
            raise ValueError("max is below min")
        return self


class Spell(Strict):
    name: str
    owner: str
    tag: Literal["support", "harmful"]
    target: Literal["self_or_ally", "self_or_adjacent_ally", "enemy", "none"]
    downed_ok: bool = False  # may target a downed ally
    cures_poison: bool = False
    not_immaterial: bool = False
    bands: list[Band]

    @field_validator("bands")
    @classmethod
    def _bands(cls, v: list[Band]) -> list[Band]:
        if not v or v[0].min != 1:
            raise ValueError("the bands start at 1")
        for a, b in pairwise(v):
            if a.max is None or b.min != a.max + 1:
                raise ValueError(f"the band after {a.min} must start at {(a.max or a.min) + 1}")
        if v[-1].max is not None:
            raise ValueError("the last band has no max")
        return v

    def band(self, sp: int) -> Band | None:
        """The band a score falls in; None for a score of 0 (a failed cast)."""
        return next((b for b in self.bands if b.min <= sp and (b.max is None or sp <= b.max)), None)


class SpellsFile(Strict):
    spells: dict[str, Spell]


class TileFile(Strict):
    name: str
    rows: list[str]

    @field_validator("rows")
    @classmethod
    def _rows(cls, v: list[str]) -> list[str]:
        if len(v) != TILE or any(len(r) != TILE for r in v):
            raise ValueError(f"a tile is {TILE} rows of {TILE} squares")
        bad = sorted({ch for r in v for ch in r if ch not in "#.~LcE"})
        if bad:
            raise ValueError(f"a tile may hold only # . ~ L c E, not {' '.join(bad)}")
        return v


class TilesFile(Strict):
    tiles: dict[str, TileFile]


class Slot(Strict):
    tile: str
    mirror: Literal["h", "v"] | None = None


Objective = Literal["open_chest", "open_cell", "remove_leader", "all_escape", "carry_gem_out", "uncle_out"]


class Quest(Strict):
    number: int = Field(ge=1)
    title: str
    goal: str  # the objective as the player reads it
    objective: Objective
    objective_at: tuple[int, int] | None = None  # the chest, cell door or secret door the quest is about
    objective_zone: str | None = None  # None: the solo leader goes to the farthest zone
    exits: list[Literal["E", "S"]] = []
    turn_limit: int | None = Field(None, ge=1)  # None: the game's setting (default 20)
    slots: list[Slot]
    zone_order: dict[str, int]
    map: list[str]

    @field_validator("map")
    @classmethod
    def _map(cls, v: list[str]) -> list[str]:
        if len(v) != HEIGHT or any(len(r) != WIDTH for r in v):
            raise ValueError(f"a map is {HEIGHT} rows of {WIDTH} squares")
        bad = sorted({ch for r in v for ch in r if ch not in SYMBOLS})
        if bad:
            raise ValueError(f"unknown map symbols: {' '.join(bad)}")
        return v

    @field_validator("slots")
    @classmethod
    def _slots(cls, v: list[Slot]) -> list[Slot]:
        if len(v) != 8:
            raise ValueError("a quest has 8 tile slots (4 across, 2 down)")
        tiles = [s.tile for s in v]
        if len(set(tiles)) != len(tiles):
            raise ValueError("a tile is used at most once in a quest")
        return v


class QuestsFile(Strict):
    quests: dict[str, Quest]


class Event(Strict):
    min: int = Field(ge=2, le=12)
    max: int = Field(ge=2, le=12)
    kind: Literal["fire", "frenzy", "return", "nothing", "fairy"]
    text: str


class EventsFile(Strict):
    events: list[Event]

    @field_validator("events")
    @classmethod
    def _cover(cls, v: list[Event]) -> list[Event]:
        expect = 2
        for e in v:
            if e.min != expect or e.max < e.min:
                raise ValueError(f"the events must cover 2 to 12 in order; the next one starts at {expect}")
            expect = e.max + 1
        if expect != 13:
            raise ValueError("the events must cover 2 to 12")
        return v


class TacticsFile(Strict):
    scripts: dict[str, Any]


# The words the tactics scripts may use (spec §6.1): parameter name -> the values it allows
# (a tuple) or int.  content.py compiles the scripts against these; the AI registers the
# functions behind the same words (a test keeps the two the same).
TACTICS_WORDS: dict[str, dict[str, dict[str, Any]]] = {
    "conditions": {
        "webbed": {}, "in_duel": {}, "no_target": {}, "only_support_spells": {}, "can_melee": {},
        "can_shoot": {}, "target_in_los": {}, "adjacent_enemy": {},
        "inactive_roll": {"low": int, "high": int},
        "primary": {"stat": ("cc", "tir", "mag")},
        "armour_over_half": {"kind": ("melee", "shoot")},
        "ap_at_least": {"n": int},
        "off_board_at_least": {"n": int},
        "not_cast_this_turn": {"spell": str},
        # hero companions (§6.5)
        "ally_downed": {}, "quest_action_ready": {}, "lookout": {}, "enemy_within": {"n": int},
        "ally_badly_hurt": {}, "holds_no_point": {}, "shot_offered": {}, "enemy_close": {"n": int},
    },
    "actions": {
        "free_self": {}, "end_activation": {}, "duel_step": {}, "cast_support": {}, "support_advance": {},
        "wander": {"n": int},
        "melee": {"mode": ("normal", "power")},
        "shoot": {"mode": ("normal", "precise")},
        "cast": {"spell": str},  # a spell id, or most_harmful
        "advance": {"until": ("adjacent", "los", "los_not_adjacent")},
        # hero companions (§6.5)
        "heal_downed": {}, "quest_action": {}, "wait": {}, "advance_objective": {}, "heal_hurt": {},
        "shoot_weakest": {},
    },
}

MODELS: dict[str, type[BaseModel]] = {
    "cards.yaml": CardsFile,
    "spells.yaml": SpellsFile,
    "tiles.yaml": TilesFile,
    "quests.yaml": QuestsFile,
    "events.yaml": EventsFile,
    "tactics.yaml": TacticsFile,
}
