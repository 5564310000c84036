"""Sight between models in play: sight.py's lines with the models on the table as blockers (a
down or hidden model half as tall), and what a model counts as nearest."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .distance import distance
from .sight import can_see, cover
from .state import GONE, STANDING, Model, State
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


class LazyBlockers(Mapping[tuple[int, int], bool]):
    """blockers(s, *leave_out), gathered only when a line asks: most lines cross no square where
    a model could rise above them (sight.py knows which from the terrain alone)."""

    __slots__ = ("found", "leave_out", "s")

    def __init__(self, s: State, *leave_out: Model) -> None:
        self.s, self.leave_out = s, leave_out
        self.found: dict[tuple[int, int], bool] | None = None

    def _all(self) -> dict[tuple[int, int], bool]:
        if self.found is None:
            self.found = blockers(self.s, *self.leave_out)
        return self.found

    def get(self, sq: tuple[int, int], default: Any = None) -> Any:
        return self._all().get(sq, default)

    def __getitem__(self, sq: tuple[int, int]) -> bool:
        return self._all()[sq]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def sees(s: State, field: Any, viewer: Model, target: Model) -> bool:
    """The viewer sees the target (hidden models are never seen)."""
    if target.hidden or not (viewer.on_table and target.on_table):
        return False
    low = not target.standing
    return can_see(field, viewer.at, target.at, LazyBlockers(s, viewer, target), target_low=low)


def cover_of(s: State, field: Any, viewer: Model, target: Model) -> Cover:
    return cover(field, viewer.at, target.at, LazyBlockers(s, viewer, target), target_low=not target.standing)


def nearest(models: list[Model], sq: tuple[int, int]) -> Model | None:
    """The nearest of the models to a square, lowest id on a tie."""
    placed = [m for m in models if m.on_table]
    return min(placed, key=lambda m: (distance(m.at, sq), m.id), default=None)
