"""Duels (§5.15, option): a hero challenges an enemy at least as good in melee; both must close
in, then fight only each other; no one else may touch them."""
from __future__ import annotations

from ...engine.game import Action, Game
from .acts import Steps, act, option
from .state import HERO, Figure, State
from .terrain import Map, chebyshev, visible

CLOSING = ("walk", "run", "pass_ally", "open_door")
FIGHTING = ("melee", "power_attack")


def challenge_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not m.s.options.get("duels") or fig.side != HERO or fig.duel or not fig.standing or fig.webbed:
        return []
    zones = set(m.board.zones_of(fig.at))
    return [option(seat, fig, "challenge", f"challenge {e.name} to a duel", target=e.id)
            for e in m.s.enemies_of(fig) if e.standing and e.duel is None and e.stat("cc") >= fig.stat("cc")
            and visible(e)  # a duel is fought blow for blow: never with a foe no one may attack
            and (m.targets(fig, e) or zones & set(m.board.zones_of(e.at)))]


@act("challenge", 1, challenge_offers)
def challenge(game: Game, fig: Figure, action: Action) -> Steps:
    s: State = game.state
    foe = s.figures[action.get("target")]
    fig.duel, foe.duel = foe.id, fig.id
    fig.reserved = foe.reserved = 0
    game.emit("duel", figure=fig.id, target=foe.id, text=f"{fig.name} challenges {foe.name} to a duel.")
    yield from ()


def walking_gap(m: Map, a: Figure, b: Figure, start: tuple[int, int] | None = None) -> int:
    dist = m.distances(b.at, (m.floor - m.figures.keys()) | {start or a.at})
    return dist.get(start or a.at, 1 << 20)


def duel_options(m: Map, fig: Figure, options: list[Action]) -> list[Action]:
    """A duellist's lawful choices: next to the opponent, only attacks on him; otherwise only
    moves that shorten the walk to him (the activation may always end)."""
    foe = m.s.figures.get(fig.duel or "")
    if foe is None or not foe.on_board:
        return options
    if chebyshev(fig.at, foe.at) == 1:
        return [a for a in options if a.kind in FIGHTING and a.get("target") == foe.id]
    gap = walking_gap(m, fig, foe)
    out = []
    for a in options:
        to = a.get("to")
        if a.kind in CLOSING[:3] and to is not None:
            if chebyshev(to, foe.at) == 1 or walking_gap(m, fig, foe, to) < gap:
                out.append(a)
        elif a.kind == "open_door":
            out.append(a)
    return out

