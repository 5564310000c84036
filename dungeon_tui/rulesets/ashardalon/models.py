"""Pydantic models for content/ashardalon/*.yaml (spec §2, §6, §7).

Names, numbers and tables come from the spec; every `text` is the project's own wording.
Tactics scripts are plain lists here: `content.cross_check` compiles them against
`TACTICS_WORDS` (the names and parameters of §6.1), because a script's words depend on
the figure that owns it (its attack names).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from ...engine.content import Strict

HeroClass = Literal["cleric", "fighter", "paladin", "rogue", "wizard"]
Keyword = Literal["Aberrant", "Animal", "Devil", "Dragon", "Dwarf", "Human", "Orc", "Reptile", "Sentry"]
Condition = Literal["dazed", "poisoned"]
Side = Literal["N", "E", "S", "W"]


# -- tactics vocabulary (§6.1) ------------------------------------------------------------

@dataclass(frozen=True)
class Param:
    """One parameter of a tactics word: `int`, a tuple of allowed words, or ATTACK (the
    name of one of the acting figure's own attacks)."""

    kind: Any
    required: bool = True


ATTACK = "attack-name"
HERO_TARGETS = ("closest_adjacent_hero", "closest_hero", "that_hero", "adjacent_monster")
SCOPES = ("on_tile", "within_tiles", "adjacent", "tile_of_closest_hero", "marker_tile", "lava_tiles")
MOVE_TARGETS = ("closest_hero", "closest_monster", "closest_unexplored_edge_tile", "closest_exit_tile")

TACTICS_WORDS: dict[str, dict[str, dict[str, Param]]] = {
    "conditions": {
        "adjacent_to_hero": {},
        "on_tile_with_hero": {},
        "hero_within_tiles": {"n": Param(int)},
        "tile_has_no_hero_and_unexplored_edge": {},
        "tile_has_unexplored_edge": {},
        "monster_within_tiles": {"n": Param(int)},
        "adjacent_to_monster": {},
        # The spec's closing `always` line is the script's `default` entry, so no `always` word.
    },
    "actions": {
        "attack": {"target": Param(HERO_TARGETS), "attack": Param(ATTACK)},
        # `tiles` is the n of the spec's within_tiles(n) scope
        "attack_all": {"scope": Param(SCOPES), "attack": Param(ATTACK), "tiles": Param(int, False)},
        "move_adjacent": {"target": Param(MOVE_TARGETS)},
        "move_tiles": {"target": Param(MOVE_TARGETS), "n": Param(int)},
        "explore_bottom_tile_and_place_monster": {},
        "pull_adjacent": {"target": Param(HERO_TARGETS)},
        "move_marker_tiles": {"target": Param(MOVE_TARGETS), "n": Param(int)},
        "add_lava_marker": {},
        "damage_all": {"scope": Param(SCOPES), "n": Param(int)},
        "do_nothing": {},
    },
}

# A word's parameter value that needs another parameter: attack_all's within_tiles scope says
# how far with `tiles`.
NEEDS: dict[tuple[str, str, str], str] = {("attack_all", "scope", "within_tiles"): "tiles"}

Script = list[Any]  # checked by content.cross_check, not here


# -- heroes and powers (§2.1, §2.2) --------------------------------------------------------

class Loadout(Strict):
    utility: str
    at_will: tuple[str, str]
    daily: str


class Hero(Strict):
    name: str
    race: str
    hero_class: HeroClass
    ac: int = Field(ge=10, le=20)
    hp: int = Field(ge=1, le=20)
    speed: int = Field(ge=1, le=10)
    surge: int = Field(ge=1, le=10)
    fixed_power: str
    loadout: Loadout  # the recommended picks [H D34]


class LevelTwo(Strict):
    ac: int
    hp: int
    surge: int
    extra_dailies: int
    critical_damage: int  # natural 20 on an attack


class HeroesFile(Strict):
    level_2: LevelTwo
    heroes: dict[str, Hero]


class PowerAttack(Strict):
    bonus: int | None = None  # None: damage without a roll (flaming_sphere)
    damage: int = Field(ge=0)
    miss_damage: int = Field(0, ge=0)
    count: int = Field(1, ge=1, le=4)  # attacks made (reaping_strike 2, tornado_strike 4)


EffectKind = Literal[
    "heal", "ac_bonus", "attack_bonus", "damage_bonus", "move_hero", "move_self", "place_monster",
    "place_self", "swap_self", "tokens", "reroll", "turn_hit_to_miss", "cancel_cost", "end_condition",
    "extra_attack", "flip_up", "stay_face_up", "lift_hero", "pass_card", "active_hero", "hidden",
    "explore_from_token", "disable_roll", "force_natural_20"]


class Effect(Strict):
    kind: EffectKind
    # `when`, not `on`: YAML 1.1 reads a bare `on` key as true
    when: Literal["hit", "miss", "hit_or_miss", "use"] = "use"
    n: int | None = None  # amount: HP, AC, squares, tokens, damage
    who: str | None = None  # self, hero_on_tile, heroes_on_tile, adjacent_hero, target, ...
    tiles: int | None = None  # range in tiles when the effect has its own


class Power(Strict):
    name: str
    hero_class: HeroClass
    type: Literal["at_will", "daily", "utility"]
    fixed: bool = False  # the hero's own card; hurled_breath is a fixed daily, so not a fourth type
    timing: Literal["action", "free", "move_slot", "reaction"] = "action"
    trigger: str | None = None  # reactions: what offers them
    target: Literal["adjacent", "monster_within", "monsters_within", "tile_within", "monsters_on_tile",
                    "hero", "self", "none"]
    tiles: int | None = None  # T<=n of the target
    attack: PowerAttack | None = None
    effects: list[Effect] = []
    text: str

    @model_validator(mode="after")
    def _range(self) -> Power:
        if self.target in ("monster_within", "monsters_within", "tile_within") and self.tiles is None:
            raise ValueError(f"target {self.target} needs tiles")
        return self


class PowersFile(Strict):
    powers: dict[str, Power]


# -- monsters, villains, villagers (§2.3, §2.4, §2.7) --------------------------------------

class MonsterAttack(Strict):
    bonus: int
    damage: int = Field(ge=0)
    miss_damage: int = Field(0, ge=0)
    conditions: list[Condition] = []
    miss_conditions: list[Condition] = []
    flips_power: bool = False  # bellax's eye ray turns one face-up daily or utility down
    into_pit: bool = False  # the pit: a hit hero falls in (off the board until he climbs out)


class Monster(Strict):
    name: str
    keywords: list[Keyword]
    ac: int
    hp: int = Field(ge=1)
    xp: int = Field(ge=0)
    cards: int = 3
    figures_per_card: int = 1  # legion devils come three to a card
    attacks: dict[str, MonsterAttack]
    tactics: Script


class MonstersFile(Strict):
    monsters: dict[str, Monster]


class Enraged(Strict):
    at_damage: int  # total damage that flips the card
    total_hp: int  # HP left after the flip = total_hp - damage taken
    attacks: dict[str, MonsterAttack]
    tactics: Script


class Villain(Strict):
    name: str
    title: str = ""
    keywords: list[Keyword]
    size: Literal[1, 2]  # 2 = a 2x2 figure
    ac: int
    hp: int = Field(ge=1)
    xp: int
    attacks: dict[str, MonsterAttack]
    ac_bonus_near: dict[Keyword, int] = {}  # meerak: +2 AC while a Reptile monster is adjacent
    enraged: Enraged | None = None
    tactics: Script


class VillainsFile(Strict):
    villains: dict[str, Villain]


class Villager(Strict):
    name: str
    ac: int
    hp: int = Field(ge=1)
    attacks: dict[str, MonsterAttack] = {}
    tactics: Script


class VillagersFile(Strict):
    villagers: dict[str, Villager]


# -- encounters (§2.5, §6.6) ------------------------------------------------------------------

class Encounter(Strict):
    name: str
    type: Literal["curse", "environment", "event", "event_attack", "hazard", "trap"]
    # event-attacks: who is rolled against
    targets: Literal["active_hero", "active_and_within_1", "tile", "each_hero"] | None = None
    attack: MonsterAttack | None = None
    ac_mod: int = 0  # curses
    attack_mod: int = 0
    damage: int = 0  # plain damage an event or environment deals
    disable_mod: int = 0  # kobold_trappers
    end_roll: Literal["hero_phase_end", "villain_phase_end", "after_effect"] | None = None  # d20 10+
    draw_another: bool = False
    monster_keyword: Keyword | None = None  # outposts: this keyword goes on top of the monster deck
    disable: int | None = None  # traps: d20 at least this
    attacks: dict[str, MonsterAttack] = {}  # hazards and traps: named for their scripts
    passive: Literal["poison_on_tile"] | None = None
    tactics: Script | None = None
    text: str

    @model_validator(mode="after")
    def _kind(self) -> Encounter:
        scripted = self.type in ("hazard", "trap")
        if scripted != (self.tactics is not None):
            raise ValueError("hazards and traps have tactics, other encounters none")
        if (self.type == "event_attack") != (self.attack is not None and self.targets is not None):
            raise ValueError("event-attacks, and only they, have targets and attack")
        if (self.type == "trap") != (self.disable is not None):
            raise ValueError("traps, and only they, have a disable number")
        return self


class AdventureEncounter(Strict):
    name: str
    needs: Literal["ashardalon", "vast_gate", "none"]
    draw_another: bool = False
    after: Literal["discard", "top", "top_4"]  # where the card goes when it resolved
    attack: MonsterAttack | None = None
    tiles: int | None = None  # attack range from Ashardalon
    text: str


class EncountersFile(Strict):
    encounters: dict[str, Encounter]
    adventure_encounters: dict[str, AdventureEncounter]


# -- treasure and tokens (§2.6, §2.8) ------------------------------------------------------

class ItemAttack(Strict):
    bonus: int
    damage: int
    tiles: int  # T<=n


class Item(Strict):
    name: str
    copies: int = Field(1, ge=1, le=3)
    gold: int = Field(ge=0)
    use: Literal["in_play", "hero_phase", "reaction", "any_time", "move_slot", "attack_slot"]
    after_use: Literal["stays", "flip", "discard"] = "stays"
    attack_bonus: int = 0
    attack_vs: Literal["adjacent", "within_1"] | None = None
    ac_bonus: int = 0
    ac_covers: Literal["self", "heroes_on_tile"] = "self"
    unmoved_attack_bonus: int = 0  # dwarven_hammer: this instead while you have not moved
    speed_bonus: int = 0
    damage_bonus: int = 0
    damage_reduction: int = 0
    disable_bonus: int = 0
    crit_from: int | None = None  # natural rolls from this number deal +1 damage
    heal: int = 0
    tokens: int = 0  # caltrops laid
    tiles: int | None = None  # range of an effect that is not an attack
    attack: ItemAttack | None = None
    text: str


class TreasureFile(Strict):
    items: dict[str, Item]


class TokensFile(Strict):
    counts: dict[str, int]
    doors: dict[Literal["unlocked", "trapped", "locked"], int]
    treasure: dict[str, int]  # "item" or a gold value -> how many tokens


# -- tiles (§2.9) ----------------------------------------------------------------------------

class Template(Strict):
    rows: list[str]  # entry side at the bottom (S); open sides come from the tile's shape

    @model_validator(mode="after")
    def _shape(self) -> Template:
        if len(self.rows) not in (4, 8) or any(len(r) != 4 for r in self.rows):
            raise ValueError("rows must be 4 or 8 strings of 4 characters")
        return self


class Tile(Strict):
    template: str
    shape: str
    triangle: Literal["black", "white"] | None
    doors: list[Side] = []
    stack: Literal["standard", "set_aside", "chamber", "start"]
    copies: int = 1  # chamber tiles: per chamber
    cells: Literal[1, 2] = 1  # lattice cells filled: the start and the large chamber take two
    long_hallway: bool = False
    treasure_token: bool = False


class TilesFile(Strict):
    legend: dict[str, str]
    templates: dict[str, Template]
    shapes: dict[str, list[Side]]
    tiles: dict[str, Tile]


# -- chambers, boons, adventures (§2.7, §7) ------------------------------------------------

class ChamberObject(Strict):
    name: str
    ac: int
    hp: int


class Chamber(Strict):
    villain: str | None = None
    villain_on: Literal["chamber_tile", "entrance"] = "chamber_tile"
    random_villain: bool = False  # unknown_overlord: one of the villain tokens
    object: ChamberObject | None = None
    time_tokens: int = 0
    encounter_on_top: str | None = None
    encounter_top_4: str | None = None
    villagers: bool = False  # each player draws a villager onto a chamber tile
    tunnel_exit: bool = False
    treasure_tokens: bool = False  # one on each chamber scorch
    fills: int = 1
    filter: list[Keyword] = []  # the drawn monster must have one of these, else one redraw
    filter_not_xp: int | None = None
    goal: Literal["defeat_villain", "defeat_chamber_monsters", "destroy_object", "escape_by_tunnel",
                  "escape_with_gold"]
    goal_gold: int | None = None
    lose_if: Literal["time_runs_out", "all_villagers_dead"] | None = None
    text: str


class Boon(Strict):
    discards_keyword: Keyword | None = None
    campaign_only: bool = False
    text: str


class ChambersFile(Strict):
    chambers: dict[str, Chamber]
    boons: dict[str, Boon]


class Placement(Strict):
    tile: str
    position: int = Field(ge=1)  # k-th from the top
    plus_heroes: bool = False  # position + number of heroes
    door: Side | None = None


class Goal(Strict):
    kind: Literal["all_heroes_escaped", "trophies", "chamber_goal", "villain_defeated",
                  "chamber_monsters_defeated", "villagers_rescued", "carrier_escaped",
                  "all_villagers_dead", "time_runs_out", "chamber_failed"]
    villain: str | None = None
    per_hero: int = 0  # trophies >= per_hero * heroes + plus
    plus: int = 0
    exits: list[Literal["S", "L", "U"]] = []


class Rule(Strict):
    """A special rule of an adventure: a named hook and its data."""

    kind: Literal["objective_tokens", "on_item_taken", "on_villain_placed", "hand_over_item"]
    tokens: int = 0
    gold_tokens: int = 0
    villain: str | None = None
    on_tile: str | None = None
    encounter_top_4: str | None = None
    text: str


class Adventure(Strict):
    number: int
    name: str
    solo: bool = False
    heroes: tuple[int, int] = (1, 5)
    surges: int = 2
    doors: bool = False
    boons: list[str] = []
    placements: list[Placement] = []
    chamber: str | None = None  # None with a chamber entrance: the top of the chamber deck
    chamber_goal_counts: bool = True  # False: the adventure replaces the chamber card's goal
    exits: list[Literal["S", "L", "U"]] = []
    rules: list[Rule] = []
    victory: list[Goal]
    defeat: list[Goal] = []  # besides a failed surge, which always loses
    text: str


class AdventuresFile(Strict):
    adventures: dict[str, Adventure]


MODELS: dict[str, type[BaseModel]] = {
    "heroes.yaml": HeroesFile,
    "powers.yaml": PowersFile,
    "monsters.yaml": MonstersFile,
    "villains.yaml": VillainsFile,
    "villagers.yaml": VillagersFile,
    "encounters.yaml": EncountersFile,
    "treasure.yaml": TreasureFile,
    "tokens.yaml": TokensFile,
    "tiles.yaml": TilesFile,
    "chambers.yaml": ChambersFile,
    "adventures.yaml": AdventuresFile,
}

# Totals the spec gives (§1, §2): cross_check compares the files with them.
COUNTS = {"heroes": 5, "powers": 50, "monster_cards": 30, "monsters": 10, "villains": 7, "villagers": 5,
          "encounters": 53, "adventure_encounters": 4, "treasure_cards": 33, "items": 29, "chambers": 14,
          "standard_tiles": 22, "adventures": 7}
