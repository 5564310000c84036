"""A decision's options in groups by kind, each group made only when someone reads it.

A replay reads no options: it only checks that the recorded choice was offered, which the
group of its kind answers alone (and a keyed group, such as the squares a figure may step or
move to, by making the one action asked about).  Whether the seat is asked at all (two options
or more) is settled by counting the cheap groups first, counting keys rather than making
actions.  Whoever reads the options (a player, the AI) gets the whole list, in the order the
groups are given, exactly as if it had been made at once."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Action, LazyDecision


@dataclass(slots=True)
class Offers:
    """One group: the kinds it may hold (None: any kind) and how to make its actions.
    `keys` and `build`, when given, make a keyed group: one action per key, in key order,
    found by building only the key the choice names (`key_of`).  `holds`, when given, says
    whether a choice of the group's kinds may be in it at all (one card's offers among many
    of one kind): a choice it refuses is looked for elsewhere without making the group.
    `some`, when given, says whether the group has any action at all, more cheaply than
    counting them: a count that has found one option already asks it instead.  `has_key`,
    when given, says whether a key is among `keys()` more cheaply than making them all: a
    choice that names one asks it instead when the keys have not been made."""

    kinds: frozenset[str] | None
    make: Callable[[], list[Action]] | None = None
    keys: Callable[[], Sequence[Any]] | None = None
    build: Callable[[Any], Action] | None = None
    key_of: Callable[[Action], Any] | None = None
    holds: Callable[[Action], bool] | None = None
    some: Callable[[], bool] | None = None
    has_key: Callable[[Any], bool] | None = None


def kept(make: Callable[[], Any]) -> Callable[[], Any]:
    """`make`, made once: what several groups of one decision ask alike."""
    made: list[Any] = []

    def once() -> Any:
        if not made:
            made.append(make())
        return made[0]
    return once


class _Group:
    """A group as one decision reads it: each of its lists made at most once."""

    __slots__ = ("_actions", "_keys", "_last", "offers")

    def __init__(self, offers: Offers) -> None:
        self.offers = offers
        self._keys: Sequence[Any] | None = None
        self._actions: list[Action] | None = None
        # The last action found by its key: a player asks for its choice (offer_for), then
        # plays it, and the one search and build serve both.
        self._last: tuple[Any, Action | None] | None = None

    def keys(self) -> Sequence[Any]:
        if self._keys is None:
            assert self.offers.keys is not None
            self._keys = self.offers.keys()
        return self._keys

    def actions(self) -> list[Action]:
        if self._actions is None:
            o = self.offers
            if o.make is not None:
                self._actions = o.make()
            else:
                assert o.build is not None
                self._actions = [o.build(k) for k in self.keys()]
        return self._actions

    def size(self) -> int:
        return len(self.keys()) if self._actions is None and self.offers.keys is not None else len(self.actions())

    def find(self, action: Action) -> Action | None:
        o = self.offers
        if self._actions is None and o.key_of is not None and o.build is not None:
            key = o.key_of(action)
            last = self._last
            if last is not None and last[0] == key and type(last[0]) is type(key):
                made: Action | None = last[1]
            else:
                if self._keys is None and o.has_key is not None:
                    made = o.build(key) if o.has_key(key) else None
                elif key not in self.keys():  # compared, not hashed: a malformed key is simply not there
                    made = None
                else:
                    made = o.build(key)
                self._last = (key, made)
            # Mostly the very action asked about (a player asks for its choice, then plays it):
            # found by identity, without Action.__eq__ called.
            return made if made is not None and (made is action or made == action) else None
        for a in self.actions():
            if a == action:
                return a
        return None


# Which groups an ask reads, by the groups' kinds and the kinds asked: a ruleset's groups come
# in a few layouts (their kinds are its constants) and a companion asks two or three times a
# decision, so the plan is worked out once, not the groups tested one by one at every ask.
# Bounded: emptied when full (the layouts and asks are the code's own, a few dozen).
_PLANS: dict[tuple[tuple[frozenset[str] | None, ...], tuple[str, ...]], tuple[tuple[int, bool], ...]] = {}
_PLANS_KEPT = 512


def _asked_groups(layout: tuple[frozenset[str] | None, ...], kinds: tuple[str, ...]) -> tuple[tuple[int, bool], ...]:
    """The groups that may hold these kinds, in order, each with whether it holds only kinds
    asked for (then it is taken whole, unfiltered)."""
    plan = _PLANS.get((layout, kinds))
    if plan is None:
        wanted = frozenset(kinds)
        plan = tuple((i, held is not None and held <= wanted) for i, held in enumerate(layout)
                     if held is None or not held.isdisjoint(wanted))
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        _PLANS[layout, kinds] = plan
    return plan


def grouped_choice(seat: str, prompt: str, offers: list[Offers], context: dict[str, Any],
                   count_order: Sequence[int] | None = None) -> tuple[LazyDecision, Action | None]:
    """The decision over these groups, and its only option when it has exactly one (then
    nobody is asked: see asking.ask).  `count_order` lists the groups cheapest first."""
    # Each group made when first read: a decision reads two or three of a dozen.
    groups: list[_Group | None] = [None] * len(offers)

    def group(i: int) -> _Group:
        g = groups[i]
        if g is None:
            g = groups[i] = _Group(offers[i])
        return g

    def make() -> list[Action]:
        return [a for i in range(len(offers)) for a in group(i).actions()]

    layout: list[tuple[frozenset[str] | None, ...]] = []  # the groups' kinds, read at the first ask

    def of_kinds(kinds: tuple[str, ...]) -> list[Action]:
        # Only the groups that may hold these kinds are made (LazyDecision.offers_of's promise:
        # `make()` filtered by kind, in order; a group made here is not made again by `make`).
        if not layout:
            layout.append(tuple([o.kinds for o in offers]))
        out: list[Action] = []
        for i, whole in _asked_groups(layout[0], kinds):
            made = group(i).actions()
            out += made if whole else [a for a in made if a.kind in kinds]
        return out

    def find(action: Action) -> Action | None:
        kind = action.kind
        for i, o in enumerate(offers):
            if (o.kinds is None or kind in o.kinds) and (o.holds is None or o.holds(action)):
                found = group(i).find(action)
                if found is not None:
                    return found
        return None

    count = 0
    lone: _Group | None = None
    for i in count_order if count_order is not None else range(len(offers)):
        some = offers[i].some
        if count and some is not None:  # one option found: whether there is another settles it
            if some():
                count += 1
                break
            continue
        size = group(i).size()
        count += size
        if count > 1:
            break
        if size:
            lone = group(i)
    only = lone.actions()[0] if count == 1 and lone is not None else None
    return LazyDecision(seat, prompt, make, find, context, of_kinds), only
