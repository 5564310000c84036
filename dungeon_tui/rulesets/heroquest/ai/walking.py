"""A hero's walk as the companions ask about it: breadth first from where he stands, grown only
as far as the squares asked about.  A hero walks one step a decision and every step asks
afresh from a new square, mostly about squares close by (the leader beside him, the next door),
so a search of the whole board each step (a tenth of a quest) was mostly wasted.  The rings
grow in the order `Grid.bfs` finds them, so every step count and parent read here is the one
the whole search gives, and paths walked back from them are the same."""
from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping

from ....engine.grid import Grid, Spreading, Sq

# How many (start, avoid) walks one map keeps: a round's heroes and their few steps back.
KEPT = 16


class Walk(Mapping[Sq, int]):
    """Step counts from the start, read like `bfs`'s dict (`in`, `[]`, `get`, `items`), each
    read growing the rings until the square is found (or the walk is whole); `parent` holds
    the parents of every square found so far."""

    __slots__ = ("_spread", "parent")

    def __init__(self, grid: Grid, start: Sq, avoid: frozenset[Sq]) -> None:
        self.parent: dict[Sq, Sq] = {}
        self._spread = Spreading(grid, (start,), avoid, None, self.parent)

    def get(self, sq: Sq, default: int | None = None) -> int | None:  # type: ignore[override]
        found = self._spread.get(sq, -1)
        return default if found < 0 else found

    def __contains__(self, sq: object) -> bool:
        return isinstance(sq, tuple) and self._spread.get(sq, -1) >= 0

    def __getitem__(self, sq: Sq) -> int:
        found = self._spread.get(sq, -1)
        if found < 0:
            raise KeyError(sq)
        return found

    def items(self) -> ItemsView[Sq, int]:
        """Every square the walk reaches (the whole search)."""
        return self._spread.grow().items()

    def __iter__(self) -> Iterator[Sq]:
        return iter(self._spread.grow())

    def __len__(self) -> int:
        return len(self._spread.grow())


def walk(grid: Grid, start: Sq, avoid: frozenset[Sq]) -> tuple[Walk, dict[Sq, Sq]]:
    """The walk from `start` around `avoid`, kept with the map while it and `avoid` stand as
    they are (the memo is cleared when the map changes); its parents beside it."""
    kept: dict[tuple[Sq, frozenset[Sq]], Walk] = grid.memo.setdefault("hero_walks", {})
    found = kept.get((start, avoid))
    if found is None:
        if len(kept) >= KEPT:  # the oldest first (dicts keep their order)
            del kept[next(iter(kept))]
        found = kept[(start, avoid)] = Walk(grid, start, avoid)
    return found, found.parent
