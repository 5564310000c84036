"""A hero's walk as the companions ask about it: breadth first from where he stands, grown only
as far as the squares asked about.  A hero walks one step a decision, and wherever his kept
walk is given up (keeping.py) the script asks afresh from a new square, mostly about squares
close by (the leader beside him, the next door), so a search of the whole board each time (a
tenth of a quest when every step asked) was mostly wasted.  The rings
grow in the order `Grid.bfs` finds them, so every step count and parent read here is the one
the whole search gives, and paths walked back from them are the same.  The search reads the
map's squares by number (`Squares`), not as tuples hashed at every neighbour."""
from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, Mapping

from ....engine.grid import Grid, Sq
from ....engine.spreading import path_back

# How many (start, avoid) walks one map keeps: a round's heroes and the squares they walked
# from (a whole script asked again where a hero stood earlier in the round finds its walk
# grown already; 16 made the Crypt's walks again about 0.4% of its instructions).
KEPT = 64

# A square's steps before the walk has reached it, and for a square it must avoid.
UNREACHED, AVOIDED = -1, -2


class Squares:
    """The map's squares numbered (in the map's own order: any numbering serves), and each
    one's neighbours by number, in `Grid.neighbours`' order: kept with the map (its memo is
    cleared when it changes), so a walk looks up small numbers in lists, not squares in dicts
    (hashing a square's tuple at every neighbour was most of a walk's time)."""

    __slots__ = ("grid", "index", "made_from", "near", "part", "squares")

    def __init__(self, grid: Grid, before: Squares | None = None) -> None:
        self.grid = grid
        squares = list(grid.terrain)
        self.squares: list[Sq]
        self.index: dict[Sq, int]
        self.near: list[list[int] | None]  # filled as walks reach them
        self.made_from: list[list[Sq] | None]  # the map's own list each of `near` was made from
        self.part: list[int]  # filled a part at a time (`part_of`)
        if before is not None and before.grid is grid and before.squares == squares:
            self.squares, self.index = before.squares, before.index  # never changed once made
            self.near, self.made_from, changed = before.still_near()
            self.part = self._parts_joined(before.part, changed)
        else:
            self.squares = squares
            self.index = {sq: i for i, sq in enumerate(squares)}
            self.near = [None] * len(squares)
            self.made_from = [None] * len(squares)
            self.part = [UNREACHED] * len(squares)

    def neighbours(self, i: int) -> list[int]:
        found = self.near[i]
        if found is None:
            index = self.index
            nbs = self.made_from[i] = self.grid.neighbours(self.squares[i])
            found = self.near[i] = [index[nb] for nb in nbs]
        return found

    def still_near(self) -> tuple[list[list[int] | None], list[list[Sq] | None], list[tuple[int, list[Sq]]]]:
        """The neighbours by number that still hold on the map as it is now, the others None
        (made again when a walk reaches them), and those others with the lists they were made
        from.  A door opening makes the map work out again only the neighbours of the squares
        around it (`Grid.neighbours` keeps the rest, the same lists): a list it still gives is
        the very one a number list was made from, so the numbering outlives the change and
        only those few squares are looked at again (about 16 doors a Crypt quest made every
        square's list again before)."""
        neighbours = self.grid.neighbours
        near, made_from = list(self.near), list(self.made_from)
        changed = []
        for i, nbs in enumerate(made_from):
            if nbs is not None and neighbours(self.squares[i]) is not nbs:
                near[i] = made_from[i] = None
                changed.append((i, nbs))
        return near, made_from, changed

    def _parts_joined(self, before: list[int], changed: list[tuple[int, list[Sq]]]) -> list[int]:
        """The parts found before the map changed, where the change only joined squares (a door
        opened): the squares a changed square now also reaches join its part (a room nobody
        has walked in, found square by square), not every part found afresh (a flood of the
        whole open board after every door).  Every square of a part found has its neighbours
        made (`part_of`, and here), so a change touching a part is among `changed`; a step
        is a step both ways, so a part it joins touches one too.  Where a change parts
        squares, or joins two parts found already, none is kept."""
        part, index = list(before), self.index
        for i, was in changed:
            mine = part[i]
            if mine == UNREACHED:
                continue  # a part not found yet: it is found whole when a walk asks
            now = self.neighbours(i)
            if not {index[sq] for sq in was}.issubset(now):
                return [UNREACHED] * len(part)  # a way closed: the part may fall in two
            for j in now:
                if part[j] != mine and not self._join(part, j, mine):
                    return [UNREACHED] * len(part)
        return part

    def _join(self, part: list[int], start: int, mine: int) -> bool:
        """Square `start`'s part, not found yet, found as part `mine`; False if it meets
        another part found already."""
        if part[start] != UNREACHED:
            return False
        part[start] = mine
        ring, near = [start], self.near
        while ring:
            found = []
            for q in ring:
                for nb in near[q] or self.neighbours(q):
                    if part[nb] == UNREACHED:
                        part[nb] = mine
                        found.append(nb)
                    elif part[nb] != mine:
                        return False
            ring = found
        return True

    def part_of(self, i: int) -> int:
        """The part of the map square i is in: the squares joined to it whoever stands where
        (closed doors and walls apart), numbered by the square it was first asked from and
        found once for them all.  A walk that never reaches a square of another part answers
        so without growing to its end."""
        part = self.part
        if part[i] == UNREACHED:
            # A step is a step both ways, so a part found whole never meets another.
            self._join(part, i, i)
        return part[i]


def squares(grid: Grid) -> Squares:
    """The map's numbered squares, kept with it; after a change to the map, the numbering
    made before it carried over (`Squares.still_near`) where it is the same map."""
    kept: Squares | None = grid.memo.get("hero_squares")
    if kept is None:
        kept = grid.memo["hero_squares"] = _LAST[0] = Squares(grid, _LAST[0])
    return kept


# The numbering made last, in this process: the map's memo forgets it at every change, and the
# next one made for the same map starts from it.  One only (a game's map at a time).
_LAST: list[Squares | None] = [None]


class Walk(Mapping[Sq, int]):
    """Step counts from the start, read like `bfs`'s dict (`in`, `[]`, `get`, `items`), each
    read growing the rings until the square is found (or the walk is whole); `parent` reads
    the parents of every square found so far.  Breadth first over the map's numbered squares
    (`Squares`): each ring in the order it was found, each square's neighbours in the map's
    order, as `Grid.bfs` and `Spreading` go, so the counts, parents and order are theirs."""

    __slots__ = ("_last", "_map", "_order", "_outer", "_parent", "_part", "_ring", "_start", "_steps", "parent")

    def __init__(self, grid: Grid, start: Sq, avoid: frozenset[Sq]) -> None:
        self._map = squares(grid)
        index = self._map.index
        steps = self._steps = [UNREACHED] * len(self._map.squares)
        for sq in avoid:
            i = index.get(sq)
            if i is not None:
                steps[i] = AVOIDED
        self._start = index[start]
        steps[self._start] = 0
        self._parent = [-1] * len(steps)
        self._order = [self._start]  # every square found, ring by ring
        self._ring, self._outer = [self._start], 0  # the outermost ring and its steps
        self._part = self._map.part_of(self._start)
        self._last: list[Sq] = []  # the last path walked back (`path`)
        self.parent = Parents(self)

    def grow(self, most: int = 1 << 30) -> None:
        """Every ring up to `most` steps away (all there are by default)."""
        ring, outer = self._ring, self._outer
        if not ring or outer >= most:
            return
        steps, parent, order, neighbours, near = self._steps, self._parent, self._order, \
            self._map.neighbours, self._map.near
        while ring and outer < most:
            outer += 1
            found = []
            for q in ring:
                nbs = near[q]
                if nbs is None:
                    nbs = neighbours(q)
                for nb in nbs:
                    if steps[nb] == UNREACHED:
                        steps[nb] = outer
                        parent[nb] = q
                        found.append(nb)
            order += found
            ring = found
        self._ring, self._outer = ring, outer

    def _steps_of(self, sq: Sq) -> int:
        """The square's steps, -1 where the walk never comes: a square off the start's part of
        the map, or one it must avoid, is answered without growing the whole walk."""
        i = self._map.index.get(sq)
        if i is None:
            return -1
        steps = self._steps
        n = steps[i]
        if n == UNREACHED:
            if self._map.part[i] != self._part:
                return -1
            while steps[i] == UNREACHED and self._ring:
                self.grow(self._outer + 1)
            n = steps[i]
        return n if n >= 0 else -1

    def get(self, sq: Sq, default: int | None = None) -> int | None:  # type: ignore[override]
        found = self._steps_of(sq)
        return default if found < 0 else found

    def __contains__(self, sq: object) -> bool:
        return isinstance(sq, tuple) and self._steps_of(sq) >= 0

    def __getitem__(self, sq: Sq) -> int:
        found = self._steps_of(sq)
        if found < 0:
            raise KeyError(sq)
        return found

    def within(self, sq: Sq, most: int) -> int | None:
        """The square's steps if `most` or fewer (growing no further than that)."""
        i = self._map.index.get(sq)
        if i is None:
            return None
        n = self._steps[i]
        if n == UNREACHED:
            x, y = self._map.squares[self._start]
            if abs(sq[0] - x) + abs(sq[1] - y) > most or self._map.part[i] != self._part:  # further as the
                return None  # crow flies (no walk is shorter), or in another part of the map
            self.grow(most)
            n = self._steps[i]
        return n if 0 <= n <= most else None

    def path(self, goal: Sq) -> list[Sq]:
        """The start .. `goal` along the parents (`path_back`), the goal found already.  A goal
        on the last path walked back is read off it: the plan walks back to its goal, then the
        seat to the square on the way where he stops (the path to a square on a path is the
        path's start up to it, parents being one per square)."""
        at = self._map.index[goal]
        last = self._last
        n = self._steps[at]
        if len(last) > n and last[n] == goal:
            return last[:n + 1]
        parent, sqs = self._parent, self._map.squares
        out = [goal]
        while at != self._start:
            at = parent[at]
            out.append(sqs[at])
        self._last = out[::-1]
        return list(self._last)

    def nearest(self, goals: list[Sq], ok: Callable[[Sq], bool]) -> tuple[int, int, int] | None:
        """(steps, y, x) of the nearest goal reached that passes `ok`, ties in reading order:
        `min` over every goal in the walk, growing only to the nearest (a goal not found yet is
        further than every one found)."""
        index, steps, part, mine = self._map.index, self._steps, self._map.part, self._part
        # Loops, not comprehensions (each a function made and called): asked by most plans.
        wanted = []
        for g in goals:
            i = index.get(g)
            if i is not None and steps[i] != AVOIDED and part[i] == mine:
                wanted.append((g, i))
        if not wanted:
            return None
        found = self._nearest_found(wanted, ok)
        if found is None:
            ids = {i for _, i in wanted}
            # No goal is nearer than it is as the crow flies: the rings short of that are grown
            # at once, without looking for one (the same rings either way).
            x, y = self._map.squares[self._start]
            self.grow(min(abs(g[0] - x) + abs(g[1] - y) for g, _ in wanted) - 1)
        while found is None:
            if not self._ring:
                return None
            self.grow(self._outer + 1)  # one ring past the outermost
            # A goal in the new ring, and the goals are read again.
            if not ids.isdisjoint(self._ring):
                found = self._nearest_found(wanted, ok)
        return found

    def _nearest_found(self, wanted: list[tuple[Sq, int]], ok: Callable[[Sq], bool]) -> tuple[int, int, int] | None:
        """(steps, y, x) of the nearest goal the walk has reached that passes `ok`: the goals
        reached, nearest first, until one passes (`ok` is asked of the fewest; the walk may
        have grown past many goals for an earlier question of the same decision)."""
        steps = self._steps
        reached = []
        for g, i in wanted:
            n = steps[i]
            if n >= 0:
                reached.append((n, g[1], g[0], g))
        reached.sort()
        for n, y, x, g in reached:
            if ok(g):
                return n, y, x
        return None

    def rings(self, most: int) -> Iterator[tuple[Sq, int]]:
        """The squares `most` steps away or nearer, with their steps, in the order found (rings
        grown one at a time as they are read)."""
        order, steps, sqs = self._order, self._steps, self._map.squares
        i = 0
        while True:
            while i < len(order):
                q = order[i]
                n = steps[q]
                if n > most:
                    return
                yield sqs[q], n
                i += 1
            if self._outer >= most or not self._ring:
                return
            self.grow(self._outer + 1)  # one ring past the outermost

    def first(self, ok: Callable[[Sq], bool]) -> Sq | None:
        """The nearest square past the start that passes `ok`, ties in reading order: the
        `min` of (steps, y, x) over the whole walk, read in the order the rings were found
        (their steps never fall) and grown only until a ring holds one."""
        best: tuple[int, int, int] | None = None
        for sq, n in self.rings(1 << 30):
            if best is not None and n > best[0]:
                break
            if n > 0 and ok(sq) and (best is None or (n, sq[1], sq[0]) < best):
                best = (n, sq[1], sq[0])
        return None if best is None else (best[2], best[1])

    def found(self) -> dict[Sq, int]:
        """Every square the walk reaches (the whole search), with its steps, in `bfs`'s order."""
        self.grow()
        sqs, steps = self._map.squares, self._steps
        return {sqs[q]: steps[q] for q in self._order}

    def items(self) -> ItemsView[Sq, int]:
        return self.found().items()

    def __iter__(self) -> Iterator[Sq]:
        return iter(self.found())

    def __len__(self) -> int:
        self.grow()
        return len(self._order)


class Parents(Mapping[Sq, Sq]):
    """A walk's parents as `bfs` gives them (each square found but the start), read from the
    walk's own lists (grown in place as the walk grows).  It holds those lists, not the walk:
    a walk and its parents pointing at each other were a cycle, so every walk dropped (a
    door opened, or the map's oldest of `KEPT`) lay with its lists of the whole map until the
    collector came by, some 1,400 walks and 1.5 million list cells in four Crypt quests, each
    walked over by the collector; now it is freed as it is dropped."""

    __slots__ = ("_map", "_order", "_parent", "_steps")

    def __init__(self, walk: Walk) -> None:
        self._map, self._steps, self._parent, self._order = walk._map, walk._steps, walk._parent, walk._order

    def __getitem__(self, sq: Sq) -> Sq:
        i = self._map.index.get(sq)
        if i is None or self._steps[i] <= 0:
            raise KeyError(sq)
        return self._map.squares[self._parent[i]]

    def __iter__(self) -> Iterator[Sq]:
        sqs = self._map.squares
        return (sqs[q] for q in self._order[1:])

    def __len__(self) -> int:
        return len(self._order) - 1


def walk(grid: Grid, start: Sq, avoid: frozenset[Sq]) -> tuple[Walk, Mapping[Sq, Sq]]:
    """The walk from `start` around `avoid`, kept with the map while it and `avoid` stand as
    they are (the memo is cleared when the map changes); its parents beside it."""
    kept: dict[tuple[Sq, frozenset[Sq]], Walk] = grid.memo.setdefault("hero_walks", {})
    found = kept.get((start, avoid))
    if found is None:
        if len(kept) >= KEPT:  # the oldest first (dicts keep their order)
            del kept[next(iter(kept))]
        found = kept[(start, avoid)] = Walk(grid, start, avoid)
    return found, found.parent


def path_to(dist: Mapping[Sq, int], parent: Mapping[Sq, Sq], start: Sq, goal: Sq) -> list[Sq]:
    """`start` .. `goal` along a field's parents (a hero's walk, or a monster's dict)."""
    if isinstance(dist, Walk):
        return dist.path(goal)
    assert isinstance(parent, dict)
    return path_back(parent, start, goal)


def within(dist: Mapping[Sq, int], sq: Sq, most: int) -> int | None:
    """A square's steps in a field (a hero's walk or a monster's dict) if `most` or fewer."""
    if isinstance(dist, Walk):
        return dist.within(sq, most)
    found = dist.get(sq)
    return found if found is not None and found <= most else None


def by_rings(dist: Mapping[Sq, int], most: int) -> Iterator[tuple[Sq, int]]:
    """The squares of a field `most` steps away or nearer, with their steps, nearest first (a
    ring in the field's order): a hero's walk grown one ring at a time as they are read, so a
    caller that has found what it wants stops the growing too."""
    if not isinstance(dist, Walk):
        yield from sorted(((sq, d) for sq, d in dist.items() if d <= most), key=lambda sd: sd[1])
        return
    yield from dist.rings(most)


def nearest(dist: Mapping[Sq, int], goals: list[Sq], ok: Callable[[Sq], bool]) -> tuple[int, int, int] | None:
    """(steps, y, x) of the nearest goal in the field passing `ok`, ties in reading order."""
    if isinstance(dist, Walk):
        return dist.nearest(goals, ok)
    return min(((d, g[1], g[0]) for g in goals if (d := dist.get(g)) is not None and ok(g)), default=None)
