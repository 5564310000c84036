"""Distances and moves on the battlefield (spec §5.1, house D2): the one distance every range
and radius uses, step costs, the squares a move budget reaches, and charge reach."""
from __future__ import annotations

Square = tuple[int, int]


def distance(a: Square, b: Square) -> int:
    """d = max(dx, dy) + floor(min(dx, dy) / 2): whole inches, within 6% of the true distance,
    height ignored.  "Within N" is d <= N."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2
