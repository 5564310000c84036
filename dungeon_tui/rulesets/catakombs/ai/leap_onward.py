"""A companion's walk with jumps (leaps.py) handed on along its way, as onward.py hands on a
walk without them: the hero has moved from O to N along a way his last walk found, no other
figure has moved, and his next walk answers from the last one where that is exact.

The ground of steps is the same, but not the jumps: a take-off's jumps read every figure on its
lines, the hero too, and he takes off from his own square wherever that is.  So the jumps of the
take-offs whose lines hold O or N (and of O and N themselves) are compared, before the move and
after, by their landings: a jump gone or dearer is *removed*, a new or cheaper one *added*.
Say the last walk found the nearest goal D steps from O, by a way through N, s steps from O.
- Every square x is at least dist(O, x) - s from N, if every added jump a -> b (c steps)
  with dist(O, a) + c <= D lands no nearer than the last walk had b already: dist(O, b) <=
  dist(O, a) + c.  Along the best way from N, each step or kept jump keeps the bound (the
  triangle inequality before the move, from O to N in s), and each added jump does by the test.
- The rest of the way, N .. the goal, is D - s long if no removed jump lies on it: the goal is
  still the nearest, a goal as near is D from O and came after it in (y, x) order.
- The square each square of the way is reached from is picked by (its distance, a step before a
  jump, its number) among those that give it its distance (paths.Search): the candidates left
  are the old ones at the same shift, the old pick among them (it lies on the way, not removed),
  unless an added jump lands on the way with no room to spare; that is refused too.
Each question is checked on its own (its D, its way); a question that fails is asked of a
search of the walk's own, as onward.py does for every question it cannot answer.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..numbering import Grid
from ..onward import AnyWalk, Onward
from ..passages import DIRECTIONS, LONGEST_JUMP
from ..paths import NumberedLeaps, Search
from ..state import Square
from ..terrain import Map, Snapshot

# The jumps with the hero on a square and the figures on a board (bits their squares).
JumpsThen = Callable[[Square, Snapshot, int], NumberedLeaps]
FAR = 1 << 30


class LeapOnward(Onward):
    """Onward for a companion's walk: an answer of the root is taken only when the jumps the
    move removed lie off its way on and those it added are beaten by the root's own distances
    (the module's docstring)."""

    __slots__ = ("_added", "_dists", "_removed", "_scanned", "_spot", "root_at", "root_bits", "root_standing")

    def __init__(self, root: Search, way: tuple[int, ...], spent: int, make: Callable[[], Search],
                 removed: set[tuple[int, int]], added: list[tuple[int, int, int]],
                 root_at: Square, root_standing: frozenset[Square], root_bits: int) -> None:
        super().__init__(root, way, spent, make)
        self._removed, self._added = removed, added
        self.root_at, self.root_standing, self.root_bits = root_at, root_standing, root_bits
        # The root's distance of each square an added jump takes off from or lands on, read
        # from its sets as far as asked (`_scanned`).
        spot = 0
        for a, b, _ in added:
            spot |= 1 << a | 1 << b
        self._spot = spot
        self._dists: dict[int, int] = {}
        self._scanned = -1

    def _derived(self, wanted: object) -> tuple[int, int, list[int]] | None:
        found = super()._derived(wanted)
        if found is None or not self._holds(found[1] + self.spent, found[2]):
            return None
        return found

    def _dist(self, i: int, most: int) -> int | None:
        """The root's steps to square i when at most `most` (the root has settled that far)."""
        while self._scanned < most:
            self._scanned += 1
            hits = self.root.layer(self._scanned) & self._spot
            while hits:
                low = hits & -hits
                hits ^= low
                self._dists[low.bit_length() - 1] = self._scanned
        d = self._dists.get(i)
        return d if d is not None and d <= most else None

    def _holds(self, far: int, rest: list[int]) -> bool:
        """Whether the root's answer `far` steps from its start, by `rest` on from here, is
        this walk's too (the module's docstring)."""
        removed = self._removed
        if removed:
            prev = self.way[-1]
            for j in rest:
                if (prev, j) in removed:
                    return False
                prev = j
        for a, b, c in self._added:
            da = self._dist(a, far - c)
            if da is None:  # farther than the answer: no way as near goes through it
                continue
            db = self._dist(b, da + c)
            if db is None or (db == da + c and b in rest):
                return False
        return True


def hand_on(last: AnyWalk, last_at: Square, last_standing: frozenset[Square], last_bits: int, m: Map, to: Square,
            take_offs: frozenset[Square], jumps: NumberedLeaps, jumps_then: JumpsThen,
            make: Callable[[], Search]) -> LeapOnward | None:
    """The walk from `to` (the hero's square on `m`) handed on from his last walk (from
    `last_at`, over the figures' squares `last_standing`) when he has moved along one of its
    ways and no other figure has moved; None when not.  `jumps` are this map's, `jumps_then`
    makes them as they were for another square and board."""
    if isinstance(last, LeapOnward) and last._real is None:
        root, root_at, root_standing, root_bits = last.root, last.root_at, last.root_standing, last.root_bits
        way, nexts = last.way, [w[2] for w in map(last._derived, list(last._known)) if w is not None]
    else:
        real = last._real if isinstance(last, Onward) else last
        if real is None:
            return None
        root, root_at, root_standing, root_bits, way = real, last_at, last_standing, last_bits, ()
        nexts = list(root.ways())
    if root_at == to or root_standing ^ m.figure_squares() != {root_at, to}:
        return None
    grid = root.grid
    j = grid.number.get(to)
    if j is None:
        return None
    for rest in nexts:
        if j in rest:
            spent = root.settled(to)
            assert spent is not None  # on a way to a goal found: settled
            removed, added = changed(grid, m, root_at, to, take_offs, jumps,
                                     jumps_then(root_at, replace(m.snapshot(), standing=root_standing), root_bits))
            return LeapOnward(root, (*way, *rest[:rest.index(j) + 1]), spent, make, removed, added,
                              root_at, root_standing, root_bits)
    return None


def changed(grid: Grid, m: Map, was: Square, now: Square, take_offs: frozenset[Square], jumps: NumberedLeaps,
            before: NumberedLeaps) -> tuple[set[tuple[int, int]], list[tuple[int, int, int]]]:
    """The jumps (take-off, landing) the hero's move from `was` to `now` removed or made dearer,
    and those it added or made cheaper (with their steps): from the take-offs whose lines hold
    either square, and from the two squares themselves."""
    width = m.board.width
    moved = 1 << (was[1] * width + was[0]) | 1 << (now[1] * width + now[0])
    lines = m.passages.line_bits
    near = dict.fromkeys([was, now, *((x - dx * k, y - dy * k) for x, y in (was, now) for dx, dy in DIRECTIONS
                                      for k in range(1, LONGEST_JUMP + 2))])
    removed: set[tuple[int, int]] = set()
    added: list[tuple[int, int, int]] = []
    for t in near:
        i = grid.number.get(t)  # a take-off off the walk's grid is never asked
        if i is None or t not in take_offs or (t != was and t != now and not lines(t) & moved):
            continue
        old, new = dict(before(i)), dict(jumps(i))
        for j, c in old.items():
            if new.get(j, FAR) > c:
                removed.add((i, j))
        for j, c in new.items():
            if old.get(j, FAR) > c:
                added.append((i, j, c))
    return removed, added
