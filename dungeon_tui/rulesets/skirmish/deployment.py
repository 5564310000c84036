"""Where and in what order models deploy (spec §3 steps 3-4, house D27), and where the automated
side puts each model (§6 `deploy`).  Pure geometry over the battlefield: which squares are taken
comes in as a collection, the order as lists of model ids."""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from itertools import filterfalse

from .distance import distance
from .sight import Blockers, can_see, cover
from .terrain import Battlefield, Square

SCOUT_DISTANCE = 10  # a scout outside its zone keeps at least this far from every enemy (§3 step 4)
_COVER_RANK = {"none": 0, "soft": 1, "hard": 2}


def deployment_order(first: Sequence[str], second: Sequence[str], *, all_first: bool = False) -> list[str]:
    """The order models are set up in: one at a time, alternating, starting with `first` (the side
    that moves second, D27); when one side runs out the other goes on.  `all_first`: `first`
    sets up every model before the other starts (a scenario's defender).  Scouts are left out
    by the caller and deploy after everyone, in the same alternation."""
    if all_first:
        return [*first, *second]
    out: list[str] = []
    for i in range(max(len(first), len(second))):
        out += [ids[i] for ids in (first, second) if i < len(ids)]
    return out


def deploy_squares(field: Battlefield, side: int | str, taken: Collection[Square]) -> list[Square]:
    """The free squares of a side's zone a model may be set up on, row by row."""
    # Asked of each of a zone's hundreds of squares, in one pass written in C.
    return list(filterfalse(set(taken).__contains__, field.deployment_zone(side)))


def sheltered(field: Battlefield, sq: Square) -> bool:
    """Next to a wall, an obstacle, a higher floor or a wood (where a scout may lie in wait)."""
    own = field.height_at(sq) or 0
    if field.wood(sq):
        return True
    for n in field.neighbours(sq):
        floor = field.height_at(n)
        if field.wall(n) or field.obstacle(n) or field.wood(n) or (floor is not None and floor > own):
            return True
    return False


def scout_squares(field: Battlefield, side: int | str, taken: Collection[Square], enemies: Sequence[Square],
                  blockers: Blockers) -> list[Square]:
    """Where a scout may deploy (§3 step 4): its own zone, or any free square at least 10 from
    every enemy, seen by none of them and sheltered; row by row."""
    zone = set(field.deployment_zone(side))  # membership only
    out = []
    for sq in field.squares():
        if sq in taken or not field.standable(sq):
            continue
        if sq in zone or (all(distance(sq, e) >= SCOUT_DISTANCE for e in enemies) and sheltered(field, sq)
                          and not any(can_see(field, e, sq, blockers) for e in enemies)):
            out.append(sq)
    return out


def _centre_offset(field: Battlefield, sq: Square) -> int:
    """Squared distance from the table's centre, doubled so it stays whole."""
    return (2 * sq[0] - (field.width - 1)) ** 2 + (2 * sq[1] - (field.height - 1)) ** 2


def chosen_square(field: Battlefield, role: str, free: Sequence[Square], enemy_side: int | str,
                  blockers: Blockers | None = None) -> Square:
    """The automated side's square for a model of this role (§6 `deploy`): the leader on the
    free square nearest the centre; melee models in the row (or column) nearest the enemy's
    zone; shooters on the highest floor, then in the hardest cover from the enemy's zone; ties
    the lowest y, then x."""
    if not free:
        raise ValueError("no free square to deploy on")
    kind = role if role in ("leader", "melee") else "other"
    if kind == "other" and blockers:
        watcher = _watcher(field, enemy_side)
        return min(free, key=lambda sq: (-(field.height_at(sq) or 0),
                                         -_COVER_RANK[cover(field, watcher, sq, blockers)], sq[1], sq[0]))
    # Without models in the way a square's rank never changes: each is ranked once per
    # battlefield, role and enemy zone (the automated side deploys by it every battle).
    ranks = _ranks(field, kind, enemy_side)
    # The squares not ranked yet found in one set operation, then the least read off the table
    # by a key written in C (a deployment weighs a few hundred squares for every model).
    missing = set(free).difference(ranks)
    if missing:
        ranked = _ranking(field, kind, enemy_side)
        for sq in missing:
            ranks[sq] = ranked(sq)
    return min(free, key=ranks.__getitem__)


def _watcher(field: Battlefield, enemy_side: int | str) -> Square:
    """The middle of the enemy's zone, where shooters look for cover from."""
    return min(field.deployment_zone(enemy_side), key=lambda sq: (_centre_offset(field, sq), sq[1], sq[0]))


@lru_cache(maxsize=64)
def _ranking(field: Battlefield, kind: str, enemy_side: int | str) -> Callable[[Square], tuple[int, ...]]:
    """A square's rank for the role (the lowest is chosen), with no models in the way."""
    if kind == "leader":
        return lambda sq: (_centre_offset(field, sq), sq[1], sq[0])
    if kind == "melee":
        rect = field.zones[field.role_of(enemy_side) if isinstance(enemy_side, int) else enemy_side]
        (x0, y0), (x1, y1) = rect.from_, rect.to

        def to_zone(sq: Square) -> int:  # the nearest point of a rectangle is the square clamped into it
            return distance(sq, (min(max(sq[0], x0), x1), min(max(sq[1], y0), y1)))

        return lambda sq: (to_zone(sq), sq[1], sq[0])
    # Shooters and wizards: high ground, then the cover it gives against the middle of the enemy's zone.
    watcher = _watcher(field, enemy_side)
    return lambda sq: (-(field.height_at(sq) or 0), -_COVER_RANK[cover(field, watcher, sq, {})], sq[1], sq[0])


@lru_cache(maxsize=64)
def _ranks(field: Battlefield, kind: str, enemy_side: int | str) -> dict[Square, tuple[int, ...]]:
    """A table to fill: each square's rank for a kind of model against an enemy zone."""
    return {}
