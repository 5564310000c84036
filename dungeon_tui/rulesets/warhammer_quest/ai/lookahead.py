"""Warhammer Quest's hooks for the lookahead companion (`engine/lookahead.py`): which of a
warrior's options are weighed, how well the party stands, and what a future may not read.

Weighed: a warrior's turn (each blow and shot by target, breaking away, ending the turn,
beside the default's own choice).  A future
ends at the round's end or when a new section is laid (the dungeon deck's order is hidden:
a future stops before it could read it).  The event and treasure decks are drawn by index at
the moment of drawing, so the futures' own dice re-draw them from the cards they hold."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.game import Action, Decision, Event, Game
from ....engine.lookahead import alongside
from ..state import ACTIVE, UNCONSCIOUS, State
from .odds import menace

# Weighed only in a fight: where to strike, whether to break away.  Spells, items and the
# Wizard's power keep their worth beyond one round and moves lead to what a round cannot see
# (the objective), so those stay the default companion's; ending the turn beside a foe only
# when the default would.
WEIGHED = ("attack", "shoot", "escape")


class WarhammerQuestHooks:
    futures = 6
    widest = 4
    horizon = 1
    longest = 400
    margin = 1.0
    measure = ("Wounds kept, less two rounds of harm from each foe left, 10 for a fallen warrior, "
               "6 for one in a pit")

    def candidates(self, game: Game, decision: Decision, first: Action) -> list[Action]:
        if not decision.context.get("figure") or first.kind not in (*WEIGHED, "end"):
            return []
        return alongside(decision, first, WEIGHED)

    def conceal(self, game: Game, pick: Callable[[int], int]) -> None:
        """The event and treasure decks are drawn by index; their order, hidden, is put back
        to what anyone knows (which cards they hold).  Futures stop before the dungeon deck is
        read, and every monster in play is on the table for all to see."""
        s: State = game.state
        s.event_deck.sort()
        s.treasure_deck.sort()

    def reveals(self, event: Event) -> bool:
        return event.kind == "explore"

    def score(self, game: Game, known: None) -> float:
        s: State = game.state
        kept = 0.0
        for w in s.heroes():
            if w.status == ACTIVE:
                kept += w.wounds - (6 if w.flags.get("in_pit") else 0)
            elif w.status == UNCONSCIOUS:
                kept -= 5
            else:
                kept -= 10
        # A foe left standing costs about two of its rounds of harm, a hurt one a little less.
        c = game.content
        standing = sum(menace(c, m) * (1.5 + 0.5 * m.wounds / max(1, m.max_wounds)) for m in s.monsters())
        return kept - standing

