"""Zargon's dread spells (§2.10, §5.6): what each may aim at, and what it does.  A monster casts
one instead of attacking; each spell it holds works once per quest."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import DUNGEON, Action, Decision, Game
from ...engine.grid import Sq
from . import board, magic
from .combat import Proc, item, lose_body
from .profiles import dread_name
from .searching import free, nearest_free_squares
from .state import HERO, MONSTER, Figure, State

DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
# N, NE, E ... clockwise: the order ties are broken in (§6.3).
CLOCKWISE = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
HERO_TARGETED = ("ball_of_flame", "command", "fear", "sleep", "tempest", "rust")
ORCS = {1: 4, 2: 4, 3: 4, 4: 5, 5: 5, 6: 6}
UNDEAD = {1: ["skeleton"] * 4, 2: ["skeleton"] * 4, 3: ["skeleton"] * 3 + ["zombie"] * 2,
          4: ["skeleton"] * 3 + ["zombie"] * 2, 5: ["zombie"] * 2 + ["mummy"] * 2, 6: ["zombie"] * 2 + ["mummy"] * 2}


def seen_heroes(s: State, m: Figure) -> list[Figure]:
    return [h for h in s.hero_side() if board.targeting_sight(s, m.pos, h.pos)]


def metal_items(game: Game, h: Figure) -> list[str]:
    return [e for e in h.equipment if e in game.content.equipment and game.content.equipment[e].metal]


def bolt_path(s: State, m: Figure, d: tuple[int, int]) -> list[Sq]:
    """Squares a lightning bolt crosses: until a wall, closed door, blocked square or the edge;
    diagonal steps pass a corner as sight does (D26)."""
    return s.grid.ray(m.pos, d)


def room_victims(s: State, m: Figure, heroes_only: bool) -> list[Figure]:
    """Figures sharing the caster's room; in a corridor, those on corridor squares he sees."""
    room = board.area_of(s, m.pos)
    pool = s.hero_side() if heroes_only else [f for f in s.hero_side() + s.monsters() if f is not m]
    if room != board.CORRIDOR:
        return [f for f in pool if board.area_of(s, f.pos) == room]
    return [f for f in pool if board.area_of(s, f.pos) == board.CORRIDOR and board.terrain_sight(s, m.pos, f.pos)]


def options(game: Game, m: Figure) -> list[Action]:
    """Every dread spell this monster may cast now, with each legal aim."""
    s: State = game.state
    c = game.content
    out = []
    seen = seen_heroes(s, m)
    for sp in m.dread:
        name = dread_name(c, s.variants, sp)
        base = f"{m.name} casts {name}"
        if sp == "lightning_bolt":
            for d, dn in zip(CLOCKWISE, DIRECTION_NAMES):
                if bolt_path(s, m, d):
                    out.append(Action.make(DUNGEON, "monster_cast", text=f"{base} {dn}", who=m.id, spell=sp,
                                           direction=list(d)))
        elif sp == "firestorm":
            if board.area_of(s, m.pos) != board.CORRIDOR and room_victims(s, m, True):
                out.append(Action.make(DUNGEON, "monster_cast", text=base, who=m.id, spell=sp))
        elif sp in HERO_TARGETED:
            for h in seen:
                if sp == "rust" and not metal_items(game, h):
                    continue
                out.append(Action.make(DUNGEON, "monster_cast", text=f"{base} on {h.name}", who=m.id, spell=sp,
                                       target=h.id))
        elif sp == "cloud_of_chaos":
            if room_victims(s, m, True):
                out.append(Action.make(DUNGEON, "monster_cast", text=base, who=m.id, spell=sp))
        elif sp in ("summon_orcs", "summon_undead"):
            if seen:
                out.append(Action.make(DUNGEON, "monster_cast", text=base, who=m.id, spell=sp))
        elif sp == "escape":
            out.append(Action.make(DUNGEON, "monster_cast", text=base, who=m.id, spell=sp))
    return out


def cast(game: Game, m: Figure, pick: Action) -> Proc:
    """Returns the hero-side figures brought to Body 0 (the caller opens their rescue windows)."""
    s: State = game.state
    c = game.content
    sp = pick.get("spell")
    m.dread.remove(sp)
    name = dread_name(c, s.variants, sp)
    target = s.figures.get(pick.get("target")) if pick.get("target") else None
    game.emit("dread", figure=m.id, spell=sp, target=target.id if target else None,
              text=f"{m.name} casts {name}" + (f" on {target.name}." if target else "."))
    hurt: list[Figure] = []
    if sp == "lightning_bolt":
        d = tuple(pick.get("direction"))
        for sq in bolt_path(s, m, d):
            for f in s.all_at(sq):
                lose_body(game, f, 2, name)
                hurt.append(f)
    elif sp == "firestorm":
        for f in room_victims(s, m, False):
            yield from magic.fire(game, f, 3, 2, "hq.dread.flame_save", name)
            hurt.append(f)
    elif sp == "ball_of_flame":
        yield from magic.fire(game, target, 2, 2, "hq.dread.flame_save", name)
        hurt.append(target)
    elif sp in ("command", "sleep"):
        if not (yield from magic.mind_save(game, target, name)):
            condition(game, target, "commanded" if sp == "command" else "asleep")
    elif sp == "fear":
        condition(game, target, "feared")
    elif sp == "cloud_of_chaos":
        for h in room_victims(s, m, True):
            if not (yield from magic.mind_save(game, h, name)):
                condition(game, h, "asleep")
    elif sp == "tempest":
        target.flags["tempest"] = True
        game.emit("condition", figure=target.id, condition="tempest", text=f"{target.name} will lose his next turn.")
    elif sp == "rust":
        yield from rust(game, target)
    elif sp in ("summon_orcs", "summon_undead"):
        yield from summon(game, m, sp)
    elif sp == "escape":
        escape(game, m)
    return [f for f in hurt if f.side == HERO and f.body == 0 and f.pos is not None]


def condition(game: Game, f: Figure, cond: str) -> None:
    f.flags[cond] = True
    game.emit("condition", figure=f.id, condition=cond, text=f"{f.name} is {cond}.")


def rust(game: Game, h: Figure) -> Proc:
    items = metal_items(game, h)
    if not items:
        return
    if len(items) == 1:
        gone = items[0]
    else:
        opts = [Action.make(DUNGEON, "rust", text=f"{item(game.content, e).name} rusts away", target=h.id, item=e)
                for e in items]
        pick = yield Decision(DUNGEON, f"Which of {h.name}'s metal items rusts?", opts, context={"rust": h.id})
        gone = pick.get("item")
    h.equipment.remove(gone)
    if h.flags.get("main") == gone:
        h.flags.pop("main")
    game.emit("rust", figure=h.id, item=gone, text=f"{h.name}'s {item(game.content, gone).name} crumbles to rust.")


def summon(game: Game, m: Figure, sp: str) -> Proc:
    from .searching import new_monster
    s: State = game.state
    rule = f"hq.dread.{sp}"
    face = (yield from roll(game, 1, 6, rule))[0]
    kinds = ["orc"] * ORCS[face] if sp == "summon_orcs" else UNDEAD[face]
    roll_event(game, rule, "1d6", [face], outcome=len(kinds),
               text=f"{m.name} summons: {face} brings {len(kinds)} ({', '.join(kinds)}).")
    for kind, sq in zip(kinds, nearest_free_squares(s, m.pos, len(kinds))):
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


def escape(game: Game, m: Figure) -> None:
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
    m.pos = sq
    m.placed = True  # he is seen arriving there, revealed room or not
    game.emit("escape", figure=m.id, to=list(sq), text=f"{m.name} vanishes and reappears at {sq[0]},{sq[1]}.")


def useful(game: Game, m: Figure, sp: str) -> tuple[bool, dict[str, Any]]:
    """The AI's test for a dread spell (§6.3): is it worth casting, and at what."""
    s: State = game.state
    if sp not in m.dread:
        return False, {}
    seen = seen_heroes(s, m)
    if sp in ("ball_of_flame", "summon_orcs", "summon_undead"):
        if not seen:
            return False, {}
        if sp == "ball_of_flame":
            t = min(seen, key=lambda h: (h.body, s.party.index(h.id) if h.id in s.party else 9))
            return True, {"target": t.id}
        return True, {}
    if sp == "firestorm":
        if board.area_of(s, m.pos) == board.CORRIDOR:
            return False, {}
        heroes = room_victims(s, m, True)
        room = board.area_of(s, m.pos)
        mons = [x for x in s.monsters() if board.area_of(s, x.pos) == room]
        return (len(heroes) >= 2 and len(mons) < len(heroes)), {}
    if sp == "lightning_bolt":
        best: tuple[int, tuple[int, int]] | None = None
        for d in CLOCKWISE:
            on = [f for q in bolt_path(s, m, d) for f in s.all_at(q)]
            h = sum(1 for f in on if f.side == HERO)
            mo = sum(1 for f in on if f.side == MONSTER)
            if h >= 1 and h > mo and (best is None or h - mo > best[0]):
                best = (h - mo, d)
        return (True, {"direction": list(best[1])}) if best else (False, {})
    if sp in ("sleep", "tempest", "command", "fear"):
        flag = {"sleep": "asleep", "tempest": "tempest", "command": "commanded", "fear": "feared"}[sp]
        pool = [h for h in seen if not h.flags.get(flag)]
        if not pool:
            return False, {}
        if sp in ("sleep", "tempest"):
            t = min(pool, key=lambda h: (h.mind, h.id))
        else:
            from .combat import attack_dice
            t = max(pool, key=lambda h: (attack_dice(h, game.content)[0], -s.party.index(h.id) if h.id in s.party else 0))
        return True, {"target": t.id}
    if sp == "cloud_of_chaos":
        return len(room_victims(s, m, True)) >= 2, {}
    if sp == "rust":
        pool = [h for h in seen if metal_items(game, h)]
        if not pool:
            return False, {}
        return True, {"target": pool[0].id}
    if sp == "escape":
        return (m.body <= 1 and any(abs(h.pos[0] - m.pos[0]) + abs(h.pos[1] - m.pos[1]) == 1
                                    and s.grid.edge_passable(h.pos, m.pos) for h in s.hero_side())), {}
    return False, {}
