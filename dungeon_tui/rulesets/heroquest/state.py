"""HeroQuest game state: figures, the quest's board, what has been revealed, the deck."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine.grid import Grid, Sq
from ...engine.fields import fields_of

HERO: Final = "hero"
MONSTER: Final = "monster"
ALIVE: Final = "alive"
DEAD: Final = "dead"
LEFT: Final = "left"


@dataclass
class Figure:
    id: str
    kind: str  # hero type, escort id or monster type
    side: str  # hero (heroes and escorts) or monster
    name: str
    pos: Sq | None
    body: int
    max_body: int
    mind: int
    attack: int
    defend: int
    move: int = 0  # monsters: squares; heroes: unused (they roll)
    status: str = ALIVE
    flags: dict[str, Any] = field(default_factory=dict)  # conditions: asleep, in_pit, courage, ...
    # heroes
    gold: int = 0
    equipment: list[str] = field(default_factory=list)
    potions: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)  # unspent spell cards this quest
    kills: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    # monsters
    script: str = ""
    guard: Sq | None = None
    dread: list[str] = field(default_factory=list)
    placed: bool = False
    number: int = 0  # monsters: the n-th of its kind in this game (its name and map glyph say it)

    @property
    def on_board(self) -> bool:
        return self.pos is not None and self.status == ALIVE

    @property
    def square(self) -> Sq:
        """Where a figure on the board stands: the rules ask it only of figures on the board."""
        # Not `cast`, a call: this is asked a million times a quest.
        return self.pos  # type: ignore[return-value]


@dataclass
class State:
    quest: str
    party: list[str]  # hero ids in turn order
    seat_of: dict[str, str]
    variants: list[str] = field(default_factory=list)  # setup options (§2.12)
    round: int = 0
    phase: str = "setup"
    figures: dict[str, Figure] = field(default_factory=dict)
    doors: dict[str, str] = field(default_factory=dict)  # door id -> closed / open
    secret_found: list[str] = field(default_factory=list)  # secret door ids found
    revealed_rooms: list[str] = field(default_factory=list)
    revealed_corridor: list[Sq] = field(default_factory=list)
    blocked: list[Sq] = field(default_factory=list)  # blocked tiles, falling blocks included
    traps: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> {kind, at, state}
    furniture_traps: dict[str, dict[str, Any]] = field(default_factory=dict)  # furniture id -> trap
    searched: dict[str, list[str]] = field(default_factory=dict)  # "treasure:<room>" -> hero ids
    special_claimed: list[str] = field(default_factory=list)  # rooms whose special treasure is taken
    deck: dict[str, int] = field(default_factory=dict)  # card id -> copies left
    flags: dict[str, Any] = field(default_factory=dict)  # quest flags (alarm, ...)
    next_monster: int = 1
    remains: list[dict[str, Any]] = field(default_factory=list)  # a dead hero's gold and gear, where he fell
    escort: str | None = None  # the escort's figure id once placed
    escort_controller: str | None = None  # the hero whose seat moves the escort
    groups: dict[str, list[str]] = field(default_factory=dict)  # spell groups drafted: hero -> groups
    result: dict[str, Any] | None = None
    grid: Grid = field(default_factory=Grid)

    # The generic names the app and the command line read: a round is a turn, a quest an adventure.
    @property
    def turn(self) -> int:
        return self.round

    @property
    def adventure(self) -> str:
        return self.quest

    def heroes(self) -> list[Figure]:
        return [self.figures[h] for h in self.party]

    def hero_side(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == HERO and f.on_board]

    def monsters(self) -> list[Figure]:
        # `placed` first: most of a quest's monsters wait unplaced, and this is asked at every step.
        return [f for f in self.figures.values()
                if f.placed and f.side == MONSTER and f.pos is not None and f.status == ALIVE]

    def at(self, sq: Sq, but: Figure | None = None) -> Figure | None:
        """The figure on a square (other than `but`: a hero may be passing through a friend)."""
        for f in self.figures.values():
            if f.pos == sq and f.status == ALIVE and f is not but and (f.side == HERO or f.placed):
                return f
        return None

    def all_at(self, sq: Sq) -> list[Figure]:
        return [f for f in self.figures.values()
                if f.pos == sq and f.status == ALIVE and (f.side == HERO or f.placed)]

    def squares_held(self, side: str) -> set[Sq]:
        """Every square a figure of that side stands on (one scan, for paths that test many squares)."""
        if side != HERO:  # `placed` first, as `monsters`: most of a quest's monsters wait unplaced
            return {f.pos for f in self.figures.values()
                    if f.placed and f.side == side and f.pos is not None and f.status == ALIVE}
        return {f.pos for f in self.figures.values() if f.pos is not None and f.side == side and f.status == ALIVE}

    def side_at(self, sq: Sq, side: str) -> bool:
        """Whether a figure of that side stands there (a veiled hero may share a monster's square)."""
        for f in self.figures.values():  # a loop, not any() over a generator: asked at every step
            if f.pos == sq and f.side == side and f.status == ALIVE and (side == HERO or f.placed):
                return True
        return False

    def seen_corridor(self) -> list[Sq]:
        """The revealed corridor squares as squares (a keyframe may hold them as lists)."""
        return [(x, y) for x, y in self.revealed_corridor]

    def to_dict(self) -> dict[str, Any]:
        out = fields_of(self, ("grid",))  # never vars(): engine/fields.py says why
        out["figures"] = {k: fields_of(f) for k, f in self.figures.items()}
        return out
