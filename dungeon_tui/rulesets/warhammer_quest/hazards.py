"""Pits and the rope, the portcullis and its key (spec 5.9)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.dice import roll, roll_event
from ...engine.game import Action, Game, Procedure
from ...engine.grid import DIRS8, edge
from .state import ON_BOARD, Figure, State



def _entry(s: State, sid: str) -> Any:
    return s.doorways[s.sections[sid].doorways[0]]


def stuck_in_pits(s: State, heroes: Sequence[Figure] | None = None) -> bool:
    """Every warrior still in play lies in a pit, none can haul another out with a rope, and no
    Wizard is there to cast Levitate: no warrior can move, fight or be attacked again.
    `heroes`: `s.heroes()`, when the caller has them."""
    standing = []
    for w in s.heroes() if heroes is None else heroes:
        if w.pos is not None and w.status in ON_BOARD:
            if not w.flags.get("in_pit"):
                return False  # the usual answer, asked after every step: settled by the first out of a pit
            standing.append(w)
    if not standing:
        return False
    if any(w.kind == "wizard" and w.active and "levitate" in s.spells for w in standing):
        return False
    return not any(w.active and hauled_by(s, w) for w in standing)


def hauled_by(s: State, warrior: Figure) -> list[Figure]:
    """The friends in a pit next to him that he can haul out with his rope."""
    if "rope" not in warrior.equipment:
        return []
    return [x for x in s.heroes()
            if x is not warrior and x.active and x.flags.get("in_pit") and s.grid.adjacent(warrior.square, x.square)]


def options(game: Game, warrior: Figure) -> list[Action]:
    s: State = game.state
    f = warrior.flags
    if f.get("acted") or f.get("attacking") or warrior.pos is None:
        return []
    seat = s.seat_of[warrior.id]
    out = []
    for x in hauled_by(s, warrior):
        out.append(Action.make(seat, "rope", text=f"{warrior.name} hauls the {x.name} out of the pit", who=warrior.id,
                               target=x.id))
    sid = s.adv.get("portcullis_barred")
    if sid and s.adv.get("key_holder") == warrior.id:
        door = _entry(s, sid)
        if any(max(abs(warrior.pos[0] - q[0]), abs(warrior.pos[1] - q[1])) <= 1 for q in door.squares):
            out.append(Action.make(seat, "unbar", text=f"{warrior.name} unlocks the portcullis", who=warrior.id))
    return out


def play(game: Game, warrior: Figure, action: Action) -> Procedure:
    s: State = game.state
    warrior.flags["acted"] = True
    if action.kind == "unbar":
        sid = s.adv.pop("portcullis_barred")
        door = _entry(s, sid)
        door.portcullis = False
        for sq in door.squares:
            for d in DIRS8[:4]:
                other = (sq[0] + d[0], sq[1] + d[1])
                if s.grid.doors.get(edge(sq, other)) == "bars":
                    s.grid.set_door(sq, other, "open")
        game.emit("info", text="The key turns; the portcullis rises for good.")
        return
    x = s.figures[action.get("target")]
    occupied = s.occupied()
    x0, y0 = x.square
    spots = [(x0 + d[0], y0 + d[1]) for d in DIRS8]
    spots = [q for q in spots if q not in occupied and s.grid.can_step((x0, y0), q)]
    if not spots:
        game.emit("info", text=f"There is no room to pull the {x.name} out.")
        return
    x.flags.pop("in_pit")
    x.pos = spots[0]
    game.emit("move", figure=x.id, frm=None, to=list(x.pos), text=f"The {x.name} is pulled out of the pit.")
    (face,) = yield from roll(game, 1, 6, "whq.rope.break")
    broke = face <= 2
    roll_event(game, "whq.rope.break", "1d6", [face], target=3, outcome="breaks" if broke else "holds",
               text="The rope snaps." if broke else "The rope holds.")
    if broke:
        warrior.equipment.remove("rope")


def after_move(game: Game) -> None:
    """Once every warrior is inside the portcullis section, it drops behind them."""
    s: State = game.state
    sid = s.adv.get("portcullis_section")
    if not sid or s.adv.get("portcullis_barred"):
        return
    party = [w for w in s.heroes() if w.active]
    if party and all(s.section_of(w.pos) == sid for w in party):
        s.adv.pop("portcullis_section")
        s.adv["portcullis_barred"] = sid
        door = _entry(s, sid)
        door.portcullis = True
        grid = s.grid
        bars = [(sq, other) for sq in door.squares for d in DIRS8[:4] if (other := (sq[0] + d[0], sq[1] + d[1]))
                in grid.terrain and grid.region.get(other) != sid and grid.edge_passable(sq, other)]
        # Only the squares either side of the bars step differently: the rest of the map keeps
        # the neighbours found so far (a bar set before the map's sight is worked out forgets
        # them all).
        with grid.changing_near([q for pair in bars for q in pair]):
            for sq, other in bars:
                grid.set_door(sq, other, "bars")
        game.emit("info", text="Clang! A portcullis crashes down behind the party.")

