"""Where the solo Master's figures start (spec §6.3 "Deployment", the book's rule; D21).

The leader goes to the quest's objective zone, or the zone farthest from the entrance when
the quest has none.  Troops (a swarm counts as one) are dealt one per zone, nearest zone
first, round after round, in the order chance shuffled them.  Each takes the free floor square
nearest the zone's centre (the leader: nearest the objective element).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .board import Board, Square
from .models import Quest
from .sight import chebyshev

# Floor a figure may be set up on: plain floor only (not lava, a trap, a cell, stairs, a door
# or an item's square); link squares are left out too.
DEPLOY_FLOOR = "."


def deploy_squares(board: Board, zone: str) -> list[Square]:
    return [sq for sq in board.zone_squares(zone) if board.symbol(sq) == DEPLOY_FLOOR and not board.is_link(sq)]


# Squares of a board nearest a square first, by the board (held, so an id is never taken for
# another's), which squares and the square: the same at every quest's set-up on that board.
_BY_NEARNESS: dict[tuple[int, str, Square], tuple[Board, tuple[Square, ...]]] = {}
_KEPT = 256


def _nearest_first(board: Board, which: str, aim: Square,
                   squares: Callable[[], Iterable[Square]]) -> tuple[Square, ...]:
    """`squares()` of the board, nearest `aim` first (ties: y, then x), worked out once."""
    found = _BY_NEARNESS.get((id(board), which, aim))
    if found is None or found[0] is not board:
        if len(_BY_NEARNESS) >= _KEPT:
            _BY_NEARNESS.clear()
        found = _BY_NEARNESS[id(board), which, aim] = (board, tuple(sorted(
            squares(), key=lambda sq: (chebyshev(sq, aim), sq[1], sq[0]))))
    return found[1]


def by_nearness(board: Board, zone: str, aim: Square) -> tuple[Square, ...]:
    """The zone's deploy squares, nearest `aim` first (ties: y, then x), worked out once."""
    return _nearest_first(board, f"deploy:{zone}", aim, lambda: deploy_squares(board, zone))


def _nearest_free(board: Board, zone: str, aim: Square, taken: set[Square]) -> Square:
    """The free deploy square nearest `aim`: the first of `by_nearness` not taken (no two
    squares tie, so that is the least by the same order)."""
    for sq in by_nearness(board, zone, aim):
        if sq not in taken:
            return sq
    raise ValueError(f"no free square left in the {zone.replace('_', ' ')}")


def hero_starts(board: Board) -> tuple[Square, ...]:
    """Where a hero may start (§3.6): the entrance zone's floor and stairs, nearest the stairs
    first (ties: y, then x), worked out once per board; the caller leaves out the taken ones."""
    return _nearest_first(board, "start", next(board.squares("E")),
                          lambda: (sq for sq in board.zone_squares("entrance") if board.symbol(sq) in ".E"))


def deal_order(quest: Quest) -> list[str]:
    """The zones troops are dealt to: nearest the entrance first (ties: slot order)."""
    slots = [s.tile for s in quest.slots]
    return sorted(quest.zone_order, key=lambda z: (quest.zone_order[z], slots.index(z)))


def leader_zone(quest: Quest) -> str:
    return quest.objective_zone or deal_order(quest)[-1]


def solo_deployment(board: Board, quest: Quest, leader: str,
                    troops_in_order: Sequence[str]) -> list[tuple[str, Square]]:
    """(figure id, square) for the leader, then each troop in the order given."""
    taken: set[Square] = set()
    zone = leader_zone(quest)
    aim = board.objective_at if quest.objective_zone and board.objective_at else board.zone_centre(zone)
    placed = [(leader, _nearest_free(board, zone, aim, taken))]
    taken.add(placed[0][1])
    zones = deal_order(quest)
    for i, troop in enumerate(troops_in_order):
        zone = zones[i % len(zones)]
        sq = _nearest_free(board, zone, board.zone_centre(zone), taken)
        taken.add(sq)
        placed.append((troop, sq))
    return placed
