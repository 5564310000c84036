"""Random power mode (spec §3.5): the chance seat deals each pending hero's powers before
the first treasure of setup."""
from __future__ import annotations

from typing import Any

from ...engine.dice import draw as chance_draw
from ...engine.game import Game, Procedure
from .state import State



def class_pool(content: Any, cls: str, kind: str) -> list[str]:
    return [pid for pid, p in sorted(content.powers.items()) if p.hero_class == cls and p.type == kind and not p.fixed]


def deal_random(game: Game) -> Procedure:
    """Random power mode: the chance seat draws each pending hero's utility, two at-wills and a daily."""
    s: State = game.state
    for h in s.heroes():
        if not h.flags.pop("deal_powers", False):
            continue
        cls = game.content.heroes[h.kind].hero_class
        for kind, n in (("utility", 1), ("at_will", 2), ("daily", 1)):
            pool = class_pool(game.content, cls, kind)
            for _ in range(n):
                k = yield from chance_draw(game, len(pool), f"ash.setup.powers.{h.id}")
                h.powers[pool.pop(k)] = True
        names = ", ".join(game.content.powers[p].name for p in h.powers)
        game.emit("powers", hero=h.id, text=f"{h.name} draws: " + names)
