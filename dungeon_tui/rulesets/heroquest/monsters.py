"""Zargon's phase (§4, §6.2): every placed monster in activation order moves and acts, each
as one or two decisions of the dungeon seat (move then attack, or attack then move)."""
from __future__ import annotations

from ...engine.game import DUNGEON, Action, Decision, Game
from ...engine.grid import DIRS4, Sq
from . import board
from .combat import Proc, strike
from .ending import check_end
from .heroes import adjacent, rescue
from .state import HERO, Figure, State


def hero_side_at(state: State, sq: Sq) -> bool:
    f = state.at(sq)
    return f is not None and f.side == HERO


def monster_at(state: State, sq: Sq) -> bool:
    f = state.at(sq)
    return f is not None and f.side != HERO


def monster_field(state: State, m: Figure) -> tuple[dict[Sq, int], dict[Sq, Sq]]:
    """Where a monster can walk: through other monsters, never through hero-side figures."""
    return state.grid.bfs(m.pos, lambda sq: not hero_side_at(state, sq))


def dist_to(state: State, m: Figure, target: Figure, field: dict[Sq, int]) -> int | None:
    """Steps to the nearest square adjacent to the target (0 if already adjacent)."""
    best = None
    for dx, dy in DIRS4:
        sq = (target.pos[0] + dx, target.pos[1] + dy)
        if sq == m.pos and adjacent(state, m.pos, target.pos):
            return 0
        if sq in field and state.grid.edge_passable(sq, target.pos):
            d = field[sq]
            best = d if best is None or d < best else best
    return best


def free_for(state: State, m: Figure, sq: Sq) -> bool:
    return sq == m.pos or not any(f.pos == sq and f.status == "alive" for f in state.figures.values())


def destinations(state: State, m: Figure) -> list[Sq]:
    field, _ = monster_field(state, m)
    return sorted((sq for sq, d in field.items() if 0 < d <= m.move and free_for(state, m, sq)),
                  key=lambda q: (q[1], q[0]))


def activation_order(state: State) -> list[Figure]:
    def key(m: Figure) -> tuple[int, int]:
        field, _ = monster_field(state, m)
        ds = [d for h in state.hero_side() if (d := dist_to(state, m, h, field)) is not None]
        num = int("".join(ch for ch in m.id if ch.isdigit()) or 0)
        return (min(ds) if ds else 1 << 20, num)
    return sorted(state.monsters(), key=key)


def activate(game: Game, m: Figure) -> Proc:
    s: State = game.state
    if m.flags.pop("tempest", None):
        game.emit("skip", figure=m.id, text=f"{m.name} is caught in a tempest.")
        return
    moved = attacked = False
    while m.pos is not None and not (moved and attacked):
        opts: list[Action] = []
        if not attacked:
            for h in s.hero_side():
                if adjacent(s, m.pos, h.pos):
                    opts.append(Action.make(DUNGEON, "monster_attack", text=f"{m.name} attacks {h.name}",
                                            who=m.id, target=h.id))
        if not moved:
            opts += [Action.make(DUNGEON, "monster_move", text=f"{m.name} moves to {q[0]},{q[1]}", who=m.id, to=q)
                     for q in destinations(s, m)]
        opts.append(Action.make(DUNGEON, "monster_done", text=f"{m.name} stays" if not moved else f"{m.name} is done",
                                who=m.id))
        pick = yield Decision(DUNGEON, f"{m.name} acts", opts, context={"monster": m.id})
        if pick.kind == "monster_done":
            break
        if pick.kind == "monster_move":
            frm = m.pos
            m.pos = tuple(pick.get("to"))
            moved = True
            game.emit("move", figure=m.id, frm=list(frm), to=list(m.pos), text=f"{m.name} moves to {m.pos[0]},{m.pos[1]}.")
        else:
            attacked = True
            target = s.figures[pick.get("target")]
            yield from strike(game, m, target)
            if target.body == 0:
                yield from rescue(game, target)
            if check_end(game):
                return


def dungeon_phase(game: Game) -> Proc:
    s: State = game.state
    s.phase = "zargon"
    for m in activation_order(s):
        if m.pos is None or m.status != "alive":
            continue
        yield from activate(game, m)
        if game.state.result is not None:
            return
    board.place_revealed(s)
