"""Zargon (§6.2, §6.3): the words only his monsters' scripts use (guard posts and dread
spells), and his test of each dread spell: is it worth casting now, and at what."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine.effects import Effects
from ....engine.game import Game
from .. import board, dread
from ..combat import attack_dice
from ..profiles import dread_name
from ..state import HERO, MONSTER, Figure, State
from .primitives import Plan, advance_to, registry


def _worth_casting(p: Plan, spell: str) -> str:
    if spell == "any":
        return "a dread spell worth casting"
    return f"{dread_name(p.game.content, p.s.variants, spell)} worth casting"


@registry.condition(says=_worth_casting)
def spell_useful(p: Plan, spell: str) -> bool:
    if p.me.side == HERO:
        return False
    return any(useful(p.game, p.me, sp)[0] for sp in (p.me.dread if spell == "any" else [spell]))


@registry.condition(says="guarding its post, no hero within {r} squares")
def guarding(p: Plan, r: int) -> bool:
    if p.me.guard is None or p.me.flags.get("attacked"):
        return False
    return all((d := p.dist(h)) is None or d > r for h in p.s.hero_side())


@registry.action
def return_to_post(p: Plan) -> str:
    if p.me.guard is None or p.me.pos == p.me.guard:
        return "stays at its post"
    advance_to(p, [p.me.guard])
    return "goes back to its post"


@registry.action
def cast_first_useful(p: Plan) -> str:
    return _cast(p, p.me.dread)


@registry.action
def cast_dread(p: Plan, spell: str) -> str:
    """That one spell, if its test passes (escape must not give way to the first useful spell)."""
    return _cast(p, [spell])


def _cast(p: Plan, spells: list[str]) -> str:
    for sp in spells:
        ok, aim = useful(p.game, p.me, sp)
        if ok:
            p.intents.append(("monster_cast", {"spell": sp, **aim}))
            target = p.s.figures.get(aim.get("target", ""))
            name = dread_name(p.game.content, p.s.variants, sp)
            return f"casts {name}" + (f" at {target.name}" if target else "")
    return "has no spell worth casting"


# -- Zargon's test of each dread spell (§6.3) ------------------------------------------------------
# (game, caster, spell) -> (worth casting now?, its aim: {"target": id} or {"direction": [dx, dy]}).
DREAD_TESTS: Effects[Callable[[Game, Figure, str], tuple[bool, dict[str, Any]]]] = Effects(
    "dread spell (Zargon's test)")
NOTHING: tuple[bool, dict[str, Any]] = (False, {})


def useful(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """Is a dread spell this monster still holds worth casting, and at what."""
    if sp not in monster.dread:
        return NOTHING
    return DREAD_TESTS[sp].run(game, monster, sp)


def party_order(s: State, hero: Figure) -> int:
    return s.party.index(hero.id) if hero.id in s.party else 9


@DREAD_TESTS("ball_of_flame")
def weakest_seen(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    s: State = game.state
    seen = dread.seen_heroes(s, monster)
    if not seen:
        return NOTHING
    return True, {"target": min(seen, key=lambda h: (h.body, party_order(s, h))).id}


@DREAD_TESTS("summon_orcs", "summon_undead")
def any_seen(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    if not dread.seen_heroes(game.state, monster):
        return NOTHING
    return True, {}


@DREAD_TESTS("firestorm")
def outnumbered_in_room(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    s: State = game.state
    if board.area_of(s, monster.square) == board.CORRIDOR:
        return NOTHING
    heroes = dread.room_victims(s, monster, True)
    room = board.area_of(s, monster.square)
    mons = [x for x in s.monsters() if board.area_of(s, x.square) == room]
    return (len(heroes) >= 2 and len(mons) < len(heroes)), {}


@DREAD_TESTS("lightning_bolt")
def best_line(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """The direction that strikes the most more heroes than monsters (clockwise from north on a tie)."""
    s: State = game.state
    best: tuple[int, tuple[int, int]] | None = None
    for d in dread.CLOCKWISE:
        on = [f for q in dread.bolt_path(s, monster, d) for f in s.all_at(q)]
        h = sum(1 for f in on if f.side == HERO)
        mo = sum(1 for f in on if f.side == MONSTER)
        if h >= 1 and h > mo and (best is None or h - mo > best[0]):
            best = (h - mo, d)
    return (True, {"direction": list(best[1])}) if best else NOTHING


# The condition each spell at one hero leaves: a hero who has it already is no target.
HERO_CONDITIONS = {"sleep": "asleep", "tempest": "tempest", "command": "commanded", "fear": "feared"}


def fresh_targets(game: Game, monster: Figure, sp: str) -> list[Figure]:
    return [h for h in dread.seen_heroes(game.state, monster) if not h.flags.get(HERO_CONDITIONS[sp])]


@DREAD_TESTS("sleep", "tempest")
def weakest_mind(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """The hero least able to shake it off."""
    pool = fresh_targets(game, monster, sp)
    if not pool:
        return NOTHING
    return True, {"target": min(pool, key=lambda h: (h.mind, h.id)).id}


@DREAD_TESTS("command", "fear")
def strongest_arm(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """The hero who strikes hardest (the earliest in turn order on a tie)."""
    s: State = game.state
    pool = fresh_targets(game, monster, sp)
    if not pool:
        return NOTHING
    return True, {"target": max(pool, key=lambda h: (attack_dice(h, game.content)[0],
                                                      -s.party.index(h.id) if h.id in s.party else 0)).id}


@DREAD_TESTS("cloud_of_chaos")
def crowded_room(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    return len(dread.room_victims(game.state, monster, True)) >= 2, {}


@DREAD_TESTS("rust")
def first_in_metal(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    pool = [h for h in dread.seen_heroes(game.state, monster) if dread.metal_items(game, h)]
    if not pool:
        return NOTHING
    return True, {"target": pool[0].id}


@DREAD_TESTS("escape")
def cornered(game: Game, monster: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """Down to his last Body with a hero beside him."""
    s: State = game.state
    return (monster.body <= 1 and any(abs(h.square[0] - monster.square[0]) + abs(h.square[1] - monster.square[1]) == 1
                                and s.grid.edge_passable(h.square, monster.square) for h in s.hero_side())), {}
