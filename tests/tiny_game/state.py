"""Goblin Cellar's state: plain data, so a keyframe is a deep copy and the hash is of to_dict()."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Sq = tuple[int, int]
HERO, GOBLIN = "hero", "goblin"


@dataclass
class Figure:
    id: str
    side: str
    name: str
    letter: str
    pos: Sq
    hp: int
    max_hp: int
    defence: int

    @property
    def alive(self) -> bool:
        return self.hp > 0


@dataclass
class State:
    cellar: str
    width: int
    height: int
    party: list[str]
    seat_of: dict[str, str]
    figures: dict[str, Figure] = field(default_factory=dict)
    round: int = 0
    active: str | None = None  # the figure whose turn it is
    result: dict[str, Any] | None = None

    def living(self, side: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side and f.alive]

    def at(self, sq: Sq) -> Figure | None:
        return next((f for f in self.figures.values() if f.alive and f.pos == sq), None)

    def free_steps(self, figure: Figure) -> list[Sq]:
        x, y = figure.pos
        steps = [(x + dx, y + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        return [q for q in steps if 0 <= q[0] < self.width and 0 <= q[1] < self.height and self.at(q) is None]

    def to_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in vars(self).items() if k != "figures"}
        out["figures"] = {k: {**vars(f), "pos": list(f.pos)} for k, f in self.figures.items()}
        return out


def distance(a: Sq, b: Sq) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
