"""Damage by zone (§5.7) and what wounds do (§5.13).

A hit's raw damage is the card's damage, doubled by a power attack or precise shot, doubled
again on the head, plus 10 for a critical; the zone's armour comes off last.  A hero at 0 PV is
downed, and any later wound kills him; a Master figure at 0 PV goes off the board; a swarm
loses a rat per 3 PV of its pool.  A result that would kill may be cancelled by fate."""
from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass

from ...engine.dice import roll_event
from ...engine.game import Action, Decision, Game
from ...engine.words import counted
from .checks import cancel_death, test
from .dice import d6, location_die
from .state import DEAD, DOWNED, HERO, OFF, RAT_PV, STANDING, Figure, State

Steps = Generator[Decision, Action, None]


@dataclass(frozen=True, slots=True)
class Blow:
    """One hit about to land: who strikes, its card damage, and how it is counted."""

    attacker: Figure | None
    base: int
    kind: str  # melee, shoot or spell (the location die's rule id)
    doubled: bool = False  # a power attack or a precise shot
    critical: bool = False
    magic: bool = False


def raw_damage(base: int, zone: str, doubled: bool, critical: bool) -> int:
    """D5: the doublings multiply (a power attack on the head is x4); a critical adds 10 after."""
    return base * (2 if doubled else 1) * (2 if zone == "head" else 1) + (10 if critical else 0)


def zone_armour(target: Figure, zone: str, blow: Blow) -> int:
    if blow.attacker is not None and blow.attacker.has("immaterial") and not target.has("magic_armour"):
        return 0
    return target.armour.get(zone, 0)


def land(game: Game, target: Figure, blow: Blow) -> Generator[Decision, Action, int]:
    """The location die, the wounds past the zone's armour, then the attacker's special rules;
    returns the wounds dealt."""
    pip, zone = yield from location_die(game, f"cat.{blow.kind}.location")
    raw = raw_damage(blow.base, zone, blow.doubled, blow.critical)
    armour = zone_armour(target, zone, blow)
    wounds = max(0, raw - armour)
    if target.has("immaterial") and not blow.magic:
        wounds = 0
    by = blow.attacker.name if blow.attacker else "The blow"
    if not game.unseen:  # the log's lines, made only for someone to read (see Game.unseen)
        roll_event(game, f"cat.{blow.kind}.location", "loc", [pip], outcome=zone,
                   text=f"Location die {pip}: the {zone}.")
        parts = [str(blow.base)] + (["x2 power"] if blow.doubled else []) + (["x2 head"] if zone == "head" else []) \
            + (["+10 critical"] if blow.critical else [])
        game.emit("hit", attacker=blow.attacker.id if blow.attacker else None, target=target.id, zone=zone,
                  raw=raw, armour=armour, wounds=wounds,
                  text=f"{by} hits {target.name} on the {zone}: {' '.join(parts)} = {raw}, "
                       f"armour {armour}, {counted(wounds, 'wound')}.")
    attacker = blow.attacker
    if attacker is not None and attacker.has("blunt") and zone == "head":
        target.stun += 1
        game.emit("stun", figure=target.id, text=f"{target.name} is stunned by the blow to the head.")
    yield from lose_pv(game, target, wounds, f"{by}'s blow", attacker)
    if attacker is None or target.status != STANDING or target.has("immaterial"):
        return wounds  # a downed hero loses his fire (D13) and a fallen figure is gone
    if attacker.has("flaming_attack") and not target.burning:
        (pip,) = yield from d6(game, 1, "cat.fire.ignite")
        lit = pip >= 4
        roll_event(game, "cat.fire.ignite", "1d6", [pip], target=4, outcome="success" if lit else "fail",
                   text=f"Flames: {pip}" + (f", {target.name} catches fire." if lit else ", no fire."))
        target.burning = target.burning or lit
    if attacker.has("poisoned_attack") and wounds >= 1 and not target.poisoned and target.status == STANDING:
        result = yield from test(game, target, "str", attacker.level("poisoned_attack"), "cat.poison.resist",
                                 what="resisting poison")
        if not result.success:
            target.poisoned = True
            target.stun += 1  # D18: poison stuns once, when it takes hold
            game.emit("poisoned", figure=target.id, text=f"{target.name} is poisoned.")
    if attacker.has("web_attack") and blow.kind == "melee" and target.status == STANDING:
        # RB: a melee hit webs, wounds or not; the web holds at the stronger of two levels.
        target.webbed = max(target.webbed, attacker.level("web_attack"))
        game.emit("webbed", figure=target.id, level=target.webbed,
                  text=f"{by} webs {target.name} (level {target.webbed}).")
    return wounds


def lose_pv(game: Game, fig: Figure, wounds: int, cause: str, by: Figure | None = None) -> Steps:
    """Take `wounds` off a figure's PV and see what follows (§5.13): downed, dead, off-board,
    rats lost from a swarm.  A result that would kill is offered to fate first."""
    if wounds <= 0 or not fig.on_board:
        return
    s: State = game.state
    if fig.side == HERO and fig.status == DOWNED:
        if (yield from cancel_death(game, fig, f"{cause}, which would kill {fig.name}")):
            return
        kill(game, fig, f"{fig.name} is killed by {cause}.")
        return
    left = fig.pv - wounds
    # A Master figure's removal, or the end of a hero-side figure with no downed state (the uncle).
    if left <= 0 and (fig.side != HERO or fig.id not in s.party) and \
            (yield from cancel_death(game, fig, f"{cause}, which would kill {fig.name}")):
        return
    fig.pv = max(0, left)
    if fig.rats:
        rats = math.ceil(fig.pv / RAT_PV)
        for _ in range(fig.rats - rats):
            s.rats_lost += 1
            s.pool.append({"id": f"{fig.id}.rat{s.rats_lost}", "card": fig.card, "turn": s.turn})
        if rats < fig.rats:
            game.emit("rats_lost", figure=fig.id, text=f"{counted(fig.rats - rats, 'rat')} of {fig.name} "
                      f"{'is' if fig.rats - rats == 1 else 'are'} gone; {rats} left.")
        fig.rats = rats
    if fig.pv > 0:
        return
    if fig.side == HERO and fig.id in s.party:
        down(game, fig)
    elif fig.side == HERO:
        kill(game, fig, f"{fig.name} dies.")
    else:
        remove(game, fig, by)


def clear_conditions(fig: Figure) -> None:
    fig.burning = fig.poisoned = fig.feared = False
    fig.webbed = fig.blessed = fig.stun = fig.reserved = 0
    fig.duel = None


def end_duel(s: State, fig: Figure) -> None:
    other = s.figures.get(fig.duel or "")
    if other is not None:
        other.duel = None
    fig.duel = None


def down(game: Game, fig: Figure) -> None:
    """A hero at 0 PV (D13): no actions, no threat; reserved points, fire and blessing gone."""
    s: State = game.state
    end_duel(s, fig)
    fig.status, fig.downed_turn, fig.ap, fig.reserved = DOWNED, s.turn, 0, 0
    fig.burning, fig.blessed, fig.webbed = False, 0, 0
    game.emit("downed", figure=fig.id, text=f"{fig.name} falls, badly wounded: healed by the end of "
              f"turn {s.turn + 1} or dead.")


def kill(game: Game, fig: Figure, text: str) -> None:
    s: State = game.state
    end_duel(s, fig)
    for item in fig.items:
        s.dropped.append({"item": item, "at": list(fig.at)})
    fig.items = []
    fig.status, fig.pv, fig.pos, fig.ap = DEAD, 0, None, 0
    clear_conditions(fig)
    game.emit("dead", figure=fig.id, text=text)


def remove(game: Game, fig: Figure, by: Figure | None) -> None:
    """A Master figure at 0 PV goes to the off-board pool (a swarm's last rat included)."""
    s: State = game.state
    end_duel(s, fig)
    if not fig.has("swarm"):  # a swarm's rats went to the pool one by one as they fell
        s.pool.append({"id": fig.id, "card": fig.card, "turn": s.turn})
    fig.status, fig.pos, fig.ap, fig.rats = OFF, None, 0, 0
    s.flags["struck_down"] = s.flags.get("struck_down", 0) + 1
    clear_conditions(fig)
    fig.attackers = []
    game.emit("removed", figure=fig.id, by=by.id if by else None,
              text=f"{fig.name} is struck down" + (f" by {by.name}." if by else "."))


def heal(game: Game, fig: Figure, amount: int, source: str) -> None:
    """Any heal cures poison; a downed hero stands up with the PV healed; never above the card."""
    if fig.status not in (STANDING, DOWNED) or amount <= 0:
        return
    before = fig.pv
    most = fig.rats * RAT_PV if fig.rats else fig.max_pv  # a swarm's lost rats stay lost
    fig.pv = min(most, fig.pv + amount)
    fig.poisoned = False
    raised = fig.status == DOWNED
    if raised:
        fig.status, fig.downed_turn = STANDING, 0
    game.emit("healed", figure=fig.id, amount=fig.pv - before,
              text=f"{source} heals {fig.name} by {fig.pv - before} PV" + (", who stands again." if raised else "."))

