"""The 33x17 board of a quest as laid out at setup (spec §2.7-2.8, §7): symbols, tile zones,
entries and exits.

Squares are (x, y), x 0-32 left to right, y 0-16 top to bottom.  Tile slot (c, r) covers
x 8c+1..8c+7, y 8r+1..8r+7; the lines x in {0, 8, 16, 24, 32} and y in {0, 8, 16} are wall
except link squares (openings, doors), which belong to both zones they join.  Everything that
changes in play (doors, barrels, chests, traps, figures) lives in the game state, so this
module never changes once built.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ...engine.grid import DIRS8
from .models import TILE

Square = tuple[int, int]
WALL = "#"
LINE = TILE + 1  # a wall line every 8 squares
SLOTS_ACROSS = 4


@dataclass(frozen=True)
class Entry:
    """A reinforcement entry: the `R` in the outer wall and the floor square arrivals go to."""
    at: Square
    inside: Square


def slot_of(index: int) -> tuple[int, int]:
    """A slot's (column, row) from its place in the quest's list (left to right, top row first)."""
    return index % SLOTS_ACROSS, index // SLOTS_ACROSS


def _inward(sq: Square, width: int, height: int) -> Square:
    """The square just inside an outer-wall square."""
    x, y = sq
    if x == 0:
        return (1, y)
    if x == width - 1:
        return (x - 1, y)
    if y == 0:
        return (x, 1)
    return (x, y - 1)


def _zones(rows: Sequence[str], zone_ids: Sequence[str]) -> dict[Square, tuple[str, ...]]:
    """Each non-wall square's zones: its tile's, or for a link square the tiles on both sides
    (one side only for an opening in the outer wall)."""
    height, width = len(rows), len(rows[0])
    across = (width - 1) // LINE

    def slot_zone(c: int, r: int) -> tuple[str, ...]:
        if 0 <= c < across and 0 <= r < len(zone_ids) // across:
            return (zone_ids[r * across + c],)
        return ()

    out: dict[Square, tuple[str, ...]] = {}
    for y in range(height):
        for x in range(width):
            if rows[y][x] == WALL:
                continue
            on_x, on_y = x % LINE == 0, y % LINE == 0
            if on_x and on_y:
                continue  # a corner of four tiles stays wall on every shipped map
            if on_x:
                found = slot_zone(x // LINE - 1, y // LINE) + slot_zone(x // LINE, y // LINE)
            elif on_y:
                found = slot_zone(x // LINE, y // LINE - 1) + slot_zone(x // LINE, y // LINE)
            else:
                found = slot_zone(x // LINE, y // LINE)
            out[(x, y)] = found
    return out


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    rows: tuple[str, ...]
    zone_ids: tuple[str, ...]  # in slot order
    entries: tuple[Entry, ...]
    exit_squares: tuple[Square, ...]  # where `leave` may be used (the S only once deciphered)
    objective_at: Square | None = None
    _zones: dict[Square, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    _squares: dict[str, tuple[Square, ...]] = field(default_factory=dict, compare=False, repr=False)
    _showing: dict[str, tuple[Square, ...]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_map(cls, rows: Sequence[str], zone_ids: Sequence[str], exits: Sequence[str] = (),
                 objective_at: Square | None = None) -> Board:
        """A board from a quest map's rows, its tiles' zone ids in slot order and the symbols
        that are exits in this quest ("E", "S")."""
        rows = tuple(rows)
        height, width = len(rows), len(rows[0])
        zones = _zones(rows, zone_ids)
        in_zone: dict[str, list[Square]] = {z: [] for z in zone_ids}
        for sq in sorted(zones, key=lambda q: (q[1], q[0])):
            for z in zones[sq]:
                in_zone[z].append(sq)
        reading = [(x, y) for y in range(height) for x in range(width)]
        entries = tuple(Entry(sq, _inward(sq, width, height)) for sq in reading if rows[sq[1]][sq[0]] == "R")
        exit_squares = tuple(sq for sq in reading if rows[sq[1]][sq[0]] in exits)
        return cls(width, height, rows, tuple(zone_ids), entries, exit_squares, objective_at,
                   zones, {z: tuple(s) for z, s in in_zone.items()})

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def symbol(self, sq: Square) -> str:
        """The §2.7 symbol at setup; off the board reads as wall."""
        return self.rows[sq[1]][sq[0]] if self.inside(sq) else WALL

    def zones_of(self, sq: Square) -> tuple[str, ...]:
        return self._zones.get(sq, ())

    def zone_squares(self, zone: str) -> tuple[Square, ...]:
        """The zone's non-wall squares, link squares included, in reading order."""
        return self._squares.get(zone, ())

    def is_link(self, sq: Square) -> bool:
        """An opening or door in a wall line between two tiles (or in the outer wall)."""
        return sq in self._zones and (sq[0] % LINE == 0 or sq[1] % LINE == 0)

    def zone_centre(self, zone: str) -> Square:
        """The middle square of the zone's tile, (8c+4, 8r+4)."""
        c, r = slot_of(self.zone_ids.index(zone))
        return (LINE * c + TILE // 2 + 1, LINE * r + TILE // 2 + 1)

    def neighbours(self, sq: Square) -> Iterator[Square]:
        """The 8 squares around, on the board, in the engine's direction order (N, E, S, W, NE...)."""
        for dx, dy in DIRS8:
            n = (sq[0] + dx, sq[1] + dy)
            if self.inside(n):
                yield n

    def squares(self, symbols: str | None = None) -> Iterator[Square]:
        """Every square in reading order (rows top to bottom), or those showing one of `symbols`."""
        if symbols is None:
            return ((x, y) for y in range(self.height) for x in range(self.width))
        return iter(self.showing(symbols))

    def showing(self, symbols: str) -> tuple[Square, ...]:
        """The squares showing one of `symbols`, in reading order, listed once per board and
        symbols: every quest's setup lists its doors, chests, barrels and traps this way."""
        found = self._showing.get(symbols)
        if found is None:
            rows = self.rows
            found = self._showing[symbols] = tuple((x, y) for y in range(self.height) for x in range(self.width)
                                                   if rows[y][x] in symbols)
        return found


class HasBoards(Protocol):
    """The loaded content (content.Content), as far as boards go: no import back to it."""
    @property
    def boards(self) -> Mapping[str, Board]: ...


def board_for(content: HasBoards, quest_id: str) -> Board:
    """The quest's board, built once when the content loads."""
    return content.boards[quest_id]

