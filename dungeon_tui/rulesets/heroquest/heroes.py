"""A hero's turn (§4): conditions first, then a move roll and steps, open doors, one action
before or after moving, potions any time; traps, reveals, remains and the success check
after every step.  An escort takes the same turn with fewer choices."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import Action, Decision, Game
from ...engine.grid import DIR_NAMES, DIRS4, Sq, path_back
from . import board, magic, relics, searching, traps
from .combat import Proc, item, strike, weapon_of
from .doors import announce, door_here, open_door
from .ending import check_end
from .potions import TURN_POTIONS, drink
from .profiles import search_combined
from .remains import after_move
from .rescue import die, rescue
from .state import ALIVE, DEAD, HERO, LEFT, MONSTER, Figure, State

STEP_NAMES = dict(zip(DIRS4, DIR_NAMES[:4]))


def adjacent(state: State, a: Sq, b: Sq) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and state.grid.edge_passable(a, b)


def diagonal_adjacent(state: State, a: Sq, b: Sq) -> bool:
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return False
    g = state.grid
    return any(g.floor(m) and g.edge_passable(a, m) and g.edge_passable(m, b) for m in ((b[0], a[1]), (a[0], b[1])))


def is_hero(game: Game, f: Figure) -> bool:
    """A hero proper, not an escort: only heroes attack, search, cast and carry."""
    return f.kind in game.content.heroes


def attack_targets(game: Game, f: Figure) -> list[Figure]:
    s: State = game.state
    w = weapon_of(f, game.content)
    out = []
    for m in s.monsters():
        if adjacent(s, f.square, m.square) or (w is not None and w.diagonal and diagonal_adjacent(s, f.square, m.square)):
            out.append(m)
        elif w is not None and w.ranged and not diagonal_adjacent(s, f.square, m.square) \
                and board.targeting_sight(s, f.square, m.square):
            out.append(m)
    return out


def can_step(s: State, f: Figure, to: Sq, t: dict[str, Any]) -> bool:
    if t.get("rock"):  # Pass Through Rock: walls, closed doors and rock do not stop him
        if s.grid.terrain.get(to) not in (board.FLOOR, board.STAIRS, board.ROCK):
            return False
    elif not s.grid.floor(to) or not s.grid.edge_passable(f.square, to):
        return False
    return bool(t.get("veil")) or not s.side_at(to, MONSTER)


def may_stop(s: State, f: Figure, sq: Sq) -> bool:
    other = s.at(sq, but=f)
    if other is None:
        return True
    return other.side == HERO and f.side == HERO and (s.grid.terrain.get(sq) == board.STAIRS
                                                       or traps.sprung_pit_at(s, sq))


def hero_path_test(s: State) -> Any:
    """Where a hero's planned path may go: not through monsters or the traps he knows of (one
    test for the many squares of a search)."""
    avoid = s.squares_held(MONSTER) | {tuple(t["at"]) for t in s.traps.values() if t["state"] in ("known", "sprung")}
    return lambda sq: sq not in avoid


def routes(game: Game, f: Figure, points: int) -> dict[Sq, list[Sq]]:
    """Where a plain walk of up to `points` steps over seen squares can end, each with its
    canonical path (no spells, around known traps): the app walks a hero there one legal step
    at a time."""
    s: State = game.state
    may_go = hero_path_test(s)
    # Only through what the heroes have seen: a route must not give away an unseen blocked square.
    dist, parent = s.grid.bfs(f.square, lambda sq: may_go(sq) and board.revealed(s, sq))
    return {sq: path_back(parent, f.square, sq)[1:] for sq, d in dist.items() if 1 < d <= points and may_stop(s, f, sq)}


def weapons(game: Game, f: Figure) -> list[str]:
    return [e for e in f.equipment if (eq := item(game.content, e)) is not None and eq.kind == "weapon"]


def options(game: Game, f: Figure, t: dict[str, Any]) -> list[Action]:
    s: State = game.state
    seat = s.seat_of[f.id]
    hero = is_hero(game, f)
    out = []
    if t["bonus_cast"]:  # the Wand of Magic: a second, different spell in the same action
        out += [a for a in magic.cast_options(game, f, seat) if a.get("spell") != t["bonus_cast"]]
        out.append(Action.make(seat, "pass", text=f"{f.name} casts nothing more", who=f.id))
        return out
    if t["bonus_attacks"]:  # heroic brew or orc's bane: the action's further blows
        for m in attack_targets(game, f):
            if t["bonus_attacks"] == "orcs" and "orc" not in game.content.monsters[m.kind].tags:
                continue
            out.append(Action.make(seat, "attack", text=f"{f.name} strikes again at {m.name}", who=f.id, target=m.id))
        out.append(Action.make(seat, "pass", text=f"{f.name} strikes no more", who=f.id))
        return out
    if t["start"] and len(weapons(game, f)) > 1:
        main = weapon_of(f, game.content)
        for w in weapons(game, f):
            if item(game.content, w) is not main:
                out.append(Action.make(seat, "equip", text=f"{f.name} takes up the {item(game.content, w).name}",
                                       who=f.id, weapon=w))
    if not t["rolled"]:
        out.append(Action.make(seat, "roll_move", text=f"{f.name} rolls to move", who=f.id))
    elif t["points"] > 0:
        for (dx, dy), name in STEP_NAMES.items():
            to = (f.square[0] + dx, f.square[1] + dy)
            if can_step(s, f, to, t) and (t["points"] > 1 or may_stop(s, f, to)):
                out.append(Action.make(seat, "step", text=f"{f.name} steps {name} to {to[0]},{to[1]}",
                                       who=f.id, to=to))
        for over, land in traps.jumps(game, f, t["points"]):
            out.append(Action.make(seat, "jump", text=f"{f.name} jumps the trap to {land[0]},{land[1]}",
                                   who=f.id, to=land, over=over))
    for d in door_here(game, f):
        out.append(Action.make(seat, "open_door", text=f"{f.name} opens the door", who=f.id, door=d))
    if not t["acted"] and hero and may_stop(s, f, f.square):
        for m in attack_targets(game, f):
            out.append(Action.make(seat, "attack", text=f"{f.name} attacks {m.name}", who=f.id, target=m.id))
        out += magic.cast_options(game, f, seat)
        if searching.can_search_treasure(game, f):
            out.append(Action.make(seat, "search_treasure", text=f"{f.name} searches for treasure", who=f.id))
        if not searching.sees_monster(s, f):
            if search_combined(game.content, s.variants):
                out.append(Action.make(seat, "search_both", text=f"{f.name} searches for traps and secret doors",
                                       who=f.id))
            else:
                out.append(Action.make(seat, "search_traps", text=f"{f.name} searches for traps", who=f.id))
                out.append(Action.make(seat, "search_secret_doors", text=f"{f.name} searches for secret doors",
                                       who=f.id))
        for kind, tid in traps.disarmable(game, f):
            out.append(Action.make(seat, "disarm", text=f"{f.name} tries to disarm the "
                                   + ("trapped furniture" if kind == "furniture" else s.traps[tid]["kind"].replace("_", " ")),
                                   who=f.id, **{kind: tid}))
    out += relics.options(game, f, seat)
    for i, p in enumerate(f.potions):
        if p.startswith("healing") and f.body < f.max_body:
            out.append(Action.make(seat, "drink", text=f"{f.name} drinks a potion of healing", who=f.id, potion=i))
        elif p in TURN_POTIONS and not t["acted"] and not f.flags.get(TURN_POTIONS[p]):
            name = game.content.treasure[f"potion_of_{p}" if p == "strength" else p].name
            out.append(Action.make(seat, "drink", text=f"{f.name} drinks the {name}", who=f.id, potion=i))
    if may_stop(s, f, f.square):
        out.append(Action.make(seat, "end_turn", text=f"{f.name} ends the turn", who=f.id))
        if s.grid.terrain.get(f.square) == board.STAIRS and hero:
            out.append(Action.make(seat, "leave", text=f"{f.name} leaves the dungeon", who=f.id))
    elif not any(a.kind in ("step", "jump") for a in out):
        # Stranded on a friend's square (a reveal can block the way on): he goes back to the
        # last square he could have stopped on rather than share one.
        back = t["last_stop"]
        out.append(Action.make(seat, "end_turn", text=f"{f.name} steps back to {back[0]},{back[1]} and ends the turn",
                               who=f.id, to=back))
    return out


def start_of_turn(game: Game, f: Figure, t: dict[str, Any]) -> Proc:
    """Tempest, then each condition's break-free roll; True when he may play the turn."""
    if f.flags.pop("tempest", None):
        game.emit("skip", figure=f.id, text=f"{f.name} is caught in a tempest and loses the turn.")
        return False
    for cond in ("asleep", "commanded", "feared"):
        if f.flags.get(cond):
            if (yield from magic.mind_save(game, f, cond, rule="hq.condition.break_free")):
                f.flags.pop(cond)
                game.emit("condition_end", figure=f.id, condition=cond, text=f"{f.name} is no longer {cond}.")
    if f.flags.get("asleep") or f.flags.get("commanded"):
        game.emit("skip", figure=f.id, text=f"{f.name} is {'asleep' if f.flags.get('asleep') else 'under Zargon’s command'}.")
        return False
    if f.flags.pop("pledged", None):
        t["acted"] = True
        game.emit("pledged", figure=f.id, text=f"{f.name} spent this turn's action saving a friend.")
    return True


def move_dice(game: Game, f: Figure) -> int:
    """Red dice for a move: two, one in plate mail, the escort's own number."""
    c = game.content
    if f.kind in c.escorts:
        return int(c.escorts[f.kind].move_dice)
    return 1 if any((eq := c.equipment.get(e)) is not None and eq.move_dice for e in f.equipment) else 2


def roll_move(game: Game, f: Figure, t: dict[str, Any]) -> Proc:
    dice = move_dice(game, f)
    mods = {}
    if f.flags.pop("swift_wind", None):  # Swift Wind doubles the dice, not the total
        mods["swift wind (dice)"] = dice
        dice *= 2
    faces = yield from roll(game, dice, 6, "hq.move.roll")
    total = sum(faces)
    t["rock"] = bool(f.flags.pop("pass_rock", None))
    t["veil"] = bool(f.flags.pop("veil", None))
    roll_event(game, "hq.move.roll", f"{dice}d6", list(faces), outcome=total, inputs={"dice": dice}, modifiers=mods,
               text=f"{f.name} rolls {'+'.join(map(str, faces))} to move: {total} squares.")
    t["rolled"], t["points"] = True, total


def end_move(game: Game, f: Figure, t: dict[str, Any]) -> Proc:
    """The move is over: leftover points are lost; a Pass Through Rock walk that stops in solid
    rock loses the hero for good."""
    t["points"] = 0
    if t.get("rock") and f.pos is not None and f.status == ALIVE and game.state.grid.terrain.get(f.pos) == board.ROCK:
        game.emit("entombed", figure=f.id, text=f"{f.name} is sealed inside the rock.")
        yield from die(game, f, remains=False)
    t["rock"] = t["veil"] = False


def step(game: Game, f: Figure, to: Sq, t: dict[str, Any]) -> Proc:
    """One square; True when the turn ends (a trap)."""
    s: State = game.state
    if t.get("rock") and not board.revealed(s, to):
        announce(game, board.reveal_area(s, game.content, to))
        if s.side_at(to, MONSTER):
            game.emit("refused", figure=f.id, text=f"Something stands at {to[0]},{to[1]}: {f.name} cannot go there.")
            return False
    frm = f.square
    f.pos = to
    t["points"] -= 1
    if f.flags.get("in_pit") and f.pos != frm:
        f.flags.pop("in_pit", None)
    if s.side_at(f.pos, MONSTER):
        # House rule: a hero passing through a monster's square under Veil of Mist may not
        # stop there, so what would stop him there (a trap under the monster, a sprung pit it
        # stands in) waits for a hero who can; found by the mixed fuzz.
        return False
    trap = traps.trap_at(s, f.pos)
    ended = False
    if trap is not None:
        ended = yield from traps.spring_trap(game, f, trap, frm)
    elif traps.sprung_pit_at(s, f.pos):
        f.flags["in_pit"] = True
        t["points"] = 0
    return ended


def hero_turn(game: Game, f: Figure) -> Proc:
    s: State = game.state
    t: dict[str, Any] = {"rolled": False, "points": 0, "acted": False, "start": True, "bonus_attacks": None,
                         "bonus_cast": None,
                         "rock": False, "veil": False, "last_stop": f.pos}
    if not (yield from start_of_turn(game, f, t)):
        return
    while f.status == ALIVE and f.pos is not None:
        opts = options(game, f, t)
        pick = yield Decision(s.seat_of[f.id], f"{f.name}: your turn", opts,
                              context={"figure": f.id, "rolled": t["rolled"], "acted": t["acted"],
                                       "points": t["points"] if t["rolled"] else 12})
        kind = pick.kind
        if kind != "equip":
            t["start"] = False
        if kind == "end_turn":
            if pick.get("to") is not None:
                f.pos = tuple(pick.get("to"))
            break
        if kind == "leave":
            yield from end_move(game, f, t)
            f.pos = None
            f.status = LEFT
            game.emit("leave", figure=f.id, text=f"{f.name} leaves the dungeon by the stairway.")
            break
        if kind == "pass":
            t["bonus_attacks"] = t["bonus_cast"] = None
            continue
        ended = False
        if kind == "equip":
            f.flags["main"] = pick.get("weapon")
            game.emit("equip", figure=f.id, text=f"{f.name} takes up the {item(game.content, pick.get('weapon')).name}.")
        elif kind == "roll_move":
            yield from roll_move(game, f, t)
        elif kind in ("step", "jump"):
            if kind == "step":
                ended = yield from step(game, f, tuple(pick.get("to")), t)
            else:
                t["points"] -= 2
                ended = yield from traps.jump(game, f, tuple(pick.get("over")), tuple(pick.get("to")))
            if f.pos is not None:
                announce(game, board.reveal_from(s, game.content, f.pos))
                after_move(game, f)
                magic.check_courage(game)
                if may_stop(s, f, f.pos):
                    t["last_stop"] = f.pos
        elif kind == "open_door":
            open_door(game, f, pick.get("door"))
        elif kind == "drink":
            yield from drink(game, f, pick.get("potion"))
        elif kind == "attack" and t["bonus_attacks"]:
            t["bonus_attacks"] = None
            yield from strike(game, f, s.figures[pick.get("target")])
            magic.check_courage(game)
        elif kind == "cast" and t["bonus_cast"]:
            t["bonus_cast"] = None
            yield from magic.cast(game, f, pick)
            magic.check_courage(game)
        elif kind == "use":
            relics.use(game, f, pick)
        else:  # the action; taken after moving it ends the move
            t["acted"] = True
            if t["rolled"]:
                yield from end_move(game, f, t)
            if f.status != ALIVE:
                break
            ended = yield from action(game, f, pick, t)
        if f.body == 0:
            yield from rescue(game, f, t)
        if check_end(game):
            return
        if ended:
            break
    if f.status == ALIVE:
        yield from end_move(game, f, t)
    if f.flags.get("in_pit") == "hazard" and f.flags.get("pit_round", 0) < s.round:
        f.flags.pop("in_pit", None)
    if "in_pit" not in f.flags:
        f.flags.pop("pit_round", None)


def action(game: Game, f: Figure, pick: Action, t: dict[str, Any]) -> Proc:
    """The turn's one action; True when it ends the turn."""
    s: State = game.state
    kind = pick.kind
    if kind == "attack":
        m = s.figures[pick.get("target")]
        w = weapon_of(f, game.content)
        orc_blows = w.orc_attacks if w is not None and "orc" in game.content.monsters[m.kind].tags else 1
        brew = f.flags.pop("brew", None)
        yield from strike(game, f, m)
        f.flags.pop("strength", None)
        if brew:
            t["bonus_attacks"] = "any"
        elif orc_blows > 1:
            t["bonus_attacks"] = "orcs"
        magic.check_courage(game)
        return False
    if kind == "cast":
        yield from magic.cast(game, f, pick)
        magic.check_courage(game)
        if relics.second_spell(f, pick.get("spell")):
            t["bonus_cast"] = pick.get("spell")
        return False
    if kind == "search_treasure":
        return (yield from searching.search_treasure(game, f))
    if kind == "search_traps":
        searching.search_traps(game, f)
        return False
    if kind == "search_both":  # the 2021 variant: one action for both
        searching.search_traps(game, f)
    if kind in ("search_secret_doors", "search_both"):
        searching.search_secret_doors(game, f)
        announce(game, board.reveal_from(s, game.content, f.square))
        return False
    if kind == "disarm":
        which = "furniture" if pick.get("furniture") else "trap"
        ended = yield from traps.disarm(game, f, which, pick.get(which))
        if f.pos is not None:
            announce(game, board.reveal_from(s, game.content, f.pos))
        return ended
    raise ValueError(f"unknown hero action {kind}")


__all__ = ["adjacent", "diagonal_adjacent", "hero_turn", "rescue", "drink", "open_door", "DEAD"]
