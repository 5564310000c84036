"""The state of one Warhammer Quest adventure: figures, sections, decks, the turn."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from ...engine.grid import Grid, Sq
from ...engine.fields import fields_of

HERO = "hero"
MONSTER = "monster"

# A square's place in reading order, row then column (the order moves and plans are offered
# in), as a sort key made in C: squares are sorted by it for every move and every plan.
ROW_FIRST = itemgetter(1, 0)

ACTIVE = "active"
UNCONSCIOUS = "unconscious"
DEAD = "dead"
LOST = "lost"
ESCAPED = "escaped"
# The statuses of a figure on the board (with a square: `Figure.on_board`), for the loops that
# read it written out.
ON_BOARD = (ACTIVE, UNCONSCIOUS)


@dataclass
class Figure:
    id: str
    kind: str  # warrior or monster type id
    side: str
    name: str
    pos: Sq | None
    wounds: int
    max_wounds: int
    status: str = ACTIVE
    # Named conditions and their values: webbed, in_pit, tripped, berserk, levitate, ...
    flags: dict[str, Any] = field(default_factory=dict)
    # warriors
    gold: int = 0
    pending_gold: int = 0  # kills this combat, paid when the board is clear
    kills: int = 0  # monsters killed this combat (berserk)
    total_kills: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    treasure: list[dict[str, Any]] = field(default_factory=list)
    received: int = 0  # Treasure cards received this adventure (fair shares)
    equipment: list[str] = field(default_factory=list)
    # monsters
    card: str = ""
    order: int = 0  # placement order, oldest first
    placed_turn: int = 0
    placed_phase: str = ""
    first_target: str | None = None
    locked: str | None = None

    @property
    def is_hero(self) -> bool:
        return self.side == HERO

    @property
    def square(self) -> Sq:
        """Where the figure stands, asked only by rules that know it is on the board."""
        assert self.pos is not None, f"the {self.name} is not on the board"
        return self.pos

    @property
    def on_board(self) -> bool:
        return self.pos is not None and self.status in ON_BOARD

    @property
    def active(self) -> bool:
        return self.pos is not None and self.status == ACTIVE


class Figures(dict[str, Figure]):
    """The figures by id, knowing which are warriors and which monsters may still stand: the
    slain pile up here, so a scan of every figure costs more as the adventure goes on.  Any
    change to the dict itself forgets both lists; a slain monster (DEAD is final: nothing
    raises a monster) is dropped at the next look after its death."""

    _sides: tuple[list[Figure], list[Figure]] | None = None

    def sides(self) -> tuple[list[Figure], list[Figure]]:
        """The warriors, and the monsters not slain, in the figures' order."""
        if self._sides is None:
            vals = self.values()
            self._sides = ([f for f in vals if f.side == HERO],
                           [f for f in vals if f.side == MONSTER and f.status != DEAD])
        return self._sides

    def forget(self) -> None:
        self._sides = None

    def drop_slain(self) -> None:
        """The monsters' list less those slain since it was made: the same list a look over
        every figure would make (DEAD is final, and nobody changes side), without that look."""
        sides = self._sides
        if sides is not None:
            self._sides = (sides[0], [f for f in sides[1] if f.status != DEAD])

    def __setitem__(self, key: str, value: Figure) -> None:
        # A new figure comes last in the dict, so the lists a look would make are the kept
        # ones with him added at the end (new lists: a caller may be reading the old ones).
        sides = self._sides
        self._sides = None if sides is None or key in self else _with_figure(sides, value)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        self._sides = None
        dict.__delitem__(self, key)

    def pop(self, *args: Any) -> Any:
        self._sides = None
        return dict.pop(self, *args)

    def popitem(self) -> tuple[str, Figure]:
        self._sides = None
        return dict.popitem(self)

    def clear(self) -> None:
        self._sides = None
        dict.clear(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._sides = None
        dict.update(self, *args, **kwargs)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._sides = None
        return dict.setdefault(self, key, default)

    def __ior__(self, other: Any) -> Any:  # type: ignore[misc]  # |= must forget too
        self._sides = None
        return dict.__ior__(self, other)


def _with_figure(sides: tuple[list[Figure], list[Figure]], f: Figure) -> tuple[list[Figure], list[Figure]]:
    """`Figures.sides()` once `f` is added after every figure in it."""
    heroes, monsters = sides
    if f.side == HERO:
        return [*heroes, f], monsters
    if f.side == MONSTER and f.status != DEAD:
        return heroes, [*monsters, f]
    return sides


@dataclass
class Doorway:
    """An opening of a section: its two squares inside, the side it faces, where it leads."""

    id: str
    section: str
    squares: list[Sq]
    side: str  # N, E, S, W (world)
    pile: str | None  # the dungeon pile an exploration draws from
    state: str = "unexplored"  # unexplored | explored | dead_end | sealed | entrance | entry
    leads_to: str | None = None
    portcullis: bool = False


@dataclass
class Section:
    id: str
    card: str
    kind: str  # corridor | room | objective
    squares: list[Sq]
    doorways: list[str] = field(default_factory=list)
    entered: bool = False
    entered_turn: int = 0
    fresh: bool = True
    event_done: bool = False
    features: dict[str, list[Sq]] = field(default_factory=dict)
    caved_in: bool = False
    facing: str = "E"
    mirrored: bool = False


@dataclass
class State:
    adventure: str
    party: list[str]
    seat_of: dict[str, str]  # warrior id -> seat id
    turn: int = 0
    phase: str = "setup"
    figures: dict[str, Figure] = field(default_factory=Figures)
    sections: dict[str, Section] = field(default_factory=dict)
    doorways: dict[str, Doorway] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=dict)
    set_aside: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    treasure_owed: int = 0
    leader: str = ""
    lantern: str = ""
    power: int = 0
    power_tokens: int = 0
    spells: list[str] = field(default_factory=list)
    next_monster: int = 1
    next_section: int = 1
    entry_order: list[str] = field(default_factory=list)  # rooms first entered this turn
    objective_section: str | None = None
    objective_cleared: bool = False
    adv: dict[str, Any] = field(default_factory=dict)  # adventure-specific counters
    phase_choice: dict[str, str] = field(default_factory=dict)  # monster -> warrior chosen this phase
    result: dict[str, Any] | None = None
    grid: Grid = field(default_factory=Grid)

    def __post_init__(self) -> None:
        if type(self.figures) is not Figures:
            self.figures = Figures(self.figures)

    # -- queries used everywhere ---------------------------------------------------------
    def heroes(self) -> Sequence[Figure]:
        """The warriors in the figures' order.  The list the figures keep, not a copy (asked
        some 1,300 times an adventure, and every caller only reads it): never change it.  A
        Sequence, so that mypy refuses a caller that would."""
        figs = self.figures
        if type(figs) is not Figures:  # a plain dict put in by hand: every figure looked at
            return [f for f in figs.values() if f.side == HERO]
        kept = figs._sides  # read directly: asked tens of thousands of times an adventure
        return (kept if kept is not None else figs.sides())[0]

    def monsters(self) -> list[Figure]:
        """The monsters active on the board (each `active`: a look over the list, changing
        nothing as it goes, need not ask again), in the figures' order; a new list."""
        figs = self.figures
        if type(figs) is not Figures:
            return [f for f in figs.values() if f.pos is not None and f.side == MONSTER and f.status == ACTIVE]
        sides = figs._sides
        kept = (sides if sides is not None else figs.sides())[1]
        # Loops, not a comprehension and any(): asked thousands of times a game, and each
        # comprehension or generator is a function made and called.
        out = []
        for f in kept:
            if f.pos is not None and f.status == ACTIVE:
                out.append(f)
        if len(out) < len(kept):
            for f in kept:
                if f.status == DEAD:
                    figs.drop_slain()  # someone was slain since: the next look leaves him out
                    break
        return out

    def in_play(self) -> list[Figure]:
        """Every figure but the monsters slain (who have left the board for good), warriors
        first: what a look for the squares taken need go over, as the slain pile up."""
        figs = self.figures
        if type(figs) is not Figures:
            return list(figs.values())
        heroes, monsters = figs.sides()
        return heroes + monsters

    def any_monster(self) -> bool:
        """Whether `monsters()` holds anyone, settled at the first (the list is not made)."""
        figs = self.figures
        if type(figs) is not Figures:
            return bool(self.monsters())
        for f in figs.sides()[1]:  # noqa: SIM110 - a loop, not any() over a generator: asked every step
            if f.pos is not None and f.status == ACTIVE:
                return True
        return False

    def monsters_on(self, squares: Collection[Sq]) -> list[Figure]:
        """`monsters()` standing on these squares, in the same order, without the whole list."""
        figs = self.figures
        if type(figs) is not Figures:
            return [m for m in self.monsters() if m.pos in squares]
        out = []
        for f in figs.sides()[1]:  # a loop, not a comprehension: see `monsters`
            if f.pos in squares and f.status == ACTIVE:
                out.append(f)
        return out

    def placed_this_m1(self, monster: Figure) -> bool:
        """Placed in this turn's M1: it does nothing else this turn (5.5)."""
        return monster.placed_turn == self.turn and monster.placed_phase == "M1"

    def still_to_act(self) -> list[Figure]:
        """The monsters that will still act this turn: none once the Monsters' Phase is over,
        and not those placed in this turn's M1."""
        if self.phase not in ("power", "warriors", "monsters"):
            return []
        turn = self.turn  # `placed_this_m1` written out: every casting window asks this
        return [m for m in self.monsters() if m.placed_turn != turn or m.placed_phase != "M1"]

    def at(self, sq: Sq) -> Figure | None:
        for f in self.figures.values():
            if f.pos == sq:
                return f
        return None

    def occupied(self) -> dict[Sq, Figure]:
        # Only figures on the board have a square: the fallen and the gone have pos None, so
        # the warriors and the monsters not slain (kept apart) are all it need look at.
        figs = self.figures
        if type(figs) is not Figures:
            return {f.pos: f for f in figs.values() if f.pos is not None}
        heroes, monsters = figs.sides()
        out = {}
        for f in heroes:  # a loop, not a comprehension: see `monsters`
            if f.pos is not None:
                out[f.pos] = f
        for f in monsters:
            if f.pos is not None:
                out[f.pos] = f
        return out

    def section_of(self, sq: Sq | None) -> str | None:
        return None if sq is None else self.grid.region.get(sq)

    def section_at(self, sq: Sq | None) -> str:
        """The section of a square a rule knows to be on the board."""
        sid = self.section_of(sq)
        assert sid is not None, f"{sq} is in no section"
        return sid

    def news(self, topic: str, text: str) -> bool:
        """Whether a line about a skipped step is news: the log says why once, not every turn
        while nothing changes."""
        said = self.adv.setdefault("said", {})
        if said.get(topic) == text:
            return False
        said[topic] = text
        return True

    @property
    def objective(self) -> str:
        """The objective room's section, asked only once it is on the board."""
        assert self.objective_section is not None, "the objective room is not yet found"
        return self.objective_section

    def to_dict(self) -> dict[str, Any]:
        """Everything that defines the game, for the state hash and the views (not the grid,
        which is rebuilt from the sections).  Shallow copies: callers serialise, not mutate.
        Each figure's, section's and doorway's fields are read into a dict of their own, never
        through `vars()` (engine/fields.py says why)."""
        out = fields_of(self, ("grid",))
        # The slain keep only what later rules ask of them, which keeps the hash cheap.
        out["figures"] = {k: (fields_of(f) if f.side == HERO or f.status != DEAD else [f.kind, f.status, f.card])
                          for k, f in self.figures.items()}
        out["sections"] = {k: fields_of(x) for k, x in self.sections.items()}
        out["doorways"] = {k: fields_of(x) for k, x in self.doorways.items()}
        out["doors"] = sorted([list(map(list, e)), s] for e, s in self.grid.doors.items())
        return out
