"""Sight between models in play: sight.py's lines with the models on the table as blockers (a
down or hidden model half as tall), and what a model counts as nearest."""
from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from operator import attrgetter
from typing import Any, Generic, TypeVar

from .distance import distance
from .sight import KeptLines, can_see, cover
from .state import GONE, STANDING, Model, State, placings
from .terrain import Cover


def blockers(s: State, *leave_out: Model) -> dict[tuple[int, int], bool]:
    """The models on the table (but those left out) by square: True when it stands tall."""
    # Runs for every look a rule takes: the fields are read directly rather than through the
    # properties, and models left out are told by identity (a Model's equality compares every field).
    skip = {id(m) for m in leave_out}
    out = {}
    for m in s.models.values():
        if m.pos is not None and m.status not in GONE and id(m) not in skip:
            out[m.pos] = m.status == STANDING and not m.hidden
    return out


T = TypeVar("T")


class PerArrangement(Generic[T]):
    """For each game state, the one thing last made for the arrangement of its models (a key
    the caller reads off them), made again when the key changes (`make` is handed the state and
    the thing made for its last arrangement, if any, to take over what still holds).  By the state's id, dropped
    when the state goes: keyframes and loaded copies are states of their own."""

    def __init__(self, make: Callable[[State, T | None], T]) -> None:
        self.make = make
        self.kept: dict[int, tuple[weakref.ref[State], Hashable, T]] = {}

    def get(self, s: State, key: Hashable) -> T:
        kept = self.kept.get(id(s))
        if kept is not None and kept[0]() is s and kept[1] == key:
            return kept[2]
        made = self.make(s, kept[2] if kept is not None and kept[0]() is s else None)
        self.kept[id(s)] = (weakref.ref(s, self._forget(id(s))), key, made)
        return made

    def _forget(self, number: int) -> Callable[[weakref.ref[State]], None]:
        def gone(ref: weakref.ref[State]) -> None:
            kept = self.kept.get(number)
            if kept is not None and kept[0] is ref:
                del self.kept[number]
        return gone


# Lines are kept until a model moves, falls, hides or is revealed.
_LINES = PerArrangement(lambda s, last: KeptLines(blockers(s), last))
_ARRANGED = attrgetter("pos", "status", "hidden")


_POSED = attrgetter("pos", "status", "hidden", "fleeing")


def arrangement(s: State) -> tuple[Hashable, ...]:
    """Where each model stands and how (its state, hidden, fleeing): what the answers kept
    between two moves depend on besides the battlefield and the models' profiles."""
    return tuple(map(_POSED, s.models.values()))


def sightlines(s: State) -> KeptLines:
    """Every model on the table as a blocker, keeping each line's answer while no model moves or
    changes.  A line never crosses its own two ends, so the viewer and the target, though in
    the table, never block it."""
    count = placings()
    if _SEEN[0] is s and _SEEN[1] == count:  # no model moved or changed since (state.placings)
        return _SEEN[2]
    lines = _LINES.get(s, tuple(map(_ARRANGED, s.models.values())))
    _SEEN[:] = [s, count, lines]
    return lines


# The state the lines were last asked for, the count of placings then and its lines.
_SEEN: list[Any] = [None, -1, None]


def sees(s: State, field: Any, viewer: Model, target: Model, lines: KeptLines | None = None) -> bool:
    """The viewer sees the target (hidden models are never seen).  `lines`: sightlines(s), when
    the caller looks many times before anything moves."""
    # Model.on_table and standing read directly: asked of every target of every shooter.
    if target.hidden or viewer.pos is None or viewer.status in GONE or target.pos is None or target.status in GONE:
        return False
    return can_see(field, viewer.pos, target.pos, sightlines(s) if lines is None else lines,
                   target_low=target.status != STANDING)


def cover_of(s: State, field: Any, viewer: Model, target: Model, lines: KeptLines | None = None) -> Cover:
    return cover(field, viewer.at, target.at, sightlines(s) if lines is None else lines, target_low=not target.standing)


def nearest(models: list[Model], sq: tuple[int, int]) -> Model | None:
    """The nearest of the models to a square, lowest id on a tie."""
    placed = [m for m in models if m.on_table]
    return min(placed, key=lambda m: (distance(m.at, sq), m.id), default=None)
