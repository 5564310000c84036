"""Squares, edge walls, doors, sections, neighbours, paths and line of sight (the breadth-first
searches themselves, a move's unit-cost reach among them, are engine/spreading.py's).

Coordinates are (x, y) with x growing east and y growing south.  Every iteration order here
is fixed (direction order, sorted squares, heap of tuples) so results never depend on
hashing.  What blocks movement or sight is the ruleset's business and comes in as
parameters.
"""
from __future__ import annotations

import copy
import heapq
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Any
from collections.abc import Callable, Collection, Iterable, Iterator

from .directions import DIR_NAMES as DIR_NAMES, DIRS4 as DIRS4, DIRS8 as DIRS8  # known as grid's
from .sight_bits import ACROSS, BITS, LINES, LOOKS_BEFORE_BITS, OPAQUE, SQUARE, line_bits
from .spreading import Spreading, steps_toward, steps_within
from .spreading import Sq as Sq  # a square, (x, y): named where the searches are, known as grid.Sq

Edge = tuple[Sq, Sq]


OPEN = "open"


def edge(a: Sq, b: Sq) -> Edge:
    return (a, b) if a <= b else (b, a)


def chebyshev(a: Sq, b: Sq) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@dataclass
class Grid:
    """A map of squares.  `terrain` holds one character per square (ruleset legend).

    `region` names the section or room a square belongs to; with `region_walls`, crossing
    between regions is only possible through a door edge.  `links` join two squares that
    are not neighbours on the map (a portal): movement and adjacency, never sight.
    """

    terrain: dict[Sq, str] = field(default_factory=dict)
    region: dict[Sq, str] = field(default_factory=dict)
    walls: set[Edge] = field(default_factory=set)
    doors: dict[Edge, str] = field(default_factory=dict)
    links: dict[Sq, list[Sq]] = field(default_factory=dict)
    region_walls: bool = True
    impassable: frozenset[str] = frozenset()   # terrain no figure may enter
    opaque: frozenset[str] = frozenset()       # terrain that blocks sight
    move_doors: frozenset[str] = frozenset({OPEN})    # door states a figure may cross
    sight_doors: frozenset[str] = frozenset({OPEN})   # door states sight passes
    diagonal_moves: bool = True  # False: figures step only orthogonally
    # How a sight line through a corner passes: "both" side squares clear, or "either" one
    # side route (clear square, both edges open).
    corner: str = "both"
    # How a diagonal step passes a corner: "both" L-paths clear, or "either" one of them (a
    # single wall corner may be cut, a gap between two walls may not).
    step_corner: str = "both"
    _near: dict[Sq, list[Sq]] = field(default_factory=dict, repr=False, compare=False)
    # Sight through each edge asked so far: sight lines cross the same edges over and over.
    _sight: dict[tuple[Sq, Sq], bool] = field(default_factory=dict, repr=False, compare=False)
    # Answers for this arrangement of the map (a region's squares; a ruleset's own, such as
    # what a square sees), forgotten with the caches above when the map changes.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    # Sight as bits (see `_sight_bits`), made once a map has been looked across often enough.
    _sight_mask: tuple[int, int, int, int] | None = field(default=None, repr=False, compare=False)
    _slow_looks: int = field(default=0, repr=False, compare=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Grid:
        """A copy of the map without the caches: state copies (keyframes) stay small and cheap."""
        new = copy.copy(self)
        memo[id(self)] = new
        for f in fields(self):
            value = getattr(self, f.name)
            setattr(new, f.name, copy.deepcopy(value, memo) if f.compare else f.default_factory()
                    if callable(f.default_factory) else f.default)
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a keyframe) without the caches, as a deep copy; the sight bits, one
        integer, go along (they are dear to make again)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.compare}
        out["_sight_mask"] = self._sight_mask
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        for f in fields(self):
            setattr(self, f.name, data[f.name] if f.name in data else
                    f.default_factory() if callable(f.default_factory) else f.default)
        self._slow_looks = LOOKS_BEFORE_BITS if self._sight_mask is not None else 0

    # -- building --------------------------------------------------------------------------
    def changed(self) -> None:
        """Forget cached neighbours and sight; call after changing terrain, walls or doors directly."""
        self._near.clear()
        self._sight.clear()
        self.memo.clear()
        self._sight_mask, self._slow_looks = None, 0

    def add_square(self, sq: Sq, terrain: str, region: str) -> None:
        self.changed()
        self.terrain[sq] = terrain
        self.region[sq] = region

    def set_door(self, a: Sq, b: Sq, state: str = OPEN) -> None:
        if self._sight_mask is None:
            self.changed()
            self.doors[edge(a, b)] = state
            return
        # A door opening mid-game: only what passes near its edge changes, so the squares
        # around it are worked out again, not the whole map.
        self.doors[edge(a, b)] = state
        self._sight.pop((a, b), None)
        self._sight.pop((b, a), None)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
            self._redo_across(a, b)
        else:
            self._redo_around((a, b))

    def set_terrain(self, sq: Sq, terrain: str) -> None:
        """A square of the map becomes another terrain mid-game (a falling block): as
        `set_door`, only the squares around it are worked out again once sight is in bits (a
        square's bits read its own terrain and its four neighbours'; an edge's sight reads no
        terrain)."""
        if self._sight_mask is None or sq not in self.terrain or sq in self.links:
            self.changed()
            self.terrain[sq] = terrain
            return
        self.terrain[sq] = terrain
        self._redo_around((sq,))

    def _redo_around(self, squares: tuple[Sq, ...]) -> None:
        """Forget what the map's change may have changed near these squares, and work out the
        sight bits of the squares around them again (the rest of the map's bits stand)."""
        around = self._forget_around(squares)
        assert self._sight_mask is not None
        x0, y0, width, blocked = self._sight_mask
        for p in around:
            if p in self.terrain:
                at = ((p[1] - y0) * width + p[0] - x0) * BITS
                blocked = blocked & ~(SQUARE << at) | self._square_bits(p) << at
        self._sight_mask = (x0, y0, width, blocked)

    def _redo_across(self, a: Sq, b: Sq) -> None:
        """`_redo_around` for a door between two squares side by side: of the sight bits around
        it, only the ten whose look crosses its edge are worked out again (the rest read the
        same edges and squares as before): a step across it either way, and each diagonal whose
        corner it is (`sight_bits.ACROSS`).  A tenth of the bits `_redo_around` makes again."""
        self._forget_around((a, b))
        assert self._sight_mask is not None
        x0, y0, width, blocked = self._sight_mask
        for (ox, oy), d in ACROSS[(b[0] - a[0], b[1] - a[1])]:
            p = (a[0] + ox, a[1] + oy)
            if p in self.terrain:
                dx, dy = DIRS8[d]
                n = (p[0] + dx, p[1] + dy)
                bit = 1 << (((p[1] - y0) * width + p[0] - x0) * BITS + d)
                if self._corner_open(p, n) if dx and dy else self._sight_edge(p, n):
                    blocked &= ~bit
                else:
                    blocked |= bit
        self._sight_mask = (x0, y0, width, blocked)

    def _forget_around(self, squares: tuple[Sq, ...]) -> list[Sq]:
        """Forget the answers a change at these squares may change (the regions' squares stay:
        a door or a square's terrain changes no region), and the neighbours of the squares
        around them; those squares, in order."""
        regions = self.memo.get(_REGIONS)
        self.memo.clear()
        if regions is not None:
            self.memo[_REGIONS] = regions
        around = sorted({(p[0] + dx, p[1] + dy) for p in squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)})
        for p in around:
            self._near.pop(p, None)
        return around

    def add_link(self, a: Sq, b: Sq) -> None:
        self.changed()
        self.links.setdefault(a, []).append(b)
        self.links.setdefault(b, []).append(a)

    # -- edges -----------------------------------------------------------------------------
    def _edge_open(self, a: Sq, b: Sq, through: frozenset[str]) -> bool:
        e = edge(a, b)
        state = self.doors.get(e)
        if state is not None:
            return state in through
        if e in self.walls:
            return False
        return not (self.region_walls and self.region.get(a) != self.region.get(b))

    def edge_passable(self, a: Sq, b: Sq) -> bool:
        return self._edge_open(a, b, self.move_doors)

    def floor(self, sq: Sq) -> bool:
        t = self.terrain.get(sq)
        return t is not None and t not in self.impassable

    # -- stepping --------------------------------------------------------------------------
    def can_step(self, a: Sq, b: Sq) -> bool:
        """One legal step ignoring figures; a diagonal may not cut a wall's corner."""
        if not self.floor(b):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            return self.edge_passable(a, b)
        if abs(dx) == 1 and abs(dy) == 1:
            m1, m2 = (b[0], a[1]), (a[0], b[1])
            via1 = self.floor(m1) and self.edge_passable(a, m1) and self.edge_passable(m1, b)
            via2 = self.floor(m2) and self.edge_passable(a, m2) and self.edge_passable(m2, b)
            return (via1 or via2) if self.step_corner == "either" else (via1 and via2)
        return b in self.links.get(a, ()) and self.floor(b)

    def neighbours(self, a: Sq) -> list[Sq]:
        cached = self._near.get(a)
        if cached is not None:
            return cached
        out = self._steps_out(a)
        for b in self.links.get(a, ()):
            if self.floor(b):  # a link is its own way through, whatever regions it joins
                out.append(b)
        self._near[a] = out
        return out

    def _steps_out(self, a: Sq) -> list[Sq]:
        """`can_step(a, b)` for each square b beside a, in direction order, with its lookups
        written out: a map's neighbours are found again after each change to it."""
        terrain, impassable = self.terrain, self.impassable
        edge_open, through = self._edge_open, self.move_doors
        either = self.step_corner == "either"
        ax, ay = a
        out = []
        for dx, dy in DIRS8 if self.diagonal_moves else DIRS4:
            b = (ax + dx, ay + dy)
            t = terrain.get(b)
            if t is None or t in impassable:
                continue
            if dx == 0 or dy == 0:
                if edge_open(a, b, through):
                    out.append(b)
                continue
            m = (b[0], ay)
            t = terrain.get(m)
            via1 = t is not None and t not in impassable and edge_open(a, m, through) and edge_open(m, b, through)
            if via1 == either:  # "either" passes on one route, "both" fails on one
                if via1:
                    out.append(b)
                continue
            m = (ax, b[1])
            t = terrain.get(m)
            if t is not None and t not in impassable and edge_open(a, m, through) and edge_open(m, b, through):
                out.append(b)
        return out

    def keep_neighbours(self, before: Grid, same: Callable[[Sq], bool]) -> None:
        """Take over the neighbours `before` found for the squares `same` says are laid out
        alike in both maps, with everything around them (a map built again after a small
        change: its new neighbours would come out the same)."""
        near = self._near
        for sq, found in before._near.items():
            if sq not in near and same(sq):
                near[sq] = found

    def keep_neighbours_but(self, before: Grid, moved: Collection[Sq]) -> None:
        """`keep_neighbours` for every square but those in `moved`: the same, and a plain copy
        when this map has found no neighbours of its own yet (a map just built)."""
        near = self._near
        if near:
            self.keep_neighbours(before, lambda sq: sq not in moved)
            return
        near.update(before._near)
        for sq in near.keys() & moved:
            del near[sq]

    @contextmanager
    def changing_near(self, around: Iterable[Sq]) -> Iterator[None]:
        """Changes made inside (squares added, doors set, links made) that touch only the squares
        `around`: they forget every cache as usual, and afterwards the neighbours found before
        are handed back for every square more than one square from all of `around`.  A square's
        neighbours depend only on the squares within one of it (their terrain and regions, the
        edges between them) and its own links (both ends of a new link belong in `around`), so
        those come out the same (a new dungeon section would otherwise have every square's
        neighbours worked out again)."""
        before = dict(self._near)
        yield
        close = {(x + dx, y + dy) for x, y in around for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        near = self._near
        for sq, found in before.items():
            if sq not in near and sq not in close:
                near[sq] = found

    def adjacent(self, a: Sq, b: Sq) -> bool:
        return b in self.neighbours(a)

    # -- distances and paths ----------------------------------------------------------------
    def reachable(self, start: Sq, allowance: int, can_enter: Callable[[Sq], bool] | None = None,
                  cost: Callable[[Sq, Sq], int] | None = None,
                  step_ok: Callable[[Sq, Sq], bool] | None = None,
                  jumps: dict[Sq, list[tuple[Sq, int]]] | None = None) -> dict[Sq, int]:
        """Squares reachable within `allowance` movement and their cost (start included).
        `step_ok(a, b)` may forbid particular steps (a ruleset's own movement limits);
        `jumps` adds moves of a given cost that only this mover may make (a leap)."""
        if cost is None and not jumps:
            return steps_within(self, start, allowance, can_enter, step_ok)
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            spent, sq = heapq.heappop(heap)
            if spent > best.get(sq, 1 << 30):
                continue
            moves: list[tuple[Sq, int | None]] = [(nb, None) for nb in self.neighbours(sq)]
            if jumps:
                moves += jumps.get(sq, [])
            for nb, fixed in moves:
                if can_enter is not None and not can_enter(nb):
                    continue
                if step_ok is not None and not step_ok(sq, nb):
                    continue
                total = spent + (fixed if fixed is not None else cost(sq, nb) if cost else 1)
                if total <= allowance and total < best.get(nb, 1 << 30):
                    best[nb] = total
                    heapq.heappush(heap, (total, nb))
        return best

    def reaches(self, start: Sq, goal: Sq, allowance: int, can_enter: Callable[[Sq], bool] | None = None,
                cost: Callable[[Sq, Sq], int] | None = None,
                step_ok: Callable[[Sq, Sq], bool] | None = None) -> bool:
        """Whether `goal` is among `reachable`'s squares (start included), asked of one square
        (a replayed move) without working out the whole reach: see `spreading.steps_toward`."""
        if cost is not None or self.links or type(goal) is not tuple or len(goal) != 2:
            # A link may join squares any distance apart: the search must go everywhere.
            return goal in self.reachable(start, allowance, can_enter, cost, step_ok)
        return goal == start or steps_toward(self, start, goal, allowance, can_enter, step_ok)

    def path(self, start: Sq, goal: Sq, can_enter: Callable[[Sq], bool] | None = None,
             cost: Callable[[Sq, Sq], int] | None = None, limit: int = 1 << 20) -> list[Sq] | None:
        """Cheapest path start..goal (both included), or None."""
        best = {start: 0}
        came: dict[Sq, Sq] = {}
        heap = [(0, start)]
        while heap:
            spent, sq = heapq.heappop(heap)
            if sq == goal:
                out = [sq]
                while sq in came:
                    sq = came[sq]
                    out.append(sq)
                return out[::-1]
            if spent > best.get(sq, 1 << 30):
                continue
            for nb in self.neighbours(sq):
                if nb != goal and can_enter is not None and not can_enter(nb):
                    continue
                total = spent + (cost(sq, nb) if cost else 1)
                if total <= limit and total < best.get(nb, 1 << 30):
                    best[nb] = total
                    came[nb] = sq
                    heapq.heappush(heap, (total, nb))
        return None

    def bfs(self, start: Sq, can_enter: Callable[[Sq], bool] | None = None,
            avoid: Collection[Sq] = (), most: int = 1 << 30) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
        """Breadth first in neighbour order (N, E, S, W, then diagonals): step counts and parents,
        so walking the parents back from a square gives the first shortest path found.  Squares
        in `avoid` (or failing `can_enter`) are never entered; the start always counts.  With
        `most`, only the squares that many steps away or nearer (the same counts and parents)."""
        parent: dict[Sq, Sq] = {}
        return self._rings((start,), avoid, can_enter, parent, most), parent

    def steps_from(self, starts: Iterable[Sq]) -> dict[Sq, int]:
        """Steps from the nearest of several starts to every square reachable, ignoring figures
        (`spread` over this map's neighbours, in the same order, quicker)."""
        return self._rings(tuple(starts), (), None, None)

    def _rings(self, starts: tuple[Sq, ...], avoid: Collection[Sq], can_enter: Callable[[Sq], bool] | None,
               parent: dict[Sq, Sq] | None, most: int = 1 << 30) -> dict[Sq, int]:
        return Spreading(self, starts, avoid, can_enter, parent).grow(most)

    def walks(self, start: Sq, avoid: frozenset[Sq]) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
        """`bfs(start, avoid=avoid)` kept in the memo while the map and `avoid` stand as they
        are: an AI asks for the same walks again and again within a turn (the answers are
        shared: never change them)."""
        kept: dict[frozenset[Sq], dict[Sq, tuple[dict[Sq, int], dict[Sq, Sq]]]] = \
            self.memo.setdefault("walks", {})
        by_start = kept.get(avoid)
        if by_start is None:
            if len(kept) >= WALKS_KEPT:  # the oldest first (dicts keep their order)
                del kept[next(iter(kept))]
            by_start = kept[avoid] = {}
        found = by_start.get(start)
        if found is None:
            found = by_start[start] = self.bfs(start, avoid=avoid)
        return found

    def distances_kept(self, start: Sq) -> dict[Sq, int] | None:
        """`distances(start)` if the memo holds it already, else None (nothing is searched): for
        a caller that can find what it needs a shorter way when nobody has asked for it yet."""
        kept: dict[Sq, int] | None = self.memo.get(("distances", start))
        return kept

    def distances(self, start: Sq, can_enter: Callable[[Sq], bool] | None = None) -> dict[Sq, int]:
        """Step counts from start to every square reachable at all.  Without `can_enter` they
        depend on the map alone and are kept in `memo` until it changes (the AI asks for the
        same squares again and again in one turn): the dict is shared, read it, never change it."""
        if can_enter is not None:
            return steps_within(self, start, 1 << 20, can_enter)
        kept = self.memo.get(("distances", start))
        if kept is None:
            kept = self.memo[("distances", start)] = steps_within(self, start, 1 << 20, None)
        return kept

    # -- line of sight ------------------------------------------------------------------------
    def _sight_edge(self, a: Sq, b: Sq) -> bool:
        seen = self._sight.get((a, b))
        if seen is None:
            seen = self._sight[(a, b)] = self._edge_open(a, b, self.sight_doors)
        return seen

    def _clear(self, sq: Sq) -> bool:
        t = self.terrain.get(sq)
        return t is not None and t not in self.opaque

    def _corner_open(self, p: Sq, n: Sq) -> bool:
        m1, m2 = (n[0], p[1]), (p[0], n[1])
        route1 = self._clear(m1) and self._sight_edge(p, m1) and self._sight_edge(m1, n)
        route2 = self._clear(m2) and self._sight_edge(p, m2) and self._sight_edge(m2, n)
        return (route1 or route2) if self.corner == "either" else (route1 and route2)

    def line_of_sight(self, a: Sq, b: Sq, blocker: Callable[[Sq], bool] | None = None) -> bool:
        """Centre to centre.  Blocked by walls, opaque squares, corners a diagonal cannot cut,
        and squares between the ends for which `blocker` says so (figures, for some rules).
        The same from either end (between squares on the map): the line from b to a crosses
        the squares and corners the line from a to b crosses, each tested alike, and rulesets
        may count on it (HeroQuest's open board does; tests/engine/test_engine_grid.py)."""
        if a == b:
            return True
        if b not in self.terrain:
            return False
        table = self._sight_mask
        if table is None or a not in self.terrain:
            self._slow_looks += 1
            if self._slow_looks < LOOKS_BEFORE_BITS or a not in self.terrain:
                return self._walk_sight(a, b, blocker)
            table = self._sight_mask = self._sight_bits()
        x0, y0, width, blocked = table
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        line = LINES.get((width, dx, dy))
        if line is None:
            line = line_bits(width, dx, dy)
        lo, mask, between = line
        if blocked >> (((ay - y0) * width + ax - x0) * BITS + lo) & mask:
            return False
        return blocker is None or not any(blocker((ax + rx, ay + ry)) for rx, ry in between)

    def in_sight(self, a: Sq, targets: Iterable[Sq]) -> list[Sq]:
        """The targets in sight of `a` (`line_of_sight` without a blocker), in their order: one
        look across many squares, the map's bits made at once and read in one loop."""
        if a not in self.terrain:
            return [t for t in targets if self.line_of_sight(a, t)]
        table = self._sight_mask
        if table is None:
            table = self._sight_mask = self._sight_bits()
        x0, y0, width, blocked = table
        ax, ay = a
        base = ((ay - y0) * width + ax - x0) * BITS
        terrain, lines = self.terrain, LINES
        out = []
        for t in targets:
            if t == a:
                out.append(t)
                continue
            if t not in terrain:
                continue
            dx, dy = t[0] - ax, t[1] - ay
            line = lines.get((width, dx, dy)) or line_bits(width, dx, dy)
            if not blocked >> (base + line[0]) & line[1]:
                out.append(t)
        return out

    def _sight_bits(self) -> tuple[int, int, int, int]:
        """The map as one integer, `BITS` bits a square in rows of `width`: bit d set when
        sight cannot pass from the square in direction DIRS8[d], the last bit when the square
        is opaque (or off the map).  A line of sight is then a mask of the bits it must find
        clear, the same for every line of its direction and length (`sight_bits.line_bits`)."""
        x0, y0, x1, y1 = self.bounds()
        x0, y0 = x0 - 1, y0 - 1  # a border of off-map squares, so no line leaves the box
        width, height = x1 - x0 + 2, y1 - y0 + 2
        off_map = OPAQUE if len(self.terrain) < width * height else 0
        blocked = 0
        for y in range(y0, y0 + height):
            for x in range(x0, x0 + width):
                p = (x, y)
                bits = self._square_bits(p) if p in self.terrain else off_map
                if bits:
                    blocked |= bits << (((y - y0) * width + x - x0) * BITS)
        return x0, y0, width, blocked

    def _square_bits(self, p: Sq) -> int:
        """The sight bits of one square of the map."""
        bits = 0 if self._clear(p) else OPAQUE
        x, y = p
        for d, (dx, dy) in enumerate(DIRS8):
            n = (x + dx, y + dy)
            if not (self._corner_open(p, n) if dx and dy else self._sight_edge(p, n)):
                bits |= 1 << d
        return bits

    def _walk_sight(self, a: Sq, b: Sq, blocker: Callable[[Sq], bool] | None) -> bool:
        """`line_of_sight` square by square along the line."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        nx, ny = abs(dx), abs(dy)
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        x, y = a
        ix = iy = 0
        while ix < nx or iy < ny:
            prev = (x, y)
            # Which grid line does the ray cross next: compare (0.5+ix)/nx with (0.5+iy)/ny.
            dec = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
            if dec == 0:
                x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
                if not self._corner_open(prev, (x, y)):
                    return False
            elif dec < 0:
                x, ix = x + sx, ix + 1
                if not self._sight_edge(prev, (x, y)):
                    return False
            else:
                y, iy = y + sy, iy + 1
                if not self._sight_edge(prev, (x, y)):
                    return False
            if (x, y) != b and (not self._clear((x, y)) or (blocker is not None and blocker((x, y)))):
                return False
        return (x, y) in self.terrain

    def ray(self, start: Sq, d: Sq) -> list[Sq]:
        """The squares a straight line from `start` in direction `d` crosses before something
        stops it (a closed edge, an opaque square, the edge of the map); diagonal steps pass a
        corner as sight does."""
        out: list[Sq] = []
        p = start
        while True:
            n = (p[0] + d[0], p[1] + d[1])
            if not self._clear(n):
                return out
            if not (self._corner_open(p, n) if d[0] and d[1] else self._sight_edge(p, n)):
                return out
            out.append(n)
            p = n

    # -- sections ---------------------------------------------------------------------------------
    def squares_of(self, region: str) -> list[Sq]:
        """The region's squares in reading order."""
        regions: dict[str, list[Sq]] | None = self.memo.get(_REGIONS)
        if regions is None:  # every region in one pass over the map, not one pass each
            regions = {}
            for sq, r in self.region.items():
                regions.setdefault(r, []).append(sq)
            for found in regions.values():
                found.sort(key=_reading_order)
            self.memo[_REGIONS] = regions
        return list(regions.get(region, ()))

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [s[0] for s in self.terrain] or [0]
        ys = [s[1] for s in self.terrain] or [0]
        return min(xs), min(ys), max(xs), max(ys)


# The memo's key for every region's squares (`squares_of`).
_REGIONS = "squares_of"


def _reading_order(sq: Sq) -> tuple[int, int]:
    return sq[1], sq[0]


# How many sets of avoided squares `Grid.walks` keeps walks for (figures move: older sets are
# rarely asked again).
WALKS_KEPT = 8


def row_major(squares: Iterable[Sq]) -> list[Sq]:
    return sorted(squares, key=_reading_order)
