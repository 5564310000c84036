"""Wrath of Ashardalon game state: figures, placed tiles, the decks, held cards, the party's
experience pile and surges.  Everything here is plain data; `layout` is derived from the
placed tiles and never saved."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.grid import Sq
from ...engine.fields import fields_of
from .geometry import Layout, PlacedTile

HERO, MONSTER, VILLAIN, VILLAGER, OBJECT = "hero", "monster", "villain", "villager", "object"
FOES = (MONSTER, VILLAIN)  # what heroes attack (objects too, by tile attacks and choice)
_TARGETS = (*FOES, OBJECT)


@dataclass
class Figure:
    id: str
    kind: str  # hero, monster, villain, villager or object id from content
    side: str
    name: str
    pos: Sq | None
    hp: int
    max_hp: int
    ac: int
    card: str | None = None  # monsters: the held card that brought the figure
    order: int = 0  # arrival order: villains act by it (V2), villagers by it (V3)
    acted: int = -1  # the villain phase it last acted in [H D6]
    damage_taken: int = 0  # the Rage Drake flips on its total
    enraged: bool = False
    chamber: bool = False  # a chamber monster (shield marker)
    # heroes
    level: int = 1
    speed: int = 0
    surge: int = 0  # HP regained by spending a healing surge
    powers: dict[str, bool] = field(default_factory=dict)  # power id -> face up (ready)
    conditions: list[str] = field(default_factory=list)  # dazed, poisoned
    curses: list[str] = field(default_factory=list)
    items: dict[str, bool] = field(default_factory=dict)  # treasure card id -> face up
    gold: int = 0
    escaped: bool = False
    lifted: bool = False  # off the board until he comes back (time_leap, astral_refuge, pit)
    flags: dict[str, Any] = field(default_factory=dict)

    @property
    def on_board(self) -> bool:
        return self.pos is not None and not self.escaped and not self.lifted

    @property
    def status(self) -> str:
        """The generic word the command line reads: escaped, down (0 HP) or alive."""
        return "escaped" if self.escaped else "down" if self.hp <= 0 else "alive"

    @property
    def up(self) -> bool:
        """Standing: on the board with HP left (monsters ignore a hero lying at 0 HP)."""
        return self.on_board and self.hp > 0

    @property
    def at(self) -> Sq:
        """Its square, for a figure the rules know is on the board."""
        assert self.pos is not None, f"{self.id} is off the board"
        return self.pos


@dataclass
class State:
    adventure: str
    party: list[str]  # hero ids in seat order: the player on your left plays after you
    seat_of: dict[str, str]
    options: dict[str, Any] = field(default_factory=dict)  # tie mode, surges
    turn: int = 0  # player-turns played
    round: int = 0
    active: str | None = None  # the hero whose turn it is
    phase: str = "setup"
    villain_phase: int = 0  # counts villain phases (each figure acts once per phase)
    figures: dict[str, Figure] = field(default_factory=dict)
    tiles: list[PlacedTile] = field(default_factory=list)
    doors: dict[str, str] = field(default_factory=dict)  # door side key -> unrevealed token kind
    decks: dict[str, list[str]] = field(default_factory=dict)  # top first; hidden from heroes
    discards: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, list[str]] = field(default_factory=dict)  # hero -> held cards in order received
    xp: list[str] = field(default_factory=list)  # monster cards in the experience pile
    drawn: list[str] = field(default_factory=list)  # cards drawn and not yet resolved (face up, public)
    surges: int = 2
    environment: str | None = None
    markers: dict[str, dict[str, Any]] = field(default_factory=dict)  # encounter card -> marker(s)
    tokens: list[dict[str, Any]] = field(default_factory=list)  # treasure and power tokens on squares
    treasure_turn: int = -1  # the player-turn a defeat treasure was last drawn [H D10]
    placed_this_turn: list[str] = field(default_factory=list)  # triangles of tiles placed this turn
    trophies: int = 0
    chamber: dict[str, Any] = field(default_factory=dict)  # card, cells, villain, object, monsters, villagers
    time_tokens: int = 0  # gate_ceremony: the last one gone is a defeat
    revealed_doors: list[str] = field(default_factory=list)  # door sides whose token is face up (locked)
    boons: list[str] = field(default_factory=list)  # the adventure's boons not yet used
    rescued: list[str] = field(default_factory=list)  # villagers led to the start tile
    arrivals: int = 0
    result: dict[str, Any] | None = None
    next_id: int = 1
    layout: Layout | None = None

    def heroes(self) -> list[Figure]:
        return [self.figures[h] for h in self.party]

    @property
    def active_id(self) -> str:
        """The active hero, for rules that run only inside a player-turn."""
        assert self.active is not None, "no player-turn is under way"
        return self.active

    def left_of(self, hid: str) -> str:
        """The player on your left plays just after you."""
        return self.party[(self.party.index(hid) + 1) % len(self.party)]

    def right_of(self, hid: str) -> str:
        """The player on your right plays just before you."""
        return self.party[(self.party.index(hid) - 1) % len(self.party)]

    def foes(self) -> list[Figure]:
        """Monsters and villains on the board, in arrival order."""
        return sorted((f for f in self.figures.values() if f.side in FOES and f.on_board), key=lambda f: f.order)

    def targets(self) -> list[Figure]:
        """What a hero may attack: monsters, villains and objects on the board."""
        return sorted((f for f in self.figures.values() if f.side in _TARGETS and f.on_board), key=lambda f: f.order)

    def villagers(self) -> list[Figure]:
        return sorted((f for f in self.figures.values() if f.side == VILLAGER and f.on_board), key=lambda f: f.order)

    def at(self, sq: Sq) -> Figure | None:
        for f in self.figures.values():
            if f.on_board and sq in squares_of(f):
                return f
        return None

    def occupied(self) -> set[Sq]:
        return {q for f in self.figures.values() if f.on_board for q in squares_of(f)}

    def fresh_id(self, stem: str) -> str:
        self.next_id += 1
        return f"{stem}{self.next_id - 1}"

    def to_dict(self) -> dict[str, Any]:
        out = fields_of(self, ("layout", "figures", "tiles"))  # never vars(): engine/fields.py says why
        out["figures"] = {k: fields_of(f) for k, f in self.figures.items()}
        out["tiles"] = [t.to_dict() for t in self.tiles]
        return out


def squares_of(figure: Figure) -> list[Sq]:
    """A 2x2 figure's pos is its top-left square."""
    if figure.pos is None:
        return []
    if figure.flags.get("size", 1) == 2:
        x, y = figure.pos
        return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    return [figure.pos]
