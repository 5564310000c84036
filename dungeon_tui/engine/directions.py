"""The eight directions of a square grid, in the one order every game's placement, tie-breaks
and sight bits use; grid.py and sight_bits.py both read it."""
from __future__ import annotations

# N, E, S, W, NE, SE, SW, NW: the order placement and tie-breaks use.
DIRS8: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))
DIRS4: tuple[tuple[int, int], ...] = DIRS8[:4]
DIR_NAMES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
