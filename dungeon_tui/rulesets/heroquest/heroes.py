"""A hero's turn (§4): roll to move and step, open doors, one action before or after moving,
potions any time; traps, reveals and the success check after every step."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import Action, Decision, Game
from ...engine.grid import DIR_NAMES, DIRS4, Sq
from . import board, searching
from .combat import Proc, strike, weapon_of
from .ending import check_end
from .state import DEAD, HERO, Figure, State

STEP_NAMES = dict(zip(DIRS4, DIR_NAMES[:4]))


def adjacent(state: State, a: Sq, b: Sq) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and state.grid.edge_passable(a, b)


def diagonal_adjacent(state: State, a: Sq, b: Sq) -> bool:
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return False
    g = state.grid
    return any(g.floor(m) and g.edge_passable(a, m) and g.edge_passable(m, b) for m in ((b[0], a[1]), (a[0], b[1])))


def attack_targets(game: Game, f: Figure) -> list[Figure]:
    s: State = game.state
    w = weapon_of(f, game.content)
    out = []
    for m in s.monsters():
        if adjacent(s, f.pos, m.pos) or (w is not None and w.diagonal and diagonal_adjacent(s, f.pos, m.pos)):
            out.append(m)
        elif w is not None and w.ranged and not diagonal_adjacent(s, f.pos, m.pos) \
                and board.targeting_sight(s, f.pos, m.pos):
            out.append(m)
    return out


def door_here(game: Game, f: Figure) -> list[str]:
    """Closed doors on an edge of the hero's square."""
    s: State = game.state
    quest = game.content.quests[s.quest]
    edges = board.door_edges(quest) | {k: v for k, v in board.secret_edges(quest).items() if k in s.secret_found}
    return [d for d, e in edges.items() if f.pos in e and s.doors.get(d, "closed") == "closed"]


def can_step(s: State, f: Figure, to: Sq) -> bool:
    if not s.grid.floor(to) or not s.grid.edge_passable(f.pos, to):
        return False
    other = s.at(to)
    return other is None or other.side == HERO  # through friends, never onto monsters


def may_stop(s: State, f: Figure, sq: Sq) -> bool:
    other = s.at(sq)
    return other is None or other is f or s.grid.terrain.get(sq) == board.STAIRS


def open_door(game: Game, f: Figure, door: str) -> None:
    s: State = game.state
    s.doors[door] = "open"
    s.grid = board.build_grid(s, game.content)
    game.emit("door", figure=f.id, door=door, text=f"{f.name} opens a door.")
    new = board.reveal_from(s, game.content, f.pos)
    _announce(game, new)


def _announce(game: Game, new: list[str]) -> None:
    if new:
        rooms = [r for r in new if r != board.CORRIDOR]
        parts = ([f"room {', '.join(rooms)}"] if rooms else []) + (["more corridor"] if board.CORRIDOR in new else [])
        game.emit("reveal", areas=new, text="Revealed: " + " and ".join(parts) + ".")


def options(game: Game, f: Figure, t: dict[str, Any]) -> list[Action]:
    s: State = game.state
    seat = s.seat_of[f.id]
    out = []
    if not t["rolled"]:
        out.append(Action.make(seat, "roll_move", text=f"{f.name} rolls to move", who=f.id))
    elif t["points"] > 0:
        for (dx, dy), name in STEP_NAMES.items():
            to = (f.pos[0] + dx, f.pos[1] + dy)
            if can_step(s, f, to) and (t["points"] > 1 or may_stop(s, f, to)):
                out.append(Action.make(seat, "step", text=f"{f.name} steps {name} to {to[0]},{to[1]}",
                                       who=f.id, to=to))
    for d in door_here(game, f):
        out.append(Action.make(seat, "open_door", text=f"{f.name} opens the door", who=f.id, door=d))
    if not t["acted"] and may_stop(s, f, f.pos):
        for m in attack_targets(game, f):
            out.append(Action.make(seat, "attack", text=f"{f.name} attacks {m.name}", who=f.id, target=m.id))
        if searching.can_search_treasure(game, f):
            out.append(Action.make(seat, "search_treasure", text=f"{f.name} searches for treasure", who=f.id))
        if not searching.sees_monster(s, f):
            out.append(Action.make(seat, "search_traps", text=f"{f.name} searches for traps", who=f.id))
            out.append(Action.make(seat, "search_secret_doors", text=f"{f.name} searches for secret doors", who=f.id))
    for i, p in enumerate(f.potions):
        if p.startswith("healing") and f.body < f.max_body:
            out.append(Action.make(seat, "drink", text=f"{f.name} drinks a potion of healing", who=f.id, potion=i))
    if may_stop(s, f, f.pos):
        out.append(Action.make(seat, "end_turn", text=f"{f.name} ends his turn", who=f.id))
        if s.grid.terrain.get(f.pos) == board.STAIRS and game.content.quests[s.quest].objective.kind != "escort":
            out.append(Action.make(seat, "leave", text=f"{f.name} leaves the dungeon", who=f.id))
    return out


def drink_healing(game: Game, f: Figure, index: int) -> Proc:
    potion = f.potions.pop(index)
    # "healing" rolls a red die; "healing:N" (a quest's own potion) heals N.
    _, _, amount_text = potion.partition(":")
    fixed = int(amount_text) if amount_text not in ("", "0") else None
    if fixed is None:
        face = (yield from roll(game, 1, 6, "hq.item.potion_healing"))[0]
        roll_event(game, "hq.item.potion_healing", "1d6", [face], outcome=face,
                   text=f"{f.name} drinks a potion of healing: {face}.")
        amount = face
    else:
        amount = fixed
    before = f.body
    f.body = min(f.max_body, f.body + amount)
    game.emit("heal", figure=f.id, amount=f.body - before, text=f"{f.name} regains {f.body - before} Body ({f.body}).")


def hero_turn(game: Game, f: Figure) -> Proc:
    s: State = game.state
    t = {"rolled": False, "points": 0, "acted": False}
    if f.flags.pop("tempest", None):
        game.emit("skip", figure=f.id, text=f"{f.name} is caught in a tempest and loses the turn.")
        return
    while f.status != DEAD and f.pos is not None:
        opts = options(game, f, t)
        pick = yield Decision(s.seat_of[f.id], f"{f.name}: your turn", opts,
                              context={"figure": f.id, "points": t["points"] if t["rolled"] else 12})
        kind = pick.kind
        if kind == "end_turn":
            break
        if kind == "leave":
            f.pos = None
            f.status = "left"
            game.emit("leave", figure=f.id, text=f"{f.name} leaves the dungeon by the stairway.")
            break
        if kind == "roll_move":
            dice = 1 if any((eq := game.content.equipment.get(e)) is not None and eq.move_dice
                            for e in f.equipment) else 2
            faces = yield from roll(game, dice, 6, "hq.move.roll")
            mult = 2 if f.flags.pop("swift_wind", None) else 1
            total = sum(faces) * mult
            roll_event(game, "hq.move.roll", f"{dice}d6", list(faces), outcome=total,
                       inputs={"dice": dice}, modifiers={"swift wind": total // 2} if mult == 2 else {},
                       text=f"{f.name} rolls {'+'.join(map(str, faces))} to move: {total} squares.")
            t["rolled"], t["points"] = True, total
        elif kind == "step":
            frm = f.pos
            f.pos = tuple(pick.get("to"))
            t["points"] -= 1
            if f.flags.get("in_pit") and f.pos != frm:
                f.flags.pop("in_pit", None)
            trap = searching.trap_at(s, f.pos)
            ended = False
            if trap is not None:
                ended = yield from searching.spring_trap(game, f, trap, frm)
            elif any(tr["state"] == "sprung" and tuple(tr["at"]) == f.pos for tr in s.traps.values()):
                f.flags["in_pit"] = True
                t["points"] = 0
            _announce(game, board.reveal_from(s, game.content, f.pos))
            if f.body == 0:
                yield from rescue(game, f)
            if check_end(game):
                return
            if ended or f.status == DEAD:
                break
        elif kind == "open_door":
            open_door(game, f, pick.get("door"))
        elif kind == "drink":
            yield from drink_healing(game, f, pick.get("potion"))
        else:  # the action; taken after moving it ends the move
            t["acted"] = True
            if t["rolled"]:
                t["points"] = 0
            ended = False
            if kind == "attack":
                m = s.figures[pick.get("target")]
                yield from strike(game, f, m)
                f.flags.pop("strength", None)
            elif kind == "search_treasure":
                ended = yield from searching.search_treasure(game, f)
            elif kind == "search_traps":
                searching.search_traps(game, f)
            elif kind == "search_secret_doors":
                searching.search_secret_doors(game, f)
                _announce(game, board.reveal_from(s, game.content, f.pos))
            if f.body == 0:
                yield from rescue(game, f)
            if check_end(game):
                return
            if ended:
                break
    if f.flags.get("in_pit") == "hazard":
        f.flags.pop("in_pit", None)


def rescue(game: Game, f: Figure) -> Proc:
    """Body 0: the hero may drink healing potions; otherwise he dies (§5.11, spells later)."""
    s: State = game.state
    while f.body == 0:
        heal = [i for i, p in enumerate(f.potions) if p.startswith("healing")]
        if not heal or f.side != HERO:
            break
        seat = s.seat_of.get(f.id)
        if seat is None:
            break
        opts = [Action.make(seat, "drink", text=f"{f.name} drinks a potion of healing", who=f.id, potion=heal[0]),
                Action.make(seat, "die", text=f"{f.name} lets go", who=f.id)]
        pick = yield Decision(seat, f"{f.name} is dying: drink a potion?", opts, context={"figure": f.id})
        if pick.kind != "drink":
            break
        yield from drink_healing(game, f, pick.get("potion"))
    if f.body == 0:
        f.status = DEAD
        dead_at = f.pos
        f.pos = None
        game.emit("death", figure=f.id, text=f"{f.name} has fallen.")
        f.flags["remains_at"] = list(dead_at) if dead_at else None

