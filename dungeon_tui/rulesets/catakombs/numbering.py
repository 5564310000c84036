"""A steps table numbered for the walking searches (paths.Search): each square's number is its
place in reading order on the table's bounding box, so a set of squares is the bits of one
number, and a step in one direction is a shift of that number.  Worked out once per table (a
table per arrangement of the doors) and shared by every search over it; a ground (`terrain`)
is the squares that may be entered, and at what cost, in that numbering."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from .board import Square

Steps = Mapping[Square, Sequence[Square]]


def numbers_in(layer: int) -> Iterator[int]:
    """The numbers of a set's squares, lowest first."""
    while layer:
        low = layer & -layer
        layer ^= low
        yield low.bit_length() - 1


# A ground as a search reads it (`grid_numbers`): the squares that may be entered as
# bits, those of each cost of a step into them (a step's 1 first, then the dearer by cost),
# and what entering a square costs where that is not a step's 1 (a leap's landing, which the
# leaps have already found open, reads it too).
# Shared by every search over the same ground; none changes it.
Terrain = tuple[int, tuple[tuple[int, int], ...], dict[int, int]]


def terrain(steps: Steps, open_squares: AbstractSet[Square] | int, extra: Mapping[Square, int]) -> Terrain:
    """The squares that may be entered (or their `bits`), by the cost of a step into them,
    and what entering each costs where it is more than a step, by square number."""
    where = grid_numbers(steps).number.get
    costs = {}
    for sq, c in extra.items():
        i = where(sq)
        if i is not None and c:
            costs[i] = 1 + c
    every = open_squares if isinstance(open_squares, int) else bits(steps, open_squares)
    by_cost: dict[int, int] = {}
    for i, c in costs.items():
        if every >> i & 1:
            by_cost[c] = by_cost.get(c, 0) | 1 << i
    dearer = 0
    for mask in by_cost.values():
        dearer |= mask
    return every, ((1, every & ~dearer), *sorted(by_cost.items())), costs


def bits(steps: Steps, squares: Iterable[Square]) -> int:
    """The squares as bits in the numbering of the table's grid (those not in it left out)."""
    grid = grid_numbers(steps)
    where = grid.number.get
    out = bytearray((len(grid.squares) + 7) >> 3)
    for sq in squares:
        i = where(sq)
        if i is not None:
            out[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(out, "little")


_MARKED: dict[tuple[int, int], tuple[Steps, frozenset[Square] | None, int]] = {}


def marked(steps: Steps, squares: frozenset[Square] | None) -> int:
    """The squares (all when None) as bits, worked out once per table and set."""
    found = _MARKED.get((id(steps), id(squares)))
    if found is None or found[0] is not steps or found[1] is not squares:
        if len(_MARKED) > 256:
            _MARKED.clear()
        number = grid_numbers(steps).number
        marks = 0
        for sq in number if squares is None else squares:
            i = number.get(sq)
            if i is not None:
                marks |= 1 << i
        found = _MARKED[id(steps), id(squares)] = (steps, squares, marks)
    return found[2]


@dataclass(frozen=True)
class Grid:
    """A steps table on its grid: each square's number (its place in reading order on the
    table's bounding box, so the lowest number is the first in (y, x) order) and bit, the
    square of each number (None where the box has none), and per direction of a step the
    offset of its number and the squares that may step that way (the largest offset first)."""

    number: dict[Square, int]
    bit: dict[Square, int]  # 1 << its number
    squares: list[Square | None]
    directions: tuple[tuple[int, int], ...]
    # `directions` split for the search's shifts: those with a positive offset, and those with
    # a negative one with the offset's size (a shift right).
    ahead: tuple[tuple[int, int], ...] = ()
    behind: tuple[tuple[int, int], ...] = ()
    # The same flat, four ahead then four behind (offset, mask, ...), when the steps go all
    # eight ways (every board's do): the search's shifts written out, no loop (`Search._take`).
    eight: tuple[int, ...] = ()
    _into: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    def steps_into(self, j: int) -> int:
        """The squares a step into square j may come from, as bits: worked out once per square
        asked (a search's way back asks it at every square, and takes the lowest in a set)."""
        found = self._into.get(j)
        if found is None:
            found = 0
            for offset, mask in self.directions:
                if j >= offset and mask >> (j - offset) & 1:
                    found |= 1 << (j - offset)
            self._into[j] = found
        return found


_GRIDS: dict[int, tuple[Steps, Grid]] = {}
# The numbering of a set of squares, shared by the tables over them (one per arrangement of
# the doors, all over the same board).
_PLACES: dict[frozenset[Square], tuple[dict[Square, int], dict[Square, int], list[Square | None]]] = {}


def grid_numbers(steps: Steps) -> Grid:
    """The steps table on its grid (square numbers as the searches over it count them), worked
    out once per table."""
    found = _GRIDS.get(id(steps))
    if found is None or found[0] is not steps:
        if len(_GRIDS) > 64:
            _GRIDS.clear()
        last = _LAST_GRID[0] if _LAST_GRID else None
        if last is not None and last[0].keys() == steps.keys():
            number, bit, squares = last[1].number, last[1].bit, last[1].squares
            ways = _ways_from(last[0], last[1], steps)
        else:
            number, bit, squares = _places(frozenset(steps))
            ways = {}
            _add_ways(ways, number, number.items(), steps)
        directions = tuple(sorted(((o, m) for o, m in ways.items() if m), reverse=True))
        ahead = tuple((o, m) for o, m in directions if o > 0)
        behind = tuple((-o, m) for o, m in directions if o < 0)
        eight = tuple(n for way in (*ahead, *behind) for n in way) if len(ahead) == len(behind) == 4 else ()
        found = _GRIDS[id(steps)] = (steps, Grid(number, bit, squares, directions, ahead, behind, eight))
        _LAST_GRID[:] = [found]
    return found[1]


# The steps table numbered last and its grid: the next table is most often the same board's with
# a door opened, whose steps differ at the few squares beside the door.
_LAST_GRID: list[tuple[Steps, Grid]] = []


def _add_ways(ways: dict[int, int], number: dict[Square, int], squares: Iterable[tuple[Square, int]],
              steps: Steps) -> None:
    """Add to `ways` (a step's offset: the squares that may step so, as bits) the steps of
    these squares (each with its number)."""
    for sq, i in squares:
        for n in steps[sq]:
            j = number.get(n)
            if j is not None:
                ways[j - i] = ways.get(j - i, 0) | 1 << i


def _ways_from(last: Steps, grid: Grid, steps: Steps) -> dict[int, int]:
    """`ways` of a table over the same squares as `last` (numbered as `grid`): last's, with the
    squares whose steps differ taken out and put back with their new steps (a mask is the
    squares that step so, whichever order they were added in)."""
    number = grid.number
    changed = [sq for sq, ways in steps.items() if last[sq] != ways]  # mostly the same tuples: told at once
    out = 0
    for sq in changed:
        out |= 1 << number[sq]
    ways = {offset: mask & ~out for offset, mask in grid.directions}
    _add_ways(ways, number, ((sq, number[sq]) for sq in changed), steps)
    return ways


def _places(keys: frozenset[Square]) -> tuple[dict[Square, int], dict[Square, int], list[Square | None]]:
    """Each square's number and bit on the squares' bounding box, and the square of each number."""
    found = _PLACES.get(keys)
    if found is None:
        if len(_PLACES) > 16:
            _PLACES.clear()
        left, top = min((sq[0] for sq in keys), default=0), min((sq[1] for sq in keys), default=0)
        width = max((sq[0] for sq in keys), default=0) - left + 1
        height = max((sq[1] for sq in keys), default=0) - top + 1
        number = {sq: (sq[1] - top) * width + sq[0] - left for sq in sorted(keys, key=lambda sq: (sq[1], sq[0]))}
        squares: list[Square | None] = [None] * (width * height)
        for sq, i in number.items():
            squares[i] = sq
        found = _PLACES[keys] = (number, {sq: 1 << i for sq, i in number.items()}, squares)
    return found
