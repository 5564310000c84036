"""A hero companion's way with jumps (spec §5.3, §6.5): the walk of walks.py, and besides its
steps the jumps the rules would offer from each square on the way (over lava, figures, barrels,
chests and armed traps), each costed from the hero's own card by the odds of its Agility test.

The cost is in steps, the walk's unit: an AP carries a runner two steps, so a jump costs two
steps for each AP it takes on average (1 / the chance of landing it: a companion keeps its fate
for lives, not for jumps, fate.py), plus what a failure risks: over lava, death (a fate point cancels
it, so then only the point), else a fall onto a trap in the middle.  The solo Master never jumps
(D22); this is the heroes' side only, from what their seat sees (cards and board; no dice ahead).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from ..board import Board
from ..movement import jumps_from
from ..passages import DIRECTIONS, LONGEST_JUMP, Passages, shared
from ..numbering import grid_numbers
from ..paths import Search
from ..state import Figure, Square
from ..terrain import Map, board_bits, kept_inner, layout
from .fate import test_odds
from .walks import ground_for, ground_key

AP_STEPS = 2  # a run: two steps for one AP
FATE_STEPS = 16  # a fate point spent to live through a fall into the lava (a life kept for later)
DEATH_STEPS = 400  # no detour is that long: only a way with no other is worth a deadly jump
TRAP_STEPS = 20  # a fall onto a trap in the middle: 4D6 wounds, no dodge
_KEPT = 256
# A companion's walks: each is of one moment (every figure where it stands), so few are asked
# again; 128 rather than 256 leaves room for the walks handed on (onward.py) in a long run.
WALKS_KEPT = 128
# Jumps kept by take-off: by what the jumps from it read of the ground round it (its sign,
# `sign_of`) and the figures standing on its lines, so a door opened far off leaves them kept.
# A long run meets ever more of them; the table starts again when full (memory stays flat).
# They are the rules' jumps, each landing with what it passes over, the same for every hero;
# what each is worth to a hero (its odds) is kept apart, by the jumps, in `_PRICED`.
JUMPS_KEPT = 4096
# Grounds whose take-offs' signs are kept, and the jumps kept in all: as many as when the jumps
# were kept ground by ground (8 tables of 4,096).
JUMP_GROUNDS_KEPT = 8
PRICED_KEPT = 32  # armed traps and odds whose jumps' worth is kept (a few hundred each)
Jump = tuple[int, int, bool, bool]  # a landing's number, the squares passed over, lava, a trap in the middle
Landing = tuple[int, int, int]  # a landing's number, the steps a search adds for it, and its bit
_WALKS: dict[tuple[object, ...], Search] = {}
_LAUNCHES: dict[tuple[object, ...], frozenset[Square]] = {}
_LAUNCHES_BY_THINGS: dict[tuple[object, ...], frozenset[Square]] = {}
_JUMPS: dict[tuple[int, int], tuple[Jump, ...]] = {}
# A take-off's sign on a ground (and armed traps), by its number: the same number for the same
# ground round it, whatever the ground's number.  Numbers are never given twice, so a sign kept
# by a walk after its table started again can only miss.
_SIGNS: dict[tuple[object, ...], dict[int, tuple[int, int]]] = {}
_SIGN_OF: dict[tuple[object, ...], tuple[int, int]] = {}
_NEXT_SIGN = itertools.count()
# Per board, each take-off's reach: the squares a jump from it may cross or land on whatever
# blocks (its rays), and those whose blocking decides its jump lines (within a jump of it, the
# corner rule's squares too), as board bits.
_REACH: dict[int, tuple[Board, dict[Square, tuple[int, int]]]] = {}
_MARKS: dict[tuple[object, ...], tuple[int, int, int]] = {}
_PRICED: dict[tuple[object, ...], dict[tuple[Jump, ...], tuple[Landing, ...]]] = {}
# One copy of each take-off's jumps for all the arrangements of figures that give the same (most
# do); bounded apart from the passages' shared table, which a long run would fill with them.
_ONE_COPY: dict[tuple[object, ...], tuple[object, ...]] = {}
ONE_COPY_KEPT = 4096
NO_JUMPS: tuple[Landing, ...] = ()


def jump_cost(fig: Figure, over: int, lava: bool, trap: bool) -> int | None:
    """Steps a jump over `over` squares is worth to this hero, None when it cannot land one."""
    odds = test_odds(fig, "agi", 2 ** over, "cat.move.jump")
    if odds <= 0:
        return None
    risk = (FATE_STEPS if fig.fate >= 1 else DEATH_STEPS) if lava else TRAP_STEPS if trap else 0
    return math.ceil(AP_STEPS / odds) + math.ceil((1 - odds) * risk)


_COSTS: dict[tuple[int, int], dict[tuple[int, bool, bool], int | None]] = {}


def jump_costs(fig: Figure) -> dict[tuple[int, bool, bool], int | None]:
    """`jump_cost` for every length, over lava or not, a trap in the middle or not: it reads
    only the hero's Agility and fate points, so it is worked out once for each pair."""
    odds_key = (fig.stat("agi"), fig.fate)
    found = _COSTS.get(odds_key)
    if found is None:
        found = _COSTS[odds_key] = {(n, lava, trap): jump_cost(fig, n, lava, trap)
                                    for n in range(1, LONGEST_JUMP + 1) for lava in (False, True)
                                    for trap in (False, True)}
    return found


def launch_squares(m: Map) -> frozenset[Square]:
    """The squares from which a jump could be worth it to a companion: those with, a few
    squares off in a straight line, lava, a barrel or chest, or an armed trap.  Figures are
    left out: an ally is passed for 2 AP with no test, and past an enemy the jumper lands next
    to it all the same (the plan stays a search of the board, not of every figure's shadow)."""
    found_key = (m.board.rows, m.floor, m.armed)
    found = _LAUNCHES.get(found_key)
    if found is None:
        if len(_LAUNCHES) >= _KEPT:
            _LAUNCHES.clear()
            _LAUNCHES_BY_THINGS.clear()
        # The same things for a new ground (a door opened) give the same squares, found once.
        things = m.lava | m.armed | (layout(m.board).floor - m.blocked - m.floor)
        found = _LAUNCHES_BY_THINGS.get((m.board.rows, things))
        if found is None:
            found = _LAUNCHES_BY_THINGS[m.board.rows, things] = frozenset(
                (x - dx * i, y - dy * i) for x, y in things
                for dx, dy in DIRECTIONS for i in range(1, LONGEST_JUMP + 1))
        _LAUNCHES[found_key] = found
    return found


def leap_walk(m: Map, fig: Figure) -> Search:
    """The companion's steps to every square it can reach, walking or jumping, and where each
    was reached from (a jump's landing from its take-off), settled as far as asked.  Ties: the
    heap order (steps, y, x).  The same board and hero give the same walk, found once; the
    jumps read only this map, a moment's snapshot, so a search resumed later finds the same."""
    # The walk's ground (walks.py), every figure's square (a take-off and a landing must be free)
    # and the hero's odds.
    on = ground_key(m, fig, False)
    found_key = (*on, m.figure_squares(), fig.at, fig.stat("agi"), fig.fate)
    walk = _WALKS.get(found_key)
    if walk is not None:
        return walk
    costs = jump_costs(fig)
    take_offs = launch_squares(m) if any(c is not None for c in costs.values()) else frozenset()
    lava, start, board = m.lava, fig.at, m.snapshot()
    standing = m.figure_bits()
    steps = m.steps()
    ground = ground_for(m, fig, False, on)
    places, entering = grid_numbers(steps), ground[2]
    # The jumps from a square read the ground round it, the armed traps and which squares on its
    # lines figures stand on: kept by those (`sign_of`), so the next walk, one step on (most of the
    # board's figures where they stood), finds them made, whichever hero asks, and so does a walk
    # after a door far off has opened.  What they are worth reads the hero's odds besides: each
    # landing by its number in the search with the steps the search adds for it (the jump's
    # cost, and its entering cost, less a step's 1), kept by the jumps for the traps and odds.
    signs = kept_inner(_SIGNS, (m.ground_number, m.armed), JUMPS_KEPT, JUMP_GROUNDS_KEPT)
    # A landing is free floor, never a closed door (those block), so what entering it costs
    # reads only the armed traps: the worth of the jumps is kept by those and the odds.
    priced = kept_inner(_PRICED, (m.armed, fig.stat("agi"), fig.fate), JUMPS_KEPT, PRICED_KEPT)
    # board.free read inline: asked of every take-off settled.
    floor, taken, kept = board.floor, board.standing, _JUMPS
    squares = places.squares
    passages, marks = m.passages, ground_marks(m)  # not the map: a walk kept would keep the game

    def jumps(i: int) -> tuple[Landing, ...]:  # asked only from the take-offs
        sq = squares[i]
        assert sq is not None
        if sq != start and (sq not in floor or sq in taken):  # one takes off only where one stands
            return NO_JUMPS
        sign = signs.get(i)
        if sign is None:
            sign = signs[i] = sign_of(passages, marks, sq, i)
        here = (sign[0], standing & sign[1])
        found = kept.get(here)
        if found is None:
            # Lists made, then tuples: a generator would be resumed once a jump.
            made = tuple([(places.number[landing], len(skipped), not lava.isdisjoint(skipped),
                           board.trap(skipped[(len(skipped) + 1) // 2 - 1]))
                          for landing, skipped in jumps_from(board, sq)])
            if len(kept) >= JUMPS_KEPT * JUMP_GROUNDS_KEPT:
                kept.clear()
            found = kept[here] = shared(made, _ONE_COPY, ONE_COPY_KEPT)
        if not found:
            return NO_JUMPS
        out = priced.get(found)
        if out is None:
            out = priced[found] = tuple([(j, cost + entering.get(j, 1) - 1, 1 << j)
                                         for j, over, over_lava, trap in found
                                         if (cost := costs[(over, over_lava, trap)]) is not None])
        return out

    walk = Search(steps, start, ground, launches=take_offs, numbered_leaps=jumps)
    if len(_WALKS) >= WALKS_KEPT:
        _WALKS.clear()
    _WALKS[found_key] = walk
    return walk


def reach_of(board: Board, sq: Square) -> tuple[int, int]:
    """The square's rays and the squares deciding its jump lines (`_REACH`), as board bits:
    worked out when a take-off is first met on a board."""
    found = _REACH.get(id(board))
    if found is None or found[0] is not board:
        if len(_REACH) >= JUMP_GROUNDS_KEPT:
            _REACH.clear()
        found = _REACH[id(board)] = (board, {})
    reach = found[1].get(sq)
    if reach is None:
        far, on, (x, y) = LONGEST_JUMP + 1, board_bits(board), sq  # a line: the squares crossed, the landing
        rays = _marks(on, ((x + dx * n, y + dy * n) for dx, dy in DIRECTIONS for n in range(1, far + 1)))
        row = _marks(on, ((x + dx, 0) for dx in range(-far, far + 1)))  # the box's columns in the first row
        near = sum(row << (y + dy) * board.width for dy in range(-far, far + 1) if 0 <= y + dy < board.height)
        reach = found[1][sq] = (rays, near)
    return reach


def _marks(on: dict[Square, int], squares: Iterable[Square]) -> int:
    """The squares on the board as board bits (`board_bits`)."""
    out = 0
    for sq in squares:
        out |= on.get(sq, 0)
    return out


def sign_of(passages: Passages, marks: tuple[int, int, int], sq: Square, i: int) -> tuple[int, int]:
    """A number for all that the jumps from square sq (number i) read of the ground: the board's
    rows (its lava, its edges), what blocks round it (`marks`' first: its jump lines, by the
    corner rule), and the free floor and armed traps on its rays; the same number wherever those
    are the same.  With it, its lines' squares as board bits: the figures there decide the rest."""
    board = passages.board
    rays, near = reach_of(board, sq)
    blocked, floor, armed = marks
    local = (board.rows, i, blocked & near, floor & rays, armed & rays)
    found = _SIGN_OF.get(local)
    if found is None:
        if len(_SIGN_OF) >= JUMPS_KEPT:
            _SIGN_OF.clear()
        lines = _marks(board_bits(board), (on for line in passages.jump_lines(sq) for on in line))
        found = _SIGN_OF[local] = (next(_NEXT_SIGN), lines)
    return found


def ground_marks(m: Map) -> tuple[int, int, int]:
    """The squares that block, the free floor and the armed traps as board bits, worked out once
    per ground and armed traps."""
    found = _MARKS.get((m.ground_number, m.armed))
    if found is None:
        if len(_MARKS) >= JUMP_GROUNDS_KEPT:
            _MARKS.clear()
        on, none = board_bits(m.board).get, itertools.repeat(0)  # each square's bit looked up in C
        found = _MARKS[m.ground_number, m.armed] = (m.passages.bits, sum(map(on, m.floor, none)),
                                                    sum(map(on, m.armed, none)))
    return found
