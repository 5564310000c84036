"""Where an AI figure may walk and what each step costs it (spec §6.1), and the walks from its
square, shared by every plan made while the board stands the same.

The Master orders its figures by their walking distance to a target before every decision, and
each figure's script then asks again; a figure's walk depends only on its square, its side,
whether it flies and the board as it stands (doors, barrels, chests, armed traps and where the
other side stands), so one search serves until one of those changes.
"""
from __future__ import annotations

from ..onward import AnyWalk, onward
from ..numbering import Terrain, bits, terrain
from ..paths import Search
from ..state import Figure, Square, square
from ..terrain import Map

TRAP_DETOUR = 40  # steps a path may grow to go round a trap (§6.1: traps avoided if another way exists)
_KEPT = 256  # walks remembered; far more than one turn needs (512 with onward.py: 60.9 MB after 1,000 quests)
_WALKS: dict[tuple[object, ...], AnyWalk] = {}
# Each figure's last walk and the ground it was over: where a step along its way goes on from.
# By figure id: a few dozen at most (the ids come again from quest to quest).
_LAST: dict[str, tuple[tuple[object, ...], AnyWalk]] = {}
_LAST_KEPT = 64
_GROUNDS: dict[tuple[object, ...], Terrain] = {}
# The squares walked or flown over whoever stands where, as bits (numbering.bits), by the ground's
# number and whether it flies: (walkers) the free floor, (flyers) every square but the
# blocked ones, barrels, chests and prisoners.
_UNDER: dict[tuple[int, bool], int] = {}


def open_squares(m: Map, fig: Figure, flies: bool) -> int:
    """The squares the figure may walk through, as bits: floor, a closed door it can open, its
    allies' squares (passing them); a flyer also crosses lava and every figure, never a
    barrel, a chest or a prisoner."""
    steps = m.steps()
    closed = m.closed_door_bits()
    under = _UNDER.get((m.ground_number, flies))
    if under is None:
        if len(_UNDER) >= _KEPT:
            _UNDER.clear()
        if flies:
            cluttered = {square(k) for k in m.s.barrels} | {square(k) for k in m.s.chests} | set(m.board.squares("P"))
            under = bits(steps, (sq for sq in m.board.squares() if sq not in m.blocked and sq not in cluttered))
        else:
            under = m.floor_bits()
        _UNDER[m.ground_number, flies] = under
    if flies:
        return closed | under
    return closed | (under & ~bits(steps, (sq for sq, other in m.figures.items() if other.side != fig.side)))


def extra_costs(m: Map, flies: bool) -> dict[Square, int]:
    """What entering a square costs over the step: 1 to open a closed door first, and a long
    detour's worth for an armed trap (a flyer passes over traps)."""
    extra = dict.fromkeys(map(square, (k for k, v in m.s.doors.items() if v == "closed")), 1)
    if not flies:
        for k, armed in m.s.traps.items():
            if armed:
                sq = square(k)
                extra[sq] = extra.get(sq, 0) + TRAP_DETOUR
    return extra


def ground_key(m: Map, fig: Figure, flies: bool) -> tuple[object, ...]:
    """All that open_squares and extra_costs read: the ground (doors, barrels, chests) and, for
    a walker, where its foes stand and the armed traps."""
    if flies:
        return (m.ground_number, True)
    foes = m.found.get(("foes of", fig.side))
    if foes is None:
        side = fig.side  # a list made, not a generator: asked of every map a walk is asked on
        foes = m.found["foes of", side] = frozenset([sq for sq, other in m.figures.items() if other.side != side])
    return (m.ground_number, False, foes, m.armed)


def ground_for(m: Map, fig: Figure, flies: bool, found_key: tuple[object, ...]) -> Terrain:
    """Where the figure may walk and what each step costs it, as a search reads them: one for
    every figure of a side that walks (or flies) while the board stands the same."""
    ground = _GROUNDS.get(found_key)
    if ground is None:
        if len(_GROUNDS) >= _KEPT:
            _GROUNDS.clear()
        ground = _GROUNDS[found_key] = terrain(m.steps(), open_squares(m, fig, flies), extra_costs(m, flies))
    return ground


def walk_from(m: Map, fig: Figure, flies: bool) -> AnyWalk:
    """The figure's walk from its square (steps to every square it can reach, and where each
    was reached from, settled as far as asked); the same board and rules give the same walk,
    found once.  A figure that has stepped along the way its last walk found, over the same
    ground, walks on from that walk's answers (onward.py): most of its questions were answered
    there already."""
    on = ground_key(m, fig, flies)
    at = fig.at
    found_key = (*on, at)
    walk = _WALKS.get(found_key)
    if walk is None:
        if len(_WALKS) >= _KEPT:
            _WALKS.clear()
        steps = m.steps()
        ground = ground_for(m, fig, flies, on)

        def make() -> Search:
            return Search(steps, at, ground)
        last = _LAST.get(fig.id)
        walk = onward(last[1], at, make) if last is not None and last[0] == on else None
        walk = _WALKS[found_key] = walk or make()
    if len(_LAST) >= _LAST_KEPT:
        _LAST.clear()
    _LAST[fig.id] = (on, walk)
    return walk
