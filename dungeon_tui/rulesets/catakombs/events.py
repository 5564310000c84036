"""Unexpected events (§5.15, option): from turn 2, 2D6 on the table at the start of each turn."""
from __future__ import annotations

from ...engine.dice import draw, roll_event
from ...engine.game import Game
from .acts import Steps
from .damage import heal, lose_pv
from .dice import d6
from .state import State


def unexpected(game: Game) -> Steps:
    s: State = game.state
    pips = yield from d6(game, 2, "cat.event.unexpected")
    event = game.content.event_for(sum(pips))
    roll_event(game, "cat.event.unexpected", "2d6", list(pips), outcome=event.kind,
               text=f"Unexpected event, {sum(pips)}: {event.text}")
    if event.kind == "fire":
        standing = [f for f in s.heroes() if f.standing]
        if not standing:
            return
        victim = standing[(yield from draw(game, len(standing), "cat.event.fire_target"))]
        (pip,) = yield from d6(game, 1, "cat.fire.burn")
        roll_event(game, "cat.fire.burn", "1d6", [pip], outcome=pip, text=f"{victim.name} burns for {pip} PV.")
        victim.burning, victim.fire_rolled = True, True
        yield from lose_pv(game, victim, pip, "fire")
    elif event.kind == "frenzy":
        s.flags["event_frenzy"] = True
    elif event.kind == "return":
        s.flags["event_return"] = True
    elif event.kind == "fairy":
        pips = yield from d6(game, 3, "cat.event.fairy_heal")
        roll_event(game, "cat.event.fairy_heal", "3d6", list(pips), outcome=sum(pips),
                   text=f"A fairy heals every hero by {sum(pips)} PV.")
        for hero in s.heroes():
            heal(game, hero, sum(pips), "The fairy")
