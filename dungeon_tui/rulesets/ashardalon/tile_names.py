"""A tile named as a player at the table would name it: "the start tile's north half",
"Quinn's tile", "the tile north of Quinn", never its id in the tile deck.

The rules (option texts, events) and the presenter (the line under the cursor) both name
tiles, one from the state and one from a seat's view, so this module works on plain data:
the start tile's cells and the heroes on the board, the one to measure from first."""
from __future__ import annotations

Cell = tuple[int, int]
SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _half(cell: Cell, cells: list[Cell]) -> str:
    """Which half of a two-cell tile a cell is, by where the other half lies."""
    other = cells[1 - cells.index(cell)]
    if other[0] == cell[0]:
        return "north" if cell[1] < other[1] else "south"
    return "west" if cell[0] < other[0] else "east"


def towards(cell: Cell, origin: Cell) -> str:
    """Where a cell lies from another, in tiles: "north", "north-east", "2 north, 1 east"."""
    dx, dy = cell[0] - origin[0], cell[1] - origin[1]
    ns = "north" if dy < 0 else "south" if dy > 0 else ""
    ew = "west" if dx < 0 else "east" if dx > 0 else ""
    if abs(dx) <= 1 and abs(dy) <= 1:
        return "-".join(w for w in (ns, ew) if w)
    return ", ".join(f"{abs(d)} {w}" for d, w in ((dy, ns), (dx, ew)) if d)


def tile_name(cell: Cell, start: list[Cell], heroes: list[tuple[str, Cell]]) -> str:
    """`start`: the start tile's cells (north half first, as laid); `heroes`: (name, cell) of
    the heroes on the board, the one the names are measured from first (the active hero)."""
    if cell in start:
        return f"the start tile's {_half(cell, start)} half" if len(start) == 2 else "the start tile"
    here = next((name for name, c in heroes if c == cell), None)
    if here is not None:
        return f"{here}'s tile"
    if heroes:
        name, origin = heroes[0]
        return f"the tile {towards(cell, origin)} of {name}"
    if start:  # nobody on the board yet: measure from the nearer half of the start tile
        origin = min(start, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
        return f"the tile {towards(cell, origin)} of the start tile"
    return "a tile"


def tile_from(cell: Cell, origin: Cell, start: list[Cell]) -> str:
    """A tile named from another one (where a figure came from): "the tile to the north"."""
    if cell in start:
        return tile_name(cell, start, [])
    return f"the tile to the {towards(cell, origin)}"


def edge_name(side: str, tile: str) -> str:
    """An edge of a tile: "the north edge of Quinn's tile"."""
    return f"the {SIDE_WORDS.get(side, side)} edge of {tile}"
