"""Layouts kept for the game being played and a replay of it (`_Kept`): the same tiles in the
same places, with the same doors standing, make the same layout (`geometry.build`), and a
replay lays every one of a game's layouts again, in the same order.  A layout taken from here
comes with what its grid found before (each square's steps, the searches kept in its memo,
tile distances): all of them depend on the layout alone or on their own keys (the hero's walks
name the figures they go around), never on a game, so a layout may serve any game that lays
the same tiles."""
from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from .geometry import Layout, PlacedTile, build

# A bound on one game's layouts (a game lays 10-30), the oldest given back first.
KEPT = 64


class _Kept(threading.local):
    """Per thread: the replay viewer gathers its keyframes in a thread of its own, and a kept
    layout's searches grow as they are asked (two threads must never grow one together).

    Kept: the layouts of the game being played (`current`) and of the one before it
    (`before`), and the latter only while the game being played lays them all again, a replay
    of it; a game that lays one layout it did not is another game, and from then on only its
    own are kept.  Layouts kept across many games cost far more memory than their size
    (32 of them, about 1.5 MB, put 13 MB on `bench/memory.py`'s 1,000 games: long-lived
    objects strewn among each game's short-lived ones keep the allocator's memory in use),
    and a fresh game finds only the start of the one before it again."""

    def __init__(self) -> None:
        self.tiles_file: Any = None
        self.current: dict[Any, Layout] = {}
        self.before: dict[Any, Layout] = {}


_KEPT = _Kept()


def layout(tiles_file: Any, placed: list[PlacedTile], closed_doors: Iterable[str],
           before: Layout | None = None) -> Layout:
    """`geometry.build`'s layout of these tiles and doors: one built before in this thread
    when it had the same (each tile, where it lies, its turn and its open sides, and the doors
    standing), else built now (from `before`, as `build` does) and kept."""
    doors = list(closed_doors)
    key = (tuple((p.tile, p.cells[0], p.rot, tuple(tuple(p.open_sides[c]) for c in p.cells)) for p in placed),
           frozenset(doors))
    kept = _KEPT
    if kept.tiles_file is not tiles_file:  # another content's tiles (tests make their own)
        kept.tiles_file, kept.current, kept.before = tiles_file, {}, {}
    if before is None:  # a game's first layout: a game begins, perhaps the last one again
        kept.before, kept.current = kept.current, {}
    layouts = kept.current
    found = kept.before.pop(key, None)
    if found is None:
        kept.before = {}  # not the game before played again
        found = layouts.pop(key, None)
        if found is None:
            found = build(tiles_file, placed, doors, before=before)
            if len(layouts) >= KEPT:
                del layouts[next(iter(layouts))]
    layouts[key] = found  # the newest last
    return found
