"""HeroQuest's hooks for the lookahead companion (`engine/lookahead.py`): which of a hero's
options are weighed, how well the party stands, and what a future may not read.

Weighed: which foe a hero strikes, when the default would strike.  What the heroes cannot see
is taken out of every future: hidden traps are gone, unknown trapped furniture is harmless and
the monsters not yet seen are off the board (the seat cannot tell their rooms and squares from
empty ones; the companions' own rules of thumb read some of them), a future stops as soon as a room or a monster
comes into sight, and only the foes in sight at the fork are counted.  The treasure deck is
drawn by index at the moment of drawing, so the futures' own dice re-draw it."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.game import Action, Decision, Event, Game
from ....engine.lookahead import alongside
from ..state import ALIVE, HERO, MONSTER, State


class HeroQuestHooks:
    futures = 8
    widest = 3
    horizon = 1
    longest = 300
    margin = 0.5
    measure = "Body kept, less a foe's Body and a share of its attack dice, 8 for a fallen hero"

    def candidates(self, game: Game, decision: Decision, first: Action) -> list[Action]:
        s: State = game.state
        me = s.figures.get(str(decision.context.get("figure") or ""))
        if me is None or me.side != HERO or first.kind != "attack":
            return []
        return alongside(decision, first, ("attack",))

    def conceal(self, game: Game, pick: Callable[[int], int]) -> frozenset[str]:
        s: State = game.state
        for trap in s.traps.values():
            if trap["state"] == "hidden":
                trap["state"] = "gone"
        for trap in s.furniture_traps.values():
            if not trap.get("known"):
                trap["armed"] = False
        for fig in s.figures.values():
            if fig.side == MONSTER and not fig.placed:
                fig.pos = None  # the quest book's monsters the heroes have not seen: none in a future
        return frozenset(m.id for m in s.monsters())

    def reveals(self, event: Event) -> bool:
        return event.kind == "reveal" or (event.kind == "corridor_seen" and bool(event.data.get("appeared")))

    def score(self, game: Game, known: frozenset[str]) -> float:
        s: State = game.state
        kept = sum(h.body if h.status == ALIVE else -8 for h in s.heroes())
        standing = sum(m.body + 0.4 * m.attack for m in s.monsters() if m.id in known)
        return kept - standing

