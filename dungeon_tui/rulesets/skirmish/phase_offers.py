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


def model_choice(seat: str, prompt: str, models: list[Model], offers: ModelOffers, end: Action,
                 context: dict[str, Any], kinds: tuple[str, ...] = ()) -> LazyDecision | None:
    """The decision among `models`' offers and `end`, or None when no model has an offer (the
    phase is over without asking).  `offers(m, kind)` must give, for a kind, exactly the offers
    of that kind that `offers(m, None)` lists, in order, with the same words.  `kinds`: the
    kinds a model may be offered, cheapest first, when whether anything is offered is settled
    sooner by asking for them one at a time (a move before a hiding place out of sight)."""
    made: dict[str, list[Action]] = {}

    def of(m: Model) -> list[Action]:
        found = made.get(m.id)
        if found is None:
            found = made[m.id] = offers(m, None)
        return found

    # Stops at the first model with an offer.
    if not (any(offers(m, kind) for kind in kinds for m in models) if kinds else any(of(m) for m in models)):
        return None
    by_id = {m.id: m for m in models}

    def make() -> list[Action]:
        return [*(a for m in models for a in of(m)), end]

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

    return LazyDecision(seat, prompt, make, find, context)
