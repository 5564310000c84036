"""Choosing experience cards to spend (cancelling an encounter, reaching level 2): whether the
pile can pay at all, and the decision over `combat.spend_sets`' sets, made only when read.  A
replayed choice is checked against the pile itself, not against every set made first."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...engine.game import Action, Game, LazyDecision
from .combat import spend_sets, xp_total, xp_value


def can_spend(game: Game, cost: int) -> bool:
    """Whether `spend_sets(game, cost)` has a set: the pile reaches the cost (dropping its cards
    one by one while it still would leaves a set where dropping any falls short)."""
    return cost <= 0 or xp_total(game) >= cost


def spends(game: Game, cost: int, values: Any) -> bool:
    """Whether `values` is one of `spend_sets(game, cost)`, for values as a set is written (a
    tuple of numbers, highest first): pile values, none spare (without its smallest it falls
    short of the cost), reaching it.  Anything else is compared with the sets made."""
    if cost <= 0 or type(values) is not tuple or not values or any(type(v) is not int for v in values) \
            or list(values) != sorted(values, reverse=True):
        return values in spend_sets(game, cost)
    total = sum(values)
    if total < cost or total - values[-1] >= cost:
        return False
    have = Counter(xp_value(game, card) for card in game.state.xp)
    return all(have[v] >= n for v, n in Counter(values).items())


def spending_choice(game: Game, seat: str, kind: str, cost: int, prompt: str, spent_text: Callable[[str], str],
                    keep_text: str, context: dict[str, Any]) -> LazyDecision:
    """The decision to spend: an option per set ("3+2", or "" for a free one: `spent_text` words
    it), highest-valued sets as `spend_sets` orders them, then keeping the cards (values None)."""
    keep = Action.make(seat, kind, text=keep_text, values=None)

    def option(values: tuple[int, ...]) -> Action:
        return Action.make(seat, kind, text=spent_text("+".join(map(str, values))), values=list(values))

    def make() -> list[Action]:
        return [*(option(v) for v in spend_sets(game, cost)), keep]

    def find(action: Action) -> Action | None:
        if action == keep:
            return keep
        values = action.get("values")
        if type(values) is tuple and all(type(v) is int for v in values):
            made = option(values) if spends(game, cost, values) else None
            return made if made == action else None
        return next((a for a in make() if a == action), None)  # as the whole list compares it

    return LazyDecision(seat, prompt, make, find, context)
