"""A companion's walk with jumps (leaps.py) handed on along its way, as onward.py hands on a
walk without them: the hero has moved from O to N along a way his last walk (the root) found,
no other figure has moved, and his next walk answers from the root where that is exact.

The ground of steps is the same, but not the jumps: a take-off's jumps read every figure on its
lines, the hero too, and he takes off from his own square wherever that is.  So only the
take-offs whose lines hold O or N (O and N among them) may jump otherwise than before.  Say the
root found the nearest goal D steps from O, by a way through N, s steps from O; dist is the
root's distance.
- Every square x is at least dist(x) - s from N, as far as D - s, if every jump a -> b (c steps)
  from those take-offs with dist(a) + c <= D has dist(b) <= dist(a) + c: along the best way
  from N each step and each other jump keeps the bound (they are the root's, and the root's
  distances obey them; from O to N is s), and these do by the test.
- The rest of the way, N .. the goal, is still D - s long if each of its jumps from those
  take-offs is still there at the same cost: the goal is the nearest, a goal as near is D from O
  and came after it in (y, x) order.
- The square each square of the way is reached from is picked by (its distance, a step before a
  jump, its number) among those that give it its distance (paths.Search): the candidates left
  are the root's at the same shift, and the root's pick (on the way, still there) among them,
  unless a jump from those take-offs lands on the way with no step to spare and was not the
  root's: that is refused too.
- No goal within k steps of N when the root has none within k + s, under the same test.
Each question is checked on its own (its D, its way); one that fails is asked of a search of
the walk's own, as onward.py does for every question it cannot answer.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..onward import AnyWalk, Onward
from ..passages import Passages
from ..numbering import Terrain
from ..paths import NumberedLeaps, Search
from ..state import Square
from ..terrain import Snapshot

# A hero's jumps for a board of figures, his square and the figures' squares as bits (leaps.jumps_for).
JumpTable = Callable[[Snapshot, Square, int], NumberedLeaps]
# Per passages and take-offs, the take-offs whose jump lines hold a square (itself too), by
# the square: the squares a hero's move may change the jumps of.
_MOVED: dict[tuple[int, int], tuple[Passages, frozenset[Square], dict[Square, tuple[Square, ...]]]] = {}
MOVED_KEPT = 16


class LeapOnward(Onward):
    """Onward for a companion's walk: an answer of the root is taken only when the jumps of the
    take-offs the move may have changed keep it (the module's docstring)."""

    __slots__ = (
        "_back",
        "_before",
        "_bounded",
        "_changed",
        "_fails",
        "_jumps",
        "_near",
        "_scanned",
        "_spot",
        "_table",
        "_tight",
        "_within",
        "root_at",
        "root_standing",
    )

    def __init__(self, root: Search, way: tuple[int, ...], spent: int, make: Callable[[], Search],
                 changed: tuple[int, ...], jumps: NumberedLeaps, table: tuple[JumpTable, Snapshot],
                 root_at: Square, root_standing: frozenset[Square], back: int | None) -> None:
        super().__init__(root, way, spent, make)
        self._changed, self._jumps, self._table = changed, jumps, table
        self._back = back  # a step back onto the root's square costs this (None: not one step)
        self._before: NumberedLeaps | None = None  # the jumps as they were, made if asked
        self.root_at, self.root_standing = root_at, root_standing
        spot = 0
        for t in changed:
            spot |= 1 << t
        self._spot = spot
        # The root's distance of each of those take-offs (as far as read, `_scanned`), and the
        # squares within each distance of the root (its sets 0 .. d together).
        self._near: dict[int, int] = {}
        self._scanned = -1
        self._within: list[int] = []
        # How far the bound has been found to hold, and the jumps there onto a square the root
        # reached no sooner (take-off, landing, steps, the root's distance of the landing).
        self._bounded, self._fails = -1, 1 << 30
        self._tight: list[tuple[int, int, int, int]] = []

    def _derived(self, wanted: object) -> tuple[int, int, list[int]] | None:
        found = super()._derived(wanted)
        if found is None or not self._holds(found[1] + self.spent, found[2]):
            return None
        return found

    def within(self, goals: Iterable[Square] | int, steps: int) -> bool:
        """As onward.py's, and besides: "no" when the root has no goal within `steps` and the
        steps spent to come here (the bound of the docstring); "yes" when a step back to the
        root's square and the root's way on from there, its jumps still there, are that short."""
        if self._real is None:
            wanted = self.bits(goals)
            found = self._derived(wanted)
            if found is not None:
                self._asked.append((wanted, steps, None))
                return found[1] <= steps
            far = steps + self.spent
            if not self.root.within(wanted, far):
                if self._holds(far, None):
                    self._asked.append((wanted, steps, None))
                    return False
            elif self._back is not None and self._back_within(wanted, steps - self._back):
                self._asked.append((wanted, steps, None))
                return True
        return self.search().within(goals, steps)

    def _back_within(self, wanted: int, most: int) -> bool:
        """Whether the root's nearest goal is at most `most` steps from it by a way whose jumps
        from the take-offs the move touched are all still there at no greater cost."""
        found = self.root.nearest(wanted)  # within reach: settles no further than it
        if found is None or found[1] > most:
            return False
        way = self.root.way(wanted)
        assert way is not None
        if not self._changed:
            return True
        self._scan(found[1])
        near, jumps, squares = self._near, self._jumps, self.root.grid.squares
        prev = self.root.grid.number[self.root_at]
        for j in way:
            a, b = squares[prev], squares[j]
            assert a is not None and b is not None
            if prev in near and max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1:
                cost = dict(jumps(prev)).get(j)
                if cost is None or cost > self._cost(prev, j):
                    return False
            prev = j
        return True

    def _scan(self, most: int) -> None:
        """Read the root's sets up to `most` (it has settled that far)."""
        within = self._within
        while self._scanned < most:
            d = self._scanned = self._scanned + 1
            layer = self.root.layer(d)
            within.append(layer | within[-1] if within else layer)
            hits = layer & self._spot
            while hits:
                low = hits & -hits
                hits ^= low
                self._near[low.bit_length() - 1] = d

    def _holds(self, far: int, rest: list[int] | None) -> bool:
        """Whether the root's distances less the steps spent bound this walk's up to `far`
        steps from the root, and (given `rest`, the way on to the root's answer `far` steps
        away) the way on is this walk's too (the module's docstring)."""
        if not self._changed:
            return True
        if far > self._bounded and (far >= self._fails or not self._bound(far)):
            return False
        if rest:
            on = 0
            for j in rest:
                on |= 1 << j
            # The way's own jumps from those take-offs, still there at their cost.
            near, jumps, squares = self._near, self._jumps, self.root.grid.squares
            prev = self.way[-1]
            for j in rest:
                a, b = squares[prev], squares[j]
                assert a is not None and b is not None
                if (prev in near and max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
                        and dict(jumps(prev)).get(j) != self._cost(prev, j)):
                    return False
                prev = j
            # A jump onto the way with no step to spare: only the root's own keeps its pick.
            for t, j, c, d in self._tight:
                if d <= far and on >> j & 1 and dict(self.before()(t)).get(j) != c:
                    return False
        return True

    def _bound(self, far: int) -> bool:
        """The test of the docstring's first point up to `far`, kept once passed (for nearer
        too), with the jumps it met that land exactly at the root's distance (`_tight`)."""
        self._scan(far)
        near, within, jumps = self._near, self._within, self._jumps
        tight = []
        for t in self._changed:
            dt = near.get(t)
            if dt is None or dt + 2 > far:  # every jump costs 2 steps or more
                continue
            for j, c in jumps(t):
                d = dt + c
                if d > far:
                    continue
                if not within[d] >> j & 1:
                    self._fails = far  # and farther
                    return False
                if not within[d - 1] >> j & 1:
                    tight.append((t, j, c, d))
        self._bounded, self._tight = far, tight
        return True

    def before(self) -> NumberedLeaps:
        """The jumps as they were for the root: the hero on its square, the others where they stand."""
        if self._before is None:
            table, board = self._table
            inside, width = board.passages.board.inside, board.passages.board.width
            bits = sum(1 << (sq[1] * width + sq[0]) for sq in self.root_standing if inside(sq))  # Map.figure_bits
            self._before = table(replace(board, standing=self.root_standing), self.root_at, bits)
        return self._before

    def _cost(self, prev: int, j: int) -> int:
        """What the root's jump prev -> j on its way cost (the way's steps are its least)."""
        within = self._within
        dj = next(d for d in range(len(within)) if within[d] >> j & 1)
        return dj - self._near[prev]


def hand_on(last: AnyWalk, last_at: Square, last_standing: frozenset[Square],
            board: Snapshot, to: Square, passages: Passages, take_offs: frozenset[Square],
            jumps: NumberedLeaps, table: JumpTable, ground: Terrain, make: Callable[[], Search]) -> LeapOnward | None:
    """The walk from `to` (the hero's square, the figures on `board`) handed on from his last
    walk (from `last_at`, over the figures' squares `last_standing`) when
    he has moved along a way it found and no other figure has moved; None when not.  `jumps`
    are this walk's, `table` makes them for another square and figures; `ground` is the
    walk's (paths.Search)."""
    if isinstance(last, LeapOnward) and last._real is None:
        root, root_at, root_standing = last.root, last.root_at, last.root_standing
    else:
        real = last._real if isinstance(last, Onward) else last
        if real is None:
            return None
        root, root_at, root_standing = real, last_at, last_standing
    if root_at == to or root_standing ^ board.standing != {root_at, to}:
        return None
    # The root's way here: settled already when he came by it (a walk, a run, a jump, a pass
    # along a way it found); the way to one square is found in the sets already taken.
    spent = root.settled(to)
    if spent is None:
        return None
    j = root.grid.number[to]
    way = root.way(1 << j) if root.nearest(1 << j) is not None else None
    if not way:
        return None
    number = root.grid.number
    either = dict.fromkeys((*moved(passages, take_offs, root_at), *moved(passages, take_offs, to)))
    changed = tuple(i for t in either if (i := number.get(t)) is not None)
    # A step back onto the root's square (free now): open ground, allowed by the corner rule.
    back = None
    o = number[root_at]
    if root_at in passages.steps.get(to, ()) and ground[0] >> o & 1:
        back = ground[2].get(o, 1)
    return LeapOnward(root, tuple(way), spent, make, changed, jumps, (table, board), root_at, root_standing, back)


def moved(passages: Passages, take_offs: frozenset[Square], sq: Square) -> tuple[Square, ...]:
    """The take-offs whose jumps read whether a figure stands on `sq`: those whose jump lines
    hold it, and itself (a hero takes off from his own square)."""
    found_key = (id(passages), id(take_offs))  # both kept while the doors stand (passages.py, leaps.py)
    kept = _MOVED.get(found_key)
    if kept is None or kept[0] is not passages or kept[1] is not take_offs:
        if len(_MOVED) >= MOVED_KEPT:
            _MOVED.clear()
        kept = _MOVED[found_key] = (passages, take_offs, {})
    found = kept[2].get(sq)
    if found is None:
        # By symmetry, the take-offs on its own jump lines (the corner rule and the blocking
        # squares read the same both ways; a take-off that blocks has no jumps but its own).
        found = kept[2][sq] = tuple(t for t in (sq, *(t for line in passages.jump_lines(sq) for t in line))
                                    if t in take_offs)
    return found
