"""Tiles on the lattice, their squares and walls, and the two distances (spec §2.9, §5.1).

A tile fills lattice cell (i, j) = squares x 4i..4i+3, y 4j..4j+3 (the start and the large
chamber fill two cells).  Each cell counts as its own tile for tile distance.  A placed
tile is plain data in the state (`PlacedTile`); the square grid is derived from the list of
placed tiles and rebuilt whenever it changes, so saves hold only the list.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...engine.grid import Edge, Grid, Sq, edge
from ...engine.spreading import spread

Cell = tuple[int, int]
SIDES = ("N", "E", "S", "W")
STEP: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# The rotation that makes a new tile's entry side (S in its template) face the tile it joins.
ROTATION_BEYOND = {"N": 0, "E": 90, "S": 180, "W": 270}
ROCK, FLOOR, SCORCH = "#", ".", "X"
EXIT_MARKS = ("S", "L", "U")


def turn_side(side: str, rot: int) -> str:
    """A template side after turning the tile clockwise by rot degrees (S -> W -> N -> E)."""
    return SIDES[(SIDES.index(side) + rot // 90) % 4]


def rotate_rows(rows: list[str], rot: int) -> list[str]:
    """Turn a template clockwise: (row, col) -> (col, R - 1 - row) per quarter turn."""
    return list(_turned(tuple(rows), rot))


@lru_cache(maxsize=512)
def _turned(rows: tuple[str, ...], rot: int) -> tuple[str, ...]:
    # Kept: the layout is made again at every tile and door, each tile turned as laid.
    for _ in range(rot // 90 % 4):
        r = len(rows)
        rows = tuple("".join(rows[r - 1 - k][c] for k in range(r)) for c in range(len(rows[0])))
    return rows


def cell_of(sq: Sq) -> Cell:
    return (sq[0] // 4, sq[1] // 4)


def cell_squares(cell: Cell) -> list[Sq]:
    """Reading order (y, then x)."""
    return [(4 * cell[0] + dx, 4 * cell[1] + dy) for dy in range(4) for dx in range(4)]


def side_squares(cell: Cell, side: str) -> list[Sq]:
    """The border row or column of a cell along one side (the squares 'along' that edge)."""
    x0, y0 = 4 * cell[0], 4 * cell[1]
    if side == "N":
        return [(x0 + k, y0) for k in range(4)]
    if side == "S":
        return [(x0 + k, y0 + 3) for k in range(4)]
    if side == "W":
        return [(x0, y0 + k) for k in range(4)]
    return [(x0 + 3, y0 + k) for k in range(4)]


def across(sq: Sq, side: str) -> Sq:
    d = STEP[side]
    return (sq[0] + d[0], sq[1] + d[1])


def beyond(cell: Cell, side: str) -> Cell:
    d = STEP[side]
    return (cell[0] + d[0], cell[1] + d[1])


@dataclass
class PlacedTile:
    """One tile on the table: its id, the cells it fills (entry cell first), its turn."""

    tile: str
    cells: list[Cell]
    rot: int
    triangle: str | None
    open_sides: dict[Cell, list[str]]  # per cell, global sides open (the joint between halves too)
    doors: list[str] = field(default_factory=list)  # "i,j,side" keys of door sides

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "cells": [list(c) for c in self.cells], "rot": self.rot,
                "triangle": self.triangle, "open": {f"{c[0]},{c[1]}": s for c, s in self.open_sides.items()},
                "doors": list(self.doors)}


def door_key(cell: Cell, side: str) -> str:
    return f"{cell[0]},{cell[1]},{side}"


def parse_door(key: str) -> tuple[Cell, str]:
    i, j, side = key.split(",")
    return (int(i), int(j)), side


def lay_out(tiles_file: Any, tile_id: str, entry: Cell, rot: int) -> tuple[PlacedTile, dict[Sq, str]]:
    """A tile turned `rot` with its entry cell at `entry`: the placed record and its squares
    (shared with every layout that lays it so: read them, never change them)."""
    t = tiles_file.tiles[tile_id]
    cells = _cells(t, entry, rot)
    squares = _tile_squares(tiles_file, tile_id, entry, rot)
    shape = [turn_side(s, rot) for s in tiles_file.shapes[t.shape]]
    open_sides: dict[Cell, list[str]] = {}
    for c in cells:
        sides = [s for s in SIDES if s in shape]
        for other in cells:
            if other != c:  # halves of one tile always join
                sides += [s for s in SIDES if beyond(c, s) == other and s not in sides]
        open_sides[c] = [s for s in SIDES if s in sides]
    doors = [door_key(entry, turn_side(s, rot)) for s in t.doors] if t.cells == 1 else []
    return PlacedTile(tile_id, cells, rot, t.triangle, open_sides, doors), squares


def _cells(t: Any, entry: Cell, rot: int) -> list[Cell]:
    cells = [entry]
    if t.cells == 2:
        # The second half lies beyond the entry half, away from the side the tile joins.
        away = turn_side("N", rot)
        cells.append(beyond(entry, away))
    return cells


def _squares(tiles_file: Any, tile_id: str, entry: Cell, rot: int) -> dict[Sq, str]:
    t = tiles_file.tiles[tile_id]
    rows = rotate_rows(list(tiles_file.templates[t.template].rows), rot)
    cells = _cells(t, entry, rot)
    x0 = 4 * min(c[0] for c in cells)
    y0 = 4 * min(c[1] for c in cells)
    return {(x0 + x, y0 + y): ch for y, row in enumerate(rows) for x, ch in enumerate(row)}


@dataclass
class Layout:
    """The derived geometry of the placed tiles: squares, cells, the grid and the tile graph."""

    terrain: dict[Sq, str]
    cell_tile: dict[Cell, int]  # cell -> index into the placed list
    open_sides: dict[Cell, list[str]]
    closed_doors: set[str]  # door keys still standing
    grid: Grid
    # Per cell, everything the steps out of its squares depend on (see `_keep_neighbours`).
    looks: dict[Cell, Any] = field(default_factory=dict)
    # The cells each cell joins, as asked (a layout never changes: a new one is made).
    _joined: dict[Cell, list[Cell]] = field(default_factory=dict, repr=False, compare=False)
    # Each placed tile as (tile, entry cell, turn), in order: what the squares were laid from.
    laid: tuple[tuple[str, Cell, int], ...] = ()
    # The closed doors as (cell, side), read without making their keys again.
    shut: set[tuple[Cell, str]] = field(default_factory=set, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.shut = {parse_door(k) for k in self.closed_doors}

    def placed(self, cell: Cell) -> bool:
        return cell in self.cell_tile

    def side_open(self, cell: Cell, side: str) -> bool:
        """Open in the tile's shape and not shut by a door token on either face."""
        if side not in self.open_sides.get(cell, ()):
            return False
        return (cell, side) not in self.shut and (beyond(cell, side), OPPOSITE[side]) not in self.shut

    def connected(self, a: Cell, side: str) -> bool:
        b = beyond(a, side)
        if b not in self.cell_tile:
            return False
        if self.cell_tile[a] == self.cell_tile[b]:
            return True
        return self.side_open(a, side) and self.side_open(b, OPPOSITE[side])

    def tile_neighbours(self, cell: Cell) -> list[Cell]:
        found = self._joined.get(cell)
        if found is None:
            found = self._joined[cell] = [beyond(cell, s) for s in SIDES if self.connected(cell, s)]
        return found

    def tile_distances(self, starts: Iterable[Cell]) -> dict[Cell, int]:
        """Fewest hops from any start cell to every reachable placed cell."""
        # Kept with the layout, which is made afresh whenever a tile or a door changes it: by
        # the starts as asked (a figure's cells, most often), and by the search they come to.
        memo = self.grid.memo
        asked = ("tiles asked", starts if type(starts) is tuple else tuple(starts))
        found: dict[Cell, int] | None = memo.get(asked)
        if found is None:
            firsts = tuple(c for c in sorted(set(asked[1]), key=_reading) if c in self.cell_tile)
            found = memo.get(("tiles", firsts))
            if found is None:
                found = memo[("tiles", firsts)] = spread(firsts, self.tile_neighbours)
            memo[asked] = found
        return found

    def unexplored_edges(self) -> list[tuple[Cell, str]]:
        """Open sides without a door whose neighbour cell is empty, by cell (j, i) then N E S W."""
        kept: list[tuple[Cell, str]] | None = self.grid.memo.get("unexplored edges")  # the layout's own
        if kept is None:
            kept = self.grid.memo["unexplored edges"] = [
                (c, s) for c in sorted(self.cell_tile, key=_reading) for s in SIDES
                if beyond(c, s) not in self.cell_tile and self.side_open(c, s)]
        return list(kept)

    def scorch(self, cell: Cell) -> Sq | None:
        for sq in cell_squares(cell):
            if self.terrain.get(sq) == SCORCH:
                return sq
        return None

    def floor_squares(self, cell: Cell) -> list[Sq]:
        return [sq for sq in cell_squares(cell) if self.terrain.get(sq, ROCK) != ROCK]

    def placement_order(self, cell: Cell) -> list[Sq]:
        """The cell's floor squares from the scorch outward (the centre when it has none)
        [H D5, D26]; ties in reading order."""
        kept: list[Sq] | None = self.grid.memo.get(("placement", cell))  # the layout's own, asked often
        if kept is None:
            anchor = self.scorch(cell)
            cx, cy = (anchor[0], anchor[1]) if anchor else (4 * cell[0] + 1.5, 4 * cell[1] + 1.5)
            kept = self.grid.memo[("placement", cell)] = sorted(
                self.floor_squares(cell), key=lambda q: ((q[0] - cx) ** 2 + (q[1] - cy) ** 2, q[1], q[0]))
        return list(kept)

    def along_wall(self, sq: Sq) -> bool:
        """Whether a square shares a full edge with rock or an edge wall (walls_of_magma)."""
        for side in SIDES:
            n = across(sq, side)
            if self.terrain.get(n) == ROCK or not self.grid.edge_passable(sq, n):
                return True
        return False


def build(tiles_file: Any, placed: list[PlacedTile], closed_doors: Iterable[str],
          before: Layout | None = None) -> Layout:
    """The layout of the placed tiles; `before`, the layout this one replaces (a tile more, a
    door opened), lends its squares when its tiles are the first of these (so only the new
    tiles are laid) and its grid's neighbours where nothing around them changed."""
    laid = tuple((p.tile, p.cells[0], p.rot) for p in placed)
    cell_tile: dict[Cell, int] = {}
    open_sides: dict[Cell, list[str]] = {}
    for k, p in enumerate(placed):
        for c in p.cells:
            cell_tile[c] = k
            open_sides[c] = p.open_sides[c]
    g = Grid(region_walls=False)
    lay = Layout({}, cell_tile, open_sides, set(closed_doors), g, laid=laid)
    g.impassable = frozenset({ROCK})
    g.step_corner = "either"  # [H D27] one wall-clear L-path is enough for a diagonal
    # The squares: the tiles `before` laid already, then each new one (a grid's squares are
    # looked up, never listed in order, so the order they went in is of no account).
    kept = 0
    if before is not None and before.laid == laid[:len(before.laid)]:
        kept = len(before.laid)
        lay.terrain.update(before.terrain)
        g.terrain.update(before.grid.terrain)
        g.region.update(before.grid.region)
    for tile, entry, rot in laid[kept:]:
        squares = _tile_squares(tiles_file, tile, entry, rot)
        lay.terrain.update(squares)
        g.terrain.update(squares)
        g.region.update(_regions(squares))
    # Closed sides are full edge walls; door tokens are closed doors on open sides.
    shut = lay.shut
    for c in sorted(cell_tile, key=_reading):
        p = placed[cell_tile[c]]
        here = cell_tile[c]
        sides: list[bool | None] = []
        for s in SIDES:
            other = (c[0] + STEP[s][0], c[1] + STEP[s][1])
            if cell_tile.get(other) == here:
                sides.append(None)
            else:
                sides.append((c, s) in shut or (other, OPPOSITE[s]) in shut)
        # Its squares (the tile, its turn and where it lies), its open sides, and on each side
        # the same tile going on (None) or whether a door stands there.
        look = lay.looks[c] = (p.tile, p.rot, p.cells[0], tuple(open_sides[c]), tuple(sides))
        walls, doors = _edges(c, look[3], look[4])
        g.walls.update(walls)
        for e in doors:
            g.doors[e] = "closed"
    g.changed()
    if before is not None:
        _keep_neighbours(before, lay)
    return lay


def _reading(c: Cell) -> tuple[int, int]:
    return (c[1], c[0])


# (cell, its open sides, its sides as `build` reads them) -> (the edges walled, the edges a
# closed door stands on), in the order `build` adds them: the same few cells are laid again at
# every tile and door.
_EDGES: dict[tuple[Cell, tuple[str, ...], tuple[bool | None, ...]], tuple[list[Edge], list[Edge]]] = {}


def _edges(c: Cell, opened: tuple[str, ...], sides: tuple[bool | None, ...]) -> tuple[list[Edge], list[Edge]]:
    key = (c, opened, sides)
    found = _EDGES.get(key)
    if found is None:
        walls: list[Edge] = []
        doors: list[Edge] = []
        for s, door in zip(SIDES, sides, strict=True):
            if door is None:
                continue
            for sq in side_squares(c, s):
                if door:
                    doors.append(edge(sq, across(sq, s)))
                elif s not in opened:  # the neighbour's own closed side walls it from there
                    walls.append(edge(sq, across(sq, s)))
        if len(_EDGES) > 4096:  # many games in one process: start again
            _EDGES.clear()
        found = _EDGES[key] = (walls, doors)
    return found


# A tile's squares -> each square's region (its cell, "i,j"), kept beside `_LAID`'s squares.
_REGIONS: dict[int, tuple[dict[Sq, str], dict[Sq, str]]] = {}


def _regions(squares: dict[Sq, str]) -> dict[Sq, str]:
    kept = _REGIONS.get(id(squares))
    if kept is None or kept[0] is not squares:
        if len(_REGIONS) > 1024:
            _REGIONS.clear()
        kept = _REGIONS[id(squares)] = (squares, {sq: f"{sq[0] // 4},{sq[1] // 4}" for sq in squares})
    return kept[1]


# (tile, entry cell, turn) -> (the tiles file, that tile's squares laid there): every layout lays
# every placed tile again.  The file is kept with them so another content's tiles never match.
_LAID: dict[tuple[str, Cell, int], tuple[Any, dict[Sq, str]]] = {}


def _tile_squares(tiles_file: Any, tile: str, entry: Cell, rot: int) -> dict[Sq, str]:
    """A tile's squares laid there (read them, never change them)."""
    key = (tile, entry, rot)
    kept = _LAID.get(key)
    if kept is None or kept[0] is not tiles_file:
        if len(_LAID) > 1024:  # many games in one process: start again (a few MB at most)
            _LAID.clear()
        kept = _LAID[key] = (tiles_file, _squares(tiles_file, tile, entry, rot))
    return kept[1]


def _keep_neighbours(before: Layout, after: Layout) -> None:
    """A square's neighbours depend on the squares around it and the walls and doors between
    them, so on the cells those lie in (its own alone, away from the cell's border): where all
    of them look as before, the old grid's neighbours stand (a new layout is made at every tile
    and door, and working out every square's neighbours again was a quarter of a villain phase)."""
    old, new = before.looks.get, after.looks.get
    changed = {c for c in [*before.looks, *after.looks] if old(c) != new(c)}
    # The squares whose 3x3 block touches a changed cell: those within one square of it.
    moved = {(x, y) for i, j in changed for y in range(4 * j - 1, 4 * j + 5) for x in range(4 * i - 1, 4 * i + 5)}
    after.grid.keep_neighbours_but(before.grid, moved)
    # Which cells a cell joins depends on it and the four beside it alone (`connected`).
    joined = after._joined
    for c, found in before._joined.items():
        if c not in changed and not any((c[0] + d[0], c[1] + d[1]) in changed for d in _STEPS):
            joined[c] = found


_STEPS = tuple(STEP[s] for s in SIDES)
