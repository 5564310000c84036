"""The battlefield of one scenario (spec §2.7, §5.1): squares, floors, walls, obstacles, woods,
water, ladders, buildings, objectives, deployment zones and edges.  It never changes in play:
models, their states and objectives taken live in the game state."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, cast

from .content import Content, load_content
from .distance import DIRECTIONS, Square
from .moves import step_way
from .models import Building, Objective, Rect, TerrainKind

Cover = Literal["none", "soft", "hard"]
# How a step between two floors is taken (§5.1): normal (a level or less), by a ladder, a climb
# (first step of a move only) or a drop (2-6 levels down).
StepKind = Literal["normal", "ladder", "climb", "drop"]


@dataclass(frozen=True, eq=False)
class Battlefield:
    scenario_id: str
    width: int
    height: int
    legend: dict[str, TerrainKind]
    kinds: tuple[str, ...]  # row by row: the legend character of each square, objective letters resolved
    floors: tuple[int | None, ...]  # None: a wall
    blocks: tuple[int, ...]  # how high the terrain of each square stops a line of sight, from the ground
    objectives: dict[str, Square]
    buildings: tuple[Building, ...]
    zones: dict[str, Rect]
    roles: tuple[str, str]
    # Per square, row by row, for sight lines worked out many times a turn: the floor and the
    # block height in quarter levels, wood or not, and the cover the square's terrain gives.
    floor_q: tuple[int, ...] = ()
    block_q: tuple[int, ...] = ()
    woods: tuple[bool, ...] = ()
    covers: tuple[str, ...] = ()
    # Per square, row by row: how its terrain is crossed (the legend's `move`), read by every
    # step, contact and hiding table a battlefield builds once.
    moves: tuple[str, ...] = ()

    # -- squares ---------------------------------------------------------------------------------

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def _at(self, sq: Square) -> int:
        return sq[1] * self.width + sq[0]

    def squares(self) -> list[Square]:
        """Every square, row by row."""
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def kind(self, sq: Square) -> str:
        """The square's legend character; under an objective letter, the terrain the letter stands on."""
        return self.kinds[self._at(sq)]

    def terrain(self, sq: Square) -> TerrainKind:
        return self.legend[self.kind(sq)]

    def height_at(self, sq: Square) -> int | None:
        """The floor a model stands on there, in levels; None for a wall."""
        return self.floors[sq[1] * self.width + sq[0]]

    def walkable(self, sq: Square) -> bool:
        return self.inside(sq) and self.floors[sq[1] * self.width + sq[0]] is not None

    def standable(self, sq: Square) -> bool:
        """A model may end a move here (and deploy here, when no model is on it)."""
        return self.walkable(sq) and self.moves[sq[1] * self.width + sq[0]] != "obstacle"

    def wall(self, sq: Square) -> bool:
        return self.inside(sq) and self.moves[sq[1] * self.width + sq[0]] == "impassable"

    def obstacle(self, sq: Square) -> bool:
        return self.moves[sq[1] * self.width + sq[0]] == "obstacle"

    def difficult(self, sq: Square) -> bool:
        """Wood or water: each step into it costs double."""
        return self.moves[sq[1] * self.width + sq[0]] == "difficult"

    def wood(self, sq: Square) -> bool:
        return self.woods[sq[1] * self.width + sq[0]]

    def water(self, sq: Square) -> bool:
        return self.difficult(sq) and not self.wood(sq)

    def ladder(self, sq: Square) -> bool:
        return self.moves[sq[1] * self.width + sq[0]] == "ladder"

    def block_height(self, sq: Square) -> int:
        """How high the terrain of the square stops a line of sight, in levels from the ground."""
        return self.blocks[self._at(sq)]

    def cover_of(self, sq: Square) -> Cover:
        """The cover the square's terrain gives when it blocks a line: a raised floor or a wall is
        hard; an obstacle gives its own, unless the line passes below its floor."""
        return self.terrain(sq).cover

    def edge(self, sq: Square) -> bool:
        return sq[0] in (0, self.width - 1) or sq[1] in (0, self.height - 1)

    # -- steps -----------------------------------------------------------------------------------

    def neighbours(self, sq: Square) -> list[Square]:
        """The squares around `sq` on the table, in the order N, NE, E, SE, S, SW, W, NW."""
        x, y = sq
        return [(x + dx, y + dy) for dx, dy in DIRECTIONS if self.inside((x + dx, y + dy))]

    def corner_cut(self, a: Square, b: Square) -> bool:
        """A diagonal step from a to b slips past the corner of a wall (not allowed, §5.1)."""
        if a[0] == b[0] or a[1] == b[1]:
            return False
        return self.wall((b[0], a[1])) or self.wall((a[0], b[1]))

    def step_kind(self, a: Square, b: Square) -> StepKind | None:
        """How a model on a could step to the neighbouring square b, if at all: a difference of
        one level is a normal step; more needs a ladder (orthogonal, to or from `H`), a climb
        (up, first step only) or a drop (2-6 levels down)."""
        if not (self.walkable(a) and self.walkable(b)) or self.corner_cut(a, b):
            return None
        fa, fb = self.height_at(a), self.height_at(b)
        assert fa is not None and fb is not None
        return cast(StepKind | None, step_way(fa, fb, a[0] == b[0] or a[1] == b[1], self.ladder(a) or self.ladder(b)))

    # -- places ----------------------------------------------------------------------------------

    def objective_at(self, sq: Square) -> str | None:
        for letter, at in self.objectives.items():
            if at == sq:
                return letter
        return None

    def building_at(self, sq: Square) -> str | None:
        """The building region the square is in (for shooting from height and upper-floor cover)."""
        for b in self.buildings:
            if sq in b:
                return b.name
        return None

    def building_squares(self, name: str) -> list[Square]:
        return list(_building_squares(self, name))

    def role_of(self, side: int, swapped: bool = False) -> str:
        """The scenario role of side 1 or 2 (sides swap roles when side 1 picks the other one)."""
        return self.roles[(side - 1) ^ int(swapped)]

    def deployment_zone(self, side: int | str) -> list[Square]:
        """The squares a side (1 or 2, or a role of the scenario) may deploy on, row by row: its
        zone's walkable squares that are not obstacles.  Which are free is the state's business."""
        role = self.role_of(side) if isinstance(side, int) else side
        return list(_zone_squares(self, role))

    def own_edge(self, side: int | str) -> list[Square]:
        """A side's own table edge: the edge its zone runs the whole length of (else, for a zone in
        the middle of the table, the edge facing away from the other side's), west to east or
        north to south."""
        name = self._own_edge_name(side)
        last_x, last_y = self.width - 1, self.height - 1
        return {"n": [(x, 0) for x in range(self.width)], "s": [(x, last_y) for x in range(self.width)],
                "w": [(0, y) for y in range(self.height)], "e": [(last_x, y) for y in range(self.height)]}[name]

    def own_edge_line(self, side: int | str) -> tuple[int, int]:
        """The side's own edge as a line: the axis it lies across (0: a column, x fixed; 1: a
        row) and where on it.  The edge is a whole row or column, so the nearest of its squares
        to a square on the table is the one straight across, at distance() abs(sq[axis] - at)
        (a step along the edge adds to a distance, never takes from it)."""
        return {"n": (1, 0), "s": (1, self.height - 1), "w": (0, 0), "e": (0, self.width - 1)}[
            self._own_edge_name(side)]

    def _own_edge_name(self, side: int | str) -> str:
        role = self.role_of(side) if isinstance(side, int) else side
        name = self._edge_name(role)
        if name is None:
            other = self._edge_name(self.roles[1 - self.roles.index(role)])
            name = {"n": "s", "s": "n", "w": "e", "e": "w", None: "s"}[other]
        return name

    def _edge_name(self, role: str) -> str | None:
        (x0, y0), (x1, y1) = self.zones[role].from_, self.zones[role].to
        across = x0 == 0 and x1 == self.width - 1
        down = y0 == 0 and y1 == self.height - 1
        for name, hit in (("n", across and y0 == 0), ("s", across and y1 == self.height - 1),
                          ("w", down and x0 == 0), ("e", down and x1 == self.width - 1)):
            if hit:
                return name
        return None

# The battlefield never changes, so the squares of its zones and buildings are listed once (the
# AI and deployment ask for them at every decision).
@lru_cache(maxsize=64)
def _zone_squares(field: Battlefield, role: str) -> tuple[Square, ...]:
    return tuple(sq for sq in field.zones[role].squares() if field.standable(sq))


@lru_cache(maxsize=64)
def _building_squares(field: Battlefield, name: str) -> tuple[Square, ...]:
    b = next(b for b in field.buildings if b.name == name)
    return tuple(sq for sq in b.squares() if field.walkable(sq))


def _ladder_floor(kinds: list[str], legend: dict[str, TerrainKind], floors: list[int | None],
                  x: int, y: int, width: int, height: int) -> int:
    """A ladder stands at its lowest orthogonal walkable neighbour's floor (§2.7)."""
    around = [floors[ny * width + nx] for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
              if 0 <= nx < width and 0 <= ny < height
              and legend[kinds[ny * width + nx]].move not in ("impassable", "ladder")]
    return min((f for f in around if f is not None), default=0)


def build(content: Content, scenario_id: str) -> Battlefield:
    sc = content.scenarios[scenario_id]
    return field_from_rows(content, sc.map, scenario_id=scenario_id, objectives=sc.objectives,
                           buildings=sc.buildings, zones=sc.zones, roles=sc.roles)


def field_from_rows(content: Content, rows: Sequence[str], *, scenario_id: str = "",
                    objectives: Mapping[str, Objective] | None = None, buildings: Sequence[Building] = (),
                    zones: Mapping[str, Rect] | None = None,
                    roles: tuple[str, str] = ("side_1", "side_2")) -> Battlefield:
    """A battlefield drawn in the legend's characters (a scenario's map, or a small one for a
    worked example); an objective letter stands on the terrain and floor its entry lists."""
    legend = content.terrain
    objectives = objectives or {}
    width, height = len(rows[0]), len(rows)
    kinds: list[str] = []
    floors: list[int | None] = []
    for row in rows:
        for ch in row:
            kind = legend[ch]
            obj = objectives.get(ch) if kind.move == "objective" else None
            if obj is not None:
                kinds.append(obj.terrain)
                floors.append(obj.floor if obj.floor is not None else legend[obj.terrain].floor)
            else:
                kinds.append(ch)
                floors.append(kind.floor)
    for at, ch in enumerate(kinds):
        if legend[ch].move == "ladder":
            floors[at] = _ladder_floor(kinds, legend, floors, at % width, at // width, width, height)
    blocks = [(floors[at] or 0) + legend[ch].block for at, ch in enumerate(kinds)]
    return Battlefield(
        scenario_id=scenario_id, width=width, height=height, legend=legend, kinds=tuple(kinds),
        floors=tuple(floors), blocks=tuple(blocks),
        objectives={k: (o.at[0], o.at[1]) for k, o in sorted(objectives.items())},
        buildings=tuple(buildings), zones=dict(zones or {}), roles=roles,
        floor_q=tuple(4 * (f or 0) for f in floors), block_q=tuple(4 * b for b in blocks),
        woods=tuple(legend[ch].wood for ch in kinds), covers=tuple(legend[ch].cover for ch in kinds),
        moves=tuple(legend[ch].move for ch in kinds))


@lru_cache(maxsize=8)
def _cached(scenario_id: str, digest: str) -> Battlefield:
    return build(load_content(), scenario_id)


def battlefield_for(content: Content, scenario_id: str) -> Battlefield:
    """The scenario's battlefield (built once per scenario and content)."""
    if content is load_content():
        return _cached(scenario_id, content.digest)
    return build(content, scenario_id)
