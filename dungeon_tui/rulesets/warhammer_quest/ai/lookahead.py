"""Warhammer Quest's hooks for the lookahead companion (`engine/lookahead.py`): which of a
warrior's options are weighed, how well the party stands, and what a future may not read.

Weighed: a warrior's turn (each blow and shot by target, breaking away, an item, a spell,
ending the turn, beside the default's own move) and the Wizard's power windows.  A future
ends at the round's end or when a new section is laid (the dungeon deck's order is hidden:
a future stops before it could read it).  The event and treasure decks are drawn by index at
the moment of drawing, so the futures' own dice already re-draw them."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.game import DUNGEON, Action, Controller, Decision, Event, Game
from ....engine.lookahead import Lookahead
from ..state import ACTIVE, UNCONSCIOUS, State

WEIGHED = ("attack", "shoot", "escape", "use", "cast", "scroll", "end", "pass")


class WarhammerQuestHooks:
    futures = 6
    widest = 4
    horizon = 1
    longest = 400
    measure = "Wounds kept, a foe slain worth 3, a fallen warrior costing 10"

    def candidates(self, game: Game, decision: Decision, first: Action) -> list[Action]:
        if not (decision.context.get("figure") or decision.context.get("window")):
            return []
        out = [first]
        for a in decision.options:
            if a.kind in WEIGHED and a not in out:
                out.append(a)
        return out if len(out) > 1 else []

    def conceal(self, game: Game, pick: Callable[[int], int]) -> None:
        """Nothing to re-draw: futures stop before the dungeon deck is read."""

    def reveals(self, event: Event) -> bool:
        return event.kind == "explore"

    def score(self, game: Game) -> float:
        s: State = game.state
        if game.over:
            return 1000.0 if (game.result or {}).get("outcome") == "win" else -1000.0
        kept = 0.0
        for w in s.heroes():
            if w.status == ACTIVE:
                kept += w.wounds
            elif w.status != UNCONSCIOUS:
                kept -= 10
        standing = sum(3 * m.wounds / max(1, m.max_wounds) for m in s.monsters())
        return kept - standing


def lookahead(default: Controller, dungeon: Callable[[], Controller], hero: Callable[[], Controller]) -> Lookahead:
    return Lookahead(default, lambda: {DUNGEON: dungeon(), "*": hero()}, WarhammerQuestHooks())
