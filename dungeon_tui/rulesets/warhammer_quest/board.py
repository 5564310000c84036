"""Laying dungeon sections: templates turned to face a doorway, doorways, portals, light.

Templates are drawn with the entry doorway on the west edge and forward = east.  A
section is laid so that forward is the explored doorway's outward direction and its entry
squares lie just beyond that doorway.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from ...engine.grid import Grid, Sq
from .models import Doorway as DoorwaySpec
from .models import Template
from .state import Doorway, Section, State

# forward and right vectors for each facing
FACING: dict[str, tuple[Sq, Sq]] = {
    "E": ((1, 0), (0, 1)),
    "N": ((0, -1), (1, 0)),
    "W": ((-1, 0), (0, -1)),
    "S": ((0, 1), (-1, 0)),
}
# a template side relative to forward=east, expressed as the world side for each facing
TURN = {"E": 0, "S": 1, "W": 2, "N": 3}
SIDES = ["E", "S", "W", "N"]

IMPASSABLE = frozenset({"c", "X", "H", "R"})  # chasm, statue/idol/tomb, pit of despair hole, rubble
OPAQUE = frozenset({"X", "R"})
TERRAIN = {".": ".", "p": "p", "T": "p", "c": "c", "b": "b", "s": "s", "X": "X"}


def new_grid() -> Grid:
    # Sections touch only through doorways; the portcullis blocks movement, not sight.
    return Grid(region_walls=True, impassable=IMPASSABLE, opaque=OPAQUE,
                sight_doors=frozenset({"open", "bars"}))


def world_side(local: str, facing: str, mirrored: bool) -> str:
    if mirrored and local in ("N", "S"):
        local = "S" if local == "N" else "N"
    return SIDES[(TURN[local] + TURN[facing]) % 4]


class Layout:
    """One way of laying a template: local -> world squares."""

    def __init__(self, tpl: Template, facing: str, mirrored: bool, origin: Sq) -> None:
        self.tpl, self.facing, self.mirrored, self.origin = tpl, facing, mirrored, origin
        self.height = len(tpl.rows)

    def local_to_world(self, x: int, y: int) -> Sq:
        if self.mirrored:
            y = self.height - 1 - y
        (fx, fy), (rx, ry) = FACING[self.facing]
        return (self.origin[0] + x * fx + y * rx, self.origin[1] + x * fy + y * ry)

    def squares(self) -> list[tuple[Sq, str]]:
        out = []
        for y, row in enumerate(self.tpl.rows):
            for x, ch in enumerate(row):
                if ch != " ":
                    out.append((self.local_to_world(x, y), TERRAIN.get(ch, ".")))
        return out

    def door(self, spec: DoorwaySpec) -> tuple[list[Sq], str]:
        sqs = sorted(self.local_to_world(x, y) for x, y in spec.squares)
        return sqs, world_side(spec.side, self.facing, self.mirrored)


def step(sq: Sq, side: str) -> Sq:
    (fx, fy), _ = FACING[side]
    return (sq[0] + fx, sq[1] + fy)


def lateral(sq: Sq, side: str) -> int:
    _, (rx, ry) = FACING[side]
    return sq[0] * rx + sq[1] * ry


def fit(tpl: Template, door_squares: list[Sq], side: str, mirrored: bool) -> Layout:
    """The layout whose entry squares sit just beyond `door_squares` (which face `side`)."""
    probe = Layout(tpl, side, mirrored, (0, 0))
    entry_world = sorted((probe.local_to_world(x, y) for x, y in tpl.entry.squares), key=lambda s: lateral(s, side))
    target = sorted((step(s, side) for s in door_squares), key=lambda s: lateral(s, side))
    dx, dy = target[0][0] - entry_world[0][0], target[0][1] - entry_world[0][1]
    return Layout(tpl, side, mirrored, (dx, dy))


def overlaps(layout: Layout, grid: Grid) -> bool:
    return any(sq in grid.terrain for sq, _ in layout.squares())


def portal_layout(tpl: Template, grid: Grid) -> Layout:
    """D12: no option fits, so lay it 3 squares east of everything, facing east."""
    _, min_y, max_x, _ = grid.bounds()
    probe = Layout(tpl, "E", False, (0, 0))
    ey = min(y for _, y in tpl.entry.squares)
    return Layout(probe.tpl, "E", False, (max_x + 4, min_y - ey))


def lay_section(state: State, card_id: str, card: Any, tpl: Template, option: str | None,
                layout: Layout, came_from: Doorway | None, piles: dict[str, str | None]) -> Section:
    """Add a section to the state and the grid; returns it.  `piles` maps each exit index
    ("0", "1") to the pile its doorway draws from."""
    sid = f"s{state.next_section}"
    state.next_section += 1
    grid = state.grid
    squares = layout.squares()
    # The map changes only on the new squares and the doorway it joins: the rest keeps the
    # neighbours found so far.
    with grid.changing_near([sq for sq, _ in squares] + (came_from.squares if came_from else [])):
        for sq, terrain in squares:
            grid.add_square(sq, terrain, sid)
        _join(grid, came_from, layout.door(tpl.entry)[0])
    section = Section(sid, card_id, card.kind, [sq for sq, _ in squares], facing=layout.facing,
                      mirrored=layout.mirrored)
    for name, locs in tpl.features.items():
        section.features[name] = sorted(layout.local_to_world(x, y) for x, y in locs)
    state.sections[sid] = section

    entry_sqs, entry_side = layout.door(tpl.entry)
    entry = Doorway(f"{sid}.entry", sid, entry_sqs, entry_side, None,
                    state="entrance" if came_from is None else "entry")
    state.doorways[entry.id] = entry
    section.doorways.append(entry.id)
    if came_from is not None:
        came_from.state = "explored"
        came_from.leads_to = sid
        entry.leads_to = came_from.section
    exits = tpl.exits.get(option, []) if option else []
    for i, spec in enumerate(exits):
        sqs, side = layout.door(spec)
        d = Doorway(f"{sid}.d{i}", sid, sqs, side, piles.get(str(i)))
        if d.pile is None or not state.piles.get(d.pile):
            d.state = "dead_end"
        state.doorways[d.id] = d
        section.doorways.append(d.id)
    return section


def _join(grid: Grid, came_from: Doorway | None, entry_sqs: list[Sq]) -> None:
    """The doorway explored opens onto the new section's entry (a portal links them instead)."""
    if came_from is None:
        return
    a = sorted(came_from.squares, key=lambda s: lateral(s, came_from.side))
    b = sorted(entry_sqs, key=lambda s: lateral(s, came_from.side))
    for sa, sb in zip(a, b, strict=False):
        if step(sa, came_from.side) == sb:
            grid.set_door(sa, sb, "open")
        else:  # a portal: linked for movement and light, never sight
            grid.add_link(sa, sb)


def changing_terrain(grid: Grid, squares: list[Sq]) -> AbstractContextManager[None]:
    """`grid.changing_near` for squares whose terrain changes inside (a pit, rubble): the rest
    of the map keeps the neighbours found so far.  The squares linked to them count among the
    changed (a portal's far end steps onto them only while they are floor)."""
    return grid.changing_near([*squares, *(q for sq in squares for q in grid.links.get(sq, ()))])


def joined(state: State, sid: str) -> list[str]:
    """Sections joined to `sid` through an explored doorway that is not sealed."""
    out = []
    for did in state.sections[sid].doorways:
        d = state.doorways[did]
        if d.leads_to and d.state not in ("sealed",) and d.leads_to not in out:
            out.append(d.leads_to)
    return out


def lit_sections(state: State) -> list[str]:
    lantern = state.figures.get(state.lantern)
    if lantern is None or lantern.pos is None:
        return []
    home = state.section_of(lantern.pos)
    if home is None:
        return []
    return [home, *joined(state, home)]
