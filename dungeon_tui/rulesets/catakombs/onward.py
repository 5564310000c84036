"""A walk from a square a figure has just stepped to along the way a walk found (paths.Search),
over the same ground: what it is asked is answered from the earlier walk where that is exact,
and only what it cannot answer makes a search of its own.

Why it is exact.  Say the earlier walk from A found the nearest of the goals U at G, D steps
away, by the way A, w1 .. wk, .., G, and the figure now stands on wk, having spent s steps on
w1 .. wk.  Over the same ground:
- every square x is at most s + steps(wk, x) from A (wk's way to x, after A's to wk), and the
  rest of the way, wk .. G, is D - s long: G is D - s from wk and no goal nearer (a goal nearer
  would be nearer than D from A); a goal as near is D from A and came after G in (y, x) order,
  so G is still the nearest, ties settled as before;
- a square stepped from on the way to j is the first in reading order of j's neighbours a step
  before j; those seen from wk are among those seen from A (by the bound above), and the one A
  picked lies on the way from wk, so wk picks it too: the way on is the rest of A's way;
- a goal of U exactly D - s from wk is D from A: a set of goals holding none of A's squares D
  steps away has none there, and one holding G has one.
A goal set the root has none of within d + s steps has none within d of wk (the first bound).
A search with leaps is handed on only as far as its caller shows this holds (a companion's jumps
read where every figure stands, the jumper too: ai/leaps.py).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from .paths import Search, Walk
from .state import Square

FAR = 1 << 20  # farther than any square

Goals = Iterable[Square] | int | Callable[[Square], bool]


class Onward:
    """The walk from `way[-1]`, the squares (by number) of a prefix of a way `root` found, over
    the root's ground; `spent` the steps they cost.  It answers `nearest`, `route`, `within`
    and `any_at` for the sets of goals the root found the nearest of along that prefix, and
    `within` for goals the root has none of that near, and hands every other question to a
    search of its own (`search`, made when first needed and asked again what this walk
    answered, so it stands as a search asked from the start would)."""

    __slots__ = ("_asked", "_holds", "_known", "_make", "_reach", "_real", "found", "root", "spent", "way")

    def __init__(self, root: Search, way: tuple[int, ...], spent: int, make: Callable[[], Search],
                 holds: Callable[[], int] | None = None) -> None:
        """`holds`, for a root with leaps: as far as how many of the root's steps the proof
        holds from here (-1: nowhere), worked out when an answer first needs it (ai/leaps.py:
        most walks handed on ask first what they cannot answer, and search for themselves)."""
        self.root, self.way, self.spent = root, way, spent
        self._holds = holds
        self._reach: int | None = None  # as far as it holds, once worked out (None: everywhere)
        self._make = make
        self._real: Search | None = None
        # What it answered: each set of goals (as bits) and the nearest's number and steps,
        # and the questions in the order asked (replayed into its own search if one is made).
        self._known: dict[object, tuple[int, int]] = {}
        self._asked: list[tuple[int | Callable[[Square], bool], int | None, object]] = []
        self.found: dict[object, object] = {}

    def search(self) -> Search:
        """Its own search (made once), asked what this walk has answered so far."""
        if self._real is None:
            self._real = self.fresh()
        return self._real

    def fresh(self) -> Search:
        """A new search from its square over its ground, asked what this walk has answered so
        far: settled as far as a search asked the same from the start would be."""
        search = self._make()
        for goals, most, key in self._asked:
            if most is None:
                search.nearest(goals, key)
            else:
                assert isinstance(goals, int)
                search.within(goals, most)
        return search

    def _derived(self, wanted: object) -> tuple[int, int, list[int]] | None:
        """The nearest goal's number, its steps and the way on to it, from the root's answer
        when its way there begins with this walk's; None when the root cannot tell."""
        found = self.root.answer(wanted)
        if found is None:
            return None
        way = self.root.way(wanted)
        assert way is not None
        k = len(self.way)
        if len(way) < k or tuple(way[:k]) != self.way or found[1] > self.reach():
            return None
        return found[0], found[1] - self.spent, way[k:]

    def reach(self) -> int:
        """As far as how many of the root's steps the proof holds from here."""
        if self._holds is not None:
            self._reach, self._holds = self._holds(), None
        return FAR if self._reach is None else self._reach

    def bits(self, goals: Iterable[Square] | int) -> int:
        return self.root.bits(goals)

    def _answered(self, goals: Goals, key: object) -> tuple[int, int, list[int]] | None:
        """`_derived` for a question of `nearest` or `route` (goals listed, as bits, or a test
        with its key), kept as answered; None when the root cannot tell."""
        if self._real is not None or (callable(goals) and key is None):
            return None
        if callable(goals):
            wanted: object = key
            asked: int | Callable[[Square], bool] = goals
        else:
            wanted = asked = self.bits(goals)
        found = self._derived(wanted)
        if found is not None:
            self._known[wanted] = (found[0], found[1])
            self._asked.append((asked, None, key))
        return found

    def nearest(self, goals: Goals, key: object = None) -> tuple[Square, int] | None:
        found = self._answered(goals, key)
        if found is not None:
            return self.root.grid.squares[found[0]], found[1]  # type: ignore[return-value]
        return self.search().nearest(goals, key)

    def route(self, goals: Goals, key: object = None) -> list[Square] | None:
        found = self._answered(goals, key)
        if found is not None:
            squares = self.root.grid.squares
            return [squares[j] for j in found[2]]  # type: ignore[misc]
        return self.search().route(goals, key)

    def within(self, goals: Iterable[Square] | int, steps: int) -> bool:
        if self._real is None:
            wanted = self.bits(goals)
            found = self._derived(wanted)
            if found is None and self._none_within(wanted, steps):
                self._asked.append((wanted, steps, None))
                return False
            if found is not None:
                self._asked.append((wanted, steps, None))
                return found[1] <= steps
        return self.search().within(goals, steps)

    def _none_within(self, wanted: int, steps: int) -> bool:
        """Whether no goal is `steps` away or nearer by the root alone: none is from the root's
        start within `steps` and the steps spent (every square is at least that much less the
        spent nearer from here), asked only as far as the root has settled already (settling
        it further cost more than it saved: the goals asked so are most often that near)."""
        most = steps + self.spent
        return most <= self.root.taken and not self.root.within(wanted, most) and most <= self.reach()

    def any_at(self, squares: Iterable[Square] | int, steps: int) -> bool:
        if self._real is None:
            mask = self.bits(squares)
            for wanted, (i, d) in self._known.items():
                if type(wanted) is int and d == steps and not mask & ~wanted:  # among goals whose nearest is that far
                    if mask >> i & 1:
                        return True
                    if not mask & self.root.layer(d + self.spent):
                        return False
                    break
        return self.search().any_at(squares, steps)

    def walk(self) -> Walk:
        return self.search().walk()

    def settled(self, sq: Square) -> int | None:
        return self.search().settled(sq)


AnyWalk = Search | Onward


# For a search with leaps: from the root and the way (by square numbers) to the square handed on
# to, as far as how many of the root's steps its answers hold from there (-1: nowhere).
LeapsAlike = Callable[[Search, tuple[int, ...]], int]


def onward(last: AnyWalk, to: Square, make: Callable[[], Search], leaps: LeapsAlike | None = None) -> Onward | None:
    """The walk from `to` over `last`'s ground when `to` is a square further along a way `last`
    found or handed on (a walk, a run, a pass past an ally), else None; `make` makes its own
    search if one is ever needed.  A search with leaps is handed on only where `leaps` says its
    answers hold from `to` (ai/leaps.py)."""
    if isinstance(last, Onward) and last._real is not None:
        last = last._real  # it searched for itself: its own ways are the ones to go on from
    if isinstance(last, Onward):
        root, way, spent = last.root, last.way, last.spent
        nexts: Iterable[list[int]] = (w[2] for w in map(last._derived, list(last._known)) if w is not None)
    else:
        if last.leaps and leaps is None:
            return None
        root, way, spent = last, (), 0
        nexts = last.ways()
    j = root.grid.number.get(to)
    if j is None:
        return None
    for rest in nexts:
        if j in rest:
            ahead = rest[:rest.index(j) + 1]
            if not root.leaps:
                return Onward(root, (*way, *ahead), spent + sum(map(root.cost, ahead)), make)
            assert leaps is not None
            # A leap's steps are its own, not its landing's cost: the root's steps to `to`.
            return Onward(root, (*way, *ahead), root.settled(to) or 0, make, partial(leaps, root, (*way, *ahead)))
    return None
