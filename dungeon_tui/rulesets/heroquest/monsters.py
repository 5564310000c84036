"""Zargon's phase (§4, §6.2): every placed monster in activation order moves and acts, each
as one or two decisions of the dungeon seat (move then attack, or attack then move)."""
from __future__ import annotations

from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import DUNGEON, Action, Decision, Game
from ...engine.grid import DIRS4, Sq
from . import board, dread, magic
from .combat import Proc, strike
from .ending import check_end
from .heroes import adjacent, move_dice
from .remains import after_move
from .rescue import rescue
from .state import ALIVE, HERO, MONSTER, Figure, State
from .traps import sprung_pit_at


def hero_side_at(state: State, sq: Sq) -> bool:
    return state.side_at(sq, HERO)


def monster_at(state: State, sq: Sq) -> bool:
    return state.side_at(sq, MONSTER)


def monster_field(state: State, m: Figure) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """Where a monster can walk: through other monsters, never through hero-side figures."""
    heroes = state.squares_held(HERO) - {m.pos}
    return state.grid.bfs(m.square, lambda sq: sq not in heroes)


def dist_to(state: State, m: Figure, target: Figure, field: dict[Sq, int]) -> int | None:
    """Steps to the nearest square adjacent to the target (0 if already adjacent)."""
    best = None
    for dx, dy in DIRS4:
        sq = (target.square[0] + dx, target.square[1] + dy)
        if sq == m.square and adjacent(state, m.square, target.square):
            return 0
        if sq in field and state.grid.edge_passable(sq, target.square):
            d = field[sq]
            best = d if best is None or d < best else best
    return best


def free_for(state: State, m: Figure, sq: Sq) -> bool:
    return sq == m.pos or not any(f.pos == sq and f.status == "alive" for f in state.figures.values())


def destinations(state: State, m: Figure, allowance: int | None = None) -> list[Sq]:
    field, _ = monster_field(state, m)
    most = m.move if allowance is None else allowance
    return sorted((sq for sq, d in field.items() if 0 < d <= most and free_for(state, m, sq)),
                  key=lambda q: (q[1], q[0]))


def activation_order(state: State) -> list[Figure]:
    def key(m: Figure) -> tuple[int, int]:
        field, _ = monster_field(state, m)
        ds = [d for h in state.hero_side() if (d := dist_to(state, m, h, field)) is not None]
        num = int("".join(ch for ch in m.id if ch.isdigit()) or 0)
        return (min(ds) if ds else 1 << 20, num)
    return sorted(state.monsters(), key=key)


def activate(game: Game, m: Figure, allowance: int | None = None) -> Proc:
    """One figure's activation for Zargon: a monster, or a commanded hero (`allowance` = his
    rolled move).  Move and one action (attack or dread spell), in either order, not split."""
    s: State = game.state
    commanded = m.side == HERO
    moved = acted = False
    while m.pos is not None and not (moved and acted):
        opts: list[Action] = []
        if not acted:
            for h in s.hero_side():
                if h is not m and adjacent(s, m.square, h.square):
                    opts.append(Action.make(DUNGEON, "monster_attack", text=f"{m.name} attacks {h.name}",
                                            who=m.id, target=h.id))
            if not commanded:
                opts += dread.options(game, m)
        if not moved:
            opts += [Action.make(DUNGEON, "monster_move", text=f"{m.name} moves to {q[0]},{q[1]}", who=m.id, to=q)
                     for q in destinations(s, m, allowance)]
        opts.append(Action.make(DUNGEON, "monster_done", text=f"{m.name} stays" if not moved else f"{m.name} is done",
                                who=m.id))
        context: dict[str, Any] = {"monster": m.id}
        if commanded:
            context.update(commanded=True, points=allowance or 0)
        pick = yield Decision(DUNGEON, f"{m.name} acts", opts, context=context)
        if pick.kind == "monster_done":
            break
        if pick.kind == "monster_move":
            frm = m.pos
            m.pos = tuple(pick.get("to"))
            moved = True
            game.emit("move", figure=m.id, frm=list(frm), to=list(m.pos), text=f"{m.name} moves to {m.pos[0]},{m.pos[1]}.")
            if sprung_pit_at(s, m.pos):
                m.flags["in_pit"] = True  # a sprung pit ends the move (D11)
            elif m.flags.get("in_pit") is True:
                m.flags.pop("in_pit")
            if not commanded:
                after_move(game, m)
            continue
        acted = True
        if pick.kind == "monster_cast":
            hurt = yield from dread.cast(game, m, pick)
        else:
            target = s.figures[pick.get("target")]
            yield from strike(game, m, target)
            hurt = [target]
        for h in hurt:
            if h.body == 0 and h.status == ALIVE:
                yield from rescue(game, h)
        if check_end(game):
            return


def monster_turn(game: Game, m: Figure) -> Proc:
    """Tempest and sleep first (§4): a sleeping monster tries to wake with its Mind."""
    if m.flags.pop("tempest", None):
        game.emit("skip", figure=m.id, text=f"{m.name} is caught in a tempest.")
        return
    if m.flags.get("asleep"):
        if (yield from magic.mind_save(game, m, "sleep", rule="hq.condition.break_free")):
            m.flags.pop("asleep")
            game.emit("condition_end", figure=m.id, condition="asleep", text=f"{m.name} wakes up.")
        else:
            game.emit("skip", figure=m.id, text=f"{m.name} sleeps on.")
            return
    yield from activate(game, m)


def commanded_turn(game: Game, h: Figure) -> Proc:
    """A commanded hero: Zargon rolls his move and walks him like a monster (§5.6)."""
    dice = move_dice(game, h)
    faces = yield from roll(game, dice, 6, "hq.move.roll")
    roll_event(game, "hq.move.roll", f"{dice}d6", list(faces), outcome=sum(faces), inputs={"dice": dice},
               text=f"Zargon moves the commanded {h.name}: {'+'.join(map(str, faces))} = {sum(faces)} squares.")
    yield from activate(game, h, allowance=sum(faces))


def dungeon_phase(game: Game) -> Proc:
    s: State = game.state
    s.phase = "zargon"
    for m in activation_order(s):
        if m.pos is None or m.status != ALIVE:
            continue
        yield from monster_turn(game, m)
        if game.state.result is not None:
            return
    for h in list(s.hero_side()):
        if h.flags.get("commanded") and h.status == ALIVE and h.pos is not None:
            yield from commanded_turn(game, h)
            if game.state.result is not None:
                return
    board.place_revealed(s)
