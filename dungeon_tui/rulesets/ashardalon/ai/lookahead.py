"""Wrath of Ashardalon's hooks for the lookahead companion (`engine/lookahead.py`): which of a
hero's options are weighed, how well the party stands, and what a future may not read.

Weighed: which at-will attack a hero makes and at whom, when the default would attack (a daily
power keeps its worth beyond the round a future sees, so it is played only where the default
plays it).  What the heroes cannot see: the monster, encounter and treasure decks are shuffled
afresh in every future from the cards they hold (their order is hidden, what is left in them
is not), and a future stops when a tile, a chamber or a door token is turned up."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.game import Action, Decision, Event, Game
from ....engine.lookahead import alongside
from ..state import State

HIDDEN_ORDER = ("monster", "encounter", "treasure")


class AshardalonHooks:
    futures = 5
    widest = 4
    horizon = 1
    longest = 300
    margin = 0.5
    measure = "HP kept and healing surges at 4, less each foe's HP left and 2 for it standing, 10 for a hero down"

    def candidates(self, game: Game, decision: Decision, first: Action) -> list[Action]:
        if not decision.context.get("figure") or first.kind != "attack":
            return []
        powers = game.content.powers
        return alongside(decision, first, ("attack",),
                         lambda a: bool(a.get("target")) and powers[a.get("power")].type == "at_will")

    def conceal(self, game: Game, pick: Callable[[int], int]) -> None:
        s: State = game.state
        for deck in HIDDEN_ORDER:
            cards = s.decks.get(deck)
            if cards:
                rest = sorted(cards)  # from what the deck holds, never from its hidden order
                cards[:] = [rest.pop(pick(len(rest))) for _ in range(len(rest))]

    def reveals(self, event: Event) -> bool:
        return event.kind in ("tile", "chamber", "token")

    def score(self, game: Game, known: None) -> float:
        s: State = game.state
        kept = sum(h.hp if h.hp > 0 else -10 for h in s.heroes()) + 4 * s.surges
        return kept - sum(f.hp + 2 for f in s.foes())

