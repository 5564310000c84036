"""A phase's choice of which model acts next (a charge declared, a model moved or hidden, a shot),
its offers made model by model when read.  A replay reads none of them: it checks the recorded
choice against the offers of the one model it names, so the phase costs the sight lines of that
model alone, not those of every model of the side at every step.  Whoever reads the options (a
player, the AI) gets the whole list in the order the models come, the end of the phase last, as
if it had been made at once."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.game import Action, LazyDecision
from .state import Model

# A model's offers of one kind (None: every kind it has, in the order the phase lists them).
ModelOffers = Callable[[Model, str | None], list[Action]]


class ModelChoice(LazyDecision):
    """A phase's choice of a model: the decision, and its offers model by model for a player who
    weighs the models one at a time (the AI, in its acting order) and so stops at the one it
    picks.  `offers_by(mid)` is the whole list's offers naming that model, in order, with the
    same words; `offers_any(kind)` whether the whole list holds that kind."""

    __slots__ = ("_figures", "_first", "_of", "end", "models")

    def __init__(self, seat: str, prompt: str, models: list[Model], of: Callable[[Model], list[Action]],
                 first: Callable[[Model, str], Action | None], end: Action,
                 find: Callable[[Action], Action | None], context: dict[str, Any],
                 figures: dict[str, Model] | None = None) -> None:
        def make() -> list[Action]:
            return [*(a for m in models for a in of(m)), end]
        LazyDecision.__init__(self, seat, prompt, make, find, context)
        self._of = of
        self._first = first  # a model's first offer of one kind (offer_of)
        # `figures`: the models by id, when the caller has made that table already.
        self._figures = {m.id: m for m in models} if figures is None else figures
        self.models = list(self._figures)  # those that may be offered something, in order
        self.end = end

    def offers_by(self, mid: str) -> list[Action]:
        m = self._figures.get(mid)
        return [] if m is None else self._of(m)

    def offer_of(self, mid: str, kind: str) -> Action | None:
        """The model's first offer of that kind, or None, its other kinds not made: the phase's
        move and hiding place take no other argument, and a move is settled without looking
        for a hiding place out of every enemy's sight."""
        m = self._figures.get(mid)
        return None if m is None else self._first(m, kind)

    def offers_any(self, kind: str) -> bool:
        return kind == self.end.kind or any(a.kind == kind for m in self._figures.values() for a in self._of(m))


def model_choice(seat: str, prompt: str, models: list[Model], offers: ModelOffers, end: Action,
                 context: dict[str, Any], kinds: tuple[str, ...] = (),
                 has_offer: Callable[[Model], bool] | None = None) -> ModelChoice | None:
    """The decision among `models`' offers and `end`, or None when no model has an offer (the
    phase is over without asking).  `offers(m, kind)` must give, for a kind, exactly the offers
    of that kind that `offers(m, None)` lists, in order, with the same words.  `kinds`: the
    kinds a model may be offered, cheapest first, when whether anything is offered is settled
    sooner by asking for them one at a time (a move before a hiding place out of sight).
    `has_offer(m)`: whether `offers(m, None)` lists anything, told without making them (a
    charge or a shot: the first target found settles it; the AI makes the offers of only the
    models it weighs)."""
    made: dict[str, list[Action]] = {}

    def of(m: Model) -> list[Action]:
        found = made.get(m.id)
        if found is None:
            found = made[m.id] = offers(m, None)
        return found

    # Stops at the first model with an offer.
    if has_offer is not None:
        if not any(map(has_offer, models)):
            return None
    elif not (any(offers(m, kind) for kind in kinds for m in models) if kinds else any(of(m) for m in models)):
        return None
    by_id = {m.id: m for m in models}

    def find(action: Action) -> Action | None:
        if action == end:
            return end
        m = by_id.get(action.get("model")) if action.seat == seat else None
        if m is None:
            return None
        for a in made[m.id] if m.id in made else offers(m, action.kind):
            if a == action:
                return a
        return None

    last: list[Action | None] = [None]  # the offer found last (found_again)

    def first(m: Model, kind: str) -> Action | None:
        # Its offers of that kind alone, unless all of them are made already; remembered as
        # found, for the game's check when it is played.
        for a in made[m.id] if m.id in made else offers(m, kind):
            if a.kind == kind:
                last[0] = a
                return a
        return None

    return ModelChoice(seat, prompt, models, of, first, end, found_again(find, last), context, by_id)


def found_again(find: Callable[[Action], Action | None],
                last: list[Action | None] | None = None) -> Callable[[Action], Action | None]:
    """A lazy decision's `find` that answers at once for the offer it found last, asked for again
    as that very object: the AI finds the offer its plan picked (offer_for), then the game checks
    the same offer before playing it, which made it (its route, its words) a second time.
    `last`: where the offer found last is kept, when the decision finds offers some other way too."""
    kept: list[Action | None] = [None] if last is None else last

    def find_again(action: Action) -> Action | None:
        if action is kept[0]:
            return action
        found = kept[0] = find(action)
        return found
    return find_again
