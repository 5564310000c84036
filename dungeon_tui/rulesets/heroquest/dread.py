"""Zargon's dread spells (§2.10, §5.6): what each may aim at, and what it does.  A monster casts
one instead of attacking; each spell it holds works once per quest."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.effects import Effects
from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from ...engine.grid import Sq
from . import board, magic
from .combat import instantly, item, lose_body
from .profiles import dread_name
from .searching import free, nearest_free_squares, new_monster
from .state import HERO, Figure, State
from .words import condition_word, tally

DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
# N, NE, E ... clockwise: the order ties are broken in (§6.3).
CLOCKWISE = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
# What each summoning brings on each face of its red die.
SUMMONS = {
    "summon_orcs": {1: ["orc"] * 4, 2: ["orc"] * 4, 3: ["orc"] * 4, 4: ["orc"] * 5, 5: ["orc"] * 5, 6: ["orc"] * 6},
    "summon_undead": {1: ["skeleton"] * 4, 2: ["skeleton"] * 4, 3: ["skeleton"] * 3 + ["zombie"] * 2,
                      4: ["skeleton"] * 3 + ["zombie"] * 2, 5: ["zombie"] * 2 + ["mummy"] * 2,
                      6: ["zombie"] * 2 + ["mummy"] * 2},
}


def seen_heroes(s: State, monster: Figure) -> list[Figure]:
    standing = board.standing_squares(s)
    return [h for h in s.hero_side() if board.targeting_sight(s, monster.square, h.square, standing)]


def metal_items(game: Game, hero: Figure) -> list[str]:
    return [e for e in hero.equipment if e in game.content.equipment and game.content.equipment[e].metal]


def bolt_path(s: State, monster: Figure, d: tuple[int, int]) -> list[Sq]:
    """Squares a lightning bolt crosses: until a wall, closed door, blocked square or the edge;
    diagonal steps pass a corner as sight does (D26)."""
    return s.grid.ray(monster.square, d)


def room_victims(s: State, monster: Figure, heroes_only: bool) -> list[Figure]:
    """Figures sharing the caster's room; in a corridor, those on corridor squares he sees."""
    room = board.area_of(s, monster.square)
    pool = s.hero_side() if heroes_only else [f for f in s.hero_side() + s.monsters() if f is not monster]
    if room != board.CORRIDOR:
        return [f for f in pool if board.area_of(s, f.square) == room]
    return [f for f in pool
            if board.area_of(s, f.square) == board.CORRIDOR and board.terrain_sight(s, monster.square, f.square)]


# A dread spell: its offer (game, caster, base text, heroes he sees) -> the casts it allows now,
# and its effect (game, caster, cast action, target or None, shown name) -> the figures it hurt.
DREAD: Effects[Callable[[Game, Figure, Action, Any, str], Procedure]] = Effects("dread spell")


def cast_action(monster: Figure, sp: str, text: str, **aim: Any) -> Action:
    return Action.make(DUNGEON, "monster_cast", text=text, who=monster.id, spell=sp, **aim)


def options(game: Game, monster: Figure) -> list[Action]:
    """Every dread spell this monster may cast now, with each legal aim."""
    s: State = game.state
    out = []
    seen = seen_heroes(s, monster)
    for sp in monster.dread:
        offer = DREAD[sp].offer
        if offer is not None:
            out += offer(game, monster, sp, f"{monster.name} casts {dread_name(game.content, s.variants, sp)}", seen)
    return out


def cast(game: Game, monster: Figure, pick: Action) -> Procedure:
    """Returns the hero-side figures brought to Body 0 (the caller opens their rescue windows)."""
    s: State = game.state
    sp = pick.get("spell")
    monster.dread.remove(sp)
    name = dread_name(game.content, s.variants, sp)
    target = s.figures.get(pick.get("target")) if pick.get("target") else None
    game.emit("dread", figure=monster.id, spell=sp, target=target.id if target else None,
              text=f"{monster.name} casts {name}" + (f" on {target.name}." if target else "."))
    hurt: list[Figure] = (yield from DREAD[sp].run(game, monster, pick, target, name)) or []
    return [f for f in hurt if f.side == HERO and f.body == 0 and f.pos is not None]


def bolt_offer(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, f"{base} {dn}", direction=list(d))
            for d, dn in zip(CLOCKWISE, DIRECTION_NAMES, strict=True) if bolt_path(game.state, monster, d)]


@DREAD("lightning_bolt", offer=bolt_offer)
@instantly
def lightning_bolt(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> list[Figure]:
    hurt = []
    for sq in bolt_path(game.state, monster, tuple(pick.get("direction"))):
        for f in game.state.all_at(sq):
            lose_body(game, f, 2, name)
            hurt.append(f)
    return hurt


def firestorm_offer(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    s: State = game.state
    in_a_room = board.area_of(s, monster.square) != board.CORRIDOR
    return [cast_action(monster, sp, base)] if in_a_room and room_victims(s, monster, True) else []


@DREAD("firestorm", offer=firestorm_offer)
def firestorm(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    hurt = []
    for f in room_victims(game.state, monster, False):
        yield from magic.fire(game, f, 3, 2, "hq.dread.flame_save", name)
        hurt.append(f)
    return hurt


def at_a_hero(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, f"{base} on {h.name}", target=h.id) for h in seen]


def at_rusting_hero(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, f"{base} on {h.name}", target=h.id) for h in seen if metal_items(game, h)]


@DREAD("ball_of_flame", offer=at_a_hero)
def ball_of_flame(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    yield from magic.fire(game, target, 2, 2, "hq.dread.flame_save", name)
    return [target]


# The condition each spell of the mind leaves on a hero who fails (or, for fear, gets no) Mind save.
MIND_CONDITIONS = {"command": "commanded", "sleep": "asleep"}


@DREAD(*MIND_CONDITIONS, offer=at_a_hero)
def mind_spell(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    if not (yield from magic.mind_save(game, target, name)):
        condition(game, target, MIND_CONDITIONS[pick.get("spell")])
    return []


@DREAD("fear", offer=at_a_hero)
@instantly
def fear(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> list[Figure]:
    condition(game, target, "feared")
    return []


def in_company(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, base)] if room_victims(game.state, monster, True) else []


@DREAD("cloud_of_chaos", offer=in_company)
def cloud_of_chaos(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    for h in room_victims(game.state, monster, True):
        if not (yield from magic.mind_save(game, h, name)):
            condition(game, h, "asleep")
    return []


@DREAD("tempest", offer=at_a_hero)
@instantly
def tempest(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> list[Figure]:
    target.flags["tempest"] = True
    game.emit("condition", figure=target.id, condition="tempest", text=f"{target.name} will lose his next turn.")
    return []


@DREAD("rust", offer=at_rusting_hero)
def rust_spell(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    yield from rust(game, target)
    return []


def when_seen(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, base)] if seen else []


@DREAD("summon_orcs", "summon_undead", offer=when_seen)
def summon_spell(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> Procedure:
    yield from summon(game, monster, pick.get("spell"))
    return []


def always(game: Game, monster: Figure, sp: str, base: str, seen: list[Figure]) -> list[Action]:
    return [cast_action(monster, sp, base)]


@DREAD("escape", offer=always)
@instantly
def escape_spell(game: Game, monster: Figure, pick: Action, target: Any, name: str) -> list[Figure]:
    escape(game, monster)
    return []


def condition(game: Game, figure: Figure, cond: str) -> None:
    figure.flags[cond] = True
    game.emit("condition", figure=figure.id, condition=cond, text=f"{figure.name} is {condition_word(cond)}.")


def rust(game: Game, hero: Figure) -> Procedure:
    items = metal_items(game, hero)
    if not items:
        return
    if len(items) == 1:
        gone = items[0]
    else:
        opts = [Action.make(DUNGEON, "rust", text=f"{item(game.content, e).name} rusts away", target=hero.id, item=e)
                for e in items]
        pick = yield Decision(DUNGEON, f"Which of {hero.name}'s metal items rusts?", opts, context={"rust": hero.id})
        gone = pick.get("item")
    hero.equipment.remove(gone)
    if hero.flags.get("main") == gone:
        hero.flags.pop("main")
    game.emit("rust", figure=hero.id, item=gone,
              text=f"{hero.name}'s {item(game.content, gone).name} crumbles to rust.")


def summon(game: Game, monster: Figure, sp: str) -> Procedure:
    s: State = game.state
    rule = f"hq.dread.{sp}"
    face = (yield from roll(game, 1, 6, rule))[0]
    kinds = SUMMONS[sp][face]
    roll_event(game, rule, "1d6", [face], outcome=len(kinds),
               text=f"{monster.name} summons: a {face} brings {tally(game.content.monsters[k].name for k in kinds)}.")
    for kind, sq in zip(kinds, nearest_free_squares(s, monster.square, len(kinds)), strict=False):
        new = new_monster(game, kind, sq)
        new.flags["summoned"] = s.round  # they act from the next round
        game.emit("place", figure=new.id, monster=kind, at=list(sq), text=f"{new.name} appears at {sq[0]},{sq[1]}.")
        reveal_square(s, sq)


def reveal_square(s: State, sq: Sq) -> None:
    area = board.area_of(s, sq)
    if area == board.CORRIDOR:
        if sq not in map(tuple, s.revealed_corridor):
            s.revealed_corridor.append(sq)
    elif area not in s.revealed_rooms:
        s.revealed_rooms.append(area)
        board.place_revealed(s)


def escape(game: Game, monster: Figure) -> None:
    s: State = game.state
    target = game.content.quests[s.quest].escape_square
    if target is None:
        return
    sq = tuple(target)
    if not free(s, sq):
        spots = nearest_free_squares(s, sq, 1)
        if not spots:
            return
        sq = spots[0]
    monster.pos = sq
    monster.placed = True  # he is seen arriving there, revealed room or not
    game.emit("escape", figure=monster.id, to=list(sq),
              text=f"{monster.name} vanishes and reappears at {sq[0]},{sq[1]}.")
