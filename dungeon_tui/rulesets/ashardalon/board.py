"""Questions about the board every rule asks: which tile a figure is on, tile and square
distances, adjacency, free squares, placing a figure on a tile (spec §5.1, §5.2)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine.grid import Sq
from ...engine.spreading import Spreading
from .geometry import Cell, Layout, cell_of
from .state import VILLAGER, Figure, State, squares_of
from . import laid_layouts, marks, tile_names

FAR = 1 << 20  # "unreachable" as a number, so min() and sorting need no special case


def relayout(s: State, content: Any) -> Layout:
    s.layout = laid_layouts.layout(content.tiles, s.tiles, list(s.doors), before=s.layout)
    return s.layout


def lay(s: State) -> Layout:
    assert s.layout is not None, "the layout is built at setup and after every tile"
    return s.layout


def cells_of(figure: Figure) -> list[Cell]:
    pos = figure.pos
    if pos is not None and figure.flags.get("size", 1) != 2:  # one square: one cell
        return [(pos[0] // 4, pos[1] // 4)]
    return sorted({cell_of(q) for q in squares_of(figure)}, key=lambda c: (c[1], c[0]))


def tile_distance(s: State, a: Iterable[Cell], b: Iterable[Cell]) -> int:
    """Fewest tile hops between two sets of cells (a figure is on every tile it touches)."""
    dist = lay(s).tile_distances(a)
    return min((dist.get(c, FAR) for c in b), default=FAR)


def figure_tiles(s: State, figure: Figure, g: Figure) -> int:
    return tile_distance(s, cells_of(figure), cells_of(g))


def within_tiles(s: State, figure: Figure, figs: Iterable[Figure], tiles: int) -> list[Figure]:
    """Those of `figs`, in their order, no more than `tiles` tiles from `figure` (`figure_tiles`
    of each, the figure's tile distances looked up once for them all)."""
    dist = lay(s).tile_distances(cells_of(figure))
    return [g for g in figs if min((dist.get(c, FAR) for c in cells_of(g)), default=FAR) <= tiles]


def square_distances(s: State, figure: Figure | Sq) -> Spreading:
    """Steps from a figure (any of its squares) or a square to any square (`get`), ignoring
    figures: worked out only as far as asked, since the squares asked about are near."""
    starts = tuple(squares_of(figure)) if isinstance(figure, Figure) else (figure,)
    # Kept with the layout's grid (a new layout each time a tile or door changes it): the
    # villains ask the same distances several times a phase.
    grid = lay(s).grid
    found: Spreading | None = grid.memo.get(("spread", starts))
    if found is None:
        found = grid.memo[("spread", starts)] = Spreading(grid, starts)
    return found


def adjacent(s: State, figure: Figure, g: Figure) -> bool:
    grid = lay(s).grid
    a, b = figure.pos, g.pos
    if a is None or b is None:
        return False
    if figure.flags.get("size", 1) != 2 and g.flags.get("size", 1) != 2:  # a square each (most are)
        return b != a and b in grid.neighbours(a)
    mine = squares_of(figure)
    return any(q in grid.neighbours(p) for p in mine for q in squares_of(g) if q not in mine)


def same_tile(figure: Figure, g: Figure) -> bool:
    return bool(set(cells_of(figure)) & set(cells_of(g)))


def free(s: State, sq: Sq, taken: set[Sq] | None = None) -> bool:
    taken = s.occupied() if taken is None else taken
    return lay(s).grid.floor(sq) and sq not in taken


def place_square(s: State, cell: Cell, but: Figure | None = None, size: int = 1) -> Sq | None:
    """Where placing a figure on a tile puts it: the scorch if free, else the free square nearest
    it [H D5]; a 2x2 figure takes a free 2x2 block, the one holding the scorch first."""
    taken = s.occupied() - (set(squares_of(but)) if but else set())
    order = lay(s).placement_order(cell)
    if size == 1:
        return next((q for q in order if free(s, q, taken)), None)
    for q in order:
        for corner in ((q[0], q[1]), (q[0] - 1, q[1]), (q[0], q[1] - 1), (q[0] - 1, q[1] - 1)):
            block = [(corner[0] + dx, corner[1] + dy) for dy in (0, 1) for dx in (0, 1)]
            if all(free(s, b, taken) and cell_of(b) == cell for b in block):
                return corner
    return None


def free_adjacent(s: State, figure: Figure, but: Figure | None = None) -> list[Sq]:
    """Free squares one step from a figure, reading order."""
    grid = lay(s).grid
    taken = s.occupied() - (set(squares_of(but)) if but else set())
    near = {q for p in squares_of(figure) for q in grid.neighbours(p)} - set(squares_of(figure))
    return sorted((q for q in near if q not in taken), key=lambda q: (q[1], q[0]))


def monster_targets(s: State) -> list[Figure]:
    """Eligible heroes for monsters (§5.1): standing heroes and villagers."""
    heroes = [f for f in s.heroes() if f.up]
    for f in s.figures.values():  # the villagers sorted only when there are any (few adventures have them)
        if f.side == VILLAGER:
            return heroes + [v for v in s.villagers() if v.hp > 0]
    return heroes


def standing_heroes(s: State) -> list[Figure]:
    return [f for f in s.heroes() if f.up]


def foes_near(s: State, figure: Figure, tiles: int) -> list[Figure]:
    return within_tiles(s, figure, s.targets(), tiles)


def adjacent_foes(s: State, figure: Figure) -> list[Figure]:
    return [m for m in s.targets() if adjacent(s, figure, m)]


def heroes_on_tile(s: State, figure: Figure) -> list[Figure]:
    return [h for h in standing_heroes(s) if same_tile(figure, h)]


def tile_label(s: State, cell: Cell) -> str:
    """How a text names a tile: as the players would (the start tile's halves, a hero's tile,
    or where it lies from the active hero), never by its id in the deck."""
    return tile_names.tile_name(cell, start_cells(s), hero_cells(s))


def called(s: State, figure: Figure, *more: str) -> str:
    """A figure's name as a choice or the log says it, with its map mark when another figure
    of that name is on the board ("Legion Devil (l3)"); `more` goes in the same brackets."""
    name = figure.name
    alike = any(o.name == name and o is not figure and o.on_board for o in s.figures.values())
    if not alike:  # the mark goes unsaid
        return marks.told_apart(figure.name, "", alike, *more)
    kin = [o.id for o in s.figures.values() if o.kind == figure.kind and o.side == figure.side]
    return marks.told_apart(figure.name, marks.mark(figure.side, figure.kind, figure.id, figure.name, kin), alike,
                            *more)


def tile_from(s: State, cell: Cell, origin: Cell) -> str:
    """A tile named from where a figure came from: "the tile to the north"."""
    return tile_names.tile_from(cell, origin, start_cells(s))


def start_cells(s: State) -> list[Cell]:
    return next((list(t.cells) for t in s.tiles if t.tile == "start"), [])


def hero_cells(s: State) -> list[tuple[str, Cell]]:
    """The heroes on the board and their tiles, the active hero first (names are measured from him)."""
    order = sorted(s.heroes(), key=lambda h: h.id != s.active)
    return [(h.name, cell_of(h.pos)) for h in order if h.on_board and h.pos is not None]
