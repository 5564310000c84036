"""HeroQuest game state: figures, the quest's board, what has been revealed, the deck."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Final

from ...engine.grid import Grid, Sq
from ...engine.fields import fields_of

HERO: Final = "hero"
MONSTER: Final = "monster"
ALIVE: Final = "alive"
DEAD: Final = "dead"
LEFT: Final = "left"

# How many times, in this process, anyone was put on the board or taken off it: a figure made,
# placed, killed or gone, or set down or lifted (its square set from or to None).  The index of
# who stands on the board (`State.standing`) is made again whenever this has moved since it was
# made, so it cannot miss a change however the rules or a test make it; a step (a square for
# another) leaves it as it was.  A module's name, not a class attribute (writing a class's
# attribute would make Python forget what it learned about reading its objects) nor a cell in
# a list (one read, not three, at each of the 50,000 asks a quest).
_ON_OFF = 0
_ON_OFF_FIELDS = frozenset(("placed", "status", "pos"))
# A figure's square read in C: lists of squares gathered without a comprehension's function made.
POS_OF = attrgetter("pos")


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

    def __setattr__(self, name: str, value: Any) -> None:
        global _ON_OFF
        if name in _ON_OFF_FIELDS and (name != "pos" or (value is None) != (getattr(self, "pos", None) is None)):
            _ON_OFF += 1
        object.__setattr__(self, name, value)

    @property
    def on_board(self) -> bool:
        return self.pos is not None and self.status == ALIVE

    @property
    def square(self) -> Sq:
        """Where a figure on the board stands: the rules ask it only of figures on the board."""
        # Not `cast`, a call: this is asked a million times a quest.
        return self.pos  # type: ignore[return-value]


Scan = Callable[["State", dict[str, Figure]], list[Figure]]


def _kept_list(name: str, scan: Scan, doc: str) -> Callable[[State], list[Figure]]:
    """A method of State: the list of figures `scan` finds, kept with the map under `name`
    until anyone is put on or taken off the board (the index `_ON_OFF`) or a figure is made
    (the figures' dict, or its length, other than when it was found).  Never change the list
    handed back."""
    def kept_list(self: State) -> list[Figure]:
        figures = self.figures
        kept = self.grid.memo.get(name)
        if kept is not None and kept[0] == _ON_OFF and kept[1] is figures and kept[2] == len(figures):
            found: list[Figure] = kept[3]
            return found
        count = _ON_OFF  # read before the scan: a change made during it leaves the index old
        found = scan(self, figures)
        self.grid.memo[name] = (count, figures, len(figures), found)
        return found
    kept_list.__name__ = kept_list.__qualname__ = name
    kept_list.__doc__ = doc
    return kept_list


# The scans `_kept_list` keeps, each over every figure once.
def _on_board(s: State, figures: dict[str, Figure]) -> list[Figure]:
    return [f for f in figures.values() if (f.placed or f.side == HERO) and f.pos is not None and f.status == ALIVE]


def _in_dungeon(s: State, figures: dict[str, Figure]) -> list[Figure]:
    return [hero for h in s.party if (hero := figures[h]).status not in (DEAD, LEFT)]


def _side_standing(side: str) -> Scan:
    """The scan for one side's figures on the board, in `standing`'s order."""
    def scan(s: State, figures: dict[str, Figure]) -> list[Figure]:
        return [f for f in s.standing() if f.side == side]
    return scan


_hero_side, _monsters_standing = _side_standing(HERO), _side_standing(MONSTER)


def _unplaced(s: State, figures: dict[str, Figure]) -> list[Figure]:
    return [f for f in figures.values() if f.side != HERO and not f.placed and f.pos is not None]


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

    # The figures' lists kept with the map (`_kept_list`): each a method of one call, the
    # kept list's test inside it (a call through a shared `_kept` was a second call at each of
    # some 60,000 asks a Crypt quest: the rules after every step, the companions at every look).
    standing = _kept_list("standing", _on_board, """The figures on the board (the heroes there and
        the monsters placed, alive), in the figures' order: the one scan of every figure, which
        the rules and the AI ask many times a step (most of a quest's monsters wait unplaced,
        the fallen are off the board).  Kept with the map (never copied or pickled) until anyone
        is put on or taken off the board.""")
    in_dungeon = _kept_list("in_dungeon", _in_dungeon, """The heroes of the party neither dead nor
        gone from the dungeon, in turn order: kept as `standing` is (a hero falls or leaves only
        by his status, which moves the index) and asked after every step (`ending.check_end`).""")
    unplaced = _kept_list("unplaced", _unplaced, """The monsters set out on the quest's map and not
        placed yet, in the figures' order: kept as `standing` is (a monster made or placed moves
        the index) and read at every Zargon's turn (`board.place_revealed`), when most of a
        quest's monsters still wait.""")
    # Each side's figures on the board, kept as `standing` is and for as long (a figure never
    # changes sides): the rules and the AI ask several a step.
    hero_side = _kept_list("hero_side", _hero_side, """The heroes and escorts on the board, in
        `standing`'s order.""")
    monsters = _kept_list("monsters_standing", _monsters_standing, """The monsters on the board, in
        `standing`'s order.""")

    def at(self, sq: Sq, but: Figure | None = None) -> Figure | None:
        """The figure on a square (other than `but`: a hero may be passing through a friend)."""
        for f in self.standing():
            if f.pos == sq and f is not but:
                return f
        return None

    def all_at(self, sq: Sq) -> list[Figure]:
        return [f for f in self.standing() if f.pos == sq]

    def squares_held(self, side: str) -> set[Sq]:
        """Every square a figure of that side (HERO or MONSTER) stands on (one scan, for paths that
        test many squares)."""
        # `pos`, not `square` (a call each): whoever stands on the board has one.  That side's
        # figures as kept (`hero_side`, `monsters`), not every figure's side asked again.
        # Read in C (`POS_OF`), not a set comprehension: a comprehension is a function made and
        # called at each ask, and this is asked at every hero's decision (his steps).
        return set(map(POS_OF, self.hero_side() if side == HERO else self.monsters()))

    def side_at(self, sq: Sq, side: str) -> bool:
        """Whether a figure of that side stands there (a veiled hero may share a monster's square)."""
        for f in self.standing():  # noqa: SIM110  (a loop, not any() over a generator: asked at every step)
            if f.pos == sq and f.side == side:
                return True
        return False

    def seen_corridor(self) -> list[Sq]:
        """The revealed corridor squares as squares (a keyframe may hold them as lists)."""
        return [(x, y) for x, y in self.revealed_corridor]

    def to_dict(self) -> dict[str, Any]:
        out = fields_of(self, ("grid",))  # never vars(): engine/fields.py says why
        out["figures"] = {k: fields_of(f) for k, f in self.figures.items()}
        return out
