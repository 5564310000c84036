"""Traps (§5.8): springing pits, spears and falling blocks; jumping over a known trap;
disarming one with a tool kit or the dwarf's hands."""
from __future__ import annotations

from typing import Any

from ...engine.game import DUNGEON, Action, Decision, Game, Procedure
from ...engine.grid import DIRS4, Sq
from . import board
from .combat import BLACK, SKULL, combat_roll, lose_body
from .searching import free, nearest_free, occupied
from .state import Figure, State


# Asked at every step: plain loops over the quest's traps, their squares compared by
# coordinate (a keyframe's may be lists), with no tuple made for each.
def trap_at(state: State, sq: Sq) -> dict[str, Any] | None:
    """The trap on `sq` still waiting to be sprung (hidden or known), if any."""
    t = met_at(state, sq)
    return t if t is not None and t["state"] != "sprung" else None


def sprung_pit_at(state: State, sq: Sq) -> bool:
    x, y = sq
    for t in state.traps.values():
        if t["state"] == "sprung":
            at = t["at"]
            if at[0] == x and at[1] == y:
                return True
    return False


def met_at(state: State, sq: Sq) -> dict[str, Any] | None:
    """What a step onto `sq` meets, in one loop over the traps (a step asked both below): the
    trap there waiting to be sprung (`trap_at`), else a sprung pit there, else None."""
    x, y = sq
    pit = None
    for t in state.traps.values():
        at = t["at"]
        if at[0] == x and at[1] == y:
            now = t["state"]
            if now == "hidden" or now == "known":
                return t
            if now == "sprung" and pit is None:
                pit = t
    return pit


def spring_trap(game: Game, figure: Figure, trap: dict[str, Any], came_from: Sq, rolled: bool = True) -> Procedure:
    """A hero-side figure entered a trap's square; returns True when his turn ends.
    `rolled=False`: a failed disarm or jump, where the spear strikes without a roll."""
    s: State = game.state
    kind = trap["kind"]
    if kind == "pit":
        trap["state"] = "sprung"
        figure.flags["in_pit"] = True
        game.emit("trap", figure=figure.id, trap=kind, text=f"{figure.name} falls into a pit!")
        lose_body(game, figure, 1, "a pit trap")
        return True
    if kind == "spear":
        trap["state"] = "gone"
        if not rolled:
            game.emit("trap", figure=figure.id, trap=kind, text=f"The spear springs at {figure.name}.")
            lose_body(game, figure, 1, "a spear trap")
            return True
        hit = yield from combat_roll(game, 1, "hq.trap.spear", SKULL, inputs={}, modifiers={},
                                     text=f"A spear shoots at {figure.name}: {{faces}}.")
        if hit:
            lose_body(game, figure, 1, "a spear trap")
            return True
        return False
    # falling block: the square is blocked for good and he leaps forward or back along the way
    # he came (RB: "soit avancer, soit reculer"), never sideways
    here = figure.square
    ahead = (2 * here[0] - came_from[0], 2 * here[1] - came_from[1])
    options = sorted({sq for sq in (came_from, ahead)
                      if sq != here and free(s, sq) and s.grid.edge_passable(here, sq)}, key=lambda q: (q[1], q[0]))
    fallback = nearest_free(s, here) if not options else None
    yield from drop_block(game, figure, trap, here)
    if not options:
        dest = fallback
    elif len(options) == 1:
        dest = options[0]
    else:
        opts = [Action.make(s.seat_of.get(figure.id, DUNGEON), "exit", text=f"{figure.name} leaps to {q[0]},{q[1]}",
                            to=q)
                for q in options]
        pick = yield Decision(opts[0].seat, "The ceiling is falling: where do you leap?", opts,
                              context={"figure": figure.id})
        dest = tuple(pick.get("to"))
    figure.pos = dest
    return True


def drop_block(game: Game, figure: Figure, trap: dict[str, Any], sq: Sq) -> Procedure:
    """A falling block comes down on a square for good; 3 combat dice, 1 Body per skull, no defence."""
    s: State = game.state
    trap["state"] = "gone"
    hits = yield from combat_roll(game, 3, "hq.trap.falling_block", SKULL, inputs={}, modifiers={},
                                  text=f"The ceiling falls on {figure.name}: {{faces}} = {{n}} Body Point{{s}}.")
    lose_body(game, figure, hits, "a falling block")
    s.blocked.append(sq)
    board.lay_block(s, sq)


# -- jumping (D10) ------------------------------------------------------------------------------------
def jumps(game: Game, figure: Figure, points: int) -> list[tuple[Sq, Sq]]:
    """(trap square, landing square) for each direction a jump is possible now."""
    s: State = game.state
    if points < 2:
        return []
    out = []
    for dx, dy in DIRS4:
        over = (figure.square[0] + dx, figure.square[1] + dy)
        land = (over[0] + dx, over[1] + dy)
        t = trap_at(s, over)
        known = (t is not None and t["state"] == "known") or sprung_pit_at(s, over)
        # Nobody may stand on the trap: a monster cannot be passed, and a failed jump falls onto
        # the square (found by fuzz: a Barbarian fell into a pit a monster stood in).
        if (known and s.grid.edge_passable(figure.square, over) and s.grid.edge_passable(over, land)
                and not occupied(s, over) and free(s, land)):
            out.append((over, land))
    return out


def jump(game: Game, figure: Figure, over: Sq, land: Sq) -> Procedure:
    """Pay 2; a skull on one combat die and the trap springs on him.  True when his turn ends."""
    s: State = game.state
    start = figure.square
    fail = yield from combat_roll(game, 1, "hq.trap.jump", SKULL, inputs={"over": list(over)}, modifiers={},
                                  text=f"{figure.name} jumps over the trap: {{faces}}.")
    figure.flags.pop("in_pit", None)
    if not fail:
        figure.pos = land
        game.emit("jump", figure=figure.id, to=list(land), text=f"{figure.name} lands safely at {land[0]},{land[1]}.")
        return False
    t = trap_at(s, over)
    if t is None or t["kind"] == "pit":  # into the pit he goes
        figure.pos = over
        if t is not None:
            yield from spring_trap(game, figure, t, start)
        else:
            figure.flags["in_pit"] = True
            lose_body(game, figure, 1, "a fall into the pit")
        return True
    if t["kind"] == "spear":  # it strikes him in mid-air, no roll
        yield from spring_trap(game, figure, t, start, rolled=False)
    else:
        yield from drop_block(game, figure, t, over)
    figure.pos = land
    return True


# -- disarming (D9) -----------------------------------------------------------------------------------
def can_disarm(game: Game, figure: Figure) -> bool:
    hero = game.content.heroes.get(figure.kind)
    return bool(hero and hero.disarms) or "tool_kit" in figure.equipment


def disarmable(game: Game, figure: Figure) -> list[tuple[str, str]]:
    """("trap", id) for known floor traps next to him; ("furniture", id) for known armed
    furniture traps on an adjacent piece in his room."""
    s: State = game.state
    if not can_disarm(game, figure):
        return []
    out = []
    for tid, t in sorted(s.traps.items()):
        sq = tuple(t["at"])
        if t["state"] == "known" and abs(sq[0] - figure.square[0]) + abs(sq[1] - figure.square[1]) == 1 \
                and s.grid.edge_passable(figure.square, sq):
            out.append(("trap", tid))
    room = board.area_of(s, figure.square)
    for piece in game.content.quests[s.quest].furniture:
        trap = s.furniture_traps.get(piece.id)
        if piece.room != room or not trap or not trap.get("armed") or not trap.get("known"):
            continue
        squares = board.furniture_squares(piece, game.content)
        if any(abs(q[0] - figure.square[0]) + abs(q[1] - figure.square[1]) == 1 for q in squares):
            out.append(("furniture", piece.id))
    return out


def disarm(game: Game, figure: Figure, kind: str, tid: str) -> Procedure:
    """Returns True when his turn ends (a failure)."""
    s: State = game.state
    dwarf = bool(game.content.heroes.get(figure.kind) and game.content.heroes[figure.kind].disarms)
    rule, bad = ("hq.trap.disarm_dwarf", BLACK) if dwarf else ("hq.trap.disarm_kit", SKULL)
    failed = yield from combat_roll(game, 1, rule, bad, inputs={"trap": tid}, modifiers={},
                                    text=f"{figure.name} works at the trap: {{faces}}.")
    if kind == "furniture":
        trap = s.furniture_traps[tid]
        if not failed:
            trap["armed"] = False
            game.emit("disarm", figure=figure.id, trap=tid, text=f"{figure.name} disarms the trapped furniture.")
            return False
        from .searching import spring_furniture_trap
        yield from spring_furniture_trap(game, figure, tid)
        return True
    t = s.traps[tid]
    sq = tuple(t["at"])
    start = figure.square
    figure.pos = sq  # success or failure, he ends on the trap's square
    figure.flags.pop("in_pit", None)
    if not failed:
        t["state"] = "gone"
        game.emit("disarm", figure=figure.id, trap=tid, text=f"{figure.name} disarms the {t['kind'].replace('_', ' ')} "
                  f"and steps onto {sq[0]},{sq[1]}.")
        return False
    game.emit("disarm_failed", figure=figure.id, trap=tid,
              text=f"{figure.name} fumbles the {t['kind'].replace('_', ' ')}!")
    if t["kind"] == "falling_block":
        yield from drop_block(game, figure, t, sq)
        figure.pos = start  # back to his square
        return True
    yield from spring_trap(game, figure, t, start, rolled=False)
    return True
