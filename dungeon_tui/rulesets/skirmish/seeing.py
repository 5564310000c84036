"""Sight between models in play: sight.py's lines with the models on the table as blockers (a
down or hidden model half as tall), and what a model counts as nearest."""
from __future__ import annotations

from typing import Any

from .distance import distance
from .sight import can_see, cover
from .state import Model, State
from .terrain import Cover


def blockers(s: State, *leave_out: Model) -> dict[tuple[int, int], bool]:
    out = {}
    for m in s.models.values():
        if m.on_table and m not in leave_out:
            out[m.at] = m.standing and not m.hidden
    return out


def sees(s: State, field: Any, viewer: Model, target: Model) -> bool:
    """The viewer sees the target (hidden models are never seen)."""
    if target.hidden or not (viewer.on_table and target.on_table):
        return False
    low = not target.standing
    return can_see(field, viewer.at, target.at, blockers(s, viewer, target), target_low=low)


def cover_of(s: State, field: Any, viewer: Model, target: Model) -> Cover:
    return cover(field, viewer.at, target.at, blockers(s, viewer, target), target_low=not target.standing)


def nearest(models: list[Model], sq: tuple[int, int]) -> Model | None:
    """The nearest of the models to a square, lowest id on a tie."""
    placed = [m for m in models if m.on_table]
    return min(placed, key=lambda m: (distance(m.at, sq), m.id), default=None)
