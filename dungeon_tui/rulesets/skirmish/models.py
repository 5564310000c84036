"""Pydantic models for content/skirmish/*.yaml (spec §2, §6, §7).  What one file alone can check
is checked here; what needs several files is content.py's cross-check."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from ...engine.content import Strict

Square = tuple[int, int]
SIZE = 36  # every battlefield is 36 x 36 squares of one inch (§5.1)
ROLES = ("leader", "melee", "shooter", "wizard")
Role = Literal["leader", "melee", "shooter", "wizard"]


class Profile(Strict):
    name: str
    glyph: str = Field(pattern="^[A-Z]$")  # its letter on the map, unique within a warband
    role: Role
    m: int = Field(ge=0, le=10)
    ws: int = Field(ge=0, le=10)
    bs: int = Field(ge=0, le=10)
    s: int = Field(ge=0, le=10)
    t: int = Field(ge=0, le=10)
    w: int = Field(ge=1, le=10)
    i: int = Field(ge=0, le=10)
    a: int = Field(ge=0, le=10)
    ld: int = Field(ge=0, le=10)
    weapons: list[str] = Field(min_length=1)
    armour: list[str] = []
    rules: list[str] = []
    poison_weapons: list[str] = []  # poisoned attacks with these weapons only (empty: all of them)
    spells: list[str] = []          # a wizard's known spells (§2.2: fixed in the data)
    on_foot: str | None = None      # a mounted model's profile once its mount is killed (§5.7)
    points: int = Field(ge=0)

    def has(self, rule: str) -> bool:
        return rule in self.rules

    @model_validator(mode="after")
    def _wizard_spells(self) -> Profile:
        if ("wizard_1" in self.rules) != bool(self.spells):
            raise ValueError("a wizard_1 model knows spells, and only a wizard does")
        if ("mounted" in self.rules) != (self.on_foot is not None):
            raise ValueError("a mounted model names its on_foot profile, and only a mounted one does")
        return self


class ProfilesFile(Strict):
    profiles: dict[str, Profile]


class WarbandEntry(Strict):
    profile: str
    count: int = Field(1, ge=1, le=15)
    leader: bool = False


class Warband(Strict):
    name: str
    models: list[WarbandEntry] = Field(min_length=1)
    points: int = Field(ge=0)
    wizard: str | None = None  # joins with the magic option on

    def roster(self, magic: bool = False) -> list[str]:
        """The profile ids in warband order, one per model: the order model ids follow."""
        ids = [e.profile for e in self.models for _ in range(e.count)]
        return [*ids, self.wizard] if magic and self.wizard else ids

    @model_validator(mode="after")
    def _one_leader(self) -> Warband:
        leaders = [e for e in self.models if e.leader]
        if len(leaders) != 1 or leaders[0].count != 1:
            raise ValueError("exactly one model (count 1) must have leader: true")
        return self


class WarbandsFile(Strict):
    warbands: dict[str, Warband]


class Weapon(Strict):
    name: str
    range: int | None = Field(None, ge=1, le=72)  # None: close combat only
    strength: int | None = Field(None, ge=1, le=10)  # None: the user's S
    strength_bonus: int = Field(0, ge=0, le=3)
    extra_attacks: int = Field(0, ge=0, le=2)
    parry: bool = False
    two_handed: bool = False
    strikes_last: bool = False  # except in the turn the model charged
    move_or_fire: bool = False
    armour_piercing: bool = False
    thrown: bool = False
    shots: int = Field(1, ge=1, le=3)
    shots_within: int | None = None  # several shots only at a target this close
    melee_first_round: bool = False  # a missile weapon also used in the first round of a combat

    @property
    def missile(self) -> bool:
        return self.range is not None

    @property
    def melee(self) -> bool:
        return self.range is None or self.melee_first_round


class WeaponsFile(Strict):
    weapons: dict[str, Weapon]


class Armour(Strict):
    name: str
    save: int | None = Field(None, ge=2, le=6)
    improves: int = Field(0, ge=0, le=2)


class ArmourFile(Strict):
    armour: dict[str, Armour]


class Rule(Strict):
    name: str
    text: str


class RulesFile(Strict):
    rules: dict[str, Rule]


class Spell(Strict):
    name: str
    casting_value: int = Field(ge=2, le=12)
    range: int = Field(ge=1, le=36)
    target: Literal["enemy", "friend"]
    hits: Literal["d3", "each_in_group"] | None = None
    strength: int | None = Field(None, ge=1, le=10)
    ward_save: int | None = Field(None, ge=2, le=6)
    text: str


class SpellsFile(Strict):
    spells: dict[str, Spell]


class TerrainKind(Strict):
    name: str
    floor: int | None = Field(None, ge=0, le=6)  # None: a wall, a ladder or an objective letter
    move: Literal["open", "impassable", "obstacle", "difficult", "ladder", "objective"]
    block: int = Field(ge=0, le=6)  # above the square's floor (a wall's: above the ground)
    cover: Literal["none", "soft", "hard"]
    wood: bool = False

    @model_validator(mode="after")
    def _floor(self) -> TerrainKind:
        if (self.floor is None) != (self.move in ("impassable", "ladder", "objective")):
            raise ValueError("walls, ladders and objective letters have no floor of their own; "
                             "every other square has one")
        return self


class TerrainFile(Strict):
    legend: dict[str, TerrainKind]

    @field_validator("legend")
    @classmethod
    def _one_char(cls, legend: dict[str, TerrainKind]) -> dict[str, TerrainKind]:
        bad = [k for k in legend if len(k) != 1]
        if bad:
            raise ValueError(f"legend keys are single characters, not {', '.join(map(repr, bad))}")
        return legend


class Rect(Strict):
    from_: Square = Field(alias="from")
    to: Square

    def squares(self) -> list[Square]:
        """Row by row, north to south, west to east."""
        (x0, y0), (x1, y1) = self.from_, self.to
        return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]

    def __contains__(self, sq: object) -> bool:
        if not (isinstance(sq, tuple) and len(sq) == 2):
            return False
        (x0, y0), (x1, y1) = self.from_, self.to
        return x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1

    @model_validator(mode="after")
    def _ordered(self) -> Rect:
        if not (0 <= self.from_[0] <= self.to[0] < SIZE and 0 <= self.from_[1] <= self.to[1] < SIZE):
            raise ValueError(f"from must be the north-west corner and to the south-east one, inside 0-{SIZE - 1}")
        return self


class Building(Rect):
    name: str
    floor: int | None = Field(None, ge=1, le=6)  # its upper floor, when it has one
    ladders: list[Square] = []
    doorways: list[Square] = []


class Objective(Strict):
    at: Square
    terrain: str = Field(min_length=1, max_length=1)  # the legend character the square is, under its letter
    floor: int | None = Field(None, ge=0, le=6)  # an obstacle on a raised floor stands at that floor
    building: str | None = None


Victory = Literal["casualties", "loot", "relic", "hold"]


class Scenario(Strict):
    id: str
    title: str
    text: str
    roles: tuple[str, str] = ("side_1", "side_2")  # side 1's role by default, then side 2's
    zones: dict[str, Rect]
    deploy_first: str | None = None  # a role that deploys every model before the other starts
    first_turn: str | None = None  # a role that always moves first (else the roll-off decides)
    buildings: list[Building] = []
    objectives: dict[str, Objective] = {}
    turn_limit: int = Field(ge=1, le=30)
    victory: Victory
    loot_to_win: int | None = None
    search_needs: list[int] = []
    curse_strength: int | None = None
    hold: str | None = None
    score_from_turn: int | None = None
    map: list[str]

    @field_validator("map", mode="before")
    @classmethod
    def _rows(cls, value: Any) -> Any:
        return value.rstrip("\n").split("\n") if isinstance(value, str) else value

    @field_validator("map")
    @classmethod
    def _shape(cls, rows: list[str]) -> list[str]:
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise ValueError(f"map must be {SIZE} rows of {SIZE} characters")
        return rows

    @model_validator(mode="after")
    def _roles(self) -> Scenario:
        for key in ("deploy_first", "first_turn"):
            role = getattr(self, key)
            if role is not None and role not in self.roles:
                raise ValueError(f"{key}: {role!r} is not one of the roles {list(self.roles)}")
        if sorted(self.zones) != sorted(self.roles):
            raise ValueError(f"zones must be given for exactly the roles {list(self.roles)}")
        return self


class TacticsFile(Strict):
    roles: dict[Role, dict[Literal["movement", "shooting", "magic"], str]]
    any_role: dict[str, str]
    # A scenario's own movement script by its kind of victory, read before the role's (§7).
    scenario_movement: dict[Victory, str] = {}
    scripts: dict[str, Any]  # checked against the AI's words by `content check`


SCENARIOS = ("border_patrol", "defend_the_village", "barrow_tomb", "hold_the_ruin")

MODELS: dict[str, type[BaseModel]] = {
    "profiles.yaml": ProfilesFile,
    "warbands.yaml": WarbandsFile,
    "weapons.yaml": WeaponsFile,
    "armour.yaml": ArmourFile,
    "rules.yaml": RulesFile,
    "spells.yaml": SpellsFile,
    "terrain.yaml": TerrainFile,
    "tactics.yaml": TacticsFile,
    **{f"scenarios/{s}.yaml": Scenario for s in SCENARIOS},
}
