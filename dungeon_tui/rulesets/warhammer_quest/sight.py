"""Who sees whom and who stands where: line of sight (D12), adjacency, the lantern's light
(D14) and the order the warriors act in (D25).  Rules of every phase ask these."""
from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from ...engine.game import Game
from ...engine.grid import Sq
from . import board
from .state import LOST, Figure, State


def order(state: State, content: Any) -> list[Figure]:
    """Leader first, then Initiative descending; ties in the house order (D25).  The order
    hangs on the leader and who the warriors are alone, so their places in it are kept (for
    the content last asked about): each turn asks it a few times over, the same party."""
    heroes = state.heroes()
    if _ORDERS[0] is not content:
        _ORDERS[:] = [content, {}]
    known: dict[tuple[Any, ...], tuple[int, ...]] = _ORDERS[1]
    # Each warrior's (id, kind), and the list in order, mapped in C (not comprehensions: each
    # a function made and called, and every turn asks this several times).
    key = (state.leader, tuple(map(_ID_KIND, heroes)))
    places = known.get(key)
    if places is None:
        if len(known) >= ORDERS_KEPT:
            known.clear()
        places = known[key] = _places_in_order(heroes, state.leader, content)
    return list(map(heroes.__getitem__, places))


def _places_in_order(heroes: Sequence[Figure], leader: str | None, content: Any) -> tuple[int, ...]:
    """`order`'s warriors as their places among `heroes`."""
    rest = [i for i, w in enumerate(heroes) if w.id != leader]
    rest.sort(key=lambda i: (-content.warriors[heroes[i].kind].initiative, content.warriors[heroes[i].kind].tie_rank))
    lead = [i for i, w in enumerate(heroes) if w.id == leader]
    return tuple(lead + rest)


# The content `order` last worked for and the places it found, by the leader and the warriors.
_ORDERS: list[Any] = [None, {}]
ORDERS_KEPT = 256  # a run's parties and leaders: a handful
_ID_KIND = attrgetter("id", "kind")


def adjacent_monsters(state: State, warrior: Figure) -> list[Figure]:
    if warrior.pos is None:
        return []
    # `monsters()` holds only those active on the board; beside him is among his neighbours.
    return state.monsters_on(state.grid.neighbours(warrior.pos))


def sees(state: State, a: Sq | None, b: Sq | None) -> bool:
    """D12: sight only within a section or a pair of sections joined by a doorway."""
    if a is None or b is None:
        return False
    # The answer hangs on the map alone, and the map's memo is emptied by every change to it:
    # most looks are asked again before it changes (the same archers and targets, window after
    # window), and a fresh map walks each line.  The squares' sections and the line between
    # them are the map's; so is which sections join (`board.joined`): a doorway leads on only
    # once a section is laid beyond it, a change to the map, and only a doorway that leads
    # nowhere is ever sealed or opened again.
    grid = state.grid
    lines = grid.memo.get(_LINES)
    if lines is None:
        lines = grid.memo[_LINES] = {}
    seen = lines.get((a, b))
    if seen is None:
        seen = lines[(a, b)] = _sees_on_map(state, a, b)
    return seen


def _sees_on_map(state: State, a: Sq, b: Sq) -> bool:
    if not state.grid.line_of_sight(a, b):
        return False
    sa, sb = state.section_at(a), state.section_of(b)
    return sa == sb or sb in board.joined(state, sa)


_LINES = ("whq.sight", "lines")  # the grid memo's key for the looks asked: (a, b) -> whether a sees b


def check_lost(game: Game) -> None:
    """D14: after every move or lantern change, a warrior outside the light is Lost."""
    s: State = game.state
    holder = s.figures.get(s.lantern)
    if holder is None or not holder.on_board:
        return  # the lantern lies where its bearer fell until someone takes it up at the end of the turn
    lit_secs = board.lit_sections(s)
    for w in s.heroes():
        if w.on_board and s.section_of(w.pos) not in lit_secs:
            w.status = LOST
            w.pos = None
            game.emit("lost", target=w.id, text=f"The {w.name} wanders out of the lantern light and is Lost.")
