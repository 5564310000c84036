"""Melee and shooting (§5.5, §5.6): the hit test with multiple combat, immobile targets hit
without a test, power attacks and precise shots, whirlwind, criticals, crushing forward."""
from __future__ import annotations

import math
from collections.abc import Callable

from ...engine.game import Action, Game
from .acts import FindOne, Steps, act, aimed, option
from .checks import Result, test
from .damage import Blow, land
from .movement import crush
from .state import DOWNED, Figure, State
from .kept_maps import map_now
from .terrain import Map, chebyshev, visible


def immobile(target: Figure) -> bool:
    """Webbed and downed figures are hit without a test (and so never critically)."""
    return target.webbed > 0 or target.status == DOWNED


def may_fight(fig: Figure, target: Figure) -> bool:
    """No one else may attack a duellist, and a duellist attacks only his opponent (§5.15)."""
    return fig.duel == target.id if fig.duel or target.duel else True


def melee_targets(m: Map, fig: Figure) -> list[Figure]:
    if not fig.standing or fig.webbed:
        return []
    # Asked for the attack, the power attack and the whirlwind offers alike: once per map.
    found = m.found.get(("melee", fig.id))
    if found is None:
        found = m.found[("melee", fig.id)] = [t for t in m.adjacent_foes(fig) if may_fight(fig, t) and visible(t)]
    return list(found)  # type: ignore[call-overload]


def _melee(fig: Figure, seat: str, t: Figure) -> Action:
    return aimed(seat, fig, "melee", (t.id, t.name), lambda aim: f"attack {aim[1]}", target=t.id)


def _power(fig: Figure, seat: str, t: Figure) -> Action:
    return aimed(seat, fig, "power_attack", (t.id, t.name), lambda aim: f"power attack {aim[1]} (damage x2)",
                 target=t.id)


def melee_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    return [_melee(fig, seat, t) for t in melee_targets(m, fig)]


def power_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    return [_power(fig, seat, t) for t in melee_targets(m, fig)]


def meleeable(m: Map, fig: Figure, target: Figure) -> bool:
    return any(t is target for t in melee_targets(m, fig))


def target_offer(may: Callable[[Map, Figure, Figure], bool],
                 make: Callable[[Figure, str, Figure], Action]) -> FindOne:
    """A finder (acts.Act.find) for a kind offered once per target: the offer `make` words
    for the figure the action names, when `may` says it is one of the kind's targets; the
    others are not looked at (an AI that wants a blow or a shot names its target)."""
    def find(m: Map, fig: Figure, seat: str, action: Action) -> Action | None:
        target = m.s.figures.get(action.get("target"))
        if target is None or not may(m, fig, target):
            return None
        found = make(fig, seat, target)
        return found if found == action else None
    return find


def whirlwind_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    if not fig.has("whirlwind") or fig.duel or len(melee_targets(m, fig)) < 2:
        return []
    return [option(seat, fig, "whirlwind", "whirlwind: attack every adjacent enemy")]


def shot_range(fig: Figure, target: Figure) -> int:
    return chebyshev(fig.at, target.at)


def shooter(fig: Figure) -> bool:
    return fig.standing and not fig.webbed and fig.stat("tir") > 0 and fig.dmg_shoot is not None


def _in_range(m: Map, fig: Figure, t: Figure) -> bool:
    """An enemy (on the board) the shooter may shoot: two squares off or more, no duel in the
    way, in its targeting sight."""
    return shot_range(fig, t) >= 2 and may_fight(fig, t) and m.targets(fig, t)


def shoot_targets(m: Map, fig: Figure) -> list[Figure]:
    if not shooter(fig):
        return []
    found = m.found.get(("shoot", fig.id))  # the shot and the precise shot offers alike
    if found is None:
        found = m.found[("shoot", fig.id)] = [t for t in m.foes(fig) if _in_range(m, fig, t)]
    return list(found)  # type: ignore[call-overload]


def shootable(m: Map, fig: Figure, target: Figure) -> bool:
    """Whether `shoot_targets` holds the target, its sight to the others not worked out."""
    found = m.found.get(("shoot", fig.id))
    if found is not None or not shooter(fig):
        return any(t is target for t in found or ())  # type: ignore[attr-defined]
    return any(t is target for t in m.foes(fig)) and _in_range(m, fig, target)


def _shot(fig: Figure, seat: str, t: Figure) -> Action:
    return aimed(seat, fig, "shoot", (t.id, t.name, shot_range(fig, t)),
                 lambda aim: f"shoot {aim[1]} at {aim[2]} squares", target=t.id)


def _precise(fig: Figure, seat: str, t: Figure) -> Action:
    return aimed(seat, fig, "precise_shot", (t.id, t.name), lambda aim: f"precise shot at {aim[1]} (damage x2)",
                 target=t.id)


def shoot_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    return [_shot(fig, seat, t) for t in shoot_targets(m, fig)]


def precise_offers(m: Map, fig: Figure, seat: str) -> list[Action]:
    return [_precise(fig, seat, t) for t in shoot_targets(m, fig)]


def criticals(game: Game) -> bool:
    return bool(game.state.options.get("critical_hits"))


def critical(game: Game, result: Result) -> bool:
    """§5.15: with the option on, a hit scoring 4 or more over its difficulty adds 10."""
    return criticals(game) and result.margin >= 4


def strike(game: Game, fig: Figure, target: Figure, doubled: bool) -> Steps:
    """One melee attack (§5.5): Melee dice against Defence less one per other attacker."""
    s: State = game.state
    where = target.at
    others = [a for a in target.attackers if a != fig.id]
    if fig.id not in target.attackers:
        target.attackers.append(fig.id)
    if immobile(target):
        game.emit("auto_hit", figure=fig.id, target=target.id,
                  text=f"{fig.name} strikes {target.name}, who cannot dodge.")
        blow = Blow(fig, fig.melee_damage, "melee", doubled, magic=fig.has("magic_weapon"))
    else:
        mods = {"blessing": target.blessed, "swarm": target.rats - 1 if target.rats else 0,
                "multiple combat": -len(others)}
        bonus = 1 if fig.has("chivalrous") and fig.duel == target.id else 0
        result = yield from test(game, fig, "cc", target.stats["def"], "cat.melee.hit", modifiers=mods,
                                 dice=fig.stat("cc") + bonus, what=f"an attack on {target.name}",
                                 critical=criticals(game))
        if not result.success:
            return
        blow = Blow(fig, fig.melee_damage, "melee", doubled, critical(game, result), fig.has("magic_weapon"))
    yield from land(game, target, blow)
    if not target.on_board and s.at(where) is None:
        yield from crush(game, fig, where)


@act("whirlwind", 2, whirlwind_offers)
def whirlwind(game: Game, fig: Figure, action: Action) -> Steps:
    """A normal attack on each attackable adjacent enemy, each with its own test."""
    for target in melee_targets(Map(game), fig):
        if fig.standing and target.on_board:
            yield from strike(game, fig, target, False)


def shot(game: Game, fig: Figure, target: Figure, doubled: bool) -> Steps:
    """One shot (§5.6): Shooting dice against a third of the range, more when threatened."""
    m = map_now(game)
    distance = shot_range(fig, target)
    mods = {"threatened": len(m.threats(fig))}
    result = yield from test(game, fig, "tir", math.ceil(distance / 3), "cat.shoot.hit", modifiers=mods,
                             what=f"a shot at {target.name}, {distance} squares away", critical=criticals(game))
    if result.success:
        yield from land(game, target, Blow(fig, fig.dmg_shoot or 0, "shoot", doubled, critical(game, result),
                                           fig.has("magic_weapon")))


Attack = Callable[[Game, Figure, Figure, bool], Steps]


def at_target(attack: Attack, doubled: bool) -> Callable[[Game, Figure, Action], Steps]:
    """The action that makes one attack on the figure it names, doubled or not."""
    def run(game: Game, fig: Figure, action: Action) -> Steps:
        yield from attack(game, fig, game.state.figures[action.get("target")], doubled)
    return run


act("melee", 1, melee_offers, find=target_offer(meleeable, _melee))(at_target(strike, False))
act("power_attack", 2, power_offers, find=target_offer(meleeable, _power))(at_target(strike, True))
act("shoot", 1, shoot_offers, find=target_offer(shootable, _shot))(at_target(shot, False))
act("precise_shot", 2, precise_offers, find=target_offer(shootable, _precise))(at_target(shot, True))
