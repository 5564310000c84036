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
from collections.abc import Callable, Iterable

from ..board import Board
from ..movement import jumps_from, landing_places
from ..passages import DIRECTIONS, LONGEST_JUMP, Passages, shared
from ..numbering import grid_numbers
from ..onward import AnyWalk, Onward, onward
from ..paths import Search
from ..sight import chebyshev
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
_WALKS: dict[tuple[object, ...], AnyWalk] = {}
# The last walk a hero asked for: the hero, its ground and odds, every figure's square as board
# bits (`Map.figure_bits`) and the hero's square, the walk (where a step along its way goes on
# from).  One: a hero's next step comes before any other hero's walk (and a kept walk would keep
# its searches alive for the collector to go over).
_LAST: list[tuple[str, tuple[object, ...], tuple[int, int], int, Square, AnyWalk]] = []
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


def leap_walk(m: Map, fig: Figure) -> AnyWalk:
    """The companion's steps to every square it can reach, walking or jumping, and where each
    was reached from (a jump's landing from its take-off), settled as far as asked.  Ties: the
    heap order (steps, y, x).  The same board and hero give the same walk, found once; the
    jumps read only this map, a moment's snapshot, so a search resumed later finds the same.
    A hero that has stepped along the way its last walk found, nothing else moved, walks on
    from that walk's answers where its leaps allow (`_handed_on`)."""
    # The walk's ground (walks.py), every figure's square (a take-off and a landing must be free)
    # and the hero's odds.
    on = ground_key(m, fig, False)
    odds = (fig.stat("agi"), fig.fate)
    found_key = (*on, m.figure_squares(), fig.at, *odds)
    walk = _WALKS.get(found_key)
    if walk is None:
        walk = _made(m, fig, on, odds)
        if len(_WALKS) >= WALKS_KEPT:
            _WALKS.clear()
        _WALKS[found_key] = walk
    _LAST[:] = [(fig.id, on, odds, m.figure_bits(), fig.at, walk)]
    return walk


def _made(m: Map, fig: Figure, on: tuple[object, ...], odds: tuple[int, int]) -> AnyWalk:
    """`leap_walk` not kept: handed on from the hero's last walk where that is exact, else a
    search of its own."""
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
    priced = kept_inner(_PRICED, (m.armed, *odds), JUMPS_KEPT, PRICED_KEPT)
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

    def make() -> Search:
        return Search(steps, start, ground, launches=take_offs, numbered_leaps=jumps)
    if _LAST and _moved_alone(_LAST[0], fig, on, odds, standing, board_bits(m.board)):
        handed = _handed_on(_LAST[0][5], m, fig, make, take_offs, costs, entering)
        if handed is not None:
            return handed
    return make()


def _moved_alone(last: tuple[str, tuple[object, ...], tuple[int, int], int, Square, AnyWalk], fig: Figure,
                 on: tuple[object, ...], odds: tuple[int, int], standing: int, on_board: dict[Square, int]) -> bool:
    """Whether the hero asked for the last walk, on the same ground with the same odds, and only
    it has moved since (figures' squares as board bits: they differ by its two squares alone)."""
    hero, ground, its_odds, stood, was, _ = last
    return (hero == fig.id and ground == on and its_odds == odds
            and standing ^ stood == on_board.get(fig.at, 0) ^ on_board.get(was, 0))


def _handed_on(last: AnyWalk, m: Map, fig: Figure, make: Callable[[], Search],
               take_offs: frozenset[Square], costs: dict[tuple[int, bool, bool], int | None],
               entering: dict[int, int]) -> Onward | None:
    """The hero's walk from where it stands, handed on from its last walk (`last`, made where it
    stood) when it has stepped along a way that walk found and nothing else has moved: the
    answers of the search it goes back to (its root) less the steps it has spent, as far as
    they are exact; None where they may not be.

    Why they are exact.  The ground is the same (the foes and doors stand), and so are the jumps
    but for the hero's own squares: where it stood (A, the root's start) is free now, where it
    stands (B) is not.  Onward's proof (onward.py) needs, for the squares as near as it answers
    of, that none is nearer from B than its steps from A less those spent (s), and that the ways
    on from B are still there.  A jump lost (one over A, onto B) is on no way on, or the walk is
    not handed on (`_no_way_over`).  A jump gained is a landing on A (nothing on from A is nearer
    than from A itself), or one over B (`_no_jump_nearer`): from a take-off the root settled d
    steps away onto a square it settled d' steps away, worth it only if d + its cost <= d' (else
    the landing is as near as before or nearer another way); any such jump, or one from a
    take-off settled onto a square the root did not settle, and it is not handed on (a take-off
    the root did not settle is farther than all it settled, so its answers hold that far: no
    farther, `Onward.reach`).  A take-off at B is the same as before where B is free floor (it
    was, the hero standing on A)."""
    now = fig.at
    if now not in m.floor:
        return None
    # What the checks read of the map, not the map: they are made when an answer first needs
    # them, and a walk kept would keep the game.
    board, passages = (m.floor, m.armed, m.lava, m.figure_squares()), m.passages

    def leaps_alike(root: Search, way: tuple[int, ...]) -> int:
        was = root.start
        if _no_way_over(root, way, was) and _no_jump_nearer(root, now, was, board, passages, take_offs, costs,
                                                             entering):
            return root.taken
        return -1
    return onward(last, now, make, leaps_alike)


def _no_way_over(root: Search, prefix: tuple[int, ...], was: Square) -> bool:
    """Whether no jump on a way on from the prefix's last square (of the ways the root found
    that begin with the prefix) passes over `was`: such a jump may have been there only for
    the hero standing on it."""
    squares, k = root.grid.squares, len(prefix)
    for way in root.ways():
        if len(way) < k or tuple(way[:k]) != prefix:
            continue
        x, y = squares[way[k - 1]]  # type: ignore[misc]
        for j in way[k:]:
            to_x, to_y = squares[j]  # type: ignore[misc]
            if (abs(to_x - x) > 1 or abs(to_y - y) > 1) and _between((x, y), (to_x, to_y), was):  # a jump
                return False
            x, y = to_x, to_y
    return True


def _between(a: Square, b: Square, c: Square) -> bool:
    """Whether c lies strictly between a and b on the straight line a jump takes."""
    dx, dy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
    return any((a[0] + dx * n, a[1] + dy * n) == c for n in range(1, chebyshev(a, b)))


def _no_jump_nearer(root: Search, now: Square, was: Square,
                    board: tuple[frozenset[Square], frozenset[Square], frozenset[Square], frozenset[Square]],
                    passages: Passages, take_offs: frozenset[Square],
                    costs: dict[tuple[int, bool, bool], int | None], entering: dict[int, int]) -> bool:
    """Whether every jump gained over the hero's new square `now` (it stood on `was` when the
    root searched) lands no nearer, by the root's steps, than the root settled its landing:
    from a take-off the root did not settle (farther than all it answered), or costing more
    than the landing's own steps less the take-off's.  A landing the root did not settle,
    from a take-off it did, is taken for nearer.  A take-off behind a square that is not
    plain free floor gains none: that square is then the first worth jumping over before
    `now`, as it was (`was`, plain now, had the hero on it: its landings were more)."""
    floor, armed, lava, standing = board  # the map's floor, armed traps, lava, figures (the hero on `now`)
    lines = passages.jump_lines
    before: frozenset[Square] | None = None
    x, y = now
    for d, (dx, dy) in enumerate(DIRECTIONS):
        for k in range(1, LONGEST_JUMP + 1):  # a take-off k squares back from `now`, this way
            off = (x - dx * k, y - dy * k)
            if off not in floor or off in standing:  # no take-off, and none behind it gains
                break
            if off in take_offs:
                line = lines(off)[d]
                if len(line) <= k or line[k - 1] != now:  # `now` not on its line, or nothing past it
                    break
                if before is None:
                    before = standing - {now} | {was}
                gained = set(landing_places(line, floor, standing, armed)).difference(
                    landing_places(line, floor, before, armed))
                if gained and not _no_nearer(root, off, line, gained, costs, entering, lava, armed):
                    return False
            if off in armed:  # a take-off, but none behind it gains
                break
    return True


def _no_nearer(root: Search, off: Square, line: tuple[Square, ...], gained: set[int],
               costs: dict[tuple[int, bool, bool], int | None], entering: dict[int, int],
               lava: frozenset[Square], armed: frozenset[Square]) -> bool:
    """Whether the landings gained on the jump line from `off` (by their places on it) are no
    nearer than the root settled them (`_no_jump_nearer`)."""
    took = root.settled(off)
    if took is None:
        return True
    for j in gained:
        cost = costs[(j, not lava.isdisjoint(line[:j]), line[(j + 1) // 2 - 1] in armed)]
        if cost is None:
            continue
        landing = line[j]
        reached = root.settled(landing)
        if reached is None or took + cost + entering.get(root.grid.number[landing], 1) - 1 <= reached:
            return False
    return True


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
